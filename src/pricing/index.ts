/**
 * Pricing: order quantity (MOQ, pack size), price at quantity, extended cost, stock without double
 * counting, price-break tables, per-currency totals and exchange rates learned from the service (the offer
 * choice itself is the plan's, src/plan). Pure; runs in the browser and Node.
 */
export { PricingError, isPricingError, type PricingErrorKind } from './errors';
export { orderQuantity } from './quantity';
export {
  priceAtQuantity,
  priceBreaksTable,
  type NoPriceReason,
  type PriceAtQuantity,
  type PriceBreakRow,
} from './tiers';
export { extendedCost, formatAmount, sumByCurrency } from './money';
export { freeStock, stockOf, uniqueOffers } from './stock';
export {
  RateBook,
  baseOnly,
  convertMicro,
  describeRate,
  rateFromAnswers,
  rateOf,
  tokenSearchProbe,
  type Rate,
  type RateTable,
} from './rates';
