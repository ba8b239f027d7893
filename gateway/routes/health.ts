/**
 * `/healthz`: the upstreams' gates, the caches, the tokens, the connections and the Redis (its `SharedHealth`); 503
 * while the gateway is stopping. The figures say where the Redis is, how many tokens there are and how much traffic
 * passes, so they are shown only to a request with a valid gateway token (or to anyone with
 * `publicHealthDetails`); without one the answer is the status alone, which is all a load balancer needs.
 */
import type { FastifyPluginAsync } from 'fastify';
import { GATEWAY_TOKEN_HEADER } from '../../protocol/gateway-token';
import type { ConnectionStats } from '../connections';
import type { GatewayPluginOptions } from '../context';

/** Node lower-cases the names of a request's headers. */
const TOKEN_HEADER = GATEWAY_TOKEN_HEADER.toLowerCase();

export interface HealthOptions extends GatewayPluginOptions {
  connections: { stats(): ConnectionStats };
}

export const health: FastifyPluginAsync<HealthOptions> = async (app, { context, connections }) => {
  const { config, upstreams, lists, answers, tokens, shared, lifecycle } = context;
  app.get('/healthz', async (request, reply) => {
    const trace = context.requests.trace(request);
    trace.source = 'gateway';
    const status = lifecycle.stopping ? 'stopping' : 'ok';
    reply
      .code(lifecycle.stopping ? 503 : 200)
      .header('cache-control', 'no-store')
      .header('vary', TOKEN_HEADER);
    const header = request.headers[TOKEN_HEADER];
    const given = (Array.isArray(header) ? header[0] : header)?.trim();
    const user = given ? tokens.nameOf(given) : undefined;
    if (user) trace.user = user;
    if (!user && !config.publicHealthDetails) return reply.send({ status });
    return reply.send({
      status,
      uptimeSeconds: Math.round((Date.now() - context.started) / 1000),
      upstreams: {
        item: upstreams.item.stats(),
        checkout: upstreams.checkout.stats(),
        testCheckout: upstreams.testCheckout.stats(),
      },
      cache: { lists: lists.stats(), answers: answers.stats() },
      connections: connections.stats(),
      tokens: tokens.size,
      ...(shared ? { shared: shared.health() } : {}),
    });
  });
};
