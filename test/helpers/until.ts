/**
 * Waits until `check` holds, asking every 50 ms: the milliseconds it took; past `deadlineMs` it throws, saying
 * `what` was still not so. For what other processes or timers bring about (a gateway sharing again, a revoke in force).
 * The deadline counts the time this process could run (gateway/redis-latency.ts LoopLag): on a machine whose cores
 * are all taken, a timer of the instances under test (in this process) comes late by as much as the test's own, and
 * that lateness is the machine's, not theirs. A promise broken while the process runs still fails.
 */
import { LoopLag } from '../../gateway/redis-latency';

export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  deadlineMs = 15_000,
): Promise<number> {
  const clock = new LoopLag();
  const start = { at: clock.now(), blocked: clock.blockedNow() };
  const ran = () => clock.now() - start.at - (clock.blockedNow() - start.blocked);
  try {
    while (!(await check())) {
      if (ran() > deadlineMs) throw new Error(`still not so after ${deadlineMs} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Math.round(ran());
  } finally {
    clock.close();
  }
}
