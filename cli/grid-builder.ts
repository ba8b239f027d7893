/**
 * The grid of a markup spreadsheet or page (an .ods workbook's content.xml, an HTML page's tables) as it is read:
 * rows and cells placed only where something follows them, within the limits of every workbook (rows, cells that
 * hold something, columns); the text of a cell with its character references decoded.
 */
import type { Cell, MergedRange } from '../src/bom';
import {
  MAX_CELLS,
  MAX_COLUMNS,
  MAX_ROWS,
  MAX_SHEET_ROWS,
  tooManyCells,
  tooManyRows,
  tooManySheetRows,
  tooWide,
} from './bom-limits';

/** The longest text a cell keeps, as Excel's cells hold at most. */
export const MAX_CELL_TEXT = 32_767;

/** XML's five named references; a page's reader adds HTML's. */
export const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with its character references decoded ("&amp;", "&#181;", "&#xB5;"), and the named ones `named` knows. */
export function decodeReferences(text: string, named: Readonly<Record<string, string>> = XML_ENTITIES): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[name] ?? named[name.toLowerCase()] ?? whole;
  });
}

/** One row being read: its cells, and the empty cells not yet placed (placed only where a value follows). */
export class RowBuilder {
  readonly cells: Cell[] = [];
  private emptyRun = 0;
  private column = 0;

  constructor(private readonly rowNumber: number) {}

  /** The 0-based column the next cell starts at. */
  get at(): number {
    return this.column;
  }

  add(value: Cell, repeat: number): number {
    this.column += repeat;
    if (value === null) {
      this.emptyRun += repeat;
      return 0;
    }
    if (this.cells.length + this.emptyRun + repeat > MAX_COLUMNS)
      throw tooWide(this.rowNumber, this.cells.length + this.emptyRun + repeat);
    for (; this.emptyRun > 0; this.emptyRun--) this.cells.push(null);
    for (let i = 0; i < repeat; i++) this.cells.push(value);
    return repeat;
  }
}

/** The rows of one table, blank rows placed only where a row that holds something follows. */
export class GridBuilder {
  readonly rows: Cell[][] = [];
  readonly merged: MergedRange[] = [];
  private blankRun = 0;
  private filledRows = 0;
  private filledCells = 0;
  private static readonly BLANK: Cell[] = [];

  /** The 0-based row the next row starts at. */
  get at(): number {
    return this.rows.length + this.blankRun;
  }

  countCells(n: number): void {
    this.filledCells += n;
    if (this.filledCells > MAX_CELLS) throw tooManyCells('the sheet has', 'cells that hold something');
  }

  addRow(cells: Cell[], repeat: number): void {
    if (cells.length === 0) {
      this.blankRun += repeat;
      return;
    }
    if (this.at + repeat > MAX_SHEET_ROWS) throw tooManySheetRows();
    for (; this.blankRun > 0; this.blankRun--) this.rows.push(GridBuilder.BLANK);
    this.filledRows += repeat;
    if (this.filledRows > MAX_ROWS) throw tooManyRows('the sheet has', 'rows that hold something');
    // A repeated row's cells, counted once more for every repeat past the first.
    if (repeat > 1) this.countCells(cells.filter((c) => c !== null).length * (repeat - 1));
    // The repeats share the row's cells, as the blank rows share one empty row: nothing reads a row to change it.
    for (let i = 0; i < repeat; i++) this.rows.push(cells);
  }
}

/** A row as wide as its last cell that holds more than spaces, as the XLSX reader keeps a row. */
export function withoutTrailingSpaces(cells: Cell[]): Cell[] {
  let width = cells.length;
  while (width > 0 && (cells[width - 1] === null || String(cells[width - 1]).trim() === '')) width--;
  return width === cells.length ? cells : cells.slice(0, width);
}
