import type { Offer, Part, PriceBreak } from '../catalog/model';
import { assertQuantity } from './quantity';
import { uniqueOffers } from './stock';

export type NoPriceReason =
  /** The offer publishes no price (call for quote). */
  | 'quote-only'
  /** The quantity is below the first tier's minQty: no published price for it. */
  | 'below-first-break'
  /** The quantity falls in a gap between tiers (tiers are normally contiguous, so this is a data fault). */
  | 'no-tier';

export type PriceAtQuantity = { unitPrice: number; tier: PriceBreak } | { unitPrice: null; reason: NoPriceReason };

/** Breaks ordered by minQty, without touching the offer. */
export function sortedBreaks(breaks: readonly PriceBreak[]): PriceBreak[] {
  // Copied by a loop, not spread: a copy of one kind of array whoever makes it (see chooseOffers in src/plan).
  const copy: PriceBreak[] = [];
  for (let i = 0; i < breaks.length; i++) copy.push(breaks[i]);
  return copy.sort((a, b) => a.minQty - b.minQty || a.maxQty - b.maxQty);
}

/**
 * Each breaks array sorted once: an offer is priced at many quantities (the plan's candidates, every scenario), and
 * a repriced offer gets a new breaks array, never an edited one. The tiers are the offer's own objects.
 */
const sortedOnce = new WeakMap<readonly PriceBreak[], PriceBreak[]>();

export function sortedBreaksOf(breaks: readonly PriceBreak[]): PriceBreak[] {
  let sorted = sortedOnce.get(breaks);
  if (sorted === undefined) {
    sorted = sortedBreaks(breaks);
    sortedOnce.set(breaks, sorted);
  }
  return sorted;
}

/**
 * The unit price at `qty`: the tier whose `[minQty, maxQty]` contains it. The first tier may start
 * below the MOQ (MOQ 291, first tier from 66); the price is the tier's, whatever the MOQ. A quantity
 * below the first tier has no published price. Should tiers overlap, the one that starts latest wins.
 * Throws PricingError unless `qty` is a whole number ≥ 1.
 */
export function priceAtQuantity(offer: Pick<Offer, 'breaks' | 'quoteOnly'>, qty: number): PriceAtQuantity {
  assertQuantity(qty);
  if (offer.quoteOnly || offer.breaks.length === 0) return { unitPrice: null, reason: 'quote-only' };
  const breaks = sortedBreaksOf(offer.breaks);
  if (qty < breaks[0].minQty) return { unitPrice: null, reason: 'below-first-break' };
  let found: PriceBreak | undefined;
  for (const tier of breaks) {
    if (tier.minQty <= qty && qty <= tier.maxQty) found = tier;
  }
  return found ? { unitPrice: found.price, tier: found } : { unitPrice: null, reason: 'no-tier' };
}

export interface PriceBreakRow {
  /** Source code (`MARKETPLACE`, `ACNA`…). */
  source: string;
  sourceName: string;
  sourcePartId: string;
  currency: string;
  minQty: number;
  /** `null` for the open-ended last tier. */
  maxQty: number | null;
  price: number;
}

/**
 * One row per price break of every offer, for "Price breaks" sheets and the PARTS.BREAKS spill:
 * offers in the order given (the same sourcePartId once), breaks by ascending minQty.
 * Quote-only offers have no rows.
 */
export function priceBreaksTable(part: Pick<Part, 'offers'> | readonly Offer[]): PriceBreakRow[] {
  const offers = uniqueOffers(Array.isArray(part) ? part : (part as Pick<Part, 'offers'>).offers);
  const rows: PriceBreakRow[] = [];
  for (const offer of offers) {
    for (const tier of sortedBreaksOf(offer.breaks)) {
      rows.push({
        source: offer.sourceCode,
        sourceName: offer.sourceName,
        sourcePartId: offer.sourcePartId,
        currency: offer.currency,
        minQty: tier.minQty,
        maxQty: Number.isFinite(tier.maxQty) ? tier.maxQty : null,
        price: tier.price,
      });
    }
  }
  return rows;
}
