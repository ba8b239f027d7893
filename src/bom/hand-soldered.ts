/**
 * Parts the assembler leaves off and the builder solders by hand: a row marked "not placed" in an assembly column
 * ("PCBA: NOPOP") beside a note that the part is soldered by hand ("TH SOLDER") is still bought.
 */
import { type Cell } from '../text/normalize';
import { cellSaysDnp } from './quantity';

/** A note that the part is soldered by hand ("TH SOLDER", "hand soldered", "manual assembly", "Handlöten"). */
const BY_HAND =
  /\b(?:th|hand|manual(?:ly)?)[\s-]*(?:solder(?:ed|ing)?|assembl(?:y|ed)|placed?|mount(?:ed)?)\b|\bsolder(?:ed)?\s+by\s+hand\b|\bhandl[öo]t(?:en|ung)?\b/i;

const solderedByHand = (row: readonly Cell[]): boolean =>
  row.some((c) => typeof c === 'string' && c.length <= 80 && BY_HAND.test(c));

/**
 * The cell of a row that marks it not placed (cellSaysDnp, given the columns that carry marks and which columns
 * describe the part), or -1; none where the row says the part is soldered by hand.
 */
export function cellMarkingDnp(
  row: readonly Cell[],
  markColumns: readonly number[],
  describes: (column: number) => boolean,
): number {
  if (solderedByHand(row)) return -1;
  return row.findIndex(
    (cell, i) => typeof cell === 'string' && cellSaysDnp(cell, markColumns.includes(i), () => describes(i)),
  );
}
