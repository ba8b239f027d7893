/**
 * One upstream (the item service, the production checkout or the test checkout): every request the gateway sends
 * there passes one gate that spaces requests to a configured rate and, after the upstream says it is busy (503 or
 * 429 with `Retry-After` / `X-RateLimit-*`), holds every request until the upstream's time has passed. So the
 * gateway queues and backs off; it never hammers.
 *
 * The gate must not let one client or one answer stall everybody: requests wait in a fair line (one lane per
 * client, served in turn, each lane and the line bounded); a request whose client has gone leaves the line
 * unsent; the upstream's pause is capped, and holds only the requests sent with the credentials it answered
 * (pauses.ts): one user's throttled login does not pause the others. A pause the upstream named below the cap is
 * waited out (it is short); while a capped pause holds (the upstream asked for at least the maximum) a new request
 * with those credentials is refused at once with the time left. A request already waiting is refused as soon as
 * it is clear the gate opens too late for it. The spacing stays one for the whole upstream.
 */
import { FairQueue, QueueFull } from './fair-queue';
import { NO_CREDENTIALS, Pauses } from './pauses';
import type { SharedGate } from './redis';
import type { UpstreamOptions, UpstreamStats } from './upstream-options';
import { TurnHolds } from './turn-holds';
import {
  busyForMs,
  ClientGone,
  GateRefused,
  isBusy,
  MAX_UPSTREAM_ANSWER_BYTES,
  PASSED_HEADERS,
  readCapped,
  UpstreamAnswerTooLarge,
  UpstreamUnreachable,
  type RefusalReason,
  type UpstreamAnswer,
} from './upstream-answers';

export {
  busyForMs,
  ClientGone,
  GateRefused,
  isBusy,
  MAX_UPSTREAM_ANSWER_BYTES,
  UpstreamAnswerTooLarge,
  UpstreamUnreachable,
  type RefusalReason,
  type UpstreamAnswer,
} from './upstream-answers';
export type { UpstreamOptions, UpstreamStats } from './upstream-options';

/**
 * Resolves after the event loop has polled for I/O at least once: the first setImmediate may run in the turn that is
 * reading now, the second runs after the next poll.
 */
const ioTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** How one request passes the gate. */
export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Whose lane the request waits in: a gateway token's owner, else the client address. */
  client?: string;
  /**
   * The credentials the request carries (`credentialsKey` of pauses.ts): a pause the upstream asks for in answer
   * holds the requests with the same credentials only. Absent: those without credentials of their own.
   */
  credentials?: string;
  /** Aborted when the client goes: a request still waiting is then dropped, never sent. */
  signal?: AbortSignal;
  /**
   * While the gate is closed by a capped pause: `refuse` (a new request) is refused at once with the time left;
   * `wait` (a retry, or a lookup the gateway checked before) waits for the gate if it opens before `deadline`.
   * Any other pause is waited out when it ends before `deadline`.
   */
  whilePaused?: 'refuse' | 'wait';
  /** Latest moment (ms since the epoch) the request may leave the gate; default: arrival + the gate's max wait. */
  deadline?: number;
  /** The sender that kept this request for the turn it claimed (`claimTurn`): its claim ends here, and the request
   * goes without first reading pending input (see `send`: the sender drops it once its clients have gone). */
  claimant?: object;
}

/** One request waiting at the gate. */
interface Waiting {
  client: string;
  credentials: string;
  deadline: number;
  go: () => void;
  fail: (error: Error) => void;
}

export class Upstream {
  readonly name: string;
  readonly host: string;
  private readonly base: string;
  private readonly intervalMs: number;
  private readonly shared?: SharedGate;
  /** Spacing while the shared gate cannot be reached: this instance's share of the rate. */
  private readonly fallbackIntervalMs: number;
  /** A question to the shared gate is under way: the next one waits for its answer. */
  private asking = false;
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;
  private readonly busyPauseMs: number;
  private readonly maxPauseMs: number;
  private readonly maxWaitMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly maxAnswerBytes: number;
  private readonly waiting: FairQueue<Waiting>;
  private inFlight = 0;
  /** Requests handed to `send` that have not yet joined the line at the gate (their I/O turn first). */
  private arriving = 0;
  /** Work held for the gate's next turn (`afterNextTurn`), and the turns claimed by senders (`claimTurn`). */
  private readonly holds = new TurnHolds();
  private nextStartAt = 0;
  /** The upstream's pauses, per credentials. */
  private readonly pauses: Pauses;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The timer waits for a pause: a request with other credentials arriving meanwhile need not wait for it. */
  private wakeForPause = false;
  private closed = false;
  private readonly closing = new AbortController();
  private readonly counters = { requests: 0, busy: 0, unreachable: 0, refused: 0, dropped: 0 };

  constructor(options: UpstreamOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new RangeError(
        `the ${options.name} upstream '${options.baseUrl}' is not an address; give http(s)://host[:port]`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new RangeError(`the ${options.name} upstream '${options.baseUrl}' must be an http or https address`);
    if (url.search || url.hash || url.username || url.password) {
      throw new RangeError(
        `the ${options.name} upstream '${url.host}' must be a plain address without query, fragment, user name or password`,
      );
    }
    this.name = options.name;
    this.host = url.host;
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.intervalMs = options.perSecond > 0 ? 1000 / options.perSecond : 0;
    this.shared = options.shared?.gate;
    const fallback = options.shared?.fallbackPerSecond ?? options.perSecond;
    this.fallbackIntervalMs = fallback > 0 ? 1000 / fallback : 0;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 8);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.busyPauseMs = options.busyPauseMs ?? 1000;
    this.maxPauseMs = options.maxPauseMs ?? 60_000;
    this.maxWaitMs = options.maxWaitMs ?? 120_000;
    this.waiting = new FairQueue({ perClient: options.clientQueue ?? 32, total: options.queueLimit ?? 512 });
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.pauses = new Pauses(this.now);
    this.maxAnswerBytes = options.maxAnswerBytes ?? MAX_UPSTREAM_ANSWER_BYTES;
  }

  stats(): UpstreamStats {
    const summary = this.pauses.summary();
    return {
      ...this.counters,
      queued: this.waiting.length,
      inFlight: this.inFlight,
      pausedForMs: summary.longestMs,
      pausedCredentials: summary.paused,
    };
  }

  /** Milliseconds until the gate opens again for `credentials` after a busy answer; 0 when open. */
  pausedForMs(credentials = NO_CREDENTIALS): number {
    return this.pauses.forMs(credentials);
  }

  /**
   * A moment to wait before heavy work on this thread (reading a large answer holds the event loop for a tenth of a
   * second and more): when a request waits at this gate, or is kept by its sender for a turn it claimed, and that
   * turn comes within `withinMs`, resolves once a request has gone through (or a moment after the turn if none did),
   * so the request leaves on time rather than when the work is done; else at once. The shared gate's turns are
   * Redis's to give: not waited for.
   */
  afterNextTurn(withinMs: number): Promise<void> {
    if (this.shared || this.closed || this.inFlight >= this.maxInFlight) return Promise.resolve();
    const now = this.now();
    const atGate = this.waiting.length > 0 || this.arriving > 0 ? this.soonestOpening() : Infinity;
    // A request its sender keeps until its turn (claimTurn) counts as waiting here.
    const dueIn = Math.min(atGate, this.holds.claimedTurn(now)) - now;
    return dueIn <= withinMs ? this.holds.hold(dueIn) : Promise.resolve();
  }

  /**
   * `turnIn` for a sender keeping its request until then (a lookup scheduler): the turn is `claimant`'s until it
   * sends (`SendOptions.claimant`), and heavy work held for the next turn (`afterNextTurn`) waits for it too.
   */
  claimTurn(claimant: object, credentials?: string): number {
    const wait = this.turnIn(credentials);
    if (wait > 0) this.holds.claim(claimant, this.now() + wait);
    return wait;
  }

  /**
   * Milliseconds a sender that keeps its request until the gate would let it through (a lookup scheduler) should
   * keep it: while the line is empty, until the gate's next turn by its spacing or its pause, and one turn more for
   * each request on its way into the line. 0 while requests wait in the line: it serves clients in turn, so a
   * request handed over now waits there one round at most, where kept it could be put off for as long as other
   * clients keep the gate busy. 0 with the shared gate, whose turns are Redis's to give.
   */
  turnIn(credentials = NO_CREDENTIALS): number {
    if (this.shared || this.closed || this.intervalMs === 0 || this.waiting.length > 0) return 0;
    const opensAt = Math.max(this.nextStartAt, this.pauses.until(credentials));
    return Math.max(0, opensAt - this.now()) + this.arriving * this.intervalMs;
  }

  /**
   * When the gate lets its next request go, by its spacing and the pauses of the credentials waiting (ms since the
   * epoch; past when open). `arriving`: a request still on its way into the line counts, as not paused.
   */
  private soonestOpening(arriving = true): number {
    let soonest = arriving && this.arriving > 0 ? 0 : Infinity;
    for (const [, w] of this.waiting.items()) soonest = Math.min(soonest, this.pauses.until(w.credentials));
    return Math.max(this.nextStartAt, soonest);
  }

  /** Requests `client` has waiting at this gate. */
  queuedFor(client: string): number {
    return this.waiting.lengthOf(client);
  }

  /** Milliseconds new requests with `credentials` are still refused at once (a capped pause); 0 when not. */
  refusingForMs(credentials = NO_CREDENTIALS): number {
    return this.pauses.refusingForMs(credentials);
  }

  /**
   * Sends `pathAndQuery` (starting with `/`) when the gate lets it through. A busy answer closes the gate for the
   * request's credentials until the upstream's time (capped) has passed; the answer itself is returned, the caller
   * decides on a retry. Throws GateRefused when the request was refused unsent, ClientGone when its client left first.
   */
  async send(pathAndQuery: string, init: SendOptions = {}): Promise<UpstreamAnswer> {
    if (init.claimant) this.holds.handedOver(init.claimant);
    if (init.signal && !init.claimant) {
      // A request read just now may have its client's close right behind it, still unread (under load the gateway
      // reads a request in one turn of the event loop and its close in a later one): one turn that reads pending I/O
      // comes first, so such a request is dropped here rather than take a turn at the gate. Not a lookup scheduler's
      // search (a claimant's), holding many requests' lookups: it drops it itself once all their clients have gone,
      // and while a burst is read that turn comes only after all of it (100–350 ms for 50 searches of 500 parts).
      this.arriving++;
      try {
        await ioTurn();
      } finally {
        this.arriving--;
      }
      if (init.signal.aborted) {
        this.counters.dropped++;
        throw new ClientGone(this.name);
      }
    }
    await this.slot(init);
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
        throw new UpstreamUnreachable(
          this.name,
          this.host,
          timedOut,
          err.cause?.code ?? err.cause?.message ?? err.message,
        );
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
      const answer: UpstreamAnswer = { status: response.status, headers, body };
      if (isBusy(answer)) {
        this.counters.busy++;
        const asked = busyForMs(answer, this.now()) ?? this.busyPauseMs;
        if (asked >= this.maxPauseMs) {
          // An hour asked for is not an hour for every client: the gate closes for the maximum, and the client is
          // told that maximum instead of the upstream's figure.
          answer.pauseCapped = true;
          answer.headers['retry-after'] = String(Math.ceil(this.maxPauseMs / 1000));
          delete answer.headers['x-ratelimit-reset'];
        }
        const credentials = init.credentials ?? NO_CREDENTIALS;
        this.pause(Math.min(asked, this.maxPauseMs), credentials, answer.pauseCapped);
        this.shared?.pause(Math.min(asked, this.maxPauseMs), credentials);
      }
      return answer;
    } finally {
      this.inFlight--;
      this.pump();
    }
  }

  /** The answer's body, read up to the cap (readCapped). */
  private readBody(response: Response): Promise<Buffer> {
    const tooLarge = () => new UpstreamAnswerTooLarge(this.name, this.host, this.maxAnswerBytes);
    return readCapped(response, tooLarge, this.maxAnswerBytes);
  }

  /**
   * Holds the requests with `credentials` for `ms` from now (never shortens a longer hold, never beyond the maximum
   * pause); `refusing`: new ones are refused at once meanwhile. A waiting request the gate would now open too late
   * for is refused at once.
   */
  pause(ms: number, credentials = NO_CREDENTIALS, refusing = false): void {
    const until = this.pauses.hold(credentials, Math.min(ms, this.maxPauseMs), refusing);
    const tooLate = [...this.waiting.items()].filter(([, w]) => w.credentials === credentials && w.deadline < until);
    for (const [client, w] of tooLate) {
      this.waiting.remove(client, w);
      this.refuse(w, 'paused', this.pauses.forMs(credentials));
    }
  }

  /** Aborted when the gate closes for good: a retry waiting out its back-off stops waiting (and is refused). */
  get closedSignal(): AbortSignal {
    return this.closing.signal;
  }

  /** Refuses every waiting request and every later one: the gateway is stopping. No timer of the gate is left. */
  close(): void {
    this.closed = true;
    this.closing.abort();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const w of this.waiting.drain()) this.refuse(w, 'stopping', 1000);
    this.holds.releaseAll();
  }

  private refuse(w: Waiting, reason: RefusalReason, retryAfterMs: number): void {
    this.counters.refused++;
    w.fail(new GateRefused(this.name, reason, retryAfterMs));
  }

  /** Resolves when the request may go; rejects when it is refused or its client leaves first. */
  private slot(init: SendOptions): Promise<void> {
    return new Promise((resolve, reject) => {
      const now = this.now();
      const refuse = (reason: RefusalReason, retryAfterMs: number) => {
        this.counters.refused++;
        reject(new GateRefused(this.name, reason, retryAfterMs));
      };
      if (this.closed) return refuse('stopping', 1000);
      if (init.signal?.aborted) {
        this.counters.dropped++;
        return reject(new ClientGone(this.name));
      }
      const deadline = init.deadline ?? now + this.maxWaitMs;
      const credentials = init.credentials ?? NO_CREDENTIALS;
      const pausedFor = this.pauses.forMs(credentials);
      const refusing = this.pauses.refusingForMs(credentials) > 0 && (init.whilePaused ?? 'refuse') === 'refuse';
      if (pausedFor > 0 && (refusing || now + pausedFor > deadline)) return refuse('paused', pausedFor);
      const client = init.client ?? 'anonymous';
      const expiry = setTimeout(
        () => {
          if (this.waiting.remove(client, waiting))
            this.refuse(waiting, 'waited-too-long', Math.max(1000, this.pauses.forMs(credentials)));
        },
        Math.max(0, deadline - now),
      );
      // The deadline must not keep a stopping process alive; the server holds it while requests wait.
      expiry.unref();
      const onAbort = () => {
        if (!this.waiting.remove(client, waiting)) return;
        this.counters.dropped++;
        waiting.fail(new ClientGone(this.name));
      };
      const done = () => {
        clearTimeout(expiry);
        init.signal?.removeEventListener('abort', onAbort);
      };
      const waiting: Waiting = {
        client,
        credentials,
        deadline,
        go: () => {
          done();
          resolve();
        },
        fail: (error) => {
          done();
          reject(error);
        },
      };
      try {
        this.waiting.push(client, waiting);
      } catch (e) {
        clearTimeout(expiry);
        if (!(e instanceof QueueFull)) throw e;
        // Trying again makes sense once the line ahead has had time to move.
        const drainMs = Math.min(this.maxPauseMs, Math.max(1000, this.waiting.length * this.intervalMs));
        return refuse(e.scope === 'client' ? 'client-queue-full' : 'queue-full', drainMs);
      }
      init.signal?.addEventListener('abort', onAbort, { once: true });
      // The gate may be waiting out other credentials' pause: a request free to go is not held by it.
      if (this.timer !== null && this.wakeForPause && pausedFor === 0) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      this.pump();
    });
  }

  /** Lets the next request in turn go when the rate, the pause and the in-flight limit allow; else waits for that. */
  private pump(): void {
    if (this.timer !== null) return;
    if (this.shared) return this.pumpShared(this.shared);
    while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) {
      const now = this.now();
      // The next in turn whose credentials are not paused; none: wait for the first pause to end.
      const next = this.waiting.find((w) => this.pauses.until(w.credentials) <= now);
      const openAt = next ? this.nextStartAt : this.soonestOpening(false);
      if (openAt > now) return this.wake(openAt - now, next === undefined);
      this.nextStartAt = now + this.intervalMs;
      this.inFlight++;
      this.waiting.take(...next!);
      next![1].go();
      this.holds.wentThrough();
    }
  }

  /** Waits `ms` (for a pause to end: `forPause`), then lets the next request in turn go when it may. */
  private wake(ms: number, forPause = false): void {
    this.wakeForPause = forPause;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, ms);
    this.timer.unref();
  }

  /**
   * The shared gate's turn: one question to Redis at a time, and a request goes only when it says so (or, while
   * Redis cannot be reached, when this instance's share of the rate allows).
   */
  private pumpShared(gate: SharedGate): void {
    if (this.asking || this.closed || this.waiting.length === 0 || this.inFlight >= this.maxInFlight) return;
    const found = this.waiting.find((w) => this.pauses.until(w.credentials) <= this.now());
    if (!found) return this.wake(this.soonestOpening(false) - this.now(), true);
    const [client, candidate] = found;
    this.asking = true;
    void gate.take(candidate.credentials).then((got) => {
      this.asking = false;
      if (this.closed || this.timer !== null) return;
      const now = this.now();
      if (got === null) {
        if (this.nextStartAt > now) return this.wake(this.nextStartAt - now);
        this.nextStartAt = now + this.fallbackIntervalMs;
      } else if (got.waitMs > 0) {
        // A pause another instance learnt for these credentials holds them here too (waiting requests it would hold
        // too long are refused); requests with other credentials go on.
        if (!got.paused) return this.wake(got.waitMs);
        this.pause(got.waitMs, candidate.credentials);
        return this.pump();
      } else {
        // Going by the shared gate, the local spacing starts from here should Redis go away.
        this.nextStartAt = now + this.fallbackIntervalMs;
      }
      // The request asked for, or another with its credentials should it have left meanwhile.
      let next: Waiting | undefined = candidate;
      if (!this.waiting.take(client, candidate)) {
        const other = this.waiting.find((w) => w.credentials === candidate.credentials);
        next = other && this.waiting.take(...other) ? other[1] : undefined;
      }
      if (next) {
        this.inFlight++;
        next.go();
        this.holds.wentThrough();
      }
      this.pump();
    });
  }
}
