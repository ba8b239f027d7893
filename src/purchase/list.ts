/**
 * One purchase list for several BOMs, net of the stock on hand and of what is already on order.
 *
 * Reading and matching. Every BOM is read as a single one is (src/bom) and all their lines are looked up together:
 * one lookup per distinct part number across all BOMs, the same matching (src/match) as a single BOM. A line's part
 * is the same part in two BOMs when its matched part (the catalog's item) is. Lines that match no part (not found,
 * ambiguous, a failed lookup, a line with nothing to look it up by) are listed per BOM and bought by nobody.
 *
 * Needs. Per part, each BOM needs Σ (quantity per board × builds + overage) over its lines of the part, the overage
 * per line as the plan counts it. Stock on hand and on order apply to that need: a stock row applies to a part when
 * its part number was looked up for a BOM line and the same matching chooses that part for it; a row the matching
 * cannot settle (another maker, several makers) is listed and not applied. The net need (total need − on hand − on
 * order, never below 0) is planned as one line by the plan (src/plan), so MOQ, packs and price breaks apply to the
 * combined need: 45 and 30 of a part reach the 100 break together when that is cheaper.
 *
 * Allocation. The BOMs take the stock on hand first, then what is on order, in the order they are listed (the
 * first listed first); what each still lacks is its share of what is bought, again in listed order when the part is
 * short. Shares add up to the quantity bought less the spares; the part's cost is spread over the shares exactly to
 * the micro-unit (src/plan's allocateMicro), so the BOMs' costs add up to what is paid.
 *
 * Buildable now. Per BOM, in listed order, the builds (up to its build quantity) the stock covers, and the part that
 * limits them; each BOM takes the stock its buildable builds use before the next is counted, so two BOMs never count
 * the same parts. Counted once with the stock on hand and once with on hand plus on order. A BOM with a line whose
 * part is unknown is buildable 0 times: its stock cannot be known.
 */
import { fromMicro } from '../pricing/money';
import { NO_OVERAGE } from '../plan/plan';
import { needFor } from '../plan/need';
import type { BomLookupPort } from './price-lines';
import { applyStock } from './apply-stock';
import { blockingLine, blockingWords, buildableNow } from './buildable';
import { bomDates } from './bom-dates';
import { type Schedule, scheduleOfTimings } from '../plan/schedule';
import { type MatchedBoms, matchBoms } from './match-boms';
import { needsAt, partRow } from './part-row';
import type {
  BomSummary,
  PurchaseBom,
  PurchaseOptions,
  PurchaseResult,
  PurchaseRow,
  StockNotApplied,
  UnlistedLine,
} from './types';

export type {
  BomDates,
  Buildable,
  BomSummary,
  PurchaseBom,
  PurchaseOffer,
  PurchaseOptions,
  PurchaseResult,
  PurchaseRow,
  PurchaseRowStatus,
  StockEntry,
  StockNotApplied,
  UnlistedLine,
} from './types';

/** The stock on hand and on order, per part (by item id), and the entries not applied. */
export interface AppliedStock {
  onHand: Map<number, number>;
  onOrder: Map<number, number>;
  notApplied: StockNotApplied[];
}

/** Applies the stock on hand, then what is on order, of `options` to the parts `matched` found. */
export function applyOptionsStock(matched: MatchedBoms, options: PurchaseOptions): AppliedStock {
  const notApplied: StockNotApplied[] = [];
  const onHand = applyStock(matched, options.onHand ?? [], false, notApplied);
  const onOrder = applyStock(matched, options.onOrder ?? [], true, notApplied);
  return { onHand, onOrder, notApplied };
}

/** Per BOM: its cost share, its parts, and what it can build now, with orders and after this purchase. */
function bomSummaries(
  matched: MatchedBoms,
  stock: AppliedStock,
  builds: readonly number[],
  rows: readonly PurchaseRow[],
  unlisted: readonly UnlistedLine[],
  options: PurchaseOptions,
): BomSummary[] {
  const stockOnly = buildableNow(builds, matched.accounts, unlisted, stock.onHand, new Map());
  const withOrders = buildableNow(builds, matched.accounts, unlisted, stock.onHand, stock.onOrder);
  const timing = options.timing ?? null;
  // After this purchase: what is on order and what the list buys, together.
  const arriving = new Map(stock.onOrder);
  for (const r of rows) arriving.set(r.part.itemId, (arriving.get(r.part.itemId) ?? 0) + r.orderQty);
  const afterPurchase = buildableNow(builds, matched.accounts, unlisted, stock.onHand, arriving);
  return matched.names.map((name, b) => {
    const blocking = blockingLine(unlisted, b);
    const mine = rows.filter((r) => r.needs[b] > 0);
    const micro = rows.reduce((a, r) => a + r.shareMicros[b], 0n);
    const listed = matched.lineCounts[b] - unlisted.filter((u) => u.bom === b && u.status !== 'skipped').length;
    return {
      name,
      builds: builds[b],
      listedLines: listed,
      unlistedLines: unlisted.filter((u) => u.bom === b).length,
      parts: mine.length,
      sharedParts: mine.filter((r) => r.sharedBy.length > 0).length,
      micro,
      cost: fromMicro(micro),
      buildableOnHand: stockOnly[b],
      buildableWithOrders: withOrders[b],
      dates: timing ? bomDates(rows, b, builds[b], timing, blocking ? blockingWords(blocking) : null) : null,
      buildableAfterPurchase: afterPurchase[b],
    };
  });
}

/**
 * The purchase list at `builds` (one per BOM, in listed order) from what `matched` found and the `stock` applied:
 * planning only, no lookup. Any number of build quantities can be listed from one match.
 */
export function listAt(
  matched: MatchedBoms,
  stock: AppliedStock,
  builds: readonly number[],
  options: PurchaseOptions = {},
): PurchaseResult {
  if (builds.length !== matched.names.length) throw new Error('one build quantity per BOM');
  const overage = options.overage ?? NO_OVERAGE;
  const context = { names: matched.names, rates: matched.rates, currency: matched.currency, options };
  const ordered = [...matched.accounts.values()].sort((a, b) => a.firstRow - b.firstRow);
  const rows = ordered.map((account) =>
    partRow(
      account,
      needsAt(account, builds, overage),
      stock.onHand.get(account.part.itemId) ?? 0,
      stock.onOrder.get(account.part.itemId) ?? 0,
      context,
    ),
  );
  const unlisted: UnlistedLine[] = matched.unlisted.map(({ perBuild, ...u }) => ({
    ...u,
    need: perBuild === null ? null : needFor(perBuild, builds[u.bom]),
  }));
  const micro = rows.reduce((a, r) => a + r.micro, 0n);
  return {
    boms: bomSummaries(matched, stock, builds, rows, unlisted, options),
    rows,
    unlisted,
    notApplied: stock.notApplied,
    micro,
    total: fromMicro(micro),
    currency: matched.currency,
    rates: matched.rates,
    lookups: matched.lookups,
    failures: matched.failures,
    pricedAt: (options.now ?? (() => new Date()))(),
    warnings: matched.warnings,
    schedule: listSchedule(rows, options),
  };
}

/**
 * The schedule of everything the list buys, with the price of time when a need-by date is given (each row's timing,
 * worked out as its part was planned: part-row.ts); null without dates.
 */
function listSchedule(rows: readonly PurchaseRow[], options: PurchaseOptions): Schedule | null {
  const timing = options.timing;
  if (!timing) return null;
  const timings = rows.flatMap((r) => (r.timing ? [r.timing] : []));
  // The list's parts for several BOMs at their own builds: no one number of boards, so no builds by the date here
  // (each BOM's are its dates, bom-dates.ts).
  return scheduleOfTimings(timings, timing.today, timing.needBy, null);
}

/**
 * The purchase list for `boms` (in priority order). One lookup per distinct part number of all BOMs, through
 * `scheduler`; the stock on hand and on order are matched to the parts found; the net need is planned.
 */
export async function planPurchase(
  boms: readonly PurchaseBom[],
  scheduler: BomLookupPort,
  options: PurchaseOptions = {},
): Promise<PurchaseResult> {
  const matched = await matchBoms(boms, scheduler, options);
  return listAt(
    matched,
    applyOptionsStock(matched, options),
    boms.map((b) => b.builds),
    options,
  );
}
