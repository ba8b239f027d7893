/**
 * The sheets the add-in wrote its lists to (Summary, Scenarios, Risk, Purchase list, Price breaks, Changes), known by
 * a record, never by their words. The very hidden sheet "Partsheet sheets" keeps one row per sheet written: its name,
 * what it holds, and the fingerprint of its first row's cells as written (own-cells.ts). A sheet is the add-in's own,
 * to replace or mark stale without asking, when the record names it for that list and its first row still reads as
 * written: a reworded header in a later version changes nothing, and a sheet of the user's that happens to carry the
 * same words is asked about. A workbook written before the record is known once by the words (legacy-sheets.ts); the
 * next sheet kept records what was found.
 */
import { fullAddress } from './address';
import { MARK_WIDTH, cellMark, fingerprintRow, isFingerprintRow, readsAsWritten } from './own-cells';
import { type ReadCell, WorkbookError, type WorkbookPort, type WriteCell } from './workbook-port';
import { type LegacyReader, legacyOwnSheets } from './legacy-sheets';
import { type OwnSheet, SHEET_KINDS, type SheetKind, headOf } from './sheet-kinds';
import type { XlsxBook, XlsxValue } from './xlsx-book';

export type { SheetKind } from './sheet-kinds';

export const SHEETS_RECORD = 'Partsheet sheets';
const RECORD_TAG = 'partsheet-sheets';
const RECORD_VERSION = '1';

function isKind(value: unknown): value is SheetKind {
  return typeof value === 'string' && (SHEET_KINDS as readonly string[]).includes(value);
}

/**
 * The record's entries (its rows after the tag), or null when the workbook keeps no record (written before it was
 * kept). A record of another form or version holds no entry: each sheet and block is then asked about, the safe side.
 * Entries of kinds a version does not know (a later version's) are kept as they are when it writes the record.
 */
/** The record's entries as read once, for several questions asked of them in one step (recordEntries). */
export type RecordRows = string[][] | null;

export async function recordEntries(book: WorkbookPort): Promise<RecordRows> {
  const rows = await book.readHiddenSheet(SHEETS_RECORD);
  // No record, or one left empty by a write cut short (the sheet is emptied, then written): as a workbook without.
  if (rows === null || rows[0]?.[0] !== RECORD_TAG) return null;
  if (rows[0]?.[1] !== RECORD_VERSION) return [];
  return rows.slice(1).filter((row) => row[0] !== undefined && row[0] !== '');
}

/** The record's sheets, or null when the workbook keeps no record (see recordEntries). */
async function recorded(book: WorkbookPort): Promise<OwnSheet[] | null> {
  const rows = await recordEntries(book);
  if (rows === null) return null;
  const sheets: OwnSheet[] = [];
  for (const [sheet, what, head] of rows) {
    if (sheet && isKind(what) && isFingerprintRow(head) && head !== '') sheets.push({ sheet, what, head });
  }
  return sheets;
}

/**
 * The first `columns` cells of the first row of `sheet`; none when it is empty there or the sheet is gone (deleted
 * since). Any other failure of Excel is thrown: a list is never taken for the user's, nor the user's for a list, on a
 * read that did not happen.
 */
async function firstRow(book: WorkbookPort, sheet: string, columns: number): Promise<readonly ReadCell[]> {
  try {
    const read = await book.readRange(sheet, fullAddress({ sheet, row: 0, column: 0, rows: 1, columns }));
    return read.rowIndex === 0 && read.columnIndex === 0 ? (read.values[0] ?? []) : [];
  } catch (e) {
    if (e instanceof WorkbookError && (e.kind === 'empty' || e.kind === 'no-sheet')) return [];
    throw e;
  }
}

/** Whether the first row of `sheet` reads as the fingerprint `head` says it was written. */
async function headReads(book: WorkbookPort, sheet: string, head: string): Promise<boolean> {
  const columns = head.length / MARK_WIDTH;
  const row = await firstRow(book, sheet, columns);
  return Array.from({ length: columns }, (_, i) => readsAsWritten(cellMark(head, i), row[i] ?? '')).every(Boolean);
}

/**
 * The sheets the workbook knows as the add-in's (or `only` that one): its record, or for a workbook written before
 * it, the words, until the record is kept.
 */
async function ownSheets(book: WorkbookPort, only?: string): Promise<OwnSheet[]> {
  const reader: LegacyReader = {
    sheetNames: () => book.sheetNames(),
    firstRow: (sheet, columns) => firstRow(book, sheet, columns),
  };
  return (await recorded(book)) ?? (await legacyOwnSheets(reader, only));
}

/** Whether `sheet` holds the add-in's own `what` list, by the record (see above). */
export async function isOwnSheet(book: WorkbookPort, sheet: string, what: SheetKind): Promise<boolean> {
  const own = (await ownSheets(book, sheet)).find((s) => s.sheet === sheet && s.what === what);
  return own !== undefined && (await headReads(book, sheet, own.head));
}

/** The record's rows: its tag and version, then its entries. */
function recordRows(entries: readonly (readonly string[])[]): string[][] {
  return [[RECORD_TAG, RECORD_VERSION], ...entries.map((e) => [...e])];
}

function sheetEntry(s: OwnSheet): string[] {
  return [s.sheet, s.what, s.head];
}

/** One sheet's entry in the record, from its first row as written (headOf: its title, or its header). */
function entryOf(sheet: string, what: SheetKind, firstRow: readonly WriteCell[]): OwnSheet {
  return { sheet, what, head: fingerprintRow(headOf(what, firstRow)) };
}

/** The record's changes under way, per workbook (see changeRecord). */
const changing = new WeakMap<WorkbookPort, Promise<void>>();

/**
 * Writes the record's entries as `change` makes them from the entries it holds now (for a workbook without a record,
 * the lists known by their words, legacy-sheets.ts), and the workbook's sheet names. One change at a time per
 * workbook: a list made while a run writes its own must not write the record over the other's. Entries of sheets the
 * workbook no longer has are dropped.
 */
export async function changeRecord(
  book: WorkbookPort,
  change: (entries: string[][], names: ReadonlySet<string>) => string[][],
): Promise<void> {
  const before = changing.get(book) ?? Promise.resolve();
  const done = before.then(async () => {
    const names = new Set(await book.sheetNames());
    const entries = (await recordEntries(book)) ?? (await ownSheets(book)).map(sheetEntry);
    const kept = change(
      entries.filter((e) => names.has(e[0])),
      names,
    );
    await book.writeHiddenSheet(SHEETS_RECORD, recordRows(kept));
  });
  changing.set(
    book,
    done.catch(() => undefined),
  );
  await done;
}

/**
 * Records that `sheet` holds the add-in's `what` list, whose first row is written as `firstRow`: called once the sheet
 * is claimed, before its cells are written (a write cut short leaves a list the record still knows, by its first row
 * once that is written). A sheet stays in the record while the workbook has it, read or not: a list being written
 * (cleared, its first row not yet written again) must not be dropped by another list kept meanwhile, and isOwnSheet
 * reads the first row anyway.
 */
export function keepOwnSheet(
  book: WorkbookPort,
  sheet: string,
  what: SheetKind,
  firstRow: readonly WriteCell[],
): Promise<void> {
  const entry = sheetEntry(entryOf(sheet, what, firstRow));
  return changeRecord(book, (entries) => [...entries.filter((e) => !(e[0] === sheet && isKind(e[1]))), entry]);
}

/** A list of a file the command line writes: its sheet, what it holds, and its first row as written. */
export interface FileList {
  sheet: string;
  what: SheetKind;
  firstRow: readonly WriteCell[];
}

/**
 * The rows of the record of `lists`, for a file the command line writes (a very hidden sheet of that name), with
 * `others`: entries of the file's priced blocks (priced-blocks.ts).
 */
export function sheetsRecordRows(lists: readonly FileList[], others: readonly (readonly string[])[] = []): string[][] {
  return recordRows([...lists.map((l) => sheetEntry(entryOf(l.sheet, l.what, l.firstRow))), ...others]);
}

/**
 * The record of the lists an XLSX file holds (`lists`: each sheet's name and kind; a sheet the file does not have is
 * left out) and of its priced blocks (`blocks`: their entries, priced-blocks.ts), as a very hidden sheet of the file:
 * the task pane then knows them as its own, as if it had written them.
 */
export function addSheetsRecord(
  book: XlsxBook,
  lists: ReadonlyArray<readonly [string, SheetKind]>,
  blocks: readonly (readonly string[])[] = [],
): void {
  const cell = (v: XlsxValue): WriteCell =>
    typeof v === 'string' || typeof v === 'number' ? v : v === null || v === undefined ? null : String(v);
  const written = lists.flatMap(([name, what]) => {
    const sheet = book.sheet(name);
    return sheet === undefined || sheet.firstRow.length === 0
      ? []
      : [{ sheet: name, what, firstRow: sheet.firstRow.map(cell) }];
  });
  if (written.length === 0 && blocks.length === 0) return;
  const record = book.addWorksheet(SHEETS_RECORD, { state: 'veryHidden' });
  for (const row of sheetsRecordRows(written, blocks)) record.addRow(row);
}
