/** A virtual clock for scheduler tests: timers run only when the test advances time. */
export class VirtualClock {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start = 0) {
    this.t = start;
  }

  readonly now = (): number => this.t;
  readonly setTimeout = (fn: () => void, ms: number): number => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  };
  readonly clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time forward, running due timers in order and letting promise chains settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await settleMicrotasks();
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const timer of this.timers) if (timer[1].at <= end && (!next || timer[1].at < next[1].at)) next = timer;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
    this.t = end;
    await settleMicrotasks();
  }
}

export const settleMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));
