/**
 * A company's release BOM (a PLM's or an ERP's export) may call the makers "Vendor" and their numbers "Vendor Part
 * Number", keep its own item numbers under "Part Number" ("1120-0002"), and list each approved maker on a row of its
 * own under the item. Read by the header alone, a vendor is a shop and its numbers are a shop's; what tells the two
 * apart is what the Vendor column holds: makers' names the alias table knows (Rohm, KOA Speer, Panasonic), where a
 * shop's column would name Digi-Key or Mouser.
 */
import { headerTokens } from './header-tokens';
import { looksLikePartNumber } from './column-content';
import { isKnownManufacturer } from '../match/manufacturer';
import { type Cell, type CellGrid, cellText } from '../text/normalize';

/** The words a vendor's or supplier's column is named by, and those its number's column adds. */
const VENDOR_WORDS = new Set(['vendor', 'supplier']);
const NUMBER_WORDS = new Set(['part', 'number']);

/**
 * The part-number and manufacturer columns of a list whose "Vendor" column names makers and whose "Vendor Part
 * Number" beside it holds part numbers: when at least three of the column's filled cells in `sample`, and two in three
 * of them, are makers the alias table knows, and half the numbers look like part numbers. Undefined otherwise.
 */
export function makersNamedVendors(
  headerCells: readonly Cell[],
  sample: CellGrid,
): { partNumber: number; manufacturer: number } | undefined {
  const tokens = headerCells.map((cell) => headerTokens(cellText(cell)));
  // "Vendor", or "Vendor Name" as an Arena export writes it.
  const maker = tokens.findIndex(
    (t) => VENDOR_WORDS.has(t[0]) && (t.length === 1 || (t.length === 2 && t[1] === 'name')),
  );
  if (maker < 0) return undefined;
  const word = tokens[maker][0];
  const number = tokens.findIndex((t) => t.length > 1 && t[0] === word && t.slice(1).every((w) => NUMBER_WORDS.has(w)));
  if (number < 0) return undefined;
  const filled = (c: number) => sample.map((row) => cellText(row?.[c]).trim()).filter((t) => t !== '');
  const makers = filled(maker);
  const known = makers.filter(isKnownManufacturer).length;
  const numbers = filled(number);
  const partLike = numbers.filter((t) => looksLikePartNumber(t)).length;
  return known >= 3 && known * 3 >= makers.length * 2 && partLike * 2 >= numbers.length
    ? { partNumber: number, manufacturer: maker }
    : undefined;
}
