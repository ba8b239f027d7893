/**
 * The workbook's copy of the summary: the "Summary" sheet (the rows of src/bom's summarySheetRows, as the CLI's XLSX
 * file has them). The total row under the priced table is total-row.ts. Nothing is added up here.
 */
import { excelSerial, safeText } from '../purchase/priced-layout';
import { SUMMARY_FORMATS, type SummarySheetRow } from '../purchase/summary-entries';
import { MAX_ROWS, fullAddress } from './address';
import type { WorkbookPort, WriteCell } from './workbook-port';
import { type ConfirmOverwrite, type WrittenOutput, claimSheet } from './priced-sheet';
import { STATUS_FILLS } from './status-fills';

export const SUMMARY_SHEET = 'Summary';
/** Width of the Summary sheet's label and value columns, in characters. */
const SUMMARY_WIDTHS = [36, 44];

function valueCell(row: SummarySheetRow): WriteCell {
  if (row.value === null) return '';
  if (row.value instanceof Date) return excelSerial(row.value);
  return typeof row.value === 'string' ? safeText(row.value) : row.value;
}

/**
 * Writes the summary to the "Summary" sheet: replaced when it is the add-in's own (by the record of its sheets),
 * asked about otherwise (replace it, or use "Summary (2)"…). Rows of one kind go in one block with their format.
 */
export async function writeSummarySheet(
  book: WorkbookPort,
  rows: readonly SummarySheetRow[],
  options: { confirm: ConfirmOverwrite; sheet?: string },
): Promise<WrittenOutput> {
  const width = 2;
  const claimed = await claimSheet(
    book,
    {
      name: options.sheet ?? SUMMARY_SHEET,
      what: 'summary',
      width,
      rows: rows.length,
      firstRow: rows.length > 0 ? [safeText(rows[0].label), valueCell(rows[0])] : [],
    },
    options.confirm,
  );
  if (!claimed) return { address: null, report: null, replaced: false };
  const { sheet } = claimed;
  // The add-in's earlier summary goes first: the new one may be shorter.
  if (claimed.ours) await book.clear({ sheet, row: 0, column: 0, rows: MAX_ROWS, columns: width }, 'all');
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    while (end < rows.length && rows[end].kind === rows[start].kind) end++;
    const block = rows.slice(start, end);
    // A total that leaves lines out gets the fill of a line short of its need: it never looks like a complete one.
    const fills = block.flatMap((r, i) =>
      r.partial ? [{ row: start + i, column: 0, columns: width, color: STATUS_FILLS.shortOfNeed.color }] : [],
    );
    await book.writeBlock(
      sheet,
      start,
      0,
      block.map((r) => [safeText(r.label), valueCell(r)]),
      ['@', SUMMARY_FORMATS[rows[start].kind]],
      fills,
    );
    start = end;
  }
  await book.styleHeader(sheet, 0, 0, SUMMARY_WIDTHS);
  return {
    address: fullAddress({ sheet, row: 0, column: 0, rows: rows.length, columns: width }),
    report: null,
    replaced: claimed.replaced,
  };
}
