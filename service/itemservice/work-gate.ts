/**
 * At most a few heavy pieces of work (list searches) at once; the others wait their turn in arrival order. Each list
 * search gives the event loop back every few milliseconds (slices.ts), but a hundred of them at once still make every
 * other request wait a hundred slices per turn of the loop: a token search then took seconds. With the gate it waits
 * a few slices, whatever the number of list searches in line.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Pieces of work running now. */
  get active(): number {
    return this.running;
  }

  /** Runs `work` once fewer than `limit` others run; resolves or rejects as it does. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    // The finishing work hands its place over directly, so a newcomer cannot pass those in line.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
