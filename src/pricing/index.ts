/**
 * Pricing: order quantity (MOQ, pack size), price at quantity, extended cost, stock without double
 * counting, the best offer, price-break tables and per-currency totals. Pure; runs in the browser and Node.
 */
export { PricingError, isPricingError, type PricingErrorKind } from './errors';
export { orderQuantity } from './quantity';
export { priceAtQuantity, priceBreaksTable, type NoPriceReason, type PriceAtQuantity, type PriceBreakRow } from './tiers';
export { extendedCost, formatAmount, sumByCurrency } from './money';
export { freeStock, stockOf, uniqueOffers } from './stock';
export {
  bestOffer,
  type BestOffer,
  type BestOfferOptions,
  type CheaperHint,
  type NoOffer,
  type NoOfferReason,
} from './best-offer';
