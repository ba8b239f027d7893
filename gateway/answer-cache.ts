/**
 * Whole answers of the item service's other reads (search by token, manufacturer lookup, part detail), cached per
 * (credentials, operation, parameters) for a short time; identical requests in flight at once share one upstream
 * request. A busy upstream is waited out with back-off; an answer that is not a success is passed on, never cached,
 * and never replaces a cached one.
 */
import { decodeJson, readEnvelope } from '../src/catalog/parse';
import { DEFAULT_RETRY, retryDelay } from '../src/lookup/backoff';
import { busyForMs, isBusy, type Upstream, type UpstreamAnswer } from './upstream';

export interface AnswerCacheOptions {
  ttlMs: number;
  /** Answers kept at most; the least recently used go first. */
  maxAnswers: number;
  /** Attempts in all when the upstream says busy or is unavailable. */
  maxAttempts?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

interface Cached {
  answer: UpstreamAnswer;
  at: number;
}

/** A JSON envelope that says success (read as every client reads it); anything else (XML, JSONP, refusals) is not kept. */
function isCacheable(answer: UpstreamAnswer): boolean {
  if (answer.status !== 200 || !/json/i.test(answer.headers['content-type'] ?? '')) return false;
  try {
    return readEnvelope(decodeJson(answer.body.toString('utf8'))).success;
  } catch {
    return false;
  }
}

/** Retrying makes sense when the upstream was busy or briefly unavailable; every attempt passes the gate. */
export function shouldRetry(answer: UpstreamAnswer): boolean {
  return isBusy(answer) || answer.status === 502 || answer.status === 503 || answer.status === 504;
}

/** Resolves after `ms`, or at once when `stop` aborts; holds no timer afterwards. */
function backOff(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (stop.aborted) done();
    else stop.addEventListener('abort', done, { once: true });
  });
}

/** How long a client waits at most for a read, retries included (docs/gateway.md promises two minutes). */
export const MAX_READ_WAIT_MS = 120_000;

/**
 * Sends a read through the gate, again after a busy or unavailable answer (waiting what the upstream asked, with
 * jittered exponential back-off), up to `maxAttempts` and never past the client's two minutes; the last answer is
 * returned whatever it is. A busy answer whose pause the gate capped is returned at once: the upstream asked for
 * longer than is worth waiting. The first attempt is refused at once while the gate is closed by such a pause
 * (GateRefused); retries wait for it. A client that leaves stops the retries (ClientGone).
 */
export async function sendWithBackoff(
  upstream: Upstream,
  pathAndQuery: string,
  headers: Record<string, string>,
  options: Pick<AnswerCacheOptions, 'maxAttempts' | 'sleep' | 'random'> & {
    client?: string;
    signal?: AbortSignal;
    /** The request's credentials (pauses.ts): a busy answer pauses these only. */
    credentials?: string;
  } = {},
): Promise<UpstreamAnswer> {
  const maxAttempts = options.maxAttempts ?? 5;
  // A back-off ends early when the gateway stops (the next attempt is then refused, and the client answered).
  const sleep = options.sleep ?? ((ms: number) => backOff(ms, upstream.closedSignal));
  const deadline = Date.now() + MAX_READ_WAIT_MS;
  const { client, signal, credentials } = options;
  for (let attempt = 1; ; attempt++) {
    const answer = await upstream.send(pathAndQuery, {
      headers,
      client,
      signal,
      credentials,
      deadline,
      whilePaused: attempt === 1 ? 'refuse' : 'wait',
    });
    if (!shouldRetry(answer) || attempt >= maxAttempts || answer.pauseCapped) return answer;
    const delayMs = retryDelay(
      attempt,
      busyForMs(answer),
      { ...DEFAULT_RETRY, maxWaitMs: 60_000 },
      options.random ?? Math.random,
    );
    if (Date.now() + delayMs >= deadline) return answer;
    await sleep(delayMs);
  }
}

export class AnswerCache {
  private readonly answers = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<UpstreamAnswer>>();
  private readonly now: () => number;
  private readonly counters = { hits: 0, shared: 0, misses: 0 };

  constructor(private readonly options: AnswerCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  stats(): { answers: number; hits: number; shared: number; misses: number } {
    return { answers: this.answers.size, ...this.counters };
  }

  /** The answer for `key`: cached when fresh, shared when already asked for, else fetched by `fetchAnswer`. */
  async get(
    key: string,
    fetchAnswer: () => Promise<UpstreamAnswer>,
  ): Promise<{ answer: UpstreamAnswer; from: 'cache' | 'shared' | 'upstream' }> {
    const hit = this.answers.get(key);
    if (hit && this.now() - hit.at < this.options.ttlMs) {
      this.answers.delete(key);
      this.answers.set(key, hit);
      this.counters.hits++;
      return { answer: hit.answer, from: 'cache' };
    }
    const pending = this.inFlight.get(key);
    if (pending) {
      this.counters.shared++;
      return { answer: await pending, from: 'shared' };
    }
    this.counters.misses++;
    const request = fetchAnswer().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, request);
    const answer = await request;
    if (isCacheable(answer)) this.store(key, answer);
    return { answer, from: 'upstream' };
  }

  private store(key: string, answer: UpstreamAnswer): void {
    if (this.options.ttlMs <= 0 || this.options.maxAnswers <= 0) return;
    this.answers.delete(key);
    this.answers.set(key, { answer, at: this.now() });
    while (this.answers.size > this.options.maxAnswers) this.answers.delete(this.answers.keys().next().value as string);
  }
}
