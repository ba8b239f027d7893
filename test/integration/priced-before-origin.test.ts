/**
 * A workbook priced before the "Country of origin" column was added still orders, and still serves as the run a later
 * `--since` compares with. test/fixtures/priced-before-origin/ holds what `partsheet price bom.csv --boards 10 --out
 * priced.xlsx --snapshot snapshot.json` wrote, against the reference service's 3,000-part demo catalog, with the
 * code before the column (22 priced columns): the BOM sheet with its priced block, and the run's snapshot (in the
 * XLSX's hidden sheet, in the layout of one snapshot, and as a file). The same BOM priced now (23 columns) orders the
 * same lines, and compared with either earlier run no line changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { priceCommand } from '../../cli/price';
import { PRICED_BOM_HEADERS } from '../../src/purchase';
import { createWorkbookPort } from '../../src/excel';
import { readSelectedPricedRows } from '../../src/excel/order-sheet';
import { MemoryWorkbook } from '../../testing/excel';
import { runCommand } from '../helpers/cli';
import { startTestService, type TestService } from '../helpers/service';

const FIXTURE = join(__dirname, '..', 'fixtures', 'priced-before-origin');
const at = (name: string) => join(FIXTURE, name);

let svc: TestService;
let dir: string;

beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-before-origin-'));
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const price = (argv: string[]) =>
  runCommand(priceCommand, [at('bom.csv'), '--boards', '10', ...argv], { PARTSHEET_ITEM_URL: svc.productionUrl });

/** The BOM sheet of a priced XLSX as a workbook the pane reads, every row selected. */
async function pricedSheet(path: string): Promise<{ header: string[]; book: MemoryWorkbook }> {
  const file = new ExcelJS.Workbook();
  await file.xlsx.readFile(path);
  const ws = file.getWorksheet('BOM')!;
  const width = ws.columnCount;
  const grid: Array<Array<string | number | null>> = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: Array<string | number | null> = [];
    for (let c = 1; c <= width; c++) {
      const v = row.getCell(c).value;
      cells.push(v === null || v === undefined ? null : typeof v === 'number' ? v : String(v));
    }
    grid.push(cells);
  });
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  book.setValues('BOM', `A1:${ws.getColumn(width).letter}${grid.length}`, grid);
  book.select('BOM', `A2:A${grid.length}`);
  return { header: grid[0].map((v) => String(v ?? '')), book };
}

/** What ordering takes of each selected row. */
async function orderLines(book: MemoryWorkbook) {
  const read = await readSelectedPricedRows(createWorkbookPort(book.host));
  return {
    columns: read.block.columns,
    rows: read.rows.map((r) => ({
      row: r.row,
      status: r.status,
      matchedPart: r.matchedPart,
      itemId: r.itemId,
      source: r.source,
      need: r.need,
      orderQty: r.orderQty,
      unitPrice: r.unitPrice,
      currency: r.currency,
      offerPrice: r.offerPrice,
      offerCurrency: r.offerCurrency,
      stock: r.stock,
      moq: r.moq,
      pack: r.pack,
    })),
  };
}

describe('a workbook priced before the Country of origin column', () => {
  test('orders the same lines as the same BOM priced with it', async () => {
    const now = await price(['--out', join(dir, 'now.xlsx')]);
    expect(now.code).toBe(0);
    const before = await pricedSheet(at('priced.xlsx'));
    const after = await pricedSheet(join(dir, 'now.xlsx'));
    expect(before.header).not.toContain('Country of origin');
    expect(after.header).toContain('Country of origin');
    expect(after.header.slice(5)).toEqual([...PRICED_BOM_HEADERS]);

    const earlier = await orderLines(before.book);
    const present = await orderLines(after.book);
    expect(earlier.columns).toBe(PRICED_BOM_HEADERS.length - 1);
    expect(present.columns).toBe(PRICED_BOM_HEADERS.length);
    expect(earlier.rows).toEqual(present.rows);
    // The lines to order: three parts priced, an ambiguous line, one not found, one not placed.
    expect(present.rows.map((r) => [r.status, r.itemId, r.orderQty])).toEqual([
      ['priced', '65130960', 25],
      ['ambiguous', '', null],
      ['priced', 'V36:1790_07275103', 10],
      ['not found', '', null],
      ['priced', '65130979', 10],
      ['skipped', '', null],
    ]);
  });

  test('as the run --since compares with (its XLSX, or its snapshot file): no line changed', async () => {
    for (const since of [at('priced.xlsx'), at('snapshot.json')]) {
      const run = await price(['--since', since, '--json']);
      expect(run.code).toBe(0);
      const json = JSON.parse(run.out);
      expect(json.changes.lines).toEqual([]);
      expect(json.changes.bridge.changeMicro).toBe(0);
      // The demo catalog says where the parts bought come from.
      const bought = json.lines.filter((l: { status: string }) => l.status === 'priced');
      expect(bought.map((l: { countryOfOrigin: string }) => l.countryOfOrigin)).toEqual([
        expect.stringMatching(/^[A-Z]{2}$|^Unknown$/),
        expect.stringMatching(/^[A-Z]{2}$|^Unknown$/),
        expect.stringMatching(/^[A-Z]{2}$|^Unknown$/),
      ]);
    }
  });
});
