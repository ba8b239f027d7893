/**
 * Waits until `check` holds, asking every 50 ms: the milliseconds it took; past `deadlineMs` it throws, saying
 * `what` was still not so. For what other processes or timers bring about (a gateway sharing again, a revoke in force).
 */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  deadlineMs = 15_000,
): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > deadlineMs) throw new Error(`still not so after ${deadlineMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - start;
}
