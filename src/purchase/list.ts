/**
 * One purchase list for several BOMs, net of the stock on hand and of what is already on order.
 *
 * Reading and matching. Every BOM is read as a single one is (src/bom) and all their lines are priced together:
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
import type { CatalogError } from '../catalog/errors';
import { isCatalogError } from '../catalog/errors';
import type { Part } from '../catalog/model';
import { type BomLine, type BomReadResult } from '../bom/read';
import { type BomLookupPort, type PriceBomOptions, type PricedBomLine, type LookupFailure, priceBom } from '../bom/price-lines';
import { choosePart, makerName } from '../match';
import { partNumberKey as wirePartKey } from '../../protocol/part-number';
import { fromMicro } from '../pricing/money';
import type { RateTable } from '../pricing/rates';
import { NO_OVERAGE, type Overage, type PartPlan, allocateMicro, overageOf, planPart } from '../plan/plan';
import { count } from '../plan/count';

/** One BOM to buy for: its name (a file or range name), how it was read, and how many builds. */
export interface PurchaseBom {
  name: string;
  read: BomReadResult;
  builds: number;
}

/** Stock held or expected: a part number (and maker when known), a quantity, and where it comes from. */
export interface StockEntry {
  partNumber: string;
  manufacturer: string;
  quantity: number;
  /** For messages: "stock.csv row 12", "order 90000001". */
  origin: string;
}

export interface PurchaseOptions extends Omit<PriceBomOptions, 'boards' | 'firstRowNumber'> {
  onHand?: readonly StockEntry[];
  onOrder?: readonly StockEntry[];
}

/** One offer bought from for a part. */
export interface PurchaseOffer {
  source: string;
  itemId: string;
  qty: number;
  /** In the offer's currency. */
  unitPrice: number;
  offerCurrency: string;
}

export type PurchaseRowStatus = 'buy' | 'covered' | 'short' | 'no price';

/** One part of the purchase list. */
export interface PurchaseRow {
  part: Part;
  partNumber: string;
  manufacturer: string;
  description: string;
  /** Per BOM, in listed order: its need of the part (overage included); 0 when it does not use it. */
  needs: number[];
  need: number;
  /** Available on hand for the part, and what of it the need uses. */
  onHand: number;
  onOrder: number;
  usedOnHand: number;
  usedOnOrder: number;
  /** The net need: need − on hand − on order, never below 0. */
  toBuy: number;
  /** What is bought (MOQ, packs and breaks applied). */
  orderQty: number;
  spare: number;
  shortfall: number;
  purchases: PurchaseOffer[];
  /** Paid, in the list's currency, micro-units, and the same as a number. */
  micro: bigint;
  cost: number;
  /** Per BOM: its share of what is bought, and of the cost (micro-units). */
  shares: number[];
  shareMicros: bigint[];
  /** Per BOM: what it takes from on hand and from on order. */
  fromOnHand: number[];
  fromOnOrder: number[];
  /** The names of the BOMs that use the part, when two or more do. */
  sharedBy: string[];
  status: PurchaseRowStatus;
  /** Why more is bought than the net need ('' when not). */
  whyMore: string;
  /** Everything the plan says, and what the stock did. */
  notes: string[];
  plan: PartPlan;
}

/** A BOM line on no row of the list: its part is not known, or it has nothing to be looked up by. */
export interface UnlistedLine {
  bom: number;
  /** 0-based row of the BOM's cells. */
  row: number;
  partNumber: string;
  status: string;
  reason: string;
  /** Its need, when known. */
  need: number | null;
}

/** A stock or on-order entry that was not applied to any part, and why. */
export interface StockNotApplied {
  entry: StockEntry;
  /** 'unknown': its part number names no part found for a BOM line; 'ambiguous': several parts could be meant; 'unused': no BOM uses it. */
  kind: 'unknown' | 'ambiguous' | 'unused';
  text: string;
  onOrder: boolean;
}

export interface Buildable {
  builds: number;
  /** Why not more (the part, or the line, that limits it); null when every planned build is covered. */
  limitedBy: string | null;
}

export interface BomSummary {
  name: string;
  builds: number;
  /** Lines matched to a part, and lines on no row of the list. */
  listedLines: number;
  unlistedLines: number;
  /** Parts of this BOM, and of them those another BOM uses too. */
  parts: number;
  sharedParts: number;
  micro: bigint;
  cost: number;
  buildableOnHand: Buildable;
  buildableWithOrders: Buildable;
}

export interface PurchaseResult {
  boms: BomSummary[];
  rows: PurchaseRow[];
  unlisted: UnlistedLine[];
  notApplied: StockNotApplied[];
  micro: bigint;
  total: number;
  currency: string;
  rates: RateTable;
  /** Distinct part numbers looked up, for all BOMs together. */
  lookups: number;
  failures: LookupFailure[];
  pricedAt: Date;
  warnings: string[];
}

/** Rows of one BOM are kept apart from the next one's in the combined reading: BOM index × ROW_SPAN + row. */
const ROW_SPAN = 1 << 22;

function bomOf(row: number): number {
  return Math.floor(row / ROW_SPAN);
}

/** The lines of all BOMs as one reading, each line's need for its BOM's builds, rows kept apart per BOM. */
function combinedRead(boms: readonly PurchaseBom[]): BomReadResult {
  const first = boms[0].read;
  const lines: BomLine[] = [];
  boms.forEach((bom, b) => {
    for (const line of bom.read.lines) lines.push({ ...line, row: b * ROW_SPAN + line.row, need: line.quantityPerBoard * bom.builds });
  });
  return { ...first, lines, skipped: [], warnings: [], cells: [] };
}

interface PartAccount {
  part: Part;
  /** Per BOM: need with overage, and quantity per build. */
  needs: number[];
  perBuild: number[];
  pinned: string | null;
  firstRow: number;
}

function addTo(map: Map<number, number>, key: number, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** Takes from `available` in listed order: what each of `wants` gets. */
function takeInOrder(wants: readonly number[], available: number): number[] {
  let left = available;
  return wants.map((w) => {
    const got = Math.min(w, Math.max(0, left));
    left -= got;
    return got;
  });
}

function wordsOf(n: number, word: string): string {
  return `${count(n)} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The purchase list for `boms` (in priority order). One lookup per distinct part number of all BOMs, through
 * `scheduler`; the stock on hand and on order are matched to the parts found; the net need is planned.
 */
export async function planPurchase(boms: readonly PurchaseBom[], scheduler: BomLookupPort, options: PurchaseOptions = {}): Promise<PurchaseResult> {
  if (boms.length === 0) throw new Error('a purchase list needs at least one BOM');
  const overage: Overage = options.overage ?? NO_OVERAGE;
  // The parts each looked-up part number found, to match the stock rows with the rule the lines were matched by.
  const found = new Map<string, Part[]>();
  const recording: BomLookupPort = {
    async lookupMany(requests, opts) {
      const results = await scheduler.lookupMany(requests, opts);
      results.forEach((r, i) => {
        if (r && !isCatalogError(r as CatalogError)) {
          const parts = (r as { result: { parts?: Part[] } }).result.parts;
          found.set(wirePartKey(requests[i].partNumber), Array.isArray(parts) ? parts : []);
        }
      });
      return results;
    },
  };
  const priced = await priceBom(combinedRead(boms), recording, { ...options, boards: 1 });
  const rates = priced.rates;
  const currency = priced.currency;

  // Lines to parts, per BOM.
  const accounts = new Map<number, PartAccount>();
  const unlisted: UnlistedLine[] = [];
  const lineOf = new Map<number, BomLine>();
  boms.forEach((bom, b) => {
    for (const line of bom.read.lines) lineOf.set(b * ROW_SPAN + line.row, line);
    for (const skip of bom.read.skipped) {
      if (skip.reason !== 'incomplete') continue;
      unlisted.push({ bom: b, row: skip.row, partNumber: '', status: 'skipped', reason: skip.detail, need: skip.quantityPerBoard === undefined ? null : skip.quantityPerBoard * bom.builds });
    }
  });
  const matched = (l: PricedBomLine): boolean => l.part !== undefined && l.part !== null && l.lookupError === null && (l.status === 'priced' || l.status === 'short' || l.status === 'no price');
  for (const l of priced.lines) {
    const b = bomOf(l.row);
    const line = lineOf.get(l.row);
    if (!line) continue;
    if (!matched(l)) {
      unlisted.push({ bom: b, row: l.row - b * ROW_SPAN, partNumber: l.partNumber, status: l.status, reason: l.statusReason, need: line.quantityPerBoard * boms[b].builds });
      continue;
    }
    const part = l.part!;
    let account = accounts.get(part.itemId);
    if (!account) {
      account = { part, needs: boms.map(() => 0), perBuild: boms.map(() => 0), pinned: null, firstRow: l.row };
      accounts.set(part.itemId, account);
    }
    const need = line.quantityPerBoard * boms[b].builds;
    account.needs[b] += need + overageOf(need, overage);
    account.perBuild[b] += line.quantityPerBoard;
    if (account.pinned === null && line.pinnedOffer !== '') account.pinned = line.pinnedOffer;
  }
  unlisted.sort((x, y) => x.bom - y.bom || x.row - y.row);

  // Stock and orders to parts, by the same matching.
  const notApplied: StockNotApplied[] = [];
  const applyAll = (entries: readonly StockEntry[], onOrder: boolean): Map<number, number> => {
    const held = new Map<number, number>();
    for (const entry of entries) {
      if (entry.quantity <= 0) continue;
      const parts = found.get(wirePartKey(entry.partNumber));
      if (parts === undefined) {
        notApplied.push({ entry, kind: 'unused', text: 'no BOM line has this part number', onOrder });
        continue;
      }
      const choice = choosePart({ partNumber: entry.partNumber, manufacturer: entry.manufacturer, distributorPartNumbers: [] }, parts);
      if (choice.kind === 'chosen') {
        if (!accounts.has(choice.part.itemId)) {
          notApplied.push({ entry, kind: 'unused', text: `${choice.part.partNumber} (${makerName(choice.part)}) is on no BOM line that was matched`, onOrder });
          continue;
        }
        addTo(held, choice.part.itemId, entry.quantity);
      } else if (choice.kind === 'ambiguous') {
        const makers = [...new Set(choice.parts.map(makerName))];
        notApplied.push({ entry, kind: 'ambiguous', text: `could be ${choice.parts.length} parts (${makers.slice(0, 4).join(', ')}): give the manufacturer`, onOrder });
      } else if (choice.kind === 'no-maker-match') {
        notApplied.push({ entry, kind: 'unknown', text: `manufacturer "${entry.manufacturer}" matches none of the parts found (${[...new Set(choice.parts.map(makerName))].slice(0, 4).join(', ')})`, onOrder });
      } else {
        notApplied.push({ entry, kind: 'unknown', text: 'the part number was not found', onOrder });
      }
    }
    return held;
  };
  const onHand = applyAll(options.onHand ?? [], false);
  const onOrder = applyAll(options.onOrder ?? [], true);

  // Net needs, planned.
  const rows: PurchaseRow[] = [];
  const ordered = [...accounts.values()].sort((a, b) => a.firstRow - b.firstRow);
  for (const account of ordered) {
    const { part, needs } = account;
    const need = needs.reduce((a, n) => a + n, 0);
    const held = onHand.get(part.itemId) ?? 0;
    const coming = onOrder.get(part.itemId) ?? 0;
    const fromOnHand = takeInOrder(needs, held);
    const afterStock = needs.map((n, b) => n - fromOnHand[b]);
    const fromOnOrder = takeInOrder(afterStock, coming);
    const lacking = afterStock.map((n, b) => n - fromOnOrder[b]);
    const toBuy = lacking.reduce((a, n) => a + n, 0);
    const plan = planPart({ part, lines: [{ id: 0, need: toBuy, pinned: account.pinned }] }, {
      rates,
      sources: options.sources && options.sources.length > 0 ? options.sources : undefined,
      overage: NO_OVERAGE,
      splitMinSavingPercent: options.splitMinSavingPercent,
    });
    const shares = takeInOrder(lacking, plan.bought);
    const shareMicros = allocateMicro(plan.micro, shares);
    const notes = [...plan.notes];
    const usedOnHand = fromOnHand.reduce((a, n) => a + n, 0);
    const usedOnOrder = fromOnOrder.reduce((a, n) => a + n, 0);
    let status: PurchaseRowStatus;
    if (toBuy === 0) {
      status = 'covered';
      const by = coming > 0 && usedOnOrder > 0 ? `on hand ${count(held)} and on order ${count(coming)}` : `on hand ${count(held)}`;
      notes.unshift(`${by} cover${coming > 0 && usedOnOrder > 0 ? '' : 's'} the need of ${count(need)}: nothing to buy`);
    } else {
      status = plan.status === 'planned' ? 'buy' : plan.status === 'short' ? 'short' : 'no price';
      if (usedOnHand + usedOnOrder > 0) notes.unshift(`need ${count(need)} − ${count(usedOnHand)} on hand${usedOnOrder > 0 ? ` − ${count(usedOnOrder)} on order` : ''} = ${count(toBuy)} to buy`);
    }
    const whyPrefix = `${count(plan.bought)} for ${count(toBuy)}`;
    const sharedBy = boms.filter((_, b) => needs[b] > 0).map((bom) => bom.name);
    rows.push({
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
      purchases: plan.purchases.map((p) => ({ source: p.offer.sourceCode || p.offer.sourceName, itemId: p.offer.sourcePartId, qty: p.qty, unitPrice: p.unitPrice, offerCurrency: p.offerCurrency })),
      micro: plan.micro,
      cost: fromMicro(plan.micro),
      shares,
      shareMicros,
      fromOnHand,
      fromOnOrder,
      sharedBy: sharedBy.length >= 2 ? sharedBy : [],
      status,
      whyMore: plan.bought > toBuy ? (plan.notes.find((n) => n.startsWith(whyPrefix)) ?? `${whyPrefix} (${count(plan.spare)} spare)`) : '',
      notes,
      plan,
    });
  }

  // Per BOM: cost share, parts, buildable now.
  const perBom: BomSummary[] = boms.map((bom, b) => {
    const mine = rows.filter((r) => r.needs[b] > 0);
    const micro = rows.reduce((a, r) => a + r.shareMicros[b], 0n);
    const listed = bom.read.lines.length - unlisted.filter((u) => u.bom === b && u.status !== 'skipped').length;
    return {
      name: bom.name,
      builds: bom.builds,
      listedLines: listed,
      unlistedLines: unlisted.filter((u) => u.bom === b).length,
      parts: mine.length,
      sharedParts: mine.filter((r) => r.sharedBy.length > 0).length,
      micro,
      cost: fromMicro(micro),
      buildableOnHand: { builds: 0, limitedBy: null },
      buildableWithOrders: { builds: 0, limitedBy: null },
    };
  });
  const stockOnly = buildableNow(boms, accounts, unlisted, onHand, new Map());
  const withOrders = buildableNow(boms, accounts, unlisted, onHand, onOrder);
  perBom.forEach((s, b) => {
    s.buildableOnHand = stockOnly[b];
    s.buildableWithOrders = withOrders[b];
  });

  const micro = rows.reduce((a, r) => a + r.micro, 0n);
  return {
    boms: perBom,
    rows,
    unlisted,
    notApplied,
    micro,
    total: fromMicro(micro),
    currency,
    rates,
    lookups: priced.lookups,
    failures: priced.failures,
    pricedAt: priced.pricedAt,
    warnings: priced.warnings,
  };
}

/** Builds each BOM can make from the stock given, in listed order, each taking what its builds use. */
function buildableNow(
  boms: readonly PurchaseBom[],
  accounts: ReadonlyMap<number, PartAccount>,
  unlisted: readonly UnlistedLine[],
  onHand: ReadonlyMap<number, number>,
  onOrder: ReadonlyMap<number, number>,
): Buildable[] {
  const pool = new Map<number, number>();
  for (const id of accounts.keys()) pool.set(id, (onHand.get(id) ?? 0) + (onOrder.get(id) ?? 0));
  return boms.map((bom, b) => {
    const blocking = unlisted.find((u) => u.bom === b && (u.need === null || u.need > 0));
    if (blocking) {
      const what = blocking.partNumber !== '' ? `${blocking.partNumber} (${blocking.status})` : blocking.reason;
      return { builds: 0, limitedBy: `row ${blocking.row + 1}: ${what}: its stock cannot be known` };
    }
    let builds = bom.builds;
    let limit: { part: Part; have: number; per: number } | null = null;
    for (const [id, account] of accounts) {
      const per = account.perBuild[b];
      if (per <= 0) continue;
      const have = pool.get(id) ?? 0;
      const can = Math.floor(have / per);
      if (can < builds) {
        builds = can;
        limit = { part: account.part, have, per };
      }
    }
    for (const [id, account] of accounts) {
      const per = account.perBuild[b];
      if (per > 0) pool.set(id, (pool.get(id) ?? 0) - builds * per);
    }
    const limitedBy = limit === null ? null : `${limit.part.partNumber} (${makerName(limit.part)}): ${wordsOf(limit.have, 'part')} left for ${count(limit.per)} a build`;
    return { builds, limitedBy };
  });
}
