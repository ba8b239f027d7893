/**
 * One part of the purchase list: its need per BOM at the build quantities given, what the stock on hand and on order
 * cover (the BOMs take them in listed order), the net need planned as one line by the plan (src/plan), and what is
 * bought allocated back to the BOMs (shares, and the cost spread over them to the micro-unit).
 */
import { boughtForNote, overbuyMarkOf } from '../plan/marks';
import { overbuyThreshold } from '../plan/overbuy';
import { makerName } from '../match';
import { fromMicro } from '../pricing/money';
import type { RateTable } from '../pricing/rates';
import { NO_OVERAGE, type Overage, overageOf } from '../plan/plan';
import { pinsMet } from '../plan/pins';
import { buyPart, planOptionsOf } from '../plan/buy';
import { groupedCount as count } from '../text/plural';
import { needFor } from '../plan/need';
import type { PartAccount } from './match-boms';
import { offerOrigin } from './priced-layout';
import type { PurchaseOptions, PurchaseRow, PurchaseRowStatus } from './types';

/** Takes from `available` in listed order: what each of `wants` gets. */
export function takeInOrder(wants: readonly number[], available: number): number[] {
  let left = available;
  return wants.map((w) => {
    const got = Math.min(w, Math.max(0, left));
    left -= got;
    return got;
  });
}

/** Per BOM: its need of the part at `builds` (one per BOM), each line's overage counted as the plan counts it. */
export function needsAt(account: PartAccount, builds: readonly number[], overage: Overage): number[] {
  const needs = builds.map(() => 0);
  for (const line of account.lines) {
    const need = needFor(line.perBuild, builds[line.bom]);
    needs[line.bom] += need + overageOf(need, overage);
  }
  return needs;
}

/** The notes a row starts with: what the stock covered. */
function stockNote(row: {
  need: number;
  toBuy: number;
  held: number;
  coming: number;
  usedHand: number;
  usedOrder: number;
}): string | null {
  if (row.toBuy === 0) {
    const both = row.coming > 0 && row.usedOrder > 0;
    const by = both ? `on hand ${count(row.held)} and on order ${count(row.coming)}` : `on hand ${count(row.held)}`;
    return `${by} cover${both ? '' : 's'} the need of ${count(row.need)}: nothing to buy`;
  }
  if (row.usedHand + row.usedOrder === 0) return null;
  return `need ${count(row.need)} − ${count(row.usedHand)} on hand${row.usedOrder > 0 ? ` − ${count(row.usedOrder)} on order` : ''} = ${count(row.toBuy)} to buy`;
}

export interface RowContext {
  names: readonly string[];
  rates: RateTable;
  /** The list's currency, for the overbuy mark. */
  currency: string;
  options: Pick<PurchaseOptions, 'sources' | 'splitMinSavingPercent' | 'timing' | 'overbuyThreshold'>;
}

/** The row of `account` for the BOMs' `needs`, with `held` on hand and `coming` on order. */
export function partRow(
  account: PartAccount,
  needs: readonly number[],
  held: number,
  coming: number,
  context: RowContext,
): PurchaseRow {
  const { part } = account;
  const need = needs.reduce((a, n) => a + n, 0);
  const fromOnHand = takeInOrder(needs, held);
  const afterStock = needs.map((n, b) => n - fromOnHand[b]);
  const fromOnOrder = takeInOrder(afterStock, coming);
  const lacking = afterStock.map((n, b) => n - fromOnOrder[b]);
  const toBuy = lacking.reduce((a, n) => a + n, 0);
  const { options } = context;
  const timing = options.timing ?? null;
  const planOptions = planOptionsOf(context.rates, options, NO_OVERAGE);
  // The part is bought once for what each BOM still lacks, one plan line per BOM (in listed order), from the first
  // offer pinned, as a priced BOM buys a part for its lines: the plan gives each BOM its share and its cost.
  const pins = pinsMet(account.lines.map((l) => ({ pin: l.pin, by: context.names[l.bom] })));
  const lines = lacking.map((need, id) => ({ id, need }));
  const { plan, timing: dates } = buyPart({ part, lines, pins }, planOptions, toBuy > 0 ? timing : null);
  const shares = plan.lines.map((l) => l.share);
  const shareMicros = plan.lines.map((l) => l.micro);
  const notes = [...plan.notes];
  const usedOnHand = fromOnHand.reduce((a, n) => a + n, 0);
  const usedOnOrder = fromOnOrder.reduce((a, n) => a + n, 0);
  const status: PurchaseRowStatus =
    toBuy === 0 ? 'covered' : plan.status === 'planned' ? 'buy' : plan.status === 'short' ? 'short' : 'no price';
  const first = stockNote({ need, toBuy, held, coming, usedHand: usedOnHand, usedOrder: usedOnOrder });
  if (first !== null) notes.unshift(first);
  const sharedBy = context.names.filter((_, b) => needs[b] > 0);
  return {
    part,
    partNumber: part.partNumber,
    manufacturer: makerName(part),
    description: part.description,
    needs: [...needs],
    need,
    onHand: held,
    onOrder: coming,
    usedOnHand,
    usedOnOrder,
    toBuy,
    orderQty: plan.bought,
    spare: plan.spare,
    shortfall: plan.shortfall,
    purchases: plan.purchases.map((p) => ({
      source: p.offer.sourceCode || p.offer.sourceName,
      itemId: p.offer.sourcePartId,
      qty: p.qty,
      unitPrice: p.unitPrice,
      offerCurrency: p.offerCurrency,
      countryOfOrigin: offerOrigin(p.offer),
    })),
    micro: plan.micro,
    cost: fromMicro(plan.micro),
    shares,
    shareMicros,
    fromOnHand,
    fromOnOrder,
    sharedBy: sharedBy.length >= 2 ? sharedBy : [],
    status,
    whyMore: plan.bought > toBuy ? boughtForNote(plan.bought, toBuy, plan.overbuyWhy) : '',
    notes,
    plan,
    overbuy:
      status === 'buy'
        ? overbuyMarkOf(
            plan.excessMicro,
            plan.micro,
            context.currency,
            overbuyThreshold(options.overbuyThreshold),
            plan.sparesSave,
          )
        : null,
    lacking,
    timing: dates,
  };
}
