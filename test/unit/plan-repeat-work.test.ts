/**
 * Work a large BOM does once where it used to repeat it, checked against the plain way of doing it: the split of an
 * amount over many lines, the offers made unique, the "bought with rows …" words of a part on many lines, and the
 * allocation of a part's purchase to lines that reach the plan out of row order.
 */
import fc from 'fast-check';
import { type Cell, readBom } from '../../src/bom';
import { type BomLookupPort, priceBom } from '../../src/purchase/price-lines';
import type { Offer, Part } from '../../src/catalog';
import type { LookupRequest, LookupResult } from '../../src/lookup';
import { allocateMicro } from '../../src/plan';
import { stockCount, uniqueOffers } from '../../src/pricing/stock';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

/** Floor shares, then one micro-unit each by largest remainder, earlier line first, in BigInt alone. */
function referenceSplit(total: bigint, weights: readonly number[]): bigint[] {
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) return weights.map(() => 0n);
  const base = weights.map((w) => (total * BigInt(w)) / sum);
  let left = total - base.reduce((a, b) => a + b, 0n);
  const rem = weights.map((w) => (total * BigInt(w)) % sum);
  const order = weights.map((_, i) => i).sort((a, b) => (rem[a] === rem[b] ? a - b : rem[a] > rem[b] ? -1 : 1));
  for (const i of order) {
    if (left <= 0n) break;
    base[i] += 1n;
    left -= 1n;
  }
  return base;
}

/** Each sourcePartId once, the copy with most stock (the first on a tie) at the first copy's place, with a map. */
function referenceUnique(offers: readonly Offer[]): Offer[] {
  const kept: Offer[] = [];
  const slot = new Map<string, number>();
  for (const offer of offers) {
    if (!offer.sourcePartId) {
      kept.push(offer);
      continue;
    }
    const at = slot.get(offer.sourcePartId);
    if (at === undefined) {
      slot.set(offer.sourcePartId, kept.length);
      kept.push(offer);
    } else if (stockCount(offer) > stockCount(kept[at])) kept[at] = offer;
  }
  return kept;
}

describe('allocateMicro over many lines', () => {
  test('up to 60 lines, with many equal remainders: the largest-remainder shares, earlier line first on a tie', () => {
    const weights = fc.array(fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 1_000_000 })), {
      minLength: 2,
      maxLength: 60,
    });
    const total = fc.oneof(fc.bigInt({ min: 0n, max: 1_000n }), fc.bigInt({ min: 0n, max: 90_000_000_000n }));
    fc.assert(
      fc.property(total, weights, (t, w) => {
        expect(allocateMicro(t, w)).toEqual(referenceSplit(t, w));
      }),
      { numRuns: 1_500 },
    );
  });

  test('an amount a unit short of every line: the earlier lines of equal weight get the units left', () => {
    expect(
      allocateMicro(
        39n,
        Array.from({ length: 40 }, () => 1),
      ),
    ).toEqual([...Array.from({ length: 39 }, () => 1n), 0n]);
    expect(allocateMicro(5n, [1, 1, 1, 1, 1, 1, 1])).toEqual([1n, 1n, 1n, 1n, 1n, 0n, 0n]);
  });
});

describe('uniqueOffers', () => {
  test('few offers and many, with repeated ids and offers without one: the same copies at the same places', () => {
    const anOffer = fc.record({
      id: fc.constantFrom('', 'A', 'B', 'C', 'D', 'E'),
      stock: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(-1)),
    });
    fc.assert(
      fc.property(fc.array(anOffer, { maxLength: 30 }), (specs) => {
        const offers = specs.map((s, i) => makeOffer({ sourcePartId: s.id, stock: s.stock, sourceName: `copy ${i}` }));
        const kept = uniqueOffers(offers);
        const expected = referenceUnique(offers);
        expect(kept.length).toBe(expected.length);
        kept.forEach((o, i) => expect(o).toBe(expected[i]));
      }),
      { numRuns: 1_500 },
    );
  });
});

/** A lookup port over parts in memory: each part number finds the parts listed for it. */
function port(byNumber: Record<string, Part[]>): BomLookupPort {
  return {
    lookupMany: async (requests: readonly LookupRequest[]) =>
      requests.map((r): LookupResult => {
        const parts = byNumber[r.partNumber.toUpperCase()] ?? [];
        return {
          key: r.partNumber.toUpperCase(),
          result: { requestedPartNumber: r.partNumber, manufacturerFilter: null, numberFound: parts.length, parts },
          asOf: Date.UTC(2026, 0, 5),
          fromCache: false,
        };
      }),
  };
}

/** "rows 3, 5 and 2 more": the other rows of the part as a line names them (1-based), the first six of them. */
function otherRowsText(rows: readonly number[], row: number): string {
  const others = rows.filter((r) => r !== row).map((r) => String(r + 1));
  const shown = others.slice(0, 6);
  const more = others.length - shown.length;
  return `${others.length === 1 ? 'row' : 'rows'} ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

describe('a part bought on many lines', () => {
  test.each([2, 3, 7, 8, 12])('%i lines: each names the others it is bought with', async (count) => {
    const lm = makePart('LM358N', [makeOffer({ sourcePartId: 'LM-1', stock: 10_000, breaks: makeBreaks([1, 0.25]) })]);
    const one = makePart('NE555P', [makeOffer({ sourcePartId: 'NE-1', stock: 10_000, breaks: makeBreaks([1, 0.5]) })]);
    const cells: Cell[][] = [['MPN', 'Qty']];
    for (let i = 0; i < count; i++) cells.push(['LM358N', i + 1], ['NE555P', 1]);
    const read = readBom(cells);
    const result = await priceBom(read, port({ LM358N: [lm], NE555P: [one] }));
    const rows = result.lines.filter((l) => l.partNumber === 'LM358N').map((l) => l.row as number);
    expect(rows).toHaveLength(count);
    for (const line of result.lines) {
      if (line.partNumber !== 'LM358N') continue;
      const need = rows.reduce((a, r) => a + (result.lines.find((l) => l.row === r)!.need ?? 0), 0);
      expect(line.statusReason).toBe(
        `bought with ${otherRowsText(rows, line.row as number)}: ${need} for a need of ${need}`,
      );
    }
    // The single NE555P lines are one part too: they name each other.
    const ne = result.lines.filter((l) => l.partNumber === 'NE555P');
    expect(ne.every((l) => l.statusReason.startsWith(count === 2 ? 'bought with row ' : 'bought with rows '))).toBe(
      true,
    );
  });

  test('lines that reach the plan out of row order each get their own share and cost', async () => {
    // One part under two part numbers: its lines come grouped by lookup (rows 1, 3, then 2), not in row order.
    const part = makePart('OPA2134PA', [
      makeOffer({ sourcePartId: 'OPA-1', stock: 10_000, breaks: makeBreaks([1, 1.5], [10, 1.25]) }),
    ]);
    const cells: Cell[][] = [
      ['MPN', 'Qty'],
      ['OPA2134PA', 1],
      ['OPA2134P', 2],
      ['OPA2134PA', 4],
    ];
    const read = readBom(cells);
    const result = await priceBom(read, port({ OPA2134PA: [part], OPA2134P: [part] }), { boards: 3 });
    const byRow = new Map(result.lines.map((l) => [l.row, l]));
    const needs = read.lines.map((l) => byRow.get(l.row)!.need);
    expect(needs).toEqual([3, 6, 12]);
    // 21 bought at the 10+ price: 1.25 each, every line at its own need.
    read.lines.forEach((l, i) => {
      const line = byRow.get(l.row)!;
      expect(line.share).toBe(needs[i]);
      expect(line.extended).toBe(needs[i]! * 1.25);
      expect(line.orderQty).toBe(21);
    });
    expect(result.summary.totalPerBuild).toBe(26.25);
  });
});
