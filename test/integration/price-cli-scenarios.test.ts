/**
 * `partsheet price --boards 1,10,100`: the BOM priced at each quantity with one lookup, the scenarios in the text,
 * the JSON, the CSV and the XLSX outputs; each quantity's figures are those of a run at that quantity alone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { priceCommand } from '../../cli/price';
import { runCommand } from '../helpers/cli';
import { SCENARIOS_TITLE } from '../../src/purchase/scenario-layout';
import { startTestService, type TestService } from '../helpers/service';

const SIMPLE = join(__dirname, '..', 'fixtures', 'bomfiles', 'simple.csv');

let svc: TestService;
let dir: string;

beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-scenarios-cli-'));
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (argv: string[]) => runCommand(priceCommand, argv, { PARTSHEET_ITEM_URL: svc.productionUrl });

describe('partsheet price with several quantities of boards', () => {
  test('--json: a scenarios section whose totals and line costs are those of separate runs', async () => {
    const r = await run([SIMPLE, '--json', '--boards', '100,1,10']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    // The BOM's own lines are for the first quantity written.
    expect(json.boards).toBe(100);
    expect(json.scenarios.quantities.map((q: any) => q.boards)).toEqual([1, 10, 100]);
    for (const q of json.scenarios.quantities) {
      const alone = JSON.parse((await run([SIMPLE, '--json', '--boards', String(q.boards)])).out);
      expect(q.total).toBe(alone.summary.totalPerBuild);
      expect(q.perBoard).toBe(alone.summary.totalPerBoard);
      expect(q.excess).toBe(alone.summary.excess);
      expect(q.short).toBe(alone.summary.short);
      expect(q.complete).toBe(false);
      for (const line of json.scenarios.lines) {
        const at = line.at.find((a: any) => a.boards === q.boards);
        expect(at.extended).toBe(alone.lines.find((l: any) => l.row === line.row).extended);
      }
    }
  });

  test('the text table, the CSV section and the XLSX sheet', async () => {
    const text = await run([SIMPLE, '--boards', '1, 10, 1000']);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(
      /\nScenarios:\nBoards\s+Per board USD\s+Total USD\s+Spares\s+Priced\s+Short\s+Not Active\s+Offer changes\n\s+1\s/,
    );
    expect(text.out).toMatch(/\n\s+1,000\s+[\d,.]+\s+[\d,.]+/);

    const csv = join(dir, 'scenarios.csv');
    expect((await run([SIMPLE, '--boards', '1,10', '--out', csv])).code).toBe(0);
    const written = readFileSync(csv, 'utf8');
    expect(written).toContain(SCENARIOS_TITLE);
    expect(written).toMatch(/Boards,Cost per board \(USD\),Total \(USD\)/);

    const xlsx = join(dir, 'scenarios.xlsx');
    expect((await run([SIMPLE, '--boards', '1,10', '--out', xlsx])).code).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx);
    const sheet = wb.getWorksheet('Scenarios')!;
    expect(sheet.getCell('A1').value).toBe(SCENARIOS_TITLE);
    expect([sheet.getCell('A6').value, sheet.getCell('A7').value]).toEqual([1, 10]);
    expect(typeof sheet.getCell('B6').value).toBe('number');
  });

  test('a list with a bad quantity is refused, naming it', async () => {
    const r = await run([SIMPLE, '--boards', '1,0,10']);
    expect(r.code).toBe(2);
    expect(r.err[0]).toContain("--boards: each number of boards must be a whole number from 1 to 1,000,000; got '0'");
  });
});
