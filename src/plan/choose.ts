/**
 * Which offer (or offers) to buy a part's need from, and how many: the lowest total paid in the user's currency.
 *
 * For each offer that can fill the need from its own stock, every quantity worth considering is priced: the need
 * rounded up to MOQ and pack size, and the start of each later price break (a larger order can cost less in all).
 * The cheapest total wins; ties go to the offer with more stock, then the shorter lead time, then the lower
 * sourcePartId, so the answer never depends on the order offers arrive in. When no single offer has the stock,
 * the need is split across offers (cheapest unit price first, every order of up to five offers tried), and when
 * even all of them together fall short, everything in stock is bought and the shortfall is said.
 *
 * Amounts are compared in micro-units of the user's currency after conversion (rates.ts); an offer in a currency
 * without a rate does not compete.
 */
import type { Offer, PriceBreak } from '../catalog/model';
import { extendedMicro } from '../pricing/money';
import { largestOrderWithin, orderQuantity } from '../pricing/quantity';
import { type RateTable, convertMicro, rateOf } from '../pricing/rates';
import { stockCount } from '../pricing/stock';
import { priceAtQuantity, sortedBreaks } from '../pricing/tiers';

/** One offer bought: how many, at what price, in its own currency and in the user's. */
export interface Purchase {
  offer: Offer;
  qty: number;
  tier: PriceBreak;
  /** Unit price in the offer's currency. */
  unitPrice: number;
  offerCurrency: string;
  /** qty × unitPrice in the offer's currency, micro-units. */
  offerMicro: bigint;
  /** The same converted to the user's currency, micro-units. */
  micro: bigint;
  /** Units of the user's currency per unit of the offer's; 1 when they are the same. */
  rate: number;
}

export type OverbuyReason = 'moq' | 'pack' | 'break' | 'split';

export interface Choice {
  purchases: Purchase[];
  /** Total bought. */
  bought: number;
  /** Total paid, user's currency, micro-units. */
  micro: bigint;
  /** Whether the purchases fill the need. */
  covers: boolean;
  /** Why more is bought than needed, when it is. */
  overbuy: OverbuyReason | null;
  /** With overbuy 'break': what the need itself would have cost, micro-units. */
  atNeedMicro: bigint | null;
}

export interface OfferPool {
  /** Offers that can be priced at some quantity and converted. */
  priced: Offer[];
  /** Currencies of priced offers that could not be converted. */
  unconverted: string[];
}

/** Offers with a price and a rate into the user's currency. */
export function pricedPool(offers: readonly Offer[], rates: RateTable): OfferPool {
  const priced: Offer[] = [];
  const unconverted = new Set<string>();
  for (const offer of offers) {
    if (offer.quoteOnly || offer.breaks.length === 0) continue;
    if (rateOf(rates, offer.currency) === null) {
      unconverted.add(offer.currency.trim().toUpperCase());
      continue;
    }
    priced.push(offer);
  }
  return { priced, unconverted: [...unconverted].sort() };
}

function purchaseAt(offer: Offer, qty: number, rates: RateTable): Purchase | null {
  const price = priceAtQuantity(offer, qty);
  if (price.unitPrice === null) return null;
  const offerMicro = extendedMicro(price.unitPrice, qty);
  const micro = convertMicro(offerMicro, offer.currency, rates);
  if (micro === null) return null;
  return {
    offer,
    qty,
    tier: price.tier,
    unitPrice: price.unitPrice,
    offerCurrency: offer.currency.trim().toUpperCase(),
    offerMicro,
    micro,
    rate: rateOf(rates, offer.currency) ?? 1,
  };
}

/** An offer's lead time in weeks, or null when it publishes none. */
export function leadOf(offer: Offer): number | null {
  const lead = offer.leadTimeWeeks;
  return typeof lead === 'number' && Number.isFinite(lead) && lead >= 0 ? lead : null;
}

function compareLead(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Cost, then more stock, then shorter lead time, then sourcePartId. */
function compareSingle(a: Purchase, b: Purchase): number {
  if (a.micro !== b.micro) return a.micro < b.micro ? -1 : 1;
  return (
    stockCount(b.offer) - stockCount(a.offer) ||
    compareLead(leadOf(a.offer), leadOf(b.offer)) ||
    a.qty - b.qty ||
    compareText(a.offer.sourcePartId, b.offer.sourcePartId)
  );
}

/** The quantities worth pricing for `need` at one offer: the need rounded up, and each later break's start, up to `cap`. */
function quantitiesFor(offer: Offer, need: number, cap: number): number[] {
  const first = orderQuantity(need, offer);
  const out = first <= cap ? [first] : [];
  for (const tier of sortedBreaks(offer.breaks)) {
    if (!Number.isSafeInteger(tier.minQty) || tier.minQty <= first) continue;
    const qty = orderQuantity(tier.minQty, offer);
    if (qty <= cap && !out.includes(qty)) out.push(qty);
  }
  return out;
}

/** The cheapest purchase of at least `need` at one offer, within `cap`; null when none can be priced. */
function cheapestAt(offer: Offer, need: number, cap: number, rates: RateTable): Purchase | null {
  let best: Purchase | null = null;
  for (const qty of quantitiesFor(offer, need, cap)) {
    const p = purchaseAt(offer, qty, rates);
    if (p && (best === null || p.micro < best.micro || (p.micro === best.micro && p.qty < best.qty))) best = p;
  }
  return best;
}

function overbuyOf(purchase: Purchase, need: number, rates: RateTable): { overbuy: OverbuyReason | null; atNeed: bigint | null } {
  if (purchase.qty <= need) return { overbuy: null, atNeed: null };
  const minimal = orderQuantity(need, purchase.offer);
  if (purchase.qty > minimal) {
    const atNeed = purchaseAt(purchase.offer, minimal, rates);
    return { overbuy: 'break', atNeed: atNeed ? atNeed.micro : null };
  }
  const moq = purchase.offer.moq;
  return { overbuy: Number.isFinite(moq) && moq > need && minimal === orderQuantity(moq, purchase.offer) ? 'moq' : 'pack', atNeed: null };
}

/** The largest quantity an offer can sell from stock: MOQ met, whole packs; 0 when its stock is under the MOQ. */
function sellableFromStock(offer: Offer): number {
  return largestOrderWithin(stockCount(offer), offer);
}

/**
 * Buys in the given order of offers until the need is met or the offers' stock is used up. Each offer sells the
 * cheapest quantity that covers what is left (up to a price break when what is left has no price of its own), or,
 * when its stock cannot, all it can sell.
 */
function fillInOrder(order: readonly Offer[], need: number, rates: RateTable): Purchase[] {
  const purchases: Purchase[] = [];
  let remaining = need;
  for (const offer of order) {
    if (remaining <= 0) break;
    const cap = sellableFromStock(offer);
    if (cap === 0) continue;
    const p = cheapestAt(offer, remaining, cap, rates) ?? purchaseAt(offer, cap, rates);
    if (!p) continue;
    purchases.push(p);
    remaining -= p.qty;
  }
  return purchases;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest]);
  });
  return out;
}

const MAX_SPLIT_OFFERS = 5;

function sum(purchases: readonly Purchase[]): { bought: number; micro: bigint } {
  let bought = 0;
  let micro = 0n;
  for (const p of purchases) {
    bought += p.qty;
    micro += p.micro;
  }
  return { bought, micro };
}

/** Unit price in micro-units of the user's currency at the quantity the offer would sell for `need`. */
function unitMicroFor(offer: Offer, need: number, rates: RateTable): number {
  const qty = Math.max(1, Math.min(orderQuantity(need, offer), Math.max(sellableFromStock(offer), 1)));
  const p = purchaseAt(offer, qty, rates);
  return p ? Number(p.micro) / qty : Number.POSITIVE_INFINITY;
}

/**
 * Splits the need across offers when no single one has the stock. Every order of the cheapest five offers is
 * tried (120 at most); the plan that covers the need at the lowest total wins, or, when none covers, the one that
 * buys the most.
 */
function split(offers: readonly Offer[], need: number, rates: RateTable): Purchase[] {
  const stocked = offers
    .filter((o) => sellableFromStock(o) > 0)
    .map((o) => ({ o, unit: unitMicroFor(o, need, rates) }))
    .sort((a, b) => a.unit - b.unit || compareText(a.o.sourcePartId, b.o.sourcePartId))
    .map((x) => x.o);
  const head = stocked.slice(0, MAX_SPLIT_OFFERS);
  const tail = stocked.slice(MAX_SPLIT_OFFERS);
  let best: { purchases: Purchase[]; bought: number; micro: bigint } | null = null;
  for (const order of permutations(head)) {
    const purchases = fillInOrder([...order, ...tail], need, rates);
    const { bought, micro } = sum(purchases);
    const covers = bought >= need;
    if (best === null) {
      best = { purchases, bought, micro };
      continue;
    }
    const bestCovers = best.bought >= need;
    if (covers !== bestCovers ? covers : covers ? micro < best.micro : bought > best.bought || (bought === best.bought && micro < best.micro)) {
      best = { purchases, bought, micro };
    }
  }
  return best ? best.purchases.sort((a, b) => b.qty - a.qty || compareText(a.offer.sourcePartId, b.offer.sourcePartId)) : [];
}

/**
 * The plan for one part's need among `offers` (already filtered to the sources to use, or to a pinned offer).
 * Returns null when no offer can be priced at any quantity (quote only, or no rate).
 */
export function chooseOffers(offers: readonly Offer[], need: number, rates: RateTable): Choice | null {
  const singles: Purchase[] = [];
  for (const offer of offers) {
    const cap = sellableFromStock(offer);
    if (cap < need) continue;
    const p = cheapestAt(offer, need, cap, rates);
    if (p) singles.push(p);
  }
  if (singles.length > 0) {
    const winner = singles.reduce((best, p) => (compareSingle(p, best) < 0 ? p : best));
    const { overbuy, atNeed } = overbuyOf(winner, need, rates);
    return {
      purchases: [winner],
      bought: winner.qty,
      micro: winner.micro,
      covers: true,
      overbuy,
      atNeedMicro: atNeed,
    };
  }
  const purchases = split(offers, need, rates);
  if (purchases.length > 0) {
    const { bought, micro } = sum(purchases);
    const covers = bought >= need;
    let overbuy: OverbuyReason | null = null;
    if (bought > need) overbuy = purchases.length > 1 ? 'split' : overbuyOf(purchases[0], need, rates).overbuy;
    return {
      purchases,
      bought,
      micro,
      covers,
      overbuy,
      atNeedMicro: null,
    };
  }
  return null;
}

/**
 * For a need nothing in stock can fill: the offer a buyer would wait for (shortest lead time, then lowest total),
 * priced at the need rounded to its MOQ and pack, for the line's information.
 */
export function backorderQuote(offers: readonly Offer[], need: number, rates: RateTable): Purchase | null {
  const quotes: Purchase[] = [];
  for (const offer of offers) {
    const p = purchaseAt(offer, orderQuantity(need, offer), rates);
    if (p) quotes.push(p);
  }
  quotes.sort(
    (a, b) =>
      compareLead(leadOf(a.offer), leadOf(b.offer)) || (a.micro < b.micro ? -1 : a.micro > b.micro ? 1 : 0) || compareText(a.offer.sourcePartId, b.offer.sourcePartId),
  );
  return quotes[0] ?? null;
}
