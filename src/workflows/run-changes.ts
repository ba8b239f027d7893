/**
 * What a run written to the workbook keeps for the next one, and what it says of the one before: the run's snapshot
 * goes to the workbook's hidden sheet (src/excel/run-snapshot-sheet.ts), in place of the last run's; when the last
 * run priced the same BOM sheet, the two are compared (src/changes) and the "Changes" sheet written.
 */
import type { BomReadResult } from '../bom/read';
import type { PriceBomResult } from '../purchase/price-types';
import { type RunComparison, SnapshotError, buildSnapshot, changesSheet, compareRuns } from '../changes';
import { writeChangesSheet } from '../excel/changes-sheet';
import type { BomLocation, ConfirmOverwrite } from '../excel/priced-sheet';
import { readRunSnapshot, writeRunSnapshot } from '../excel/run-snapshot-sheet';
import type { WorkbookPort } from '../excel/workbook-port';

export interface RunChanges {
  /** The run compared with the last one the workbook kept; null when it kept none of this BOM sheet. */
  comparison: RunComparison | null;
  /** The "Changes" sheet written (null when none was, or the user chose not to write it). */
  address: string | null;
  /** Why the last run's snapshot could not be read (damaged, of another version): the run is kept, not compared. */
  unreadable: SnapshotError | null;
}

/** Compares the run with the last one kept in the workbook, writes the Changes sheet, and keeps this run instead. */
export async function keepRunChanges(
  book: WorkbookPort,
  confirm: ConfirmOverwrite,
  run: { read: BomReadResult; result: PriceBomResult; location: BomLocation },
): Promise<RunChanges> {
  const { location } = run;
  let unreadable: SnapshotError | null = null;
  // A snapshot that reads as damaged or of another version is replaced by this run's; any other failure (a read Excel
  // refused) is no verdict on the snapshot: it fails the run's last step, as any refused request does, and it stays.
  const earlier = await readRunSnapshot(book, location.sheet).catch((e: unknown) => {
    if (!(e instanceof SnapshotError)) throw e;
    unreadable = e;
    return null;
  });
  const snapshot = buildSnapshot(run.read, run.result, location.rowIndex + 1);
  let comparison: RunComparison | null = null;
  let address: string | null = null;
  if (earlier) {
    comparison = compareRuns(earlier.snapshot, snapshot);
    const layout = changesSheet(comparison, { before: earlier.snapshot.firstRow, after: snapshot.firstRow });
    address = (await writeChangesSheet(book, layout, { confirm })).address;
  }
  await writeRunSnapshot(book, snapshot, location.sheet);
  return { comparison, address, unreadable };
}
