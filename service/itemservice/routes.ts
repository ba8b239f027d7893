import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogStore, normalizePartNumber, alternateName, type PartRow } from '../store/db';
import { MAX_PART_NUMBER_LENGTH } from '../../protocol/part-number';
import { parseListRequest, type ListRequest } from '../../protocol/list-request';
import { ItemServiceError } from '../../protocol/item-service-errors';
import { RenderedParts } from './rendered';
import { envelope, Timings } from './envelope';
import { listedJson, listedXml, type ListedAnswer } from './streamed';
import type { CallerOf } from '../../serving/rate-limit';
import { Slices, SLICE_NS } from './slices';
import { WorkGate } from './work-gate';
import { jsonText } from '../json';
import { partShape, searchResource, SERVICE_VERSION, type ApiVersion, type ShapeContext } from './shapes';
import {
  AnswerBudget,
  entryKey,
  listedAnswer,
  listEntries,
  type ListedEntry,
  type Lookup,
  type ResolvedEntry,
} from './list-answer';
import {
  currencyParam,
  itemBaseOf,
  outputOf,
  param,
  sendBody,
  sendItemError,
  truncate,
  wholeNumber,
  type Query,
} from './query';

// The caps and the words of their refusal are shared with the gateway, which assembles list answers too.
export { MAX_ANSWER_BYTES, MAX_ANSWER_PARTS } from '../../protocol/list-answer';
/** Parts shaped between two breaths of the event loop. */
const RENDER_CHUNK = 10;
/** List searches looked up and shaped at once; more wait in line (work-gate.ts). */
export const LIST_SEARCHES_AT_ONCE = 4;

export const MAX_ROWS = 25;
export const DEFAULT_ROWS = 10;

export interface ItemRoutesOptions {
  catalog: CatalogStore;
  /** Public base address of this service for links (`http://host:port`); taken from the request when absent. */
  publicBaseUrl?: string;
}

function uniqueRows(rows: PartRow[]): PartRow[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.item_id) && seen.add(row.item_id));
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
