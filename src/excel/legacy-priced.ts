/**
 * Words earlier versions wrote, read for a workbook from before the records (kept here as written then: a later
 * rewording must not change what an old workbook is found to hold):
 * - a priced block's header row, on a sheet the record of blocks (priced-blocks.ts) names no block on, until a run
 *   prices a BOM there and records the blocks these words find;
 * - the texts of an Order column, on a sheet with no entry of Order texts (order-texts.ts), until the add-in writes an
 *   Order text there and records the texts these words find.
 * What cannot be recovered: a block whose header the user edited is not found (price it again), and on such a sheet a
 * table or a text of the user's in the very same words is taken for the add-in's.
 */
import type { ReadCell } from './workbook-port';
import { type HeaderRun, NEEDED_KEYS } from './priced-header';
import { text } from './cell-reading';

/** Each priced column's header as versions before the record wrote it, with the column's key. */
const EARLIER_HEADERS: ReadonlyMap<string, string> = new Map([
  ['Status', 'status'],
  ['Matched part', 'matchedPart'],
  ['Manufacturer', 'manufacturer'],
  ['Description', 'description'],
  ['Lifecycle', 'lifecycle'],
  ['Need', 'need'],
  ['Buy for line', 'share'],
  ['Order qty', 'orderQty'],
  ['Unit price', 'unitPrice'],
  ['Extended', 'extended'],
  ['Currency', 'currency'],
  ['Offer price', 'offerPrice'],
  ['Offer currency', 'offerCurrency'],
  ['Stock', 'stock'],
  ['Stock (all sources)', 'stockAll'],
  ['Availability', 'availability'],
  ['Lead time (weeks)', 'leadTimeWeeks'],
  ['MOQ', 'moq'],
  ['Pack', 'pack'],
  ['Source', 'source'],
  ['Country of origin', 'countryOfOrigin'],
  ['Item id', 'itemId'],
  ['As of', 'asOf'],
]);

/** The header earlier versions wrote over the Order column right of a priced block. */
export const LEGACY_ORDER_HEADER = 'Order';

/**
 * The priced-BOM header row in `values` as an earlier version wrote it, if this row is one: from a "Status" cell, the
 * run of priced headers that follows it (in whatever order a version wrote them), holding the ones ordering needs.
 */
export function legacyHeaderAt(values: readonly ReadCell[]): HeaderRun | null {
  for (let c = 0; c < values.length; c++) {
    if (text(values[c]) !== 'Status') continue;
    const offsets = new Map<string, number>();
    let end = c;
    for (; end < values.length; end++) {
      const key = EARLIER_HEADERS.get(text(values[end]));
      if (key === undefined || offsets.has(key)) break;
      offsets.set(key, end - c);
    }
    if (NEEDED_KEYS.every((k) => offsets.has(k))) return { column: c, width: end - c, offsets };
  }
  return null;
}

/** Whether a cell reads as the Order column's header earlier versions wrote. */
export function isLegacyOrderHeader(value: ReadCell | undefined): boolean {
  return text(value) === LEGACY_ORDER_HEADER;
}

/** What an Order cell earlier versions wrote reads like: an order's text, or why the row was not ordered. */
const EARLIER_ORDER_TEXT = /^(?:\d{5,}|An order) (?:created|submitted|not confirmed)\b|^Not ordered: /;

/** Whether a cell of an Order column reads as a text earlier versions wrote there. */
export function isLegacyOrderText(value: string): boolean {
  return EARLIER_ORDER_TEXT.test(value.trim());
}
