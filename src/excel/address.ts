/**
 * A1 addresses and blocks of cells. Rows and columns are 0-based indexes here, as in `getRangeByIndexes`;
 * the A1 text is what Excel shows and returns (`Sheet1!B2:D10`, `'BOM rev A'!C3`).
 */

/** A rectangle of cells on one sheet, by 0-based indexes. */
export interface CellBlock {
  sheet: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** Excel's largest sheet: 1,048,576 rows by 16,384 columns (XFD). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** Column letters of a 0-based column index: 0 → A, 26 → AA. */
export function columnLetters(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Not a column index: ${index}`);
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** 0-based column index of column letters: A → 0, AA → 26. */
export function columnIndex(letters: string): number {
  const text = letters.toUpperCase();
  if (!/^[A-Z]{1,3}$/.test(text)) throw new RangeError(`Not a column: ${letters}`);
  let n = 0;
  for (const ch of text) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A sheet name as an address writes it: quoted when it holds anything but letters, digits, '.' and '_'. */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name)
    ? name
    : `'${name.replace(/'/g, "''")}'`;
}

/** `B2:D10` (or `B2` for one cell) of a block, without the sheet. */
export function blockAddress(block: Omit<CellBlock, 'sheet'>): string {
  const first = `${columnLetters(block.column)}${block.row + 1}`;
  if (block.rows === 1 && block.columns === 1) return first;
  return `${first}:${columnLetters(block.column + block.columns - 1)}${block.row + block.rows}`;
}

/** `Sheet1!B2:D10` of a block. */
export function fullAddress(block: CellBlock): string {
  return `${quoteSheetName(block.sheet)}!${blockAddress(block)}`;
}

/** Splits `'My sheet'!A1:B2` into the sheet name (unquoted) and the cell part; no sheet gives null. */
export function splitSheet(address: string): { sheet: string | null; cells: string } {
  const text = address.trim();
  if (text.startsWith("'")) {
    let i = 1;
    let name = '';
    while (i < text.length) {
      if (text[i] === "'") {
        if (text[i + 1] === "'") {
          name += "'";
          i += 2;
          continue;
        }
        break;
      }
      name += text[i];
      i++;
    }
    if (text[i] !== "'" || text[i + 1] !== '!') throw new RangeError(`Not an address: ${address}`);
    return { sheet: name, cells: text.slice(i + 2) };
  }
  const bang = text.lastIndexOf('!');
  return bang < 0 ? { sheet: null, cells: text } : { sheet: text.slice(0, bang), cells: text.slice(bang + 1) };
}

function parseCorner(text: string, address: string): { row: number | null; column: number | null } {
  const m = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) throw new RangeError(`Not an address: ${address}`);
  const row = m[2] === undefined ? null : Number(m[2]) - 1;
  if (row !== null && (row < 0 || row >= MAX_ROWS)) throw new RangeError(`Not an address: ${address}`);
  const column = m[1] === undefined ? null : columnIndex(m[1]);
  if (column !== null && column >= MAX_COLUMNS) throw new RangeError(`Not an address: ${address}`);
  return { row, column };
}

/**
 * The block an address names: `B2`, `B2:D10`, whole columns `A:C`, whole rows `3:5`, with or without a sheet
 * (`defaultSheet` then applies) and `$` signs.
 */
export function parseAddress(address: string, defaultSheet = ''): CellBlock {
  const { sheet, cells } = splitSheet(address);
  const [a, b = a] = cells.split(':');
  const first = parseCorner(a, address);
  const last = parseCorner(b, address);
  const row = first.row ?? 0;
  const column = first.column ?? 0;
  const lastRow = last.row ?? MAX_ROWS - 1;
  const lastColumn = last.column ?? MAX_COLUMNS - 1;
  const top = Math.min(row, lastRow);
  const left = Math.min(column, lastColumn);
  return {
    sheet: sheet ?? defaultSheet,
    row: top,
    column: left,
    rows: Math.abs(lastRow - row) + 1,
    columns: Math.abs(lastColumn - column) + 1,
  };
}

/** Whether two blocks on the same sheet share a cell. */
export function overlaps(a: CellBlock, b: CellBlock): boolean {
  return (
    a.sheet === b.sheet &&
    a.row < b.row + b.rows &&
    b.row < a.row + a.rows &&
    a.column < b.column + b.columns &&
    b.column < a.column + a.columns
  );
}
