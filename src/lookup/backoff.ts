import type { RetryOptions } from './types';

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 4, baseMs: 250, capMs: 8000, maxWaitMs: 30_000 };

/**
 * How long to wait after the `attempt`-th attempt failed (1-based): exponential backoff with full jitter,
 * at least what the service asked for (`retryAfterMs`), never more than `maxWaitMs`.
 */
export function retryDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  options: RetryOptions,
  random: () => number,
): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const r = Math.min(Math.max(random(), 0), 1);
  let delay = r * ceiling;
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs > delay) delay = retryAfterMs;
  return Math.max(0, Math.min(delay, options.maxWaitMs));
}
