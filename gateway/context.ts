/**
 * What the gateway's plugins share, built once at the start: the settings, the add-in's files, the upstreams with
 * their gates, the caches, the tokens and their limit, the Redis shared with other instances, and whether the gateway
 * is stopping. Each plugin gets it as its `context` option.
 */
import { RateLimiter } from '../serving/rate-limit';
import { AnswerCache } from './answer-cache';
import { gatewayErrorHandler, type GatewayErrorHandler } from './errors';
import type { GatewayConfig } from './config';
import { ListCache } from './list-search';
import { WriteTurns } from './write-turns';
import type { GatewayLog } from './log';
import { RequestNotes } from './requests';
import { sharedGate, SharedState } from './shared';
import { SharedTokenBook, type TokenSource } from './shared-tokens';
import { AddinFiles } from './static';
import { TokenBook } from './tokens';
import { Upstream } from './upstream';

export interface Upstreams {
  item: Upstream;
  checkout: Upstream;
  testCheckout: Upstream;
}

export interface GatewayContext {
  config: GatewayConfig;
  log: GatewayLog;
  files: AddinFiles;
  /** The gateway tokens in force: the file's, or with a Redis the ones every instance shares. */
  tokens: TokenSource;
  /** Requests a minute per token, counted here while the Redis (if any) cannot be reached. */
  tokenLimiter: RateLimiter;
  /** The Redis shared with other instances, when one is configured. */
  shared?: SharedState;
  sharedTokens?: SharedTokenBook;
  upstreams: Upstreams;
  lists: ListCache;
  /** List answers are written one after another (write-turns.ts). */
  writes: WriteTurns;
  answers: AnswerCache;
  /** How long an item-service answer is served from the cache; 0: the cache is off. */
  ttlMs: number;
  /** The team's item-service credentials, used in place of each user's. */
  team?: { login: string; apikey: string };
  requests: RequestNotes;
  /** The one error handler (errors.ts): every error answer is worded by it. */
  answerError: GatewayErrorHandler;
  started: number;
  /** Set once the gateway is stopping: /healthz says so and each answer closes its connection. */
  lifecycle: { stopping: boolean };
}

export interface ContextDeps {
  log: GatewayLog;
  fetch?: typeof fetch;
}

/** With a Redis, the tokens every instance shares (the file's seed them); without one, the file's. */
async function sharedTokensOf(fileTokens: TokenBook, shared: SharedState, log: GatewayLog): Promise<SharedTokenBook> {
  const sharedTokens = new SharedTokenBook(shared, fileTokens, (e) =>
    log.event('the tokens could not be read from Redis; the last ones read stay in force', { error: e.message }),
  );
  await sharedTokens.loaded();
  return sharedTokens;
}

function upstreamsOf(
  config: GatewayConfig,
  shared: SharedState | undefined,
  fetch?: typeof globalThis.fetch,
): Upstreams {
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
      fetch,
    });
  return {
    item: upstream('item service', config.itemUpstream, config.itemRate),
    checkout: upstream('checkout', config.checkoutUpstream, config.checkoutRate),
    testCheckout: upstream('test checkout', config.testCheckoutUpstream, config.testCheckoutRate),
  };
}

export async function buildContext(config: GatewayConfig, deps: ContextDeps): Promise<GatewayContext> {
  const { log } = deps;
  const files = new AddinFiles(config.addinDir, { serveSourceMaps: config.serveSourceMaps });
  const fileTokens = new TokenBook(config.tokensFile, Date.now, (e) =>
    log.event('the token file could not be read; the last good tokens stay in force', { error: e.message }),
  );
  const tokenLimiter = new RateLimiter({ limit: config.tokenRatePerMinute });
  // With a Redis, the instances share their cache, gates, per-token limits and tokens through it; the start waits
  // a moment for it, then goes on alone (and shares as soon as it answers).
  const shared = config.redisUrl
    ? new SharedState({ url: config.redisUrl, password: config.redisPassword, budgetMs: config.redisBudgetMs, log })
    : undefined;
  if (shared) await shared.ready(2000);
  const sharedTokens = shared ? await sharedTokensOf(fileTokens, shared, log) : undefined;
  const tokens: TokenSource = sharedTokens ?? fileTokens;
  const upstreams = upstreamsOf(config, shared, deps.fetch);
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
  return {
    config,
    log,
    files,
    tokens,
    tokenLimiter,
    shared,
    sharedTokens,
    upstreams,
    lists,
    // An answer's pieces follow one another within a millisecond while its client reads, and a whole answer of 500
    // lines takes about 10 ms: a client that keeps a piece waiting 20 ms passes the turn on, an answer holds it
    // 100 ms at most, and none waits for its turn beyond half a second (about 40 answers written before it).
    writes: new WriteTurns({ stallMs: 20, maxWaitMs: 500, maxHoldMs: 100 }),
    answers,
    ttlMs,
    team,
    requests: new RequestNotes(),
    answerError: gatewayErrorHandler(log),
    started: Date.now(),
    lifecycle: { stopping: false },
  };
}

/** The options every gateway plugin is registered with. */
export interface GatewayPluginOptions {
  context: GatewayContext;
}
