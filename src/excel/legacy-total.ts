/**
 * The total row of a workbook priced before the add-in recorded its total (its results record has no `total`): known
 * by its Status words, once. The next run records the total it writes, and from then on it is known by that record
 * (total-row.ts). The one place the add-in reads its own total's words.
 */
import { PRICED_BOM_COLUMNS } from '../purchase/priced-layout';
import type { CellBlock } from './address';
import { firstColumnBelow, rowCells } from './rows-below';
import type { WorkbookPort } from './workbook-port';
import { type TotalRecord, fingerprintRow } from './own-cells';

const STATUS = 0;
const EXTENDED = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'extended');
const CURRENCY = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'currency');
const WIDTH = PRICED_BOM_COLUMNS.length;
/** How the total's Status cell began in every version that wrote one. */
const WRITTEN = 'Total for ';
const MARKED = 'stale: ';

/** Whether a Status cell reads as a total row of an earlier version (as written, or marked stale). */
function wasTotal(text: string): boolean {
  return text.startsWith(WRITTEN) || (text.startsWith(MARKED) && text.includes(`(was: ${WRITTEN}`));
}

/**
 * Whether a row of the results' width reads as an earlier version's total row: its Status cell reads as one and every
 * cell but Status, Extended and Currency is empty. A user's own "Total for …" note beside other data is never taken
 * for it, so clearing a total can never wipe a user's cells.
 */
export function wasTotalRow(cells: readonly unknown[]): boolean {
  if (!wasTotal(String(cells[STATUS] ?? ''))) return false;
  return cells.every(
    (v, i) => i === STATUS || i === EXTENDED || i === CURRENCY || v === '' || v === null || v === undefined,
  );
}

/** An earlier version's total rows below `block`, each as a record (the row's cells as they read now). */
export async function legacyTotalsBelow(book: WorkbookPort, block: CellBlock): Promise<TotalRecord[]> {
  const found: TotalRecord[] = [];
  for (const { row, value } of await firstColumnBelow(book, block)) {
    const text = String(value ?? '');
    if (!wasTotal(text)) continue;
    const cells = await rowCells(book, block, row, WIDTH);
    if (cells && wasTotalRow(cells)) found.push({ row, cells: fingerprintRow(cells), text });
  }
  return found;
}
