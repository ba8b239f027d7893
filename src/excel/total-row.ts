/**
 * The total row under the priced table: written from the run's summary and recorded (its row and the fingerprint of
 * its cells, TotalRecord), found again by that record, marked stale with the lines, and cleared when a shorter BOM
 * leaves it behind. A workbook whose record predates the total's is read once by its words (legacy-total.ts).
 */
import type { SummaryEntry } from '../purchase/summary-entries';
import { PRICED_BOM_COLUMNS, safeText } from '../purchase/priced-layout';
import { type CellBlock, MAX_ROWS, parseAddress } from './address';
import type { WorkbookPort, WriteCell } from './workbook-port';
import { STATUS_FILLS } from './status-fills';
import {
  type ResultsRecord,
  type TotalRecord,
  cellFingerprint,
  cellMark,
  fingerprintRow,
  readsAsWritten,
} from './own-cells';
import { legacyTotalsBelow, wasTotalRow } from './legacy-total';
import { firstColumnBelow, rowCells } from './rows-below';

const STATUS = 0;
const EXTENDED = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'extended');
const CURRENCY = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'currency');
const WIDTH = PRICED_BOM_COLUMNS.length;

/** The record the add-in kept of its last results, as far as the total row is concerned. */
export type TotalsKnown = Pick<ResultsRecord, 'address' | 'total'> | null | undefined;

/** Whether `row` (a row's cells) reads as the recorded total row: each cell as written, the Status also as marked stale. */
function readsAsTotal(cells: readonly unknown[], total: TotalRecord): boolean {
  for (let c = 0; c < WIDTH; c++) {
    const v = cells[c];
    const text = v === null || v === undefined ? '' : (v as string | number | boolean);
    if (!readsAsWritten(cellMark(total.cells, c), text, c === STATUS ? total.stale : undefined)) return false;
  }
  return true;
}

/**
 * Whether `cells`, row `row` right under the add-in's last results, is its total row: by the results record's total
 * (`total`), or for a record that predates it (undefined), by its words (legacy-total.ts).
 */
export function isKnownTotalRow(
  cells: readonly unknown[],
  row: number,
  total: TotalRecord | null | undefined,
): boolean {
  if (total === undefined) return wasTotalRow(cells);
  return total !== null && total.row === row && readsAsTotal(cells, total);
}

/**
 * The add-in's total rows below `block`: the one `known` records, where it is below the block on its sheet and in its
 * columns and its cells still read as written (where rows were inserted or deleted above it since, the row below the
 * block whose cells read as the recorded ones); for a workbook whose record predates the total's, those its words say
 * are the add-in's. A row the user has typed into since is theirs, and never taken.
 */
async function totalsBelow(book: WorkbookPort, block: CellBlock, known: TotalsKnown): Promise<TotalRecord[]> {
  if (!known || known.total === undefined) return legacyTotalsBelow(book, block);
  const total = known.total;
  if (total === null) return [];
  let at: CellBlock;
  try {
    at = parseAddress(known.address, block.sheet);
  } catch {
    return [];
  }
  if (at.sheet.toLowerCase() !== block.sheet.toLowerCase() || at.column !== block.column) return [];
  const first = block.row + block.rows;
  if (total.row >= first && total.row < MAX_ROWS) {
    const cells = await rowCells(book, block, total.row, WIDTH);
    if (cells && readsAsTotal(cells, total)) return [total];
  }
  return movedTotal(book, block, total);
}

/**
 * The recorded total where rows above it were inserted or deleted since: the first row below the block whose Status
 * reads as the recorded one (as written, or as marked stale) and whose cells all read as recorded.
 */
async function movedTotal(book: WorkbookPort, block: CellBlock, total: TotalRecord): Promise<TotalRecord[]> {
  for (const { row, value } of await firstColumnBelow(book, block)) {
    if (!readsAsWritten(cellMark(total.cells, STATUS), value, total.stale)) continue;
    const cells = await rowCells(book, block, row, WIDTH);
    if (cells && readsAsTotal(cells, total)) return [{ ...total, row }];
  }
  return [];
}

/** Clears the add-in's total rows under a priced block (before a new one is written, or when the block moves). */
export async function clearTotalsBelow(book: WorkbookPort, block: CellBlock, known: TotalsKnown): Promise<void> {
  for (const { row } of await totalsBelow(book, block, known))
    await book.clear({ ...block, row, rows: 1, columns: WIDTH }, 'all');
}

/**
 * Marks the total row under the priced table at `address` stale, as markResultsStale marks the lines. Returns the
 * total's record with its stale mark, for the results record to keep; null when no total was marked.
 */
export async function markTotalStale(
  book: WorkbookPort,
  address: string,
  why: string,
  known: TotalsKnown,
): Promise<TotalRecord | null> {
  const block = parseAddress(address);
  let marked: TotalRecord | null = null;
  for (const total of await totalsBelow(book, block, known)) {
    const text = safeText(`stale: ${why} (was: ${total.text})`);
    await book.writeBlock(
      block.sheet,
      total.row,
      block.column,
      [[text]],
      ['@'],
      [{ row: total.row, column: block.column, color: STATUS_FILLS.stale.color }],
    );
    // The nearest under the block is the one recorded (an earlier version's words may find others further down).
    marked ??= { ...total, stale: cellFingerprint(text) };
  }
  return marked;
}

/** The total row written (its address and its record), or nulls when the row under the table is the user's. */
export interface WrittenTotal {
  address: string | null;
  record: TotalRecord | null;
}

const NO_TOTAL: WrittenTotal = { address: null, record: null };

/**
 * Writes the total row right under the priced table at `address` (the block writePricedResults wrote): the
 * summary's build total in the Extended column, its currency beside it, in bold. The add-in's last total (`known`, the
 * record of the results written before) goes when it is elsewhere. The row is the user's when it holds anything but
 * the add-in's total, in the results' columns or in the BOM's (`bom`, the BOM's own cells: a line typed just under the
 * range read): then nothing is written there (the Summary sheet has the figures; a total of the last run there is
 * cleared). Returns the total row's address and record, for the results record to keep.
 */
export async function writeResultsTotal(
  book: WorkbookPort,
  address: string,
  total: SummaryEntry,
  currency: string | null,
  options: { bom?: Pick<CellBlock, 'sheet' | 'column' | 'columns'>; known?: TotalsKnown } = {},
): Promise<WrittenTotal> {
  const { bom, known } = options;
  const block = parseAddress(address);
  const row = block.row + block.rows;
  if (row >= MAX_ROWS) return NO_TOTAL;
  // One look at the add-in's totals below: the one right under the table is written over, the others go.
  const totals = await totalsBelow(book, block, known);
  for (const t of totals) if (t.row !== row) await book.clear({ ...block, row: t.row, rows: 1, columns: WIDTH }, 'all');
  const under: CellBlock = { ...block, row, rows: 1, columns: WIDTH };
  if (!totals.some((t) => t.row === row) && (await book.usedAddress(under)) !== null) return NO_TOTAL;
  // A filled row under the BOM's own columns is the user's (a line added under the range), whatever the results hold:
  // the last run's total there, written before the line was typed, goes rather than stand beside it with old figures.
  if (bom && bom.sheet === block.sheet && (await book.usedAddress({ ...bom, row, rows: 1 })) !== null) {
    if (totals.some((t) => t.row === row)) await book.clear(under, 'all');
    return NO_TOTAL;
  }
  const text = currency ? `${total.label} (${currency})` : `${total.label}: nothing priced`;
  const values: WriteCell[] = PRICED_BOM_COLUMNS.map(() => '');
  values[STATUS] = safeText(text);
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
  return { address: report.address, record: { row, cells: fingerprintRow(values), text } };
}
