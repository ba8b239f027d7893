/**
 * What a part, or one of its offers, would cost for a need, as the plan would buy it: the figures the task pane shows
 * beside a candidate (ambiguous lines, replacement search) and beside each offer of a line (the offers view). They
 * come from planPart itself, so what the pane shows is what the plan pays when the user picks it.
 */
import type { Offer, Part } from '../catalog/model';
import { fromMicro } from '../pricing/money';
import { stockOf } from '../pricing/stock';
import { leadOf } from './choose';
import { type PartPlan, type PlanOptions, planPart } from './plan';

export interface Quote {
  /** 'planned' covers the need; 'short' buys what there is; 'no-price' has no price at any quantity. */
  status: PartPlan['status'];
  /** What is bought for the need (MOQ, packs and breaks applied). */
  bought: number;
  /** Average unit price paid, in `currency`; null without a price. */
  unitPrice: number | null;
  /** What is paid for `bought`, in `currency`; null without a price. */
  total: number | null;
  /** The user's currency every amount is in. */
  currency: string;
  /** Stock of the offers bought from (of the offer, for one offer); with nothing bought, of the offers considered. */
  stock: number;
  /** The part's lifecycle as the service gives it ('' when not given). */
  lifecycle: string;
  notActive: boolean;
  /** Where it is bought: the source codes, joined with " + " when split. */
  source: string;
  leadTimeWeeks: number | null;
  /** Why there is no price, or what the plan says about the purchase (overbuy, shortfall, conversion). */
  notes: string[];
  /** With no price: why, in a buyer's words (the plan's noPriceReason); absent otherwise. */
  noPriceReason?: string;
}

function quoteOf(plan: PartPlan, offers: readonly Offer[], base: string): Quote {
  const priced = plan.purchases.length > 0 || plan.quote !== null;
  const shown =
    plan.purchases.length > 0 ? plan.purchases.map((p) => p.offer) : plan.quote ? [plan.quote.offer] : offers;
  return {
    status: plan.status,
    bought: plan.bought,
    unitPrice: plan.unitPrice,
    total: plan.purchases.length > 0 ? fromMicro(plan.micro) : plan.quote ? fromMicro(plan.quote.micro) : null,
    currency: base,
    stock: plan.purchases.length > 0 ? plan.stock : stockOf(shown),
    lifecycle: plan.lifecycle,
    notActive: plan.notActive,
    source: priced ? shown.map((o) => o.sourceCode || o.sourceName).join(' + ') : '',
    leadTimeWeeks: plan.leadTimeWeeks ?? (shown.length === 1 ? leadOf(shown[0]) : null),
    notes: plan.notes,
    ...(plan.noPriceReason === null ? {} : { noPriceReason: plan.noPriceReason }),
  };
}

/** What the plan would pay for `need` of this part, choosing among its offers as it does for a BOM line. */
export function quotePart(part: Part, need: number, options: PlanOptions): Quote {
  const plan = planPart({ part, lines: [{ id: 0, need, pinned: null }] }, options);
  return quoteOf(plan, part.offers, options.rates.base);
}

/** What the plan would pay for `need` bought from this one offer (as when the line pins it). */
export function quoteOffer(part: Part, offer: Offer, need: number, options: PlanOptions): Quote {
  const plan = planPart(
    { part: { ...part, offers: [offer] }, lines: [{ id: 0, need, pinned: offer.sourcePartId }] },
    options,
  );
  return quoteOf(plan, [offer], options.rates.base);
}
