import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets a long piece of work give the event loop back every few milliseconds, so that one heavy request
 * (a list search of a thousand prefixes) delays the others by one slice at most, not by its whole run.
 */
export class Slices {
  private started = process.hrtime.bigint();

  constructor(private readonly sliceNs = 3_000_000n) {}

  /** Yields to waiting I/O when the current slice is used up; otherwise returns at once. */
  async breathe(): Promise<void> {
    if (process.hrtime.bigint() - this.started < this.sliceNs) return;
    await nextTurn();
    this.started = process.hrtime.bigint();
  }
}
