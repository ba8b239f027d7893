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
import { type OwnSheet, SHEET_KINDS, type SheetKind } from './sheet-kinds';

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
  if (rows === null) return null;
  if (rows[0]?.[0] !== RECORD_TAG || rows[0]?.[1] !== RECORD_VERSION) return [];
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

/**
 * Records that `sheet` now holds the add-in's `what` list, whose first row was written as `head` (the cells from A1
 * rightwards that make it the add-in's: a cell the add-in may later write a stale note into is left out). Sheets the
 * record named before that no longer read as written (deleted, or taken over by the user) are dropped from it.
 */
export async function keepOwnSheet(
  book: WorkbookPort,
  sheet: string,
  what: SheetKind,
  head: WriteCell[],
): Promise<void> {
  const kept: OwnSheet[] = [];
  for (const other of await ownSheets(book)) {
    if (other.sheet !== sheet && (await headReads(book, other.sheet, other.head))) kept.push(other);
  }
  kept.push({ sheet, what, head: fingerprintRow(head) });
  await book.writeHiddenSheet(SHEETS_RECORD, [
    [RECORD_TAG, RECORD_VERSION],
    ...kept.map((s) => [s.sheet, s.what, s.head]),
  ]);
}
