/**
 * The user's own PARTS cells in a share-safe copy: which formulas call the add-in's functions, and how the copy
 * carries them. A PARTS cell (one whose formula calls a PARTS function anywhere in it, `=PARTS.PRICE(A2,100)` or
 * `=PARTS.STOCK(A2)*2`, as Excel shows it or as a saved file keeps it, `_xldudf_PARTS_STOCK(A2)`) is written as the
 * value it shows now, and a "Fetched values" sheet lists each one: its sheet and cell, where it is in the copy, its
 * formula with the add-in's prefix left out, the value, when that value was fetched (or "unknown" where that is not
 * known) and a note (an error's reason, where the time comes from). The list sits on a sheet of its own so that no
 * column of the user's sheets moves, and every spreadsheet shows it (cell notes need a comments part some readers
 * drop). The task pane (taskpane/fetched-cells.ts, from the open workbook) and `partsheet price --share-safe` (from
 * the cached results of an XLSX file, cli/bomfile.ts) both find the cells with `partsCellsOf` and write them with
 * `addFetchedSheets`.
 */
import type { Cell } from '../bom';
import { type CellBlock, blockAddress, quoteSheetName } from './address';
import { utcMinute } from '../text/times';
import type { XlsxBook } from './xlsx-book';

/** The name of the sheet listing the PARTS cells and when their values were fetched. */
export const FETCHED_SHEET = 'Fetched values';

/** What the Fetched column says when the time a value was fetched is not known. */
export const FETCHED_UNKNOWN = 'unknown';

/** A string literal of a formula ("…", with "" for a quote inside). */
const STRING_LITERAL = /"(?:[^"]|"")*"/g;
/** A call of a PARTS function, as Excel shows it or as a file saves an add-in's function. */
// No lookbehind (WebKit before Safari 16.4, Excel on older Macs, cannot parse one): the character before the call
// is matched, and the call's '(' only looked at, so that it can be the character before a call nested in it.
const PARTS_CALL = /(?:^|[^A-Za-z0-9_.])(?:PARTS\.|_xldudf_PARTS_)[A-Za-z][A-Za-z0-9_.]*\s*(?=\()/gi;
/** The add-in's prefix of a call, for the formula as the list gives it. */
const PARTS_PREFIX = /(^|[^A-Za-z0-9_.])(?:PARTS\.|_xldudf_PARTS_)(?=[A-Za-z][A-Za-z0-9_.]*\s*\()/gi;

/** The formula text of a cell's formula, or null when the cell holds a value (Range.formulas gives a value so). */
function formulaText(formula: unknown): string | null {
  return typeof formula === 'string' && formula.startsWith('=') && formula.length > 1 ? formula : null;
}

/** How many PARTS calls a formula makes (text in quotes does not count); 0 for a value or another formula. */
export function partsCalls(formula: unknown): number {
  const text = formulaText(formula);
  if (text === null) return 0;
  return text.replace(STRING_LITERAL, '""').match(PARTS_CALL)?.length ?? 0;
}

/** A formula as the list gives it: without its '=' and without the add-in's prefix (`PRICE(A2,100)`). */
export function listedFormula(formula: string): string {
  const body = formula.replace(/^=/, '');
  let out = '';
  let last = 0;
  for (const m of body.matchAll(STRING_LITERAL)) {
    out += body.slice(last, m.index).replace(PARTS_PREFIX, '$1') + m[0];
    last = m.index + m[0].length;
  }
  return out + body.slice(last).replace(PARTS_PREFIX, '$1');
}

/** A sheet's cells as read: their formulas (a cell without one gives its value) and values, from a top-left cell. */
export interface SheetGrid {
  sheet: string;
  /** 0-based sheet row and column of the first cell. */
  rowIndex: number;
  columnIndex: number;
  formulas: readonly (readonly unknown[])[];
  values: readonly (readonly Cell[])[];
}

/** A PARTS cell found: where it is (0-based sheet row and column), its formula and the value it shows. */
export interface PartsCell {
  sheet: string;
  row: number;
  column: number;
  formula: string;
  value: string | number | boolean;
}

/** The PARTS cells of a grid, row by row. */
export function partsCellsOf(grid: SheetGrid): PartsCell[] {
  const found: PartsCell[] = [];
  grid.formulas.forEach((row, r) =>
    row.forEach((formula, c) => {
      if (partsCalls(formula) === 0) return;
      const value = grid.values[r]?.[c];
      found.push({
        sheet: grid.sheet,
        row: grid.rowIndex + r,
        column: grid.columnIndex + c,
        formula: formula as string,
        value: value === null || value === undefined ? '' : value,
      });
    }),
  );
  return found;
}

/** A PARTS cell as the copy lists it. */
export interface FetchedCell extends PartsCell {
  /** When its value was fetched (ms since the epoch), null when that is not known. */
  fetchedAt: number | null;
  /** Why it shows an error, or where its time comes from; '' when there is nothing to add. */
  note: string;
}

/** A sheet other than the BOM's that holds PARTS cells: its cells as values, from its top-left cell. */
export interface ValueSheet {
  name: string;
  rowIndex: number;
  columnIndex: number;
  values: readonly (readonly Cell[])[];
  /** Each cell's number format, as `values` ('General' or nothing where none): a date stays a date in the copy. */
  numberFormats?: readonly (readonly unknown[])[];
}

/** The PARTS cells a share-safe copy carries, and the sheets beside the BOM's that hold them. */
export interface FetchedValues {
  sheets: ValueSheet[];
  cells: FetchedCell[];
}

/** Where the BOM's cells are in the source and in the copy: the copy's BOM sheet holds the block, `shift` rows down. */
export interface BomPlace {
  block: CellBlock;
  copySheet: string;
  shift: number;
}

/** A name for a sheet of the copy that none of `taken` has (case-insensitive), within Excel's 31 characters. */
function freeName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  const base = name.slice(0, 31);
  if (!used.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    const tail = ` (${i})`;
    const next = `${name.slice(0, 31 - tail.length)}${tail}`;
    if (!used.has(next.toLowerCase())) return next;
  }
}

/** Writes a sheet's cells as values where they were (its columns do not move). */
function addValueSheet(workbook: XlsxBook, sheet: ValueSheet, name: string): void {
  const ws = workbook.addWorksheet(name);
  sheet.values.forEach((row, r) => {
    const xlRow = ws.getRow(sheet.rowIndex + r + 1);
    row.forEach((value, c) => {
      if (value === null || value === undefined || value === '') return;
      const cell = xlRow.getCell(sheet.columnIndex + c + 1);
      cell.value = value;
      const format = sheet.numberFormats?.[r]?.[c];
      if (typeof format === 'string' && format !== '' && format !== 'General') cell.numFmt = format;
    });
    xlRow.commit();
  });
}

const COLUMNS: ReadonlyArray<{ header: string; width: number }> = [
  { header: 'Sheet', width: 20 },
  { header: 'Cell', width: 8 },
  { header: 'In this copy', width: 22 },
  { header: 'Formula (add-in prefix left out)', width: 36 },
  { header: 'Value', width: 14 },
  { header: 'Fetched (UTC)', width: 20 },
  { header: 'Note', width: 60 },
];

/**
 * Adds the sheets beside the BOM's that hold PARTS cells (as values) and the "Fetched values" sheet listing every
 * PARTS cell; nothing when there is none. A cell of the BOM's sheet outside the BOM's block is listed only.
 */
export function addFetchedSheets(
  workbook: XlsxBook,
  fetched: FetchedValues,
  bom: BomPlace,
  /** Names of sheets added later. */
  reserved: readonly string[] = [],
): void {
  if (fetched.cells.length === 0) return;
  const names = new Map<string, string>();
  for (const sheet of fetched.sheets) {
    const name = freeName(sheet.name, [...workbook.sheetNames(), ...reserved, FETCHED_SHEET]);
    addValueSheet(workbook, sheet, name);
    names.set(sheet.name.toLowerCase(), name);
  }
  const inCopy = (cell: FetchedCell): string => {
    const { block } = bom;
    const inBom =
      cell.sheet.toLowerCase() === block.sheet.toLowerCase() &&
      cell.row >= block.row &&
      cell.row < block.row + block.rows &&
      cell.column >= block.column &&
      cell.column < block.column + block.columns;
    const at = (sheet: string, row: number, column: number) =>
      `${quoteSheetName(sheet)}!${blockAddress({ row, column, rows: 1, columns: 1 })}`;
    if (inBom) return at(bom.copySheet, cell.row - block.row + bom.shift, cell.column - block.column);
    const sheet = names.get(cell.sheet.toLowerCase());
    return sheet === undefined ? 'listed here only' : at(sheet, cell.row, cell.column);
  };
  const list = workbook.addWorksheet(freeName(FETCHED_SHEET, [...workbook.sheetNames(), ...reserved]), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  COLUMNS.forEach((column, i) => (list.getColumn(i + 1).width = column.width));
  list.addRow(COLUMNS.map((c) => c.header)).font = { bold: true };
  for (const cell of fetched.cells) {
    list
      .addRow([
        cell.sheet,
        blockAddress({ row: cell.row, column: cell.column, rows: 1, columns: 1 }),
        inCopy(cell),
        listedFormula(cell.formula),
        cell.value,
        cell.fetchedAt === null ? FETCHED_UNKNOWN : utcMinute(cell.fetchedAt),
        cell.note,
      ])
      .commit();
  }
}
