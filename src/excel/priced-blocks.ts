/**
 * The add-in's priced blocks beside BOMs, known by a record, never by their words. The record of the add-in's sheets
 * (own-sheets.ts, the very hidden "Partsheet sheets") keeps, for each sheet a BOM was priced on, an entry per header
 * row as the add-in wrote it there: the fingerprint of its cells (own-cells.ts), the key of the priced column under
 * each, and the fingerprint of the header ordering writes over the Order column beside the block. A row of the sheet
 * whose cells read as an entry's header is the add-in's priced block, wherever it stands now (rows or columns inserted
 * above or left of it move it); a block a version wrote with other words is found by what that version recorded; a
 * table of the user's that happens to carry today's header words on a sheet never priced is not taken.
 *
 * A sheet the record names no block on (priced before the record was kept) is read once by the words earlier versions
 * wrote (legacy-priced.ts); the next run that prices it records its block.
 */
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS } from '../purchase/priced-layout';
import { type CellBlock, fullAddress } from './address';
import { MARK_WIDTH, cellMark, fingerprintRow, isFingerprintRow, readsAsWritten } from './own-cells';
import { changeRecord, recordEntries } from './own-sheets';
import { type HeaderRun, NEEDED_KEYS } from './priced-header';
import { isLegacyOrderHeader, legacyHeaderAt } from './legacy-priced';
import type { ReadCell, ReadResult, WorkbookPort, WriteCell } from './workbook-port';

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
 * blocks may still stand elsewhere on the sheet) until the sheet is deleted.
 */
export function keepPricedBlock(book: WorkbookPort, sheet: string): Promise<void> {
  const row = layoutBlockRow(sheet);
  return changeRecord(book, (entries) => [
    ...entries.filter((e) => !(e[0] === sheet && e[1] === BLOCK_KIND && e[2] === row[2])),
    row,
  ]);
}

/** The record's entries for `sheet`; null when it names no block there (the words of earlier versions are read). */
async function entriesOn(book: WorkbookPort, sheet: string): Promise<BlockEntry[] | null> {
  const entries = ((await recordEntries(book)) ?? []).flatMap((row) => {
    const entry = asEntry(row);
    return entry && entry.sheet === sheet ? [entry] : [];
  });
  return entries.length > 0 ? entries : null;
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

/** The entry's header in `values` starting at index `c`, or null. */
function runAt(values: readonly ReadCell[], c: number, entry: BlockEntry): HeaderRun | null {
  for (let i = 0; i < entry.keys.length; i++) if (!readsAsWritten(cellMark(entry.head, i), values[c + i])) return null;
  return { column: c, width: entry.keys.length, offsets: new Map(entry.keys.map((k, i) => [k, i])) };
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
    for (let c = at ?? 0; c < (at === undefined ? values.length : at + 1) && run === null; c++) {
      if (values[c] === '' || values[c] === null || values[c] === undefined) continue;
      for (const entry of entries) {
        run = runAt(values, c, entry);
        if (run) {
          const order = entry.order;
          isOrderHeader = (value) => readsAsWritten(order, value);
          break;
        }
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
 * one, by the record or earlier words as above), with the cell right of it read for an Order header; null when there
 * is none or Excel would not read the row.
 */
export async function pricedBlockAt(book: WorkbookPort, block: CellBlock): Promise<FoundBlock | null> {
  const entries = await entriesOn(book, block.sheet);
  const widest = Math.max(block.columns, ...(entries ?? []).map((e) => e.keys.length));
  let read: ReadResult;
  try {
    read = await book.readRange(block.sheet, fullAddress({ ...block, rows: 1, columns: widest + 1 }));
  } catch {
    return null;
  }
  if (read.rowIndex !== block.row || read.columnIndex !== block.column) return null;
  return headerIn(read.values[0] ?? [], block.column, block.row, entries, 0);
}
