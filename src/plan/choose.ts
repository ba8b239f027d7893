/**
 * Which offer (or offers) to buy a part's need from, and how many: the lowest total paid in the user's currency.
 *
 * Every combination of offers and quantities that respects MOQ, pack size, stock and price breaks competes, single
 * offers and splits alike (optimum.ts finds the cheapest exactly). Buying more than the need is one of those
 * combinations: a larger order can cost less in all. On a tie a single offer wins over a split; between single
 * offers the one with more stock, then the shorter lead time, then the lower sourcePartId, so the answer never
 * depends on the order offers arrive in. When even all the offers together fall short, everything they can sell
 * is bought and the shortfall is said.
 *
 * Amounts are compared in micro-units of the user's currency after conversion (rates.ts); an offer in a currency
 * without a rate does not compete.
 */
import type { Offer, PriceBreak } from '../catalog/model';
import { extendedMicro } from '../pricing/money';
import { orderQuantity, positiveCount } from '../pricing/quantity';
import { type RateTable, convertMicro, rateOf } from '../pricing/rates';
import { stockCount } from '../pricing/stock';
import { priceAtQuantity } from '../pricing/tiers';
import { groupedCount as count } from '../text/plural';
import { cappedModel, cheapestCover, lowestCost, offerModel, unlimitedModel } from './optimum';
import type { OfferModel } from './offer-model';

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
  /** Whether every plan was tried (false only for parts whose search hit its work limit, see optimum.ts). */
  exhaustive: boolean;
  /** When the split setting kept one offer although a split cost less: what the split would have saved, micro-units. */
  splitForgone: bigint | null;
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
  // Made only for a part with an offer in a currency without a rate: most parts have none.
  let unconverted: Set<string> | null = null;
  for (let k = 0; k < offers.length; k++) {
    const offer = offers[k];
    if (offer.quoteOnly || offer.breaks.length === 0) continue;
    if (rateOf(rates, offer.currency) === null) {
      (unconverted ??= new Set<string>()).add(offer.currency.trim().toUpperCase());
      continue;
    }
    priced.push(offer);
  }
  return { priced, unconverted: unconverted === null ? [] : [...unconverted].sort() };
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

function overbuyOf(
  purchase: Purchase,
  need: number,
  rates: RateTable,
): { overbuy: OverbuyReason | null; atNeed: bigint | null } {
  if (purchase.qty <= need) return { overbuy: null, atNeed: null };
  const minimal = orderQuantity(need, purchase.offer);
  if (purchase.qty > minimal) {
    const atNeed = purchaseAt(purchase.offer, minimal, rates);
    return { overbuy: 'break', atNeed: atNeed ? atNeed.micro : null };
  }
  const moq = purchase.offer.moq;
  return {
    overbuy: Number.isFinite(moq) && moq > need && minimal === orderQuantity(moq, purchase.offer) ? 'moq' : 'pack',
    atNeed: null,
  };
}

export interface ChooseOptions {
  /**
   * Buy from several offers only when that saves at least this percentage of the best single offer's cost
   * (0, the default: any saving). Buyers who prefer one reel set it; the saving given up is said on the line.
   */
  splitMinSavingPercent?: number;
  /**
   * The most each offer may sell, when not its stock: what arrives by a need-by date (src/plan/arrival.ts
   * capacityBy). Absent: each offer sells from its stock.
   */
  capOf?: (offer: Offer) => number;
}

/** The best single offer that covers the need from its own stock: cost, then the tie rules of compareSingle. */
function bestSingle(models: readonly OfferModel[], need: number, rates: RateTable): Purchase | null {
  let best: Purchase | null = null;
  for (let k = 0; k < models.length; k++) {
    const model = models[k];
    if (model.cap < need) continue;
    const cover = cheapestCover(model, need);
    // The cover's cost is the purchase's, as a number: an offer dearer than the best so far is not priced again.
    if (cover === null || (best !== null && cover.cost > Number(best.micro))) continue;
    const p = purchaseAt(model.offer, cover.qty, rates);
    if (p && (best === null || compareSingle(p, best) < 0)) best = p;
  }
  return best;
}

function savingPercentMet(saving: bigint, single: bigint, percent: number): boolean {
  if (!(percent > 0)) return true;
  // saving / single ≥ percent / 100, in whole micro-units (percent kept to 1/1000 %).
  return saving * 100_000n >= single * BigInt(Math.round(percent * 1000));
}

function singleChoice(
  winner: Purchase,
  need: number,
  rates: RateTable,
  splitForgone: bigint | null,
  exhaustive = true,
): Choice {
  const { overbuy, atNeed } = overbuyOf(winner, need, rates);
  return {
    purchases: [winner],
    bought: winner.qty,
    micro: winner.micro,
    covers: true,
    overbuy,
    atNeedMicro: atNeed,
    exhaustive,
    splitForgone,
  };
}

/**
 * The plan for one part's need among `offers` (already filtered to the sources to use, or to a pinned offer): the
 * exact lowest total over every combination of offers and quantities (optimum.ts). A single offer wins ties with a
 * split. Returns null when no offer can sell any quantity from stock at a price (quote only, no rate, stock under
 * the MOQ or the first break).
 */
export function chooseOffers(
  offers: readonly Offer[],
  need: number,
  rates: RateTable,
  options: ChooseOptions = {},
): Choice | null {
  const models: OfferModel[] = [];
  for (let k = 0; k < offers.length; k++) {
    const offer = offers[k];
    const model = options.capOf ? cappedModel(offer, rates, options.capOf(offer)) : offerModel(offer, rates);
    if (model !== null) models.push(model);
  }
  const single = bestSingle(models, need, rates);
  const best = lowestCost(models, need, single ? Number(single.micro) : Number.POSITIVE_INFINITY);
  if (best === null) return single ? singleChoice(single, need, rates, null) : null;
  // The search stopped with nothing cheaper than the single offer found, and could not prove there is none.
  if (best.picks.length === 0) return single ? singleChoice(single, need, rates, null, false) : null;
  // Pushed one by one, not mapped: a mapped array's elements kind depends on whether the compiler or the interpreter
  // made it, and the code that reads a plan's purchases would meet two kinds of array for one.
  const purchases: Purchase[] = [];
  for (let k = 0; k < best.picks.length; k++) {
    const pick = best.picks[k];
    purchases.push(purchaseAt(pick.model.offer, pick.qty, rates)!);
  }
  purchases.sort((a, b) => b.qty - a.qty || compareText(a.offer.sourcePartId, b.offer.sourcePartId));
  const { bought, micro } = sum(purchases);
  if (single && best.covers && purchases.length > 1) {
    const saving = single.micro - micro;
    if (!savingPercentMet(saving, single.micro, options.splitMinSavingPercent ?? 0))
      return singleChoice(single, need, rates, saving);
  }
  let overbuy: OverbuyReason | null = null;
  if (bought > need) overbuy = purchases.length > 1 ? 'split' : overbuyOf(purchases[0], need, rates).overbuy;
  return {
    purchases,
    bought,
    micro,
    covers: best.covers,
    overbuy,
    atNeedMicro: null,
    exhaustive: best.exhaustive,
    splitForgone: null,
  };
}

function sum(purchases: readonly Purchase[]): { bought: number; micro: bigint } {
  let bought = 0;
  let micro = 0n;
  for (let k = 0; k < purchases.length; k++) {
    const p = purchases[k];
    bought += p.qty;
    micro += p.micro;
  }
  return { bought, micro };
}

/**
 * For a need nothing in stock can fill: the offer a buyer would wait for (shortest lead time, then lowest total),
 * priced at the cheapest quantity it has a price for that covers the need (the need rounded to its MOQ and pack, or
 * the start of its first price break when the need is below it), whatever its stock, for the line's information.
 */
export function backorderQuote(offers: readonly Offer[], need: number, rates: RateTable): Purchase | null {
  const quotes: Purchase[] = [];
  for (let k = 0; k < offers.length; k++) {
    const offer = offers[k];
    const model = unlimitedModel(offer, rates);
    const cover = model ? cheapestCover(model, need) : null;
    const p = cover ? purchaseAt(offer, cover.qty, rates) : null;
    if (p) quotes.push(p);
  }
  quotes.sort(
    (a, b) =>
      compareLead(leadOf(a.offer), leadOf(b.offer)) ||
      (a.micro < b.micro ? -1 : a.micro > b.micro ? 1 : 0) ||
      compareText(a.offer.sourcePartId, b.offer.sourcePartId),
  );
  return quotes[0] ?? null;
}

/**
 * Why an offer with prices sells nothing from its stock, in a buyer's words: out of stock, or its stock under the
 * minimum order, under one pack, or under the first quantity that has a price.
 */
export function whyNoneFromStock(offer: Offer, source: string): string {
  const stock = stockCount(offer);
  if (stock === 0) return `out of stock at ${source}`;
  const have = `${source} has ${count(stock)} in stock`;
  const moq = positiveCount(offer.moq);
  const pack = positiveCount(offer.packSize);
  if (moq > stock) return `${have}, under its minimum order of ${count(moq)}`;
  if (pack > stock) return `${have}, under one pack of ${count(pack)}`;
  const first = offer.breaks.reduce((min, t) => Math.min(min, t.minQty), Number.POSITIVE_INFINITY);
  if (Number.isFinite(first) && first > stock) return `${have}, under its first price break at ${count(first)}`;
  return `${have}, none of it at a published price`;
}
