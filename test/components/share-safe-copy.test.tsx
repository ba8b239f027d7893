/**
 * "Make a share-safe copy" in the pane: after a BOM is priced, the button opens the copy as a new workbook through
 * Excel.createWorkbook (the stand-in records the base64 it was given), the open workbook is left as it was, and the
 * copy read back with exceljs prices its lines with formulas over a Breaks sheet and holds no PARTS formula, key,
 * token, service address or document setting in any of its XML parts. Where Excel cannot open a workbook from the
 * pane, the copy is offered as a download.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { bomHarness, breaks, offer, part, renderAndPrice } from './helpers';
import { ORDERS_RECORD_KEY } from '../../taskpane/workbook-choices';
import type { OrderRecord } from '../../src/excel/order-record';
import { RECORDS_SHEET, readKeptRecords } from '../../src/excel/kept-records';
import { SHEETS_RECORD } from '../../src/excel/own-sheets';
import { sheetColumnA } from '../helpers/xlsx-zip';

const API_KEY = 'sk-live-5a4b3c2d1e0f9a8b7c6d';
const GATEWAY_TOKEN = 'gw-tok-0f1e2d3c4b5a69788796';
const ITEM_URL = 'https://parts.example.internal/itemservice';
const SLOW = { timeout: 15_000 };

function setUp(settings: { shareSafeRecords?: boolean } = {}) {
  return bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['LM358DR', 'TI', 3],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1', breaks: breaks([1, 0.1], [100, 0.05]) })]),
      part('LM358DR', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2', breaks: breaks([1, 0.5], [10, 0.4]) })]),
    ],
    { settings: { apiKey: API_KEY, gatewayToken: GATEWAY_TOKEN, itemBaseUrl: ITEM_URL, ...settings } },
  );
}

async function partsOf(base64: string): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(Buffer.from(base64, 'base64'));
  const parts = new Map<string, string>();
  for (const name of Object.keys(zip.files)) {
    if (!zip.files[name].dir) parts.set(name, await zip.files[name].async('string'));
  }
  return parts;
}

describe('Make a share-safe copy', () => {
  test('opens the priced BOM as a new workbook whose prices are formulas over its breaks, and nothing of the add-in', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const before = JSON.stringify(h.book.snapshot());
    const settingsBefore = JSON.stringify(h.book.settings);

    fireEvent.click(screen.getByRole('button', { name: 'Make a share-safe copy' }));
    await screen.findByText('Share-safe copy opened', undefined, SLOW);
    expect(h.book.createdWorkbooks).toHaveLength(1);
    // The open workbook is untouched: same cells, same document settings.
    expect(JSON.stringify(h.book.snapshot())).toBe(before);
    expect(JSON.stringify(h.book.settings)).toBe(settingsBefore);

    const copy = new ExcelJS.Workbook();
    await copy.xlsx.load(Buffer.from(h.book.createdWorkbooks[0], 'base64'));
    expect(copy.worksheets.map((s) => s.name)).toEqual(['BOM', 'Price breaks', 'Summary', 'Breaks']);
    const bom = copy.getWorksheet('BOM')!;
    const headers = (bom.getRow(1).values as unknown[]).map(String);
    const unit = headers.indexOf('Unit price');
    const extended = headers.indexOf('Extended');
    expect(unit).toBeGreaterThan(0);
    for (const row of [2, 3]) {
      const cell = bom.getRow(row).getCell(unit).value as ExcelJS.CellFormulaValue;
      expect(cell.formula).toContain('Breaks!');
      expect((bom.getRow(row).getCell(extended).value as ExcelJS.CellFormulaValue).formula).toBeTruthy();
    }
    // The prices written are the plan's: 2 × BAV99 at 0.10, 3 × LM358DR at 0.50.
    expect((bom.getRow(2).getCell(unit).value as ExcelJS.CellFormulaValue).result).toBeCloseTo(0.1);
    expect((bom.getRow(3).getCell(extended).value as ExcelJS.CellFormulaValue).result).toBeCloseTo(1.5);
    const breaksSheet = copy.getWorksheet('Breaks')!;
    expect(breaksSheet.rowCount).toBe(3);

    const parts = await partsOf(h.book.createdWorkbooks[0]);
    for (const [name, xml] of parts) {
      for (const secret of [
        API_KEY,
        GATEWAY_TOKEN,
        ITEM_URL,
        'parts.example.internal',
        'PARTS.',
        '_xldudf_',
        'Partsheet.',
      ]) {
        expect({ name, has: xml.includes(secret) }).toEqual({ name, has: false });
      }
      // No web extension (add-in) part or custom document property carrying settings.
      expect(name).not.toMatch(/webextension|custom\.xml|taskpane/i);
    }
  });

  test('where Excel cannot open a workbook from the pane, the copy is offered as a download', async () => {
    const h = setUp();
    h.services.newWorkbook = null;
    const made: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      made.push(blob);
      return 'blob:share-safe-1';
    };
    URL.revokeObjectURL = () => undefined;
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: 'Make a share-safe copy' }));
    const link = await screen.findByRole('link', { name: 'Download BOM share-safe.xlsx' }, SLOW);
    expect(link.getAttribute('href')).toBe('blob:share-safe-1');
    expect(link.getAttribute('download')).toBe('BOM share-safe.xlsx');
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0].size).toBeGreaterThan(1000);
    expect(h.book.createdWorkbooks).toHaveLength(0);
  });

  describe('the order and plan records', () => {
    const ORDER_ID = 'PO-REC-55120';
    const orders: OrderRecord[] = [
      {
        orderId: ORDER_ID,
        at: '2026-11-30T09:00:00.000Z',
        environment: 'test',
        po: 'PO-7',
        state: 'submitted',
        sheet: 'BOM',
        lines: [{ key: 'BAV99|', part: 'BAV99', quantity: 2 }],
      },
      {
        orderId: 'OTHER-SHEET-1',
        at: '2026-11-30T09:00:00.000Z',
        environment: 'test',
        po: '',
        state: 'created',
        sheet: 'Other BOM',
        lines: [{ key: 'X|', part: 'X', quantity: 1 }],
      },
    ];

    /** The copy made with the records checkbox as `keep` leaves it (ticked or not, from the remembered choice). */
    async function copyWith(remembered: boolean, tick: boolean | null): Promise<Map<string, string>> {
      const h = setUp({ shareSafeRecords: remembered });
      h.book.settings.set(ORDERS_RECORD_KEY, orders);
      await renderAndPrice(h);
      const box = screen.getByRole('checkbox', { name: /Keep the order and plan records/ });
      expect((box as HTMLInputElement).checked).toBe(remembered);
      if (tick !== null && tick !== remembered) {
        fireEvent.click(box);
        await waitFor(() => expect((box as HTMLInputElement).checked).toBe(tick));
        // Remembered as a pane choice, as the other choices are.
        expect((await h.settings.getSettings()).shareSafeRecords).toBe(tick);
      }
      fireEvent.click(screen.getByRole('button', { name: 'Make a share-safe copy' }));
      await screen.findByText('Share-safe copy opened', undefined, SLOW);
      return partsOf(h.book.createdWorkbooks[0]);
    }

    test('are dropped by default: no part of the copy holds them', async () => {
      const parts = await copyWith(false, null);
      expect(sheetColumnA(parts, RECORDS_SHEET)).toBeNull();
      expect(sheetColumnA(parts, SHEETS_RECORD)).toBeNull();
      for (const [name, xml] of parts) {
        expect({ name, has: xml.includes(ORDER_ID) }).toEqual({ name, has: false });
        expect({ name, has: xml.includes('partsheet-records') }).toEqual({ name, has: false });
      }
    });

    test('ticked, the copy keeps the orders of the BOM sheet and each line plan in a very hidden sheet', async () => {
      const parts = await copyWith(false, true);
      const sheet = sheetColumnA(parts, RECORDS_SHEET);
      expect(sheet?.state).toBe('veryHidden');
      const records = readKeptRecords(sheet!.cells);
      expect(records.orders.map((o) => o.orderId)).toEqual([ORDER_ID]);
      // Both lines priced, on rows 2 and 3 of the copy's BOM sheet, each with its item bought.
      expect(records.plans.map((p) => [p.row, p.plan.items.map((i) => [i.itemId, i.qty])])).toEqual([
        [2, [['E-1', 2]]],
        [3, [['E-2', 3]]],
      ]);
      // And the record of its lists and of the priced block on its BOM sheet, by which the pane that opens the copy
      // knows them as its own.
      const lists = sheetColumnA(parts, SHEETS_RECORD);
      expect(lists?.state).toBe('veryHidden');
      expect(lists?.cells).toEqual(['partsheet-sheets', 'Summary', 'Price breaks', 'BOM']);
      // Still nothing of the add-in's settings.
      for (const [name, xml] of parts)
        expect({ name, has: xml.includes(API_KEY) || xml.includes(ITEM_URL) }).toEqual({ name, has: false });
    });

    test('a remembered choice is kept', async () => {
      expect(sheetColumnA(await copyWith(true, null), RECORDS_SHEET)).not.toBeNull();
    });

    test('unticking a remembered choice drops the records again', async () => {
      expect(sheetColumnA(await copyWith(true, false), RECORDS_SHEET)).toBeNull();
    });
  });
});
