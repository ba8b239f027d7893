/**
 * The workbook's snapshot of the pane's last run (src/changes/snapshot.ts): its text in column A of the very hidden
 * "Partsheet snapshot" sheet, one piece per row, as the command line's XLSX output keeps it (so `partsheet price
 * --since` reads a workbook the pane priced), and the BOM's sheet the run priced in B1: a run of another BOM sheet is
 * not compared with it.
 */
import { type RunSnapshot, SNAPSHOT_SHEET, readSnapshot, snapshotChunks, snapshotText } from '../changes';
import type { WorkbookPort } from './workbook-port';

/** Where a snapshot kept in the workbook came from, in messages. */
const FROM = `The snapshot of the last run (hidden sheet "${SNAPSHOT_SHEET}")`;

/** Keeps `snapshot`, the run of the BOM on `bomSheet`, in the workbook, in place of the one before. */
export async function writeRunSnapshot(book: WorkbookPort, snapshot: RunSnapshot, bomSheet: string): Promise<void> {
  const rows = snapshotChunks(snapshotText(snapshot)).map((chunk, i) => (i === 0 ? [chunk, bomSheet] : [chunk]));
  await book.writeHiddenSheet(SNAPSHOT_SHEET, rows);
}

/**
 * The snapshot kept in the workbook and the BOM sheet it was of, or null when the workbook keeps none (or, given
 * `ofSheet`, none of that BOM sheet: its text is then not read). Throws SnapshotError ('damaged', 'version') when its
 * text is not a snapshot this build reads.
 */
export async function readRunSnapshot(
  book: WorkbookPort,
  ofSheet?: string,
): Promise<{ snapshot: RunSnapshot; bomSheet: string } | null> {
  const rows = await book.readHiddenSheet(SNAPSHOT_SHEET);
  if (rows === null || rows.length === 0) return null;
  if (ofSheet !== undefined && (rows[0][1] ?? '') !== ofSheet) return null;
  const text = rows.map((r) => r[0] ?? '').join('');
  if (text === '') return null;
  return { snapshot: readSnapshot(text, FROM), bomSheet: rows[0][1] ?? '' };
}
