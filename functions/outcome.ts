/**
 * What a PARTS function answers in a cell: a value, or a Failure (an Excel error code and the words for the buyer),
 * and the failure each kind of lookup error becomes.
 */
import { isCatalogError, type CatalogError } from '../src/catalog/errors';
import { isSettingsError } from '../src/settings';
import { type CellFailureKind, type CellFailureNote, FAILURE_WORDS, rateLimitWords, staleWords } from '../src/lookup';

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
export const FAILURE_KINDS = FAILURE_WORDS;

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

/** What a failure knows beside its words: its kind, a rate limit's wait, a stale value's time. */
export type FailureFacts = Omit<CellFailureNote, 'message'>;

/**
 * A value that could not be computed: the error code, the words for the buyer, and the kind and facts behind them
 * (what the cell record keeps: the pane never reads the words back).
 */
export class Failure {
  readonly facts: FailureFacts;
  constructor(
    readonly code: CellErrorCode,
    readonly message: string,
    facts: FailureFacts = { kind: 'other' },
  ) {
    this.facts = facts;
  }

  get kind(): CellFailureKind {
    return this.facts.kind;
  }
}

export const notAvailable = (message: string, facts: FailureFacts = { kind: 'other' }) =>
  new Failure('#N/A', message, facts);
export const invalid = (message: string) => new Failure('#VALUE!', message, { kind: 'invalid' });

/** The failure of a call still waiting at the deadline. */
export const noAnswer = (ms: number) => notAvailable(noAnswerMessage(ms), { kind: 'unreachable' });

/** A failure of a kind that has its words in FAILURE_KINDS: those words, then `rest` (": XYZ", " — retry shortly"). */
export function failure(
  kind: keyof typeof FAILURE_KINDS,
  rest: string,
  facts: Omit<FailureFacts, 'kind'> = {},
): Failure {
  return notAvailable(`${FAILURE_KINDS[kind]}${rest}`, { kind, ...facts });
}

export type Outcome = CellValue | Failure;

export function isCellValue(v: unknown): v is CellValue {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** The kind of failure a lookup error is, and a rate limit's wait. */
function lookupFacts(error: CatalogError): FailureFacts {
  switch (error.kind) {
    case 'rate-limited': {
      const wait = error.details.retryAfterMs;
      return wait !== undefined && Number.isFinite(wait) && wait > 0
        ? { kind: 'rateLimited', retryAfterS: Math.ceil(wait / 1000) }
        : { kind: 'rateLimited' };
    }
    case 'auth':
      return { kind: 'refused' };
    case 'cancelled':
      return { kind: 'other' };
    case 'rejected':
      return { kind: 'invalid' };
    default:
      return { kind: 'unreachable' };
  }
}

/** The failure a lookup error becomes in a cell. */
export function lookupFailure(error: CatalogError): Failure {
  return notAvailable(lookupFailureMessage(error), lookupFacts(error));
}

/** Whether a lookup error is the service failing (not the request's fault): a cell then shows its last known value. */
export function serviceFailed(error: CatalogError): boolean {
  return error.kind !== 'rejected' && error.kind !== 'cancelled';
}

/** The words of the failure a lookup error becomes in a cell. */
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
    case 'rate-limited':
      return rateLimitWords(lookupFacts(error).retryAfterS);
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
  if (isCatalogError(e)) return lookupFailure(e);
  if (isSettingsError(e)) return notAvailable(e.message);
  const message = e instanceof Error && e.message ? e.message : String(e);
  return notAvailable(`Partsheet failed: ${message}`);
}

/**
 * The service failed (`why`) but an earlier answer is kept: the cell says the value that answer gives and when it
 * was looked up, and keeps the kind of the failure's wait (a rate limit's) among its facts.
 */
export function staleFailure(value: CellValue | null, asOf: number, why: Failure): Failure {
  const was = value === null ? '' : ` was ${String(value)}`;
  return notAvailable(`${staleWords(asOf)}${was} — ${why.message}`, {
    kind: 'stale',
    staleAsOf: asOf,
    ...(why.facts.retryAfterS !== undefined ? { retryAfterS: why.facts.retryAfterS } : {}),
  });
}
