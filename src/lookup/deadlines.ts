/**
 * The callers' deadlines of a scheduler, kept with one timer for all of them. Every caller gets the same time to
 * wait, so the deadlines come in the order the callers came: they wait in a line, and the one timer is set for the
 * first deadline in it that is still open. A caller settled before its deadline only stays in the line, to be passed
 * over, until the line ends or every caller is settled (then the line is emptied and the timer stopped). Setting and
 * clearing a timer for each of a burst's thousands of lookups cost more than the burst's own bookkeeping.
 */
import type { TimerHandle } from './types';

/** What the line needs of a caller: whether it is settled, and its deadline once the line has it. */
export interface DeadlineHolder {
  settled: boolean;
  expiresAt: number;
}

export interface DeadlineClock {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => TimerHandle;
  clearTimer: (handle: TimerHandle) => void;
}

/** The line is compacted once this many passed-over callers lie at its head and they are half of it or more. */
const COMPACT_AFTER = 1024;

export class DeadlineLine<T extends DeadlineHolder> {
  private line: T[] = [];
  private head = 0;
  private timer: TimerHandle | null = null;
  /** When the timer is set to go off. */
  private timerAt = 0;

  constructor(
    private readonly clock: DeadlineClock,
    private readonly waitMs: number,
    /** Called for a caller whose deadline has come and who is not settled yet. */
    private readonly expire: (holder: T) => void,
  ) {}

  /** Starts `holder`'s wait: its deadline is `waitMs` from now. */
  add(holder: T): void {
    const now = this.clock.now();
    holder.expiresAt = now + this.waitMs;
    // Callers settled at the head are let go as new ones come, so a busy scheduler's line stays short.
    this.skipSettled();
    this.line.push(holder);
    if (this.timer === null) this.arm(now);
  }

  /** Every caller is settled: the line is emptied and its timer stopped. */
  clear(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
    this.line = [];
    this.head = 0;
  }

  /** Callers in the line, settled ones included (for tests and figures). */
  get size(): number {
    return this.line.length - this.head;
  }

  /** Whether the line's timer is set. */
  get timing(): boolean {
    return this.timer !== null;
  }

  private arm(now: number): void {
    this.skipSettled();
    if (this.head >= this.line.length) {
      this.clear();
      return;
    }
    const at = this.line[this.head].expiresAt;
    if (this.timer !== null && this.timerAt <= at) return;
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timerAt = at;
    this.timer = this.clock.setTimer(() => this.ring(), Math.max(0, at - now));
  }

  private ring(): void {
    this.timer = null;
    // The time the timer was set for has come, whatever the clock says (a clock behind the timers must not keep the
    // line from ever expiring).
    const now = Math.max(this.clock.now(), this.timerAt);
    // Expiring a caller may settle others (or add new ones): each is looked at as the line stands then.
    while (this.head < this.line.length) {
      const holder = this.line[this.head];
      if (holder.settled) {
        this.head++;
        continue;
      }
      if (holder.expiresAt > now) break;
      this.head++;
      this.expire(holder);
    }
    this.compact();
    this.arm(now);
  }

  private skipSettled(): void {
    while (this.head < this.line.length && this.line[this.head].settled) this.head++;
    this.compact();
  }

  private compact(): void {
    if (this.head >= COMPACT_AFTER && this.head * 2 >= this.line.length) {
      this.line = this.line.slice(this.head);
      this.head = 0;
    }
  }
}
