import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { CatalogStore } from './store/db';
import { ItemServiceError, RETURN_CODES } from './itemservice/envelope';
import { ITEM_PATHS, registerItemRoutes, sendItemError } from './routes/item';
import { registerCheckoutRoutes } from './checkout/routes';
import type { FaultSwitch } from './checkout/faults';

export type Environment = 'production' | 'test';

export interface AppOptions {
  catalog: CatalogStore;
  environment: Environment;
  /** Back-office faults to simulate; only ever set for the test environment by an explicit flag. */
  faults?: FaultSwitch;
  publicBaseUrl?: string;
  /** Origins allowed by CORS: the add-in's pages. */
  corsOrigins?: string[];
  logger?: boolean;
}

/** A 1000-part list search is a URL of tens of kilobytes; allow well beyond, then refuse clearly. */
export const MAX_URL_LENGTH = 256 * 1024;

export const DEFAULT_CORS_ORIGINS = ['https://localhost:3000', 'http://localhost:3000'];

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
};

function itemVersionOf(url: string): string {
  if (url.startsWith('/itemservice/v4/')) return '4.0.0';
  if (url.startsWith('/itemservice/v2/')) return '2.0.0';
  return '3.0.2';
}

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    http: { maxHeaderSize: MAX_URL_LENGTH + 64 * 1024 },
    // Queries are parsed with repeated keys kept as arrays, so that a repeated parameter can be refused.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    requestTimeout: 30_000,
    bodyLimit: 64 * 1024,
  });

  await app.register(cors, { origin: options.corsOrigins ?? DEFAULT_CORS_ORIGINS, methods: ['GET', 'HEAD', 'OPTIONS'] });

  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    if ((request.raw.url ?? '').length > MAX_URL_LENGTH) {
      const error = new ItemServiceError('URL_TOO_LONG', `The request address is longer than ${MAX_URL_LENGTH} characters.`);
      return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
    }
  });

  registerItemRoutes(app, { catalog: options.catalog, publicBaseUrl: options.publicBaseUrl });
  registerCheckoutRoutes(app, { db: options.catalog.db, environment: options.environment, faults: options.faults });

  const refuseMethod = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'GET, HEAD');
    const error = new ItemServiceError('METHOD_NOT_ALLOWED', `${request.method} is not supported here; every operation is a GET.`);
    return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
  };
  for (const url of ITEM_PATHS) {
    app.route({ method: ['POST', 'PUT', 'DELETE', 'PATCH'], url, handler: refuseMethod });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const error = new ItemServiceError('UNKNOWN_PATH', `No operation at ${pathOf(request).slice(0, 200)}; see the service documentation for the paths.`);
    return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
  });

  app.setErrorHandler(async (err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'unexpected failure');
    const message = status === 500 ? 'The service failed to answer this request.' : `The request could not be read: ${err.message}`;
    const error = new ItemServiceError(status === 500 ? 'INTERNAL' : 'INVALID_PARAMETER', message);
    const query = (request.query ?? {}) as Record<string, string>;
    reply.code(status);
    return sendItemError(reply, query, itemVersionOf(pathOf(request)), error).code(status);
  });

  return app;
}

export { RETURN_CODES };
