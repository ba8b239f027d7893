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
import { CatalogError, isCatalogError } from '../catalog/errors';
import type { Part } from '../catalog/model';
import type { BomLine, BomReadResult } from '../bom/read';
import { type BomLookupPort, type LookupFailure, type PriceBomOptions, splitReplacement } from '../bom/price-lines';
import type { LookupRequest } from '../lookup/types';
import { type PartChoice, choosePart, makerName } from '../match';
import { partNumberKey as wirePartKey, partNumberProblem, partNumberProblemText } from '../../protocol/part-number';
import { fromMicro } from '../pricing/money';
import { type RateTable, baseOnly, userCurrency, wireCurrency } from '../pricing/rates';
import { NO_OVERAGE, type Overage, type PartPlan, allocateMicro, overageOf, planPart } from '../plan/plan';
import { count } from '../plan/count';
import { countOf } from '../text/plural';

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

/** Parts are listed in the order of their first line: BOM index × ROW_SPAN + row. */
const ROW_SPAN = 1 << 22;

/** A line with a replacement part number is looked up and matched as that part (as a single BOM prices it). */
function asPriced(line: BomLine): BomLine {
  if (line.replacement === '') return line;
  const { partNumber, manufacturer } = splitReplacement(line.replacement);
  return { ...line, partNumber, manufacturer, manufacturerKey: '', supplierPartNumbers: [] };
}

/** A line's status and reason when no one part was chosen for it. */
function unmatchedText(
  choice: Exclude<PartChoice, { kind: 'chosen' }>,
  line: BomLine,
): { status: string; reason: string } {
  if (choice.kind === 'not-found') return { status: 'not found', reason: '' };
  const listed = choice.parts
    .slice(0, 5)
    .map((p) => `${p.partNumber} (${makerName(p)})`)
    .join(', ');
  const more = choice.parts.length > 5 ? ` and ${choice.parts.length - 5} more` : '';
  if (choice.kind === 'no-maker-match')
    return {
      status: 'ambiguous',
      reason: `manufacturer "${line.manufacturer}" matches none of ${countOf(choice.parts.length, 'candidate')}: ${listed}${more}`,
    };
  const fix = choice.makersCompete && line.manufacturer === '' ? '; give the manufacturer to choose' : '';
  return { status: 'ambiguous', reason: `${countOf(choice.parts.length, 'candidate')}: ${listed}${more}${fix}` };
}

interface PartAccount {
  part: Part;
  /** Per BOM: need with overage, and quantity per build. */
  needs: number[];
  perBuild: number[];
  pinned: string | null;
  /** Every offer the BOMs' lines pin the part to, with the BOMs pinning it, in the order met. */
  pins: Array<{ offer: string; boms: string[] }>;
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

/**
 * The purchase list for `boms` (in priority order). One lookup per distinct part number of all BOMs, through
 * `scheduler`; the stock on hand and on order are matched to the parts found; the net need is planned.
 */
export async function planPurchase(
  boms: readonly PurchaseBom[],
  scheduler: BomLookupPort,
  options: PurchaseOptions = {},
): Promise<PurchaseResult> {
  if (boms.length === 0) throw new Error('a purchase list needs at least one BOM');
  const overage: Overage = options.overage ?? NO_OVERAGE;
  const currency = userCurrency(options.currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');

  // Every line of every BOM, grouped by the part number as the service compares it: one lookup per group.
  const accounts = new Map<number, PartAccount>();
  const unlisted: UnlistedLine[] = [];
  const groups = new Map<string, Array<{ b: number; line: BomLine; asked: BomLine }>>();
  boms.forEach((bom, b) => {
    for (const skip of bom.read.skipped) {
      if (skip.reason !== 'incomplete') continue;
      unlisted.push({
        bom: b,
        row: skip.row,
        partNumber: '',
        status: 'skipped',
        reason: skip.detail,
        need: skip.quantityPerBoard === undefined ? null : skip.quantityPerBoard * bom.builds,
      });
    }
    for (const line of bom.read.lines) {
      const asked = asPriced(line);
      const problem = partNumberProblem(asked.partNumber);
      if (problem) {
        unlisted.push({
          bom: b,
          row: line.row,
          partNumber: line.partNumber,
          status: 'not found',
          reason: `the part number ${partNumberProblemText(problem)}; not looked up`,
          need: line.quantityPerBoard * bom.builds,
        });
        continue;
      }
      const key = wirePartKey(asked.partNumber);
      const group = groups.get(key);
      if (group) group.push({ b, line, asked });
      else groups.set(key, [{ b, line, asked }]);
    }
  });
  const keys = [...groups.keys()];
  const wire = wireCurrency(currency);
  const requests: LookupRequest[] = keys.map((key) => ({
    partNumber: groups.get(key)![0].asked.partNumber,
    ...(wire ? { currency: wire } : {}),
    ...(options.version ? { version: options.version } : {}),
  }));
  const results = await scheduler.lookupMany(requests, { signal: options.signal, onProgress: options.onProgress });
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');

  // The parts each looked-up part number found, to match the stock rows with the rule the lines were matched by.
  const found = new Map<string, Part[]>();
  // The choices made for each looked-up part number, by what was asked: a stock row asked alike reuses the line's.
  const chosen = new Map<string, Map<string, PartChoice>>();
  const askedKey = (partNumber: string, manufacturer: string, suppliers: readonly string[]) =>
    `${partNumber}\u0000${manufacturer}\u0000${suppliers.join('\u0000')}`;
  const failures: LookupFailure[] = [];
  const warnings = new Set<string>();
  const seen: Part[] = [];
  keys.forEach((key, i) => {
    const group = groups.get(key)!;
    const settled = results[i];
    if (!settled || isCatalogError(settled)) {
      const error = settled ?? new CatalogError('malformed', 'The lookup gave no answer.');
      failures.push({ partNumber: group[0].asked.partNumber, rows: group.map((g) => g.line.row), error });
      for (const { b, line } of group) {
        unlisted.push({
          bom: b,
          row: line.row,
          partNumber: line.partNumber,
          status: 'no price',
          reason: `service error: ${error.message}`,
          need: line.quantityPerBoard * boms[b].builds,
        });
      }
      return;
    }
    for (const w of settled.result.warnings ?? []) warnings.add(w);
    const parts = settled.result.numberFound > 0 && Array.isArray(settled.result.parts) ? settled.result.parts : [];
    found.set(key, parts);
    // Lines that name the part alike are one choice: matching makers' names is what costs.
    const choices = new Map<string, PartChoice>();
    chosen.set(key, choices);
    for (const { b, line, asked } of group) {
      const need = line.quantityPerBoard * boms[b].builds;
      const wanted = askedKey(asked.partNumber, asked.manufacturer, asked.supplierPartNumbers);
      let choice = choices.get(wanted);
      if (choice === undefined) {
        choice = choosePart(
          {
            partNumber: asked.partNumber,
            manufacturer: asked.manufacturer,
            distributorPartNumbers: asked.supplierPartNumbers,
          },
          parts,
        );
        choices.set(wanted, choice);
      }
      if (choice.kind !== 'chosen') {
        unlisted.push({ bom: b, row: line.row, partNumber: line.partNumber, ...unmatchedText(choice, asked), need });
        continue;
      }
      const part = choice.part;
      let account = accounts.get(part.itemId);
      if (!account) {
        account = {
          part,
          needs: boms.map(() => 0),
          perBuild: boms.map(() => 0),
          pinned: null,
          pins: [],
          firstRow: b * ROW_SPAN + line.row,
        };
        accounts.set(part.itemId, account);
        seen.push(part);
      }
      account.firstRow = Math.min(account.firstRow, b * ROW_SPAN + line.row);
      account.needs[b] += need + overageOf(need, overage);
      account.perBuild[b] += line.quantityPerBoard;
      if (account.pinned === null && line.pinnedOffer !== '') account.pinned = line.pinnedOffer;
      if (line.pinnedOffer !== '') {
        const pin = account.pins.find((p) => p.offer === line.pinnedOffer);
        if (!pin) account.pins.push({ offer: line.pinnedOffer, boms: [boms[b].name] });
        else if (!pin.boms.includes(boms[b].name)) pin.boms.push(boms[b].name);
      }
    }
  });
  const rates = options.rates ? await options.rates.tableFor(currency, seen, options.signal) : baseOnly(currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  unlisted.sort((x, y) => x.bom - y.bom || x.row - y.row);

  // Stock and orders to parts, by the same matching.
  const notApplied: StockNotApplied[] = [];
  const applyAll = (entries: readonly StockEntry[], onOrder: boolean): Map<number, number> => {
    const held = new Map<number, number>();
    for (const entry of entries) {
      if (entry.quantity <= 0) continue;
      const key = wirePartKey(entry.partNumber);
      const parts = found.get(key);
      if (parts === undefined) {
        notApplied.push({ entry, kind: 'unused', text: 'no BOM line has this part number', onOrder });
        continue;
      }
      const choices = chosen.get(key);
      const wanted = askedKey(entry.partNumber, entry.manufacturer, []);
      let choice = choices?.get(wanted);
      if (choice === undefined) {
        choice = choosePart(
          { partNumber: entry.partNumber, manufacturer: entry.manufacturer, distributorPartNumbers: [] },
          parts,
        );
        choices?.set(wanted, choice);
      }
      if (choice.kind === 'chosen') {
        if (!accounts.has(choice.part.itemId)) {
          notApplied.push({
            entry,
            kind: 'unused',
            text: `${choice.part.partNumber} (${makerName(choice.part)}) is on no BOM line that was matched`,
            onOrder,
          });
          continue;
        }
        addTo(held, choice.part.itemId, entry.quantity);
      } else if (choice.kind === 'ambiguous') {
        const makers = [...new Set(choice.parts.map(makerName))];
        notApplied.push({
          entry,
          kind: 'ambiguous',
          text: `could be ${choice.parts.length} parts (${makers.slice(0, 4).join(', ')}): give the manufacturer`,
          onOrder,
        });
      } else if (choice.kind === 'no-maker-match') {
        notApplied.push({
          entry,
          kind: 'unknown',
          text: `manufacturer "${entry.manufacturer}" matches none of the parts found (${[...new Set(choice.parts.map(makerName))].slice(0, 4).join(', ')})`,
          onOrder,
        });
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
    const plan = planPart(
      { part, lines: [{ id: 0, need: toBuy, pinned: account.pinned }] },
      {
        rates,
        sources: options.sources && options.sources.length > 0 ? options.sources : undefined,
        overage: NO_OVERAGE,
        splitMinSavingPercent: options.splitMinSavingPercent,
      },
    );
    const shares = takeInOrder(lacking, plan.bought);
    const shareMicros = allocateMicro(plan.micro, shares);
    const notes = [...plan.notes];
    if (account.pins.length > 1) {
      // Lines pinning the part to different offers: one purchase serves them all, from the first pin met; said, so the
      // buyer can settle it.
      const listed = account.pins.map((p) => `${p.offer} (${p.boms.join(', ')})`).join(', ');
      notes.push(`pinned to different offers: ${listed}; bought as pinned first, ${account.pins[0].offer}`);
    }
    const usedOnHand = fromOnHand.reduce((a, n) => a + n, 0);
    const usedOnOrder = fromOnOrder.reduce((a, n) => a + n, 0);
    let status: PurchaseRowStatus;
    if (toBuy === 0) {
      status = 'covered';
      const by =
        coming > 0 && usedOnOrder > 0
          ? `on hand ${count(held)} and on order ${count(coming)}`
          : `on hand ${count(held)}`;
      notes.unshift(
        `${by} cover${coming > 0 && usedOnOrder > 0 ? '' : 's'} the need of ${count(need)}: nothing to buy`,
      );
    } else {
      status = plan.status === 'planned' ? 'buy' : plan.status === 'short' ? 'short' : 'no price';
      if (usedOnHand + usedOnOrder > 0)
        notes.unshift(
          `need ${count(need)} − ${count(usedOnHand)} on hand${usedOnOrder > 0 ? ` − ${count(usedOnOrder)} on order` : ''} = ${count(toBuy)} to buy`,
        );
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
      purchases: plan.purchases.map((p) => ({
        source: p.offer.sourceCode || p.offer.sourceName,
        itemId: p.offer.sourcePartId,
        qty: p.qty,
        unitPrice: p.unitPrice,
        offerCurrency: p.offerCurrency,
      })),
      micro: plan.micro,
      cost: fromMicro(plan.micro),
      shares,
      shareMicros,
      fromOnHand,
      fromOnOrder,
      sharedBy: sharedBy.length >= 2 ? sharedBy : [],
      status,
      whyMore:
        plan.bought > toBuy
          ? (plan.notes.find((n) => n.startsWith(whyPrefix)) ?? `${whyPrefix} (${count(plan.spare)} spare)`)
          : '',
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
    lookups: keys.length,
    failures,
    pricedAt: (options.now ?? (() => new Date()))(),
    warnings: [...warnings],
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
    const limitedBy =
      limit === null
        ? null
        : `${limit.part.partNumber} (${makerName(limit.part)}): ${count(limit.have)} left, ${count(limit.per)} needed per build`;
    return { builds, limitedBy };
  });
}
