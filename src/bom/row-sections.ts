/**
 * Rows a list's own words take out of the purchase before any column is read: a total whose only text is its label
 * ("Grand Total:" over a count that sums only some rows), and the rows under a heading saying they are not bought
 * now ("Maybe use this in the future:", "Alternatives", "Do not populate"), up to the next heading.
 */
import { NOT_BOUGHT_HEADING } from './more-tables';
import { TOTAL_WORDS } from './row-quantity';
import { type SkipReason, quote } from './read-result';
import { type CellGrid, cellText, isBlankRow } from '../text/normalize';

/** A cell that is a figure (a count or an amount), written as a number or as text. */
const FIGURE = /^[-+]?[$€£¥]?\s*\d[\d,.' ]*\s*[$€£¥%]?$/;

export class RowSections {
  /** The heading the rows read stand under that says they are not bought, or null. */
  private unbought: string | null = null;

  /** Why row `r` is no line to buy by the list's own words, or null; rows are asked in order. */
  skip(
    cells: CellGrid,
    r: number,
    dataStart: number,
  ): { reason: SkipReason; detail: string; quantityPerBoard?: number } | null {
    const texts = (cells[r] ?? []).map((c) => cellText(c).trim()).filter((t) => t !== '');
    const words = texts.filter((t) => !FIGURE.test(t));
    // A heading: one text alone on its row after a blank row (or the table's first row), no figure beside it.
    if (words.length === 1 && texts.length === 1 && (r === dataStart || isBlankRow(cells[r - 1]))) {
      const heading = words[0].replace(/^[#*_\s]+|[*_\s]+$/g, '');
      this.unbought = NOT_BOUGHT_HEADING.test(heading) ? heading : null;
      return null;
    }
    if (words.length === 1 && texts.length > 1 && words[0].length <= 24 && TOTAL_WORDS.test(words[0]))
      return { reason: 'no-part-number', detail: `a total (${quote(words[0], 24)}), not a line` };
    if (this.unbought === null || texts.length === 0) return null;
    return { reason: 'dnp', detail: `listed under the heading ${quote(this.unbought, 40)}: not bought` };
  }
}
