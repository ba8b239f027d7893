/**
 * The pauses an upstream asked for, kept per credentials. A busy answer (503 or 429 with `Retry-After`) is the
 * upstream's answer to one login's request: in pass-through mode each user sends their own login, and one user's
 * throttled login must not hold every other user's requests. So a pause holds the requests sent with the same
 * credentials only (with a team key every request carries the team's, and the whole team waits, as it must).
 *
 * A busy answer that was meant for everyone (the upstream overloaded as a whole) is learnt once per login: each
 * other login's next request meets it and pauses that login in turn. That costs the upstream one request per
 * login during such a pause, which it answers at once.
 */
import { credentialsKey } from './credentials-key';

/** The key of a request without credentials of its own: they share one pause. */
export const NO_CREDENTIALS = credentialsKey('');

interface Pause {
  /** The gate is closed for these credentials until then (ms since the epoch). */
  until: number;
  /** Until then a new request is refused at once (the pause was capped: the upstream asked for the maximum). */
  refusingUntil: number;
}

export class Pauses {
  private readonly byKey = new Map<string, Pause>();

  constructor(private readonly now: () => number) {}

  /** When the gate opens again for `key` (ms since the epoch; past or 0 when open). */
  until(key: string): number {
    return this.byKey.get(key)?.until ?? 0;
  }

  /** Milliseconds until the gate opens again for `key`; 0 when open. */
  forMs(key: string): number {
    return Math.max(0, this.until(key) - this.now());
  }

  /** Milliseconds new requests with `key` are still refused at once; 0 when not. */
  refusingForMs(key: string): number {
    return Math.max(0, (this.byKey.get(key)?.refusingUntil ?? 0) - this.now());
  }

  /**
   * Closes the gate for `key` for `ms` from now (never shortens a longer pause); `refusing`: new requests are
   * refused at once meanwhile. Returns when the gate opens again for `key`.
   */
  hold(key: string, ms: number, refusing = false): number {
    const now = this.now();
    this.forget(now);
    const pause = this.byKey.get(key) ?? { until: 0, refusingUntil: 0 };
    pause.until = Math.max(pause.until, now + ms);
    if (refusing) pause.refusingUntil = pause.until;
    this.byKey.set(key, pause);
    return pause.until;
  }

  /** The longest pause in force, in ms (for /healthz), and how many credentials are paused. */
  summary(): { longestMs: number; paused: number } {
    const now = this.now();
    let longestMs = 0;
    let paused = 0;
    for (const { until } of this.byKey.values()) {
      if (until <= now) continue;
      paused++;
      longestMs = Math.max(longestMs, until - now);
    }
    return { longestMs, paused };
  }

  /** Drops the pauses that have ended, so the book holds only credentials paused now. */
  private forget(now: number): void {
    for (const [key, pause] of this.byKey) if (pause.until <= now) this.byKey.delete(key);
  }
}
