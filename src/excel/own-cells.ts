/**
 * Whether a cell of the results block is still the add-in's: it reads what the add-in wrote there. Results without
 * a header row have nothing else to be known by, and rows an earlier run left behind must never take a cell the
 * user typed into since.
 */
import type { ReadCell, WriteCell } from './gateway';

/** Where the add-in wrote priced results last and the cells it wrote, row by row from the block's top. */
export interface ResultsRecord {
  address: string;
  cells: ReadonlyArray<readonly WriteCell[]>;
}

/** A written cell as Excel reads it back: a leading apostrophe is the quote prefix, not part of the text. */
function asRead(written: WriteCell): string {
  if (written === null) return '';
  const text = String(written);
  return typeof written === 'string' && text.startsWith("'") ? text.slice(1) : text;
}

/**
 * Whether `current` is what the add-in wrote (`written`). A Status cell also counts once the add-in marked it stale
 * ("stale: <why> (was: <what it read>)", see markResultsStale).
 */
export function readsAsWritten(written: WriteCell | undefined, current: ReadCell | undefined, status: boolean): boolean {
  if (written === undefined || written === null) return false;
  const now = String(current ?? '');
  const was = asRead(written);
  if (now === was) return true;
  return status && was !== '' && now.startsWith('stale: ') && now.endsWith(`(was: ${was})`);
}
