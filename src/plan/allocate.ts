/**
 * Splitting an amount over lines in proportion to their shares, exactly to the micro-unit (largest remainder): the
 * plan's cost and spares over a part's lines, a line's cost over the sources it is bought from.
 */

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Up to this many lines, the units left after the whole shares go to the largest remainders picked one by one. */
const PICK_LIMIT = 32;

/**
 * allocateMicro when every product total × weight stays below 2^53: the same shares in whole numbers, exact, without
 * BigInt. Each quotient is corrected by its remainder, as a division of doubles may round up to the next whole.
 */
function allocateSmall(total: number, weights: readonly number[], sumWeights: number): bigint[] {
  const base = new Array<number>(weights.length);
  const rems = new Array<number>(weights.length);
  let left = total;
  for (let i = 0; i < weights.length; i++) {
    const product = total * weights[i];
    let q = Math.floor(product / sumWeights);
    if (q * sumWeights > product) q--;
    base[i] = q;
    rems[i] = product - q * sumWeights;
    left -= q;
  }
  // Largest remainder first, the earlier line on a tie, as allocateMicro orders them. Fewer units are left than
  // there are lines (none when the amount splits evenly, as 0 does): a few picks of the largest beat a sort.
  if (left > 0 && weights.length > PICK_LIMIT) {
    const order = weights.map((_, i) => i).sort((a, b) => (rems[a] === rems[b] ? a - b : rems[b] - rems[a]));
    for (const i of order) {
      if (left <= 0) break;
      base[i] += 1;
      left -= 1;
    }
  }
  for (; left > 0; left--) {
    let pick = -1;
    for (let i = 0; i < rems.length; i++) if (rems[i] >= 0 && (pick < 0 || rems[i] > rems[pick])) pick = i;
    base[pick] += 1;
    rems[pick] = -1;
  }
  const out = new Array<bigint>(base.length);
  for (let i = 0; i < base.length; i++) out[i] = BigInt(base[i]);
  return out;
}

/** Splits `total` over `weights` in proportion, exactly (largest remainder), in micro-units. */
export function allocateMicro(total: bigint, weights: readonly number[]): bigint[] {
  const sumWeights = weights.reduce((a, b) => a + b, 0);
  if (sumWeights <= 0) return weights.map(() => 0n);
  // Most parts are on one line: it gets the whole amount, without the remainders' sort.
  if (weights.length === 1) return [total];
  // Nothing to split (no spares, say): every share is 0.
  if (total === 0n) {
    const zeros = new Array<bigint>(weights.length);
    for (let i = 0; i < weights.length; i++) zeros[i] = 0n;
    return zeros;
  }
  if (total >= 0n && (total + 1n) * BigInt(sumWeights) <= SAFE)
    return allocateSmall(Number(total), weights, sumWeights);
  const w = weights.map((x) => BigInt(x));
  const s = BigInt(sumWeights);
  const base = w.map((x) => (total * x) / s);
  let left = total - base.reduce((a, b) => a + b, 0n);
  const order = w
    .map((x, i) => ({ i, rem: (total * x) % s }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0n) break;
    base[i] += 1n;
    left -= 1n;
  }
  return base;
}
