/**
 * `/healthz`: the upstreams' gates, the caches, the tokens and the Redis (its `SharedHealth`); 503 while the gateway
 * is stopping.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayPluginOptions } from '../context';

export const health: FastifyPluginAsync<GatewayPluginOptions> = async (app, { context }) => {
  const { upstreams, lists, answers, tokens, shared, lifecycle } = context;
  app.get('/healthz', async (request, reply) => {
    context.requests.trace(request).source = 'gateway';
    const body = {
      status: lifecycle.stopping ? 'stopping' : 'ok',
      uptimeSeconds: Math.round((Date.now() - context.started) / 1000),
      upstreams: {
        item: upstreams.item.stats(),
        checkout: upstreams.checkout.stats(),
        testCheckout: upstreams.testCheckout.stats(),
      },
      cache: { lists: lists.stats(), answers: answers.stats() },
      tokens: tokens.size,
      ...(shared ? { shared: shared.health() } : {}),
    };
    return reply
      .code(lifecycle.stopping ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
