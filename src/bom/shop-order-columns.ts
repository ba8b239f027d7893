/**
 * A shop's order numbers in a column that does not name the shop: "Order number" (or "Ordernumber", "Order code",
 * "Bestellnummer", "SKU") beside a column naming the shop of each row ("Distributor": Mouser, Reichelt). They are that
 * shop's numbers when the shop column's cells name distributors and the numbers differ from row to row (one order
 * number over many parts is a purchase order, not a shop's article). With no shop column, they are where most of them
 * are shaped as a shop's codes (Mouser's "556-ATSAMD21G18A-AUT", Digi-Key's "…-ND"). Beside a shop column, a
 * "Product" or "Product code" column of codes is the shop's article numbers likewise.
 */
import { type Cell, type CellGrid, cellText } from '../text/normalize';
import { namesDistributor } from './header-words';
import { headerTokens } from './header-tokens';
import { shapedAsShopCode } from './shop-code-shapes';

/** Words of a column naming the shop a row is bought from, and nothing else. */
const SHOP_COLUMN = new Set(['supplier', 'suppliers', 'distributor', 'distributors', 'vendor', 'vendors', 'shop']);

/**
 * "Order number", "Ordernumber", "Order No", "Order code", "Bestellnummer", "SKU": an order's or an article's number,
 * its shop not named.
 */
function isOrderNumberHeader(text: string): boolean {
  const tokens = headerTokens(text);
  if (tokens.length === 1 && tokens[0] === 'sku') return true;
  return (
    tokens.includes('order') &&
    tokens.some((w) => w === 'number' || w === 'code') &&
    tokens.every((w) => w === 'order' || w === 'number' || w === 'code')
  );
}

/**
 * "Product", "Product code", "Item code", "Article number", "Stock No": a shop's article number where a column names
 * the shop of each row and the cells are codes ("20-0157", 1593411), never names ("USB mini").
 */
function isArticleHeader(text: string): boolean {
  const [first, ...rest] = headerTokens(text);
  // A stock column alone counts what the shop holds ("Stock": 12500); an item's alone numbers the list's rows.
  const noun =
    first === 'product' || first === 'article' || ((first === 'stock' || first === 'item') && rest.length > 0);
  return noun && rest.every((w) => w === 'code' || w === 'number');
}

/**
 * A shop's code in an article column: one word with a digit ("20-0157", "1593411", "ESP12"). Stricter than a shop's
 * column's codes (isShopCode takes words: "LITZE BL"), as a "Product" column may hold names ("Pin header 2 way").
 */
function codeShaped(text: string): boolean {
  return /^[\p{L}\d][\p{L}\d./-]*$/u.test(text) && /\d/.test(text);
}

/** The filled cells of column `c`, trimmed. */
function filled(sample: CellGrid, c: number): string[] {
  return sample.map((r) => cellText(r?.[c]).trim()).filter((t) => t !== '');
}

/** The columns of shops' order numbers (see above), by their header and their cells. */
export function shopOrderColumns(headerCells: readonly Cell[], sample: CellGrid): number[] {
  const shops = headerCells.flatMap((cell, c) => {
    const tokens = headerTokens(cellText(cell));
    if (tokens.length !== 1 || !SHOP_COLUMN.has(tokens[0])) return [];
    const names = filled(sample, c);
    return names.length > 0 && names.filter((n) => namesDistributor(n)).length * 2 >= names.length ? [c] : [];
  });
  return headerCells.flatMap((cell, c) => {
    const article = shops.length > 0 && isArticleHeader(cellText(cell));
    if (!article && !isOrderNumberHeader(cellText(cell))) return [];
    const numbers = filled(sample, c);
    if (numbers.length < 2 || new Set(numbers).size * 5 < numbers.length * 3) return [];
    if (article) return numbers.filter(codeShaped).length * 4 >= numbers.length * 3 ? [c] : [];
    // A cell may hold a second code after the first (on a line of its own): its first is the shop's.
    const shaped = numbers.filter((n) => shapedAsShopCode(n.split(/\s+/)[0])).length;
    return shops.length > 0 || (shaped >= 3 && shaped * 2 >= numbers.length) ? [c] : [];
  });
}
