/**
 * The purchase plan: needs added up per part, offers chosen and converted into the user's currency, the bought
 * quantity allocated back to the lines, and the one summary every output shows.
 */
export { type Choice, type OverbuyReason, type Purchase, chooseOffers, leadOf } from './choose';
export { NO_OVERAGE, type LinePlan, type Overage, type PartNeed, type PartPlan, type PlanLineInput, type PlanOptions, allocateMicro, offersFromSources, planPart } from './plan';
export {
  SUMMARY_FORMATS,
  SUMMARY_TITLE,
  type Coverage,
  coverageOf,
  coverageText,
  type SummaryEntry,
  type SummarySheetRow,
  buildTotal,
  countsText,
  overbuysText,
  rateRowText,
  summaryEntries,
  summarySheetRows,
  summaryText,
} from './summary';
export { DEFAULT_OVERBUY_THRESHOLD, type OverbuyThreshold, isOverbuy, overbuyThreshold, readOverbuyMark } from './overbuy';
export { type Quote, quoteOffer, quotePart } from './quote';
export { type QuantityReasons, readQuantityReasons } from './quantity-note';
