import { KindError } from '../errors';
import type { ErrorCode } from '../../protocol/error-codes';
/**
 * The one error type of the catalog boundary. Every failure of a catalog call — network, HTTP status,
 * envelope `success: false`, unreadable body, timeout — becomes a CatalogError with a kind that code can
 * act on and a message a buyer understands.
 */
export type CatalogErrorKind =
  /** The service could not be reached (DNS, refused, reset, offline). Retryable. */
  | 'unreachable'
  /**
   * The host answers, but the browser blocked the answer: the service sends no CORS headers for this page's origin.
   * Not retryable: it needs the gateway (or JSONP for searches).
   */
  | 'blocked'
  /** No answer within the configured time. Retryable. */
  | 'timeout'
  /** HTTP 429, or 503 with rate-limit headers: too many requests. Retryable after `retryAfterMs`. */
  | 'rate-limited'
  /** HTTP 5xx other than the above: the service is down or failing. Retryable. */
  | 'unavailable'
  /** HTTP 401/403, or an envelope saying the login or API key is wrong. Not retryable. */
  | 'auth'
  /** The envelope says `success: false` for another reason (bad parameter, too many parts…). Not retryable. */
  | 'rejected'
  /** The body is not a readable answer (malformed, truncated, wrong shape). Not retryable. */
  | 'malformed'
  /** The caller cancelled. */
  | 'cancelled';

/** Each kind's stable code (protocol/error-codes.ts). */
const CATALOG_CODES: Record<CatalogErrorKind, ErrorCode> = {
  unreachable: 'PS_CATALOG_UNREACHABLE',
  blocked: 'PS_CATALOG_BLOCKED',
  timeout: 'PS_CATALOG_TIMEOUT',
  'rate-limited': 'PS_CATALOG_RATE_LIMITED',
  unavailable: 'PS_CATALOG_UNAVAILABLE',
  auth: 'PS_CATALOG_AUTH',
  rejected: 'PS_CATALOG_REJECTED',
  malformed: 'PS_CATALOG_MALFORMED',
  cancelled: 'PS_CATALOG_CANCELLED',
};

export class CatalogError extends KindError<CatalogErrorKind> {
  override readonly name = 'CatalogError';
  protected override get codes() {
    return CATALOG_CODES;
  }

  constructor(
    kind: CatalogErrorKind,
    message: string,
    readonly details: {
      /** HTTP status, when there was an answer. */
      status?: number;
      /** Item-service `returnCode`, when the envelope said so. */
      returnCode?: string;
      /** How long the service asked us to wait (rate limiting), in milliseconds. */
      retryAfterMs?: number;
      /** The underlying error, for logs; never shown to the buyer. */
      cause?: unknown;
    } = {},
  ) {
    super(kind, message, details.cause);
  }

  /** Whether trying the same request again later may succeed. */
  get retryable(): boolean {
    return (
      this.kind === 'unreachable' ||
      this.kind === 'timeout' ||
      this.kind === 'rate-limited' ||
      this.kind === 'unavailable'
    );
  }
}

export function isCatalogError(e: unknown): e is CatalogError {
  return e instanceof CatalogError;
}
