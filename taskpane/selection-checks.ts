/**
 * What the pane says of a range read as the BOM before it is priced: a row just under it that holds a part number
 * (a line added under the range is not priced unless it is selected), a row just above a range read without a header
 * (its header or a line left out), and a range that holds fewer rows than the last run read (a row cleared cuts the
 * region short). Read from the sheet and the results record, never from words the pane wrote.
 */
import { MAX_ROWS, fullAddress, parseAddress } from '../src/excel/address';
import type { ResultsRecord } from '../src/excel/own-cells';
import type { WorkbookPort } from '../src/excel/workbook-port';
import { WorkbookError } from '../src/excel/port-types';
import { cellText } from '../src/text/normalize';
import type { BomView } from './pane-state';
import type { NoticeText } from './run-notices';

const shown = (cells: readonly unknown[]): string =>
  cells
    .map((c) => cellText(c as Parameters<typeof cellText>[0]))
    .filter((t) => t !== '')
    .join(', ')
    .slice(0, 80);

/** The notices for `view`, the range just read; `last` is the record of the results the pane wrote last. */
export async function selectionChecks(
  book: Pick<WorkbookPort, 'readRange'>,
  view: Pick<BomView, 'location' | 'address' | 'mapping' | 'read'>,
  last: ResultsRecord | null,
): Promise<NoticeText[]> {
  const { location } = view;
  const rowAt = async (row: number): Promise<unknown[]> => {
    if (row < 0 || row >= MAX_ROWS) return [];
    const block = { sheet: location.sheet, row, column: location.columnIndex, rows: 1, columns: location.columnCount };
    try {
      return (await book.readRange(location.sheet, fullAddress(block))).values[0] ?? [];
    } catch (e) {
      // An empty row is what the port says of a range with nothing in it.
      if (e instanceof WorkbookError && e.kind === 'empty') return [];
      throw e;
    }
  };
  const notices: NoticeText[] = [];
  const below = location.rowIndex + location.rowCount;
  const under = await rowAt(below);
  const pn = view.mapping.partNumber;
  if (shown(pn === undefined ? under : [under[pn]]) !== '')
    notices.push({
      intent: 'warning',
      kind: 'selection',
      title: `Row ${below + 1} under the BOM has a part number: include it?`,
      text: `Row ${below + 1}, just under the range read (${view.address}), holds "${shown(under)}" and is not priced. Select it with the BOM and press Use selection to include it.`,
    });
  if (location.rowIndex > 0 && view.read?.headerRow === null) {
    const over = await rowAt(location.rowIndex - 1);
    if (shown(over) !== '')
      notices.push({
        intent: 'warning',
        kind: 'selection',
        title: `Row ${location.rowIndex} above the BOM is not empty`,
        text: `Row ${location.rowIndex}, just above the range read, holds "${shown(over)}": if it is the BOM's header or a line, select it with the BOM and press Use selection.`,
      });
  }
  const before = last ? parseAddress(last.address) : null;
  if (before && before.sheet === location.sheet && before.row === location.rowIndex && before.rows > location.rowCount)
    notices.push({
      intent: 'warning',
      kind: 'selection',
      title: 'Fewer rows than the last run read',
      text: `The range read (${view.address}) holds ${location.rowCount} rows; the last run read ${before.rows}, rows ${before.row + 1} to ${before.row + before.rows}. A cleared row ends the range early: select the whole BOM to price every line.`,
    });
  return notices;
}
