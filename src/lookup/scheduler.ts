import { keyedPartNumber, partNumberProblemText } from '../../protocol/part-number';
import { CatalogError } from '../catalog/errors';
import { LookupBatching, type Entry, type Waiter } from './batching';
import { splitIntoBatches } from './split';
import { cancelledError, emptyStats, seconds } from './outcomes';
import { groupKey, lookupKey, lookupKeyWithPart, normalizeManufacturer, wirePartNumber } from './key';
import type {
  ListPart,
  LookupManyOptions,
  LookupOptions,
  LookupRequest,
  LookupResult,
  LookupCost,
  LookupStats,
  SchedulerListener,
} from './types';

// The batching machinery and its defaults live in batching.ts; the defaults stay importable from here.
export { LOOKUP_DEFAULTS } from './batching';

/** The part as a list search sends it. */
function listPartOf(request: LookupRequest): ListPart {
  const manufacturer = normalizeManufacturer(request.manufacturer);
  const partNumber = wirePartNumber(request.partNumber);
  return manufacturer ? { partNumber, manufacturer } : { partNumber };
}

/**
 * The one way lookups reach the catalog: it collects lookups for a short window, sends each distinct part
 * once in list searches of at most `maxBatch` parts and `urlBudget` URL characters, keeps at most
 * `concurrency` requests in flight, retries what can be retried, caches results, and settles every caller:
 * with the result for its key, or with a CatalogError (the request's, 'cancelled' or 'timeout').
 */
export class LookupScheduler extends LookupBatching {
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
        this.flushIfFull();
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    return out;
  }

  /**
   * A window holding a whole request's parts already goes now: waiting out the window could not fill that request
   * more, and under load the window's timer runs only after the next caller's lookups have been read (a gateway
   * reading its next client's list of a thousand parts first), so the first request would leave that much later.
   */
  private flushIfFull(): void {
    if (this.closed || this.window.size < this.maxBatch) return;
    if (this.windowTimer !== null) this.clearTimer(this.windowTimer);
    this.windowTimer = null;
    this.flush();
  }

  /** Forgets every cached result ("Refresh prices"). Requests in flight still complete and are cached. */
  clear(): void {
    this.cache.clear();
  }

  /** Every cached answer counts as old from now on (the next lookup of each asks the service), but stays last known. */
  expire(): void {
    this.cache.expireAll();
  }

  /**
   * The last answer of a request whatever its age, while the cache keeps it: what a cell shows as stale when the
   * service fails. Undefined when none is kept.
   */
  lastKnown(request: LookupRequest): LookupResult | undefined {
    const partKey = this.validate(request);
    if (partKey instanceof CatalogError) return undefined;
    const key = lookupKeyWithPart(partKey, request);
    const hit = this.cache.last(key);
    return hit ? { key, result: hit.result, asOf: hit.asOf, fromCache: true } : undefined;
  }

  /**
   * What looking `requests` up now would cost, as this scheduler would send them: the distinct parts with no fresh
   * answer (nor one on its way), in list searches by currency and version of at most `maxBatch` parts and the URL
   * budget; and for each request whether it would go without a search.
   */
  cost(requests: readonly LookupRequest[]): LookupCost {
    const groups = new Map<string, Map<string, ListPart>>();
    const freshness = requests.map((request) => {
      const partKey = this.validate(request);
      if (partKey instanceof CatalogError) return false;
      const key = lookupKeyWithPart(partKey, request);
      const hit = this.cache.fresh(key, undefined, false);
      if (hit || this.entries.has(key)) return true;
      const group = groupKey(request.currency, request.version);
      const parts = groups.get(group) ?? new Map<string, ListPart>();
      groups.set(group, parts);
      parts.set(key, listPartOf(request));
      return false;
    });
    let searches = 0;
    let stale = 0;
    for (const [group, parts] of groups) {
      const options = this.groupOptions({ group } as Entry);
      const list = [...parts.values()];
      stale += list.length;
      searches += splitIntoBatches(
        list,
        this.maxBatch,
        this.urlBudget,
        (batch) => this.port.listUrl(batch, options).length,
      ).batches.length;
    }
    return { requests: searches, staleParts: stale, freshness };
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
    const hit = this.cache.fresh(key, undefined, options.touch === true);
    return hit ? { key, result: hit.result, asOf: hit.asOf, fromCache: true } : undefined;
  }

  stats(): LookupStats {
    return { ...this.counters };
  }

  resetStats(): void {
    this.counters = emptyStats();
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
    if (this.turnTimer !== null) this.clearTimer(this.turnTimer);
    this.turnTimer = null;
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
    const partKey = this.validate(request);
    if (partKey instanceof CatalogError) {
      reject(partKey);
      return null;
    }
    const key = lookupKeyWithPart(partKey, request);
    const hit = this.cache.fresh(key, maxAgeMs, true);
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
    const waiter: Waiter = { entry, resolve, reject, expiresAt: 0, settled: false };
    this.pendingLookups++;
    if (entry.waiters.size === 0 && entry.batch) entry.batch.live++;
    entry.waiters.add(waiter);
    this.deadlines.add(waiter);
    this.emitProgress();
    return () => {
      if (waiter.settled) return;
      this.counters.cancelled++;
      this.settle(waiter, undefined, cancelledError());
      this.detach(waiter);
    };
  }

  protected timeOut(waiter: Waiter): void {
    if (waiter.settled) return;
    this.counters.timedOut++;
    this.settle(
      waiter,
      undefined,
      new CatalogError('timeout', `The parts service did not answer within ${seconds(this.deadlineMs)}.`),
    );
    this.detach(waiter);
  }

  /** The key of the request's part number (partNumberKey) when it can be looked up; otherwise why not. */
  private validate(request: LookupRequest): string | CatalogError {
    const checked =
      request && typeof request.partNumber === 'string'
        ? keyedPartNumber(request.partNumber, this.maxPartNumberLength)
        : undefined;
    const problem = checked ? checked.problem : 'blank';
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
    // Not blank nor too long: it has a key.
    return checked!.key!;
  }

  private newEntry(key: string, request: LookupRequest): Entry {
    const entry: Entry = {
      key,
      group: groupKey(request.currency, request.version),
      part: listPartOf(request),
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
}
