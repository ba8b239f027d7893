/**
 * The workbook port's hidden sheets and change events: a sheet of machine-readable text the user does not see
 * (Excel.SheetVisibility 'VeryHidden': only code shows it again, so it is not unhidden and edited by accident), read
 * back as it was written; and a sheet's changes followed (Worksheet.onChanged, ExcelApi 1.7) until stopped.
 */
import { type CellBlock, MAX_COLUMNS, MAX_ROWS, blockAddress, parseAddress } from './address';
import type { HostWorksheet } from './host';
import { excelError, type HostBatches } from './port-batches';
import type { CellsChanged, HiddenBlock, HiddenPlace } from './port-types';
import { writeBlock } from './port-writes';

/**
 * Writes `rows` of text to the very hidden sheet `name`, made when missing. Without `at`, from A1, and then the rest
 * of the sheet emptied: its old rows never outlive the new ones. With `at`, from that cell, and then its columns
 * emptied below the rows written, the rest of the sheet left as it is. The new rows are written over the old before
 * anything is emptied, so a write Excel refuses part-way leaves every row whole, old or new, never a sheet emptied and
 * not written again (where the emptying is refused, old rows may follow the new ones until the next write). Each cell is kept as text (number format '@', quoted where Excel would convert it).
 */
export async function writeHiddenSheet(
  b: HostBatches,
  name: string,
  rows: readonly (readonly string[])[],
  at?: HiddenPlace,
): Promise<void> {
  const width = Math.max(1, at?.columns ?? 0, ...rows.map((r) => r.length));
  const row = at?.row ?? 0;
  const column = at?.column ?? 0;
  if (rows.length > 0) {
    // The sheet made (and hidden) first where it is missing: the write needs it; emptying alone makes it below.
    await keepSheet(b, name, () => undefined);
    const values = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
    await writeBlock(b, name, row, column, values, new Array<string>(width).fill('@'));
  }
  const below = row + rows.length;
  await keepSheet(b, name, (sheet) => {
    if (below < MAX_ROWS)
      sheet
        .getRange(blockAddress({ row: below, column, rows: MAX_ROWS - below, columns: at ? width : MAX_COLUMNS }))
        .clear('All');
    if (at === undefined && rows.length > 0 && width < MAX_COLUMNS)
      sheet
        .getRange(blockAddress({ row: 0, column: width, rows: rows.length, columns: MAX_COLUMNS - width }))
        .clear('All');
  });
}

/** Runs `change` on the very hidden sheet `name`, made when missing, in one batch. */
async function keepSheet(b: HostBatches, name: string, change: (sheet: HostWorksheet) => void): Promise<void> {
  try {
    await b.run(async (context) => {
      const sheets = context.workbook.worksheets;
      let sheet = sheets.getItemOrNullObject(name);
      await context.sync();
      if (sheet.isNullObject) sheet = sheets.add(name);
      sheet.visibility = 'VeryHidden';
      change(sheet);
      await context.sync();
    });
  } catch (e) {
    throw excelError(e, `keeping the sheet "${name}"`, name);
  }
}

/**
 * The text of the hidden sheet `name`, row by row from A1 (cells as text, '' for empty ones), or, given `block`,
 * of the cells of that block alone, row by row from its top-left cell; null when there is no such sheet.
 */
export async function readHiddenSheet(b: HostBatches, name: string, block?: HiddenBlock): Promise<string[][] | null> {
  try {
    return await b.run(async (context) => {
      const sheet = context.workbook.worksheets.getItemOrNullObject(name);
      await context.sync();
      if (sheet.isNullObject) return null;
      const within = block ? sheet.getRange(blockAddress(block)) : sheet;
      const used = await b.readFound(context, within.getUsedRangeOrNullObject(true), name);
      if (used === null) return [];
      // The used part may start below or right of the origin: the rows and cells before it are empty.
      const lead = new Array<string>(used.columnIndex - (block?.column ?? 0)).fill('');
      const rows: string[][] = Array.from({ length: used.rowIndex - (block?.row ?? 0) }, () => []);
      for (const row of used.values) rows.push([...lead, ...row.map((v) => String(v))]);
      return rows;
    });
  } catch (e) {
    throw excelError(e, `reading the sheet "${name}"`, name);
  }
}

/** The cells an event names; the whole sheet when its address is not one this reads. */
function changedBlock(address: string, sheet: string): CellBlock {
  try {
    return { ...parseAddress(address, sheet), sheet };
  } catch {
    return { sheet, row: 0, column: 0, rows: MAX_ROWS, columns: MAX_COLUMNS };
  }
}

/**
 * Calls `listener` after each change of cells of `sheet` (the cells, and whether this add-in made it: as Office says
 * from ExcelApi 1.14, as the port's record of its own writes says before, own-writes.ts); the promise gives the stop.
 */
export async function watchSheet(
  b: HostBatches,
  sheet: string,
  listener: (change: CellsChanged) => void,
): Promise<() => Promise<void>> {
  try {
    const handle = await b.run(async (context) => {
      const added = context.workbook.worksheets.getItem(sheet).onChanged.add(async (args) => {
        const block = changedBlock(args.address, sheet);
        // Before ExcelApi 1.14 Office does not say who made a change: the port's record of its writes does.
        const byAddin =
          args.triggerSource === undefined ? b.own.covers(block) : args.triggerSource === 'ThisLocalAddin';
        listener({ block, byAddin });
      });
      await context.sync();
      return added;
    });
    return async () => {
      handle.remove();
      await handle.context.sync();
    };
  } catch (e) {
    throw excelError(e, `following the changes of "${sheet}"`, sheet);
  }
}
