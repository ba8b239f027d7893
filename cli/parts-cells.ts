/**
 * The PARTS cells of an XLSX workbook, for `partsheet price --share-safe` (src/excel/fetched-values.ts writes them):
 * each sheet but the very hidden ones, its cells whose formula calls a PARTS function found, and the value each
 * holds as the file cached it. The BOM's own cells are read as those values already (cli/bomfile.ts); other sheets
 * with PARTS cells go into the copy as values. When a value was fetched is not in the file: the copy says "unknown",
 * and the note gives the time the file was last saved, the latest the value can be.
 */
import { type ExcelJS, loadExcelJs } from './exceljs';
import type { Cell } from '../src/bom';
import { type FetchedValues, partsCellsOf } from '../src/excel/fetched-values';
import { utcMinute } from '../src/text/times';
import { xlsxCellValue } from './bomfile';

/** The workbook's sheets as grids of formulas ('=…') and values, from A1. */
type Grid = { name: string; formulas: string[][]; values: Cell[][]; numberFormats: string[][] };

function gridsOf(workbook: ExcelJS.Workbook, formula: ExcelJS.ValueType): Grid[] {
  const grids: Grid[] = [];
  for (const sheet of workbook.worksheets) {
    if (sheet.state === 'veryHidden') continue;
    const formulas: string[][] = [];
    const values: Cell[][] = [];
    const numberFormats: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row, r) => {
      const f: string[] = [];
      const v: Cell[] = [];
      const n: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        // A merged range's value belongs to its top-left cell only.
        if (cell.isMerged && cell.master !== cell) return;
        if (cell.type === formula) f[c - 1] = `=${cell.formula}`;
        v[c - 1] = xlsxCellValue(cell.value);
        if (cell.numFmt) n[c - 1] = cell.numFmt;
      });
      formulas[r - 1] = f;
      numberFormats[r - 1] = n;
      values[r - 1] = Array.from(v, (x) => x ?? null);
    });
    grids.push({
      name: sheet.name,
      formulas: Array.from(formulas, (f) => f ?? []),
      values: Array.from(values, (x) => x ?? []),
      numberFormats: Array.from(numberFormats, (x) => x ?? []),
    });
  }
  return grids;
}

/** The PARTS cells of the XLSX file `buf`, and its sheets other than `bomSheet` that hold any, as values. */
export async function xlsxFetchedValues(buf: Buffer, bomSheet: string): Promise<FetchedValues> {
  const excel = loadExcelJs();
  const workbook = new excel.Workbook();
  // exceljs declares its own Buffer type (an ArrayBuffer); it takes a Node Buffer at run time.
  await workbook.xlsx.load(buf as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const saved =
    workbook.modified instanceof Date && !Number.isNaN(workbook.modified.getTime()) ? workbook.modified : null;
  const note = `As the file cached it${saved ? `, last saved ${utcMinute(saved)}` : ''}; the file does not say when it was fetched.`;
  const fetched: FetchedValues = { sheets: [], cells: [] };
  for (const grid of gridsOf(workbook, excel.ValueType.Formula)) {
    const found = partsCellsOf({ sheet: grid.name, rowIndex: 0, columnIndex: 0, ...grid });
    if (found.length === 0) continue;
    if (grid.name.toLowerCase() !== bomSheet.toLowerCase())
      fetched.sheets.push({
        name: grid.name,
        rowIndex: 0,
        columnIndex: 0,
        values: grid.values,
        numberFormats: grid.numberFormats,
      });
    for (const cell of found) fetched.cells.push({ ...cell, fetchedAt: null, note });
  }
  return fetched;
}
