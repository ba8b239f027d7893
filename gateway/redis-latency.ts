/**
 * How quickly the shared Redis answers, as this instance sees it, for deciding when a slow Redis costs the users
 * more than working alone would. Every command's reply time is measured (send to reply), less the time this
 * process itself could not run (its event loop held by its own work, or the machine not giving it a core): a reply
 * that waited unread while the instance was busy is not Redis being slow, as in redis-timeout.ts. The judgement is
 * the low quartile of the commands sent in the last few seconds (at most the last 32): the time three in four of
 * them took at least, a command still waiting counting once it has waited longer than the budget, so a Redis that
 * stopped answering is seen as slow too. A low quartile, not a median or a high percentile: a healthy Redis serving
 * a burst of large reads (a thousand cached answers each, four instances at once) answers many of them late, and
 * that must not send the instance off alone, while a slow Redis answers every command late; each step a request
 * waits for is bounded on its own (`within`).
 */
import type Redis from 'ioredis';
import type { Command } from 'ioredis';
import { COMMAND_TIMED_OUT } from './redis-timeout';

/** A shared step that had no answer within the budget: its caller goes on alone. */
export class SlowRedis extends Error {
  constructor(budgetMs: number) {
    super(`Redis did not answer within the ${budgetMs} ms budget`);
    this.name = 'SlowRedis';
  }
}

/** Where a watch reads the time: the clock, and the time this process was held up so far (a test gives its own). */
export interface Clock {
  now(): number;
  blockedNow(): number;
  close(): void;
}

/**
 * Time this process could not run: a timer meant to tick every TICK_MS, and how late it came, added up. Between two
 * readings, the growth of `blockedNow()` is the part of that stretch the process was held up.
 */
export class LoopLag implements Clock {
  private static readonly TICK_MS = 10;
  private blocked = 0;
  private last = performance.now();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor() {
    this.timer = setInterval(() => {
      const now = performance.now();
      this.blocked += Math.max(0, now - this.last - LoopLag.TICK_MS);
      this.last = now;
    }, LoopLag.TICK_MS);
    this.timer.unref();
  }

  now(): number {
    return performance.now();
  }

  /** Milliseconds held up so far, the stretch since the last tick included (its tick may not have run yet). */
  blockedNow(): number {
    return this.blocked + Math.max(0, performance.now() - this.last - LoopLag.TICK_MS);
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/** A moment in a command's life: the clock and the time held up so far, so its Redis time can be told apart. */
interface Mark {
  at: number;
  blocked: number;
}

/** A finished command: when it was sent, and how long Redis took to answer it. */
interface Sample {
  sentAt: number;
  ms: number;
}

export interface LatencyOptions {
  /** Milliseconds a command may take: a low quartile over it is slow, and a step waits no longer for its answer. */
  budgetMs: number;
  /** Called after each command finishes (or gives up), to judge again. */
  onSample?: () => void;
  /** The clock and lag to read: this process's own (LoopLag) unless given. */
  clock?: Clock;
}

/** Commands sent within this window count towards the low quartile. */
const WINDOW_MS = 3000;
/** The most recent commands the low quartile is taken over. */
const MAX_SAMPLES = 32;
/** Fewer commands than this say nothing yet: one slow reply does not make a slow Redis. */
const MIN_SAMPLES = 5;

/** The reply times of one client's commands, and the low quartile of the recent ones. */
export class LatencyWatch {
  readonly budgetMs: number;
  private readonly clock: Clock;
  private samples: Sample[] = [];
  private readonly waiting = new Set<Mark>();
  /** Commands sent before this moment no longer count (the state changed since). */
  private since = 0;

  constructor(private readonly options: LatencyOptions) {
    this.budgetMs = options.budgetMs;
    this.clock = options.clock ?? new LoopLag();
  }

  /** Measures every command `client` sends from now on (pipelines and transactions included). */
  watch<T extends Redis>(client: T): T {
    const send = client.sendCommand.bind(client) as (command: Command, ...rest: unknown[]) => unknown;
    (client as unknown as { sendCommand: typeof send }).sendCommand = (command: Command, ...rest: unknown[]) => {
      const sent = send(command, ...rest);
      if (command.isSettled) return sent;
      const mark = this.mark();
      this.waiting.add(mark);
      command.promise.then(
        () => this.finish(mark, true),
        (e: unknown) => this.finish(mark, isReply(e)),
      );
      return sent;
    };
    return client;
  }

  /** Now, for timing a command or a step. */
  mark(): Mark {
    return { at: this.clock.now(), blocked: this.clock.blockedNow() };
  }

  /** Milliseconds since `mark` that this process could run: the time Redis (and the network) took. */
  elapsed(mark: Mark): number {
    return Math.max(0, this.clock.now() - mark.at - (this.clock.blockedNow() - mark.blocked));
  }

  /** The commands sent before now no longer count: the instance changed state, and judges afresh. */
  reset(): void {
    this.since = this.clock.now();
    this.samples = [];
  }

  /**
   * The low quartile of the recent commands' reply times, in ms (a command still waiting past the budget counted at its
   * wait so far); null while too few have been sent to say.
   */
  latency(): number | null {
    const now = this.clock.now();
    const recent = this.samples.filter((s) => s.sentAt >= this.since && now - s.sentAt <= WINDOW_MS);
    for (const mark of this.waiting) {
      if (mark.at < this.since || now - mark.at > WINDOW_MS) continue;
      const waited = this.elapsed(mark);
      if (waited > this.budgetMs) recent.push({ sentAt: mark.at, ms: waited });
    }
    if (recent.length < MIN_SAMPLES) return null;
    const last = recent.sort((a, b) => b.sentAt - a.sentAt).slice(0, MAX_SAMPLES);
    const times = last.map((s) => s.ms).sort((a, b) => a - b);
    return times[Math.floor(times.length / 4)];
  }

  /** True when the recent commands' low quartile is over the budget: three in four took longer. */
  slow(): boolean {
    const latency = this.latency();
    return latency !== null && latency > this.budgetMs;
  }

  /**
   * `step`'s answer, or a SlowRedis rejection once it has waited the budget (time this process could not run not
   * counted, and a reply already on the connection read first). The step itself goes on; its caller does not wait.
   */
  within<T>(step: Promise<T>): Promise<T> {
    const mark = this.mark();
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let settled = false;
      const wait = (ms: number) => {
        timer = setTimeout(() => {
          // After the poll that follows: a reply that has arrived meanwhile settles the step first.
          setImmediate(() => {
            if (settled) return;
            const left = this.budgetMs - this.elapsed(mark);
            if (left > 0) return wait(Math.max(1, left));
            settled = true;
            reject(new SlowRedis(this.budgetMs));
            this.options.onSample?.();
          });
        }, ms);
        timer.unref();
      };
      wait(this.budgetMs);
      step.then(
        (value) => {
          if (settled) return;
          settled = true;
          if (timer !== null) clearTimeout(timer);
          resolve(value);
        },
        (e: unknown) => {
          if (settled) return;
          settled = true;
          if (timer !== null) clearTimeout(timer);
          reject(e);
        },
      );
    });
  }

  close(): void {
    this.clock.close();
  }

  private finish(mark: Mark, replied: boolean): void {
    this.waiting.delete(mark);
    // A command that failed without a reply (the connection closed, or it was never written) says nothing of speed.
    if (!replied || mark.at < this.since) return;
    this.samples.push({ sentAt: mark.at, ms: this.elapsed(mark) });
    if (this.samples.length > MAX_SAMPLES * 4) this.samples = this.samples.slice(-MAX_SAMPLES);
    this.options.onSample?.();
  }
}

/** A server's error reply, or the time limit of redis-timeout.ts: the command did reach Redis, slowly or not. */
function isReply(error: unknown): boolean {
  const name = (error as Error)?.name;
  return name === 'ReplyError' || (error as Error)?.message === COMMAND_TIMED_OUT;
}
