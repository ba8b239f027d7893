/**
 * A row one field too long: a field that held the file's delimiter unquoted ("bitaxe:O 25,0-JO32" in a comma file,
 * "BZA456A;115" in a semicolon one) was cut in two, and every field to its right moved one column on. What gives
 * it away is the row's last filled cell standing in a column the other rows leave empty (past the header's names,
 * a column no header names), holding what does not look like that column's content. The cut is found by evidence: of the
 * places where two filled neighbours could be one field, the one whose joining makes the row's cells look most like
 * their columns' cells in the other rows (empty, a number, a code, words); it must fit clearly better than the row
 * as it is, and better than every other place. Only that row changes, its two fields joined with a comma.
 */
import { type Cell, type CellGrid, cellText, isBlankRow } from '../text/normalize';
import type { BomWarning } from './read-result';

type Shape = 'empty' | 'number' | 'code' | 'words';

/** What a cell is, as far as its column's look goes. */
function shapeOf(cell: Cell | undefined): Shape {
  if (typeof cell === 'number') return 'number';
  const t = cellText(cell);
  if (t === '') return 'empty';
  if (/^[+-]?\d+(?:[.,]\d+)?$/.test(t)) return 'number';
  return !/\s/.test(t) && /\d/.test(t) ? 'code' : 'words';
}

/** The run of a cell's character kinds: letters as A, digits as 9, the rest as written ("REF24" is "A9"). */
function patternOf(cell: Cell | undefined): string {
  return cellText(cell)
    .replace(/\p{L}+/gu, 'A')
    .replace(/\d+/g, '9')
    .replace(/\s+/g, ' ');
}

/** A column's look: the share of its rows of each shape and of each run of character kinds. */
interface ColumnLook {
  shapes: Map<Shape, number>;
  patterns: Map<string, number>;
}

/** How much the run of character kinds weighs against the shape in a cell's fit. */
const PATTERN_WEIGHT = 0.7;

/** A column filled on fewer than this share of the rows is one a shifted field stands out in. */
const SPARSE = 0.2;
/** Fewer data rows than this give no column a look to judge by. */
const MIN_ROWS = 5;

/** Per column, the share of the data rows of each shape and run of character kinds. */
function columnLooks(rows: readonly (readonly Cell[])[], width: number): ColumnLook[] {
  const looks = Array.from({ length: width }, () => ({
    shapes: new Map<Shape, number>(),
    patterns: new Map<string, number>(),
  }));
  const add = <K>(m: Map<K, number>, k: K): void => {
    m.set(k, (m.get(k) ?? 0) + 1 / rows.length);
  };
  for (const row of rows)
    for (let c = 0; c < width; c++) {
      add(looks[c].shapes, shapeOf(row[c]));
      add(looks[c].patterns, patternOf(row[c]));
    }
  return looks;
}

/** How well a row's cells look like their columns' cells: per cell, the share of its shape and of its run. */
function fit(row: readonly Cell[], looks: readonly ColumnLook[]): number {
  return looks.reduce(
    (sum, look, c) =>
      sum +
      (1 - PATTERN_WEIGHT) * (look.shapes.get(shapeOf(row[c])) ?? 0) +
      PATTERN_WEIGHT * (look.patterns.get(patternOf(row[c])) ?? 0),
    0,
  );
}

/** The row with fields `c` and `c + 1` joined with a comma, the fields after them moved back one column. */
function joinedAt(row: readonly Cell[], c: number): Cell[] {
  const out = [...row.slice(0, c), `${cellText(row[c])},${cellText(row[c + 1])}`, ...row.slice(c + 2)];
  out.push(null);
  return out;
}

/** The last filled column of a row, or -1. */
function lastFilled(row: readonly Cell[]): number {
  for (let c = row.length - 1; c >= 0; c--) if (cellText(row[c]) !== '') return c;
  return -1;
}

/** How much better the best joining must fit than the row as it is, and than the next best. */
const MARGIN = 0.5;

/**
 * Whether the row's last filled cell spills past the header's names: a column no header names, that the other rows
 * leave (almost) empty and whose few filled cells look otherwise (the row itself is one of the `rows` counted).
 */
function spillsPastHeader(
  row: readonly Cell[],
  header: readonly Cell[],
  looks: readonly ColumnLook[],
  rows: number,
): boolean {
  const last = lastFilled(row);
  // A column the header names may be filled on a few rows by right (a note, a DNP mark): only a nameless one tells.
  if (last < 1 || cellText(header[last]) !== '') return false;
  const look = looks[last];
  const filledShare = look === undefined ? 0 : 1 - (look.shapes.get('empty') ?? 0);
  const alike = (look?.shapes.get(shapeOf(row[last])) ?? 0) * rows;
  return filledShare < SPARSE && alike <= 1.5;
}

/** The row rejoined where a field was cut, judged by the other rows' looks; null when no place fits clearly best. */
function rejoinedRow(row: readonly Cell[], looks: readonly ColumnLook[]): Cell[] | null {
  const last = lastFilled(row);
  const asIs = fit(row, looks);
  const tries: { row: Cell[]; fit: number }[] = [];
  for (let c = 0; c < last; c++) {
    if (cellText(row[c]) === '' || cellText(row[c + 1]) === '') continue;
    const joined = joinedAt(row, c);
    tries.push({ row: joined, fit: fit(joined, looks) });
  }
  tries.sort((a, b) => b.fit - a.fit);
  const [best, next] = tries;
  if (best === undefined || best.fit < asIs + MARGIN || (next !== undefined && best.fit < next.fit + MARGIN))
    return null;
  return best.row;
}

export interface ShiftedRows {
  cells: CellGrid;
  /** The 0-based rows whose cut field was joined. */
  rows: number[];
}

/**
 * The grid with each row that is one field too long joined where its field was cut, judged against the other data
 * rows from `dataStart` to `lastRow` under the header at `headerRow`; null when no row is.
 */
export function rejoinShiftedRows(
  cells: CellGrid,
  headerRow: number,
  dataStart: number,
  lastRow: number,
): ShiftedRows | null {
  const data: number[] = [];
  for (let r = dataStart; r <= lastRow; r++) if (!isBlankRow(cells[r])) data.push(r);
  if (data.length < MIN_ROWS) return null;
  const width = Math.max(...data.map((r) => (cells[r] ?? []).length));
  const looks = columnLooks(
    data.map((r) => cells[r] ?? []),
    width,
  );
  const out: (readonly Cell[])[] = [...cells];
  const rows: number[] = [];
  for (const r of data) {
    const row = cells[r] ?? [];
    if (!spillsPastHeader(row, cells[headerRow] ?? [], looks, data.length)) continue;
    // Judged by the other rows alone: the row's own cells would vouch for where they stand.
    const others = columnLooks(
      data.filter((x) => x !== r).map((x) => cells[x] ?? []),
      width,
    );
    const joined = rejoinedRow(row, others);
    if (joined === null) continue;
    out[r] = joined;
    rows.push(r);
  }
  // A shift on many rows is the table's own layout, not a cut field.
  if (rows.length === 0 || rows.length * 4 > data.length) return null;
  return { cells: out, rows };
}

/** The warning of a read whose rows were joined where a field was cut, naming them (as numbered on the sheet). */
export function shiftedRowsWarning(rows: readonly number[], firstRowNumber: number): BomWarning {
  return {
    row: rows[0] ?? null,
    code: 'split-fields',
    message:
      `Row${rows.length > 1 ? 's' : ''} ${rows.map((r) => r + firstRowNumber).join(', ')} had one field more than ` +
      `the others, a field cut at an unquoted delimiter; the two parts that fit their columns best joined were ` +
      `read as one field.`,
  };
}
