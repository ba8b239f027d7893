/**
 * How a server of this project (the reference service, and the gateway in front of the real one) bounds what one
 * caller may ask of it: a token bucket per caller, and the `X-RateLimit-*` headers that report it. Here, not in the
 * service, so the gateway uses the same rules without depending on the reference service.
 */
import { createHash } from 'node:crypto';

/** Requests per minute per login when `--rate-limit` is not given: far above what the add-in or a benchmark sends. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600_000;

/** The answer for one request: whether it may proceed, and the figures the `X-RateLimit-*` headers report. */
export interface RateDecision {
  allowed: boolean;
  /** Requests per window (a minute, or a second) allowed to this key. */
  limit: number;
  /** Requests this key may still send at once (whole tokens left after this one). */
  remaining: number;
  /** Seconds until the bucket is full again (`X-RateLimit-Reset`). */
  resetSeconds: number;
  /** Seconds until the next request would be allowed (`Retry-After`); 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiterOptions {
  /** Requests per window per key; 0 turns limiting off. */
  limit: number;
  /** The window the limit counts over: one minute (the default), one second, or a number of seconds. */
  window?: RateWindow;
  /** Most keys remembered; beyond it the least recently seen are forgotten. */
  maxKeys?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** A minute, a second, or `{ seconds: n }`: a quota that refills over that many whole seconds. */
export type RateWindow = 'minute' | 'second' | { seconds: number };
const WINDOW_MS = { minute: 60_000, second: 1_000 } as const;

/** A window in words, after "at most N": "a minute", "a second", "every 5 s". */
function perWindow(window: RateWindow): string {
  return typeof window === 'string' ? `a ${window}` : `every ${window.seconds} s`;
}
/** Keys longer than this are remembered by their digest, so that a huge login costs no more memory than a short one. */
const MAX_KEY_LENGTH = 128;
const DEFAULT_MAX_KEYS = 100_000;

/**
 * A token bucket per key (a login, a checkout username, or the client address when neither is given): each holds
 * up to `limit` tokens, refilled continuously at `limit` per window, and a request takes one. The state is
 * in memory and bounded: a bucket idle for a window is full again, which is the same as no bucket, so it is
 * dropped; and at most `maxKeys` buckets are kept, the least recently used going first.
 */
export class RateLimiter {
  readonly limit: number;
  readonly window: RateWindow;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  /** In order of last use: the first entries are the idlest. */
  private readonly buckets = new Map<string, Bucket>();
  private readonly ratePerMs: number;

  constructor(options: RateLimiterOptions) {
    this.window = options.window ?? 'minute';
    const window = this.window;
    if (!Number.isInteger(options.limit) || options.limit < 0) {
      throw new RangeError(
        `the rate limit must be a whole number of requests ${perWindow(window)}, 0 or more; got ${options.limit}`,
      );
    }
    if (typeof window !== 'string' && (!Number.isInteger(window.seconds) || window.seconds < 1))
      throw new RangeError(
        `the rate limit's window must be a whole number of seconds, 1 or more; got ${window.seconds}`,
      );
    this.limit = options.limit;
    this.windowMs = typeof window === 'string' ? WINDOW_MS[window] : window.seconds * 1000;
    this.maxKeys = Math.max(1, options.maxKeys ?? DEFAULT_MAX_KEYS);
    this.now = options.now ?? Date.now;
    this.ratePerMs = this.limit / this.windowMs;
  }

  /** The window in words, after "at most N": "a minute", "a second", "every 5 s". */
  get per(): string {
    return perWindow(this.window);
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  /** Keys currently remembered. */
  get size(): number {
    return this.buckets.size;
  }

  /** Counts one request of `key` and says whether it may proceed. */
  take(key: string): RateDecision {
    const limit = this.limit;
    if (limit === 0) return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0, retryAfterSeconds: 0 };
    const now = this.now();
    this.sweep(now);
    const id = key.length > MAX_KEY_LENGTH ? `#${createHash('sha256').update(key).digest('base64url')}` : key;
    const found = this.buckets.get(id);
    let tokens = limit;
    if (found) {
      tokens = Math.min(limit, found.tokens + Math.max(0, now - found.at) * this.ratePerMs);
      this.buckets.delete(id);
    }
    const allowed = tokens >= 1;
    if (allowed) tokens -= 1;
    this.buckets.set(id, { tokens, at: now });
    while (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    return {
      allowed,
      limit,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil((limit - tokens) / this.ratePerMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.ratePerMs / 1000)),
    };
  }

  /** Drops the idlest buckets once they have refilled; a few per call, so no call pays for all. */
  private sweep(now: number): void {
    let checked = 0;
    for (const [id, bucket] of this.buckets) {
      if (checked++ >= 4 || now - bucket.at < this.windowMs) return;
      this.buckets.delete(id);
    }
  }
}

/** The `X-RateLimit-*` (and, when refused, `Retry-After`) headers of a decision. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetSeconds),
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfterSeconds);
  return headers;
}

type Query = Record<string, string | string[] | undefined>;

/**
 * Who a route's handler authenticates, read the way that handler reads it: an item-service login or a checkout
 * username. Undefined when the request names nobody or would be refused before its credentials are read.
 */
export type CallerOf = (query: Query) => string | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route that takes credentials; the limiter counts the request against that caller. */
    caller?: CallerOf;
  }
}

/**
 * The bucket a request counts against: the caller its matched route names, or the client address when the route
 * names nobody (no credentials, an unknown path, a refused method). The router has already settled the path, so
 * every spelling of it (repeated slashes, a trailing slash, percent-encoded letters) counts the same.
 */
export function rateLimitKey(caller: CallerOf | undefined, query: Query, ip: string): string {
  let who: string | undefined;
  try {
    who = caller?.(query);
  } catch {
    // The handler refuses such a request before it reads credentials (a repeated parameter, a broken req).
    who = undefined;
  }
  return who === undefined || who === '' ? `address:${ip}` : who;
}
