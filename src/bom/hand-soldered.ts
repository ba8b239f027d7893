/**
 * Parts the assembler leaves off and the builder solders by hand: a row marked "not populated" in an assembly column
 * ("PCBA: NOPOP") beside a note that is only that the part is soldered by hand ("TH SOLDER") is still bought. A
 * "DNP", "DNF" or "not fitted" mark stays, and so does any mark beside a note that says more ("Debug only (hand
 * solder)", "manual assembly variant only; leave empty").
 */
import { type Cell } from '../text/normalize';
import { cellSaysDnp } from './quantity';

/** A note that is only that the part is soldered or placed by hand ("TH SOLDER", "hand soldered", "Handlöten"). */
const BY_HAND =
  /^\s*(?:(?:th|tht|hand|manual(?:ly)?)[\s-]*(?:solder(?:ed|ing)?|placed|mounted|assembled)|solder(?:ed)?\s+by\s+hand|handl[öo]t(?:en|ung)?)\s*$/i;
/** The assembler's own mark that it does not place the part ("NOPOP", "No pop", "no SMT"), nothing more. */
const ASSEMBLER_MARK = /^\s*(?:no[\s-]?pop(?:ulate)?|not?\s+populated|no[\s-]?smt|no[\s-]?assembly)\s*$/i;

const solderedByHand = (row: readonly Cell[]): boolean =>
  row.some((c) => typeof c === 'string' && c.length <= 40 && BY_HAND.test(c));

/**
 * The cell of a row that marks it not placed (cellSaysDnp, given the columns that carry marks and which columns
 * describe the part), or -1; none where that mark is the assembler's alone and the row says the part is soldered by
 * hand.
 */
export function cellMarkingDnp(
  row: readonly Cell[],
  markColumns: readonly number[],
  describes: (column: number) => boolean,
): number {
  const c = row.findIndex(
    (cell, i) => typeof cell === 'string' && cellSaysDnp(cell, markColumns.includes(i), () => describes(i)),
  );
  return c >= 0 && ASSEMBLER_MARK.test(String(row[c])) && solderedByHand(row) ? -1 : c;
}
