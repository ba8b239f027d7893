import type { ListPart } from '../catalog/client';
import type { CatalogError } from '../catalog/errors';
import type { ApiVersion, ListAnswer, ListResult } from '../catalog/model';

export type { ListPart };

/** What the scheduler needs from the catalog client: a list search and the URL it would send. */
export interface ListSearchPort {
  searchList(
    parts: ListPart[],
    opts: { currency?: string; version?: ApiVersion; signal?: AbortSignal },
  ): Promise<ListAnswer>;
  listUrl(parts: ListPart[], opts: { currency?: string; version?: ApiVersion }): string;
  /**
   * Milliseconds until a search handed over now would be sent, for a port behind a rate gate; absent or 0: at once.
   * The scheduler keeps its next request until then, so that it leaves with every lookup that came meanwhile.
   */
  turnIn?(): number;
}

/**
 * One part to look up. `null` is accepted wherever a value is optional, because that is how
 * Excel custom functions pass an omitted argument.
 */
export interface LookupRequest {
  partNumber: string;
  manufacturer?: string | null;
  currency?: string | null;
  version?: ApiVersion | null;
}

export interface LookupOptions {
  signal?: AbortSignal;
  /** Accept a cached result only when it was fetched at most this long ago. */
  maxAgeMs?: number;
}

export interface LookupResult {
  /** The normalised key the result is cached and matched under (see `lookupKey`). */
  key: string;
  result: ListResult;
  /** When the service answered, in ms since the epoch. */
  asOf: number;
  fromCache: boolean;
}

/** One part at a time, as the PARTS cells and the pane's lookups ask it of the scheduler. */
export interface PartLookup {
  lookup(request: LookupRequest): Promise<LookupResult>;
  /** The last answer kept for the request whatever its age (LookupScheduler.lastKnown); absent: none is kept. */
  lastKnown?(request: LookupRequest): LookupResult | undefined;
}

export interface LookupManyOptions {
  signal?: AbortSignal;
  maxAgeMs?: number;
  /** Called with (0, total) first, then after every lookup settles. */
  onProgress?: (done: number, total: number) => void;
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseMs: number;
  /** Largest backoff before jitter. */
  capMs: number;
  /** Largest wait between attempts, even when the service asks for longer. */
  maxWaitMs: number;
}

export type TimerHandle = unknown;

export interface SchedulerOptions {
  port: ListSearchPort;
  /** Parts per list search; the service takes at most 1000. */
  maxBatch?: number;
  /** Longest URL a list search may have, measured with `port.listUrl`. */
  urlBudget?: number;
  /** Requests in flight at once (a request waiting to be retried keeps its place). */
  concurrency?: number;
  /**
   * Further requests that may be in flight beyond `concurrency` when they are full (`maxBatch` parts, or as many
   * as the URL budget allows, with more of their group queued behind them): waiting would not make them carry
   * more, so they go at once. A request that is not full still waits for a place. Default 0.
   */
  fullConcurrency?: number;
  /** How long lookups are collected before they are sent together. */
  windowMs?: number;
  /** How long a result stays in the cache. */
  ttlMs?: number;
  /** Most results the cache holds; the least recently used go first. */
  cacheLimit?: number;
  retry?: Partial<RetryOptions>;
  /** Longest a caller waits for its lookup, from the call; then it is rejected with CatalogError('timeout'). */
  deadlineMs?: number;
  /** Longest part number sent; longer ones are rejected without a request (the service rejects the whole list). */
  maxPartNumberLength?: number;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => TimerHandle;
  clearTimeout?: (handle: TimerHandle) => void;
  /** Uniform in [0, 1): the jitter of retry waits. */
  random?: () => number;
}

/** What looking some parts up would cost now (LookupScheduler.cost). */
export interface LookupCost {
  /** List searches that would be sent. */
  requests: number;
  /** Distinct parts those searches would carry: no fresh answer is cached for them. */
  staleParts: number;
  /** For each request, in order: whether it would be answered without a search (fresh in the cache, or on its way). */
  freshness: boolean[];
}

export interface LookupStats {
  /** Calls to `lookup` (each line of `lookupMany` counts). */
  lookups: number;
  cacheHits: number;
  /** Lookups that joined a key already waiting or in flight instead of adding it. */
  shared: number;
  /** List searches sent, retries included. */
  requests: number;
  /** Parts in those list searches. */
  partsSent: number;
  retries: number;
  /** Requests that failed for good (after their retries). */
  failedRequests: number;
  cancelled: number;
  timedOut: number;
  /** Result entries of an answer that matched no part that was asked for. */
  unmatchedResults: number;
  /** Parts that were asked for but had no result in the answer. */
  missingResults: number;
}

export interface SchedulerProgress {
  /** Lookups that have not settled yet. */
  pending: number;
  /** Distinct parts waiting to be sent. */
  queuedParts: number;
  /** Requests in flight or waiting to be retried. */
  inFlight: number;
}

export type SchedulerEvent =
  | ({ type: 'progress' } & SchedulerProgress)
  | { type: 'request'; batchId: number; attempt: number; parts: number; currency?: string; version?: ApiVersion }
  | { type: 'retry'; batchId: number; attempt: number; delayMs: number; error: CatalogError }
  | { type: 'failed'; batchId: number; attempts: number; error: CatalogError };

export type SchedulerListener = (event: SchedulerEvent) => void;
