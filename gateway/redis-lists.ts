/**
 * The per-part cache of list searches shared by every instance through Redis. It sits between a credential group's
 * scheduler (which still collects, de-duplicates and batches this instance's misses, and keeps its own copy of
 * what it got) and the upstream: of the parts a batch needs, those another instance fetched are read from Redis;
 * of the rest, each is claimed with a short-lived lock key, the claimed ones go upstream in one list search and are
 * written back (with the configured time to live), and the ones another instance has claimed are waited for until
 * their answers appear in Redis. So a part asked on several instances at once goes upstream once. The claimed parts
 * of every instance are collected for a few milliseconds into one list in Redis, and one instance (the first to
 * add to it) sends them all, so a burst spread over the instances costs the upstream the requests one instance
 * would send. An upstream's refusal is passed to every instance waiting for the parts and kept a few seconds, not
 * claimed again (redis-refusals.ts); parts no client waits for any more leave the collection unsent, even while
 * Redis is judged slow.
 *
 * While Redis cannot be reached the batch simply goes upstream as it would on a lone gateway. So does a batch whose
 * step in Redis has not answered within the latency budget (SharedState.step), except a wait for parts another
 * instance is fetching: that goes on until the instance works alone (a burst can make a large read late).
 */
import { createHash } from 'node:crypto';
import type { ApiVersion, ListAnswer, ListResult } from '../src/catalog/model';
import { lookupKey, resultKey, groupKey, type ListPart, type ListSearchPort } from '../src/lookup';
import { splitIntoBatches } from '../src/lookup/split';
import { CatalogError } from '../src/catalog/errors';
import { UpstreamLookupFailure } from './list-port';
import { SlowRedis } from './redis-latency';
import { readStored, storedText } from './redis-parts';
import { ABANDON, READ_OR_CLAIM, RENEW_WHILE_SENDER, TAKE_COLLECTED } from './redis-list-scripts';
import { failureFrom, recordFailure, whileWanted } from './redis-refusals';
import {
  type Claimed,
  LOCK_MS,
  RENEW_MS,
  POLL_MS,
  QUIET_MS,
  HOLD_MS,
  MAX_BATCH,
  URL_BUDGET,
  MAX_RECLAIMS,
  SENDER_IN_FLIGHT,
  type Opts,
  type Budget,
  type SharedListOptions,
} from './redis-list-options';

export type { SharedListOptions } from './redis-list-options';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** A short digest for a key part that may be long or hold anything. */
export const keyDigest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 24);

export class SharedListPort implements ListSearchPort {
  private readonly owner = `${process.pid}:${Math.random().toString(36).slice(2)}`;

  constructor(private readonly options: SharedListOptions) {}

  listUrl(parts: ListPart[], opts: { currency?: string; version?: ApiVersion }): string {
    return this.options.inner.listUrl(parts, opts);
  }

  async searchList(parts: ListPart[], opts: Opts): Promise<ListAnswer> {
    const results = await this.resolve(parts, opts);
    let found = 0;
    let notFound = 0;
    let errors = 0;
    for (const result of results) {
      const kind = this.options.raw.get(result)?.kind;
      if (kind === 'found') found++;
      else if (kind === 'error') errors++;
      else notFound++;
    }
    return { results, partsRequested: parts.length, partsFound: found, partsNotFound: notFound, partsError: errors };
  }

  private keyOf(part: ListPart, opts: Opts): string {
    const key = lookupKey({
      partNumber: part.partNumber,
      manufacturer: part.manufacturer ?? null,
      currency: opts.currency ?? null,
      version: opts.version ?? null,
    });
    return `${this.options.shared.namespace}part:${this.options.groupId}:${key}`;
  }

  /** Where a refusal of these credentials is kept, and where their transient failures are counted. */
  private get credentialKeys(): [string, string] {
    const id = this.options.credentialsId;
    const ns = this.options.shared.namespace;
    return [`${ns}refused:${id}`, `${ns}failures:${id}`];
  }

  /**
   * The results of `parts`: from Redis, from this instance's own search, or from another instance's. A failure kept
   * in Redis for one of the parts, or for the credentials when some part is not in Redis, is thrown as the sender's
   * client got it.
   */
  private async resolve(
    parts: ListPart[],
    opts: Opts,
    budget: Budget = { reclaims: MAX_RECLAIMS },
  ): Promise<ListResult[]> {
    const { shared, inner } = this.options;
    if (parts.length === 0) return [];
    if (!shared.available) return (await inner.searchList(parts, opts)).results;
    const keys = parts.map((p) => this.keyOf(p, opts));
    let got: (string | number)[];
    const claiming = shared.client.eval(
      READ_OR_CLAIM,
      1 + keys.length,
      this.credentialKeys[0],
      ...keys,
      this.owner,
      String(LOCK_MS),
    ) as Promise<Claimed>;
    try {
      const [refused, values] = await shared.step(claiming);
      if (Number(refused) === 1) throw failureFrom(String(values)) ?? this.unreadableFailure();
      got = values as (string | number)[];
    } catch (e) {
      if (e instanceof CatalogError) throw e;
      shared.failed(e);
      this.releaseLate(claiming, keys);
      return (await inner.searchList(parts, opts)).results;
    }
    const results: ListResult[] = [];
    const mine: number[] = [];
    const theirs: number[] = [];
    const unreadable: number[] = [];
    got.forEach((value, i) => {
      if (typeof value !== 'string') (Number(value) === 1 ? mine : theirs).push(i);
      else {
        const result = this.read(value);
        if (result) results.push(result);
        else unreadable.push(i);
      }
    });
    this.options.counters.sharedHits += results.length;
    if (unreadable.length > 0) {
      // Not written by this gateway's version: claimed as if absent, fetched again and written over.
      let claims: ([Error | null, unknown] | null)[] | null;
      try {
        const pipeline = shared.client.pipeline();
        for (const i of unreadable) pipeline.set(`${keys[i]}:lock`, this.owner, 'PX', LOCK_MS, 'NX');
        claims = await pipeline.exec();
      } catch (e) {
        shared.failed(e);
        claims = null;
      }
      const alone = unreadable.map((i) => parts[i]);
      if (claims === null) results.push(...(await inner.searchList(alone, opts)).results);
      else unreadable.forEach((i, j) => (claims![j]?.[1] === 'OK' ? mine : theirs).push(i));
    }
    if (mine.length === 0 && theirs.length === 0) return results;
    const [own, others] = await Promise.all([
      this.collect(
        mine.map((i) => parts[i]),
        mine.map((i) => keys[i]),
        opts,
        budget,
      ),
      this.waitForOthers(
        theirs.map((i) => parts[i]),
        theirs.map((i) => keys[i]),
        opts,
        budget,
      ),
    ]);
    return [...results, ...own, ...others];
  }

  /**
   * Adds the parts this instance claimed to the group's collection in Redis. The instance that started the
   * collection (the sender) sends what was collected (see send); every instance, the sender too, waits for its
   * parts' answers in Redis. When its client goes, its parts leave the collection and their claims are let go
   * (ABANDON): a part nobody waits for is not sent, as on a lone gateway.
   */
  private async collect(parts: ListPart[], keys: string[], opts: Opts, budget: Budget): Promise<ListResult[]> {
    if (parts.length === 0) return [];
    const { shared } = this.options;
    const list = `${this.options.shared.namespace}collect:${this.options.groupId}:${groupKey(opts.currency, opts.version)}`;
    const leader = `${list}:leader`;
    let first: string | null;
    const adding = shared.client
      .multi()
      .rpush(list, ...parts.map((p) => JSON.stringify(p)))
      .pexpire(list, LOCK_MS)
      .set(leader, this.owner, 'PX', LOCK_MS, 'NX')
      .exec();
    const firstOf = (done: Awaited<typeof adding>) => (done?.[2]?.[1] as string | null) ?? null;
    try {
      first = firstOf(await shared.step(adding));
    } catch (e) {
      shared.failed(e);
      // Added too late to wait for: this instance fetches its parts itself, so once the add lands they leave the
      // collection again (the sender would send them a second time); when it turned out to be the first, it sends
      // the collection instead, so the parts other instances add meanwhile have a sender.
      adding.then(
        (done) => {
          if (firstOf(done) === 'OK') void this.send(list, leader, { currency: opts.currency, version: opts.version });
          else this.takeBack(list, parts);
        },
        () => undefined,
      );
      return this.fetchClaimed(parts, keys, opts);
    }
    // The first to add to the collection sends it: what every instance collects meanwhile goes with this instance's
    // parts, whoever waits for it (so no client's signal stops it).
    if (first === 'OK') void this.send(list, leader, { currency: opts.currency, version: opts.version });
    // Every instance waits for its parts' answers in Redis, the sender's own included. The sender may take a while
    // to come to them: their claims are kept while it lives.
    const renew = setInterval(() => {
      if (shared.available)
        shared.client
          .eval(RENEW_WHILE_SENDER, 1 + keys.length, leader, ...keys.map((k) => `${k}:lock`), String(LOCK_MS))
          .catch(() => undefined);
    }, RENEW_MS);
    renew.unref();
    try {
      // Gone alone while waiting: its parts leave the collection and are fetched as its own claims (answers
      // stored, claims let go), or the sender would send them a second time.
      return await this.waitForOthers(parts, keys, opts, budget, (alone, aloneKeys) => {
        this.takeBack(list, alone);
        return this.fetchClaimed(alone, aloneKeys, opts);
      });
    } catch (e) {
      // No longer waited for (the client went, or the search alone was refused at the gate once Redis turned slow).
      if (shared.readable)
        shared.client
          .eval(
            ABANDON,
            1 + keys.length,
            list,
            ...keys.map((k) => `${k}:lock`),
            this.owner,
            this.readyChannel,
            ...parts.map((p) => JSON.stringify(p)),
          )
          .catch((failure: unknown) => shared.failed(failure));
      throw e;
    } finally {
      clearInterval(renew);
    }
  }

  /** Takes `parts` out of the collection `list` (once each, as ABANDON does): this instance fetches them itself. */
  private takeBack(list: string, parts: ListPart[]): void {
    const { shared } = this.options;
    if (!shared.readable) return; // even when judged slow: no request waits for it
    const pipeline = shared.client.pipeline();
    for (const part of parts) pipeline.lrem(list, 1, JSON.stringify(part));
    pipeline.exec().catch(() => undefined);
  }

  /**
   * The sender's work: after one window (the others' parts join), it takes the collection a list search at a time;
   * full searches go beside each other (up to SENDER_IN_FLIGHT), a partial one only when none is in flight, and what
   * gathers meanwhile goes next. Nothing left and nothing in flight: it stops being the sender.
   */
  private async send(list: string, leader: string, opts: Opts): Promise<void> {
    const { shared } = this.options;
    await sleep(this.options.windowMs);
    const inFlight = new Set<Promise<void>>();
    try {
      for (;;) {
        let collected: string[];
        try {
          if (inFlight.size === 0) await this.quiet(list);
          collected = (await shared.client.eval(
            TAKE_COLLECTED,
            2,
            list,
            leader,
            String(LOCK_MS),
            String(MAX_BATCH),
            inFlight.size === 0 ? '1' : '0',
          )) as string[];
        } catch (e) {
          // The parts collected keep their claims until these expire; their instances then ask again.
          shared.failed(e);
          return;
        }
        if (collected.length === 0) {
          if (inFlight.size === 0) return;
          await Promise.race(inFlight);
          continue;
        }
        for (const batch of this.batchesOf(collected, opts)) {
          // A failed search lets its claims go (fetchClaimed), and the instances waiting ask again.
          const search: Promise<void> = this.fetchClaimed(batch.parts, batch.keys, opts, leader).then(
            () => undefined,
            () => undefined,
          );
          inFlight.add(search);
          void search.then(() => inFlight.delete(search));
        }
        while (inFlight.size >= SENDER_IN_FLIGHT) await Promise.race(inFlight);
      }
    } finally {
      await Promise.all(inFlight);
    }
  }

  /** Waits while the collection grows, short of a full search, for up to HOLD_MS. */
  private async quiet(list: string): Promise<void> {
    const until = Date.now() + HOLD_MS;
    let seen = -1;
    for (;;) {
      const length = await this.options.shared.client.llen(list);
      if (length >= MAX_BATCH || length === seen || Date.now() >= until) return;
      seen = length;
      await sleep(QUIET_MS);
    }
  }

  /** The channel on which the sender announces answers it wrote to Redis. */
  private get readyChannel(): string {
    return `${this.options.shared.namespace}ready:${this.options.groupId}`;
  }

  /** The parts collected from all instances, once each, cut into list searches as the scheduler cuts them. */
  private batchesOf(collected: string[], opts: Opts): { parts: ListPart[]; keys: string[] }[] {
    const all = new Map<string, ListPart>();
    for (const text of collected) {
      try {
        const part = JSON.parse(text) as ListPart;
        if (typeof part?.partNumber === 'string') all.set(this.keyOf(part, opts), part);
      } catch {
        // Not written by a gateway: left out.
      }
    }
    const { batches, oversize } = splitIntoBatches(
      [...all.values()],
      MAX_BATCH,
      URL_BUDGET,
      (batch) => this.listUrl(batch, opts).length,
    );
    return [...batches, ...oversize.map((p) => [p])].map((batch) => ({
      parts: batch,
      keys: batch.map((p) => this.keyOf(p, opts)),
    }));
  }

  /** The lookup key inside a part's Redis key. */
  private lookupPart(key: string): string {
    return key.slice(`${this.options.shared.namespace}part:${this.options.groupId}:`.length);
  }

  /**
   * Sends the parts this instance claimed upstream, writes their answers to Redis and lets the claims go; a failure
   * is written in their place (recordFailure). The sender's search leaves the gate's line unsent once none of its
   * parts is claimed any more (every client waiting for them has gone, see ABANDON).
   */
  private async fetchClaimed(parts: ListPart[], keys: string[], opts: Opts, sender?: string): Promise<ListResult[]> {
    if (parts.length === 0) return [];
    const { shared, inner, raw, ttlMs } = this.options;
    // The sender's own mark is renewed with the claims: the collection keeps its sender while it sends.
    const locks = [...keys.map((k) => `${k}:lock`), ...(sender ? [sender] : [])];
    const renew = setInterval(() => {
      if (!shared.available) return;
      const pipeline = shared.client.pipeline();
      for (const lock of locks) pipeline.pexpire(lock, LOCK_MS);
      pipeline.exec().catch(() => undefined);
    }, RENEW_MS);
    renew.unref();
    const wanted = sender ? whileWanted(shared, locks.slice(0, keys.length), this.readyChannel, POLL_MS) : undefined;
    let answer: ListAnswer;
    try {
      answer = await inner.searchList(parts, wanted ? { ...opts, signal: wanted.signal } : opts);
    } catch (e) {
      // The claims go (a client gone) or the failure is kept, even on a Redis judged slow, where a sender still
      // sends the parts claimed; no client waits for it there.
      const search = { keys, credentialKeys: this.credentialKeys, ttlMs, channel: this.readyChannel };
      const recorded = shared.readable ? recordFailure(shared, e, search) : undefined;
      if (shared.available) await recorded;
      throw e;
    } finally {
      clearInterval(renew);
      wanted?.stop();
    }
    if (!shared.readable) return answer.results;
    const byKey = new Map(keys.map((k) => [this.lookupPart(k), k]));
    const group = groupKey(opts.currency, opts.version);
    const pipeline = shared.client.pipeline();
    for (const result of answer.results) {
      const entry = raw.get(result);
      const key = byKey.get(resultKey(result, group));
      if (!entry || !key || ttlMs <= 0) continue;
      pipeline.set(key, storedText(result, entry), 'PX', ttlMs);
    }
    pipeline.del(...keys.map((k) => `${k}:lock`));
    pipeline.publish(this.readyChannel, '1');
    // Its own answers: a Redis judged slow stores them (and lets the claims go) in its own time, holding nobody.
    const storing = shared.step(pipeline.exec()).catch((e: unknown) => shared.failed(e));
    if (shared.available) await storing;
    return answer.results;
  }

  /** The failure thrown for a failure record this version cannot read: a transient one. */
  private unreadableFailure(): UpstreamLookupFailure {
    return new UpstreamLookupFailure('unavailable', 'a list search failed on another gateway instance');
  }

  /** A claim given up on (this instance fetches the parts itself): what it claimed is let go once it lands. */
  private releaseLate(claiming: Promise<Claimed>, keys: string[]): void {
    claiming.then(
      ([refused, got]) => {
        if (Number(refused) === 1 || typeof got === 'string') return;
        const mine = keys.filter((_, i) => typeof got[i] !== 'string' && Number(got[i]) === 1);
        if (mine.length > 0) this.options.shared.client.del(...mine.map((k) => `${k}:lock`)).catch(() => undefined);
      },
      () => undefined,
    );
  }

  /**
   * Waits for the parts other instances claimed: each is taken from Redis when its answer appears; a failure
   * written in its place is thrown as the sender's client got it; when a claim ends without either (that instance
   * failed or went), the part is resolved again here (read, or claimed), at most MAX_RECLAIMS times per search.
   * `fetchOwn`: the parts are this instance's own, in the collection, and what it fetches alone goes through it.
   */
  private async waitForOthers(
    parts: ListPart[],
    keys: string[],
    opts: Opts,
    budget: Budget,
    fetchOwn?: (alone: ListPart[], keys: string[]) => Promise<ListResult[]>,
  ): Promise<ListResult[]> {
    if (parts.length === 0) return [];
    const { shared } = this.options;
    if (!fetchOwn) this.options.counters.sharedWaits += parts.length;
    const results: ListResult[] = [];
    let pending = parts.map((part, i) => ({ part, key: keys[i] }));
    const deadline = Date.now() + LOCK_MS * 6;
    let seen = shared.announced(this.readyChannel);
    // A read still under way: a late one is waited for again, never sent anew (its reply is as good as a new one's,
    // and a read sent again on a Redis that answers large reads late would only pile up behind it).
    let reading: Promise<(string | null)[]> | undefined;
    while (pending.length > 0) {
      if (opts.signal?.aborted) throw Object.assign(new Error('the lookup was cancelled'), { name: 'AbortError' });
      if (!shared.available || Date.now() > deadline) break;
      if (!reading) {
        // Until the sender says it wrote answers (or a while passes: a message can be lost, a claim can expire).
        await shared.nextAnnouncement(this.readyChannel, seen, POLL_MS, opts.signal);
        seen = shared.announced(this.readyChannel);
        reading = shared.client.mget(
          ...pending.flatMap((p) => [p.key, `${p.key}:lock`, `${p.key}:failed`, `${p.key}:transient`]),
        );
        reading.catch(() => undefined);
      }
      let values: (string | null)[];
      try {
        values = await shared.step(reading);
      } catch (e) {
        shared.failed(e);
        // Late, not failed: other instances are fetching these parts, so the same read is waited for again until the
        // instance works alone.
        if (e instanceof SlowRedis) continue;
        break;
      }
      reading = undefined;
      const still: typeof pending = [];
      const orphaned: ListPart[] = [];
      let failure: string | undefined;
      pending.forEach((p, i) => {
        const [value, lock, failed, transient] = values.slice(4 * i, 4 * i + 4);
        const result = value === null ? undefined : this.read(value);
        if (result) results.push(result);
        else if (failed !== null || transient !== null) failure ??= (failed ?? transient)!;
        else if (lock === null) orphaned.push(p.part);
        else still.push(p);
      });
      if (failure !== undefined) throw failureFrom(failure) ?? this.unreadableFailure();
      pending = still;
      if (orphaned.length > 0) {
        if (budget.reclaims <= 0)
          throw new UpstreamLookupFailure('unavailable', 'claims on parts ended without an answer, again and again');
        budget.reclaims--;
        results.push(...(await this.resolve(orphaned, opts, budget)));
      }
    }
    // Redis went away, or the claim outlived any reasonable wait: this instance asks for itself.
    const alone = fetchOwn ?? (async (rest: ListPart[]) => (await this.options.inner.searchList(rest, opts)).results);
    const [rest, restKeys] = [pending.map((p) => p.part), pending.map((p) => p.key)];
    if (rest.length > 0) results.push(...(await alone(rest, restKeys)));
    return results;
  }

  /** The result kept in Redis as a result of this instance, its entry in `raw`; undefined when unreadable. */
  private read(value: string): ListResult | undefined {
    return readStored(value, this.options.raw);
  }
}
