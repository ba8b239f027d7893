/**
 * The order review, without React or Excel: which selected rows can be ordered and why the others cannot, the
 * lines with their quantities rounded to MOQ and pack size, the estimate per currency, the checkout request the
 * form makes, and every problem placed next to the field or line it concerns, in a buyer's words.
 */
import { parseSplitItems } from '../../src/bom/layout';
import type { SheetPricedRow } from '../../src/excel/order-sheet';
import { MAX_QUANTITY } from '../../src/checkout';
import { orderQuantity } from '../../src/pricing/quantity';
import { type OrderGroup, groupKey, groupOf, groupWords, sameGroup, splitNote, whyApart } from './groups';
import { type QuantityReasons, readOverbuyMark, readQuantityReasons } from '../../src/plan';

export type OrderEnvironment = 'test' | 'production';

/** One line of the order: an item, from one or more BOM rows. */
export interface ReviewLine {
  /** The item id, as the key of the line. */
  key: string;
  itemId: string;
  part: string;
  manufacturer: string;
  /** Source code (MARKETPLACE, NAC, …). */
  source: string;
  currency: string;
  unitPrice: number | null;
  moq: number | null;
  pack: number | null;
  stock: number | null;
  /** 0-based sheet rows the line comes from. */
  rows: number[];
  /** What the quantity box holds. */
  entered: string;
  /** The BOM's need of the line's rows (the sheet's Need), when the sheet has it. */
  need: number | null;
  /** The plan's order quantity, as priced. */
  planned: number | null;
  /** Why the plan buys what it buys (its own notes, from the Status cell). */
  reasons: QuantityReasons;
  /** Orders the rows already name in their Order cells. */
  previousOrders: string[];
  /** The line is marked overbuy in the sheet: what its spares cost ("2,576.48 USD of spares (99 % …)"). */
  overbuy?: string | null;
}

/** A selected row left out of the order, and why. */
export interface LeftOutRow {
  /** 0-based sheet row. */
  row: number;
  /** The part, the item id, or '' when the row names none. */
  what: string;
  reason: string;
}

/** An earlier order of a row, as the record (or, for rows it does not know, the row's Order cell) names it. */
export interface OrderMark {
  /** '' when the checkout named no order although one may exist. */
  orderId: string;
  /** `90000001 submitted 2026-11-20 09:30`. */
  text: string;
}

/** A selected row ordered before: left out of this order unless the buyer ticks it back in. */
export interface OrderedRow {
  /** 0-based sheet row. */
  row: number;
  what: string;
  orders: OrderMark[];
  /** The buyer ticked it back in: it is ordered again (after a second confirmation). */
  included: boolean;
}

export type { OrderGroup } from './groups';

export interface OrderPlan {
  lines: ReviewLine[];
  leftOut: LeftOutRow[];
  /** Rows ordered before, listed first: left out unless included. */
  alreadyOrdered: OrderedRow[];
  /** The group of this order. */
  group: OrderGroup;
  /** How the buyer tells this order from the selection's others ("regional", "EUR"); '' when there is one order. */
  words: string;
  /** The next group of the selection still to order, when there is one: its lines need an order of their own. */
  next: { group: OrderGroup; lines: number; words: string } | null;
  /** Why the selection makes several orders (null when it makes one). */
  split: string | null;
}

const ORDER_CELL = /^(\d{5,})\s+(created|submitted|not confirmed)\b/i;

function positive(n: number | null): number | null {
  return n !== null && Number.isFinite(n) && n >= 1 ? Math.ceil(n) : null;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Why a priced row cannot be ordered, or null when it can. */
function reasonNotOrderable(row: SheetPricedRow): string | null {
  switch (row.status) {
    case '':
      return 'nothing priced in this row';
    case 'not found':
      return 'not found: no part matches it; check the part number and price again';
    case 'ambiguous':
      return 'ambiguous: choose the part in the BOM tab first';
    case 'skipped':
      return row.reason ? `skipped (${row.reason})` : 'skipped';
    case 'no price':
      return /quote/i.test(row.reason)
        ? 'quote only: there is no price to order at; ask for a quote'
        : `no price${row.reason ? ` (${row.reason})` : ''}`;
    case 'short':
      if ((row.orderQty ?? 0) < 1) return `out of stock: nothing to order now${row.reason ? ` (${row.reason})` : ''}`;
      break;
    case 'priced':
      break;
    default:
      return `not priced (the Status cell reads "${row.status}")`;
  }
  if (row.itemId === '') return 'no item id: price the BOM again';
  if (row.unitPrice === null) return 'no unit price: price the BOM again';
  if (row.stock === 0 || /(?:^|; )out of stock/i.test(row.reason))
    return `no stock${row.source ? ` at ${row.source}` : ''}`;
  if (positive(row.orderQty) === null) return 'no order quantity: price the BOM again';
  return null;
}

/** The items a priced row orders: one, or one per offer when the plan split the part. */
function itemsOf(row: SheetPricedRow): SheetPricedRow[] {
  // The plan's record names the items; results written before records were kept say them in the Item id cell.
  const sources = row.source.split(/\s*\+\s*/);
  const split = row.plan
    ? row.plan.items.length > 1
      ? row.plan.items
      : null
    : parseSplitItems(row.itemId)?.map((item, i) => ({ ...item, source: (sources[i] ?? sources[0] ?? '').trim() }));
  if (!split) return [row];
  // The offers of a split have their own prices, not on the sheet: the review shows none rather than an average.
  return split.map(({ itemId, qty, source }) => ({
    ...row,
    itemId,
    orderQty: qty,
    source: source.toUpperCase(),
    moq: null,
    pack: null,
    unitPrice: null,
    offerPrice: null,
    offerCurrency: '',
  }));
}

/**
 * The order the selected rows make: each orderable row becomes a line (rows of the same item share one line, their
 * quantities added); every other row is left out with its reason. Marketplace and regional items cannot be in one
 * order: `group` chooses, else the larger group stays (marketplace on a tie); the other is left out and named as
 * `next`, the order to prepare after this one.
 */
export function planOrder(
  rows: readonly SheetPricedRow[],
  options: {
    group?: OrderGroup;
    /** Groups of the selection ordered already (by groupKey), with their order id. */
    done?: ReadonlyMap<string, string>;
    /** Earlier orders of rows, by sheet row (the record of orders); rows it has none for are read from their Order cell. */
    ordered?: ReadonlyMap<number, readonly OrderMark[]>;
    /** Rows ordered before that the buyer ticked back in. */
    include?: ReadonlySet<number>;
  } = {},
): OrderPlan {
  const leftOut: LeftOutRow[] = [];
  const alreadyOrdered: OrderedRow[] = [];
  const orderable: SheetPricedRow[] = [];
  const marks = new Map<number, readonly OrderMark[]>();
  for (const row of rows) {
    const recorded = options.ordered?.get(row.row) ?? [];
    const cell = ORDER_CELL.exec(row.order);
    const orders = recorded.length > 0 ? recorded : cell ? [{ orderId: cell[1], text: row.order }] : [];
    if (orders.length === 0) continue;
    marks.set(row.row, orders);
    const included = options.include?.has(row.row) ?? false;
    alreadyOrdered.push({ row: row.row, what: row.matchedPart || row.itemId, orders: [...orders], included });
  }
  for (const row of rows) {
    if (marks.has(row.row) && !options.include?.has(row.row)) continue;
    const reason = reasonNotOrderable(row);
    if (reason) leftOut.push({ row: row.row, what: row.matchedPart || row.itemId, reason });
    else orderable.push(row);
  }
  const items = orderable.flatMap(itemsOf);
  // One order per source kind and currency: the checkout refuses a mix of either.
  const currencyOf = (r: SheetPricedRow) => r.offerCurrency || r.currency;
  const byGroup = new Map<string, { group: OrderGroup; items: SheetPricedRow[] }>();
  for (const r of items) {
    const group = groupOf(r.source, currencyOf(r));
    const entry = byGroup.get(groupKey(group)) ?? { group, items: [] };
    entry.items.push(r);
    byGroup.set(groupKey(group), entry);
  }
  const size = (e: { items: SheetPricedRow[] }) => new Set(e.items.map((r) => r.itemId.toUpperCase())).size;
  // The larger group first (marketplace on a tie), then by currency.
  const ordered = [...byGroup.values()].sort(
    (a, b) =>
      size(b) - size(a) ||
      (a.group.kind === b.group.kind ? 0 : a.group.kind === 'marketplace' ? -1 : 1) ||
      a.group.currency.localeCompare(b.group.currency),
  );
  const all = ordered.map((e) => e.group);
  const open = ordered.filter((e) => !options.done?.has(groupKey(e.group)));
  const chosen = (options.group && ordered.find((e) => sameGroup(e.group, options.group!))) || open[0] || ordered[0];
  const group: OrderGroup = chosen?.group ?? { kind: 'marketplace', currency: '' };
  const kept = chosen?.items ?? [];
  const after = open.find((e) => e !== chosen);
  const next: OrderPlan['next'] = after
    ? { group: after.group, lines: size(after), words: groupWords(after.group, all) }
    : null;
  for (const entry of ordered) {
    if (entry === chosen) continue;
    const doneIn = options.done?.get(groupKey(entry.group));
    for (const r of entry.items) {
      leftOut.push({
        row: r.row,
        what: r.matchedPart || r.itemId,
        reason: doneIn !== undefined ? `in order ${doneIn}` : whyApart(group, entry.group, r.source),
      });
    }
  }
  const byItem = new Map<string, ReviewLine>();
  const lines: ReviewLine[] = [];
  for (const r of kept) {
    const key = r.itemId.toUpperCase();
    const previous = (marks.get(r.row) ?? []).map((m) => m.text);
    const line = byItem.get(key);
    if (line) {
      // Every line of a part shows the part's order quantity (the plan buys a part once): it is ordered once.
      if (!line.rows.includes(r.row)) line.rows.push(r.row);
      line.entered = String(Math.max(Number(line.entered), positive(r.orderQty) ?? 0));
      line.planned = Number(line.entered);
      if (r.need !== null) line.need = (line.need ?? 0) + r.need;
      line.previousOrders.push(...previous);
      continue;
    }
    const fresh: ReviewLine = {
      key,
      itemId: r.itemId,
      part: r.matchedPart,
      manufacturer: r.manufacturer,
      source: r.source,
      // The checkout charges the offer's own price and currency; the sheet's Unit price may be a conversion.
      currency: r.offerCurrency || r.currency,
      unitPrice: r.offerCurrency ? (r.offerPrice ?? null) : r.unitPrice,
      moq: positive(r.moq),
      pack: positive(r.pack),
      stock: r.stock,
      rows: [r.row],
      entered: String(positive(r.orderQty)),
      need: r.need,
      planned: positive(r.orderQty),
      reasons: r.plan ? r.plan.reasons : readQuantityReasons(r.reason),
      previousOrders: previous,
      overbuy: readOverbuyMark(r.reason),
    };
    byItem.set(key, fresh);
    lines.push(fresh);
  }
  leftOut.sort((a, b) => a.row - b.row);
  return {
    lines,
    leftOut,
    alreadyOrdered,
    group,
    words: all.length > 1 ? groupWords(group, all) : '',
    next,
    split: splitNote(all),
  };
}

/**
 * Need → order quantity and why, in the plan's words: `Need 20 → order 100: minimum order 100 (80 spare)`;
 * null when the sheet has no need for the line.
 */
export function quantityStory(line: Pick<ReviewLine, 'need' | 'planned' | 'reasons'>): string | null {
  if (line.need === null || line.planned === null) return null;
  const { overage, overbuy, sharedWith } = line.reasons;
  const why: string[] = [];
  if (overage) why.push(`${count(overage.extra)} overage`);
  if (overbuy) why.push(`${overbuy.why}, ${count(overbuy.spare)} spare`);
  if (sharedWith) why.push(`bought together with ${sharedWith}`);
  // Results priced before the plan was kept as a record, whose notes do not say why: what could not be recovered.
  if (why.length === 0 && line.planned > line.need)
    why.push('why more than the need is bought is not known (priced by an earlier version: price again to see why)');
  return `Need ${count(line.need)} → order ${count(line.planned)}${why.length > 0 ? `: ${why.join('; ')}` : ''}`;
}

/** The quantity a line orders: what was entered, rounded up to the MOQ and a whole number of packs. */
export interface LineQuantity {
  /** Null when the entry is not a whole number from 1 to 999,999,999. */
  quantity: number | null;
  /** "30 → 100 (minimum 100)" when rounding changed the entry. */
  change: string | null;
  /** Why the entry cannot be used. */
  problem: string | null;
}

export function lineQuantity(line: Pick<ReviewLine, 'entered' | 'moq' | 'pack'>): LineQuantity {
  const text = line.entered.trim().replace(/[,\s]/g, '');
  if (text === '') return { quantity: null, change: null, problem: 'Enter the quantity to order.' };
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_QUANTITY) {
    return { quantity: null, change: null, problem: `Enter a whole number of parts from 1 to ${count(MAX_QUANTITY)}.` };
  }
  const entered = Number(text);
  const moq = line.moq ?? 1;
  const pack = line.pack ?? 1;
  const quantity = orderQuantity(entered, { moq, packSize: pack });
  if (quantity > MAX_QUANTITY)
    return {
      quantity: null,
      change: null,
      problem: `Rounded to whole packs this is more than ${count(MAX_QUANTITY)}.`,
    };
  if (quantity === entered) return { quantity, change: null, problem: null };
  const why: string[] = [];
  if (entered < moq) why.push(`minimum ${count(moq)}`);
  if (pack > 1 && Math.max(entered, moq) % pack !== 0) why.push(`packs of ${count(pack)}`);
  return { quantity, change: `${count(entered)} → ${count(quantity)} (${why.join(', ')})`, problem: null };
}

/** The estimated subtotal per currency, at the sheet's unit prices; currencies are never added together. */
export function estimate(lines: readonly ReviewLine[]): Array<{ currency: string; amount: number }> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const { quantity } = lineQuantity(line);
    if (quantity === null || line.unitPrice === null) continue;
    const currency = line.currency || '?';
    totals.set(currency, (totals.get(currency) ?? 0) + quantity * line.unitPrice);
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }));
}

export function money(amount: number, currency: string): string {
  const zeroDecimals = currency === 'JPY' || currency === 'KRW';
  const digits = zeroDecimals ? 0 : 2;
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}

export * from './order-form';
export * from './order-problems';
