/**
 * Lists with no part-number column and no distributor column that are still lists of things to buy (read by
 * read.ts as lines listed with what they have), and the warning that says how to price them.
 */
import { countOf, plural } from '../text/plural';
import { type ColumnMapping, isShoppingHeader } from './header';
import { type ColumnChoice } from './read-columns';
import { countsWithTimesSign } from './column-content';
import { holdsWords } from './header-words';
import { looksLikeDesignators, positionsByPart } from './designators';
import { parseQuantity } from './quantity';
import { type BomWarning, quote } from './read-result';
import { type Cell, type CellGrid, cellText } from '../text/normalize';

/**
 * Whether a table with no part-number column and no distributor column is still a list of things to buy: its
 * header names the quantity or the designators, and some other column it names says what each row is; or it names
 * what each row is and its price, shop or link (a costed shopping list with no quantity column).
 */
export function listsWithoutPartNumbers(
  headerRow: number | null,
  headerCells: readonly Cell[],
  choice: ColumnChoice,
  sample: CellGrid,
): boolean {
  if (choice.mappingSource === 'user') return false;
  const { mapping } = choice;
  // No header: things named left of a column of whole counts, on most rows (a kit's purchase list, no designators);
  // prose that commas cut into cells, a price's cents among them, is none.
  if (headerRow === null) {
    if (mapping.designators !== undefined && mapping.quantity === undefined)
      return valuesWithPositions(sample, mapping.designators);
    const [name, count] = [mapping.description, mapping.quantity];
    if (name === undefined || count === undefined || name > count || mapping.designators !== undefined) return false;
    const counted = (cell: Cell): boolean => {
      const q = parseQuantity(cell);
      return q.kind === 'ok' && q.estimated === undefined;
    };
    const listed = sample.filter((r) => holdsWords(cellText(r[name])) && counted(r[count]));
    return listed.length >= 3 && listed.length >= 0.6 * sample.length;
  }
  const fromHeader = (f: 'quantity' | 'designators' | 'description'): number | undefined =>
    choice.inferredFields.includes(f) && !(f === 'quantity' && countsWithTimesSign(sample, mapping.quantity))
      ? undefined
      : mapping[f];
  // A costed shopping list: things named, each with a price or a shop, one of each unless the row says more.
  const named = fromHeader('description');
  if (named !== undefined && headerCells.some((cell, c) => c !== named && isShoppingHeader(cellText(cell))))
    return true;
  const counted = [fromHeader('quantity'), fromHeader('designators')].filter((c): c is number => c !== undefined);
  if (counted.length === 0) return false;
  return headerCells.some((cell, c) => !counted.includes(c) && cellText(cell) !== '');
}

/**
 * No header, no count: a list of values or names each beside the positions it fills ("10uF", "C10,C13,C12,C11"), on
 * most rows, is a BOM of lines to buy counted by their positions (a schematic's value list, kept by hand).
 */
function valuesWithPositions(sample: CellGrid, positions: number): boolean {
  const listed = sample.filter(
    (r) => looksLikeDesignators(cellText(r[positions])) && r.some((c, i) => i !== positions && cellText(c) !== ''),
  );
  if (!positionsByPart(listed.map((r) => cellText(r[positions])))) return false;
  return listed.length >= 3 && listed.length >= 0.6 * sample.length;
}

/** The whole-BOM warning of a list read without part numbers: how many lines it lists, and how to price them. */
export function noPartNumberWarning(listed: number, headers: readonly string[], mapping: ColumnMapping): BomWarning {
  const counted = new Set([mapping.quantity, mapping.designators, mapping.dnp]);
  const named = headers.filter((_, c) => !counted.has(c)).slice(0, 6);
  return {
    row: null,
    code: 'part-number-column',
    message:
      `No part-number column (columns: ${named.map((h) => quote(h, 30)).join(', ')}): ${countOf(listed, 'line is', 'lines are')} listed with ` +
      `what ${plural(listed, 'it has', 'they have')} and cannot be priced without a manufacturer part number. Add an "MPN" column, or choose the part-number column in the column mapping.`,
  };
}
