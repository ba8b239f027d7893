/**
 * Clearing what an earlier, longer run left of the add-in's results: when the BOM priced again is shorter (a smaller
 * selection, rows of the BOM emptied), the earlier result rows the new block does not cover would stand beside
 * nothing and read as current. Only cells that still read what the add-in wrote there go; a cell the user typed into since stays, and is named to the caller.
 */
import { PRICED_BOM_COLUMNS } from '../purchase/priced-layout';
import { type CellBlock, blockAddress, parseAddress } from './address';
import { type WorkbookPort, WorkbookError, type ReadCell } from './workbook-port';
import { type ResultsRecord, cellMark, readsAsWritten } from './own-cells';
import { wasMarkedStale } from './legacy-stale';

/** Consecutive columns of one row to clear, as offsets from the block's left column. */
interface Run {
  start: number;
  end: number;
}

function runsOf(own: readonly boolean[]): Run[] {
  const runs: Run[] = [];
  own.forEach((mine, c) => {
    if (!mine) return;
    const last = runs[runs.length - 1];
    if (last && last.end === c) last.end = c + 1;
    else runs.push({ start: c, end: c + 1 });
  });
  return runs;
}

/**
 * Clears the rows of `earlier` (the block the add-in wrote last) that `now` (the block just written) does not cover;
 * the earlier total row under them goes when the new total is written (writeResultsTotal). Earlier results elsewhere (another sheet, other columns, rows that do not
 * meet the new block) are another BOM's and are left alone. Returns the addresses (`H9`) of cells kept because they
 * no longer read what the add-in wrote.
 */
export async function clearLeftoverResults(
  book: WorkbookPort,
  earlier: ResultsRecord,
  now: CellBlock,
): Promise<string[]> {
  const old = parseAddress(earlier.address, now.sheet);
  const width = PRICED_BOM_COLUMNS.length;
  const meets = old.row < now.row + now.rows && now.row < old.row + old.rows;
  if (old.sheet.toLowerCase() !== now.sheet.toLowerCase() || old.column !== now.column || !meets) return [];
  const rows: number[] = [];
  for (let r = old.row; r < old.row + old.rows; r++) if (r < now.row || r >= now.row + now.rows) rows.push(r);
  const kept: string[] = [];
  if (rows.length > 0) {
    let read: Awaited<ReturnType<WorkbookPort['readRange']>> | null = null;
    try {
      read = await book.readRange(now.sheet, blockAddress({ ...old, columns: width }));
    } catch (e) {
      if (!(e instanceof WorkbookError && e.kind === 'empty')) throw e;
    }
    const cellsOf = (row: number): ReadCell[] => {
      const line = read?.values[row - read.rowIndex] ?? [];
      const offset = old.column - (read?.columnIndex ?? old.column);
      return Array.from({ length: width }, (_, c) => line[offset + c] ?? '');
    };
    // Whole rows that are the add-in's go in one clear; a row with a cell of the user's is cleared around it.
    let whole: { row: number; rows: number } | null = null;
    const flush = async () => {
      if (whole)
        await book.clear(
          { sheet: old.sheet, row: whole.row, column: old.column, rows: whole.rows, columns: width },
          'all',
        );
      whole = null;
    };
    for (const row of rows) {
      const cells = cellsOf(row);
      const written = earlier.cells[row - old.row];
      const stale = earlier.stale?.[row - old.row];
      const own = cells.map(
        (v, c) =>
          v === '' ||
          readsAsWritten(cellMark(written, c), v, c === 0 ? stale : undefined) ||
          (c === 0 && earlier.stale === undefined && wasMarkedStale(cellMark(written, 0), v)),
      );
      if (own.every(Boolean)) {
        if (whole && whole.row + whole.rows === row) whole.rows++;
        else {
          await flush();
          whole = { row, rows: 1 };
        }
        continue;
      }
      await flush();
      own.forEach((mine, c) => {
        if (!mine) kept.push(blockAddress({ row, column: old.column + c, rows: 1, columns: 1 }));
      });
      for (const run of runsOf(own))
        await book.clear(
          { sheet: old.sheet, row, column: old.column + run.start, rows: 1, columns: run.end - run.start },
          'all',
        );
    }
    await flush();
  }
  return kept;
}
