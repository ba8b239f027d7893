import { setImmediate as nextTurn } from 'node:timers/promises';

/** Time a long piece of work runs between two breaths when it runs alone. */
export const SLICE_NS = 3_000_000n;

/**
 * Lets a long piece of work give the event loop back every few milliseconds, so that one heavy request
 * (a list search of a thousand prefixes) delays the others by one slice at most, not by its whole run. The slice may
 * be a share that changes as it runs (several heavy requests at once split one slice between them).
 */
export class Slices {
  private started = process.hrtime.bigint();

  constructor(private readonly sliceNs: bigint | (() => bigint) = SLICE_NS) {}

  /** Yields to waiting I/O when the current slice is used up; otherwise returns at once. */
  async breathe(): Promise<void> {
    const slice = typeof this.sliceNs === 'bigint' ? this.sliceNs : this.sliceNs();
    if (process.hrtime.bigint() - this.started < slice) return;
    await nextTurn();
    this.started = process.hrtime.bigint();
  }
}
