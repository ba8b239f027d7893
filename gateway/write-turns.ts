/**
 * List answers written one after another rather than all at once. When an upstream answer completes the searches of
 * many clients together (a team pricing at once), writing their answers side by side, a piece of each in turn, has
 * every one of them arrive at the end of the writing; a client can read an answer only once it has all of it. Written
 * one at a time, the first client has its whole answer after one answer's writing, the next after two, and none later
 * than side by side, give or take the answers written before it. A client cannot hold the others: an answer whose
 * client stops taking its pieces passes the turn on and goes on by itself, an answer holds the turn for a bounded
 * time, no answer waits for its turn longer than a bound, and one whose client leaves gives up its place at once.
 */

export interface WriteTurnsOptions {
  /** An answer whose next piece is not taken for this long passes the turn on (its client reads slowly or not). */
  stallMs: number;
  /** No answer waits longer than this for its turn: it is then written beside the others. */
  maxWaitMs: number;
  /** No answer holds the turn longer than this: it then goes on beside the others. */
  maxHoldMs: number;
}

/** One answer's place: waiting, holding the turn, or done with it. */
interface Place {
  state: 'waiting' | 'holding' | 'done';
  grant: () => void;
}

export class WriteTurns {
  private holder: Place | null = null;
  private readonly line: Place[] = [];

  constructor(private readonly options: WriteTurnsOptions) {}

  /**
   * `pieces`, produced only once it is this answer's turn (or it has waited `maxWaitMs`); nothing at all when `gone`
   * (its client left) is aborted first.
   */
  async *inTurn(pieces: Iterable<Buffer>, gone?: AbortSignal): AsyncGenerator<Buffer> {
    let granted!: () => void;
    const ready = new Promise<void>((resolve) => (granted = resolve));
    const place: Place = { state: 'waiting', grant: granted };
    let stall: ReturnType<typeof setTimeout> | undefined;
    let held: ReturnType<typeof setTimeout> | undefined;
    try {
      if (this.holder === null) this.hold(place);
      else {
        this.line.push(place);
        const leave = () => this.leaveLine(place);
        const waited = setTimeout(leave, this.options.maxWaitMs);
        waited.unref();
        gone?.addEventListener('abort', leave, { once: true });
        await ready;
        clearTimeout(waited);
        gone?.removeEventListener('abort', leave);
      }
      if (gone?.aborted) return;
      if (place.state === 'holding') {
        held = setTimeout(() => this.pass(place), this.options.maxHoldMs);
        held.unref();
      }
      let taken = 0;
      for (const piece of pieces) {
        if (place.state === 'holding') {
          const before = taken;
          // A stall is the client's only when the gateway has read what is pending: the timer may fire late, after
          // the gateway's own work (assembling other answers), with the client's progress not yet read. One turn that
          // reads pending I/O comes first; a piece taken meanwhile means the client is reading.
          stall = setTimeout(() => setImmediate(() => taken === before && this.pass(place)), this.options.stallMs);
          stall.unref();
        }
        yield piece;
        taken++;
        clearTimeout(stall);
      }
    } finally {
      clearTimeout(stall);
      clearTimeout(held);
      this.pass(place);
    }
  }

  /** Answers waiting for their turn; for tests and figures. */
  get waiting(): number {
    return this.line.length;
  }

  private hold(place: Place): void {
    place.state = 'holding';
    this.holder = place;
    place.grant();
  }

  /** Waited long enough: written beside the others, without the turn. */
  private leaveLine(place: Place): void {
    const at = this.line.indexOf(place);
    if (at === -1) return;
    this.line.splice(at, 1);
    place.state = 'done';
    place.grant();
  }

  /**
   * `place` is done with the turn (its answer is written, stalled, held long enough, or its client left): the next
   * one has it. A place never ends while waiting: its wait ends first (its turn, `leaveLine`), since an async
   * generator's `return()` waits for its pending `await`.
   */
  private pass(place: Place): void {
    if (place.state !== 'holding') return;
    place.state = 'done';
    if (this.holder !== place) return;
    this.holder = null;
    const next = this.line.shift();
    if (next) this.hold(next);
  }
}
