/**
 * The workbook's snapshots of the pane's runs (src/changes/snapshot.ts), one per BOM sheet, in the very hidden
 * "Partsheet snapshot" sheet, laid out as src/changes/snapshot-sheet.ts says (the command line reads the same
 * layout, so `partsheet price --since` reads a workbook the pane priced). A run replaces its own BOM sheet's
 * snapshot only; a sheet in the layout of one snapshot (a workbook priced before, or written by `partsheet price
 * --out`) is laid out again per BOM sheet at the next run, the snapshot it held kept when it is another sheet's.
 */
import {
  type KeptSnapshot,
  NAME_ROW,
  type RunSnapshot,
  SNAPSHOTS_TAG,
  SNAPSHOT_SHEET,
  type SnapshotSheetLayout,
  TEXT_ROW,
  columnFor,
  readSnapshot,
  snapshotChunks,
  snapshotColumn,
  snapshotSheetLayout,
  snapshotTextOf,
  textRowOf,
} from '../changes';
import { MAX_COLUMNS, MAX_ROWS } from './address';
import type { WorkbookPort } from './workbook-port';

/** Where a snapshot kept in the workbook came from, in messages. */
const from = (bomSheet: string) => `The snapshot of the last run of "${bomSheet}" (hidden sheet "${SNAPSHOT_SHEET}")`;

/** The layout of the snapshot sheet, read from its first rows; null when the workbook has no such sheet. */
async function layoutOf(book: WorkbookPort): Promise<SnapshotSheetLayout | null> {
  const head = await book.readHiddenSheet(SNAPSHOT_SHEET, { row: 0, column: 0, rows: TEXT_ROW, columns: MAX_COLUMNS });
  return head === null ? null : snapshotSheetLayout(head);
}

/** The text of the snapshot kept in `column`: that column alone is read. */
async function textIn(book: WorkbookPort, layout: SnapshotSheetLayout, column: number): Promise<string> {
  const row = textRowOf(layout);
  const cells = await book.readHiddenSheet(SNAPSHOT_SHEET, { row, column, rows: MAX_ROWS - row, columns: 1 });
  return snapshotTextOf((cells ?? []).map((r) => r[0] ?? ''));
}

/** The BOM sheets whose last run the workbook keeps (none when it keeps no snapshot sheet). */
export async function keptRunSnapshots(book: WorkbookPort): Promise<KeptSnapshot[]> {
  return (await layoutOf(book))?.kept ?? [];
}

/**
 * Keeps `snapshot`, the run of the BOM on `bomSheet`, in the workbook, in place of that sheet's last one; the other
 * BOM sheets' snapshots stay (MAX_KEPT_SNAPSHOTS at most: a new sheet's takes the place of the run priced longest ago).
 */
export async function writeRunSnapshot(book: WorkbookPort, snapshot: RunSnapshot, bomSheet: string): Promise<void> {
  const layout = await layoutOf(book);
  if (layout?.layout === 'per-sheet') {
    const column = columnFor(layout.kept, bomSheet);
    const cells = snapshotColumn(snapshot, bomSheet).map((c) => [c]);
    await book.writeHiddenSheet(SNAPSHOT_SHEET, cells, { row: NAME_ROW, column, columns: 1 });
    return;
  }
  // No sheet yet, or one in the layout of one snapshot: laid out per BOM sheet, keeping that one when it is another
  // (named) BOM sheet's; its time is not known without reading it, so it is the first to give way.
  const columns: string[][] = [];
  const single = layout?.kept[0];
  if (layout && single && single.bomSheet !== '' && single.bomSheet !== bomSheet)
    columns.push([single.bomSheet, '', ...snapshotChunks(await textIn(book, layout, single.column))]);
  columns.push(snapshotColumn(snapshot, bomSheet));
  const height = Math.max(...columns.map((c) => c.length));
  const rows = Array.from({ length: height }, (_, r) => columns.map((c) => c[r] ?? ''));
  await book.writeHiddenSheet(SNAPSHOT_SHEET, [[SNAPSHOTS_TAG], ...rows]);
}

/**
 * The snapshot of the last run of `bomSheet` kept in the workbook, or null when it keeps none of that BOM sheet (the
 * others' texts are not read). Throws SnapshotError ('damaged', 'version') when its text is not a snapshot this build
 * reads.
 */
export async function readRunSnapshot(
  book: WorkbookPort,
  bomSheet: string,
): Promise<{ snapshot: RunSnapshot; bomSheet: string } | null> {
  const layout = await layoutOf(book);
  const kept = layout?.kept.find((k) => k.bomSheet === bomSheet);
  if (!layout || !kept) return null;
  const text = await textIn(book, layout, kept.column);
  if (text === '') return null;
  return { snapshot: readSnapshot(text, from(bomSheet)), bomSheet };
}
