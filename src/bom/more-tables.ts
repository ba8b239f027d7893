/**
 * Tables on one sheet or page beside the one read: one above the header taken, and the next one below it, past the
 * text between them (src/bom/read.ts reads each under its own header).
 */
import { detectHeaderRow } from './header';
import { type Cell, type CellGrid, cellText } from '../text/normalize';

/**
 * Where the header taken starts a second table: a header of its own above it with lines under it (a list of
 * mechanical parts above the board's components, the board's header naming more fields). The header row taken,
 * or null when nothing above it is a table.
 */
export function tableAbove(cells: CellGrid, headerRow: number): number | null {
  if (headerRow < 2) return null;
  const above = detectHeaderRow(cells.slice(0, headerRow));
  if (above.row === null || above.fields.length < 2) return null;
  let lines = 0;
  for (let r = above.row + 1; r < headerRow; r++) {
    const row = cells[r] ?? [];
    if (row.filter((c) => cellText(c) !== '').length >= 2) lines++;
  }
  return lines >= 1 ? headerRow : null;
}

/**
 * A table under the one read, past the text between them (a page's parts in several tables, one per kind of part, a
 * heading and a paragraph over each): the row of its header, which names what a header of a parts list names, with
 * rows under it; null when there is none. Never the same header again (an export that wrote its block twice, a list
 * copied below its notes), a cost summary of what the lists above buy (a "Subtotal" column, or a heading of costs
 * over it: "Estimated cost"), nor a list of alternates ("Replaces"; "Alternatives (do not order)").
 */
export function tableBelow(cells: CellGrid, headerRow: number, tableEnd: number): number | null {
  const from = tableEnd + 1;
  if (from >= cells.length) return null;
  // The first header below, not the one naming most: the tables are read in turn.
  let header = -1;
  for (let r = from; r < Math.min(cells.length, from + BELOW_SCAN) && header < 0; r++)
    if (detectHeaderRow(cells.slice(r, r + 12), { maxScan: 1 }).row === 0) header = r;
  if (header < 0) return null;
  // Rows of two cells or more that say something (a Markdown table's rule of dashes says nothing).
  const filled = (row: readonly Cell[] | undefined): boolean =>
    (row ?? []).filter((c) => /[\p{L}\d]/u.test(cellText(c))).length >= 2;
  const under = cells.slice(header + 1, header + 4).filter(filled);
  if (under.length === 0) return null;
  const texts = (row: readonly Cell[] | undefined): string => (row ?? []).map((c) => cellText(c).trim()).join('\t');
  if (texts(cells[header]) === texts(cells[headerRow])) return null;
  if ((cells[header] ?? []).some((c) => OTHERS_COLUMN.test(cellText(c)))) return null;
  for (let r = header - 1; r >= from && r >= header - 3; r--) {
    const words = (cells[r] ?? []).map((c) => cellText(c)).filter((t) => t !== '');
    if (words.length === 1 && OTHERS_HEADING.test(words[0])) return null;
  }
  return header;
}

/** How far below a table another one is looked for. */
const BELOW_SCAN = 300;
/** A column of a cost summary ("Subtotal") or of a list of alternates ("Replaces", "Alternate for"). */
const OTHERS_COLUMN =
  /^\s*(?:sub-?\s?totals?|zwischensumme|sous-total|subtotale|replaces|alternates?\s+(?:for|to|of)|substitutes?\s+for|ersetzt)\s*$/i;
/**
 * A heading over a summary of costs ("Estimated cost", "Custo estimado", "Kosten") or over alternates not to order
 * ("Alternatives (do not order)"), in the languages of the header vocabulary.
 */
const OTHERS_HEADING =
  /\b(?:costs?|costing|budget|estimated|estimate|custos?|costos?|costes?|kosten|kostenaufstellung|co[uû]ts?|or[cç]amento|presupuesto|preventivo|alternat\w*|substitut\w*|do\s+not\s+order|not\s+to\s+(?:be\s+)?order(?:ed)?)\b/i;
