/**
 * The time this process could not run: its event loop held by its own work, or the machine giving its core to
 * others (a loaded CI machine runs several test files and Nodes at once). Timers and sockets are served late by as
 * much, so a test that bounds what happens in some milliseconds judges on the time the process could run, as the
 * gateway judges Redis (gateway/redis-latency.ts, whose LoopLag measures it here too).
 */
import { LoopLag } from '../../gateway/redis-latency';

const lag = new LoopLag();

/** A clock of the time this process could run, in ms: wall time less the time it was held. */
export function runningNow(): number {
  return performance.now() - lag.blockedNow();
}

/** A stopwatch of the time held from now: how many ms, so far, this process could not run. */
export function heldTime(): () => number {
  const at = lag.blockedNow();
  return () => lag.blockedNow() - at;
}
