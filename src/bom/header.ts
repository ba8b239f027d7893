/**
 * Finding the header row of a BOM and which column holds what: the header's names mapped to fields (the words in
 * header-words.ts), the header row among title rows, placeholder and data-like rows told from headers, and the
 * columns a header names for distributor numbers, footprints, schematic symbols and values. What the cells of a
 * column say where its header says nothing is in column-content.ts; both are re-exported here.
 */
import { looksLikeDesignators } from './designators';
import { holdsLcscCodesOnly, lcscCodeColumns, looksLikePartNumber } from './column-content';
import { shopOrderColumns } from './shop-order-columns';
import {
  BOM_FIELDS,
  type BomField,
  type ColumnMapping,
  isNeverPartNumberHeader,
  isShoppingHeader,
  namesDistributor,
  isSupplierPartHeader,
  holdsWords,
  matchHeader,
  MODEL_HEADER,
} from './header-words';
import { headerTokens } from './header-tokens';
import {
  type Cell,
  type CellGrid,
  cellText,
  columnName,
  filledCount,
  isBlankRow,
  isRuleRow,
  rawCellText,
} from '../text/normalize';
import { startsWithPrice } from '../text/money';
import { parseQuantity } from './quantity';
import { translateHeader } from './header-languages';

export {
  BOM_FIELDS,
  type BomField,
  type ColumnMapping,
  type DnpColumnKind,
  type HeaderMatch,
  dnpColumnKind,
  isBuyHeader,
  isNeverPartNumberHeader,
  isShoppingHeader,
  isSupplierPartHeader,
  matchHeader,
  namesOthersNumber,
  namesOwnOrAlternateNumber,
} from './header-words';
export { headerTokens } from './header-tokens';
export { dnpColumnByContent, inferColumnsFromContent, isDnpColumnWord, looksLikePartNumber } from './column-content';

/** How far past the scanned rows the header search goes through rows of one cell: ten a row scanned. */
const PROSE_ROWS_PER_ROW = 10;

/** The longest header name read: a longer cell is prose or data, never a column's name, and is not matched. */
const MAX_HEADER_NAME = 200;

/** Whether some cell of the row could be a column's name: text, not blank, no longer than a name is. */
function holdsNames(row: readonly Cell[] | undefined): boolean {
  const filled = (row ?? []).filter((c) => cellText(c) !== '');
  // A label and its value ("Mfr. No: | MT48LC16M16A2TG-6A:GTR", a record's field) name no columns.
  if (filled.length === 2 && /:$/.test(cellText(filled[0])) && !/:$/.test(cellText(filled[1]))) return false;
  return filled.some((c) => typeof c === 'string' && c.length <= MAX_HEADER_NAME && /\S/.test(c));
}

interface ColumnMatch {
  mapping: ColumnMapping;
  strengths: Partial<Record<BomField, number>>;
}

function matchColumns(headerCells: readonly Cell[]): ColumnMatch {
  const mapping: ColumnMapping = {};
  const strengths: Partial<Record<BomField, number>> = {};
  headerCells.forEach((cell, column) => {
    if (typeof cell === 'string' && cell.length > MAX_HEADER_NAME) return;
    const text = rawCellText(cell);
    if (text.trim() === '' || typeof cell === 'number') return;
    // A note in brackets after a part-number column's name ("Part (50pcs)": the count priced) is no part of it; one
    // after a count's ("Qty (spares)") says what is counted.
    const bare = matchHeader(text.replace(/\s*\([^()]*\)\s*$/, ''));
    const match = matchHeader(text) ?? (bare?.field === 'partNumber' ? bare : null);
    if (!match) return;
    const best = strengths[match.field] ?? 0;
    if (match.strength > best) {
      strengths[match.field] = match.strength;
      mapping[match.field] = column;
    }
  });
  // "Model" names the part bought in a purchase list; beside designators (an EDA export) it is a simulation or 3D
  // model's field, no part number.
  if (mapping.partNumber !== undefined && mapping.designators !== undefined && strengths.partNumber === 1)
    if (MODEL_HEADER.test(rawCellText(headerCells[mapping.partNumber]))) {
      delete mapping.partNumber;
      delete strengths.partNumber;
    }
  return { mapping, strengths };
}

/** Map the columns of a header row by their names; ties go to the leftmost column. */
export function mapColumns(headerCells: readonly Cell[]): ColumnMapping {
  return matchColumns(headerCells).mapping;
}

export interface HeaderDetection {
  /** 0-based index of the header row, or null when no row looks like a header. */
  row: number | null;
  /** Sum of the match strengths of the fields the row names (0 when none). */
  score: number;
  /** The fields the header row names. */
  fields: BomField[];
  /** The mapping that row gives. */
  mapping: ColumnMapping;
  /** Rows above the header row that complete it (a header over several rows), 0 for a header of one row. */
  rowsAbove: number;
}

/**
 * The header row: among the first `maxScan` rows of two cells or more (rows of one cell passed over, within bounds),
 * the one naming the most fields (by strength), provided it names at least two fields or names the part number
 * unambiguously (MPN, Mfr Part #). Title rows above it (project, revision, date) name no field and are passed over.
 * Ties go to the row that also names a value column ("Value", "Element"), else to the upper row.
 */
export function detectHeaderRow(cells: CellGrid, options: { maxScan?: number } = {}): HeaderDetection {
  const maxScan = Math.max(0, options.maxScan ?? 30);
  let best: HeaderDetection = { row: null, score: 0, fields: [], mapping: {}, rowsAbove: 0 };
  let bestValued = false;
  // Rows of one cell (a page's prose, its headings, a title block) do not use up the scan: a README's table of parts
  // under a page of text, or under another small table, is still found. Bounded all the same.
  const limit = Math.min(cells.length, maxScan * PROSE_ROWS_PER_ROW);
  let scanned = 0;
  // The rows of a Markdown table under a header that names no parts list (a README's pin-outs) count as one row.
  let otherTable = false;
  let qualifiedAt = -1;
  for (let r = 0; r < limit && scanned < maxScan; r++) {
    const row = cells[r];
    if (!row) continue;
    if (filledCount(row) < 2) otherTable = false;
    else if (!otherTable) scanned++;
    if (isRuleRow(row) && r > 0 && qualifiedAt !== r - 1 && filledCount(cells[r - 1]) >= 2) otherTable = true;
    if (otherTable || !holdsNames(row)) continue;
    // A header over two or three rows (a group name merged over its columns, a unit under a name) is read as one:
    // the rows above count only when they make the header name more fields.
    let rowBest: HeaderDetection | null = null;
    for (let above = 0; above <= MAX_ROWS_ABOVE && above <= r; above++) {
      // Only rows of names stack: a row holding data (a designator, a part number, a quantity) is no header row.
      const upper = cells[r - above];
      if (above > 0 && (!holdsNames(upper) || (above === 1 && holdsData(row)) || holdsData(upper))) break;
      const header = above === 0 ? row : stackedHeader(cells, r, above);
      const { mapping, strengths } = matchColumns(header);
      const fields = BOM_FIELDS.filter((f) => mapping[f] !== undefined);
      const score = fields.reduce((sum, f) => sum + (strengths[f] ?? 0), 0);
      // A schematic's list of values names its designators and a Value column (KiCad's "Reference, Value, Library");
      // a shopping list its count and where to buy ("Name, Quelle, Anzahl, Link"), its things by no word we know.
      const qualifies =
        fields.length >= 2 ||
        (strengths.partNumber ?? 0) >= 3 ||
        ((strengths.designators ?? 0) >= 3 && valueColumn(header) !== undefined) ||
        ((strengths.quantity ?? 0) >= 3 &&
          (shoppingHeader(header) || countedThings(cells, r, header, mapping.quantity))) ||
        (mapping.description !== undefined && pricedThings(cells, r, header, mapping.description));
      if (qualifies && (rowBest === null || score > rowBest.score))
        rowBest = { row: r, score, fields, mapping, rowsAbove: above };
    }
    if (rowBest !== null) qualifiedAt = r;
    // Of two tables naming as much, one that also names its values wins: a parts list's ("Oznaczenie, Element,
    // Obudowa, Ilość") under a legend's ("Oznaczenie, Opis").
    const valued =
      rowBest !== null &&
      namesValues(rowBest.rowsAbove === 0 ? row : stackedHeader(cells, r, rowBest.rowsAbove), rowBest.mapping);
    // A row whose names stand right of numbers is a row of data beside another table's header ("1 | STEPPER | 1 |
    // Parts | Name | Quantity"): no header.
    const first = rowBest === null ? -1 : Math.min(...Object.values(rowBest.mapping));
    if (rowBest !== null && row.slice(0, first).some((c) => typeof c === 'number')) rowBest = null;
    if (rowBest !== null && (rowBest.score > best.score || (rowBest.score === best.score && valued && !bestValued))) {
      best = rowBest;
      bestValued = valued;
    }
  }
  return best;
}

/**
 * The first row below `from` that starts another table on the same sheet: a row of names (no data) naming at
 * least two fields, the part number or the designators among them, and not the table's own header repeated
 * (a structured BOM repeats it over each section). Null when there is none.
 */
export function nextTableHeader(cells: CellGrid, from: number, to: number, header: readonly Cell[]): number | null {
  const own = matchColumns(header).mapping;
  for (let r = from; r <= to; r++) {
    const row = cells[r];
    // Cheap tests first (this runs on every line of the table): a header's names carry no digits and no numbers.
    if (!row || row.length < 2 || row.some((c) => typeof c === 'number' || (typeof c === 'string' && /\d/.test(c))))
      continue;
    if (isBlankRow(row) || row.filter((c) => cellText(c) !== '').length < 2 || holdsData(row)) continue;
    const { mapping, strengths } = matchColumns(row);
    const fields = BOM_FIELDS.filter((f) => mapping[f] !== undefined);
    const score = fields.reduce((sum, f) => sum + (strengths[f] ?? 0), 0);
    if (fields.length < 2 || score < 5 || (mapping.partNumber === undefined && mapping.designators === undefined))
      continue;
    if (BOM_FIELDS.every((f) => mapping[f] === own[f])) continue;
    return r;
  }
  return null;
}

/** A row of names only, one of them a shop, a link or a price, and some other name beside its count. */
function shoppingHeader(row: readonly Cell[]): boolean {
  const names = row.map((c) => (typeof c === 'string' ? c.trim() : '')).filter((t) => t !== '');
  return names.length >= 3 && !holdsData(row) && names.some(isShoppingHeader);
}

/**
 * A list of things and their counts under a header of two names, one of them the count's ("螺丝袋 | 准确数量", the
 * bag the screws come in and how many): of the next eight rows that hold something, at least three and half are
 * words beside a count ("m2*8自攻 | 8个", "ESP32 | 1"), whatever the other name says.
 */
function countedThings(cells: CellGrid, r: number, header: readonly Cell[], quantity: number | undefined): boolean {
  const named = header.flatMap((cell, c) => (cellText(cell).trim() === '' ? [] : [c]));
  if (quantity === undefined || named.length !== 2 || !named.includes(quantity) || holdsData(header)) return false;
  const other = named[0] === quantity ? named[1] : named[0];
  return mostRowsBelow(cells, r, (row) => {
    const count = row[quantity];
    return holdsWords(cellText(row[other])) && (typeof count === 'number' || /^\s*\d/.test(cellText(count)));
  });
}

/** Of the next eight rows below `r` that hold something, at least three and half pass `test`. */
function mostRowsBelow(cells: CellGrid, r: number, test: (row: readonly Cell[]) => boolean): boolean {
  let rows = 0;
  let passed = 0;
  for (let k = r + 1; k < cells.length && rows < 8; k++) {
    const row = cells[k];
    if (filledCount(row) === 0) continue;
    rows++;
    if (test(row ?? [])) passed++;
  }
  return passed >= 3 && passed * 2 >= rows;
}

/**
 * A costed list with no count column, under a header of three names or more, one of them the price's ("Detaļa |
 * Cena | Saite": the part, its price, a link): of the next eight rows that hold something, at least three and half
 * name a thing beside a price (startsWithPrice: "4.29 EUR", "$1.20").
 */
function pricedThings(cells: CellGrid, r: number, header: readonly Cell[], named: number): boolean {
  const price = header.findIndex((cell, c) => c !== named && headerTokens(cellText(cell)).some(isPriceWord));
  if (price < 0 || !shoppingHeader(header)) return false;
  return mostRowsBelow(cells, r, (row) => {
    const figure = row[price];
    return holdsWords(cellText(row[named])) && (typeof figure === 'number' || startsWithPrice(cellText(figure)));
  });
}
const isPriceWord = (w: string): boolean => w === 'price' || w === 'cost';

/** Whether a row holds data: a number, a designator list or a part number in some cell (indexedNames aside). */
function holdsData(row: readonly Cell[] | undefined): boolean {
  const cells = row ?? [];
  const names = indexedNames(cells);
  return cells.some((cell, c) => cellText(cell) !== '' && !names.has(c) && dataLike(cell));
}

/**
 * The cells of a row that are a column's name with an index: a word indexed beside the same word indexed otherwise
 * ("details1", "details2"), or a header's word or a generic one indexed ("Link1", "Price2", "Attr1"). "Fuse1" or
 * "Attiny85" alone is data.
 */
function indexedNames(row: readonly Cell[]): Set<number> {
  const stems = row.map((cell) => INDEXED_NAME.exec(cellText(cell).trim())?.[1]);
  const names = new Set<number>();
  stems.forEach((stem, c) => {
    if (stem === undefined) return;
    const alike = stems.some((s, o) => o !== c && s === stem);
    if (alike || GENERIC_STEM.test(stem) || matchHeader(stem) !== null || isShoppingHeader(stem)) names.add(c);
  });
  return names;
}
const INDEXED_NAME = /^([A-Z]?[a-z]{3,})\d{1,2}$/;
const GENERIC_STEM =
  /^(?:details?|attr|attribute|param|parameter|field|column|col|text|user|info|property|prop|value|note)$/i;

/** Rows above a header row that may complete it. */
const MAX_ROWS_ABOVE = 2;
/** The widest group a merged cell above a header names. */
const MAX_GROUP = 8;

/**
 * The header of row `r` completed by the `above` rows over it: each column's names from the top down, a name that
 * a merged cell spreads over the columns to its right given to each of them ("Manufacturer" over "Name" and
 * "Part No." reads "Manufacturer Name", "Manufacturer Part No.").
 */
export function stackedHeader(cells: CellGrid, r: number, above: number): Cell[] {
  const rows = cells.slice(r - above, r + 1);
  const width = rows.reduce((w, row) => Math.max(w, row?.length ?? 0), 0);
  const out: Cell[] = [];
  for (let c = 0; c < width; c++) {
    const names: string[] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] ?? [];
      let text = cellText(row[c]);
      if (text === '' && i < rows.length - 1 && cellText(rows[rows.length - 1]?.[c]) !== '') {
        // A merged group name sits in its first column: the nearest name to the left, within the group's width.
        for (let left = c - 1; left >= 0 && c - left < MAX_GROUP; left--) {
          const t = cellText(row[left]);
          if (t !== '') {
            text = t;
            break;
          }
        }
      }
      if (text !== '' && !names.includes(text)) names.push(text);
    }
    out.push(names.length === 0 ? null : names.join(' '));
  }
  return out;
}

/** A name a spreadsheet or parser makes up for a column: Column1, Field2, F3, Spalte 4. */
const PLACEHOLDER_NAME = /^(?:column|col|field|f|spalte)\s*_?\d+$/i;

/** Whether a header is a name a spreadsheet or parser made up (Column1, Field2): it says nothing of the column. */
export function isPlaceholderColumnName(text: string): boolean {
  return PLACEHOLDER_NAME.test(cellText(text));
}

/**
 * A row of placeholder names a spreadsheet or parser makes up: Column1, Field2, F3, or the column letters
 * themselves (A, B, C in their own columns).
 */
export function isGenericHeaderRow(row: readonly Cell[] | undefined): boolean {
  if (!row) return false;
  let filled = 0;
  for (let c = 0; c < row.length; c++) {
    const cell = row[c];
    if (cell === null || cell === undefined || (typeof cell === 'string' && cellText(cell) === '')) continue;
    if (typeof cell !== 'string') return false;
    const t = cellText(cell);
    if (!PLACEHOLDER_NAME.test(t) && t !== columnName(c)) return false;
    filled++;
  }
  return filled >= 2;
}

/** The columns of a header row whose text passes `test`, left to right. */
function columnsNamed(headerCells: readonly Cell[], test: (text: string) => boolean): number[] {
  const out: number[] = [];
  headerCells.forEach((cell, c) => {
    if (typeof cell === 'string' && cell.trim() !== '' && test(cell)) out.push(c);
  });
  return out;
}

/** A column of a shop's code where it has one, else the link to its page ("Part # or Link"): what to order there. */
function codeOrLink(text: string): boolean {
  const t = headerTokens(text);
  return (
    t.includes('or') && (t.includes('link') || t.includes('url')) && ['part', 'sku', 'code'].some((w) => t.includes(w))
  );
}

/**
 * Distributor part-number columns of a header row (see isSupplierPartHeader and codeOrLink), left to right; and a
 * column a distributor names with other words ("立创链接": LCSC's link) whose `sample` cells are its codes, not links.
 */
export function supplierPartColumns(headerCells: readonly Cell[], sample: CellGrid = []): number[] {
  // A column of prices under a shop's name ("Farnell": 1.7, 6, 0.9) holds no codes.
  const prices = (c: number): boolean => {
    const filled = sample.map((r) => r?.[c]).filter((cell) => cellText(cell).trim() !== '');
    const amounts = filled.filter((cell) => /^\$?\s*\d{1,4}(?:[.,]\d+)?$/.test(cellText(cell).trim()));
    return filled.length > 0 && amounts.length * 2 >= filled.length;
  };
  const named = columnsNamed(headerCells, (text) => isSupplierPartHeader(text) || codeOrLink(text)).filter(
    (c) => !prices(c),
  );
  // A column a distributor names, or a part-number column (a hand-made list's "Part Number"), whose cells are LCSC's
  // codes (C311073, C347229) holds that shop's numbers, not the maker's (read-columns.ts leaves it out of the map).
  for (const c of lcscCodeColumns(sample, columnsNamed(headerCells, namesDistributor)))
    if (!named.includes(c)) named.push(c);
  for (const c of columnsNamed(headerCells, (text) => matchHeader(text)?.field === 'partNumber'))
    if (!named.includes(c) && holdsLcscCodesOnly(sample, c)) named.push(c);
  for (const c of shopOrderColumns(headerCells, sample)) if (!named.includes(c) && !prices(c)) named.push(c);
  return named.sort((a, b) => a - b);
}

/** Columns whose header rules them out as the part number (footprint, package, distributor numbers…). */
export function neverPartNumberColumns(headerCells: readonly Cell[]): number[] {
  return columnsNamed(headerCells, isNeverPartNumberHeader);
}

/**
 * KiCad's symbol-name column: a "Part" column in a header that also has a "Value" column. KiBoM and KiCad's
 * grouped exports write the library symbol there ("C_Small", "Conn_01x04_Male", "Pololu_Breakout_A4988") and the
 * value under Value; OrCAD, whose "Part" holds the value, has no Value column. It never holds the part number.
 */
export function symbolNameColumn(headerCells: readonly Cell[]): number | undefined {
  let part: number | undefined;
  let value = false;
  headerCells.forEach((cell, c) => {
    if (typeof cell !== 'string') return;
    const t = cellText(cell).trim();
    if (/^part$/i.test(t) && part === undefined) part = c;
    else if (/^value$/i.test(t)) value = true;
  });
  return value ? part : undefined;
}

/**
 * Whether a header names a value column beside the fields it maps ("Element", "Value", JLCPCB's and Altium's
 * "Comment"; not "Comments", a column of notes).
 */
function namesValues(header: readonly Cell[], mapping: ColumnMapping): boolean {
  const value = valueColumn(header);
  if (value === undefined || Object.values(mapping).includes(value)) return false;
  return !/^\s*comments\s*$/i.test(cellText(header[value]));
}

/** The value-like column a JLCPCB, KiCad or OrCAD export names "Comment", "Value" or "Part": a part number only when nothing else is. */
export function valueColumn(headerCells: readonly Cell[]): number | undefined {
  // OrCAD's "Part" column holds the part's value ("10K", "LM358") as the schematic shows it.
  const symbol = symbolNameColumn(headerCells);
  // A word left of a slash or after it alone, once translated ("値/仕様": "value /").
  const words = (cell: Cell): string => translateHeader(cellText(cell)).replace(/^[\s/|]+|[\s/|]+$/g, '');
  const named = (pattern: RegExp): number =>
    headerCells.findIndex((cell, i) => i !== symbol && typeof cell === 'string' && pattern.test(words(cell)));
  // A column named for numbers and values both ("Part Number / Type") before one named for what the part is.
  return [NUMBERS_OR_VALUES, VALUE_HEADER].map(named).find((i) => i >= 0);
}
/**
 * A header naming part numbers and values, types or specifications in one column: "MPN/Value", "Value or Part#",
 * "Part Number / Type", "Part Number / Specification".
 */
const NUMBERS_OR_VALUES =
  /^(?:(?:mpn|part\s*(?:number|#))\s*(?:\/|or)\s*(?:values?|types?|spec(?:ification)?s?)|values?\s*(?:\/|or)\s*(?:mpn|part\s*(?:number|#)))$/i;
const VALUE_HEADER =
  /^(?:comment|comments|value|part|component|wert|valeur|valor|valore|waarde|hodnota|warto[sś][cć]|element)$/i;

/** Whether a cell reads as data rather than a column name: a number, a designator list or a part number. */
function dataLike(cell: Cell): boolean {
  if (typeof cell === 'number' || typeof cell === 'boolean') return true;
  const text = cellText(cell);
  if (text === '') return false;
  if (parseQuantity(cell).kind === 'ok') return true;
  return looksLikeDesignators(text) || looksLikePartNumber(cell);
}

/**
 * A header row known by its content when its names say nothing (KiCad's "ref;value;Field1;…;Field8"): every
 * filled cell is text that reads as a name, not as data, and below it, in the first rows, some column under a
 * name holds data (designators, quantities, part numbers) in most rows.
 */
export function looksLikeHeaderRow(row: readonly Cell[] | undefined, below: CellGrid): boolean {
  if (!row) return false;
  const names: number[] = [];
  const indexed = indexedNames(row);
  for (let c = 0; c < row.length; c++) {
    const cell = row[c];
    const text = cellText(cell);
    if (text === '') continue;
    if (typeof cell !== 'string') return false;
    if (!PLACEHOLDER_NAME.test(text) && !indexed.has(c) && dataLike(cell)) return false;
    names.push(c);
  }
  if (names.length < 2) return false;
  const sample = below.filter((r) => !isBlankRow(r)).slice(0, 5);
  if (sample.length === 0) return false;
  return names.some((c) => sample.filter((r) => dataLike(r?.[c])).length * 2 > sample.length);
}

/**
 * A second table beside the first on the same rows (a hand-made list of electronics in A-C and of mechanical parts
 * in K-L): the header row holds two blocks of headers two or more empty columns apart, each naming what a row is and
 * how many. Gives the column the second block starts at, or null when the header is one table's.
 */
export function tableBeside(headerCells: readonly Cell[]): number | null {
  const blocks: { start: number; fields: Set<string> }[] = [];
  let gap = 2;
  headerCells.forEach((cell, c) => {
    const text = cellText(cell);
    if (text === '') {
      gap++;
      return;
    }
    if (gap >= 2) blocks.push({ start: c, fields: new Set() });
    gap = 0;
    const field = matchHeader(text)?.field;
    if (field !== undefined) blocks[blocks.length - 1].fields.add(field);
  });
  const names = (b: { fields: Set<string> }): boolean =>
    b.fields.has('quantity') && (b.fields.has('description') || b.fields.has('partNumber'));
  return blocks.length >= 2 && names(blocks[0]) && names(blocks[1]) ? blocks[1].start : null;
}
