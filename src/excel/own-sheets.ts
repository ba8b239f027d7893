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
 * The record's sheets, or null when the workbook keeps no record (written before it was kept). A record of another
 * form or version knows no sheet: each is then asked about, the safe side.
 */
async function recorded(book: WorkbookPort): Promise<OwnSheet[] | null> {
  const rows = await book.readHiddenSheet(SHEETS_RECORD);
  // No record, or one left empty by a write cut short (the sheet is emptied, then written): as a workbook without.
  if (rows === null || rows[0]?.[0] !== RECORD_TAG) return null;
  if (rows[0]?.[1] !== RECORD_VERSION) return [];
  const sheets: OwnSheet[] = [];
  for (const [sheet, what, head] of rows.slice(1)) {
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

/** The record's rows: its tag and version, then a row per sheet. */
function recordRows(sheets: readonly OwnSheet[]): string[][] {
  return [[RECORD_TAG, RECORD_VERSION], ...sheets.map((s) => [s.sheet, s.what, s.head])];
}

/** One sheet's entry in the record, from its first row as written (headOf: its title, or its header). */
function entryOf(sheet: string, what: SheetKind, firstRow: readonly WriteCell[]): OwnSheet {
  return { sheet, what, head: fingerprintRow(headOf(what, firstRow)) };
}

/**
 * Records that `sheet` holds the add-in's `what` list, whose first row is written as `firstRow`: called once the sheet
 * is claimed, before its cells are written (a write cut short leaves a list the record still knows, by its first row
 * once that is written). Sheets the record named that the workbook no longer has are dropped from it.
 */
export async function keepOwnSheet(
  book: WorkbookPort,
  sheet: string,
  what: SheetKind,
  firstRow: readonly WriteCell[],
): Promise<void> {
  // One at a time per workbook: a list made while a run writes its own must not write the record over the other's.
  const before = keeping.get(book) ?? Promise.resolve();
  const done = before.then(() => keepNow(book, entryOf(sheet, what, firstRow)));
  keeping.set(
    book,
    done.catch(() => undefined),
  );
  await done;
}

/** The record's writes under way, per workbook (see keepOwnSheet). */
const keeping = new WeakMap<WorkbookPort, Promise<void>>();

async function keepNow(book: WorkbookPort, entry: OwnSheet): Promise<void> {
  // A sheet the workbook no longer has leaves the record; one that does stays, read or not: a list being written
  // (cleared, its first row not yet written again) must not be dropped by another list kept meanwhile, and
  // isOwnSheet reads the first row anyway.
  const names = new Set(await book.sheetNames());
  const kept = (await ownSheets(book)).filter((s) => s.sheet !== entry.sheet && names.has(s.sheet));
  kept.push(entry);
  await book.writeHiddenSheet(SHEETS_RECORD, recordRows(kept));
}

/** A list of a file the command line writes: its sheet, what it holds, and its first row as written. */
export interface FileList {
  sheet: string;
  what: SheetKind;
  firstRow: readonly WriteCell[];
}

/** The rows of the record of `lists`, for a file the command line writes (a very hidden sheet of that name). */
export function sheetsRecordRows(lists: readonly FileList[]): string[][] {
  return recordRows(lists.map((l) => entryOf(l.sheet, l.what, l.firstRow)));
}

/**
 * The record of the lists an XLSX file holds (`lists`: each sheet's name and kind; a sheet the file does not have is
 * left out), as a very hidden sheet of the file: the task pane then knows them as its own, as if it had written them.
 */
export function addSheetsRecord(book: XlsxBook, lists: ReadonlyArray<readonly [string, SheetKind]>): void {
  const cell = (v: XlsxValue): WriteCell =>
    typeof v === 'string' || typeof v === 'number' ? v : v === null || v === undefined ? null : String(v);
  const written = lists.flatMap(([name, what]) => {
    const sheet = book.sheet(name);
    return sheet === undefined || sheet.firstRow.length === 0
      ? []
      : [{ sheet: name, what, firstRow: sheet.firstRow.map(cell) }];
  });
  if (written.length === 0) return;
  const record = book.addWorksheet(SHEETS_RECORD, { state: 'veryHidden' });
  for (const row of sheetsRecordRows(written)) record.addRow(row);
}
