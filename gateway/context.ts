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
import { claimNamespace, deploymentOf } from './deployment';
import { sharedGate, SharedState } from './redis';
import { SharedTokenBook, type TokenSource } from './redis-tokens';
import { AddinFiles } from './static';
import { TokenBook } from './tokens';
import { Upstream } from './upstream';
import { credentialsKey } from './credentials-key';

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

/** With a Redis, the tokens every instance shares (the file's until Redis is read); without one, the file's. */
async function sharedTokensOf(fileTokens: TokenBook, shared: SharedState, log: GatewayLog): Promise<SharedTokenBook> {
  const sharedTokens = new SharedTokenBook(shared, fileTokens, log);
  await sharedTokens.loaded();
  return sharedTokens;
}

/**
 * The Redis of a deployment, its keys under the deployment's namespace; the start waits a moment for it, then goes on
 * alone (and shares as soon as it answers). A namespace that belongs to another deployment stops the start.
 */
async function sharedStateOf(config: GatewayConfig, log: GatewayLog): Promise<SharedState | undefined> {
  if (!config.redisUrl) return undefined;
  const deployment = deploymentOf(config);
  const shared = new SharedState({
    url: config.redisUrl,
    password: config.redisPassword,
    budgetMs: config.redisBudgetMs,
    log,
    namespace: deployment.namespace,
    admit: (client) => claimNamespace(client, deployment),
  });
  await shared.ready(2000);
  if (shared.refusal !== null) {
    await shared.close();
    throw new Error(shared.refusal);
  }
  return shared;
}

/** A digest of the credentials a gate's requests carry: each team's gate is its own; '' for users' own. */
function gateCredential(login: string | undefined, secret: string | undefined): string {
  return login === undefined ? '' : credentialsKey(login, secret ?? '');
}

function upstreamsOf(
  config: GatewayConfig,
  shared: SharedState | undefined,
  fetch?: typeof globalThis.fetch,
): Upstreams {
  const upstream = (name: string, baseUrl: string, perSecond: number, credential: string) =>
    new Upstream({
      ...(shared
        ? {
            shared: {
              gate: sharedGate(shared, name, baseUrl, perSecond, credential),
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
    item: upstream(
      'item service',
      config.itemUpstream,
      config.itemRate,
      gateCredential(config.teamLogin, config.teamApikey),
    ),
    checkout: upstream(
      'checkout',
      config.checkoutUpstream,
      config.checkoutRate,
      gateCredential(config.teamCheckoutUsername, config.teamCheckoutPasswordSha256),
    ),
    testCheckout: upstream(
      'test checkout',
      config.testCheckoutUpstream,
      config.testCheckoutRate,
      gateCredential(config.teamTestCheckoutUsername, config.teamTestCheckoutPasswordSha256),
    ),
  };
}

export async function buildContext(config: GatewayConfig, deps: ContextDeps): Promise<GatewayContext> {
  const { log } = deps;
  const files = new AddinFiles(config.addinDir, { serveSourceMaps: config.serveSourceMaps });
  const fileTokens = new TokenBook(config.tokensFile, Date.now, (e) =>
    log.event('the token file could not be read; the last good tokens stay in force', { error: e.message }),
  );
  const tokenLimiter = new RateLimiter({ limit: config.tokenRatePerMinute });
  // With a Redis, the instances share their cache, gates, per-token limits and tokens through it.
  const shared = await sharedStateOf(config, log);
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
    requests: new RequestNotes(config.clientQueue),
    answerError: gatewayErrorHandler(log),
    started: Date.now(),
    lifecycle: { stopping: false },
  };
}

/** The options every gateway plugin is registered with. */
export interface GatewayPluginOptions {
  context: GatewayContext;
}
