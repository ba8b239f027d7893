/**
 * One reader of a list of counts as a user writes it, for the number of boards of a BOM and the build quantities of
 * a purchase list alike: "10", "1,000", "1_000", "1, 10, 100", "1,10,100", "10;20;50" or "10 20 50".
 */
import { groupedCount } from './plural';

const GROUPED = /^\d{1,3}(?:,\d{3})+$/;

/**
 * The pieces of a list of counts as written, in order: separated by commas, semicolons or spaces; a piece that reads
 * as one number with thousands separators ("1,000", "1,100") is that number, without them — write "1, 100" or
 * "1;100" for two.
 */
export function countPieces(text: string): string[] {
  return text
    .trim()
    .split(/,\s+|;|\s+/)
    .filter((p) => p !== '')
    .flatMap((p) => (GROUPED.test(p) ? [p.replace(/,/g, '')] : p.split(',')));
}

export interface CountListRule {
  /** What one count is of, for the messages: "boards", "builds". */
  noun: string;
  /** How a wrong piece is named: "each number of boards", "the builds after 'A.csv:'". */
  subject: string;
  /** The largest count allowed (the smallest is 1). */
  max: number;
}

/**
 * The counts of `text` in the order written, each a whole number from 1 to `rule.max`. Throws a RangeError in the
 * user's words naming the piece that is not one (or saying that none was given).
 */
export function parseCountList(text: string, rule: CountListRule): number[] {
  const pieces = countPieces(text);
  if (pieces.length === 0)
    throw new RangeError(`give the number of ${rule.noun}, or several separated by commas (10, 20, 50)`);
  return pieces.map((p) => {
    const digits = p.replace(/_/g, '');
    if (!/^\d{1,7}$/.test(digits) || Number(digits) < 1 || Number(digits) > rule.max)
      throw new RangeError(`${rule.subject} must be a whole number from 1 to ${groupedCount(rule.max)}; got '${p}'`);
    return Number(digits);
  });
}

/** A list of counts as a field shows it and parseCountList reads it back: "1, 10, 100, 1,000". */
export function countListText(counts: readonly number[]): string {
  return counts.map((c) => groupedCount(c)).join(', ');
}
