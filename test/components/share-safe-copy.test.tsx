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

const API_KEY = 'sk-live-5a4b3c2d1e0f9a8b7c6d';
const GATEWAY_TOKEN = 'gw-tok-0f1e2d3c4b5a69788796';
const ITEM_URL = 'https://parts.example.internal/itemservice';
const SLOW = { timeout: 15_000 };

function setUp() {
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
    { settings: { apiKey: API_KEY, gatewayToken: GATEWAY_TOKEN, itemBaseUrl: ITEM_URL } },
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
      for (const secret of [API_KEY, GATEWAY_TOKEN, ITEM_URL, 'parts.example.internal', 'PARTS.', 'Partsheet.']) {
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
});
