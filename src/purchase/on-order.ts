/**
 * What is on order, from the add-in's own record of placed orders (src/excel/order-record.ts, kept in the workbook's
 * document settings): each order placed (created or submitted) against the production service and not marked
 * received counts as stock on its way. Orders placed in the test environment buy nothing: they are never counted,
 * and how many were passed over is said. An order whose placing was not confirmed is left out and said: it may not
 * exist, and counting it could leave parts unbought.
 *
 * Marking an order received is kept beside the order record, never in it (the record is only ever added to): a
 * list of the orders received, by order id, environment and sheet.
 */
import { countOf } from '../text/plural';
import type { StockEntry } from './types';

/**
 * A placed order as the workbook's order record keeps it (src/excel/order-record.ts): what this module reads of it.
 * Declared here so that buying never depends on the workbook's sheets.
 */
export interface PlacedOrder {
  /** '' when the checkout named no order although one may exist. */
  orderId: string;
  environment: string;
  state: 'created' | 'submitted' | 'not confirmed';
  /** The BOM's sheet. */
  sheet: string;
  lines: ReadonlyArray<{ part: string; manufacturer?: string; quantity: number }>;
}

/** An order marked received: it no longer counts as on order (its parts are on the shelf, in the stock list). */
export interface ReceivedMark {
  orderId: string;
  environment: string;
  sheet: string;
  /** When it was marked (ISO time). */
  at: string;
}

/** The checkout environment whose orders count as on order: orders placed in the test environment buy nothing. */
export const ON_ORDER_ENVIRONMENT = 'production';

/** The document setting the received marks are kept under. */
export const RECEIVED_ORDERS_KEY = 'partsheet.received';

function sameOrder(
  a: Pick<ReceivedMark, 'orderId' | 'environment' | 'sheet'>,
  b: Pick<ReceivedMark, 'orderId' | 'environment' | 'sheet'>,
): boolean {
  return a.orderId === b.orderId && a.environment === b.environment && a.sheet === b.sheet;
}

export function isReceived(record: PlacedOrder, received: readonly ReceivedMark[]): boolean {
  return record.orderId !== '' && received.some((m) => sameOrder(m, record));
}

/** The marks with `record` marked received (once; an order without an id cannot be told apart, so it is not marked). */
export function markReceived(received: readonly ReceivedMark[], record: PlacedOrder, at: Date): ReceivedMark[] {
  if (record.orderId === '' || isReceived(record, received)) return [...received];
  return [
    ...received,
    { orderId: record.orderId, environment: record.environment, sheet: record.sheet, at: at.toISOString() },
  ];
}

/** The marks read back from the workbook; anything else is passed over. */
export function asReceivedMarks(value: unknown): ReceivedMark[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is ReceivedMark =>
      v !== null &&
      typeof v === 'object' &&
      typeof v.orderId === 'string' &&
      v.orderId !== '' &&
      typeof v.environment === 'string' &&
      typeof v.sheet === 'string' &&
      typeof v.at === 'string',
  );
}

/** Whether `record` counts as on order: placed in production, confirmed, and not marked received. */
export function isOnOrder(record: PlacedOrder, received: readonly ReceivedMark[]): boolean {
  return (
    record.environment === ON_ORDER_ENVIRONMENT && record.state !== 'not confirmed' && !isReceived(record, received)
  );
}

/** What onOrderEntries gives: the entries, the orders left out with why, and the test orders passed over. */
export interface OnOrderEntries {
  entries: StockEntry[];
  leftOut: string[];
  /** Orders placed in another environment than production (the test environment), not received: never counted. */
  testOrders: number;
}

/** "2 test orders not counted as on order: …", or null when there were none. */
export function testOrdersText(testOrders: number): string | null {
  if (testOrders === 0) return null;
  return `${countOf(testOrders, 'test order')} not counted as on order: placed in the test environment, ${testOrders === 1 ? 'it buys' : 'they buy'} nothing`;
}

/**
 * The production orders still on their way as stock entries (one per ordered line), the orders left out with why,
 * and how many test orders were passed over.
 */
export function onOrderEntries(records: readonly PlacedOrder[], received: readonly ReceivedMark[]): OnOrderEntries {
  const entries: StockEntry[] = [];
  const leftOut: string[] = [];
  let testOrders = 0;
  for (const record of records) {
    if (isReceived(record, received)) continue;
    if (record.environment !== ON_ORDER_ENVIRONMENT) {
      testOrders++;
      continue;
    }
    const name = record.orderId || 'an order without a number';
    if (record.state === 'not confirmed') {
      leftOut.push(
        `${name} (${record.sheet}): not confirmed, so not counted as on order; check it with the distributor`,
      );
      continue;
    }
    for (const line of record.lines) {
      if (line.quantity > 0 && line.part !== '')
        entries.push({
          partNumber: line.part,
          manufacturer: line.manufacturer ?? '',
          quantity: line.quantity,
          origin: `order ${name}`,
        });
    }
  }
  return { entries, leftOut, testOrders };
}
