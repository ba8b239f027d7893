/**
 * What readBom gives back (lines, skipped rows with their reasons, warnings, the mapping it used) and the small
 * helpers the reader's phases share: the lookup key duplicate lines share, quoting cells and naming rows in messages.
 */
import { partNumberKey } from '../../protocol/part-number';
import { type AlternateColumn, type ApprovedAlternate } from './alternates';
import { type PartNumberCandidate } from './evidence';
import { type BomField, type ColumnMapping } from './header';
import { manufacturerKey } from '../match/manufacturer';
import { type Cell, type CellGrid, cellText, columnName } from '../text/normalize';
import { firstAndMore } from '../text/words';
import { PLACEHOLDER, isPlaceholder } from './placeholder';

export const MAX_BOARDS = 1_000_000;

/** Cells merged in the sheet read: 0-based rows and columns of the cells given to the reader, both ends included. */
export interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface ReadBomOptions {
  /** The user's own column choice; overrides header and content detection. */
  mapping?: ColumnMapping;
  /** 0-based header row; `null` when the cells have no header row. Detected when left out. */
  headerRow?: number | null;
  /** The sheet or file row number of `cells[0]`, for messages. Default 1. */
  firstRowNumber?: number;
  /** How many rows from the top may hold the header. Default 30. */
  maxScan?: number;
  /**
   * The part-number column a judge chose (a catalog that knows its values): it replaces the reader's own choice;
   * the other columns are still found as usual.
   */
  partNumberColumn?: number;
  /** The approved-alternate columns the user chose; found by their headers when left out (src/bom/alternates.ts). */
  alternateColumns?: AlternateColumn[];
  /**
   * The build variant to read, by its column's header, where the BOM marks variants in columns (src/bom/variants.ts):
   * a line that variant marks not fitted is not placed. Without it every line counts as fitted, with a warning.
   */
  variant?: string;
  /**
   * What the catalog said of value cells the reader could not judge by their shape alone (readBomJudged asks):
   * the text asked, and whether the catalog knows it as a part. A known one is read as the row's part number, an
   * unknown one is not; a value not asked is judged by its shape.
   */
  catalogAnswers?: ReadonlyMap<string, boolean>;
  /**
   * The cells merged over several rows in the sheet read (an XLSX's merged ranges), in the cells' own rows and
   * columns: a range merged down from an item's row joins the rows under it to that item (src/bom/row-items.ts).
   */
  merged?: readonly MergedRange[];
  /**
   * The name the workbook gives the cells: the sheet's ("BitDogLab V7_BOM"), a text file's name. A row naming a
   * board with the project's name in it is the project's own board, no purchase (src/bom/no-purchase-rows.ts).
   */
  title?: string;
}

export interface BomLine {
  /** 0-based index into the cells. */
  row: number;
  /** Normalised part number as written (case kept). */
  partNumber: string;
  /** Manufacturer as written, normalised; '' when none. */
  manufacturer: string;
  /** Canonical upper-case key: "TI", "Texas Instruments Inc." → "TEXAS INSTRUMENTS"; '' when none. */
  manufacturerKey: string;
  quantityPerBoard: number;
  /** Where the quantity came from: the quantity column, the designator count, or 1 when neither exists. */
  quantitySource: 'quantity' | 'designators' | 'default';
  designators: string[];
  description: string;
  /** Equal for lines with the same part number (case, spaces and punctuation ignored) and manufacturer key. */
  lookupKey: string;
  /** Distributor part numbers the BOM gives for the line (Digi-Key, Mouser, LCSC… columns); they confirm a match. */
  supplierPartNumbers: string[];
  /** The offer (sourcePartId) the line pins, from a "Pinned offer" column; '' when none. */
  pinnedOffer: string;
  /** The part number priced instead of `partNumber`, from a "Replacement MPN" column; '' when none. */
  replacement: string;
  /**
   * Where `partNumber` came from when not from the part-number column: a distributor's number (the line has no
   * manufacturer part number; it is looked up by the distributor's), the value column ("Molex 78646-3001"), or a
   * distributor's product link in the row (the maker's part number it names).
   */
  partNumberFrom?: 'supplier' | 'value' | 'link';
  /** Approved alternates the BOM gives for the line (MPN2/MFG2, Alt MPN, Second source…); absent or empty when none. */
  alternates?: ApprovedAlternate[];
}

/**
 * Why a row of the table is no line to buy: not placed, no part number (totals, section headings and repeated
 * headers among them), an unreadable quantity, or an alternate source listed under the line it stands in for.
 */
/**
 * Why a row is no line to price: not placed (dnp); no part number and nothing that makes it a line to buy; a second
 * source under its line; a line to buy that cannot be priced (incomplete: no part number, or no count the reader can
 * take); or no purchase at all (not-purchase: the bare board, a PCB feature, a schematic symbol, a part made from a
 * file).
 */
export type SkipReason = 'dnp' | 'no-part-number' | 'alternate' | 'incomplete' | 'not-purchase';

export interface SkippedLine {
  /** 0-based index into the cells. */
  row: number;
  reason: SkipReason;
  /** The whole sentence, naming the row: 'Row 14: not placed (DNP column: "X")'. */
  message: string;
  /** The same without the row: 'not placed (DNP column: "X")', for a status cell on that row. */
  detail: string;
  /** For a line to buy that cannot be priced ('incomplete'): its quantity per board. */
  quantityPerBoard?: number;
  /** The part number the row names, where it names one: a line to buy with no count to take (incomplete), an alternate. */
  partNumber?: string;
}

/** What a skipped row may carry beside its reason. */
export type SkipFacts = Pick<SkippedLine, 'quantityPerBoard' | 'partNumber'>;

export type BomWarningCode =
  /** The quantity column and the designator count disagree; the quantity column wins. */
  | 'quantity-mismatch'
  /** The designator cell had duplicates, a reversed or unreadable range, or too many entries. */
  | 'designators'
  /** A quantity was read in a way worth confirming ("1.000" read as 1000). */
  | 'quantity-read'
  /** No quantity and no designator column: every line counts as 1 per board. */
  | 'default-quantity'
  /** Rows above the first part in a BOM without a header were taken as titles. */
  | 'title-rows'
  /** The same part is on several lines; they share one lookup. */
  | 'duplicate-part'
  /** Some columns were recognised by their content rather than their header. */
  | 'content-mapping'
  /** Rows below the table (totals, currency rates, notes) after a blank row were left out. */
  | 'footer'
  /** A line's mark names some of its positions as not fitted: it buys only the others. */
  | 'partly-fitted'
  /** A part-number cell held more than the part number (a note, a list); or the number came from another column. */
  | 'part-number'
  /** Each line of the table was one quoted cell (CSV inside CSV) and was split into its fields. */
  | 'nested-csv'
  /** Each product's fields were labelled lines in one cell; the labels were read as columns. */
  | 'labelled-cells'
  /** Fields split at their commas into the next columns (the export wrote its delimiter for each) were joined. */
  | 'split-fields'
  /** A row one field too long, a field cut at an unquoted delimiter, was joined back where its parts fit best. */
  | 'shifted-field'
  /** The part-number column was chosen over others that could be it; the evidence is in partNumberCandidates. */
  | 'part-number-column'
  /** The catalog settled value cells their shape alone could not (a maker's number in Value on some rows). */
  | 'catalog-values'
  /** Another table starts further down the sheet under a header of its own; its rows were read by it. */
  | 'second-table'
  /** Another table sits beside this one on the same rows; only this one was read. */
  | 'table-beside'
  /** The BOM marks build variants in columns of their own; which is built is the buyer's choice. */
  | 'variants';

export interface BomWarning {
  /** 0-based index into the cells, or null for the whole BOM. */
  row: number | null;
  code: BomWarningCode;
  message: string;
  /** For 'table-beside': the columns (0-based, first and last) of the table beside the one read. */
  columns?: { first: number; last: number };
}

/** What is done with a table's distributor numbers: looked up here, or listed with their lines (shop-columns.ts). */
export interface ShopNumberUse {
  lookedUp: number[];
  listed: number[];
}

export interface BomReadResult {
  headerRow: number | null;
  /** The build variants the BOM marks in columns of their own (their headers), and the one read, if any. */
  variants?: { names: string[]; read?: string };
  /** One label per column: the header text, or "Column C" where there is none. */
  headers: string[];
  mapping: ColumnMapping;
  /** Where the part-number column came from. */
  mappingSource: 'header' | 'content' | 'user';
  /** Fields whose column was recognised by content. */
  inferredFields: BomField[];
  lines: BomLine[];
  skipped: SkippedLine[];
  warnings: BomWarning[];
  /** 0-based last row of the table: rows below it (a footer block after a blank run) are not lines. */
  tableEnd: number;
  /** Distributor part-number columns (0-based), used to confirm a match, or as the line's number when it has no other. */
  supplierColumns: number[];
  /** Of `supplierColumns`, those whose numbers are looked up here and those listed as a shop's own (LCSC's). */
  shopNumberUse: ShopNumberUse;
  /** Every column that could hold the part number, with its evidence; the one taken is `mapping.partNumber`. */
  partNumberCandidates: PartNumberCandidate[];
  /**
   * The cells as read: the input, or where every line was one quoted cell (CSV inside CSV), the lines split into
   * their fields. Row numbers are the same either way.
   */
  cells: CellGrid;
  /** The approved-alternate columns read (part number and manufacturer, 0-based); absent or empty when none. */
  alternateColumns?: AlternateColumn[];
  /**
   * The value cells (Value, Comment, Component…) this reading judged by their shape alone, as the text a catalog
   * would be asked about: where one holds a maker's full orderable number on some rows and a value or a family's
   * base number on others, only the catalog can tell them apart (readBomJudged asks it). Absent when none.
   */
  catalogQuestions?: string[];
  /** The catalog's answers this reading used (ReadBomOptions.catalogAnswers), kept to read the cells again alike. */
  catalogAnswers?: ReadonlyMap<string, boolean>;
}

/** A part-number cell that names no part: a placeholder, or a link to a page (the page may name one: product-links). */
export const NOT_A_NUMBER = new RegExp(`${PLACEHOLDER.source}|^\\s*(?:https?:\\/\\/|www\\.)`, 'i');

/**
 * Whether a distributor cell's text gives a number: not empty, no placeholder ("-", "#", "N/A", "unknown"), not a
 * word standing for the cell's hyperlink ("Link").
 */
export function givesNumber(text: string): boolean {
  return text !== '' && !isPlaceholder(text) && !/^(?:link|url|here|website)$/i.test(text);
}
export const FIELD_WORDS: Record<BomField, string> = {
  partNumber: 'part number',
  manufacturer: 'manufacturer',
  quantity: 'quantity',
  designators: 'designators',
  description: 'description',
  dnp: 'DNP',
  offer: 'pinned offer',
  replacement: 'replacement part number',
};

/**
 * The key duplicate lines share: the part number as the item service compares it (upper-cased, spaces and
 * punctuation ignored, so "LM358-DR" and "lm358 dr" are one part) and the manufacturer key. One lookup, with
 * the part number and manufacturer of the group's first line, serves every line of a group.
 */
export function lookupKeyOf(partNumber: string, manufacturer: string): string {
  const part = partNumberKey(partNumber);
  return `${part === '' ? partNumber.trim().toUpperCase() : part}|${manufacturerKey(manufacturer)}`;
}

/** Lines grouped by lookup key, in the order of their first line. */
export function groupByLookupKey(lines: readonly BomLine[]): Map<string, BomLine[]> {
  const groups = new Map<string, BomLine[]>();
  for (const line of lines) {
    const group = groups.get(line.lookupKey);
    if (group) group.push(line);
    else groups.set(line.lookupKey, [line]);
  }
  return groups;
}

export function quote(text: string, max = 60): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${t}"`;
}

export function rowRange(rows: number[]): string {
  if (rows.length === 1) return `Row ${rows[0]}`;
  return `Rows ${firstAndMore(rows, 10)}`;
}

/** A line's row and part number, as the rows under it see it. */
export interface LineAbove {
  row: number;
  partNumber: string;
  /** The line's description and whether it lists designators: a second source under it repeats the one without the other. */
  description?: string;
  placed?: boolean;
}

/** A column's name for messages: its header, or its letter when it has none. */
export function columnLabel(headerCells: readonly Cell[], c: number): string {
  return cellText(headerCells[c]) || `column ${columnName(c)}`;
}
