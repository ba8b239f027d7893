/**
 * Scenarios: a BOM priced at several quantities with one lookup gives, at each quantity, what a run at that
 * quantity alone gives, to the cent; and asks the service no more than one run does.
 */
import fc from 'fast-check';
import { readBom } from '../../src/bom';
import { type BomLookupPort, priceBom } from '../../src/purchase/price-lines';
import type { Offer } from '../../src/catalog';
import { LookupScheduler } from '../../src/lookup';
import { RateBook } from '../../src/pricing/rates';
import { toMicro } from '../../src/pricing/money';
import { priceScenarios, scenarioTable } from '../../src/purchase/scenarios';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

let id = 0;
const offerArb: fc.Arbitrary<Offer> = fc
  .record({
    currency: fc.constantFrom('USD', 'USD', 'EUR', 'GBP'),
    stock: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60_000 })),
    moq: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 2_500 })),
    packSize: fc.constantFrom(1, 1, 10, 100, 250),
    starts: fc.uniqueArray(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 4 }),
    prices: fc.array(fc.integer({ min: 1, max: 400_000 }), { minLength: 4, maxLength: 4 }),
    quoteOnly: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  })
  .map((o) => {
    const starts = [...o.starts].sort((a, b) => a - b);
    const breaks = makeBreaks(...starts.map((s, i): [number, number] => [s, o.prices[i] / 100_000]));
    return makeOffer({
      sourcePartId: `S${id++}`,
      sourceCode: o.currency === 'USD' ? 'ACNA' : 'EUROPE',
      currency: o.currency,
      stock: o.stock,
      moq: o.moq,
      packSize: o.packSize,
      breaks: o.quoteOnly ? [] : breaks,
    });
  });

const catalogArb = fc.array(fc.array(offerArb, { minLength: 0, maxLength: 3 }), { minLength: 1, maxLength: 8 });
/** BOM lines: an index into the catalog (past its end: a part not found) and a quantity per board. */
const linesArb = fc.array(fc.record({ part: fc.integer({ min: 0, max: 9 }), qty: fc.integer({ min: 1, max: 40 }) }), {
  minLength: 1,
  maxLength: 12,
});
const quantitiesArb = fc.uniqueArray(fc.integer({ min: 1, max: 2_000 }), { minLength: 1, maxLength: 4 });

/** A port that counts what is passed on: calls and part numbers asked. */
function counting(port: BomLookupPort): BomLookupPort & { calls: number; asked: number } {
  const out = {
    calls: 0,
    asked: 0,
    lookupMany: ((requests, options) => {
      out.calls++;
      out.asked += requests.length;
      return port.lookupMany(requests, options);
    }) as BomLookupPort['lookupMany'],
  };
  return out;
}

function setup(catalog: Offer[][]): { parts: FakeParts; scheduler: () => LookupScheduler; rates: () => RateBook } {
  const parts = new FakeParts();
  catalog.forEach((offers, i) => parts.add(makePart(`PART-${i}`, structuredClone(offers))));
  return {
    parts,
    scheduler: () => new LookupScheduler({ port: parts, windowMs: 0, retry: { maxAttempts: 1 } }),
    rates: () => new RateBook({ probe: async () => [], given: { EUR: 1.08696, GBP: 1.26582 } }),
  };
}

describe('scenarios', () => {
  test('each quantity equals a separate run at that quantity, to the cent, with one lookup', async () => {
    await fc.assert(
      fc.asyncProperty(catalogArb, linesArb, quantitiesArb, async (catalog, lines, quantities) => {
        const bom = [['MPN', 'Qty'], ...lines.map((l) => [`PART-${l.part}`, l.qty])];
        const read = readBom(bom);
        const together = setup(catalog);
        const port = counting(together.scheduler());
        const runs = await priceScenarios(read, port, quantities, { rates: together.rates() });
        expect(runs.map((r) => r.boards)).toEqual([...quantities].sort((a, b) => a - b));
        // One lookup: one call for every part number, and the service asked what one quantity asks.
        const alone = setup(catalog);
        const onePort = counting(alone.scheduler());
        await priceBom(readBom(bom), onePort, {
          rates: alone.rates(),
          boards: quantities[0],
        });
        expect(port.calls).toBe(1);
        expect(port.asked).toBe(onePort.asked);
        expect(together.parts.answered).toBe(alone.parts.answered);

        for (const run of runs) {
          const separate = setup(catalog);
          const single = await priceBom(readBom(bom), separate.scheduler(), {
            rates: separate.rates(),
            boards: run.boards,
          });
          expect(toMicro(run.result.summary.totalPerBuild)).toBe(toMicro(single.summary.totalPerBuild));
          expect(toMicro(run.result.summary.totalPerBoard)).toBe(toMicro(single.summary.totalPerBoard));
          expect(toMicro(run.result.summary.excess)).toBe(toMicro(single.summary.excess));
          expect(run.result.summary.short).toBe(single.summary.short);
          expect(
            run.result.lines.map((l) => [l.row, l.status, l.need, l.orderQty, l.unitPrice, l.extended, l.itemId]),
          ).toEqual(single.lines.map((l) => [l.row, l.status, l.need, l.orderQty, l.unitPrice, l.extended, l.itemId]));
        }

        // The table says what the runs say: totals, and each line's cost at each quantity.
        const table = scenarioTable(runs);
        table.quantities.forEach((q, i) => {
          expect(q.boards).toBe(runs[i].boards);
          expect(q.total).toBe(runs[i].result.summary.totalPerBuild);
          expect(q.short).toBe(runs[i].result.summary.short);
        });
        for (const line of table.lines) {
          line.at.forEach((at, i) =>
            expect(at.extended).toBe(runs[i].result.lines.find((l) => l.row === line.row)!.extended),
          );
        }
      }),
      { numRuns: 120 },
    );
  });
});
