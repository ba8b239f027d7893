/**
 * What a part, or one of its offers, would cost for a need under a run's plan options: the task pane's offers of a
 * line (what pinning each offer would change) and its search for a replacement part. The plan's own rules
 * (src/plan/quote.ts) price them; the pane shows the quotes.
 */
import type { Offer, Part } from '../catalog/model';
import type { PlanOptions } from '../plan/plan';
import { type Quote, quoteOffer, quotePart } from '../plan/quote';
import type { RateBook } from '../pricing/rates';
import { uniqueOffers } from '../pricing/stock';

/** A part found, with what the plan would pay for the need of it. */
export interface QuotedPart {
  part: Part;
  quote: Quote;
}

/** Each of a part's offers quoted for `need`, and what the plan pays now (the offer bought, else its own choice). */
export interface OfferQuotes {
  offers: Array<{ offer: Offer; quote: Quote; bought: boolean }>;
  now: Quote;
}

const idKey = (id: string): string => id.trim().toUpperCase();

/**
 * The offers of `part` (each sourcePartId once) quoted for `need`; `bought`: the item ids the line's plan buys
 * (its record's items). With one offer bought, "now" is that offer's quote; when the plan splits or buys none, its
 * own choice's.
 */
export function offerQuotes(part: Part, need: number, plan: PlanOptions, bought: readonly string[]): OfferQuotes {
  const ids = new Set(bought.map(idKey));
  const offers = uniqueOffers(part.offers).map((offer) => ({
    offer,
    quote: quoteOffer(part, offer, need, plan),
    bought: ids.has(idKey(offer.sourcePartId)),
  }));
  const single = ids.size === 1 ? offers.find((o) => o.bought) : undefined;
  return { offers, now: single ? single.quote : quotePart(part, need, plan) };
}

/**
 * Parts found by a search, each quoted for `need` (at least 1) in `currency`, at rates learned for them from
 * `rateBook` as a run learns them; `plan`: the last run's plan options, when there was one.
 */
export async function quoteParts(
  parts: readonly Part[],
  need: number,
  plan: PlanOptions | undefined,
  currency: string,
  rateBook: Pick<RateBook, 'tableFor'>,
  signal?: AbortSignal,
): Promise<QuotedPart[]> {
  const rates = await rateBook.tableFor(currency, parts, signal);
  const options: PlanOptions = { ...plan, rates };
  return parts.map((part) => ({ part, quote: quotePart(part, Math.max(1, need), options) }));
}
