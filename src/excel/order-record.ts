/**
 * The record of what was ordered, by BOM line rather than by cell: each order keeps the identity of every BOM line it
 * ordered (its part number and designators, as the BOM gives them). A line keeps its identity when columns are
 * inserted, the BOM is sorted or priced again, or its results move right for a new "Replacement MPN" column, so the
 * pane still knows it was ordered; the sheet's Order column is only a view of this record and is written again
 * from it after every run.
 *
 * The record is structured data kept by the workbook (its document settings), never parsed back from a cell. It is
 * only ever added to: an order once recorded stays recorded.
 */
import { formatDateTime } from '../purchase/priced-layout';
import type { ReadCell } from './workbook-port';
import type { PlacedOrder } from '../purchase/on-order';

/** What an order's state was when last recorded (the states buying reads, src/purchase/on-order.ts). */
export type RecordedState = PlacedOrder['state'];

/** One BOM line of an order. */
export interface OrderedLine {
  /** The line's identity (lineIdentity). */
  key: string;
  /** The part ordered for it. */
  part: string;
  /** The part's manufacturer, as the order review named it (absent in records written before it was kept). */
  manufacturer?: string;
  /**
   * The parts this order bought for the line: what it sent for the line from every offer (a split sends one line per
   * offer). A purchase sent for several lines at once is counted once, on the first of them (0 on the others), so the
   * lines of one record add up to what was ordered.
   */
  quantity: number;
}

/** What an order sent: per request line, the sheet rows it was for, the part and the quantity. */
export interface SentLine {
  rows: readonly number[];
  part: string;
  manufacturer?: string;
  quantity: number;
}

/**
 * The lines of an order's record, one per BOM line (by identity; rows without one are not recorded): each with what
 * the order bought for it, so that the record's quantities add up to what was sent, per part.
 */
export function orderedLinesOf(
  sent: readonly SentLine[],
  identityOf: (row: number) => string | null | undefined,
): OrderedLine[] {
  const lines: OrderedLine[] = [];
  for (const line of sent) {
    let counted = false;
    for (const row of line.rows) {
      const key = identityOf(row);
      if (!key) continue;
      const quantity = counted ? 0 : line.quantity;
      counted = true;
      const earlier = lines.find((l) => l.key === key);
      if (earlier) earlier.quantity += quantity;
      else
        lines.push({
          key,
          part: line.part,
          ...(line.manufacturer ? { manufacturer: line.manufacturer } : {}),
          quantity,
        });
    }
  }
  return lines;
}

export interface OrderRecord {
  /** '' when the checkout named no order although one may exist. */
  orderId: string;
  /** When it was placed (ISO time). */
  at: string;
  environment: string;
  po: string;
  state: RecordedState;
  /** The BOM's sheet. */
  sheet: string;
  lines: OrderedLine[];
  /** The number of boards the BOM sheet was priced for when the order was made (absent when not known). */
  boards?: number;
}

/**
 * The most order lines the workbook keeps: about 60 characters each, so the record stays near 600,000 characters
 * beside the results record, well inside what a workbook's settings hold. An order that would pass it is not
 * recorded (the pane says so); earlier orders are never dropped to make room.
 */
export const MAX_RECORDED_ORDER_LINES = 10_000;

function normalize(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, '');
}

/**
 * A BOM line's identity: its part number, and its designators when it has them (sorted, so "R2, R1" and "R1 R2" are
 * one line). Null when the line has no part number.
 */
export function lineIdentity(partNumber: ReadCell | undefined, designators: ReadCell | undefined): string | null {
  const part = normalize(String(partNumber ?? ''));
  if (part === '') return null;
  const refs = String(designators ?? '')
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter((r) => r !== '')
    .sort();
  return refs.length > 0 ? `${part}|${refs.join(',')}` : part;
}

/** The columns a BOM line's identity is read from, within the sheet row. */
export interface IdentityColumns {
  partNumber: number;
  designators?: number;
}

/** The identity of a sheet row (its cells from column A), or null when it has no part number there. */
export function rowIdentity(cells: readonly ReadCell[], columns: IdentityColumns): string | null {
  return lineIdentity(cells[columns.partNumber], columns.designators === undefined ? '' : cells[columns.designators]);
}

function isLine(value: unknown): value is OrderedLine {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    typeof v.part === 'string' &&
    typeof v.quantity === 'number' &&
    (v.manufacturer === undefined || typeof v.manufacturer === 'string')
  );
}

function isRecord(value: unknown): value is OrderRecord {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.orderId === 'string' &&
    typeof v.at === 'string' &&
    typeof v.environment === 'string' &&
    typeof v.po === 'string' &&
    (v.state === 'created' || v.state === 'submitted' || v.state === 'not confirmed') &&
    typeof v.sheet === 'string' &&
    (v.boards === undefined || (typeof v.boards === 'number' && Number.isSafeInteger(v.boards) && v.boards > 0)) &&
    Array.isArray(v.lines) &&
    v.lines.every(isLine)
  );
}

/** The orders read back from the workbook; entries that are not orders (damaged, or from elsewhere) are passed over. */
export function asOrderRecords(value: unknown): OrderRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** The number of lines the record holds. */
export function recordedLines(records: readonly OrderRecord[]): number {
  return records.reduce((n, r) => n + r.lines.length, 0);
}

/**
 * The record with `order` added. The same order recorded again (a created order submitted later) takes the new
 * state and keeps every line either entry names. Null when the record would pass MAX_RECORDED_ORDER_LINES.
 */
export function addOrder(records: readonly OrderRecord[], order: OrderRecord): OrderRecord[] | null {
  const same =
    order.orderId === ''
      ? -1
      : records.findIndex(
          (r) => r.orderId === order.orderId && r.environment === order.environment && r.sheet === order.sheet,
        );
  if (same >= 0) {
    const earlier = records[same];
    const keys = new Set(order.lines.map((l) => l.key));
    const merged: OrderRecord = { ...order, lines: [...order.lines, ...earlier.lines.filter((l) => !keys.has(l.key))] };
    return records.map((r, i) => (i === same ? merged : r));
  }
  if (order.lines.length === 0) return [...records];
  if (recordedLines(records) + order.lines.length > MAX_RECORDED_ORDER_LINES) return null;
  return [...records, order];
}

/** The orders of each line of `sheet`, by identity, oldest first. */
export function ordersByLine(records: readonly OrderRecord[], sheet: string): Map<string, OrderRecord[]> {
  const out = new Map<string, OrderRecord[]>();
  for (const record of records) {
    if (record.sheet !== sheet) continue;
    for (const line of record.lines) {
      const list = out.get(line.key) ?? [];
      if (!list.includes(record)) list.push(record);
      out.set(line.key, list);
    }
  }
  return out;
}

/** The Order cell's text for an order: `90000001 submitted 2026-11-20 09:30`. */
export function orderCellText(record: Pick<OrderRecord, 'orderId' | 'state' | 'at'>): string {
  const when = formatDateTime(new Date(record.at));
  if (record.state === 'not confirmed')
    return `${record.orderId || 'An order'} not confirmed ${when}: check before ordering again`;
  return `${record.orderId} ${record.state} ${when}`;
}

/** The Order cell's text for a line: its orders, latest last. */
export function orderCellTextOf(records: readonly OrderRecord[]): string {
  return records.map(orderCellText).join('; ');
}
