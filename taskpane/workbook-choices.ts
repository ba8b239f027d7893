/**
 * The choices a workbook remembers for its BOMs: the column mapping and the number of boards (or the list of them
 * compared), per sheet, in the workbook's own document settings (Office.context.document.settings). They travel with
 * the file, so whoever opens it finds the BOM mapped as it was left (taskpane/adapters/workbook-store.ts keeps them there). Credentials never
 * go here (see addin/runtime.ts).
 *
 * The mapping is kept by header text as well as by column, so a column moved or inserted before it still maps.
 */
import { BOM_FIELDS, type BomField, type ColumnMapping, type ColumnOrigin, type ColumnOrigins } from '../src/bom';
import { PRICED_BOM_COLUMNS } from '../src/purchase/priced-layout';
import { MARK_WIDTH, isFingerprintRow, type ResultsRecord, type TotalRecord } from '../src/excel/own-cells';
import { readLinePlanRecord, storedPlan } from '../src/plan/record';
import type { OrderRecord } from '../src/excel/order-record';
import type { SuggestionUsed } from '../src/purchase/price-lines';

export const WORKBOOK_CHOICES_KEY = 'partsheet.bom';
/** Where the pane last wrote priced results and their fingerprints (src/excel/own-cells.ts), for the next pane. */
export const RESULTS_RECORD_KEY = 'partsheet.results';
/**
 * The most rows of results whose record the workbook keeps: a 10,000-line BOM and its header row. A row takes 69
 * characters of fingerprints (23 columns, 3 a cell), 72 as JSON: about 720,000 characters for 10,000 lines (each
 * priced column added costs 30,000 more; test/unit/excel-own-cells.test.ts holds the record under 750,000). A larger
 * record is not kept (an earlier one is removed): a pane opened later knows the earlier results by their header row
 * alone, as before records were kept, and rows a shorter BOM leaves behind are not cleared.
 */
export const MAX_KEPT_RESULT_ROWS = 10_001;
/** The orders placed from the workbook's BOMs, by BOM line (src/excel/order-record.ts). */
export const ORDERS_RECORD_KEY = 'partsheet.orders';
/** The suggestions the buyer used, per sheet (src/purchase/price-lines.ts SuggestionUsed), so their Status says so. */
export const SUGGESTIONS_USED_KEY = 'partsheet.suggestions';
/** The most suggestions used a sheet keeps record of (the latest kept). */
export const MAX_SUGGESTIONS_USED = 2000;

export interface BomChoices {
  /** The address the BOM was last read from (`BOM!A1:F40`). */
  address: string;
  mapping: ColumnMapping;
  /** The header text of each mapped column, when the BOM has a header row. */
  headers: Partial<Record<BomField, string>>;
  boards: number;
  /** The quantities of boards compared (Boards "1, 10, 100, 1000"), sorted, `boards` among them; absent for one. */
  quantities?: number[];
  /** How each mapped column was taken (found by its header, the buyer's choice…); absent in older workbooks. */
  origins?: ColumnOrigins;
}

export interface WorkbookChoicesStore {
  load(sheet: string): BomChoices | null;
  save(sheet: string, choices: BomChoices): Promise<void>;
  /** The record of the results the pane wrote last, as kept by saveResults; null when none (or not readable). */
  loadResults(): ResultsRecord | null;
  /** Keeps `record` (null: forgets it; one over MAX_KEPT_RESULT_ROWS rows is forgotten too). */
  saveResults(record: ResultsRecord | null): Promise<void>;
  /** The orders placed from this workbook, as kept by saveOrders; [] when none. */
  loadOrders(): OrderRecord[];
  /** Keeps the orders (the caller only ever adds to them: see addOrder). */
  saveOrders(records: readonly OrderRecord[]): Promise<void>;
  /** The suggestions used on a sheet's BOM, as kept by saveSuggestionsUsed; [] when none. */
  loadSuggestionsUsed?(sheet: string): SuggestionUsed[];
  saveSuggestionsUsed?(sheet: string, used: readonly SuggestionUsed[]): Promise<void>;
}

/** A list of suggestions used read back from the workbook: what is not one is left out. */
export function asSuggestionsUsed(value: unknown): SuggestionUsed[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (v): v is SuggestionUsed =>
        v !== null &&
        typeof v === 'object' &&
        ['partNumber', 'replacement', 'note'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string'),
    )
    .map((v) => ({ partNumber: v.partNumber, replacement: v.replacement, note: v.note }))
    .slice(-MAX_SUGGESTIONS_USED);
}

/** The record as the workbook keeps it: null when there is none or it is over MAX_KEPT_RESULT_ROWS rows. */
export function keptResults(record: ResultsRecord | null): ResultsRecord | null {
  if (!record || record.cells.length > MAX_KEPT_RESULT_ROWS) return null;
  return {
    address: record.address,
    cells: [...record.cells],
    ...(record.plans ? { plans: [...record.plans] } : {}),
    ...(record.boards !== undefined ? { boards: record.boards } : {}),
    ...(record.stale ? { stale: [...record.stale] } : {}),
    ...(record.total !== undefined ? { total: record.total === null ? null : { ...record.total } } : {}),
    ...(record.breaksNote !== undefined ? { breaksNote: record.breaksNote } : {}),
  };
}

/** The record as the document settings hold it: each plan in its stored form (storedPlan: null reasons left out). */
export function storedResults(record: ResultsRecord): unknown {
  return record.plans ? { ...record, plans: record.plans.map((p) => (p ? storedPlan(p) : null)) } : record;
}

/** A record read back from the workbook, or null when it is not one (an older or damaged value is ignored). */
export function asResultsRecord(value: unknown): ResultsRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v.address !== 'string' ||
    !Array.isArray(v.cells) ||
    v.cells.length > MAX_KEPT_RESULT_ROWS ||
    !v.cells.every(isFingerprintRow)
  )
    return null;
  // The plans go with the cells, row for row; a damaged list of them is dropped (the review then reads the notes).
  const read =
    Array.isArray(v.plans) && v.plans.length === v.cells.length
      ? v.plans.map((p) => (p === null ? null : readLinePlanRecord(p)))
      : null;
  const plans = read && read.every((p, i) => p !== null || (v.plans as unknown[])[i] === null) ? read : null;
  const boards = typeof v.boards === 'number' && Number.isSafeInteger(v.boards) && v.boards > 0 ? v.boards : undefined;
  // The stale marks go with the cells, row for row ('' where a row is not marked); a damaged list is dropped.
  const stale =
    Array.isArray(v.stale) &&
    (v.stale.length === 0 || v.stale.length === v.cells.length) &&
    v.stale.every((m) => m === '' || (isFingerprintRow(m) && m.length === MARK_WIDTH))
      ? (v.stale as string[])
      : undefined;
  const total = v.total === null ? null : asTotalRecord(v.total);
  const breaksNote =
    v.breaksNote === null || (isFingerprintRow(v.breaksNote) && v.breaksNote.length === MARK_WIDTH)
      ? (v.breaksNote as string | null)
      : undefined;
  return {
    address: v.address,
    cells: v.cells,
    ...(plans ? { plans } : {}),
    ...(boards ? { boards } : {}),
    ...(stale ? { stale } : {}),
    // A damaged total is no total known: the next run looks for one by its words, as for a record without one.
    ...(total !== undefined ? { total } : {}),
    ...(breaksNote !== undefined ? { breaksNote } : {}),
  };
}

/** A total row's record read back from the workbook; undefined when it is not one. */
function asTotalRecord(value: unknown): TotalRecord | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { row, cells, text, stale } = value as Record<string, unknown>;
  if (typeof row !== 'number' || !Number.isSafeInteger(row) || row < 0) return undefined;
  if (!isFingerprintRow(cells) || cells.length !== PRICED_BOM_COLUMNS.length * MARK_WIDTH) return undefined;
  if (typeof text !== 'string') return undefined;
  if (stale !== undefined && !(isFingerprintRow(stale) && stale.length === MARK_WIDTH)) return undefined;
  return { row, cells, text, ...(stale !== undefined ? { stale } : {}) };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** One origin read back from the workbook, or null when it is not one. */
function asOrigin(value: unknown): ColumnOrigin | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.by === 'header' || v.by === 'content' || v.by === 'user') return { by: v.by };
  const c = v.candidate as Record<string, unknown> | null | undefined;
  if (v.by !== 'evidence' || c === null || typeof c !== 'object') return null;
  const { column, header, named, sampled, lookLike, internalCodes, known, asked } = c;
  if (!isCount(column) || typeof header !== 'string' || !isCount(sampled) || !isCount(lookLike)) return null;
  if ((named !== 0 && named !== 1 && named !== 2 && named !== 3) || typeof internalCodes !== 'boolean') return null;
  const judged = isCount(known) && isCount(asked) ? { known, asked } : {};
  return { by: 'evidence', candidate: { column, header, named, sampled, lookLike, internalCodes, ...judged } };
}

/**
 * The choices read back from the workbook, or null when they are not; origins that do not read as such are
 * left out (their columns then read as the buyer's choice, as in a workbook that kept none).
 */
export function asChoices(value: unknown): BomChoices | null {
  if (!isChoices(value)) return null;
  const { origins, ...rest } = value as BomChoices & { origins?: unknown };
  if (origins === null || typeof origins !== 'object') return rest;
  const kept: ColumnOrigins = {};
  for (const field of BOM_FIELDS) {
    const o = asOrigin((origins as Record<string, unknown>)[field]);
    if (o) kept[field] = o;
  }
  return { ...rest, origins: kept };
}

function isChoices(value: unknown): value is BomChoices {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.address === 'string' && typeof v.boards === 'number' && v.mapping !== null && typeof v.mapping === 'object'
  );
}

/** A store that forgets, for a page outside Excel. */
export function memoryChoicesStore(): WorkbookChoicesStore {
  const saved = new Map<string, BomChoices>();
  let results: ResultsRecord | null = null;
  let orders: OrderRecord[] = [];
  const suggested = new Map<string, SuggestionUsed[]>();
  return {
    load: (sheet) => saved.get(sheet) ?? null,
    save: async (sheet, choices) => void saved.set(sheet, choices),
    loadResults: () => results,
    saveResults: async (record) => void (results = keptResults(record)),
    loadOrders: () => orders,
    saveOrders: async (records) => void (orders = [...records]),
    loadSuggestionsUsed: (sheet) => suggested.get(sheet) ?? [],
    saveSuggestionsUsed: async (sheet, used) => void suggested.set(sheet, asSuggestionsUsed(used)),
  };
}

const key = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The saved mapping applied to the headers of the BOM as it is now: each field goes to the column whose header
 * reads as saved, else to its saved column. Returns null when the part-number column cannot be placed.
 */
export function restoreMapping(choices: BomChoices, headers: readonly string[]): ColumnMapping | null {
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  for (const field of BOM_FIELDS) {
    const text = choices.headers[field];
    let column: number | undefined;
    if (text !== undefined && text !== '') {
      const found = headers.findIndex((h, i) => !used.has(i) && key(h) === key(text));
      if (found >= 0) column = found;
    }
    if (column === undefined) {
      const saved = choices.mapping[field];
      if (
        saved !== undefined &&
        saved >= 0 &&
        saved < headers.length &&
        !used.has(saved) &&
        (text === undefined || text === '')
      )
        column = saved;
    }
    if (column !== undefined) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping.partNumber === undefined ? null : mapping;
}

/** The header texts of a mapping, for saving: a column without a header keeps none. */
export function mappingHeaders(
  mapping: ColumnMapping,
  headers: readonly string[],
  hasHeaderRow: boolean,
): Partial<Record<BomField, string>> {
  const out: Partial<Record<BomField, string>> = {};
  if (!hasHeaderRow) return out;
  for (const field of BOM_FIELDS) {
    const c = mapping[field];
    if (c !== undefined && headers[c]) out[field] = headers[c];
  }
  return out;
}
