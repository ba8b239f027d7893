/**
 * The order review, without React or Excel: the lines the selected rows make (order-lines.ts) with
 * their quantities rounded to MOQ and pack size, the estimate per currency, the checkout request the
 * form makes, and every problem placed next to the field or line it concerns, in a buyer's words.
 */
import { MAX_QUANTITY } from '../checkout';
import { orderQuantity } from '../pricing/quantity';
import type { ReviewLine } from './order-lines';
import { groupedCount } from '../text/plural';

export type OrderEnvironment = 'test' | 'production';

export {
  type LeftOutRow,
  type OrderGroup,
  type OrderMark,
  type OrderPlan,
  type OrderedRow,
  type ReviewLine,
  planOrder,
} from './order-lines';

function count(n: number): string {
  return groupedCount(n);
}

/**
 * Need → order quantity and why, in the plan's words: `Need 20 → order 100: minimum order 100 (80 spare)`;
 * null when the sheet has no need for the line.
 */
export function quantityStory(line: Pick<ReviewLine, 'need' | 'planned' | 'reasons'>): string | null {
  if (line.need === null || line.planned === null) return null;
  const { overage, overbuy, sharedWith } = line.reasons;
  const why: string[] = [];
  if (overage) why.push(`${count(overage.extra)} overage`);
  if (overbuy) why.push(`${overbuy.why}, ${count(overbuy.spare)} spare`);
  if (sharedWith) why.push(`bought together with ${sharedWith}`);
  // Results priced before the plan was kept as a record, whose notes do not say why: what could not be recovered.
  if (why.length === 0 && line.planned > line.need)
    why.push('why more than the need is bought is not known (priced by an earlier version: price again to see why)');
  return `Need ${count(line.need)} → order ${count(line.planned)}${why.length > 0 ? `: ${why.join('; ')}` : ''}`;
}

/** `quantity` rounded up to the MOQ and a whole number of packs, as the checkout takes it. */
export function roundedToMoqAndPacks(quantity: number, moq: number, pack: number): number {
  return orderQuantity(quantity, { moq, packSize: pack });
}

/** The quantity a line orders: what was entered, rounded up to the MOQ and a whole number of packs. */
export interface LineQuantity {
  /** Null when the entry is not a whole number from 1 to 999,999,999. */
  quantity: number | null;
  /** "30 → 100 (minimum 100)" when rounding changed the entry. */
  change: string | null;
  /** Why the entry cannot be used. */
  problem: string | null;
}

export function lineQuantity(line: Pick<ReviewLine, 'entered' | 'moq' | 'pack'>): LineQuantity {
  const text = line.entered.trim().replace(/[,\s]/g, '');
  if (text === '') return { quantity: null, change: null, problem: 'Enter the quantity to order.' };
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_QUANTITY) {
    return { quantity: null, change: null, problem: `Enter a whole number of parts from 1 to ${count(MAX_QUANTITY)}.` };
  }
  const entered = Number(text);
  const moq = line.moq ?? 1;
  const pack = line.pack ?? 1;
  const quantity = roundedToMoqAndPacks(entered, moq, pack);
  if (quantity > MAX_QUANTITY)
    return {
      quantity: null,
      change: null,
      problem: `Rounded to whole packs this is more than ${count(MAX_QUANTITY)}.`,
    };
  if (quantity === entered) return { quantity, change: null, problem: null };
  const why: string[] = [];
  if (entered < moq) why.push(`minimum ${count(moq)}`);
  if (pack > 1 && Math.max(entered, moq) % pack !== 0) why.push(`packs of ${count(pack)}`);
  return { quantity, change: `${count(entered)} → ${count(quantity)} (${why.join(', ')})`, problem: null };
}

/** The estimated subtotal per currency, at the sheet's unit prices; currencies are never added together. */
export function estimate(lines: readonly ReviewLine[]): Array<{ currency: string; amount: number }> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const { quantity } = lineQuantity(line);
    if (quantity === null || line.unitPrice === null) continue;
    const currency = line.currency || '?';
    totals.set(currency, (totals.get(currency) ?? 0) + quantity * line.unitPrice);
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }));
}

export function money(amount: number, currency: string): string {
  const zeroDecimals = currency === 'JPY' || currency === 'KRW';
  const digits = zeroDecimals ? 0 : 2;
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}
