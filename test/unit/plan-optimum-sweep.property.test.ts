/**
 * The sweep over quantities (src/plan/optimum-sweep.ts) that settles the parts the depth-first search gives up on:
 * forced on random small catalogs it pays what an exhaustive search pays, and on large needs the search could not
 * finish (a reel's packs against cut tape, at 1,000 boards) it finds the plan a slower exact method finds.
 */
import fc from 'fast-check';
import type { Offer } from '../../src/catalog';
import { planPart } from '../../src/plan';
import { lowestCost, offerModel } from '../../src/plan/optimum';
import type { OfferModel } from '../../src/plan/offer-model';
import { extendedMicro } from '../../src/pricing/money';
import { type RateTable, convertMicro } from '../../src/pricing/rates';
import { priceAtQuantity } from '../../src/pricing/tiers';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const RATES: RateTable = {
  base: 'USD',
  rates: [{ from: 'EUR', to: 'USD', rate: 1.08696, origin: { method: 'given', detail: 'test', asOf: new Date(0) } }],
  missing: [],
};

/**
 * Every quantity an offer sells from stock, ascending, with its cost in USD micro-units (priced one by one), up to
 * `upTo`: past the start of its last price break a larger quantity only costs more, so none beyond it and a pack past
 * the need can be cheaper.
 */
function sellable(offer: Offer, need = Infinity): Array<{ qty: number; cost: number }> {
  const out: Array<{ qty: number; cost: number }> = [];
  if (offer.quoteOnly) return out;
  const lastBreak = offer.breaks.reduce((a, b) => Math.max(a, b.minQty), 0);
  const upTo = Math.min(offer.stock, Math.max(need, offer.moq, lastBreak) + offer.packSize);
  for (let qty = 1; qty <= upTo; qty++) {
    if (qty < offer.moq || qty % offer.packSize !== 0) continue;
    const price = priceAtQuantity(offer, qty);
    if (price.unitPrice === null) continue;
    const cost = convertMicro(extendedMicro(price.unitPrice, qty), offer.currency, RATES);
    if (cost !== null) out.push({ qty, cost: Number(cost) });
  }
  return out;
}

/**
 * The least cost of buying at least `need`, by a plain table over every quantity bought so far (capped at the need)
 * and every quantity each offer sells: slow, but it tries every combination; Infinity when the offers cannot.
 */
function slowExact(offers: readonly Offer[], need: number): number {
  // Typed arrays, so that the table of a need of thousands over thousands of quantities takes a fraction of a second.
  let best = new Float64Array(need + 1).fill(Infinity);
  best[0] = 0;
  for (const offer of offers) {
    const sells = sellable(offer, need);
    const qty = Float64Array.from(sells, (x) => x.qty);
    const cost = Float64Array.from(sells, (x) => x.cost);
    // From each total bought, the cheapest quantity that reaches the need: the least cost among quantities ≥ x.
    const atLeast = new Float64Array(sells.length + 1).fill(Infinity);
    for (let k = sells.length - 1; k >= 0; k--) atLeast[k] = Math.min(atLeast[k + 1], cost[k]);
    const next = best.slice();
    for (let s = 0; s < need; s++) {
      const from = best[s];
      if (from === Infinity) continue;
      let k = 0;
      for (; k < qty.length && s + qty[k] < need; k++) {
        const t = s + qty[k];
        if (from + cost[k] < next[t]) next[t] = from + cost[k];
      }
      if (from + atLeast[k] < next[need]) next[need] = from + atLeast[k];
    }
    best = next;
  }
  return best[need];
}

/** The exhaustive optimum of a small catalog: every combination of quantities, the most covered, then the least cost. */
function bruteForce(offers: readonly Offer[], need: number): { covered: number; cost: number } {
  const choices = offers.map((o) => sellable(o));
  let best = { covered: 0, cost: 0 };
  const walk = (i: number, bought: number, cost: number): void => {
    if (i === choices.length) {
      const covered = Math.min(bought, need);
      if (covered > best.covered || (covered === best.covered && cost < best.cost)) best = { covered, cost };
      return;
    }
    walk(i + 1, bought, cost);
    for (const c of choices[i]) walk(i + 1, bought + c.qty, cost + c.cost);
  };
  walk(0, 0, 0);
  return best;
}

function models(offers: readonly Offer[]): OfferModel[] {
  return offers.map((o) => offerModel(o, RATES)).filter((m): m is OfferModel => m !== null);
}

const breaksArb = fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 4 }).chain((starts) => {
  const sorted = [...starts].sort((a, b) => a - b);
  return fc
    .array(fc.integer({ min: 1, max: 5_000 }), { minLength: sorted.length, maxLength: sorted.length })
    .map((prices) => makeBreaks(...sorted.map((s, i): [number, number] => [s, prices[i] / 10_000])));
});

let id = 0;
const offerArb: fc.Arbitrary<Offer> = fc
  .record({
    currency: fc.constantFrom('USD', 'USD', 'EUR'),
    stock: fc.integer({ min: 0, max: 30 }),
    moq: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 12 })),
    packSize: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 7 })),
    breaks: breaksArb,
    quoteOnly: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  })
  .map((o) => makeOffer({ ...o, sourcePartId: `W${id++}`, breaks: o.quoteOnly ? [] : o.breaks }));

/**
 * Larger offers: cut tape and small packs with more than 64 quantities below the need (so their windows count), beside
 * packs of 25 and 100; breaks up to 300.
 */
const largeBreaksArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 4 })
  .chain((starts) => {
    const sorted = [...starts].sort((a, b) => a - b);
    return fc
      .array(fc.integer({ min: 1, max: 5_000 }), { minLength: sorted.length, maxLength: sorted.length })
      .map((prices) => makeBreaks(...sorted.map((s, i): [number, number] => [s, prices[i] / 10_000])));
  });

const largeOfferArb: fc.Arbitrary<Offer> = fc
  .record({
    currency: fc.constantFrom('USD', 'USD', 'EUR'),
    stock: fc.integer({ min: 0, max: 450 }),
    moq: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 60 })),
    packSize: fc.constantFrom(1, 2, 3, 4, 5, 6, 25, 100),
    breaks: largeBreaksArb,
  })
  .map((o) => makeOffer({ ...o, sourcePartId: `L${id++}` }));

describe('the search with windows', () => {
  test('on 1,000 random catalogs where cut tape sells more than 64 quantities below the need: the exact optimum', () => {
    fc.assert(
      fc.property(
        fc.array(largeOfferArb, { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 420 }),
        (offers, need) => {
          const exact = slowExact(offers, need);
          const plan = planPart(
            { part: makePart('P1', offers), lines: [{ id: 0, need, pinned: null }] },
            { rates: RATES },
          );
          if (exact === Infinity) {
            // The offers together fall short: everything they sell is bought.
            expect(plan.status === 'planned').toBe(false);
            return;
          }
          expect(plan.status).toBe('planned');
          expect(plan.notes.join('; ')).not.toMatch(/search limit/);
          expect(Math.abs(Number(plan.micro) - exact)).toBeLessThanOrEqual(offers.length);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe('the sweep over quantities', () => {
  test('forced on 1,200 random small catalogs (the search stopped at its first step): the exhaustive optimum', () => {
    fc.assert(
      fc.property(
        fc.array(offerArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 60 }),
        (offers, need) => {
          const best = bruteForce(offers, need);
          const found = lowestCost(models(offers), need, Infinity, 1);
          if (best.covered === 0) {
            expect(found === null || found.picks.every((p) => p.qty === 0)).toBe(true);
            return;
          }
          expect(found).not.toBeNull();
          const bought = found!.picks.reduce((a, p) => a + p.qty, 0);
          expect(Math.min(bought, need)).toBe(best.covered);
          expect(found!.exhaustive).toBe(true);
          // Each purchase is rounded to the micro-unit once: equal plans may differ by that, far below a cent.
          expect(Math.abs(found!.cost - best.cost)).toBeLessThanOrEqual(offers.length);
          for (const p of found!.picks) expect(p.qty).toBeLessThanOrEqual(p.model.offer.stock);
        },
      ),
      { numRuns: 1_200 },
    );
  });

  // Two parts of a 5,000-line BOM at 1,000 boards, whose search passed its step limit: packs of 100 against single
  // units (6,000), and a reel of 5,000 against cut tape and a euro offer (7,000).
  const large: Array<{ name: string; need: number; offers: Offer[] }> = [
    {
      name: 'packs of 100 and single units, need 6,000',
      need: 6_000,
      offers: [
        makeOffer({
          sourcePartId: 'P100A',
          stock: 3_303,
          moq: 100,
          packSize: 100,
          breaks: makeBreaks([100, 0.3694], [300, 0.3098], [400, 0.289], [500, 0.2677]),
        }),
        makeOffer({
          sourcePartId: 'CUT1',
          stock: 11_322,
          breaks: makeBreaks([1, 0.7948], [5, 0.5881], [10, 0.4888], [50, 0.3616]),
        }),
        makeOffer({
          sourcePartId: 'P100B',
          stock: 4_857,
          moq: 100,
          packSize: 100,
          breaks: makeBreaks(
            [100, 0.4475],
            [200, 0.3794],
            [400, 0.338],
            [1_000, 0.2857],
            [2_000, 0.2517],
            [5_000, 0.2139],
            [10_000, 0.1797],
            [20_000, 0.1647],
          ),
        }),
        makeOffer({
          sourcePartId: 'CUT2',
          stock: 33_207,
          moq: 2,
          breaks: makeBreaks([2, 0.7095], [5, 0.6044], [10, 0.5479], [25, 0.4384]),
        }),
      ],
    },
    {
      name: 'a reel of 5,000, cut tape and a euro offer, need 7,000',
      need: 7_000,
      offers: [
        makeOffer({
          sourcePartId: 'REEL',
          stock: 25_000,
          moq: 5_000,
          packSize: 5_000,
          breaks: makeBreaks([5_000, 0.5634], [10_000, 0.5392], [15_000, 0.5362], [20_000, 0.5277], [50_000, 0.5035]),
        }),
        makeOffer({
          sourcePartId: 'TAPE',
          stock: 7_972,
          breaks: makeBreaks([1, 1.073], [10, 0.9182], [50, 0.8624], [100, 0.8277]),
        }),
        makeOffer({
          sourcePartId: 'EURO',
          currency: 'EUR',
          stock: 270_441,
          moq: 10,
          breaks: makeBreaks([10, 0.8223], [25, 0.7838], [50, 0.7763], [100, 0.7189], [250, 0.6892], [2_500, 0.6167]),
        }),
      ],
    },
  ];

  test.each(large)(
    '$name: proven, and as cheap as a slow exact method, by the search and by the sweep alike',
    ({ need, offers }) => {
      // With windows reckoned over every offer's pack (the cut tape's window of 100 or 5,000 quantities per price break)
      // the search passed its step limit on these parts; the reels, with a few quantities below the need, are now
      // tried at each, and the cut tapes only near the ends of their price breaks.
      const plan = planPart(
        { part: makePart('BIG', offers), lines: [{ id: 0, need, pinned: null }] },
        { rates: RATES },
      );
      expect(plan.status).toBe('planned');
      expect(plan.notes.join('; ')).not.toMatch(/search limit/);
      const exact = slowExact(offers, need);
      expect(Math.abs(Number(plan.micro) - exact)).toBeLessThanOrEqual(offers.length);
      expect(plan.bought).toBeGreaterThanOrEqual(need);
      // The sweep alone (the search stopped at its first step) finds the same cost.
      const swept = lowestCost(models(offers), need, Infinity, 1);
      expect(swept?.exhaustive).toBe(true);
      expect(Math.abs(swept!.cost - exact)).toBeLessThanOrEqual(offers.length);
      // With neither the search's steps nor the sweep's, the plan found is said to be unproven.
      expect(lowestCost(models(offers), need, Infinity, 1, 0)?.exhaustive).toBe(false);
    },
  );
});
