/**
 * An offer as the lowest-cost search sees it (optimum.ts, and the sweep of optimum-sweep.ts): its segments of
 * quantities at one price, its pack, its conversion rate and what it can sell at most; and a quantity bought of it.
 */
import type { Offer } from '../catalog/model';

/** Quantities lo, lo + pack, …, hi, all at one unit price (micro-units of the offer's currency). */
export interface Segment {
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

export interface Bought {
  model: OfferModel;
  qty: number;
}
