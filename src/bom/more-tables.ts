/**
 * Tables on one sheet or page beside the one read: one above the header taken, and the next one below it, past the
 * text between them (src/bom/read.ts reads each under its own header).
 */
import { detectHeaderRow } from './header';
import { type Cell, type CellGrid, cellText, isBlankRow } from '../text/normalize';

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
 * heading and a paragraph over each): the row of the first header below that names what a header of a parts list
 * names, with rows under it; null when there is none. Passed over (and the search goes on below it): the same header
 * again (an export that wrote its block twice, a list copied below its notes), a cost summary of what the lists buy
 * (a "Subtotal" column, a heading "Estimated cost"), a list of alternates ("Replaces"; "Alternatives (do not
 * order)") and one of parts not fitted ("## Do not populate"). Rows it passes over are the footer the reader reports.
 */
export function tableBelow(cells: CellGrid, headerRow: number, tableEnd: number): number | null {
  const from = tableEnd + 1;
  const last = Math.min(cells.length, from + BELOW_SCAN);
  for (let r = from; r < last; r++) {
    // The first header below, not the one naming most: the tables are read in turn (blank rows are none).
    if (isBlankRow(cells[r]) || detectHeaderRow(cells.slice(r, r + 12), { maxScan: 1 }).row !== 0) continue;
    if (readsAsList(cells, r, headerRow, from)) return r;
  }
  return null;
}

/** Whether the header at `header` starts a list to read: rows under it, and none of the tables passed over. */
function readsAsList(cells: CellGrid, header: number, headerRow: number, from: number): boolean {
  // Rows of two cells or more that say something (a Markdown table's rule of dashes says nothing).
  const filled = (row: readonly Cell[] | undefined): boolean =>
    (row ?? []).filter((c) => /[\p{L}\d]/u.test(cellText(c))).length >= 2;
  if (!cells.slice(header + 1, header + 4).some(filled)) return false;
  const texts = (row: readonly Cell[] | undefined): string => (row ?? []).map((c) => cellText(c).trim()).join('\t');
  if (texts(cells[header]) === texts(cells[headerRow])) return false;
  if ((cells[header] ?? []).some((c) => OTHERS_COLUMN.test(cellText(c)))) return false;
  const heading = headingAbove(cells, header, from);
  return heading === null || !othersHeading(heading.replace(/^[#*_\s]+/, ''));
}

/**
 * The heading over the table whose header is at `header` where it says its rows are not bought now ("Alternatives",
 * "Do not populate": NOT_BOUGHT_HEADING), else null.
 */
export function notBoughtHeading(cells: CellGrid, header: number, from: number): string | null {
  const above = headingAbove(cells, header, from);
  const heading = above?.replace(/^[#*_\s]+|[*_:\s]+$/g, '') ?? null;
  if (heading === null || !NOT_BOUGHT_HEADING.test(heading)) return null;
  // A Markdown heading says so whatever its length; a row of text only when short (a note says more: "DNP parts are
  // marked in the notes column").
  return above?.startsWith('#') || isShortHeading(heading) ? heading : null;
}

/** A heading is short: a few words, no sentence (no comma, no more than six words). */
export function isShortHeading(text: string): boolean {
  return /^[^,;.]{1,60}$/.test(text) && text.split(' ').length <= 6;
}

/**
 * The heading over a table: walking up from its header past blank rows and prose, the nearest row that is a Markdown
 * heading ("## Spares"), else the nearest row of text within three rows; null when a table row comes first.
 */
function headingAbove(cells: CellGrid, header: number, from: number): string | null {
  let nearest: string | null = null;
  for (let r = header - 1, seen = 0; r >= from && seen < 8; r--) {
    const words = (cells[r] ?? []).map((c) => cellText(c).trim()).filter((t) => t !== '');
    if (words.length === 0) continue;
    if (words.length >= 2 && !words[0].startsWith('#')) return nearest;
    const text = words.join(' ');
    if (text.startsWith('#')) return text;
    if (nearest === null && r >= header - 3) nearest = text;
    seen++;
  }
  return nearest;
}

/** How far below a table another one is looked for. */
const BELOW_SCAN = 300;
/** A column of a cost summary ("Subtotal") or of a list of alternates ("Replaces", "Alternate for"). */
const OTHERS_COLUMN =
  /^\s*(?:sub-?\s?totals?|zwischensumme|sous-total|subtotale|replaces|alternates?\s+(?:for|to|of)|substitutes?\s+for|ersetzt)\s*$/i;
/**
 * A heading over parts not fitted ("DNP", "Do not populate", "Not mounted", "List of d.n.p. components"): a heading
 * even right under a line, as a list keeps its unfitted positions below the rest (row-sections.ts).
 */
export const NOT_FITTED_HEADING =
  /^(?:(?:list|table)\s+of\s+)?(?:d\.\s?n\.\s?[fp]\.?(?!\S)|(?:dnp|dnf|do\s+not\s+(?:populate|fit|place|mount)|not\s+(?:fitted|populated|mounted|placed)|nicht\s+best[üu]ck\w*|no\s+montar)\b)/i;
/**
 * Whether a heading is a not-fitted one, with at most a noun or a note in brackets after it ("List of d.n.p.
 * components", "Nicht bestückte Bauteile", "DNP (not fitted)", "DNP / NC"): such a heading may stand right under a
 * line, where a clause after it ("DNP for 3V3 build", "Not fitted on rev B") makes it a note on that line.
 */
export function notFittedHeadingAlone(text: string): boolean {
  const m = NOT_FITTED_HEADING.exec(text.trim());
  if (m === null) return false;
  const rest = text.trim().slice(m[0].length).trim();
  return rest.split(/\s+/).length <= 3 && !CLAUSE.test(rest);
}

/** A clause's first word after a heading's words: what the text goes on to say makes it a note. */
const CLAUSE =
  /^(?:for|in|on|if|when|unless|except|at|to|with|until|für|bei|wenn|außer|para|en|si|cuando|pour|quand|sauf|per|se)\b/i;

/**
 * A heading over parts not bought now: not fitted (above), alternates or substitutes, not needed or not to order, or
 * kept for later ("Maybe use this in the future"), in the languages of the header vocabulary. Rows under it in the
 * same table are not bought either (row-sections.ts).
 */
export const NOT_BOUGHT_HEADING = new RegExp(
  `${NOT_FITTED_HEADING.source}|^(?:alternat(?:ive|e)s?|substitutes?|second[\\s-]+sources?|unused|maybe|do\\s+not\\s+order|not\\s+(?:needed|used))\\b|\\bdo\\s+not\\s+order\\b|\\bnot\\s+to\\s+(?:be\\s+)?order(?:ed)?\\b|\\b(?:for|in)\\s+the\\s+future\\b`,
  'i',
);
/**
 * A heading over a table that is passed over: about costs ("Estimated cost", "Custo estimado", "Kosten"; never
 * "Mechanical parts (estimated cost …)"), alternates of any wording, spares or options, or parts not bought now
 * (NOT_BOUGHT_HEADING).
 */
const COST_HEADING =
  /^(?:(?:estimated|total|approximate)\s+)?(?:costs?|costing|budget|pricing)\b|^(?:custos?|costos?|costes?|kosten\w*|co[uû]ts?|or[cç]amento|presupuesto|preventivo)\b|^(?:alternat\w*|substitut\w*|spares?|optional)\b/i;
const othersHeading = (text: string): boolean => COST_HEADING.test(text) || NOT_BOUGHT_HEADING.test(text);
