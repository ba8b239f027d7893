/**
 * The per-part cache of list searches shared by every instance through Redis. It sits between a credential group's
 * scheduler (which still collects, de-duplicates and batches this instance's misses, and keeps its own copy of
 * what it got) and the upstream: of the parts a batch needs, those another instance fetched are read from Redis;
 * of the rest, each is claimed with a short-lived lock key, the claimed ones go upstream in one list search and are
 * written back (with the configured time to live), and the ones another instance has claimed are waited for until
 * their answers appear in Redis. So a part asked on several instances at once goes upstream once. The claimed parts
 * of every instance are collected for a few milliseconds into one list in Redis, and one instance (the first to
 * add to it) sends them all, so a burst spread over the instances costs the upstream the requests one instance
 * would send.
 *
 * While Redis cannot be reached the batch simply goes upstream as it would on a lone gateway. So does a batch whose
 * step in Redis has not answered within the latency budget (SharedState.step), except a wait for parts another
 * instance is fetching: that goes on until the instance works alone (a burst can make a large read late).
 */
import { createHash } from 'node:crypto';
import type { ApiVersion, ListAnswer, ListResult } from '../src/catalog/model';
import { splitRequestedPartNum } from '../src/catalog/parse';
import { lookupKey, resultKey, groupKey, type ListPart, type ListSearchPort } from '../src/lookup';
import { splitIntoBatches } from '../src/lookup/split';
import { entryFromWire, entryToWire, type CachedEntry, type WireEntry } from './list-entries';
import { SlowRedis } from './redis-latency';
import { KEY_PREFIX, type SharedState } from './shared';

/** A claim on a part lasts this long unless renewed; an instance that died with one holds it no longer. */
const LOCK_MS = 10_000;
/** How often a claim being fetched is renewed, and how often a waiting instance looks for the answer. */
const RENEW_MS = 3_000;
/** A waiting instance looks for its parts when the sender announces answers written, and at this interval besides. */
const POLL_MS = 250;
/**
 * With no search in flight, the sender takes a partial search only once the collection has stopped growing for
 * QUIET_MS (the instances are still passing their parts on), or after HOLD_MS.
 */
const QUIET_MS = 100;
const HOLD_MS = 1000;
/** The item service's most parts per list search, and the longest URL sent (as the scheduler cuts its batches). */
const MAX_BATCH = 1000;
const URL_BUDGET = 60_000;
/**
 * Renews the claims (KEYS[2..]) of parts waiting in a collection for ARGV[1] ms, as long as the collection has a
 * sender (KEYS[1]): a sender that died lets them expire, and their instances ask again.
 */
const RENEW_WHILE_SENDER = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 2, #KEYS do redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
return 1
`;
/**
 * The sender's turn at the collection (KEYS[1]): takes up to ARGV[2] collected parts (one list search's worth), the
 * sender (KEYS[2]) staying the sender for ARGV[1] ms more. While the sender has searches in flight (ARGV[3] = 0) it
 * takes only a full search's worth (a partial one waits, and grows, as on one instance); with none in flight it takes
 * what there is, and when nothing is left it lets the sender go in the same step, so a part added later always has
 * a sender: this one, or the one it elects.
 */
const TAKE_COLLECTED = `
local n = redis.call('LLEN', KEYS[1])
local idle = ARGV[3] == '1'
if n == 0 and idle then
  redis.call('DEL', KEYS[2])
  return {}
end
redis.call('PEXPIRE', KEYS[2], ARGV[1])
if n == 0 or (n < tonumber(ARGV[2]) and not idle) then return {} end
local items = redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[2]) - 1)
redis.call('LTRIM', KEYS[1], #items, -1)
return items
`;
/**
 * Reads each part's answer (KEYS[i]) and, where there is none, claims the part (its lock key KEYS[i]..':lock', for
 * ARGV[2] ms, as ARGV[1]) in the same atomic step: per part the stored answer, 1 (claimed now) or 0 (another
 * instance holds the claim). A read and a claim sent apart left a gap: between them another instance could write
 * the answer and let its claim go, and the part was claimed and asked upstream a second time.
 */
const READ_OR_CLAIM = `
local out = {}
for i = 1, #KEYS do
  local value = redis.call('GET', KEYS[i])
  if value then
    out[i] = value
  elseif redis.call('SET', KEYS[i] .. ':lock', ARGV[1], 'PX', ARGV[2], 'NX') then
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
`;
/** List searches one sender has in flight at once: full ones beside each other, as on one instance. */
const SENDER_IN_FLIGHT = 4;

/** A part's answer as kept in Redis: the upstream's echo of the part number, and the entry as sent. */
interface Stored {
  r: string;
  e: WireEntry;
}

type Opts = { currency?: string; version?: ApiVersion; signal?: AbortSignal };

export interface SharedListOptions {
  shared: SharedState;
  /** The instance's own port: its list searches pass this instance's gate (itself shared). */
  inner: ListSearchPort;
  /** Where the entries of the inner port's results are kept, and where entries read from Redis are put. */
  raw: WeakMap<ListResult, CachedEntry>;
  /** The credential group (credentials, exact, rows) and the upstream: parts are shared only within both. */
  groupId: string;
  ttlMs: number;
  /** How long the first instance with claimed parts waits for the others' before it sends them (the gate's interval). */
  windowMs: number;
  /** Parts found in Redis, and parts waited for while another instance fetched them, for /healthz. */
  counters: { sharedHits: number; sharedWaits: number };
}

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
    return `${KEY_PREFIX}part:${this.options.groupId}:${key}`;
  }

  /** The results of `parts`: from Redis, from this instance's own search, or from another instance's. */
  private async resolve(parts: ListPart[], opts: Opts): Promise<ListResult[]> {
    const { shared, inner } = this.options;
    if (parts.length === 0) return [];
    if (!shared.available) return (await inner.searchList(parts, opts)).results;
    const keys = parts.map((p) => this.keyOf(p, opts));
    let got: (string | number)[];
    const claiming = shared.client.eval(READ_OR_CLAIM, keys.length, ...keys, this.owner, String(LOCK_MS)) as Promise<
      (string | number)[]
    >;
    try {
      got = await shared.step(claiming);
    } catch (e) {
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
      if (claims === null)
        results.push(
          ...(
            await inner.searchList(
              unreadable.map((i) => parts[i]),
              opts,
            )
          ).results,
        );
      else unreadable.forEach((i, j) => (claims![j]?.[1] === 'OK' ? mine : theirs).push(i));
    }
    if (mine.length === 0 && theirs.length === 0) return results;
    const [own, others] = await Promise.all([
      this.collect(
        mine.map((i) => parts[i]),
        mine.map((i) => keys[i]),
        opts,
      ),
      this.waitForOthers(
        theirs.map((i) => parts[i]),
        theirs.map((i) => keys[i]),
        opts,
      ),
    ]);
    return [...results, ...own, ...others];
  }

  /**
   * Adds the parts this instance claimed to the group's collection in Redis. The instance that started the
   * collection (the sender) sends what was collected (see send); every instance, the sender too, waits for its
   * parts' answers in Redis.
   */
  private async collect(parts: ListPart[], keys: string[], opts: Opts): Promise<ListResult[]> {
    if (parts.length === 0) return [];
    const { shared } = this.options;
    const list = `${KEY_PREFIX}collect:${this.options.groupId}:${groupKey(opts.currency, opts.version)}`;
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
      // Added too late to wait for: this instance fetches its parts itself, and still sends the collection when it
      // turned out to be the first, so the parts other instances add meanwhile have a sender.
      adding.then(
        (done) =>
          void (firstOf(done) === 'OK' && this.send(list, leader, { currency: opts.currency, version: opts.version })),
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
      return await this.waitForOthers(parts, keys, opts, true);
    } finally {
      clearInterval(renew);
    }
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
    return `${KEY_PREFIX}ready:${this.options.groupId}`;
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
    return key.slice(`${KEY_PREFIX}part:${this.options.groupId}:`.length);
  }

  /** Sends the parts this instance claimed upstream, writes their answers to Redis and lets the claims go. */
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
    let answer: ListAnswer;
    try {
      answer = await inner.searchList(parts, opts);
    } catch (e) {
      clearInterval(renew);
      // The others waiting for these parts try them themselves (or claim them again) at once.
      if (shared.available) shared.client.del(...keys.map((k) => `${k}:lock`)).catch(() => undefined);
      throw e;
    }
    clearInterval(renew);
    if (!shared.available) return answer.results;
    const byKey = new Map(keys.map((k) => [this.lookupPart(k), k]));
    const group = groupKey(opts.currency, opts.version);
    const pipeline = shared.client.pipeline();
    for (const result of answer.results) {
      const entry = raw.get(result);
      const key = byKey.get(resultKey(result, group));
      if (!entry || !key || ttlMs <= 0) continue;
      const stored: Stored = { r: requestedOf(result), e: entryToWire(entry) };
      pipeline.set(key, JSON.stringify(stored), 'PX', ttlMs);
    }
    pipeline.del(...keys.map((k) => `${k}:lock`));
    pipeline.publish(this.readyChannel, '1');
    // The answers are this instance's already: a slow Redis stores them in its own time, without holding them.
    await shared.step(pipeline.exec()).catch((e: unknown) => shared.failed(e));
    return answer.results;
  }

  /** A claim given up on (this instance fetches the parts itself): what it claimed is let go once it lands. */
  private releaseLate(claiming: Promise<(string | number)[]>, keys: string[]): void {
    claiming.then(
      (got) => {
        const mine = keys.filter((_, i) => typeof got[i] !== 'string' && Number(got[i]) === 1);
        if (mine.length > 0) this.options.shared.client.del(...mine.map((k) => `${k}:lock`)).catch(() => undefined);
      },
      () => undefined,
    );
  }

  /**
   * Waits for the parts other instances claimed: each is taken from Redis when its answer appears; when a claim
   * ends without an answer (that instance failed or went), the part is resolved again here (read, or claimed).
   */
  private async waitForOthers(parts: ListPart[], keys: string[], opts: Opts, collected = false): Promise<ListResult[]> {
    if (parts.length === 0) return [];
    const { shared } = this.options;
    if (!collected) this.options.counters.sharedWaits += parts.length;
    const results: ListResult[] = [];
    let pending = parts.map((part, i) => ({ part, key: keys[i] }));
    const deadline = Date.now() + LOCK_MS * 6;
    let seen = shared.announced(this.readyChannel);
    while (pending.length > 0) {
      if (opts.signal?.aborted) throw Object.assign(new Error('the lookup was cancelled'), { name: 'AbortError' });
      if (!shared.available || Date.now() > deadline) break;
      // Until the sender says it wrote answers (or a while passes: a message can be lost, a claim can expire).
      await shared.nextAnnouncement(this.readyChannel, seen, POLL_MS, opts.signal);
      seen = shared.announced(this.readyChannel);
      let values: (string | null)[];
      try {
        values = await shared.step(shared.client.mget(...pending.flatMap((p) => [p.key, `${p.key}:lock`])));
      } catch (e) {
        shared.failed(e);
        // Late, not failed: other instances are fetching these parts, so they are looked for again until it is alone.
        if (e instanceof SlowRedis) continue;
        break;
      }
      const still: typeof pending = [];
      const orphaned: ListPart[] = [];
      pending.forEach((p, i) => {
        const value = values[2 * i];
        const result = value === null ? undefined : this.read(value);
        if (result) results.push(result);
        else if (values[2 * i + 1] === null) orphaned.push(p.part);
        else still.push(p);
      });
      pending = still;
      if (orphaned.length > 0) results.push(...(await this.resolve(orphaned, opts)));
    }
    // Redis went away, or the claim outlived any reasonable wait: this instance asks for itself.
    if (pending.length > 0)
      results.push(
        ...(
          await this.options.inner.searchList(
            pending.map((p) => p.part),
            opts,
          )
        ).results,
      );
    return results;
  }

  /** The result kept in Redis as a result of this instance, its entry in `raw`; undefined when unreadable. */
  private read(value: string): ListResult | undefined {
    let stored: Stored;
    try {
      stored = JSON.parse(value) as Stored;
    } catch {
      return undefined;
    }
    const entry = typeof stored?.r === 'string' ? entryFromWire(stored.e) : undefined;
    if (!entry) return undefined;
    const result: ListResult = { ...splitRequestedPartNum(stored.r), numberFound: entry.numberFound, parts: [] };
    this.options.raw.set(result, entry);
    return result;
  }
}

/** The upstream's echo of the part number, put back together from what the port split it into. */
function requestedOf(result: ListResult): string {
  return result.manufacturerFilter === null
    ? result.requestedPartNumber
    : `${result.requestedPartNumber}|${result.manufacturerFilter}`;
}
