/**
 * What the gateway refuses in its own words, as errors the routes and hooks throw: the one error handler
 * (errors.ts) turns each into its answer. None repeats the request's URL: its query can hold a login, an API key or
 * a password digest, and an upstream's address or a file path is nobody's business.
 */
import type { CatalogError } from '../src/catalog/errors';
import type { ErrorCode } from '../protocol/error-codes';
import { FORWARDED_METHOD } from './operations';
import type { UpstreamLookupFailure } from './list-search';

/** The short `error` word of each refusal the gateway words itself, and its stable code (protocol/error-codes.ts). */
export const REFUSAL_CODES = {
  'not found': 'PS_GATEWAY_NOT_FOUND',
  'method not allowed': 'PS_GATEWAY_METHOD_NOT_ALLOWED',
  'bad request target': 'PS_GATEWAY_BAD_REQUEST',
  'bad request': 'PS_GATEWAY_BAD_REQUEST',
  'gateway token rejected': 'PS_GATEWAY_TOKEN_REFUSED',
  'gateway token rate limit': 'PS_GATEWAY_TOKEN_RATE_LIMITED',
  'connection busy': 'PS_GATEWAY_CONNECTION_BUSY',
  'upstream busy': 'PS_GATEWAY_UPSTREAM_BUSY',
  'client gone': 'PS_GATEWAY_CLIENT_GONE',
  'upstream unreachable': 'PS_GATEWAY_UPSTREAM_UNREACHABLE',
  'upstream failed': 'PS_GATEWAY_UPSTREAM_UNREACHABLE',
  'upstream answer too large': 'PS_GATEWAY_UPSTREAM_TOO_LARGE',
  'gateway error': 'PS_GATEWAY_INTERNAL',
} as const satisfies Record<string, ErrorCode>;

export type RefusalWord = keyof typeof REFUSAL_CODES;

/**
 * A refusal the gateway words itself: its status, its short `error` word, its message and any headers it needs; its
 * answer carries the word's stable `code` too.
 */
export class GatewayRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: RefusalWord,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  get errorCode(): ErrorCode {
    return REFUSAL_CODES[this.error];
  }
}

/**
 * An error made without a stack: a refusal is an answer, not a fault, and capturing the stack of a request's
 * handler cost more CPU time than the rest of a refused request.
 */
function withoutStack<E extends Error>(make: () => E): E {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export const refusal = (status: number, error: RefusalWord, message: string, headers?: Record<string, string>) =>
  withoutStack(() => new GatewayRefusal(status, error, message, headers));

export const notFound = () => refusal(404, 'not found', 'The gateway has nothing at this address.');

export const methodNotAllowed = () =>
  refusal(405, 'method not allowed', `The gateway forwards ${FORWARDED_METHOD} requests only here.`, {
    allow: FORWARDED_METHOD,
  });

/** A request target the gateway will not read (target.ts says why, without repeating it). */
export const badTarget = (reason: string) => refusal(400, 'bad request target', reason);

/** A gateway token missing, unknown or over its limit (401, 429). */
export const tokenRefused = (
  status: number,
  error: 'gateway token rejected' | 'gateway token rate limit',
  message: string,
) => refusal(status, error, message);

/**
 * A cached list search that got no answer to send: the upstream's failure, passed on by the error handler (the
 * upstream's own answer when there is one, else the gateway's words).
 */
export class ItemLookupFailed extends Error {
  constructor(readonly failure: UpstreamLookupFailure | CatalogError) {
    super(failure.message);
  }
}

export const itemLookupFailed = (failure: UpstreamLookupFailure | CatalogError) =>
  withoutStack(() => new ItemLookupFailed(failure));

/**
 * A connection that already has as many requests under way as one client may have waiting at a gate: requests sent
 * one after another without waiting for their answers (pipelined), each of which could name another forwarded
 * address behind a proxy and so take a lane of its own.
 */
export const connectionBusy = (limit: number) =>
  refusal(
    503,
    'connection busy',
    `This connection already has ${limit} requests under way; wait for their answers before sending more.`,
    { 'retry-after': '1' },
  );
