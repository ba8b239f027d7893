/**
 * The "Orders" log sheet: one row per order placed from the pane (time, environment, order id, totals…), written to
 * "Orders", or to "Orders (2)"… when "Orders" holds something else, and read back.
 */
import { excelSerial } from '../purchase/priced-layout';
import { MAX_COLUMNS, MAX_ROWS, columnLetters, fullAddress, parseAddress } from './address';
import { number, text } from './cell-reading';
import {
  type WorkbookPort,
  type ReadCell,
  type ReadResult,
  type WriteCell,
  WorkbookError,
  isWorkbookError,
} from './workbook-port';

export const ORDERS_SHEET = 'Orders';

export const ORDERS_LOG_COLUMNS = [
  { header: 'Time', numberFormat: 'yyyy-mm-dd hh:mm', width: 17 },
  { header: 'Environment', numberFormat: '@', width: 12 },
  { header: 'PO number', numberFormat: '@', width: 18 },
  { header: 'Order id', numberFormat: '@', width: 12 },
  { header: 'Submitted', numberFormat: '@', width: 14 },
  { header: 'Lines', numberFormat: '#,##0', width: 7 },
  { header: 'Items', numberFormat: '@', width: 40 },
  { header: 'Subtotal', numberFormat: '#,##0.00', width: 12 },
  { header: 'Discount', numberFormat: '#,##0.00', width: 10 },
  { header: 'Total', numberFormat: '#,##0.00', width: 12 },
  { header: 'Currency', numberFormat: '@', width: 9 },
  { header: 'Sheet rows', numberFormat: '@', width: 22 },
] as const;

export const ORDERS_LOG_HEADERS: readonly string[] = ORDERS_LOG_COLUMNS.map((c) => c.header);

/** One order in the log. */
export interface OrdersLogEntry {
  time: Date;
  environment: string;
  po: string;
  /** '' when the service named no order although one may exist. */
  orderId: string;
  /** 'yes', 'no', or 'not confirmed' (the call failed, the order may exist). */
  submitted: 'yes' | 'no' | 'not confirmed';
  lines: number;
  /** `65130988 × 20; 65130989 × 100`. */
  items: string;
  subtotal: number | null;
  discount: number | null;
  total: number | null;
  currency: string;
  /** `BOM rows 4, 5, 7`. */
  rows: string;
}

export interface LoggedOrder {
  sheet: string;
  /** 0-based sheet row written. */
  row: number;
  address: string;
}

const LOG_SHEETS = 12;

function logSheetName(n: number): string {
  return n === 1 ? ORDERS_SHEET : `${ORDERS_SHEET} (${n})`;
}

function isLogHeader(values: readonly ReadCell[] | undefined): boolean {
  return !!values && ORDERS_LOG_HEADERS.every((h, i) => text(values[i]) === h);
}

/** An Excel serial date (local time) as a Date. */
export function fromExcelSerial(serial: number): Date {
  const utc = new Date(Math.round(serial * 86_400_000) + Date.UTC(1899, 11, 30));
  return new Date(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  );
}

function logRow(entry: OrdersLogEntry): WriteCell[] {
  const amount = (n: number | null): WriteCell => (n === null || !Number.isFinite(n) ? '' : n);
  return [
    excelSerial(entry.time),
    entry.environment,
    entry.po,
    entry.orderId,
    entry.submitted,
    entry.lines,
    entry.items,
    amount(entry.subtotal),
    amount(entry.discount),
    amount(entry.total),
    entry.currency,
    entry.rows,
  ];
}

/** Appends one order to the "Orders" sheet, made with its header row when missing. */
export async function appendOrdersLog(book: WorkbookPort, entry: OrdersLogEntry): Promise<LoggedOrder> {
  const formats = ORDERS_LOG_COLUMNS.map((c) => c.numberFormat);
  for (let n = 1; n <= LOG_SHEETS; n++) {
    const sheet = logSheetName(n);
    await book.ensureSheet(sheet);
    const used = await book.usedAddress({ sheet, row: 0, column: 0, rows: MAX_ROWS, columns: MAX_COLUMNS });
    let row: number;
    if (used === null) {
      await book.writeBlock(
        sheet,
        0,
        0,
        [[...ORDERS_LOG_HEADERS]],
        formats.map(() => '@'),
      );
      await book.styleHeader(
        sheet,
        0,
        0,
        ORDERS_LOG_COLUMNS.map((c) => c.width),
      );
      row = 1;
    } else {
      const head = await book.readRange(
        sheet,
        fullAddress({ sheet, row: 0, column: 0, rows: 1, columns: ORDERS_LOG_HEADERS.length }),
      );
      if (head.rowIndex !== 0 || head.columnIndex !== 0 || !isLogHeader(head.values[0])) continue;
      const block = parseAddress(used, sheet);
      row = block.row + block.rows;
    }
    const report = await book.writeBlock(sheet, row, 0, [logRow(entry)], formats);
    return { sheet, row, address: report.address };
  }
  throw new WorkbookError(
    'bad-block',
    `The sheets "${ORDERS_SHEET}" to "${logSheetName(LOG_SHEETS)}" all hold other things; rename one so orders can be logged.`,
  );
}

/** Every order in the add-in's Orders sheets; sheets that are missing, empty or someone else's are passed over. */
export async function readOrdersLog(book: WorkbookPort): Promise<OrdersLogEntry[]> {
  const out: OrdersLogEntry[] = [];
  for (let n = 1; n <= LOG_SHEETS; n++) {
    const sheet = logSheetName(n);
    let read: ReadResult;
    try {
      read = await book.readRange(sheet, `A1:${columnLetters(ORDERS_LOG_HEADERS.length - 1)}${MAX_ROWS}`);
    } catch (e) {
      if (isWorkbookError(e) && e.kind === 'no-sheet') break;
      if (isWorkbookError(e) && e.kind === 'empty') continue;
      throw e;
    }
    if (read.rowIndex !== 0 || read.columnIndex !== 0 || !isLogHeader(read.values[0])) continue;
    for (const values of read.values.slice(1)) {
      const time = number(values[0]);
      const submitted = text(values[4]);
      out.push({
        time: time === null ? new Date(Number.NaN) : fromExcelSerial(time),
        environment: text(values[1]),
        po: text(values[2]),
        orderId: text(values[3]),
        submitted: submitted === 'yes' || submitted === 'no' ? submitted : 'not confirmed',
        lines: number(values[5]) ?? 0,
        items: text(values[6]),
        subtotal: number(values[7]),
        discount: number(values[8]),
        total: number(values[9]),
        currency: text(values[10]),
        rows: text(values[11]),
      });
    }
  }
  return out;
}
