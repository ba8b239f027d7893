/**
 * `partsheet price X.xlsx --out Y.xlsx --share-safe` where X.xlsx holds PARTS formulas (saved as Excel saves an
 * add-in's functions, `_xldudf_PARTS_PRICE(…)`, or as typed): the copy holds the values the file cached, never the
 * formulas, in no XML part; another sheet with PARTS cells comes along as values; the "Fetched values" sheet lists each
 * cell with "unknown" for when it was fetched (the file does not say) and the time the file was last saved.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { priceCommand } from '../../cli/price';
import { runCommand } from '../helpers/cli';
import { serviceForFile } from '../helpers/service';
import { xlsxParts } from '../helpers/xlsx-zip';

const service = serviceForFile({ parts: 3000 });
const SAVED = new Date(Date.UTC(2026, 10, 30, 8, 15));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'partsheet-parts-cells-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function inputWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.modified = SAVED;
  const bom = workbook.addWorksheet('BOM');
  bom.addRow(['MPN', 'Qty', 'Price at 100', 'Stock x2']);
  bom.addRow(['BAV99-7-F', 2, { formula: '_xldudf_PARTS_PRICE(A2,100)', result: 0.05 }, 'n/a']);
  bom.addRow(['TMK105BJ104KV-F', 3, 0.01, { formula: 'IFERROR(PARTS.STOCK(A3)*2,0)', result: 20000 }]);
  const notes = workbook.addWorksheet('Notes');
  notes.getCell('B2').value = 'Checked';
  notes.getCell('C2').value = { formula: 'parts.price("NO-SUCH")', result: { error: '#VALUE!' } };
  notes.getCell('D2').value = { formula: 'B2&"!"', result: 'Checked!' };
  notes.getCell('E2').value = new Date(Date.UTC(2026, 11, 1));
  notes.getCell('E2').numFmt = 'yyyy-mm-dd';
  await workbook.xlsx.writeFile(path);
}

test('the copy holds the cached values of the PARTS cells, listed with "unknown" and the file’s saved time', async () => {
  const input = join(dir, 'bom.xlsx');
  await inputWorkbook(input);
  const out = join(dir, 'copy.xlsx');
  const run = await runCommand(priceCommand, [input, '--out', out, '--share-safe'], {
    PARTSHEET_ITEM_URL: service.base,
  });
  expect(run.err.join('\n')).toBe('');
  expect(run.code).toBe(0);

  const parts = xlsxParts(readFileSync(out));
  for (const [name, xml] of parts) {
    for (const addin of ['PARTS.', 'parts.price', '_xldudf_']) {
      expect({ name, has: xml.includes(addin) }).toEqual({ name, has: false });
    }
  }

  const copy = new ExcelJS.Workbook();
  await copy.xlsx.readFile(out);
  const names = copy.worksheets.map((s) => s.name);
  expect(names.slice(0, 4)).toEqual(['BOM', 'Price breaks', 'Summary', 'Breaks']);
  expect(names).toContain('Notes');
  expect(names).toContain('Fetched values');
  const bom = copy.getWorksheet('BOM')!;
  expect(bom.getCell('C2').value).toBe(0.05);
  expect(bom.getCell('D3').value).toBe(20000);
  const notes = copy.getWorksheet('Notes')!;
  expect(notes.getCell('C2').value).toBe('#VALUE!');
  // Another formula on the sheet is written as its value too: the copy carries the sheet as the user saw it.
  expect(notes.getCell('D2').value).toBe('Checked!');
  // A date reads as a date, never as its serial number (the file's reader gives it as the day's text).
  expect([notes.getCell('E2').value, notes.getCell('E2').numFmt]).toEqual(['2026-12-01', 'yyyy-mm-dd']);

  const list = copy.getWorksheet('Fetched values')!;
  const rows = (list.getSheetValues() as unknown[][]).slice(2).map((r) => r.slice(1));
  const note = 'As the file cached it, last saved 2026-11-30 08:15 UTC; the file does not say when it was fetched.';
  expect(rows).toEqual([
    ['BOM', 'C2', 'BOM!C2', 'PRICE(A2,100)', 0.05, 'unknown', note],
    ['BOM', 'D3', 'BOM!D3', 'IFERROR(STOCK(A3)*2,0)', 20000, 'unknown', note],
    ['Notes', 'C2', 'Notes!C2', 'price("NO-SUCH")', '#VALUE!', 'unknown', note],
  ]);
});
