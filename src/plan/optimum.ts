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
 * Bounded work. Offers with equal packs give windows of one quantity per segment end, and small needs leave few
 * quantities below the need, so a typical part takes a few dozen steps. Offers with very unlike packs (1 and a
 * reel of 5,000) widen the windows, and many offers multiply them: the search stops after MAX_NODES steps and the
 * best plan found so far is kept, marked as not proven (`exhaustive: false`).
 *
 * Amounts here are plain numbers of micro-units of the user's currency, exact below 2^53 micro-units
 * (9 billion in the currency), far above any part's cost; the chosen plan is priced again exactly by its caller.
 */
import type { Offer } from '../catalog/model';
import { positiveCount } from '../pricing/quantity';
import { type RateTable, rateOf } from '../pricing/rates';
import { stockCount } from '../pricing/stock';
import { priceAtQuantity } from '../pricing/tiers';

/** Quantities lo, lo + pack, …, hi, all at one unit price (micro-units of the offer's currency). */
interface Segment {
  lo: number;
  hi: number;
  priceMicro: number;
}

/** An offer as the search sees it. */
export interface OfferModel {
  offer: Offer;
  pack: number;
  /** Units of the user's currency per unit of the offer's. */
  rate: number;
  segments: Segment[];
  /** The most it can sell (its stock at MOQ, packs and a price); 0 when nothing. */
  cap: number;
  /** Its lowest unit price, converted, micro-units: what a lower bound may assume. */
  minUnit: number;
}

/** Steps of the depth-first search per part before it settles for the best plan found. */
export const MAX_NODES = 20_000;

function ceilTo(n: number, step: number): number {
  return Math.ceil(n / step) * step;
}

/** The offer's segments: between consecutive break edges the price is one tier's; MOQ, packs and stock cut them. */
function segmentsOf(offer: Offer, pack: number, moq: number, stock: number): Segment[] {
  if (offer.quoteOnly || offer.breaks.length === 0) return [];
  const edges = new Set<number>([1]);
  for (const tier of offer.breaks) {
    if (Number.isFinite(tier.minQty)) edges.add(Math.max(1, Math.ceil(tier.minQty)));
    if (Number.isFinite(tier.maxQty) && tier.maxQty >= 1) edges.add(Math.floor(tier.maxQty) + 1);
  }
  const sorted = [...edges].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let k = 0; k < sorted.length; k++) {
    const end = k + 1 < sorted.length ? sorted[k + 1] - 1 : Number.POSITIVE_INFINITY;
    const lo = ceilTo(Math.max(sorted[k], moq), pack);
    const hi = Math.floor(Math.min(end, stock) / pack) * pack;
    if (lo > hi) continue;
    // Every whole quantity between two edges lies in the same tiers, so the price at lo is the segment's.
    const price = priceAtQuantity(offer, lo);
    if (price.unitPrice === null || !Number.isFinite(price.unitPrice) || price.unitPrice < 0) continue;
    out.push({ lo, hi, priceMicro: Math.round(price.unitPrice * 1e6) });
  }
  return out;
}

/** The search's view of an offer; null when it has no rate into the user's currency. */
export function offerModel(offer: Offer, rates: RateTable): OfferModel | null {
  const rate = rateOf(rates, offer.currency);
  if (rate === null) return null;
  const pack = positiveCount(offer.packSize);
  const segments = segmentsOf(offer, pack, positiveCount(offer.moq), stockCount(offer));
  const cap = segments.length > 0 ? Math.max(...segments.map((s) => s.hi)) : 0;
  const minUnit = segments.length > 0 ? Math.min(...segments.map((s) => s.priceMicro * rate)) : Number.POSITIVE_INFINITY;
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
  let best: { qty: number; cost: number } | null = null;
  const wanted = ceilTo(need, model.pack);
  for (const s of model.segments) {
    const qty = Math.max(s.lo, wanted);
    if (qty > s.hi) continue;
    const cost = costOf(model, qty)!;
    if (best === null || cost < best.cost || (cost === best.cost && qty < best.qty)) best = { qty, cost };
  }
  return best;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** The quantities an offer that is not the free one may buy (see the module note), ascending, 0 left out. */
function windowQuantities(model: OfferModel, window: number): number[] {
  const out = new Set<number>();
  for (const s of model.segments) {
    const steps = (s.hi - s.lo) / model.pack;
    if (steps < 2 * window) {
      for (let q = s.lo; q <= s.hi; q += model.pack) out.add(q);
      continue;
    }
    for (let t = 0; t < window; t++) {
      out.add(s.lo + t * model.pack);
      out.add(s.hi - t * model.pack);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** One offer's quantity in a plan. */
export interface Pick {
  model: OfferModel;
  qty: number;
}

export interface Optimum {
  picks: Pick[];
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

/**
 * The cheapest plan that covers `need` from the offers, or, when even all of them together cannot, every offer's
 * most (the only plan that buys the most). `bound`: a cost the plan must beat (a single offer's, found by the
 * caller with its own tie rules); when nothing beats it, null is returned. Offers are taken in a fixed order
 * (cheapest unit price, then sourcePartId), so the answer never depends on the order they arrive in.
 */
export function lowestCost(models: readonly OfferModel[], need: number, bound = Number.POSITIVE_INFINITY, maxNodes = MAX_NODES): Optimum | null {
  const offers = models
    .filter((m) => m.cap > 0)
    .sort((a, b) => a.minUnit - b.minUnit || compareText(a.offer.sourcePartId, b.offer.sourcePartId));
  const n = offers.length;
  if (n === 0) return null;
  const capacity = offers.reduce((a, m) => a + m.cap, 0);
  if (capacity < need) {
    const picks = offers.map((model) => ({ model, qty: model.cap }));
    return { picks, cost: picks.reduce((a, p) => a + costOf(p.model, p.qty)!, 0), covers: false, exhaustive: true };
  }

  const windows = offers.map((m, i) => {
    let w = 1;
    offers.forEach((o, j) => {
      if (j !== i) w = Math.max(w, o.pack / gcd(m.pack, o.pack));
    });
    return w;
  });
  const quantities = offers.map((m, i) => windowQuantities(m, windows[i]));
  const costs = quantities.map((qs, i) => qs.map((q) => costOf(offers[i], q)!));
  // Conversion rounds each purchase once: a plan of n purchases may cost up to n/2 micro-units under the bound's
  // exact arithmetic, so the bound gives that much slack before it cuts.
  const slack = n;

  let best = bound;
  let bestQty: number[] | null = null;
  let nodes = 0;
  let stopped = false;
  const qty = new Array<number>(n).fill(0);

  /** The least the offers from `from` on (and the free one) could pay for `left`, filling at their lowest prices. */
  function lowerBound(from: number, left: number, free: number): number {
    let lb = 0;
    let freeUsed = free < 0;
    for (let j = from; j <= n && left > 0; j++) {
      if (!freeUsed && (j === n || offers[free].minUnit <= offers[j].minUnit)) {
        const take = Math.min(left, offers[free].cap);
        lb += take * offers[free].minUnit;
        left -= take;
        freeUsed = true;
        j--;
        continue;
      }
      if (j === n) break;
      const take = Math.min(left, offers[j].cap);
      lb += take * offers[j].minUnit;
      left -= take;
    }
    return left > 0 ? Number.POSITIVE_INFINITY : lb;
  }

  function record(cost: number, free: number, freeQty: number): void {
    if (cost >= best) return;
    best = cost;
    bestQty = [...qty];
    if (free >= 0) bestQty[free] = freeQty;
  }

  function visit(i: number, left: number, cost: number, free: number): void {
    if (stopped) return;
    if (++nodes > maxNodes) {
      stopped = true;
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
    if (cost + lowerBound(i, left, free) - slack >= best) return;
    if (free < 0) visit(i + 1, left, cost, i);
    const qs = quantities[i];
    const cs = costs[i];
    // Largest first: the cheap offers are tried buying much, which finds good plans early and cuts more.
    let k = qs.length - 1;
    while (k >= 0 && qs[k] >= left) k--;
    for (; k >= 0 && !stopped; k--) {
      qty[i] = qs[k];
      visit(i + 1, left - qs[k], cost + cs[k], free);
    }
    qty[i] = 0;
    visit(i + 1, left, cost, free);
  }

  visit(0, need, 0, -1);
  if (bestQty === null) return null;
  const chosen: number[] = bestQty;
  const picks = offers.map((model, i) => ({ model, qty: chosen[i] })).filter((p) => p.qty > 0);
  return { picks, cost: best, covers: true, exhaustive: !stopped };
}
