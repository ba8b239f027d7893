/**
 * Cuts `items` into runs of at most `maxBatch` whose measured size (a URL length) is within `budget`.
 * A run over budget is cut into as many near-equal pieces as the overshoot suggests, and each piece is
 * measured again. A single item over budget cannot be sent: it is returned in `oversize`.
 */
export function splitIntoBatches<T>(
  items: readonly T[],
  maxBatch: number,
  budget: number,
  measure: (batch: T[]) => number,
): { batches: T[][]; oversize: T[] } {
  const batches: T[][] = [];
  const oversize: T[] = [];
  const size = Math.max(1, Math.floor(maxBatch));
  const fit = (run: T[]): void => {
    if (run.length === 0) return;
    const length = measure(run);
    if (length <= budget) {
      batches.push(run);
      return;
    }
    if (run.length === 1) {
      oversize.push(run[0]);
      return;
    }
    const pieces = Math.min(run.length, Math.max(2, Math.ceil(length / Math.max(1, budget))));
    const each = Math.ceil(run.length / pieces);
    for (let i = 0; i < run.length; i += each) fit(run.slice(i, i + each));
  };
  for (let i = 0; i < items.length; i += size) fit(items.slice(i, i + size));
  return { batches, oversize };
}
