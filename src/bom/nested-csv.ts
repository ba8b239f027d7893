/**
 * A report saved as "CSV inside CSV": every line of the table wrapped whole in quotes, so a spreadsheet (or a
 * CSV reader) shows each row as one cell holding `Ref Name,"Qty","Component",…`. DesignSpark's report writer
 * does this. The table only appears once each such cell is split again as a CSV line of its own.
 */
import { type Cell, type CellGrid, isBlankRow } from '../text/normalize';
import { plural } from '../text/plural';
import { firstAndMore } from '../text/words';
import { type BomWarning } from './read-result';

/** At most this many filled rows are looked at to decide; the decision holds for the whole grid. */
const LOOK_ROWS = 60;

/** The fields of one CSV line (comma-separated, double quotes around a field, "" for a quote inside one). */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** The one text cell of a row that has exactly one filled cell, in its first column; else null. */
function loneText(row: readonly Cell[] | undefined): string | null {
  if (!row || typeof row[0] !== 'string') return null;
  for (let c = 1; c < row.length; c++) if (row[c] !== null && row[c] !== undefined && row[c] !== '') return null;
  return row[0];
}

/** A lone cell that is itself a CSV line of several fields, some quoted: `Ref Name,"Qty","Component"`. */
function isWrappedLine(text: string): boolean {
  return /,\s*"/.test(text) && splitCsvLine(text).length >= 3;
}

/**
 * The grid with each wrapped line split into its fields, when the grid is such a report: most filled rows
 * are one cell, and at least three of them (a header and two lines) are wrapped CSV lines. Otherwise null.
 * Rows that are not wrapped lines (report titles, a banner, a dashed rule) stay as they are.
 */
export function unwrapNestedCsv(cells: CellGrid): (readonly Cell[])[] | null {
  let filled = 0;
  let lone = 0;
  let wrapped = 0;
  for (const row of cells) {
    if (filled >= LOOK_ROWS) break;
    if (isBlankRow(row)) continue;
    filled++;
    const text = loneText(row);
    if (text === null) continue;
    lone++;
    if (isWrappedLine(text)) wrapped++;
  }
  if (wrapped < 3 || lone * 10 < filled * 9) return null;
  return cells.map((row) => {
    const text = loneText(row);
    return text !== null && isWrappedLine(text) ? splitCsvLine(text) : row;
  });
}

/**
 * The grid with each row that an export quoted whole split into its fields, where the other rows are not: a line
 * quoted whole because one of its fields holds commas (`"5,""C1,C2,C4"",C_0402,3,0.1uF"` among rows of six cells),
 * the quotes inside doubled. Only a lone cell with a quoted field that splits into as many fields as most rows hold is
 * one. With the rows (0-based) so split; null when there are none.
 */
export function unwrapQuotedRows(cells: CellGrid): { cells: (readonly Cell[])[]; rows: number[] } | null {
  const widths = new Map<number, number>();
  for (const row of cells.slice(0, LOOK_ROWS * 4))
    if (row.length >= 3 && loneText(row) === null) widths.set(row.length, (widths.get(row.length) ?? 0) + 1);
  const width = [...widths.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (width === undefined) return null;
  const rows: number[] = [];
  const split = cells.map((row, r) => {
    const text = loneText(row);
    // A line is quoted whole for a field of it quoted for its commas: a title or a note with commas is no such line.
    if (text === null || !/,\s*"|^"/.test(text)) return row;
    const fields = splitCsvLine(text);
    if (fields.length !== width) return row;
    rows.push(r);
    return fields;
  });
  return rows.length > 0 ? { cells: split, rows } : null;
}

/** The warning naming the rows unwrapQuotedRows split (0-based; numbered from `firstRowNumber`). */
export function quotedRowsWarning(rows: readonly number[], firstRowNumber: number): BomWarning {
  const named = firstAndMore(rows, 5, (r) => String(r + firstRowNumber));
  return {
    row: null,
    code: 'nested-csv',
    message: `On ${rows.length} ${plural(rows.length, 'row')} the whole line was one quoted cell (its fields inside, its quotes doubled); each was split into its fields: rows ${named}.`,
  };
}
