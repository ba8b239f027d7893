/**
 * What several gateway instances share through one Redis (or protocol-compatible) server: the connection, its
 * state (sharing, or fallen back to this instance's own cache and share of the gates), and the atomic steps the
 * instances take together (each a Lua script run by the server, so no two instances interleave inside one):
 * the upstreams' gates, their pauses, and the per-token limits. The per-part cache (redis-lists.ts) and the
 * tokens (redis-tokens.ts) build on it.
 *
 * Redis failing is not an outage: every shared step answers `null` (or throws) at once while the connection is
 * down, and its caller then does what a lone instance does, with its conservative share of the rates. A Redis that
 * answers, but slowly, is treated the same way: the recent commands' reply times over the latency budget
 * (redis-latency.ts) sends the instance off alone, and it shares again once probes show Redis fast again. The change
 * of state is logged once each way.
 */
import { createHash } from 'node:crypto';
import Redis, { type RedisOptions } from 'ioredis';
import type { RateDecision } from '../serving/rate-limit';
import type { GatewayLog } from './log';
import { LatencyWatch, SlowRedis } from './redis-latency';
import { limitCommands } from './redis-timeout';
import { defineSharedCommands, type SharedClient } from './redis-scripts';

export type { SharedClient } from './redis-scripts';

export interface SharedOptions {
  url: string;
  password?: string;
  log: GatewayLog;
  /** Milliseconds a command may take before it counts as failed (Redis is then treated as down). */
  commandTimeoutMs?: number;
  /** The latency budget: a step waits this long for Redis, and most replies slower than it mean working alone. */
  budgetMs?: number;
  /** The prefix of every key this instance uses (deployment.ts): its deployment's namespace. */
  namespace: string;
  /**
   * Asked on each connection before the instance shares: null when the namespace is this deployment's, else why not
   * (the instance then works alone, and `refusal` says why).
   */
  admit?: (client: Redis) => Promise<string | null>;
}

/** While fallen back on an open connection, Redis is asked this often whether it is back, and fast. */
const PROBE_MS = 250;
/**
 * The instance shares again once this many probes in a row (2 s at PROBE_MS) answered within the budget, their
 * median within half of it: a margin below the line that sent it away, so a Redis about the budget does not flap.
 */
const RETURN_PROBES = 8;

/** How the instance stands with the shared Redis, for /healthz. */
export interface SharedHealth {
  redis: string;
  state: 'sharing' | 'fallback';
  /** Seconds since the state last changed. */
  forSeconds: number;
  /** Times the instance fell back to working alone. */
  fallbacks: number;
  /** Shared steps that went on alone because Redis answered later than the budget (the instance still sharing). */
  slowSteps: number;
  /** Why it works alone: Redis cannot be reached, or answers slower than the budget. */
  reason?: 'unreachable' | 'slow';
  /** The recent commands' reply time (their low quartile: three in four took longer), in ms; null while too few. */
  latencyMs: number | null;
  budgetMs: number;
}

/** ioredis's options from the gateway's URL and password: TLS with rediss://, a quick failure while it is down. */
export function redisOptions(url: string, password: string | undefined, commandTimeoutMs: number): RedisOptions {
  return {
    ...(password !== undefined ? { password } : {}),
    // While Redis is down a command fails at once (the caller falls back) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    // Tried again every half second, for as long as it takes.
    retryStrategy: () => 500,
    lazyConnect: false,
    ...(url.startsWith('rediss:') ? { tls: {} } : {}),
  };
}

/** The server's address without its password, for logs and /healthz. */
export function redisAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`;
  } catch {
    return 'redis';
  }
}

/** One instance's connection to the shared Redis, and whether it is sharing now. */
export class SharedState {
  readonly client: SharedClient;
  readonly address: string;
  readonly namespace: string;
  /** Why the namespace in Redis is not this deployment's, while it is not: the instance then does not share. */
  refusal: string | null = null;
  private admitted = false;
  private admitting = false;
  private readonly waiters = new Set<() => void>();
  private readonly sharingListeners = new Set<() => void>();
  private sharing = false;
  private changedAt = Date.now();
  private fallbacks = 0;
  private slowSteps = 0;
  /** Until the first connection, falling back is logged once too (the start does not wait for Redis). */
  private told = false;
  private closed = false;
  private reason: 'unreachable' | 'slow' = 'unreachable';
  /** Reply times of the commands, and the budget they are held to. */
  private readonly watch: LatencyWatch;
  /** While fallen back on a connection that stayed open (slow, or a command timed out): asks Redis in turn. */
  private probe: ReturnType<typeof setInterval> | null = null;
  /** When the probe under way was sent; null when none is. */
  private probing: ReturnType<LatencyWatch['mark']> | null = null;
  /** The reply times of the probes in a row that answered within the budget, the last RETURN_PROBES of them. */
  private probeTimes: number[] = [];
  /** The reply time that sent the instance off alone, shown until the probes have measured enough to say. */
  private slowLatency: number | null = null;
  /** The connection subscribed to the channels of `announced`, and each channel's message count and listeners. */
  private subscriber: Redis | null = null;
  private readonly channels = new Map<string, { count: number; listeners: Set<() => void> }>();

  constructor(private readonly options: SharedOptions) {
    this.address = redisAddress(options.url);
    this.namespace = options.namespace;
    // The time limit is the gateway's own (redis-timeout.ts): a busy moment of this process is not Redis failing.
    const { commandTimeout, ...connection } = redisOptions(
      options.url,
      options.password,
      options.commandTimeoutMs ?? 1000,
    );
    this.watch = new LatencyWatch({ budgetMs: options.budgetMs ?? 100, onSample: () => this.judge() });
    this.client = defineSharedCommands(
      this.watch.watch(limitCommands(new Redis(options.url, connection), commandTimeout!)),
    );
    this.client.on('ready', () => this.up());
    this.client.on('error', (e: Error) => this.down(e.message));
    this.client.on('close', () => this.down('the connection closed'));
  }

  /**
   * True while the connection is up and its namespace is this deployment's, even while the instance works alone
   * because Redis is slow: what is not on a request's path (reading the tokens again after a change) still reads it.
   */
  get readable(): boolean {
    return this.admitted && !this.closed && this.client.status === 'ready';
  }

  /** Calls `listener` each time the instance starts sharing (again). */
  onSharing(listener: () => void): void {
    this.sharingListeners.add(listener);
  }

  /** True while Redis answers: the instance shares. */
  get available(): boolean {
    return this.sharing && this.client.status === 'ready';
  }

  /**
   * A shared step that a request waits for, bounded by the latency budget: its answer, or a SlowRedis rejection
   * once the budget has passed (the caller then goes on alone for this step, through `failed`).
   */
  step<T>(command: Promise<T>): Promise<T> {
    return this.watch.within(command);
  }

  /**
   * A shared step failed although the connection looked up. A timeout or a server error: fall back now. A step
   * over the budget: the caller goes on alone, and the instance falls back once most recent replies are over it too.
   */
  failed(error: unknown): void {
    if (error instanceof SlowRedis) {
      this.slowSteps++;
      return this.judge();
    }
    this.down((error as Error)?.message ?? String(error));
  }

  health(): SharedHealth {
    const latency = this.watch.latency() ?? (this.available ? null : this.slowLatency);
    return {
      redis: this.address,
      state: this.available ? 'sharing' : 'fallback',
      forSeconds: Math.round((Date.now() - this.changedAt) / 1000),
      fallbacks: this.fallbacks,
      slowSteps: this.slowSteps,
      ...(this.available ? {} : { reason: this.reason }),
      latencyMs: latency === null ? null : Math.round(latency * 10) / 10,
      budgetMs: this.watch.budgetMs,
    };
  }

  /**
   * Resolves once the instance shares, or its namespace was refused, or after `ms` (the instance then starts alone and
   * shares later).
   */
  async ready(ms: number): Promise<boolean> {
    if (this.available || this.refusal !== null) return this.available;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });
    return this.available;
  }

  /**
   * Calls `listener` whenever a message is published on `channel` (one subscribing connection for all channels,
   * opened on first use); returns how many messages the channel has had, so a caller can tell one came meanwhile.
   */
  announced(channel: string): number {
    if (this.subscriber === null) {
      const subscriber = this.duplicate();
      subscriber.on('error', () => undefined);
      subscriber.on('message', (name: string) => {
        const known = this.channels.get(name);
        if (!known) return;
        known.count++;
        for (const listener of [...known.listeners]) listener();
      });
      this.subscriber = subscriber;
    }
    if (!this.channels.has(channel)) {
      this.channels.set(channel, { count: 0, listeners: new Set() });
      this.subscriber.subscribe(channel).catch(() => undefined);
    }
    return this.channels.get(channel)!.count;
  }

  /** Resolves at the next message on `channel` after `seen` messages, after `ms`, or when `signal` aborts. */
  nextAnnouncement(channel: string, seen: number, ms: number, signal?: AbortSignal): Promise<void> {
    if (this.announced(channel) !== seen || signal?.aborted) return Promise.resolve();
    const known = this.channels.get(channel)!;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        known.listeners.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      known.listeners.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** A duplicate connection (for subscribing: a subscribed connection runs no other commands). */
  duplicate(): Redis {
    // Its subscription is asked for before it has connected, and kept across reconnections by the client.
    return this.client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopProbe();
    this.watch.close();
    this.subscriber?.disconnect(false);
    this.client.disconnect(false);
  }

  private stopProbe(): void {
    if (this.probe !== null) clearInterval(this.probe);
    this.probe = null;
  }

  /** While sharing: falls back when three in four recent commands took longer than the budget. */
  private judge(): void {
    if (!this.sharing || this.closed || !this.watch.slow()) return;
    this.down(`most replies took over the ${this.watch.budgetMs} ms budget`, 'slow');
  }

  /** One probe of a connection that stayed open: a PING, one at a time; Redis is back as RETURN_PROBES says. */
  private ask(): void {
    if (this.client.status !== 'ready') return;
    const budget = this.watch.budgetMs;
    if (this.probing !== null) {
      // Still waiting past the budget: the run of quick probes is broken.
      if (this.watch.elapsed(this.probing) > budget) this.probeTimes = [];
      return;
    }
    const mark = (this.probing = this.watch.mark());
    this.client.ping().then(
      () => {
        this.probing = null;
        const took = this.watch.elapsed(mark);
        this.probeTimes = took > budget ? [] : [...this.probeTimes, took].slice(-RETURN_PROBES);
        const sorted = [...this.probeTimes].sort((a, b) => a - b);
        if (sorted.length === RETURN_PROBES && sorted[RETURN_PROBES / 2] <= budget / 2) this.up();
      },
      () => {
        this.probing = null;
        this.probeTimes = [];
      },
    );
  }

  private up(): void {
    if (this.sharing || this.closed) return;
    if (!this.admitted) return this.admit();
    this.stopProbe();
    const wasSlow = this.told && this.reason === 'slow';
    this.sharing = true;
    this.changedAt = Date.now();
    this.watch.reset();
    this.options.log.event(
      wasSlow
        ? 'Redis answers in time again: sharing the cache, gates, limits and tokens again'
        : this.told
          ? 'Redis is reachable again: sharing the cache, gates, limits and tokens again'
          : 'sharing the cache, gates, limits and tokens through Redis',
      { redis: this.address, ...(wasSlow ? { budgetMs: this.watch.budgetMs } : {}) },
    );
    this.told = true;
    for (const listener of [...this.sharingListeners]) listener();
    for (const done of [...this.waiters]) done();
  }

  /** Checks the namespace on this connection before sharing (a restarted or other server may hold another's). */
  private admit(): void {
    if (!this.options.admit) {
      this.admitted = true;
      return this.up();
    }
    if (this.admitting) return;
    this.admitting = true;
    this.options.admit(this.client).then(
      (refusal) => {
        this.admitting = false;
        if (refusal === null) {
          this.admitted = true;
          this.refusal = null;
          return this.up();
        }
        if (this.refusal !== refusal)
          this.options.log.event('Redis is not shared: working alone', { redis: this.address, reason: refusal });
        this.refusal = refusal;
        for (const done of [...this.waiters]) done();
      },
      (e: unknown) => {
        // Not answered: counted as Redis failing, and asked again when the probe finds it answering.
        this.admitting = false;
        this.down((e as Error)?.message ?? String(e));
      },
    );
  }

  private down(reason: string, kind: 'unreachable' | 'slow' = 'unreachable'): void {
    if (this.closed) return;
    // A slow reply leaves the connection, and the namespace checked on it, as they were.
    if (kind !== 'slow') this.admitted = false;
    if (!this.sharing && this.told) {
      // Already alone: a slow Redis that then went away is now unreachable (said in /healthz, not logged again).
      if (kind === 'unreachable') this.reason = kind;
      return;
    }
    const latency = this.watch.latency();
    this.sharing = false;
    this.told = true;
    this.reason = kind;
    this.slowLatency = kind === 'slow' ? latency : null;
    this.changedAt = Date.now();
    this.fallbacks++;
    this.watch.reset();
    // A reconnection says 'ready' by itself; a connection that stayed open is probed until it answers fast again.
    this.probeTimes = [];
    this.probe ??= setInterval(() => this.ask(), PROBE_MS);
    this.probe.unref();
    if (kind === 'slow')
      this.options.log.event(
        'Redis is slow: working alone (own cache, a share of each gate) until it answers in time again',
        { redis: this.address, latencyMs: Math.round(latency ?? 0), budgetMs: this.watch.budgetMs },
      );
    else
      this.options.log.event(
        'Redis cannot be reached: working alone (own cache, a share of each gate) until it is back',
        { redis: this.address, reason },
      );
  }
}

/** The gate of one upstream in Redis, as Upstream asks for it. */
export interface SharedGate {
  /**
   * Whether a request with `credentials` (pauses.ts) may go now: {waitMs: 0}; else how long to wait, and whether
   * that is a pause of those credentials. Null: Redis is down.
   */
  take(credentials: string): Promise<{ waitMs: number; paused: boolean } | null>;
  /** Tells every instance to hold the requests with `credentials` for `ms`. */
  pause(ms: number, credentials: string): void;
}

/**
 * The shared gate of the upstream `name` at `host` for the deployment's credentials digested as `credential` (a
 * team's spacing and pauses never hold another's requests), spacing requests `1000 / perSecond` ms apart. A pause is
 * kept per credentials besides (one key each, gone when the pause ends), as on one instance: in pass-through mode one
 * login's pause holds that login only.
 */
export function sharedGate(
  shared: SharedState,
  name: string,
  host: string,
  perSecond: number,
  credential = '',
): SharedGate {
  const id = createHash('sha256').update(`${name}\0${host}\0${credential}`).digest('hex').slice(0, 16);
  const nextKey = `${shared.namespace}gate:${id}:next`;
  const pauseKey = (credentials: string) => `${shared.namespace}gate:${id}:pause:${credentials}`;
  const interval = String(perSecond > 0 ? 1000 / perSecond : 0);
  return {
    async take(credentials) {
      if (!shared.available) return null;
      try {
        const [waitMs, paused] = await shared.step(shared.client.psGateTake(nextKey, pauseKey(credentials), interval));
        return { waitMs: Number(waitMs), paused: Number(paused) === 1 };
      } catch (e) {
        shared.failed(e);
        return null;
      }
    },
    pause(ms, credentials) {
      if (!shared.available) return;
      shared.client
        .psGatePause(pauseKey(credentials), String(Math.max(1, Math.ceil(ms))))
        .catch((e: unknown) => shared.failed(e));
    },
  };
}

/** Per-token limits counted in Redis for every instance; null when Redis is down (the caller counts locally). */
export async function takeSharedToken(
  shared: SharedState,
  name: string,
  limit: number,
  windowMs: number,
): Promise<RateDecision | null> {
  if (!shared.available) return null;
  let got: [number, number];
  try {
    got = await shared.step(
      shared.client.psBucketTake(
        `${shared.namespace}limit:${createHash('sha256').update(name).digest('hex').slice(0, 32)}`,
        String(limit),
        String(windowMs),
      ),
    );
  } catch (e) {
    shared.failed(e);
    return null;
  }
  const allowed = Number(got[0]) === 1;
  const tokens = Number(got[1]) / 1000;
  const ratePerMs = limit / windowMs;
  return {
    allowed,
    limit,
    remaining: Math.floor(tokens),
    resetSeconds: Math.ceil((limit - tokens) / ratePerMs / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / ratePerMs / 1000)),
  };
}
