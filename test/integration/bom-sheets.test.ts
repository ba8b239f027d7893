/**
 * A workbook read without --sheet: each of its sheets is judged as a BOM and the most BOM-like is read, with a
 * warning naming it, so a change log or cover sheet first is never read as the BOM. --sheet still chooses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { readBomForPricing } from '../../cli/read-bom';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'partsheet-sheets-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function workbook(name: string, sheets: Record<string, (string | number)[][]>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const [sheet, rows] of Object.entries(sheets)) wb.addWorksheet(sheet).addRows(rows);
  const path = join(dir, name);
  await wb.xlsx.writeFile(path);
  return path;
}

const CHANGE_LOG = [
  ['Rev', 'Date', 'Part Number', 'Change', 'By'],
  ['A', '2021-01-04', 'BRD-0001-A', 'First release', 'JS'],
  ['B', '2021-02-11', 'BRD-0001-B', 'C12 to GRM155R71C104KA88D, R4 to 10k', 'JS'],
  ['C', '2021-05-20', 'BRD-0001-C', 'U3 moved; new footprint', 'AK'],
];
const BOM = [
  ['Designator', 'Qty', 'Manufacturer', 'MPN'],
  ['C1, C2', 2, 'Murata', 'GRM155R71C104KA88D'],
  ['U1', 1, 'Texas Instruments', 'LM358DR'],
  ['D1', 1, 'Diodes Inc', 'BAV99-7-F'],
];

test('a change log first is not the BOM: the BOM sheet is read, and the warning says which and why', async () => {
  const path = await workbook('with-log.xlsx', { 'Change log': CHANGE_LOG, BOM });
  const { file, read } = await readBomForPricing(path);
  expect(file.sheetName).toBe('BOM');
  expect(read.lines.map((l) => l.partNumber)).toEqual(['GRM155R71C104KA88D', 'LM358DR', 'BAV99-7-F']);
  expect(file.warnings).toEqual([
    `${path}: sheet 'BOM' (3 lines, 3 with designators) was read, named as the BOM; 'Change log' passed over: named as notes or a read-me; use --sheet to read another (sheets: 'Change log', 'BOM')`,
  ]);
});

test('--sheet reads the sheet named, and a workbook whose first sheet is its BOM reads it without a word', async () => {
  const path = await workbook('bom-first.xlsx', {
    BOM,
    Notes: [
      ['Assembled by', 'ACME'],
      ['Date', '2021-05-20'],
    ],
  });
  const first = await readBomForPricing(path);
  expect(first.file.sheetName).toBe('BOM');
  expect(first.file.warnings).toEqual([]);
  const named = await readBomForPricing(await workbook('named.xlsx', { 'Change log': CHANGE_LOG, BOM }), {
    sheet: 'Change log',
  });
  expect(named.file.sheetName).toBe('Change log');
});
