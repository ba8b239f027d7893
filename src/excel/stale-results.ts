/**
 * Marking the add-in's priced results stale in the sheet (a run that could not price them again, the BOM changed since):
 * each of its Status cells says so, with what it said before, and takes the stale fill.
 */
import { type PricedLine, PRICED_BOM_HEADERS, safeText, statusText } from '../purchase/priced-layout';
import { type CellBlock, fullAddress, parseAddress } from './address';
import { type FillSpec, type WorkbookPort, type WriteCell, WorkbookError } from './workbook-port';
import { type ResultsRecord, cellFingerprint, cellMark, fingerprintRow, readsAsWritten } from './own-cells';
import { STATUS_FILLS } from './status-fills';
import { wasMarkedStale } from './legacy-stale';
import { pricedBlockAt } from './priced-blocks';
import { type BomLocation, mergeFills } from './priced-sheet';

/**
 * Marks results stale (the BOM changed since they were written): each priced row's Status reads "stale: <why> (was:
 * <its status>)" with the stale colour. Only the Status cells of the add-in's block at `address` are written; skipped
 * and blank rows are left alone. The block is the add-in's by its header row; results without one (`record` has no
 * header row) by their Status cells, each while it reads what the add-in wrote (or marked stale). Returns the stale
 * marks for the record, one per row of the block (the Status's fingerprint, '' for none); null when none was marked.
 */
export async function markResultsStale(
  book: WorkbookPort,
  location: BomLocation,
  lines: readonly PricedLine[],
  address: string,
  why: string,
  record?: Pick<ResultsRecord, 'cells' | 'stale'>,
): Promise<string[] | null> {
  const block = parseAddress(address, location.sheet);
  const written = record?.cells;
  let top = block.row + 1;
  let own: (i: number) => boolean = () => true;
  if (!(await pricedBlockAt(book, block))) {
    if (!written || written.length === 0 || written[0] === fingerprintRow(PRICED_BOM_HEADERS)) return null;
    top = block.row;
    const status = await readStatus(book, { ...block, columns: 1 });
    const legacy = record?.stale === undefined;
    own = (i) =>
      readsAsWritten(cellMark(written[i], 0), status[i], record?.stale?.[i]) ||
      (legacy && wasMarkedStale(cellMark(written[i], 0), status[i]));
  }
  const values: WriteCell[][] = Array.from({ length: Math.max(0, block.row + block.rows - top) }, () => [null]);
  const fills: FillSpec[] = [];
  const marks = Array.from({ length: block.rows }, (_, r) => record?.stale?.[r] ?? '');
  for (const line of lines) {
    if (line.row === null || line.row === undefined || line.status === 'skipped') continue;
    const i = location.rowIndex + line.row - top;
    if (i < 0 || i >= values.length || !own(i)) continue;
    const text = safeText(`stale: ${why} (was: ${statusText({ ...line, stale: null })})`);
    values[i] = [text];
    marks[top - block.row + i] = cellFingerprint(text);
    fills.push({ row: top + i, column: block.column, color: STATUS_FILLS.stale.color });
  }
  if (fills.length === 0) return null;
  await book.writeBlock(block.sheet, top, block.column, values, ['@'], mergeFills(fills));
  return marks;
}

/** The cells of a one-column block, row by row ('' where empty). */
async function readStatus(book: WorkbookPort, block: CellBlock): Promise<string[]> {
  const out: string[] = new Array<string>(block.rows).fill('');
  try {
    const read = await book.readRange(block.sheet, fullAddress(block));
    if (read.columnIndex !== block.column) return out;
    read.values.forEach((row, i) => {
      const at = read.rowIndex - block.row + i;
      if (at >= 0 && at < out.length) out[at] = String(row[0] ?? '');
    });
  } catch (e) {
    if (!(e instanceof WorkbookError && e.kind === 'empty')) throw e;
  }
  return out;
}
