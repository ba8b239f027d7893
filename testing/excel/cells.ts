/**
 * The cells of one sheet of the in-memory workbook, and what reads and writes them: values and number formats as a
 * sync writes them, fills, clearing, the used block and the current region.
 */
import { type CellBlock, MAX_COLUMNS, MAX_ROWS } from '../../src/excel/address';
import { type MemoryCell, type MemoryChart, MemoryExcelError } from './model';
import { excelInput } from './text-entry';

export interface SheetData {
  name: string;
  cells: Map<number, Map<number, MemoryCell>>;
  columnWidths: Map<number, number>;
  charts: MemoryChart[];
}

export function normalizeColor(color: string): string {
  const text = color.trim();
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toUpperCase();
  if (/^#[0-9a-f]{3}$/i.test(text))
    return `#${text
      .slice(1)
      .split('')
      .map((c) => c + c)
      .join('')}`.toUpperCase();
  const named: Record<string, string> = {
    white: '#FFFFFF',
    black: '#000000',
    red: '#FF0000',
    yellow: '#FFFF00',
    green: '#008000',
  };
  const hit = named[text.toLowerCase()];
  if (!hit) throw new MemoryExcelError('InvalidArgument', `The color "${color}" is not valid.`);
  return hit;
}

export function isBlankCell(cell: MemoryCell | undefined): boolean {
  return !cell || (cell.formula === undefined && cell.value === '');
}

export function hasFormat(cell: MemoryCell | undefined): boolean {
  return !!cell && (cell.numberFormat !== undefined || cell.fill !== undefined || cell.bold !== undefined);
}

export function cellAt(data: SheetData, row: number, column: number, create: boolean): MemoryCell | undefined {
  let cells = data.cells.get(row);
  if (!cells) {
    if (!create) return undefined;
    cells = new Map();
    data.cells.set(row, cells);
  }
  let cell = cells.get(column);
  if (!cell && create) {
    cell = { value: '' };
    cells.set(column, cell);
  }
  return cell;
}

export function readBlock<T>(data: SheetData, block: CellBlock, read: (cell: MemoryCell | undefined) => T): T[][] {
  const out: T[][] = [];
  for (let r = 0; r < block.rows; r++) {
    const cells = data.cells.get(block.row + r);
    const row: T[] = [];
    for (let c = 0; c < block.columns; c++) row.push(read(cells?.get(block.column + c)));
    out.push(row);
  }
  return out;
}

export function forEachCell(data: SheetData, block: CellBlock, fn: (cell: MemoryCell) => void): void {
  for (let r = 0; r < block.rows; r++)
    for (let c = 0; c < block.columns; c++) fn(cellAt(data, block.row + r, block.column + c, true)!);
}

export function forEachCellIfPresent(data: SheetData, block: CellBlock, fn: (cell: MemoryCell) => void): void {
  for (const [r, cells] of data.cells) {
    if (r < block.row || r >= block.row + block.rows) continue;
    for (const [c, cell] of cells) if (c >= block.column && c < block.column + block.columns) fn(cell);
  }
}

export function used(data: SheetData, block: CellBlock, valuesOnly: boolean): CellBlock | null {
  let top = Infinity;
  let bottom = -1;
  let left = Infinity;
  let right = -1;
  for (const [r, cells] of data.cells) {
    if (r < block.row || r >= block.row + block.rows) continue;
    for (const [c, cell] of cells) {
      if (c < block.column || c >= block.column + block.columns) continue;
      if (isBlankCell(cell) && (valuesOnly || !hasFormat(cell))) continue;
      top = Math.min(top, r);
      bottom = Math.max(bottom, r);
      left = Math.min(left, c);
      right = Math.max(right, c);
    }
  }
  if (bottom < 0) return null;
  return { sheet: data.name, row: top, column: left, rows: bottom - top + 1, columns: right - left + 1 };
}

function filledIn(data: SheetData, row: number, fromColumn: number, toColumn: number): boolean {
  if (row < 0 || row >= MAX_ROWS) return false;
  const cells = data.cells.get(row);
  if (!cells) return false;
  for (let c = Math.max(0, fromColumn); c <= Math.min(MAX_COLUMNS - 1, toColumn); c++)
    if (!isBlankCell(cells.get(c))) return true;
  return false;
}

function filledInColumn(data: SheetData, column: number, fromRow: number, toRow: number): boolean {
  if (column < 0 || column >= MAX_COLUMNS) return false;
  for (let r = Math.max(0, fromRow); r <= Math.min(MAX_ROWS - 1, toRow); r++)
    if (!isBlankCell(data.cells.get(r)?.get(column))) return true;
  return false;
}

/** The current region: the block grown while a cell next to it (diagonals too) holds a value. */
export function region(data: SheetData, block: CellBlock): CellBlock {
  let top = block.row;
  let left = block.column;
  let bottom = block.row + block.rows - 1;
  let right = block.column + block.columns - 1;
  let changed = true;
  while (changed) {
    changed = false;
    while (filledIn(data, top - 1, left - 1, right + 1)) {
      top--;
      changed = true;
    }
    while (filledIn(data, bottom + 1, left - 1, right + 1)) {
      bottom++;
      changed = true;
    }
    while (filledInColumn(data, left - 1, top - 1, bottom + 1)) {
      left--;
      changed = true;
    }
    while (filledInColumn(data, right + 1, top - 1, bottom + 1)) {
      right++;
      changed = true;
    }
  }
  return { sheet: data.name, row: top, column: left, rows: bottom - top + 1, columns: right - left + 1 };
}

export function writeValues(data: SheetData, block: CellBlock, values: unknown): void {
  checkShape(block, values, 'values');
  const rows = values as unknown[][];
  for (let r = 0; r < block.rows; r++) {
    for (let c = 0; c < block.columns; c++) {
      const value = rows[r][c];
      if (value === null || value === undefined) continue;
      const cell = cellAt(data, block.row + r, block.column + c, true)!;
      delete cell.formula;
      delete cell.quotePrefix;
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) throw new MemoryExcelError('InvalidArgument', 'A value is not a finite number.');
        cell.value = value;
      } else if (typeof value === 'boolean') {
        cell.value = value;
      } else if (typeof value === 'string') {
        if (value.length > 32_767)
          throw new MemoryExcelError('InvalidArgument', 'Text longer than 32,767 characters does not fit in a cell.');
        if (value === '') cell.value = '';
        else Object.assign(cell, excelInput(value, cell.numberFormat));
      } else {
        throw new MemoryExcelError('InvalidArgument', `A value of type ${typeof value} cannot be written.`);
      }
    }
  }
}

export function writeNumberFormats(data: SheetData, block: CellBlock, formats: unknown): void {
  checkShape(block, formats, 'numberFormat');
  const rows = formats as unknown[][];
  for (let r = 0; r < block.rows; r++) {
    for (let c = 0; c < block.columns; c++) {
      const format = rows[r][c];
      if (format === null || format === undefined) continue;
      if (typeof format !== 'string') throw new MemoryExcelError('InvalidArgument', 'A number format is not text.');
      const cell = cellAt(data, block.row + r, block.column + c, true)!;
      if (format === 'General') delete cell.numberFormat;
      else cell.numberFormat = format;
    }
  }
}

function checkShape(block: CellBlock, grid: unknown, what: string): void {
  const ok =
    Array.isArray(grid) &&
    grid.length === block.rows &&
    grid.every((row) => Array.isArray(row) && row.length === block.columns);
  if (!ok) {
    throw new MemoryExcelError(
      'InvalidArgument',
      `The number of rows or columns in the ${what} array doesn't match the size or dimensions of the range (${block.rows}×${block.columns}).`,
    );
  }
}

/**
 * The rows of `block` that hold cells: by number when the block has fewer rows than the sheet
 * holds, else by the sheet's own rows (a whole column is a million rows, nearly all of them empty).
 */
function* rowsIn(data: SheetData, block: CellBlock): Generator<Map<number, MemoryCell>> {
  const end = block.row + block.rows;
  if (block.rows <= data.cells.size) {
    for (let r = block.row; r < end; r++) {
      const cells = data.cells.get(r);
      if (cells) yield cells;
    }
    return;
  }
  for (const [r, cells] of data.cells) if (r >= block.row && r < end) yield cells;
}

/** The cells of one row within the block's columns, each with its column (a copy: cells may be deleted as it is walked). */
function cellsIn(cells: Map<number, MemoryCell>, block: CellBlock): [number, MemoryCell][] {
  const end = block.column + block.columns;
  if (block.columns > cells.size) return [...cells].filter(([c]) => c >= block.column && c < end);
  const out: [number, MemoryCell][] = [];
  for (let c = block.column; c < end; c++) {
    const cell = cells.get(c);
    if (cell) out.push([c, cell]);
  }
  return out;
}

export function clearBlock(data: SheetData, block: CellBlock, applyTo: string): void {
  for (const cells of rowsIn(data, block)) {
    for (const [c, cell] of cellsIn(cells, block)) {
      if (applyTo === 'All') {
        cells.delete(c);
        continue;
      }
      if (applyTo === 'Contents') {
        cell.value = '';
        delete cell.formula;
        delete cell.quotePrefix;
      }
      if (applyTo === 'Formats') {
        delete cell.numberFormat;
        delete cell.fill;
        delete cell.bold;
      }
    }
  }
}
