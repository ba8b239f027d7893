/**
 * Gateway tokens: one per user, so a team key held by the gateway is used only by people the team named, each
 * identified in the logs and limited on their own. The token file holds names and SHA-256 digests only, never a
 * token; each change (add, revoke) is made under a lock file, read-modify-write, and written whole (a temporary file
 * of its own renamed over it) with mode 0600. Several gateways can share one file: each reads it again when it changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { ErrorCode } from '../protocol/error-codes';

export interface TokenRecord {
  name: string;
  /** `sha256:` and the hex digest of the token. */
  hash: string;
  created: string;
}

interface TokenFile {
  version: 1;
  tokens: TokenRecord[];
}

/** A problem with the token file or a token command, in words naming the file and what to do. */
export class TokenError extends Error {
  readonly errorCode: ErrorCode = 'PS_GATEWAY_TOKENS';
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
/** Tokens start with this, so one found in a log or a chat is recognised for what it is. */
export const TOKEN_PREFIX = 'pst_';

export function digestOf(token: string): string {
  return `sha256:${createHash('sha256').update(token, 'utf8').digest('hex')}`;
}

function readTokenFile(path: string): TokenFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, tokens: [] };
    throw new TokenError(`cannot read the token file ${path}: ${(e as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new TokenError(
      `the token file ${path} is not JSON; restore it from a backup or remove it and add the tokens again`,
    );
  }
  const tokens = (doc as { tokens?: unknown }).tokens;
  if (!Array.isArray(tokens)) throw new TokenError(`the token file ${path} has no "tokens" list`);
  tokens.forEach((t: unknown, i) => {
    const r = t as Partial<TokenRecord>;
    if (typeof r?.name !== 'string' || typeof r.hash !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(r.hash)) {
      throw new TokenError(
        `the token file ${path}: entry ${i + 1} needs a "name" and a "hash" of the form sha256:<64 hex digits>`,
      );
    }
  });
  return { version: 1, tokens: tokens as TokenRecord[] };
}

function writeTokenFile(path: string, file: TokenFile): void {
  mkdirSync(dirname(path), { recursive: true });
  // A name no other writer uses, so two writers never write into one temporary file.
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    // Created 0600 from the start (and set again, whatever the umask), so no moment exists where others can read it.
    writeFileSync(temp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600, flush: true });
    chmodSync(temp, 0o600);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** How long a change waits for another one to finish before giving up. */
const LOCK_WAIT_MS = 10_000;
/** A lock older than this is left over from a change that died (a change takes milliseconds). */
const LOCK_STALE_MS = 30_000;

/** Whether process `pid` is still running on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sleeps without giving the event loop back: token commands are synchronous, and the wait is short. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Removes `lock` when its holder died or it is older than LOCK_STALE_MS; true when it was removed. */
function clearStaleLock(lock: string): boolean {
  let holder: { pid?: number } = {};
  let ageMs: number;
  try {
    ageMs = Date.now() - statSync(lock).mtimeMs;
    holder = JSON.parse(readFileSync(lock, 'utf8')) as { pid?: number };
  } catch {
    // Gone meanwhile, or being written (read again on the next try): not stale.
    return false;
  }
  const dead = typeof holder.pid === 'number' && !alive(holder.pid);
  if (!dead && ageMs < LOCK_STALE_MS) return false;
  rmSync(lock, { force: true });
  return true;
}

/**
 * Runs `change` holding the token file's lock: a file beside it created exclusively, so one change at a time reads,
 * changes and replaces the file, and none is lost to another made at the same moment. A lock left by a change that
 * died (its process gone, or older than LOCK_STALE_MS) is removed; a live one is waited for up to LOCK_WAIT_MS.
 */
function withTokenLock<T>(path: string, change: () => T): T {
  const lock = `${path}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new TokenError(`cannot lock the token file ${path} (${lock}): ${(e as Error).message}`);
      if (clearStaleLock(lock)) continue;
      if (Date.now() - started > LOCK_WAIT_MS) {
        throw new TokenError(
          `the token file ${path} is being changed by another command (lock ${lock}); try again, or remove the lock if no tokens command is running`,
        );
      }
      pause(Math.min(100, 5 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
      continue;
    }
    try {
      writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
      closeSync(fd);
      return change();
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

/** `tokens add NAME`: a new random token for NAME; returns the token, which is shown once and stored as its digest. */
export function addToken(path: string, name: string, now = new Date()): string {
  if (!NAME.test(name))
    throw new TokenError(
      `token name '${name}' must be 1 to 64 letters, digits, or . _ @ - (starting with a letter or digit)`,
    );
  return withTokenLock(path, () => {
    const file = readTokenFile(path);
    if (file.tokens.some((t) => t.name === name))
      throw new TokenError(`a token named ${name} exists already; revoke it first to issue a new one`);
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    file.tokens.push({ name, hash: digestOf(token), created: now.toISOString() });
    writeTokenFile(path, file);
    return token;
  });
}

export function listTokens(path: string): TokenRecord[] {
  return readTokenFile(path).tokens;
}

/** `tokens revoke NAME`: the token stops working at every gateway that reads the file. */
export function revokeToken(path: string, name: string): void {
  withTokenLock(path, () => {
    const file = readTokenFile(path);
    const kept = file.tokens.filter((t) => t.name !== name);
    if (kept.length === file.tokens.length) throw new TokenError(`no token named ${name} in ${path}`);
    writeTokenFile(path, { version: 1, tokens: kept });
  });
}

/**
 * The tokens a running gateway accepts: read from the file, and read again when its modification time or size
 * changes (checked at most once a second), so a revoke takes effect without a restart.
 */
export class TokenBook {
  private byHash = new Map<string, string>();
  private signature = '';
  private checkedAt = -Infinity;

  constructor(
    private readonly path: string,
    private readonly now: () => number = Date.now,
    private readonly onError?: (error: Error) => void,
  ) {
    this.reload(true);
  }

  /** The name of the user a token belongs to, or undefined for an unknown or revoked token. */
  nameOf(token: string | undefined): string | undefined {
    if (!token) return undefined;
    if (this.now() - this.checkedAt >= 1000) this.reload(false);
    return this.byHash.get(digestOf(token));
  }

  get size(): number {
    return this.byHash.size;
  }

  /** Reads the file when it changed; a broken file fails the start (`strict`) but later keeps the last good tokens. */
  private reload(strict: boolean): void {
    this.checkedAt = this.now();
    let signature: string;
    try {
      const st = statSync(this.path);
      signature = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      signature = 'absent';
    }
    if (signature === this.signature) return;
    // A file being replaced is renamed into place whole, so a read sees the old or the new, never half.
    let tokens: TokenRecord[];
    try {
      tokens = signature === 'absent' ? [] : readTokenFile(this.path).tokens;
    } catch (e) {
      if (strict) throw e;
      this.onError?.(e as Error);
      return;
    }
    this.byHash = new Map(tokens.map((t) => [t.hash, t.name]));
    this.signature = signature;
  }
}
