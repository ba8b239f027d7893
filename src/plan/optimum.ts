/**
 * The exact lowest cost of covering one part's need from its offers: every combination of offers and quantities
 * that respects each offer's MOQ, pack size, stock and price breaks is a candidate, and a split is a choice like
 * any other.
 *
 * The model. An offer sells quantities in "segments": runs lo, lo + pack, …, hi over which its unit price is one
 * price break's (every quantity there is at least the MOQ, a whole number of packs, within stock and priced). On a
 * segment the cost is linear in the quantity (up to the conversion's rounding of each purchase to the micro-unit).
 *
 * Why a small set of quantities is enough. Take an optimal plan and two offers i and j that both buy inside a
 * segment, each at least L = lcm(pack_i, pack_j) units away from both ends of its segment. Moving L units from the
 * dearer of the two to the cheaper keeps the total bought and does not raise the cost; repeating (ties moved
 * towards the offer that comes first) ends with at most one offer (the "free" one) further than L from an end of its
 * segment. So there is an optimal plan in which every offer but one buys 0 or a quantity within
 * m_i = max_j pack_j / gcd(pack_i, pack_j) packs of an end of one of its segments, and the free offer buys the
 * cheapest quantity that covers what the others leave. The search below tries exactly those plans, depth first
 * over the offers (cheapest unit price first), and cuts a branch when even the cheapest unit prices of the offers
 * left, filling the rest fractionally, cannot beat the best plan found.
 *
 * Offers that sell only a few quantities below the need (a reel of 5,000 for a need of 20,000: four) are tried at
 * every one of them. Fix those at their quantities in an optimal plan: the others then cover the rest as cheaply as
 * it can be covered, and the moves above among themselves alone show their windows need only reckon with each
 * other's packs. A reel beside cut tape thus leaves the cut tape's window at one quantity per price break end
 * instead of 5,000.
 *
 * Bounded work. Offers with equal packs give windows of one quantity per segment end, and small needs leave few
 * quantities below the need, so a typical part takes a few dozen steps. Many offers with unlike packs that each sell
 * many quantities below the need widen the windows and multiply them: the search stops after MAX_NODES steps, and the
 * sweep over quantities of optimum-sweep.ts settles the part exactly when its work fits its budget; beyond it the
 * best plan found so far is kept, marked as not proven (`exhaustive: false`).
 *
 * Amounts here are plain numbers of micro-units of the user's currency, exact below 2^53 micro-units
 * (9 billion in the currency), far above any part's cost; the chosen plan is priced again exactly by its caller.
 */
import type { Offer, PriceBreak } from '../catalog/model';
import { positiveCount } from '../pricing/quantity';
import { type RateTable, rateOf } from '../pricing/rates';
import { stockCount } from '../pricing/stock';
import { sortedBreaks } from '../pricing/tiers';
import { MAX_SWEEP_STEPS, atCapacity, picksOf, sweepFits, sweepLowestCost } from './optimum-sweep';
import type { Bought, OfferModel, Segment } from './offer-model';

/** Steps of the depth-first search per part before it settles for the best plan found. */
export const MAX_NODES = 20_000;

function ceilTo(n: number, step: number): number {
  return Math.ceil(n / step) * step;
}

/** The offer's segments: between consecutive break edges the price is one tier's; MOQ, packs and stock cut them. */
function segmentsOf(offer: Offer, pack: number, moq: number, stock: number): Segment[] {
  if (offer.quoteOnly || offer.breaks.length === 0) return [];
  const tiers = sortedBreaks(offer.breaks);
  const out: Segment[] = [];
  if (contiguous(tiers)) {
    // The usual shape: each tier starts where the one before ends, so each tier is one run of one price.
    for (let k = 0; k < tiers.length; k++)
      addSegment(out, tiers[k].minQty, tiers[k].maxQty, tiers[k].price, pack, moq, stock);
    return out;
  }
  const edges = new Set<number>([1]);
  for (const tier of tiers) {
    if (Number.isFinite(tier.minQty)) edges.add(Math.max(1, Math.ceil(tier.minQty)));
    if (Number.isFinite(tier.maxQty) && tier.maxQty >= 1) edges.add(Math.floor(tier.maxQty) + 1);
  }
  const sorted = [...edges].sort((a, b) => a - b);
  for (let k = 0; k < sorted.length; k++) {
    const end = k + 1 < sorted.length ? sorted[k + 1] - 1 : Number.POSITIVE_INFINITY;
    // Every whole quantity between two edges lies in the same tiers, so the price at its start is the run's; as in
    // priceAtQuantity, the tier that starts latest wins when tiers overlap.
    let price: number | null = null;
    for (const tier of tiers) if (tier.minQty <= sorted[k] && sorted[k] <= tier.maxQty) price = tier.price;
    if (price !== null) addSegment(out, sorted[k], end, price, pack, moq, stock);
  }
  return out;
}

/** Whole-number tiers, each starting right after the one before ends: no gaps, no overlaps. */
function contiguous(tiers: readonly PriceBreak[]): boolean {
  for (let k = 0; k < tiers.length; k++) {
    const t = tiers[k];
    if (!Number.isInteger(t.minQty) || t.minQty < 1) return false;
    if (
      k + 1 < tiers.length
        ? t.maxQty !== tiers[k + 1].minQty - 1
        : t.maxQty !== Number.POSITIVE_INFINITY && !Number.isInteger(t.maxQty)
    )
      return false;
  }
  return true;
}

/** The run of quantities from `start` to `end` at `price` that MOQ, packs and stock leave, when any. */
function addSegment(
  out: Segment[],
  start: number,
  end: number,
  price: number,
  pack: number,
  moq: number,
  stock: number,
): void {
  const lo = ceilTo(Math.max(start, moq), pack);
  const hi = Math.floor(Math.min(end, stock) / pack) * pack;
  if (lo > hi || !Number.isFinite(price) || price < 0) return;
  out.push({ lo, hi, priceMicro: Math.round(price * 1e6) });
}

/**
 * Models of offers already seen, for plans made again from the same lookups (pricing again from the cache, the
 * same BOM at another build quantity). Kept while the offer object lives; used only while everything the model
 * is made of is unchanged (a repriced catalog replaces the breaks array). MadeFrom: the offer's fields as they were.
 */
type MadeFrom = Pick<Offer, 'breaks' | 'stock' | 'moq' | 'packSize' | 'quoteOnly'> & { rate: number };

const models = new WeakMap<Offer, { model: OfferModel; from: MadeFrom }>();

function madeFrom(offer: Offer, rate: number): MadeFrom {
  const { breaks, stock, moq, packSize, quoteOnly } = offer;
  return { breaks, stock, moq, packSize, quoteOnly, rate };
}

/** Whether `offer` (at `rate`) is still what the model was made from. */
function sameSource(a: MadeFrom, offer: Offer, rate: number): boolean {
  return (
    a.breaks === offer.breaks &&
    a.stock === offer.stock &&
    a.moq === offer.moq &&
    a.packSize === offer.packSize &&
    a.quoteOnly === offer.quoteOnly &&
    a.rate === rate
  );
}

type ModelCache = WeakMap<Offer, { model: OfferModel; from: MadeFrom }>;
const unlimitedModels: ModelCache = new WeakMap();

/** The search's view of an offer; null when it has no rate into the user's currency. */
export function offerModel(offer: Offer, rates: RateTable): OfferModel | null {
  return modelIn(models, offer, rates, false);
}

/** offerModel of the offer with stock without end (what a backorder could buy), kept as offerModel keeps its own. */
export function unlimitedModel(offer: Offer, rates: RateTable): OfferModel | null {
  return modelIn(unlimitedModels, offer, rates, true);
}

/**
 * offerModel of the offer able to sell at most `cap` (what arrives by a need-by date: stock, deliveries, a backorder,
 * src/plan/arrival.ts), instead of its stock. Made afresh: the cap changes with the date.
 */
export function cappedModel(offer: Offer, rates: RateTable, cap: number): OfferModel | null {
  if (cap === stockCount(offer)) return offerModel(offer, rates);
  const rate = rateOf(rates, offer.currency);
  if (rate === null) return null;
  // Kept per cap while the offer is what they were made from, as offerModel keeps its own (a plan made again).
  let known = cappedModels.get(offer);
  if (!known || !sameSource(known.from, offer, rate)) {
    known = { from: madeFrom(offer, rate), byCap: new Map() };
    cappedModels.set(offer, known);
  }
  let model = known.byCap.get(cap);
  // The model's offer stays the offer itself: purchases name it, and its stock is what it has.
  if (!model) known.byCap.set(cap, (model = { ...buildModel({ ...offer, stock: Math.max(0, cap) }, rate), offer }));
  return model;
}

const cappedModels = new WeakMap<Offer, { from: MadeFrom; byCap: Map<number, OfferModel> }>();

function modelIn(cache: ModelCache, offer: Offer, rates: RateTable, unlimited: boolean): OfferModel | null {
  const rate = rateOf(rates, offer.currency);
  if (rate === null) return null;
  const known = cache.get(offer);
  if (known && sameSource(known.from, offer, rate)) return known.model;
  const model = buildModel(unlimited ? { ...offer, stock: Number.MAX_SAFE_INTEGER } : offer, rate);
  cache.set(offer, { model, from: madeFrom(offer, rate) });
  return model;
}

function buildModel(offer: Offer, rate: number): OfferModel {
  const pack = positiveCount(offer.packSize);
  const segments = segmentsOf(offer, pack, positiveCount(offer.moq), stockCount(offer));
  let cap = 0;
  let minUnit = Number.POSITIVE_INFINITY;
  for (const s of segments) {
    if (s.hi > cap) cap = s.hi;
    if (s.priceMicro * rate < minUnit) minUnit = s.priceMicro * rate;
  }
  return { offer, pack, rate, segments, cap, minUnit };
}

/** What `qty` (a quantity the offer sells) costs in the user's currency, micro-units, rounded as convertMicro does. */
export function costOf(model: OfferModel, qty: number): number | null {
  for (const s of model.segments) {
    if (qty >= s.lo && qty <= s.hi && (qty - s.lo) % model.pack === 0) {
      const micro = s.priceMicro * qty;
      return model.rate === 1 ? micro : Math.round(micro * model.rate);
    }
  }
  return null;
}

/** The cheapest quantity the offer sells that is at least `need` (the smaller one on a tie); null when none. */
export function cheapestCover(model: OfferModel, need: number): { qty: number; cost: number } | null {
  if (need <= 0) return { qty: 0, cost: 0 };
  let bestQty = -1;
  let bestCost = 0;
  const wanted = ceilTo(need, model.pack);
  for (const s of model.segments) {
    const qty = Math.max(s.lo, wanted);
    if (qty > s.hi) continue;
    // What costOf gives: segments do not overlap and `qty` is a whole number of packs from `s.lo`, so `s` is its segment.
    const micro = s.priceMicro * qty;
    const cost = model.rate === 1 ? micro : Math.round(micro * model.rate);
    if (bestQty < 0 || cost < bestCost || (cost === bestCost && qty < bestQty)) {
      bestQty = qty;
      bestCost = cost;
    }
  }
  return bestQty < 0 ? null : { qty: bestQty, cost: bestCost };
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * The quantities below `limit` an offer that is not the free one may buy (see the module note), ascending, 0 left
 * out: within `window` packs of an end of one of its segments; and what each costs (as costOf gives it).
 */
function windowQuantities(model: OfferModel, window: number, limit: number): { qs: number[]; costs: number[] } {
  const qs: number[] = [];
  const costs: number[] = [];
  const reach = (window - 1) * model.pack;
  const push = (s: Segment, from: number, to: number): void => {
    for (let q = from; q <= to; q += model.pack) {
      qs.push(q);
      const micro = s.priceMicro * q;
      costs.push(model.rate === 1 ? micro : Math.round(micro * model.rate));
    }
  };
  // Segments come in ascending order and do not overlap, so the runs are written in order, each quantity once.
  for (const s of model.segments) {
    const top = Math.min(s.hi, limit - 1);
    if (s.lo > top) continue;
    const lowEnd = Math.min(s.lo + reach, top);
    const highStart = Math.max(s.hi - reach, s.lo);
    if (highStart <= lowEnd + model.pack) push(s, s.lo, top);
    else {
      push(s, s.lo, lowEnd);
      // The high run starts on the segment's pack grid, as the low one does.
      push(s, s.lo + Math.ceil((highStart - s.lo) / model.pack) * model.pack, top);
    }
  }
  return { qs, costs };
}

/** Offers that sell at most this many quantities below the need are tried at each of them. */
const FULL_LIST = 64;

/** How many quantities below `limit` the offer sells. */
function quantitiesBelow(model: OfferModel, limit: number): number {
  let count = 0;
  for (const s of model.segments) {
    if (s.lo >= limit) break;
    count += Math.floor((Math.min(s.hi, limit - 1) - s.lo) / model.pack) + 1;
  }
  return count;
}

/** The lowest unit price (converted, micro-units) at which the offer sells some quantity below `limit`. */
function unitBelow(model: OfferModel, limit: number): number {
  let min = Number.POSITIVE_INFINITY;
  for (const s of model.segments) {
    if (s.lo < limit && s.priceMicro * model.rate < min) min = s.priceMicro * model.rate;
  }
  return min;
}

/** One offer's quantity in a plan. */
export interface Optimum {
  picks: Bought[];
  /** Micro-units of the user's currency. */
  cost: number;
  /** The picks cover the need; when not, they are the most the offers can sell. */
  covers: boolean;
  /** Whether the search tried every plan it had to (false when it stopped at MAX_NODES). */
  exhaustive: boolean;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The offers that sell something, in the search's fixed order: cheapest unit price, then sourcePartId. */
function searchOrder(models: readonly OfferModel[]): OfferModel[] {
  return models
    .filter((m) => m.cap > 0)
    .sort((a, b) => a.minUnit - b.minUnit || compareText(a.offer.sourcePartId, b.offer.sourcePartId));
}

/**
 * The least the offers from `from` on (and the free one, when `free` ≥ 0) could pay for `left`: either one of them
 * buys it all (its cheapest cover, exactly), or each buys less than `left`, at no less than its lowest price below
 * `left`, which a fractional fill by those prices bounds (less `slack`, the conversion's rounding).
 */
type LowerBound = (from: number, left: number, free: number) => number;

function lowerBoundOf(offers: readonly OfferModel[], slack: number): LowerBound {
  const n = offers.length;
  const prices = new Array<number>(n + 1);
  const caps = new Array<number>(n + 1);
  return (from, left, free) => {
    let cover = Number.POSITIVE_INFINITY;
    let k = 0;
    const consider = (m: OfferModel): void => {
      const c = cheapestCover(m, left);
      if (c && c.cost < cover) cover = c.cost;
      const unit = unitBelow(m, left);
      if (unit === Number.POSITIVE_INFINITY) return;
      // Insertion by price: a handful of offers.
      let at = k++;
      while (at > 0 && prices[at - 1] > unit) {
        prices[at] = prices[at - 1];
        caps[at] = caps[at - 1];
        at--;
      }
      prices[at] = unit;
      caps[at] = Math.min(m.cap, left - 1);
    };
    if (free >= 0) consider(offers[free]);
    for (let j = from; j < n; j++) consider(offers[j]);
    let fill = 0;
    let rest = left;
    for (let j = 0; j < k && rest > 0; j++) {
      const take = Math.min(rest, caps[j]);
      fill += take * prices[j];
      rest -= take;
    }
    return Math.min(cover, rest > 0 ? Number.POSITIVE_INFINITY : fill - slack);
  };
}

/** What the depth-first search ended with: the best plan below the bound (null when none) and whether it stopped. */
interface SearchEnd {
  best: number;
  bestQty: number[] | null;
  stopped: boolean;
}

/**
 * The depth-first search of the module note over the window quantities of `offers`: one offer is the free one and
 * covers what the others leave; branches that cannot beat the best plan found (at first `bound`) are cut.
 */
function searchWindows(
  offers: readonly OfferModel[],
  sharing: readonly OfferModel[],
  need: number,
  bound: number,
  maxNodes: number,
  lowerBound: LowerBound,
): SearchEnd {
  const n = offers.length;
  // Offers that sell only a few quantities below the need are tried at every one of them; the windows of the others
  // need then only reckon with each other's packs (see the module note).
  const full = offers.map((m) => quantitiesBelow(m, need) <= FULL_LIST);
  const windows = offers.map((m, i) => {
    if (full[i]) return Math.ceil(need / m.pack) + 1;
    let w = 1;
    for (const o of sharing) if (o !== m && !full[offers.indexOf(o)]) w = Math.max(w, o.pack / gcd(m.pack, o.pack));
    return w;
  });
  const runs = offers.map((m, i) => windowQuantities(m, windows[i], need));
  const quantities = runs.map((r) => r.qs);
  const costs = runs.map((r) => r.costs);
  const end: SearchEnd = { best: bound, bestQty: null, stopped: false };
  const qty = new Array<number>(n).fill(0);
  let nodes = 0;

  function record(cost: number, free: number, freeQty: number): void {
    if (cost >= end.best) return;
    end.best = cost;
    end.bestQty = [...qty];
    if (free >= 0) end.bestQty[free] = freeQty;
  }

  function visit(i: number, left: number, cost: number, free: number): void {
    if (end.stopped) return;
    if (++nodes > maxNodes) {
      end.stopped = true;
      return;
    }
    if (left <= 0) {
      record(cost, free, 0);
      return;
    }
    if (i === n) {
      if (free < 0) return;
      const cover = cheapestCover(offers[free], left);
      if (cover) record(cost + cover.cost, free, cover.qty);
      return;
    }
    if (cost + lowerBound(i, left, free) >= end.best) return;
    if (free < 0) visit(i + 1, left, cost, i);
    // With no free offer yet, the last one has to be it: a window quantity here would leave the rest to nobody.
    if (free < 0 && i === n - 1) return;
    const qs = quantities[i];
    const cs = costs[i];
    // Largest first: the cheap offers are tried buying much, which finds good plans early and cuts more.
    let k = qs.length - 1;
    while (k >= 0 && qs[k] >= left) k--;
    for (; k >= 0 && !end.stopped; k--) {
      if (cost + cs[k] >= end.best) continue;
      qty[i] = qs[k];
      visit(i + 1, left - qs[k], cost + cs[k], free);
    }
    qty[i] = 0;
    visit(i + 1, left, cost, free);
  }

  visit(0, need, 0, -1);
  return end;
}

/** The plan of quantities `qs` (one per offer, 0 for none), priced as each purchase is. */
function optimumOf(offers: readonly OfferModel[], qs: readonly number[], cost: number, exhaustive: boolean): Optimum {
  const picks = picksOf(offers, qs);
  return { picks, cost, covers: true, exhaustive };
}

/**
 * When the search stopped at its step limit: the sweep over quantities (optimum-sweep.ts) settles the part exactly
 * when it fits its budget, and the cheaper of its plan and the search's is kept (null when neither beats `bound`).
 * Otherwise the search's best plan stands, marked unproven; with none below `bound`, no picks (the caller's single
 * offer stands, unproven too).
 */
function settleStopped(
  offers: readonly OfferModel[],
  need: number,
  bound: number,
  end: SearchEnd,
  maxSweepSteps: number,
): Optimum | null {
  if (!sweepFits(offers, need, maxSweepSteps)) {
    if (end.bestQty === null) return { picks: [], cost: bound, covers: true, exhaustive: false };
    return optimumOf(offers, end.bestQty, end.best, false);
  }
  const swept = sweepLowestCost(offers, need);
  let best = end.best;
  let bestQty = end.bestQty;
  if (swept !== null) {
    const cost = swept.reduce((a, q, i) => a + (q > 0 ? costOf(offers[i], q)! : 0), 0);
    if (cost < best) {
      best = cost;
      bestQty = swept;
    }
  }
  return bestQty === null ? null : optimumOf(offers, bestQty, best, true);
}

/**
 * The cheapest plan that covers `need` from the offers, or, when even all of them together cannot, every offer's
 * most (the only plan that buys the most). `bound`: a cost the plan must beat (a single offer's, found by the
 * caller with its own tie rules); when nothing beats it, null is returned. Offers are taken in a fixed order
 * (cheapest unit price, then sourcePartId), so the answer never depends on the order they arrive in. When the
 * search passes `maxNodes` steps and the sweep cannot settle the part within `maxSweepSteps` either, the plan
 * returned is not proven (`exhaustive: false`; its picks are empty when nothing below `bound` was found).
 */
export function lowestCost(
  models: readonly OfferModel[],
  need: number,
  bound = Number.POSITIVE_INFINITY,
  maxNodes = MAX_NODES,
  maxSweepSteps = MAX_SWEEP_STEPS,
): Optimum | null {
  const offers = searchOrder(models);
  if (offers.length === 0) return null;
  const capacity = offers.reduce((a, m) => a + m.cap, 0);
  if (capacity < need) {
    const picks = atCapacity(offers);
    return { picks, cost: picks.reduce((a, p) => a + costOf(p.model, p.qty)!, 0), covers: false, exhaustive: true };
  }
  // Only offers that sell something below the need can share a plan with others: one that buys the whole need
  // leaves nothing for the rest. Their packs alone set the windows; the others can only be the free offer.
  const sharing = offers.filter((m) => m.segments[0].lo < need);
  // With fewer than two, every plan is one offer buying it all, and the caller's bound is the best of those.
  if (sharing.length < 2 && bound < Number.POSITIVE_INFINITY) return null;
  // Conversion rounds each purchase once: a plan of n purchases may cost up to n/2 micro-units under a fractional
  // fill's exact arithmetic, so that bound gives that much slack. Costs of whole purchases (a cover, a quantity
  // tried) are the very figures a plan adds up, and need none.
  const lowerBound = lowerBoundOf(offers, offers.length);
  // Most parts stop here: the best single offer already costs what the cheapest prices could.
  if (lowerBound(0, need, -1) >= bound) return null;
  const end = searchWindows(offers, sharing, need, bound, maxNodes, lowerBound);
  if (end.stopped) return settleStopped(offers, need, bound, end, maxSweepSteps);
  return end.bestQty === null ? null : optimumOf(offers, end.bestQty, end.best, true);
}
