/**
 * What comes back from an upstream and what becomes of a request that gets no answer: the answer as received (read
 * up to a cap), whether it says busy and for how long, and the errors of a request that was refused, dropped or
 * not answered.
 */
import { MAX_ANSWER_BYTES } from '../protocol/list-answer';
import { retryAfterOf } from '../src/catalog/client';
import { throttlingBody } from '../src/catalog/envelope';

/** An upstream answer as received: status, the headers worth passing on, and the body. */
export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /**
   * Set on a busy answer that asked for at least the longest pause the gateway keeps (its `Retry-After` is then
   * rewritten to that maximum): waiting it out is not worth a client's time, so it is passed on at once.
   */
  pauseCapped?: boolean;
}

/** Headers passed from the upstream to the client; others (hop-by-hop, encodings the gateway undid) are not. */
export const PASSED_HEADERS = [
  'content-type',
  'cache-control',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/** No answer at all from the upstream: the connection failed or timed out. */
export class UpstreamUnreachable extends Error {
  constructor(
    readonly upstream: string,
    readonly host: string,
    readonly timedOut: boolean,
    reason: string,
  ) {
    super(
      timedOut
        ? `The ${upstream} at ${host} did not answer in time.`
        : `The ${upstream} at ${host} could not be reached: ${reason}.`,
    );
  }
}

/** Why the gate refused a request without sending it: the route answers 503 with `Retry-After`. */
export type RefusalReason = 'paused' | 'client-queue-full' | 'queue-full' | 'waited-too-long' | 'stopping';

/** A request the gate refused without sending it; `retryAfterMs` is when trying again makes sense. */
export class GateRefused extends Error {
  constructor(
    readonly upstream: string,
    readonly reason: RefusalReason,
    readonly retryAfterMs: number,
  ) {
    super(refusalText(upstream, reason, retryAfterMs));
  }

  /** Whole seconds for `Retry-After`, at least 1. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}

function refusalText(upstream: string, reason: RefusalReason, retryAfterMs: number): string {
  const again = `try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
  switch (reason) {
    case 'paused':
      return `the ${upstream} asked the gateway to wait; ${again}`;
    case 'client-queue-full':
      return `too many of your requests are already waiting for the ${upstream}; ${again}`;
    case 'queue-full':
      return `too many requests are already waiting for the ${upstream}; ${again}`;
    case 'waited-too-long':
      return `the ${upstream} could not take the request within the time the gateway waits; ${again}`;
    case 'stopping':
      return `the gateway is stopping; ${again}`;
  }
}
/** The request's client went away (closed its connection) before the request left the gate: it was not sent. */
export class ClientGone extends Error {
  constructor(readonly upstream: string) {
    super(`the client went away before the request was sent to the ${upstream}`);
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

/**
 * The upstream asks clients to slow down: 429, or 503 with rate-limit headers (as the real service does) or with
 * the item service's throttling code (53) where a proxy dropped the headers.
 */
export function isBusy(answer: UpstreamAnswer): boolean {
  if (answer.status === 429) return true;
  if (answer.status !== 503) return false;
  return (
    RATE_HEADERS.some((h) => h in answer.headers) || throttlingBody(answer.body.subarray(0, 16_385).toString('utf8'))
  );
}

/** How long the upstream asked to be left alone, from `Retry-After` or `X-RateLimit-Reset`. */
export function busyForMs(answer: UpstreamAnswer, now = Date.now()): number | undefined {
  return retryAfterOf(new Headers(answer.headers), now);
}

/**
 * The answer's body, read up to `maxBytes`: past it (or when the upstream announces more) the reading stops and the
 * connection is let go, so an upstream that sends without end costs the cap, not its answer.
 */
export async function readCapped(response: Response, tooLarge: () => Error, maxBytes: number): Promise<Buffer> {
  const announced = Number(response.headers.get('content-length') ?? NaN);
  if (announced > maxBytes) {
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
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, bytes);
}
