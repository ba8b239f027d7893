/**
 * The add-in's records a share-safe copy keeps only when asked (`partsheet price --share-safe --keep-records`, the
 * pane's "Keep the order and plan records" choice); by default the copy carries none of them. Kept, they go to the
 * very hidden sheet "Partsheet records" as JSON text, one piece of up to 30,000 characters per row of column A:
 * - the plan record of each priced line (src/plan/record.ts: the items bought and why the quantity differs from the
 *   need), by the line's row in the copy's BOM sheet;
 * - the orders placed from the BOM's sheet (src/excel/order-record.ts), as the workbook recorded them.
 * They are records, not words: readKeptRecords reads them back with the readers of the records themselves.
 */
import { snapshotChunks } from '../changes';
import { type LinePlanRecord, readLinePlanRecord, storedPlan } from '../plan/record';
import { type OrderRecord, asOrderRecords } from './order-record';
import type { XlsxBook } from './xlsx-book';

export const RECORDS_SHEET = 'Partsheet records';
const RECORDS_FORMAT = 'partsheet-records';
const RECORDS_VERSION = 1;

/** One priced line's plan record, by its 1-based row on the copy's BOM sheet. */
export interface KeptPlan {
  row: number;
  plan: LinePlanRecord;
}

export interface KeptRecords {
  plans: KeptPlan[];
  orders: OrderRecord[];
}

/** The records' text, as the sheet keeps it. */
export function keptRecordsText(records: KeptRecords): string {
  return JSON.stringify({
    format: RECORDS_FORMAT,
    version: RECORDS_VERSION,
    plans: records.plans.map((p) => ({ row: p.row, plan: storedPlan(p.plan) })),
    orders: records.orders,
  });
}

/** The "Partsheet records" sheet (very hidden) holding `records`. */
export function addRecordsSheet(workbook: XlsxBook, records: KeptRecords): void {
  const sheet = workbook.addWorksheet(RECORDS_SHEET, { state: 'veryHidden' });
  // In pieces that each fit a cell, as the run's snapshot is kept.
  for (const piece of snapshotChunks(keptRecordsText(records))) sheet.addRow([piece]).commit();
}

/**
 * The records kept in a copy, from the sheet's column A pieces in order. Throws an Error saying what is wrong when
 * the text is not records of this format; a plan or an order that does not read as one is passed over.
 */
export function readKeptRecords(pieces: readonly string[]): KeptRecords {
  let value: unknown;
  try {
    value = JSON.parse(pieces.join(''));
  } catch {
    throw new Error(`The "${RECORDS_SHEET}" sheet does not hold records as Partsheet writes them (not JSON)`);
  }
  const v = value as { format?: unknown; version?: unknown; plans?: unknown; orders?: unknown } | null;
  if (v?.format !== RECORDS_FORMAT || v.version !== RECORDS_VERSION || !Array.isArray(v.plans))
    throw new Error(`The "${RECORDS_SHEET}" sheet holds records of another format or version`);
  const plans: KeptPlan[] = [];
  for (const entry of v.plans as unknown[]) {
    const e = entry as { row?: unknown; plan?: unknown } | null;
    const plan = readLinePlanRecord(e?.plan);
    if (plan && typeof e?.row === 'number' && Number.isSafeInteger(e.row) && e.row > 0)
      plans.push({ row: e.row, plan });
  }
  return { plans, orders: asOrderRecords(v.orders) };
}
