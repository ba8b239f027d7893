/**
 * A list kept in sections, its header written again over each ("Mechatronics | Qty. | Notes", then "Electronics |
 * Qty. | Notes"), may leave a gap and a few things with no count inside a section ("Heat shrink tubing", "Solder"):
 * what follows such a gap is no footer where the header is written again further down, with no total before it.
 */
import { type Cell, type CellGrid, cellText } from '../text/normalize';

/** A section's header: the header's names again, its first cell's aside ("Electronics | Qty. | Notes" under "Hardware"). */
export function sectionHeader(row: readonly Cell[], header: readonly Cell[]): boolean {
  const named = header.map((h, c) => [cellText(h), c] as const).filter(([h, c]) => c > 0 && h !== '');
  return named.length >= 2 && named.every(([h, c]) => cellText(row[c]) === h);
}

/** How many rows above a gap a total is looked for. */
const TOTAL_ABOVE = 6;

/**
 * Whether the header is written again within `look` rows from `r` (by `isHeader`, the reader's own test, or as a
 * section's header), before any row holding a total (`isTotal`): the gap at `r` is inside the list.
 */
export function sectionGoesOn(
  cells: CellGrid,
  r: number,
  lastRow: number,
  look: number,
  place: { header: readonly Cell[]; isHeader: (row: readonly Cell[], r: number) => boolean },
  isTotal: (cell: Cell) => boolean,
): boolean {
  // A total just before the gap ends the list as one after it does.
  for (let i = Math.max(0, r - TOTAL_ABOVE); i < r; i++) if ((cells[i] ?? []).some(isTotal)) return false;
  for (let i = r; i <= Math.min(lastRow, r + look); i++) {
    const row = cells[i] ?? [];
    if (row.some(isTotal)) return false;
    if (i > r && (place.isHeader(row, i) || sectionHeader(row, place.header))) return true;
  }
  return false;
}
