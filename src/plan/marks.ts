/**
 * A priced line's marks as fields, beside the words its Status cell says for people.
 */
import { formatMoney, fromMicro } from '../pricing/money';
import { type OverbuyThreshold, isOverbuy } from './overbuy';
import { groupedCount as count } from '../text/plural';

/**
 * What the line's Status words mark it as, kept as fields: the sheet's fill, the order review and the purchase list
 * take these, never the words.
 */
export interface LineMarks {
  /** No price: every offer is sold on quote only. */
  quoteOnly?: true;
  /** The spares cost more than the overbuy threshold: what they cost (in `currency`) and their share of the line. */
  overbuy?: { spare: number; currency: string; percent: number };
}

/** The overbuy mark in words, as the order review says it: "2,576.48 USD of spares (99 % …)". */
export function overbuyWords(mark: NonNullable<LineMarks['overbuy']>): string {
  return `${formatMoney(mark.spare, mark.currency)} of spares (${mark.percent} % of the line's cost)`;
}

/** The overbuy mark as the first note of a Status reason: "overbuy: 2,576.48 USD of spares (99 % …)". */
export function overbuyNote(mark: NonNullable<LineMarks['overbuy']>): string {
  return `overbuy: ${overbuyWords(mark)}`;
}

/**
 * The overbuy mark of a line whose spares cost `spareMicro` of its `lineMicro` (micro-units of `currency`), when they
 * pass the threshold and are no saving (a larger break that costs less than the need alone): else null.
 */
export function overbuyMarkOf(
  spareMicro: bigint,
  lineMicro: bigint,
  currency: string,
  threshold: OverbuyThreshold,
  sparesSave = false,
): LineMarks['overbuy'] | null {
  if (sparesSave || !isOverbuy(spareMicro, lineMicro, threshold)) return null;
  // Rounded down: a line whose spares are 99.6 % of its cost never reads "100 %".
  return { spare: fromMicro(spareMicro), currency, percent: Number((spareMicro * 100n) / lineMicro) };
}

/** Why a plan buys more than its need: the reason ("minimum order 100") and, for a larger break, the saving. */
export interface OverbuyWhy {
  why: string;
  detail: string | null;
}

/** The reason in one phrase: `minimum order 100`, `buying 100 costs … (saves 1.20)`. */
export function overbuyWhyText(w: OverbuyWhy): string {
  return w.detail ? `${w.why} (${w.detail})` : w.why;
}

/** A plan's overbuy as a line's reasons keep it, or null when the plan buys no more than its need or says no reason. */
export function overbuyReason(plan: {
  bought: number;
  need: number;
  overbuyWhy: OverbuyWhy | null;
}): { bought: number; need: number; why: string; spare: number } | null {
  if (plan.bought <= plan.need || plan.overbuyWhy === null) return null;
  return { bought: plan.bought, need: plan.need, why: overbuyWhyText(plan.overbuyWhy), spare: plan.bought - plan.need };
}

/**
 * The overbuy as the line's note says it, `250 for 120: minimum order 250 (130 spare)`, from the record (no reason
 * given: `250 for 120 (130 spare)`).
 */
export function boughtForNote(bought: number, need: number, over: OverbuyWhy | null): string {
  const spare = `${over?.detail ? `${over.detail}; ` : ''}${count(bought - need)} spare`;
  return `${count(bought)} for ${count(need)}${over?.why ? `: ${over.why}` : ''} (${spare})`;
}
