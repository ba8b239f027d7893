/**
 * The settings and shapes of the list searches shared through Redis (redis-lists.ts): how long a claim lives and
 * how often it is renewed, how the sender gathers the instances' parts, and what one client's search may spend.
 */
import type { ApiVersion, ListResult } from '../src/catalog/model';
import type { ListSearchPort } from '../src/lookup';
import type { CachedEntry } from './list-entries';
import type { SharedState } from './redis';

/** READ_OR_CLAIM's answer: {1, the failure kept} or {0, each part's value, or 1 when claimed here, 0 when not}. */
export type Claimed = [number, string | (string | number)[]];

/** A claim on a part lasts this long unless renewed; an instance that died with one holds it no longer. */
export const LOCK_MS = 10_000;
/** How often a claim being fetched is renewed, and how often a waiting instance looks for the answer. */
export const RENEW_MS = 3_000;
/** A waiting instance looks for its parts when the sender announces answers written, and at this interval besides. */
export const POLL_MS = 250;
/**
 * With no search in flight, the sender takes a partial search only once the collection has stopped growing for
 * QUIET_MS (the instances are still passing their parts on), or after HOLD_MS.
 */
export const QUIET_MS = 100;
export const HOLD_MS = 1000;
/** The item service's most parts per list search, and the longest URL sent (as the scheduler cuts its batches). */
export const MAX_BATCH = 1000;
export const URL_BUDGET = 60_000;
/**
 * Times one client's search claims its parts again after their claims ended without an answer or a failure (the
 * instance holding them went): past this the search fails as unavailable, and its lookups decide on a retry.
 */
export const MAX_RECLAIMS = 3;
/** List searches one sender has in flight at once: full ones beside each other, as on one instance. */
export const SENDER_IN_FLIGHT = 4;

export type Opts = { currency?: string; version?: ApiVersion; signal?: AbortSignal };
/** What one client's search may still spend: claims taken again after claims that ended without an answer. */
export type Budget = { reclaims: number };

export interface SharedListOptions {
  shared: SharedState;
  /** The instance's own port: its list searches pass this instance's gate (itself shared). */
  inner: ListSearchPort;
  /** Where the entries of the inner port's results are kept, and where entries read from Redis are put. */
  raw: WeakMap<ListResult, CachedEntry>;
  /** The credential group (credentials, exact, rows) and the upstream: parts are shared only within both. */
  groupId: string;
  /** The credentials and the upstream alone: a refusal of the credentials holds for every group of theirs. */
  credentialsId: string;
  ttlMs: number;
  /** How long the first instance with claimed parts waits for the others' before it sends them (the gate's interval). */
  windowMs: number;
  /** Parts found in Redis, and parts waited for while another instance fetched them, for /healthz. */
  counters: { sharedHits: number; sharedWaits: number };
}
