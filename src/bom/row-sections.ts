/**
 * Rows a list's own words take out of the purchase before any column is read: a total whose only text is its label
 * ("Grand Total:" over a count that sums only some rows), and the rows under a short heading saying they are not
 * bought now ("Maybe use this in the future:", "Alternatives", "Do not populate"), up to the next blank row, row of
 * one cell, or row with no count (the table's header written again under the heading is none).
 */
import { NOT_BOUGHT_HEADING, isShortHeading, notFittedHeadingAlone } from './more-tables';
import { type SkipReason, quote } from './read-result';
import { GRAND_TOTAL, figureOf } from './read-table';
import { type CellGrid, cellText, isBlankRow } from '../text/normalize';

export class RowSections {
  /** The heading the rows read stand under that says they are not bought, or null. */
  private unbought: string | null = null;
  /** The row of the last heading met. */
  private headingRow = -2;

  /** Why row `r` is no line to buy by the list's own words, or null; rows are asked in order. */
  skip(
    cells: CellGrid,
    r: number,
    dataStart: number,
  ): { reason: SkipReason; detail: string; quantityPerBoard?: number } | null {
    const filled = (cells[r] ?? []).filter((c) => cellText(c).trim() !== '');
    const texts = filled.map((c) => cellText(c).trim());
    const words = filled.filter((c) => figureOf(c) === null).map((c) => cellText(c).trim());
    if (words.length === 1 && texts.length > 1 && GRAND_TOTAL.test(words[0]))
      return { reason: 'no-part-number', detail: `a total (${quote(words[0], 24)}), not a line` };
    // A heading: one short text alone on its row after a blank row, a row of figures, currency signs and dashes alone
    // (a section's subtotal, "$- | $-") or as the table's first row.
    const subtotals = (cells[r - 1] ?? []).every((c) => figureOf(c) !== null || /^[\s$€£¥-]*$/.test(cellText(c)));
    const heading = texts.length === 1 ? texts[0].replace(/^[#*_\s]+|[*_:\s]+$/g, '').replace(/\s+/g, ' ') : '';
    const unbought =
      isShortHeading(heading.replace(/\b(\p{L})\./gu, '$1')) && NOT_BOUGHT_HEADING.test(heading) ? heading : null;
    // A heading over positions not fitted is one right under a line too ("List of d.n.p. components"); a note there
    // ("Alternatives: any 250 V part") is the line's.
    const unfitted = unbought !== null && notFittedHeadingAlone(unbought);
    if (texts.length === 1 && (r === dataStart || isBlankRow(cells[r - 1]) || subtotals || unfitted)) {
      this.unbought = unbought;
      this.headingRow = r;
      return null;
    }
    // The section ends at a blank row, a row of one cell, or a row with no figure (no count): another heading.
    if (this.unbought === null) return null;
    // The table's header written again right under the heading ("Part, Description, Manufacturer, Supplier") goes on
    // with it; further down (a page's header repeated) it ends the section.
    const header = new Set((cells[dataStart - 1] ?? []).map((c) => cellText(c).trim()).filter((t) => t !== ''));
    if (r === this.headingRow + 1 && texts.length >= 2 && texts.every((t) => header.has(t))) return null;
    if (endsSection(cells, r)) {
      this.unbought = null;
      return null;
    }
    return { reason: 'dnp', detail: notBoughtDetail(this.unbought) };
  }
}

/** Whether row `r` ends a section: it follows a blank row, holds one cell or none, or no figure (no count). */
export function endsSection(cells: CellGrid, r: number): boolean {
  const filled = (cells[r] ?? []).filter((c) => cellText(c).trim() !== '');
  return filled.length <= 1 || filled.every((c) => figureOf(c) === null) || isBlankRow(cells[r - 1]);
}

/** Why a row under a heading saying its rows are not bought is no line, in words. */
export function notBoughtDetail(heading: string): string {
  return `listed under the heading ${quote(heading, 40)}: not bought`;
}
