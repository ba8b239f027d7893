/**
 * From a 2-D array of cells (Excel `range.values` or a parsed CSV/XLSX) to BOM lines.
 *
 * Every row of the table, from the header down to its end (`tableEnd`), that holds something is accounted
 * for: it becomes a line or a skipped line with its reason. Blank rows are no lines. Rows above the header
 * (title, revision, date) and a footer block below the table (totals, currency rates, notes: told by a 'footer'
 * warning) are not part of the BOM. Row numbers in messages are the sheet's: `firstRowNumber` is the number of
 * `cells[0]`.
 */
import { partNumberKey } from '../../protocol/part-number';
import { looksLikeDesignators, parseDesignators } from './designators';
import { BomError } from './errors';
import {
  BOM_FIELDS,
  type BomField,
  type ColumnMapping,
  detectHeaderRow,
  dnpColumnByContent,
  type DnpColumnKind,
  dnpColumnKind,
  headerTokens,
  inferColumnsFromContent,
  isPlaceholderColumnName,
  isDnpColumnWord,
  isGenericHeaderRow,
  looksLikeHeaderRow,
  looksLikePartNumber,
  mapColumns,
  matchHeader,
  neverPartNumberColumns,
  symbolNameColumn,
  supplierPartColumns,
  valueColumn,
} from './header';
import { looksBetter, partNumberCandidates, type PartNumberCandidate } from './evidence';
import { type AlternateColumn, type ApprovedAlternate, alternateColumns, alternatesOfRow } from './alternates';
import { manufacturerKey } from '../match/manufacturer';
import { notOrderableValue } from './library-names';
import { unwrapNestedCsv } from './nested-csv';
import {
  type Cell,
  type CellGrid,
  cellText,
  columnName,
  gridWidth,
  isBlankRow,
  partNumberText,
} from '../text/normalize';
import {
  containsDnpMarker,
  dnpNamedPositions,
  type QuantityParse,
  isDnpFlag,
  isDnpMarker,
  isNotPopulated,
  parseQuantity,
  partNumberSaysDnp,
} from './quantity';
import {
  boardFeature,
  isBoardRow,
  isComponentValue,
  isSymbolName,
  isValueSpec,
  partNumberOfCell,
  partOfValue,
  withoutPackage,
} from './row-kinds';

export const MAX_BOARDS = 1_000_000;

export interface ReadBomOptions {
  /** Boards in the build; `need` is quantity per board times this. Default 1. */
  boards?: number;
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
  /** quantityPerBoard × boards. */
  need: number;
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
   * manufacturer part number; it is looked up by the distributor's), or the value column ("Molex 78646-3001").
   */
  partNumberFrom?: 'supplier' | 'value';
  /** Approved alternates the BOM gives for the line (MPN2/MFG2, Alt MPN, Second source…); absent or empty when none. */
  alternates?: ApprovedAlternate[];
}

/**
 * Why a row of the table is no line to buy: not placed, no part number (totals, section headings and repeated
 * headers among them), an unreadable quantity, or an alternate source listed under the line it stands in for.
 */
export type SkipReason = 'dnp' | 'no-part-number' | 'bad-quantity' | 'alternate' | 'incomplete';

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
}

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
  /** The part-number column was chosen over others that could be it; the evidence is in partNumberCandidates. */
  | 'part-number-column';

export interface BomWarning {
  /** 0-based index into the cells, or null for the whole BOM. */
  row: number | null;
  code: BomWarningCode;
  message: string;
}

export interface BomReadResult {
  headerRow: number | null;
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
  /** Every column that could hold the part number, with its evidence; the one taken is `mapping.partNumber`. */
  partNumberCandidates: PartNumberCandidate[];
  /**
   * The cells as read: the input, or where every line was one quoted cell (CSV inside CSV), the lines split into
   * their fields. Row numbers are the same either way.
   */
  cells: CellGrid;
  /** The approved-alternate columns read (part number and manufacturer, 0-based); absent or empty when none. */
  alternateColumns?: AlternateColumn[];
}

const PLACEHOLDER = /^(?:-+|\?+|N\/?A|TBD|TBA|TBC|NONE|NIL|NULL|ANY|GENERIC|\.+|0)$/i;
const FIELD_WORDS: Record<BomField, string> = {
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

function quote(text: string, max = 60): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${t}"`;
}

function rowRange(rows: number[]): string {
  if (rows.length === 1) return `Row ${rows[0]}`;
  if (rows.length > 10) return `Rows ${rows.slice(0, 10).join(', ')} and ${rows.length - 10} more`;
  return `Rows ${rows.join(', ')}`;
}

function checkOptions(cells: CellGrid, options: ReadBomOptions, width: number): void {
  const boards = options.boards ?? 1;
  if (!Number.isInteger(boards) || boards < 1 || boards > MAX_BOARDS) {
    throw new BomError(
      'bad-option',
      `The number of boards must be a whole number from 1 to ${MAX_BOARDS}; got ${String(boards)}.`,
    );
  }
  const hr = options.headerRow;
  if (hr !== undefined && hr !== null && (!Number.isInteger(hr) || hr < 0 || hr >= cells.length)) {
    throw new BomError('bad-option', `The header row ${String(hr)} is outside the ${cells.length} rows read.`);
  }
  if (options.mapping) {
    for (const field of BOM_FIELDS) {
      const c = options.mapping[field];
      if (c === undefined) continue;
      if (!Number.isInteger(c) || c < 0 || c >= width) {
        throw new BomError(
          'bad-option',
          `The ${FIELD_WORDS[field]} column (${Number.isInteger(c) && c >= 0 ? columnName(c) : String(c)}) is outside the ${width} columns read.`,
        );
      }
    }
  }
}

/** A line's row and part number, as the rows under it see it. */
interface LineAbove {
  row: number;
  partNumber: string;
  /** The line's description and whether it lists designators: a second source under it repeats the one without the other. */
  description?: string;
  placed?: boolean;
}

/** How many rows a footer block is looked at for a line before it is called a footer. */
const FOOTER_LOOK = 50;

/**
 * Whether the rows from `start` (just after a blank run) are a footer: totals, currency rates, notes. It is a
 * footer when none of its first rows up to the next blank row looks like a BOM line.
 */
function footerBlock(
  cells: CellGrid,
  start: number,
  lastRow: number,
  looksLikeLine: (row: readonly Cell[]) => boolean,
): boolean {
  for (let r = start, n = 0; r <= lastRow && n < FOOTER_LOOK; r++) {
    const row = cells[r];
    if (isBlankRow(row)) break;
    n++;
    if (looksLikeLine(row ?? [])) return false;
  }
  return true;
}

/**
 * The number of boards a priced sheet's quantities are for: KiCost writes "Board Qty:" and N in its title block
 * and multiplies every quantity by N. 1 unless such a cell is above the header and every quantity divides by N.
 */
function builtBoardsAbove(cells: CellGrid, headerRow: number, dataRows: CellGrid, quantityColumn: number): number {
  let boards = 1;
  for (let r = 0; r < headerRow && boards === 1; r++) {
    const row = cells[r] ?? [];
    for (let c = 0; c + 1 < row.length; c++) {
      if (!/^board\s*qty\s*:?$/i.test(cellText(row[c]))) continue;
      const q = parseQuantity(row[c + 1]);
      if (q.kind === 'ok' && q.value >= 2) boards = q.value;
      break;
    }
  }
  if (boards === 1) return 1;
  for (const row of dataRows) {
    const q = parseQuantity(row?.[quantityColumn]);
    if (q.kind === 'ok' && q.value % boards !== 0) return 1;
  }
  return boards;
}

/** How many rows that hold something the column checks below look at, however long the BOM. */
const SAMPLE_ROWS = 200;

/** The first `n` rows that hold something. */
function filledRows(rows: CellGrid, n: number): CellGrid {
  const out: (readonly Cell[])[] = [];
  for (const row of rows) {
    if (out.length >= n) break;
    if (!isBlankRow(row)) out.push(row);
  }
  return out;
}

/** Of the cells of column `c` that hold something, the share that pass `test`. */
function shareOf(rows: CellGrid, c: number, test: (cell: Cell) => boolean): number {
  let filled = 0;
  let like = 0;
  for (const row of rows) {
    const cell = row?.[c];
    if (cellText(cell) === '') continue;
    filled++;
    if (test(cell)) like++;
  }
  return filled === 0 ? 0 : like / filled;
}

const designatorLike = (cell: Cell): boolean => looksLikeDesignators(cellText(cell));

/**
 * Another column named as the part number when the one chosen by its name holds no part numbers (a Mouser
 * export whose "Mfr Part Number" column holds prices, beside "Mfr Part Number (Input)"), or undefined.
 */
function betterPartNumberColumn(
  sample: CellGrid,
  mapping: ColumnMapping,
  headerCells: readonly Cell[],
): number | undefined {
  const pn = mapping.partNumber as number;
  if (sample.length < 3 || shareOf(sample, pn, looksLikePartNumber) >= 0.2) return undefined;
  let best: number | undefined;
  let bestShare = 0.5;
  headerCells.forEach((cell, c) => {
    if (c === pn || typeof cell !== 'string' || matchHeader(cell)?.field !== 'partNumber') return;
    const share = shareOf(sample, c, looksLikePartNumber);
    if (share > bestShare) {
      best = c;
      bestShare = share;
    }
  });
  return best;
}

/**
 * Where a header and its data rows part ways: a KiCad export whose data rows carry one empty field more than
 * its header (from that column on, every value sits one column right of its name). Detected when the named
 * part-number column is nearly empty while the column right of it holds part numbers; the answer is the first
 * named column whose cells are all empty, from which every mapped column moves one right. Undefined otherwise.
 */
function misalignedFrom(sample: CellGrid, mapping: ColumnMapping, headerCells: readonly Cell[]): number | undefined {
  const pn = mapping.partNumber as number;
  if (sample.length < 3) return undefined;
  const filled = (c: number): number => sample.filter((r) => cellText(r?.[c]) !== '').length;
  if (filled(pn) * 5 > sample.length) return undefined;
  if (sample.filter((r) => looksLikePartNumber(r?.[pn + 1])).length * 2 <= sample.length) return undefined;
  if (cellText(headerCells[pn + 1]) !== '' && matchHeader(cellText(headerCells[pn + 1])) !== null) return undefined;
  for (let c = 0; c <= pn; c++) if (cellText(headerCells[c]) !== '' && filled(c) === 0) return c;
  return pn;
}

function headersSeen(cells: CellGrid, headerRow: number | null, maxScan: number): string[] {
  const texts = (row: readonly Cell[]): string[] => row.map((c) => cellText(c)).filter((t) => t !== '');
  if (headerRow !== null) return texts(cells[headerRow] ?? []);
  for (let r = 0; r < Math.min(cells.length, maxScan); r++) {
    const row = cells[r] ?? [];
    const filled = row.filter((c) => cellText(c) !== '');
    if (filled.length >= 2 && filled.every((c) => typeof c === 'string' && !/^\s*[\d.,]+\s*$/.test(c)))
      return texts(row);
  }
  return [];
}

function noPartNumberColumn(headers: string[]): BomError {
  const fix = 'Name the part-number column "MPN" or "Manufacturer Part Number", or choose it in the column mapping.';
  const message =
    headers.length > 0
      ? `No part-number column found; headers seen: ${headers.map((h) => quote(h, 40)).join(', ')}. ${fix}`
      : `No part-number column found: no header row was recognised and no column holds part numbers. ${fix}`;
  return new BomError('no-part-number-column', message, { headers });
}

/**
 * Whether a table with no part-number column and no distributor column is still a list of things to buy: its
 * header names the quantity or the designators, and some other column it names says what each row is.
 */
function listsWithoutPartNumbers(
  headerRow: number | null,
  headerCells: readonly Cell[],
  choice: ColumnChoice,
): boolean {
  if (headerRow === null || choice.mappingSource === 'user') return false;
  const { mapping } = choice;
  const fromHeader = (f: 'quantity' | 'designators'): number | undefined =>
    choice.inferredFields.includes(f) ? undefined : mapping[f];
  const counted = [fromHeader('quantity'), fromHeader('designators')].filter((c): c is number => c !== undefined);
  if (counted.length === 0) return false;
  return headerCells.some((cell, c) => !counted.includes(c) && cellText(cell) !== '');
}

/** The whole-BOM warning of a list read without part numbers: how many lines it lists, and how to price them. */
function noPartNumberWarning(listed: number, headers: readonly string[], mapping: ColumnMapping): BomWarning {
  const counted = new Set([mapping.quantity, mapping.designators, mapping.dnp]);
  const named = headers.filter((_, c) => !counted.has(c)).slice(0, 6);
  return {
    row: null,
    code: 'part-number-column',
    message:
      `No part-number column (columns: ${named.map((h) => quote(h, 30)).join(', ')}): ${listed.toLocaleString('en-US')} line${listed === 1 ? ' is' : 's are'} listed with ` +
      `what ${listed === 1 ? 'it has' : 'they have'} and cannot be priced without a manufacturer part number. Add an "MPN" column, or choose the part-number column in the column mapping.`,
  };
}

/** Where the table is in the cells: its last row with content, its header row (or none) and its first data row. */
interface TableBounds {
  lastRow: number;
  headerRow: number | null;
  dataStart: number;
}

/** Phase 1: the table's extent and header row, the one given or the one detected. Throws when the cells are empty. */
function findTable(cells: CellGrid, options: ReadBomOptions, maxScan: number): TableBounds {
  let lastRow = cells.length - 1;
  while (lastRow >= 0 && isBlankRow(cells[lastRow])) lastRow--;
  if (lastRow < 0) throw new BomError('empty', 'The BOM is empty: no cell holds text or a number.');

  let headerRow: number | null;
  if (options.headerRow !== undefined) {
    headerRow = options.headerRow;
  } else {
    headerRow = detectHeaderRow(cells, { maxScan }).row;
    if (headerRow === null) {
      let first = 0;
      while (first <= lastRow && isBlankRow(cells[first])) first++;
      if (isGenericHeaderRow(cells[first]) || looksLikeHeaderRow(cells[first], cells.slice(first + 1, first + 12)))
        headerRow = first;
    }
  }
  let dataStart = headerRow === null ? 0 : headerRow + 1;
  if (headerRow === null && options.headerRow === undefined) {
    while (dataStart < lastRow && isBlankRow(cells[dataStart])) dataStart++;
  }
  return { lastRow, headerRow, dataStart };
}

/** Which column holds what, and how that was decided. */
interface ColumnChoice {
  mapping: ColumnMapping;
  mappingSource: BomReadResult['mappingSource'];
  /** Fields whose column was recognised by content. */
  inferredFields: BomField[];
}

/** The user's own mapping, the fields they set only. */
function userColumns(given: ColumnMapping): ColumnChoice {
  const mapping: ColumnMapping = {};
  for (const f of BOM_FIELDS) if (given[f] !== undefined) mapping[f] = given[f];
  return { mapping, mappingSource: 'user', inferredFields: [] };
}

/**
 * Phase 2: the columns from the header, completed from the content where the header names no part number (or no
 * designators or DNP), then corrected where the content shows the header is off by a column.
 */
function detectColumns(
  headerRow: number | null,
  headerCells: readonly Cell[],
  dataRows: CellGrid,
  sample: CellGrid,
): ColumnChoice {
  const fromHeader = headerRow === null ? {} : mapColumns(headerCells);
  // Eagle's part list calls its designators "Part": a "Part" column of designator lists is the designators.
  const part = fromHeader.partNumber;
  if (
    part !== undefined &&
    fromHeader.designators === undefined &&
    /^part$/i.test(cellText(headerCells[part])) &&
    shareOf(sample, part, designatorLike) > 0.6
  ) {
    fromHeader.designators = part;
    delete fromHeader.partNumber;
  }
  // KiCad's "Part" beside a "Value" is the schematic symbol's name, not a part number (symbolNameColumn).
  const symbol = symbolNameColumn(headerCells);
  if (fromHeader.partNumber !== undefined && fromHeader.partNumber === symbol) delete fromHeader.partNumber;
  const used = [
    ...BOM_FIELDS.map((f) => fromHeader[f]).filter((c): c is number => c !== undefined),
    ...neverPartNumberColumns(headerCells),
  ];
  const mapping: ColumnMapping = { ...fromHeader };
  const inferredFields: BomField[] = [];
  let mappingSource: BomReadResult['mappingSource'];
  if (fromHeader.partNumber !== undefined) {
    mappingSource = 'header';
    if (mapping.designators === undefined) {
      const guess = inferColumnsFromContent(dataRows, { exclude: used });
      if (guess.designators !== undefined) {
        mapping.designators = guess.designators;
        inferredFields.push('designators');
      }
    }
  } else {
    mappingSource = 'content';
    // A KiCad export that names each symbol in a column of its own (KiBoM's "Part" beside "Value") and carries
    // distributor columns is no JLCPCB-style list: its Value is what the schematic shows ("AUX1", "CFG0", "TL072"),
    // however many values look like part numbers, and its lines are bought by their distributor numbers.
    const schematicValue =
      symbolNameColumn(headerCells) !== undefined && supplierPartColumns(headerCells).length > 0
        ? valueColumn(headerCells)
        : undefined;
    const guess = inferColumnsFromContent(dataRows, { exclude: used, notPartNumber: isSymbolName });
    if (guess.partNumber !== undefined && (guess.partNumber === schematicValue || guess.partNumber === symbol))
      delete guess.partNumber;
    for (const f of BOM_FIELDS) {
      if (mapping[f] === undefined && guess[f] !== undefined) {
        mapping[f] = guess[f];
        inferredFields.push(f);
      }
    }
    // A JLCPCB-style BOM names no part-number column: its Comment/Value column is what the parts are known by,
    // when enough of its values look like part numbers. A schematic symbol's name (KiCad's "Conn_01x06_Pin",
    // written where nobody typed a value) is no such evidence: a value column of symbol names and resistances
    // is a schematic export of values, listed without part numbers.
    const value = schematicValue === undefined ? valueColumn(headerCells) : undefined;
    const partLike = (cell: Cell): boolean => looksLikePartNumber(cell) && !isSymbolName(cellText(cell));
    if (
      mapping.partNumber === undefined &&
      value !== undefined &&
      !Object.values(mapping).includes(value) &&
      shareOf(sample, value, partLike) >= 0.2
    ) {
      mapping.partNumber = value;
      mappingSource = 'header';
    }
  }
  if (mappingSource === 'header' && mapping.partNumber !== undefined)
    correctShiftedColumns(mapping, inferredFields, sample, headerCells);
  if (mapping.dnp === undefined) {
    const taken = BOM_FIELDS.map((f) => mapping[f]).filter((c): c is number => c !== undefined);
    // A column named for something else (a build variant: "LowCost") is no DNP column, whatever it holds.
    headerCells.forEach((cell, c) => {
      if (!carriesMarks(cellText(cell))) taken.push(c);
    });
    const dnp = dnpColumnByContent(dataRows, { exclude: taken });
    if (dnp !== undefined) {
      mapping.dnp = dnp;
      inferredFields.push('dnp');
    }
  }
  return { mapping, mappingSource, inferredFields };
}

/** A header whose part numbers sit in a neighbouring column, or whose data is shifted by one from some column on. */
function correctShiftedColumns(
  mapping: ColumnMapping,
  inferredFields: BomField[],
  sample: CellGrid,
  headerCells: readonly Cell[],
): void {
  const better = betterPartNumberColumn(sample, mapping, headerCells);
  if (better !== undefined) mapping.partNumber = better;
  const from = misalignedFrom(sample, mapping, headerCells);
  if (from === undefined) return;
  for (const f of BOM_FIELDS) {
    const c = mapping[f];
    if (c !== undefined && c >= from) {
      mapping[f] = c + 1;
      inferredFields.push(f);
    }
  }
}

/** The warning that names the columns recognised by their content. */
function contentMappingWarning(
  choice: ColumnChoice,
  headerRow: number | null,
  headerCells: readonly Cell[],
  headers: readonly string[],
): BomWarning {
  const described = choice.inferredFields.map((f) => {
    const c = choice.mapping[f] as number;
    const name =
      headerRow === null || isGenericHeaderRow(headerCells) || cellText(headerCells[c]) === ''
        ? ''
        : ` (${quote(headers[c], 30)})`;
    return `${FIELD_WORDS[f]} in column ${columnName(c)}${name}`;
  });
  return {
    row: null,
    code: 'content-mapping',
    message: `Columns recognised by their content: ${described.join(', ')}.`,
  };
}

/**
 * Phase 3, for a table with neither header nor user mapping: the short rows above the first part number are titles.
 * Returns where the lines start, with the warning that says so, or null when no row was taken as a title.
 */
function titleRows(
  cells: CellGrid,
  bounds: TableBounds,
  pnColumn: number,
  firstRowNumber: number,
): { dataStart: number; warning: BomWarning } | null {
  const titles: number[] = [];
  let r = bounds.dataStart;
  for (; r <= bounds.lastRow; r++) {
    const row = cells[r] ?? [];
    if (isBlankRow(row)) continue;
    if (looksLikePartNumber(row[pnColumn])) break;
    if (row.filter((c) => cellText(c) !== '').length > 2) break;
    titles.push(r);
  }
  if (titles.length === 0 || r > bounds.lastRow || !looksLikePartNumber((cells[r] ?? [])[pnColumn])) return null;
  const numbers = titles.map((t) => t + firstRowNumber);
  const one = numbers.length === 1;
  return {
    dataStart: r,
    warning: {
      row: titles[0],
      code: 'title-rows',
      message: `${rowRange(numbers)} come${one ? 's' : ''} before the first part and ${one ? 'was' : 'were'} read as ${one ? 'a title' : 'titles'}.`,
    },
  };
}

/** How a row's quantity per board was found, or why the row is no line. */
type LineQuantity =
  /** `quantityCell`: the quantity column's number where the designators were counted instead. */
  | { kind: 'line'; quantityPerBoard: number; quantitySource: BomLine['quantitySource']; quantityCell?: number }
  | { kind: 'skip'; reason: SkipReason; detail: string; alternate?: LineAbove };

/** An LCSC (JLCPCB) part number: C and up to nine digits. */
const LCSC_NUMBER = /^C\d{1,9}$/;

/** Phase 4: the rows of the table read one by one into lines, skipped rows and warnings. */
class RowReader {
  readonly lines: BomLine[] = [];
  readonly skipped: SkippedLine[] = [];
  tableEnd: number;
  private readonly repeatedHeader: string | null;
  private readonly dnpKind: DnpColumnKind | 'marks';
  private readonly valueAsPartNumber: boolean;
  private divisor: number;
  private defaultQuantityWarned = false;
  /**
   * Columns no field reads whose header says they may carry a line's marks (notes, "Assembly Info", ASSY, a Value
   * column, or no header): a DNP mark in one still marks the line. A column named otherwise ("LowCost", a build
   * variant's name) speaks for that variant only.
   */
  private readonly markColumns: number[];
  /**
   * The value column, read for the part when the part-number column is mostly empty (DesignSpark writes the part
   * in the value). Not where the BOM has no part-number column at all: it buys by distributor numbers instead.
   */
  private readonly valueFallback: number | undefined;
  /** The quantity column does not count the designators (9 on every line of one to seven): they are counted instead. */
  private readonly countDesignators: boolean;
  /** The part-number column's header names the maker too ("Manufacturer/MPN"): its cells read "YAGEO CC0402KRX7R7BB104". */
  private readonly makerInPartNumber: boolean;
  /** Why the value last read for the row's part number names no orderable part (partOf), or null. */
  private notOrderable: string | null = null;

  constructor(
    private readonly cells: CellGrid,
    private readonly bounds: TableBounds,
    private readonly choice: ColumnChoice,
    private readonly headerCells: readonly Cell[],
    readonly supplierColumns: number[],
    private readonly boards: number,
    private readonly firstRowNumber: number,
    private readonly warnings: BomWarning[],
    dataRows: CellGrid,
  ) {
    const { mapping } = choice;
    this.tableEnd = bounds.lastRow;
    this.repeatedHeader = bounds.headerRow === null || isBlankRow(headerCells) ? null : this.headerKey(headerCells);
    // A DNP column found by its content counts its DNP-like words only; one named so reads as its name says.
    this.dnpKind =
      mapping.dnp === undefined
        ? 'dnp'
        : choice.inferredFields.includes('dnp')
          ? 'marks'
          : dnpColumnKind(cellText(headerCells[mapping.dnp]));
    const value = valueColumn(headerCells);
    this.valueAsPartNumber =
      choice.mappingSource !== 'user' && mapping.partNumber !== undefined && mapping.partNumber === value;
    this.divisor =
      bounds.headerRow === null || mapping.quantity === undefined
        ? 1
        : builtBoardsAbove(cells, bounds.headerRow, dataRows, mapping.quantity);
    const sample = filledRows(dataRows, SAMPLE_ROWS);
    const taken = new Set<number>([
      ...supplierColumns,
      ...BOM_FIELDS.map((f) => mapping[f]).filter((c): c is number => c !== undefined),
    ]);
    this.markColumns = [];
    for (let c = 0, width = gridWidth(sample); c < Math.max(width, headerCells.length); c++) {
      if (!taken.has(c) && carriesMarks(cellText(headerCells[c]))) this.markColumns.push(c);
    }
    const pn = mapping.partNumber;
    this.makerInPartNumber =
      choice.mappingSource !== 'user' &&
      pn !== undefined &&
      mapping.manufacturer === undefined &&
      MAKER_AND_PART_HEADER.test(cellText(headerCells[pn]));
    this.valueFallback =
      choice.mappingSource !== 'user' &&
      value !== undefined &&
      pn !== undefined &&
      value !== pn &&
      sample.filter((r) => cellText(r?.[pn]) !== '').length * 2 < sample.length
        ? value
        : undefined;
    if (this.divisor === 1) {
      const multiple = quantityMultiple(sample, mapping);
      if (multiple > 1) {
        this.divisor = multiple;
        warnings.push({
          row: null,
          code: 'quantity-read',
          message: `Every quantity is ${multiple.toLocaleString('en-US')} times its designator count: the quantities are for ${multiple.toLocaleString('en-US')} boards, and each was divided by ${multiple.toLocaleString('en-US')} to give the quantity per board.`,
        });
      }
    }
    this.countDesignators = this.divisor === 1 && quantityIgnoresDesignators(sample, mapping);
    if (this.countDesignators) {
      warnings.push({
        row: null,
        code: 'quantity-mismatch',
        message: `The quantity column (${quote(cellText(headerCells[mapping.quantity as number]) || columnName(mapping.quantity as number), 30)}) disagrees with the designator count on most lines: each line's designators are counted instead.`,
      });
    }
    if (this.divisor > 1) {
      const boardsText = this.divisor.toLocaleString('en-US');
      warnings.push({
        row: null,
        code: 'quantity-read',
        message: `The quantities are for ${boardsText} boards ("Board Qty" above the header); each was divided by ${boardsText} to give the quantity per board.`,
      });
    }
  }

  private label(r: number): string {
    return `Row ${r + this.firstRowNumber}`;
  }

  private at(row: readonly Cell[], field: BomField): Cell {
    const c = this.choice.mapping[field];
    return c === undefined ? null : row[c];
  }

  private headerKey(row: readonly Cell[]): string {
    const { mapping } = this.choice;
    return BOM_FIELDS.map((f) =>
      mapping[f] === undefined ? '' : cellText(row[mapping[f] as number]).toLowerCase(),
    ).join('\u0000');
  }

  private skip(row: number, reason: SkipReason, detail: string, quantityPerBoard?: number): void {
    const skipped: SkippedLine = { row, reason, detail, message: `${this.label(row)}: ${detail}` };
    if (quantityPerBoard !== undefined) skipped.quantityPerBoard = quantityPerBoard;
    this.skipped.push(skipped);
  }

  private readonly looksLikeLine = (row: readonly Cell[]): boolean => {
    if (looksLikePartNumber(this.at(row, 'partNumber'))) return true;
    const refs = cellText(this.at(row, 'designators'));
    return refs !== '' && looksLikeDesignators(refs);
  };

  /** Reads every row from the table's first to its end (a footer block after a blank run ends it early). */
  readAll(dataStart: number): void {
    const { cells } = this;
    const lastRow = this.bounds.lastRow;
    let blankBefore = false;
    let seenRow = false;
    // The line the row just above stands for: production BOMs list second sources as rows with a maker and part
    // number only, right under the line they may replace. A row that has a description of its own, or names no
    // maker, is a line missing its quantity instead.
    let above: LineAbove | null = null;
    for (let r = dataStart; r <= lastRow; r++) {
      const row = cells[r] ?? [];
      // Blank rows are no lines: they cost one test each and leave nothing behind.
      if (isBlankRow(row)) {
        blankBefore = seenRow;
        above = null;
        continue;
      }
      if (blankBefore) {
        blankBefore = false;
        if (footerBlock(cells, r, lastRow, this.looksLikeLine)) {
          this.endTableAt(r, dataStart);
          break;
        }
      }
      seenRow = true;
      above = this.readRow(r, row, above);
    }
  }

  /** The rows from `r` on come after the table: a footer block. */
  private endTableAt(r: number, dataStart: number): void {
    let end = r - 1;
    while (end > dataStart && isBlankRow(this.cells[end])) end--;
    this.tableEnd = end;
    const first = cellText((this.cells[r] ?? []).find((c) => cellText(c) !== ''));
    this.warnings.push({
      row: r,
      code: 'footer',
      message: `${this.label(r)} to ${this.label(this.bounds.lastRow).toLowerCase()} come after the table (${quote(first, 40)}…) and were not read as lines.`,
    });
  }

  /** One row: a line, or a skip with its reason. Returns the line the next row would stand under. */
  private readRow(r: number, row: readonly Cell[], lineAbove: LineAbove | null): LineAbove | null {
    if (this.repeatedHeader !== null && this.headerKey(row) === this.repeatedHeader) {
      this.skip(r, 'no-part-number', 'repeats the header row');
      return null;
    }
    const partNumberRaw = cellText(this.at(row, 'partNumber'));
    const cellPartNumber = partNumberText(this.at(row, 'partNumber'));
    const description = cellText(this.at(row, 'description'));
    const designatorText = cellText(this.at(row, 'designators'));
    let quantity: QuantityParse =
      this.choice.mapping.quantity === undefined ? { kind: 'empty' } : parseQuantity(this.at(row, 'quantity'));
    if (this.divisor > 1 && quantity.kind === 'ok') quantity = { ...quantity, value: quantity.value / this.divisor };

    const notPlaced = this.notPlacedReason(row, quantity, cellPartNumber, partNumberRaw, description, designatorText);
    if (notPlaced !== null) {
      this.skip(r, 'dnp', `not placed (${notPlaced})`);
      return null;
    }
    const parsed = parseDesignators(designatorText);
    const unfitted = this.unfittedPositions(row, parsed.list);
    if (unfitted !== null && unfitted.fitted.length === 0) {
      this.skip(r, 'dnp', `not placed (every position is marked not fitted: ${quote(unfitted.mark, 40)})`);
      return null;
    }
    const part = this.partOf(row, cellPartNumber);
    // A value column read for part numbers names board features too ("FIDUCIAL", "TESTPAD3", a jumper's "Opened").
    if (
      part === null ||
      isBoardRow(row, part.partNumber) ||
      (part.from !== 'supplier' && this.valueAsPartNumber && boardFeature(row) !== null)
    ) {
      const why = this.noPartNumberReason(r, row, cellPartNumber, quantity, parsed.list.length);
      this.skip(r, why.reason, why.detail, why.quantityPerBoard);
      return null;
    }
    const { partNumber } = part;
    const manufacturer = part.manufacturer ?? cellText(this.at(row, 'manufacturer'));
    if (part.note !== '')
      this.warnings.push({ row: r, code: 'part-number', message: `${this.label(r)}: ${part.note}` });

    // A second source on a row of its own: no designators, right under a line that has them, its description
    // repeated word for word (a production BOM listing "Nexperia 74LVC1G07GV,125" under U2's TI part).
    if (
      parsed.list.length === 0 &&
      this.choice.mapping.designators !== undefined &&
      lineAbove?.placed === true &&
      description !== '' &&
      description === lineAbove.description
    ) {
      this.skip(
        r,
        'alternate',
        `alternate for ${this.label(lineAbove.row).toLowerCase()} (${quote(lineAbove.partNumber, 40)}): the same description, no designators of its own; not bought`,
      );
      return lineAbove;
    }
    const counted = this.lineQuantity(r, quantity, parsed.list.length, lineAbove, manufacturer, description);
    if (counted.kind === 'skip') {
      this.skip(r, counted.reason, counted.detail);
      return counted.alternate ?? null;
    }
    this.designatorWarnings(r, designatorText, parsed, counted);
    let designators = parsed.list;
    let quantityPerBoard = counted.quantityPerBoard;
    if (unfitted !== null) {
      designators = unfitted.fitted;
      // The quantity counts every position listed, unless it already counts only the fitted ones.
      quantityPerBoard =
        counted.quantityPerBoard === unfitted.fitted.length
          ? counted.quantityPerBoard
          : Math.max(0, counted.quantityPerBoard - unfitted.named);
      this.warnings.push({
        row: r,
        code: 'partly-fitted',
        message: `${this.label(r)}: ${unfitted.named} of ${unfitted.named + unfitted.fitted.length} positions are marked not fitted (${quote(unfitted.mark, 60)}): ${quantityPerBoard} per board bought`,
      });
    }
    this.lines.push({
      row: r,
      partNumber,
      manufacturer,
      manufacturerKey: manufacturerKey(manufacturer),
      quantityPerBoard,
      quantitySource: counted.quantitySource,
      need: quantityPerBoard * this.boards,
      designators,
      description,
      lookupKey: lookupKeyOf(partNumber, manufacturer),
      supplierPartNumbers: this.supplierColumns.map((c) => partNumberText(row[c])).filter((t) => t !== ''),
      pinnedOffer: cellText(this.at(row, 'offer')).trim(),
      replacement: partNumberText(this.at(row, 'replacement')),
      ...(part.from !== undefined ? { partNumberFrom: part.from } : {}),
    });
    return { row: r, partNumber, description, placed: designators.length > 0 };
  }

  /**
   * The part number to buy the row by: the part-number column's (a bracketed note and the others of a list left
   * out); where it has none, or a value ("100nF") where a part number belongs, the part a mostly-empty part-number
   * column leaves to the value column, else a distributor's number. Null when the row gives none.
   */
  private partOf(
    row: readonly Cell[],
    cellPartNumber: string,
  ): { partNumber: string; manufacturer?: string; from?: 'supplier' | 'value'; note: string } | null {
    this.notOrderable = null;
    const usable =
      cellPartNumber !== '' &&
      !PLACEHOLDER.test(cellPartNumber) &&
      // The user's own column is taken as they chose it, values and all. A value column read for part numbers
      // gives only those that look like one, and no symbol names ("Conn_01x06_Pin") or library names.
      !(this.valueAsPartNumber
        ? !looksLikePartNumber(this.at(row, 'partNumber')) ||
          isSymbolName(cellPartNumber) ||
          isValueSpec(cellPartNumber) ||
          this.namesNoOrderablePart(cellPartNumber, row, this.choice.mapping.partNumber as number)
        : this.choice.mappingSource !== 'user' && isComponentValue(cellPartNumber));
    if (usable && this.makerInPartNumber) {
      const split = makerAndPart(cellPartNumber);
      if (split !== null) return split;
    }
    if (usable && this.valueAsPartNumber) {
      // A value names the part with its package in brackets ("BC817-40(SMD)"): the package is no part of the number.
      const bare = withoutPackage(cellPartNumber);
      if (bare !== cellPartNumber)
        return { partNumber: bare, note: `value ${quote(cellPartNumber, 50)}: the package in brackets was left out` };
    }
    if (usable) {
      const { partNumber, leftOut } = partNumberOfCell(cellPartNumber);
      return { partNumber, note: leftOut === '' ? '' : `part number ${quote(cellPartNumber, 50)}: ${leftOut}` };
    }
    if (this.valueFallback !== undefined) {
      const value = cellText(row[this.valueFallback]);
      const fromValue = partOfValue(value);
      if (fromValue !== null && !this.namesNoOrderablePart(fromValue.partNumber, row, this.valueFallback)) {
        return {
          partNumber: fromValue.partNumber,
          ...(fromValue.manufacturer !== '' ? { manufacturer: fromValue.manufacturer } : {}),
          from: 'value',
          note: `no part number in its column; ${fromValue.partNumber} is read from the value ${quote(value, 40)}`,
        };
      }
    }
    // A JLCPCB-style BOM's value-only rows stay value-only: their LCSC number is shown, not looked up as a part.
    if (this.valueAsPartNumber) return null;
    for (const c of this.supplierColumns) {
      const first = partNumberText(row[c]).split(/\s*,\s+|\s+,\s*/)[0];
      // Only a number shaped like one: KiCost's "#NO_CATALOG0001", "unknown" and "NonStk" are no numbers. LCSC's
      // low numbers ("C8269", "C1804") are too short to look like a part number, but are one in its column.
      if (!looksLikePartNumber(first) && !LCSC_NUMBER.test(first)) continue;
      return {
        partNumber: first,
        from: 'supplier',
        note: `no manufacturer part number; looked up by the distributor number ${quote(first, 40)} (${quote(this.columnLabel(c), 30)})`,
      };
    }
    return null;
  }

  /** Whether a value read for a part number names no orderable part (see library-names.ts); notes why. */
  private namesNoOrderablePart(value: string, row: readonly Cell[], column: number): boolean {
    const why = notOrderableValue(value, row, column);
    if (why !== null) this.notOrderable = `value ${quote(value, 40)} is ${why}`;
    return why !== null;
  }

  private columnLabel(c: number): string {
    return cellText(this.headerCells[c]) || `column ${columnName(c)}`;
  }

  /**
   * The positions a mark in the row names as not fitted ("NF(C341 C324)" in an Assembly Info column), when the
   * row lists its designators and the mark names some of them: the fitted ones, the number named and the mark.
   */
  private unfittedPositions(
    row: readonly Cell[],
    designators: readonly string[],
  ): { fitted: string[]; named: number; mark: string } | null {
    if (designators.length === 0) return null;
    const columns =
      this.choice.mapping.dnp === undefined ? this.markColumns : [this.choice.mapping.dnp, ...this.markColumns];
    for (const c of columns) {
      const cell = row[c];
      if (typeof cell !== 'string' || !/[(:]/.test(cell)) continue;
      const named = dnpNamedPositions(cell);
      if (named === null) continue;
      const unfitted = new Set(parseDesignators(named).list.map((d) => d.toUpperCase()));
      const fitted = designators.filter((d) => !unfitted.has(d.toUpperCase()));
      const count = designators.length - fitted.length;
      if (count > 0) return { fitted, named: count, mark: cellText(cell) };
    }
    return null;
  }

  /** Why the row is not placed (its DNP column, a quantity of 0 or "DNP", a DNP mark in its text or another column), or null. */
  private notPlacedReason(
    row: readonly Cell[],
    quantity: QuantityParse,
    partNumber: string,
    partNumberRaw: string,
    description: string,
    designatorText: string,
  ): string | null {
    const dnpCell = this.at(row, 'dnp');
    const kind = this.dnpKind;
    const marked =
      this.choice.mapping.dnp !== undefined &&
      (kind === 'populate'
        ? isNotPopulated(dnpCell)
        : kind === 'marks'
          ? isDnpColumnWord(dnpCell)
          : isDnpFlag(dnpCell));
    if (marked)
      return `${kind === 'populate' ? 'populate' : 'DNP'} column: ${quote(cellText(dnpCell) || String(dnpCell), 30)}`;
    if (quantity.kind === 'dnp') return `quantity ${quote(quantity.text, 30)}`;
    if (quantity.kind === 'ok' && quantity.value === 0) return 'quantity 0';
    if (partNumber !== '' && partNumberSaysDnp(partNumberRaw)) return `part number ${quote(partNumberRaw, 40)}`;
    if (description !== '' && containsDnpMarker(description)) return `description ${quote(description, 40)}`;
    if (designatorText !== '' && containsDnpMarker(designatorText)) return `designators ${quote(designatorText, 40)}`;
    for (const c of this.markColumns) {
      const cell = row[c];
      if (typeof cell === 'string' && cell.length <= 60 && isDnpMarker(cell))
        return `${quote(this.columnLabel(c), 30)}: ${quote(cellText(cell), 30)}`;
    }
    return null;
  }

  /**
   * Why the row gives nothing to look up. A PCB feature or the bare board is no line; a row with a quantity or
   * designators and something that names it is a line to buy that cannot be priced ('incomplete': it keeps its
   * quantity, says what it has and what is missing); anything else (a total, a heading, a note) is no line.
   */
  private noPartNumberReason(
    r: number,
    row: readonly Cell[],
    partNumber: string,
    quantity: QuantityParse,
    designators: number,
  ): { reason: SkipReason; detail: string; quantityPerBoard?: number } {
    const feature = boardFeature(row);
    if (feature !== null)
      return { reason: 'no-part-number', detail: `a PCB feature (${quote(feature, 30)}), not a part` };
    if (isBoardRow(row, partNumber))
      return { reason: 'no-part-number', detail: 'the bare board (PCB), not a part to buy from a distributor' };
    const { mapping } = this.choice;
    const perBoard =
      quantity.kind === 'ok' && quantity.value > 0 ? quantity.value : designators > 0 ? designators : undefined;
    const counted = new Set([mapping.quantity, mapping.designators]);
    const has = row
      .map((cell, c) => (counted.has(c) ? '' : cellText(cell)))
      .filter((t) => t !== '' && !/^\d+$/.test(t) && !/^[~?.-]+$/.test(t));
    if (perBoard === undefined || has.length === 0) {
      if (partNumber === '') return { reason: 'no-part-number', detail: this.noPartNumberDetail(r, row) };
      if (PLACEHOLDER.test(partNumber))
        return { reason: 'no-part-number', detail: `part number ${quote(partNumber)} is a placeholder` };
      return { reason: 'no-part-number', detail: `no part number (value ${quote(partNumber, 30)} only)` };
    }
    const supplier = this.supplierColumns.map((c) => cellText(row[c])).filter((t) => t !== '');
    const named =
      this.notOrderable !== null
        ? this.notOrderable
        : partNumber === ''
          ? quote(has.slice(0, 2).join(' | '), 50)
          : PLACEHOLDER.test(partNumber)
            ? `part number ${quote(partNumber)} is a placeholder`
            : `value ${quote(partNumber, 30)}`;
    const what = supplier.length > 0 ? `${named}; ${supplier.join(', ')}` : named;
    return {
      reason: 'incomplete',
      detail: `a line to buy (${perBoard} per board; ${what}) with no manufacturer part number to price it by: add one`,
      quantityPerBoard: perBoard,
    };
  }

  /**
   * A row without a part number says what it is where it can: a total under the quantities (Altium's BOM templates
   * write one per section), a heading over a section that repeats the header, or its text.
   */
  private noPartNumberDetail(r: number, row: readonly Cell[]): string {
    const { mapping } = this.choice;
    const other = row.map((c) => cellText(c)).filter((t) => t !== '');
    if (other.length === 0) return 'no part number';
    if (
      other.length === 1 &&
      mapping.quantity !== undefined &&
      cellText(row[mapping.quantity]) === other[0] &&
      parseQuantity(row[mapping.quantity]).kind === 'ok'
    ) {
      return `a total (${quote(other[0], 30)}), not a part`;
    }
    if (other.length === 1 && this.repeatedHeader !== null) {
      let next = r + 1;
      while (next <= this.bounds.lastRow && isBlankRow(this.cells[next])) next++;
      if (next <= this.bounds.lastRow && this.headerKey(this.cells[next] ?? []) === this.repeatedHeader)
        return `a section heading (${quote(other[0], 40)})`;
    }
    return `no part number (${quote(other.join(' | '), 50)})`;
  }

  /**
   * The quantity per board: the quantity column, else the designator count, else 1 when the BOM has neither
   * column. Where the designators listed outnumber the quantity, or the quantity column does not count the
   * designators at all, the designators are counted: a buyer never buys fewer than the positions listed.
   */
  private lineQuantity(
    r: number,
    quantity: QuantityParse,
    designators: number,
    lineAbove: LineAbove | null,
    manufacturer: string,
    description: string,
  ): LineQuantity {
    const { mapping } = this.choice;
    if (quantity.kind === 'bad')
      return {
        kind: 'skip',
        reason: 'bad-quantity',
        detail: `quantity ${quote(quantity.text, 30)} ${quantity.problem}`,
      };
    if (quantity.kind === 'ok') {
      if (quantity.note)
        this.warnings.push({
          row: r,
          code: 'quantity-read',
          message: `${this.label(r)}: quantity ${quote(quantity.text, 30)} ${quantity.note}`,
        });
      if (designators > 0 && (this.countDesignators || designators > quantity.value))
        return {
          kind: 'line',
          quantityPerBoard: designators,
          quantitySource: 'designators',
          quantityCell: quantity.value,
        };
      return { kind: 'line', quantityPerBoard: quantity.value, quantitySource: 'quantity' };
    }
    if (designators > 0) return { kind: 'line', quantityPerBoard: designators, quantitySource: 'designators' };
    if (mapping.quantity === undefined && mapping.designators === undefined) {
      if (!this.defaultQuantityWarned) {
        this.defaultQuantityWarned = true;
        this.warnings.push({
          row: null,
          code: 'default-quantity',
          message: 'No quantity or designator column: each line counts as 1 per board.',
        });
      }
      return { kind: 'line', quantityPerBoard: 1, quantitySource: 'default' };
    }
    if (lineAbove !== null && manufacturer !== '' && description === '') {
      return {
        kind: 'skip',
        reason: 'alternate',
        detail: `alternate for ${this.label(lineAbove.row).toLowerCase()} (${quote(lineAbove.partNumber, 40)}): not bought`,
        alternate: lineAbove,
      };
    }
    return {
      kind: 'skip',
      reason: 'bad-quantity',
      detail: mapping.quantity === undefined ? 'no designators to count' : 'no quantity and no designators',
    };
  }

  /** Designators that could not all be read, or that disagree with the quantity column (which wins). */
  private designatorWarnings(
    r: number,
    designatorText: string,
    parsed: { list: string[]; errors: string[] },
    counted: Extract<LineQuantity, { kind: 'line' }>,
  ): void {
    for (const e of parsed.errors) {
      this.warnings.push({
        row: r,
        code: 'designators',
        message: `${this.label(r)}: designators ${quote(designatorText, 40)}: ${e}`,
      });
    }
    const n = parsed.list.length;
    if (counted.quantityCell !== undefined && !this.countDesignators) {
      this.warnings.push({
        row: r,
        code: 'quantity-mismatch',
        message: `${this.label(r)}: quantity ${counted.quantityCell} but ${n} designators listed (${designatorText.length > 60 ? `${designatorText.slice(0, 59)}…` : designatorText}): ${n} bought, one per position`,
      });
    }
    if (counted.quantitySource === 'quantity' && n > 0 && n !== counted.quantityPerBoard) {
      this.warnings.push({
        row: r,
        code: 'quantity-mismatch',
        message: `${this.label(r)}: quantity ${counted.quantityPerBoard} but ${n} designator${n === 1 ? '' : 's'} (${designatorText.length > 60 ? `${designatorText.slice(0, 59)}…` : designatorText})`,
      });
    }
  }
}

/** A header naming the maker and the part number of one column: "Manufacturer/MPN", "Mfr & Part Number", "MPN / Maker". */
const MAKER_AND_PART_HEADER =
  /^\s*(?:(?:manufacturer|manufacture|mfr|mfg|maker|brand)\s*(?:[/&+]|and)\s*(?:mpn|p\/?n|part\s*(?:number|no\.?|#)?)|(?:mpn|p\/?n|part\s*(?:number|no\.?|#)?)\s*(?:[/&+]|and)\s*(?:manufacturer|manufacture|mfr|mfg|maker|brand))\s*$/i;

/**
 * A cell of a maker-and-part-number column: the maker's words, then the part number ("C&K Components KMR231GLFS");
 * of several sources listed with commas ("MTCONN UBAF-06082, FCI 10118192-0001LF") the first. Null when the cell
 * is a part number alone.
 */
function makerAndPart(text: string): { partNumber: string; manufacturer: string; note: string } | null {
  const sources = text.split(/\s*[,;]\s+/).filter((t) => t.trim() !== '');
  const first = sources[0]?.trim() ?? '';
  const cut = first.lastIndexOf(' ');
  if (cut <= 0) return null;
  const partNumber = first.slice(cut + 1);
  const manufacturer = first.slice(0, cut).trim();
  if (!looksLikePartNumber(partNumber) || manufacturer === '') return null;
  const others =
    sources.length > 1
      ? `; the cell lists ${sources.length} sources, the first is priced (${sources.slice(1).join(', ')} not)`
      : '';
  return { partNumber, manufacturer, note: others === '' ? '' : `part number ${quote(text, 50)}${others}` };
}

/** Header words of columns that carry a line's marks (see RowReader.markColumns); headerTokens reads "ASSY" as board. */
const MARK_WORDS = new Set([
  'note',
  'notes',
  'remark',
  'remarks',
  'comment',
  'comments',
  'value',
  'values',
  'board',
  'info',
  'information',
  'status',
  'fit',
  'populate',
]);

function carriesMarks(header: string): boolean {
  const tokens = headerTokens(header);
  return tokens.length === 0 || tokens.some((t) => MARK_WORDS.has(t)) || isPlaceholderColumnName(header);
}

/** The rows of the sample that give both a quantity (not 0) and designators: the two counts, for comparing them. */
function quantityDesignatorPairs(
  sample: CellGrid,
  mapping: ColumnMapping,
): { quantity: number; designators: number }[] {
  const q = mapping.quantity;
  const d = mapping.designators;
  if (q === undefined || d === undefined) return [];
  const pairs: { quantity: number; designators: number }[] = [];
  for (const row of sample) {
    const quantity = parseQuantity(row?.[q]);
    const text = cellText(row?.[d]);
    if (quantity.kind !== 'ok' || quantity.value === 0 || text === '' || !looksLikeDesignators(text)) continue;
    const n = parseDesignators(text).list.length;
    if (n > 0) pairs.push({ quantity: quantity.value, designators: n });
  }
  return pairs;
}

/**
 * The number of boards the quantities are for when every quantity is the same multiple (2 or more) of its
 * designator count on at least three lines (a KiCost sheet for 100 boards without its "Board Qty"); else 1.
 */
function quantityMultiple(sample: CellGrid, mapping: ColumnMapping): number {
  let multiple = 0;
  let compared = 0;
  for (const { quantity, designators } of quantityDesignatorPairs(sample, mapping)) {
    if (quantity % designators !== 0) return 1;
    const k = quantity / designators;
    if (compared > 0 && k !== multiple) return 1;
    multiple = k;
    compared++;
  }
  return compared >= 3 && multiple >= 2 ? multiple : 1;
}

/**
 * Whether the quantity column ignores the designators: where both are given, they agree on fewer than a quarter
 * of at least three lines (EasyEDA Pro writing the build's count, 9, on lines of one to seven designators).
 */
function quantityIgnoresDesignators(sample: CellGrid, mapping: ColumnMapping): boolean {
  const pairs = quantityDesignatorPairs(sample, mapping);
  const compared = pairs.length;
  const agree = pairs.filter((p) => p.designators === p.quantity).length;
  return compared >= 3 && agree * 4 < compared;
}

/** Phase 5: lines of the same part share one lookup; the buyer is told where. */
function duplicateWarnings(lines: readonly BomLine[], firstRowNumber: number): BomWarning[] {
  const warnings: BomWarning[] = [];
  for (const group of groupByLookupKey(lines).values()) {
    if (group.length < 2) continue;
    const first = group[0];
    const who = first.manufacturer === '' ? first.partNumber : `${first.partNumber} (${first.manufacturer})`;
    warnings.push({
      row: first.row,
      code: 'duplicate-part',
      message: `${rowRange(group.map((l) => l.row + firstRowNumber))}: ${who} is on ${group.length} lines; they share one lookup`,
    });
  }
  return warnings;
}

/**
 * Read BOM lines from a block of cells, in phases: find the table, choose the columns, set aside title rows, read
 * each row, then note parts on several lines. Throws BomError when there is nothing to read or no part-number column.
 */
export function readBom(input: CellGrid, options: ReadBomOptions = {}): BomReadResult {
  const warnings: BomWarning[] = [];
  const unwrapped = unwrapNestedCsv(input);
  const cells: CellGrid = unwrapped ?? input;
  if (unwrapped) {
    warnings.push({
      row: null,
      code: 'nested-csv',
      message: 'Each line of the table was one quoted cell (CSV inside CSV); each was split into its fields.',
    });
  }
  const width = gridWidth(cells);
  checkOptions(cells, options, width);
  const firstRowNumber = options.firstRowNumber ?? 1;
  const maxScan = options.maxScan ?? 30;

  const bounds = findTable(cells, options, maxScan);
  const { headerRow, lastRow } = bounds;
  const headerCells: readonly Cell[] = headerRow === null ? [] : (cells[headerRow] ?? []);
  const headers: string[] = [];
  for (let c = 0; c < width; c++) headers.push(cellText(headerCells[c]) || `Column ${columnName(c)}`);

  const dataRows = cells.slice(bounds.dataStart, lastRow + 1);
  const sample = filledRows(dataRows, SAMPLE_ROWS);
  const choice = options.mapping
    ? userColumns(options.mapping)
    : detectColumns(headerRow, headerCells, dataRows, sample);
  const { mapping, mappingSource, inferredFields } = choice;
  const supplierColumns =
    headerRow === null ? [] : supplierPartColumns(headerCells).filter((c) => !Object.values(mapping).includes(c));
  const candidates = options.mapping
    ? []
    : choosePartNumber(choice, headerCells, sample, width, options.partNumberColumn, warnings);
  // A BOM that names no manufacturer part number but gives distributors' numbers is read by those numbers; a list
  // with neither (a purchase list of marketplace links, a schematic export of values) is read as lines to buy that
  // cannot be priced, each with what it has, when a header names its quantities or designators. Else it is refused.
  const withoutPartNumbers = mapping.partNumber === undefined && supplierColumns.length === 0;
  if (withoutPartNumbers && !listsWithoutPartNumbers(headerRow, headerCells, choice))
    throw noPartNumberColumn(headersSeen(cells, headerRow, maxScan));
  if (mapping.partNumber === undefined && !withoutPartNumbers) {
    warnings.push({
      row: null,
      code: 'part-number-column',
      message: `No manufacturer part-number column: each line is looked up by its distributor number (${supplierColumns.map((c) => quote(headers[c], 30)).join(', ')}).`,
    });
  }

  if (inferredFields.length > 0) warnings.push(contentMappingWarning(choice, headerRow, headerCells, headers));

  let dataStart = bounds.dataStart;
  if (
    headerRow === null &&
    options.headerRow === undefined &&
    mappingSource === 'content' &&
    mapping.partNumber !== undefined
  ) {
    const titles = titleRows(cells, bounds, mapping.partNumber, firstRowNumber);
    if (titles) {
      dataStart = titles.dataStart;
      warnings.push(titles.warning);
    }
  }

  const rows = new RowReader(
    cells,
    bounds,
    choice,
    headerCells,
    supplierColumns,
    options.boards ?? 1,
    firstRowNumber,
    warnings,
    dataRows,
  );
  rows.readAll(dataStart);
  if (withoutPartNumbers) {
    const listed = rows.skipped.filter((s) => s.reason === 'incomplete').length;
    if (listed === 0 && rows.lines.length === 0) throw noPartNumberColumn(headersSeen(cells, headerRow, maxScan));
    warnings.push(noPartNumberWarning(listed, headers, mapping));
  }
  warnings.push(...duplicateWarnings(rows.lines, firstRowNumber));
  const taken = new Set<number>([
    ...supplierColumns,
    ...Object.values(mapping).filter((c): c is number => typeof c === 'number'),
  ]);
  const alternates = options.alternateColumns ?? (headerRow === null ? [] : alternateColumns(headerCells, taken));
  if (alternates.length > 0)
    for (const line of rows.lines) line.alternates = alternatesOfRow(cells[line.row], alternates, line.partNumber);

  return {
    headerRow,
    headers,
    mapping,
    mappingSource,
    inferredFields,
    lines: rows.lines,
    skipped: rows.skipped,
    warnings,
    tableEnd: rows.tableEnd,
    supplierColumns,
    partNumberCandidates: candidates,
    cells,
    alternateColumns: alternates,
  };
}

/**
 * Phase 2b: the part-number column among its candidates. A judge's choice (options.partNumberColumn) wins;
 * otherwise the reader's own choice stands unless its values are in-house codes or hardly look like part
 * numbers while another candidate's mostly do. Returns the candidates, for the evidence.
 */
function choosePartNumber(
  choice: ColumnChoice,
  headerCells: readonly Cell[],
  sample: CellGrid,
  width: number,
  judged: number | undefined,
  warnings: BomWarning[],
): PartNumberCandidate[] {
  const { mapping } = choice;
  const others = new Set<number>([...neverPartNumberColumns(headerCells)]);
  const symbol = symbolNameColumn(headerCells);
  if (symbol !== undefined) others.add(symbol);
  for (const f of BOM_FIELDS) if (f !== 'partNumber' && mapping[f] !== undefined) others.add(mapping[f] as number);
  const candidates = partNumberCandidates(headerCells, sample, width, mapping.partNumber, others);
  if (judged !== undefined) {
    if (!Number.isInteger(judged) || judged < 0 || judged >= width) {
      throw new BomError(
        'bad-option',
        `The part number column (${String(judged)}) is outside the ${width} columns read.`,
      );
    }
    mapping.partNumber = judged;
    return candidates;
  }
  const current = candidates.find((c) => c.column === mapping.partNumber);
  if (current === undefined) return candidates;
  const better = candidates
    .filter((c) => c !== current && looksBetter(current, c))
    .sort((a, b) => b.named - a.named || b.lookLike - a.lookLike)[0];
  if (better !== undefined) {
    mapping.partNumber = better.column;
    warnings.push({
      row: null,
      code: 'part-number-column',
      message: `The part number is read from '${better.header}' rather than '${current.header}', whose values ${current.internalCodes ? 'are in-house codes' : 'do not look like part numbers'}.`,
    });
  }
  return candidates;
}
