/**
 * The plan's choice of offers and quantities is the exact optimum: on random small catalogs it buys the most the
 * offers can sell up to the need, and pays what an exhaustive search over every quantity of every offer pays.
 */
import fc from 'fast-check';
import type { Offer } from '../../src/catalog';
import { planPart } from '../../src/plan';
import { extendedMicro } from '../../src/pricing/money';
import { type RateTable, convertMicro } from '../../src/pricing/rates';
import { priceAtQuantity } from '../../src/pricing/tiers';
import { readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { LookupScheduler } from '../../src/lookup';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const RATES: RateTable = {
  base: 'USD',
  rates: [
    { from: 'EUR', to: 'USD', rate: 1.08696, origin: { method: 'given', detail: 'test', asOf: new Date(0) } },
    { from: 'GBP', to: 'USD', rate: 1.26582, origin: { method: 'given', detail: 'test', asOf: new Date(0) } },
  ],
  missing: [],
};

/** Every quantity an offer can sell, with its cost in USD micro-units, found by trying each quantity in stock. */
function sellable(offer: Offer): Array<{ qty: number; cost: bigint }> {
  const out: Array<{ qty: number; cost: bigint }> = [];
  if (offer.quoteOnly) return out;
  for (let qty = 1; qty <= offer.stock; qty++) {
    if (qty < offer.moq || qty % offer.packSize !== 0) continue;
    const price = priceAtQuantity(offer, qty);
    if (price.unitPrice === null) continue;
    const cost = convertMicro(extendedMicro(price.unitPrice, qty), offer.currency, RATES);
    if (cost !== null) out.push({ qty, cost });
  }
  return out;
}

/** The exhaustive optimum: every combination of quantities; the most covered (up to the need), then the least cost. */
function bruteForce(offers: readonly Offer[], need: number): { covered: number; cost: bigint } {
  const choices = offers.map(sellable);
  let best = { covered: 0, cost: 0n };
  const walk = (i: number, bought: number, cost: bigint): void => {
    if (i === choices.length) {
      const covered = Math.min(bought, need);
      if (covered > best.covered || (covered === best.covered && cost < best.cost)) best = { covered, cost };
      return;
    }
    walk(i + 1, bought, cost);
    for (const c of choices[i]) walk(i + 1, bought + c.qty, cost + c.cost);
  };
  walk(0, 0, 0n);
  return best;
}

/** Breaks that start anywhere from 1 to above the MOQ, prices mostly falling with quantity. */
const breaksArb = fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 4 }).chain((starts) => {
  const sorted = [...starts].sort((a, b) => a - b);
  return fc
    .array(fc.integer({ min: 1, max: 5_000 }), { minLength: sorted.length, maxLength: sorted.length })
    .map((prices) => makeBreaks(...sorted.map((s, i): [number, number] => [s, prices[i] / 10_000])));
});

let id = 0;
/** Small offers: stock up to 30 (often below the MOQ), MOQ and pack that need not divide each other, some quote-only, JPY without a rate. */
const offerArb: fc.Arbitrary<Offer> = fc
  .record({
    currency: fc.constantFrom('USD', 'USD', 'EUR', 'GBP', 'JPY'),
    stock: fc.integer({ min: 0, max: 30 }),
    moq: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 12 })),
    packSize: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 7 })),
    breaks: breaksArb,
    quoteOnly: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  })
  .map((o) => makeOffer({ ...o, sourcePartId: `S${id++}`, breaks: o.quoteOnly ? [] : o.breaks }));

const needsArb = fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 3 });

describe('the plan is the exact optimum', () => {
  test('on 1,500 random small catalogs: it covers what the exhaustive optimum covers, at its cost', () => {
    fc.assert(
      fc.property(fc.array(offerArb, { minLength: 1, maxLength: 4 }), needsArb, (offers, needs) => {
        const need = needs.reduce((a, b) => a + b, 0);
        const plan = planPart(
          { part: makePart('P1', offers), lines: needs.map((n, i) => ({ id: i, need: n, pinned: null })) },
          { rates: RATES },
        );
        const best = bruteForce(offers, need);
        expect(Math.min(plan.bought, need)).toBe(best.covered);
        // Conversion rounds each purchase to the micro-unit once; plans equal in exact arithmetic may differ by
        // that rounding, at most a micro-unit per purchase: far below a cent.
        const diff = plan.micro - best.cost;
        expect(diff >= -BigInt(offers.length) && diff <= BigInt(offers.length)).toBe(true);
        for (const p of plan.purchases) expect(p.qty).toBeLessThanOrEqual(p.offer.stock);
      }),
      { numRuns: 1_500 },
    );
  });

  test('need 22,400: 15,588 at 0.008 and 6,812 at 0.005 (158.76 USD) beat the one offer with the stock at 0.026 (582.40 USD)', () => {
    const dear = makeOffer({ sourcePartId: 'DEAR', stock: 100_000, breaks: makeBreaks([1, 0.026]) });
    const mid = makeOffer({ sourcePartId: 'MID', stock: 15_588, breaks: makeBreaks([1, 0.008]) });
    const cheap = makeOffer({ sourcePartId: 'CHEAP', stock: 6_812, breaks: makeBreaks([1, 0.005]) });
    const plan = planPart(
      { part: makePart('P1', [dear, mid, cheap]), lines: [{ id: 0, need: 22_400, pinned: null }] },
      { rates: RATES },
    );
    expect(plan.purchases.map((p) => [p.offer.sourcePartId, p.qty])).toEqual([
      ['MID', 15_588],
      ['CHEAP', 6_812],
    ]);
    expect(plan.micro).toBe(158_764_000n);
    expect(plan.spare).toBe(0);
    // The same offers seen again after their stock and prices changed (a refresh): the plan follows the change.
    cheap.stock = 0;
    mid.breaks = makeBreaks([1, 0.03]);
    const again = planPart(
      { part: makePart('P1', [dear, mid, cheap]), lines: [{ id: 0, need: 22_400, pinned: null }] },
      { rates: RATES },
    );
    expect(again.purchases.map((p) => [p.offer.sourcePartId, p.qty])).toEqual([['DEAR', 22_400]]);
  });

  test('a split trims the first offer instead of overshooting on the second one’s MOQ', () => {
    // Buying all 700 of A leaves 300, and B's MOQ of 500 would make that 1,200 (13.00); B's whole stock and 100 of A
    // cost 11.80; 500 + 500 cost 11.00 and buy nothing spare.
    const a = makeOffer({ sourcePartId: 'A', stock: 700, breaks: makeBreaks([1, 0.01]) });
    const b = makeOffer({ sourcePartId: 'B', stock: 900, moq: 500, packSize: 100, breaks: makeBreaks([1, 0.012]) });
    const plan = planPart(
      { part: makePart('P1', [a, b]), lines: [{ id: 0, need: 1_000, pinned: null }] },
      { rates: RATES },
    );
    expect(plan.purchases.map((p) => [p.offer.sourcePartId, p.qty]).sort()).toEqual([
      ['A', 500],
      ['B', 500],
    ]);
    expect(plan.micro).toBe(11_000_000n);
    expect(plan.spare).toBe(0);
  });

  test('packs that do not divide each other: 16 = 2 packs of 3 + 2 packs of 5, with no spare', () => {
    const threes = makeOffer({ sourcePartId: 'T', stock: 30, packSize: 3, breaks: makeBreaks([1, 0.1]) });
    const fives = makeOffer({ sourcePartId: 'F', stock: 10, packSize: 5, breaks: makeBreaks([1, 0.1]) });
    const plan = planPart(
      { part: makePart('P1', [threes, fives]), lines: [{ id: 0, need: 16, pinned: null }] },
      { rates: RATES },
    );
    expect(plan.micro).toBe(1_600_000n);
    expect(plan.bought).toBe(16);
  });
});

describe('the split setting: split only when it saves at least N %', () => {
  const reel = makeOffer({ sourcePartId: 'REEL', stock: 10_000, breaks: makeBreaks([1, 0.011]) });
  const cheapA = makeOffer({ sourcePartId: 'A', stock: 600, breaks: makeBreaks([1, 0.01]) });
  const cheapB = makeOffer({ sourcePartId: 'B', stock: 600, breaks: makeBreaks([1, 0.01]) });
  const lines = [{ id: 0, need: 1_000, pinned: null }];

  test('by default any saving splits: 600 + 400 at 0.01 (10.00) rather than one offer at 0.011 (11.00)', () => {
    const plan = planPart({ part: makePart('P1', [reel, cheapA, cheapB]), lines }, { rates: RATES });
    expect(plan.purchases).toHaveLength(2);
    expect(plan.micro).toBe(10_000_000n);
  });

  test('a saving under the setting keeps one offer, and the line says what the split would have saved', () => {
    const plan = planPart(
      { part: makePart('P1', [reel, cheapA, cheapB]), lines },
      { rates: RATES, splitMinSavingPercent: 10 },
    );
    // 1.00 of 11.00 is 9.09 %: under 10 %.
    expect(plan.purchases.map((p) => p.offer.sourcePartId)).toEqual(['REEL']);
    expect(plan.micro).toBe(11_000_000n);
    expect(plan.notes).toContain('one offer kept (split only when it saves 10 % or more): a split would save 1.00 USD');
  });

  test('a saving at or above the setting splits, and nothing is said about the setting', () => {
    const plan = planPart(
      { part: makePart('P1', [reel, cheapA, cheapB]), lines },
      { rates: RATES, splitMinSavingPercent: 9 },
    );
    expect(plan.purchases).toHaveLength(2);
    expect(plan.notes.join('; ')).not.toMatch(/one offer kept/);
  });

  test('when no single offer has the stock the need is split whatever the setting, at the lowest cost', () => {
    const a = makeOffer({ sourcePartId: 'A', stock: 700, breaks: makeBreaks([1, 0.01]) });
    const b = makeOffer({ sourcePartId: 'B', stock: 900, moq: 500, packSize: 100, breaks: makeBreaks([1, 0.012]) });
    const plan = planPart({ part: makePart('P1', [a, b]), lines }, { rates: RATES, splitMinSavingPercent: 50 });
    expect(plan.status).toBe('planned');
    expect(plan.micro).toBe(11_000_000n);
    expect(plan.notes.join('; ')).not.toMatch(/one offer kept/);
  });
});

describe('the split setting through BOM pricing', () => {
  test('priceBom passes the setting to the plan: the line keeps one offer and says what the split would save', async () => {
    const parts = new FakeParts().add(
      makePart('SPLIT-1', [
        makeOffer({ sourcePartId: 'REEL', stock: 10_000, breaks: makeBreaks([1, 0.011]) }),
        makeOffer({ sourcePartId: 'A', stock: 600, breaks: makeBreaks([1, 0.01]) }),
        makeOffer({ sourcePartId: 'B', stock: 600, breaks: makeBreaks([1, 0.01]) }),
      ]),
    );
    const scheduler = new LookupScheduler({ port: parts, windowMs: 1 });
    const { lines } = await priceBom(
      readBom([
        ['MPN', 'Qty'],
        ['SPLIT-1', 1_000],
      ]),
      scheduler,
      { splitMinSavingPercent: 10 },
    );
    scheduler.close();
    expect(lines[0]).toMatchObject({ status: 'priced', itemId: 'REEL', extended: 11 });
    expect(lines[0].statusReason).toContain('a split would save 1.00 USD');
  });
});
