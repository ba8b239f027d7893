/**
 * One upstream (the item service, the production checkout or the test checkout): every request the gateway sends
 * there passes one gate that spaces requests to a configured rate and, after the upstream says it is busy (503 or
 * 429 with `Retry-After` / `X-RateLimit-*`), holds every request until the upstream's time has passed. So the
 * gateway queues and backs off; it never hammers.
 */
import { MAX_ANSWER_BYTES } from '../protocol/list-answer';
import { retryAfterOf } from '../src/catalog/client';

/** An upstream answer as received: status, the headers worth passing on, and the body. */
export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers passed from the upstream to the client; others (hop-by-hop, encodings the gateway undid) are not. */
const PASSED_HEADERS = ['content-type', 'cache-control', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

export interface UpstreamOptions {
  /** What the logs and errors call it: "item service", "checkout", "test checkout". */
  name: string;
  /** `http(s)://host[:port][/prefix]`. */
  baseUrl: string;
  /** Requests a second the gateway sends at most (0: no spacing). */
  perSecond: number;
  /** Requests in flight at once. */
  maxInFlight?: number;
  timeoutMs?: number;
  /** Back-off when the upstream says busy without saying for how long. */
  busyPauseMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** Bytes of an answer read at most (default MAX_UPSTREAM_ANSWER_BYTES); past it the request fails. */
  maxAnswerBytes?: number;
}

export interface UpstreamStats {
  /** Requests sent to the upstream (every attempt). */
  requests: number;
  /** Answers that said busy (429, or 503 with rate-limit headers). */
  busy: number;
  /** Requests that got no answer (refused connection, timeout). */
  unreachable: number;
  queued: number;
  inFlight: number;
  /** Milliseconds until the gate opens again after a busy answer; 0 when open. */
  pausedForMs: number;
}

/** No answer at all from the upstream: the connection failed or timed out. */
export class UpstreamUnreachable extends Error {
  constructor(
    readonly upstream: string,
    readonly host: string,
    readonly timedOut: boolean,
    reason: string,
  ) {
    super(timedOut ? `The ${upstream} at ${host} did not answer in time.` : `The ${upstream} at ${host} could not be reached: ${reason}.`);
  }
}

/**
 * The upstream's answer was larger than the gateway reads: no item-service or checkout answer is (a list search's
 * answer is capped at MAX_ANSWER_BYTES of parts, its XML about 40 % larger), so the upstream is faulty or hostile.
 * Told to the client as a bad gateway (502), like an upstream that cannot be reached.
 */
export class UpstreamAnswerTooLarge extends UpstreamUnreachable {
  constructor(upstream: string, host: string, maxBytes: number) {
    super(upstream, host, false, 'its answer was too large');
    this.message = `The ${upstream} sent an answer larger than ${Math.round(maxBytes / 1024 / 1024)} MiB, the most the gateway reads; it was not passed on.`;
  }
}

/** Bytes of an upstream answer the gateway reads at most: room for the largest list answer, in XML. */
export const MAX_UPSTREAM_ANSWER_BYTES = 2 * MAX_ANSWER_BYTES;

const RATE_HEADERS = ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/** The upstream says slow down: 429, or 503 with rate-limit headers (docs/item-service.md, "Browsers and clients"). */
export function isBusy(answer: UpstreamAnswer): boolean {
  if (answer.status === 429) return true;
  return answer.status === 503 && RATE_HEADERS.some((h) => h in answer.headers);
}

/** How long the upstream asked to be left alone, from `Retry-After` or `X-RateLimit-Reset`. */
export function busyForMs(answer: UpstreamAnswer, now = Date.now()): number | undefined {
  return retryAfterOf(new Headers(answer.headers), now);
}

export class Upstream {
  readonly name: string;
  readonly host: string;
  private readonly base: string;
  private readonly intervalMs: number;
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;
  private readonly busyPauseMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly maxAnswerBytes: number;
  private readonly waiting: Array<() => void> = [];
  private inFlight = 0;
  private nextStartAt = 0;
  private pausedUntil = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly counters = { requests: 0, busy: 0, unreachable: 0 };

  constructor(options: UpstreamOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new RangeError(`the ${options.name} upstream '${options.baseUrl}' is not an address; give http(s)://host[:port]`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`the ${options.name} upstream '${options.baseUrl}' must be an http or https address`);
    if (url.search || url.hash || url.username || url.password) {
      throw new RangeError(`the ${options.name} upstream '${url.host}' must be a plain address without query, fragment, user name or password`);
    }
    this.name = options.name;
    this.host = url.host;
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.intervalMs = options.perSecond > 0 ? 1000 / options.perSecond : 0;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 8);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.busyPauseMs = options.busyPauseMs ?? 1000;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.maxAnswerBytes = options.maxAnswerBytes ?? MAX_UPSTREAM_ANSWER_BYTES;
  }

  stats(): UpstreamStats {
    return {
      ...this.counters,
      queued: this.waiting.length,
      inFlight: this.inFlight,
      pausedForMs: Math.max(0, this.pausedUntil - this.now()),
    };
  }

  /**
   * Sends `pathAndQuery` (starting with `/`) when the gate lets it through. A busy answer closes the gate for
   * everyone until the upstream's time has passed; the answer itself is returned, the caller decides on a retry.
   */
  async send(pathAndQuery: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<UpstreamAnswer> {
    await this.slot();
    this.counters.requests++;
    try {
      let response: Response;
      try {
        response = await this.fetchImpl(this.base + pathAndQuery, {
          method: init.method ?? 'GET',
          headers: init.headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (e) {
        this.counters.unreachable++;
        const err = e as Error & { cause?: { code?: string; message?: string } };
        const timedOut = err.name === 'TimeoutError' || err.name === 'AbortError';
        throw new UpstreamUnreachable(this.name, this.host, timedOut, err.cause?.code ?? err.cause?.message ?? err.message);
      }
      const headers: Record<string, string> = {};
      for (const name of PASSED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      let body: Buffer;
      try {
        body = await this.readBody(response);
      } catch (e) {
        this.counters.unreachable++;
        if (e instanceof UpstreamAnswerTooLarge) throw e;
        throw new UpstreamUnreachable(this.name, this.host, false, `the answer broke off (${(e as Error).message})`);
      }
      const answer = { status: response.status, headers, body };
      if (isBusy(answer)) {
        this.counters.busy++;
        this.pause(busyForMs(answer, this.now()) ?? this.busyPauseMs);
      }
      return answer;
    } finally {
      this.inFlight--;
      this.pump();
    }
  }

  /**
   * The answer's body, read up to the cap: past it (or when the upstream announces more) the reading stops and the
   * connection is let go, so an upstream that sends without end costs the cap, not its answer.
   */
  private async readBody(response: Response): Promise<Buffer> {
    const tooLarge = () => new UpstreamAnswerTooLarge(this.name, this.host, this.maxAnswerBytes);
    const announced = Number(response.headers.get('content-length') ?? NaN);
    if (announced > this.maxAnswerBytes) {
      await response.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    if (!response.body) return Buffer.alloc(0);
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > this.maxAnswerBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks, bytes);
  }

  /** Holds every request of this upstream for `ms` from now (never shortens a longer hold). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  private slot(): Promise<void> {
    return new Promise((go) => {
      this.waiting.push(go);
      this.pump();
    });
  }

  /** Lets the next waiting request go when the rate, the pause and the in-flight limit allow; else waits for that. */
  private pump(): void {
    if (this.timer !== null) return;
    while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) {
      const now = this.now();
      const openAt = Math.max(this.nextStartAt, this.pausedUntil);
      if (openAt > now) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, openAt - now);
        return;
      }
      this.nextStartAt = now + this.intervalMs;
      this.inFlight++;
      this.waiting.shift()!();
    }
  }
}
