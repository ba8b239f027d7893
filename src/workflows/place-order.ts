/**
 * The "place an order" workflow's domain steps, as plain functions over ports: the guard against ordering twice
 * (an earlier order with the same PO number in the Orders sheet), the record of an order by BOM line (what a later
 * review reads to say a row was ordered), and adding it to the workbook's records, which never takes one away. The
 * order review (taskpane/order/controller.ts) asks the questions and shows the outcome; it calls these.
 */
import type { CheckoutRequest } from '../checkout';
import {
  type OrderRecord,
  type RecordedState,
  addOrder,
  orderCellText,
  orderedLinesOf,
  ordersByLine,
} from '../excel/order-record';
import { type OrdersLogEntry, readOrdersLog } from '../excel/orders-log';
import type { WorkbookPort } from '../excel/workbook-port';
import type { OrderMark } from './order-lines';

/** One line of the order as sent: the BOM rows it buys for, and the part (or, with none named, the item id). */
export interface SentOrderLine {
  rows: readonly number[];
  part: string;
  itemId: string;
  manufacturer: string;
}

/** Where the workbook keeps its record of orders (the workbook's document settings in Excel). */
export interface OrdersRecordPort {
  loadOrders(): OrderRecord[];
  saveOrders(records: readonly OrderRecord[]): Promise<void>;
}

/**
 * Orders in the Orders sheet with the same PO number (case and spaces aside) for the same environment, leaving out
 * those of `exclude` (the orders of this review's own chain): what the review asks about before sending again.
 * An Orders sheet that cannot be read holds none.
 */
export async function earlierOrdersWithPo(
  book: WorkbookPort,
  po: string,
  environment: string,
  exclude: ReadonlySet<string>,
): Promise<OrdersLogEntry[]> {
  let log: OrdersLogEntry[];
  try {
    log = await readOrdersLog(book);
  } catch {
    return [];
  }
  const key = po.trim().toLowerCase();
  return log.filter(
    (e) => e.po.trim().toLowerCase() === key && e.environment.toLowerCase() === environment && !exclude.has(e.orderId),
  );
}

/**
 * The record of an order by BOM line: each line sent counted once, on the first of its rows with an identity
 * (`identityOf`), with the quantity the request sent for it. Null when no row sent has an identity.
 */
export function orderRecordOf(order: {
  state: RecordedState;
  orderId: string;
  at: Date;
  environment: string;
  sheet: string;
  request: CheckoutRequest;
  sent: readonly SentOrderLine[];
  identityOf: (row: number) => string | null | undefined;
  /** The boards the BOM sheet was priced for, when known. */
  boards?: number | null;
}): OrderRecord | null {
  const lines = orderedLinesOf(
    order.sent.map((line, i) => ({
      rows: line.rows,
      part: line.part || line.itemId,
      manufacturer: line.part ? line.manufacturer : '',
      quantity: order.request.lines[i]?.quantity ?? 0,
    })),
    order.identityOf,
  );
  if (lines.length === 0) return null;
  return {
    orderId: order.orderId,
    at: order.at.toISOString(),
    environment: order.environment,
    po: order.request.customerPONumber,
    state: order.state,
    sheet: order.sheet,
    lines,
    ...(order.boards ? { boards: order.boards } : {}),
  };
}

/**
 * Adds `order` to the workbook's records (the same order again merges with its earlier record): 'recorded', or
 * 'full' when the records have no room left. Rejects when the records cannot be saved.
 */
export async function recordOrder(records: OrdersRecordPort, order: OrderRecord): Promise<'recorded' | 'full'> {
  const next = addOrder(records.loadOrders(), order);
  if (!next) return 'full';
  await records.saveOrders(next);
  return 'recorded';
}

/**
 * The rows ordered before that this order buys for again: those the buyer kept in the order (`included`) and that
 * a line sent covers. The review asks about them, naming the earlier orders, before sending.
 */
export function rowsOrderedAgain<T extends { row: number; included: boolean }>(
  orderedBefore: readonly T[],
  sent: readonly { rows: readonly number[] }[],
): T[] {
  return orderedBefore.filter((o) => o.included && sent.some((l) => l.rows.includes(o.row)));
}

/**
 * What to record once a created order is submitted: the same order with the state 'submitted' and no lines of its
 * own, so that adding it to the records keeps the lines recorded when it was created and takes the new state.
 */
export function submittedRecordOf(order: {
  orderId: string;
  at: Date;
  environment: string;
  po: string;
  sheet: string;
}): OrderRecord {
  return {
    orderId: order.orderId,
    at: order.at.toISOString(),
    environment: order.environment,
    po: order.po,
    state: 'submitted',
    sheet: order.sheet,
    lines: [],
  };
}

/**
 * Earlier orders of the rows of `sheet`, by sheet row, from the workbook's record of orders: each row with an
 * identity the record knows gets the orders of its BOM line, as the Order cell names them.
 */
export function orderMarksOf(
  records: readonly OrderRecord[],
  sheet: string,
  rows: readonly { row: number; identity?: string | null }[],
): Map<number, OrderMark[]> {
  const byLine = ordersByLine(records, sheet);
  const marks = new Map<number, OrderMark[]>();
  for (const row of rows) {
    const orders = row.identity ? byLine.get(row.identity) : undefined;
    if (orders)
      marks.set(
        row.row,
        orders.map((o) => ({ orderId: o.orderId, text: orderCellText(o) })),
      );
  }
  return marks;
}

/**
 * Earlier orders as a review shows them: those of `chain` (the orders made from this selection) left out, so their
 * rows say "in order N" instead; rows left with none are dropped.
 */
export function marksOutsideChain(
  marks: ReadonlyMap<number, readonly OrderMark[]>,
  chain: ReadonlySet<string>,
): Map<number, OrderMark[]> {
  const kept = [...marks].map(([row, list]) => [row, list.filter((m) => !chain.has(m.orderId))] as const);
  return new Map(kept.filter(([, list]) => list.length > 0));
}

/**
 * Notes an order of `rows` in `marks` (in place): each row's marks keep their order and end with `mark`, which
 * replaces an earlier mark of the same order (an order named '' never replaces one).
 */
export function noteOrderMark(marks: Map<number, OrderMark[]>, rows: readonly number[], mark: OrderMark): void {
  for (const row of rows) {
    const kept = (marks.get(row) ?? []).filter((m) => mark.orderId === '' || m.orderId !== mark.orderId);
    marks.set(row, [...kept, mark]);
  }
}

/** A row's Order cell: every order of the row, as the record names them, joined by "; ". */
export function orderCellOf(marks: ReadonlyMap<number, readonly OrderMark[]>, row: number): string {
  return (marks.get(row) ?? []).map((m) => m.text).join('; ');
}
