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
/**
 * Each failing cell's message starts with its kind, the same words whatever the function: "Not found", "Ambiguous",
 * "Rate limited", "Quota or login refused", "Service unreachable", "No price", and after it what to do.
 */
export const FAILURE_KINDS = {
  notFound: 'Not found',
  ambiguous: 'Ambiguous',
  rateLimited: 'Rate limited',
  refused: 'Quota or login refused',
  unreachable: 'Service unreachable',
  noPrice: 'No price',
} as const;

export const MESSAGES = {
  unreachable: `${FAILURE_KINDS.unreachable}: the parts service cannot be reached`,
  auth: `${FAILURE_KINDS.refused}: API key rejected — open Partsheet settings`,
  gatewayToken: `${FAILURE_KINDS.refused}: gateway token rejected — open Partsheet settings`,
  blocked: `${FAILURE_KINDS.unreachable}: blocked by the browser, the parts service sends no CORS headers — run the Partsheet gateway, or turn on JSONP searches in settings`,
  quantity: 'Quantity must be a whole number ≥ 1',
  quoteOnly: `${FAILURE_KINDS.noPrice}: quote only`,
} as const;

/** What a cell says when its call is still waiting at the deadline: the service did not answer in time. */
export function noAnswerMessage(ms: number): string {
  return `${FAILURE_KINDS.unreachable}: no answer in ${Math.ceil(ms / 1000)} s — recalculate to try again`;
}

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
      return `${FAILURE_KINDS.unreachable}: no answer in time — recalculate to try again`;
    case 'unavailable':
      return `${FAILURE_KINDS.unreachable}: the parts service is failing — try again later`;
    case 'rate-limited': {
      const wait = error.details.retryAfterMs;
      return wait !== undefined && Number.isFinite(wait) && wait > 0
        ? `${FAILURE_KINDS.rateLimited} — retry after ${Math.ceil(wait / 1000)} s`
        : `${FAILURE_KINDS.rateLimited} — retry shortly`;
    }
    case 'auth':
      return /gateway token rejected/.test(error.message) ? MESSAGES.gatewayToken : MESSAGES.auth;
    case 'cancelled':
      return 'Lookup cancelled — recalculate to try again';
    case 'malformed':
      return `${FAILURE_KINDS.unreachable}: its answer was unreadable — try again later`;
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
