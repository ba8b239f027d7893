/** A made-up table read by the one reader, its lines and skipped rows as [sheet row, …] for short expectations. */
import { type Cell, readBom } from '../../src/bom';
import { readBomCells } from '../../src/workflows/read-bom';

export function readRows(rows: Cell[][]) {
  const read = readBom(rows);
  return {
    lines: read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]),
    skipped: read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard ?? null]),
    read,
  };
}

/**
 * What each row of a made-up table is read as, through the pane's and the CLI's reading (readBomCells): [row (1-based),
 * part number or '', count, how] for lines and skipped rows alike, in row order; a line's maker after "line of" when
 * `makers` is set.
 */
export async function rowsOf(
  cells: Cell[][],
  makers = false,
): Promise<Array<[number, string, number | undefined, string]>> {
  const read = await readBomCells(cells, { title: 'list' });
  return [
    ...read.lines.map((l): [number, string, number | undefined, string] => [
      l.row + 1,
      l.partNumber,
      l.quantityPerBoard,
      makers && l.manufacturer ? `line of ${l.manufacturer}` : 'line',
    ]),
    ...read.skipped.map((s): [number, string, number | undefined, string] => [
      s.row + 1,
      '',
      s.quantityPerBoard,
      s.reason,
    ]),
  ].sort((a, b) => a[0] - b[0]);
}
