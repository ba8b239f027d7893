/**
 * List searches through the gateway's per-part cache. A client's list search (up to 1000 parts) is cut into its
 * parts; each part comes from the cache when fresh, joins a lookup of it already on its way, or goes upstream in
 * one list search together with every other missing part of the moment (Partsheet's own scheduler does the
 * collecting, de-duplicating, batching, caching and retrying); then the answer is put together again in the
 * shape the client asked for (v3 or v4 JSON, each entry exactly as the upstream sent it).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AnswerTally, MAX_ANSWER_PARTS } from '../protocol/list-answer';
import { CatalogError } from '../src/catalog/errors';
import type { ApiVersion, ListResult } from '../src/catalog/model';
import { LookupScheduler, lookupKey, type LookupRequest, type LookupResult } from '../src/lookup';
import type { ClientList } from './client-list';
import { assembleListAnswer, refusalBody, type ListBody } from './list-answer';
import type { CachedEntry, Frame } from './list-entries';
import { UpstreamListPort, UpstreamLookupFailure } from './list-port';
import { credentialsKey } from './credentials-key';
import { RefusalMemo, searchDigest } from './refusal-memo';
import { keyDigest, SharedListPort } from './redis-lists';
import { classify, REFUSAL_KEPT_MS } from './redis-refusals';
import type { SharedState } from './redis';
import { GateRefused, type Upstream } from './upstream';

export { readClientList, type ClientList, type Credentials } from './client-list';
export { assembleListAnswer, type ListBody } from './list-answer';
export { entryFromWire, entryToWire, type CachedEntry, type WireEntry } from './list-entries';
export { UpstreamLookupFailure } from './list-port';

export interface ListCacheOptions {
  upstream: Upstream;
  baseUrl: string;
  /** How long a part's answer is served from the cache. */
  ttlMs: number;
  /** Parts each credential group's cache holds at most. */
  maxParts: number;
  /** Credential groups (login + key, rows, exact) kept at most; the idlest go first. */
  maxGroups?: number;
  /** How long misses are collected before they go upstream together (20 ms unless set). */
  windowMs?: number;
  /** With Redis: how long the instance sending the collected parts of all instances waits for them first. */
  sharedWindowMs?: number;
  /** Upstream list searches in flight at once per group. */
  concurrency?: number;
  /** Size refusals remembered per request (refusal-memo.ts); 1000 unless set. */
  maxRefusals?: number;
  /** The Redis every instance shares its parts through; absent: this instance's cache only. */
  shared?: SharedState;
}

/** What a cached list search did: the answer to send, or the upstream failure to pass on, and the cache figures. */
export type ListOutcome =
  | {
      ok: true;
      body: ListBody;
      fromCache: number;
      parts: number;
      /** Refused from the cache before any lookup. */ refusedEarly?: true;
    }
  | { ok: false; failure: UpstreamLookupFailure | CatalogError };

/** Who asks, for fairness at the gate, and the signal that says they have gone. */
export interface Asker {
  /** A gateway token's owner, else the client address. */
  client: string;
  signal?: AbortSignal;
}

/** One credential group: its scheduler, and the clients with lookups under way in it (with how many each). */
interface Group {
  scheduler: LookupScheduler;
  clients: Map<string, number>;
}

/** The per-part cache of list searches: one scheduler per credential group, each with its own cache. */
export class ListCache {
  private readonly groups = new Map<string, Group>();
  private readonly raw = new WeakMap<ListResult, CachedEntry>();
  private readonly counters = {
    parts: 0,
    fromCache: 0,
    refusedEarly: 0,
    refusedAgain: 0,
    refusedAsSent: 0,
    pieceRequests: 0,
  };
  /** Size refusals given, by request: the words, and the frame they were sent in. */
  private readonly refusals: RefusalMemo<{ words: string; frame: Frame }>;
  /**
   * The same refusals by the request's text as it arrived (`RawSearchKey`): a client repeating a refused search word
   * for word is refused again before its query (up to a thousand part numbers) is read at all.
   */
  private readonly refusalsAsSent: RefusalMemo<{ words: string; frame: Frame; version: ApiVersion; parts: number }>;
  private readonly sharedCounters = { sharedHits: 0, sharedWaits: 0 };
  /**
   * The upstream's refusals of credentials (401, 403, a wrong login or key), by credentials, kept a few seconds (never
   * longer than the cache's time to live): a client repeating a search with a wrong key gets the refusal again without
   * a request (with Redis, every instance does: redis-refusals.ts).
   */
  private readonly refusedCredentials: RefusalMemo<UpstreamLookupFailure | CatalogError>;

  constructor(private readonly options: ListCacheOptions) {
    this.refusals = new RefusalMemo(options.maxRefusals ?? 1000);
    this.refusalsAsSent = new RefusalMemo(options.maxRefusals ?? 1000);
    this.refusedCredentials = new RefusalMemo(options.maxRefusals ?? 1000);
  }

  /**
   * The refusal given a moment ago to the search sent as `asSent` (see rawSearchKey), while the cached answers it was
   * counted from stay fresh; undefined otherwise. Costs a digest of the request's text: repeating a refused search
   * of a thousand entries, as fast as a client can, costs the gateway no reading of its entries.
   */
  refusedAsSent(asSent: string): (ListOutcome & { ok: true }) | undefined {
    const started = Date.now();
    const known = this.refusalsAsSent.get(asSent);
    if (!known) return undefined;
    this.counters.refusedAgain++;
    this.counters.refusedAsSent++;
    const body = refusalBody({ version: known.version }, known.frame, known.words, Date.now() - started);
    return { ok: true, body, fromCache: known.parts, parts: known.parts };
  }

  /**
   * Parts answered and how many from the cache; searches refused from the cache before any upstream request, and
   * repeats of a refused search refused again from memory; upstream list searches and the parts they carried, and
   * of those the requests for pieces of searches the upstream refused for size (with Redis: the searches the
   * scheduler made, some answered whole from Redis, and the parts found there or waited for).
   */
  stats(): {
    groups: number;
    parts: number;
    fromCache: number;
    refusedEarly: number;
    refusedAgain: number;
    refusedAsSent: number;
    pieceRequests: number;
    upstreamRequests: number;
    partsSent: number;
    sharedHits?: number;
    sharedWaits?: number;
  } {
    let upstreamRequests = 0;
    let partsSent = 0;
    for (const { scheduler } of this.groups.values()) {
      const s = scheduler.stats();
      upstreamRequests += s.requests;
      partsSent += s.partsSent;
    }
    upstreamRequests += this.counters.pieceRequests;
    return {
      groups: this.groups.size,
      ...this.counters,
      upstreamRequests,
      partsSent,
      ...(this.options.shared ? this.sharedCounters : {}),
    };
  }

  /**
   * Answers `list` part by part. `credentialKey` says whose cache it is (a digest of the login and key, or the
   * team's); parts are shared only within it.
   */
  async answer(
    list: ClientList,
    credentialKey: string,
    asker: Asker = { client: 'anonymous' },
    asSent?: string,
  ): Promise<ListOutcome> {
    const started = Date.now();
    const groupKey = this.groupKey(list, credentialKey);
    // The same search refused a moment ago is refused again, at once: nothing is looked up or counted.
    const digest = searchDigest(groupKey, list.version, list.currency, list.parts);
    const refused = this.refusals.get(digest);
    if (refused) {
      this.counters.refusedAgain++;
      this.rememberAsSent(asSent, list, refused, this.refusals.until(digest));
      const body = refusalBody(list, refused.frame, refused.words, Date.now() - started);
      return { ok: true, body, fromCache: list.parts.length, parts: list.parts.length };
    }
    const refusedLogin = this.refusedCredentials.get(credentialKey);
    if (refusedLogin) return { ok: false, failure: refusedLogin };
    const group = this.group(groupKey, list, credentialKey);
    const { scheduler, clients } = group;
    const requests: LookupRequest[] = list.parts.map((p) => ({
      partNumber: p.partNum,
      manufacturer: p.mfr ?? null,
      currency: list.currency ?? null,
      version: list.version,
    }));
    // Each line's key, once, and what the cache holds for it now (counted as used): most lines of a busy team's
    // searches are answered here, without a lookup of their own.
    const keys = requests.map(lookupKey);
    const hits = keys.map((key) => {
      const hit = scheduler.peek(key, { touch: true });
      return hit && this.raw.has(hit.result) ? hit : undefined;
    });
    const missing = new Map<string, number>();
    hits.forEach((hit, i) => {
      if (!hit && !missing.has(keys[i])) missing.set(keys[i], i);
    });
    // While the upstream's gate is closed by a capped pause, a search that needs it is refused at once with the
    // time left; one the cache answers whole is still answered.
    const pausedFor = this.options.upstream.refusingForMs(
      credentialsKey(list.credentials.login, list.credentials.apikey),
    );
    if (pausedFor > 0 && missing.size > 0) {
      const refusal = new GateRefused(this.options.upstream.name, 'paused', pausedFor);
      return { ok: false, failure: new UpstreamLookupFailure('rate-limited', refusal.message, undefined, refusal) };
    }
    const early = missing.size > 0 ? this.refusedFromCache(list, keys, hits, missing.size, started) : undefined;
    if (early) {
      this.remember(digest, early.body, early.frame, early.freshUntil, list, asSent);
      return early.outcome;
    }
    const looked = new Map<string, LookupResult>();
    if (missing.size > 0) {
      clients.set(asker.client, (clients.get(asker.client) ?? 0) + 1);
      let settled: Awaited<ReturnType<LookupScheduler['lookupMany']>>;
      try {
        // A client that goes cancels its lookups; parts nobody else waits for are then never sent.
        settled = await scheduler.lookupMany(
          [...missing.values()].map((i) => requests[i]),
          { signal: asker.signal },
        );
      } finally {
        const left = (clients.get(asker.client) ?? 1) - 1;
        if (left > 0) clients.set(asker.client, left);
        else clients.delete(asker.client);
      }
      // One upstream answer settles the searches it completes all at once (48 of them in the bench): each is assembled
      // in a turn of its own, so the first answer is on its way to its client while the next is assembled, rather
      // than every answer waiting for all of them to be assembled (a few ms each).
      await nextTurn();
      let at = 0;
      for (const key of missing.keys()) {
        const outcome = settled[at++];
        if (outcome instanceof CatalogError) {
          if (classify(outcome) === 'credentials')
            this.refusedCredentials.set(
              credentialKey,
              outcome,
              Date.now() + Math.min(REFUSAL_KEPT_MS, this.options.ttlMs),
            );
          return { ok: false, failure: outcome };
        }
        looked.set(key, outcome);
      }
    }
    const entries: CachedEntry[] = [];
    let fromCache = 0;
    let oldest = Infinity;
    for (let i = 0; i < keys.length; i++) {
      const outcome = hits[i] ?? looked.get(keys[i])!;
      const raw = this.raw.get(outcome.result);
      if (!raw) return { ok: false, failure: new CatalogError('malformed', 'a cached part lost its answer') };
      if (outcome.fromCache) fromCache++;
      oldest = Math.min(oldest, outcome.asOf);
      entries.push(raw);
    }
    this.counters.parts += entries.length;
    this.counters.fromCache += fromCache;
    const body = assembleListAnswer(list, entries, Date.now() - started);
    this.remember(digest, body, entries[0]?.frame, oldest + this.options.ttlMs, list, asSent);
    return { ok: true, body, fromCache, parts: entries.length };
  }

  /**
   * Remembers the refusal `body` is, if it is one, until the oldest answer it was counted from goes stale: by the
   * search's entries, and by the request's text when the caller gave it.
   */
  private remember(
    digest: string,
    body: ListBody,
    frame: Frame | undefined,
    until: number,
    list: ClientList,
    asSent: string | undefined,
  ): void {
    if (!body.refusal || !frame) return;
    const refusal = { words: body.refusal, frame };
    this.refusals.set(digest, refusal, until);
    this.rememberAsSent(asSent, list, refusal, until);
  }

  private rememberAsSent(
    asSent: string | undefined,
    list: ClientList,
    refusal: { words: string; frame: Frame },
    until: number | undefined,
  ): void {
    if (asSent === undefined || until === undefined) return;
    this.refusalsAsSent.set(asSent, { ...refusal, version: list.version, parts: list.parts.length }, until);
  }

  /**
   * The refusal of a search whose cached entries alone already hold more distinct parts than an answer may: its
   * whole answer would hold them too and be refused with those words (the parts cap is counted first, as the service
   * counts it), so nothing is asked upstream for the rest. A search over the byte cap alone goes on, since its
   * missing entries could still pass the parts cap and change the words.
   */
  private refusedFromCache(
    list: ClientList,
    keys: string[],
    hits: (LookupResult | undefined)[],
    missing: number,
    started: number,
  ): { outcome: ListOutcome & { ok: true }; body: ListBody; frame: Frame; freshUntil: number } | undefined {
    // Fewer parts than the cap even at `rows` parts an entry: nothing to look at (most searches).
    const rows = list.rows !== undefined && /^\s*\d{1,9}\s*$/.test(list.rows) ? Number(list.rows) : undefined;
    if (rows !== undefined && list.parts.length * rows <= MAX_ANSWER_PARTS) return undefined;
    const cached: CachedEntry[] = [];
    const seen = new Set<string>();
    let ids = 0;
    let hitLines = 0;
    let oldest = Infinity;
    for (let i = 0; i < keys.length; i++) {
      const hit = hits[i];
      if (!hit) continue;
      hitLines++;
      if (seen.has(keys[i])) continue;
      seen.add(keys[i]);
      oldest = Math.min(oldest, hit.asOf);
      const raw = this.raw.get(hit.result)!;
      cached.push(raw);
      ids += raw.partIds.length;
    }
    // Not enough parts even counted with repeats: nothing to refuse here (the common case, at no further cost).
    if (ids <= MAX_ANSWER_PARTS || missing === 0) return undefined;
    const refusal = new AnswerTally().addParts(cached.flatMap((entry) => entry.partIds));
    if (!refusal) return undefined;
    this.counters.refusedEarly++;
    const body = refusalBody(list, cached[0].frame, refusal, Date.now() - started);
    const outcome = {
      ok: true as const,
      body,
      fromCache: hitLines,
      parts: list.parts.length,
      refusedEarly: true as const,
    };
    return { outcome, body, frame: cached[0].frame, freshUntil: oldest + this.options.ttlMs };
  }

  /**
   * The gateway is stopping and its gate refuses: searches waiting out a back-off are tried again at once, so
   * the refusal reaches their clients now; searches under way upstream go on to their answers.
   */
  stopping(): void {
    for (const { scheduler } of this.groups.values()) scheduler.skipBackoff();
  }

  /** Cancels every lookup under way (the gateway is stopping): their clients are answered, no timer is left. */
  close(): void {
    for (const { scheduler } of this.groups.values()) scheduler.close();
    this.groups.clear();
  }

  private groupKey(list: ClientList, credentialKey: string): string {
    return `${credentialKey}|${list.useExact}|${list.rows ?? ''}`;
  }

  private group(key: string, list: ClientList, credentialKey: string): Group {
    const known = this.groups.get(key);
    if (known) {
      this.groups.delete(key);
      this.groups.set(key, known);
      return known;
    }
    const { upstream, baseUrl, ttlMs, maxParts } = this.options;
    const clients = new Map<string, number>();
    // A group's request serves every client waiting in it: it waits in the lane of the one with the fewest requests
    // waiting (the longest-waiting on a tie), so a client flooding the gate cannot get a shared request refused.
    const clientOf = () => {
      let best: string | undefined;
      for (const client of clients.keys())
        if (best === undefined || upstream.queuedFor(client) < upstream.queuedFor(best)) best = client;
      return best ?? 'anonymous';
    };
    const own = new UpstreamListPort(
      upstream,
      list.credentials,
      { useExact: list.useExact, rows: list.rows },
      this.raw,
      baseUrl,
      clientOf,
      () => this.counters.pieceRequests++,
    );
    const shared = this.options.shared;
    const port = shared
      ? new SharedListPort({
          shared,
          inner: own,
          raw: this.raw,
          groupId: keyDigest(`${upstream.host}|${key}`),
          credentialsId: keyDigest(`${upstream.host}|${credentialKey}`),
          ttlMs,
          windowMs: this.options.sharedWindowMs ?? this.options.windowMs ?? 20,
          counters: this.sharedCounters,
        })
      : own;
    const scheduler = new LookupScheduler({
      port,
      ttlMs,
      cacheLimit: maxParts,
      windowMs: this.options.windowMs ?? 20,
      // A group's next request waits here for the upstream gate's next turn (UpstreamListPort.turnIn), and parts
      // missing meanwhile join it: it leaves then, with every part missing by that time, in requests of up to 1000.
      // A burst of users costs the upstream its distinct parts / 1000 requests, plus one for each turn of the gate
      // that came while the burst was still being read. Two requests that are not full may be in flight at once
      // (more would only split what a pause or a slow upstream gathered), and full ones beside them, up to 5.
      // With Redis the collecting and batching that count are done there, across instances (redis-lists.ts): this
      // instance's lookups go on to it at once, so none waits here for an earlier one of the instance to be answered.
      concurrency: this.options.concurrency ?? (shared ? 4 : 2),
      fullConcurrency: 3,
      // A busy upstream is waited out (the gate holds every request meanwhile); a client waits up to two minutes.
      // With Redis each attempt is a claim of the parts, sent for every instance: a search claims them again three
      // times at most, and only after a transient failure (a refusal is an answer, see redis-refusals.ts).
      retry: { maxAttempts: shared ? 4 : 5, maxWaitMs: 60_000 },
      deadlineMs: 120_000,
    });
    const group = { scheduler, clients };
    this.groups.set(key, group);
    this.evictIdle();
    return group;
  }

  /** Forgets the idlest groups beyond the limit, never one with lookups under way. */
  private evictIdle(): void {
    const max = this.options.maxGroups ?? 1000;
    for (const [key, { scheduler }] of this.groups) {
      if (this.groups.size <= max) return;
      if (scheduler.progress().pending === 0) this.groups.delete(key);
    }
  }
}
