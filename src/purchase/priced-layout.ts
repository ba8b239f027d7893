/**
 * The priced-BOM output layout, defined once for the task pane (Excel) and the CLI (CSV/XLSX).
 *
 * Formula safety. Text from the service (descriptions, names, availability) must never become a formula in
 * the user's sheet or in a file they open. A text starting with '=', '+', '-', '@', tab or CR (or the
 * fullwidth '＝', '＋', '－', '＠' that some locales accept) is "formula-like". The mechanism, per target:
 * - 'excel' (default, for `range.values`): formula-like text gets a leading apostrophe. Excel takes a leading
 *   apostrophe as the quote prefix: the cell holds the text itself, shown without the apostrophe.
 * - 'csv': the same apostrophe prefix, the usual CSV-injection defence; spreadsheet apps show it.
 *   Quoting of separators and quotes stays with the CSV writer.
 * - 'typed': text unchanged, for writers that store typed string cells (an XLSX writer setting a string cell
 *   never makes a formula, and an apostrophe there would show).
 * Absent values are '' for 'excel' (Excel's `range.values` treats null as "leave this cell as it is", and a
 * result column must not keep a stale value) and for 'csv'; null for 'typed'.
 * Dates are Excel serial numbers in local time for 'excel' and 'typed' (the column's number format shows
 * them), and "yyyy-mm-dd hh:mm" local text for 'csv'.
 */
import type { LinePlanRecord } from '../plan/record';
import { groupedCount } from '../text/plural';
import type { SkippedLine, SkipReason } from '../bom/read';

export type ColumnKind = 'text' | 'integer' | 'money' | 'date';

export interface OutputColumn<K extends string = string> {
  key: K;
  header: string;
  kind: ColumnKind;
  /** Excel number format for the column ('@' is Excel's text format). */
  numberFormat: string;
  /** Suggested column width in characters. */
  width: number;
}

/**
 * 'priced': the plan buys the line's need; 'short': the offers' stock falls short of it (what is there is bought,
 * the shortfall and lead time are said).
 */
export type PricedStatus = 'priced' | 'short' | 'not found' | 'ambiguous' | 'no price' | 'skipped';

export const PRICED_STATUSES: readonly PricedStatus[] = [
  'priced',
  'short',
  'not found',
  'ambiguous',
  'no price',
  'skipped',
];

/** One source's part of what a line costs. */
export interface SourceCost {
  source: string;
  extended: number;
}

/** One BOM line as priced: what the task pane writes beside the BOM and the CLI writes to a file. */
export interface PricedLine {
  status: PricedStatus;
  /** Why, in a buyer's words ('not placed (DNP column: "X")', '3 candidates: …'); '' when nothing to add. */
  statusReason: string;
  /** 0-based index of the BOM row this line came from, when known; not written. */
  row?: number | null;
  matchedPart: string | null;
  manufacturer: string | null;
  description: string | null;
  /** The part's lifecycle as the service gives it (Active, NRND, Obsolete…). */
  lifecycle?: string | null;
  /** What the BOM asks for: quantity per board × boards. */
  need: number | null;
  /** What is bought for this line: its need plus overage, less any shortfall. */
  share?: number | null;
  /** What is bought of the part for every line that uses it (the order quantity). */
  orderQty: number | null;
  /** Unit price in `currency` (the user's); the average paid when the part is split across offers. */
  unitPrice: number | null;
  /** This line's part of what is paid, in `currency`: the lines' amounts add up to the total. */
  extended: number | null;
  /** The user's currency, every amount of the plan is in. */
  currency: string | null;
  /** The offer's own unit price and currency, when the part is bought from one offer. */
  offerPrice?: number | null;
  offerCurrency?: string | null;
  /** Stock of the offer bought from (of the offers, when split). */
  stock: number | null;
  /** Stock across all offers of the part, each counted once. */
  stockAll?: number | null;
  availability: string | null;
  leadTimeWeeks: number | null;
  moq: number | null;
  pack: number | null;
  /** The offer's source (name or code). */
  source: string | null;
  /**
   * The country of origin of the offer bought from (of each offer bought, joined as Source joins them, when split);
   * "Unknown" for an offer that does not say.
   */
  countryOfOrigin?: string | null;
  /** The source-part id that checkout takes as an item id. */
  itemId: string | null;
  /** When the price was read: a Date or an ISO 8601 string. */
  asOf: Date | string | null;
  /** Not written: this line's part of the cost of spares (bought beyond the need), in `currency`. */
  spareCost?: number | null;
  /**
   * Not written as a column: the line's spares cost more than the overbuy threshold (src/plan/overbuy.ts). Its
   * Status reads "priced: overbuy: …" with what the spares cost, the sheet gives it the overbuy fill, and the
   * summary counts it.
   */
  overbuy?: boolean;
  /** Not written: this line's cost per source, in `currency` (several when the part is split). */
  sourceCosts?: SourceCost[];
  /**
   * Not written as a column: the line's plan as a record (the items bought and why the quantity differs from the
   * need), kept beside the results so the order review reads it instead of the Status cell's notes.
   */
  plan?: LinePlanRecord | null;
  /**
   * The line's values are from an earlier run that could not be renewed (its lookup failed, or the BOM changed
   * since): why. The Status cell then reads "stale: <why>" and gets the stale colour, until the line is priced again.
   */
  stale?: string | null;
  /** A skipped row's reason as the reader gives it (a line not placed, no part, not a purchase…); not written. */
  skipReason?: SkipReason;
}

/**
 * How the command line's table shows a priced column, when it shows it: the table is narrower than a sheet, so it has
 * short headers and leaves some columns out. Numbers are aligned right.
 */
export interface TerminalColumn {
  header: string;
  /** The widest a cell is shown; longer text is cut. */
  max: number;
  /** The line's text, when it is not the column's value as its kind writes it (a number with its unit…). */
  text?: (line: PricedLine) => string;
}

/** A priced column: written to the sheet and the files, and, with `terminal`, shown in the command line's table. */
export interface PricedColumn<K extends keyof PricedLine = keyof PricedLine> extends OutputColumn<K> {
  terminal?: TerminalColumn;
}

const TEXT = '@';
const INTEGER = '#,##0';
const DATE = 'yyyy-mm-dd hh:mm';

/** A priced column of `key`'s field, shown in the command line's table when `terminal` is given. */
function column<K extends keyof PricedLine>(
  key: K,
  header: string,
  kind: ColumnKind,
  numberFormat: string,
  width: number,
  terminal?: TerminalColumn,
): PricedColumn<K> {
  return { key, header, kind, numberFormat, width, ...(terminal ? { terminal } : {}) };
}

/**
 * The priced columns, in the order every output writes them: the pane's block beside the BOM, the CSV and XLSX of
 * `partsheet price --out`, the command line's table (the columns with `terminal`). A column is declared here once,
 * for a field of PricedLine of the same key (--json writes the lines' fields).
 */
const COLUMNS = [
  column('status', 'Status', 'text', TEXT, 64, { header: 'Status', max: 10, text: (l) => l.status }),
  column('matchedPart', 'Matched part', 'text', TEXT, 22, { header: 'Matched part', max: 24 }),
  column('manufacturer', 'Manufacturer', 'text', TEXT, 20, { header: 'Manufacturer', max: 20 }),
  column('description', 'Description', 'text', TEXT, 40),
  column('lifecycle', 'Lifecycle', 'text', TEXT, 10, { header: 'Life', max: 8 }),
  column('need', 'Need', 'integer', INTEGER, 9, { header: 'Need', max: 10 }),
  column('share', 'Buy for line', 'integer', INTEGER, 10, { header: 'Buy', max: 10 }),
  column('orderQty', 'Order qty', 'integer', INTEGER, 10, { header: 'Order', max: 10 }),
  column('unitPrice', 'Unit price', 'money', '0.00000', 11, { header: 'Unit', max: 12 }),
  column('extended', 'Extended', 'money', '#,##0.00', 12, { header: 'Extended', max: 14 }),
  column('currency', 'Currency', 'text', TEXT, 9, { header: 'Cur', max: 4 }),
  // The offer's own price shows in the table only when it was converted, with its currency.
  column('offerPrice', 'Offer price', 'money', '0.00000', 11, { header: 'Offer', max: 16, text: convertedOfferText }),
  column('offerCurrency', 'Offer currency', 'text', TEXT, 9),
  column('stock', 'Stock', 'integer', INTEGER, 10, { header: 'Stock', max: 12 }),
  column('stockAll', 'Stock (all sources)', 'integer', INTEGER, 12),
  column('availability', 'Availability', 'text', TEXT, 24),
  column('leadTimeWeeks', 'Lead time (weeks)', 'integer', INTEGER, 10, { header: 'Lead', max: 6, text: weeksText }),
  column('moq', 'MOQ', 'integer', INTEGER, 8),
  column('pack', 'Pack', 'integer', INTEGER, 8),
  column('source', 'Source', 'text', TEXT, 16),
  column('countryOfOrigin', 'Country of origin', 'text', TEXT, 12, { header: 'Origin', max: 16 }),
  column('itemId', 'Item id', 'text', TEXT, 16, { header: 'Item id', max: 20 }),
  column('asOf', 'As of', 'date', DATE, 17),
] as const;

/**
 * An offer's country of origin as every output says it: the country the offer states, "Unknown" when it does not.
 * A priced line and a purchase-list row that buy from several offers join theirs with " + ", in the order of Source.
 */
export function offerOrigin(offer: { countryOfOrigin?: string | null }): string {
  return offer.countryOfOrigin ?? 'Unknown';
}

/** The key of a priced column: the field of PricedLine it writes. */
export type PricedColumnKey = (typeof COLUMNS)[number]['key'];

export const PRICED_BOM_COLUMNS: readonly PricedColumn<PricedColumnKey>[] = COLUMNS;

/** The header texts, in order. */
export const PRICED_BOM_HEADERS: readonly string[] = PRICED_BOM_COLUMNS.map((c) => c.header);

/** One row of the "Price breaks" sheet: a tier of the offer chosen for a BOM line. */
export interface PriceBreakRow {
  /** The sheet or file row number of the BOM line (as the user sees it). */
  lineRow: number | null;
  part: string | null;
  manufacturer: string | null;
  source: string | null;
  itemId: string | null;
  currency: string | null;
  minQty: number | null;
  /** `Infinity` (open-ended last tier) is written empty. */
  maxQty: number | null;
  unitPrice: number | null;
}

export type PriceBreakColumnKey = keyof PriceBreakRow;

export const PRICE_BREAK_COLUMNS: readonly OutputColumn<PriceBreakColumnKey>[] = [
  { key: 'lineRow', header: 'Line row', kind: 'integer', numberFormat: '0', width: 9 },
  { key: 'part', header: 'Part', kind: 'text', numberFormat: TEXT, width: 22 },
  { key: 'manufacturer', header: 'Manufacturer', kind: 'text', numberFormat: TEXT, width: 20 },
  { key: 'source', header: 'Source', kind: 'text', numberFormat: TEXT, width: 16 },
  { key: 'itemId', header: 'Item id', kind: 'text', numberFormat: TEXT, width: 16 },
  { key: 'currency', header: 'Currency', kind: 'text', numberFormat: TEXT, width: 9 },
  { key: 'minQty', header: 'Min qty', kind: 'integer', numberFormat: INTEGER, width: 10 },
  { key: 'maxQty', header: 'Max qty', kind: 'integer', numberFormat: INTEGER, width: 10 },
  { key: 'unitPrice', header: 'Unit price', kind: 'money', numberFormat: '0.00000', width: 11 },
];

export type CellTarget = 'excel' | 'csv' | 'typed';
export type OutputCell = string | number | null;

/** Excel refuses cell text longer than this. */
export const EXCEL_MAX_TEXT = 32_767;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Whether a spreadsheet could take this text for a formula. */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text);
}

/** Text for a CSV field: formula-like text gets a leading apostrophe. Quoting is the CSV writer's job. */
export function escapeForCsv(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}

/**
 * Service text made safe for a sheet cell written through `range.values` (and for CSV): formula-like text
 * gets a leading apostrophe, and text longer than a cell holds is cut with '…'. null and undefined become ''.
 */
export function safeText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (text.length > EXCEL_MAX_TEXT - 1) text = `${text.slice(0, EXCEL_MAX_TEXT - 2)}…`;
  return escapeForCsv(text);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date as an Excel serial number (days since 1899-12-30) in local time. */
export function excelSerial(date: Date): number {
  const local = Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
  return (local - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** A date as "yyyy-mm-dd hh:mm" in local time. */
export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())} ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

function cellFor(kind: ColumnKind, value: unknown, target: CellTarget): OutputCell {
  const empty = target === 'typed' ? null : '';
  if (value === null || value === undefined) return empty;
  switch (kind) {
    case 'text': {
      const text = String(value);
      if (text === '') return empty;
      return target === 'typed' ? text.slice(0, EXCEL_MAX_TEXT) : safeText(text);
    }
    case 'integer':
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? value : empty;
    case 'date': {
      const date =
        value instanceof Date || typeof value === 'string' || typeof value === 'number' ? toDate(value) : null;
      if (date === null) return typeof value === 'string' ? cellFor('text', value, target) : empty;
      return target === 'csv' ? formatDateTime(date) : excelSerial(date);
    }
  }
}

/** One offer of a part bought from several: its item id and how many. */
export interface SplitItem {
  itemId: string;
  qty: number;
}

const SPLIT_ENTRY = /^(.+?)\s*×\s*([\d,]+)$/;

/** The Item id cell of a part split across offers: "65130988 × 3000 + V36:1790_07275150 × 2000". */
export function splitItemText(items: readonly SplitItem[]): string {
  return items.map((i) => `${i.itemId} × ${i.qty}`).join(' + ');
}

/** The offers an Item id cell names with their quantities, when it is a split; null for a single item id. */
export function parseSplitItems(text: string): SplitItem[] | null {
  const entries = text.split(/\s+\+\s+/);
  if (entries.length < 2 || !entries.every((e) => SPLIT_ENTRY.test(e))) return null;
  return entries.map((e) => {
    const [, itemId, qty] = SPLIT_ENTRY.exec(e)!;
    return { itemId: itemId.trim(), qty: Number(qty.replace(/,/g, '')) };
  });
}

/** The Status cell: the status, and the reason after a colon when there is one; "stale: <why>" for a stale line. */
/** The word a line's Status cell begins with: its status, or "stale" when its values are an earlier run's. */
export function statusWord(line: Pick<PricedLine, 'status' | 'stale'>): PricedStatus | 'stale' {
  return line.stale ? 'stale' : line.status;
}

export function statusText(line: Pick<PricedLine, 'status' | 'statusReason' | 'stale'>): string {
  if (statusWord(line) === 'stale') return `stale: ${(line.stale ?? '').trim()}`;
  const reason = line.statusReason.trim();
  return reason === '' ? line.status : `${line.status}: ${reason}`;
}

/** The cells of one priced line, in PRICED_BOM_COLUMNS order. */
export function pricedRow(line: PricedLine, options: { target?: CellTarget } = {}): OutputCell[] {
  const target = options.target ?? 'excel';
  return PRICED_BOM_COLUMNS.map((column) => {
    const value = column.key === 'status' ? statusText(line) : line[column.key];
    return cellFor(column.kind, value, target);
  });
}

/** A lead time in weeks, as the table shows it ("6 wk"). */
function weeksText(line: PricedLine): string {
  return line.leadTimeWeeks === null ? '' : `${line.leadTimeWeeks} wk`;
}

/** The offer's own price and currency, when the line's price was converted from it; '' otherwise. */
function convertedOfferText(line: PricedLine): string {
  const { offerPrice, offerCurrency } = line;
  if (offerPrice === null || offerPrice === undefined || offerCurrency === line.currency) return '';
  return `${terminalNumber(offerPrice, 'money', '0.00000')} ${offerCurrency ?? ''}`;
}

/** A number as the command line's table shows it: grouped, amounts with at least two decimals and the column's most. */
function terminalNumber(value: number, kind: ColumnKind, numberFormat: string): string {
  if (kind !== 'money') return groupedCount(value);
  const decimals = /\.(0+)/.exec(numberFormat)?.[1].length ?? 2;
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: decimals });
}

/** A line's text in a column of the command line's table ('' where it has no value). */
export function terminalText(column: PricedColumn, line: PricedLine): string {
  if (column.terminal?.text) return column.terminal.text(line);
  const value = line[column.key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && (column.kind === 'integer' || column.kind === 'money'))
    return terminalNumber(value, column.kind, column.numberFormat);
  if (value instanceof Date) return formatDateTime(value);
  return String(value);
}

/** The cells of one "Price breaks" row, in PRICE_BREAK_COLUMNS order. */
export function priceBreakRow(row: PriceBreakRow, options: { target?: CellTarget } = {}): OutputCell[] {
  const target = options.target ?? 'excel';
  return PRICE_BREAK_COLUMNS.map((column) => cellFor(column.kind, row[column.key], target));
}

/** The fields of a priced line that are its result: every column's but the Status and the need, which every line has. */
export type ResultKey = Exclude<PricedColumnKey, 'status' | 'need'>;

/** Every result field of a priced line empty: the start of a line that has no price (yet), skipped or not found. */
export const NO_RESULT: { readonly [K in ResultKey]: null } = Object.freeze(
  Object.fromEntries(
    PRICED_BOM_COLUMNS.filter((c) => c.key !== 'status' && c.key !== 'need').map((c) => [c.key, null]),
  ) as { [K in ResultKey]: null },
);

export function skippedPricedLine(skip: SkippedLine, need: number | null = null): PricedLine {
  return { ...NO_RESULT, status: 'skipped', statusReason: skip.detail, row: skip.row, need, skipReason: skip.reason };
}
