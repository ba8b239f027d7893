import { KindError } from '../errors';
import type { ErrorCode } from '../../protocol/error-codes';
/**
 * The one error type of the pricing module. Pricing only throws for inputs a caller can fix
 * (a quantity that is not a whole number, a price that is not a number); an offer that cannot be
 * priced is an answer (`NoOffer`, `unitPrice: null`), never an exception.
 */
export type PricingErrorKind =
  /** A quantity that is not a whole number in range. */
  | 'invalid-quantity'
  /** A unit price or amount that is not a finite number ≥ 0. */
  | 'invalid-price';

/** Each kind's stable code (protocol/error-codes.ts). */
const PRICING_CODES: Record<PricingErrorKind, ErrorCode> = {
  'invalid-quantity': 'PS_PRICING_INVALID_QUANTITY',
  'invalid-price': 'PS_PRICING_INVALID_PRICE',
};

export class PricingError extends KindError<PricingErrorKind> {
  override readonly name = 'PricingError';
  protected override get codes() {
    return PRICING_CODES;
  }
}

export function isPricingError(e: unknown): e is PricingError {
  return e instanceof PricingError;
}
