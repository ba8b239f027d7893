/**
 * The other sheets a run wrote — the Summary, the Price breaks and the Scenarios — marked stale when the BOM is set otherwise
 * (boards, columns, header) after the run, as the results beside the BOM are: their figures are for the BOM as it
 * was priced. The mark is a "stale: …" note in the sheet's first row with the stale fill; the next run's sheet
 * replaces it. Only a sheet that is still the add-in's own (recognised by its first row) is marked.
 */
import { PRICE_BREAK_COLUMNS, safeText } from '../purchase/priced-layout';
import { type CellBlock, fullAddress, parseAddress } from './address';
import { type WorkbookPort, WorkbookError } from './workbook-port';
import { STATUS_FILLS } from './priced-sheet';
import { type SheetKind, isOwnSheet } from './own-sheets';
import { cellFingerprint } from './own-cells';
import { wasStaleNote } from './legacy-stale';

/** How a stale note begins. */
const STALE_PREFIX = 'stale: ';

const BREAK_HEADERS = PRICE_BREAK_COLUMNS.map((c) => c.header);

/** The stale note's words: "stale: <why> — these figures are for the BOM as it was priced". */
export function staleNote(why: string): string {
  return `${STALE_PREFIX}${why}`;
}

/**
 * Whether the sheet is still the add-in's list to mark: a read Excel refuses marks nothing (the results' own stale
 * marks are kept all the same), as a sheet of the user's is not marked.
 */
async function stillOurs(book: WorkbookPort, sheet: string, what: SheetKind): Promise<boolean> {
  try {
    return await isOwnSheet(book, sheet, what);
  } catch {
    return false;
  }
}

/**
 * The stale note in the cell beside a list's title (empty as written), and the stale fill over both: the title itself
 * is not written again (the record of the sheet knows it as written).
 */
async function markTitleStale(book: WorkbookPort, title: CellBlock, why: string): Promise<void> {
  const fill = { row: title.row, column: title.column + 1, color: STATUS_FILLS.stale.color };
  await book.writeBlock(title.sheet, title.row, title.column + 1, [[safeText(staleNote(why))]], ['@'], [fill]);
  await book.setFills(title.sheet, [{ row: title.row, column: title.column, color: STATUS_FILLS.stale.color }]);
}

/**
 * Marks the Summary sheet at `address` (as writeSummarySheet returned it) stale: the cell beside its title, empty as
 * written, says why, and the title row takes the stale fill. Returns whether it was marked.
 */
export async function markSummaryStale(book: WorkbookPort, address: string, why: string): Promise<boolean> {
  const block = parseAddress(address);
  if (!(await stillOurs(book, block.sheet, 'summary'))) return false;
  await markTitleStale(book, block, why);
  return true;
}

/**
 * Marks the Scenarios sheet at `address` stale (its quantities or its BOM are set otherwise since): the cell beside
 * its title, empty as written, says why, and the title row takes the stale fill. The next run's sheet replaces it.
 * Returns whether it was marked.
 */
export async function markScenariosStale(book: WorkbookPort, address: string, why: string): Promise<boolean> {
  const block = parseAddress(address);
  if (!(await stillOurs(book, block.sheet, 'scenarios'))) return false;
  await markTitleStale(book, block, why);
  return true;
}

/** Where the Price breaks sheet at `address` has its stale note: right of its header row. */
function breaksNoteCell(address: string): CellBlock {
  const block = parseAddress(address);
  return { sheet: block.sheet, row: block.row, column: block.column + BREAK_HEADERS.length, rows: 1, columns: 1 };
}

async function cellText(book: WorkbookPort, cell: CellBlock): Promise<string> {
  try {
    const read = await book.readRange(cell.sheet, fullAddress(cell));
    if (read.rowIndex !== cell.row || read.columnIndex !== cell.column) return '';
    return String(read.values[0]?.[0] ?? '');
  } catch (e) {
    // An empty cell, or a sheet deleted since it was written: no note there.
    if (e instanceof WorkbookError && (e.kind === 'empty' || e.kind === 'no-sheet')) return '';
    throw e;
  }
}

/**
 * The note right of the Price breaks header is the add-in's: it reads as the stale note the results record says was
 * written there (`known`, its fingerprint), or, for a record kept before notes were recorded (undefined), as the add-in
 * words a stale note (read once, legacy-stale.ts).
 */
function ownNote(now: string, known: string | null | undefined): boolean {
  if (known === undefined) return wasStaleNote(now);
  return known !== null && cellFingerprint(now) === known;
}

/**
 * Marks the Price breaks sheet at `address` stale: the cell right of its header row says why, with the stale fill.
 * A cell there that holds the user's own text is left alone (and nothing is marked). Returns the fingerprint of the
 * note written, for the results record to keep (`known`: the one it keeps now); null when nothing was marked.
 */
export async function markBreaksStale(
  book: WorkbookPort,
  address: string,
  why: string,
  known?: string | null,
): Promise<string | null> {
  const block = parseAddress(address);
  if (!(await stillOurs(book, block.sheet, 'price breaks'))) return null;
  const note = breaksNoteCell(address);
  const now = await cellText(book, note);
  if (now !== '' && !ownNote(now, known)) return null;
  const text = safeText(staleNote(why));
  await book.writeBlock(
    note.sheet,
    note.row,
    note.column,
    [[text]],
    ['@'],
    [{ row: note.row, column: note.column, color: STATUS_FILLS.stale.color }],
  );
  return cellFingerprint(text);
}

/** Takes the Price breaks sheet's stale note away (before a new list is written there); the user's text stays. */
export async function clearBreaksStale(book: WorkbookPort, address: string, known?: string | null): Promise<void> {
  const note = breaksNoteCell(address);
  const now = await cellText(book, note);
  if (now !== '' && ownNote(now, known)) await book.clear(note, 'all');
}

/**
 * Marks the Summary, Price breaks and Scenarios sheets a run wrote (their addresses, when it wrote them) stale.
 * Returns the fingerprint of the Price breaks note written (null when none was), for the results record to keep.
 */
export async function markOtherSheetsStale(
  book: WorkbookPort,
  written: { summaryAddress?: string | null; breaksAddress?: string | null; scenariosAddress?: string | null },
  why: string,
  breaksNote?: string | null,
): Promise<string | null> {
  if (written.summaryAddress) await markSummaryStale(book, written.summaryAddress, why);
  const note = written.breaksAddress ? await markBreaksStale(book, written.breaksAddress, why, breaksNote) : null;
  if (written.scenariosAddress) await markScenariosStale(book, written.scenariosAddress, why);
  return note;
}
