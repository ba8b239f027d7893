/**
 * The header row of a priced BOM as a sheet holds it: found from its "Status" cell, each priced column then read by
 * its header's name, so that a block written by a version with more, fewer or reordered columns reads the same.
 */
import { PRICED_BOM_HEADERS } from '../purchase/priced-layout';
import type { ReadCell, WorkbookPort } from './workbook-port';
import { type CellBlock, fullAddress } from './address';
import { text } from './cell-reading';

const KNOWN_HEADERS = new Set(PRICED_BOM_HEADERS);
/**
 * The priced columns ordering cannot do without. Any other priced column may be missing (a workbook priced before it
 * was added) or stand elsewhere: cells are read by their header's name, never by position.
 */
const NEEDED_HEADERS = ['Status', 'Matched part', 'Order qty', 'Unit price', 'Currency', 'Source', 'Item id'];

/** A priced-BOM header row found in a row's cells: where it starts, how wide it is, and each header's offset. */
export interface HeaderRun {
  column: number;
  width: number;
  offsets: ReadonlyMap<string, number>;
}

/** The cell of `row` under `header` (the block starting `offset` cells in), or '' where the block has no such column. */
export function cellUnder(row: readonly ReadCell[], offset: number, run: HeaderRun, header: string): ReadCell {
  const i = run.offsets.get(header);
  return i === undefined ? '' : (row[offset + i] ?? '');
}

/**
 * The priced-BOM header row in `values`, if this row is one: from a "Status" cell, the run of priced headers that
 * follows it (in whatever order a version of the add-in wrote them), holding at least the ones ordering needs.
 */
export function headerAt(values: readonly ReadCell[]): HeaderRun | null {
  for (let c = 0; c < values.length; c++) {
    if (text(values[c]) !== PRICED_BOM_HEADERS[0]) continue;
    const offsets = new Map<string, number>();
    let end = c;
    for (; end < values.length; end++) {
      const header = text(values[end]);
      if (!KNOWN_HEADERS.has(header) || offsets.has(header)) break;
      offsets.set(header, end - c);
    }
    if (NEEDED_HEADERS.every((h) => offsets.has(h))) return { column: c, width: end - c, offsets };
  }
  return null;
}

/**
 * The add-in's priced block whose header row is the top row of `block` (its Status cell at the block's left cell),
 * of this layout or an earlier one: by column of the present layout, its place there (-1 where that layout had none),
 * and how many columns the block has. A workbook priced before a column was added keeps its header row of that time:
 * priced again, its block is still the add-in's and its last values are read by name.
 */
export interface PricedHeader {
  places: number[];
  width: number;
}

export async function readPricedHeader(book: WorkbookPort, block: CellBlock): Promise<PricedHeader | null> {
  let values: readonly ReadCell[];
  try {
    const read = await book.readRange(block.sheet, fullAddress({ ...block, rows: 1 }));
    if (read.rowIndex !== block.row || read.columnIndex !== block.column) return null;
    values = read.values[0] ?? [];
  } catch {
    return null;
  }
  const run = headerAt(values);
  if (run === null || run.column !== 0) return null;
  return { places: PRICED_BOM_HEADERS.map((h) => run.offsets.get(h) ?? -1), width: run.width };
}
