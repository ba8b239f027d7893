import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { RateLimiter } from '../serving/rate-limit';

/**
 * The production-like mode: the reference service behaving toward clients as the real one does where it matters
 * (docs/item-service.md, "Browsers and clients"). No CORS headers at all (the app registers this plugin in place of
 * CORS), every item-service and checkout answer delayed, and a small per-login rate answered with 503 and the
 * `X-RateLimit-*` headers.
 */
export interface ProductionLikeOptions {
  /** Delay added to every item-service and checkout answer, in milliseconds (default 100). */
  latencyMs?: number;
  /**
   * Requests per second (per window, with `loginWindowSeconds`) per login (item service) and per username
   * (checkout), default 5; bursts beyond are refused.
   */
  perLoginPerSecond?: number;
  /**
   * The seconds the per-login limit counts over (default 1): `perLoginPerSecond` requests are answered in each such
   * window, and a login that spent them waits for its quota to refill over the window. A test's slowly refilling
   * quota (one request every 5 s), whose refusals outlast a client's retries.
   */
  loginWindowSeconds?: number;
}

export const DEFAULT_LATENCY_MS = 100;
export const DEFAULT_LOGIN_RATE_PER_SECOND = 5;

const DELAYED_PATHS = /^\/(?:itemservice|server-webapp)\//;

function settings(options: ProductionLikeOptions): Required<ProductionLikeOptions> {
  const latencyMs = options.latencyMs ?? DEFAULT_LATENCY_MS;
  const perLoginPerSecond = options.perLoginPerSecond ?? DEFAULT_LOGIN_RATE_PER_SECOND;
  const loginWindowSeconds = options.loginWindowSeconds ?? 1;
  if (!Number.isInteger(latencyMs) || latencyMs < 0)
    throw new RangeError(
      `the production-like latency must be a whole number of milliseconds, 0 or more; got ${latencyMs}`,
    );
  if (!Number.isInteger(perLoginPerSecond) || perLoginPerSecond < 1) {
    throw new RangeError(
      `the production-like login rate must be a whole number of requests per second, 1 or more; got ${perLoginPerSecond}`,
    );
  }
  if (!Number.isInteger(loginWindowSeconds) || loginWindowSeconds < 1)
    throw new RangeError(
      `the production-like login window must be a whole number of seconds, 1 or more; got ${loginWindowSeconds}`,
    );
  return { latencyMs, perLoginPerSecond, loginWindowSeconds };
}

/**
 * The per-login limiter of the mode: a bucket of one window's requests (a second's unless `loginWindowSeconds` says
 * otherwise), so a burst beyond that is refused at once
 * (the real service's numbers are unpublished; a few per second is what clients must plan for). The app's own
 * limiter answers with it, so refusals keep the app's envelope and headers.
 */
export function productionLikeLimiter(options: ProductionLikeOptions): RateLimiter {
  const { perLoginPerSecond, loginWindowSeconds } = settings(options);
  return new RateLimiter({
    limit: perLoginPerSecond,
    window: loginWindowSeconds === 1 ? 'second' : { seconds: loginWindowSeconds },
  });
}

const plugin: FastifyPluginAsync<ProductionLikeOptions> = async (app: FastifyInstance, options) => {
  const { latencyMs } = settings(options);
  if (latencyMs === 0) return;
  // Before the limiter and the routes: the delay stands for the network, so refusals arrive late too.
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (DELAYED_PATHS.test(url)) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  });
};

// Hooks of this plugin apply to the whole app, not to a child context (Fastify's documented skip-override flag).
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export const productionLike = plugin;
