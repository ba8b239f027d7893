/**
 * The XLSX writer's file (src/excel/xlsx-book.ts, compressed by Node's zlib in pieces as `partsheet price --out`
 * writes it) opened in LibreOffice Calc headless: a book of 10,000 rows (dozens of compressed pieces of 64 K
 * characters) whose formulas LibreOffice recalculates (scripts/ensure-libreoffice.sh installs it when missing; skipped
 * with the reason in one line when it cannot be),
 * then read back with exceljs: every formula holds what LibreOffice computed, equal to the row's own product.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { ZLIB_DEFLATE } from '../../cli/price-output';
import { libreOffice, recalculate } from '../helpers/libreoffice';
import { SAMPLE_SHEET, sampleBook, sampleRow } from '../helpers/xlsx-sample';

const office = libreOffice();
const withOffice = 'soffice' in office ? describe : describe.skip;
const officeSaid = 'soffice' in office ? 'LibreOffice Calc' : `skipped: ${office.reason}`;
const ROWS = 10_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'partsheet-xlsx-book-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

withOffice(`XLSX writer in ${officeSaid}`, () => {
  test('a 10,000-row book opens and every formula recalculates to its row', async () => {
    const path = join(dir, 'book.xlsx');
    writeFileSync(path, await sampleBook(ZLIB_DEFLATE, ROWS).bytes());
    const recalculated = recalculate('soffice' in office ? office.soffice : '', path, join(dir, 'out'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(recalculated);
    const ws = wb.getWorksheet(SAMPLE_SHEET)!;
    expect(ws.getCell('A2').value).toBe(' leading space');
    let checked = 0;
    for (let r = 0; r < ROWS; r++) {
      const row = ws.getRow(r + 3);
      const line = sampleRow(r);
      expect(row.getCell(1).value).toBe(line.part);
      const extended = row.getCell(4).value as ExcelJS.CellFormulaValue;
      expect(extended.formula).toBe(`B${r + 3}*C${r + 3}`);
      // LibreOffice writes a formula's value of 0 as such, where exceljs reads it back as no result.
      expect(extended.result ?? 0).toBeCloseTo(line.extended, 9);
      if (r % 2 === 0)
        expect((row.getCell(5).value as ExcelJS.CellFormulaValue).result).toBe(line.qty > 5 ? 'many' : 'few');
      checked++;
    }
    expect(checked).toBe(ROWS);
  }, 600_000);
});
