/** The "Price breaks" sheet: every break of every chosen offer, once per part, on a sheet the add-in claims. */
import { PRICE_BREAK_COLUMNS, type PriceBreakRow, priceBreakRow } from '../purchase/priced-layout';
import { MAX_ROWS } from './address';
import { type ConfirmOverwrite, type WrittenOutput, claimSheet } from './sheet-claims';
import type { WorkbookPort, WriteCell } from './workbook-port';

export const PRICE_BREAKS_SHEET = 'Price breaks';

/** Writes every break of every chosen offer to the "Price breaks" sheet (or the next free "Price breaks (n)"). */
export async function writePriceBreaks(
  book: WorkbookPort,
  breaks: readonly PriceBreakRow[],
  options: { confirm: ConfirmOverwrite; sheet?: string },
): Promise<WrittenOutput> {
  const headers = PRICE_BREAK_COLUMNS.map((c) => c.header);
  const values: WriteCell[][] = [headers, ...breaks.map((b) => priceBreakRow(b, { target: 'excel' }))];
  const width = headers.length;
  const claimed = await claimSheet(
    book,
    { name: options.sheet ?? PRICE_BREAKS_SHEET, what: 'price breaks', width, rows: values.length, firstRow: headers },
    options.confirm,
  );
  if (!claimed) return { address: null, report: null, replaced: false };
  const { sheet } = claimed;
  const report = await book.writeBlock(
    sheet,
    0,
    0,
    values,
    PRICE_BREAK_COLUMNS.map((c) => c.numberFormat),
  );
  // The add-in's earlier list is written over, then only what is left of it below the new one is cleared: a
  // failure on the way leaves each row of the sheet of one list or the other.
  if (claimed.ours)
    await book.clear({ sheet, row: values.length, column: 0, rows: MAX_ROWS - values.length, columns: width }, 'all');
  await book.styleHeader(
    sheet,
    0,
    0,
    PRICE_BREAK_COLUMNS.map((c) => c.width),
  );
  return { address: report.address, report, replaced: claimed.replaced };
}
