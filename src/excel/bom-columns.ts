/**
 * Columns the add-in adds to a BOM for the user's choices made in the task pane (a pinned offer, a replacement part
 * number). They are BOM columns with a header the BOM reading recognises ("Pinned offer", "Replacement MPN"), so the
 * next run, and the command line reading a saved copy, honour them; the user's own columns are never written.
 *
 * A new column goes right of the BOM, where the empty column between the BOM and its priced block was. The priced
 * block must keep one empty column between itself and the BOM (or the BOM's region would run into it), so the
 * add-in's own priced block there (and its Order column) is cleared: the next run writes it one column further right.
 */
import { PRICED_BOM_COLUMNS } from '../purchase/priced-layout';
import { pricedBlockAt } from './priced-blocks';
import { type CellBlock, columnLetters, fullAddress } from './address';
import { type WorkbookPort, WorkbookError } from './workbook-port';
import { type BomLocation, defaultResultsColumn } from './priced-sheet';
import { type TotalsKnown, clearTotalsBelow } from './total-row';

/** Excel's usual column width, in characters. */
export const SPACER_WIDTH = 9;

/** The BOM's rows, as a block `columns` wide from `column`. */
function rowsOf(location: BomLocation, column: number, columns: number): CellBlock {
  return { sheet: location.sheet, row: location.rowIndex, column, rows: location.rowCount, columns };
}

/** The add-in's priced block right of the BOM, with its Order column when it has one; null when there is none. */
async function ownBlockBeside(book: WorkbookPort, location: BomLocation): Promise<CellBlock | null> {
  // A BOM without a header row has its results' header in the row above it (see planPricedOutput).
  const headerRow = location.headerRow !== null ? location.rowIndex + location.headerRow : location.rowIndex - 1;
  if (headerRow < 0) return null;
  const left = defaultResultsColumn(location);
  const header: CellBlock = {
    sheet: location.sheet,
    row: headerRow,
    column: left,
    rows: 1,
    columns: PRICED_BOM_COLUMNS.length,
  };
  // Of this layout or an earlier one (a workbook priced before a column was added), by the record of blocks.
  const priced = await pricedBlockAt(book, header);
  if (priced === null) return null;
  const width = priced.run.width;
  const rows = rowsOf(location, left, width + (priced.order === left + width ? 1 : 0));
  return headerRow < rows.row ? { ...rows, row: headerRow, rows: rows.rows + 1 } : rows;
}

/**
 * Adds a column with `header` right of the BOM and returns the BOM's new location (one column wider). Refuses, with
 * what to do, when the column there holds values. The add-in's priced block beside the BOM is cleared (see above), with
 * its total row (`known`: the record of the results the add-in wrote last, when the caller has it).
 */
export async function appendBomColumn(
  book: WorkbookPort,
  location: BomLocation,
  header: string,
  known?: TotalsKnown,
): Promise<BomLocation> {
  const column = location.columnIndex + location.columnCount;
  const used = await book.usedAddress(rowsOf(location, column, 1));
  if (used !== null) {
    throw new WorkbookError(
      'bad-block',
      `Column ${columnLetters(column)} right of the BOM is not empty (${used}), so the "${header}" column cannot go there. Add a "${header}" column to the BOM yourself and map it in step 2.`,
    );
  }
  const own = await ownBlockBeside(book, location);
  if (own) {
    await clearTotalsBelow(book, own, known);
    await book.clear(own, 'all');
    // The Status column right of the new one becomes the empty column between the BOM and its results: it goes
    // back to Excel's usual width instead of staying 64 characters wide and empty.
    await book.styleHeader(location.sheet, own.row, own.column, [SPACER_WIDTH]);
  }
  if (location.headerRow !== null) {
    const row = location.rowIndex + location.headerRow;
    await book.writeCells(location.sheet, [{ row, column, value: header }]);
    await book.styleHeader(location.sheet, row, column, [Math.max(12, header.length + 2)]);
  }
  return { ...location, columnCount: location.columnCount + 1 };
}

/** The address of a BOM location, `Sheet!A3:F40`. */
export function locationAddress(location: BomLocation): string {
  return fullAddress(rowsOf(location, location.columnIndex, location.columnCount));
}
