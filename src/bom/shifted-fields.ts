/**
 * A row one field too long: a field that held the file's delimiter unquoted (a maker's name "Molex, LLC" or NXP's
 * "BZA456A,115" in a semicolon file) was cut in two, and every field to its right moved one column on. What gives it
 * away is the row's last filled cell standing in a column no header names, which the other rows leave empty. The
 * cut is found by evidence: of the places where two filled neighbours could be one field, the one whose joining makes
 * the row's cells look most like the other rows' cells in their columns (empty, a number, a code, words, and the run
 * of letters and digits); it must fit clearly better than the row as it is, and better than every other place. Only
 * that row changes, its two fields joined with a comma.
 */
import { type Cell, type CellGrid, cellText, gridWidth, isBlankRow } from '../text/normalize';
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

/** A column's look: how many of its rows have each shape and each run of character kinds. */
interface ColumnLook {
  shapes: Map<Shape, number>;
  patterns: Map<string, number>;
}

/** The columns' looks over `rows` data rows. */
interface TableLook {
  columns: ColumnLook[];
  rows: number;
}

/** How much the run of character kinds weighs against the shape in a cell's fit. */
const PATTERN_WEIGHT = 0.7;

/** A column filled on fewer than this share of the rows is one a shifted field stands out in. */
const SPARSE = 0.2;
/** Fewer data rows than this give no column a look to judge by. */
const MIN_ROWS = 5;

/** Rows a table may have joined back: past this many spilling rows, the spill is the export's layout. */
const MAX_SHIFTED = 50;

/** Per column, how many data rows have each shape and run of character kinds. */
function tableLook(rows: readonly (readonly Cell[])[], width: number): TableLook {
  const columns = Array.from({ length: width }, () => ({
    shapes: new Map<Shape, number>(),
    patterns: new Map<string, number>(),
  }));
  const add = <K>(m: Map<K, number>, k: K): void => {
    m.set(k, (m.get(k) ?? 0) + 1);
  };
  for (const row of rows)
    for (let c = 0; c < width; c++) {
      add(columns[c].shapes, shapeOf(row[c]));
      add(columns[c].patterns, patternOf(row[c]));
    }
  return { columns, rows: rows.length };
}

/**
 * How well `row` (the row `own` rejoined) looks like the other rows in its columns: per cell, the share of the other
 * rows with its shape and with its run of character kinds (`own` itself left out of the counts).
 */
function fit(row: readonly Cell[], own: readonly Cell[], look: TableLook): number {
  const others = Math.max(1, look.rows - 1);
  return look.columns.reduce((sum, column, c) => {
    const shape = shapeOf(row[c]);
    const pattern = patternOf(row[c]);
    const shapes = (column.shapes.get(shape) ?? 0) - (shapeOf(own[c]) === shape ? 1 : 0);
    const patterns = (column.patterns.get(pattern) ?? 0) - (patternOf(own[c]) === pattern ? 1 : 0);
    return sum + ((1 - PATTERN_WEIGHT) * shapes + PATTERN_WEIGHT * patterns) / others;
  }, 0);
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
function spillsPastHeader(row: readonly Cell[], header: readonly Cell[], look: TableLook, longer: boolean): boolean {
  const last = lastFilled(row);
  const column = look.columns[last];
  const filled = column === undefined ? 0 : look.rows - (column.shapes.get('empty') ?? 0);
  // A row with a field more than the header and the other rows (its last one empty, "…,SX3M25.000E20F30THN,")
  // whose last filled cell stands where no other row fills: its fields moved on, into a named column or not.
  if (longer && last >= 1 && filled <= 1) return true;
  // A column the header names may be filled on a few rows by right (a note, a DNP mark): only a nameless one tells.
  if (last < 1 || cellText(header[last]) !== '') return false;
  // The row itself is one of the rows counted: no other row may have a cell of its shape there.
  const alike = column?.shapes.get(shapeOf(row[last])) ?? 0;
  return filled < SPARSE * look.rows && alike <= 1;
}

/** The row rejoined where a field was cut, judged by the other rows' looks; null when no place fits clearly best. */
function rejoinedRow(row: readonly Cell[], look: TableLook): Cell[] | null {
  const last = lastFilled(row);
  const asIs = fit(row, row, look);
  const tries: { row: Cell[]; fit: number; at: number }[] = [];
  for (let c = 0; c < last; c++) {
    if (cellText(row[c]) === '' || cellText(row[c + 1]) === '') continue;
    const joined = joinedAt(row, c);
    tries.push({ row: joined, fit: fit(joined, row, look), at: c });
  }
  tries.sort((a, b) => b.fit - a.fit);
  const [best] = tries;
  if (best === undefined || best.fit < asIs + MARGIN) return null;
  // Places that fit about as well are told apart only when they place the later fields differently: where every
  // close place puts the fields after it alike (a footprint or a value cut, the part number after both), the best
  // is taken.
  const close = tries.filter((t) => t.fit > best.fit - MARGIN);
  const after = Math.max(...close.map((t) => t.at)) + 1;
  const alike = (t: { row: Cell[] }): boolean =>
    t.row.every((cell, c) => c < after || cellText(cell) === cellText(best.row[c]));
  return close.every(alike) ? best.row : null;
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
  // Cheap first: only a row with a filled cell past the header's last name can be one; most tables have none.
  const header = cells[headerRow] ?? [];
  const named = lastFilled(header) + 1;
  // A row with more fields than the header and than the other rows is one too, its last field empty or not.
  const lengths = data.map((r) => (cells[r] ?? []).length);
  const usual = lengths.filter((n) => n <= named).length * 2 > data.length ? named : Infinity;
  const longer = (r: number): boolean => (cells[r] ?? []).length > usual;
  const spilled = data.filter((r) => lastFilled(cells[r] ?? []) >= named || longer(r));
  // A shift on many rows is the table's own layout, not a cut field; a cut field is rare, so many are not one either.
  if (spilled.length === 0 || spilled.length * 4 > data.length || spilled.length > MAX_SHIFTED) return null;
  const rows0 = data.map((r) => cells[r] ?? []);
  const look = tableLook(rows0, gridWidth(rows0));
  const out: (readonly Cell[])[] = [...cells];
  const rows: number[] = [];
  for (const r of spilled) {
    const row = cells[r] ?? [];
    if (!spillsPastHeader(row, header, look, longer(r))) continue;
    const joined = rejoinedRow(row, look);
    if (joined === null) continue;
    out[r] = joined;
    rows.push(r);
  }
  if (rows.length === 0) return null;
  return { cells: out, rows };
}

/** The warning of a read whose rows were joined where a field was cut, naming them (as numbered on the sheet). */
export function shiftedRowsWarning(rows: readonly number[], firstRowNumber: number): BomWarning {
  return {
    row: rows[0] ?? null,
    code: 'shifted-field',
    message:
      `Row${rows.length > 1 ? 's' : ''} ${rows.map((r) => r + firstRowNumber).join(', ')} had one field more than ` +
      `the others, a field cut at an unquoted delimiter; the two parts that fit their columns best joined were ` +
      `read as one field.`,
  };
}

/**
 * The shifted-rows warning kept to the rows the table's reading accounts for (its lines and the rows it says are none):
 * a row one field too long after the table's end (a title block under its footer) was not read, and its repair is no
 * news to the user. The warning is rewritten for the rows left, or dropped when none is.
 */
export function shiftedWithinTable(
  warnings: BomWarning[],
  rows: readonly number[],
  read: ReadonlyArray<{ row: number }>,
  firstRowNumber: number,
): void {
  const at = warnings.findIndex((w) => w.code === 'shifted-field');
  if (at < 0) return;
  const accounted = new Set(read.map((r) => r.row));
  const kept = rows.filter((r) => accounted.has(r));
  if (kept.length === rows.length) return;
  if (kept.length === 0) warnings.splice(at, 1);
  else warnings[at] = shiftedRowsWarning(kept, firstRowNumber);
}
