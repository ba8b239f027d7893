/**
 * A priced BOM as an XLSX workbook (xlsx-book.ts): the BOM with the priced columns beside it, the "Price breaks" and
 * "Summary" sheets, and for a share-safe copy the formulas and "Breaks" sheet of share-safe-xlsx.ts. The CLI's
 * `--out` and the task pane's "Make a share-safe copy" both write it; the caller brings the workbook with its
 * compressor (Node's zlib for a file, the page's CompressionStream for the pane).
 */
import { type BomReadResult, type Cell } from '../bom';
import {
  PRICED_BOM_COLUMNS,
  PRICE_BREAK_COLUMNS,
  type PricedStatus,
  SUMMARY_FORMATS,
  excelSerial,
  priceBreakRow,
  pricedRow,
  summarySheetRows,
} from '../purchase';
import { type PriceBomResult } from '../purchase/price-lines';
import type { Overage } from '../plan';
import type { ShareSafeBook } from './share-safe';
import { scheduleSummaryRows } from '../purchase/schedule-rows';
import { addBreaksSheet, liveSummaryRows, liveValue, shareSafeOf } from './share-safe-xlsx';
import { gridWidth } from '../text/normalize';
import { type KeptPlan, RECORDS_SHEET, addRecordsSheet } from './kept-records';
import type { OrderRecord } from './order-record';
import type { XlsxBook, XlsxRow } from './xlsx-book';
import { type FetchedValues, addFetchedSheets } from './fetched-values';
import { SUMMARY_SHEET } from './summary-sheet';
import { PRICE_BREAKS_SHEET } from './price-breaks-sheet';

export const STATUS_FILL: Record<PricedStatus, string> = {
  priced: 'FFC6EFCE',
  short: 'FFFFE699',
  'not found': 'FFFFC7CE',
  ambiguous: 'FFFFEB9C',
  'no price': 'FFFCE4D6',
  skipped: 'FFEDEDED',
};

const RESERVED_SHEETS = [
  'price breaks',
  'summary',
  'alternates',
  'breaks',
  'scenarios',
  'schedule',
  'risk',
  'changes',
  'partsheet snapshot',
];

/** Where the output's rows go: with no header row in the BOM, one is added on top for the priced headers. */
export function outputLayout(read: BomReadResult): { shift: number; headerRow: number } {
  return read.headerRow === null ? { shift: 1, headerRow: 0 } : { shift: 0, headerRow: read.headerRow };
}

/** The sheet of the file that holds the BOM and its priced block, for the BOM's own sheet name (or none). */
export function bomSheetName(sheetName: string | undefined): string {
  const name = (sheetName ?? 'BOM').trim() || 'BOM';
  if (!RESERVED_SHEETS.includes(name.toLowerCase())) return name;
  return `${name.slice(0, 27)} BOM`;
}

/**
 * A CSV cell for the XLSX copy: whole numbers as numbers (so Excel does not flag "number stored as text").
 * Everything else stays the text it was: leading zeros, and decimals whose separator depends on the locale
 * ("1.000" is a thousand in a semicolon file).
 */
function csvCellForXlsx(value: string | number | boolean): string | number | boolean {
  if (typeof value !== 'string') return value;
  return /^-?(?:0|[1-9]\d{0,14})$/.test(value) ? Number(value) : value;
}

/** What of a pricing run a priced workbook writes. */
export type PricedResult = Pick<
  PriceBomResult,
  'lines' | 'breaks' | 'summary' | 'boards' | 'pricedAt' | 'currency' | 'plans' | 'schedule'
>;

/** What a priced workbook is written from. */
export interface PricedXlsxInput {
  /** The BOM's cells, from the top of the sheet written. */
  cells: readonly (readonly Cell[])[];
  /** Cells read from CSV text: whole numbers are written as numbers. */
  fromCsv: boolean;
  /** The BOM sheet's name (reserved names get " BOM"); "BOM" when none. */
  sheetName?: string;
  /** The 0-based sheet row and column of the cells' first cell in their sheet; default A1. */
  origin?: { row: number; column: number };
  /** Where the BOM came from, for the Summary: a file's name, or the workbook's sheet. */
  fileName: string;
  read: BomReadResult;
  result: PricedResult;
  /**
   * A share-safe copy (src/excel/share-safe.ts): the priced quantities and prices are formulas over each part's
   * breaks on a "Breaks" sheet, with the overage the run added, so the workbook re-prices with nothing installed.
   */
  shareSafe?: ShareSafeChoice;
}

/** A share-safe copy's choices: the overage the run added, and the add-in's records when asked (default: none). */
export interface ShareSafeChoice {
  overage: Overage;
  /**
   * Keep the order and plan records (src/excel/kept-records.ts): the lines' plan records and these orders (those
   * placed from the BOM's sheet; the command line places none). Absent: the copy carries no records.
   */
  records?: { orders: readonly OrderRecord[] };
  /**
   * The workbook's own PARTS cells (src/excel/fetched-values.ts): the sheets beside the BOM's that hold them, as
   * values, and the "Fetched values" sheet listing each with when it was fetched. Absent or empty: neither.
   */
  fetched?: FetchedValues;
}

function addSummarySheet(
  workbook: XlsxBook,
  summaryRows: ReturnType<typeof summarySheetRows>,
  live: ShareSafeBook | null,
): void {
  const summary = workbook.addWorksheet(SUMMARY_SHEET);
  summary.getColumn(1).width = 22;
  summary.getColumn(2).width = 30;
  summary.getColumn(3).width = 18;
  const add = (values: Array<string | number | null>, numFmt?: string): XlsxRow => {
    const row = summary.addRow(values);
    if (numFmt) for (let c = 2; c <= values.length; c++) row.getCell(c).numFmt = numFmt;
    return row;
  };
  for (const entry of summaryRows) {
    if (entry.kind === 'blank') add([]);
    else if (entry.kind === 'title') add([entry.label]).font = { bold: true, size: 13 };
    else if (entry.kind === 'date') add([entry.label, excelSerial(entry.value as Date)], SUMMARY_FORMATS.date);
    else
      add(
        [entry.label, entry.value as string | number],
        entry.kind === 'text' ? undefined : SUMMARY_FORMATS[entry.kind],
      );
  }
  if (live) {
    // The number of boards written above is the one the formulas multiply by; these rows follow it.
    add([]);
    for (const row of liveSummaryRows(live)) {
      const r = add([row.label]);
      r.getCell(2).value = liveValue(row.value);
      r.getCell(2).numFmt = row.numFmt;
    }
  }
}

function addPriceBreaksSheet(workbook: XlsxBook, result: PricedResult, shift: number): void {
  const breaks = workbook.addWorksheet(PRICE_BREAKS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const breaksHeader = breaks.getRow(1);
  breaksHeader.font = { bold: true };
  PRICE_BREAK_COLUMNS.forEach((column, i) => {
    breaksHeader.getCell(i + 1).value = column.header;
    breaks.getColumn(i + 1).width = column.width;
  });
  result.breaks.forEach((row, r) => {
    const lineRow = row.lineRow === null ? null : row.lineRow + shift;
    const xlRow = breaks.getRow(r + 2);
    priceBreakRow({ ...row, lineRow }, { target: 'typed' }).forEach((value, i) => {
      const cell = xlRow.getCell(i + 1);
      cell.numFmt = PRICE_BREAK_COLUMNS[i].numberFormat;
      if (value !== null) cell.value = value;
    });
    xlRow.commit();
  });
}

/** Adds the priced BOM's sheets to `workbook`: the BOM and its priced columns, "Price breaks", "Summary", "Breaks". */
export function addPricedSheets(workbook: XlsxBook, input: PricedXlsxInput): XlsxBook {
  const { cells, read, result } = input;
  const { shift, headerRow } = outputLayout(read);
  workbook.created = result.pricedAt;
  const sheetName = bomSheetName(input.sheetName);
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: headerRow + 1 }] });
  const about = {
    file: input.fileName,
    ...(input.sheetName !== undefined ? { sheet: input.sheetName } : {}),
    pricedAt: result.pricedAt,
  };
  const summaryRows = [
    ...summarySheetRows(result.summary, result.boards, about),
    ...(result.schedule ? scheduleSummaryRows(result.schedule, result.currency, result.boards) : []),
  ];
  const written = (value: string | number | boolean) => (input.fromCsv ? csvCellForXlsx(value) : value);
  const live: ShareSafeBook | null = input.shareSafe
    ? shareSafeOf({
        cells,
        read,
        result,
        overage: input.shareSafe.overage,
        sheetName,
        shift,
        first: gridWidth(cells),
        boardsRow: summaryRows.findIndex((r) => r.label === 'Boards') + 1,
        written,
      })
    : null;

  // Row by row, top to bottom, each row committed when written: a streaming writer then holds one row at a time.
  const first = gridWidth(cells) + 1;
  PRICED_BOM_COLUMNS.forEach((column, i) => (sheet.getColumn(first + i).width = column.width));
  const lineAt = new Map(result.lines.map((line) => [line.row + shift, line]));
  const rowCount = Math.max(cells.length + shift, headerRow + 1);
  for (let r = 0; r < rowCount; r++) {
    const xlRow = sheet.getRow(r + 1);
    (cells[r - shift] ?? []).forEach((value, c) => {
      if (value === null || value === undefined || value === '') return;
      xlRow.getCell(c + 1).value = written(value);
    });
    if (r === headerRow) {
      xlRow.font = { bold: true };
      PRICED_BOM_COLUMNS.forEach((column, i) => (xlRow.getCell(first + i).value = column.header));
    }
    const line = lineAt.get(r);
    if (line) {
      const formulas = live?.lineCells.get(line.row);
      pricedRow(line, { target: 'typed' }).forEach((value, i) => {
        const cell = xlRow.getCell(first + i);
        cell.numFmt = PRICED_BOM_COLUMNS[i].numberFormat;
        const formula = formulas?.[PRICED_BOM_COLUMNS[i].key];
        if (formula) cell.value = liveValue(formula);
        else if (value !== null) cell.value = value;
      });
      xlRow.getCell(first).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: STATUS_FILL[line.status] } };
    }
    xlRow.commit();
  }

  addPriceBreaksSheet(workbook, result, shift);
  addSummarySheet(workbook, summaryRows, live);
  if (live) addBreaksSheet(workbook, live);
  const fetched = input.shareSafe?.fetched;
  if (fetched) {
    const block = {
      sheet: input.sheetName ?? sheetName,
      row: input.origin?.row ?? 0,
      column: input.origin?.column ?? 0,
      rows: cells.length,
      columns: gridWidth(cells),
    };
    addFetchedSheets(workbook, fetched, { block, copySheet: sheetName, shift }, [...RESERVED_SHEETS, RECORDS_SHEET]);
  }
  const records = input.shareSafe?.records;
  if (records) {
    const plans: KeptPlan[] = [];
    for (const line of result.lines) if (line.plan) plans.push({ row: line.row + shift + 1, plan: line.plan });
    addRecordsSheet(workbook, { plans, orders: [...records.orders] });
  }
  return workbook;
}
