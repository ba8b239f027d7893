/**
 * The workbook port's reads: the selection (grown to its table or region), its shape, a range's used part, the
 * sheets' names and a whole sheet's used part.
 */
import type { HostRange } from './host';
import { splitSheet } from './address';
import { excelError, rangeInfo, SHAPE, type HostBatches } from './port-batches';
import type { FormulaRead, RangeShape, ReadResult, SelectionResult, SheetState } from './port-types';

export async function readSelection(b: HostBatches): Promise<SelectionResult> {
  try {
    return await b.run(async (context) => {
      const selected = context.workbook.getSelectedRange();
      selected.load(SHAPE);
      const tables = selected.getTables(false);
      const tableCount = tables.getCount();
      const region = selected.getSurroundingRegion();
      region.load(SHAPE);
      await context.sync();
      const selectedAddress = selected.address;
      const sheetName = splitSheet(selectedAddress).sheet ?? '';
      const single = selected.rowCount === 1 && selected.columnCount === 1;
      let target: HostRange = selected;
      let source: SelectionResult['source'] = 'selection';
      let tableName: string | null = null;
      if (single && tableCount.value > 0) {
        const table = tables.getFirst();
        table.load('name');
        target = table.getRange();
        source = 'table';
        await context.sync();
        tableName = table.name;
      } else if (single) {
        target = region;
        source = 'region';
      }
      const empty =
        source === 'selection'
          ? `The selected cells (${selectedAddress}) are empty. Select the BOM, or one cell inside it, and press "Use selection" again.`
          : `Cell ${selectedAddress} has nothing around it. Select the BOM, or one cell inside it, and press "Use selection" again.`;
      const read = await b.readUsed(context, target, sheetName, empty);
      return { ...read, selectedAddress, source, tableName };
    });
  } catch (e) {
    throw excelError(e, 'reading the selection');
  }
}

export async function selectionShape(b: HostBatches): Promise<RangeShape> {
  try {
    return await b.run(async (context) => {
      const selected = context.workbook.getSelectedRange();
      selected.load(SHAPE);
      await context.sync();
      return rangeInfo(selected, '');
    });
  } catch (e) {
    throw excelError(e, 'reading the selection');
  }
}

export async function readRange(b: HostBatches, sheet: string, address: string): Promise<ReadResult> {
  try {
    return await b.run(async (context) => {
      const { sheet: named, cells } = splitSheet(address);
      const sheetName = named ?? sheet;
      const range = context.workbook.worksheets.getItem(sheetName).getRange(cells);
      return b.readUsed(context, range, sheetName, `The cells ${address} are empty.`);
    });
  } catch (e) {
    throw excelError(e, `reading ${address}`, sheet);
  }
}

export async function sheetNames(b: HostBatches): Promise<string[]> {
  try {
    return await b.run(async (context) => {
      const sheets = context.workbook.worksheets.load('items/name');
      await context.sync();
      return sheets.items.map((s) => s.name);
    });
  } catch (e) {
    throw excelError(e, "listing the workbook's sheets");
  }
}

export async function readUsedRange(b: HostBatches, sheet: string, maxRows?: number): Promise<ReadResult | null> {
  try {
    return await b.run(async (context) => {
      const used = context.workbook.worksheets.getItem(sheet).getUsedRangeOrNullObject(true);
      return b.readFound(context, used, sheet, maxRows);
    });
  } catch (e) {
    throw excelError(e, `reading the sheet "${sheet}"`, sheet);
  }
}

export async function sheetStates(b: HostBatches): Promise<SheetState[]> {
  try {
    return await b.run(async (context) => {
      const sheets = context.workbook.worksheets.load('items/name,items/visibility');
      await context.sync();
      return sheets.items.map((s) => ({ name: s.name, visibility: visibilityOf(s.visibility) }));
    });
  } catch (e) {
    throw excelError(e, "listing the workbook's sheets");
  }
}

function visibilityOf(text: string | undefined): SheetState['visibility'] {
  return text === 'Hidden' || text === 'VeryHidden' ? text : 'Visible';
}

export async function readUsedFormulas(b: HostBatches, sheet: string): Promise<FormulaRead | null> {
  try {
    return await b.run(async (context) => {
      const used = context.workbook.worksheets.getItem(sheet).getUsedRangeOrNullObject(true);
      const read = await b.readFoundGrids(context, used, sheet, ['values', 'formulas', 'numberFormat']);
      if (read === null) return null;
      const { grids, ...rest } = read;
      return { ...rest, values: grids.values, formulas: grids.formulas, numberFormats: grids.numberFormat };
    });
  } catch (e) {
    throw excelError(e, `reading the sheet "${sheet}"`, sheet);
  }
}
