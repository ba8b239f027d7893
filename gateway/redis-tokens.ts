/**
 * Gateway tokens kept in Redis for instances that share one, under their deployment's namespace: `gateway tokens
 * add|list|revoke` change them there (each change one atomic script, names unique), and every instance holds the set
 * in memory, reading it again when a change is announced (publish/subscribe) and, in case an announcement was missed,
 * when the set's version moves (looked at every half second). So a revoke is in force on every instance within a
 * second.
 *
 * As in the token file, only names and SHA-256 digests are stored, never a token. Each token carries the version of
 * the set it was added in; the set has an id of its own, drawn when its first token is added, so a set begun again
 * (in a Redis that lost its data) is never taken for the one read before, whatever its counter says.
 *
 * Which tokens an instance accepts, deterministically:
 * - Redis answers and holds a set: exactly that set (the token file and whatever was read before are dropped).
 * - Redis answers and holds no set (it restarted without its data, or no token was ever added): none. A set no one
 *   can see or revoke any more is never kept in force, and a token revoked before is never brought back; the tokens
 *   are added again (`gateway tokens add`), or, with Redis persisting its data, never lost.
 * - Redis cannot be reached: the last set read from it, or, by an instance that has never reached it, the token file.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { GatewayLog } from './log';
import { digestOf, TOKEN_PREFIX, TokenError, type TokenRecord } from './tokens';
import { redisAddress, redisOptions, type SharedState } from './redis';

/** Where a deployment's tokens live in Redis: digests to records, names to digests, the set's id and version, the announcements. */
export interface TokenKeys {
  tokens: string;
  names: string;
  set: string;
  version: string;
  channel: string;
}

/** The token keys under the namespace `namespace` (deployment.ts). */
export function tokenKeys(namespace: string): TokenKeys {
  return {
    tokens: `${namespace}tokens`,
    names: `${namespace}token-names`,
    set: `${namespace}tokens:set`,
    version: `${namespace}tokens:version`,
    channel: `${namespace}tokens:changed`,
  };
}
const keyList = (k: TokenKeys) => [k.tokens, k.names, k.version, k.set];
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const POLL_MS = 500;

/**
 * Adds a token unless the name is taken: answers the set's new version when added, 0 when the name exists. The
 * first token of a set draws its id (ARGV[4]); the record carries the version it was added in.
 */
const ADD = `
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 0 end
redis.call('SET', KEYS[4], ARGV[4], 'NX')
local version = redis.call('INCR', KEYS[3])
local record = cjson.decode(ARGV[3])
record['version'] = version
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[1], ARGV[2], cjson.encode(record))
redis.call('PUBLISH', ARGV[5], 'add')
return version
`;

/** Removes the token of a name: answers 1 when there was one, 0 when the set has none, -1 when there is no set. */
const REVOKE = `
if redis.call('EXISTS', KEYS[4]) == 0 then return -1 end
local hash = redis.call('HGET', KEYS[2], ARGV[1])
if not hash then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[1], hash)
redis.call('INCR', KEYS[3])
redis.call('PUBLISH', ARGV[2], 'revoke')
return 1
`;

/** A connection for one tokens command: it waits for the server (a few seconds) rather than failing at once. */
export async function connectForTokens(url: string, password: string | undefined): Promise<Redis> {
  const client = new Redis(url, {
    ...redisOptions(url, password, 5000),
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    lazyConnect: true,
  });
  // The server's own reason (a refused password, say) comes as an error event before the connection closes.
  let reason: string | undefined;
  client.on('error', (e: Error) => (reason ??= e.message));
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    client.disconnect();
    throw new TokenError(`cannot reach Redis at ${redisAddress(url)}: ${reason ?? (e as Error).message}`);
  }
  return client;
}

/** `tokens add NAME` against Redis: the new token, shown once; stored as its digest. */
export async function addSharedToken(client: Redis, keys: TokenKeys, name: string, now = new Date()): Promise<string> {
  if (!NAME.test(name))
    throw new TokenError(
      `token name '${name}' must be 1 to 64 letters, digits, or . _ @ - (starting with a letter or digit)`,
    );
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const hash = digestOf(token);
  const added = await client.eval(
    ADD,
    4,
    ...keyList(keys),
    name,
    hash,
    JSON.stringify({ name, created: now.toISOString() }),
    randomBytes(12).toString('base64url'),
    keys.channel,
  );
  if (Number(added) === 0)
    throw new TokenError(`a token named ${name} exists already; revoke it first to issue a new one`);
  return token;
}

export async function listSharedTokens(client: Redis, keys: TokenKeys): Promise<TokenRecord[]> {
  const all = await client.hgetall(keys.tokens);
  return Object.entries(all)
    .map(([hash, value]) => ({ hash, ...recordOf(value) }))
    .filter((r): r is TokenRecord => typeof r.name === 'string')
    .sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
}

/**
 * What `tokens revoke NAME` did: revoked (refused by every instance within a second), absent (the set has no such
 * name, so no instance that reads it accepts one), or no set (Redis holds none: every instance refuses every token).
 */
export type RevokeOutcome = 'revoked' | 'absent' | 'no set';

/** `tokens revoke NAME` against Redis. */
export async function revokeSharedToken(client: Redis, keys: TokenKeys, name: string): Promise<RevokeOutcome> {
  const removed = Number(await client.eval(REVOKE, 4, ...keyList(keys), name, keys.channel));
  return removed === 1 ? 'revoked' : removed === 0 ? 'absent' : 'no set';
}

function recordOf(value: string): { name?: string; created: string } {
  try {
    const doc = JSON.parse(value) as { name?: unknown; created?: unknown };
    return {
      name: typeof doc.name === 'string' ? doc.name : undefined,
      created: typeof doc.created === 'string' ? doc.created : '',
    };
  } catch {
    return { created: '' };
  }
}

/** What the gateway asks of its tokens, wherever they are kept. */
export interface TokenSource {
  nameOf(token: string | undefined): string | undefined;
  readonly size: number;
}

/** The tokens an instance sharing a Redis accepts (see the top of this file). */
export class SharedTokenBook implements TokenSource {
  /** The set in force, by digest; null while the token file is in force (Redis not read yet). */
  private byHash: Map<string, string> | null = null;
  /** The set's id and version as read (null: Redis held no set); undefined until Redis has been read. */
  private version: string | null | undefined = undefined;
  private readonly keys: TokenKeys;
  private readonly subscriber: Redis;
  private readonly poll: ReturnType<typeof setInterval>;
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly shared: SharedState,
    private readonly file: TokenSource,
    private readonly log: GatewayLog,
  ) {
    this.keys = tokenKeys(shared.namespace);
    this.subscriber = shared.duplicate();
    this.subscriber.on('error', () => undefined);
    // Subscribed again by the client after each reconnection; the set is read again then too (once sharing).
    this.subscriber.on('ready', () => this.reload());
    this.subscriber.on('message', () => this.reload());
    this.subscriber.subscribe(this.keys.channel).catch(() => undefined);
    // Read as soon as the instance shares (again): the file's tokens give way to Redis's set at once.
    shared.onSharing(() => this.reload());
    this.poll = setInterval(() => this.check(), POLL_MS);
    this.poll.unref();
    this.reload();
  }

  nameOf(token: string | undefined): string | undefined {
    if (!token) return undefined;
    // Sharing, and Redis's set not read yet (it is being read): no token, rather than the file's a moment longer.
    if (this.byHash === null) return this.shared.available ? undefined : this.file.nameOf(token);
    return this.byHash.get(digestOf(token));
  }

  get size(): number {
    return this.byHash === null ? this.file.size : this.byHash.size;
  }

  /** Resolves once the set has been read from Redis (or at once when the instance does not share now). */
  async loaded(): Promise<void> {
    this.reload();
    await this.loading;
  }

  close(): void {
    clearInterval(this.poll);
    this.subscriber.disconnect(false);
  }

  /** Reads the set again when it has never been read (the instance started alone) or its id or version moved. */
  private check(): void {
    if (!this.shared.readable) return;
    if (this.version === undefined) return this.reload();
    this.shared.client.mget(this.keys.set, this.keys.version).then(
      ([set, version]) => {
        if (versionOf(set, version) !== this.version) this.reload();
      },
      () => undefined,
    );
  }

  private reload(): void {
    if (this.loading) {
      this.again = true;
      return;
    }
    // Only this deployment's namespace is read (redis.ts checks it on each connection), also while the instance works
    // alone because Redis is slow: a revoke made meanwhile is in force all the same.
    if (!this.shared.readable) return;
    this.loading = (async () => {
      try {
        const read = await this.shared.client
          .multi()
          .get(this.keys.set)
          .get(this.keys.version)
          .hgetall(this.keys.tokens)
          .exec();
        if (!read || read.some(([error]) => error)) throw read?.find(([error]) => error)?.[0] ?? new Error('aborted');
        const [set, version, all] = read.map(([, value]) => value) as [
          string | null,
          string | null,
          Record<string, string>,
        ];
        this.take(versionOf(set, version), all);
      } catch (e) {
        this.log.event('the tokens could not be read from Redis; the last ones read stay in force', {
          error: (e as Error).message,
        });
      } finally {
        this.loading = null;
        if (this.again) {
          this.again = false;
          this.reload();
        }
      }
    })();
  }

  /** Puts the set read into force: exactly Redis's, none when it holds no set. */
  private take(version: string | null, all: Record<string, string>): void {
    const byHash = new Map<string, string>();
    if (version !== null)
      for (const [hash, value] of Object.entries(all)) {
        const { name } = recordOf(value);
        if (name) byHash.set(hash, name);
      }
    else if (this.version !== null && this.size > 0)
      this.log.event(
        'Redis holds no gateway tokens (it restarted without its data?): every token is refused until tokens are added again with partsheet gateway tokens add',
        { redis: this.shared.address, refused: this.size },
      );
    this.byHash = byHash;
    this.version = version;
  }
}

/** The set's id and version as one value; null when Redis holds no set. */
function versionOf(set: string | null, version: string | null): string | null {
  return set === null ? null : `${set}:${version ?? ''}`;
}
