/**
 * Reading a list of stock on hand: a range or file of part number, manufacturer (optional) and quantity, with an
 * optional location and reserved quantity.
 *
 * The header row is found as a BOM's is (src/bom/header.ts: the same words for part number and manufacturer),
 * with the words inventories use for their counts ("Total Stock", "On hand", "In stock", "Available", "Qty"),
 * for what is set aside ("Reserved", "Allocated") and for where it lies ("Location", "Storage", "Bin"). A parts
 * inventory's export (Name, MPN, Manufacturer, Total Stock) reads its MPN column, or its Name column when it has no
 * MPN; a plain list of part number and quantity reads with or without a header.
 *
 * Nothing is guessed: a row whose part number or quantity cannot be read is listed as a problem, never applied.
 * Which part a row means is settled later, against the parts the BOMs were matched to (src/purchase/list.ts).
 */
import { type Cell, type CellGrid, cellText, isBlankRow } from '../text/normalize';
import { headerTokens, matchHeader } from '../bom/header';
import { countOf, groupedCount as count } from '../text/plural';
import type { ErrorCode } from '../../protocol/error-codes';
import { withArticle } from '../text/words';

export interface StockColumns {
  partNumber: number;
  manufacturer?: number;
  quantity: number;
  reserved?: number;
  location?: number;
}

/** One row of stock as read: `available` is the quantity less what is reserved (never below 0). */
export interface StockRow {
  /** 0-based row of the cells. */
  row: number;
  partNumber: string;
  manufacturer: string;
  quantity: number;
  reserved: number;
  available: number;
  location: string;
}

/** A row that is not applied, and why. */
export interface StockProblem {
  row: number;
  partNumber: string;
  manufacturer: string;
  quantity: number | null;
  /** 'unreadable': no part number, or no readable quantity. The matching adds 'unknown' and 'ambiguous'. */
  kind: 'unreadable' | 'unknown' | 'ambiguous';
  text: string;
}

export type StockFormat = 'parts inventory export' | 'part number and quantity list' | 'inventory table';

export interface StockReadResult {
  format: StockFormat;
  /** 0-based header row; null when the list has none (a bare "MPN,Qty" list). */
  headerRow: number | null;
  columns: StockColumns;
  headers: string[];
  rows: StockRow[];
  problems: StockProblem[];
}

export class StockReadError extends Error {
  readonly errorCode: ErrorCode = 'PS_PURCHASE_STOCK_FILE';
}

const MAX_HEADER_SCAN = 30;

type StockField = keyof StockColumns;

/** Which stock field a header names, and how strongly (3 best). */
export function matchStockHeader(text: string): { field: StockField; strength: number } | null {
  const tokens = headerTokens(text);
  if (tokens.length === 0) return null;
  const has = (w: string): boolean => tokens.includes(w);
  if (has('reserved') || has('allocated') || has('committed')) return { field: 'reserved', strength: 3 };
  if (has('location') || has('locations') || has('storage') || has('bin') || has('shelf'))
    return { field: 'location', strength: 3 };
  const notCount = [
    'min',
    'minimum',
    'max',
    'maximum',
    'reorder',
    'price',
    'cost',
    'value',
    'ordered',
    'incoming',
    'order',
  ];
  if (!tokens.some((w) => notCount.includes(w))) {
    if (
      has('stock') ||
      has('onhand') ||
      (has('on') && has('hand')) ||
      has('available') ||
      has('inventory') ||
      has('balance')
    )
      return { field: 'quantity', strength: 3 };
  }
  const bom = matchHeader(text);
  if (bom?.field === 'partNumber') return { field: 'partNumber', strength: bom.strength };
  if (bom?.field === 'manufacturer') return { field: 'manufacturer', strength: bom.strength };
  if (bom?.field === 'quantity') return { field: 'quantity', strength: 2 };
  // A parts inventory names its parts by "Name" (the part number, in practice): used when nothing better exists.
  if (tokens.every((w) => w === 'name' || w === 'part') && has('name')) return { field: 'partNumber', strength: 1 };
  return null;
}

function mapStockColumns(row: readonly Cell[]): { columns: Partial<StockColumns>; score: number } {
  const columns: Partial<StockColumns> = {};
  const strengths: Partial<Record<StockField, number>> = {};
  row.forEach((cell, c) => {
    if (typeof cell !== 'string') return;
    const match = matchStockHeader(cell);
    if (!match) return;
    if (match.strength > (strengths[match.field] ?? 0)) {
      strengths[match.field] = match.strength;
      columns[match.field] = c;
    }
  });
  const score = Object.values(strengths).reduce((a, b) => a + (b ?? 0), 0);
  return { columns, score };
}

/** A whole, non-negative quantity from a cell ("1,200", 1200, "1200 pcs"), or null. */
export function stockQuantity(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isSafeInteger(cell) && cell >= 0 ? cell : null;
  if (typeof cell !== 'string') return null;
  const text = cell
    .trim()
    .replace(/\s*(?:pcs|pc|ea|units?)\.?$/i, '')
    .replace(/[,_\u00a0 ]/g, '');
  if (!/^\d{1,12}(?:\.0+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

function text(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : cellText(cell).trim();
}

/** A list without a header: part number then quantity (or part number, manufacturer, quantity) in its first row. */
function headerless(cells: CellGrid): StockColumns | null {
  const first = cells.find((r) => r && !isBlankRow(r));
  if (!first) return null;
  const filled = first.map((c) => text(c));
  if (filled[0] === '') return null;
  if (stockQuantity(first[1]) !== null) return { partNumber: 0, quantity: 1 };
  if (filled[1] !== '' && stockQuantity(first[2]) !== null) return { partNumber: 0, manufacturer: 1, quantity: 2 };
  return null;
}

/**
 * Reads a stock list. Throws StockReadError when no part-number and quantity columns can be found (the headers
 * seen are named).
 */
export function readStock(cells: CellGrid): StockReadResult {
  let best: { row: number; columns: StockColumns; score: number } | null = null;
  for (let r = 0; r < Math.min(cells.length, MAX_HEADER_SCAN); r++) {
    const row = cells[r];
    if (!row || isBlankRow(row)) continue;
    const { columns, score } = mapStockColumns(row);
    if (columns.partNumber === undefined || columns.quantity === undefined) continue;
    if (best === null || score > best.score) best = { row: r, columns: columns as StockColumns, score };
  }
  let headerRow: number | null;
  let columns: StockColumns;
  if (best) {
    headerRow = best.row;
    columns = best.columns;
  } else {
    const guessed = headerless(cells);
    if (!guessed) {
      const seen = (cells.find((r) => r && !isBlankRow(r)) ?? []).map((c) => text(c)).filter((t) => t !== '');
      throw new StockReadError(
        `no part-number and quantity columns found in the stock list${
          seen.length > 0
            ? ` (first row: ${seen
                .slice(0, 8)
                .map((s) => `'${s}'`)
                .join(', ')})`
            : ''
        }`,
      );
    }
    headerRow = null;
    columns = guessed;
  }
  const headerCells = headerRow === null ? [] : cells[headerRow].map((c) => text(c));
  const headers = headerCells;
  const tokens = headerCells.map((h) => headerTokens(h));
  const named = headerCells.filter((h) => h !== '').length;
  const format: StockFormat =
    tokens.some((t) => t.includes('total') && t.includes('stock')) ||
    tokens.some((t) => t.length === 1 && t[0] === 'name')
      ? 'parts inventory export'
      : headerRow === null || named <= 3
        ? 'part number and quantity list'
        : 'inventory table';

  const rows: StockRow[] = [];
  const problems: StockProblem[] = [];
  for (let r = headerRow === null ? 0 : headerRow + 1; r < cells.length; r++) {
    const row = cells[r];
    if (!row || isBlankRow(row)) continue;
    const partNumber = text(row[columns.partNumber]);
    const manufacturer = columns.manufacturer === undefined ? '' : text(row[columns.manufacturer]);
    const quantity = stockQuantity(row[columns.quantity] ?? null);
    const rawQty = text(row[columns.quantity]);
    const unreadable = (why: string): void => {
      problems.push({ row: r, partNumber, manufacturer, quantity, kind: 'unreadable', text: why });
    };
    if (partNumber === '') {
      // A totals row or a note: said, never applied.
      unreadable(`no part number${rawQty !== '' ? ` (quantity '${rawQty}')` : ''}`);
      continue;
    }
    if (quantity === null) {
      unreadable(rawQty === '' ? 'no quantity' : `quantity '${rawQty}' is not a whole number of 0 or more`);
      continue;
    }
    let reserved = 0;
    if (columns.reserved !== undefined && text(row[columns.reserved]) !== '') {
      const value = stockQuantity(row[columns.reserved] ?? null);
      if (value === null) {
        unreadable(`reserved '${text(row[columns.reserved])}' is not a whole number of 0 or more`);
        continue;
      }
      reserved = value;
    }
    rows.push({
      row: r,
      partNumber,
      manufacturer,
      quantity,
      reserved,
      available: Math.max(0, quantity - reserved),
      location: columns.location === undefined ? '' : text(row[columns.location]),
    });
  }
  return { format, headerRow, columns, headers, rows, problems };
}

/** "stock list read as a parts inventory export: 12 rows (MPN, Manufacturer, Total Stock); 1 row not read". */
export function stockReadText(read: StockReadResult): string {
  const names = (['partNumber', 'manufacturer', 'quantity', 'reserved', 'location'] as const)
    .map((f) =>
      read.columns[f] === undefined ? null : read.headers[read.columns[f]!] || `column ${read.columns[f]! + 1}`,
    )
    .filter((n): n is string => n !== null);
  const rows = countOf(read.rows.length, 'row');
  const bad = read.problems.length > 0 ? `; ${count(read.problems.length)} not read` : '';
  return `read as ${withArticle(read.format)}: ${rows}${read.headerRow === null ? ' (no header row)' : ` (${names.join(', ')})`}${bad}`;
}

/** The rows of a stock list as entries to apply, each naming its origin ("stock.csv row 12"). */
export function stockEntries(
  read: StockReadResult,
  name: string,
  firstRowNumber = 1,
): Array<{ partNumber: string; manufacturer: string; quantity: number; origin: string }> {
  return read.rows.map((r) => ({
    partNumber: r.partNumber,
    manufacturer: r.manufacturer,
    quantity: r.available,
    origin: `${name} row ${r.row + firstRowNumber}${r.location !== '' ? ` (${r.location})` : ''}`,
  }));
}
