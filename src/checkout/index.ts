/**
 * The checkout client: request building, SHA-256 passwords, validation before sending, OrderPlaced parsing,
 * placing an order, and the catalogue of checkout errors in a buyer's words. Runs in the browser and in Node.
 */
export { CheckoutError, isCheckoutError, type CheckoutErrorDetails, type CheckoutErrorKind } from './errors';
export {
  ADDED_CODES,
  AUTH_CODES,
  CHECKOUT_ERROR_MESSAGES,
  describeProblem,
  DOCUMENTED_CODES,
  isKnownCode,
  ORDER_EXISTS_CODES,
  RETRY_SAFE_CODES,
  type CheckoutErrorCode,
  type CheckoutProblem,
  type ErrorText,
} from './problems';
export { hashPassword, isPasswordHash } from './password';
export {
  ADDRESS_SUFFIXES,
  buildCheckoutUrl,
  buildSubmitCreatedUrl,
  CHECKOUT_PATH,
  checkoutParameters,
  type AddressFields,
  type AddressSuffix,
  type CheckoutFormat,
  type CheckoutLine,
  type CheckoutRequest,
  type SubmitCreatedRequest,
} from './request';
export {
  ADDRESS_TYPES,
  FREIGHT_FORWARDER,
  isCountryCode,
  MARKETPLACE,
  MAX_ADDRESS_FIELD,
  MAX_LINES,
  MAX_LIST_TEXT,
  MAX_PO_NUMBER,
  MAX_QUANTITY,
  MAX_TEXT,
  parseAddressType,
  STATE_REQUIRED_COUNTRIES,
  validateCheckout,
  type AddressType,
} from './validate';
export {
  isoDate,
  parseOrderPlaced,
  parseTiers,
  serverErrorProblems,
  type OrderResult,
  type OrderTier,
  type ProcessedLine,
} from './parse';
export { DEFAULT_CHECKOUT_TIMEOUT_MS, placeOrder, submitCreatedOrder, type CheckoutConfig } from './client';
