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
import type { Bought, OfferModel } from './offer-model';

/** Most steps (offers × segments × quantities up to the need) a sweep may take. */
export const MAX_SWEEP_STEPS = 12_000_000;

/** Whether a sweep for `need` over `offers` fits a budget of `maxSteps`. */
export function sweepFits(offers: readonly OfferModel[], need: number, maxSteps = MAX_SWEEP_STEPS): boolean {
  if (!Number.isSafeInteger(need) || need <= 0) return false;
  let segments = 0;
  for (const m of offers) segments += m.segments.length + 1;
  return segments * (need + 1) <= maxSteps;
}

/**
 * What an offer adds: for each quantity reached through it, the quantity before it plus one (0: the offer buys nothing
 * there), so it bought the difference; at the need, which stands for "the need or more", what it bought is kept apart.
 */
interface Step {
  from: Int32Array;
  coverQty: number;
}

/**
 * The quantities, one per offer in the order given (0 for offers not bought), of a cheapest plan buying at least
 * `need`; null when the offers together cannot. The caller checks `sweepFits` first.
 */
export function sweepLowestCost(offers: readonly OfferModel[], need: number): number[] | null {
  // Two tables of least costs, the one before the offer and the one after it, swapped from offer to offer.
  let best = new Float64Array(need + 1).fill(Number.POSITIVE_INFINITY);
  let next = new Float64Array(need + 1);
  best[0] = 0;
  const steps: Step[] = [];
  const queue: Queue = { index: new Int32Array(need + 1), value: new Float64Array(need + 1) };
  for (const model of offers) {
    next.set(best);
    const step: Step = { from: new Int32Array(need + 1), coverQty: 0 };
    for (const s of model.segments) {
      const segment = { lo: s.lo, hi: s.hi, pack: model.pack, unit: s.priceMicro * model.rate };
      below(best, next, step, need, segment, queue);
      cover(best, next, step, need, segment);
    }
    steps.push(step);
    [best, next] = [next, best];
  }
  if (best[need] === Number.POSITIVE_INFINITY) return null;
  const out = new Array<number>(offers.length).fill(0);
  let t = need;
  for (let j = offers.length - 1; j >= 0; j--) {
    const from = steps[j].from[t] - 1;
    if (from < 0) continue;
    out[j] = t === need ? steps[j].coverQty : t - from;
    t = from;
  }
  return out;
}

/** The sliding window's queue: chain indexes and their values, reused by every segment of a sweep. */
interface Queue {
  index: Int32Array;
  value: Float64Array;
}

/** Reaching each t below the need by buying lo + k·pack ≤ hi from this segment (see the module note). */
function below(
  best: Float64Array,
  next: Float64Array,
  step: Step,
  need: number,
  segment: { lo: number; hi: number; pack: number; unit: number },
  queue: Queue,
): void {
  const { lo, hi, pack, unit } = segment;
  if (lo >= need) return;
  const span = Math.floor((hi - lo) / pack);
  const { index, value } = queue;
  // For each remainder r the chain s = r, r + pack, …; the queue keeps values best[s] − unit·s increasing.
  for (let r = 0; r < pack && r + lo < need; r++) {
    let head = 0;
    let tail = 0;
    for (let m = 0, s = r; s + lo < need; m++, s += pack) {
      const v = best[s];
      if (v !== Number.POSITIVE_INFINITY) {
        const key = v - unit * s;
        while (tail > head && value[tail - 1] >= key) tail--;
        index[tail] = m;
        value[tail++] = key;
      }
      while (tail > head && index[head] < m - span) head++;
      if (tail === head) continue;
      const from = r + index[head] * pack;
      const t = s + lo;
      const cost = best[from] + unit * (t - from);
      if (cost < next[t]) {
        next[t] = cost;
        step.from[t] = from + 1;
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
  segment: { lo: number; hi: number; pack: number; unit: number },
): void {
  const { lo, hi, pack, unit } = segment;
  for (let s = 0; s < need; s++) {
    const v = best[s];
    if (v === Number.POSITIVE_INFINITY) continue;
    const left = need - s;
    const qty = left <= lo ? lo : lo + Math.ceil((left - lo) / pack) * pack;
    if (qty > hi) continue;
    const cost = v + unit * qty;
    if (cost < next[need]) {
      next[need] = cost;
      step.coverQty = qty;
      step.from[need] = s + 1;
    }
  }
}

/*
 * The picks of a plan, pushed one by one rather than mapped and filtered: an array mapped by compiled code is holey
 * where the interpreter's is packed, and the code that reads a plan's picks would meet two kinds of array for one.
 */

/** The plan of quantities `qs` (one per offer, 0 for none) as its picks. */
export function picksOf(offers: readonly OfferModel[], qs: readonly number[]): Bought[] {
  const picks: Bought[] = [];
  for (let i = 0; i < offers.length; i++) if (qs[i] > 0) picks.push({ model: offers[i], qty: qs[i] });
  return picks;
}

/** Every offer bought at its most. */
export function atCapacity(offers: readonly OfferModel[]): Bought[] {
  const picks: Bought[] = [];
  for (let i = 0; i < offers.length; i++) picks.push({ model: offers[i], qty: offers[i].cap });
  return picks;
}
