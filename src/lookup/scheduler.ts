import { MAX_PART_NUMBER_LENGTH, partNumberProblem, partNumberProblemText } from '../../protocol/part-number';
import { CatalogError, isCatalogError } from '../catalog/errors';
import type { ApiVersion, ListAnswer, ListResult } from '../catalog/model';
import { DEFAULT_RETRY, retryDelay } from './backoff';
import { groupKey, lookupKey, normalizeManufacturer, resultKey, wirePartNumber } from './key';
import { splitIntoBatches } from './split';
import type {
  ListPart,
  ListSearchPort,
  LookupManyOptions,
  LookupOptions,
  LookupRequest,
  LookupResult,
  LookupStats,
  RetryOptions,
  SchedulerEvent,
  SchedulerListener,
  SchedulerOptions,
  SchedulerProgress,
  TimerHandle,
} from './types';

export const LOOKUP_DEFAULTS = {
  maxBatch: 1000,
  urlBudget: 60_000,
  concurrency: 4,
  windowMs: 20,
  ttlMs: 10 * 60_000,
  cacheLimit: 50_000,
  deadlineMs: 60_000,
  maxPartNumberLength: MAX_PART_NUMBER_LENGTH,
} as const;

interface Waiter {
  entry: Entry | null;
  resolve: (value: LookupResult) => void;
  reject: (error: CatalogError) => void;
  deadline: TimerHandle;
  settled: boolean;
}

type EntryState = 'window' | 'queued' | 'active' | 'gone';

/** One distinct key on its way to the service, and every caller waiting for it. */
interface Entry {
  key: string;
  group: string;
  part: ListPart;
  waiters: Set<Waiter>;
  state: EntryState;
  batch: Batch | null;
}

type BatchState = 'queued' | 'sending' | 'backoff' | 'done';

/** One list search (and its retries). */
interface Batch {
  id: number;
  currency?: string;
  version?: ApiVersion;
  group: string;
  entries: Set<Entry>;
  /** Entries of `entries` with at least one waiter. */
  live: number;
  /** It holds as many parts as one request can (more of its group were queued behind it): it may use a full place. */
  full: boolean;
  state: BatchState;
  attempts: number;
  /** Bumped on every attempt and on abort, so a late answer to an abandoned attempt is ignored. */
  token: number;
  controller: AbortController | null;
  timer: TimerHandle | null;
}

interface CacheEntry {
  result: ListResult;
  asOf: number;
}

function emptyStats(): LookupStats {
  return {
    lookups: 0,
    cacheHits: 0,
    shared: 0,
    requests: 0,
    partsSent: 0,
    retries: 0,
    failedRequests: 0,
    cancelled: 0,
    timedOut: 0,
    unmatchedResults: 0,
    missingResults: 0,
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a number of zero or more, not ${value}`);
  return value;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Any failure of the port as the one catalog error type; an unknown throw is not retried. */
function asCatalogError(e: unknown): CatalogError {
  if (isCatalogError(e)) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new CatalogError('malformed', `The parts service answer could not be used: ${message}`, { cause: e });
}

/** A result that found parts but could read none of them. */
function unreadable(result: ListResult): boolean {
  return result.parts.length === 0 && (result.warnings?.length ?? 0) > 0;
}

function cancelledError(): CatalogError {
  return new CatalogError('cancelled', 'The lookup was cancelled.');
}

/**
 * The one way lookups reach the catalog: it collects lookups for a short window, sends each distinct part
 * once in list searches of at most `maxBatch` parts and `urlBudget` URL characters, keeps at most
 * `concurrency` requests in flight, retries what can be retried, caches results, and settles every caller:
 * with the result for its key, or with a CatalogError (the request's, 'cancelled' or 'timeout').
 */
export class LookupScheduler {
  private readonly port: ListSearchPort;
  private readonly maxBatch: number;
  private readonly urlBudget: number;
  private readonly concurrency: number;
  private readonly fullConcurrency: number;
  private readonly windowMs: number;
  private readonly ttlMs: number;
  private readonly cacheLimit: number;
  private readonly deadlineMs: number;
  private readonly maxPartNumberLength: number;
  private readonly retry: RetryOptions;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => TimerHandle;
  private readonly clearTimer: (handle: TimerHandle) => void;
  private readonly random: () => number;

  private readonly cache = new Map<string, CacheEntry>();
  /** Keys waiting or in flight. */
  private readonly entries = new Map<string, Entry>();
  /** Entries collected in the current window. */
  private readonly window = new Set<Entry>();
  private windowTimer: TimerHandle | null = null;
  /** While above zero, freed places are not refilled (a run is being cancelled as a whole). */
  private pumpHeld = 0;
  private readonly queue: Batch[] = [];
  private readonly active = new Set<Batch>();
  private nextBatchId = 1;
  private pendingLookups = 0;
  private counters: LookupStats = emptyStats();
  private readonly listeners = new Set<SchedulerListener>();
  private progressScheduled = false;
  private closed = false;

  constructor(options: SchedulerOptions) {
    this.port = options.port;
    this.maxBatch = Math.max(1, Math.floor(positive(options.maxBatch, LOOKUP_DEFAULTS.maxBatch, 'maxBatch')));
    this.urlBudget = positive(options.urlBudget, LOOKUP_DEFAULTS.urlBudget, 'urlBudget');
    this.concurrency = Math.max(
      1,
      Math.floor(positive(options.concurrency, LOOKUP_DEFAULTS.concurrency, 'concurrency')),
    );
    this.fullConcurrency = Math.floor(positive(options.fullConcurrency, 0, 'fullConcurrency'));
    this.windowMs = positive(options.windowMs, LOOKUP_DEFAULTS.windowMs, 'windowMs');
    this.ttlMs = positive(options.ttlMs, LOOKUP_DEFAULTS.ttlMs, 'ttlMs');
    this.cacheLimit = Math.floor(positive(options.cacheLimit, LOOKUP_DEFAULTS.cacheLimit, 'cacheLimit'));
    this.deadlineMs = positive(options.deadlineMs, LOOKUP_DEFAULTS.deadlineMs, 'deadlineMs');
    this.maxPartNumberLength = positive(
      options.maxPartNumberLength,
      LOOKUP_DEFAULTS.maxPartNumberLength,
      'maxPartNumberLength',
    );
    const retry = { ...DEFAULT_RETRY, ...options.retry };
    this.retry = {
      maxAttempts: Math.max(1, Math.floor(positive(retry.maxAttempts, DEFAULT_RETRY.maxAttempts, 'retry.maxAttempts'))),
      baseMs: positive(retry.baseMs, DEFAULT_RETRY.baseMs, 'retry.baseMs'),
      capMs: positive(retry.capMs, DEFAULT_RETRY.capMs, 'retry.capMs'),
      maxWaitMs: positive(retry.maxWaitMs, DEFAULT_RETRY.maxWaitMs, 'retry.maxWaitMs'),
    };
    this.now = options.now ?? (() => Date.now());
    this.setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
    this.clearTimer =
      options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
    this.random = options.random ?? Math.random;
  }

  /** Looks up one part: from the cache when fresh enough, otherwise together with every other lookup of the window. */
  lookup(request: LookupRequest, options: LookupOptions = {}): Promise<LookupResult> {
    return new Promise<LookupResult>((resolve, reject) => {
      const signal = options.signal;
      if (signal?.aborted) {
        this.counters.lookups++;
        this.counters.cancelled++;
        reject(cancelledError());
        return;
      }
      let onAbort: (() => void) | null = null;
      const cleanup = () => {
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      };
      const cancel = this.start(
        request,
        options.maxAgeMs,
        (value) => {
          cleanup();
          resolve(value);
        },
        (error) => {
          cleanup();
          reject(error);
        },
      );
      if (signal && cancel) {
        onAbort = cancel;
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
  }

  /**
   * Looks up many parts (a BOM) and settles every one: each slot holds its result or its CatalogError,
   * in the order of `requests`. One listener on `signal` cancels every lookup still waiting.
   */
  async lookupMany(
    requests: readonly LookupRequest[],
    options: LookupManyOptions = {},
  ): Promise<Array<LookupResult | CatalogError>> {
    const total = requests.length;
    const out = new Array<LookupResult | CatalogError>(total);
    const report = (done: number) => {
      try {
        options.onProgress?.(done, total);
      } catch {
        // A progress display that fails must not stop the lookups.
      }
    };
    report(0);
    if (total === 0) return out;
    let done = 0;
    const cancels: Array<() => void> = [];
    const signal = options.signal;
    let aborted = signal?.aborted ?? false;
    const onAbort = () => {
      aborted = true;
      // Cancel every caller before any freed place is refilled, so no queued batch of this run is sent.
      this.pumpHeld++;
      try {
        for (const cancel of cancels) cancel();
      } finally {
        this.pumpHeld--;
        this.pump();
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await new Promise<void>((finished) => {
        const settle = (i: number, value: LookupResult | CatalogError) => {
          out[i] = value;
          done++;
          report(done);
          if (done === total) finished();
        };
        for (let i = 0; i < total; i++) {
          if (aborted) {
            this.counters.lookups++;
            this.counters.cancelled++;
            settle(i, cancelledError());
            continue;
          }
          const cancel = this.start(
            requests[i],
            options.maxAgeMs,
            (value) => settle(i, value),
            (error) => settle(i, error),
          );
          if (cancel) cancels.push(cancel);
        }
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    return out;
  }

  /** Forgets every cached result ("Refresh prices"). Requests in flight still complete and are cached. */
  clear(): void {
    this.cache.clear();
  }

  /** Forgets the cached results of these keys (from `lookupKey`) or requests. */
  invalidate(keys: Iterable<string | LookupRequest>): void {
    for (const k of keys) this.cache.delete(typeof k === 'string' ? k : lookupKey(k));
  }

  /**
   * The cached result of a key, if it is still within its time to live. With `touch`, it counts as used (the cache
   * forgets the least recently used first), as a lookup answered from the cache does.
   */
  peek(key: string, options: { touch?: boolean } = {}): LookupResult | undefined {
    const hit = this.fresh(key, undefined, options.touch === true);
    return hit ? { key, result: hit.result, asOf: hit.asOf, fromCache: true } : undefined;
  }

  stats(): LookupStats {
    return { ...this.counters };
  }

  resetStats(): void {
    this.counters = emptyStats();
  }

  progress(): SchedulerProgress {
    let queuedParts = this.window.size;
    for (const batch of this.queue) queuedParts += batch.entries.size;
    return { pending: this.pendingLookups, queuedParts, inFlight: this.active.size };
  }

  /** Listens to progress (coalesced, at most once per turn), requests, retries and failures. Returns the unsubscribe. */
  subscribe(listener: SchedulerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Ends every back-off now: each request waiting to be tried again is tried at once. For when the reason to wait
   * is gone, or waiting is no longer wanted (a gateway stopping, whose port then refuses at once and so settles
   * the callers instead of leaving them until the back-off ends).
   */
  skipBackoff(): void {
    for (const batch of [...this.active]) {
      if (batch.state !== 'backoff') continue;
      if (batch.timer !== null) this.clearTimer(batch.timer);
      batch.timer = null;
      batch.state = 'sending';
      this.counters.retries++;
      this.attempt(batch);
    }
  }

  /** Cancels everything waiting and in flight; later lookups are rejected as cancelled. */
  close(): void {
    this.closed = true;
    if (this.windowTimer !== null) this.clearTimer(this.windowTimer);
    this.windowTimer = null;
    const entries = [...this.entries.values()];
    this.queue.length = 0;
    this.window.clear();
    for (const batch of [...this.active]) this.abortBatch(batch);
    for (const entry of entries) {
      this.forget(entry);
      for (const waiter of [...entry.waiters]) {
        this.counters.cancelled++;
        this.settle(waiter, undefined, cancelledError());
      }
    }
    this.emitProgress();
  }

  // ---- lookups and waiters

  /** Starts one lookup; returns its cancel, or null when it settled at once. */
  private start(
    request: LookupRequest,
    maxAgeMs: number | undefined,
    resolve: (value: LookupResult) => void,
    reject: (error: CatalogError) => void,
  ): (() => void) | null {
    this.counters.lookups++;
    if (this.closed) {
      this.counters.cancelled++;
      reject(cancelledError());
      return null;
    }
    const invalid = this.validate(request);
    if (invalid) {
      reject(invalid);
      return null;
    }
    const key = lookupKey(request);
    const hit = this.fresh(key, maxAgeMs, true);
    if (hit) {
      this.counters.cacheHits++;
      resolve({ key, result: hit.result, asOf: hit.asOf, fromCache: true });
      return null;
    }

    let entry = this.entries.get(key);
    if (entry) {
      this.counters.shared++;
    } else {
      entry = this.newEntry(key, request);
    }
    const waiter: Waiter = { entry, resolve, reject, deadline: null, settled: false };
    this.pendingLookups++;
    if (entry.waiters.size === 0 && entry.batch) entry.batch.live++;
    entry.waiters.add(waiter);
    waiter.deadline = this.setTimer(() => {
      waiter.deadline = null;
      if (waiter.settled) return;
      this.counters.timedOut++;
      this.settle(
        waiter,
        undefined,
        new CatalogError('timeout', `The parts service did not answer within ${seconds(this.deadlineMs)}.`),
      );
      this.detach(waiter);
    }, this.deadlineMs);
    this.emitProgress();
    return () => {
      if (waiter.settled) return;
      this.counters.cancelled++;
      this.settle(waiter, undefined, cancelledError());
      this.detach(waiter);
    };
  }

  private validate(request: LookupRequest): CatalogError | null {
    const problem =
      request && typeof request.partNumber === 'string'
        ? partNumberProblem(request.partNumber, this.maxPartNumberLength)
        : 'blank';
    if (problem === 'blank') return new CatalogError('rejected', 'No part number was given.');
    if (problem) {
      const partNumber = request.partNumber.trim();
      const shown = partNumber.length > 40 ? `${partNumber.slice(0, 40)}…` : partNumber;
      return new CatalogError(
        'rejected',
        `The part number '${shown}' ${partNumberProblemText(problem, this.maxPartNumberLength)}.`,
      );
    }
    if (request.version != null && request.version !== 'v3' && request.version !== 'v4') {
      return new CatalogError('rejected', `Unknown catalog version '${String(request.version)}'.`);
    }
    return null;
  }

  private newEntry(key: string, request: LookupRequest): Entry {
    const manufacturer = normalizeManufacturer(request.manufacturer);
    const partNumber = wirePartNumber(request.partNumber);
    const part: ListPart = manufacturer ? { partNumber, manufacturer } : { partNumber };
    const entry: Entry = {
      key,
      group: groupKey(request.currency, request.version),
      part,
      waiters: new Set(),
      state: 'window',
      batch: null,
    };
    this.entries.set(key, entry);
    this.window.add(entry);
    if (this.windowTimer === null) {
      this.windowTimer = this.setTimer(() => {
        this.windowTimer = null;
        this.flush();
      }, this.windowMs);
    }
    return entry;
  }

  private settle(waiter: Waiter, value: LookupResult | undefined, error?: CatalogError): void {
    if (waiter.settled) return;
    waiter.settled = true;
    this.pendingLookups--;
    if (waiter.deadline !== null) this.clearTimer(waiter.deadline);
    waiter.deadline = null;
    if (error) waiter.reject(error);
    else waiter.resolve(value as LookupResult);
    this.emitProgress();
  }

  /** Takes a settled caller off its key; a key nobody waits for any more is not sent, or its request is aborted. */
  private detach(waiter: Waiter): void {
    const entry = waiter.entry;
    waiter.entry = null;
    if (!entry || !entry.waiters.delete(waiter) || entry.waiters.size > 0) return;
    switch (entry.state) {
      case 'window':
        this.window.delete(entry);
        this.forget(entry);
        break;
      case 'queued':
        entry.batch!.live--;
        entry.batch!.entries.delete(entry);
        this.forget(entry);
        break;
      case 'active': {
        const batch = entry.batch!;
        batch.live--;
        if (batch.live === 0) this.abortBatch(batch);
        break;
      }
      case 'gone':
        break;
    }
  }

  private forget(entry: Entry): void {
    entry.state = 'gone';
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
  }

  // ---- cache

  private fresh(key: string, maxAgeMs: number | undefined, touch: boolean): CacheEntry | undefined {
    const hit = this.cache.get(key);
    if (!hit) return undefined;
    const age = this.now() - hit.asOf;
    if (age >= this.ttlMs) {
      this.cache.delete(key);
      return undefined;
    }
    if (maxAgeMs !== undefined && maxAgeMs !== null && !(age <= maxAgeMs)) return undefined;
    if (touch) {
      this.cache.delete(key);
      this.cache.set(key, hit);
    }
    return hit;
  }

  private store(key: string, value: CacheEntry): void {
    if (this.cacheLimit <= 0 || this.ttlMs <= 0) return;
    this.cache.delete(key);
    this.cache.set(key, value);
    while (this.cache.size > this.cacheLimit) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
  }

  // ---- batching and sending

  private flush(): void {
    const groups = new Map<string, Entry[]>();
    for (const entry of this.window) {
      const list = groups.get(entry.group);
      if (list) list.push(entry);
      else groups.set(entry.group, [entry]);
    }
    this.window.clear();
    for (const list of groups.values()) this.enqueue(list);
    this.pump();
    this.emitProgress();
  }

  private enqueue(fresh: Entry[]): void {
    const group = fresh[0].group;
    // The group's last request still waiting for a place takes the new lookups along: requests leave as full as they
    // can be, however the lookups arrived while the places were taken. The group's earlier waiting requests are full
    // already, so they are not split again (which, window after window, would measure every waiting lookup anew).
    let at = this.queue.length - 1;
    while (at >= 0 && this.queue[at].group !== group) at--;
    const list = at === -1 ? fresh : [...this.queue[at].entries, ...fresh];
    if (at !== -1) this.queue.splice(at, 1);
    const { currency, version } = this.groupOptions(list[0]);
    let split: { batches: Entry[][]; oversize: Entry[] };
    try {
      split = splitIntoBatches(
        list,
        this.maxBatch,
        this.urlBudget,
        (batch) =>
          this.port.listUrl(
            batch.map((e) => e.part),
            { currency, version },
          ).length,
      );
    } catch (e) {
      this.failEntries(list, asCatalogError(e));
      return;
    }
    if (split.oversize.length > 0) {
      const error = (entry: Entry) =>
        new CatalogError(
          'rejected',
          `The part number '${entry.part.partNumber.slice(0, 40)}' makes a search longer than the service accepts.`,
        );
      for (const entry of split.oversize) this.failEntries([entry], error(entry));
    }
    const batches: Batch[] = [];
    for (const [i, entries] of split.batches.entries()) {
      const batch: Batch = {
        id: this.nextBatchId++,
        currency,
        version,
        group: list[0].group,
        entries: new Set(entries),
        live: entries.length,
        // Every request of a split but its last was cut because the next part did not fit: it is full.
        full: i < split.batches.length - 1 || entries.length >= this.maxBatch,
        state: 'queued',
        attempts: 0,
        token: 0,
        controller: null,
        timer: null,
      };
      for (const entry of entries) {
        entry.state = 'queued';
        entry.batch = batch;
      }
      batches.push(batch);
    }
    // In the place of the request they joined, so merging never sends older lookups later.
    this.queue.splice(at === -1 ? this.queue.length : at, 0, ...batches);
  }

  private groupOptions(entry: Entry): { currency?: string; version?: ApiVersion } {
    const [currency, version] = entry.group.split('|');
    const out: { currency?: string; version?: ApiVersion } = {};
    if (currency) out.currency = currency;
    if (version) out.version = version as ApiVersion;
    return out;
  }

  private pump(): void {
    if (this.pumpHeld > 0) return;
    while (
      this.queue.length > 0 &&
      (this.active.size < this.concurrency ||
        (this.queue[0].full && this.active.size < this.concurrency + this.fullConcurrency))
    ) {
      const batch = this.queue.shift()!;
      if (batch.entries.size === 0) continue;
      batch.state = 'sending';
      this.active.add(batch);
      for (const entry of batch.entries) entry.state = 'active';
      this.attempt(batch);
    }
  }

  private attempt(batch: Batch): void {
    for (const entry of batch.entries) {
      if (entry.waiters.size === 0) {
        batch.entries.delete(entry);
        this.forget(entry);
      }
    }
    if (batch.entries.size === 0) {
      this.finish(batch);
      return;
    }
    const parts = [...batch.entries].map((e) => e.part);
    batch.attempts++;
    const token = ++batch.token;
    const controller = new AbortController();
    batch.controller = controller;
    this.counters.requests++;
    this.counters.partsSent += parts.length;
    this.emit({
      type: 'request',
      batchId: batch.id,
      attempt: batch.attempts,
      parts: parts.length,
      currency: batch.currency,
      version: batch.version,
    });
    let answer: Promise<ListAnswer>;
    try {
      answer = Promise.resolve(
        this.port.searchList(parts, { currency: batch.currency, version: batch.version, signal: controller.signal }),
      );
    } catch (e) {
      answer = Promise.reject(e);
    }
    answer.then(
      (value) => {
        if (batch.token === token && batch.state === 'sending') this.answered(batch, value);
      },
      (error: unknown) => {
        if (batch.token === token && batch.state === 'sending') this.failed(batch, asCatalogError(error));
      },
    );
  }

  private answered(batch: Batch, answer: ListAnswer): void {
    batch.controller = null;
    if (!answer || !Array.isArray(answer.results)) {
      this.failed(batch, new CatalogError('malformed', 'The parts service answered without a list of results.'));
      return;
    }
    const asOf = this.now();
    const wanted = new Map<string, Entry>();
    for (const entry of batch.entries) wanted.set(entry.key, entry);
    const matched = new Map<string, ListResult>();
    for (const result of answer.results) {
      const key = result && typeof result === 'object' ? resultKey(result, batch.group) : undefined;
      if (key === undefined || !wanted.has(key) || matched.has(key)) {
        this.counters.unmatchedResults++;
        continue;
      }
      matched.set(key, result);
    }
    const entries = [...batch.entries];
    for (const entry of entries) this.forget(entry);
    this.finish(batch);
    for (const entry of entries) {
      const result = matched.get(entry.key);
      if (result && unreadable(result)) {
        // Every part found for this key was left out as unreadable: this key fails, the rest of the answer stands.
        const error = new CatalogError(
          'malformed',
          `The parts service's answer for '${entry.part.partNumber}' could not be read: ${result.warnings![0]}`,
        );
        for (const waiter of entry.waiters) this.settle(waiter, undefined, error);
      } else if (result) {
        this.store(entry.key, { result, asOf });
        const value: LookupResult = { key: entry.key, result, asOf, fromCache: false };
        for (const waiter of entry.waiters) this.settle(waiter, value);
      } else {
        this.counters.missingResults++;
        const error = new CatalogError(
          'malformed',
          `The parts service answer had no result for part '${entry.part.partNumber}'.`,
        );
        for (const waiter of entry.waiters) this.settle(waiter, undefined, error);
      }
      entry.waiters.clear();
    }
  }

  private failed(batch: Batch, error: CatalogError): void {
    batch.controller = null;
    if (error.retryable && batch.attempts < this.retry.maxAttempts) {
      const delayMs = retryDelay(batch.attempts, error.details.retryAfterMs, this.retry, this.random);
      batch.state = 'backoff';
      this.emit({ type: 'retry', batchId: batch.id, attempt: batch.attempts, delayMs, error });
      batch.timer = this.setTimer(() => {
        batch.timer = null;
        if (batch.state !== 'backoff') return;
        batch.state = 'sending';
        this.counters.retries++;
        this.attempt(batch);
      }, delayMs);
      return;
    }
    this.counters.failedRequests++;
    this.emit({ type: 'failed', batchId: batch.id, attempts: batch.attempts, error });
    const entries = [...batch.entries];
    for (const entry of entries) this.forget(entry);
    this.finish(batch);
    this.failEntries(entries, error);
  }

  private failEntries(entries: Entry[], error: CatalogError): void {
    for (const entry of entries) {
      this.forget(entry);
      for (const waiter of entry.waiters) this.settle(waiter, undefined, error);
      entry.waiters.clear();
    }
  }

  /** Every caller of the request has gone: stop it and free its place. */
  private abortBatch(batch: Batch): void {
    batch.token++;
    const controller = batch.controller;
    batch.controller = null;
    for (const entry of batch.entries) this.forget(entry);
    controller?.abort();
    this.finish(batch);
  }

  private finish(batch: Batch): void {
    if (batch.state === 'done') return;
    batch.state = 'done';
    if (batch.timer !== null) this.clearTimer(batch.timer);
    batch.timer = null;
    this.active.delete(batch);
    this.pump();
    this.emitProgress();
  }

  // ---- events

  private emit(event: SchedulerEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener that fails must not stop the lookups.
      }
    }
  }

  private emitProgress(): void {
    if (this.progressScheduled || this.listeners.size === 0) return;
    this.progressScheduled = true;
    queueMicrotask(() => {
      this.progressScheduled = false;
      this.emit({ type: 'progress', ...this.progress() });
    });
  }
}
