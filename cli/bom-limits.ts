/**
 * How much of a BOM file `partsheet price` reads. Real BOMs are a few thousand lines and well under a megabyte; these
 * limits leave room for exports forty times the largest of them (a 200,000-line BOM is read), and refuse a broken or
 * hostile file (hundreds of megabytes of rows, a small XLSX whose XML expands to millions of rows) in a second or
 * two with a message naming the limit, instead of reading it until memory runs out.
 */
import { BomFileError } from './bom-file-error';
import { groupedCount } from '../src/text/plural';

/** Bytes of a BOM file, checked before it is read. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Rows that hold something (blank rows cost one shared empty row each and are counted by MAX_SHEET_ROWS). */
export const MAX_ROWS = 250_000;
/** Rows of every kind, blank ones included: as many as an Excel worksheet holds. */
export const MAX_SHEET_ROWS = 1_048_576;
/** Cells that hold something, in all rows together (about 500 bytes each once an XLSX workbook is loaded). */
export const MAX_CELLS = 2_000_000;
/** XML an XLSX workbook may expand to (every part of its zip together), checked as it is expanded. */
export const MAX_XLSX_EXPANDED_BYTES = 256 * 1024 * 1024;

const mib = (n: number) => `${groupedCount(Math.ceil(n / 1024 / 1024))} MiB`;

export function fileTooLarge(bytes: number): BomFileError {
  return new BomFileError(`the file is ${mib(bytes)}; a BOM file may be at most ${mib(MAX_FILE_BYTES)}`);
}

/** A pipe or device (its size unknown until read) that went on past the cap. */
export function streamTooLarge(): BomFileError {
  return new BomFileError(
    `the file goes on past ${mib(MAX_FILE_BYTES)} (read as it came, from a pipe or a device); a BOM file may be at most ${mib(MAX_FILE_BYTES)}`,
  );
}

/** Over the row limit: `rows` says which rows were counted ("rows that hold something", "rows in its sheets"). */
export function tooManyRows(subject: string, rows: string): BomFileError {
  return new BomFileError(
    `${subject} more than ${groupedCount(MAX_ROWS)} ${rows}; a BOM may have at most ${groupedCount(MAX_ROWS)} rows`,
  );
}

export function tooManySheetRows(): BomFileError {
  return new BomFileError(
    `the file has more than ${groupedCount(MAX_SHEET_ROWS)} rows, blank ones included; a BOM may have at most ${groupedCount(MAX_SHEET_ROWS)}, as many as a worksheet`,
  );
}

export function tooManyCells(subject: string, cells: string): BomFileError {
  return new BomFileError(
    `${subject} more than ${groupedCount(MAX_CELLS)} ${cells}; a BOM may have at most ${groupedCount(MAX_CELLS)} cells`,
  );
}

export function expandsTooFar(): BomFileError {
  return new BomFileError(
    `the workbook expands to more than ${mib(MAX_XLSX_EXPANDED_BYTES)} of XML; a BOM workbook may expand to at most ${mib(MAX_XLSX_EXPANDED_BYTES)}`,
  );
}

/** Counts the rows and cells of a delimited file as they are parsed; throws the limit's error at the first row over one. */
export class RowBudget {
  private rows = 0;
  private filledRows = 0;
  private cells = 0;

  /** One more row with `filledCells` cells that hold something. */
  add(filledCells: number): void {
    this.rows++;
    if (this.rows > MAX_SHEET_ROWS) throw tooManySheetRows();
    if (filledCells === 0) return;
    this.filledRows++;
    if (this.filledRows > MAX_ROWS) throw tooManyRows('the file has', 'rows that hold something');
    this.cells += filledCells;
    if (this.cells > MAX_CELLS) throw tooManyCells('the file has', 'cells that hold something');
  }
}

/**
 * The widest row a BOM file may have. Real exports stay under a hundred columns (a KiCost sheet with ten
 * distributors has about seventy); a row wider than this is a broken or hostile file and is refused, so that
 * reading it cannot cost memory and time in proportion to a stray cell at column XFD.
 */
export const MAX_COLUMNS = 1_024;

export function tooWide(row: number, width: number): BomFileError {
  return new BomFileError(
    `row ${groupedCount(row)} has ${groupedCount(width)} columns; a BOM row may have at most ${groupedCount(MAX_COLUMNS)}`,
  );
}
