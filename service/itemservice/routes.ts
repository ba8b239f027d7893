import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogStore, normalizePartNumber, alternateName, type PartRow } from '../store/db';
import { MAX_PART_NUMBER_LENGTH } from '../../protocol/part-number';
import { AnswerTally } from '../../protocol/list-answer';
import { parseListRequest, type ListRequest } from '../../protocol/list-request';
import { ItemServiceError } from '../../protocol/item-service-errors';
import { RenderedParts } from './rendered';
import { envelope, isValidCallback, Timings, type OutputFormat } from './envelope';
import { xmlDocument, xmlFragment } from '../xml';
import { jsonText } from '../json';
import { resolveCurrency } from './currency';
import { listedJson, listedXml, type ListedAnswer } from './streamed';
import type { CallerOf } from '../../serving/rate-limit';
import {
  type Operations,
  type OperationRefusals,
  failureStatus,
  pathOf,
  redactText,
  unreadableBody,
} from '../operations';
import { Slices, SLICE_NS } from './slices';
import { WorkGate } from './work-gate';
import { partShape, searchResource, SERVICE_VERSION, type ApiVersion, type ShapeContext } from './shapes';

// The caps and the words of their refusal are shared with the gateway, which assembles list answers too.
export { MAX_ANSWER_BYTES, MAX_ANSWER_PARTS } from '../../protocol/list-answer';
/** Parts shaped between two breaths of the event loop. */
const RENDER_CHUNK = 10;
/** Entries of a list answer put together between two looks at the clock. */
const ENTRY_CHUNK = 20;
/** List searches looked up and shaped at once; more wait in line (work-gate.ts). */
export const LIST_SEARCHES_AT_ONCE = 4;

interface Lookup {
  numberFound: number;
  page: PartRow[];
  /** The part number matches something, if not from the manufacturer asked for. */
  exists: boolean;
}

/** Counts what an answer will hold and refuses, with the limit named, as soon as it is over a cap. */
class AnswerBudget {
  private readonly tally = new AnswerTally();

  addParts(rows: PartRow[]): void {
    const refusal = this.tally.addParts(rows.map((row) => row.item_id));
    if (refusal) throw new ItemServiceError('ANSWER_TOO_LARGE', refusal);
  }

  addBytes(n: number): void {
    const refusal = this.tally.addBytes(n);
    if (refusal) throw new ItemServiceError('ANSWER_TOO_LARGE', refusal);
  }
}
export const MAX_ROWS = 25;
export const DEFAULT_ROWS = 10;

export interface ItemRoutesOptions {
  catalog: CatalogStore;
  /** Public base address of this service for links (`http://host:port`); taken from the request when absent. */
  publicBaseUrl?: string;
}

type Query = Record<string, string | string[] | undefined>;

/** One value of a query parameter; a parameter given twice is refused rather than guessed at. */
function param(query: Query, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = query[name];
    if (Array.isArray(value))
      throw new ItemServiceError(
        'REPEATED_PARAMETER',
        `Parameter '${name}' was given ${value.length} times; give it once.`,
      );
    if (value !== undefined) return value;
  }
  return undefined;
}

function wholeNumber(
  value: string | undefined,
  name: string,
  kind: 'INVALID_ROWS' | 'INVALID_START',
): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value.trim())) {
    throw new ItemServiceError(
      kind,
      `Parameter '${name}' must be a whole number of 0 or more; got '${truncate(value)}'.`,
    );
  }
  return Number(value.trim());
}

function truncate(text: string, max = 40): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

function currencyParam(query: Query): string | undefined {
  const raw = param(query, 'utm_currency');
  if (raw === undefined || raw === '') return undefined;
  const currency = resolveCurrency(raw);
  if (!currency)
    throw new ItemServiceError(
      'INVALID_CURRENCY',
      `Unknown currency '${truncate(raw)}' in utm_currency; use an ISO code such as USD, EUR or GBP.`,
    );
  return currency;
}

interface Output {
  fmt: OutputFormat;
  callback?: string;
}

/** Reads fmt and callbackfn without throwing, so that even their own errors are rendered sensibly. */
function outputOf(query: Query): { output: Output; error?: ItemServiceError } {
  const fmtValue = query.fmt;
  const cbValue = query.callbackfn;
  if (Array.isArray(fmtValue))
    return {
      output: { fmt: 'json' },
      error: new ItemServiceError('REPEATED_PARAMETER', "Parameter 'fmt' was given more than once; give it once."),
    };
  const fmtText = (fmtValue ?? 'json').trim().toLowerCase();
  if (fmtText !== 'json' && fmtText !== 'xml' && fmtText !== '') {
    return {
      output: { fmt: 'json' },
      error: new ItemServiceError('INVALID_FMT', `Unknown fmt '${truncate(fmtValue ?? '')}'; use JSON or XML.`),
    };
  }
  const fmt: OutputFormat = fmtText === 'xml' ? 'xml' : 'json';
  if (cbValue === undefined || cbValue === '') return { output: { fmt } };
  if (Array.isArray(cbValue))
    return {
      output: { fmt },
      error: new ItemServiceError(
        'REPEATED_PARAMETER',
        "Parameter 'callbackfn' was given more than once; give it once.",
      ),
    };
  if (!isValidCallback(cbValue)) {
    return {
      output: { fmt },
      error: new ItemServiceError(
        'INVALID_CALLBACK',
        'Parameter callbackfn must be a JavaScript identifier path such as handleParts or app.onParts.',
      ),
    };
  }
  if (fmt === 'xml')
    return { output: { fmt }, error: new ItemServiceError('INVALID_CALLBACK', 'callbackfn works only with fmt=json.') };
  return { output: { fmt, callback: cbValue } };
}

function uniqueRows(rows: PartRow[]): PartRow[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.item_id) && seen.add(row.item_id));
}

export function sendBody(
  reply: FastifyReply,
  output: Output,
  body: Record<string, unknown>,
  status = 200,
): FastifyReply {
  reply.code(status);
  if (output.fmt === 'xml') return reply.type('application/xml; charset=utf-8').send(xmlDocument(body));
  const json = jsonText(body);
  if (output.callback)
    return reply.type('application/javascript; charset=utf-8').send(`/**/${output.callback}(${json});`);
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Renders an item-service failure in the envelope, in the format the caller asked for where that is known. */
export function sendItemError(
  reply: FastifyReply,
  query: Query,
  version: string,
  error: ItemServiceError,
  timings = new Timings(),
): FastifyReply {
  const { output, error: outputError } = outputOf(query);
  const safeOutput = outputError ? { fmt: output.fmt } : output;
  return sendBody(reply, safeOutput, envelope(version, timings, 0, [], error), error.status);
}

export function itemBaseOf(request: FastifyRequest, configured?: string): string {
  if (configured) return configured.replace(/\/+$/, '');
  const host = /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/** The limiter's key for an item-service login. */
function loginKey(login: string | undefined): string | undefined {
  return login ? `login:${login}` : undefined;
}

/** The login a token search or lookup authenticates. */
export const queryLogin: CallerOf = (query) => loginKey(param(query, 'login'));

/** `req` parsed once per request: the limiter reads its login before the handler runs, from the same parse. */
const parsedLists = new WeakMap<Query, ListRequest>();

function listRequestOf(query: Query): ListRequest {
  let parsed = parsedLists.get(query);
  if (!parsed) {
    parsed = parseListRequest(param(query, 'req'));
    parsedLists.set(query, parsed);
  }
  return parsed;
}

/** A list search answers for the login inside `req`, else the one in the query. */
function listLogin(req: ListRequest, query: Query): string | undefined {
  return req.login ?? param(query, 'login');
}

export const listCaller: CallerOf = (query) => loginKey(listLogin(listRequestOf(query), query));

/** What a handler answers: a page of parts in the envelope, or a list search's entries written as they are sent. */
type Answer = { totalItems: number; data: unknown[] } | { listed: ListedAnswer };
type Work = (query: Query, timings: Timings, request: FastifyRequest) => Answer | Promise<Answer>;

/** Runs a handler: any ItemServiceError it throws becomes the envelope, in the requested format. */
function handle(version: string, work: Work) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query;
    const timings = new Timings();
    const { output, error } = outputOf(query);
    if (error) return sendItemError(reply, query, version, error, timings);
    try {
      const answer = await work(query, timings, request);
      if ('listed' in answer) {
        if (output.fmt === 'xml')
          return reply
            .code(200)
            .type('application/xml; charset=utf-8')
            .send(listedXml(answer.listed, version, timings));
        const { stream, bytes } = listedJson(answer.listed, version, timings, output.callback);
        const type = output.callback ? 'application/javascript' : 'application/json';
        return reply.code(200).type(`${type}; charset=utf-8`).header('content-length', bytes).send(stream);
      }
      return sendBody(reply, output, envelope(version, timings, answer.totalItems, answer.data));
    } catch (e) {
      if (e instanceof ItemServiceError) return sendBody(reply, output, envelope(version, timings, 0, [], e), e.status);
      throw e;
    }
  };
}

/** One entry of a list search, its manufacturer code resolved: an id, null for an unknown code, undefined for none. */
interface ResolvedEntry {
  partNum: string;
  mfr?: string;
  norm: string;
  mfrId: number | null | undefined;
}

/** One entry of the answer: its head (what was asked, how many matched) and the parts it lists. */
interface ListedEntry {
  head: Record<string, unknown>;
  page: PartRow[];
}

/** The item service's operations over one catalog; each list-search phase is a method of its own. */
class ItemOperations {
  /** Parts shaped as JSON, kept while their stock is unchanged. */
  private readonly rendered = new RenderedParts();
  /** Keeps the number of list searches at work small, so that everything else waits a few slices at most. */
  private readonly listGate = new WorkGate(LIST_SEARCHES_AT_ONCE);

  constructor(
    private readonly catalog: CatalogStore,
    private readonly publicBaseUrl: string | undefined,
  ) {}

  private authenticate(login: string | undefined, apikey: string | undefined): void {
    if (!login || !apikey) {
      const missing = [!login && 'login', !apikey && 'apikey'].filter(Boolean).join(' and ');
      throw new ItemServiceError(
        'MISSING_CREDENTIALS',
        `Missing ${missing}: every item-service request needs login and apikey.`,
      );
    }
    if (!this.catalog.checkApiKey(login, apikey))
      throw new ItemServiceError('INVALID_CREDENTIALS', 'The login or apikey is not valid.');
  }

  private manufacturerId(code: string | undefined): number | undefined {
    if (code === undefined || code.trim() === '') return undefined;
    const mfr = this.catalog.manufacturerByCode(code.trim());
    if (!mfr)
      throw new ItemServiceError(
        'UNKNOWN_MANUFACTURER',
        `Unknown manufacturer code '${truncate(code)}' in mfrCd; see lookup/manufacturer for the codes.`,
      );
    return mfr.mfr_id;
  }

  private context(request: FastifyRequest, version: ApiVersion, currency: string | undefined): ShapeContext {
    return { version, itemBase: itemBaseOf(request, this.publicBaseUrl), currency };
  }

  /** Each of distinct `rows` as JSON text: from the rendered cache while its stock is unchanged, otherwise shaped anew. */
  private renderedJson(rows: PartRow[], ctx: ShapeContext, timings: Timings): Map<number, string> {
    const stock = timings.db(() => this.catalog.stockSignatures(rows.map((row) => row.item_id)));
    const prefix = `${ctx.version}|${ctx.currency ?? ''}|${ctx.itemBase}|`;
    const json = new Map<number, string>();
    const missing: PartRow[] = [];
    for (const row of rows) {
      const hit = this.rendered.get(prefix + row.item_id, stock.get(row.item_id) ?? '');
      if (hit === undefined) missing.push(row);
      else json.set(row.item_id, hit);
    }
    const offers = timings.db(() => this.catalog.offersOfMany(missing.map((row) => row.item_id)));
    for (const row of missing) {
      const partOffers = offers.get(row.item_id) ?? [];
      const text = jsonText(partShape(row, partOffers, ctx));
      this.rendered.set(prefix + row.item_id, partOffers.map((o) => o.foh_qty).join(','), text);
      json.set(row.item_id, text);
    }
    return json;
  }

  private shapeParts(rows: PartRow[], ctx: ShapeContext, timings: Timings) {
    const offers = timings.db(() => this.catalog.offersOfMany(rows.map((row) => row.item_id)));
    return rows.map((row) => partShape(row, offers.get(row.item_id) ?? [], ctx));
  }

  tokenSearch(version: ApiVersion): Work {
    return (query, timings, request) => {
      const { token, norm, rows, start, mfrId, currency } = timings.query(() => {
        this.authenticate(param(query, 'login'), param(query, 'apikey', 'apiKey'));
        const token = param(query, 'search_token');
        if (token === undefined || token.trim() === '')
          throw new ItemServiceError(
            'MISSING_TOKEN',
            "Parameter 'search_token' is required: the part number or its beginning.",
          );
        if (token.length > MAX_PART_NUMBER_LENGTH)
          throw new ItemServiceError(
            'INVALID_TOKEN',
            `search_token is longer than ${MAX_PART_NUMBER_LENGTH} characters.`,
          );
        const norm = normalizePartNumber(token);
        if (norm === '')
          throw new ItemServiceError(
            'INVALID_TOKEN',
            `search_token '${truncate(token)}' has no letters or digits to search for.`,
          );
        const rows = Math.min(wholeNumber(param(query, 'rows'), 'rows', 'INVALID_ROWS') ?? DEFAULT_ROWS, MAX_ROWS);
        const start = wholeNumber(param(query, 'start'), 'start', 'INVALID_START') ?? 0;
        const mfrId = this.manufacturerId(param(query, 'mfrCd'));
        return { token, norm, rows, start, mfrId, currency: currencyParam(query) };
      });
      const { total, found } = timings.db(() => ({
        total: this.catalog.countParts(norm, { exact: false, mfrId }),
        found: rows === 0 ? [] : this.catalog.findParts(norm, { exact: false, mfrId, limit: rows, offset: start }),
      }));
      const ctx = this.context(request, version, currency);
      return {
        totalItems: total,
        data: [{ resources: [searchResource(token)], PartList: this.shapeParts(found, ctx, timings) }],
      };
    };
  }

  /** A list search: read the request, look up each distinct entry, answer each entry, then shape what is listed. */
  listSearch(version: ApiVersion): Work {
    return async (query, timings, request) => {
      const { req, rows, currency, resolved } = timings.query(() => this.readListSearch(query));
      const ctx = this.context(request, version, currency);
      return this.listGate.run(async () => {
        // A client that left while its search waited in line gets nothing, and costs nothing more.
        if (request.raw.socket?.destroyed) return { totalItems: 0, data: [] };
        // The list searches at work share one slice between breaths: however many run, the requests waiting between
        // them (a token search) wait about one slice per turn of the loop, not one slice per list search.
        const slices = new Slices(() => SLICE_NS / BigInt(Math.max(1, this.listGate.active)));
        const budget = new AnswerBudget();
        const lookups = await this.lookUpEntries(resolved, req.useExact, rows, timings, slices, budget);
        const { entries, counts } = await listEntries(resolved, lookups, slices);
        const summary = {
          partsRequested: resolved.length,
          partsFound: counts.found,
          partsNotFound: counts.notFound,
          partsError: counts.errors,
        };
        const json = await this.renderedParts(entries, ctx, timings, slices);
        return { listed: await listedAnswer(entries, json, budget, counts.totalItems, summary, slices) };
      });
    };
  }

  /** List phase 1: the request's entries, its credentials checked and each manufacturer code resolved once. */
  private readListSearch(query: Query) {
    const req = listRequestOf(query);
    this.authenticate(listLogin(req, query), req.apikey ?? param(query, 'apikey', 'apiKey'));
    const rows = Math.min(wholeNumber(param(query, 'rows'), 'rows', 'INVALID_ROWS') ?? DEFAULT_ROWS, MAX_ROWS);
    const currency = currencyParam(query);
    const mfrIds = new Map<string, number | null>();
    const resolved: ResolvedEntry[] = req.parts.map((p) => {
      let mfrId: number | null | undefined;
      if (p.mfr !== undefined) {
        const key = p.mfr.toUpperCase();
        if (!mfrIds.has(key)) mfrIds.set(key, this.catalog.manufacturerByCode(p.mfr)?.mfr_id ?? null);
        mfrId = mfrIds.get(key);
      }
      return { ...p, norm: normalizePartNumber(p.partNum), mfrId };
    });
    return { req, rows, currency, resolved };
  }

  /**
   * List phase 2: one lookup per distinct (part number, manufacturer), so a thousand copies of one entry cost one;
   * the parts found count against the answer's budget as they come.
   */
  private async lookUpEntries(
    resolved: ResolvedEntry[],
    exact: boolean,
    rows: number,
    timings: Timings,
    slices: Slices,
    budget: AnswerBudget,
  ): Promise<Map<string, Lookup>> {
    const lookups = new Map<string, Lookup>();
    const exactRows = exact
      ? timings.db(() =>
          this.catalog.partsByNorms([
            ...new Set(resolved.filter((p) => p.norm !== '' && p.mfrId !== null).map((p) => p.norm)),
          ]),
        )
      : undefined;
    /** Whether a prefix matches any part at all, of any manufacturer (tells partsError from partsNotFound). */
    const anyPrefix = new Map<string, boolean>();
    for (const p of resolved) {
      if (p.norm === '' || p.mfrId === null) continue;
      const key = entryKey(p.norm, p.mfrId);
      if (lookups.has(key)) continue;
      let lookup: Lookup;
      if (exactRows) {
        const all = exactRows.get(p.norm) ?? [];
        const chosen = p.mfrId === undefined ? all : all.filter((row) => row.mfr_id === p.mfrId);
        lookup = { numberFound: chosen.length, page: chosen.slice(0, rows), exists: all.length > 0 };
      } else {
        lookup = timings.db(() => this.prefixLookup(p.norm, p.mfrId as number | undefined, rows, anyPrefix));
      }
      budget.addParts(lookup.page);
      lookups.set(key, lookup);
      await slices.breathe();
    }
    return lookups;
  }

  /** The parts whose number begins with `norm`, and whether any maker has one when the one asked for has none. */
  private prefixLookup(norm: string, mfrId: number | undefined, rows: number, anyPrefix: Map<string, boolean>): Lookup {
    const page = this.catalog.findParts(norm, { exact: false, mfrId, limit: rows });
    const numberFound = page.length < rows ? page.length : this.catalog.countParts(norm, { exact: false, mfrId });
    let exists = numberFound > 0;
    if (!exists && mfrId !== undefined) {
      if (!anyPrefix.has(norm))
        anyPrefix.set(norm, this.catalog.findParts(norm, { exact: false, limit: 1 }).length > 0);
      exists = anyPrefix.get(norm)!;
    }
    return { numberFound, page, exists };
  }

  /** List phase 4: each distinct part listed, as JSON text, shaped a chunk at a time between breaths. */
  private async renderedParts(
    entries: ListedEntry[],
    ctx: ShapeContext,
    timings: Timings,
    slices: Slices,
  ): Promise<Map<number, string>> {
    const distinctRows = uniqueRows(entries.flatMap((e) => e.page));
    const json = new Map<number, string>();
    for (let i = 0; i < distinctRows.length; i += RENDER_CHUNK) {
      for (const [id, text] of this.renderedJson(distinctRows.slice(i, i + RENDER_CHUNK), ctx, timings))
        json.set(id, text);
      await slices.breathe();
    }
    return json;
  }

  manufacturers(): Work {
    return (query, timings) => {
      timings.query(() => this.authenticate(param(query, 'login'), param(query, 'apikey', 'apiKey')));
      const list = timings.db(() => this.catalog.manufacturers());
      const manufacturers = list.map((m) => ({
        mfrId: m.mfr_id,
        mfrCd: m.mfr_cd,
        mfrName: m.mfr_name,
        stateMfrName: m.mfr_name,
        stateAlternateName: alternateName(m.mfr_name),
      }));
      return { totalItems: manufacturers.length, data: [{ manufacturers }] };
    };
  }

  /** A part's detail page, by pkey or by manufacturer code and part number. */
  detail(): Work {
    return (query, timings, request) => {
      const { part, currency } = timings.query(() => {
        const pkey = param(query, 'pkey');
        const mfrCd = param(query, 'mfrCd');
        const partNum = param(query, 'partNum');
        const currency = currencyParam(query);
        if (pkey) {
          const part = timings.db(() => this.catalog.partByPkey(pkey));
          if (!part) throw new ItemServiceError('PART_NOT_FOUND', `No part has pkey '${truncate(pkey)}'.`);
          return { part, currency };
        }
        if (!mfrCd || !partNum)
          throw new ItemServiceError('INVALID_DETAIL_QUERY', 'Give either pkey, or both mfrCd and partNum.');
        const part = timings.db(() => this.catalog.partByNumber(mfrCd, partNum));
        if (!part)
          throw new ItemServiceError(
            'PART_NOT_FOUND',
            `No part '${truncate(partNum)}' from manufacturer '${truncate(mfrCd)}'.`,
          );
        return { part, currency };
      });
      const ctx = this.context(request, 'v4', currency);
      return {
        totalItems: 1,
        data: [{ resources: [searchResource(part.part_num)], PartList: this.shapeParts([part], ctx, timings) }],
      };
    };
  }
}

/** The key of one distinct lookup of a list search. */
function entryKey(norm: string, mfrId: number | undefined): string {
  return `${norm}|${mfrId ?? ''}`;
}

/**
 * List phase 3: each entry's head and parts. partsError: the entry cannot be answered as asked (no letters or
 * digits, an unknown manufacturer code, or a part number that exists but not from the manufacturer asked for).
 * partsNotFound: a well-formed entry whose part number matches nothing.
 */
async function listEntries(resolved: ResolvedEntry[], lookups: Map<string, Lookup>, slices: Slices) {
  const counts = { found: 0, notFound: 0, errors: 0, totalItems: 0 };
  const entryOf = (p: ResolvedEntry): ListedEntry => {
    const head = {
      resources: [searchResource(p.partNum)],
      requestedPartNum: p.mfr === undefined ? p.partNum : `${p.partNum}|${p.mfr}`,
    };
    const lookup = p.norm === '' || p.mfrId === null ? undefined : lookups.get(entryKey(p.norm, p.mfrId));
    if (!lookup || lookup.numberFound === 0) {
      if (!lookup || lookup.exists) counts.errors++;
      else counts.notFound++;
      return { head: { ...head, numberFound: 0 }, page: [] as PartRow[] };
    }
    counts.found++;
    // As in every answer, totalItems counts all matches, which can exceed the parts `rows` lets through.
    counts.totalItems += lookup.numberFound;
    return { head: { ...head, numberFound: lookup.numberFound }, page: lookup.page };
  };
  const entries: ListedEntry[] = [];
  for (let i = 0; i < resolved.length; i++) {
    entries.push(entryOf(resolved[i]));
    if (i % ENTRY_CHUNK === ENTRY_CHUNK - 1) await slices.breathe();
  }
  return { entries, counts };
}

/**
 * List phase 5: the answer as it will be written, entry by entry, in JSON or XML. Each part's size is measured once:
 * it bounds the answer (over the cap it is refused, never built) and, with the entries' heads, gives the answer's
 * Content-Length before any entry is written.
 */
async function listedAnswer(
  entries: ListedEntry[],
  json: Map<number, string>,
  budget: AnswerBudget,
  totalItems: number,
  summary: ListedAnswer['summary'],
  slices: Slices,
): Promise<ListedAnswer> {
  const partBytes = new Map<number, number>();
  for (const [id, text] of json) partBytes.set(id, Buffer.byteLength(text));
  const headTexts: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    for (const row of entries[i].page) budget.addBytes(partBytes.get(row.item_id)! + 1);
    if (i % ENTRY_CHUNK === ENTRY_CHUNK - 1) await slices.breathe();
  }
  for (let i = 0; i < entries.length; i++) {
    headTexts.push(jsonText(entries[i].head));
    if (i % ENTRY_CHUNK === ENTRY_CHUNK - 1) await slices.breathe();
  }
  const entryJson = (i: number) => {
    const { page } = entries[i];
    const text = headTexts[i];
    return page.length === 0
      ? text
      : `${text.slice(0, -1)},"PartList":[${page.map((row) => json.get(row.item_id)).join(',')}]}`;
  };
  const entryJsonBytes = (i: number) => {
    const { page } = entries[i];
    const headBytes = Buffer.byteLength(headTexts[i]);
    if (page.length === 0) return headBytes;
    // `,"PartList":[` (13) + parts + commas + `]`, in place of the head's closing brace.
    return headBytes + 13 + page.reduce((sum, row) => sum + partBytes.get(row.item_id)!, 0) + (page.length - 1) + 1;
  };
  // XML: each distinct part is converted once, however many entries list it.
  const partXml = new Map<number, string>();
  const xmlOfPart = (id: number) => {
    let text = partXml.get(id);
    if (text === undefined) {
      text = xmlFragment({ PartList: JSON.parse(json.get(id)!) as unknown });
      partXml.set(id, text);
    }
    return text;
  };
  const entryXml = (i: number) => {
    const { head, page } = entries[i];
    return `<resultList>${xmlFragment(head)}${page.map((row) => xmlOfPart(row.item_id)).join('')}</resultList>`;
  };
  return { totalItems, summary, count: entries.length, entryJson, entryJsonBytes, entryXml };
}

/** The item service's routes, each a GET over one of the operations. */
export function registerItemRoutes(app: FastifyInstance, options: ItemRoutesOptions): void {
  const operations = new ItemOperations(options.catalog, options.publicBaseUrl);
  for (const version of ['v3', 'v4'] as ApiVersion[]) {
    app.get(
      `/${version}/en/search/token`,
      { config: { caller: queryLogin } },
      handle(SERVICE_VERSION[version], operations.tokenSearch(version)),
    );
    app.get(
      `/${version}/en/search/list`,
      { config: { caller: listCaller } },
      handle(SERVICE_VERSION[version], operations.listSearch(version)),
    );
  }
  app.get(
    '/v3/en/lookup/manufacturer',
    { config: { caller: queryLogin } },
    handle(SERVICE_VERSION.v3, operations.manufacturers()),
  );
  // Detail pages are what result links point at; like a product page they need no credentials.
  app.get('/v2/en/detail', handle(SERVICE_VERSION.v2, operations.detail()));
}

/** Where the item service's plugin is registered; its routes and not-found answers are under it. */
export const ITEM_PREFIX = '/itemservice';

export const ITEM_PATHS = [
  '/v3/en/search/token',
  '/v4/en/search/token',
  '/v3/en/search/list',
  '/v4/en/search/list',
  '/v3/en/lookup/manufacturer',
  '/v2/en/detail',
].map((path) => ITEM_PREFIX + path);

/** The envelope's serviceMetaData version for a path: the one its operation answers with, else v3's. */
export function itemVersionOf(path: string): string {
  if (path.startsWith(`${ITEM_PREFIX}/v4/`)) return SERVICE_VERSION.v4;
  if (path.startsWith(`${ITEM_PREFIX}/v2/`)) return SERVICE_VERSION.v2;
  return SERVICE_VERSION.v3;
}

/** An item-service failure with its own HTTP status: a request that could not be read (400, 413, 415, …). */
export class UnreadableRequest extends ItemServiceError {
  constructor(
    message: string,
    private readonly httpStatus: number,
  ) {
    super('INVALID_PARAMETER', message);
  }

  override get status(): number {
    return this.httpStatus;
  }
}

/** An item-service failure in the envelope of the request's operation, in the format its query asked for. */
export function sendItemRefusal(request: FastifyRequest, reply: FastifyReply, error: ItemServiceError): FastifyReply {
  return sendItemError(reply, (request.query ?? {}) as Query, itemVersionOf(pathOf(request)), error);
}

/** A path no operation answers, as the item service says so. */
export async function itemNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const error = new ItemServiceError(
    'UNKNOWN_PATH',
    `No operation at ${pathOf(request).slice(0, 200)}; see the service documentation for the paths.`,
  );
  return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
}

export const itemRefusals: OperationRefusals = {
  caller: 'login',
  rateLimited: (request, reply, message) =>
    sendItemRefusal(request, reply, new ItemServiceError('RATE_LIMITED', message)),
  methodNotAllowed(request, reply) {
    reply.header('allow', 'GET, HEAD');
    const error = new ItemServiceError(
      'METHOD_NOT_ALLOWED',
      `${request.method} is not supported here; every operation is a GET.`,
    );
    return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
  },
};

/** A failure no handler turned into an answer: a request that could not be read, or a fault of the service. */
export function itemFailure(operations: Operations) {
  return async (
    err: Error & { statusCode?: number },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const status = failureStatus(err);
    if (status === 500) request.log.error({ err }, 'unexpected failure');
    const refused = unreadableBody(request, reply, status, operations);
    if (refused) return refused;
    const error =
      status === 500
        ? new ItemServiceError('INTERNAL', 'The service failed to answer this request.')
        : new UnreadableRequest(`The request could not be read: ${redactText(err.message)}`, status);
    return sendItemRefusal(request, reply, error);
  };
}

export interface ItemServiceOptions extends ItemRoutesOptions {
  /** The service's operations, where this plugin enters its paths. */
  operations: Operations;
}

/**
 * The item service as a Fastify plugin, registered under ITEM_PREFIX: its operations, the methods they refuse, and
 * its own not-found and error answers, all in the item-service envelope.
 */
export const itemServicePlugin: FastifyPluginAsync<ItemServiceOptions> = async (app, options) => {
  registerItemRoutes(app, options);
  for (const path of ITEM_PATHS) {
    options.operations.enter(path, itemRefusals);
    app.route({
      method: ['POST', 'PUT', 'DELETE', 'PATCH'],
      url: path.slice(ITEM_PREFIX.length),
      handler: async (request, reply) => itemRefusals.methodNotAllowed(request, reply),
    });
  }
  options.operations.group(ITEM_PREFIX, itemNotFound);
  app.setNotFoundHandler(itemNotFound);
  app.setErrorHandler(itemFailure(options.operations));
};
