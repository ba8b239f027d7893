/**
 * What a row priced before its plan record kept reasons and marks says in its Status words, read once: the order
 * review of such a workbook shows the plan's own reasons instead of working them out again, and says what it could
 * not recover. Rows priced since carry the record (record.ts, marks.ts), and nothing reads their words. The note
 * forms read here are the ones plan.ts wrote:
 *
 * - `need 100 + 5 overage`
 * - `250 for 120: buying 250 costs 62.50 instead of 75.00 USD (saves 12.50; 130 spare)`, `100 for 20: minimum
 *   order 100 (80 spare)`, `… sold in packs of 10 (…)`, `… price breaks start at 10 (…)`, `… MOQ and packs of the
 *   offers split across (…)`
 * - `bought with rows 4, 7: 300 for a need of 260` (a part several lines share)
 */

import type { LineMarks } from './marks';

export interface QuantityReasons {
  /** The BOM's need and the overage added to it, when the plan added some. */
  overage: { need: number; extra: number } | null;
  /** What was bought, for what need, why, and how many are spare, when the plan bought more than the need. */
  overbuy: { bought: number; need: number; why: string; spare: number } | null;
  /** The other rows that share the part's purchase, as the note names them (`rows 4, 7`). */
  sharedWith: string | null;
}

const NUMBER = '(\\d{1,3}(?:,\\d{3})*|\\d+)';
const OVERAGE = new RegExp(`(?:^|; )need ${NUMBER} \\+ ${NUMBER} overage(?=;|$)`);
const OVERBUY = new RegExp(`(?:^|; )${NUMBER} for ${NUMBER}: (.+?) \\((?:([^()]*); )?${NUMBER} spare\\)(?=;|$)`);
const SHARED = new RegExp(`(?:^|; )bought with (rows? [\\d, ]+(?: and \\d+ more)?): ${NUMBER} for a need of ${NUMBER}`);

function num(text: string): number {
  return Number(text.replace(/,/g, ''));
}

const LEGACY_OVERBUY =
  /(?:^|; )overbuy: (\d{1,3}(?:,\d{3})*(?:\.\d+)?) ([A-Z]{3}) of spares \((\d+) % of the line's cost\)/;

/**
 * The marks of a row priced before marks were kept in its plan record, read once from its Status words ("quote only",
 * "overbuy: 2,576.48 USD of spares (99 % of the line's cost)"). Nothing else reads the words.
 */
export function legacyMarks(statusReason: string): LineMarks {
  const marks: LineMarks = {};
  if (/quote only|quote-only/i.test(statusReason)) marks.quoteOnly = true;
  const over = LEGACY_OVERBUY.exec(statusReason);
  if (over) marks.overbuy = { spare: num(over[1]), currency: over[2], percent: Number(over[3]) };
  return marks;
}

/** The plan's quantity reasons in a Status reason (the text after "priced:"); nulls where the plan said nothing. */
export function readQuantityReasons(statusReason: string): QuantityReasons {
  const overage = OVERAGE.exec(statusReason);
  const overbuy = OVERBUY.exec(statusReason);
  const shared = SHARED.exec(statusReason);
  return {
    overage: overage ? { need: num(overage[1]), extra: num(overage[2]) } : null,
    overbuy: overbuy
      ? {
          bought: num(overbuy[1]),
          need: num(overbuy[2]),
          why: overbuy[4] ? `${overbuy[3]} (${overbuy[4]})` : overbuy[3],
          spare: num(overbuy[5]),
        }
      : null,
    sharedWith: shared ? shared[1] : null,
  };
}
