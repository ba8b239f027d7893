/**
 * The exact lowest cost of a part's need by a sweep over quantities, for the parts the depth-first search of
 * optimum.ts gives up on (many offers with unlike packs: a cut tape sold by one and a reel of 5,000 by another).
 *
 * The sweep takes the offers one after the other and keeps, for every quantity t below the need, the least cost of
 * buying exactly t from the offers taken so far (and one entry for "the need or more"). An offer is added segment by
 * segment: on a segment its cost is its unit price times the quantity, so the best way to reach t by buying
 * lo + k·pack from it (k from 0 to K) is the least of `best[s] − price·s` over the K + 1 quantities s = t − lo − k·pack
 * before it, plus price·t. Those s are one pack apart, so for each remainder modulo the pack they form a window that
 * slides by one as t grows, and a queue of increasing values gives its least at once: each segment costs one pass over
 * the quantities, whatever its pack and length. Reaching the need or more from s buys the least quantity of the
 * segment that covers what s leaves.
 *
 * Work is offers × segments × need steps and memory two numbers per offer and quantity, so the sweep is only run
 * under a budget (MAX_SWEEP_STEPS); above it the search's best plan stands, said to be unproven.
 *
 * Costs in the sweep are the exact products price × quantity (as doubles); the plan it finds is priced again by the
 * caller as each purchase is rounded, which moves it by at most half a micro-unit per purchase.
 */
import type { OfferModel } from './optimum';

/** Most steps (offers × segments × quantities up to the need) a sweep may take. */
export const MAX_SWEEP_STEPS = 12_000_000;

/** Whether a sweep for `need` over `offers` fits a budget of `maxSteps`. */
export function sweepFits(offers: readonly OfferModel[], need: number, maxSteps = MAX_SWEEP_STEPS): boolean {
  if (!Number.isSafeInteger(need) || need <= 0) return false;
  let segments = 0;
  for (const m of offers) segments += m.segments.length + 1;
  return segments * (need + 1) <= maxSteps;
}

/** What an offer adds: for each reached quantity, what it buys and from which quantity before it (-1: nothing). */
interface Step {
  qty: Float64Array;
  from: Int32Array;
}

/**
 * The quantities, one per offer in the order given (0 for offers not bought), of a cheapest plan buying at least
 * `need`; null when the offers together cannot. The caller checks `sweepFits` first.
 */
export function sweepLowestCost(offers: readonly OfferModel[], need: number): number[] | null {
  let best = new Float64Array(need + 1).fill(Number.POSITIVE_INFINITY);
  best[0] = 0;
  const steps: Step[] = [];
  for (const model of offers) {
    const next = best.slice();
    const step: Step = { qty: new Float64Array(need + 1), from: new Int32Array(need + 1).fill(-1) };
    for (const s of model.segments) {
      const unit = s.priceMicro * model.rate;
      below(best, next, step, need, s.lo, s.hi, model.pack, unit);
      cover(best, next, step, need, s.lo, s.hi, model.pack, unit);
    }
    steps.push(step);
    best = next;
  }
  if (best[need] === Number.POSITIVE_INFINITY) return null;
  const out = new Array<number>(offers.length).fill(0);
  let t = need;
  for (let j = offers.length - 1; j >= 0; j--) {
    const from = steps[j].from[t];
    if (from < 0) continue;
    out[j] = steps[j].qty[t];
    t = from;
  }
  return out;
}

/** Reaching each t below the need by buying lo + k·pack ≤ hi from this segment (see the module note). */
function below(
  best: Float64Array,
  next: Float64Array,
  step: Step,
  need: number,
  lo: number,
  hi: number,
  pack: number,
  unit: number,
): void {
  if (lo >= need) return;
  const span = Math.floor((hi - lo) / pack);
  // The queue holds indexes into the chain s = r, r + pack, …; values best[s] − unit·s increase along it.
  const queue = new Int32Array(Math.ceil(need / pack) + 1);
  for (let r = 0; r < pack && r + lo < need; r++) {
    let head = 0;
    let tail = 0;
    for (let m = 0; r + m * pack + lo < need; m++) {
      const s = r + m * pack;
      const v = best[s];
      if (v !== Number.POSITIVE_INFINITY) {
        const key = v - unit * s;
        while (tail > head && best[r + queue[tail - 1] * pack] - unit * (r + queue[tail - 1] * pack) >= key) tail--;
        queue[tail++] = m;
      }
      while (tail > head && queue[head] < m - span) head++;
      if (tail === head) continue;
      const from = r + queue[head] * pack;
      const t = s + lo;
      const cost = best[from] + unit * (t - from);
      if (cost < next[t]) {
        next[t] = cost;
        step.qty[t] = t - from;
        step.from[t] = from;
      }
    }
  }
}

/** Reaching the need or more from each s below it: the least quantity of the segment that covers need − s. */
function cover(
  best: Float64Array,
  next: Float64Array,
  step: Step,
  need: number,
  lo: number,
  hi: number,
  pack: number,
  unit: number,
): void {
  for (let s = 0; s < need; s++) {
    const v = best[s];
    if (v === Number.POSITIVE_INFINITY) continue;
    const left = need - s;
    const qty = left <= lo ? lo : lo + Math.ceil((left - lo) / pack) * pack;
    if (qty > hi) continue;
    const cost = v + unit * qty;
    if (cost < next[need]) {
      next[need] = cost;
      step.qty[need] = qty;
      step.from[need] = s;
    }
  }
}
