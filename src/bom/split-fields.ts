/**
 * An export that wrote its delimiter for every comma of the data: `U5, U6, U10` became `U5; U6; U10` in a
 * semicolon file, so one field spills into the next columns, row by row differently, and every column to its right
 * is read from the wrong place. What gives it away is what the comma left behind: the space after it, at the start
 * of the next field, and that no comma is left anywhere in the data. A header whose own names never start with a
 * space, data rows whose fields do after a filled field, and not one comma in the table are such a table; each of
 * those fields is joined back to the one before it with the comma it lost. (A leading space typed by hand in a
 * workbook is not: a hand-made table writes commas in its descriptions and lists.)
 */
import { type Cell, type CellGrid, cellText, filledCount, isBlankRow } from '../text/normalize';
import type { BomWarning } from './read-result';
import { firstAndMore } from '../text/words';

/** A field that starts with one space and then text: what is left of "a, b" once the comma became a delimiter. */
const AFTER_COMMA = /^ \S/;

/** At least this many data rows must show it: one row could be a typing slip. */
const MIN_ROWS = 2;

/** Whether `cell` is the rest of the field `before` it, split off at a comma. */
function continues(before: Cell | undefined, cell: Cell | undefined): cell is string {
  return (
    typeof cell === 'string' &&
    AFTER_COMMA.test(cell) &&
    before !== null &&
    before !== undefined &&
    String(before).trim() !== ''
  );
}

/** Whether a row has a field that is the rest of the filled field before it. */
function hasSplitField(row: readonly Cell[]): boolean {
  for (let c = 1; c < row.length; c++) if (continues(row[c - 1], row[c])) return true;
  return false;
}

/** The row with every split field joined back to the one before it, and as many empty cells added at its end. */
function rejoined(row: readonly Cell[]): Cell[] {
  const out: Cell[] = [];
  for (const cell of row) {
    const last = out.length - 1;
    if (last >= 0 && continues(out[last], cell)) out[last] = `${String(out[last])},${cell}`;
    else out.push(cell);
  }
  while (out.length < row.length) out.push(null);
  return out;
}

export interface RejoinedFields {
  cells: CellGrid;
  /** The 0-based rows whose fields were joined. */
  rows: number[];
}

/**
 * How the header row (never split) writes its names, where that makes a space at a field's start telling: 'plain', none
 * starts with one; 'spaced', every name after the first does (a header written with ", " between its names,
 * "Reference, Value, Footprint", over data rows written without). Null for a header with some names spaced and others
 * not: a table written by hand.
 */
function headerStyle(header: readonly Cell[]): 'plain' | 'spaced' | null {
  const names = header.filter((cell) => cellText(cell) !== '');
  const spaced = names.filter((cell) => typeof cell === 'string' && /^\s/.test(cell)).length;
  if (spaced === 0) return 'plain';
  return names.length >= 3 && spaced === names.length - 1 && !/^\s/.test(String(names[0])) ? 'spaced' : null;
}

/**
 * The grid with each data row's split fields joined again, when the header tells (headerStyle), no data cell holds a
 * comma, and at least two data rows, and fewer than half of them, have such fields after filled ones. Else null.
 */
export function rejoinSplitFields(cells: CellGrid, headerRow: number | null, dataStart: number): RejoinedFields | null {
  if (headerRow === null) return null;
  const style = headerStyle(cells[headerRow] ?? []);
  if (style === null) return null;
  // Under a spaced header, a space after the delimiter is the data's own style where half its rows have one.
  const spacedHeader = style === 'spaced';
  const names = filledCount(cells[headerRow] ?? []);
  const rows: number[] = [];
  let data = 0;
  let spaced = 0;
  for (let r = dataStart; r < cells.length; r++) {
    const row = cells[r];
    if (!row || isBlankRow(row)) continue;
    data++;
    if (row.some((cell) => typeof cell === 'string' && cell.includes(','))) return null;
    if (!hasSplitField(row)) continue;
    spaced++;
    // Under a spaced header, only a row with more fields than the header names (a row typed ", " has as many).
    if (!spacedHeader || filledCount(row) > names) rows.push(r);
  }
  if (rows.length < MIN_ROWS || (spacedHeader && spaced * 2 >= data)) return null;
  // Only the rows joined are new; the others are the grid's own.
  const out: (readonly Cell[])[] = [...cells];
  for (const r of rows) out[r] = rejoined(cells[r]);
  return { cells: out, rows };
}

/** The one warning of a read whose split fields were joined again, naming the first rows (as numbered on the sheet). */
export function splitFieldsWarning(rows: readonly number[], firstRowNumber: number): BomWarning {
  const named = firstAndMore(rows, 5, (r) => String(r + firstRowNumber));
  return {
    row: null,
    code: 'split-fields',
    message:
      `On ${rows.length} rows a field ran on into the next columns, split at its commas (the export wrote its ` +
      `delimiter for each comma: "U5; U6"); each was joined back ("U5, U6"): rows ${named}.`,
  };
}
