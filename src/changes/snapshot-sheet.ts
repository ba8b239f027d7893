/**
 * How a workbook keeps snapshots of runs in its hidden "Partsheet snapshot" sheet (SNAPSHOT_SHEET), one layout for
 * every reader (the pane through the workbook port, the command line through its XLSX reader):
 *
 * - one snapshot per BOM sheet (what the pane writes): A1 holds SNAPSHOTS_TAG; each column below it is one BOM
 *   sheet's last run: its sheet's name (row 2), the time it priced (row 3), then its text, one piece per cell (row 4
 *   on). A run replaces its own sheet's column only; at most MAX_KEPT_SNAPSHOTS columns are kept, the run priced
 *   longest ago giving way to a new sheet's;
 * - one snapshot (what `partsheet price --out` writes, and the pane wrote before): its text down column A from A1,
 *   and the BOM sheet's name in B1 (none from the command line).
 */
import { SNAPSHOT_CHUNK, type RunSnapshot, snapshotChunks, snapshotText } from './snapshot';

/** A1 of a sheet that keeps one snapshot per BOM sheet. */
export const SNAPSHOTS_TAG = 'partsheet-run-snapshots';
/** BOM sheets whose last run a workbook keeps. */
export const MAX_KEPT_SNAPSHOTS = 8;
/** The rows of a column: the BOM sheet's name, the time of its run, then the text (0-based). */
export const NAME_ROW = 1;
export const TIME_ROW = 2;
export const TEXT_ROW = 3;

/** A snapshot a sheet keeps: of which BOM sheet ('' when it does not say), priced when, in which column. */
export interface KeptSnapshot {
  bomSheet: string;
  pricedAt: string;
  column: number;
}

/** What a snapshot sheet's first rows say it holds. */
export type SnapshotSheetLayout =
  | { layout: 'per-sheet'; kept: KeptSnapshot[] }
  /** One snapshot down column A from A1 (none when A1 is empty). */
  | { layout: 'single'; kept: KeptSnapshot[] };

/** The layout and the snapshots of a snapshot sheet, from its first TEXT_ROW rows (as text, '' for empty cells). */
export function snapshotSheetLayout(head: readonly (readonly string[])[]): SnapshotSheetLayout {
  const cell = (row: number, column: number) => head[row]?.[column] ?? '';
  if (cell(0, 0) !== SNAPSHOTS_TAG) {
    const kept = cell(0, 0) === '' ? [] : [{ bomSheet: cell(0, 1), pricedAt: '', column: 0 }];
    return { layout: 'single', kept };
  }
  const kept: KeptSnapshot[] = [];
  const width = Math.max(0, ...head.map((r) => r.length));
  for (let column = 0; column < width; column++) {
    const bomSheet = cell(NAME_ROW, column);
    if (bomSheet !== '') kept.push({ bomSheet, pricedAt: cell(TIME_ROW, column), column });
  }
  return { layout: 'per-sheet', kept };
}

/** The rows of the text of a snapshot kept in `column`, from the first row of its text, for the layout read. */
export const textRowOf = (layout: SnapshotSheetLayout): number => (layout.layout === 'single' ? 0 : TEXT_ROW);

/** The text of a snapshot from the cells of its column, from its first row of text down (empty cells add nothing). */
export const snapshotTextOf = (cells: readonly string[]): string => cells.join('');

/** The cells of a BOM sheet's column, from NAME_ROW down: its name, the time of its run, then the text. */
export function snapshotColumn(snapshot: RunSnapshot, bomSheet: string, size = SNAPSHOT_CHUNK): string[] {
  return [bomSheet, snapshot.pricedAt, ...snapshotChunks(snapshotText(snapshot), size)];
}

/**
 * The column a new run of `bomSheet` goes to in a sheet laid out per BOM sheet: its own when it has one; else the
 * first free column; else, at MAX_KEPT_SNAPSHOTS, that of the run priced longest ago.
 */
export function columnFor(kept: readonly KeptSnapshot[], bomSheet: string, max = MAX_KEPT_SNAPSHOTS): number {
  const own = kept.find((k) => k.bomSheet === bomSheet);
  if (own) return own.column;
  if (kept.length < max) {
    const taken = new Set(kept.map((k) => k.column));
    let column = 0;
    while (taken.has(column)) column++;
    return column;
  }
  // ISO times sort as text; a time missing or unreadable sorts first, so it goes first.
  return [...kept].sort((a, b) => (a.pricedAt < b.pricedAt ? -1 : a.pricedAt > b.pricedAt ? 1 : a.column - b.column))[0]
    .column;
}

/** The BOM sheets a workbook keeps runs of, in words: "BOM A", "BOM B" (the snapshot of no named sheet: "(unnamed)"). */
export const keptSheetsText = (kept: readonly KeptSnapshot[]): string =>
  kept.map((k) => (k.bomSheet === '' ? '(unnamed)' : `"${k.bomSheet}"`)).join(', ');
