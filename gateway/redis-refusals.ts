/**
 * How instances sharing a Redis pass an upstream's failure of a list search on to every instance waiting for its
 * parts. An upstream's refusal is an answer like any other: what the sender of a collected search was told is
 * written to Redis beside the parts' keys, every waiting client gets it as the sender's own client would, and nobody
 * claims those parts again while it is kept. Without it, a refused search let its claims go with nothing in their
 * place, and the waiting instances claimed and sent the parts again and again until their deadline.
 *
 * Failures come in three kinds:
 * - a refusal of the credentials (401, 403, or a `success: false` the client reads as a wrong login or key): kept for
 *   the credentials as a whole, for a few seconds (never longer than the cache's time to live), so any search with
 *   them is refused from Redis, without a claim, while it is kept;
 * - another final answer (a search refused for what it asks, an answer that cannot be read): kept for those parts
 *   for as long;
 * - a transient failure (a timeout, a 5xx without a final meaning, a busy answer, a connection that failed, the
 *   gate's own refusal): passed to the waiting clients for a moment only, so their lookups decide on a retry as a
 *   lone gateway's would. Timeouts, 5xx and failed connections (not busy answers, which the gate waits out, nor
 *   the gate's own refusals) are also counted per credentials: past a bound within a minute the last is kept for
 *   the credentials a few seconds, and again after each further one within that minute, so retries cannot add up to
 *   a flood whatever the number of searches. A few seconds, not the rest of the minute: with a team key every user
 *   shares the credentials, and a blip of a second or two must not refuse them all long after the upstream
 *   recovered. Parts already in Redis are answered whatever is kept for the credentials (READ_OR_CLAIM).
 */
import { CatalogError, type CatalogErrorKind } from '../src/catalog/errors';
import { UpstreamLookupFailure } from './list-port';
import type { SharedState } from './redis';
import { GateRefused, isBusy, type RefusalReason, type UpstreamAnswer } from './upstream-answers';

/** Longest a final refusal is kept (and never beyond the cache's time to live). */
export const REFUSAL_KEPT_MS = 5_000;
/** How long a transient failure is kept for the clients already waiting to read it. */
export const TRANSIENT_KEPT_MS = 1_000;
/** Transient failures of one set of credentials within TRANSIENT_WINDOW_MS from which on they are kept for it. */
export const TRANSIENT_PER_CREDENTIALS = 6;
export const TRANSIENT_WINDOW_MS = 60_000;
/** How long a transient failure past the bound is kept for the credentials (never past the window's end). */
export const TRANSIENT_HELD_MS = 5_000;

export type FailureClass = 'credentials' | 'answer' | 'transient';

/** A failure as kept in Redis: its class, what the client library made of it, and the upstream's answer if any. */
export interface FailureRecord {
  /** Tells a failure apart from a part's answer (which has `r` and `e`). */
  x: FailureClass;
  kind: CatalogErrorKind;
  message: string;
  answer?: { status: number; headers: Record<string, string>; body: string; pauseCapped?: boolean };
  gate?: { upstream: string; reason: RefusalReason; retryAfterMs: number };
}

/**
 * The class of a failure worth passing on, or undefined for one that is not: the client went (its parts are let go
 * and whoever else wants them claims them) or the sending instance is stopping (another one sends them).
 */
export function classify(error: unknown): FailureClass | undefined {
  if (!(error instanceof CatalogError)) return undefined;
  if (error instanceof UpstreamLookupFailure) {
    if (error.refusal) return error.refusal.reason === 'stopping' ? undefined : 'transient';
    const answer = error.answer;
    if (answer && (answer.status === 401 || answer.status === 403)) return 'credentials';
    if (answer && (isBusy(answer) || answer.status >= 500) && error.kind !== 'auth') return 'transient';
  }
  if (error.kind === 'cancelled') return undefined;
  if (error.kind === 'auth') return 'credentials';
  return error.retryable ? 'transient' : 'answer';
}

/** Whether a transient failure counts towards its credentials' bound: a busy answer is the gate's to wait out. */
export function countsTowardsBound(error: unknown): boolean {
  return !(
    error instanceof UpstreamLookupFailure &&
    (error.refusal !== undefined || (error.answer !== undefined && isBusy(error.answer)))
  );
}

/** The record of `error` as kept in Redis. */
export function recordOf(error: CatalogError, x: FailureClass): FailureRecord {
  const record: FailureRecord = { x, kind: error.kind, message: error.message };
  if (error instanceof UpstreamLookupFailure) {
    const { answer, refusal } = error;
    if (answer)
      record.answer = {
        status: answer.status,
        headers: answer.headers,
        body: answer.body.toString('base64'),
        ...(answer.pauseCapped ? { pauseCapped: true } : {}),
      };
    if (refusal)
      record.gate = { upstream: refusal.upstream, reason: refusal.reason, retryAfterMs: refusal.retryAfterMs };
  }
  return record;
}

/** The failure a record stands for, as the sender's own client got it; undefined when `text` is not a record. */
export function failureFrom(text: string): UpstreamLookupFailure | undefined {
  let record: FailureRecord;
  try {
    record = JSON.parse(text) as FailureRecord;
  } catch {
    return undefined;
  }
  if (typeof record?.x !== 'string' || typeof record.kind !== 'string' || typeof record.message !== 'string')
    return undefined;
  const answer: UpstreamAnswer | undefined = record.answer && {
    status: record.answer.status,
    headers: record.answer.headers ?? {},
    body: Buffer.from(record.answer.body ?? '', 'base64'),
    ...(record.answer.pauseCapped ? { pauseCapped: true } : {}),
  };
  const gate = record.gate && new GateRefused(record.gate.upstream, record.gate.reason, record.gate.retryAfterMs);
  return new UpstreamLookupFailure(record.kind, record.message, answer, gate);
}

/**
 * Writes a failure for the parts KEYS[3..] (at each part's key with the suffix ARGV[8]: `:failed` for a final one,
 * which new searches meet too, `:transient` for one only the instances already waiting read, for ARGV[3] ms) and
 * lets their claims go, in one step, so an instance waiting for them finds either the claim or the failure, never neither. A refusal
 * of the credentials is kept for them (KEYS[1]) for ARGV[4] ms; a transient failure that counts (ARGV[2] =
 * 'counted') is counted for them (KEYS[2], in windows of ARGV[6] ms), and from the ARGV[5]th on kept for them for
 * ARGV[9] ms (at most the rest of the window). Then the waiting instances are told (channel ARGV[7]).
 */
export const RECORD_FAILURE = `
for i = 3, #KEYS do
  redis.call('SET', KEYS[i] .. ARGV[8], ARGV[1], 'PX', ARGV[3])
  redis.call('DEL', KEYS[i] .. ':lock')
end
if ARGV[2] == 'credentials' and tonumber(ARGV[4]) > 0 then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
elseif ARGV[2] == 'counted' then
  local n = redis.call('INCR', KEYS[2])
  if n == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[6]) end
  local left = redis.call('PTTL', KEYS[2])
  if n >= tonumber(ARGV[5]) and left > 0 then
    redis.call('SET', KEYS[1], ARGV[1], 'PX', math.min(left, tonumber(ARGV[9])))
  end
end
redis.call('PUBLISH', ARGV[7], '1')
return 1
`;

/** Where a failure of a collected search is written, and who is told. */
export interface FailedSearch {
  /** The parts' keys in Redis. */
  keys: string[];
  /** Where a refusal of the credentials is kept, and where their transient failures are counted. */
  credentialKeys: [string, string];
  /** The cache's time to live: a refusal is never kept longer. */
  ttlMs: number;
  /** The channel on which the waiting instances hear that something was written. */
  channel: string;
}

/**
 * Lets the claims on a failed search's parts go, writing the failure in their place for the instances waiting for
 * them: a refusal is kept a few seconds (for the credentials as a whole when it refused them), a transient failure a
 * moment, for the clients already waiting. A client gone or a stopping instance leaves no failure: whoever still
 * wants the parts claims them.
 */
export async function recordFailure(shared: SharedState, error: unknown, search: FailedSearch): Promise<void> {
  const { keys, credentialKeys, ttlMs, channel } = search;
  const x = classify(error);
  try {
    if (!x) {
      await shared.client.del(...keys.map((k) => `${k}:lock`));
      return;
    }
    const keptMs = Math.max(0, Math.min(REFUSAL_KEPT_MS, ttlMs));
    const mode = x === 'credentials' ? 'credentials' : x === 'transient' && countsTowardsBound(error) ? 'counted' : '';
    await shared.client.eval(
      RECORD_FAILURE,
      2 + keys.length,
      ...credentialKeys,
      ...keys,
      JSON.stringify(recordOf(error as CatalogError, x)),
      mode,
      String(x === 'transient' ? TRANSIENT_KEPT_MS : Math.max(TRANSIENT_KEPT_MS, keptMs)),
      String(keptMs),
      String(TRANSIENT_PER_CREDENTIALS),
      String(TRANSIENT_WINDOW_MS),
      channel,
      x === 'transient' ? ':transient' : ':failed',
      String(TRANSIENT_HELD_MS),
    );
  } catch (e) {
    shared.failed(e);
  }
}

/**
 * A signal that aborts once none of the claims `locks` exists any more, looked at whenever something is announced on
 * `channel` (a client's parts were let go, answers were written) and every `everyMs` besides: a collected search
 * waiting at the gate whose parts every client has given up leaves the line unsent, at once.
 */
export function whileWanted(
  shared: SharedState,
  locks: string[],
  channel: string,
  everyMs: number,
): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const stopped = new AbortController();
  void (async () => {
    let seen = shared.announced(channel);
    while (!stopped.signal.aborted && !controller.signal.aborted) {
      await shared.nextAnnouncement(channel, seen, everyMs, stopped.signal);
      seen = shared.announced(channel);
      if (stopped.signal.aborted || !shared.readable) continue;
      const left = await shared.client.exists(...locks).catch(() => undefined);
      if (left === 0) controller.abort();
    }
  })();
  return { signal: controller.signal, stop: () => stopped.abort() };
}
