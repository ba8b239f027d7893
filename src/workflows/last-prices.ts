/**
 * What a run keeps of the run before it: lines whose lookup failed keep their last values (marked stale), and which
 * lines are old enough that "Refresh stale" prices them again. Pure rules over priced lines.
 */
import type { PricedBomLine } from '../purchase/price-lines';

/**
 * Lines whose lookup failed keep the values of the run before, marked stale with the reason, when there are such
 * values for the same row and part; the others are marked stale too, and the sheet keeps what it holds for them.
 */
export function keepLastPrices(lines: readonly PricedBomLine[], before: readonly PricedBomLine[]): PricedBomLine[] {
  const previous = new Map(before.map((l) => [l.row, l]));
  return lines.map((line) => {
    if (line.lookupError === null || line.lookupError === 'cancelled') return line;
    const stale = `${line.statusReason}; last values kept`;
    const last = previous.get(line.row);
    if (
      last &&
      last.partNumber === line.partNumber &&
      last.matchedPart !== null &&
      (last.status === 'priced' || last.status === 'short')
    ) {
      return { ...last, stale, lookupError: line.lookupError };
    }
    return { ...line, stale };
  });
}

/**
 * How many lines are older than the cache time (`ttlMinutes`) at `now`: what "Refresh stale" prices again. A line
 * never priced counts unless it is skipped.
 */
export function staleLineCount(lines: readonly PricedBomLine[], ttlMinutes: number, now: Date): number {
  const ttl = ttlMinutes * 60_000;
  return lines.filter((l) => {
    if (l.asOf === null) return l.status !== 'skipped';
    const at = l.asOf instanceof Date ? l.asOf.getTime() : Date.parse(String(l.asOf));
    return now.getTime() - at >= ttl;
  }).length;
}
