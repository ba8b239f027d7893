/**
 * When purchases arrive (src/plan/arrival.ts) and when a BOM can be built (src/plan/schedule.ts), on made-up offers
 * whose dates are worked out by hand here; and the need-by plan against an exhaustive search of the cheapest plan
 * that arrives by the date.
 */
import fc from 'fast-check';
import type { Offer } from '../../src/catalog';
import { arrivalOf, backorderWeeks, capacityBy, shipsInDays, supplyDays } from '../../src/plan/arrival';
import { addDays, dayNumber, dayOf } from '../../src/plan/days';
import { arrivalWords, lotWords } from '../../src/plan/schedule-words';
import { planPart } from '../../src/plan';
import { NO_DATE, arrivesBy, buildsBy, earliestPlan, scheduleOf } from '../../src/plan/schedule';
import { baseOnly } from '../../src/pricing/rates';
import { extendedMicro } from '../../src/pricing/money';
import { priceAtQuantity } from '../../src/pricing/tiers';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';
import { A_STOCK, B_INCOMING } from '../helpers/dated-parts';

const TODAY = '2027-01-04';
const rates = baseOnly('USD');

/** 100 in stock shipping in 3 days; 150 due 2027-01-24 and 200 due 2027-02-10 (listed out of order); 16 weeks. */
function incomingOffer(extra: Partial<Offer> = {}): Offer {
  return makeOffer({
    sourcePartId: 'V36:1',
    stock: 100,
    shipsIn: 'Ships in 3 days ',
    pipeline: [
      { date: '2027-02-10', quantity: 200 },
      { date: '2027-01-24', quantity: 150 },
    ],
    leadTimeWeeks: 16,
    ...extra,
  });
}

describe('calendar days', () => {
  test('real days only; adding days crosses months and years', () => {
    expect(dayNumber('2027-02-29')).toBeNull();
    expect(dayNumber('2028-02-29')).not.toBeNull();
    expect(dayNumber('15-02-2027')).toBeNull();
    expect(addDays('2027-01-04', 112)).toBe('2027-04-26');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(dayOf(dayNumber('2027-03-01')!)).toBe('2027-03-01');
  });
});

describe('arrival of one purchase', () => {
  test('the days to ship read from shipsIn', () => {
    expect(shipsInDays('Ships today')).toBe(0);
    expect(shipsInDays('Ships in 3 days ')).toBe(3);
    expect(shipsInDays('Ships in 14 days')).toBe(14);
    expect(shipsInDays('Ships tomorrow')).toBe(1);
    expect(shipsInDays(null)).toBeNull();
    expect(shipsInDays('soon')).toBeNull();
  });

  test('from stock: ships in the days given', () => {
    const a = arrivalOf(incomingOffer(), 60, TODAY);
    expect(a).toMatchObject({ date: '2027-01-07', sure: 'given', unreachable: 0 });
    expect(a.lots).toEqual([
      { kind: 'stock', qty: 60, date: '2027-01-07', sure: 'given', shipsInDays: 3, delivery: null, weeks: null },
    ]);
  });

  test('from stock without a ships-in: the same day, as an estimate', () => {
    const a = arrivalOf(incomingOffer({ shipsIn: null }), 60, TODAY);
    expect(a).toMatchObject({ date: TODAY, sure: 'estimate' });
  });

  test('beyond stock, from the pipeline: the delivery that covers it, earlier deliveries taken first', () => {
    // 250 = 100 in stock + 150 of the delivery of 2027-01-24.
    const a = arrivalOf(incomingOffer(), 250, TODAY);
    expect(a.date).toBe('2027-01-24');
    expect(a.sure).toBe('given');
    expect(a.lots.map((l) => [l.kind, l.qty, l.date])).toEqual([
      ['stock', 100, '2027-01-07'],
      ['incoming', 150, '2027-01-24'],
    ]);
    // 300: the last 50 come with the delivery of 2027-02-10.
    const b = arrivalOf(incomingOffer(), 300, TODAY);
    expect(b.date).toBe('2027-02-10');
    expect(b.last).toMatchObject({ kind: 'incoming', qty: 50, delivery: '2027-02-10' });
  });

  test('beyond stock and pipeline: by lead time, 16 weeks from today, an estimate', () => {
    // 500 = 100 + 150 + 200 + 50 backordered; 2027-01-04 + 112 days = 2027-04-26.
    const a = arrivalOf(incomingOffer(), 500, TODAY);
    expect(a).toMatchObject({ date: '2027-04-26', sure: 'estimate', unreachable: 0 });
    expect(a.last).toMatchObject({ kind: 'lead-time', qty: 50, weeks: 16 });
  });

  test("the operator's lead time, where given, is the backorder's wait", () => {
    const offer = incomingOffer({ partnerLeadTimeWeeks: 18 });
    expect(backorderWeeks(offer)).toBe(18);
    expect(arrivalOf(offer, 500, TODAY).date).toBe('2027-05-10');
  });

  test('no lead time (0 weeks, as marketplace offers publish): beyond stock and pipeline cannot arrive', () => {
    const offer = incomingOffer({ leadTimeWeeks: 0 });
    const a = arrivalOf(offer, 500, TODAY);
    expect(a.date).toBeNull();
    expect(a.unreachable).toBe(50);
  });

  test('a delivery whose date has passed is taken as due today, as an estimate', () => {
    const offer = incomingOffer({ stock: 0, pipeline: [{ date: '2026-12-20', quantity: 40 }] });
    const a = arrivalOf(offer, 40, TODAY);
    expect(a).toMatchObject({ date: TODAY, sure: 'estimate' });
    expect(a.last).toMatchObject({ kind: 'incoming', delivery: '2026-12-20' });
  });

  test('what arrives by a date: supplies in order, as long as each arrives by then', () => {
    const offer = incomingOffer();
    expect(capacityBy(offer, TODAY, '2027-01-06')).toBe(0);
    expect(capacityBy(offer, TODAY, '2027-01-07')).toBe(100);
    expect(capacityBy(offer, TODAY, '2027-01-24')).toBe(250);
    expect(capacityBy(offer, TODAY, '2027-02-10')).toBe(450);
    expect(capacityBy(offer, TODAY, '2027-04-26')).toBe(Number.MAX_SAFE_INTEGER);
    expect(capacityBy(incomingOffer({ leadTimeWeeks: null }), TODAY, '2099-01-01')).toBe(450);
    expect(supplyDays([offer], TODAY)).toEqual(['2027-01-07', '2027-01-24', '2027-02-10', '2027-04-26']);
  });
});

describe('the words of a date, made from its record', () => {
  test('where each lot comes from, and how sure the day is', () => {
    expect(arrivalWords(arrivalOf(incomingOffer(), 60, TODAY))).toBe('2027-01-07 (stock, ships in 3 days)');
    expect(arrivalWords(arrivalOf(incomingOffer({ shipsIn: 'Ships today' }), 60, TODAY))).toBe(
      '2027-01-04 (stock, ships today)',
    );
    expect(arrivalWords(arrivalOf(incomingOffer(), 300, TODAY))).toBe('2027-02-10 (incoming 2027-02-10)');
    expect(arrivalWords(arrivalOf(incomingOffer(), 500, TODAY))).toBe('2027-04-26 (estimated: lead time 16 weeks)');
    expect(arrivalWords(arrivalOf(incomingOffer({ leadTimeWeeks: 0 }), 500, TODAY))).toBe(
      '50 cannot arrive: beyond stock and deliveries, no lead time',
    );
    const overdue = arrivalOf(incomingOffer({ stock: 0, pipeline: [{ date: '2026-12-20', quantity: 40 }] }), 40, TODAY);
    expect(lotWords(overdue.last!)).toBe('incoming 2026-12-20, overdue');
  });
});

describe('clear to build', () => {
  // A: 1,000 in stock, ships today. B: none in stock, 100 due 2027-01-24, 200 due 2027-02-10, 16 weeks.
  const a = A_STOCK;
  const b = B_INCOMING;
  const options = { rates };
  const plans = () => [
    planPart({ part: a, lines: [{ id: 0, need: 50, pinned: null }] }, options),
    planPart({ part: b, lines: [{ id: 1, need: 250, pinned: null }] }, options),
  ];

  test("without a date: today's plan, B short; B's earliest plan arrives 2027-02-10 for 500.00", () => {
    const s = scheduleOf(plans(), options, TODAY, null, 1);
    expect(s.parts[0]).toMatchObject({ arrives: TODAY, ready: TODAY, sure: 'given', late: false, earliest: null });
    expect(s.parts[1].plan.shortfall).toBe(250);
    expect(s.parts[1].earliest).toMatchObject({ date: '2027-02-10', sure: 'given', micro: 500_000_000n });
    expect(s.clearToBuild).toBe('2027-02-10');
    expect(s.critical.map((t) => t.plan.part.partNumber)).toEqual(['B-INCOMING']);
    expect(s.noDate).toBeNull();
  });

  test('need-by 2027-02-15: B is bought from the pipeline, arrives 2027-02-10, nothing late', () => {
    const capOf = arrivesBy(TODAY, '2027-02-15');
    const byDate = { ...options, capOf };
    const priced = [
      planPart({ part: a, lines: [{ id: 0, need: 50, pinned: null }] }, byDate),
      planPart({ part: b, lines: [{ id: 1, need: 250, pinned: null }] }, byDate),
    ];
    expect(priced[1]).toMatchObject({ status: 'planned', bought: 250 });
    const s = scheduleOf(priced, options, TODAY, '2027-02-15', 1);
    expect(s.parts.every((t) => !t.late)).toBe(true);
    expect(s.clearToBuild).toBe('2027-02-10');
    // The cheapest plans with no date cost the same here: 50 × 0.10 + 250 × 2.00.
    expect(s.noDate).toEqual({ micro: 505_000_000n, partsShort: 0 });
    // 2 builds of 125 B by 2027-01-24? 100 arrived: none of B for a board of 125; all by 2027-02-10.
    expect(buildsBy(s, '2027-01-24', 2)).toBe(0);
    expect(buildsBy(s, '2027-02-10', 2)).toBe(2);
  });

  test('need-by 2027-01-31: B cannot all arrive; it is late, with its earliest date and cost', () => {
    const byDate = { ...options, capOf: arrivesBy(TODAY, '2027-01-31') };
    const priced = [
      planPart({ part: a, lines: [{ id: 0, need: 50, pinned: null }] }, byDate),
      planPart({ part: b, lines: [{ id: 1, need: 250, pinned: null }] }, byDate),
    ];
    expect(priced[1]).toMatchObject({ status: 'short', bought: 100, shortfall: 150 });
    const s = scheduleOf(priced, options, TODAY, '2027-01-31', 1);
    expect(s.parts[1]).toMatchObject({ late: true, arrives: '2027-01-24' });
    expect(s.parts[1].earliest).toMatchObject({ date: '2027-02-10', sure: 'given', micro: 500_000_000n });
    expect(s.parts[0].late).toBe(false);
    // One build needs 250 of B: 100 arrive by the date.
    expect(buildsBy(s, '2027-01-31', 1)).toBe(0);
  });

  test('a part that can never arrive leaves the clear-to-build date unknown, and is the critical part', () => {
    const c = makePart('C-GONE', [makeOffer({ sourcePartId: 'C1', stock: 5, leadTimeWeeks: 0 })]);
    const s = scheduleOf(
      [
        planPart({ part: a, lines: [{ id: 0, need: 50, pinned: null }] }, options),
        planPart({ part: c, lines: [{ id: 1, need: 20, pinned: null }] }, options),
      ],
      options,
      TODAY,
      null,
      1,
    );
    expect(s.clearToBuild).toBeNull();
    expect(s.critical.map((t) => t.plan.part.partNumber)).toEqual(['C-GONE']);
    expect(s.parts[1].earliest).toBeNull();
  });

  test('lead time only: the earliest plan is a backorder, an estimate', () => {
    const d = makePart('D-LEAD', [makeOffer({ sourcePartId: 'D1', stock: 0, leadTimeWeeks: 10 })]);
    const plan = planPart({ part: d, lines: [{ id: 0, need: 30, pinned: null }] }, options);
    // 2027-01-04 + 70 days.
    expect(earliestPlan(plan, options, TODAY)).toMatchObject({
      date: '2027-03-15',
      sure: 'estimate',
      micro: 3_000_000n,
      last: { kind: 'lead-time', weeks: 10, qty: 30 },
    });
  });
});

/** The cheapest plan by exhaustive search: every quantity of each offer that arrives by `by`, combined. */
function bruteCheapest(offers: readonly Offer[], need: number, by: string): bigint | null {
  const options = offers.map((offer) => {
    const qs: Array<{ q: number; micro: bigint }> = [{ q: 0, micro: 0n }];
    for (let q = 1; q <= need + 60; q++) {
      if (q < offer.moq || q % offer.packSize !== 0) continue;
      const date = arrivalOf(offer, q, TODAY).date;
      if (date === null || date > by) continue;
      const price = priceAtQuantity(offer, q);
      if (price.unitPrice === null) continue;
      qs.push({ q, micro: extendedMicro(price.unitPrice, q) });
    }
    return qs;
  });
  let best: bigint | null = null;
  const walk = (i: number, got: number, micro: bigint): void => {
    if (best !== null && micro >= best) return;
    if (i === options.length) {
      if (got >= need) best = micro;
      return;
    }
    for (const o of options[i]) walk(i + 1, got + o.q, micro + o.micro);
  };
  walk(0, 0, 0n);
  return best;
}

describe('the need-by plan is the cheapest plan that arrives by the date', () => {
  const offerArb = fc.record({
    stock: fc.integer({ min: 0, max: 30 }),
    shipsDays: fc.integer({ min: 0, max: 10 }),
    deliveries: fc.array(fc.record({ day: fc.integer({ min: 1, max: 60 }), qty: fc.integer({ min: 1, max: 30 }) }), {
      maxLength: 2,
    }),
    weeks: fc.constantFrom(0, 4, 8),
    pack: fc.constantFrom(1, 1, 5),
    moq: fc.constantFrom(1, 10),
    p1: fc.integer({ min: 5, max: 50 }),
    p2: fc.integer({ min: 1, max: 50 }),
  });

  test('against an exhaustive search', () => {
    fc.assert(
      fc.property(
        fc.array(offerArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 70 }),
        (specs, need, byIn) => {
          const offers = specs.map((s, i) =>
            makeOffer({
              sourcePartId: `O${i}`,
              stock: s.stock,
              shipsIn: `Ships in ${s.shipsDays} days`,
              pipeline: s.deliveries.map((d) => ({ date: addDays(TODAY, d.day), quantity: d.qty })),
              leadTimeWeeks: s.weeks,
              packSize: s.pack,
              moq: s.moq,
              breaks: makeBreaks([1, s.p1 / 100], [20, Math.min(s.p1, s.p2) / 100]),
            }),
          );
          const by = addDays(TODAY, byIn);
          const plan = planPart(
            { part: makePart('P', offers), lines: [{ id: 0, need, pinned: null }] },
            { rates, capOf: arrivesBy(TODAY, by) },
          );
          const brute = bruteCheapest(offers, need, by);
          if (brute === null) {
            expect(plan.status).not.toBe('planned');
            return;
          }
          expect(plan.status).toBe('planned');
          expect(plan.micro).toBe(brute);
          for (const p of plan.purchases) expect(arrivalOf(p.offer, p.qty, TODAY).date! <= by).toBe(true);
          // The price of time's other side: the plan with no date, made again only where the date can change it.
          const part = plan.part;
          const whenever = planPart(
            { part, lines: [{ id: 0, need, pinned: null }] },
            { rates, capOf: arrivesBy(TODAY, NO_DATE) },
          );
          expect(scheduleOf([plan], { rates }, TODAY, by, 1).noDate).toEqual({
            micro: whenever.micro,
            partsShort: whenever.shortfall > 0 ? 1 : 0,
          });
        },
      ),
      { numRuns: 300, seed: 44 },
    );
  });
});
