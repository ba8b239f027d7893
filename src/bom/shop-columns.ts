/**
 * A table's distributor columns as the rows give them: each cell's shop number, and which columns are a shop's whose
 * numbers name parts in its own catalogue alone: LCSC's (JLCPCB's), a Korean shop's goods numbers ("상품번호").
 */
import { type Cell, type CellGrid, cellText, partNumberText, rawCellText } from '../text/normalize';
import { lcscCodeColumns } from './column-content';
import { LCSC_HEADER, LCSC_NUMBER } from './header-words';
import { isShopCode } from './part-cells';
import { GOODS_NUMBER } from './header-languages';
import { type ShopNumberUse } from './read-result';

/** The shop whose own catalogue alone a column's numbers name, by its header: LCSC's (JLCPCB's), a goods number. */
function headerCatalogue(header: Cell): string | null {
  const text = cellText(header);
  if (LCSC_HEADER.test(text)) return 'LCSC';
  return GOODS_NUMBER.test(text) ? "the shop's goods number" : null;
}

/**
 * How the lines of a table with no maker's part-number column are read, in words, naming its distributor columns by
 * `name`: looked up by the numbers that can be, the others listed with their lines.
 */
export function readByShopNumbers(use: ShopNumberUse, name: (c: number) => string): string {
  const names = (columns: readonly number[]): string => columns.map(name).join(', ');
  const lookedUp = `each line is looked up by its distributor number (${names(use.lookedUp)})`;
  if (use.listed.length === 0) return lookedUp;
  if (use.lookedUp.length === 0)
    return `each line is listed with its shop's own number (${names(use.listed)}), which names a part in that shop's catalogue alone: give makers' part numbers to price the lines here`;
  return `${lookedUp}; numbers that name parts in one shop's catalogue alone (${names(use.listed)}) are listed with their lines, not looked up`;
}

export class ShopColumns {
  /** Columns of LCSC codes whatever their header ("Column1"): words among their codes are remarks, no codes. */
  private readonly lcscByContent: readonly number[];

  constructor(
    private readonly headerCells: readonly Cell[],
    readonly columns: readonly number[],
    sample: CellGrid,
  ) {
    this.lcscByContent = lcscCodeColumns(sample, columns);
  }

  /**
   * The distributor's number in column `c` of the row, the first of a list; null when the cell holds none. Only a
   * number shaped like one: KiCost's "#NO_CATALOG0001", "unknown" and "NonStk" are no numbers. Some shops number
   * with spaces and commas ("SMD-0805 10,0", "RND 1N4148W"): in a distributor's column a short code with a digit
   * is one; in a column of LCSC codes only a code with a digit is ("BOTTOM PART" is a remark there).
   */
  numberIn(row: readonly Cell[], c: number): string | null {
    // A shop's "SKU: POLOLU-1636 / SKU: ADA1201": its first code, the word SKU left out; a code a line, each with the
    // variant it is ("2292857 schwarz" over "1307228 rot": test plugs by colour), the first line's: its first word where
    // that is a code, else the line ("LITZE BL" over "LITZE RT": a code of two words).
    const lines = rawCellText(row[c]).split('\n');
    const word = lines.length > 1 ? /^\s*(\S+)\s+\p{L}+\s*$/u.exec(lines[0])?.[1] : undefined;
    const byLine = word !== undefined && isShopCode(word) ? word : lines.length > 1 ? lines[0] : undefined;
    const first = partNumberText(byLine ?? row[c])
      .split(/\s*,\s+|\s+,\s*|\s+\/\s+/)[0]
      .replace(/^SKU\s*[:#]?\s*/i, '');
    return isShopCode(first) && (/\d/.test(first) || !this.lcscByContent.includes(c)) ? first : null;
  }

  /**
   * The shop whose own catalogue alone a distributor's number names, never to be looked up here: LCSC (JLCPCB), shaped
   * so or in a column its header names LCSC's; a shop's goods number ("상품번호", "상품코드"); or null.
   */
  ownCatalogue(c: number, text: string): string | null {
    return LCSC_NUMBER.test(text) ? 'LCSC' : headerCatalogue(this.headerCells[c]);
  }

  /**
   * The columns by what is done with the numbers the `rows` give in them (numberIn): a column with a number of a
   * shop's own catalogue (ownCatalogue: LCSC's, a goods number) is listed; one with another number, or none to judge
   * by where its header names no such shop, is looked up. A column of both is in both.
   */
  numberUse(rows: CellGrid): ShopNumberUse {
    const use: ShopNumberUse = { lookedUp: [], listed: [] };
    for (const c of this.columns) {
      const numbers = rows.map((r) => (r === undefined ? null : this.numberIn(r, c))).filter((n) => n !== null);
      const own = numbers.map((n) => this.ownCatalogue(c, n) !== null);
      const headerOwn = headerCatalogue(this.headerCells[c]) !== null;
      if (headerOwn || own.some((o) => o)) use.listed.push(c);
      if (own.some((o) => !o) || (numbers.length === 0 && !headerOwn)) use.lookedUp.push(c);
    }
    return use;
  }

  /** Whether the row's cell in column `c` holds something to look up here: filled, and no shop's own catalogue's. */
  givesLookup(row: readonly Cell[], c: number): boolean {
    const code = cellText(row[c]).trim();
    return code !== '' && this.ownCatalogue(c, code) === null;
  }
}
