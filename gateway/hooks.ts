/**
 * What the gateway does around every request, whichever plugin answers it: its target read before anything else
 * looks at it, bounds on clients that do not read, `connection: close` while stopping, one log line, and CORS when
 * origins are configured.
 */
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { boundSlowReaders } from '../serving/slow-readers';
import type { GatewayContext } from './context';
import { clientAddressNote } from './proxies';
import { badTarget } from './refusals';
import { readRequestTarget } from './target';

/** Headers a page of an allowed origin may read: the rate-limit figures and what the cache did. */
const EXPOSED_HEADERS = [
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Partsheet-Cache',
];

/** Added on the root app before the plugins are registered, so that every route is under them. */
export async function addRequestHooks(app: FastifyInstance, context: GatewayContext): Promise<void> {
  const { config, log, requests, lifecycle } = context;
  // Every target is read before anything else looks at it; a target that is not a plain path under this
  // gateway is refused here, so no route ever sees one.
  app.addHook('onRequest', async (request, reply) => {
    const reading = readRequestTarget(request.raw.url ?? '');
    if (!reading.ok) return context.answerError(badTarget(reading.reason), request, reply);
    requests.setTarget(request, { path: reading.path, query: reading.query });
    return undefined;
  });

  // Clients that do not read their answers cost a bounded amount of memory, as at the service.
  boundSlowReaders(app, {
    sendTimeoutMs: config.sendTimeoutSeconds * 1000,
    onDrop: (why) => log.event(`dropping a connection: ${why}`),
  });

  // While stopping, each answer closes its connection, so keep-alive connections do not hold the stop up.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.stopping) reply.header('connection', 'close');
    return payload;
  });

  // Peers told once that their X-Forwarded-For is not believed (a proxy left out of trustProxy), a few at most.
  const toldPeers = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const note = clientAddressNote(request);
    log.request({
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: reply.elapsedTime,
      ip: request.ip,
      ...note,
      ...requests.trace(request),
    });
    if (note.forwarded !== undefined && note.trusted === 'peer' && !toldPeers.has(note.peer) && toldPeers.size < 16) {
      toldPeers.add(note.peer);
      log.event(
        'X-Forwarded-For not believed: the connection does not come from a proxy trustProxy names (if it is your proxy, name it with --trust-proxy)',
        { peer: note.peer },
      );
    }
  });

  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'OPTIONS'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
    });
  }
}
