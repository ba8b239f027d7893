/**
 * The item-service client: builds the request of each operation, sends it through one request function with a
 * timeout and the caller's cancel, and turns every failure into a CatalogError with a message a buyer understands.
 * Runs in the browser and in Node: platform fetch and AbortController only.
 */
import {
  GATEWAY_TOKEN_MESSAGE,
  gatewayHeaders,
  gatewayTokenRejected,
  gatewayUpstreamUnreachable,
} from '../http/gateway';
import { blockedMessage, type CorsProbe } from '../http/cors';
import { JSONP_CALLBACK_PLACEHOLDER, JsonpFailure, type JsonpTransport } from '../http/jsonp';
import { fetchText, formatDuration, TransportFailure } from '../http/transport';
import { CatalogError } from './errors';
import type { ApiVersion, ListAnswer, Manufacturer, Part, SearchPage } from './model';
import {
  AUTH_MESSAGE,
  decodeJson,
  decodeXml,
  envelopeFailure,
  malformed,
  parseListAnswer,
  parseManufacturers,
  parseSearchAnswer,
  readEnvelope,
  type Envelope,
} from './parse';

export interface CatalogConfig {
  /** `http(s)://host[:port]` of the item service, without the `/itemservice` path. */
  itemBaseUrl: string;
  login: string;
  apikey: string;
  /** Default v4. */
  version?: ApiVersion;
  /** Default json. */
  format?: 'json' | 'xml';
  /** Default 30000. */
  timeoutMs?: number;
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Sent as `request.remoteIp` of list searches; default ''. */
  remoteIp?: string;
  /** The user's Partsheet gateway token, sent as the X-Partsheet-Token header when given (docs/gateway.md). */
  gatewayToken?: string;
  /**
   * List searches by JSONP (`callbackfn`, JSON) through this transport instead of fetch: for a service on another
   * origin that sends no CORS headers, and only one the user trusts (the answer runs as script). Other operations
   * are not offered by JSONP and still use fetch.
   */
  jsonp?: JsonpTransport;
  /**
   * In a browser page: tells a request the browser blocked (no CORS headers) from an unreachable host, after a
   * network failure. Without it (Node) a network failure is "unreachable".
   */
  corsProbe?: Pick<CorsProbe, 'diagnose'>;
}

export interface ListPart {
  partNumber: string;
  manufacturer?: string;
}

export interface TokenOptions {
  mfrCd?: string;
  rows?: number;
  start?: number;
  currency?: string;
  version?: ApiVersion;
  signal?: AbortSignal;
}

export interface ListOptions {
  /** Exact match of the part numbers (default true); false matches by prefix. */
  exact?: boolean;
  rows?: number;
  currency?: string;
  version?: ApiVersion;
  signal?: AbortSignal;
}

export type DetailQuery = { mfrCd: string; partNum: string } | { pkey: string };

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Parts one list search may carry (docs/item-service.md, "Search by list"). */
export const MAX_LIST_PARTS = 1000;

type Params = Record<string, string | number | boolean | undefined>;

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after', 'x-ratelimit-reset'];

/** Text with the user name and password of every address in it left out (`http://user:secret@host` → `http://host`). */
export function withoutUserinfo(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, '$1');
}

export class CatalogClient {
  private readonly base: string;
  private readonly host: string;
  private readonly version: ApiVersion;
  private readonly format: 'json' | 'xml';
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly config: CatalogConfig) {
    let url: URL;
    try {
      url = new URL(config.itemBaseUrl);
    } catch {
      url = new URL('invalid:');
    }
    // An address can carry a user name and password; no message may repeat them.
    const shown = withoutUserinfo(config.itemBaseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CatalogError(
        'unreachable',
        `Parts service address "${shown}" is not an http or https address — check the service address in settings`,
      );
    }
    if (url.username !== '' || url.password !== '') {
      throw new CatalogError(
        'unreachable',
        `Parts service address "${shown}" must not hold a user name or password — give the login and API key in settings`,
      );
    }
    this.base = config.itemBaseUrl.replace(/\/+$/, '');
    this.host = url.host;
    this.version = config.version ?? 'v4';
    this.format = config.format ?? 'json';
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // Looked up at call time, and never called as a method of this object (browsers refuse that).
    this.fetchImpl = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async searchToken(token: string, opts: TokenOptions = {}): Promise<SearchPage> {
    const version = opts.version ?? this.version;
    const url = this.url(`/itemservice/${version}/en/search/token`, {
      search_token: token,
      login: this.config.login,
      apikey: this.config.apikey,
      rows: opts.rows,
      start: opts.start,
      mfrCd: opts.mfrCd,
      utm_currency: opts.currency,
    });
    return parseSearchAnswer(await this.request(url, opts.signal), version);
  }

  async searchList(parts: ListPart[], opts: ListOptions = {}): Promise<ListAnswer> {
    const version = opts.version ?? this.version;
    if (this.config.jsonp) {
      const transport = this.config.jsonp;
      const answer = await this.guarded(() =>
        this.sendJsonp(transport, (callback) => this.listUrlWith(parts, opts, callback), opts.signal),
      );
      return parseListAnswer(answer, version);
    }
    const url = this.listUrl(parts, opts);
    return parseListAnswer(await this.request(url, opts.signal), version);
  }

  /** The exact URL searchList would request (by JSONP, with a callback name of the same length), so a batcher can keep within a URL-length budget. */
  listUrl(parts: ListPart[], opts: Omit<ListOptions, 'signal'> = {}): string {
    return this.listUrlWith(parts, opts, this.config.jsonp ? JSONP_CALLBACK_PLACEHOLDER : undefined);
  }

  private listUrlWith(parts: ListPart[], opts: Omit<ListOptions, 'signal'>, callback: string | undefined): string {
    if (parts.length > MAX_LIST_PARTS) {
      throw new CatalogError(
        'rejected',
        `A list search takes at most ${MAX_LIST_PARTS} parts; ${parts.length} were given`,
      );
    }
    const version = opts.version ?? this.version;
    const req = {
      request: {
        login: this.config.login,
        apikey: this.config.apikey,
        remoteIp: this.config.remoteIp ?? '',
        useExact: opts.exact ?? true,
        parts: parts.map((p) => {
          const mfr = p.manufacturer?.trim();
          return mfr ? { partNum: p.partNumber, mfr } : { partNum: p.partNumber };
        }),
      },
    };
    const params: Params = {
      req: JSON.stringify(req),
      login: this.config.login,
      apikey: this.config.apikey,
      rows: opts.rows,
      utm_currency: opts.currency,
    };
    const path = `/itemservice/${version}/en/search/list`;
    // JSONP answers in JSON only ("used in conjunction with fmt=json").
    return callback === undefined
      ? this.url(path, params)
      : this.url(path, { ...params, fmt: 'json', callbackfn: callback }, false);
  }

  async manufacturers(opts: { signal?: AbortSignal } = {}): Promise<Manufacturer[]> {
    const url = this.url('/itemservice/v3/en/lookup/manufacturer', {
      login: this.config.login,
      apikey: this.config.apikey,
    });
    return parseManufacturers(await this.request(url, opts.signal));
  }

  /** One part by manufacturer code and part number, or by the opaque `pkey` of a `part_detail` link. */
  async detail(query: DetailQuery, opts: { currency?: string; signal?: AbortSignal } = {}): Promise<Part> {
    const key: Params = 'pkey' in query ? { pkey: query.pkey } : { mfrCd: query.mfrCd, partNum: query.partNum };
    const url = this.url('/itemservice/v2/en/detail', {
      ...key,
      login: this.config.login,
      apikey: this.config.apikey,
      utm_currency: opts.currency,
    });
    // The detail endpoint answers in the v4 shape.
    const page = parseSearchAnswer(await this.request(url, opts.signal), 'v4');
    const part = page.parts[0];
    if (!part) throw malformed('the detail answer holds no part');
    return part;
  }

  private url(path: string, params: Params, formatted = true): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined || value === '') continue;
      search.append(name, String(value));
    }
    if (formatted && this.format === 'xml') search.append('fmt', 'xml');
    return `${this.base}${path}?${search.toString()}`;
  }

  /** Every call goes through here: timeout, cancel, HTTP status, body decoding and the envelope's verdict. */
  private request(url: string, signal?: AbortSignal): Promise<unknown> {
    return this.guarded(() => this.send(url, signal));
  }

  private async guarded(call: () => Promise<unknown>): Promise<unknown> {
    try {
      return await call();
    } catch (e) {
      throw e instanceof CatalogError ? this.withoutKey(e) : e;
    }
  }

  /**
   * A list search by JSONP, its failures worded as fetch's are. A script that fails to load says nothing of why:
   * the host may be down, or may have answered an error status (refused key, throttled); both may pass with time.
   */
  private async sendJsonp(
    transport: JsonpTransport,
    urlFor: (callback: string) => string,
    signal?: AbortSignal,
  ): Promise<unknown> {
    let answer: unknown;
    try {
      answer = await transport(urlFor, { timeoutMs: this.timeoutMs, signal });
    } catch (e) {
      if (!(e instanceof JsonpFailure)) throw e;
      switch (e.kind) {
        case 'cancelled':
          throw cancelled(e);
        case 'timeout':
          throw new CatalogError(
            'timeout',
            `The parts service at ${this.host} did not answer within ${formatDuration(this.timeoutMs)}`,
            { cause: e },
          );
        case 'no-callback':
          throw malformed(
            `the JSONP answer from ${this.host} did not call back — the service may not offer callbackfn here`,
            e,
          );
        case 'script-error':
          throw new CatalogError(
            'unreachable',
            `Parts service unreachable at ${this.host} by JSONP: the search script did not load (the host is down, or it refused the search — check the address, login and API key)`,
            { cause: e },
          );
      }
    }
    const envelope = readEnvelope(answer);
    if (!envelope.success) throw envelopeFailure(envelope);
    return answer;
  }

  /** A message from the service (or the network) may repeat the key: it never reaches the buyer with it. */
  private withoutKey(error: CatalogError): CatalogError {
    const forms = [this.config.apikey, this.config.gatewayToken?.trim()]
      .filter((k): k is string => !!k && k.length >= 4)
      .flatMap((k) => [k, encodeURIComponent(k)]);
    if (forms.length === 0) return error;
    if (!forms.some((f) => error.message.includes(f))) return error;
    const message = forms.reduce((text, f) => text.split(f).join('…'), error.message);
    return new CatalogError(error.kind, message, error.details);
  }

  private async send(url: string, signal?: AbortSignal): Promise<unknown> {
    let response: Response;
    let body: string;
    try {
      ({ response, body } = await fetchText(url, {
        fetch: this.fetchImpl,
        timeoutMs: this.timeoutMs,
        signal,
        headers: gatewayHeaders(this.config.gatewayToken),
        beforeBody: (r) => this.statusFailure(r),
      }));
    } catch (e) {
      if (!(e instanceof TransportFailure)) throw e;
      if (e.kind === 'cancelled') throw cancelled(e.cause);
      if (e.kind === 'timeout') {
        throw new CatalogError(
          'timeout',
          `The parts service at ${this.host} did not answer within ${formatDuration(this.timeoutMs)}`,
          { cause: e.cause },
        );
      }
      if (e.stage === 'send' && this.config.corsProbe && (await this.config.corsProbe.diagnose(url)) === 'blocked') {
        throw new CatalogError('blocked', blockedMessage('parts service', this.host), { cause: e.cause });
      }
      const reason =
        e.stage === 'read' ? `the connection broke while reading the answer (${e.reason.text})` : e.reason.text;
      throw new CatalogError('unreachable', `Parts service unreachable at ${this.host}: ${reason}`, { cause: e.cause });
    }

    const status = response.status;

    const decode = (text: string) => (this.format === 'xml' ? decodeXml(text) : decodeJson(text));
    // A refusal of any content type (an HTML page as often as JSON); a gateway in front says when it is its token.
    if (status === 401 || status === 403) {
      throw gatewayTokenRejected(body)
        ? new CatalogError(
            'auth',
            `The Partsheet gateway at ${this.host} refused the request: ${GATEWAY_TOKEN_MESSAGE}`,
            { status },
          )
        : new CatalogError('auth', AUTH_MESSAGE, { status });
    }
    const retryAfterMs = retryAfterOf(response.headers);
    if (status < 200 || status > 299) {
      let envelope: Envelope | undefined;
      try {
        envelope = readEnvelope(decode(body));
      } catch {
        envelope = undefined;
      }
      if (status >= 500) throw this.serverFailure(status, body, envelope, retryAfterMs);
      if (envelope && !envelope.success) throw envelopeFailure(envelope, status, retryAfterMs);
      throw new CatalogError(
        'rejected',
        `The parts service at ${this.host} answered HTTP ${status} — check the service address in settings`,
        { status },
      );
    }
    const decoded = decode(body);
    const envelope = readEnvelope(decoded);
    if (!envelope.success) throw envelopeFailure(envelope, status, retryAfterMs);
    return decoded;
  }

  /**
   * A 5xx answer without rate-limit headers: throttling when its envelope says so (return code 53), the service
   * unreachable when a gateway in front says it could not reach it, else the service failing.
   */
  private serverFailure(
    status: number,
    body: string,
    envelope: Envelope | undefined,
    retryAfterMs: number | undefined,
  ): CatalogError {
    if (envelope && !envelope.success) {
      const refusal = envelopeFailure(envelope, status, retryAfterMs);
      if (refusal.kind === 'rate-limited') return refusal;
    }
    if (gatewayUpstreamUnreachable(body)) {
      return new CatalogError(
        'unreachable',
        `Parts service unreachable: the Partsheet gateway at ${this.host} could not reach it (HTTP ${status})`,
        { status },
      );
    }
    return new CatalogError(
      'unavailable',
      `The parts service at ${this.host} is unavailable (HTTP ${status}) — try again later`,
      { status },
    );
  }

  /** Failures known from the HTTP status alone; other statuses are judged by the envelope. */
  private statusFailure(response: Response): CatalogError | undefined {
    const status = response.status;
    const rateLimitHeaders = RATE_LIMIT_HEADERS.some((h) => response.headers.has(h));
    if (status === 429 || (status === 503 && rateLimitHeaders)) {
      const retryAfterMs = retryAfterOf(response.headers);
      const wait = retryAfterMs === undefined ? 'shortly' : `in ${formatDuration(retryAfterMs)}`;
      return new CatalogError('rate-limited', `The parts service is busy (too many requests) — try again ${wait}`, {
        status,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    // Other failures of the service are told apart by their body (serverFailure).
    return undefined;
  }
}

function cancelled(cause: unknown): CatalogError {
  return new CatalogError('cancelled', 'The parts search was cancelled', { cause });
}

/** Milliseconds to wait, from Retry-After (seconds or HTTP date) or X-RateLimit-Reset (seconds, or epoch seconds). */
export function retryAfterOf(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+(\.\d+)?$/.test(reset)) {
    const value = Number(reset);
    // Large values are a moment (epoch seconds), small ones a delay.
    return value > 1e9 ? Math.max(0, Math.round(value * 1000 - now)) : Math.round(value * 1000);
  }
  return undefined;
}
