/**
 * An on-order list with an Environment column (the Orders sheet's words: "production", "test"): only what was
 * ordered in production is on its way. Rows of test orders are taken out of the list before it is applied, and
 * counted so the buyer is told how many were passed over. A list without such a column is all on order.
 */
import { countOf } from '../text/plural';
import { type CellGrid, cellText } from '../text/normalize';
import { headerTokens } from '../bom/header';
import type { StockReadResult } from './stock';

/** Environment values that name an order placed for trying, not buying. */
const TEST_WORDS = new Set(['test', 'testing', 'sandbox', 'test environment', 'staging', 'demo']);

/** The column of the header row named "Environment" (or "Env", "Checkout environment"); null when none. */
export function environmentColumn(cells: CellGrid, read: StockReadResult): number | null {
  if (read.headerRow === null) return null;
  const header = cells[read.headerRow] ?? [];
  for (let c = 0; c < header.length; c++) {
    const tokens = headerTokens(cellText(header[c]));
    if (tokens.includes('environment') || (tokens.length === 1 && tokens[0] === 'env')) return c;
  }
  return null;
}

/** Whether an Environment cell names the test environment. */
export function isTestEnvironment(text: string): boolean {
  return TEST_WORDS.has(text.trim().toLowerCase().replace(/\s+/g, ' '));
}

/** The list without its rows of test orders, and how many rows were taken out. */
export function withoutTestOrders(cells: CellGrid, read: StockReadResult): { read: StockReadResult; testRows: number } {
  const column = environmentColumn(cells, read);
  if (column === null) return { read, testRows: 0 };
  const isTest = (row: number) => isTestEnvironment(cellText(cells[row]?.[column] ?? ''));
  const rows = read.rows.filter((r) => !isTest(r.row));
  const problems = read.problems.filter((p) => !isTest(p.row));
  return {
    read: { ...read, rows, problems },
    testRows: read.rows.length - rows.length + read.problems.length - problems.length,
  };
}

/** "2 rows of test orders not counted as on order: …", or null when there were none. */
export function testRowsText(testRows: number): string | null {
  if (testRows === 0) return null;
  return `${countOf(testRows, 'row')} of test orders not counted as on order: placed in the test environment, ${testRows === 1 ? 'it buys' : 'they buy'} nothing`;
}
