/** A made-up table read by the one reader, its lines and skipped rows as [sheet row, …] for short expectations. */
import { type Cell, readBom } from '../../src/bom';

export function readRows(rows: Cell[][]) {
  const read = readBom(rows);
  return {
    lines: read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]),
    skipped: read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard ?? null]),
    read,
  };
}
