/**
 * From a 2-D array of cells (Excel `range.values` or a parsed CSV/XLSX) to BOM lines.
 *
 * Every row of the table, from the header down to its end (`tableEnd`), that holds something is accounted
 * for: it becomes a line or a skipped line with its reason. Blank rows are no lines. Rows above the header
 * (title, revision, date) and a footer block below the table (totals, currency rates, notes: told by a 'footer'
 * warning) are not part of the BOM. Row numbers in messages are the sheet's: `firstRowNumber` is the number of
 * `cells[0]`.
 */
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
  inferColumnsFromContent,
  isDnpColumnWord,
  isGenericHeaderRow,
  looksLikeHeaderRow,
  looksLikePartNumber,
  mapColumns,
  matchHeader,
  neverPartNumberColumns,
  supplierPartColumns,
  valueColumn,
} from './header';
import { manufacturerKey } from './manufacturer';
import { type Cell, type CellGrid, cellText, columnName, gridWidth, isBlankRow, partNumberText } from './normalize';
import { containsDnpMarker, type QuantityParse, isDnpFlag, isNotPopulated, parseQuantity, partNumberSaysDnp } from './quantity';

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
}

/**
 * Why a row of the table is no line to buy: not placed, no part number (totals, section headings and repeated
 * headers among them), an unreadable quantity, or an alternate source listed under the line it stands in for.
 */
export type SkipReason = 'dnp' | 'no-part-number' | 'bad-quantity' | 'alternate';

export interface SkippedLine {
  /** 0-based index into the cells. */
  row: number;
  reason: SkipReason;
  /** The whole sentence, naming the row: 'Row 14: not placed (DNP column: "X")'. */
  message: string;
  /** The same without the row: 'not placed (DNP column: "X")', for a status cell on that row. */
  detail: string;
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
  | 'footer';

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
  /** Distributor part-number columns (0-based), used to confirm a match; never the part number. */
  supplierColumns: number[];
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
};

/**
 * The key duplicate lines share: the part number as the item service compares it (upper-cased, spaces and
 * punctuation ignored, so "LM358-DR" and "lm358 dr" are one part) and the manufacturer key. One lookup, with
 * the part number and manufacturer of the group's first line, serves every line of a group.
 */
export function lookupKeyOf(partNumber: string, manufacturer: string): string {
  const part = partNumber.normalize('NFKC').toUpperCase().replace(/[^A-Z0-9]/g, '');
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
    throw new BomError('bad-option', `The number of boards must be a whole number from 1 to ${MAX_BOARDS}; got ${String(boards)}.`);
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
}

/** How many rows a footer block is looked at for a line before it is called a footer. */
const FOOTER_LOOK = 50;

/**
 * Whether the rows from `start` (just after a blank run) are a footer: totals, currency rates, notes. It is a
 * footer when none of its first rows up to the next blank row looks like a BOM line.
 */
function footerBlock(cells: CellGrid, start: number, lastRow: number, looksLikeLine: (row: readonly Cell[]) => boolean): boolean {
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
function betterPartNumberColumn(sample: CellGrid, mapping: ColumnMapping, headerCells: readonly Cell[]): number | undefined {
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
    if (filled.length >= 2 && filled.every((c) => typeof c === 'string' && !/^\s*[\d.,]+\s*$/.test(c))) return texts(row);
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

/** Read BOM lines from a block of cells. Throws BomError when there is nothing to read or no part-number column. */
export function readBom(cells: CellGrid, options: ReadBomOptions = {}): BomReadResult {
  const width = gridWidth(cells);
  checkOptions(cells, options, width);
  const boards = options.boards ?? 1;
  const firstRowNumber = options.firstRowNumber ?? 1;
  const maxScan = options.maxScan ?? 30;
  const label = (r: number): string => `Row ${r + firstRowNumber}`;

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
      if (isGenericHeaderRow(cells[first]) || looksLikeHeaderRow(cells[first], cells.slice(first + 1, first + 12))) headerRow = first;
    }
  }
  let dataStart = headerRow === null ? 0 : headerRow + 1;
  if (headerRow === null && options.headerRow === undefined) {
    while (dataStart < lastRow && isBlankRow(cells[dataStart])) dataStart++;
  }
  const headerCells: readonly Cell[] = headerRow === null ? [] : (cells[headerRow] ?? []);
  const headers: string[] = [];
  for (let c = 0; c < width; c++) headers.push(cellText(headerCells[c]) || `Column ${columnName(c)}`);

  const warnings: BomWarning[] = [];
  const inferredFields: BomField[] = [];
  let mapping: ColumnMapping;
  let mappingSource: BomReadResult['mappingSource'];
  const dataRows = cells.slice(dataStart, lastRow + 1);
  const sample = filledRows(dataRows, SAMPLE_ROWS);

  if (options.mapping) {
    mapping = {};
    for (const f of BOM_FIELDS) if (options.mapping[f] !== undefined) mapping[f] = options.mapping[f];
    mappingSource = 'user';
  } else {
    const fromHeader = headerRow === null ? {} : mapColumns(headerCells);
    // Eagle's part list calls its designators "Part": a "Part" column of designator lists is the designators.
    const part = fromHeader.partNumber;
    if (part !== undefined && fromHeader.designators === undefined && /^part$/i.test(cellText(headerCells[part])) && shareOf(sample, part, designatorLike) > 0.6) {
      fromHeader.designators = part;
      delete fromHeader.partNumber;
    }
    const used = [
      ...BOM_FIELDS.map((f) => fromHeader[f]).filter((c): c is number => c !== undefined),
      ...neverPartNumberColumns(headerCells),
    ];
    mapping = { ...fromHeader };
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
      const guess = inferColumnsFromContent(dataRows, { exclude: used });
      for (const f of BOM_FIELDS) {
        if (mapping[f] === undefined && guess[f] !== undefined) {
          mapping[f] = guess[f];
          inferredFields.push(f);
        }
      }
      // A JLCPCB-style BOM names no part-number column: its Comment/Value column is what the parts are known by.
      const value = valueColumn(headerCells);
      if (mapping.partNumber === undefined && value !== undefined && !Object.values(mapping).includes(value) && shareOf(sample, value, looksLikePartNumber) >= 0.2) {
        mapping.partNumber = value;
        mappingSource = 'header';
      }
    }
    if (mappingSource === 'header' && mapping.partNumber !== undefined) {
      const better = betterPartNumberColumn(sample, mapping, headerCells);
      if (better !== undefined) mapping.partNumber = better;
      const from = misalignedFrom(sample, mapping, headerCells);
      if (from !== undefined) {
        for (const f of BOM_FIELDS) {
          const c = mapping[f];
          if (c !== undefined && c >= from) {
            mapping[f] = c + 1;
            inferredFields.push(f);
          }
        }
      }
    }
    if (mapping.dnp === undefined) {
      const taken = BOM_FIELDS.map((f) => mapping[f]).filter((c): c is number => c !== undefined);
      const dnp = dnpColumnByContent(dataRows, { exclude: taken });
      if (dnp !== undefined) {
        mapping.dnp = dnp;
        inferredFields.push('dnp');
      }
    }
  }
  if (mapping.partNumber === undefined) throw noPartNumberColumn(headersSeen(cells, headerRow, maxScan));

  if (inferredFields.length > 0) {
    const described = inferredFields.map((f) => {
      const c = mapping[f] as number;
      const name = headerRow === null || isGenericHeaderRow(headerCells) || cellText(headerCells[c]) === '' ? '' : ` (${quote(headers[c], 30)})`;
      return `${FIELD_WORDS[f]} in column ${columnName(c)}${name}`;
    });
    warnings.push({ row: null, code: 'content-mapping', message: `Columns recognised by their content: ${described.join(', ')}.` });
  }

  const pnColumn = mapping.partNumber;
  if (headerRow === null && options.headerRow === undefined && mappingSource === 'content') {
    const titles: number[] = [];
    let r = dataStart;
    for (; r <= lastRow; r++) {
      const row = cells[r] ?? [];
      if (isBlankRow(row)) continue;
      if (looksLikePartNumber(row[pnColumn])) break;
      if (row.filter((c) => cellText(c) !== '').length > 2) break;
      titles.push(r);
    }
    if (titles.length > 0 && r <= lastRow && looksLikePartNumber((cells[r] ?? [])[pnColumn])) {
      dataStart = r;
      const numbers = titles.map((t) => t + firstRowNumber);
      warnings.push({
        row: titles[0],
        code: 'title-rows',
        message: `${rowRange(numbers)} come${numbers.length === 1 ? 's' : ''} before the first part and ${numbers.length === 1 ? 'was' : 'were'} read as ${numbers.length === 1 ? 'a title' : 'titles'}.`,
      });
    }
  }

  const lines: BomLine[] = [];
  const skipped: SkippedLine[] = [];
  const skip = (row: number, reason: SkipReason, detail: string): void => {
    skipped.push({ row, reason, detail, message: `${label(row)}: ${detail}` });
  };
  const at = (row: readonly Cell[], field: BomField): Cell => {
    const c = mapping[field];
    return c === undefined ? null : row[c];
  };
  const headerKey = (row: readonly Cell[]): string =>
    BOM_FIELDS.map((f) => (mapping[f] === undefined ? '' : cellText(row[mapping[f] as number]).toLowerCase())).join('\u0000');
  const repeatedHeader = headerRow === null || isBlankRow(headerCells) ? null : headerKey(headerCells);
  let defaultQuantityWarned = false;
  // A DNP column found by its content counts its DNP-like words only; one named so reads as its name says.
  const dnpKind: DnpColumnKind | 'marks' =
    mapping.dnp === undefined ? 'dnp' : inferredFields.includes('dnp') ? 'marks' : dnpColumnKind(cellText(headerCells[mapping.dnp]));
  const valueAsPartNumber = mappingSource !== 'user' && mapping.partNumber === valueColumn(headerCells);
  const supplierColumns = headerRow === null ? [] : supplierPartColumns(headerCells).filter((c) => !Object.values(mapping).includes(c));
  const looksLikeLine = (row: readonly Cell[]): boolean => {
    const pn = at(row, 'partNumber');
    if (looksLikePartNumber(pn)) return true;
    const refs = cellText(at(row, 'designators'));
    return refs !== '' && looksLikeDesignators(refs);
  };

  // A row without a part number says what it is where it can: a total under the quantities (Altium's BOM
  // templates write one per section), a heading over a section that repeats the header, or its text.
  const noPartNumberDetail = (r: number, row: readonly Cell[]): string => {
    const other = row.map((c) => cellText(c)).filter((t) => t !== '');
    if (other.length === 0) return 'no part number';
    if (other.length === 1 && mapping.quantity !== undefined && cellText(row[mapping.quantity]) === other[0] && parseQuantity(row[mapping.quantity]).kind === 'ok') {
      return `a total (${quote(other[0], 30)}), not a part`;
    }
    if (other.length === 1 && repeatedHeader !== null) {
      let next = r + 1;
      while (next <= lastRow && isBlankRow(cells[next])) next++;
      if (next <= lastRow && headerKey(cells[next] ?? []) === repeatedHeader) return `a section heading (${quote(other[0], 40)})`;
    }
    return `no part number (${quote(other.join(' | '), 50)})`;
  };

  const divisor = headerRow === null || mapping.quantity === undefined ? 1 : builtBoardsAbove(cells, headerRow, dataRows, mapping.quantity);
  if (divisor > 1) {
    warnings.push({
      row: null,
      code: 'quantity-read',
      message: `The quantities are for ${divisor.toLocaleString('en-US')} boards ("Board Qty" above the header); each was divided by ${divisor.toLocaleString('en-US')} to give the quantity per board.`,
    });
  }

  let tableEnd = lastRow;
  let blankBefore = false;
  let seenRow = false;
  // The line the row just above stands for (a line, or an alternate under one): production BOMs list second
  // sources as rows with a maker and part number only, right under the line they may replace. A row that has a
  // description of its own, or names no maker, is a line missing its quantity instead.
  let above: LineAbove | null = null;
  for (let r = dataStart; r <= lastRow; r++) {
    const row = cells[r] ?? [];
    // Blank rows are no lines: they cost one test each and leave nothing behind.
    if (isBlankRow(row)) {
      blankBefore = seenRow;
      above = null;
      continue;
    }
    const lineAbove: LineAbove | null = above;
    above = null;
    if (blankBefore) {
      blankBefore = false;
      const footer = footerBlock(cells, r, lastRow, looksLikeLine);
      if (footer) {
        tableEnd = r - 1;
        while (tableEnd > dataStart && isBlankRow(cells[tableEnd])) tableEnd--;
        const first = cellText((cells[r] ?? []).find((c) => cellText(c) !== ''));
        warnings.push({
          row: r,
          code: 'footer',
          message: `${label(r)} to ${label(lastRow).toLowerCase()} come after the table (${quote(first, 40)}…) and were not read as lines.`,
        });
        break;
      }
    }
    seenRow = true;
    if (repeatedHeader !== null && headerKey(row) === repeatedHeader) {
      skip(r, 'no-part-number', 'repeats the header row');
      continue;
    }
    const partNumberRaw = cellText(at(row, 'partNumber'));
    const partNumber = partNumberText(at(row, 'partNumber'));
    const manufacturer = cellText(at(row, 'manufacturer'));
    const description = cellText(at(row, 'description'));
    const designatorText = cellText(at(row, 'designators'));
    let quantity: QuantityParse = mapping.quantity === undefined ? { kind: 'empty' } : parseQuantity(at(row, 'quantity'));
    if (divisor > 1 && quantity.kind === 'ok') quantity = { ...quantity, value: quantity.value / divisor };

    const dnpCell = at(row, 'dnp');
    let dnp: string | null = null;
    const dnpMarked =
      mapping.dnp !== undefined && (dnpKind === 'populate' ? isNotPopulated(dnpCell) : dnpKind === 'marks' ? isDnpColumnWord(dnpCell) : isDnpFlag(dnpCell));
    if (dnpMarked) dnp = `${dnpKind === 'populate' ? 'populate' : 'DNP'} column: ${quote(cellText(dnpCell) || String(dnpCell), 30)}`;
    else if (quantity.kind === 'dnp') dnp = `quantity ${quote(quantity.text, 30)}`;
    else if (quantity.kind === 'ok' && quantity.value === 0) dnp = 'quantity 0';
    else if (partNumber !== '' && partNumberSaysDnp(partNumberRaw)) dnp = `part number ${quote(partNumberRaw, 40)}`;
    else if (description !== '' && containsDnpMarker(description)) dnp = `description ${quote(description, 40)}`;
    else if (designatorText !== '' && containsDnpMarker(designatorText)) dnp = `designators ${quote(designatorText, 40)}`;
    if (dnp !== null) {
      skip(r, 'dnp', `not placed (${dnp})`);
      continue;
    }

    if (partNumber === '') {
      skip(r, 'no-part-number', noPartNumberDetail(r, row));
      continue;
    }
    if (PLACEHOLDER.test(partNumber)) {
      skip(r, 'no-part-number', `part number ${quote(partNumber)} is a placeholder`);
      continue;
    }
    if (valueAsPartNumber && !looksLikePartNumber(at(row, 'partNumber'))) {
      const supplier = supplierColumns.map((c) => cellText(row[c])).filter((t) => t !== '');
      skip(r, 'no-part-number', `no part number (value ${quote(partNumber, 30)} only${supplier.length > 0 ? `; ${supplier.join(', ')}` : ''})`);
      continue;
    }

    const parsed = parseDesignators(designatorText);
    let quantityPerBoard: number;
    let quantitySource: BomLine['quantitySource'];
    if (quantity.kind === 'bad') {
      skip(r, 'bad-quantity', `quantity ${quote(quantity.text, 30)} ${quantity.problem}`);
      continue;
    } else if (quantity.kind === 'ok') {
      quantityPerBoard = quantity.value;
      quantitySource = 'quantity';
      if (quantity.note) {
        warnings.push({ row: r, code: 'quantity-read', message: `${label(r)}: quantity ${quote(quantity.text, 30)} ${quantity.note}` });
      }
    } else if (parsed.list.length > 0) {
      quantityPerBoard = parsed.list.length;
      quantitySource = 'designators';
    } else if (mapping.quantity === undefined && mapping.designators === undefined) {
      quantityPerBoard = 1;
      quantitySource = 'default';
      if (!defaultQuantityWarned) {
        defaultQuantityWarned = true;
        warnings.push({ row: null, code: 'default-quantity', message: 'No quantity or designator column: each line counts as 1 per board.' });
      }
    } else if (lineAbove !== null && manufacturer !== '' && description === '') {
      skip(r, 'alternate', `alternate for ${label(lineAbove.row).toLowerCase()} (${quote(lineAbove.partNumber, 40)}): not bought`);
      above = lineAbove;
      continue;
    } else {
      skip(r, 'bad-quantity', mapping.quantity === undefined ? 'no designators to count' : 'no quantity and no designators');
      continue;
    }

    for (const e of parsed.errors) {
      warnings.push({ row: r, code: 'designators', message: `${label(r)}: designators ${quote(designatorText, 40)}: ${e}` });
    }
    if (quantitySource === 'quantity' && parsed.list.length > 0 && parsed.list.length !== quantityPerBoard) {
      const n = parsed.list.length;
      warnings.push({
        row: r,
        code: 'quantity-mismatch',
        message: `${label(r)}: quantity ${quantityPerBoard} but ${n} designator${n === 1 ? '' : 's'} (${designatorText.length > 60 ? `${designatorText.slice(0, 59)}…` : designatorText})`,
      });
    }

    above = { row: r, partNumber };
    lines.push({
      row: r,
      partNumber,
      manufacturer,
      manufacturerKey: manufacturerKey(manufacturer),
      quantityPerBoard,
      quantitySource,
      need: quantityPerBoard * boards,
      designators: parsed.list,
      description,
      lookupKey: lookupKeyOf(partNumber, manufacturer),
      supplierPartNumbers: supplierColumns.map((c) => partNumberText(row[c])).filter((t) => t !== ''),
      pinnedOffer: cellText(at(row, 'offer')).trim(),
    });
  }

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

  return { headerRow, headers, mapping, mappingSource, inferredFields, lines, skipped, warnings, tableEnd, supplierColumns };
}
