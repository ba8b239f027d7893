/**
 * `partsheet plan` against the reference service: two real BOMs of one board (Glasgow revisions C1 and C3, which
 * share most of their parts; in the real BOM corpus), a parts inventory export as the stock on hand, and a list of
 * what is on order. The service's catalog gets the BOMs' parts (one offer each: 0.25 below 100, 0.20 from 100),
 * all but one, so that part's lines are listed as not found.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { main } from '../../cli/main';
import { planCommand } from '../../cli/plan';
import { runCommand } from '../helpers/cli';
import { readBomFile } from '../../cli/bomfile';
import { readBom } from '../../src/bom';
import { partNumberKey } from '../../protocol/part-number';
import { CatalogStore, openDatabase } from '../../service/store/db';
import { importParts } from '../../service/store/import';
import { v4Entry } from '../helpers/safety';
import { startTestService, type TestService } from '../helpers/service';
import { corpusFile, corpusPresent, describeWithCorpus } from '../helpers/bom-corpus';

const describeCorpus = describeWithCorpus(__filename);
const C1 = corpusPresent ? corpusFile('glasgow-revC1-bom.csv') : '';
const C3 = corpusPresent ? corpusFile('glasgow-revC3-bom.csv') : '';
const LEFT_OUT = 'CY7C68013A-56LTXC';

let svc: TestService;
let dir: string;
let stockFile: string;
let ordersFile: string;

beforeAll(async () => {
  if (!corpusPresent) return;
  svc = await startTestService({ parts: 3000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-plan-cli-'));
  const seen = new Set<string>();
  const entries: unknown[] = [];
  for (const file of [C1, C3]) {
    for (const line of readBom((await readBomFile(file)).cells).lines) {
      const key = partNumberKey(line.partNumber);
      if (seen.has(key) || line.partNumber === LEFT_OUT) continue;
      seen.add(key);
      const maker = line.manufacturer || 'Unnamed Maker';
      entries.push(
        v4Entry({
          partNum: line.partNumber,
          mfrCd: maker
            .replace(/[^A-Za-z0-9]/g, '')
            .slice(0, 6)
            .toUpperCase(),
          mfrName: maker,
          desc: `${line.partNumber} part`,
          availability: 'In stock',
          sourcePartId: `SP-${key}`,
          stock: 100_000,
        }),
      );
    }
  }
  const db = openDatabase(join(svc.dataDir, 'production.db'));
  importParts(new CatalogStore(db), entries);
  db.close();
  stockFile = join(dir, 'stock.csv');
  writeFileSync(
    stockFile,
    [
      'Name,Description,MPN,Manufacturer,Total Stock,Location',
      '100n 0402,capacitor,TMK105BJ104KV-F,Taiyo Yuden,300,Drawer 4',
      '10k 0402,resistor,RC0402FR-1310KL,Yageo,"1,000",Reel 2',
      'spare fuse,fuse,NOT-IN-ANY-BOM-1,Littelfuse,40,Drawer 9',
      'odd,count,RC0402FR-1347RL,Yageo,many,Drawer 1',
      '',
    ].join('\n'),
  );
  ordersFile = join(dir, 'orders.csv');
  writeFileSync(ordersFile, 'MPN,Qty\nTMK105BJ104KV-F,95\n');
});
afterAll(async () => {
  if (!corpusPresent) return;
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (argv: string[]) => runCommand(planCommand, argv, { PARTSHEET_ITEM_URL: svc.productionUrl });

interface JsonRow {
  partNumber: string;
  needs: Record<string, number>;
  need: number;
  onHand: number;
  onOrder: number;
  toBuy: number;
  orderQty: number;
  cost: number;
  costMicro: string;
  status: string;
  sharedBy: string[];
  whyMore: string;
  notes: string[];
  shares: Record<string, { qty: number; cost: number }>;
}

describeCorpus('partsheet plan', () => {
  test('--json: shared parts summed across both BOMs, net of on hand and on order, and bought at the break their sum reaches', async () => {
    const r = await run([`${C1}:4`, `${C3}:3`, '--on-hand', stockFile, '--on-order', ordersFile, '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as {
      rows: JsonRow[];
      boms: Array<{ name: string; costMicro: string; buildableOnHand: { builds: number; limitedBy: string } }>;
      totalMicro: string;
      lookups: number;
      unlisted: Array<{ bom: string; partNumber: string; status: string }>;
      notApplied: Array<{ partNumber: string; kind: string }>;
      stockRowsNotRead: Array<{ row: number; partNumber: string; why: string }>;
    };
    const row = (pn: string) => json.rows.find((x) => x.partNumber === pn)!;

    // 13 a board × 4 + 14 × 3 = 94: 100 at 0.20 (20.00) costs less than 94 at 0.25 (23.50).
    const lmk = row('LMK107BJ475KAHT');
    expect(lmk.needs).toEqual({ 'glasgow-revC1-bom': 52, 'glasgow-revC3-bom': 42 });
    expect(lmk.orderQty).toBe(100);
    expect(lmk.cost).toBe(20);
    expect(lmk.whyMore).toMatch(/^100 for 94: buying 100 costs 20\.00 instead of 23\.50/);
    expect(lmk.sharedBy).toEqual(['glasgow-revC1-bom', 'glasgow-revC3-bom']);
    expect(lmk.shares['glasgow-revC1-bom'].qty + lmk.shares['glasgow-revC3-bom'].qty).toBe(94);

    // 69 × 4 + 73 × 3 = 495, less 300 on hand and 95 on order: 100 to buy.
    const tmk = row('TMK105BJ104KV-F');
    expect([tmk.need, tmk.onHand, tmk.onOrder, tmk.toBuy, tmk.orderQty, tmk.cost]).toEqual([
      495, 300, 95, 100, 100, 20,
    ]);
    expect(tmk.notes[0]).toBe('need 495 − 300 on hand − 95 on order = 100 to buy');
    // 13 × 4 + 8 × 3 = 76, and 1,000 on the shelf.
    const r10k = row('RC0402FR-1310KL');
    expect([r10k.need, r10k.toBuy, r10k.orderQty, r10k.status]).toEqual([76, 0, 0, 'covered']);
    expect(r10k.notes[0]).toBe('on hand 1,000 covers the need of 76: nothing to buy');

    // One lookup for both BOMs: each distinct part number once.
    const distinct = new Set<string>();
    for (const file of [C1, C3])
      for (const line of readBom((await readBomFile(file)).cells).lines) distinct.add(partNumberKey(line.partNumber));
    expect(json.lookups).toBe(distinct.size);

    expect(BigInt(json.totalMicro)).toBe(json.rows.reduce((a, x) => a + BigInt(x.costMicro), 0n));
    expect(BigInt(json.totalMicro)).toBe(json.boms.reduce((a, b) => a + BigInt(b.costMicro), 0n));
    expect(json.unlisted.filter((u) => u.partNumber === LEFT_OUT).map((u) => [u.bom, u.status])).toEqual([
      ['glasgow-revC1-bom', 'not found'],
      ['glasgow-revC3-bom', 'not found'],
    ]);
    // Revision C1 has a line with no part number (a connector given by value only) and the part left out: its stock
    // cannot be known, so it builds 0 times whatever is on the shelf.
    expect(json.boms[0].buildableOnHand).toEqual({
      builds: 0,
      limitedBy: expect.stringMatching(/^row 19: a line to buy .*: its stock cannot be known$/),
    });
    expect(json.notApplied).toEqual([expect.objectContaining({ partNumber: 'NOT-IN-ANY-BOM-1', kind: 'unused' })]);
    expect(json.stockRowsNotRead).toEqual([
      {
        file: stockFile,
        row: 5,
        partNumber: 'RC0402FR-1347RL',
        why: "quantity 'many' is not a whole number of 0 or more",
      },
    ]);
    expect(r.err).toContain(
      `partsheet plan: on hand ${stockFile}: read as a parts inventory export: 3 rows (MPN, Manufacturer, Total Stock, Location); 1 not read`,
    );
  });

  test('the table and per-BOM summary on stdout, and --out LIST.xlsx with the Purchase list sheet', async () => {
    const out = join(dir, 'list.xlsx');
    const r = await run([`${C1}:4`, `${C3}:3`, '--on-hand', stockFile, '--out', out]);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`Wrote ${out}`);
    expect(lines[2]).toMatch(
      /^Part number\s+Manufacturer\s+Need glasgow-revC1-bom\s+Need glasgow-revC3-bom\s+Need\s+On hand\s+On order\s+To buy\s+Order\s+Cost\s+Status\s+Offers\s+Origin$/,
    );
    expect(lines.find((l) => l.startsWith('LMK107BJ475KAHT'))).toMatch(
      /^LMK107BJ475KAHT\s+Taiyo Yuden\s+52\s+42\s+94\s+0\s+0\s+94\s+100\s+20\.00\s+buy\s+ACNA 100 × 0\.2 USD \(SP-LMK107BJ475KAHT\)\s+Unknown$/,
    );
    expect(r.out).toMatch(
      /\n {2}glasgow-revC1-bom: 4 builds, \d+ parts \(\d+ shared\), cost share [\d,.]+ USD \(\d+ %\)\n {4}buildable now: 0 of 4: row 19: a line to buy [^\n]*its stock cannot be known\n/,
    );
    // What the list makes possible, per BOM, in the words of the pane's cards and the sheets (BUILDABLE_COUNTS):
    // a line whose part is not known still leaves glasgow-revC1-bom at 0.
    expect(r.out).toMatch(
      /\n {4}with what is on order: [^\n]+\n {4}buildable after this purchase: 0 of 4: row 19: a line to buy [^\n]*\n/,
    );
    expect(r.out.match(/\n {4}buildable after this purchase: \d+ of \d+/g)).toHaveLength(2);
    expect(r.out).toMatch(
      /\nLines not on the list \(their part is not known\):\n(?: {2}.*\n)* {2}glasgow-revC3-bom row \d+: CY7C68013A-56LTXC: not found\n/,
    );
    expect(r.out).toMatch(/\nTotal to buy: [\d,.]+ USD for \d+ of \d+ parts$/);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    // With the very hidden record of the list the task pane knows as its own (docs/checkout-overview.md).
    expect(wb.worksheets.map((w) => [w.name, w.state])).toEqual([
      ['Purchase list', 'visible'],
      ['BOMs', 'visible'],
      ['Not applied', 'visible'],
      ['Partsheet sheets', 'veryHidden'],
    ]);
    const record = wb.getWorksheet('Partsheet sheets')!;
    expect((record.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['Purchase list', 'purchase list']);
    const sheet = wb.getWorksheet('Purchase list')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 6)).toEqual([
      'Part number',
      'Manufacturer',
      'Description',
      'Need glasgow-revC1-bom',
      'Need glasgow-revC3-bom',
      'Total need',
    ]);
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(1).value !== 'TMK105BJ104KV-F') return;
      found = true;
      const at = (h: string) => row.getCell(headers.indexOf(h) + 1).value;
      expect([at('Total need'), at('On hand'), at('To buy'), at('Order qty'), at('Cost'), at('Shared by')]).toEqual([
        495,
        300,
        195,
        195,
        39,
        'glasgow-revC1-bom, glasgow-revC3-bom',
      ]);
    });
    expect(found).toBe(true);
  });

  test('several quantities per BOM: each scenario totals what a run at its quantities alone gives, to the micro-unit', async () => {
    type Json = {
      totalMicro: string;
      lookups: number;
      boms: Array<{ name: string; builds: number; costMicro: string }>;
      scenario?: number;
      scenarios?: Array<{
        scenario: number;
        label: string;
        builds: Record<string, number>;
        totalMicro: string;
        shares: Record<string, { costMicro: string }>;
      }>;
    };
    const both = await run([`${C1}:4,40`, `${C3}:3`, '--on-hand', stockFile, '--scenario', '2', '--json']);
    expect(both.code).toBe(0);
    const json = JSON.parse(both.out) as Json;
    expect(json.scenario).toBe(2);
    expect(json.scenarios!.map((x) => x.label)).toEqual([
      'glasgow-revC1-bom × 4 + glasgow-revC3-bom × 3',
      'glasgow-revC1-bom × 40 + glasgow-revC3-bom × 3',
    ]);
    // The list itself is for the scenario chosen.
    expect(json.boms.map((b) => b.builds)).toEqual([40, 3]);
    expect(json.totalMicro).toBe(json.scenarios![1].totalMicro);
    for (const [i, builds] of [
      [4, 3],
      [40, 3],
    ].entries()) {
      const alone = JSON.parse(
        (await run([`${C1}:${builds[0]}`, `${C3}:${builds[1]}`, '--on-hand', stockFile, '--json'])).out,
      ) as Json;
      expect(alone.scenarios).toBeUndefined();
      expect(json.scenarios![i].totalMicro).toBe(alone.totalMicro);
      expect(alone.boms.map((b) => json.scenarios![i].shares[b.name].costMicro)).toEqual(
        alone.boms.map((b) => b.costMicro),
      );
      expect(alone.lookups).toBe(json.lookups);
    }
    expect(BigInt(json.scenarios![1].totalMicro)).toBeGreaterThan(BigInt(json.scenarios![0].totalMicro));

    const text = await run([`${C1}:4,40`, `${C3}:3`]);
    expect(text.code).toBe(0);
    const lines = text.out.split('\n');
    expect(lines[0]).toBe('Scenarios (one lookup for all):');
    expect(lines[1]).toMatch(
      /^ {2}\* 1\. glasgow-revC1-bom × 4 \+ glasgow-revC3-bom × 3: [\d,.]+ USD; \d+ of \d+ parts to buy/,
    );
    expect(lines[3]).toBe('The list below is scenario 1 (glasgow-revC1-bom × 4 + glasgow-revC3-bom × 3).');

    const out = join(dir, 'scenarios.xlsx');
    expect((await run([`${C1}:4,40`, `${C3}:3,30`, '--out', out])).code).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const sheet = wb.getWorksheet('Scenarios')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['Scenario', 'Builds']);
    expect(sheet.getRow(3).getCell(2).value).toBe('glasgow-revC1-bom × 40 + glasgow-revC3-bom × 30');

    const mismatched = await run([`${C1}:4,40`, `${C3}:3,30,300`]);
    expect(mismatched.code).toBe(2);
    expect(mismatched.err[0]).toMatch(
      /^partsheet plan: the build quantities cannot be paired into scenarios: .*glasgow-revC1-bom\.csv has 2 \(4, 40\), .*glasgow-revC3-bom\.csv has 3 \(3, 30, 300\)\./,
    );
    const badScenario = await run([`${C1}:4,40`, '--scenario', '3']);
    expect(badScenario.code).toBe(2);
    expect(badScenario.err[0]).toBe(
      "partsheet plan: --scenario must be a scenario number from 1 to 2; got '3' (see partsheet plan --help) [PS_CLI_USAGE]",
    );
  });

  test('--on-order with an Environment column: rows of test orders are not counted, and said', async () => {
    const orders = join(dir, 'orders-env.csv');
    writeFileSync(
      orders,
      'MPN,Qty,Environment\nTMK105BJ104KV-F,95,production\nTMK105BJ104KV-F,400,test\nLMK107BJ475KAHT,50,test\n',
    );
    const r = await run([`${C1}:4`, `${C3}:3`, '--on-hand', stockFile, '--on-order', orders, '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { rows: JsonRow[] };
    const row = (pn: string) => json.rows.find((x) => x.partNumber === pn)!;
    expect([row('TMK105BJ104KV-F').onOrder, row('TMK105BJ104KV-F').toBuy]).toEqual([95, 100]);
    expect(row('LMK107BJ475KAHT').onOrder).toBe(0);
    expect(r.err).toContain(
      `partsheet plan: on order ${orders}: 2 rows of test orders not counted as on order: placed in the test environment, they buy nothing`,
    );
  });

  test('wrong arguments exit 2 with one line; an unreadable stock list exits 1', async () => {
    expect((await run([])).code).toBe(2);
    const bad = await run([`${C1}:0`]);
    expect(bad.code).toBe(2);
    expect(bad.err).toEqual([
      expect.stringMatching(
        /^partsheet plan: the builds after '.*glasgow-revC1-bom\.csv:' must be a whole number from 1 to 1,000,000; got '0'/,
      ),
    ]);
    for (const [tail, got] of [
      ['-3', '-3'],
      ['1.5', '1.5'],
      ['1e3', '1e3'],
      ['10,-5', '-5'],
    ]) {
      const wrong = await run([`${C1}:${tail}`]);
      expect([wrong.code, wrong.err.length]).toEqual([2, 1]);
      expect(wrong.err[0]).toContain(
        `the builds after '${C1}:' must be a whole number from 1 to 1,000,000; got '${got}'`,
      );
    }
    const empty = await run([`${C1}:`]);
    expect([empty.code, empty.err]).toEqual([
      2,
      [expect.stringContaining(`give the number of builds after '${C1}:' (${C1}:10), or no colon for 1 build`)],
    ]);
    const notStock = join(dir, 'notes.csv');
    writeFileSync(notStock, 'Project,Owner\nAlpha,Kim\n');
    const r = await run([C1, '--on-hand', notStock]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      `partsheet plan: ${notStock}: no part-number and quantity columns found in the stock list (first row: 'Project', 'Owner') [PS_PURCHASE_STOCK_FILE]`,
    ]);
    const help: string[] = [];
    expect(await main(['--help'], { out: (s) => help.push(s), err: () => undefined })).toBe(0);
    expect(help.join('\n')).toContain('plan BOM[:BUILDS] ...');
  });
});
