/**
 * The "Purchase list" sheet: one row per part of the purchase list for several BOMs (src/purchase), then, after a
 * blank row, the per-BOM summary (cost share, buildable now, with orders and after this purchase, when each BOM is
 * clear to build) and the list's total; with a need-by date, the price of time of the whole list after a blank row
 * (layout.ts priceOfTimeRows). The same columns as the CLI's XLSX file (src/purchase/list-layout.ts). With several
 * scenarios, their comparison follows after a blank row (src/purchase/scenario-layout.ts); the list above is the
 * chosen scenario's. Replaced when it is the add-in's own (its header row reads as written), asked about otherwise,
 * as the Summary sheet is.
 */
import { safeText } from '../purchase/priced-layout';
import type { PurchaseResult } from '../purchase/types';
import {
  BOM_SUMMARY_COLUMNS,
  BOM_SUMMARY_HEADERS,
  PRICE_OF_TIME_FORMATS,
  PRICE_OF_TIME_HEADERS,
  type TableValue,
  bomSummaryRows,
  priceOfTimeRows,
  purchaseColumns,
  purchaseTableRows,
} from '../purchase/list-layout';
import type { PurchaseScenarios } from '../purchase/scenarios';
import { scenarioFormats, scenarioHeaders, scenarioRows } from '../purchase/scenario-layout';
import { MAX_ROWS, fullAddress } from './address';
import type { WorkbookPort, WriteCell } from './workbook-port';
import { type ConfirmOverwrite, type WrittenOutput, claimSheet } from './priced-sheet';

export const PURCHASE_LIST_SHEET = 'Purchase list';

function cell(value: TableValue): WriteCell {
  if (value === null) return '';
  return typeof value === 'string' ? safeText(value) : value;
}

/** Writes the purchase list and the per-BOM summary to the "Purchase list" sheet (or "Purchase list (2)"…). */
export async function writePurchaseSheet(
  book: WorkbookPort,
  result: PurchaseResult,
  options: { confirm: ConfirmOverwrite; sheet?: string; scenarios?: PurchaseScenarios | null },
): Promise<WrittenOutput> {
  const names = result.boms.map((b) => b.name);
  const columns = purchaseColumns(names);
  const headers = columns.map((c) => c.header);
  const several = options.scenarios && options.scenarios.scenarios.length > 1 ? options.scenarios : null;
  const scenarioBlock: WriteCell[][] = several
    ? [scenarioHeaders(names), ...scenarioRows(several).map((row) => row.map(cell))]
    : [];
  const width = Math.max(columns.length, BOM_SUMMARY_HEADERS.length, scenarioBlock[0]?.length ?? 0);
  const list: WriteCell[][] = [headers, ...purchaseTableRows(result).map((row) => row.map(cell))];
  const summaryTop = list.length + 1;
  const summary: WriteCell[][] = [BOM_SUMMARY_HEADERS, ...bomSummaryRows(result).map((row) => row.map(cell))];
  // With a need-by date, the price of time of the whole list, after a blank row.
  const timeRows = priceOfTimeRows(result);
  const time: WriteCell[][] = timeRows.length > 0 ? [PRICE_OF_TIME_HEADERS, ...timeRows.map((r) => r.map(cell))] : [];
  const timeTop = summaryTop + summary.length + 1;
  const summaryEnd = time.length > 0 ? timeTop + time.length : summaryTop + summary.length;
  const scenariosTop = summaryEnd + 1;
  const rows = several ? scenariosTop + scenarioBlock.length : summaryEnd;
  const claimed = await claimSheet(
    book,
    { name: options.sheet ?? PURCHASE_LIST_SHEET, what: 'purchase list', width, rows, firstRow: headers },
    options.confirm,
  );
  if (!claimed) return { address: null, report: null, replaced: false };
  const { sheet } = claimed;
  // The add-in's earlier list goes first: the new one may be shorter, or have other BOM columns.
  if (claimed.ours) await book.clear({ sheet, row: 0, column: 0, rows: MAX_ROWS, columns: width + 8 }, 'all');
  const report = await book.writeBlock(
    sheet,
    0,
    0,
    list,
    columns.map((c) => c.numberFormat),
  );
  await book.writeBlock(
    sheet,
    summaryTop,
    0,
    summary,
    BOM_SUMMARY_COLUMNS.map((c) => c.numberFormat),
  );
  await book.styleHeader(
    sheet,
    0,
    0,
    columns.map((c) => c.width),
  );
  await book.styleHeader(
    sheet,
    summaryTop,
    0,
    BOM_SUMMARY_HEADERS.map((_, i) => columns[i]?.width ?? 12),
  );
  if (time.length > 0) {
    await book.writeBlock(sheet, timeTop, 0, time, PRICE_OF_TIME_FORMATS);
    await book.styleHeader(
      sheet,
      timeTop,
      0,
      PRICE_OF_TIME_HEADERS.map((_, i) => columns[i]?.width ?? 12),
    );
  }
  if (several) {
    await book.writeBlock(sheet, scenariosTop, 0, scenarioBlock, scenarioFormats(names));
    await book.styleHeader(
      sheet,
      scenariosTop,
      0,
      scenarioBlock[0].map((_, i) => columns[i]?.width ?? 12),
    );
  }
  return {
    address: fullAddress({ sheet, row: 0, column: 0, rows, columns: width }),
    report,
    replaced: claimed.replaced,
  };
}
