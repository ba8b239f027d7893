/**
 * "Make a share-safe copy" on the built pane in headless Chromium (350 px wide) against the running service: the
 * copy Excel.createWorkbook is given is compressed by the page's CompressionStream, opens as a valid XLSX (read back
 * with exceljs here), and holds cell for cell what the same copy holds when the page has no compressor (the parts
 * stored, as the component test in jsdom makes it).
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { loadBom } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';
import { xlsxParts } from '../helpers/xlsx-zip';

const BOM_ROWS = [
  ['Ref', 'MPN', 'Manufacturer', 'Qty'],
  ['D1', 'BAV99-7-F', 'Diodes', 2],
  ['Q1, Q2', '2N7002-7-F', 'Diodes', 2],
  ['U1', 'ATMEGA328P-PU', 'Microchip', 1],
  ['X1', 'NOPE-0000', '', 1],
];

const file = paneForFile();

/** How each part of a zip is kept: 8 deflated, 0 stored, by the central directory. */
function methods(zip: Buffer): number[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const found: number[] = [];
  for (let i = 0; i < count; i++) {
    found.push(zip.readUInt16LE(at + 10));
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return found;
}

/** Every sheet's cells as exceljs reads them: a formula with its result, or the value. */
async function cellsOf(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  for (const sheet of book.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, r) => {
      rows[r - 1] = (row.values as unknown[]).slice(1).map((v) => v ?? null);
    });
    sheets[sheet.name] = rows;
  }
  return sheets;
}

test('the copy the page compresses opens as a valid XLSX, cell for cell the stored copy', async () => {
  const { context, page, problems } = await file.host.open({ width: 350, height: 1400 });
  try {
    await loadBom(page, BOM_ROWS, 'B2');
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByTestId('bom-counts').waitFor();
    await page.getByRole('button', { name: 'Price BOM' }).click();
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => typeof CompressionStream)).toBe('function');

    const make = page.getByRole('button', { name: 'Make a share-safe copy' });
    await make.scrollIntoViewIfNeeded();
    await make.click();
    await page.getByText('Share-safe copy opened').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(OUTPUT, 'share-safe-copy.png'), fullPage: true });
    // The same copy where the page has no compressor: its parts are stored.
    await page.evaluate(() => delete (globalThis as { CompressionStream?: unknown }).CompressionStream);
    await make.click();
    await page.waitForFunction(() => (globalThis as any).__partsheet.created.length === 2, undefined, {
      timeout: 60_000,
    });
    const [compressed, stored] = (await page.evaluate(() => (globalThis as any).__partsheet.created as string[])).map(
      (b64) => Buffer.from(b64, 'base64'),
    );

    expect(new Set(methods(compressed))).toEqual(new Set([8]));
    expect(new Set(methods(stored))).toEqual(new Set([0]));
    expect(compressed.length).toBeLessThan(stored.length / 2);
    // Part for part the same XML: the compression is all that differs.
    expect(xlsxParts(compressed)).toEqual(xlsxParts(stored));

    const cells = await cellsOf(compressed);
    expect(Object.keys(cells)).toEqual(['BOM', 'Price breaks', 'Summary', 'Breaks']);
    expect(cells).toEqual(await cellsOf(stored));
    // The priced lines' prices are formulas over the Breaks sheet, with the plan's values as written.
    const header = cells.BOM[0].map(String);
    const unit = header.indexOf('Unit price');
    expect(unit).toBeGreaterThan(0);
    const bav99 = cells.BOM[1][unit] as { formula: string; result: number };
    expect(bav99.formula).toContain('Breaks!');
    expect(bav99.result).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);
