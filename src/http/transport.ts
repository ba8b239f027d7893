import { PartsheetError } from '../errors';
/**
 * The one HTTP transport of the clients (catalog and checkout): a GET with a timeout and the caller's
 * cancel, that never keeps the caller waiting even when a fetch or a body stream ignores its signal.
 * Failures come out as TransportFailure; each client turns them into its own error type and words.
 */

/** Why a network failure happened, and whether it shows that nothing was sent. */
export interface NetworkReason {
  text: string;
  /** Only a failure to connect proves the request never left; anything else may come after it was sent. */
  notSent: boolean;
}

export type TransportFailureKind = 'cancelled' | 'timeout' | 'network';

export class TransportFailure extends PartsheetError {
  constructor(
    readonly kind: TransportFailureKind,
    /** `send`: no answer had started; `read`: the answer started and then broke. */
    readonly stage: 'send' | 'read',
    readonly reason: NetworkReason,
    cause: unknown,
  ) {
    super(reason.text, cause);
  }
}

/** Failures before a connection exists. Node's fetch puts the code in `cause.code` (or every `cause.errors[].code`). */
const NOT_SENT_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  ERR_INVALID_URL: 'invalid address',
};

const SENT_CODES: Record<string, string> = {
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_HEADERS_TIMEOUT: 'no answer',
  UND_ERR_BODY_TIMEOUT: 'answer stalled',
};

function codeOf(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Some fetch implementations quote the request address in their messages; the address carries the API key
 * or the password hash in its query, so a message never keeps a query or a credential's value.
 */
export function redactAddresses(text: string): string {
  return text
    .replace(/(https?:\/\/[^\s?#'"]*)[?#][^\s'"]*/g, '$1?…')
    .replace(/\b(apikey|apiKey|password|req|login|username)=[^&\s'"]*/g, '$1=…');
}

export function networkReason(e: unknown): NetworkReason {
  const reason = rawNetworkReason(e);
  return { ...reason, text: redactAddresses(reason.text) };
}

function rawNetworkReason(e: unknown): NetworkReason {
  const cause = (e as { cause?: unknown } | null | undefined)?.cause;
  const nested = (cause as { errors?: unknown } | null | undefined)?.errors;
  const codes = [codeOf(cause), ...(Array.isArray(nested) ? nested.map(codeOf) : [])].filter(
    (c): c is string => c !== undefined,
  );
  if (codes.length > 0 && codes.every((c) => c in NOT_SENT_CODES))
    return { text: NOT_SENT_CODES[codes[0]], notSent: true };
  const causeMessage = (cause as { message?: unknown } | null | undefined)?.message;
  if (causeMessage === 'bad port') return { text: 'that port is blocked for web requests', notSent: true };
  const offline = (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;
  if (offline) return { text: 'this computer is offline', notSent: true };
  if (codes.length > 0) return { text: SENT_CODES[codes[0]] ?? NOT_SENT_CODES[codes[0]] ?? codes[0], notSent: false };
  if (typeof causeMessage === 'string' && causeMessage) return { text: causeMessage, notSent: false };
  const message = (e as { message?: unknown } | null | undefined)?.message;
  return { text: typeof message === 'string' && message ? message : 'network error', notSent: false };
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

export interface FetchTextOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Decides from the status and headers alone; an error returned here is thrown and the body is not read. */
  beforeBody?: (response: Response) => Error | undefined;
}

/** GET `url` and read the whole answer as text, within `timeoutMs` and the caller's signal. */
export async function fetchText(url: string, options: FetchTextOptions): Promise<{ response: Response; body: string }> {
  const { signal } = options;
  if (signal?.aborted)
    throw new TransportFailure('cancelled', 'send', { text: 'cancelled', notSent: true }, signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    // The fetch learns why it was stopped: a timeout, not the caller's cancel (which aborts with the caller's reason).
    controller.abort(new DOMException(`no answer within ${formatDuration(options.timeoutMs)}`, 'TimeoutError'));
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  stopped.catch(() => undefined);
  const failure = (e: unknown, stage: 'send' | 'read'): TransportFailure => {
    if (signal?.aborted) return new TransportFailure('cancelled', stage, { text: 'cancelled', notSent: false }, e);
    if (timedOut)
      return new TransportFailure(
        'timeout',
        stage,
        { text: `no answer within ${formatDuration(options.timeoutMs)}`, notSent: false },
        e,
      );
    const reason = networkReason(e);
    return new TransportFailure('network', stage, stage === 'read' ? { ...reason, notSent: false } : reason, e);
  };
  try {
    let response: Response;
    try {
      response = await Promise.race([
        options.fetch(url, { method: 'GET', headers: options.headers, signal: controller.signal }),
        stopped,
      ]);
    } catch (e) {
      throw failure(e, 'send');
    }
    const early = options.beforeBody?.(response);
    if (early) {
      response.body?.cancel().catch(() => undefined);
      throw early;
    }
    try {
      return { response, body: await Promise.race([response.text(), stopped]) };
    } catch (e) {
      throw failure(e, 'read');
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}
