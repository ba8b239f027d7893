import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { CatalogStore } from './store/db';
import { ItemServiceError, RETURN_CODES } from '../protocol/item-service-errors';
import { envelope, Timings } from './itemservice/envelope';
import {
  ITEM_PREFIX,
  UnreadableRequest,
  itemFailure,
  itemNotFound,
  itemRefusals,
  itemServicePlugin,
  itemVersionOf,
} from './itemservice/plugin';
import { sendItemError } from './itemservice/query';
import { CHECKOUT_PREFIX, checkoutPlugin } from './checkout/routes';
import type { FaultSwitch } from './checkout/faults';
import { Operations, pathOf, redactText, redactUrl, refuseMethod } from './operations';
import { canonicalUrl } from '../serving/canonical-url';
import { jsonText } from './json';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, RateLimiter, rateLimitHeaders, rateLimitKey } from '../serving/rate-limit';
import { productionLike, productionLikeLimiter, type ProductionLikeOptions } from './production-like';
import { boundSlowReaders, DEFAULT_SEND_TIMEOUT_MS, MAX_BUFFERED_BYTES } from '../serving/slow-readers';

export type Environment = 'production' | 'test';

export interface AppOptions {
  catalog: CatalogStore;
  environment: Environment;
  /** Back-office faults to simulate; only ever set for the test environment by an explicit flag. */
  faults?: FaultSwitch;
  publicBaseUrl?: string;
  /** Origins allowed by CORS: the add-in's pages. */
  corsOrigins?: string[];
  /** Requests per minute per login (item service) and per username (checkout); 0 turns limiting off. */
  rateLimitPerMinute?: number;
  /**
   * Behave toward clients as the real service does (service/production-like.ts): no CORS headers (corsOrigins is
   * ignored), a latency on every answer, and a per-login limit per second in place of rateLimitPerMinute.
   */
  productionLike?: ProductionLikeOptions;
  /**
   * A connection on which nothing moves for this long (an answer the client does not read, a request that does not
   * arrive) is dropped. Default 30 s.
   */
  sendTimeoutMs?: number;
  /** Answer bytes one connection may have waiting for its client to read (default MAX_BUFFERED_BYTES). */
  maxBufferedBytes?: number;
  /** Request logging; off by default. Log lines never carry query strings (credentials travel in them). */
  logger?: boolean | LoggerSettings;
}

export interface LoggerSettings {
  level?: string;
  /** Where log lines go (one JSON object per line); standard output by default. */
  stream?: { write(line: string): void };
}

/** A 1000-part list search is a URL of tens of kilobytes; allow well beyond, then refuse clearly. */
export const MAX_URL_LENGTH = 256 * 1024;
/** Request line and headers together; beyond it Node refuses the request before the app sees it (431). */
export const MAX_HEADER_BYTES = MAX_URL_LENGTH + 64 * 1024;

// The bounds on clients that do not read are the gateway's too (serving/slow-readers.ts).
export { DEFAULT_SEND_TIMEOUT_MS, MAX_BUFFERED_BYTES };

/** Headers a page of another origin (the add-in) may read, so that it can honour the rate limit. */
export const EXPOSED_HEADERS = ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

export const DEFAULT_CORS_ORIGINS = ['https://localhost:3000', 'http://localhost:3000'];

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
};

/** Fastify's logger, with serializers and a hook that keep query strings and credentials out of every line. */
function loggerOptions(setting: AppOptions['logger']) {
  if (!setting) return false;
  const settings: LoggerSettings = setting === true ? {} : setting;
  return {
    level: settings.level ?? 'info',
    ...(settings.stream ? { stream: settings.stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (err: Error & { code?: unknown; statusCode?: unknown }) => ({
        type: err.name,
        message: redactText(String(err.message)),
        stack: redactText(String(err.stack ?? '')),
        ...(typeof err.code === 'string' ? { code: err.code } : {}),
        ...(typeof err.statusCode === 'number' ? { statusCode: err.statusCode } : {}),
      }),
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactText(a) : a)),
        );
      },
    },
  };
}

function securityHeaderLines(): string {
  return Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

/** An envelope written straight to a socket, for requests no route ever sees; the connection is then closed. */
function writeRawEnvelope(socket: Socket, status: number, error: ItemServiceError, headers = ''): void {
  const body = jsonText(envelope('3.0.2', new Timings(), 0, [], error));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `${securityHeaderLines()}${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
}

/**
 * A request Node could not parse (malformed HTTP, a request line and headers over MAX_HEADER_BYTES, too slow):
 * answered on the socket with the envelope, since no route ever sees it.
 */
function clientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? `The request could not be read: its address and headers are longer than ${MAX_HEADER_BYTES} bytes.`
      : status === 408
        ? 'The request could not be read: it did not arrive in time.'
        : 'The request could not be read: it is not well-formed HTTP.';
  writeRawEnvelope(socket, status, new UnreadableRequest(message, status));
  socket.destroy(err);
}

/** CONNECT (a proxy tunnel) never reaches the router: Node hands over the socket, which gets the envelope. */
function connectRefused(_request: unknown, socket: Socket): void {
  socket.on('error', () => {});
  const error = new ItemServiceError(
    'METHOD_NOT_ALLOWED',
    'CONNECT is not supported: this is not a proxy; every operation is a GET.',
  );
  writeRawEnvelope(socket, 405, error, 'allow: GET, HEAD\r\n');
  socket.end();
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    // A request without Host is still answered with the envelope (400) by the app, not with Node's empty 400.
    http: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false },
    // Queries are parsed with repeated keys kept as arrays, so that a repeated parameter can be refused.
    routerOptions: { maxParamLength: 500 },
    // Before routing: every route, hook and check reads the one spelling of the path (canonicalUrl also drops a
    // trailing slash, so the router need not ignore one).
    rewriteUrl: (request) => canonicalUrl(request.url ?? '/'),
    requestTimeout: 30_000,
    connectionTimeout: options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
    bodyLimit: 64 * 1024,
    clientErrorHandler: clientError,
    frameworkErrors: (err, request, reply) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
      const what =
        err.code === 'FST_ERR_BAD_URL' ? 'its address has a malformed percent-encoding' : 'its address is malformed';
      return sendItemError(
        reply,
        {},
        itemVersionOf(pathOf(request)),
        new UnreadableRequest(`The request could not be read: ${what}.`, 400),
      );
    },
  });
  app.server.on('connect', connectRefused);
  const limiter = options.productionLike
    ? productionLikeLimiter(options.productionLike)
    : new RateLimiter({ limit: options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE });

  /** Each operation's path with how it refuses a request, entered by its plugin; any other path is not found as the item service says it. */
  const operations = new Operations(itemNotFound);

  /** Counts the request against its login or username; when that is over the limit, answers 503 and returns true. */
  const overLimit = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!limiter.enabled) return false;
    const query = (request.query ?? {}) as Record<string, string>;
    const key = rateLimitKey(request.routeOptions.config.caller, query, request.ip);
    const decision = limiter.take(key);
    reply.headers(rateLimitHeaders(decision));
    if (decision.allowed) return false;
    // Outside the operations (an unknown path), the item service's envelope: the service's own face.
    const operation = operations.at(pathOf(request)) ?? itemRefusals;
    const who = key.startsWith('address:') ? 'client address' : operation.caller;
    const message = `Too many requests: at most ${decision.limit} ${limiter.per} are answered for one ${who}; try again in ${decision.retryAfterSeconds} s.`;
    operation.rateLimited(request, reply, message);
    return true;
  };

  // Before CORS, so that its preflight answers carry them too; an OPTIONS that is no preflight is an unsupported method.
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if (request.method === 'OPTIONS' && !(request.headers.origin && request.headers['access-control-request-method'])) {
      if (overLimit(request, reply)) return reply;
      return refuseMethod(request, reply, operations);
    }
  });

  if (options.productionLike) await app.register(productionLike, options.productionLike);
  else
    await app.register(cors, {
      origin: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
      methods: ['GET', 'HEAD', 'OPTIONS'],
      exposedHeaders: EXPOSED_HEADERS,
    });

  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      const error = new UnreadableRequest('The request could not be read: HTTP/1.1 requires a Host header.', 400);
      return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
    }
    if (overLimit(request, reply)) return reply;
    if (request.originalUrl.length > MAX_URL_LENGTH) {
      const error = new ItemServiceError(
        'URL_TOO_LONG',
        `The request address is longer than ${MAX_URL_LENGTH} characters.`,
      );
      return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
    }
  });

  // A client that sends requests but does not read the answers would have them pile up in memory.
  boundSlowReaders(app, {
    maxBufferedBytes: options.maxBufferedBytes,
    sendTimeoutMs: options.sendTimeoutMs,
    onDrop: (why) => app.log.warn(`dropping a connection: ${why}`),
  });

  // Each operation group is a plugin under its prefix, with its own not-found and error answers.
  await app.register(itemServicePlugin, {
    prefix: ITEM_PREFIX,
    catalog: options.catalog,
    publicBaseUrl: options.publicBaseUrl,
    operations,
  });
  await app.register(checkoutPlugin, {
    prefix: CHECKOUT_PREFIX,
    db: options.catalog.db,
    environment: options.environment,
    faults: options.faults,
    operations,
  });

  // Any other path: the item service's answers, the service's own face.
  app.setNotFoundHandler(itemNotFound);
  app.setErrorHandler(itemFailure(operations));

  return app;
}

export { RETURN_CODES, redactText, redactUrl };
