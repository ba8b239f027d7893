/**
 * The "place an order" workflow's first step, over the selected priced rows alone: which rows were ordered before
 * (by the record of orders, else by their Order cell), which cannot be ordered and why, the items each row buys (one,
 * or one per offer when the plan split the part, as its record says), the group this order takes (one source kind and
 * currency), and the order's lines, rows of the same item sharing one. The order review (taskpane/order) shows them.
 */
import { parseSplitItems } from '../purchase/priced-layout';
import type { SheetPricedRow } from '../excel/order-sheet';
import { type QuantityReasons, marksOf, overbuyWords, readQuantityReasons } from '../plan';
import {
  type OrderGroup,
  chooseGroup,
  groupItems,
  groupKey,
  groupSize,
  groupWords,
  splitNote,
  whyApart,
} from './order-groups';

export type { OrderGroup } from './order-groups';

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
  /**
   * Why, as a record: it cannot be ordered now ('not orderable': no offer, no stock, no price…), it goes in another
   * order of this selection still to place ('next order'), it is in an order of this selection already placed
   * ('ordered'), or the buyer took it out of this order ('removed').
   */
  kind: LeftOutKind;
}

export type LeftOutKind = 'not orderable' | 'next order' | 'ordered' | 'removed';

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

export interface PlanOrderOptions {
  group?: OrderGroup;
  /** Groups of the selection ordered already (by groupKey), with their order id. */
  done?: ReadonlyMap<string, string>;
  /** Earlier orders of rows, by sheet row (the record of orders); rows it has none for are read from their Order cell. */
  ordered?: ReadonlyMap<number, readonly OrderMark[]>;
  /** Rows ordered before that the buyer ticked back in. */
  include?: ReadonlySet<number>;
}

const ORDER_CELL = /^(\d{5,})\s+(created|submitted|not confirmed)\b/i;

function positive(n: number | null): number | null {
  return n !== null && Number.isFinite(n) && n >= 1 ? Math.ceil(n) : null;
}

/** The row's overbuy mark in words ("2,576.48 USD of spares (99 % …)"), or null when it is no overbuy. */
function overbuyOf(row: SheetPricedRow): string | null {
  const over = marksOf(row).overbuy;
  return over ? overbuyWords(over) : null;
}

/** Why a priced row cannot be ordered, or null when it can. */
export function reasonNotOrderable(row: SheetPricedRow): string | null {
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
      return marksOf(row).quoteOnly
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
  if (row.stock === 0) return `no stock${row.source ? ` at ${row.source}` : ''}`;
  if (positive(row.orderQty) === null) return 'no order quantity: price the BOM again';
  return null;
}

/** The items a priced row orders: one, or one per offer when the plan split the part. */
export function orderItemsOf(row: SheetPricedRow): SheetPricedRow[] {
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
 * The selected rows ordered before: by the record of orders (`ordered`), else by an Order cell that names an order
 * ("90000001 submitted …"); each ticked back in when `include` has it. `marks` holds every such row's orders.
 */
export function earlierOrdersOf(
  rows: readonly SheetPricedRow[],
  ordered?: ReadonlyMap<number, readonly OrderMark[]>,
  include?: ReadonlySet<number>,
): { marks: Map<number, readonly OrderMark[]>; alreadyOrdered: OrderedRow[] } {
  const marks = new Map<number, readonly OrderMark[]>();
  const alreadyOrdered: OrderedRow[] = [];
  for (const row of rows) {
    const recorded = ordered?.get(row.row) ?? [];
    const cell = ORDER_CELL.exec(row.order);
    const orders = recorded.length > 0 ? recorded : cell ? [{ orderId: cell[1], text: row.order }] : [];
    if (orders.length === 0) continue;
    marks.set(row.row, orders);
    const included = include?.has(row.row) ?? false;
    alreadyOrdered.push({ row: row.row, what: row.matchedPart || row.itemId, orders: [...orders], included });
  }
  return { marks, alreadyOrdered };
}

/**
 * The order's lines from the rows of its group: one line per item id (case aside), the rows of the same item sharing
 * it. A part the plan buys once shows the part's order quantity on each of its rows, so the line takes the largest,
 * not the sum; the needs add up. `marks` gives the earlier orders each row names.
 */
export function reviewLinesOf(
  rows: readonly SheetPricedRow[],
  marks: ReadonlyMap<number, readonly OrderMark[]> = new Map(),
): ReviewLine[] {
  const byItem = new Map<string, ReviewLine>();
  const lines: ReviewLine[] = [];
  for (const r of rows) {
    const key = r.itemId.toUpperCase();
    const previous = (marks.get(r.row) ?? []).map((m) => m.text);
    const line = byItem.get(key);
    if (line) {
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
      overbuy: overbuyOf(r),
    };
    byItem.set(key, fresh);
    lines.push(fresh);
  }
  return lines;
}

/**
 * The order the selected rows make: each orderable row becomes a line (rows of the same item share one line);
 * every other row is left out with its reason. Marketplace and regional items, and items in different currencies,
 * cannot be in one order: `group` chooses, else the larger group stays (marketplace on a tie); the others are left
 * out, and the first not yet ordered is named as `next`, the order to prepare after this one.
 */
export function planOrder(rows: readonly SheetPricedRow[], options: PlanOrderOptions = {}): OrderPlan {
  const leftOut: LeftOutRow[] = [];
  const orderable: SheetPricedRow[] = [];
  const { marks, alreadyOrdered } = earlierOrdersOf(rows, options.ordered, options.include);
  for (const row of rows) {
    if (marks.has(row.row) && !options.include?.has(row.row)) continue;
    const reason = reasonNotOrderable(row);
    if (reason) leftOut.push({ row: row.row, what: row.matchedPart || row.itemId, reason, kind: 'not orderable' });
    else orderable.push(row);
  }
  // One order per source kind and currency: the checkout refuses a mix of either.
  const grouped = groupItems(
    orderable.flatMap(orderItemsOf),
    (r) => r.source,
    (r) => r.offerCurrency || r.currency,
  );
  const all = grouped.map((e) => e.group);
  const { chosen, after } = chooseGroup(grouped, options.group, options.done);
  const group: OrderGroup = chosen?.group ?? { kind: 'marketplace', currency: '' };
  for (const entry of grouped) {
    if (entry === chosen) continue;
    const doneIn = options.done?.get(groupKey(entry.group));
    for (const r of entry.items) {
      leftOut.push({
        row: r.row,
        what: r.matchedPart || r.itemId,
        reason: doneIn !== undefined ? `in order ${doneIn}` : whyApart(group, entry.group, r.source),
        kind: doneIn !== undefined ? 'ordered' : 'next order',
      });
    }
  }
  leftOut.sort((a, b) => a.row - b.row);
  return {
    lines: reviewLinesOf(chosen?.items ?? [], marks),
    leftOut,
    alreadyOrdered,
    group,
    words: all.length > 1 ? groupWords(group, all) : '',
    next: after ? { group: after.group, lines: groupSize(after), words: groupWords(after.group, all) } : null,
    split: splitNote(all),
  };
}
