/**
 * Properties of the purchase list over random catalogs, BOMs, build quantities, stock on hand and on order.
 */
import fc from 'fast-check';
import { type Cell, readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { LookupScheduler } from '../../src/lookup';
import { type PurchaseBom, type StockEntry, planPurchase } from '../../src/purchase';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const T0 = Date.UTC(2026, 10, 1, 8, 0);
const PARTS = 6;

function scheduler(port: FakeParts): LookupScheduler {
  return new LookupScheduler({ port, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
}

const offerArb = fc.record({
  moq: fc.integer({ min: 1, max: 50 }),
  pack: fc.constantFrom(1, 1, 5, 10),
  stock: fc.integer({ min: 0, max: 3000 }),
  tiers: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 3 }),
  prices: fc.array(fc.integer({ min: 1, max: 90_000 }), { minLength: 3, maxLength: 3 }),
});

const caseArb = fc.record({
  offers: fc.array(fc.array(offerArb, { minLength: 1, maxLength: 2 }), { minLength: PARTS, maxLength: PARTS }),
  boms: fc.array(
    fc.record({
      builds: fc.integer({ min: 1, max: 60 }),
      lines: fc.array(
        fc.record({ part: fc.integer({ min: 0, max: PARTS - 1 }), qty: fc.integer({ min: 1, max: 9 }) }),
        { minLength: 1, maxLength: 8 },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  onHand: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: PARTS, maxLength: PARTS }),
  onOrder: fc.array(fc.integer({ min: 0, max: 200 }), { minLength: PARTS, maxLength: PARTS }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function catalogOf(c: Case): FakeParts {
  const catalog = new FakeParts();
  c.offers.forEach((offers, p) => {
    catalog.add(
      makePart(
        `PP-${p}`,
        offers.map((o, k) => {
          const starts = [...o.tiers].sort((a, b) => a - b);
          return makeOffer({
            sourcePartId: `PP-${p}-${k}`,
            sourceCode: k === 0 ? 'ACNA' : 'EUROPE',
            moq: o.moq,
            packSize: o.pack,
            stock: o.stock,
            breaks: makeBreaks(...starts.map((s, i): [number, number] => [s, o.prices[i] / 100_000])),
          });
        }),
      ),
    );
  });
  return catalog;
}

function bomsOf(c: Case): PurchaseBom[] {
  return c.boms.map((b, i) => {
    const cells: Cell[][] = [['MPN', 'Manufacturer', 'Qty'], ...b.lines.map((l) => [`PP-${l.part}`, 'TI', l.qty])];
    return { name: `BOM ${i + 1}`, builds: b.builds, read: readBom(cells) };
  });
}

function entries(quantities: readonly number[], origin: string): StockEntry[] {
  return quantities.map((quantity, p) => ({
    partNumber: `PP-${p}`,
    manufacturer: '',
    quantity,
    origin: `${origin} ${p}`,
  }));
}

/** Each part's total need over every BOM: quantity per board × builds, summed by hand. */
function needsByHand(c: Case): number[] {
  const need = Array.from({ length: PARTS }, () => 0);
  for (const b of c.boms) for (const l of b.lines) need[l.part] += l.qty * b.builds;
  return need;
}

describe('purchase list properties', () => {
  test('equals planning one concatenated BOM with on hand and on order subtracted, to the cent; shares and costs add up', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const catalog = catalogOf(c);
        const list = await planPurchase(bomsOf(c), scheduler(catalog), {
          onHand: entries(c.onHand, 'shelf'),
          onOrder: entries(c.onOrder, 'order'),
        });
        const need = needsByHand(c);
        // The one BOM: every part's need net of the stock, as one line each.
        const net = need.map((n, p) => Math.max(0, n - c.onHand[p] - c.onOrder[p]));
        const cells: Cell[][] = [
          ['MPN', 'Manufacturer', 'Qty'],
          ...net.flatMap((n, p) => (n > 0 ? [[`PP-${p}`, 'TI', n]] : [])),
        ];
        const single = await priceBom(readBom(cells), scheduler(catalog), { boards: 1 });
        const singleMicro = single.plans.reduce((a, plan) => a + plan.micro, 0n);
        expect(list.micro).toBe(singleMicro);
        for (const plan of single.plans) {
          const row = list.rows.find((r) => r.partNumber === plan.part.partNumber)!;
          expect(row.orderQty).toBe(plan.bought);
          expect(row.micro).toBe(plan.micro);
        }
        for (const row of list.rows) {
          const p = Number(row.partNumber.slice(3));
          // Summed needs never overstated (nor understated).
          expect(row.need).toBe(need[p]);
          expect(row.toBuy).toBe(net[p]);
          expect(row.shares.reduce((a, s) => a + s, 0)).toBe(row.orderQty - row.spare);
          expect(row.shareMicros.reduce((a, s) => a + s, 0n)).toBe(row.micro);
          row.shares.forEach((s, b) =>
            expect(s + row.fromOnHand[b] + row.fromOnOrder[b]).toBeLessThanOrEqual(row.needs[b]),
          );
          if (net[p] === 0) expect(row.orderQty).toBe(0);
        }
        expect(list.boms.reduce((a, b) => a + b.micro, 0n)).toBe(list.micro);
        expect(catalog.answered).toBeLessThanOrEqual(2);
      }),
      { numRuns: 60 },
    );
  });

  test('buildable now never counts a part twice nor more builds than planned, and stops only at a part it names', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const boms = bomsOf(c);
        const list = await planPurchase(boms, scheduler(catalogOf(c)), {
          onHand: entries(c.onHand, 'shelf'),
          onOrder: entries(c.onOrder, 'order'),
        });
        for (const [key, stock] of [
          ['buildableOnHand', c.onHand],
          ['buildableWithOrders', c.onHand.map((n, p) => n + c.onOrder[p])],
        ] as const) {
          const used = Array.from({ length: PARTS }, () => 0);
          c.boms.forEach((b, i) => {
            const can = list.boms[i][key];
            expect(can.builds).toBeLessThanOrEqual(b.builds);
            for (const l of b.lines) used[l.part] += l.qty * can.builds;
            if (can.builds < b.builds) expect(can.limitedBy).toMatch(/^PP-\d /);
            else expect(can.limitedBy).toBeNull();
          });
          used.forEach((u, p) => expect(u).toBeLessThanOrEqual(stock[p]));
        }
      }),
      { numRuns: 60 },
    );
  });
  test('a purchase list of one BOM with no stock buys what that BOM priced alone buys: pins, overage and all', async () => {
    const lineArb = fc.record({
      part: fc.integer({ min: 0, max: PARTS - 1 }),
      qty: fc.integer({ min: 1, max: 9 }),
      // No pin, either offer of the part, or one written in other case and spaces.
      pin: fc.constantFrom('', '', '0', '1', ' 0 '),
    });
    const oneArb = fc.record({
      offers: caseArb.map((c) => c.offers),
      builds: fc.integer({ min: 1, max: 60 }),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 10 }),
      overage: fc.record({ percent: fc.constantFrom(0, 2, 10), minExtra: fc.constantFrom(0, 1, 5) }),
    });
    await fc.assert(
      fc.asyncProperty(oneArb, async (c) => {
        const catalog = catalogOf({ offers: c.offers, boms: [], onHand: [], onOrder: [] });
        const pinOf = (l: (typeof c.lines)[number]) => (l.pin === '' ? '' : `pp-${l.part}-${l.pin}`.toUpperCase());
        const cells: Cell[][] = [
          ['MPN', 'Manufacturer', 'Qty', 'Pinned offer'],
          ...c.lines.map((l) => [`PP-${l.part}`, 'TI', l.qty, l.pin === ' 0 ' ? ` pp-${l.part}-0 ` : pinOf(l)]),
        ];
        const read = readBom(cells);
        const list = await planPurchase([{ name: 'A', builds: c.builds, read }], scheduler(catalog), {
          overage: c.overage,
        });
        const priced = await priceBom(read, scheduler(catalog), { boards: c.builds, overage: c.overage });
        expect(list.rows).toHaveLength(priced.plans.length);
        for (const plan of priced.plans) {
          const row = list.rows.find((r) => r.part.itemId === plan.part.itemId)!;
          expect(row.orderQty).toBe(plan.bought);
          expect(row.micro).toBe(plan.micro);
          expect(row.plan.purchases.map((p) => [p.offer.sourcePartId, p.qty])).toEqual(
            plan.purchases.map((p) => [p.offer.sourcePartId, p.qty]),
          );
          // The part's lines cost what its row costs, and both say the same about its pins.
          const lines = priced.lines.filter((l) => l.part?.itemId === plan.part.itemId);
          expect(lines.reduce((a, l) => a + (l.extended ?? 0), 0)).toBeCloseTo(row.cost, 6);
          const pinNote = (text: string) => /pinned to different offers/.test(text);
          expect(lines.every((l) => pinNote(l.statusReason))).toBe(row.notes.some(pinNote));
        }
        expect(list.micro).toBe(priced.plans.reduce((a, p) => a + p.micro, 0n));
      }),
      { numRuns: 80 },
    );
  });
});
