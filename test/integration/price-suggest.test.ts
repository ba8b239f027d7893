/**
 * `partsheet price --suggest` and `--alternates` against the real service: suggestions in --json, an "Alternates"
 * section under the table and an "Alternates" sheet in XLSX; an approved alternate bought for an obsolete part.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { priceCommand } from '../../cli/price';
import { openDatabase } from '../../service/store/db';
import { type TestService, startTestService } from '../helpers/service';

let service: TestService;
let dir: string;
let obsolete: string;
let active: string;
let chip: { description: string; package_type: string };

beforeAll(async () => {
  service = await startTestService({ parts: 8000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-suggest-'));
  const db = openDatabase(join(service.dataDir, 'production.db'), { readonly: true });
  const parts = db
    .prepare<[], { part_num: string; status: string; description: string; package_type: string }>(
      'SELECT part_num, status, description, package_type FROM parts ORDER BY item_id',
    )
    .all();
  db.close();
  obsolete = parts.find((p) => p.status === 'Obsolete' && p.description.startsWith('IC '))!.part_num;
  active = parts.find(
    (p) => p.status === 'Active' && p.description.startsWith('IC ') && p.part_num !== obsolete,
  )!.part_num;
  chip = parts.find(
    (p) => p.status === 'Active' && p.description.startsWith('CAP CER') && /^\d{4}$/.test(p.package_type),
  )!;
}, 120_000);

afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const env = { PARTSHEET_ITEM_URL: service.productionUrl, PARTSHEET_LOGIN: 'demo', PARTSHEET_APIKEY: 'demo-key' };
  return priceCommand(args, { out: (s) => out.push(s), err: (s) => err.push(s) }, env).then((code) => ({
    code,
    out: out.join('\n'),
    err: err.join('\n'),
  }));
}

test('--suggest: suggestions in --json for the obsolete and the not-found line, never applied', async () => {
  const file = join(dir, 'bom.csv');
  writeFileSync(file, `Ref,Qty,MPN,Description\nU1,2,${obsolete},\nC1,4,NOSUCH-CAP-1,"${chip.description}"\n`);
  const { code, out } = await run([file, '--suggest', '--json']);
  expect(code).toBe(0);
  const json = JSON.parse(out);
  const rows = json.suggestions.lines.map((l: { sheetRow: number; problems: string[] }) => [l.sheetRow, l.problems]);
  // The demo's obsolete parts are mostly out of stock too.
  expect(rows.map((r: [number, string[]]) => r[0])).toEqual([2, 3]);
  expect(rows[0][1]).toContain('not Active');
  expect(rows[1][1]).toEqual(['not found']);
  expect(json.suggestions.requests).toBe(1);
  // Never applied: the lines price what the BOM says.
  expect(json.lines[0].matchedPart).toBe(obsolete);
  expect(json.lines[1].status).toBe('not found');
  const cap = json.suggestions.lines[1];
  expect(cap.lineParameters).not.toBe('');
  for (const c of cap.candidates)
    expect(['same parameters, other series', 'same family and package', 'same family', 'differs']).toContain(
      c.matchClass,
    );
});

test('--suggest with an XLSX OUT writes the "Alternates" sheet; the table gets the "Alternates" section', async () => {
  const file = join(dir, 'bom2.csv');
  writeFileSync(file, `Ref,Qty,MPN\nU1,2,${obsolete}\n`);
  const xlsx = join(dir, 'priced.xlsx');
  const written = await run([file, '--suggest', '--out', xlsx]);
  expect(written.code).toBe(0);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(xlsx);
  const sheet = wb.getWorksheet('Alternates')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Line row');
  expect(sheet.getRow(2).getCell(2).value).toBe(obsolete);
  const table = await run([file, '--suggest']);
  expect(table.out).toContain('Alternates (suggestions, not applied): 1 problem line, 1 list search');
  expect(table.out).toContain(`row 2 ${obsolete} (not Active`);
});

test('--alternates: an obsolete part with an approved alternate buys it; a wrong value is a usage error', async () => {
  const file = join(dir, 'bom3.csv');
  writeFileSync(file, `Ref,Qty,MPN,MPN2\nU1,2,${obsolete},${active}\n`);
  const { code, out } = await run([file, '--json']);
  expect(code).toBe(0);
  const line = JSON.parse(out).lines[0];
  expect(line.matchedPart).toBe(active);
  expect(line.alternate.reason).toBe(`${obsolete} is Obsolete`);
  const bad = await run([file, '--alternates', 'sometimes']);
  expect(bad.code).toBe(2);
  expect(bad.err).toContain('--alternates must be "unavailable" or "cheaper"');
});
