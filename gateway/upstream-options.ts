/**
 * What an upstream's gate (upstream.ts) is built with, and the figures it reports for /healthz.
 */
import type { SharedGate } from './redis';

export interface UpstreamOptions {
  /** What the logs and errors call it: "item service", "checkout", "test checkout". */
  name: string;
  /** `http(s)://host[:port][/prefix]`. */
  baseUrl: string;
  /** Requests a second the gateway sends at most (0: no spacing). */
  perSecond: number;
  /** Requests in flight at once. */
  maxInFlight?: number;
  timeoutMs?: number;
  /** Back-off when the upstream says busy without saying for how long. */
  busyPauseMs?: number;
  /** Longest the gate stays closed after a busy answer, whatever the upstream asked for (default 60 s). */
  maxPauseMs?: number;
  /** Requests one client may have waiting at the gate (default 32). */
  clientQueue?: number;
  /** Requests all clients together may have waiting at the gate (default 512). */
  queueLimit?: number;
  /** Longest a request waits at the gate by default, from its arrival (default 2 minutes). */
  maxWaitMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** Bytes of an answer read at most (default MAX_UPSTREAM_ANSWER_BYTES); past it the request fails. */
  maxAnswerBytes?: number;
  /**
   * The gate shared by every instance (in Redis): `perSecond` is then the rate of all of them together, and a
   * pause one instance learns holds the others too. While it cannot be reached this instance sends at most
   * `fallbackPerSecond` on its own.
   */
  shared?: { gate: SharedGate; fallbackPerSecond: number };
}

export interface UpstreamStats {
  /** Requests sent to the upstream (every attempt). */
  requests: number;
  /** Answers that said busy (429, or 503 with rate-limit headers). */
  busy: number;
  /** Requests that got no answer (refused connection, timeout). */
  unreachable: number;
  queued: number;
  inFlight: number;
  /** Requests refused at the gate (closed, line full, waited too long, stopping) and dropped (client gone). */
  refused: number;
  dropped: number;
  /** Milliseconds until the gate opens again after a busy answer, for the credentials paused longest; 0: none. */
  pausedForMs: number;
  /** Credentials (logins, or the team's) the upstream has paused now. */
  pausedCredentials: number;
}
