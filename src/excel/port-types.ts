/**
 * The workbook port's words: what it reads and writes (cells, ranges, fills, charts), its options, the one error it
 * throws, and the port itself (workbook-port.ts builds it over an ExcelHost).
 */
import { KindError } from '../errors';
import type { ErrorCode } from '../../protocol/error-codes';
import type { CellBlock } from './address';

/** A cell as read: what `range.values` gives. */
export type ReadCell = string | number | boolean;
/** A cell to write: null leaves the cell as it is, '' empties it. */
export type WriteCell = string | number | boolean | null;

export interface ReadResult {
  sheet: string;
  /** `Sheet1!A1:F40` of the cells read. */
  address: string;
  /** 0-based sheet row and column of the first cell read. */
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
  values: ReadCell[][];
  /** Row blocks (requests) the values were read in. */
  blocks: number;
}

/** A range read with its formulas: a cell's formula (`=A1*2`), or its value where it holds none. */
export interface FormulaRead extends ReadResult {
  formulas: ReadCell[][];
  /** Each cell's number format as Excel gives it ('General' where none). */
  numberFormats: ReadCell[][];
}

/** A sheet of the workbook and whether the user sees it ('VeryHidden': only code unhides it). */
export interface SheetState {
  name: string;
  visibility: 'Visible' | 'Hidden' | 'VeryHidden';
}

/** Where a range is, without its values. */
export type RangeShape = Omit<ReadResult, 'values' | 'blocks'>;

export interface SelectionResult extends ReadResult {
  /** What the user had selected. */
  selectedAddress: string;
  /** Where the block came from: the selection itself, the table around one selected cell, or its current region. */
  source: 'selection' | 'table' | 'region';
  tableName: string | null;
}

export interface WriteReport {
  /** `Sheet!G5:W40` written. */
  address: string;
  rows: number;
  columns: number;
  valueBlocks: number;
  formatBlocks: number;
  syncs: number;
  largestBlockBytes: number;
  calculationSuspended: boolean;
}

export interface FillSpec {
  row: number;
  column: number;
  rows?: number;
  columns?: number;
  /** '#RRGGBB', or null for no fill. */
  color: string | null;
}

export interface CellWrite {
  row: number;
  column: number;
  value: WriteCell;
}

/** Where in a hidden sheet a write goes: its top-left cell, and the columns it empties from that row down first. */
export interface HiddenPlace {
  row: number;
  column: number;
  columns: number;
}

/** Cells of a hidden sheet to read (0-based). */
export type HiddenBlock = Omit<CellBlock, 'sheet'>;

/** A change of cells Office told of (Worksheet.onChanged). */
export interface CellsChanged {
  block: CellBlock;
  /** This add-in made it (false when the user, another add-in, or an Office that does not say, did). */
  byAddin: boolean;
}

export type WorkbookErrorKind =
  /** The selection or range holds nothing. */
  | 'empty'
  /** A sheet named in the call is not in the workbook. */
  | 'no-sheet'
  /** One row is larger than a request may be. */
  | 'too-large'
  /** The cells given are not a rectangle, or out of the sheet. */
  | 'bad-block'
  /** Excel refused the batch for another reason (protected sheet, merged cells…). */
  | 'excel';

/** Each kind's stable code (protocol/error-codes.ts). */
const WORKBOOK_CODES: Record<WorkbookErrorKind, ErrorCode> = {
  empty: 'PS_WORKBOOK_EMPTY',
  'no-sheet': 'PS_WORKBOOK_NO_SHEET',
  'too-large': 'PS_WORKBOOK_TOO_LARGE',
  'bad-block': 'PS_WORKBOOK_BAD_BLOCK',
  excel: 'PS_WORKBOOK_EXCEL',
};

export class WorkbookError extends KindError<WorkbookErrorKind> {
  override readonly name = 'WorkbookError';
  protected override get codes() {
    return WORKBOOK_CODES;
  }
}

export function isWorkbookError(e: unknown): e is WorkbookError {
  return e instanceof WorkbookError;
}

export interface WorkbookPort {
  /**
   * The block the user means: the selection, or, when one cell is selected, the table it is in or else its
   * current region. Only the used part is read.
   */
  readSelection(): Promise<SelectionResult>;
  /** Where the selection is, exactly as selected (not grown to a table or region), without reading its values. */
  selectionShape(): Promise<RangeShape>;
  /** The used part of a range (`A1:F40`, or `Sheet1!A1:F40` with `sheet` ignored). */
  readRange(sheet: string, address: string): Promise<ReadResult>;
  /** The names of the workbook's sheets, in workbook order. */
  sheetNames(): Promise<string[]>;
  /** The used part of a whole sheet (cells with values), or null when the sheet holds none. */
  readUsedRange(sheet: string, maxRows?: number): Promise<ReadResult | null>;
  /** The sheets, in workbook order, with whether the user sees each. */
  sheetStates(): Promise<SheetState[]>;
  /** The used part of a whole sheet with each cell's formula beside its value, or null when the sheet holds none. */
  readUsedFormulas(sheet: string): Promise<FormulaRead | null>;
  /**
   * Writes a rectangle of cells with its top-left at (topRow, leftColumn), 0-based; `numberFormats` has one
   * format per column; `fills` (sheet rows and columns, inside the block) colour cells of the rows they cover in
   * the same request as those rows' values, fills without a colour first. Does not ask: callers check `isEmpty` first.
   */
  writeBlock(
    sheet: string,
    topRow: number,
    leftColumn: number,
    values: readonly (readonly WriteCell[])[],
    numberFormats?: readonly string[],
    fills?: readonly FillSpec[],
  ): Promise<WriteReport>;
  /** Writes single cells in one batch; strings are kept as text. */
  writeCells(sheet: string, cells: readonly CellWrite[]): Promise<void>;
  /** Whether no cell of the block holds a value (formats do not count). */
  isEmpty(block: CellBlock): Promise<boolean>;
  /** The address of the used part of the block, or null when it is empty. */
  usedAddress(block: CellBlock): Promise<string | null>;
  /**
   * Inserts `count` whole sheet rows at 0-based `row`: that row and every row below move down (Excel's
   * Range.insert with InsertShiftDirection.down on the entire rows), so no cell is written over.
   */
  insertRows(sheet: string, row: number, count?: number): Promise<void>;
  /** Adds the sheet when the workbook does not have it. */
  ensureSheet(name: string): Promise<{ created: boolean }>;
  setFills(sheet: string, fills: readonly FillSpec[]): Promise<void>;
  /** Empties a block: its contents, its formats, or both. */
  clear(block: CellBlock, what?: 'contents' | 'formats' | 'all'): Promise<void>;
  /** Bold header cells and column widths in characters, for a block of columns the add-in owns. */
  styleHeader(sheet: string, row: number, column: number, widths: readonly number[]): Promise<void>;
  /** Recalculates the workbook ('Full' for the custom functions' "Refresh prices"). */
  recalculate(kind?: 'Recalculate' | 'Full'): Promise<void>;
  /** Calculates these cells alone, their custom functions run again (a PARTS cell's "retry", a refresh of some). */
  calculateCells(blocks: readonly CellBlock[]): Promise<void>;
  /** Shows the block to the user: activates its sheet and selects it. */
  select(block: CellBlock): Promise<void>;
  /**
   * Draws a line chart on `chart.values.sheet`: one series, the column `values` (its first cell the series name),
   * against the x-axis values `xValues`, titled, over the cells of `position`. A chart of the same name on that
   * sheet is replaced.
   */
  writeLineChart(chart: LineChartSpec): Promise<void>;
  /**
   * Writes rows of text to a sheet the user does not see ('VeryHidden'), made when missing; for what the add-in
   * keeps machine-readable in the workbook. Without `at`, the sheet is emptied first and the rows go from A1; with
   * `at`, only its `columns` columns from its row down are emptied, and the rows go from that cell.
   */
  writeHiddenSheet(name: string, rows: readonly (readonly string[])[], at?: HiddenPlace): Promise<void>;
  /**
   * The rows of text of such a sheet, from A1, or of the cells of `block` alone, from its top-left cell; null when
   * the workbook has no sheet of that name.
   */
  readHiddenSheet(name: string, block?: HiddenBlock): Promise<string[][] | null>;
  /** Follows the changes of a sheet's cells (Worksheet.onChanged): `listener` is called after each; gives the stop. */
  watchSheet(sheet: string, listener: (change: CellsChanged) => void): Promise<() => Promise<void>>;
}

/** A line chart of one series, drawn from cells of one sheet. */
export interface LineChartSpec {
  name: string;
  title: string;
  /** The series: a column whose first cell is its name. */
  values: CellBlock;
  /** The x-axis values, one per value below the name. */
  xValues: CellBlock;
  /** The cells the chart covers. */
  position: CellBlock;
}

export interface WorkbookPortOptions {
  /** JSON bytes one block of values or formats may take; default 4 MB (Excel on the web allows 5 MB). */
  blockBudget?: number;
  /** Most rows in one block, whatever their size. */
  maxBlockRows?: number;
  /** Writes of at least this many cells suspend calculation; default 2,000. */
  suspendCalculationFrom?: number;
  /** Fill commands per request; default 4,000 (about 600 KB of commands). */
  fillsPerSync?: number;
  /** Cell bytes assumed before the first block of a read is measured; default 64. */
  readCellEstimate?: number;
}
