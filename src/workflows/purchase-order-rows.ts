/**
 * Ordering from the purchase list: its rows as the order review reads priced rows, so the list is ordered through
 * the same review, checks and record as a priced BOM (grouped by source and currency; rows ordered before are held
 * back until the buyer ticks them in again).
 *
 * A row's identity in the record of orders is its part (number and maker), on the Purchase list sheet: made again,
 * the list has other rows in other places, but a part ordered from it is still known as ordered. Orders placed in
 * production also count as on order the next time the list is made, so the part's need to buy goes down by them.
 */
import { fullAddress, parseAddress } from '../excel/address';
import type { PricedBlock, SelectedPricedRows, SheetPricedRow } from '../excel/order-sheet';
import { overbuyNote, overbuyReason } from '../plan/marks';
import type { RecordedStatus } from '../plan/record';
import { purchaseColumns, type PurchaseResult, type PurchaseRow } from '../purchase';

/** The identity a purchase-list row is recorded under when ordered: `PURCHASE:<part number>@<maker>`. */
export function purchaseRowIdentity(row: Pick<PurchaseRow, 'partNumber' | 'manufacturer'>): string {
  const norm = (text: string) => text.trim().toUpperCase().replace(/\s+/g, '');
  return `PURCHASE:${norm(row.partNumber)}@${norm(row.manufacturer)}`;
}

/** The status the review reads: bought rows are priced; covered rows have nothing to order. */
function statusOf(row: PurchaseRow): { status: RecordedStatus | 'skipped'; reason: string } {
  switch (row.status) {
    case 'buy':
      return { status: 'priced', reason: '' };
    case 'covered':
      return { status: 'skipped', reason: 'covered by stock: nothing to buy' };
    case 'short':
      return { status: 'short', reason: row.notes.join('; ') };
    default:
      return { status: 'no price', reason: row.notes.join('; ') };
  }
}

/** One purchase-list row as the review reads a priced row: the offer's MOQ, pack and stock from the part's offers. */
function pricedRow(row: PurchaseRow, sheetRow: number, result: PurchaseResult): SheetPricedRow {
  const { status, reason } = statusOf(row);
  const single = row.purchases.length === 1 ? row.purchases[0] : null;
  const offer = single ? row.part.offers.find((o) => o.sourcePartId === single.itemId) : undefined;
  // The list's own mark (src/purchase/part-row.ts), by the rule a BOM line is marked by.
  const mark = row.overbuy;
  const plan = row.plan;
  return {
    row: sheetRow,
    status,
    reason: mark ? [overbuyNote(mark), reason].filter((t) => t !== '').join('; ') : reason,
    matchedPart: row.partNumber,
    manufacturer: row.manufacturer,
    need: row.toBuy,
    orderQty: row.orderQty,
    // In the list's currency, as the plan paid it (an offer's own price is in its currency: offerPrice).
    unitPrice: plan.unitPrice,
    currency: result.currency,
    offerPrice: single ? single.unitPrice : null,
    offerCurrency: single ? single.offerCurrency : '',
    stock: offer ? offer.stock : null,
    moq: offer ? offer.moq : null,
    pack: offer ? offer.packSize : null,
    source: row.purchases.map((p) => p.source.toUpperCase()).join(' + '),
    itemId: single ? single.itemId : row.purchases.map((p) => p.itemId).join(' + '),
    order: '',
    identity: purchaseRowIdentity(row),
    plan: {
      items: row.purchases.map((p) => ({ itemId: p.itemId, qty: p.qty, source: p.source })),
      reasons: {
        overage: null,
        // The list plans what the BOMs lack (toBuy) and orders what it buys (orderQty).
        overbuy: overbuyReason(plan),
        sharedWith: row.sharedBy.length > 0 ? `the BOMs ${row.sharedBy.join(', ')}` : null,
      },
      marks: mark ? { overbuy: mark } : {},
      ...(status === 'skipped' ? {} : { status }),
    },
  };
}

/**
 * The rows of the purchase list written at `address` (the sheet's header in its first row, one row per part below),
 * as a selection of priced rows for the order review. Rows covered by stock are left out: there is nothing to order.
 */
export function purchaseListSelection(result: PurchaseResult, address: string): SelectedPricedRows {
  const at = parseAddress(address);
  const block: PricedBlock = {
    sheet: at.sheet,
    headerRow: at.row,
    column: at.column,
    columns: purchaseColumns(result.boms.map((b) => b.name)).length,
  };
  const rows: SheetPricedRow[] = [];
  result.rows.forEach((row, i) => {
    if (row.status === 'covered') return;
    rows.push(pricedRow(row, at.row + 1 + i, result));
  });
  const listed = fullAddress({
    sheet: at.sheet,
    row: at.row + 1,
    column: at.column,
    rows: Math.max(result.rows.length, 1),
    columns: block.columns,
  });
  return { block, selectedAddress: listed, rows, orderColumn: null, boards: null };
}
