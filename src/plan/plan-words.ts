/** The words of a part's plan that say its offers: the source, the wait, the lifecycle (plan.ts writes its notes with them). */
import type { Offer } from '../catalog/model';
import { stockCount } from '../pricing/stock';
import { whyNoneFromStock } from './choose';
import { firstAndMore } from '../text/words';

export function sourceLabel(offer: Offer): string {
  return offer.sourceCode || offer.sourceName || 'offer';
}

export function lifecycleNote(status: string): string {
  const s = status.trim();
  if (/^obsolete$/i.test(s)) return 'lifecycle Obsolete: find a replacement before the stock runs out';
  if (/^nrnd$/i.test(s)) return 'lifecycle NRND: not recommended for new designs';
  return `lifecycle ${s}`;
}

/** Why nothing can be bought from stock at any of the offers: each offer's reason, or one for all when all are out. */
export function noneFromStockText(offers: readonly Offer[]): string {
  if (offers.every((o) => stockCount(o) === 0))
    return offers.length > 1 ? 'out of stock at every offer' : `out of stock at ${sourceLabel(offers[0])}`;
  const reasons = firstAndMore(offers, 3, (o) => whyNoneFromStock(o, sourceLabel(o)), { between: '; ', rest: 'offer' });
  return `nothing can be bought from stock: ${reasons}`;
}

export function leadText(weeks: number | null): string {
  return weeks === null
    ? 'lead time not published'
    : weeks === 0
      ? 'no lead time published'
      : `lead time ${weeks} weeks`;
}
