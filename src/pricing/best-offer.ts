import type { Offer, Part, PriceBreak } from '../catalog/model';
import { extendedMicro, formatAmount, fromMicro, normalizeCurrency } from './money';
import { assertQuantity, orderQuantity } from './quantity';
import { priceAtQuantity, sortedBreaks, type NoPriceReason } from './tiers';
import { stockCount, uniqueOffers } from './stock';

export interface BestOfferOptions {
  /** Only offers in this currency compete (ISO code, case-insensitive). */
  currency?: string;
  /** Only offers from these source codes compete (`MARKETPLACE`, `ACNA`…; case-insensitive). */
  sources?: readonly string[];
  /** Quote-only offers publish no price, so they never win; the option exists only to say so. */
  allowQuoteOnly?: false;
}

/** Buying more is cheaper: up to a later break, the total is lower than at the order quantity. */
export interface CheaperHint {
  qty: number;
  unitPrice: number;
  extended: number;
  /** How much less the larger order costs in total, in `currency`. */
  saving: number;
  currency: string;
  tier: PriceBreak;
  /** "Buying 100 costs 8.00 instead of 9.00". */
  message: string;
}

export interface BestOffer {
  found: true;
  offer: Offer;
  /** What must be ordered: need rounded up to MOQ and pack size. */
  orderQty: number;
  unitPrice: number;
  tier: PriceBreak;
  /** Cost of `orderQty` at `unitPrice` ("price discarding excess"), in `currency`. */
  extended: number;
  currency: string;
  /** The offer's own stock covers `orderQty`. */
  stockCovers: boolean;
  leadTimeWeeks: number | null;
  /** Why it won, in plain words ("lowest cost in stock"). */
  reason: string;
  hint: CheaperHint | null;
  /** Currencies of priced offers that did not compete (amounts in different currencies are never compared). */
  otherCurrencies: string[];
}

export type NoOfferReason =
  /** No offer at all (or none from the requested sources). */
  | 'not-found'
  /** Every offer is quote-only. */
  | 'quote-only'
  /** Offers have prices, but none at the quantity that would be ordered. */
  | 'no-price'
  /** Priced offers exist, but none in the requested currency. */
  | 'no-currency';

export interface NoOffer {
  found: false;
  reason: NoOfferReason;
  /** For the buyer: "No price: quote only". */
  message: string;
  /** With reason `no-currency`: the currencies that do have prices. */
  otherCurrencies: string[];
}

interface Candidate {
  offer: Offer;
  index: number;
  orderQty: number;
  unitPrice: number;
  tier: PriceBreak;
  micro: bigint;
  currency: string;
  covers: boolean;
  lead: number | null;
}

function leadOf(offer: Offer): number | null {
  const lead = offer.leadTimeWeeks;
  return typeof lead === 'number' && Number.isFinite(lead) && lead >= 0 ? lead : null;
}

/** Shorter lead time first; an unpublished lead time ranks after every published one. */
function compareLead(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

function compareMicro(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareTieBreak(a: Candidate, b: Candidate): number {
  return (
    compareText(a.offer.sourcePartId, b.offer.sourcePartId) ||
    compareText(a.offer.sourceCode, b.offer.sourceCode) ||
    a.index - b.index
  );
}

/**
 * In stock first. Among offers that can fill from stock: lowest extended cost, then shortest lead time.
 * Among offers that cannot: shortest lead time, then lowest extended cost. Then sourcePartId.
 */
function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.covers !== b.covers) return a.covers ? -1 : 1;
  const cost = compareMicro(a.micro, b.micro);
  const lead = compareLead(a.lead, b.lead);
  const primary = a.covers ? cost || lead : lead || cost;
  return primary || compareTieBreak(a, b);
}

function whyItWon(ranked: Candidate[]): string {
  const [winner, runnerUp] = ranked;
  const covering = ranked.filter((c) => c.covers).length;
  if (!runnerUp) return winner.covers ? 'only priced offer, in stock' : 'only priced offer (none in stock)';
  if (winner.covers) {
    if (covering === 1) return 'only offer with stock';
    if (winner.micro < runnerUp.micro) return 'lowest cost in stock';
    if (compareLead(winner.lead, runnerUp.lead) < 0) return 'shortest lead time at the same cost, in stock';
    return 'same cost and lead time in stock; first by source part id';
  }
  if (compareLead(winner.lead, runnerUp.lead) < 0) return 'shortest lead time (none in stock)';
  if (winner.micro < runnerUp.micro) return 'lowest cost at the same lead time (none in stock)';
  return 'same lead time and cost (none in stock); first by source part id';
}

/**
 * The cheapest larger order, if any later break makes the total lower than at the order quantity.
 * A larger order that the offer's stock would no longer cover is not suggested when the order itself
 * fills from stock: the saving would cost a wait.
 */
function cheaperHint(winner: Candidate): CheaperHint | null {
  const { offer } = winner;
  let best: { qty: number; unitPrice: number; tier: PriceBreak; micro: bigint } | null = null;
  for (const tier of sortedBreaks(offer.breaks)) {
    if (!Number.isSafeInteger(tier.minQty) || tier.minQty <= winner.orderQty) continue;
    const qty = orderQuantity(tier.minQty, offer);
    const price = priceAtQuantity(offer, qty);
    if (price.unitPrice === null) continue;
    if (winner.covers && stockCount(offer) < qty) continue;
    const micro = extendedMicro(price.unitPrice, qty);
    if (micro < winner.micro && (best === null || micro < best.micro)) {
      best = { qty, unitPrice: price.unitPrice, tier: price.tier, micro };
    }
  }
  if (best === null) return null;
  const extended = fromMicro(best.micro);
  return {
    qty: best.qty,
    unitPrice: best.unitPrice,
    extended,
    saving: fromMicro(winner.micro - best.micro),
    currency: winner.currency,
    tier: best.tier,
    message: `Buying ${best.qty} costs ${formatAmount(extended)} instead of ${formatAmount(fromMicro(winner.micro))}`,
  };
}

function noOffer(reason: NoOfferReason, message: string, otherCurrencies: string[] = []): NoOffer {
  return { found: false, reason, message, otherCurrencies };
}

function noPriceMessage(need: number, failures: Array<{ offer: Offer; reason: NoPriceReason }>): string {
  const starts = failures
    .filter((f) => f.reason === 'below-first-break')
    .map((f) => sortedBreaks(f.offer.breaks)[0].minQty);
  const base = `No price for a quantity of ${need}`;
  return starts.length > 0 ? `${base}: price breaks start at ${Math.min(...starts)}` : base;
}

/**
 * The offer to buy `need` parts from.
 *
 * Each offer is priced at its order quantity (MOQ and pack size applied), at the tier that quantity falls
 * in; its extended cost is the cost of everything that must be bought. Offers that can fill the order
 * from their own stock win over those that cannot; among them the lowest extended cost wins, then the
 * shortest lead time. When none can fill from stock, the shortest lead time wins, then the lowest cost.
 * Remaining ties go to the lowest sourcePartId, so the answer never depends on the order of offers.
 *
 * Currency rule: amounts in different currencies are never compared. With `options.currency`, only
 * offers in that currency compete. Without it, priced offers are grouped by currency and one currency
 * is chosen without looking at amounts: a currency with an offer that fills from stock first, then
 * the currency with the most priced offers, then the alphabetically first ISO code. The currencies
 * left out are listed in `otherCurrencies`, so a caller can ask again with `currency`.
 *
 * Throws PricingError unless `need` is a whole number ≥ 1.
 */
export function bestOffer(
  part: Pick<Part, 'offers'> | readonly Offer[],
  need: number,
  options: BestOfferOptions = {},
): BestOffer | NoOffer {
  assertQuantity(need);
  let offers = uniqueOffers(Array.isArray(part) ? (part as readonly Offer[]) : (part as Pick<Part, 'offers'>).offers);
  if (options.sources && options.sources.length > 0) {
    const wanted = new Set(options.sources.map((s) => s.trim().toUpperCase()));
    offers = offers.filter((o) => wanted.has(o.sourceCode.trim().toUpperCase()));
    if (offers.length === 0) return noOffer('not-found', `No offer from ${options.sources.join(', ')}`);
  }
  if (offers.length === 0) return noOffer('not-found', 'No offer');
  if (offers.every((o) => o.quoteOnly || o.breaks.length === 0)) return noOffer('quote-only', 'No price: quote only');

  const candidates: Candidate[] = [];
  const failures: Array<{ offer: Offer; reason: NoPriceReason }> = [];
  offers.forEach((offer, index) => {
    const orderQty = orderQuantity(need, offer);
    const price = priceAtQuantity(offer, orderQty);
    if (price.unitPrice === null) {
      if (price.reason !== 'quote-only') failures.push({ offer, reason: price.reason });
      return;
    }
    candidates.push({
      offer,
      index,
      orderQty,
      unitPrice: price.unitPrice,
      tier: price.tier,
      micro: extendedMicro(price.unitPrice, orderQty),
      currency: normalizeCurrency(offer.currency),
      covers: stockCount(offer) >= orderQty,
      lead: leadOf(offer),
    });
  });
  if (candidates.length === 0) return noOffer('no-price', noPriceMessage(need, failures));

  const byCurrency = new Map<string, Candidate[]>();
  for (const c of candidates) byCurrency.set(c.currency, [...(byCurrency.get(c.currency) ?? []), c]);

  let currency: string;
  if (options.currency !== undefined && options.currency !== null && normalizeCurrency(options.currency) !== '') {
    currency = normalizeCurrency(options.currency);
    if (!byCurrency.has(currency)) {
      const offered = [...byCurrency.keys()].sort();
      return noOffer('no-currency', `No price in ${currency} (offered in ${offered.join(', ')})`, offered);
    }
  } else {
    currency = [...byCurrency.entries()].sort(
      ([codeA, a], [codeB, b]) =>
        Number(b.some((c) => c.covers)) - Number(a.some((c) => c.covers)) || b.length - a.length || compareText(codeA, codeB),
    )[0][0];
  }

  const ranked = [...(byCurrency.get(currency) ?? [])].sort(compareCandidates);
  const winner = ranked[0];
  return {
    found: true,
    offer: winner.offer,
    orderQty: winner.orderQty,
    unitPrice: winner.unitPrice,
    tier: winner.tier,
    extended: fromMicro(winner.micro),
    currency,
    stockCovers: winner.covers,
    leadTimeWeeks: winner.lead,
    reason: whyItWon(ranked),
    hint: cheaperHint(winner),
    otherCurrencies: [...byCurrency.keys()].filter((c) => c !== currency).sort(),
  };
}
