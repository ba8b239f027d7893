/**
 * Phases 1 and 3 of reading a BOM: where the table is (its extent, its header row, a footer block below it), the
 * options checked, title rows above a table with no header, and the answers when no part-number column is found.
 */
import { BomError } from './errors';
import {
  BOM_FIELDS,
  type ColumnMapping,
  detectHeaderRow,
  isGenericHeaderRow,
  looksLikeHeaderRow,
  looksLikePartNumber,
  matchHeader,
} from './header';
import { TOTAL_WORDS } from './row-quantity';
import { sectionGoesOn } from './section-gap';
import { readSeparatedNumber } from './quantity';
import { type BomWarning, FIELD_WORDS, type ReadBomOptions, quote, rowRange } from './read-result';
import { type Cell, type CellGrid, cellText, columnName, filledCount, isBlankRow, isRuleRow } from '../text/normalize';

export function checkOptions(cells: CellGrid, options: ReadBomOptions, width: number): void {
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

/**
 * A row's words in the mapped and distributor columns, lower-cased: a row repeating the header has the header's.
 * Null when they are all blank (a header that maps nothing is repeated by no row).
 */
export function headerWords(
  row: readonly Cell[],
  mapping: ColumnMapping,
  supplierColumns: readonly number[],
): string | null {
  const words = [...BOM_FIELDS.map((f) => mapping[f]), ...supplierColumns].map((c) =>
    c === undefined ? '' : cellText(row[c]).toLowerCase(),
  );
  return words.some((t) => t !== '') ? words.join('\u0000') : null;
}

/**
 * Whether row `r` is the header of another section of the same list written as a table of its own (a Markdown page of
 * one table per kind of part: "Qtde | Valor", then "Qtde | Valor | Tipo | Obs", then "Qtde | Tipo"): a row of names
 * alone, no figure in it, with a table's rule under it, naming the quantity column as the table's header does and
 * every other column read by the header as it does, or leaving it blank; a column the header's name does not tie to
 * what it is read as (the part number found by its content under "Valor") may be named otherwise ("Tipo"). A table of
 * alternates or tools ("Qty | Part Number | Replaces" under "Qty | Part Number | Description") is no section of it.
 */
export function sectionHeaderAt(cells: CellGrid, r: number, header: readonly Cell[], mapping: ColumnMapping): boolean {
  const q = mapping.quantity;
  if (q === undefined) return false;
  const row = cells[r] ?? [];
  const word = (cell: Cell): string => cellText(cell).trim().toLowerCase();
  if (word(header[q]) === '' || word(row[q]) !== word(header[q])) return false;
  if (row.some((c) => typeof c === 'number' || /\d/.test(cellText(c)))) return false;
  for (const field of BOM_FIELDS) {
    const c = mapping[field];
    if (c === undefined || word(row[c]) === '' || word(row[c]) === word(header[c])) continue;
    if (matchHeader(word(header[c]))?.field === field || matchHeader(word(row[c]))?.field === field) return false;
  }
  let next = r + 1;
  while (next < cells.length && isBlankRow(cells[next])) next++;
  return isRuleRow(cells[next]);
}

/** Where a row stands as the table's rows are read: what `tableEndsAt` asks of the reader. */
export interface RowPlace {
  dataStart: number;
  lastRow: number;
  /** A blank run lies between the rows read and this one. */
  blankBefore: boolean;
  /** A line (priced, listed or not fitted) was read above. */
  lineRead: boolean;
  /**
   * The list began under a heading ending in a colon, before its first line ("Surface Mount Components:"): a list kept
   * in sections, whose later headings may be long or hold a number ("Cable for Iridium 9603N:"). Set by tableEndsAt.
   */
  sectioned: boolean;
  header: readonly Cell[];
  /** The header was written again above (a section's: "Electronics | Qty. | Notes"): the list is kept in sections. */
  headerAgain: boolean;
  quantityColumn: number | undefined;
  isHeader: (row: readonly Cell[], r: number) => boolean;
  looksLikeLine: (row: readonly Cell[]) => boolean;
}

/**
 * Whether the table ends at row `r`: a footer after a blank run, what follows a grand total, a copy under the header
 * again; not where the table goes on in sections under its header again. Before any line, a row of a label and its
 * value ("Date: | 2023-09-07", an export's notes kept under a header moved above them) is no footer; in a list kept
 * in sections, neither is the row right under a section's heading.
 */
export function tableEndsAt(cells: CellGrid, r: number, place: RowPlace): boolean {
  if (!place.lineRead && colonHeading(cells[r], true)) place.sectioned = true;
  const { dataStart, lastRow, sectioned } = place;
  const footer =
    (place.blankBefore &&
      !(!place.lineRead && labelOf(cells[r]) !== null) &&
      !(sectioned && colonHeading(cells[lastRowAbove(cells, r, dataStart)], true)) &&
      footerBlock(cells, r, lastRow, place.looksLikeLine, sectioned)) ||
    grandTotalAbove(cells, r, dataStart) ||
    copyOfListAt(cells, r, dataStart, place.header);
  if (!footer || sectionFollows(cells, r, dataStart, place.isHeader, place.quantityColumn)) {
    // A colon heading within the list, a line right under it ("Inductors:"), says it is kept in sections.
    if (place.lineRead && colonHeading(cells[r], true)) place.sectioned ||= place.looksLikeLine(cells[r + 1] ?? []);
    return false;
  }
  // A list kept in sections goes on past a gap and things with no count where its header is written again below.
  return !(place.blankBefore && place.headerAgain && sectionGoesOn(cells, r, lastRow, FOOTER_LOOK, place, isTotalCell));
}

/** A cell of a total's words alone ("Total", "Summe"). */
const isTotalCell = (c: Cell): boolean => typeof c === 'string' && c.length <= 24 && GRAND_TOTAL.test(c.trim());

/** The last row of a table that ends at row `r`: the row above it, blank rows passed over. */
export function lastRowAbove(cells: CellGrid, r: number, dataStart: number): number {
  let end = r - 1;
  while (end > dataStart && isBlankRow(cells[end])) end--;
  return end;
}

/** The warning of a table that ends at row `r`, before the grid's last row: the rows after it were not read. */
export function footerWarning(cells: CellGrid, r: number, lastRow: number, label: (r: number) => string): BomWarning {
  const first = cellText((cells[r] ?? []).find((c) => cellText(c) !== ''));
  return {
    row: r,
    code: 'footer',
    message: `${label(r)} to ${label(lastRow).toLowerCase()} come after the table (${quote(first, 40)}…) and were not read as lines.`,
  };
}

/** A heading alone on its row that ends in a colon ("Cable for the modem:"), a section's one where `sectioned`. */
function colonHeading(row: readonly Cell[] | undefined, sectioned: boolean): boolean {
  return isHeadingRow(row, sectioned) && /:$/.test(cellText((row ?? []).find((c) => cellText(c) !== '')));
}

/** The label of a statistic or a fact of the export a tool writes under its list ("Total components:", "BoM Date:"). */
const STATISTIC =
  /\b(?:version|date|source|tool|generator|components?|groups?|count|total|revision|author|project|schematic|file)\b/i;

/** The label of a row of a short label ending in a colon and at most one value beside it ("Date: | 2023-09-07"). */
function labelOf(row: readonly Cell[] | undefined): string | null {
  const texts = (row ?? []).map((c) => cellText(c)).filter((t) => t !== '');
  return texts.length >= 1 && texts.length <= 2 && texts[0].length <= 30 && /\S:$/.test(texts[0]) ? texts[0] : null;
}

/** How many rows a footer block is looked at for a line before it is called a footer. */
const FOOTER_LOOK = 50;

/**
 * Whether the rows from `start` (just after a blank run) are a footer: totals, currency rates, notes. It is a
 * footer when none of its first rows up to the next blank row looks like a BOM line, and it is not a heading of a
 * word or two on a row of its own ("非常停止", "Mechanical") over a block of lines after the next blank run, or in a
 * list kept in sections (`sectioned`) a heading of its own over lines within a few rows.
 */
export function footerBlock(
  cells: CellGrid,
  start: number,
  lastRow: number,
  looksLikeLine: (row: readonly Cell[]) => boolean,
  sectioned = false,
): boolean {
  let r = start;
  for (let n = 0; r <= lastRow && n < FOOTER_LOOK; r++, n++) {
    const row = cells[r];
    if (isBlankRow(row)) break;
    // A tool's statistic and its value ("Schematic Version: | 0.6a", KiBoM's) is no line, whatever the value is.
    if (!STATISTIC.test(labelOf(row) ?? '') && looksLikeLine(row ?? [])) return false;
  }
  if (r - start > 2 || !cells.slice(start, r).every((row) => isHeadingRow(row, sectioned))) return true;
  while (r <= lastRow && isBlankRow(cells[r])) r++;
  // The first row after the blank run, near it; in a list kept in sections, a line within its next few rows, past a
  // section of a shop's code alone and another heading ("Mounting hardware:" over "SCREWS_x2 | 90116A010", then
  // "Cable:" over a line).
  const looked = sectioned ? 6 : r - start <= 6 ? 1 : 0;
  for (let filled = 0; r <= lastRow && filled < looked; r++) {
    if (isBlankRow(cells[r])) continue;
    if (looksLikeLine(cells[r] ?? [])) return false;
    filled++;
  }
  return true;
}

/** Rows holding something that may sit between a section's end and the header over the next one. */
const SECTION_GAP = 6;

/**
 * Whether the rows from `start` (what looks like a footer) lead, within a few rows (the section's total and shipping,
 * the next one's heading: a shop's name), to the table's header again over rows of their own: a list kept in
 * sections, one per shop, goes on (a Markdown page's tables too, their rules passed over). Not when the rows under it
 * begin as the table's do (a copy of the list: its first thing and count), nor when
 * one of the two is counted and the other not (KiCad's components one by one, then collated with their counts).
 */
export function sectionFollows(
  cells: CellGrid,
  start: number,
  dataStart: number,
  isHeader: (row: readonly Cell[], r: number) => boolean,
  quantityColumn: number | undefined,
): boolean {
  const counted = (row: readonly Cell[]): boolean =>
    quantityColumn !== undefined && cellText(row[quantityColumn]) !== '';
  for (let r = start, filled = 0; r < cells.length && filled <= SECTION_GAP; r++) {
    if (isBlankRow(cells[r])) continue;
    if (isHeader(cells[r] ?? [], r)) {
      const [first, section] = [firstRowUnder(cells, dataStart), firstRowUnder(cells, r + 1)];
      return leadTexts(first) !== leadTexts(section) && counted(first) === counted(section);
    }
    filled++;
  }
  return false;
}

/** The first row from `r` on that holds anything and is no table rule. */
function firstRowUnder(cells: CellGrid, r: number): readonly Cell[] {
  return cells.slice(r).find((x) => !isBlankRow(x) && !isRuleRow(x)) ?? [];
}

/** A copy of the list begins as the list does: its first thing and count, whatever notes follow them. */
function leadTexts(row: readonly Cell[]): string {
  return JSON.stringify(
    row
      .map((c) => cellText(c).trim())
      .filter((t) => t !== '')
      .slice(0, 2),
  );
}

/**
 * Whether row `r` is the header written again, cell for cell, over a copy of the list (an export that wrote its
 * table twice, one under the other): the rows under it begin as the list's first row does. The copy is not bought
 * again. Asked of every row read: the header's first cell is compared first.
 */
export function copyOfListAt(cells: CellGrid, r: number, dataStart: number, header: readonly Cell[]): boolean {
  const row = cells[r] ?? [];
  const raw = (c: Cell): string => (c === null || c === undefined ? '' : String(c).trim().toLowerCase());
  if (r <= dataStart || header.length === 0 || raw(row[0]) !== raw(header[0])) return false;
  const same = (i: number): boolean =>
    cellText(row[i]).trim().toLowerCase() === cellText(header[i]).trim().toLowerCase();
  const first = firstRowUnder(cells, dataStart);
  return (
    header.every((_, i) => same(i)) && first.length > 0 && leadTexts(first) === leadTexts(firstRowUnder(cells, r + 1))
  );
}

/**
 * A figure as a cell holds it: a number, or a number written with a currency sign and its separators ("$2,248.09",
 * "1.234,50 €", "12,50 €"), its separators read as a quantity's are (readSeparatedNumber).
 */
export function figureOf(cell: Cell): number | null {
  if (typeof cell === 'number') return cell;
  const m = /^\s*[$€£¥]?\s*(-?)([\d.,]*\d)\s*(?:[$€£¥]|EUR|USD)?\s*$/i.exec(cellText(cell));
  const read = m === null ? null : readSeparatedNumber(m[2]);
  return read === null ? null : m?.[1] === '-' ? -read.value : read.value;
}

/** A grand total's words alone: "Total", "Grand total:", "Total cost", "Summe", "Итого", "合计"; never a subtotal. */
export const GRAND_TOTAL =
  /^(?:(?:grand\s+)?total(?:\s+(?:price|cost|amount|sum))?|gesamt(?:summe|preis)?|summe|somme|suma|totale|итого|合计|合計|总计|総計)\s*:?$/i;

/**
 * Whether the last row above `r` that holds anything is the list's grand total: the total's words alone beside
 * figures, each the sum of its column over every row from the list's first (three figures or more); no total below
 * it; and no row below it with a figure in those columns (what follows adds nothing to the total: to-dos,
 * candidates, "REMOVE"). A section's total ("Total for …", "Subtotal"), or a first section's total over rows that go
 * on counting, is none.
 */
export function grandTotalAbove(cells: CellGrid, r: number, dataStart: number): boolean {
  // Asked of every row read: the rows above are looked at for the label, a short text cell, before anything else.
  let t = r - 1;
  for (; t > dataStart; t--) {
    const above = cells[t] ?? [];
    if (above.some(isTotalCell)) break;
    if (above.some((c) => c !== null && c !== undefined && String(c).trim() !== '')) return false;
  }
  const row = cells[t] ?? [];
  if (t <= dataStart + 2) return false;
  const texts = row.filter((c) => cellText(c) !== '' && figureOf(c) === null);
  if (texts.length !== 1) return false;
  const figures = row.flatMap((c, i) => (figureOf(c) === null ? [] : [i]));
  const below = cells.slice(r);
  if (figures.length === 0 || below.some((x) => (x ?? []).some((c) => typeof c === 'string' && TOTAL_WORDS.test(c))))
    return false;
  if (below.some((x) => figures.some((c) => figureOf(x?.[c] ?? null) !== null))) return false;
  return figures.every((c) => {
    const above = cells.slice(dataStart, t).flatMap((x) => {
      const v = figureOf(x?.[c] ?? null);
      return v === null ? [] : [v];
    });
    const sum = above.reduce((a, b) => a + b, 0);
    return above.length >= 3 && Math.abs(sum - (figureOf(row[c]) ?? NaN)) <= 0.005 * Math.max(1, Math.abs(sum));
  });
}

/** A row of one short text and nothing else, no figure in it: a heading or a reminder between blocks. */
function isHeadingRow(row: readonly Cell[] | undefined, sectioned = false): boolean {
  const texts = (row ?? []).map((c) => cellText(c)).filter((t) => t !== '');
  if (texts.length !== 1) return false;
  // In a list kept in sections, a heading that ends in a colon may be longer or hold a number ("Fiducials - for
  // solder paste mask alignment:", "Cable for Iridium 9603N:"); no other has a digit ("Total 12", "Order for 10:").
  if (sectioned && /\S:$/.test(texts[0])) return texts[0].length <= 80;
  return texts[0].length <= 40 && !/\d/.test(texts[0]);
}

/** How many rows that hold something the column checks below look at, however long the BOM. */
export const SAMPLE_ROWS = 200;

/** The first `n` rows that hold something. */
export function filledRows(rows: CellGrid, n: number): CellGrid {
  const out: (readonly Cell[])[] = [];
  for (const row of rows) {
    if (out.length >= n) break;
    if (!isBlankRow(row)) out.push(row);
  }
  return out;
}

export function headersSeen(cells: CellGrid, headerRow: number | null, maxScan: number): string[] {
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

export function noPartNumberColumn(headers: string[]): BomError {
  const fix = 'Name the part-number column "MPN" or "Manufacturer Part Number", or choose it in the column mapping.';
  const message =
    headers.length > 0
      ? `No part-number column found; headers seen: ${headers.map((h) => quote(h, 40)).join(', ')}. ${fix}`
      : `No part-number column found: no header row was recognised and no column holds part numbers. ${fix}`;
  return new BomError('no-part-number-column', message, { headers });
}

/** Where the table is in the cells: its last row with content, its header row (or none) and its first data row. */
export interface TableBounds {
  lastRow: number;
  headerRow: number | null;
  dataStart: number;
  /** Rows above the header row that complete it (a header over several rows). */
  headerAbove: number;
}

/** Phase 1: the table's extent and header row, the one given or the one detected. Throws when the cells are empty. */
export function findTable(cells: CellGrid, options: ReadBomOptions, maxScan: number): TableBounds {
  let lastRow = cells.length - 1;
  while (lastRow >= 0 && isBlankRow(cells[lastRow])) lastRow--;
  if (lastRow < 0) throw new BomError('empty', 'The BOM is empty: no cell holds text or a number.');

  let headerRow: number | null;
  let headerAbove = 0;
  if (options.headerRow !== undefined) {
    headerRow = options.headerRow;
  } else {
    const detected = detectHeaderRow(cells, { maxScan });
    headerRow = detected.row;
    headerAbove = detected.rowsAbove;
    if (headerRow === null) {
      let first = 0;
      while (first <= lastRow && isBlankRow(cells[first])) first++;
      const headerLike = (r: number): boolean =>
        isGenericHeaderRow(cells[r]) || looksLikeHeaderRow(cells[r], cells.slice(r + 1, r + 12));
      if (headerLike(first)) headerRow = first;
      else {
        // A title block of lines of one or two cells over the header (EAGLE's "Partlist", "Exported from …"; a
        // shop's name and its address over a cost list's table).
        let under = first;
        while (under <= Math.min(lastRow, maxScan) && (isBlankRow(cells[under]) || filledCount(cells[under]) <= 2))
          under++;
        if (under > first && under <= lastRow && filledCount(cells[under]) >= 3 && headerLike(under)) headerRow = under;
      }
    }
  }
  let dataStart = headerRow === null ? 0 : headerRow + 1;
  if (headerRow === null && options.headerRow === undefined) {
    while (dataStart < lastRow && isBlankRow(cells[dataStart])) dataStart++;
  }
  return { lastRow, headerRow, dataStart, headerAbove };
}

/**
 * Phase 3, for a table with neither header nor user mapping: the short rows above the first part number are titles.
 * Returns where the lines start, with the warning that says so, or null when no row was taken as a title.
 */
export function titleRows(
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
