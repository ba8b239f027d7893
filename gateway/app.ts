/**
 * The gateway as a Fastify app: the built add-in's files, and the item-service and checkout paths forwarded to
 * their upstreams, so the add-in talks to its own origin only. Item-service reads are answered from the cache
 * where they can be; checkout requests never are.
 *
 * Built as the service is: what the plugins share (context.ts), the hooks every request passes (hooks.ts), one error
 * handler that words every error answer (errors.ts), and a plugin per group of routes (routes/).
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AnswerCache } from './answer-cache';
import type { GatewayConfig } from './config';
import { boundConnections, keepFewParsers, REQUEST_TIMEOUT_SECONDS, TIMEOUT_CHECK_MS } from './connections';
import { buildContext, type ContextDeps, type Upstreams } from './context';
import type { GatewayErrorHandler } from './errors';
import { addRequestHooks } from './hooks';
import { proxyTrust } from './proxies';
import type { ListCache } from './list-search';
import { badTarget, notFound } from './refusals';
import { checkoutProxy } from './routes/checkout-proxy';
import { health } from './routes/health';
import { itemProxy } from './routes/item-proxy';
import { addinFiles } from './routes/static';
import type { SharedState } from './redis';

/** A 1000-part list search is a URL of tens of kilobytes (as the reference service allows). */
const MAX_HEADER_BYTES = 320 * 1024;
const REQUEST_TIMEOUT_MS = REQUEST_TIMEOUT_SECONDS * 1000;
/** How long an idle connection stays open after its answer, for the client's next request. */
const KEEP_ALIVE_TIMEOUT_MS = 5000;

export type GatewayDeps = ContextDeps;

export interface Gateway {
  app: FastifyInstance;
  upstreams: Upstreams;
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

/** `proxy`: whether an address is a proxy trustProxy names (proxies.ts); undefined when none is named. */
function createApp(
  config: GatewayConfig,
  onError: GatewayErrorHandler,
  proxy: ((address: string) => boolean) | undefined,
): FastifyInstance {
  // Headers beyond their size get 431; headers (or a TLS handshake) not complete in time close the connection.
  const headerTimeoutMs = config.headerTimeoutSeconds * 1000;
  const limits = {
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: headerTimeoutMs,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  };
  return Fastify({
    logger: false,
    // X-Forwarded-For is read only on connections from the configured proxies (proxies.ts).
    trustProxy: proxy ?? false,
    ...(config.cert && config.key
      ? {
          https: {
            cert: readPem(config.cert, '--cert'),
            key: readPem(config.key, '--key'),
            handshakeTimeout: headerTimeoutMs,
            ...limits,
          },
        }
      : { http: limits }),
    // The routes read the target themselves (target.ts): a list search's long query is not parsed for them.
    routerOptions: {
      ignoreDuplicateSlashes: true,
      ignoreTrailingSlash: true,
      maxParamLength: 2000,
      querystringParser: () => ({}),
    },
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // A URL the router cannot decode: Fastify's own answer would quote it.
    frameworkErrors: (_error, request, reply) =>
      onError(badTarget('The request target could not be read.'), request, reply),
  });
}

export async function buildGateway(config: GatewayConfig, deps: GatewayDeps): Promise<Gateway> {
  const context = await buildContext(config, deps);
  const { answerError } = context;
  const proxy = proxyTrust(config.trustProxy);
  const app = createApp(config, answerError, proxy);
  keepFewParsers();
  const connections = boundConnections(app.server, {
    perAddress: config.maxConnectionsPerAddress,
    total: config.maxConnections,
    proxy,
    onRefuse: (why, counts) => context.log.event(why, { ...counts }),
  });
  app.setNotFoundHandler(async (request, reply) => answerError(notFound(), request, reply));
  app.setErrorHandler(answerError);
  await addRequestHooks(app, context);

  await app.register(itemProxy, { context });
  await app.register(checkoutProxy, { context, environment: 'production' });
  await app.register(checkoutProxy, { context, environment: 'test' });
  await app.register(health, { context, connections });
  await app.register(addinFiles, { context });

  const { upstreams, lists, answers, shared, sharedTokens } = context;
  const stopping = () => {
    context.lifecycle.stopping = true;
    for (const gate of Object.values(upstreams)) gate.close();
    lists.stopping();
  };
  const release = async () => {
    sharedTokens?.close();
    await shared?.close();
  };
  return { app, upstreams, lists, answers, shared, release, stopping };
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
