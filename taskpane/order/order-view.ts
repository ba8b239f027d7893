/**
 * The sheet's Order column as a view of the record of orders (src/excel/order-record.ts): after a run writes the
 * priced block (maybe one column further right for a new "Replacement MPN" column, maybe over rows the user sorted),
 * each BOM line the record knows gets its orders' text again on its own row, and order texts left on rows that
 * were not ordered go. The record itself is never changed here.
 */
import { type BomReadResult, type ColumnMapping, mapColumns } from '../../src/bom';
import { PRICED_BOM_HEADERS } from '../../src/purchase/priced-layout';
import { parseAddress } from '../../src/excel/address';
import type { WorkbookPort, ReadCell } from '../../src/excel/workbook-port';
import {
  type IdentityColumns,
  type OrderRecord,
  lineIdentity,
  orderCellTextOf,
  ordersByLine,
} from '../../src/excel/order-record';
import { rewriteOrderColumn } from '../../src/excel/order-sheet';
import type { BomLocation } from '../../src/excel/priced-sheet';
import { type BomChoices, restoreMapping } from '../workbook-choices';

export interface PricedBomOnSheet {
  location: BomLocation;
  /** The BOM's cells, from its first row and column. */
  cells: readonly (readonly ReadCell[])[];
  mapping: ColumnMapping;
  read: Pick<BomReadResult, 'lines'>;
}

/** Where the identity of a BOM line is read, in sheet columns; null when the part-number column is not mapped. */
export function identityColumnsOf(
  location: Pick<BomLocation, 'columnIndex'>,
  mapping: ColumnMapping,
): IdentityColumns | null {
  if (mapping.partNumber === undefined) return null;
  return {
    partNumber: location.columnIndex + mapping.partNumber,
    ...(mapping.designators !== undefined ? { designators: location.columnIndex + mapping.designators } : {}),
  };
}

/**
 * Where the identity of the BOM lines beside a priced block is read, from the block's header row (its cells from
 * column A) and the mapping the workbook remembers for the sheet; without one, from the BOM's header texts.
 */
export function identityColumnsFromHeader(
  choices: BomChoices | null,
  header: readonly ReadCell[],
  pricedColumn: number,
): IdentityColumns | null {
  const texts = (from: number) =>
    header.slice(from, pricedColumn).map((c) => (c === null || c === undefined ? '' : String(c)));
  if (choices) {
    let start: number;
    try {
      start = parseAddress(choices.address).column;
    } catch {
      start = -1;
    }
    const mapping = start >= 0 && start < pricedColumn ? restoreMapping(choices, texts(start)) : null;
    if (mapping) return identityColumnsOf({ columnIndex: start }, mapping);
  }
  return identityColumnsOf({ columnIndex: 0 }, mapColumns(texts(0)));
}

/**
 * Writes the Order column beside the priced results at `resultsAddress` (their header row first) from `records`.
 * Returns a sentence for the user when the column holds someone else's cells and was left alone, else null.
 */
export async function showOrdersBeside(
  book: WorkbookPort,
  records: readonly OrderRecord[],
  bom: PricedBomOnSheet,
  resultsAddress: string,
): Promise<string | null> {
  const { location, cells, mapping } = bom;
  if (mapping.partNumber === undefined) return null;
  const results = parseAddress(resultsAddress, location.sheet);
  const byLine = ordersByLine(records, location.sheet);
  const texts = new Map<number, string>();
  if (byLine.size > 0) {
    for (const line of bom.read.lines) {
      const row = cells[line.row] ?? [];
      const key = lineIdentity(
        row[mapping.partNumber],
        mapping.designators === undefined ? '' : row[mapping.designators],
      );
      const orders = key === null ? undefined : byLine.get(key);
      if (orders) texts.set(location.rowIndex + line.row, orderCellTextOf(orders));
    }
  }
  const block = {
    sheet: location.sheet,
    headerRow: results.row,
    column: results.column,
    columns: PRICED_BOM_HEADERS.length,
  };
  const done = await rewriteOrderColumn(book, block, results.row + results.rows - 1, texts);
  if (done.written === null && done.reason === 'occupied') {
    return `The Order column beside the results could not show the rows already ordered: ${done.usedAddress} holds other values. The orders are still recorded; clear those cells and price again.`;
  }
  return null;
}
