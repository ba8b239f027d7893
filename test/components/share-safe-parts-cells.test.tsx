/**
 * The share-safe copy carries the workbook's own PARTS cells: a BOM whose sheet holds `=PARTS.PRICE(…)` and another
 * sheet with a PARTS call nested in a larger formula become a copy in which each such cell is the value it shows,
 * the other sheet comes along as values where its cells were, and a "Fetched values" sheet lists each PARTS cell with
 * when its value was fetched: the cell record's time for one the functions calculated (a failure's reason beside it),
 * "unknown" for one the record
 * does not know. No part of the copy holds a PARTS formula, and the open workbook is left as it was.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { fireEvent, screen } from '@testing-library/react';
import { createPartsFunctions } from '../../functions/parts-functions';
import { ASSOCIATIONS } from '../../functions/functions';
import { CellRecord } from '../../src/lookup';
import { utcMinute } from '../../src/text/times';
import { cellsPort } from '../../testing/pane-services';
import { attachCalculator } from '../helpers/formula-calc';
import { bomHarness, breaks, offer, part, renderAndPrice } from './helpers';

const SLOW = { timeout: 15_000 };

/** A pane over a BOM with a PARTS.PRICE column, and a "Stock check" sheet of PARTS cells, their functions live. */
async function setUp() {
  const h = bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty', 'Price at 100'],
      ['BAV99', 'Nexperia', 2, 0],
      ['LM358DR', 'TI', 3, 0],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [
        offer({ sourcePartId: 'E-1', stock: 5000, breaks: breaks([1, 0.1], [100, 0.05]) }),
      ]),
      part('LM358DR', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2', breaks: breaks([1, 0.5], [10, 0.4]) })]),
    ],
    { sheets: ['BOM', 'Stock check'] },
  );
  const record = new CellRecord();
  // The custom functions as Excel runs them in the shared runtime: each call tells the record of its cell.
  const functions = Object.fromEntries(
    Object.keys(ASSOCIATIONS).map((id) => [
      id,
      (...args: unknown[]) => {
        const invocation = args.pop() as { address: string };
        const fns = createPartsFunctions({
          context: () => ({
            lookup: {
              lookup: h.scheduler.lookup.bind(h.scheduler),
              lastKnown: h.scheduler.lastKnown.bind(h.scheduler),
            },
            currency: 'USD',
            sources: [],
          }),
          manufacturers: async () => [],
          makeError: (code: string, message: string) => Object.assign(new Error(message), { code }),
          record: (cells) => record.note({ address: invocation.address, name: id, cells, at: Date.now() }),
        });
        const method = id === 'PRICE' ? 'price' : (id.toLowerCase() as keyof typeof fns);
        return (fns[method] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  const calc = attachCalculator(h.book, functions, () => 4);
  h.services = { ...h.services, cells: cellsPort(record, async () => ({ requests: 0 }) as never) };
  // As the user types them.
  await h.book.host.run({}, async (context) => {
    const bom = context.workbook.worksheets.getItem('BOM');
    bom.getRange('D2:D3').values = [['=PARTS.PRICE("BAV99",100)'], ['=parts.price("LM358DR",100)']];
    const other = context.workbook.worksheets.getItem('Stock check');
    other.getRange('B2:D4').values = [
      ['Part', 'Twice the stock', 'Plus one'],
      ['BAV99', '=PARTS.STOCK("BAV99")*2', '=C3+1'],
      ['NOPE-1', '=PARTS.PRICE("NOPE-1")', 'plain text'],
    ];
    // A date and a count as the user formatted them: they stay so in the copy.
    other.getRange('E3').values = [[46357]];
    other.getRange('E3').numberFormat = [['yyyy-mm-dd']];
    other.getRange('D3').numberFormat = [['#,##0']];
    await context.sync();
  });
  await h.services.book.calculateCells([
    { sheet: 'BOM', row: 1, column: 3, rows: 2, columns: 1 },
    { sheet: 'Stock check', row: 3, column: 2, rows: 1, columns: 1 },
  ]);
  await calc.settled();
  // The stand-in calculates a lone call only: the nested one shows what Excel would, with no lookup recorded.
  h.book.setResult('Stock check', 2, 2, 10_000);
  h.book.setResult('Stock check', 2, 3, 10_001);
  return { h, record, calc };
}

async function partsOf(base64: string): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(Buffer.from(base64, 'base64'));
  const parts = new Map<string, string>();
  for (const name of Object.keys(zip.files))
    if (!zip.files[name].dir) parts.set(name, await zip.files[name].async('string'));
  return parts;
}

test('the workbook’s PARTS cells come as their values, each listed with when it was fetched', async () => {
  const { h, record, calc } = await setUp();
  expect(h.book.getValues('BOM', 'D2:D3')).toEqual([[0.05], [0.4]]);
  expect(h.book.getValues('Stock check', 'C4')).toEqual([['#N/A']]);
  const notFound = calc.messages.get("'Stock check'!C4");
  expect(notFound).toBe('Not found: NOPE-1');
  await renderAndPrice(h);
  const before = JSON.stringify(h.book.snapshot());

  fireEvent.click(screen.getByRole('button', { name: 'Make a share-safe copy' }));
  await screen.findByText('Share-safe copy opened', undefined, SLOW);
  expect(JSON.stringify(h.book.snapshot())).toBe(before);
  expect(h.book.formulas('BOM')).toEqual(['D2', 'D3']);

  const base64 = h.book.createdWorkbooks[0];
  const parts = await partsOf(base64);
  for (const [name, xml] of parts) {
    for (const addin of ['PARTS.', 'parts.price', '_xldudf_']) {
      expect({ name, has: xml.toLowerCase().includes(addin.toLowerCase()) }).toEqual({ name, has: false });
    }
  }

  const copy = new ExcelJS.Workbook();
  await copy.xlsx.load(Buffer.from(base64, 'base64'));
  expect(copy.worksheets.map((s) => s.name)).toEqual([
    'BOM',
    'Price breaks',
    'Summary',
    'Breaks',
    'Stock check',
    'Fetched values',
  ]);
  // Values where the cells were: the BOM's column and the other sheet's, no formula among them.
  const bom = copy.getWorksheet('BOM')!;
  expect([bom.getCell('D2').value, bom.getCell('D3').value]).toEqual([0.05, 0.4]);
  const other = copy.getWorksheet('Stock check')!;
  expect(other.getCell('C3').value).toBe(10_000);
  expect(other.getCell('D3').value).toBe(10_001);
  expect(other.getCell('C4').value).toBe('#N/A');
  // A reader sees the date (serial 46357 under its date format), not a bare number.
  expect([other.getCell('E3').value, other.getCell('E3').numFmt]).toEqual([
    new Date(Date.UTC(2026, 11, 1)),
    'yyyy-mm-dd',
  ]);
  expect(other.getCell('D3').numFmt).toBe('#,##0');
  expect(other.getCell('B4').value).toBe('NOPE-1');
  other.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));

  // The list: one row per PARTS cell, the fetched time the record's, "unknown" where it has none.
  const list = copy.getWorksheet('Fetched values')!;
  const rows = (list.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1));
  expect(rows[0]).toEqual([
    'Sheet',
    'Cell',
    'In this copy',
    'Formula (add-in prefix left out)',
    'Value',
    'Fetched (UTC)',
    'Note',
  ]);
  const asOf = (address: string) => record.calls().find((c) => c.address === address)!.cells[0][0].asOf!;
  expect(rows.slice(1)).toEqual([
    ['BOM', 'D2', 'BOM!D2', 'PRICE("BAV99",100)', 0.05, utcMinute(asOf('BOM!D2'))],
    ['BOM', 'D3', 'BOM!D3', 'price("LM358DR",100)', 0.4, utcMinute(asOf('BOM!D3'))],
    [
      'Stock check',
      'C3',
      "'Stock check'!C3",
      'STOCK("BAV99")*2',
      10_000,
      'unknown',
      'Not looked up since the add-in started.',
    ],
    // A lookup that found nothing was made at a time too.
    [
      'Stock check',
      'C4',
      "'Stock check'!C4",
      'PRICE("NOPE-1")',
      '#N/A',
      utcMinute(asOf("'Stock check'!C4")),
      'Not found: NOPE-1',
    ],
  ]);
});
