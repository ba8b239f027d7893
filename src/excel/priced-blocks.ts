/**
 * The add-in's priced blocks beside BOMs, known by a record, never by their words. The record of the add-in's sheets
 * (own-sheets.ts, the very hidden "Partsheet sheets") keeps, for each sheet a BOM was priced on, an entry per header
 * row as the add-in wrote it there: the fingerprint of its cells (own-cells.ts), the key of the priced column under
 * each, and the fingerprint of the header ordering writes over the Order column beside the block. A row of the sheet
 * whose cells read as an entry's header is the add-in's priced block, wherever it stands now (rows or columns inserted
 * above or left of it move it, for ordering); a block a version wrote with other words is found by what that version
 * recorded; on a sheet the record knows, a table of the user's that carries earlier versions' header words is not
 * taken.
 *
 * A sheet the record names no block on (priced before the record was kept) is read by the words earlier versions
 * wrote (legacy-priced.ts) until a run prices a BOM there: that run records its block and the earlier ones the words
 * find on the sheet.
 */
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS } from '../purchase/priced-layout';
import { type CellBlock, MAX_COLUMNS, fullAddress } from './address';
import { MARK_WIDTH, cellMark, fingerprintRow, isFingerprintRow, readMark } from './own-cells';
import { type RecordRows, changeRecord, recordEntries } from './own-sheets';
import { type HeaderRun, NEEDED_KEYS } from './priced-header';
import { LEGACY_ORDER_HEADER, isLegacyOrderHeader, legacyHeaderAt } from './legacy-priced';
import { type ReadCell, type ReadResult, WorkbookError, type WorkbookPort, type WriteCell } from './workbook-port';

/** The header the add-in writes over the Order column right of a priced block. */
export const ORDER_HEADER = 'Order';

/** What the record's block entries are called (beside the list sheets' kinds, sheet-kinds.ts). */
const BLOCK_KIND = 'priced';

/** One entry: a header row as written on `sheet`, each cell's column key, and the Order header's fingerprint. */
interface BlockEntry {
  sheet: string;
  head: string;
  keys: readonly string[];
  order: string;
}

function asEntry(row: readonly string[]): BlockEntry | null {
  const [sheet, what, head, keys, order] = row;
  if (!sheet || what !== BLOCK_KIND || !isFingerprintRow(head) || !isFingerprintRow(order ?? '')) return null;
  const list = (keys ?? '').split(' ');
  if (head === '' || list.length * MARK_WIDTH !== head.length || !NEEDED_KEYS.every((k) => list.includes(k)))
    return null;
  return { sheet, head, keys: list, order: order ?? '' };
}

/** The record's rows of a block written with header cells `header`, their column keys `keys` and Order header `order`. */
export function blockRecordRow(
  sheet: string,
  header: readonly WriteCell[],
  keys: readonly string[],
  order: WriteCell,
): string[] {
  return [sheet, BLOCK_KIND, fingerprintRow(header), keys.join(' '), fingerprintRow([order])];
}

/** The record's row of a block of the present layout on `sheet`. */
export function layoutBlockRow(sheet: string): string[] {
  return blockRecordRow(
    sheet,
    PRICED_BOM_HEADERS,
    PRICED_BOM_COLUMNS.map((c) => c.key),
    ORDER_HEADER,
  );
}

/**
 * Records that a run writes a priced block of the present layout on `sheet`: called once its columns are claimed,
 * before its cells are written. One entry per header as written per sheet; earlier layouts' entries stay (their
 * blocks may still stand elsewhere on the sheet) until the sheet is deleted. The first block recorded on a sheet
 * takes the blocks earlier versions wrote there (found by their words) into the record with it, so they stay known
 * once the words no longer count on that sheet.
 */
export async function keepPricedBlock(book: WorkbookPort, sheet: string, record?: RecordRows): Promise<void> {
  const layout = layoutBlockRow(sheet);
  const known = await entriesOn(book, sheet, record);
  // Kept already (the sheet priced before by this layout): nothing to write, no request more of Excel.
  if (known?.some((e) => e.head === layout[2] && e.keys.join(' ') === layout[3] && e.order === layout[4])) return;
  const earlier = known === null ? await legacyRowsOn(book, sheet) : [];
  const rows = [...earlier, layout];
  await changeRecord(book, (entries) => [
    ...entries.filter((e) => !(e[0] === sheet && e[1] === BLOCK_KIND && rows.some((r) => r[2] === e[2]))),
    ...rows,
  ]);
}

/** The record's rows of the blocks earlier versions wrote on `sheet`, by their words (legacy-priced.ts). */
async function legacyRowsOn(book: WorkbookPort, sheet: string): Promise<string[][]> {
  const read = await book.readUsedRange(sheet);
  if (read === null) return [];
  const rows: string[][] = [];
  for (const values of read.values) {
    const run = legacyHeaderAt(values);
    if (run === null) continue;
    const cells = values.slice(run.column, run.column + run.width).map((v) => String(v ?? ''));
    const keys = [...run.offsets.entries()].sort((x, y) => x[1] - y[1]).map(([key]) => key);
    const row = blockRecordRow(sheet, cells, keys, LEGACY_ORDER_HEADER);
    if (!rows.some((r) => r[2] === row[2])) rows.push(row);
  }
  return rows;
}

/**
 * The record's entries for `sheet`, widest first (where one layout's header begins another's, the wider one is the
 * block); null when it names no block there (the words of earlier versions are read).
 */
async function entriesOn(book: WorkbookPort, sheet: string, record?: RecordRows): Promise<BlockEntry[] | null> {
  const rows = record === undefined ? await recordEntries(book) : record;
  const entries = (rows ?? []).flatMap((row) => {
    const entry = asEntry(row);
    return entry && entry.sheet === sheet ? [entry] : [];
  });
  return entries.length > 0 ? entries.sort((x, y) => y.keys.length - x.keys.length) : null;
}

/** A priced block's header row found on a sheet: its 0-based row, its columns, and its Order column when it has one. */
export interface FoundBlock {
  row: number;
  /** The header's columns, the sheet's own (column 0 is A). */
  run: HeaderRun;
  /** The first column right of the block whose header reads as the add-in's Order header; null for none. */
  order: number | null;
  /** Whether a cell reads as the Order header the add-in writes beside this block. */
  isOrderHeader(value: ReadCell | undefined): boolean;
}

/** The Order header this version writes beside any block it orders from, whatever the block's own entry says. */
const ORDER_MARK = fingerprintRow([ORDER_HEADER]);

/**
 * The widest header of the entries starting at index `c` of a row (`marks`: each cell's fingerprint as it reads now):
 * the entry's cells from the first while they read as written, when they hold the columns ordering needs (a header
 * cell the user renamed at its end leaves the block a column narrower, as earlier versions read it).
 */
function runAt(
  marks: (i: number) => string,
  c: number,
  entries: readonly BlockEntry[],
): [HeaderRun, BlockEntry] | null {
  let best: [HeaderRun, BlockEntry] | null = null;
  for (const entry of entries) {
    if (best !== null && entry.keys.length <= best[0].width) break;
    let width = 0;
    while (width < entry.keys.length && cellMark(entry.head, width) === marks(c + width)) width++;
    const keys = entry.keys.slice(0, width);
    if ((best === null || width > best[0].width) && NEEDED_KEYS.every((k) => keys.includes(k)))
      best = [{ column: c, width, offsets: new Map(keys.map((k, i) => [k, i])) }, entry];
  }
  return best;
}

/**
 * The priced header in one row's cells (`values`, from sheet column `first`), by the record's entries (null: earlier
 * words); `at`: only a header starting at that index.
 */
function headerIn(
  values: readonly ReadCell[],
  first: number,
  row: number,
  entries: readonly BlockEntry[] | null,
  at?: number,
): FoundBlock | null {
  let run: HeaderRun | null = null;
  let isOrderHeader: (value: ReadCell | undefined) => boolean = isLegacyOrderHeader;
  if (entries === null) {
    run = legacyHeaderAt(at === undefined ? values : values.slice(at));
    if (run && at !== undefined) run = run.column === 0 ? { ...run, column: at } : null;
  } else {
    // Each cell's fingerprint once, however many entries it is compared with; a header starts with a text cell.
    const known: string[] = [];
    const marks = (i: number): string => (known[i] ??= readMark(values[i]));
    const starts = new Set(entries.map((e) => cellMark(e.head, 0)));
    for (let c = at ?? 0; c < (at === undefined ? values.length : at + 1) && run === null; c++) {
      if (typeof values[c] !== 'string' || values[c] === '' || !starts.has(marks(c))) continue;
      const found = runAt(marks, c, entries);
      if (found) {
        run = found[0];
        const order = found[1].order;
        isOrderHeader = (value) => {
          const now = readMark(value);
          return now === order || now === ORDER_MARK;
        };
      }
    }
  }
  if (run === null) return null;
  let order: number | null = null;
  for (let c = run.column + run.width; c < values.length && order === null; c++)
    if (isOrderHeader(values[c])) order = first + c;
  return { row, run: { ...run, column: first + run.column }, order, isOrderHeader };
}

/**
 * The add-in's priced blocks' header rows among the rows of `read` (a read of its sheet), top to bottom: by the
 * record, or on a sheet the record names no block on, by the words earlier versions wrote.
 */
export async function pricedHeadersIn(book: WorkbookPort, read: ReadResult): Promise<FoundBlock[]> {
  const entries = await entriesOn(book, read.sheet);
  const found: FoundBlock[] = [];
  read.values.forEach((values, i) => {
    const header = headerIn(values, read.columnIndex, read.rowIndex + i, entries);
    if (header) found.push(header);
  });
  return found;
}

/**
 * The add-in's priced block whose header row starts at the top-left cell of `block` (of this layout or an earlier
 * one, by the record or earlier words as above), with `beside` cells right of it read for an Order header; null when there
 * is none. A row Excel would not read is none too (the caller then asks before writing there), or with `strict`, an
 * error the caller says.
 */
export async function pricedBlockAt(
  book: WorkbookPort,
  block: CellBlock,
  { strict = false, beside = 1, record }: { strict?: boolean; beside?: number; record?: RecordRows } = {},
): Promise<FoundBlock | null> {
  const entries = await entriesOn(book, block.sheet, record);
  const widest = Math.max(block.columns, ...(entries ?? []).map((e) => e.keys.length));
  let read: ReadResult;
  try {
    const columns = Math.min(widest + beside, MAX_COLUMNS - block.column);
    read = await book.readRange(block.sheet, fullAddress({ ...block, rows: 1, columns }));
  } catch (e) {
    if (strict && !(e instanceof WorkbookError && e.kind === 'empty')) throw e;
    return null;
  }
  if (read.rowIndex !== block.row || read.columnIndex !== block.column) return null;
  return headerIn(read.values[0] ?? [], block.column, block.row, entries, 0);
}
