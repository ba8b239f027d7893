/**
 * `partsheet price --out X.xlsx --share-safe [--keep-records]`: the copy carries Partsheet's records only when asked.
 * Without --keep-records no XML part of the package holds the lines' plan records or the run's snapshot; with it the
 * very hidden "Partsheet records" sheet holds each priced line's plan record by its row, and the run's snapshot
 * sheet is there for a later --since, as in a plain --out.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceCommand } from '../../cli/price';
import { RECORDS_SHEET, readKeptRecords } from '../../src/excel/kept-records';
import { SNAPSHOT_SHEET } from '../../src/changes';
import { runCommand } from '../helpers/cli';
import { serviceForFile } from '../helpers/service';
import { sheetColumnA, xlsxParts } from '../helpers/xlsx-zip';

const service = serviceForFile({ parts: 3000 });
let dir: string;
let bom: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'partsheet-records-'));
  bom = join(dir, 'bom.csv');
  writeFileSync(bom, 'MPN,Qty\nBAV99-7-F,2\nTMK105BJ104KV-F,3\nNO-SUCH-PART-XYZ,1\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonLine {
  sheetRow: number;
  status: string;
  orderQty: number | null;
}

async function copy(
  name: string,
  more: string[],
): Promise<{ code: number; parts: Map<string, string> | null; err: string; lines: JsonLine[] }> {
  const out = join(dir, name);
  const argv = [bom, '--out', out, '--json', ...more];
  const run = await runCommand(priceCommand, argv, { PARTSHEET_ITEM_URL: service.base });
  if (run.code !== 0) return { code: run.code, parts: null, err: run.err.join('\n'), lines: [] };
  const lines = (JSON.parse(run.out) as { lines: JsonLine[] }).lines;
  return { code: run.code, parts: xlsxParts(readFileSync(out)), err: run.err.join('\n'), lines };
}

test('a share-safe copy drops the records by default: no part holds a plan record or the snapshot', async () => {
  const { code, parts } = await copy('plain-copy.xlsx', ['--share-safe']);
  expect(code).toBe(0);
  expect(sheetColumnA(parts!, RECORDS_SHEET)).toBeNull();
  expect(sheetColumnA(parts!, SNAPSHOT_SHEET)).toBeNull();
  for (const [name, xml] of parts!) {
    expect({ name, has: /partsheet-records|"items":|partsheet-snapshot/.test(xml) }).toEqual({ name, has: false });
  }
});

test('with --keep-records the copy keeps each line plan record and the run snapshot, in very hidden sheets', async () => {
  const { code, parts, lines } = await copy('kept-copy.xlsx', ['--share-safe', '--keep-records']);
  expect(code).toBe(0);
  const records = sheetColumnA(parts!, RECORDS_SHEET);
  expect(records?.state).toBe('veryHidden');
  const kept = readKeptRecords(records!.cells);
  // Each line bought has its plan record at its row of the BOM sheet, with the quantity bought; the line not found
  // has none.
  const bought = lines.filter((l) => l.orderQty !== null && l.orderQty > 0);
  expect(bought.length).toBeGreaterThan(0);
  expect(lines.some((l) => l.status === 'not found')).toBe(true);
  expect(kept.plans.map((p) => p.row)).toEqual(bought.map((l) => l.sheetRow));
  expect(kept.plans.map((p) => p.plan.items.reduce((n, i) => n + i.qty, 0))).toEqual(bought.map((l) => l.orderQty));
  expect(kept.orders).toEqual([]);
  const snapshot = sheetColumnA(parts!, SNAPSHOT_SHEET);
  expect(snapshot?.state).toBe('veryHidden');
  expect(snapshot!.cells.join('')).toContain('BAV99-7-F');
});

test('--keep-records without --share-safe is a wrong option, said as such', async () => {
  const { code, err } = await copy('no-copy.xlsx', ['--keep-records']);
  expect(code).toBe(2);
  expect(err).toMatch(/--keep-records applies to a share-safe copy/);
});
