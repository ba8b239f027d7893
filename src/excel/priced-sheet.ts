/**
 * Writing a priced BOM into the workbook: the priced-BOM columns of src/bom beside the BOM (one empty column
 * between them, so the BOM's current region stays the BOM), each result on its BOM line's row, with a header
 * row, number formats and status colours; and the "Price breaks" sheet.
 *
 * Nothing of the user's is overwritten without asking: a target block that holds values is only written when it
 * is the add-in's own earlier output (its header row reads as the record of blocks has it: priced-blocks.ts) or when
 * `confirm` says so; the user may instead send the results to the next empty columns (or, for price breaks, a new sheet).
 */
import {
  PRICED_BOM_COLUMNS,
  PRICED_BOM_HEADERS,
  type PricedLine,
  pricedRow,
  safeText,
  statusText,
  statusWord,
} from '../purchase/priced-layout';
import { splitReplacement } from '../purchase/price-lines';
import { type LinePlanRecord, isRecordedStatus } from '../plan/record';
import type { LineMarks } from '../plan/marks';
import { partNumberKey } from '../../protocol/part-number';
import { type CellBlock, fullAddress, MAX_COLUMNS, parseAddress } from './address';
import type { WorkbookPort, FillSpec, WriteCell, WriteReport } from './workbook-port';
import { WorkbookError } from './workbook-port';
import type { TotalRecord } from './own-cells';
import { STATUS_FILLS, type StatusFillKind } from './status-fills';
import { isKnownTotalRow } from './total-row';
import { type PricedHeader, placesOf } from './priced-header';
import { keepPricedBlock, pricedBlockAt } from './priced-blocks';
import { type RecordRows, recordEntries } from './own-sheets';
import type { ConfirmOverwrite, WrittenOutput } from './sheet-claims';

// Claiming cells and sheets (sheet-claims.ts) and the Price breaks sheet (price-breaks-sheet.ts) are imported from here.
export * from './sheet-claims';
export * from './price-breaks-sheet';

/** Where a BOM was read from: the sheet, its first cell (0-based) and its size, and its header row. */
export interface BomLocation {
  sheet: string;
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
  /** 0-based index of the header row within the cells read; null when the BOM has none. */
  headerRow: number | null;
}

export { STATUS_FILLS, type StatusFillKind } from './status-fills';

/**
 * Which colour a line's Status cell gets, if any: from its status, its numbers and its marks (the plan record's),
 * never from the Status words. A row read back from a sheet priced before marks were kept passes legacyMarks'.
 */
export function statusFillOf(
  line: Pick<PricedLine, 'status' | 'stock' | 'orderQty' | 'stale'>,
  marks: LineMarks,
): StatusFillKind | null {
  if (line.stale) return 'stale';
  switch (line.status) {
    case 'not found':
      return 'notFound';
    case 'ambiguous':
      return 'ambiguous';
    case 'no price':
      return marks.quoteOnly ? 'quoteOnly' : null;
    case 'short':
      return line.orderQty === 0 || line.orderQty === null ? 'outOfStock' : 'shortOfNeed';
    case 'priced':
      if (line.stock === 0) return 'outOfStock';
      if (line.stock !== null && line.orderQty !== null && line.stock < line.orderQty) return 'shortOfNeed';
      // After stock: a line that cannot be bought as planned matters more than what its spares cost.
      return marks.overbuy ? 'overbuy' : null;
    default:
      return null;
  }
}

export interface PricedOutputPlan {
  sheet: string;
  /** 0-based sheet row of the first row written (the header row when there is one). */
  topRow: number;
  leftColumn: number;
  /** Whether the first row written is the header row. */
  withHeader: boolean;
  /**
   * Why the results have no header row, when they have none: a BOM without a header whose first line is on the
   * sheet's first row leaves no row for it. '' when they have one.
   */
  headerless: string;
  values: WriteCell[][];
  /** The plan record of each row of `values` (null for the header, empty rows and kept stale values). */
  plans: Array<LinePlanRecord | null>;
  numberFormats: string[];
  fills: FillSpec[];
  block: CellBlock;
}

/** A line's plan record with the status its Status cell is written with (stale when it says so). */
function withStatus(plan: LinePlanRecord, line: PricedLine): LinePlanRecord {
  const status = statusWord(line);
  return isRecordedStatus(status) ? { ...plan, status } : plan;
}

/** Whether a BOM row holds no part (a title, a heading, a total, a repeated header), so a header may take its place. */
function holdsNoPart(line: PricedLine | undefined): boolean {
  return line === undefined || (line.status === 'skipped' && line.skipReason === 'no-part-number');
}

/** The column results go to by default: one empty column right of the BOM. */
export function defaultResultsColumn(location: BomLocation): number {
  return location.columnIndex + location.columnCount + 1;
}

/**
 * The cells to write for priced lines. `lines[i].row` is the 0-based row within the cells read. Rows of the BOM
 * that have no line (blank rows after the header) are written empty.
 */
export function planPricedOutput(
  location: BomLocation,
  lines: readonly PricedLine[],
  leftColumn = defaultResultsColumn(location),
  previous: ReadonlyMap<number, readonly WriteCell[]> = new Map(),
): PricedOutputPlan {
  const width = PRICED_BOM_COLUMNS.length;
  if (leftColumn + width > MAX_COLUMNS)
    throw new WorkbookError('bad-block', 'There is no room right of the BOM for the results.');
  const byRow = new Map<number, PricedLine>();
  for (const line of lines) if (line.row !== null && line.row !== undefined) byRow.set(line.row, line);
  const rows = [...byRow.keys()];
  const firstLine = rows.length > 0 ? Math.min(...rows) : (location.headerRow ?? 0) + 1;
  const lastLine = rows.length > 0 ? Math.max(...rows) : firstLine - 1;
  let headerRow: number | null = location.headerRow;
  // A BOM without a header row: the results' header goes in the row above its first line, where the results
  // columns hold nothing of the BOM's. At the top of the sheet there is no such row; the first row then takes
  // the header only when it is no BOM line (a title the reader skipped: no part, a heading, a total), so no
  // line ever loses its result. Otherwise the results go without a header (PricedOutputPlan.headerless).
  if (headerRow === null && location.rowIndex + firstLine > 0) headerRow = firstLine - 1;
  else if (headerRow === null && lastLine > firstLine && holdsNoPart(byRow.get(firstLine))) headerRow = firstLine;
  const withHeader = headerRow !== null;
  const firstCellRow = withHeader ? headerRow! : firstLine;
  const topRow = location.rowIndex + firstCellRow;

  const values: WriteCell[][] = [];
  // By index of `values`; rows without one (the header, empty rows, kept stale values) stay holes, read as null.
  const plans: Array<LinePlanRecord | null> = [];
  const fills: FillSpec[] = [];
  if (withHeader) values.push([...PRICED_BOM_HEADERS]);
  const empty = (): WriteCell[] => new Array<WriteCell>(width).fill('');
  for (let r = withHeader ? headerRow! + 1 : firstLine; r <= lastLine; r++) {
    const line = byRow.get(r);
    const sheetRow = location.rowIndex + r;
    if (!line) {
      values.push(empty());
      continue;
    }
    const kept = line.stale ? previous.get(r) : undefined;
    if (kept) {
      // The sheet's last values for the line stay; only its Status says they are stale, and why.
      values.push([safeText(statusText(line)), ...Array.from({ length: width - 1 }, (_, c) => kept[c + 1] ?? '')]);
      fills.push({ row: sheetRow, column: leftColumn, color: STATUS_FILLS.stale.color });
      continue;
    }
    // A stale line with nothing to keep (no earlier values here or in the pane) is written as it is: unpriced.
    const shown = line.stale && line.matchedPart === null ? { ...line, stale: null } : line;
    values.push(pricedRow(shown, { target: 'excel' }));
    plans[values.length - 1] = shown.plan ? withStatus(shown.plan, shown) : null;
    const kind = statusFillOf(shown, shown.plan?.marks ?? {});
    if (kind) fills.push({ row: sheetRow, column: leftColumn, color: STATUS_FILLS[kind].color });
  }
  const block: CellBlock = {
    sheet: location.sheet,
    row: topRow,
    column: leftColumn,
    rows: Math.max(1, values.length),
    columns: width,
  };
  return {
    sheet: location.sheet,
    topRow,
    leftColumn,
    withHeader,
    headerless: withHeader
      ? ''
      : `The BOM has no header row and starts on row 1, so the results have no row above them for their column names; insert a row above the BOM and price again to get them.`,
    values,
    plans: values.map((_, i) => plans[i] ?? null),
    numberFormats: PRICED_BOM_COLUMNS.map((c) => c.numberFormat),
    fills: mergeFills(fills),
    block,
  };
}

/** Consecutive rows of one colour in one column become one fill. */
export function mergeFills(fills: readonly FillSpec[]): FillSpec[] {
  const sorted = [...fills].sort((a, b) => a.column - b.column || a.row - b.row);
  const out: FillSpec[] = [];
  for (const f of sorted) {
    const last = out[out.length - 1];
    if (
      last &&
      last.column === f.column &&
      last.color === f.color &&
      (last.columns ?? 1) === (f.columns ?? 1) &&
      last.row + (last.rows ?? 1) === f.row
    ) {
      last.rows = (last.rows ?? 1) + (f.rows ?? 1);
    } else out.push({ ...f });
  }
  return out;
}

/**
 * The block to write to, asked about when it holds values that are not the add-in's. Returns the block (moved
 * right when the user chose the next empty columns) or null when the user cancelled.
 */
async function claimColumns(
  book: WorkbookPort,
  block: CellBlock,
  withHeader: boolean,
  confirm: ConfirmOverwrite,
  written?: string,
  total?: TotalRecord | null,
  record?: RecordRows,
): Promise<{ block: CellBlock; replaced: boolean; header?: PricedHeader } | null> {
  let used = await book.usedAddress(block);
  if (used === null) return { block, replaced: false };
  const found = withHeader ? await pricedBlockAt(book, block, { record }) : null;
  const header = found ? placesOf(found.run) : null;
  if (header) {
    // The add-in's block (perhaps of an earlier, narrower layout: the columns it lacks may hold the user's cells),
    // but a longer BOM's results also take rows under it, which may hold the user's cells too.
    const beside: CellBlock = { ...block, column: block.column + header.width, columns: block.columns - header.width };
    used = beside.columns > 0 ? await book.usedAddress(beside) : null;
    used ??= await usedUnderEarlier(book, block, written, total);
    if (used === null) return { block, replaced: false, header };
  }
  // Results without a header row have nothing to be recognised by but where they were written last.
  else if (
    !withHeader &&
    written !== undefined &&
    fullAddress(parseAddress(written, block.sheet)) === fullAddress(block)
  )
    return { block, replaced: false };
  const choice = await confirm({ usedAddress: used, targetAddress: fullAddress(block), what: 'results' });
  if (choice === 'cancel') return null;
  if (choice === 'replace') return { block, replaced: true };
  let column = block.column + 1;
  while (column + block.columns <= MAX_COLUMNS) {
    const candidate = { ...block, column };
    const inTheWay = await book.usedAddress(candidate);
    if (inTheWay === null) return { block: candidate, replaced: false };
    column++;
  }
  throw new WorkbookError('bad-block', 'There are no empty columns right of the BOM for the results.');
}

/**
 * The used cells of `block` under the add-in's earlier results there (`written`, where they were written last, from
 * the same top-left cell), leaving out the add-in's own total row right under them (`total`, as the results record
 * has it: isKnownTotalRow); null when there are none, or when where the results were written last is not known (the
 * header row then says the whole block is the add-in's).
 */
async function usedUnderEarlier(
  book: WorkbookPort,
  block: CellBlock,
  written?: string,
  total?: TotalRecord | null,
): Promise<string | null> {
  if (written === undefined) return null;
  const earlier = parseAddress(written, block.sheet);
  if (
    earlier.sheet.toLowerCase() !== block.sheet.toLowerCase() ||
    earlier.row !== block.row ||
    earlier.column !== block.column
  )
    return null;
  const end = block.row + block.rows;
  let row = earlier.row + earlier.rows;
  if (row < end) {
    const under: CellBlock = { ...block, row, rows: 1 };
    if ((await book.usedAddress(under)) !== null) {
      const read = await book.readRange(block.sheet, fullAddress(under));
      if (
        read.rowIndex === row &&
        read.columnIndex === block.column &&
        isKnownTotalRow(read.values[0] ?? [], row, total)
      )
        row++;
    }
  }
  return row < end ? book.usedAddress({ ...block, row, rows: end - row }) : null;
}

/** Writes the priced lines beside the BOM; asks before writing over cells that are not the add-in's. */
export async function writePricedResults(
  book: WorkbookPort,
  location: BomLocation,
  lines: readonly BomPricedLine[],
  options: {
    confirm: ConfirmOverwrite;
    leftColumn?: number;
    /** Where the caller wrote these results last (WrittenOutput.address): headerless results there are the add-in's. */
    written?: string | null;
    /** The total row the results record has under them (ResultsRecord.total; undefined for a record without one). */
    total?: TotalRecord | null;
  },
): Promise<WrittenOutput> {
  let plan = planPricedOutput(location, lines, options.leftColumn);
  // The record of blocks read once, for the claim and for keeping the block (its write reads it afresh).
  const record = await recordEntries(book);
  const claimed = await claimColumns(
    book,
    plan.block,
    plan.withHeader,
    options.confirm,
    options.written ?? undefined,
    options.total,
    record,
  );
  if (!claimed) return { address: null, report: null, replaced: false, headerless: '' };
  const previous = claimed.replaced
    ? new Map<number, WriteCell[]>()
    : await lastValues(book, location, claimed.block, lines, claimed.header);
  if (claimed.block.column !== plan.leftColumn || previous.size > 0)
    plan = planPricedOutput(location, lines, claimed.block.column, previous);
  // Recorded before a cell is written: a write cut short leaves a block the record knows once its header is there.
  if (plan.withHeader) await keepPricedBlock(book, plan.sheet, record);
  const dataTop = plan.withHeader ? plan.topRow + 1 : plan.topRow;
  const dataRows = plan.values.length - (plan.withHeader ? 1 : 0);
  const fills: FillSpec[] = [];
  if (dataRows > 0) fills.push({ row: dataTop, column: plan.leftColumn, rows: dataRows, color: null });
  fills.push(...plan.fills);
  // The Status colours go with their rows' values and formats, so each row is written whole or not at all.
  const report = await book.writeBlock(
    plan.sheet,
    plan.topRow,
    plan.leftColumn,
    plan.values,
    plan.numberFormats,
    fills,
  );
  if (plan.withHeader) await styleResultsHeader(book, plan.sheet, plan.topRow, plan.leftColumn);
  return {
    address: report.address,
    report,
    replaced: claimed.replaced,
    kept: [...previous.keys()].sort((a, b) => a - b),
    headerless: plan.headerless,
    cells: plan.values,
    plans: plan.plans,
  };
}

function styleResultsHeader(book: WorkbookPort, sheet: string, row: number, column: number): Promise<void> {
  return book.styleHeader(
    sheet,
    row,
    column,
    PRICED_BOM_COLUMNS.map((c) => c.width),
  );
}

/**
 * Writes the priced-BOM header row at (row, column), as a run writes it, over results that were written without
 * one: the caller has made the row free (see the pane's "Insert a row above the BOM"). Refuses, writing nothing,
 * when a cell there holds a value.
 */
export async function writeResultsHeader(
  book: WorkbookPort,
  sheet: string,
  row: number,
  column: number,
): Promise<WriteReport> {
  const block: CellBlock = { sheet, row, column, rows: 1, columns: PRICED_BOM_HEADERS.length };
  const used = await book.usedAddress(block);
  if (used !== null)
    throw new WorkbookError(
      'bad-block',
      `The row for the results' column names is not empty (${used}); nothing was written.`,
    );
  await keepPricedBlock(book, sheet);
  const report = await book.writeBlock(
    sheet,
    row,
    column,
    [[...PRICED_BOM_HEADERS]],
    PRICED_BOM_COLUMNS.map((c) => c.numberFormat),
  );
  await styleResultsHeader(book, sheet, row, column);
  return report;
}

/** A line as the pane prices it: with the BOM's part number and replacement, which its last values must be of. */
type BomPricedLine = PricedLine & { partNumber?: string; replacement?: string };

/**
 * Whether a row of the add-in's block, matched to `matched`, holds the line's own last values: its matched part is
 * the part the line keeps, the BOM's part number or its replacement. The BOM's rows may have moved (sorted, rows
 * inserted in its columns only) since the block was written; another part's price is never kept for a line.
 */
function isLineOwn(line: BomPricedLine, matched: string): boolean {
  const own = [line.matchedPart ?? '', line.partNumber ?? '', splitReplacement(line.replacement ?? '').partNumber]
    .map(partNumberKey)
    .filter((k) => k !== '');
  return own.length === 0 || own.includes(partNumberKey(matched));
}

/**
 * What the add-in wrote earlier for the stale lines, read back from the block: the rows that hold the line's own
 * matched part (the last values worth keeping), by the line's 0-based BOM row.
 */
async function lastValues(
  book: WorkbookPort,
  location: BomLocation,
  block: CellBlock,
  lines: readonly BomPricedLine[],
  header?: PricedHeader,
): Promise<Map<number, WriteCell[]>> {
  const out = new Map<number, WriteCell[]>();
  const stale = lines.filter((l) => l.stale && l.row !== null && l.row !== undefined);
  if (stale.length === 0) return out;
  let read: Awaited<ReturnType<WorkbookPort['readRange']>>;
  try {
    read = await book.readRange(block.sheet, fullAddress(block));
  } catch (e) {
    if (e instanceof WorkbookError && e.kind === 'empty') return out;
    throw e;
  }
  const offset = block.column - read.columnIndex;
  for (const line of stale) {
    const cells = read.values[location.rowIndex + line.row! - read.rowIndex];
    if (!cells) continue;
    // By column name: an earlier layout's block has its columns in other places, and lacks the newer ones.
    const row = PRICED_BOM_COLUMNS.map((_, c) => {
      const at = header ? header.places[c] : c;
      return at < 0 ? '' : (cells[offset + at] ?? '');
    });
    const matched = String(row[1]).trim();
    if (matched !== '' && isLineOwn(line, matched)) out.set(line.row!, row);
  }
  return out;
}
