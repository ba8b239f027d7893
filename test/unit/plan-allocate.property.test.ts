/**
 * A part's cost split over its lines (allocateMicro): the shares in proportion, by largest remainder, exact to the
 * micro-unit, whether the amounts are small enough for whole doubles or not.
 */
import fc from 'fast-check';
import { allocateMicro } from '../../src/plan';

/** The split worked out in BigInt alone: floor shares, then one micro-unit each by largest remainder, earlier first. */
function reference(total: bigint, weights: readonly number[]): bigint[] {
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

describe('allocateMicro', () => {
  test('on 2,000 random splits, small and past 2^53: the largest-remainder shares, adding up to the total', () => {
    const total = fc.oneof(
      fc.bigInt({ min: 0n, max: 10_000_000n }),
      fc.bigInt({ min: 0n, max: 9_000_000_000_000n }),
      fc.bigInt({ min: 0n, max: 10n ** 20n }),
    );
    const weights = fc.array(fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 5_000_000 })), {
      minLength: 2,
      maxLength: 7,
    });
    fc.assert(
      fc.property(total, weights, (t, w) => {
        const shares = allocateMicro(t, w);
        expect(shares).toEqual(reference(t, w));
        if (w.some((x) => x > 0)) expect(shares.reduce((a, b) => a + b, 0n)).toBe(t);
      }),
      { numRuns: 2_000 },
    );
  });

  test('equal remainders go to the earlier line: 10 over three equal lines is 4, 3, 3', () => {
    expect(allocateMicro(10n, [1, 1, 1])).toEqual([4n, 3n, 3n]);
  });
});
