/**
 * Heavy work on the gateway's thread held for the gate's next turn (Upstream.afterNextTurn): reading a large answer
 * holds the event loop for a tenth of a second and more, so a request whose turn is that close goes first. The turns
 * counted are those of requests waiting at the gate and those claimed by a sender that keeps its request until its
 * turn (a lookup scheduler, Upstream.claimTurn).
 */

/** How long after the turn it waited for, held work goes on when no request went. */
const TURN_GRACE_MS = 25;
/** A claimed turn no request was handed over for this long after it is forgotten (its sender had nothing left). */
const CLAIM_LAPSES_MS = 1000;

export class TurnHolds {
  /** The turn each sender keeping a request claimed. */
  private readonly claims = new Map<object, number>();
  /** Work held until a request goes. */
  private readonly held = new Set<() => void>();

  /** `claimant` keeps its request until `at` (a later estimate replaces an earlier one). */
  claim(claimant: object, at: number): void {
    this.claims.set(claimant, at);
  }

  /** `claimant` handed its request to the gate: it counts there from now on. */
  handedOver(claimant: object): void {
    this.claims.delete(claimant);
  }

  /**
   * The earliest turn claimed, also when overdue (its sender's timer held up by the very work now asking) until its
   * request is handed over; Infinity when none. Claims overdue for long are forgotten.
   */
  claimedTurn(now: number): number {
    let earliest = Infinity;
    for (const [claimant, at] of this.claims) {
      if (at <= now - CLAIM_LAPSES_MS) this.claims.delete(claimant);
      else earliest = Math.min(earliest, at);
    }
    return earliest;
  }

  /** Resolves once a request has gone (and its sending has had a turn), or a moment after `dueIn` if none does. */
  hold(dueIn: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(fallback);
        this.held.delete(release);
        resolve();
      };
      const fallback = setTimeout(release, Math.max(0, dueIn) + TURN_GRACE_MS);
      this.held.add(release);
    });
  }

  /** A request went through the gate: held work goes on once its sending has had a turn. */
  wentThrough(): void {
    if (this.held.size === 0) return;
    const released = [...this.held];
    this.held.clear();
    setImmediate(() => {
      for (const release of released) release();
    });
  }

  /** The gate closes: nothing stays held, and no turn is claimed. */
  releaseAll(): void {
    this.claims.clear();
    for (const release of [...this.held]) release();
  }
}
