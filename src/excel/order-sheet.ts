/**
 * Ordering from a priced BOM, on the workbook side: reading the priced rows the user selected, writing the "Order"
 * column beside the priced columns, marking the rows an order problem concerns, and the "Orders" log sheet. The priced
 * block is found by its header row as the record of blocks has it (priced-blocks.ts; each cell read by its column's
 * key), so rows priced by a version that wrote more, fewer, other or otherwise worded columns can be ordered too.
 * Nothing of the user's is overwritten without asking: the Order column is written where its header and texts are the
 * add-in's (priced-blocks.ts, order-texts.ts) or empty; otherwise `confirm` decides. The log goes to "Orders", or to
 * "Orders (2)"… when "Orders" holds something else.
 */
import { type CellBlock, MAX_COLUMNS, columnLetters, fullAddress, parseAddress } from './address';
import {
  type WorkbookPort,
  type FillSpec,
  type ReadCell,
  type ReadResult,
  type WriteCell,
  WorkbookError,
  isWorkbookError,
} from './workbook-port';
import { type IdentityColumns, rowIdentity } from './order-record';
import { type ResultsRecord, cellMark, readsAsWritten } from './own-cells';
import { type LinePlanRecord, marksOf } from '../plan/record';
import { type ConfirmOverwrite, STATUS_FILLS, statusFillOf } from './priced-sheet';
import { number, text } from './cell-reading';
import { type HeaderRun, cellUnder } from './priced-header';
import { ORDER_HEADER, pricedBlockAt, pricedHeadersIn } from './priced-blocks';
import { keepOrderTexts, ownOrderTexts } from './order-texts';
import { type RecordRows, recordEntries } from './own-sheets';

export { ORDER_HEADER } from './priced-blocks';
/** Excel's light red: the rows an order problem concerns. */
export const ORDER_PROBLEM_FILL = '#FFC7CE';
/** Width of the Order column, in characters. */
export const ORDER_COLUMN_WIDTH = 34;

/** Where the priced columns of a BOM are. */
export interface PricedBlock {
  sheet: string;
  /** 0-based sheet row of the header row (Status … As of). */
  headerRow: number;
  /** 0-based sheet column of "Status", the first priced column. */
  column: number;
  /** Number of priced columns. */
  columns: number;
}

/** One selected row of a priced BOM, as the sheet holds it. */
export interface SheetPricedRow {
  /** 0-based sheet row. */
  row: number;
  /** 'priced', 'not found', 'ambiguous', 'no price', 'skipped'; '' for a row with nothing priced. */
  status: string;
  /** What the Status cell says after the status. */
  reason: string;
  matchedPart: string;
  manufacturer: string;
  need: number | null;
  orderQty: number | null;
  unitPrice: number | null;
  currency: string;
  /** The offer's own unit price and currency (what the checkout charges), when the sheet has them. */
  offerPrice?: number | null;
  offerCurrency?: string;
  stock: number | null;
  moq: number | null;
  pack: number | null;
  source: string;
  itemId: string;
  /** What the Order column holds in this row ('' when nothing). */
  order: string;
  /** The BOM line's identity (src/excel/order-record.ts), when the BOM's part-number column is known. */
  identity?: string | null;
  /**
   * The plan's record of the row (src/plan/record.ts), from the results record, when the row still reads as the
   * add-in wrote it; null when there is none (results written before records were kept, or a row changed since):
   * the review then reads the Status notes.
   */
  plan?: LinePlanRecord | null;
}

export interface SelectedPricedRows {
  block: PricedBlock;
  /** What the user had selected. */
  selectedAddress: string;
  /** The selected rows below the header, in sheet order; rows past the BOM are not included. */
  rows: SheetPricedRow[];
  /** The Order column when the sheet already has one (its header reads "Order"). */
  orderColumn: number | null;
  /** The number of boards the block was priced for, from the results record when it covers the block; else null. */
  boards: number | null;
}

function notPriced(address: string): WorkbookError {
  return new WorkbookError(
    'empty',
    `${address} is not in a priced BOM. Price the BOM first, then select the rows to order (any cells of those rows) and press "Order selected rows" again.`,
  );
}

/** Where the results record says its results are, when that is `block` (same sheet, same columns); else null. */
function recordedBlock(record: ResultsRecord, block: PricedBlock): CellBlock | null {
  let at: CellBlock;
  try {
    at = parseAddress(record.address);
  } catch {
    return null;
  }
  return at.sheet === block.sheet && at.column === block.column ? at : null;
}

/**
 * A row's plan record, from the results record when it covers the block (same sheet, same columns) and the row's
 * Status and Item id cells still read exactly as written; null otherwise. The record's cells are in the block's columns as
 * its header row names them, whichever layout wrote them.
 */
function recordedPlans(
  record: ResultsRecord | null,
  block: PricedBlock,
  run: HeaderRun,
): (row: number, status: ReadCell, itemId: ReadCell) => LinePlanRecord | null {
  const at = record?.plans ? recordedBlock(record, block) : null;
  const [statusAt, itemIdAt] = [run.offsets.get('status'), run.offsets.get('itemId')];
  if (!record?.plans || at === null || statusAt === undefined || itemIdAt === undefined) return () => null;
  const plans = record.plans;
  return (row, status, itemId) => {
    const i = row - at.row;
    const plan = i >= 0 && i < plans.length ? plans[i] : null;
    if (!plan) return null;
    const written = record.cells[i];
    if (!readsAsWritten(cellMark(written, itemIdAt), itemId)) return null;
    // Exactly as written: the status the record keeps. A Status the add-in has since marked stale reads as the
    // record's stale mark: the row is stale, not orderable, by the record.
    if (readsAsWritten(cellMark(written, statusAt), status)) return plan;
    const stale = record.stale?.[i];
    return stale && readsAsWritten(stale, status) ? { ...plan, status: 'stale' } : null;
  };
}

/**
 * The priced rows the user selected: the selection's rows, read from the priced columns of the nearest priced-BOM
 * header row above them (or the first one inside the selection).
 */
export async function readSelectedPricedRows(
  book: WorkbookPort,
  options: {
    /** Where the BOM's part number and designators are, from the header row's cells (column A first); null when unknown. */
    identityColumns?: (header: readonly ReadCell[], pricedColumn: number, sheet: string) => IdentityColumns | null;
    /** The record of the results the pane wrote last, with each row's plan. */
    results?: ResultsRecord | null;
  } = {},
): Promise<SelectedPricedRows> {
  const shape = await book.selectionShape();
  const first = shape.rowIndex;
  const last = shape.rowIndex + shape.rowCount - 1;
  let read: ReadResult;
  try {
    read = await book.readRange(shape.sheet, `A1:${columnLetters(MAX_COLUMNS - 1)}${last + 1}`);
  } catch (e) {
    if (isWorkbookError(e) && e.kind === 'empty') throw notPriced(shape.address);
    throw e;
  }
  const headers = await pricedHeadersIn(book, read);
  const above = headers.filter((h) => h.row <= first);
  const header = above.length > 0 ? above[above.length - 1] : headers.find((h) => h.row <= last);
  if (!header) throw notPriced(shape.address);
  const next = headers.find((h) => h.row > header.row);
  const block: PricedBlock = {
    sheet: read.sheet,
    headerRow: header.row,
    column: header.run.column,
    columns: header.run.width,
  };
  const headerValues = read.values[header.row - read.rowIndex] ?? [];
  const orderColumn = header.order;

  const from = Math.max(first, header.row + 1);
  const to = Math.min(last, read.rowIndex + read.values.length - 1, next ? next.row - 1 : Infinity);
  if (from > to) {
    throw new WorkbookError(
      'empty',
      first <= header.row && last >= header.row
        ? `Only the header row of the priced BOM is selected. Select the rows to order below row ${header.row + 1}, then press "Order selected rows" again.`
        : `The selection has no rows of the priced BOM. Select the rows to order below row ${header.row + 1}, then press "Order selected rows" again.`,
    );
  }
  const offset = header.run.column - read.columnIndex;
  // Cells by sheet column, from column A, whatever column the used range starts at.
  const fromA = (values: readonly ReadCell[]): ReadCell[] => [
    ...new Array<ReadCell>(read.columnIndex).fill(''),
    ...values,
  ];
  const identity = options.identityColumns?.(fromA(headerValues), header.run.column, read.sheet) ?? null;
  const planOf = recordedPlans(options.results ?? null, block, header.run);
  const rows: SheetPricedRow[] = [];
  for (let r = from; r <= to; r++) {
    const values = read.values[r - read.rowIndex] ?? [];
    const status = text(cellUnder(values, offset, header.run, 'status'));
    const colon = status.indexOf(':');
    const plan = planOf(
      r,
      cellUnder(values, offset, header.run, 'status'),
      cellUnder(values, offset, header.run, 'itemId'),
    );
    rows.push({
      row: r,
      // The record's status where the row has one; else (rows priced before it was kept, rows with no plan, cells
      // changed since) the word the Status cell begins with.
      status: plan?.status ?? (colon < 0 ? status : status.slice(0, colon)).trim().toLowerCase(),
      reason: colon < 0 ? '' : status.slice(colon + 1).trim(),
      matchedPart: text(cellUnder(values, offset, header.run, 'matchedPart')),
      manufacturer: text(cellUnder(values, offset, header.run, 'manufacturer')),
      need: number(cellUnder(values, offset, header.run, 'need')),
      orderQty: number(cellUnder(values, offset, header.run, 'orderQty')),
      unitPrice: number(cellUnder(values, offset, header.run, 'unitPrice')),
      currency: text(cellUnder(values, offset, header.run, 'currency')).toUpperCase(),
      offerPrice: number(cellUnder(values, offset, header.run, 'offerPrice')),
      offerCurrency: text(cellUnder(values, offset, header.run, 'offerCurrency')).toUpperCase(),
      stock: number(cellUnder(values, offset, header.run, 'stock')),
      moq: number(cellUnder(values, offset, header.run, 'moq')),
      pack: number(cellUnder(values, offset, header.run, 'pack')),
      source: text(cellUnder(values, offset, header.run, 'source')).toUpperCase(),
      itemId: text(cellUnder(values, offset, header.run, 'itemId')),
      order: orderColumn === null ? '' : text(values[orderColumn - read.columnIndex]),
      identity: identity ? rowIdentity(fromA(values), identity) : null,
      plan,
    });
  }
  const results = options.results ?? null;
  const boards = results?.boards !== undefined && recordedBlock(results, block) !== null ? results.boards : null;
  return { block, selectedAddress: shape.address, rows, orderColumn, boards };
}

// ---- the Order column

export interface OrderCellWrite {
  /** 0-based sheet row. */
  row: number;
  text: string;
}

export interface WrittenOrderColumn {
  column: number;
  /** `BOM!X3:X9`: the header cell down to the last row written. */
  address: string;
  /** True when cells that were not the add-in's were replaced with the user's consent. */
  replaced: boolean;
}

/** Values of one column between two rows, by sheet row; empty cells are left out. */
async function columnValues(
  book: WorkbookPort,
  sheet: string,
  column: number,
  fromRow: number,
  toRow: number,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  let read: ReadResult;
  try {
    read = await book.readRange(
      sheet,
      fullAddress({ sheet, row: fromRow, column, rows: toRow - fromRow + 1, columns: 1 }),
    );
  } catch (e) {
    if (isWorkbookError(e) && e.kind === 'empty') return out;
    throw e;
  }
  read.values.forEach((values, i) => {
    const t = text(values[column - read.columnIndex]);
    if (t !== '') out.set(read.rowIndex + i, t);
  });
  return out;
}

/** How far right of its block an Order column is looked for (where the user sent it, past columns of theirs). */
const ORDER_COLUMNS_LOOKED_AT = 64;

/** Whether a header cell reads as the Order header the add-in writes beside `block` (by the record of blocks). */
async function orderHeaderOf(
  book: WorkbookPort,
  block: PricedBlock,
  record: RecordRows,
): Promise<{ ownHeader: (header: string) => boolean; column: number | null }> {
  const at = { sheet: block.sheet, row: block.headerRow, column: block.column, rows: 1, columns: block.columns };
  // A read Excel refused is said, never taken for "not the add-in's".
  const found = await pricedBlockAt(book, at, { strict: true, beside: ORDER_COLUMNS_LOOKED_AT, record });
  return {
    ownHeader: (header) => header !== '' && (found?.isOrderHeader(header) ?? false),
    column: found?.order ?? null,
  };
}

/** Whether the Order column may be written at `column` without asking: ours, or empty where it would be written. */
async function freeForOrders(
  book: WorkbookPort,
  block: PricedBlock,
  column: number,
  rows: readonly number[],
  ownHeader: (header: string) => boolean,
  ownText: (text: string) => boolean,
): Promise<{ free: boolean; used: Map<number, string> }> {
  const lastRow = Math.max(block.headerRow, ...rows);
  const used = await columnValues(book, block.sheet, column, block.headerRow, lastRow);
  const header = used.get(block.headerRow) ?? '';
  // The add-in's column: free where each row written is empty or holds a text the add-in wrote, never a user's note.
  if (ownHeader(header)) return { free: rows.every((r) => !used.has(r) || ownText(used.get(r) ?? '')), used };
  return { free: header === '' && rows.every((r) => !used.has(r)), used };
}

/**
 * Writes order texts into the Order column (right of the priced columns, or `column` when the sheet has one), with
 * its header. Asks before writing over cells that are not the add-in's; returns null when the user said not to write.
 */
export async function writeOrderCells(
  book: WorkbookPort,
  block: PricedBlock,
  writes: readonly OrderCellWrite[],
  options: { confirm: ConfirmOverwrite; column?: number | null },
): Promise<WrittenOrderColumn | null> {
  if (writes.length === 0) return null;
  const rows = writes.map((w) => w.row);
  const lastRow = Math.max(...rows);
  let column = options.column ?? block.column + block.columns;
  let replaced = false;
  const target = (c: number): CellBlock => ({
    sheet: block.sheet,
    row: block.headerRow,
    column: c,
    rows: lastRow - block.headerRow + 1,
    columns: 1,
  });
  const record = await recordEntries(book); // read once for the questions below (its writes read it afresh)
  const { ownHeader } = await orderHeaderOf(book, block, record);
  const ownText = await ownOrderTexts(book, block.sheet, record);
  let { free, used } = await freeForOrders(book, block, column, rows, ownHeader, ownText);
  if (!free) {
    const inUse = [...used.keys()].filter((r) => r === block.headerRow || rows.includes(r));
    const usedAddress = fullAddress({
      sheet: block.sheet,
      row: Math.min(...inUse),
      column,
      rows: Math.max(...inUse) - Math.min(...inUse) + 1,
      columns: 1,
    });
    const choice = await options.confirm({
      usedAddress,
      targetAddress: fullAddress(target(column)),
      what: 'order column',
    });
    if (choice === 'cancel') return null;
    if (choice === 'replace') replaced = true;
    else {
      let found = false;
      for (column = column + 1; column < MAX_COLUMNS; column++) {
        ({ free, used } = await freeForOrders(book, block, column, rows, ownHeader, ownText));
        if (free) {
          found = true;
          break;
        }
      }
      if (!found)
        throw new WorkbookError(
          'bad-block',
          'There is no empty column right of the priced columns for the order numbers.',
        );
    }
  }
  // A header that reads as the add-in's (in the words of the version that wrote the block) stays as it is.
  const headerKept = !replaced && ownHeader(used.get(block.headerRow) ?? '');
  await keepOrderTexts(
    book,
    block.sheet,
    writes.map((w) => w.text),
    record,
  );
  await book.writeCells(block.sheet, [
    ...(headerKept ? [] : [{ row: block.headerRow, column, value: ORDER_HEADER }]),
    ...writes.map((w) => ({ row: w.row, column, value: w.text })),
  ]);
  if (!headerKept) await book.styleHeader(block.sheet, block.headerRow, column, [ORDER_COLUMN_WIDTH]);
  return { column, address: fullAddress(target(column)), replaced };
}

/** What rewriteOrderColumn did: the column written, or why not. */
export type RewrittenOrderColumn =
  { written: WrittenOrderColumn } | { written: null; reason: 'nothing' | 'occupied'; usedAddress?: string };

/**
 * Writes the Order column again as a view of the record of orders, after a run laid the priced block out (maybe
 * one column further right, maybe over sorted rows): `texts` holds each ordered row's text, by sheet row; the
 * add-in's texts left on other rows between the header and `lastRow` are taken away. The column is the one right of
 * the priced block; it is written only where it is the add-in's (its header and texts by the records of blocks and
 * of Order texts: order-texts.ts) or empty. A cell the user typed into keeps their text.
 */
export async function rewriteOrderColumn(
  book: WorkbookPort,
  block: PricedBlock,
  lastRow: number,
  texts: ReadonlyMap<number, string>,
): Promise<RewrittenOrderColumn> {
  // The block's Order column where it has one (maybe further right, where the user chose), else the one beside it.
  const record = await recordEntries(book);
  const order = await orderHeaderOf(book, block, record);
  const column = order.column ?? block.column + block.columns;
  const last = Math.max(lastRow, ...texts.keys());
  const used = await columnValues(book, block.sheet, column, block.headerRow, last);
  const ours = order.ownHeader(used.get(block.headerRow) ?? '');
  const ownText = await ownOrderTexts(book, block.sheet, record);
  if (!ours) {
    if (texts.size === 0) return { written: null, reason: 'nothing' };
    const theirs = [...used.keys()].filter((r) => r === block.headerRow || !ownText(used.get(r) ?? ''));
    if (theirs.length > 0) {
      return {
        written: null,
        reason: 'occupied',
        usedAddress: fullAddress({
          sheet: block.sheet,
          row: Math.min(...theirs),
          column,
          rows: Math.max(...theirs) - Math.min(...theirs) + 1,
          columns: 1,
        }),
      };
    }
  }
  const writes: Array<{ row: number; column: number; value: WriteCell }> = [];
  if (!ours) writes.push({ row: block.headerRow, column, value: ORDER_HEADER });
  for (let row = block.headerRow + 1; row <= last; row++) {
    const want = texts.get(row) ?? '';
    const now = used.get(row) ?? '';
    if (want === now || (now !== '' && !ownText(now))) continue;
    writes.push({ row, column, value: want });
  }
  if (writes.length === 0) return { written: null, reason: 'nothing' };
  await keepOrderTexts(
    book,
    block.sheet,
    writes.flatMap((w) => (w.row === block.headerRow ? [] : [String(w.value ?? '')])),
    record,
  );
  await book.writeCells(block.sheet, writes);
  if (!ours) await book.styleHeader(block.sheet, block.headerRow, column, [ORDER_COLUMN_WIDTH]);
  return {
    written: {
      column,
      address: fullAddress({
        sheet: block.sheet,
        row: block.headerRow,
        column,
        rows: last - block.headerRow + 1,
        columns: 1,
      }),
      replaced: false,
    },
  };
}

// ---- marking rows

/** The cells of a row that the add-in owns: the priced columns and, when there is one, up to the Order column. */
function span(block: PricedBlock, orderColumn: number | null): number {
  return orderColumn !== null && orderColumn >= block.column + block.columns
    ? orderColumn - block.column + 1
    : block.columns;
}

/** Fills the add-in's cells of each row an order problem concerns. */
export async function markOrderRows(
  book: WorkbookPort,
  block: PricedBlock,
  rows: readonly number[],
  orderColumn: number | null,
): Promise<void> {
  const columns = span(block, orderColumn);
  const fills: FillSpec[] = [...new Set(rows)].map((row) => ({
    row,
    column: block.column,
    columns,
    color: ORDER_PROBLEM_FILL,
  }));
  await book.setFills(block.sheet, fills);
}

/** Takes the problem fill off rows again, and puts back the Status cell's status colour. */
export async function unmarkOrderRows(
  book: WorkbookPort,
  block: PricedBlock,
  rows: readonly Pick<SheetPricedRow, 'row' | 'status' | 'reason' | 'stock' | 'orderQty' | 'plan'>[],
  orderColumn: number | null,
): Promise<void> {
  const columns = span(block, orderColumn);
  const fills: FillSpec[] = [];
  for (const r of rows) {
    fills.push({ row: r.row, column: block.column, columns, color: null });
    const status = r.status as Parameters<typeof statusFillOf>[0]['status'];
    const kind = statusFillOf({ status, stock: r.stock, orderQty: r.orderQty }, marksOf(r));
    if (kind) fills.push({ row: r.row, column: block.column, color: STATUS_FILLS[kind].color });
  }
  await book.setFills(block.sheet, fills);
}
