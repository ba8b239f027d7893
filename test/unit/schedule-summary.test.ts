/**
 * The dates as the Summary and Scenarios sheets say them (src/purchase/schedule-rows.ts, src/purchase/scenario-dates.ts), on
 * made-up offers whose days and costs are worked out by hand.
 */
import { planPart } from '../../src/plan';
import { arrivesBy, scheduleOf } from '../../src/plan/schedule';
import { baseOnly } from '../../src/pricing/rates';
import { scheduleSummaryRows } from '../../src/purchase/schedule-rows';
import { scenarioDateCells, scenarioDateHeaders, scenarioDates } from '../../src/purchase/scenario-dates';
import { A_STOCK, B_INCOMING } from '../helpers/dated-parts';

const TODAY = '2027-01-04';
const options = { rates: baseOnly('USD') };
// A: 1,000 in stock, ships today, at 0.10. B: none in stock, 100 due 2027-01-24 and 200 due 2027-02-10, at 2.00
// (a 16-week lead time beyond them, which no plan here waits for).
const a = A_STOCK;
const b = B_INCOMING;

/** 50 of A and 250 of B, planned to arrive by `by` (no date: today's plan). */
function scheduleBy(by: string | null) {
  const planned = by === null ? options : { ...options, capOf: arrivesBy(TODAY, by) };
  const plans = [
    planPart({ part: a, lines: [{ id: 0, need: 50, pinned: null }] }, planned),
    planPart({ part: b, lines: [{ id: 1, need: 250, pinned: null }] }, planned),
  ];
  return scheduleOf(plans, options, TODAY, by, 1);
}

describe('the dates on the Summary sheet', () => {
  test('no date: the clear-to-build day (B all by its second delivery) and the part that sets it', () => {
    expect(scheduleSummaryRows(scheduleBy(null), 'USD', 1).map((r) => [r.label, r.value])).toEqual([
      ['', null],
      ['Clear to build', '2027-02-10'],
      ['Set by (critical parts)', 'B-INCOMING'],
    ]);
  });

  test('need by 2027-01-31: B late (100 of 250 by then), no build, and the price of time', () => {
    // By the date: 50 × 0.10 = 5.00 for A, in time, and the same with no date; B late (100 × 2.00 by the date, short),
    // 250 × 2.00 = 500.00 with no date: set apart, never a 'saving' of a plan that leaves it short.
    const rows = scheduleSummaryRows(scheduleBy('2027-01-31'), 'USD', 1);
    expect(rows.map((r) => [r.label, r.value, r.kind])).toEqual([
      ['', null, 'blank'],
      ['Clear to build', '2027-02-10', 'text'],
      ['Set by (critical parts)', 'B-INCOMING', 'text'],
      ['Need by', '2027-01-31: 1 part late', 'text'],
      [
        '  late: B-INCOMING',
        '100 of 250 arrive by 2027-01-31; all of it by 2027-02-10 (incoming 2027-02-10), for 500.00 USD',
        'text',
      ],
      ['Builds by 2027-01-31', '0 builds of 1', 'text'],
      ['Plans arriving by 2027-01-31', 5, 'money'],
      ['Same parts, cheapest with no date', 5, 'money'],
      ['Price of time (difference)', 0, 'money'],
      ['Late by 2027-01-31, cheapest with no date', 500, 'money'],
    ]);
  });
});

describe('the dates of a quantity on the Scenarios sheet', () => {
  test('need by 2027-02-15: clear 2027-02-10, set by B, one build by then', () => {
    const d = scenarioDates(scheduleBy('2027-02-15'));
    expect(d).toEqual({
      clearToBuild: '2027-02-10',
      sure: 'given',
      critical: ['B-INCOMING'],
      needBy: '2027-02-15',
      buildsByNeedBy: 1,
    });
    const headers = scenarioDateHeaders([d, undefined]);
    expect(headers).toEqual(['Clear to build', 'Set by', 'Builds by 2027-02-15']);
    expect(scenarioDateCells(d, headers.length)).toEqual(['2027-02-10', 'B-INCOMING', 1]);
    expect(scenarioDateCells(undefined, headers.length)).toEqual(['', '', '']);
  });

  test('without dates, no columns', () => {
    expect(scenarioDateHeaders([undefined])).toEqual([]);
    expect(scenarioDateCells(undefined, 0)).toEqual([]);
  });
});
