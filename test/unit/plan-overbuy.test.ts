/**
 * Overbuys visible: a line whose spares cost more than the threshold (default: over 50 % of the line's cost and over
 * 10.00 in the user's currency) is marked on its Status, gets its own fill, and is counted in the summary with what
 * its spares cost.
 */
import { readBom } from '../../src/bom';
import {
  statusText,
  summarize,
  type PricedLine,
  overbuysText,
  summaryEntries,
  summarySheetRows,
} from '../../src/purchase';
import { priceBom } from '../../src/purchase/price-lines';
import { STATUS_FILLS, statusFillOf } from '../../src/excel/priced-sheet';
import {
  DEFAULT_OVERBUY_THRESHOLD,
  isOverbuy,
  isPlanError,
  marksOf,
  overbuyThreshold,
  readQuantityReasons,
} from '../../src/plan';

const NO_REASONS = { overage: null, overbuy: null, sharedWith: null };
import { describeProblem } from '../../taskpane/errors';
import { toMicro } from '../../src/pricing/money';
import { LookupScheduler } from '../../src/lookup';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const micro = (n: number) => toMicro(n);

describe('the overbuy threshold', () => {
  test('by default both conditions must hold: spares over 50 % of the line AND over 10.00', () => {
    const t = DEFAULT_OVERBUY_THRESHOLD;
    expect(t).toEqual({ sparePercent: 50, minAmount: 10 });
    // 99 % of the line, but 9.90 of spares: a few cents' worth of a cheap part is no overbuy.
    expect(isOverbuy(micro(9.9), micro(10), t)).toBe(false);
    // 400.00 of spares, but 40 % of the line: no overbuy.
    expect(isOverbuy(micro(400), micro(1_000), t)).toBe(false);
    // Both: 2,576.48 of 2,602.50.
    expect(isOverbuy(micro(2_576.48), micro(2_602.5), t)).toBe(true);
    expect(isOverbuy(micro(12), micro(20), t)).toBe(true);
  });

  test('"more than" is strict on both bounds, compared exactly', () => {
    const t = DEFAULT_OVERBUY_THRESHOLD;
    expect(isOverbuy(micro(15), micro(30), t)).toBe(false); // exactly 50 %
    expect(isOverbuy(micro(15.000001), micro(30), t)).toBe(true);
    expect(isOverbuy(micro(10), micro(12), t)).toBe(false); // exactly 10.00
    expect(isOverbuy(micro(10.01), micro(12), t)).toBe(true);
    expect(isOverbuy(0n, 0n, t)).toBe(false);
  });

  test('a setting replaces either bound; a bad one is refused, naming what was wrong', () => {
    expect(overbuyThreshold({ minAmount: 100 })).toEqual({ sparePercent: 50, minAmount: 100 });
    expect(isOverbuy(micro(40), micro(50), overbuyThreshold({ minAmount: 100 }))).toBe(false);
    expect(isOverbuy(micro(40), micro(100), overbuyThreshold({ sparePercent: 25 }))).toBe(true);
    expect(() => overbuyThreshold({ sparePercent: 150 })).toThrow(
      "The overbuy threshold's spare share must be a percentage from 0 to 100; got 150.",
    );
    expect(() => overbuyThreshold({ minAmount: -1 })).toThrow(
      "The overbuy threshold's amount must be a number of 0 or more (in the user's currency); got -1.",
    );
    // A setting out of range is the plan's error, and the pane says a setting is at fault, not that the BOM is unreadable.
    let thrown: unknown;
    try {
      overbuyThreshold({ sparePercent: -5 });
    } catch (e) {
      thrown = e;
    }
    expect(isPlanError(thrown)).toBe(true);
    expect(describeProblem(thrown)).toEqual({
      title: 'A setting cannot be used',
      text: "The overbuy threshold's spare share must be a percentage from 0 to 100; got -5.",
      code: 'PS_PLAN_BAD_OPTION',
    });
    expect(() => overbuyThreshold({ minAmount: Number.NaN })).toThrow(/got NaN/);
  });
});

function catalog(): FakeParts {
  return new FakeParts().add(
    // The line: a reel of 2,500 for a need of 25 (2,602.50 USD).
    makePart('REEL-ONLY', [makeOffer({ sourcePartId: 'R-1', moq: 2_500, breaks: makeBreaks([1, 1.041]) })]),
    // MOQ 100 of a cheap part: 80 spares cost 0.80, no overbuy.
    makePart('CHEAP-MOQ', [makeOffer({ sourcePartId: 'C-1', moq: 100, breaks: makeBreaks([1, 0.01]) })]),
    // 250 cost less in all than 120 at the first break: the spares are free, no overbuy.
    makePart('BREAK-SAVES', [makeOffer({ sourcePartId: 'B-1', moq: 1, breaks: makeBreaks([1, 0.5], [250, 0.2]) })]),
    // Bought as needed.
    makePart('EXACT', [makeOffer({ sourcePartId: 'E-1', breaks: makeBreaks([1, 2]) })]),
  );
}

function scheduler(): LookupScheduler {
  return new LookupScheduler({ port: catalog(), windowMs: 0, retry: { maxAttempts: 1 } });
}

const BOM = [
  ['MPN', 'Qty'],
  ['REEL-ONLY', 25],
  ['CHEAP-MOQ', 20],
  ['BREAK-SAVES', 120],
  ['EXACT', 10],
];

describe('the overbuy mark', () => {
  test('a line buying 2,500 for 25 reads "priced: overbuy: …" with its spares\' cost, and gets the overbuy fill', async () => {
    const result = await priceBom(readBom(BOM), scheduler());
    const [reel, cheap, saves, exact] = result.lines;
    expect(reel).toMatchObject({ status: 'priced', orderQty: 2_500, extended: 2_602.5, overbuy: true });
    expect(statusText(reel)).toBe(
      "priced: overbuy: 2,576.48 USD of spares (99 % of the line's cost); 2,500 for 25: minimum order 2,500 (2,475 spare)",
    );
    expect(statusFillOf(reel, reel.plan?.marks ?? {})).toBe('overbuy');
    expect(reel.plan?.marks).toEqual({ overbuy: { spare: 2_576.475, currency: 'USD', percent: 99 } });
    // The order review still reads the plan's reason for the quantity after the mark.
    expect(readQuantityReasons(reel.statusReason).overbuy).toEqual({
      bought: 2_500,
      need: 25,
      why: 'minimum order 2,500',
      spare: 2_475,
    });
    expect(STATUS_FILLS.overbuy.label).toBe('Overbuy: spares cost more than the threshold');

    for (const line of [cheap, saves, exact]) {
      expect(line.status).toBe('priced');
      expect(line.overbuy).toBeUndefined();
      expect(line.statusReason).not.toMatch(/overbuy/);
      expect(statusFillOf(line, line.plan?.marks ?? {})).toBeNull();
    }
    // The break that saves: 250 × 0.20 = 50.00 against 120 × 0.50 = 60.00; 26.00 of spares, 52 % of the line.
    expect(saves).toMatchObject({ orderQty: 250, extended: 50, spareCost: 26 });
  });

  test('a row read back from a sheet priced before marks were kept (its Status words only) gets the overbuy fill again', () => {
    const row = {
      status: 'priced' as const,
      reason:
        "replacement X for Y; overbuy: 40.00 USD of spares (80 % of the line's cost); 100 for 20: minimum order 100 (80 spare)",
      stock: 10_000,
      orderQty: 100,
      plan: null,
    };
    expect(marksOf(row)).toEqual({ overbuy: { spare: 40, currency: 'USD', percent: 80 } });
    expect(statusFillOf(row, marksOf(row))).toBe('overbuy');
    // Out of stock matters more than spares.
    expect(statusFillOf({ ...row, stock: 0 }, marksOf(row))).toBe('outOfStock');
    // A row with its record: the record is taken, whatever the words say.
    expect(marksOf({ ...row, plan: { items: [], reasons: NO_REASONS, marks: {} } })).toEqual({});
  });

  test('the threshold is a setting of the pricing; a bad one is refused before anything is looked up', async () => {
    const loose = await priceBom(readBom(BOM), scheduler(), { overbuyThreshold: { minAmount: 5_000 } });
    expect(loose.lines[0].overbuy).toBeUndefined();
    expect(loose.summary.overbuys).toBe(0);
    const strict = await priceBom(readBom(BOM), scheduler(), {
      overbuyThreshold: { sparePercent: 10, minAmount: 0.5 },
    });
    // At 10 % and 0.50, CHEAP-MOQ's 0.80 of spares is an overbuy too; BREAK-SAVES' spares stay free.
    expect(strict.lines.map((l) => l.overbuy === true)).toEqual([true, true, false, false]);
    const parts = new FakeParts();
    await expect(
      priceBom(readBom(BOM), new LookupScheduler({ port: parts, windowMs: 0 }), {
        overbuyThreshold: { sparePercent: -5 },
      }),
    ).rejects.toThrow(/got -5/);
    expect(parts.answered).toBe(0);
  });
});

describe('the overbuy count', () => {
  test('the summary counts the marked lines and what their spares cost, in every place that shows it', async () => {
    const result = await priceBom(readBom(BOM), scheduler());
    const s = result.summary;
    // 2,475 spares × 1.041, exact; shown at the currency's decimals.
    expect(s).toMatchObject({ overbuys: 1, overbuySpares: 2_576.475 });
    // Every spare is in the excess; only the overbuy's in the count.
    expect(s.excess).toBeCloseTo(2_576.475 + 0.8 + 26, 6);
    expect(overbuysText(s)).toBe('1 line, 2,576.48 USD of spares');
    expect(summaryEntries(s, 1).find((e) => e.label === 'Overbuys (spares over the threshold)')?.text).toBe(
      '1 line, 2,576.48 USD of spares',
    );
    expect(
      summarySheetRows(s, 1, { pricedAt: new Date(0) }).find((r) => r.label === 'Overbuys (spares over the threshold)')
        ?.value,
    ).toBe('1 line, 2,576.48 USD of spares');
  });

  test("lines count only in the summary's currency, and several add up", () => {
    const line = (over: boolean, spareCost: number, currency = 'USD'): PricedLine => ({
      status: 'priced',
      statusReason: '',
      matchedPart: 'P',
      manufacturer: null,
      description: null,
      need: 1,
      orderQty: 10,
      unitPrice: 2,
      extended: 20,
      currency,
      stock: 100,
      availability: null,
      leadTimeWeeks: null,
      moq: null,
      pack: null,
      source: 'ACNA',
      itemId: null,
      asOf: null,
      spareCost,
      ...(over ? { overbuy: true } : {}),
    });
    const s = summarize([line(true, 18), line(true, 12.5), line(false, 1), line(true, 15, 'EUR')], 1);
    expect(s).toMatchObject({ currency: 'USD', overbuys: 2, overbuySpares: 30.5 });
    expect(overbuysText(s)).toBe('2 lines, 30.50 USD of spares');
    expect(overbuysText(summarize([line(false, 1)], 1))).toBe('none');
  });
});
