/**
 * The machinery under the lookup scheduler (scheduler.ts): its settings, the keys waiting or in flight, the window
 * that collects them, the list searches they are split into, the places those requests take, their retries, the
 * cache of results, and the events a listener hears. The scheduler's public side (looking up, cancelling, closing)
 * is built on it.
 */
import { CatalogError } from '../catalog/errors';
import type { ApiVersion, ListAnswer, ListResult } from '../catalog/model';
import { MAX_PART_NUMBER_LENGTH } from '../../protocol/part-number';
import { DEFAULT_RETRY, retryDelay } from './backoff';
import { resultKey } from './key';
import { ResultCache } from './cache';
import { DeadlineLine } from './deadlines';
import { splitIntoBatches } from './split';
import { asCatalogError, emptyStats, positive, unreadable } from './outcomes';
import type {
  ListPart,
  ListSearchPort,
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

export interface Waiter {
  entry: Entry | null;
  resolve: (value: LookupResult) => void;
  reject: (error: CatalogError) => void;
  /** When it times out (deadlines.ts keeps the deadlines, with one timer). */
  expiresAt: number;
  settled: boolean;
}

export type EntryState = 'window' | 'queued' | 'active' | 'gone';

/** One distinct key on its way to the service, and every caller waiting for it. */
export interface Entry {
  key: string;
  group: string;
  part: ListPart;
  waiters: Set<Waiter>;
  state: EntryState;
  batch: Batch | null;
}

export type BatchState = 'queued' | 'sending' | 'backoff' | 'done';

/** One list search (and its retries). */
export interface Batch {
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

/** Longest a request is kept for its turn at a rate gate (`ListSearchPort.turnIn`) before it is handed over anyway. */
const MAX_KEEP_MS = 1000;

/** The state of a scheduler and the sending of its requests: everything but the callers' side. */
export abstract class LookupBatching {
  protected readonly port: ListSearchPort;
  protected readonly maxBatch: number;
  protected readonly urlBudget: number;
  protected readonly concurrency: number;
  protected readonly fullConcurrency: number;
  protected readonly windowMs: number;
  protected readonly deadlineMs: number;
  protected readonly maxPartNumberLength: number;
  protected readonly retry: RetryOptions;
  protected readonly now: () => number;
  protected readonly setTimer: (fn: () => void, ms: number) => TimerHandle;
  protected readonly clearTimer: (handle: TimerHandle) => void;
  protected readonly random: () => number;

  protected readonly cache: ResultCache;
  /** The callers' deadlines; each caller that reaches its own is settled by `timeOut`. */
  protected readonly deadlines: DeadlineLine<Waiter>;
  /** Keys waiting or in flight. */
  protected readonly entries = new Map<string, Entry>();
  /** Entries collected in the current window. */
  protected readonly window = new Set<Entry>();
  protected windowTimer: TimerHandle | null = null;
  /** Set while the next request waits for the port's turn (`ListSearchPort.turnIn`). */
  protected turnTimer: TimerHandle | null = null;
  /** Since when the next request has been kept for its turn; null when none is kept. */
  protected keptSince: number | null = null;
  /** While above zero, freed places are not refilled (a run is being cancelled as a whole). */
  protected pumpHeld = 0;
  protected readonly queue: Batch[] = [];
  protected readonly active = new Set<Batch>();
  protected nextBatchId = 1;
  protected pendingLookups = 0;
  protected counters: LookupStats = emptyStats();
  protected readonly listeners = new Set<SchedulerListener>();
  protected progressScheduled = false;
  protected closed = false;

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
    const ttlMs = positive(options.ttlMs, LOOKUP_DEFAULTS.ttlMs, 'ttlMs');
    const cacheLimit = Math.floor(positive(options.cacheLimit, LOOKUP_DEFAULTS.cacheLimit, 'cacheLimit'));
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
    this.cache = new ResultCache(ttlMs, cacheLimit, this.now);
    this.deadlines = new DeadlineLine<Waiter>(
      { now: this.now, setTimer: this.setTimer, clearTimer: this.clearTimer },
      this.deadlineMs,
      (waiter) => this.timeOut(waiter),
    );
  }

  /** A caller's deadline has come before its answer. */
  protected abstract timeOut(waiter: Waiter): void;

  progress(): SchedulerProgress {
    let queuedParts = this.window.size;
    for (const batch of this.queue) queuedParts += batch.entries.size;
    return { pending: this.pendingLookups, queuedParts, inFlight: this.active.size };
  }

  protected settle(waiter: Waiter, value: LookupResult | undefined, error?: CatalogError): void {
    if (waiter.settled) return;
    waiter.settled = true;
    this.pendingLookups--;
    if (this.pendingLookups === 0) this.deadlines.clear();
    if (error) waiter.reject(error);
    else waiter.resolve(value as LookupResult);
    this.emitProgress();
  }

  protected forget(entry: Entry): void {
    entry.state = 'gone';
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
  }

  // ---- batching and sending

  protected flush(): void {
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

  protected enqueue(fresh: Entry[]): void {
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

  protected groupOptions(entry: Entry): { currency?: string; version?: ApiVersion } {
    const [currency, version] = entry.group.split('|');
    const out: { currency?: string; version?: ApiVersion } = {};
    if (currency) out.currency = currency;
    if (version) out.version = version as ApiVersion;
    return out;
  }

  protected pump(): void {
    if (this.pumpHeld > 0 || this.turnTimer !== null) return;
    while (
      this.queue.length > 0 &&
      (this.active.size < this.concurrency ||
        (this.queue[0].full && this.active.size < this.concurrency + this.fullConcurrency))
    ) {
      if (this.queue[0].entries.size === 0) {
        // Every lookup of it was cancelled: nothing to keep or send.
        this.queue.shift();
        continue;
      }
      // Behind a rate gate a request handed over now would only wait there with the parts it has: it waits here
      // instead, where lookups that come meanwhile still join it, and is handed over when its turn comes. Its turn
      // may move on while it waits (the gate busy with others' requests): it is kept a second at most, then waits
      // for its turn at the gate, in the gate's own line, so others' requests cannot put it off for ever.
      const turnIn = this.closed ? 0 : (this.port.turnIn?.() ?? 0);
      const now = this.now();
      if (turnIn > 0 && (this.keptSince === null || now - this.keptSince < MAX_KEEP_MS)) {
        this.keptSince ??= now;
        this.turnTimer = this.setTimer(
          () => {
            this.turnTimer = null;
            this.pump();
          },
          Math.min(turnIn, this.keptSince + MAX_KEEP_MS - now),
        );
        return;
      }
      this.keptSince = null;
      const batch = this.queue.shift()!;
      batch.state = 'sending';
      this.active.add(batch);
      for (const entry of batch.entries) entry.state = 'active';
      this.attempt(batch);
    }
  }

  protected attempt(batch: Batch): void {
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

  protected answered(batch: Batch, answer: ListAnswer): void {
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
        this.cache.store(entry.key, { result, asOf });
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

  protected failed(batch: Batch, error: CatalogError): void {
    batch.controller = null;
    // A service that asks for a longer wait than the scheduler waits is not asked sooner: it would refuse again,
    // and its callers (a cell's 30 s) would hear of it only at their deadline, not why.
    const asked = error.details.retryAfterMs;
    const waitable = asked === undefined || !(asked > this.retry.maxWaitMs);
    if (error.retryable && waitable && batch.attempts < this.retry.maxAttempts) {
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

  protected failEntries(entries: Entry[], error: CatalogError): void {
    for (const entry of entries) {
      this.forget(entry);
      for (const waiter of entry.waiters) this.settle(waiter, undefined, error);
      entry.waiters.clear();
    }
  }

  /** Every caller of the request has gone: stop it and free its place. */
  protected abortBatch(batch: Batch): void {
    batch.token++;
    const controller = batch.controller;
    batch.controller = null;
    for (const entry of batch.entries) this.forget(entry);
    controller?.abort();
    this.finish(batch);
  }

  protected finish(batch: Batch): void {
    if (batch.state === 'done') return;
    batch.state = 'done';
    if (batch.timer !== null) this.clearTimer(batch.timer);
    batch.timer = null;
    this.active.delete(batch);
    this.pump();
    this.emitProgress();
  }

  // ---- events

  protected emit(event: SchedulerEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener that fails must not stop the lookups.
      }
    }
  }

  protected emitProgress(): void {
    if (this.progressScheduled || this.listeners.size === 0) return;
    this.progressScheduled = true;
    queueMicrotask(() => {
      this.progressScheduled = false;
      this.emit({ type: 'progress', ...this.progress() });
    });
  }
}
