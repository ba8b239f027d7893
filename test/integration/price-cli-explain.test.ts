/**
 * `partsheet price --explain` and `--json`: which column was taken for what and why, with what the catalog knows
 * of each part-number candidate (one list search per candidate column), and what every row of the table is.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceCommand } from '../../cli/price';
import { runCommand } from '../helpers/cli';
import { startTestService, type TestService } from '../helpers/service';

let svc: TestService;
let dir: string;

beforeAll(async () => {
  svc = await startTestService({ parts: 500 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-price-explain-'));
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (argv: string[]) => runCommand(priceCommand, argv, { PARTSHEET_ITEM_URL: svc.productionUrl });

/** An ERP export: the assembler's stock codes first, the manufacturer part numbers further right, a bare board, a DNP line. */
const ERP = [
  'Item,Company P/N,QTY,Location,Manufacturer,Manufacture P/N,Remark',
  '1,1001001000780,1,,AVL,Main board PCB Rev A,',
  '2,1002001100053,2,"D1,D2",Diodes Inc,BAV99-7-F,',
  '3,1002004100054,1,U1,TI,LM358DR,',
  '4,1002004100287,1,U2,TI,NE555DR,',
  '5,1002004100288,1,U3,TI,NE555DR,NI',
].join('\n');

test('--explain names the column taken for each field and why, with what the catalog knows of each candidate', async () => {
  const path = join(dir, 'erp.csv');
  writeFileSync(path, ERP);
  const r = await run([path, '--explain']);
  expect(r.code).toBe(0);
  const text = r.out;
  expect(text).toContain('Header row: 1');
  expect(text).toContain(
    "MPN: 'Manufacture P/N' (column F) — 3 of 4 known to the catalog; 4 of 5 look like part numbers; named as the manufacturer part number",
  );
  expect(text).toContain(
    "  not taken: 'Company P/N' (column B) — 0 of 5 known to the catalog; 0 of 5 look like part numbers (in-house codes: long numbers all of one length)",
  );
  expect(text).toContain("Quantity: 'QTY' (column C) — found by its header");
  expect(text).toContain("Designators: 'Location' (column D) — found by its header");
  expect(text).toContain(
    'Rows: 3 lines, 0 lines without a part number, 1 not placed, 1 rows that are no purchases (the board, PCB features, schematic symbols), 0 rows that are no lines, 0 rows outside the table',
  );
});

test('--json carries the reading: the columns and why, the candidates with their evidence, and every row with its reason', async () => {
  const path = join(dir, 'erp-json.csv');
  writeFileSync(path, ERP);
  const r = await run([path, '--json']);
  expect(r.code).toBe(0);
  const report = JSON.parse(r.out) as {
    reading: {
      headerRow: number;
      columns: { field: string; column: string; header: string; why: string }[];
      partNumberCandidates: { header: string; taken: boolean; known?: number; asked?: number }[];
      rows: { sheetRow: number; kind: string; reason: string }[];
    };
  };
  expect(report.reading.headerRow).toBe(1);
  expect(report.reading.columns.find((c) => c.field === 'partNumber')).toMatchObject({
    column: 'F',
    header: 'Manufacture P/N',
  });
  expect(report.reading.partNumberCandidates.map((c) => [c.header, c.taken, c.known, c.asked])).toEqual([
    ['Company P/N', false, 0, 5],
    ['Manufacture P/N', true, 3, 4],
  ]);
  expect(report.reading.rows.map((row) => [row.sheetRow, row.kind])).toEqual([
    [1, 'header'],
    [2, 'not-purchase'],
    [3, 'line'],
    [4, 'line'],
    [5, 'line'],
    [6, 'dnp'],
  ]);
  expect(report.reading.rows[1].reason).toBe('the bare board (PCB), not a part to buy from a distributor');
  expect(report.reading.rows[5].reason).toBe('not placed (DNP column: "NI")');
});

test('a workbook read without --sheet: --explain and --json say which sheets were weighed and why one was read', async () => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('DO NOT USE').addRows([
    ['Qty', 'Mfr Part Number', 'Designator'],
    [2, 'BAV99-7-F', 'D1, D2'],
    [1, 'LM358DR', 'U1'],
    [1, 'NE555DR', 'U2'],
  ]);
  wb.addWorksheet('Final').addRows([
    ['Qty', 'Mfr Part Number', 'Designator'],
    [2, 'BAV99-7-F', 'D1, D2'],
    [1, 'LM358DR', 'U1'],
  ]);
  const path = join(dir, 'two-sheets.xlsx');
  await wb.xlsx.writeFile(path);
  const explained = await run([path, '--explain']);
  expect(explained.code).toBe(0);
  expect(explained.out).toContain("Sheets: sheet 'Final' (2 lines, 2 with designators) was read, named as the BOM");
  expect(explained.out).toContain("Sheets: 'DO NOT USE' passed over: named a draft");
  expect(explained.err.join('\n')).toContain('use --sheet to read another');
  const json = await run([path, '--json']);
  const report = JSON.parse(json.out) as {
    reading: { sheet: string; sheets: { name: string; read: boolean; passedOver?: string }[] };
  };
  expect(report.reading.sheet).toBe('Final');
  expect(report.reading.sheets).toEqual([
    expect.objectContaining({ name: 'DO NOT USE', read: false, passedOver: 'named a draft' }),
    expect.objectContaining({ name: 'Final', read: true }),
  ]);
});

test("a table beside another: the warning gives the --columns to pass, which reads it with the sheet's row numbers", async () => {
  const path = join(dir, 'two-tables.csv');
  writeFileSync(
    path,
    [
      'Electronics,,,,,Spares,',
      'MPN,Qty,Designator,,,MPN,Qty',
      'BAV99-7-F,2,"D1,D2",,,LM358DR,5',
      'NE555DR,1,U2,,,NE555DR,3',
    ].join('\n'),
  );
  const first = await run([path, '--json']);
  expect(first.code).toBe(0);
  expect(first.err.join('\n')).toContain(`${path}: a second table sits in columns F to G; read it with --columns F:G`);
  const firstLines = (JSON.parse(first.out) as { lines: { sheetRow: number; partNumber: string }[] }).lines;
  expect(firstLines.map((l) => [l.sheetRow, l.partNumber])).toEqual([
    [3, 'BAV99-7-F'],
    [4, 'NE555DR'],
  ]);
  const second = await run([path, '--json', '--columns', 'F:G']);
  expect(second.code).toBe(0);
  expect(second.err.join('\n')).not.toContain('second table');
  const lines = (JSON.parse(second.out) as { lines: { sheetRow: number; partNumber: string; need: number }[] }).lines;
  expect(lines.map((l) => [l.sheetRow, l.partNumber, l.need])).toEqual([
    [3, 'LM358DR', 5],
    [4, 'NE555DR', 3],
  ]);
  const bad = await run([path, '--columns', 'G:F']);
  expect(bad.code).toBe(2);
  expect(bad.err.join('\n')).toContain('--columns G:F: the first column comes after the last');
});
