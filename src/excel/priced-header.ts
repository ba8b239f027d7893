/**
 * The header row of a priced BOM as a sheet holds it: where it starts, how wide it is, and where each priced column
 * stands, by the column's key (priced-layout.ts). Found by the record of the blocks the add-in wrote (priced-blocks.ts)
 * or, for a workbook priced before the record, by the words earlier versions wrote (legacy-priced.ts); each priced
 * cell is then read by its column's key, never by position, so a block written by a version with more, fewer or
 * reordered columns reads the same.
 */
import { PRICED_BOM_COLUMNS, type PricedColumnKey } from '../purchase/priced-layout';
import type { ReadCell } from './workbook-port';

/** A priced-BOM header row found in a row's cells: where it starts, how wide it is, and each column's offset by key. */
export interface HeaderRun {
  column: number;
  width: number;
  offsets: ReadonlyMap<string, number>;
}

/** The cell of `row` under the column `key` (the block starting `offset` cells in), or '' where the block has none. */
export function cellUnder(row: readonly ReadCell[], offset: number, run: HeaderRun, key: PricedColumnKey): ReadCell {
  const i = run.offsets.get(key);
  return i === undefined ? '' : (row[offset + i] ?? '');
}

/**
 * The add-in's priced block whose header row is the top row of a block, of this layout or an earlier one: by column of
 * the present layout, its place there (-1 where that layout had none), and how many columns the block has. A workbook
 * priced before a column was added keeps its header row of that time: priced again, its block is still the add-in's
 * and its last values are read by key.
 */
export interface PricedHeader {
  places: number[];
  width: number;
}

/** The places of the present layout's columns in a header found (see PricedHeader). */
export function placesOf(run: HeaderRun): PricedHeader {
  return { places: PRICED_BOM_COLUMNS.map((c) => run.offsets.get(c.key) ?? -1), width: run.width };
}

/** The priced columns ordering cannot do without: a header row found without them is not a priced block. */
export const NEEDED_KEYS: readonly PricedColumnKey[] = [
  'status',
  'matchedPart',
  'orderQty',
  'unitPrice',
  'currency',
  'source',
  'itemId',
];
