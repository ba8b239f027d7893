/**
 * The purchase plan: needs added up per part, offers chosen and converted into the user's currency, the bought
 * quantity allocated back to the lines, and the overbuy threshold.
 */
export { type Choice, type OverbuyReason, type Purchase, chooseOffers, leadOf } from './choose';
export {
  NO_OVERAGE,
  type LinePlan,
  type Overage,
  type PartNeed,
  type PartPlan,
  type PlanLineInput,
  type PlanOptions,
  allocateMicro,
  offersFromSources,
  planPart,
} from './plan';
export { DEFAULT_OVERBUY_THRESHOLD, type OverbuyThreshold, isOverbuy, overbuyThreshold } from './overbuy';
export { type LineMarks, overbuyMarkOf, overbuyWords } from './marks';
export { type Quote, quoteOffer, quotePart } from './quote';
export { type QuantityReasons, readQuantityReasons } from './quantity-note';
export { PlanError, isPlanError } from './errors';
export { type LinePlanRecord, type PlannedItem, marksOf, readLinePlanRecord, storedPlan } from './record';
