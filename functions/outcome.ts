/**
 * What a PARTS function answers in a cell: a value, or a Failure (an Excel error code and the words for the buyer),
 * and the failure each kind of lookup error becomes.
 */
import { isCatalogError, type CatalogError } from '../src/catalog/errors';
import { isSettingsError } from '../src/settings';

/** The two errors that carry a message in Excel. */
export type CellErrorCode = '#N/A' | '#VALUE!';

export type CellValue = string | number | boolean;

/** Builds the host's error value (CustomFunctions.Error in Excel). */
export type ErrorFactory<E> = (code: CellErrorCode, message: string) => E;

export type Grid<E> = Array<Array<CellValue | E>>;
export const MESSAGES = {
  unreachable: 'Parts service unreachable',
  auth: 'API key rejected — open Partsheet settings',
  gatewayToken: 'Gateway token rejected — open Partsheet settings',
  blocked:
    'Blocked by the browser: the parts service sends no CORS headers — run the Partsheet gateway, or turn on JSONP searches in settings',
  quantity: 'Quantity must be a whole number ≥ 1',
  quoteOnly: 'No price: quote only',
} as const;

/** A value that could not be computed: the error code and the words for the buyer. */
export class Failure {
  constructor(
    readonly code: CellErrorCode,
    readonly message: string,
  ) {}
}

export const notAvailable = (message: string) => new Failure('#N/A', message);
export const invalid = (message: string) => new Failure('#VALUE!', message);

export type Outcome = CellValue | Failure;

/** The failure a lookup error becomes in a cell. */
export function lookupFailureMessage(error: CatalogError): string {
  switch (error.kind) {
    case 'unreachable':
      return MESSAGES.unreachable;
    case 'blocked':
      return MESSAGES.blocked;
    case 'timeout':
      return `${MESSAGES.unreachable}: no answer in time`;
    case 'unavailable':
      return 'Parts service unavailable — try again later';
    case 'rate-limited':
      return 'Parts service busy — try again shortly';
    case 'auth':
      return /gateway token rejected/.test(error.message) ? MESSAGES.gatewayToken : MESSAGES.auth;
    case 'cancelled':
      return 'Lookup cancelled — recalculate to try again';
    case 'malformed':
      return 'Parts service answer unreadable — try again later';
    case 'rejected':
      return error.message;
  }
}

export function failureOf(e: unknown): Failure {
  if (e instanceof Failure) return e;
  if (isCatalogError(e)) return notAvailable(lookupFailureMessage(e));
  if (isSettingsError(e)) return notAvailable(e.message);
  const message = e instanceof Error && e.message ? e.message : String(e);
  return notAvailable(`Partsheet failed: ${message}`);
}
