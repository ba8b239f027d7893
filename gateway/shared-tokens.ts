/**
 * Gateway tokens kept in Redis for instances that share one: `gateway tokens add|list|revoke` change them there
 * (each change one atomic script, names unique), and every instance holds the set in memory, reading it again when
 * a change is announced (publish/subscribe) and, in case an announcement was missed, when the change counter
 * moves (looked at every half second). So a revoke is in force on every instance within a second.
 *
 * As in the token file, only names and SHA-256 digests are stored, never a token. While Redis cannot be reached an
 * instance keeps the last set it read; one that has never reached it uses the token file. A Redis that comes back
 * empty (restarted without its data: no change counter at all) does not revoke everyone: the last set read stays
 * in force until a token command writes to Redis again.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { digestOf, TOKEN_PREFIX, TokenError, type TokenBook, type TokenRecord } from './tokens';
import { KEY_PREFIX, redisAddress, redisOptions, type SharedState } from './shared';

const TOKENS = `${KEY_PREFIX}tokens`;
const NAMES = `${KEY_PREFIX}token-names`;
const VERSION = `${KEY_PREFIX}tokens:version`;
const CHANNEL = `${KEY_PREFIX}tokens:changed`;
/** Where the tokens live in Redis: digests to records, names to digests, the change counter, the announcements. */
export const TOKEN_KEYS = { tokens: TOKENS, names: NAMES, version: VERSION, channel: CHANNEL } as const;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const POLL_MS = 500;

/** Adds a token unless the name is taken: answers 1 when added, 0 when the name exists. */
const ADD = `
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
redis.call('INCR', KEYS[3])
redis.call('PUBLISH', ARGV[4], 'add')
return 1
`;

/** Removes the token of a name: answers 1 when there was one, 0 when not. */
const REVOKE = `
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
export async function addSharedToken(client: Redis, name: string, now = new Date()): Promise<string> {
  if (!NAME.test(name))
    throw new TokenError(
      `token name '${name}' must be 1 to 64 letters, digits, or . _ @ - (starting with a letter or digit)`,
    );
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const hash = digestOf(token);
  const added = await client.eval(
    ADD,
    3,
    TOKENS,
    NAMES,
    VERSION,
    name,
    hash,
    JSON.stringify({ name, created: now.toISOString() }),
    CHANNEL,
  );
  if (Number(added) !== 1)
    throw new TokenError(`a token named ${name} exists already; revoke it first to issue a new one`);
  return token;
}

export async function listSharedTokens(client: Redis): Promise<TokenRecord[]> {
  const all = await client.hgetall(TOKENS);
  return Object.entries(all)
    .map(([hash, value]) => ({ hash, ...recordOf(value) }))
    .filter((r): r is TokenRecord => typeof r.name === 'string')
    .sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
}

/** `tokens revoke NAME` against Redis: refused by every instance within a second. */
export async function revokeSharedToken(client: Redis, name: string): Promise<void> {
  const removed = await client.eval(REVOKE, 3, TOKENS, NAMES, VERSION, name, CHANNEL);
  if (Number(removed) !== 1) throw new TokenError(`no token named ${name} in Redis`);
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

/** The tokens an instance sharing a Redis accepts: the set in Redis, kept up to date; the file until it is read. */
export class SharedTokenBook implements TokenSource {
  private byHash: Map<string, string> | null = null;
  private version: string | null = null;
  private readonly subscriber: Redis;
  private readonly poll: ReturnType<typeof setInterval>;
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly shared: SharedState,
    private readonly file: TokenBook,
    private readonly onError: (error: Error) => void,
  ) {
    this.subscriber = shared.duplicate();
    this.subscriber.on('error', () => undefined);
    // Subscribed again by the client after each reconnection; the set is read again then too.
    this.subscriber.on('ready', () => this.reload());
    this.subscriber.on('message', () => this.reload());
    this.subscriber.subscribe(CHANNEL).catch(() => undefined);
    this.poll = setInterval(() => this.check(), POLL_MS);
    this.poll.unref();
    this.reload();
  }

  nameOf(token: string | undefined): string | undefined {
    if (!token) return undefined;
    if (this.byHash === null) return this.file.nameOf(token);
    return this.byHash.get(digestOf(token));
  }

  get size(): number {
    return this.byHash === null ? this.file.size : this.byHash.size;
  }

  /** Resolves once the set has been read from Redis (or at once when it cannot be). */
  async loaded(): Promise<void> {
    this.reload();
    await this.loading;
  }

  close(): void {
    clearInterval(this.poll);
    this.subscriber.disconnect(false);
  }

  private check(): void {
    if (!this.shared.available) return;
    this.shared.client.get(VERSION).then(
      (version) => {
        if (version !== this.version) this.reload();
      },
      () => undefined,
    );
  }

  private reload(): void {
    if (this.loading) {
      this.again = true;
      return;
    }
    if (!this.shared.available && this.shared.client.status !== 'ready') return;
    this.loading = (async () => {
      try {
        const [version, all] = await Promise.all([this.shared.client.get(VERSION), this.shared.client.hgetall(TOKENS)]);
        if (version === null && this.byHash !== null && this.byHash.size > 0) {
          if (this.version !== null)
            this.onError(
              new Error(
                'Redis holds no tokens (it restarted without its data?): the tokens read before stay in force; add them again',
              ),
            );
          this.version = null;
          return;
        }
        const byHash = new Map<string, string>();
        for (const [hash, value] of Object.entries(all)) {
          const { name } = recordOf(value);
          if (name) byHash.set(hash, name);
        }
        this.byHash = byHash;
        this.version = version;
      } catch (e) {
        this.onError(e as Error);
      } finally {
        this.loading = null;
        if (this.again) {
          this.again = false;
          this.reload();
        }
      }
    })();
  }
}
