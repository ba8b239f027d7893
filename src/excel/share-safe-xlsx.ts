/**
 * The share-safe parts of a priced XLSX (src/excel/share-safe.ts says what they hold): where the formulas point in
 * the workbook written, the "Breaks" sheet, and the live total on the Summary sheet. priced-xlsx.ts writes the rest.
 */
import { type BomReadResult, type Cell, columnName } from '../bom';
import { excelSerial } from '../purchase';
import { type PriceBomResult } from '../purchase/price-lines';
import { type Overage } from '../plan';
import type { XlsxBook, XlsxFormula } from './xlsx-book';
import { BREAKS_SHEET, type LiveCell, type ShareSafeBook, shareSafeBook } from './share-safe';

/** The values a written cell holds: a formula with its value as written, or the value. */
export function liveValue(cell: LiveCell): XlsxFormula {
  return { formula: cell.formula, result: cell.result };
}

/** What the share-safe formulas of a written file need to know beyond the priced BOM. */
export interface ShareSafeContext {
  /** The BOM's cells as read, from the top of the sheet written. */
  cells: readonly (readonly Cell[])[];
  read: BomReadResult;
  result: Pick<PriceBomResult, 'lines' | 'plans' | 'currency'>;
  overage: Overage;
  sheetName: string;
  /** Rows added above the BOM's own (one when it had no header row). */
  shift: number;
  /** The 0-based column of the first priced column. */
  first: number;
  /** The 1-based Summary row holding the number of boards. */
  boardsRow: number;
  /** The BOM's cell as the file writes it. */
  written(value: string | number | boolean): string | number | boolean;
}

/** The share-safe content of the file written: its lines' formulas, the Breaks sheet, the live total. */
export function shareSafeOf(ctx: ShareSafeContext): ShareSafeBook {
  const { cells, read, result, shift } = ctx;
  const perBoard = new Map<number, number>();
  const quantityFrom = new Map<number, boolean>();
  for (const line of read.lines) {
    perBoard.set(line.row, line.quantityPerBoard);
    quantityFrom.set(line.row, line.quantitySource === 'quantity');
  }
  const column = read.mapping.quantity;
  return shareSafeBook(
    { lines: result.lines, plans: result.plans, perBoard, overage: ctx.overage, currency: result.currency },
    {
      bomSheet: ctx.sheetName,
      sheetRow: (row) => row + shift + 1,
      firstPricedColumn: ctx.first,
      boardsCell: `Summary!$B$${ctx.boardsRow}`,
      quantityCell(row) {
        if (column === undefined || !quantityFrom.get(row)) return null;
        const raw = cells[row]?.[column];
        if (raw === null || raw === undefined || raw === '') return null;
        // Only a cell that holds the quantity as a number: "10 pcs" or "1.000" stay as the BOM wrote them.
        const value = ctx.written(raw);
        return typeof value === 'number' && value === perBoard.get(row)
          ? `${columnName(column)}${row + shift + 1}`
          : null;
      },
    },
  );
}

/** The "Breaks" sheet: one row per part bought, with its breaks and the formulas that price it. */
export function addBreaksSheet(workbook: XlsxBook, book: ShareSafeBook): void {
  const sheet = workbook.addWorksheet(BREAKS_SHEET, { views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }] });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  book.breaksColumns.forEach((column, i) => {
    header.getCell(i + 1).value = column.header;
    sheet.getColumn(i + 1).width = column.width;
  });
  header.commit();
  book.breaksRows.forEach((values, r) => {
    const row = sheet.getRow(r + 2);
    values.forEach((value, c) => {
      if (value === null) return;
      const cell = row.getCell(c + 1);
      cell.numFmt = book.breaksColumns[c].numberFormat;
      if (value instanceof Date) cell.value = excelSerial(value);
      else cell.value = typeof value === 'object' ? liveValue(value) : value;
    });
    row.commit();
  });
}

/** The Summary's rows that follow the sheets: the total and the lines priced at the quantities written there now. */
export function liveSummaryRows(book: ShareSafeBook): Array<{ label: string; value: LiveCell; numFmt: string }> {
  return [
    { label: 'Total at the quantities in the sheets', value: book.total, numFmt: '#,##0.00' },
    { label: 'Lines priced at those quantities', value: book.linesPriced, numFmt: '#,##0' },
  ];
}
