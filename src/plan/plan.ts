/**
 * The purchase plan: what to buy, from whom, how many, and what it costs, per part, for a whole BOM.
 *
 * Needs are added up per part across every line (and board) first, with the overage (attrition) of each line;
 * then MOQ, pack size and price breaks apply once, to the part's total (choose.ts picks the offers). What is bought
 * is allocated back to the lines in row order: each line gets its need as its share, the spares are said on the
 * part, and the part's cost is spread over its lines in proportion to their shares, exactly to the micro-unit, so
 * the lines' costs add up to what is paid. Every amount is in the user's currency; the offer's own currency and
 * price stay beside it.
 */
import type { Offer, Part } from '../catalog/model';
import { formatAmount, formatMoney, fromMicro, toMicro } from '../pricing/money';
import { type OverbuyWhy, boughtForNote } from './marks';
import { type RateTable, convertMicro } from '../pricing/rates';
import { stockCount, uniqueOffers } from '../pricing/stock';
import { sortedBreaks } from '../pricing/tiers';
import { isNotActive } from '../catalog/lifecycle';
import { groupedCount as count } from '../text/plural';
import { allocateMicro } from './allocate';

export { allocateMicro } from './allocate';
import {
  type ChooseOptions,
  type Choice,
  type OverbuyReason,
  type Purchase,
  backorderQuote,
  chooseOffers,
  leadOf,
  pricedPool,
} from './choose';
import { leadText, lifecycleNote, noneFromStockText, sourceLabel } from './plan-words';

/** Extra parts per line for attrition: `max(ceil(need × percent / 100), minExtra)`; 0 and 0 by default. */
export interface Overage {
  percent: number;
  minExtra: number;
}

export const NO_OVERAGE: Overage = { percent: 0, minExtra: 0 };

export interface PlanLineInput {
  /** The line's id (its 0-based BOM row). */
  id: number;
  /** What the BOM asks for: quantity per board × boards. */
  need: number;
  /** An offer the line names to buy (its sourcePartId), or null. */
  pinned: string | null;
}

export interface PartNeed {
  part: Part;
  lines: PlanLineInput[];
}

export interface PlanOptions {
  rates: RateTable;
  /** Only offers from these source codes compete (a pinned offer is bought wherever it is from). */
  sources?: readonly string[];
  overage?: Overage;
  /**
   * Split a part across offers only when that saves at least this percentage of the best single offer's cost
   * (default 0: whenever it saves anything). The line says what a split it kept out would have saved.
   */
  splitMinSavingPercent?: number;
  /** The most each offer may sell, when not its stock: what arrives by a need-by date (see ChooseOptions). */
  capOf?: ChooseOptions['capOf'];
}

export interface LinePlan {
  id: number;
  need: number;
  /** Overage added to the need. */
  extra: number;
  /** What is bought for this line. */
  share: number;
  /** What the line still lacks when the part is short. */
  shortfall: number;
  /** This line's part of what is paid, user's currency, micro-units. */
  micro: bigint;
  /** This line's part of the cost of spares, micro-units. */
  spareMicro: bigint;
  extended: number;
  /** The same in the offer's currency, when the part is bought from one offer. */
  offerExtended: number | null;
}

export type PartPlanStatus = 'planned' | 'short' | 'no-price';

export interface PartPlan {
  part: Part;
  status: PartPlanStatus;
  /** The lines' needs plus overage. */
  need: number;
  bomNeed: number;
  extra: number;
  purchases: Purchase[];
  bought: number;
  spare: number;
  shortfall: number;
  /** Paid, user's currency, micro-units. */
  micro: bigint;
  /** The cost of the spares (bought beyond the need), micro-units. */
  excessMicro: bigint;
  overbuy: OverbuyReason | null;
  /**
   * The spares cost nothing in all: buying only the need would cost more than what is bought (a larger break's
   * lower price). Such spares are no overbuy, whatever their share of the cost.
   */
  sparesSave: boolean;
  /** The plan is proven the cheapest there is (false: the best found within the search limit, optimum.ts). */
  proven: boolean;
  /** Why the offer won, why more is bought, splits, shortfalls, pins, lifecycle, currencies left out: for the lines. */
  notes: string[];
  /**
   * Why more than the need is bought, as a record (the order review and the purchase list read it, never the notes):
   * the reason and, for a larger break, what it saves; null when no more than the need is bought.
   */
  overbuyWhy: OverbuyWhy | null;
  /** The part's lifecycle as the service gives it ('' when not given). */
  lifecycle: string;
  /** The lifecycle is given and is not Active. */
  notActive: boolean;
  /** Stock of the offers bought from. */
  stock: number;
  /** Stock across all offers, each sourcePartId once. */
  stockAll: number;
  leadTimeWeeks: number | null;
  /** With nothing in stock: the offer a buyer would wait for, priced at the need (not bought). */
  quote: Purchase | null;
  /** The pinned offer, and whether it was found. */
  pinned: { id: string; found: boolean } | null;
  lines: LinePlan[];
  /** Average unit price paid in the user's currency (the tier price, converted, when one offer). */
  unitPrice: number | null;
  /** With status 'no-price': why, in a buyer's words ("quote only", "no offer from EUROPE"…); null otherwise. */
  noPriceReason: string | null;
  /** With status 'no-price': every offer is sold on quote only (the record the words above say). */
  quoteOnly: boolean;
}

export function overageOf(need: number, overage: Overage): number {
  const percent = Number.isFinite(overage.percent) && overage.percent > 0 ? overage.percent : 0;
  const min = Number.isFinite(overage.minExtra) && overage.minExtra > 0 ? Math.ceil(overage.minExtra) : 0;
  if (percent === 0 && min === 0) return 0;
  return Math.max(Math.ceil((need * percent) / 100 - 1e-9), min);
}

/** A purchase's unit price converted into the user's currency (a purchase only exists when its rate does). */
function unitPriceIn(p: Purchase, rates: RateTable): number {
  return fromMicro(convertMicro(toMicro(p.unitPrice), p.offerCurrency, rates) ?? 0n);
}

/**
 * Why the choice buys more than `need`, in the plan's words ("minimum order 100"; for a larger break, what it costs
 * against buying the need, with the saving as `detail`); null when it buys no more than the need.
 */
function overbuyWhy(choice: Choice, need: number, base: string): OverbuyWhy | null {
  if (choice.bought <= need) return null;
  const p = choice.purchases[0];
  switch (choice.overbuy) {
    case 'moq':
      return { why: `minimum order ${count(p.offer.moq)}`, detail: null };
    case 'pack':
      return { why: `sold in packs of ${count(p.offer.packSize)}`, detail: null };
    case 'break': {
      if (choice.atNeedMicro === null)
        return { why: `price breaks start at ${count(sortedBreaks(p.offer.breaks)[0].minQty)}`, detail: null };
      const saving = choice.atNeedMicro - choice.micro;
      return {
        why: `buying ${count(choice.bought)} costs ${formatAmount(fromMicro(choice.micro))} instead of ${formatAmount(fromMicro(choice.atNeedMicro))} ${base}`,
        detail: `saves ${formatAmount(fromMicro(saving))}`,
      };
    }
    case 'split':
      return { why: 'MOQ and packs of the offers split across', detail: null };
    default:
      return { why: '', detail: null };
  }
}

function purchaseText(p: Purchase): string {
  return `${count(p.qty)} from ${sourceLabel(p.offer)} (${p.offer.sourcePartId})`;
}

function conversionNote(p: Purchase, base: string): string | null {
  if (p.offerCurrency === base) return null;
  return `${sourceLabel(p.offer)} sells in ${p.offerCurrency}: ${formatAmount(p.unitPrice)} ${p.offerCurrency} each, ${formatAmount(fromMicro(p.offerMicro))} ${p.offerCurrency} in all, converted at 1 ${p.offerCurrency} = ${Number(p.rate.toPrecision(6))} ${base}`;
}

/** A part's offers, each sourcePartId once, from the sources to use (all when none are given). */
export function offersFromSources(offers: readonly Offer[], sources: readonly string[] | undefined): Offer[] {
  return fromSources(uniqueOffers(offers), sources);
}

/** offersFromSources of offers already made unique. */
function fromSources(all: Offer[], sources: readonly string[] | undefined): Offer[] {
  if (!sources || sources.length === 0) return all;
  const wanted = new Set(sources.map((s) => s.trim().toUpperCase()));
  return all.filter((o) => wanted.has(o.sourceCode.trim().toUpperCase()));
}

/** The offers that may be bought for this part: the pinned one when it is offered, else those of the sources to use. */
function offersFor(
  unique: Offer[],
  sources: readonly string[] | undefined,
  pinned: string | null,
): { offers: Offer[]; pinFound: boolean; sourceNote: string | null } {
  if (pinned) {
    const wanted = pinned.trim().toUpperCase();
    const hit = unique.filter((o) => o.sourcePartId.trim().toUpperCase() === wanted);
    if (hit.length > 0) return { offers: hit, pinFound: true, sourceNote: null };
  }
  const offers = fromSources(unique, sources);
  const filtered = sources !== undefined && sources.length > 0;
  return {
    offers,
    pinFound: false,
    sourceNote: filtered && offers.length === 0 ? `no offer from ${sources.join(', ')}` : null,
  };
}

/** Whether every offer is sold on quote only (none at all is not). */
function allQuoteOnly(offers: readonly Offer[]): boolean {
  return offers.length > 0 && offers.every((o) => o.quoteOnly || o.breaks.length === 0);
}

function noPriceReason(
  offers: readonly Offer[],
  unconverted: readonly string[],
  rates: RateTable,
  sourceNote: string | null,
): string {
  if (sourceNote) return sourceNote;
  if (offers.length === 0) return 'no offers';
  if (allQuoteOnly(offers)) return 'quote only';
  if (unconverted.length > 0) {
    const why = rates.missing.filter((m) => unconverted.includes(m.from)).map((m) => m.reason);
    return `offered only in ${unconverted.join(', ')}, with no rate into ${rates.base}${why.length > 0 ? ` (${why[0]})` : ''}`;
  }
  return 'no price at any quantity';
}

/** A part's plan before its offers are chosen: nothing bought, all of the need short, status 'no-price'. */
function emptyPlan(
  part: Part,
  unique: readonly Offer[],
  total: number,
  bomNeed: number,
  extra: number,
  pinned: PartPlan['pinned'],
): PartPlan {
  const lifecycle = part.status ?? '';
  return {
    part,
    status: 'no-price',
    need: total,
    bomNeed,
    extra,
    purchases: [],
    bought: 0,
    spare: 0,
    shortfall: total,
    micro: 0n,
    excessMicro: 0n,
    overbuy: null,
    sparesSave: false,
    proven: true,
    notes: [],
    overbuyWhy: null,
    lifecycle,
    notActive: isNotActive(lifecycle),
    stock: 0,
    stockAll: stockSum(unique),
    leadTimeWeeks: null,
    quote: null,
    pinned,
    lines: [],
    unitPrice: null,
    noPriceReason: null,
    quoteOnly: false,
  };
}

/** The plan takes the offers chosen: what is bought, paid and spare, and the notes that say why. */
function applyChoice(plan: PartPlan, choice: Choice, priced: readonly Offer[], options: PlanOptions): void {
  const { rates } = options;
  const base = rates.base;
  const total = plan.need;
  const notes = plan.notes;
  plan.purchases = choice.purchases;
  plan.bought = choice.bought;
  plan.micro = choice.micro;
  plan.overbuy = choice.overbuy;
  plan.sparesSave = choice.overbuy === 'break' && choice.atNeedMicro !== null && choice.atNeedMicro >= choice.micro;
  plan.proven = choice.exhaustive;
  plan.status = choice.covers ? 'planned' : 'short';
  plan.shortfall = Math.max(0, total - choice.bought);
  plan.spare = Math.max(0, choice.bought - total);
  // The stock of the offers bought from, and the longest lead time any of them publishes.
  let stock = 0;
  let lead: number | null = null;
  for (let k = 0; k < choice.purchases.length; k++) {
    const p = choice.purchases[k];
    stock += stockCount(p.offer);
    const weeks = leadOf(p.offer);
    if (weeks !== null) lead = lead === null ? weeks : Math.max(lead, weeks);
  }
  plan.stock = stock;
  plan.leadTimeWeeks = lead;
  if (choice.purchases.length > 1) {
    let split = 'split: ';
    for (let k = 0; k < choice.purchases.length; k++)
      split =
        k === 0 ? `${split}${purchaseText(choice.purchases[k])}` : `${split} + ${purchaseText(choice.purchases[k])}`;
    notes.push(split);
  }
  // Why more is bought, worked out once for the note and for the record.
  const why = overbuyWhy(choice, total, base);
  if (why) notes.push(boughtForNote(choice.bought, total, why));
  plan.overbuyWhy = why;
  if (choice.splitForgone !== null) {
    notes.push(
      `one offer kept (split only when it saves ${options.splitMinSavingPercent} % or more): a split would save ${formatAmount(fromMicro(choice.splitForgone))} ${base}`,
    );
  }
  if (!choice.exhaustive)
    notes.push(
      'best plan found within the search limit (many offers with unlike pack sizes): a cheaper combination may exist',
    );
  if (!choice.covers) {
    const waiting = backorderQuote(priced, plan.shortfall, rates);
    notes.push(
      `${count(plan.shortfall)} of ${count(total)} not bought: ${count(choice.bought)} ${options.capOf ? 'arrive in time' : 'in stock'} across offers${waiting ? `; ${leadText(leadOf(waiting.offer))} at ${sourceLabel(waiting.offer)}` : ''}`,
    );
  }
  for (let k = 0; k < choice.purchases.length; k++) {
    const p = choice.purchases[k];
    const note = conversionNote(p, base);
    if (note) notes.push(note);
  }
  plan.excessMicro = plan.bought > 0 ? (plan.micro * BigInt(plan.spare)) / BigInt(plan.bought) : 0n;
  plan.unitPrice =
    choice.purchases.length === 1
      ? unitPriceIn(choice.purchases[0], rates)
      : plan.bought > 0
        ? fromMicro(plan.micro / BigInt(plan.bought))
        : null;
}

/** Priced offers, but none can sell from stock: nothing is bought; the wait is said. */
function applyNoneFromStock(plan: PartPlan, priced: readonly Offer[], rates: RateTable, byDate: boolean): void {
  const total = plan.need;
  const quote = backorderQuote(priced, Math.max(1, total), rates);
  plan.status = quote ? 'short' : 'no-price';
  plan.quote = quote;
  if (!quote) return;
  plan.leadTimeWeeks = leadOf(quote.offer);
  plan.unitPrice = unitPriceIn(quote, rates);
  plan.notes.push(
    `${count(total)} of ${count(total)} not bought: ${byDate ? 'nothing arrives in time' : noneFromStockText(priced)}; ${leadText(leadOf(quote.offer))} at ${sourceLabel(quote.offer)}, about ${formatMoney(fromMicro(quote.micro), rates.base)} for ${count(quote.qty)}`,
  );
}

/** What is bought, given back to the lines in row order, with the cost and the spares in proportion. */
function allocateToLines(plan: PartPlan, lines: readonly PlanLineInput[], extras: readonly number[]): LinePlan[] {
  // Plain loops: this runs once per part, and builtins' arrays fed to one another cost the compiled code its place.
  const shares: number[] = [];
  let left = plan.bought;
  for (let i = 0; i < lines.length; i++) {
    const share = Math.min(lines[i].need + extras[i], left);
    left -= share;
    shares.push(share);
  }
  const costs = allocateMicro(plan.micro, shares);
  // No spares (most parts): every line's part of their cost is 0.
  const spares = plan.excessMicro === 0n ? null : allocateMicro(plan.excessMicro, shares);
  const single = plan.purchases.length === 1 ? plan.purchases[0] : null;
  // Bought in the user's currency, the offer's amounts are the plan's: the same split.
  const offerCosts = single
    ? single.offerMicro === plan.micro
      ? costs
      : allocateMicro(single.offerMicro, shares)
    : null;
  const out: LinePlan[] = [];
  for (let i = 0; i < lines.length; i++) {
    out.push({
      id: lines[i].id,
      need: lines[i].need,
      extra: extras[i],
      share: shares[i],
      shortfall: lines[i].need + extras[i] - shares[i],
      micro: costs[i],
      spareMicro: spares === null ? 0n : spares[i],
      extended: fromMicro(costs[i]),
      offerExtended: offerCosts ? fromMicro(offerCosts[i]) : null,
    });
  }
  return out;
}

/** Whether the lines are in ascending id order already (they usually come so): no sorted copy is then needed. */
function inIdOrder(lines: readonly PlanLineInput[]): boolean {
  for (let i = 1; i < lines.length; i++) if (lines[i - 1].id > lines[i].id) return false;
  return true;
}

/** Free stock of offers each sourcePartId once (stockOf, for offers already made unique). */
function stockSum(unique: readonly Offer[]): number {
  let sum = 0;
  for (let k = 0; k < unique.length; k++) sum += stockCount(unique[k]);
  return sum;
}

/**
 * The plan for one part: `lines` are the BOM lines that buy it (in row order). The pin of the first line that
 * names one applies to the part (a part is bought once); callers group lines with different pins apart.
 */
export function planPart(need: PartNeed, options: PlanOptions): PartPlan {
  const { part } = need;
  const rates = options.rates;
  const base = rates.base;
  const overage = options.overage ?? NO_OVERAGE;
  const lines = inIdOrder(need.lines) ? need.lines : [...need.lines].sort((a, b) => a.id - b.id);
  const extras: number[] = [];
  let bomNeed = 0;
  let extra = 0;
  let pinnedId: string | null = null;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k];
    const e = overageOf(l.need, overage);
    extras.push(e);
    bomNeed += l.need;
    extra += e;
    if (pinnedId === null && l.pinned) pinnedId = l.pinned;
  }
  const total = bomNeed + extra;
  // Each sourcePartId once, worked out once for the offers to buy from and the stock across them.
  const unique = uniqueOffers(part.offers);
  const { offers, pinFound, sourceNote } = offersFor(unique, options.sources, pinnedId);
  const plan = emptyPlan(part, unique, total, bomNeed, extra, pinnedId ? { id: pinnedId, found: pinFound } : null);
  const notes = plan.notes;
  if (pinnedId)
    notes.push(
      pinFound
        ? `pinned offer ${pinnedId} bought`
        : `pinned offer ${pinnedId} is not offered for this part: the best offer is bought instead`,
    );
  if (extra > 0) notes.push(`need ${count(bomNeed)} + ${count(extra)} overage`);

  const pool = pricedPool(offers, rates);
  const choice =
    pool.priced.length > 0 && total > 0
      ? chooseOffers(pool.priced, total, rates, {
          splitMinSavingPercent: options.splitMinSavingPercent,
          capOf: options.capOf,
        })
      : null;
  if (total === 0) {
    // Nothing to buy (every line of the part needs 0): planned, empty.
    plan.status = 'planned';
    plan.shortfall = 0;
  } else if (choice) applyChoice(plan, choice, pool.priced, options);
  else if (pool.priced.length > 0) applyNoneFromStock(plan, pool.priced, rates, options.capOf !== undefined);
  if (plan.status === 'no-price') {
    plan.noPriceReason = noPriceReason(offers, pool.unconverted, rates, sourceNote);
    plan.quoteOnly = sourceNote === null && allQuoteOnly(offers);
    notes.push(plan.noPriceReason);
  }
  if (pool.unconverted.length > 0 && pool.priced.length > 0) {
    notes.push(`offers in ${pool.unconverted.join(', ')} not compared: no rate into ${base}`);
  }
  if (plan.notActive) notes.push(lifecycleNote(plan.lifecycle));
  plan.lines = allocateToLines(plan, lines, extras);
  return plan;
}
