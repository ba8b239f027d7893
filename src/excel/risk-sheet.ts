/**
 * The workbook's "Risk" sheet: one row per part the BOM buys, with its lifecycle, compliance, codes, sources with
 * stock and risk level (src/plan/risk.ts, the rows as the CLI's XLSX file has them). The sheet is replaced when it is
 * the add-in's own (by the record of its sheets, own-sheets.ts), asked about otherwise.
 */
import { safeText } from '../purchase/priced-layout';
import { RISK_SHEET_HEADERS } from '../plan/risk-words';
import { MAX_ROWS, fullAddress } from './address';
import type { WorkbookPort } from './workbook-port';
import { type ConfirmOverwrite, type WrittenOutput, claimSheet } from './priced-sheet';

export const RISK_SHEET = 'Risk';

const WIDTHS = [22, 24, 10, 8, 50, 12, 14, 36, 12, 14, 8, 10];

/** Writes `rows` (riskSheetRows: the header row first) to the Risk sheet. */
export async function writeRiskSheet(
  book: WorkbookPort,
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  options: { confirm: ConfirmOverwrite; sheet?: string },
): Promise<WrittenOutput> {
  const width = RISK_SHEET_HEADERS.length;
  const values = rows.map((r) => r.map((v) => (typeof v === 'string' ? safeText(v) : v)));
  const claimed = await claimSheet(
    book,
    { name: options.sheet ?? RISK_SHEET, what: 'risk', width, rows: rows.length, firstRow: values[0] ?? [] },
    options.confirm,
  );
  if (!claimed) return { address: null, report: null, replaced: false };
  const { sheet } = claimed;
  if (claimed.ours) await book.clear({ sheet, row: 0, column: 0, rows: MAX_ROWS, columns: width }, 'all');
  await book.writeBlock(sheet, 0, 0, values);
  await book.styleHeader(sheet, 0, 0, WIDTHS);
  return {
    address: fullAddress({ sheet, row: 0, column: 0, rows: rows.length, columns: width }),
    report: null,
    replaced: claimed.replaced,
  };
}
