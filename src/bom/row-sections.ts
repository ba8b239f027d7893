/**
 * Rows a list's own words take out of the purchase before any column is read: a total whose only text is its label
 * ("Grand Total:" over a count that sums only some rows), and the rows under a short heading saying they are not
 * bought now ("Maybe use this in the future:", "Alternatives", "Do not populate"), up to the next blank row, row of
 * one cell, or row with no count.
 */
import { NOT_BOUGHT_HEADING } from './more-tables';
import { type SkipReason, quote } from './read-result';
import { GRAND_TOTAL, figureOf } from './read-table';
import { type CellGrid, cellText, isBlankRow } from '../text/normalize';

/** A heading is short: a few words, no sentence (no comma, no more than six words). */
const SHORT_HEADING = /^[^,;.]{1,60}$/;

export class RowSections {
  /** The heading the rows read stand under that says they are not bought, or null. */
  private unbought: string | null = null;

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
    // A heading: one short text alone on its row after a blank row (or the table's first row).
    if (texts.length === 1 && (r === dataStart || isBlankRow(cells[r - 1]))) {
      const heading = texts[0].replace(/^[#*_\s]+|[*_:\s]+$/g, '').replace(/\s+/g, ' ');
      const short = SHORT_HEADING.test(heading) && heading.split(' ').length <= 6;
      this.unbought = short && NOT_BOUGHT_HEADING.test(heading) ? heading : null;
      return null;
    }
    // The section ends at a blank row, a row of one cell, or a row with no figure (no count): another heading.
    if (this.unbought === null) return null;
    if (texts.length <= 1 || texts.length === words.length || isBlankRow(cells[r - 1])) {
      this.unbought = null;
      return null;
    }
    return { reason: 'dnp', detail: `listed under the heading ${quote(this.unbought, 40)}: not bought` };
  }
}
