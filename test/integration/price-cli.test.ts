import { layoutBlockRow } from '../../src/excel/priced-blocks';
import { fingerprintRow } from '../../src/excel/own-cells';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { main } from '../../cli/main';
import { priceCommand } from '../../cli/price';
import { columnLetters } from '../../src/excel/address';
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS, PRICE_BREAK_COLUMNS, type PricedColumnKey } from '../../src/purchase';
import { CatalogClient, type Part } from '../../src/catalog';
import { type PartPlan, planPart } from '../../src/plan';
import { freeStock } from '../../src/pricing';
import { RateBook, tokenSearchProbe } from '../../src/pricing/rates';
import { corpusFile, testWithCorpus } from '../helpers/bom-corpus';
import { type CommandEnv, runCommand } from '../helpers/cli';
import { startTestService, type TestService } from '../helpers/service';

const FIXTURES = join(__dirname, '..', 'fixtures', 'bomfiles');
const SIMPLE = join(FIXTURES, 'simple.csv');

let svc: TestService;
let base: string;
let dir: string;
let bav99: Part;

beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  base = svc.productionUrl;
  dir = mkdtempSync(join(tmpdir(), 'partsheet-price-cli-'));
  const page = await new CatalogClient({ itemBaseUrl: base, login: 'demo', apikey: 'demo-key' }).searchList([
    { partNumber: 'BAV99-7-F' },
  ]);
  bav99 = page.results[0].parts.find((p) => p.partNumber === 'BAV99-7-F')!;
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (argv: string[], env: CommandEnv = { PARTSHEET_ITEM_URL: base }) => runCommand(priceCommand, argv, env);

/** The plan for BAV99-7-F on rows 5 and 10 (2 and 1 per board), with the rates the service gives. */
async function expectedBav99(boards: number): Promise<PartPlan & { offerId: string; unit: number }> {
  const client = new CatalogClient({ itemBaseUrl: base, login: 'demo', apikey: 'demo-key' });
  const rates = await new RateBook({ probe: tokenSearchProbe((t, o) => client.searchToken(t, o)) }).tableFor('USD', [
    bav99,
  ]);
  const plan = planPart(
    {
      part: bav99,
      lines: [
        { id: 4, need: 2 * boards, pinned: null },
        { id: 9, need: boards, pinned: null },
      ],
    },
    { rates },
  );
  if (plan.status !== 'planned' || plan.purchases.length !== 1)
    throw new Error('BAV99-7-F has no single-offer plan in the demo catalog');
  return { ...plan, offerId: plan.purchases[0].offer.sourcePartId, unit: plan.unitPrice! };
}

/** The sheet column letter of a priced column; the priced block starts at `first` (1 = A). */
function letter(key: PricedColumnKey, first: number): string {
  return columnLetters(first - 1 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));
}

/** simple.csv: the header is on row 4; BAV99-7-F (D1, D2) is row 5 with 2 per board. */
describe('partsheet price', () => {
  test('a CSV BOM priced into a table on stdout; a not-found line still exits 0', async () => {
    const r = await run([SIMPLE, '--boards', '10']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Row\s+Part number\s+Status\s+Matched part/);
    const best = await expectedBav99(10);
    const row5 = r.out.split('\n').find((l) => /^\s*5\s/.test(l))!;
    // Need 20, bought together with row 10's 10: the part's order is 30 or more.
    expect(row5).toMatch(
      new RegExp(`BAV99-7-F\\s+priced\\s+BAV99-7-F\\s+Diodes Incorporated\\s+\\S+\\s+20\\s+20\\s+${best.bought}\\s`),
    );
    expect(row5).toContain(best.offerId);
    expect(r.out).toMatch(/\n\s*9\s+NOSUCHPART-123\s+not found/);
    expect(r.out).toMatch(
      /Row 6: ambiguous: 2 candidates: LM358N \(.+\), LM358N \(.+\); give the manufacturer to choose/,
    );
    expect(r.out).toContain('Row 11: skipped: not placed (quantity "DNP")');
    expect(r.out).toMatch(
      /\n7 lines: 4 priced, 0 short, 1 not found, 1 ambiguous, 0 no price, 1 skipped\nCurrency: +USD\nTotal per board \(partial: 4 of 6 lines priced\): +[\d.,]+ USD\nTotal for 10 boards \(partial: 4 of 6 lines priced\): +[\d.,]+ USD\nLines covered: +4 of 6 lines priced; left out: 1 not found, 1 ambiguous; 1 skipped\n/,
    );
    expect(r.err).toEqual([
      'partsheet price: warning: Rows 5, 10: BAV99-7-F (Diodes Inc) is on 2 lines; they share one lookup',
    ]);
  });

  test('--out x.xlsx: the BOM, the priced columns beside it, Price breaks and Summary sheets', async () => {
    const out = join(dir, 'priced.xlsx');
    const r = await run([SIMPLE, '--boards', '10', '--out', out, '--url', base], {});
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe(`Wrote ${out}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    // And the run's snapshot, hidden, for a later --since (docs/changes.md), and the record of the lists the pane
    // knows as its own (docs/checkout-overview.md).
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'BOM',
      'Price breaks',
      'Summary',
      'Schedule',
      'Risk',
      'Partsheet snapshot',
      'Partsheet sheets',
    ]);
    // The record names the priced block beside the BOM too: the pane orders from it and prices it again as its own.
    const record = wb.getWorksheet('Partsheet sheets')!;
    const entries = Array.from({ length: record.rowCount }, (_, i) =>
      (record.getRow(i + 1).values as unknown[]).slice(1),
    );
    expect(entries).toContainEqual(layoutBlockRow('BOM'));
    const ws = wb.getWorksheet('BOM')!;
    // … by the fingerprints of the priced header the file holds (from F4, right of the BOM's A:E).
    const written = (ws.getRow(4).values as unknown[]).slice(6, 6 + PRICED_BOM_HEADERS.length).map(String);
    expect(fingerprintRow(written)).toBe(layoutBlockRow('BOM')[2]);
    expect(ws.getCell('A1').value).toBe('Widget controller BOM');
    expect((ws.getRow(4).values as unknown[]).slice(1)).toEqual([
      'Designator',
      'Qty',
      'Manufacturer',
      'MPN',
      'Description',
      ...PRICED_BOM_HEADERS,
    ]);
    const best = await expectedBav99(10);
    // Original columns A-E, priced from F (Status).
    const cell = (key: PricedColumnKey, row: number) => ws.getCell(`${letter(key, 6)}${row}`);
    expect(ws.getCell('A5').value).toBe('D1, D2');
    expect(ws.getCell('B5').value).toBe(2);
    expect(String(ws.getCell('F5').value)).toMatch(/^priced/);
    expect(ws.getCell('G5').value).toBe('BAV99-7-F');
    expect(ws.getCell('H5').value).toBe('Diodes Incorporated');
    expect(cell('need', 5).value).toBe(20);
    expect(cell('share', 5).value).toBe(20);
    expect(cell('orderQty', 5).value).toBe(best.bought);
    expect(cell('orderQty', 10).value).toBe(best.bought);
    expect(cell('unitPrice', 5).value).toBe(best.unit);
    expect(cell('extended', 5).value).toBe(best.lines[0].extended);
    expect(cell('extended', 10).value).toBe(best.lines[1].extended);
    expect(cell('currency', 5).value).toBe('USD');
    expect(cell('stock', 5).value).toBe(best.stock);
    expect(cell('stockAll', 5).value).toBe(freeStock(bav99));
    expect(cell('itemId', 5).value).toBe(best.offerId);
    expect(cell('itemId', 5).type).toBe(ExcelJS.ValueType.String);
    expect(cell('asOf', 5).value).toBeInstanceOf(Date);
    expect(cell('need', 5).numFmt).toBe('#,##0');
    expect(cell('unitPrice', 5).numFmt).toBe('0.00000');
    expect(cell('extended', 5).numFmt).toBe('#,##0.00');
    expect(cell('asOf', 5).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(ws.getCell('F6').value).toMatch(/^ambiguous: 2 candidates/);
    expect(ws.getCell('F9').value).toBe('not found');
    expect(ws.getCell('F11').value).toBe('skipped: not placed (quantity "DNP")');
    expect(ws.getCell('F1').value).toBeNull();

    const breaks = wb.getWorksheet('Price breaks')!;
    expect((breaks.getRow(1).values as unknown[]).slice(1)).toEqual(PRICE_BREAK_COLUMNS.map((c) => c.header));
    const forRow5: unknown[][] = [];
    breaks.eachRow((row, n) => {
      if (n > 1 && row.getCell(1).value === 5) forRow5.push((row.values as unknown[]).slice(1));
    });
    const offer = best.purchases[0].offer;
    const tiers = [...offer.breaks].sort((a, b) => a.minQty - b.minQty);
    expect(forRow5).toHaveLength(tiers.length);
    expect(forRow5[0]).toEqual([
      5,
      'BAV99-7-F',
      'Diodes Incorporated',
      offer.sourceCode,
      offer.sourcePartId,
      offer.currency,
      tiers[0].minQty,
      tiers[0].maxQty,
      tiers[0].price,
    ]);
    expect(forRow5.at(-1)![7]).toBeUndefined();

    const summary = new Map<string, unknown[]>();
    wb.getWorksheet('Summary')!.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      if (typeof values[0] === 'string') summary.set(values[0], values.slice(1));
    });
    expect(summary.get('File')).toEqual(['simple.csv']);
    expect(summary.get('Boards')).toEqual([10]);
    expect(summary.get('Lines')).toEqual([7]);
    expect(summary.get('Priced')).toEqual([4]);
    expect(summary.get('Not found')).toEqual([1]);
    expect(summary.get('Ambiguous')).toEqual([1]);
    expect(summary.get('Skipped')).toEqual([1]);
    expect(summary.get('Currency')).toEqual(['USD']);
    const [perBoard] = summary.get('Total per board (partial: 4 of 6 lines priced)') as number[];
    const [perBuild] = summary.get('Total for 10 boards (partial: 4 of 6 lines priced)') as number[];
    expect(perBuild).toBeCloseTo(perBoard * 10, 6);
    expect(perBuild).toBeGreaterThan(Number(best.micro) / 1e6);
  });

  test('--out x.csv: the original columns and the priced columns', async () => {
    const out = join(dir, 'priced.csv');
    const r = await run([SIMPLE, '--out', out]);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(rows[3]).toEqual(['Designator', 'Qty', 'Manufacturer', 'MPN', 'Description', ...PRICED_BOM_HEADERS]);
    const best = await expectedBav99(1);
    const at = (key: PricedColumnKey) => 5 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key);
    expect(rows[4].slice(0, 5)).toEqual(['D1, D2', '2', 'Diodes Inc', 'BAV99-7-F', 'Diode array, SOT-23']);
    expect(rows[4][5]).toMatch(/^priced/);
    expect(rows[4][6]).toBe('BAV99-7-F');
    expect(Number(rows[4][at('unitPrice')])).toBe(best.unit);
    expect(rows[4][at('itemId')]).toBe(best.offerId);
    expect(rows[4][at('asOf')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(rows[8][5]).toBe('not found');
    expect(r.out).toContain(`Wrote ${out}`);
  });

  test('--json prints the lines and the summary', async () => {
    const r = await run([SIMPLE, '--json', '--boards', '3']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.lines).toHaveLength(7);
    const line = json.lines.find((l: any) => l.sheetRow === 5);
    const best = await expectedBav99(3);
    expect(line).toMatchObject({
      status: 'priced',
      matchedPart: 'BAV99-7-F',
      need: 6,
      share: 6,
      orderQty: best.bought,
      itemId: best.offerId,
    });
    expect(json.summary).toMatchObject({
      lines: 7,
      priced: 4,
      short: 0,
      notFound: 1,
      ambiguous: 1,
      noPrice: 0,
      skipped: 1,
      currency: 'USD',
    });
    expect(json.currency).toBe('USD');
    expect(Object.keys(json.summary.totalsPerBuild)).toEqual(['USD']);
    expect(json.lines.find((l: any) => l.status === 'ambiguous').candidates).toHaveLength(2);
  });

  test("--overbuy-share and --overbuy-min set when a line's spares are an overbuy: marked on the line, counted in the summary", async () => {
    // 2N7002-7-F: the plan buys a minimum order of 100 for a need of 2, a few USD of spares.
    const bom = join(dir, 'overbuy.csv');
    writeFileSync(bom, 'MPN,Qty\n2N7002-7-F,2\n');
    const byDefault = JSON.parse((await run([bom, '--json'])).out);
    expect(byDefault.lines[0]).toMatchObject({ status: 'priced', need: 2, orderQty: 100 });
    expect(byDefault.lines[0].spareCost).toBeGreaterThan(0);
    expect(byDefault.lines[0].spareCost).toBeLessThan(10);
    expect(byDefault.lines[0].overbuy).toBeUndefined();
    expect(byDefault.summary.overbuys).toBe(0);
    const strict = JSON.parse((await run([bom, '--json', '--overbuy-share', '10%', '--overbuy-min', '0.5'])).out);
    expect(strict.lines[0]).toMatchObject({
      overbuy: true,
      statusReason: expect.stringMatching(
        /^overbuy: [\d.]+ USD of spares \(98 % of the line's cost\); 100 for 2: minimum order 100 \(98 spare\)/,
      ),
    });
    expect(strict.summary).toMatchObject({ overbuys: 1, overbuySpares: strict.lines[0].spareCost });
  });

  test('--currency EUR and --v3', async () => {
    const r = await run([SIMPLE, '--json', '--currency', 'eur', '--v3']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    for (const line of json.lines.filter((l: any) => l.status === 'priced')) expect(line.currency).toBe('EUR');
    expect(Object.keys(json.summary.totalsPerBuild)).toEqual(['EUR']);
  });

  test('an XLSX BOM, a sheet chosen with --sheet', async () => {
    const file = join(dir, 'bom.xlsx');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Cover').getCell('A1').value = 'Widget';
    const bom = wb.addWorksheet('Parts list');
    bom.addRow(['Ref', 'Qty', { richText: [{ text: 'Mfr ' }, { text: 'Part #' }] }]);
    bom.addRow(['D1, D2', { formula: '1+1', result: 2 }, { richText: [{ text: 'BAV99' }, { text: '-7-F' }] }]);
    await wb.xlsx.writeFile(file);
    const r = await run([file, '--sheet', 'parts list', '--json']);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.lines).toHaveLength(1);
    expect(json.lines[0]).toMatchObject({ sheetRow: 2, status: 'priced', matchedPart: 'BAV99-7-F', need: 2 });
    const out = join(dir, 'from-xlsx.xlsx');
    expect((await run([file, '--sheet', 'Parts list', '--out', out])).code).toBe(0);
    const priced = new ExcelJS.Workbook();
    await priced.xlsx.readFile(out);
    expect(priced.worksheets.map((s) => s.name)).toEqual([
      'Parts list',
      'Price breaks',
      'Summary',
      'Schedule',
      'Risk',
      'Partsheet snapshot',
      'Partsheet sheets',
    ]);
    const sheet = priced.getWorksheet('Parts list')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Ref', 'Qty', 'Mfr Part #', 'Status']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 6)).toEqual([
      'D1, D2',
      2,
      'BAV99-7-F',
      'priced',
      'BAV99-7-F',
    ]);
    const missing = await run([file, '--sheet', 'BOM']);
    expect(missing.code).toBe(1);
    expect(missing.err).toEqual([
      `partsheet price: ${file}: no sheet named "BOM"; the sheets are "Cover", "Parts list" [PS_CLI_BOM_FILE]`,
    ]);
  });

  test('a semicolon file and a tab file', async () => {
    const semi = await run([join(FIXTURES, 'semicolon.csv'), '--json']);
    expect(semi.code).toBe(0);
    const lines = JSON.parse(semi.out).lines;
    expect(lines.map((l: any) => l.partNumber)).toEqual(['CRCW06031K00FKEA', 'C0603C104K5RACTU', 'BAV99-7-F']);
    expect(lines[2]).toMatchObject({ status: 'priced', manufacturer: 'Diodes Incorporated' });
    const tab = await run([join(FIXTURES, 'tab.tsv'), '--json']);
    expect(tab.code).toBe(0);
    expect(JSON.parse(tab.out).lines.map((l: any) => [l.partNumber, l.need])).toEqual([
      ['BAV99-7-F', 1],
      ['NE555P', 1],
      ['RC0603FR-0710KL', 4],
    ]);
  });

  test('a BOM with no part-number column: one line listing the headers seen, exit 1', async () => {
    const r = await run([join(FIXTURES, 'no-part-number.csv')]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(
      /^partsheet price: .*no-part-number\.csv: No part-number column found; headers seen: "Colour", "Size", "Notes"\./,
    );
  });

  test('a purchase list with no part number of any kind: each item listed with its quantity and what it lacks, none priced, exit 0', async () => {
    const file = join(dir, 'purchase-list.csv');
    writeFileSync(
      file,
      'Qty,Component,Specification,Cost,Source\n12,Bearing,1.25mm dia.,$42.53,https://example.com/b\n70,Magnet,3mm x 4mm,$28.05,https://example.com/m\n1,PCB,Main board,$35.00,https://example.com/pcb\n,,,,\n,Total,,$105.58,\n',
    );
    const r = await run([file, '--json']);
    expect(r.code).toBe(0);
    expect(r.err.join('\n')).toMatch(
      /warning: No part-number column \(columns: "Component", "Specification", "Cost", "Source"\): 2 lines are listed with what they have and cannot be priced/,
    );
    const report = JSON.parse(r.out);
    expect(report.lines.map((l: any) => [l.row, l.status, l.need])).toEqual([
      [1, 'skipped', 12],
      [2, 'skipped', 70],
      [3, 'skipped', null],
    ]);
    expect(report.lines[0].statusReason).toBe(
      'a line to buy (12 per board; "Bearing | 1.25mm dia.") with no manufacturer part number to price it by: add one',
    );
    expect(report.lines[2].statusReason).toMatch(/the bare board/);
  });

  testWithCorpus(__filename)(
    'an old-style .xls workbook (Altium) is priced like any BOM: its lines read, its not-fitted positions left out',
    async () => {
      const r = await run([corpusFile('altium_limesdr-usb_1v4_BOMr7.xls'), '--json']);
      expect(r.code).toBe(0);
      const report = JSON.parse(r.out);
      const first = report.lines.find((l: any) => l.partNumber === '04023A100JAT2A');
      expect(first).toMatchObject({ need: 4 });
      // "NF(C341)" on a line of 22: 21 bought.
      expect(report.lines.find((l: any) => l.partNumber === 'GRM155R61A105KE15J')).toMatchObject({ need: 21 });
      expect(report.lines.filter((l: any) => l.status !== 'skipped')).toHaveLength(115);
    },
  );

  test('an unreachable service: one line, exit 1, nothing written', async () => {
    const out = join(dir, 'never.xlsx');
    const r = await run([SIMPLE, '--url', 'http://127.0.0.1:1', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^partsheet price: Parts service unreachable at 127\.0\.0\.1:1: /);
    expect(r.err[0]).not.toContain('\n');
    expect(() => readFileSync(out)).toThrow();
  });

  test('a wrong API key: one line, exit 1', async () => {
    const r = await run([SIMPLE], { PARTSHEET_ITEM_URL: base, PARTSHEET_APIKEY: 'wrong' });
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      'partsheet price: API key rejected — check the login and API key in settings [PS_CATALOG_AUTH]',
    ]);
  });

  test('a file it cannot read: one line, exit 1', async () => {
    const missing = join(dir, 'missing.csv');
    const r = await run([missing]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([`partsheet price: cannot read ${missing}: no such file [PS_CLI_BOM_FILE]`]);
    const binary = join(dir, 'binary.csv');
    writeFileSync(binary, Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256)));
    const b = await run([binary]);
    expect(b.code).toBe(1);
    expect(b.err).toEqual([
      `partsheet price: ${binary}: not a CSV, TSV, XLSX, XLS, ODS or HTML file (it holds binary data) [PS_CLI_BOM_FILE]`,
    ]);
  });

  test('an output it cannot write: one line, exit 1', async () => {
    const out = join(dir, 'no-such-folder', 'x.xlsx');
    const r = await run([SIMPLE, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([`partsheet price: cannot write ${out}: the folder does not exist [PS_CLI_OUTPUT]`]);
  });

  test.each([
    [['--boards', '0'], "--boards must be a whole number from 1 to 1,000,000; got '0'"],
    [['--out', 'priced.txt'], "--out must name a .xlsx, .csv or .tsv file; got 'priced.txt'"],
    [['--currency', 'euro'], "--currency must be a three-letter code such as EUR; got 'euro'"],
    [['--url', 'ftp://x'], "--url must be an http or https address such as http://127.0.0.1:8080; got 'ftp://x'"],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
    [['--split-min-saving', 'lots'], "--split-min-saving must be a percentage from 0 to 100; got 'lots'"],
    [['--overbuy-share', '120'], "--overbuy-share must be a percentage from 0 to 100; got '120'"],
    [
      ['--overbuy-min', 'ten'],
      "--overbuy-min must be an amount of 0 or more in the --currency, such as 25 or 10.50; got 'ten'",
    ],
  ])('a wrong option %j: exit 2', async (extra, message) => {
    const r = await run([SIMPLE, ...extra]);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toContain(message);
    expect(r.err[0]).toMatch(/\(see partsheet price --help\) \[PS_CLI_USAGE\]$/);
  });

  test('no FILE, two FILEs, --out onto the BOM itself: exit 2', async () => {
    expect((await run([])).err).toEqual([
      'partsheet price: price needs a BOM FILE (see partsheet price --help) [PS_CLI_USAGE]',
    ]);
    expect((await run([SIMPLE, SIMPLE])).code).toBe(2);
    const copy = join(dir, 'self.csv');
    writeFileSync(copy, readFileSync(SIMPLE));
    const r = await run([copy, '--out', copy]);
    expect(r.code).toBe(2);
    expect(r.err[0]).toContain('--out must not be the BOM file itself');
  });

  test('--progress reports parts priced on stderr; without it stderr holds only warnings', async () => {
    const r = await run([join(FIXTURES, 'quoted.csv'), '--progress']);
    expect(r.code).toBe(0);
    expect(r.err.at(-1)).toBe('priced 3 of 3 parts');
    const quiet = await run([join(FIXTURES, 'quoted.csv')]);
    expect(quiet.err).toEqual([]);
  });

  test('--help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: partsheet price FILE/);
  });

  test('through the partsheet dispatcher', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const saved = process.env.PARTSHEET_ITEM_URL;
    process.env.PARTSHEET_ITEM_URL = base;
    try {
      const code = await main(['price', join(FIXTURES, 'pipe.txt'), '--json'], {
        out: (s) => out.push(s),
        err: (s) => err.push(s),
      });
      expect(code).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.PARTSHEET_ITEM_URL;
      else process.env.PARTSHEET_ITEM_URL = saved;
    }
    expect(err).toEqual([]);
    expect(JSON.parse(out.join('\n')).lines.map((l: any) => l.status)).toEqual(['priced', 'priced']);
    const help: string[] = [];
    await main(['--help'], { out: (s) => help.push(s), err: () => undefined });
    expect(help.join('\n')).toContain('price FILE [--boards N]');
  });
});
