/**
 * The pane's share-safe copy of the BOM it priced: the workbook `partsheet price --out X.xlsx --share-safe` writes
 * (src/excel/priced-xlsx.ts), built from the cells the pane read and the run's lines and plans, as an .xlsx file.
 *
 * The workbook writer (src/excel/xlsx-book.ts) is loaded as a chunk of its own when the copy is asked for, so
 * opening the pane costs nothing more; the page's CompressionStream compresses the parts (stored uncompressed where
 * a page has none). The copy holds the BOM's
 * cells, the prices and plans of the run, and nothing of the add-in's: no settings, credentials, tokens or service
 * addresses (it is written from those records alone, never from the open workbook or its document settings). The
 * order and plan records go with it only when the user asks (src/excel/kept-records.ts): the lines' plan records
 * of the run and the orders the workbook recorded for the BOM's sheet. The workbook's own PARTS cells come along as
 * their values, with when each was fetched (taskpane/fetched-cells.ts reads them, src/excel/fetched-values.ts
 * writes them): the copy holds no formula that calls the add-in.
 */
import { NO_OVERAGE } from '../src/plan';
import type { OrderRecord } from '../src/excel/order-record';
import type { FetchedValues } from '../src/excel/fetched-values';
import type { BomView, PricingView } from './pane-state';
import { addSheetsRecord } from '../src/excel/own-sheets';
import { layoutBlockRow } from '../src/excel/priced-blocks';
import { SUMMARY_SHEET } from '../src/excel/summary-sheet';
import { PRICE_BREAKS_SHEET } from '../src/excel/price-breaks-sheet';

export interface ShareSafeFile {
  /** The .xlsx file, base64: what Excel.createWorkbook opens. */
  base64: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** A name for the file when it is downloaded. */
  fileName: string;
}

/** Base64 of `bytes`, a slice at a time (a megabyte as one argument list would overflow the stack). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * The share-safe copy of the priced BOM `bom` as `pricing` holds it, with the workbook's PARTS cells `fetched` as
 * values; with `records`, keeping the lines' plan records and those of the orders placed from the BOM's sheet.
 */
export async function shareSafeFile(
  bom: BomView,
  pricing: PricingView,
  records: { orders: readonly OrderRecord[] } | null = null,
  fetched: FetchedValues = { sheets: [], cells: [] },
): Promise<ShareSafeFile> {
  if (!bom.read) throw new Error('The BOM could not be read as mapped; price it again first.');
  const [{ XlsxBook }, { pageCompressor }, { addPricedSheets, bomSheetName }] = await Promise.all([
    import(/* webpackChunkName: "xlsx-writer" */ '../src/excel/xlsx-book'),
    import(/* webpackChunkName: "xlsx-writer" */ '../src/excel/zip-package'),
    import(/* webpackChunkName: "xlsx-writer" */ '../src/excel/priced-xlsx'),
  ]);
  const workbook = addPricedSheets(new XlsxBook(pageCompressor()), {
    cells: bom.cells,
    fromCsv: false,
    sheetName: bom.location.sheet,
    origin: { row: bom.location.rowIndex, column: bom.location.columnIndex },
    fileName: bom.address,
    read: bom.read,
    result: {
      lines: pricing.lines,
      breaks: pricing.breaks,
      summary: pricing.summary,
      boards: pricing.boards,
      pricedAt: pricing.pricedAt,
      currency: pricing.currency,
      plans: pricing.plans,
    },
    shareSafe: {
      overage: pricing.plan.overage ?? NO_OVERAGE,
      fetched,
      ...(records ? { records: { orders: records.orders.filter((r) => r.sheet === bom.location.sheet) } } : {}),
    },
  });
  // Kept records go with the record of its lists, so the pane that opens the copy knows them as its own.
  if (records)
    addSheetsRecord(
      workbook,
      [
        [SUMMARY_SHEET, 'summary'],
        [PRICE_BREAKS_SHEET, 'price breaks'],
      ],
      [layoutBlockRow(bomSheetName(bom.location.sheet))],
    );
  // A view over a plain ArrayBuffer, as the file save takes (the writer's type allows a shared one).
  const bytes = new Uint8Array(await workbook.bytes());
  const fileName = `${bom.location.sheet.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'BOM'} share-safe.xlsx`;
  return { base64: base64Of(bytes), bytes, fileName };
}
