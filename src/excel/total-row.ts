/**
 * The total row under the priced table: written from the run's summary, found again by its Status text, marked
 * stale with the lines, and cleared when a shorter BOM leaves an earlier one behind.
 */
import type { SummaryEntry } from '../purchase/summary-entries';
import { PRICED_BOM_COLUMNS, safeText } from '../purchase/priced-layout';
import { type CellBlock, MAX_ROWS, fullAddress, parseAddress } from './address';
import type { WorkbookPort, WriteCell } from './workbook-port';
import { STATUS_FILLS } from './status-fills';

/** How a total row's Status cell begins: how the add-in finds its own total rows again. */
export const TOTAL_PREFIX = 'Total';

const STATUS = 0;
const EXTENDED = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'extended');
const CURRENCY = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'currency');

/** Whether a Status cell is the add-in's total row (as written, or marked stale). */
function isOwnTotal(text: string): boolean {
  return (
    text.startsWith(`${TOTAL_PREFIX} for `) ||
    (text.startsWith('stale: ') && text.includes(`(was: ${TOTAL_PREFIX} for `))
  );
}

/**
 * Whether a row of the results' width is the add-in's total row: its Status cell reads as one and every cell but
 * Status, Extended and Currency is empty. A user's own "Total for …" note beside other data is never taken for it,
 * so clearing a total can never wipe a user's cells.
 */
export function isOwnTotalRow(cells: readonly unknown[]): boolean {
  if (!isOwnTotal(String(cells[STATUS] ?? ''))) return false;
  return cells.every(
    (v, i) => i === STATUS || i === EXTENDED || i === CURRENCY || v === '' || v === null || v === undefined,
  );
}

/** Total rows of the add-in below `block` (a shorter BOM leaves its last total behind), with their Status text. */
async function totalsBelow(book: WorkbookPort, block: CellBlock): Promise<Array<{ row: number; text: string }>> {
  const first = block.row + block.rows;
  const status: CellBlock = {
    sheet: block.sheet,
    row: first,
    column: block.column,
    rows: MAX_ROWS - first,
    columns: 1,
  };
  const used = await book.usedAddress(status);
  if (used === null) return [];
  const statusRead = await book.readRange(block.sheet, used);
  const candidates = statusRead.values
    .map((r, i) => ({ row: statusRead.rowIndex + i, text: String(r[0] ?? '') }))
    .filter((t) => isOwnTotal(t.text));
  const own: Array<{ row: number; text: string }> = [];
  for (const candidate of candidates) {
    const row = await book.readRange(
      block.sheet,
      fullAddress({ ...block, row: candidate.row, rows: 1, columns: PRICED_BOM_COLUMNS.length }),
    );
    if (isOwnTotalRow(row.values[0] ?? [])) own.push(candidate);
  }
  return own;
}

/** Clears the add-in's total rows under a priced block (before a new one is written, or when the block moves). */
export async function clearTotalsBelow(book: WorkbookPort, block: CellBlock): Promise<void> {
  for (const { row } of await totalsBelow(book, block))
    await book.clear({ ...block, row, rows: 1, columns: PRICED_BOM_COLUMNS.length }, 'all');
}

/** Marks the total row under the priced table at `address` stale, as markResultsStale marks the lines. */
export async function markTotalStale(book: WorkbookPort, address: string, why: string): Promise<void> {
  const block = parseAddress(address);
  for (const { row, text } of await totalsBelow(book, block)) {
    await book.writeBlock(
      block.sheet,
      row,
      block.column,
      [[safeText(`stale: ${why} (was: ${text})`)]],
      ['@'],
      [{ row, column: block.column, color: STATUS_FILLS.stale.color }],
    );
  }
}

/**
 * Writes the total row right under the priced table at `address` (the block writePricedResults wrote): the
 * summary's build total in the Extended column, its currency beside it, in bold. Every other total row of the
 * add-in further down (an earlier, longer BOM's) is cleared. The row is the user's when it holds anything but an
 * add-in total, in the results' columns or in the BOM's (`bom`, the BOM's own cells: a line typed just under the
 * range read): then nothing is written there (the Summary sheet has the figures; a total of the last run there is
 * cleared) and null is returned; otherwise the total row's address.
 */
export async function writeResultsTotal(
  book: WorkbookPort,
  address: string,
  total: SummaryEntry,
  currency: string | null,
  bom?: Pick<CellBlock, 'sheet' | 'column' | 'columns'>,
): Promise<string | null> {
  const block = parseAddress(address);
  const row = block.row + block.rows;
  if (row >= MAX_ROWS) return null;
  // One look at the add-in's totals below: the one right under the table is written over, the others go.
  const totals = await totalsBelow(book, block);
  for (const t of totals)
    if (t.row !== row) await book.clear({ ...block, row: t.row, rows: 1, columns: PRICED_BOM_COLUMNS.length }, 'all');
  const under: CellBlock = { ...block, row, rows: 1, columns: PRICED_BOM_COLUMNS.length };
  if (!totals.some((t) => t.row === row) && (await book.usedAddress(under)) !== null) return null;
  // A filled row under the BOM's own columns is the user's (a line added under the range), whatever the results hold:
  // the last run's total there, written before the line was typed, goes rather than stand beside it with old figures.
  if (bom && bom.sheet === block.sheet && (await book.usedAddress({ ...bom, row, rows: 1 })) !== null) {
    if (totals.some((t) => t.row === row)) await book.clear(under, 'all');
    return null;
  }
  const values: WriteCell[] = PRICED_BOM_COLUMNS.map(() => '');
  values[STATUS] = safeText(currency ? `${total.label} (${currency})` : `${total.label}: nothing priced`);
  values[EXTENDED] = typeof total.value === 'number' ? total.value : '';
  values[CURRENCY] = currency ?? '';
  const report = await book.writeBlock(
    block.sheet,
    row,
    block.column,
    [values],
    PRICED_BOM_COLUMNS.map((c) => c.numberFormat),
    [
      {
        row,
        column: block.column,
        columns: values.length,
        color: total.partial ? STATUS_FILLS.shortOfNeed.color : null,
      },
    ],
  );
  await book.styleHeader(
    block.sheet,
    row,
    block.column,
    PRICED_BOM_COLUMNS.map((c) => c.width),
  );
  return report.address;
}
