/**
 * What each row of a list is called where nothing else says: a list's "Item" column, or the names of a list with no
 * part-number column (a kit's, a costing sheet's), by the columns' headers and their cells.
 */
import { type Cell, type CellGrid, cellText } from '../text/normalize';
import {
  type BomField,
  type ColumnMapping,
  holdsWords,
  isNeverPartNumberHeader,
  isSupplierPartHeader,
  matchHeader,
} from './header-words';
import { NOT_A_NAME } from './row-part-words';

/** A header naming the thing on each row in one word: Item, Artikel, Article, Name, Teil, Produkt, Product. */
const ITEM_HEADER = /^(?:items?|artikel|articles?|name|teil|produkt|product|pozycja|articulo|artículo)$/i;

/**
 * Where nothing else says what each row is: a list's "Item" or "Artikel" column of names (not line numbers), else the
 * names of a list with no part-number column (unheadedNames); sets `mapping.description`.
 */
export function nameTheThings(
  mapping: ColumnMapping,
  inferredFields: BomField[],
  headerRow: number | null,
  headerCells: readonly Cell[],
  sample: CellGrid,
): void {
  if (mapping.description === undefined) {
    const named = headerCells.findIndex((cell) => ITEM_HEADER.test(cellText(cell).trim()));
    const texts = named < 0 ? 0 : sample.filter((r) => /\p{L}{3}/u.test(cellText(r?.[named]))).length;
    if (named >= 0 && !Object.values(mapping).includes(named) && texts * 2 > sample.length) mapping.description = named;
  }
  // Without a header, only beside a column of counts: a list of things and how many (a kit's purchase list), whose
  // things are named left of their counts, whatever longer text (a note, a shop's share text) stands right of them.
  const headless = headerRow === null && mapping.quantity !== undefined && mapping.designators === undefined;
  const noted = headless && mapping.description !== undefined && mapping.description > mapping.quantity!;
  if (
    (mapping.description === undefined || noted) &&
    mapping.partNumber === undefined &&
    (headerRow !== null || headless)
  ) {
    const taken = (Object.entries(mapping) as [BomField, number][])
      .filter(([f]) => f !== 'description')
      .map(([, c]) => c);
    const unheaded = unheadedNames(headerCells, sample, taken, mapping.quantity);
    if (unheaded !== undefined) {
      mapping.description = unheaded;
      if (!inferredFields.includes('description')) inferredFields.push('description');
    }
  }
}

/**
 * A list's names in a column its header leaves blank, left of every column it names (a costing sheet's items under an
 * empty cell beside "details", "quantity", "unit price"), or else in a column whose header no rule knows, left of the
 * count (a kit list's "螺丝袋", the bag the screws come in, over their names): the column whose cells are words in more
 * than half the rows, the one of most different words (a category repeated down its rows is none), the nearest the
 * named columns of two alike; without a header, left of a column of counts. Asked only of a list with no part-number
 * column and none of descriptions.
 */
function unheadedNames(
  headerCells: readonly Cell[],
  sample: CellGrid,
  taken: readonly number[],
  quantity: number | undefined,
): number | undefined {
  const firstNamed = headerCells.findIndex((cell) => cellText(cell).trim() !== '');
  const unknownBefore = quantity ?? -1;
  let best: number | undefined;
  let most = 0;
  for (let c = 0; c < Math.max(firstNamed, unknownBefore); c++) {
    const header = cellText(headerCells[c]).trim();
    // Right of the first name, only a column of a header no rule knows (unknownHeader): never "Footprint" (its makers'
    // numbers are the part number's) nor "Notes" (a note is no name).
    if (taken.includes(c) || (c >= firstNamed && header !== '' && !unknownHeader(header))) continue;
    const words = sample
      .map((r) => cellText(r?.[c]).trim())
      .filter((t) => holdsWords(t) && !/^(?:https?:|www\.)/i.test(t));
    const different = new Set(words.map((t) => t.toLowerCase())).size;
    if (words.length * 2 > sample.length && different >= most) [best, most] = [c, different];
  }
  return best;
}

/**
 * A header no rule reads as a field, a never-part-number column's, a shop's, or one that never names a row (a note,
 * a source, a price: NOT_A_NAME; a value, an alternate, a house number): a kit list's "螺丝袋".
 */
function unknownHeader(header: string): boolean {
  if (NOT_A_NAME.test(header) || /\b(?:values?|alt\w*|cpn|vendors?|links?|urls?)\b/i.test(header)) return false;
  return matchHeader(header) === null && !isNeverPartNumberHeader(header) && !isSupplierPartHeader(header);
}
