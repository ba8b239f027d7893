/**
 * List searches through the gateway's per-part cache. A client's list search (up to 1000 parts) is cut into its
 * parts; each part comes from the cache when fresh, joins a lookup of it already on its way, or goes upstream in
 * one list search together with every other missing part of the moment (Partsheet's own scheduler does the
 * collecting, de-duplicating, batching, caching and retrying); then the answer is put together again in the
 * shape the client asked for (v3 or v4 JSON, each entry exactly as the upstream sent it).
 */
import { AnswerTally, ANSWER_TOO_LARGE_CODE, MAX_ANSWER_PARTS } from '../protocol/list-answer';
import { partNumberProblem } from '../protocol/part-number';
import { parseListRequest } from '../protocol/list-request';
import { CatalogClient } from '../src/catalog/client';
import { CatalogError, type CatalogErrorKind } from '../src/catalog/errors';
import type { ApiVersion, ListAnswer, ListResult } from '../src/catalog/model';
import { decodeJson, envelopeFailure, readEnvelope, splitRequestedPartNum, type Envelope } from '../src/catalog/parse';
import {
  LookupScheduler,
  lookupKey,
  type ListPart,
  type ListSearchPort,
  type LookupRequest,
  type LookupResult,
} from '../src/lookup';
import { searchInPieces, type SizeRefusal } from './refused-pieces';
import { RefusalMemo, searchDigest } from './refusal-memo';
import { keyDigest, SharedListPort } from './shared-lists';
import type { SharedState } from './shared';
import {
  isBusy,
  busyForMs,
  GateRefused,
  UpstreamAnswerTooLarge,
  UpstreamUnreachable,
  type Upstream,
  type UpstreamAnswer,
} from './upstream';

/** Query parameters a cached list search understands; a request with any other is passed upstream as it is. */
const LIST_PARAMS = new Set(['req', 'login', 'apikey', 'apiKey', 'rows', 'utm_currency', 'fmt']);

export interface Credentials {
  login: string;
  apikey: string;
}

/** A client's list search, read well enough to be answered part by part. */
export interface ClientList {
  version: ApiVersion;
  credentials: Credentials;
  useExact: boolean;
  rows?: string;
  currency?: string;
  parts: { partNum: string; mfr?: string }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The list search of `query`, or undefined when it is not one the cache can answer part by part: XML or JSONP
 * answers, a parameter given twice or not understood, a `req` the item service would refuse (read by its own
 * parseListRequest), no credentials, no parts, a part number that cannot be looked up (blank, no letters or digits:
 * protocol/part-number.ts). Those go upstream as they are, and the upstream's own answer (or refusal) reaches the
 * client.
 */
export function readClientList(version: ApiVersion, query: URLSearchParams): ClientList | undefined {
  for (const name of new Set(query.keys())) {
    if (!LIST_PARAMS.has(name) || query.getAll(name).length > 1) return undefined;
  }
  const fmt = (query.get('fmt') ?? 'json').trim().toLowerCase();
  if (fmt !== 'json' && fmt !== '') return undefined;
  let request: ReturnType<typeof parseListRequest>;
  try {
    request = parseListRequest(query.get('req') ?? undefined);
  } catch {
    return undefined;
  }
  const login = request.login ?? query.get('login') ?? undefined;
  const apikey = request.apikey ?? query.get('apikey') ?? query.get('apiKey') ?? undefined;
  if (!login || !apikey) return undefined;
  if (request.parts.length === 0 || request.parts.some((p) => partNumberProblem(p.partNum) !== null)) return undefined;
  const rows = query.get('rows') ?? undefined;
  const currency = query.get('utm_currency') ?? undefined;
  return {
    version,
    credentials: { login, apikey },
    useExact: request.useExact,
    ...(rows ? { rows } : {}),
    ...(currency ? { currency } : {}),
    parts: request.parts,
  };
}

/** How an answer counted an entry without matches: not found, an error, or (when its batch mixed both) unknown. */
type EntryClass = 'found' | 'notFound' | 'error';

/** What an upstream answer said around its entries, kept once for all of them to frame a client's answer. */
interface Frame {
  serviceMetaData: unknown;
  area: Record<string, unknown>;
}

/**
 * One entry of an upstream answer, kept as the JSON text it was sent as, encoded once (however many clients it is
 * sent to, an answer copies its bytes and encodes nothing but each client's part numbers), cut where its
 * requestedPartNum goes, since each client gets its own spelling of the part number there.
 */
export interface CachedEntry {
  kind: EntryClass;
  numberFound: number;
  /** The entry's text (UTF-8) without its requestedPartNum value, which goes at byte `cut`. */
  text: Buffer;
  cut: number;
  /** Bytes of `text`. */
  bytes: number;
  /** Bytes of its parts as the item service counts them against its cap: each part's text and one comma. */
  partBytes: number;
  /** Who its parts are (the item id as sent), so a part listed by several entries counts once against the cap. */
  partIds: (string | number)[];
  frame: Frame;
}

/**
 * Stand-ins for an entry's requestedPartNum value and its part list while the entry is written as JSON: the entry
 * is written once around them, and the part list (most of its text) once on its own, its length being needed too.
 */
const NUMBER_STANDIN = '\u0000partsheet:requestedPartNum\u0000';
const LIST_STANDIN = '\u0000partsheet:PartList\u0000';
const NUMBER_MARK = JSON.stringify(NUMBER_STANDIN);
const LIST_MARK = JSON.stringify(LIST_STANDIN);

/**
 * An entry of an upstream answer kept for the cache: its JSON text cut at its requestedPartNum value (placed last
 * when the upstream sent none), and its parts as the service counts them against its cap: each part's text and one
 * comma (`[a,b,c]` less one), and who they are (the item id as sent), so a part listed by several entries counts
 * once.
 */
function cachedEntry(entry: Record<string, unknown>, kind: EntryClass, numberFound: number, frame: Frame): CachedEntry {
  const list = Array.isArray(entry.PartList) ? (entry.PartList as unknown[]) : [];
  const listText = list.length > 0 ? JSON.stringify(list) : undefined;
  // The same keys in the same order (an existing key keeps its place when assigned), written in one go.
  const shell: Record<string, unknown> = { ...entry, requestedPartNum: NUMBER_STANDIN };
  if (listText !== undefined) shell.PartList = LIST_STANDIN;
  const text = JSON.stringify(shell);
  const cut = text.indexOf(`"requestedPartNum":${NUMBER_MARK}`) + '"requestedPartNum":'.length;
  let before = text.slice(0, cut);
  let after = text.slice(cut + NUMBER_MARK.length);
  let partBytes = 0;
  if (listText !== undefined) {
    const mark = `"PartList":${LIST_MARK}`;
    const at = before.indexOf(mark);
    if (at !== -1) before = `${before.slice(0, at)}"PartList":${listText}${before.slice(at + mark.length)}`;
    else {
      const later = after.indexOf(mark);
      after = `${after.slice(0, later)}"PartList":${listText}${after.slice(later + mark.length)}`;
    }
    partBytes = Buffer.byteLength(listText) - 1;
  }
  const partIds = list.map((part, i) => {
    const id = isObject(part) ? part.itemId : undefined;
    return typeof id === 'number' || typeof id === 'string'
      ? id
      : `${JSON.stringify(isObject(part) ? part.partNum : i)}|${i}`;
  });
  return entryOfText(kind, numberFound, before, after, partBytes, partIds, frame);
}

function entryOfText(
  kind: EntryClass,
  numberFound: number,
  before: string,
  after: string,
  partBytes: number,
  partIds: (string | number)[],
  frame: Frame,
): CachedEntry {
  const cut = Buffer.byteLength(before);
  const text = Buffer.allocUnsafe(cut + Buffer.byteLength(after));
  text.write(before, 0);
  text.write(after, cut);
  return { kind, numberFound, text, cut, bytes: text.length, partBytes, partIds, frame };
}

/** A cached entry as JSON can carry it (to Redis): its text as two strings either side of the part number. */
export interface WireEntry extends Omit<CachedEntry, 'text' | 'cut' | 'bytes'> {
  before: string;
  after: string;
}

export function entryToWire(entry: CachedEntry): WireEntry {
  const { kind, numberFound, partBytes, partIds, frame } = entry;
  return {
    kind,
    numberFound,
    before: entry.text.toString('utf8', 0, entry.cut),
    after: entry.text.toString('utf8', entry.cut),
    partBytes,
    partIds,
    frame,
  };
}

/** The cached entry `wire` carries; undefined when it is not one (not written by a gateway). */
export function entryFromWire(wire: WireEntry | undefined): CachedEntry | undefined {
  if (
    !isObject(wire) ||
    typeof wire.before !== 'string' ||
    typeof wire.after !== 'string' ||
    !Array.isArray(wire.partIds) ||
    !isObject(wire.frame)
  )
    return undefined;
  const kind: EntryClass = wire.kind === 'found' || wire.kind === 'error' ? wire.kind : 'notFound';
  return entryOfText(
    kind,
    Number(wire.numberFound) || 0,
    wire.before,
    wire.after,
    Number(wire.partBytes) || 0,
    wire.partIds,
    wire.frame,
  );
}

/**
 * A lookup that failed upstream; carries the upstream's answer, when there was one, to pass to the client, or the
 * gate's refusal when the request was never sent.
 */
export class UpstreamLookupFailure extends CatalogError {
  /** Not worth retrying whatever its kind: the gate refused it, or the upstream asked for a capped pause. */
  private readonly final: boolean;

  constructor(
    kind: CatalogErrorKind,
    message: string,
    readonly answer?: UpstreamAnswer,
    readonly refusal?: GateRefused,
  ) {
    super(kind, message, {
      ...(answer ? { status: answer.status } : {}),
      ...(answer && isBusy(answer) ? { retryAfterMs: busyForMs(answer) } : {}),
      ...(refusal ? { retryAfterMs: refusal.retryAfterMs } : {}),
    });
    this.final = refusal !== undefined || answer?.pauseCapped === true;
  }

  override get retryable(): boolean {
    return !this.final && super.retryable;
  }
}

/** The upstream refused a list search because its answer would pass a cap (code 54): its parts are asked in pieces. */
class AnswerTooLargeFailure extends UpstreamLookupFailure implements SizeRefusal {
  readonly answerTooLarge = true as const;
}

function failureOf(answer: UpstreamAnswer, upstream: Upstream): UpstreamLookupFailure {
  const where = `the ${upstream.name} at ${upstream.host}`;
  if (isBusy(answer))
    return new UpstreamLookupFailure('rate-limited', `${where} is busy (HTTP ${answer.status})`, answer);
  if (answer.status >= 500)
    return new UpstreamLookupFailure('unavailable', `${where} answered HTTP ${answer.status}`, answer);
  if (answer.status === 401 || answer.status === 403)
    return new UpstreamLookupFailure('auth', `${where} refused the credentials`, answer);
  return new UpstreamLookupFailure('rejected', `${where} refused the search (HTTP ${answer.status})`, answer);
}

/**
 * The scheduler's port: a list search sent through the upstream's gate, its entries kept as sent (in `raw`) behind
 * the few fields the scheduler matches on.
 */
class UpstreamListPort implements ListSearchPort {
  private readonly urls: CatalogClient;

  constructor(
    private readonly upstream: Upstream,
    credentials: Credentials,
    private readonly shape: { useExact: boolean; rows?: string },
    private readonly raw: WeakMap<ListResult, CachedEntry>,
    private readonly baseUrl: string,
    /** Whose lane at the gate the group's next request waits in. */
    private readonly clientOf: () => string,
    /** Told of each request sent for a piece of a search refused for size. */
    private readonly onPiece: (parts: number) => void = () => undefined,
  ) {
    this.urls = new CatalogClient({ itemBaseUrl: baseUrl, login: credentials.login, apikey: credentials.apikey });
  }

  listUrl(parts: ListPart[], opts: { currency?: string; version?: ApiVersion }): string {
    const url = this.urls.listUrl(parts, { ...opts, exact: this.shape.useExact });
    // `rows` as the client wrote it (the client library takes a number): the upstream judges it.
    return this.shape.rows === undefined ? url : `${url}&rows=${encodeURIComponent(this.shape.rows)}`;
  }

  /** The search, and when the upstream refuses it for size, its parts in pieces (refused-pieces.ts). */
  searchList(
    parts: ListPart[],
    opts: { currency?: string; version?: ApiVersion; signal?: AbortSignal },
  ): Promise<ListAnswer> {
    return searchInPieces(parts, (piece) => this.searchOnce(piece, opts), {
      rows: this.shape.rows,
      onPiece: this.onPiece,
    });
  }

  private async searchOnce(
    parts: ListPart[],
    opts: { currency?: string; version?: ApiVersion; signal?: AbortSignal },
  ): Promise<ListAnswer> {
    const url = this.listUrl(parts, opts);
    let answer: UpstreamAnswer;
    try {
      // The scheduler aborts `signal` when every client waiting on these parts has gone: the request then leaves
      // the gate unsent. ListCache.answer refuses new searches while the gate is closed, so this one, and every
      // retry, waits for the gate (within the gate's maximum wait).
      answer = await this.upstream.send(url.slice(this.baseUrl.replace(/\/+$/, '').length), {
        headers: { accept: 'application/json' },
        client: this.clientOf(),
        signal: opts.signal,
        whilePaused: 'wait',
      });
    } catch (e) {
      // An answer over the read cap would be as large again: not asked for twice.
      if (e instanceof UpstreamAnswerTooLarge) throw new UpstreamLookupFailure('malformed', e.message);
      if (e instanceof UpstreamUnreachable)
        throw new UpstreamLookupFailure(e.timedOut ? 'timeout' : 'unreachable', e.message);
      if (e instanceof GateRefused) throw new UpstreamLookupFailure('rate-limited', e.message, undefined, e);
      throw e;
    }
    if (answer.status < 200 || answer.status > 299) throw failureOf(answer, this.upstream);
    // The envelope as every client reads it (src/catalog/parse.ts): a refusal is told apart the same way
    // (login or key, throttling, anything else), so a throttled search is waited out here too.
    let doc: unknown;
    let envelope: Envelope;
    try {
      doc = decodeJson(answer.body.toString('utf8'));
      envelope = readEnvelope(doc);
    } catch (e) {
      throw new UpstreamLookupFailure(
        'malformed',
        `the ${this.upstream.name} answered with something it could not read: ${(e as Error).message}`,
        answer,
      );
    }
    if (!envelope.success) {
      const refusal = envelopeFailure(envelope, answer.status);
      const message = `the ${this.upstream.name} refused the search: ${refusal.message}`;
      if (envelope.returnCode === ANSWER_TOO_LARGE_CODE) throw new AnswerTooLargeFailure(refusal.kind, message, answer);
      throw new UpstreamLookupFailure(refusal.kind, message, answer);
    }
    const data = envelope.data[0];
    const list = Array.isArray(data?.resultList) ? (data.resultList as unknown[]) : undefined;
    if (!data || !list)
      throw new UpstreamLookupFailure('malformed', `the ${this.upstream.name} answered without a resultList`, answer);
    const count = (name: string) =>
      typeof data[name] === 'number' ? (data[name] as number) : Number(data[name] ?? 0) || 0;
    const notFound = count('partsNotFound');
    const errors = count('partsError');
    const envelopeDoc = (doc as Record<string, unknown>).itemserviceresult as Record<string, unknown>;
    const areas = envelopeDoc.transactionArea;
    const frame: Frame = {
      serviceMetaData: envelopeDoc.serviceMetaData,
      area: Array.isArray(areas) && isObject(areas[0]) ? areas[0] : {},
    };
    const results: ListResult[] = [];
    for (const item of list) {
      if (!isObject(item)) continue;
      const numberFound = Number(item.numberFound ?? 0) || 0;
      // Counts say which class an empty entry is only when the batch had one class of them; else "not found".
      const kind: EntryClass = numberFound > 0 ? 'found' : errors > 0 && notFound === 0 ? 'error' : 'notFound';
      const res: ListResult = { ...splitRequestedPartNum(String(item.requestedPartNum ?? '')), numberFound, parts: [] };
      this.raw.set(res, cachedEntry(item, kind, numberFound, frame));
      results.push(res);
    }
    return {
      results,
      partsRequested: count('partsRequested'),
      partsFound: count('partsFound'),
      partsNotFound: notFound,
      partsError: errors,
    };
  }
}

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

/** A list answer ready to send: its length, known before it is written, and its text piece by piece. */
export interface ListBody {
  bytes: number;
  /** The words of its refusal when it is the refusal of an answer over the caps (code 54). */
  refusal?: string;
  /** The text in pieces of about 64 KB, produced only as the client reads them. */
  pieces(): Iterable<Buffer>;
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

  constructor(private readonly options: ListCacheOptions) {
    this.refusals = new RefusalMemo(options.maxRefusals ?? 1000);
    this.refusalsAsSent = new RefusalMemo(options.maxRefusals ?? 1000);
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
    const group = this.group(groupKey, list);
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
    const pausedFor = this.options.upstream.refusingForMs();
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
      let at = 0;
      for (const key of missing.keys()) {
        const outcome = settled[at++];
        if (outcome instanceof CatalogError) return { ok: false, failure: outcome };
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

  private group(key: string, list: ClientList): Group {
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
      // One list search in flight per group: parts missing meanwhile wait together and leave in full requests of
      // 1000, so a burst of users costs the upstream its distinct parts / 1000 requests plus the first, partial one.
      // A full request does not wait for the place (waiting would not fill it more): up to 3 more go beside it, each
      // at its turn at the gate, so a burst's requests overlap instead of following one another.
      // With Redis the collecting and batching that count are done there, across instances (shared-lists.ts): this
      // instance's lookups go on to it at once, so none waits here for an earlier one of the instance to be answered.
      concurrency: this.options.concurrency ?? (shared ? 4 : 1),
      fullConcurrency: 3,
      // A busy upstream is waited out (the gate holds every request meanwhile); a client waits up to two minutes.
      retry: { maxAttempts: 5, maxWaitMs: 60_000 },
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

/** Entries' text is gathered into pieces of about this size before it is handed to the socket. */
const PIECE = 64 * 1024;

/**
 * The list-search answer of `list` from its cached entries: the upstream's envelope, the counts, and each entry's
 * text as sent with the client's own spelling of its part number. Nothing is parsed or serialised again: the answer
 * is the entries' kept text, produced piece by piece as the client reads. An answer over the item service's caps
 * (protocol/list-answer.ts) is refused as the service refuses it: code 54, the same words.
 */
export function assembleListAnswer(list: ClientList, entries: CachedEntry[], elapsedMs: number): ListBody {
  const frame = entries[0]?.frame ?? {
    serviceMetaData: [{ version: list.version === 'v4' ? '4.0.0' : '3.0.2' }],
    area: {},
  };
  const refusal = overCaps(entries);
  if (refusal) return refusalBody(list, frame, refusal, elapsedMs);
  const counts = { found: 0, notFound: 0, error: 0 };
  let totalItems = 0;
  for (const entry of entries) {
    counts[entry.kind]++;
    if (entry.kind === 'found') totalItems += entry.numberFound;
  }
  // The part number as this client wrote it (the cache matches spellings the service treats as one).
  const asked = list.parts.map((p) => JSON.stringify(p.mfr === undefined ? p.partNum : `${p.partNum}|${p.mfr}`));
  const summary = {
    partsRequested: list.parts.length,
    partsFound: counts.found,
    partsNotFound: counts.notFound,
    partsError: counts.error,
  };
  // `data` is the envelope's last member, so its text ends with `"data":[]}}`: the entries go inside that list.
  const whole = JSON.stringify(
    envelopeOf(frame, elapsedMs, totalItems, { returnCode: '0', returnMsg: '', success: true }, []),
  );
  const head = Buffer.from(`${whole.slice(0, -'[]}}'.length)}[${JSON.stringify(summary).slice(0, -1)},"resultList":[`);
  const tail = Buffer.from(']}]}}');
  const askedBytes = asked.map((text) => Buffer.byteLength(text));
  let bytes = head.length + tail.length + Math.max(0, entries.length - 1);
  entries.forEach((entry, i) => (bytes += entry.bytes + askedBytes[i]));
  return {
    bytes,
    *pieces() {
      // Each piece is filled with the entries' bytes (a comma between them, each client's part number at its cut).
      let from = 0;
      let first = true;
      while (from < entries.length || first) {
        let size = first ? head.length : 0;
        let to = from;
        while (to < entries.length && size < PIECE) size += (to === 0 ? 0 : 1) + entries[to].bytes + askedBytes[to++];
        const last = to === entries.length;
        if (last) size += tail.length;
        const piece = Buffer.allocUnsafe(size);
        let at = first ? head.copy(piece, 0) : 0;
        for (let i = from; i < to; i++) {
          const { text, cut } = entries[i];
          if (i > 0) piece[at++] = 0x2c;
          at += text.copy(piece, at, 0, cut);
          at += piece.write(asked[i], at);
          at += text.copy(piece, at, cut);
        }
        if (last) tail.copy(piece, at);
        yield piece;
        first = false;
        from = to;
        if (last) return;
      }
    },
  };
}

/** The refusal's words when the entries together pass a cap of the item service's answers. */
function overCaps(entries: CachedEntry[]): string | undefined {
  const tally = new AnswerTally();
  // Each distinct entry's parts once (they are the same parts however often it is repeated), as the service counts.
  for (const entry of new Set(entries)) {
    const refusal = tally.addParts(entry.partIds);
    if (refusal) return refusal;
  }
  for (const entry of entries) {
    const refusal = tally.addBytes(entry.partBytes);
    if (refusal) return refusal;
  }
  return undefined;
}

function envelopeOf(
  frame: Frame,
  elapsedMs: number,
  totalItems: number,
  response: Record<string, unknown>,
  data: unknown[],
) {
  const sequence = isObject(frame.area.responseSequence) ? frame.area.responseSequence : {};
  return {
    itemserviceresult: {
      serviceMetaData: frame.serviceMetaData,
      transactionArea: [
        { ...frame.area, response, responseSequence: { ...sequence, transactionTime: `${elapsedMs}ms`, totalItems } },
      ],
      data,
    },
  };
}

/** The refusal of an answer over the caps, as the item service sends it: HTTP 200, code 54, the cap's words. */
function refusalBody(
  list: Pick<ClientList, 'version'>,
  frame: Frame | undefined,
  words: string,
  elapsedMs: number,
): ListBody {
  const framing = frame ?? { serviceMetaData: [{ version: list.version === 'v4' ? '4.0.0' : '3.0.2' }], area: {} };
  const text = JSON.stringify(
    envelopeOf(framing, elapsedMs, 0, { returnCode: ANSWER_TOO_LARGE_CODE, returnMsg: words, success: false }, []),
  );
  const bytes = Buffer.from(text);
  return { bytes: bytes.length, refusal: words, pieces: () => [bytes] };
}
