/**
 * Reading the rows under a block of results, for the total row the add-in writes there: the first column's cells below
 * the block (one look at what is used), and one row's cells. The total's record and an earlier version's words
 * (total-row.ts, legacy-total.ts) both find their row through these.
 */
import { type CellBlock, MAX_ROWS, fullAddress } from './address';
import { type ReadCell, type WorkbookPort, WorkbookError } from './workbook-port';

/** The cells of `block`'s first column below it, each with its 0-based row; none when nothing is used there. */
export async function firstColumnBelow(
  book: WorkbookPort,
  block: CellBlock,
): Promise<Array<{ row: number; value: ReadCell }>> {
  const first = block.row + block.rows;
  if (first >= MAX_ROWS) return [];
  const status: CellBlock = {
    sheet: block.sheet,
    row: first,
    column: block.column,
    rows: MAX_ROWS - first,
    columns: 1,
  };
  const used = await book.usedAddress(status);
  if (used === null) return [];
  const read = await book.readRange(block.sheet, used);
  return read.values.map((r, i) => ({ row: read.rowIndex + i, value: r[0] ?? '' })).filter((c) => c.row >= first);
}

/** The `width` cells of row `row` from `block`'s first column, or null when the row is empty there. */
export async function rowCells(
  book: WorkbookPort,
  block: CellBlock,
  row: number,
  width: number,
): Promise<readonly ReadCell[] | null> {
  try {
    const read = await book.readRange(block.sheet, fullAddress({ ...block, row, rows: 1, columns: width }));
    if (read.rowIndex !== row || read.columnIndex !== block.column) return null;
    return Array.from({ length: width }, (_, c) => read.values[0]?.[c] ?? '');
  } catch (e) {
    if (e instanceof WorkbookError && (e.kind === 'empty' || e.kind === 'no-sheet')) return null;
    throw e;
  }
}
