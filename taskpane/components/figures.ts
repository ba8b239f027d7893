/**
 * How the pane words a quote (what the plan would pay for a candidate part or one offer): price, stock, lifecycle.
 * One wording for the ambiguous picker, the replacement search and the offers view.
 */
import type { Quote } from '../../src/plan/quote';
import { groupedCount } from '../../src/text/plural';

export function amount(n: number, currency: string): string {
  const digits = n !== 0 && Math.abs(n) < 1 ? 4 : 2;
  return `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: digits })} ${currency}`;
}

/** "0.1000 USD each (20 for 2.00 USD)", or why there is no price. */
export function priceText(q: Quote): string {
  if (q.unitPrice === null) return q.noPriceReason ?? 'no price';
  const total = q.total === null ? '' : ` (${groupedCount(q.bought)} for ${amount(q.total, q.currency)})`;
  return `${amount(q.unitPrice, q.currency)} each${q.bought > 0 ? total : ''}`;
}

/** "420 in stock"; with none, the wait when one is published (a lead time of 0 weeks is none). */
export function stockText(q: Quote): string {
  if (q.stock > 0) return `${groupedCount(q.stock)} in stock`;
  return q.leadTimeWeeks ? `out of stock, lead time ${q.leadTimeWeeks} weeks` : 'out of stock, no lead time published';
}

export function lifecycleText(q: Quote): string {
  return q.lifecycle ? q.lifecycle : 'lifecycle not given';
}

/** Price, stock and lifecycle on one line. */
export function quoteLine(q: Quote): string {
  return [priceText(q), stockText(q), lifecycleText(q)].join(' · ');
}

export function leadText(weeks: number | null): string {
  return weeks === null || weeks === 0 ? '—' : `${weeks} wk`;
}
