/**
 * Status cells an earlier version marked stale, in results whose record predates stale marks (its `stale` is absent):
 * known by their words once, "stale: <why> (was: <what the add-in wrote>)". Records kept since hold the mark itself
 * (own-cells.ts), and no code reads these words for them; so does the stale note of a Price breaks sheet. The one
 * place the add-in reads its stale marks' words.
 */
import { cellFingerprint } from './own-cells';
import type { ReadCell } from './workbook-port';

const MARK = 'stale: ';
const WAS = '(was: ';

/** Whether a Price breaks note reads as the stale note an earlier version wrote there ("stale: <why>"). */
export function wasStaleNote(current: string): boolean {
  return current.startsWith(MARK);
}

/** Whether `current` reads as an earlier version's stale mark over a Status cell whose fingerprint is `written`. */
export function wasMarkedStale(written: string | undefined, current: ReadCell | undefined): boolean {
  const now = String(current ?? '');
  if (written === undefined || !now.startsWith(MARK) || !now.endsWith(')')) return false;
  // What the cell said before may itself hold "(was: ": each place it could start is tried.
  for (let i = now.indexOf(WAS); i >= 0; i = now.indexOf(WAS, i + 1))
    if (cellFingerprint(now.slice(i + WAS.length, -1)) === written) return true;
  return false;
}
