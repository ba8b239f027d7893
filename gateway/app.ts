/**
 * The gateway as a Fastify app: the built add-in's files, and the item-service and checkout paths forwarded to
 * their upstreams, so the add-in talks to its own origin only. Item-service reads are answered from the cache
 * where they can be; checkout requests never are.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import { GATEWAY_TOKEN_HEADER } from '../protocol/gateway-token';
import { boundSlowReaders } from '../serving/slow-readers';
import { RateLimiter, rateLimitHeaders } from '../serving/rate-limit';
import type { ApiVersion } from '../src/catalog/model';
import { AnswerCache, sendWithBackoff } from './answer-cache';
import type { GatewayConfig } from './config';
import { ListCache, readClientList, UpstreamLookupFailure, type ClientList, type ListBody } from './list-search';
import { rawSearchKey } from './refusal-memo';
import { GatewayLog, pathOnly } from './log';
import { checkoutOperation, FORWARDED_METHOD, itemOperation, type CheckoutEnvironment } from './operations';
import { AddinFiles } from './static';
import { readRequestTarget, type RequestTarget } from './target';
import { TokenBook } from './tokens';
import { sharedGate, SharedState, takeSharedToken, type SharedHealth } from './shared';
import { SharedTokenBook, type TokenSource } from './shared-tokens';
import {
  ClientGone,
  GateRefused,
  Upstream,
  UpstreamAnswerTooLarge,
  UpstreamUnreachable,
  type UpstreamAnswer,
} from './upstream';

/** Node lower-cases the names of a request's headers. */
const TOKEN_HEADER = GATEWAY_TOKEN_HEADER.toLowerCase();
/** Headers a page of an allowed origin may read: the rate-limit figures and what the cache did. */
const EXPOSED_HEADERS = [
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Partsheet-Cache',
];
/** A 1000-part list search is a URL of tens of kilobytes (as the reference service allows). */
const MAX_HEADER_BYTES = 320 * 1024;
const CREDENTIAL_PARAMS = new Set(['login', 'apikey', 'apiKey']);
const LIST_PATH = /^\/itemservice\/(v3|v4)\/en\/search\/list$/;

export interface GatewayDeps {
  log: GatewayLog;
  fetch?: typeof fetch;
}

export interface Gateway {
  app: FastifyInstance;
  upstreams: { item: Upstream; checkout: Upstream; testCheckout: Upstream };
  lists: ListCache;
  answers: AnswerCache;
  /** The Redis shared with other instances, when one is configured. */
  shared?: SharedState;
  /** Lets go of what the gateway holds beyond its server (the Redis connections); after the server has closed. */
  release(): Promise<void>;
  /**
   * Marks the gateway as stopping: /healthz answers 503 so load balancers stop sending, and requests waiting at
   * the upstreams' gates (or arriving) are answered 503 at once instead of holding the stop up.
   */
  stopping(): void;
}

/** What one request did, for its log line. */
interface Trace {
  user?: string;
  source?: string;
  parts?: number;
  fromCache?: number;
}

function jsonError(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error, message }));
}

function sendAnswer(reply: FastifyReply, answer: UpstreamAnswer): FastifyReply {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return reply.send(answer.body);
}

/** A list answer, written as the client reads it, with its length known first: a client that does not read holds a few pieces. */
function sendListBody(
  reply: FastifyReply,
  outcome: { body: ListBody; fromCache: number; parts: number },
): FastifyReply {
  return reply
    .code(200)
    .header('x-partsheet-cache', `${outcome.fromCache}/${outcome.parts}`)
    .header('content-length', outcome.body.bytes)
    .type('application/json; charset=utf-8')
    .send(
      // A refusal is a few hundred bytes in one piece: sent as it is, without a stream's machinery.
      outcome.body.refusal !== undefined
        ? Buffer.concat([...outcome.body.pieces()])
        : Readable.from(outcome.body.pieces(), { objectMode: false }),
    );
}

/**
 * Refusals the gateway words itself. None repeats the request's URL: its query can hold a login, an API key or a
 * password digest, and an upstream's address or a file path is nobody's business.
 */
const notFound = (reply: FastifyReply) =>
  jsonError(reply, 404, 'not found', 'The gateway has nothing at this address.');
const methodNotAllowed = (reply: FastifyReply) =>
  jsonError(
    reply.header('allow', FORWARDED_METHOD),
    405,
    'method not allowed',
    `The gateway forwards ${FORWARDED_METHOD} requests only here.`,
  );
const upstreamUnreachable = (reply: FastifyReply, e: UpstreamUnreachable) =>
  e instanceof UpstreamAnswerTooLarge
    ? jsonError(reply, 502, 'upstream answer too large', e.message)
    : jsonError(
        reply,
        e.timedOut ? 504 : 502,
        'upstream unreachable',
        e.timedOut
          ? `The ${e.upstream} did not answer in time.`
          : `The ${e.upstream} could not be reached; try again later.`,
      );

/** What a client error's status means, for the error handler's answer (its own message may quote the request). */
const CLIENT_ERRORS: Record<number, string> = {
  400: 'The request could not be read.',
  413: 'The request is too large.',
  414: 'The request address is too long.',
  415: 'The request body is of a type the gateway does not take.',
  431: 'The request headers are too large.',
};

/**
 * A signal aborted when the client goes (its connection closes) before its answer is sent: whatever the request
 * still has waiting at a gate is then dropped unsent.
 */
function goneSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const socket = request.raw.socket;
  // A connection closed while the request waited for its turn to be read has said so already.
  if (reply.raw.destroyed || socket?.destroyed || socket?.readableEnded) controller.abort();
  else {
    // The client's end of the connection closing (its FIN read) says it has gone as soon as it is read: the
    // connection's own close comes later, once the gateway's end has closed too, and a busy process may send the
    // request upstream meanwhile. (A client that half-closes and still waits is not a browser's way: Node answers
    // such a request no longer either.)
    const ended = () => {
      if (!reply.raw.writableFinished) controller.abort();
    };
    socket?.once('end', ended);
    reply.raw.once('close', () => {
      socket?.removeListener('end', ended);
      ended();
    });
  }
  return controller.signal;
}

/** A request the gate did not send: 503 with the gate's `Retry-After` (the client has gone for ClientGone). */
function gateFailure(reply: FastifyReply, e: unknown): FastifyReply | undefined {
  if (e instanceof GateRefused) {
    return jsonError(
      reply.header('retry-after', String(e.retryAfterSeconds)),
      503,
      'upstream busy',
      `The gateway did not send the request: ${e.message}.`,
    );
  }
  if (e instanceof ClientGone)
    return jsonError(reply, 503, 'client gone', `The gateway did not send the request: ${e.message}.`);
  return undefined;
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64url');

/** With a team key: the query with the user's item-service credentials replaced by the team's, in `req` too. */
function withTeamItemCredentials(query: URLSearchParams, login: string, apikey: string): URLSearchParams {
  const out = new URLSearchParams(query);
  out.delete('apiKey');
  out.set('login', login);
  out.set('apikey', apikey);
  const req = out.get('req');
  if (req !== null) {
    try {
      const doc = JSON.parse(req) as { request?: Record<string, unknown> };
      if (doc && typeof doc.request === 'object' && doc.request !== null && !Array.isArray(doc.request)) {
        delete doc.request.apiKey;
        doc.request.login = login;
        doc.request.apikey = apikey;
        out.set('req', JSON.stringify(doc));
      }
    } catch {
      // Not JSON: the upstream refuses it in its own words.
    }
  }
  return out;
}

export async function buildGateway(config: GatewayConfig, deps: GatewayDeps): Promise<Gateway> {
  const { log } = deps;
  const files = new AddinFiles(config.addinDir, { serveSourceMaps: config.serveSourceMaps });
  const fileTokens = new TokenBook(config.tokensFile, Date.now, (e) =>
    log.event('the token file could not be read; the last good tokens stay in force', { error: e.message }),
  );
  const tokenLimiter = new RateLimiter({ limit: config.tokenRatePerMinute });
  // With a Redis, the instances share their cache, gates, per-token limits and tokens through it; the start waits
  // a moment for it, then goes on alone (and shares as soon as it answers).
  const shared = config.redisUrl
    ? new SharedState({ url: config.redisUrl, password: config.redisPassword, log })
    : undefined;
  if (shared) await shared.ready(2000);
  let sharedTokens: SharedTokenBook | undefined;
  if (shared) {
    sharedTokens = new SharedTokenBook(shared, fileTokens, (e) =>
      log.event('the tokens could not be read from Redis; the last ones read stay in force', { error: e.message }),
    );
    await sharedTokens.loaded();
  }
  const tokens: TokenSource = sharedTokens ?? fileTokens;
  const upstream = (name: string, baseUrl: string, perSecond: number) =>
    new Upstream({
      ...(shared
        ? {
            shared: {
              gate: sharedGate(shared, name, baseUrl, perSecond),
              fallbackPerSecond: perSecond / config.instances,
            },
          }
        : {}),
      name,
      baseUrl,
      perSecond,
      maxPauseMs: config.maxRetryAfterSeconds * 1000,
      clientQueue: config.clientQueue,
      queueLimit: config.upstreamQueue,
      fetch: deps.fetch,
    });
  const upstreams = {
    item: upstream('item service', config.itemUpstream, config.itemRate),
    checkout: upstream('checkout', config.checkoutUpstream, config.checkoutRate),
    testCheckout: upstream('test checkout', config.testCheckoutUpstream, config.testCheckoutRate),
  };
  const ttlMs = config.cacheTtlSeconds * 1000;
  // Misses are collected for a moment (the lookups of requests arriving together), and go upstream as soon as the
  // gate allows; what arrives while a search is under way waits and travels with the next. With Redis, the
  // instance that sends what all instances collected waits one gate interval for their parts first: a request
  // leaves the gate no sooner.
  const sharedWindowMs = Math.max(20, Math.ceil(1000 / config.itemRate));
  const lists = new ListCache({
    upstream: upstreams.item,
    baseUrl: config.itemUpstream,
    ttlMs,
    maxParts: config.cacheMaxParts,
    windowMs: 20,
    sharedWindowMs,
    shared,
  });
  const answers = new AnswerCache({ ttlMs, maxAnswers: Math.max(1000, Math.floor(config.cacheMaxParts / 10)) });
  const team =
    config.teamLogin && config.teamApikey ? { login: config.teamLogin, apikey: config.teamApikey } : undefined;
  let stopping = false;
  const started = Date.now();
  const traces = new WeakMap<FastifyRequest, Trace>();
  const trace = (request: FastifyRequest): Trace => {
    let t = traces.get(request);
    if (!t) traces.set(request, (t = {}));
    return t;
  };
  /** Whose lane a request waits in at the gates: its gateway token's owner (known after admit), else its address. */
  const asker = (request: FastifyRequest, reply: FastifyReply) => {
    const user = trace(request).user;
    return {
      client: user !== undefined ? `token ${user}` : `address ${request.ip}`,
      signal: goneSignal(request, reply),
    };
  };

  const app = Fastify({
    logger: false,
    trustProxy: config.trustProxy,
    ...(config.cert && config.key
      ? {
          https: {
            cert: readPem(config.cert, '--cert'),
            key: readPem(config.key, '--key'),
            maxHeaderSize: MAX_HEADER_BYTES,
          },
        }
      : { http: { maxHeaderSize: MAX_HEADER_BYTES } }),
    // The routes read the target themselves (readRequestTarget): a list search's long query is not parsed for them.
    routerOptions: {
      ignoreDuplicateSlashes: true,
      ignoreTrailingSlash: true,
      maxParamLength: 2000,
      querystringParser: () => ({}),
    },
    requestTimeout: 180_000,
    // A URL the router cannot decode: Fastify's own answer would quote it.
    frameworkErrors: (_error, _request, reply) =>
      jsonError(reply, 400, 'bad request target', 'The request target could not be read.'),
  });

  // Every target is read before anything else looks at it; a target that is not a plain path under this
  // gateway is refused here, so no route ever sees one.
  const targets = new WeakMap<FastifyRequest, RequestTarget>();
  app.addHook('onRequest', async (request, reply) => {
    const reading = readRequestTarget(request.raw.url ?? '');
    if (!reading.ok) return jsonError(reply, 400, 'bad request target', reading.reason);
    targets.set(request, { path: reading.path, query: reading.query });
    return undefined;
  });
  const targetOf = (request: FastifyRequest): RequestTarget => targets.get(request)!;

  app.setNotFoundHandler((_request, reply) => notFound(reply));
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status < 500)
      return jsonError(
        reply,
        status,
        'bad request',
        CLIENT_ERRORS[status] ?? `The request was refused (HTTP ${status}).`,
      );
    log.event('request failed', { method: request.method, path: pathOnly(request.url), error: error.message });
    return jsonError(
      reply,
      500,
      'gateway error',
      'The gateway failed on this request; try again, or tell its administrator.',
    );
  });

  // Clients that do not read their answers cost a bounded amount of memory, as at the service.
  boundSlowReaders(app, {
    sendTimeoutMs: config.sendTimeoutSeconds * 1000,
    onDrop: (why) => log.event(`dropping a connection: ${why}`),
  });

  // While stopping, each answer closes its connection, so keep-alive connections do not hold the stop up.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    log.request({
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: reply.elapsedTime,
      ip: request.ip,
      ...trace(request),
    });
  });

  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'OPTIONS'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    });
  }

  /**
   * The gateway token of a request: required with a team key (or --require-tokens), checked whenever given, and
   * counted against its own limit. Returns the refusal when there is one.
   */
  const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const header = request.headers[TOKEN_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (!given) {
      if (!config.requireTokens) return undefined;
      return jsonError(
        reply,
        401,
        'gateway token rejected',
        'This gateway needs a gateway token: ask its administrator for one and enter it as the gateway token in the add-in settings.',
      );
    }
    const name = tokens.nameOf(given.trim());
    if (!name) {
      return jsonError(
        reply,
        401,
        'gateway token rejected',
        'The gateway token is not known here or has been revoked: ask the gateway administrator for a new one.',
      );
    }
    trace(request).user = name;
    if (!tokenLimiter.enabled) return undefined;
    // Counted in Redis for all instances together; while it cannot be reached, by this instance alone.
    const decision =
      (shared ? await takeSharedToken(shared, name, tokenLimiter.limit, 60_000) : null) ?? tokenLimiter.take(name);
    reply.headers(rateLimitHeaders(decision));
    if (decision.allowed) return undefined;
    return jsonError(
      reply,
      429,
      'gateway token rate limit',
      `Too many requests with the gateway token of ${name}: at most ${decision.limit} a minute; try again in ${decision.retryAfterSeconds} s.`,
    );
  };

  /** Item-service failure with no upstream answer to pass on: the gateway's own refusal, in words. */
  const lookupFailed = (reply: FastifyReply, error: Error): FastifyReply => {
    if (error instanceof UpstreamLookupFailure && error.refusal) return gateFailure(reply, error.refusal)!;
    if (error instanceof UpstreamLookupFailure && error.answer) return sendAnswer(reply, error.answer);
    // These two carry the upstream's address and the connection's own reason: name the item service only.
    if (error instanceof UpstreamLookupFailure && error.kind === 'timeout')
      return jsonError(reply, 504, 'upstream unreachable', 'The item service did not answer in time.');
    if (error instanceof UpstreamLookupFailure && error.kind === 'unreachable')
      return jsonError(reply, 502, 'upstream unreachable', 'The item service could not be reached; try again later.');
    return jsonError(
      reply,
      502,
      'upstream failed',
      `The gateway could not get an answer from the item service: ${error.message}`,
    );
  };

  // The forwarded prefixes take every common method so that the others are answered 405, not passed on.
  const methods: ('GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH')[] = [
    'GET',
    'HEAD',
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
  ];

  app.route({
    method: methods,
    url: '/itemservice/*',
    handler: async (request, reply) => {
      const target = targetOf(request);
      if (request.method !== FORWARDED_METHOD) return methodNotAllowed(reply);
      const path = itemOperation(target.path);
      if (!path) return notFound(reply);
      const refused = await admit(request, reply);
      if (refused) return refused;
      const rawQuery = target.query;
      const cacheOn = ttlMs > 0;
      const listMatch = LIST_PATH.exec(path);
      // A list search refused for size a moment ago and sent again word for word is refused again before its query
      // (up to a thousand part numbers) is read: a client repeating one as fast as it can costs a digest each time.
      const asSent = cacheOn && listMatch ? rawSearchKey(team ? 'team' : 'own', path, rawQuery) : undefined;
      const repeated = asSent === undefined ? undefined : lists.refusedAsSent(asSent);
      if (repeated) {
        Object.assign(trace(request), { source: 'cache', parts: repeated.parts, fromCache: repeated.fromCache });
        return sendListBody(reply, repeated);
      }
      let query = new URLSearchParams(rawQuery);
      let list: ClientList | undefined;
      if (cacheOn && listMatch) {
        // A list search the cache answers is read once, as sent; with a team key its credentials are the team's
        // (its `req` is rewritten only when it goes upstream as it is, below).
        if (!team) list = readClientList(listMatch[1] as ApiVersion, query);
        else {
          const withTeamLogin = new URLSearchParams(query);
          withTeamLogin.delete('apiKey');
          withTeamLogin.set('login', team.login);
          withTeamLogin.set('apikey', team.apikey);
          const read = readClientList(listMatch[1] as ApiVersion, withTeamLogin);
          if (read) list = { ...read, credentials: { login: team.login, apikey: team.apikey } };
        }
      }
      if (team && !list) {
        query = withTeamItemCredentials(query, team.login, team.apikey);
        // Read again with the team's credentials in `req` (a `req` whose own login is not text is taken then).
        if (cacheOn && listMatch) list = readClientList(listMatch[1] as ApiVersion, query);
      }
      // Written only for a request forwarded as it is: a list search's query is long.
      const pathAndQuery = () => {
        const forwardedQuery = team ? query.toString() : rawQuery;
        return forwardedQuery ? `${path}?${forwardedQuery}` : path;
      };
      const headers = { accept: request.headers.accept ?? 'application/json' };
      const t = trace(request);
      const who = asker(request, reply);
      try {
        if (list) {
          const credentialKey = team ? 'team' : digest(list.credentials.login, list.credentials.apikey);
          const outcome = await lists.answer(list, credentialKey, who, asSent);
          if (!outcome.ok) {
            t.source = 'upstream';
            return lookupFailed(reply, outcome.failure);
          }
          const source = outcome.refusedEarly ? 'gateway' : outcome.fromCache === outcome.parts ? 'cache' : 'upstream';
          Object.assign(t, { source, parts: outcome.parts, fromCache: outcome.fromCache });
          return sendListBody(reply, outcome);
        }
        const json = (query.get('fmt') ?? 'json').toLowerCase() !== 'xml' && !query.has('callbackfn');
        if (cacheOn && json && !listMatch) {
          const login = query.get('login') ?? '';
          const apikey = query.get('apikey') ?? query.get('apiKey') ?? '';
          const params = [...query.entries()]
            .filter(([k]) => !CREDENTIAL_PARAMS.has(k))
            .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
          const key = `${team ? 'team' : digest(login, apikey)}|${path}|${new URLSearchParams(params).toString()}`;
          const fetchAnswer = () => sendWithBackoff(upstreams.item, pathAndQuery(), headers, who);
          let got: Awaited<ReturnType<AnswerCache['get']>>;
          try {
            got = await answers.get(key, fetchAnswer);
          } catch (e) {
            // The request this one shared was dropped because its own client went: this client is still here.
            if (!(e instanceof ClientGone) || who.signal.aborted) throw e;
            got = await answers.get(key, fetchAnswer);
          }
          const { answer, from } = got;
          t.source = from;
          return sendAnswer(reply.header('x-partsheet-cache', from === 'upstream' ? 'miss' : 'hit'), answer);
        }
        // XML, JSONP, list searches the cache cannot split: passed through as they are.
        t.source = 'upstream';
        const answer = await sendWithBackoff(upstreams.item, pathAndQuery(), headers, who);
        return sendAnswer(reply, answer);
      } catch (e) {
        if (e instanceof UpstreamUnreachable) return upstreamUnreachable(reply, e);
        const refused = gateFailure(reply, e);
        if (refused) return refused;
        throw e;
      }
    },
  });

  /**
   * Checkout: the gate, never the cache, never a retry (an order must not be placed twice). Only the checkout
   * operation of its own environment is forwarded, and only it gets that environment's team account.
   */
  const checkout =
    (target: Upstream, environment: CheckoutEnvironment, credentials?: { username: string; passwordSha256: string }) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const requestTarget = targetOf(request);
      // HEAD too: an upstream may answer a HEAD by running its GET, which would place the order.
      if (request.method !== FORWARDED_METHOD) return methodNotAllowed(reply);
      const upstreamPath = checkoutOperation(requestTarget.path, environment);
      if (!upstreamPath) return notFound(reply);
      const refused = await admit(request, reply);
      if (refused) return refused;
      const rawQuery = requestTarget.query;
      let forwardedQuery = rawQuery;
      if (credentials) {
        const query = new URLSearchParams(rawQuery);
        query.set('username', credentials.username);
        query.set('password', credentials.passwordSha256);
        forwardedQuery = query.toString();
      }
      trace(request).source = 'upstream';
      try {
        // A checkout whose client has gone is dropped before it is sent (nobody would learn the order was placed);
        // once sent it runs to its answer.
        const answer = await target.send(forwardedQuery ? `${upstreamPath}?${forwardedQuery}` : upstreamPath, {
          method: FORWARDED_METHOD,
          headers: { accept: request.headers.accept ?? '*/*' },
          ...asker(request, reply),
        });
        return sendAnswer(reply.header('cache-control', 'no-store'), answer);
      } catch (e) {
        if (e instanceof UpstreamUnreachable) return upstreamUnreachable(reply, e);
        const refused = gateFailure(reply, e);
        if (refused) return refused;
        throw e;
      }
    };
  const teamCheckout = (username?: string, passwordSha256?: string) =>
    username && passwordSha256 ? { username, passwordSha256 } : undefined;
  app.route({
    method: methods,
    url: '/server-webapp/*',
    handler: checkout(
      upstreams.checkout,
      'production',
      teamCheckout(config.teamCheckoutUsername, config.teamCheckoutPasswordSha256),
    ),
  });
  app.route({
    method: methods,
    url: '/test-env/server-webapp/*',
    handler: checkout(
      upstreams.testCheckout,
      'test',
      teamCheckout(config.teamTestCheckoutUsername, config.teamTestCheckoutPasswordSha256),
    ),
  });

  app.get('/healthz', async (request, reply) => {
    trace(request).source = 'gateway';
    const body = {
      status: stopping ? 'stopping' : 'ok',
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      upstreams: {
        item: upstreams.item.stats(),
        checkout: upstreams.checkout.stats(),
        testCheckout: upstreams.testCheckout.stats(),
      },
      cache: { lists: lists.stats(), answers: answers.stats() },
      tokens: tokens.size,
      ...(shared ? { shared: shared.health() satisfies SharedHealth } : {}),
    };
    return reply
      .code(stopping ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/*', async (request, reply) => {
    trace(request).source = 'addin';
    const file = files.read(pathOnly(request.url));
    if (!file) return notFound(reply);
    return reply
      .type(file.type)
      .header('cache-control', file.cacheControl)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });

  const stop = () => {
    stopping = true;
    for (const gate of Object.values(upstreams)) gate.close();
    lists.stopping();
  };
  const release = async () => {
    sharedTokens?.close();
    await shared?.close();
  };
  return { app, upstreams, lists, answers, shared, release, stopping: stop };
}

function readPem(path: string, flag: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new Error(
      `cannot read the ${flag === '--cert' ? 'TLS certificate' : 'TLS key'} ${path} (${flag}): ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}
