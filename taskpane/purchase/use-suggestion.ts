/**
 * A suggestion used from the purchase list: the candidate is written as the replacement of the blocker's lines in
 * the BOM ranges it blocks, in the BOM's "Replacement MPN" column (added right of the range when it has none, the
 * range kept one column wider), as the BOM view's Use writes it; the list made again then buys it. The BOM's own
 * part numbers are never written over.
 */
import { appendBomColumn, locationAddress } from '../../src/excel/bom-columns';
import type { WorkbookPort } from '../../src/excel/workbook-port';
import type { PurchaseBlocker, PurchaseResult } from '../../src/purchase';
import { normalizePartNumber } from '../../src/text/normalize';
import { REPLACEMENT_HEADER } from '../pane-state';
import { locationOf } from '../bom-view';
import type { NamedBomRange } from './setup';
import type { BomRangeRead } from './several-boms';

/** Where a suggestion was written: per BOM range, its (1-based) sheet rows. */
export interface SuggestionWritten {
  /** The text written: "PN (Maker)". */
  replacement: string;
  rows: { bom: string; sheet: string; rows: number[] }[];
  /** The BOM ranges as they are now (one column wider where the column was added). */
  boms: NamedBomRange[];
}

const key = (pn: string): string => normalizePartNumber(pn).toUpperCase();

/** The 0-based rows of the BOM's cells that the blocker names in BOM `index`. */
function blockerRows(
  result: PurchaseResult,
  b: PurchaseBlocker,
  index: number,
  lines: { row: number; partNumber: string }[],
) {
  if (b.kind === 'unlisted') {
    const line = result.unlisted[b.line];
    return line && line.bom === index ? [line.row] : [];
  }
  return lines.filter((l) => key(l.partNumber) === key(b.partNumber)).map((l) => l.row);
}

/**
 * Writes `replacement` for the blocker's lines in each BOM range it blocks; throws when none can be written. Each
 * range is read by `readBom`, the reading the list was made from (the buyer's columns, else the catalog judging), so
 * that the rows and the replacement column are those the list bought by.
 */
export async function writeSuggestion(
  book: WorkbookPort,
  readBom: (bom: NamedBomRange) => Promise<BomRangeRead>,
  boms: readonly NamedBomRange[],
  result: PurchaseResult,
  blocker: PurchaseBlocker,
  replacement: string,
): Promise<SuggestionWritten> {
  const out: SuggestionWritten = { replacement, rows: [], boms: [...boms] };
  for (const index of blocker.boms) {
    const name = result.boms[index]?.name;
    const at = boms.findIndex((r) => r.name === name);
    if (at < 0) continue;
    const { range: cells, read } = await readBom(boms[at]);
    const rows = blockerRows(result, blocker, index, read.lines);
    if (rows.length === 0) continue;
    let location = locationOf(cells, read.headerRow);
    let column = read.mapping.replacement;
    if (column === undefined) {
      column = location.columnCount;
      location = await appendBomColumn(book, location, REPLACEMENT_HEADER);
      out.boms[at] = { ...boms[at], address: locationAddress(location) };
    }
    await book.writeCells(
      location.sheet,
      rows.map((r) => ({ row: location.rowIndex + r, column: location.columnIndex + column, value: replacement })),
    );
    out.rows.push({ bom: name!, sheet: location.sheet, rows: rows.map((r) => location.rowIndex + r + 1) });
  }
  if (out.rows.length === 0)
    throw new Error(`No line of ${blocker.partNumber} was found in the BOM ranges it blocks: they changed since.`);
  return out;
}
