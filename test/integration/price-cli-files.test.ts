/**
 * `partsheet price` on the files users and hostile sources hand it: the output delimiter follows the output's
 * extension (or --delimiter), whatever the input used; a million blank rows or a stray cell at A1048576 cost
 * little and make no million-line output; a row wider than MAX_COLUMNS is refused in one line; the price
 * breaks come once per part. Time and memory on such files are measured by `npm run bench bom-large`.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { MAX_COLUMNS, parseDelimited } from '../../cli/bomfile';
import { MAX_CELLS, MAX_FILE_BYTES, MAX_ROWS } from '../../cli/bom-limits';
import { bomSheetXml, xlsxWithSheet } from '../helpers/xlsx-zip';
import { priceCommand } from '../../cli/price';
import { runCommand } from '../helpers/cli';
import { startTestService, type TestService } from '../helpers/service';

let svc: TestService;
let dir: string;

beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-price-files-'));
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (argv: string[]) => runCommand(priceCommand, argv, { PARTSHEET_ITEM_URL: svc.productionUrl });

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const TSV = 'Designator\tQty\tManufacturer\tMPN\nD1, D2\t2\tDiodes Inc\tBAV99-7-F\nR1\t1\t\tNOSUCHPART-1\n';

describe('output delimiter', () => {
  test('a TSV BOM priced to x.csv is comma-separated', async () => {
    const out = join(dir, 'from-tsv.csv');
    const r = await run([file('bom.tsv', TSV), '--out', out]);
    expect(r.code).toBe(0);
    const parsed = parseDelimited(readFileSync(out, 'utf8'));
    expect(parsed.delimiter).toBe(',');
    expect(parsed.cells[0].slice(0, 5)).toEqual(['Designator', 'Qty', 'Manufacturer', 'MPN', 'Status']);
    expect(String(parsed.cells[1][4])).toMatch(/^priced/);
  });

  test('x.tsv is tab-separated, and --delimiter chooses', async () => {
    const csv = file('bom.csv', TSV.replace(/\t/g, ','));
    const tsvOut = join(dir, 'out.tsv');
    expect((await run([csv, '--out', tsvOut])).code).toBe(0);
    expect(parseDelimited(readFileSync(tsvOut, 'utf8')).delimiter).toBe('\t');
    const semi = join(dir, 'semi.csv');
    expect((await run([csv, '--out', semi, '--delimiter', 'semicolon'])).code).toBe(0);
    const parsed = parseDelimited(readFileSync(semi, 'utf8'));
    expect(parsed.delimiter).toBe(';');
    expect(parsed.cells[0][0]).toBe('Designator');
  });

  test.each([
    [['--delimiter', 'colon'], "--delimiter must be comma, tab, semicolon or pipe; got 'colon'"],
    [['--delimiter', 'tab'], '--delimiter applies to a .csv or .tsv --out file'],
  ])('a wrong %j is a usage error', async (extra, message) => {
    const r = await run([
      file('bom2.csv', TSV),
      ...(extra[1] === 'colon' ? ['--out', join(dir, 'x.csv')] : []),
      ...extra,
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toContain(message);
  });
});

describe('hostile files', () => {
  test('a million blank rows between two parts: two lines priced, a short output', async () => {
    const path = file('blank.csv', `MPN,Qty\nBAV99-7-F,1\n${'\n'.repeat(1_000_000)}BAV99-7-F,2\n`);
    const out = join(dir, 'blank-out.csv');
    const r = await run([path, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('2 lines: 2 priced');
    // The header, two lines, one blank row for the million, then the summary block below.
    const rows = parseDelimited(readFileSync(out, 'utf8')).cells;
    expect(rows.length).toBeLessThan(40);
    expect(rows.filter((row) => String(row[2]).startsWith('priced'))).toHaveLength(2);
  });

  test('a stray cell at A1048576: the table ends at the blank run; the XLSX written is small', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('BOM');
    ws.addRow(['MPN', 'Qty']);
    ws.addRow(['BAV99-7-F', 1]);
    ws.getCell('A1048576').value = 'x';
    const path = join(dir, 'stray.xlsx');
    await wb.xlsx.writeFile(path);
    const out = join(dir, 'stray-out.xlsx');
    const r = await run([path, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 lines: 1 priced');
    expect(r.err.join('\n')).toContain(
      'Row 1048576 to row 1048576 come after the table ("x"…) and were not read as lines.',
    );
    const back = new ExcelJS.Workbook();
    await back.xlsx.readFile(out);
    const bom = back.getWorksheet('BOM')!;
    expect(bom.rowCount).toBeLessThan(10);
    expect(String(bom.getCell('C2').value)).toMatch(/^priced/);
    expect(bom.getCell('A4').value).toBe('x');
  });

  test(`a row wider than ${MAX_COLUMNS} columns is refused with a one-line error`, async () => {
    const wide = `MPN,Qty\nBAV99-7-F,1,${Array.from({ length: MAX_COLUMNS + 5 }, (_, i) => `v${i}`).join(',')}\n`;
    const r = await run([file('wide.csv', wide)]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      `partsheet price: ${join(dir, 'wide.csv')}: row 2 has 1,031 columns; a BOM row may have at most 1,024 [PS_CLI_BOM_FILE]`,
    ]);
  });

  test('a cell at column XFD of an XLSX is refused the same way', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('BOM');
    ws.addRow(['MPN', 'Qty']);
    ws.getCell('XFD2').value = 'far';
    const path = join(dir, 'far.xlsx');
    await wb.xlsx.writeFile(path);
    const r = await run([path]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      `partsheet price: ${path}: row 2 has 16,384 columns; a BOM row may have at most 1,024 [PS_CLI_BOM_FILE]`,
    ]);
  });
});

describe('hostile files: limits that end the reading in seconds', () => {
  /**
   * Runs the command and how long it took. The bounds say the reading stops at its limit instead of running on; alone
   * each run takes about 3 seconds, on a machine busy with the rest of the suite up to four times that: how fast
   * reading is, is measured by the benchmarks (docs/benchmarks.md), not here.
   */
  async function timedRun(argv: string[]) {
    const started = Date.now();
    const r = await run(argv);
    return { ...r, ms: Date.now() - started };
  }

  test(`a 200 MB CSV is refused before it is read, naming the ${MAX_FILE_BYTES / 1024 / 1024} MiB limit`, async () => {
    const path = join(dir, 'huge.csv');
    const block = Buffer.from('BAV99-7-F,1\n'.repeat(Math.floor((1024 * 1024) / 12)));
    const fd = openSync(path, 'w');
    try {
      writeSync(fd, 'MPN,Qty\n');
      for (let written = 0; written < 200 * 1000 * 1000; written += block.length) writeSync(fd, block);
    } finally {
      closeSync(fd);
    }
    try {
      const r = await timedRun([path]);
      expect(r.code).toBe(1);
      expect(r.err).toEqual([
        `partsheet price: ${path}: the file is 191 MiB; a BOM file may be at most 64 MiB [PS_CLI_BOM_FILE]`,
      ]);
      expect(r.ms).toBeLessThan(30_000);
    } finally {
      rmSync(path, { force: true });
    }
  });

  test(`a CSV under the size limit with more than ${MAX_ROWS.toLocaleString('en-US')} rows is stopped at the row limit`, async () => {
    const path = file('many-rows.csv', `MPN,Qty\n${'BAV99-7-F,1\n'.repeat(MAX_ROWS + 10)}`);
    const r = await timedRun([path]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      `partsheet price: ${path}: the file has more than 250,000 rows that hold something; a BOM may have at most 250,000 rows [PS_CLI_BOM_FILE]`,
    ]);
    expect(r.ms).toBeLessThan(30_000);
  });

  test(`a CSV of wide rows is stopped at ${MAX_CELLS.toLocaleString('en-US')} cells`, async () => {
    const row = `${Array.from({ length: 1000 }, (_, i) => `v${i}`).join(',')}\n`;
    const path = file('many-cells.csv', `MPN,Qty\n${row.repeat(MAX_CELLS / 1000 + 10)}`);
    const r = await timedRun([path]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      `partsheet price: ${path}: the file has more than 2,000,000 cells that hold something; a BOM may have at most 2,000,000 cells [PS_CLI_BOM_FILE]`,
    ]);
    expect(r.ms).toBeLessThan(30_000);
  });

  test('a small XLSX whose XML expands to 450,000 rows is refused before it is loaded, naming the row limit', async () => {
    // Precondition: the same construction with a few rows is a workbook that is read and priced.
    const small = join(dir, 'small-hand-made.xlsx');
    writeFileSync(small, xlsxWithSheet(bomSheetXml(2)));
    const ok = await run([small, '--out', join(dir, 'small-hand-made-out.csv')]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('2 lines: 2 priced');

    const path = join(dir, 'bomb.xlsx');
    const sheet = bomSheetXml(450_000);
    const bytes = xlsxWithSheet(sheet);
    writeFileSync(path, bytes);
    expect(bytes.length).toBeLessThan(4 * 1024 * 1024);
    expect(Buffer.byteLength(sheet)).toBeGreaterThan(10 * bytes.length);
    const r = await timedRun([path]);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      `partsheet price: ${path}: the workbook's sheets have more than 250,000 rows; a BOM may have at most 250,000 rows [PS_CLI_BOM_FILE]`,
    ]);
    expect(r.ms).toBeLessThan(30_000);
  });
});

describe('price breaks per part', () => {
  test('lines of one part share one set of tiers on the Price breaks sheet', async () => {
    const rows = ['MPN,Qty,Designator', ...Array.from({ length: 30 }, (_, i) => `BAV99-7-F,1,D${i + 1}`)];
    const out = join(dir, 'breaks.xlsx');
    expect((await run([file('same.csv', `${rows.join('\n')}\n`), '--out', out])).code).toBe(0);
    const back = new ExcelJS.Workbook();
    await back.xlsx.readFile(out);
    const breaks = back.getWorksheet('Price breaks')!;
    const tiers: unknown[] = [];
    breaks.eachRow((row, n) => n > 1 && tiers.push(row.getCell(1).value));
    expect(tiers.length).toBeGreaterThan(0);
    // Every tier names the first line of the part, row 2 of the file.
    expect(new Set(tiers)).toEqual(new Set([2]));
  });
});
