/**
 * An XLSX workbook whose rows are formatted out to the sheet's last column, as LibreOffice Calc writes a formatted
 * row (`<c r="B1" s="5"/>` to column XFD: millions of cells written empty in a sheet of a few hundred rows): read
 * for what it holds, without exceljs building an object for every empty cell; cells that hold something stay held
 * to the limit.
 */
import { parseBomFile } from '../../cli/bomfile';
import { checkXlsxSize } from '../../cli/xlsx-scan';
import { xlsxWithSheet } from '../helpers/xlsx-zip';

/** Column letters of a 1-based column number ("A", "XFD"). */
function letters(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** A sheet of a header and `rows` lines, each row's cells after its two values written empty out to column XFD. */
function formattedSheet(rows: number): string {
  const columns = Array.from({ length: 16_382 }, (_, i) => letters(i + 3));
  const empties = (r: number) => columns.map((c) => `<c r="${c}${r}" s="5"/>`).join('');
  const row = (r: number, a: string, b: string) =>
    `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${a}</t></is></c><c r="B${r}" t="inlineStr"><is><t>${b}</t></is></c>${empties(r)}</row>`;
  const body = [row(1, 'MPN', 'Qty')];
  for (let r = 2; r <= rows + 1; r++) body.push(row(r, `LM358DR-${r}`, '1'));
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body.join('')}</sheetData></worksheet>`;
}

test('a sheet formatted out to column XFD (2 million cells written empty) is read for what it holds', async () => {
  const book = xlsxWithSheet(formattedSheet(125));
  expect(await checkXlsxSize(book)).toEqual({ emptyCells: 126 * 16_382 });
  const file = await parseBomFile('bom.xlsx', book);
  expect(file.cells).toHaveLength(126);
  expect(file.cells[0]).toEqual(['MPN', 'Qty']);
  expect(file.cells[125]).toEqual(['LM358DR-126', '1']);
}, 60_000);
