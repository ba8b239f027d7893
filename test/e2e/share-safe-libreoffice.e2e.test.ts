/**
 * `partsheet price … --out X.xlsx --share-safe` against the real reference service, then the copy opened in
 * LibreOffice Calc headless (Debian's libreoffice-calc, installed by scripts/ensure-libreoffice.sh when missing) with
 * every formula recalculated: at the quantities written, each line's unit price and extended price and the total are
 * Partsheet's own; with the boards and some quantities changed in the file (edited with exceljs, recalculated by
 * LibreOffice), each line is Partsheet's own plan at those quantities wherever that plan buys from the offer the
 * copy follows, or says "re-price in Partsheet"; an order quantity below the MOQ or not whole packs says so. For the
 * bench BOM (2,000 lines of 600 parts) and a real export from the corpus. And the package's XML parts hold no PARTS formula,
 * credential, service address or settings key. Skipped, with the reason in one line, only when LibreOffice cannot
 * be installed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { priceCommand } from '../../cli/price';
import { parseDelimited } from '../../cli/bomfile';
import { type Cell } from '../../src/bom';
import { PRICED_BOM_COLUMNS, type PricedColumnKey } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { BREAKS_SHEET, REPRICE } from '../../src/excel/share-safe';
import { DEFAULT_SETTINGS } from '../../src/settings';
import { benchBom } from '../../bench/bom';
import { runCommand } from '../helpers/cli';
import { startTestService, type TestService } from '../helpers/service';
import { libreOffice, recalculateAll } from '../helpers/libreoffice';
import { corpusAbsentMessage, corpusFile, corpusPresent } from '../helpers/bom-corpus';
import { xlsxParts } from '../helpers/xlsx-zip';

const office = libreOffice();
const withOffice = 'soffice' in office ? describe : describe.skip;
const officeSaid = 'soffice' in office ? 'LibreOffice Calc' : `skipped: ${office.reason}`;
const soffice = 'soffice' in office ? office.soffice : '';
if (!corpusPresent) process.stderr.write(`${corpusAbsentMessage(__filename)}\n`);

let svc: TestService;
let dir: string;

beforeAll(async () => {
  svc = await startTestService({ parts: 100_000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-share-safe-'));
}, 120_000);
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface JsonLine {
  sheetRow: number;
  status: string;
  unitPrice: number | null;
  extended: number | null;
  itemId: string | null;
}

/** Partsheet's own pricing of a BOM file at a number of boards (--json), optionally writing the share-safe copy. */
async function price(file: string, boards: number, out?: string, more: string[] = []): Promise<JsonLine[]> {
  const argv = [file, '--boards', String(boards), '--json', ...more, ...(out ? ['--out', out, '--share-safe'] : [])];
  const run = await runCommand(priceCommand, argv, { PARTSHEET_ITEM_URL: svc.productionUrl });
  expect(run.err.filter((e) => /error|unexpected/i.test(e))).toEqual([]);
  return (JSON.parse(run.out) as { lines: JsonLine[] }).lines;
}

function csvFile(name: string, cells: Cell[][]): string {
  const path = join(dir, name);
  writeFileSync(path, Papa.unparse(cells.map((row) => row.map((c) => (c === null ? '' : String(c))))));
  return path;
}

/** A cell's value as computed: a formula's result, or the value. */
function valueOf(cell: ExcelJS.Cell): unknown {
  const v = cell.value;
  if (v !== null && typeof v === 'object' && 'result' in v) return (v as ExcelJS.CellFormulaValue).result;
  if (v !== null && typeof v === 'object' && 'formula' in v) return undefined;
  return v;
}

async function open(path: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book;
}

function labelled(sheet: ExcelJS.Worksheet, label: string): ExcelJS.Cell {
  let found: ExcelJS.Cell | null = null;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === label) found = row.getCell(2);
  });
  if (!found) throw new Error(`no "${label}" row`);
  return found;
}

/** The BOM sheet's column of a priced column, the BOM being `width` columns wide. */
const priced = (key: PricedColumnKey, width: number) =>
  columnLetters(width + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));

/** Within half a cent: "equal to the cent". */
const cent = (a: unknown, b: number | null) => typeof a === 'number' && b !== null && Math.abs(a - b) < 0.005;

/** At the quantities written: every priced line's unit price and extended, and the live total, are Partsheet's. */
function expectPartsheetPrices(book: ExcelJS.Workbook, sheetName: string, width: number, lines: JsonLine[]): void {
  const bom = book.getWorksheet(sheetName)!;
  let checked = 0;
  for (const line of lines) {
    if (line.status !== 'priced' || line.unitPrice === null) continue;
    const row = bom.getRow(line.sheetRow);
    const unit = valueOf(row.getCell(priced('unitPrice', width)));
    expect(typeof unit === 'number' && Math.abs(unit - line.unitPrice) < 5e-7).toBe(true);
    expect(cent(valueOf(row.getCell(priced('extended', width))), line.extended)).toBe(true);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
  const total = lines.reduce((s, l) => s + (l.extended ?? 0), 0);
  expect(cent(valueOf(labelled(book.getWorksheet('Summary')!, 'Total at the quantities in the sheets')), total)).toBe(
    true,
  );
}

/**
 * At changed quantities: a line whose part Partsheet now buys from the offer the copy follows is Partsheet's price to
 * the cent, or says "re-price in Partsheet" (Partsheet would buy more for a cheaper break, or beyond stock); one
 * bought otherwise now is not compared. Returns how many were equal.
 */
function expectFollowsPlan(
  book: ExcelJS.Workbook,
  sheetName: string,
  width: number,
  written: JsonLine[],
  now: JsonLine[],
): { equal: number; reprice: number; otherOffer: number } {
  const bom = book.getWorksheet(sheetName)!;
  const before = new Map(written.map((l) => [l.sheetRow, l]));
  const tally = { equal: 0, reprice: 0, otherOffer: 0 };
  for (const line of now) {
    const was = before.get(line.sheetRow);
    if (!was || was.status !== 'priced' || line.status !== 'priced' || line.unitPrice === null) continue;
    const row = bom.getRow(line.sheetRow);
    const unit = valueOf(row.getCell(priced('unitPrice', width)));
    if (typeof unit === 'string') {
      expect([line.sheetRow, unit]).toEqual([line.sheetRow, expect.stringMatching(new RegExp(`^${REPRICE}`))]);
      tally.reprice++;
    } else if (line.itemId !== was.itemId || / \+ /.test(line.itemId ?? '')) tally.otherOffer++;
    else {
      expect([line.sheetRow, unit]).toEqual([line.sheetRow, expect.closeTo(line.unitPrice, 6)]);
      expect(cent(valueOf(row.getCell(priced('extended', width))), line.extended)).toBe(true);
      tally.equal++;
    }
  }
  return tally;
}

/** Every part priced by formulas on the Breaks sheet: its unit price is its break at its order quantity, converted. */
function expectBreaksFollowed(book: ExcelJS.Workbook): number {
  const sheet = book.getWorksheet(BREAKS_SHEET)!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const col = (name: string) => header.indexOf(name) + 1;
  const tiers = header.filter((h) => /^Break \d+ qty$/.test(h)).length;
  let followed = 0;
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const qty = valueOf(row.getCell(col('Order qty')));
    const unit = valueOf(row.getCell(col('Unit price (USD)')));
    const first = row.getCell(col('Break 1 qty')).value;
    if (typeof qty !== 'number' || typeof unit !== 'number' || typeof first !== 'number' || qty === 0) return;
    let price = 0;
    for (let i = 0; i < tiers; i++) {
      const min = row.getCell(col('Break 1 qty') + i).value;
      if (typeof min === 'number' && min <= qty) price = row.getCell(col('Break 1 qty') + tiers + i).value as number;
    }
    const rate = row.getCell(col('Rate to USD')).value as number;
    expect(unit).toBeCloseTo(Math.round(price * rate * 1e6) / 1e6, 9);
    followed++;
  });
  return followed;
}

describe('partsheet price --share-safe', () => {
  test('is for an XLSX --out only', async () => {
    const bom = csvFile('small.csv', [
      ['MPN', 'Qty'],
      ['BAV99-7-F', 2],
    ]);
    const run = await runCommand(priceCommand, [bom, '--out', join(dir, 'x.csv'), '--share-safe'], {
      PARTSHEET_ITEM_URL: svc.productionUrl,
    });
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toMatch(/--share-safe applies to a \.xlsx --out file/);
  });

  test("the package's XML parts hold no PARTS formula, credential, service address or settings key", async () => {
    const bom = csvFile('secrets.csv', [
      ['MPN', 'Qty'],
      ['BAV99-7-F', 2],
      ['LM358N', 1],
    ]);
    const out = join(dir, 'secrets.xlsx');
    const run = await runCommand(
      priceCommand,
      [bom, '--out', out, '--share-safe', '--login', 'demo', '--apikey', 'demo-key'],
      { PARTSHEET_ITEM_URL: svc.productionUrl },
    );
    expect(run.code).toBe(0);
    const parts = xlsxParts(readFileSync(out));
    expect([...parts.keys()]).toContain('xl/workbook.xml');
    const address = new URL(svc.productionUrl).host;
    const settingsKeys = Object.keys(DEFAULT_SETTINGS).filter((k) => /[a-z][A-Z]/.test(k));
    for (const [name, xml] of parts) {
      const said = `${name}: `;
      expect(said + (/PARTS\./i.exec(xml)?.[0] ?? '')).toBe(said);
      expect(said + (/demo-key|apikey|api_key|login=|token/i.exec(xml)?.[0] ?? '')).toBe(said);
      expect(said + (xml.includes(address) || xml.includes('127.0.0.1') ? address : '')).toBe(said);
      expect(said + settingsKeys.filter((k) => xml.includes(k)).join(',')).toBe(said);
    }
    // The Breaks sheet and formulas are there: what the check above read is the share-safe copy.
    expect([...parts.values()].some((xml) => xml.includes('<f>') && xml.includes('LOOKUP('))).toBe(true);
  });
});

withOffice(`the share-safe copy in ${officeSaid}`, () => {
  test('the bench BOM (2,000 lines): Partsheet prices as written, and the plan at changed quantities', async () => {
    // The bench's BOM at two fifths of its size: what is checked is each formula as LibreOffice works it out, the
    // same at any length (the bench times the 5,000-line copy's writing).
    const size = { lines: 2_000, distinct: 600, notFound: 10 };
    const cells = benchBom(svc.dataDir, size);
    const width = cells[3].length;
    const out = join(dir, 'bench.xlsx');
    const written = await price(csvFile('bench.csv', cells), 10, out);

    // 37 boards, and every 40th line's quantity times 13: the same changes to the copy and to the BOM Partsheet prices.
    const edited = await open(out);
    labelled(edited.getWorksheet('Summary')!, 'Boards').value = 37;
    const changed = cells.map((row) => [...row]);
    for (let r = 4; r < changed.length; r += 40) {
      const qty = changed[r][2];
      if (typeof qty !== 'number') continue;
      changed[r][2] = qty * 13;
      edited
        .getWorksheet('BOM')!
        .getRow(r + 1)
        .getCell(3).value = qty * 13;
    }
    // Order quantities typed over the formulas: below a MOQ, and not whole packs.
    const breaks = edited.getWorksheet(BREAKS_SHEET)!;
    const typed: Array<{ row: number; expected: string }> = [];
    breaks.eachRow((row, n) => {
      const [moq, pack] = [row.getCell('G').value, row.getCell('H').value];
      if (n === 1 || typeof moq !== 'number' || typeof pack !== 'number' || typeof row.getCell('P').value !== 'number')
        return;
      if (moq > 1 && !typed.some((t) => t.expected.startsWith('below'))) {
        row.getCell('K').value = moq - 1;
        typed.push({ row: n, expected: `below the minimum order of ${moq}` });
      } else if (pack > 1 && !typed.some((t) => t.expected.startsWith('not'))) {
        row.getCell('K').value = Math.max(moq, pack) + 1;
        typed.push({ row: n, expected: `not a multiple of the pack of ${pack}` });
      }
    });
    const editedPath = join(dir, 'bench-edited.xlsx');
    await edited.xlsx.writeFile(editedPath);
    const now = await price(csvFile('bench-changed.csv', changed), 37);
    // The copy as written and the edited one, recalculated in one start of LibreOffice.
    const [asWritten, asEdited] = recalculateAll(soffice, [out, editedPath], join(dir, 'lo-bench'));
    const first = await open(asWritten);
    expectPartsheetPrices(first, 'BOM', width, written);
    const second = await open(asEdited);
    // The lines of the parts whose order was typed say what the typed order breaks, not the plan: left out here.
    const typedRefs = new Set(typed.map((t) => `Breaks!$K$${t.row}`));
    const orderQty = priced('orderQty', width);
    const typedLines = new Set(
      written
        .filter((l) => typedRefs.has(edited.getWorksheet('BOM')!.getRow(l.sheetRow).getCell(orderQty).formula))
        .map((l) => l.sheetRow),
    );
    expect(typedLines.size).toBeGreaterThanOrEqual(typed.length);
    const tally = expectFollowsPlan(
      second,
      'BOM',
      width,
      written.filter((l) => !typedLines.has(l.sheetRow)),
      now,
    );
    process.stderr.write(`bench BOM at 37 boards: ${JSON.stringify(tally)}\n`);
    // Most lines are Partsheet's own plan at 37 boards (some 60 %), most parts follow their breaks.
    expect(tally.equal).toBeGreaterThan(size.lines / 3);
    expect(expectBreaksFollowed(second)).toBeGreaterThan(size.distinct / 2);
    expect(typed.map((t) => t.expected).sort()).toEqual([
      expect.stringMatching(/^below the minimum order of \d+$/),
      expect.stringMatching(/^not a multiple of the pack of \d+$/),
    ]);
    for (const t of typed)
      expect(valueOf(second.getWorksheet(BREAKS_SHEET)!.getRow(t.row).getCell('M'))).toBe(t.expected);
  }, 600_000);

  (corpusPresent ? test : test.skip)(
    'a real export (HackRF One, KiCad CSV), with an overage: the same',
    async () => {
      const source = corpusFile('hackrf-one-bom.csv');
      const cells = parseDelimited(readFileSync(source, 'utf8')).cells;
      const out = join(dir, 'hackrf.xlsx');
      // 5 % and at least 2 extra parts a line: the lines' Buy for line cells add the overage as the plan does.
      const overage = ['--overage', '5', '--overage-min', '2'];
      const written = await price(source, 5, out, overage);
      const edited = await open(out);
      labelled(edited.getWorksheet('Summary')!, 'Boards').value = 250;
      const editedPath = join(dir, 'hackrf-edited.xlsx');
      await edited.xlsx.writeFile(editedPath);
      const now = await price(source, 250, undefined, overage);
      // The copy as written and the edited one, recalculated in one start of LibreOffice.
      const [asWritten, asEdited] = recalculateAll(soffice, [out, editedPath], join(dir, 'lo-hackrf'));
      const first = await open(asWritten);
      const sheetName = first.worksheets[0].name;
      const width = Math.max(...cells.map((r) => r.length));
      expectPartsheetPrices(first, sheetName, width, written);
      const second = await open(asEdited);
      const tally = expectFollowsPlan(second, sheetName, width, written, now);
      process.stderr.write(`HackRF One at 250 boards: ${JSON.stringify(tally)}\n`);
      expect(tally.equal + tally.reprice).toBeGreaterThan(0);
    },
    300_000,
  );
});
