import type { Offer } from '../catalog/model';
import { PricingError } from './errors';

/** Throws the buyer-facing PricingError unless `qty` is a whole number ≥ 1. */
export function assertQuantity(qty: number): void {
  if (typeof qty !== 'number' || !Number.isSafeInteger(qty) || qty < 1) {
    throw new PricingError('invalid-quantity', 'Quantity must be a whole number ≥ 1');
  }
}

/** A model count that should be ≥ 1 (MOQ, pack size); anything else is read as 1, "no constraint". */
export function positiveCount(n: number): number {
  return typeof n === 'number' && Number.isFinite(n) && n >= 1 ? Math.ceil(n) : 1;
}

/**
 * The quantity a buyer must order to get `need` parts: at least the MOQ, rounded up to a whole number
 * of packs. When the MOQ is not itself a multiple of the pack size, `max(need, moq)` is rounded up to
 * the pack size, so the result is the smallest multiple of `packSize` that is ≥ need and ≥ moq.
 */
export function orderQuantity(need: number, offer: Pick<Offer, 'moq' | 'packSize'>): number {
  assertQuantity(need);
  const moq = positiveCount(offer.moq);
  const pack = positiveCount(offer.packSize);
  const wanted = Math.max(need, moq);
  return Math.ceil(wanted / pack) * pack;
}

/**
 * The largest quantity that can be ordered within `limit` (an offer's stock): whole packs, at least the MOQ; 0 when
 * the limit is below the MOQ.
 */
export function largestOrderWithin(limit: number, offer: Pick<Offer, 'moq' | 'packSize'>): number {
  const pack = positiveCount(offer.packSize);
  const within = Math.floor(Math.max(0, limit) / pack) * pack;
  return within >= positiveCount(offer.moq) ? within : 0;
}
