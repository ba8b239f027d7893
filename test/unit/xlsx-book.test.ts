/**
 * The XLSX writer (src/excel/xlsx-book.ts, zip-package.ts): a book of 30,000 rows, whose sheet is compressed in
 * several pieces, read back by exceljs with every value, format, font, fill and sheet state as written; every zip
 * entry's CRC and sizes checked against its inflated bytes; the same book from each compressor (Node's zlib by
 * pieces, the page's CompressionStream once a part is whole, stored) reads back alike.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { ZLIB_DEFLATE } from '../../cli/price-output';
import { XlsxBook } from '../../src/excel/xlsx-book';
import { SAMPLE_SHEET, sampleBook, sampleRow } from '../helpers/xlsx-sample';
import { type Compressor, pageCompressor } from '../../src/excel/zip-package';

const ROWS = 30_000;

async function readBack(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const copy = new ExcelJS.Workbook();
  await copy.xlsx.load(bytes.buffer as ArrayBuffer);
  return copy;
}

/** Every local entry of a zip: its name, its bytes, and whether its CRC and sizes are those of its bytes. */
function entries(bytes: Uint8Array): Array<{ name: string; ok: boolean; data: Buffer }> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const out: Array<{ name: string; ok: boolean; data: Buffer }> = [];
  let at = 0;
  while (buf.readUInt32LE(at) === 0x04034b50) {
    const method = buf.readUInt16LE(at + 8);
    const crc = buf.readUInt32LE(at + 14);
    const packed = buf.readUInt32LE(at + 18);
    const size = buf.readUInt32LE(at + 22);
    const nameLength = buf.readUInt16LE(at + 26);
    const name = buf.toString('utf8', at + 30, at + 30 + nameLength);
    const data = buf.subarray(at + 30 + nameLength, at + 30 + nameLength + packed);
    const plain = method === 8 ? inflateRawSync(data) : data;
    out.push({ name, ok: plain.length === size && crc32(plain) === crc, data: plain });
    at += 30 + nameLength + packed;
  }
  expect(buf.readUInt32LE(at)).toBe(0x02014b50);
  return out;
}

describe('XLSX writer', () => {
  test('a 30,000-row book reads back in exceljs as written, its sheet compressed in pieces', async () => {
    const bytes = await sampleBook(ZLIB_DEFLATE, ROWS).bytes();
    const parts = entries(bytes);
    expect(parts.every((p) => p.ok)).toBe(true);
    expect(parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['xl/worksheets/sheet1.xml', 'xl/workbook.xml', 'xl/styles.xml', '[Content_Types].xml']),
    );
    const wb = await readBack(bytes);
    expect(wb.worksheets.map((s) => [s.name, s.state])).toEqual([
      [SAMPLE_SHEET, 'visible'],
      ['Hidden', 'veryHidden'],
    ]);
    expect(wb.created.toISOString()).toBe('2026-03-04T05:06:07.000Z');
    const ws = wb.getWorksheet(SAMPLE_SHEET)!;
    expect(ws.getColumn(1).width).toBe(22);
    expect(ws.getCell('A1').value).toBe('Part');
    expect(ws.getCell('D1').font?.bold).toBe(true);
    expect(ws.getCell('A2').value).toBe(' leading space');
    expect(ws.getCell('B2').value).toBe(true);
    expect(ws.getCell('B2').fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FFC6EFCE' } });
    expect(ws.getCell('C2').value).toEqual(new Date('2026-01-02T00:00:00Z'));
    expect(ws.getCell('D2').value).toBe('tab\there & <x>');
    expect(ws.getCell('F2').numFmt).toBe('0.00000');
    // Rows whose results are not 0 (exceljs reads a formula whose value is 0 as one with no result).
    for (const r of [1, 5, 12_345, ROWS - 1]) {
      const row = ws.getRow(r + 3);
      const line = sampleRow(r);
      expect(row.getCell(1).value).toBe(line.part);
      expect(row.getCell(2).value).toBe(line.qty);
      expect(row.getCell(3).value).toBe(line.price);
      expect(row.getCell(3).numFmt).toBe('0.00000');
      expect(row.getCell(4).value).toEqual({ formula: `B${r + 3}*C${r + 3}`, result: line.extended });
      expect(row.getCell(4).numFmt).toBe('#,##0.00');
      expect(row.getCell(5).value).toEqual(
        r % 2 === 0 ? { formula: `IF(B${r + 3}>5,"many","few")`, result: 'few' } : null,
      );
    }
    expect(ws.rowCount).toBe(ROWS + 2);
    expect(wb.getWorksheet('Hidden')!.getCell('A1').value).toBe('kept');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    // One cell style per kind, not per cell: 60,000 formatted cells share a handful of <xf> records.
    const styles = parts.find((p) => p.name === 'xl/styles.xml')!.data.toString('utf8');
    const xfs = /<cellXfs count="(\d+)"/.exec(styles);
    expect(Number(xfs?.[1])).toBeLessThan(10);
  }, 60_000);

  test("the page's CompressionStream and stored parts give the same book as Node's zlib", async () => {
    const page = pageCompressor();
    expect(page.kind).toBe('whole');
    const sheetOf = async (compressor: Compressor) => {
      const bytes = await sampleBook(compressor, 5_000).bytes();
      expect(entries(bytes).every((p) => p.ok)).toBe(true);
      const ws = (await readBack(bytes)).worksheets[0];
      return [1, 2, 3, 4_000, 5_002].map((r) => (ws.getRow(r).values as unknown[]).slice(1));
    };
    const zlib = await sheetOf(ZLIB_DEFLATE);
    expect(await sheetOf(page)).toEqual(zlib);
    expect(await sheetOf({ kind: 'store' })).toEqual(zlib);
  }, 60_000);

  test('rows are written top to bottom, widths before rows: a row already written or a late width is an error', () => {
    const sheet = new XlsxBook({ kind: 'store' }).addWorksheet('S');
    sheet.getRow(3).commit();
    expect(() => sheet.getRow(2)).toThrow('row 2 of sheet S was already written');
    expect(() => (sheet.getColumn(1).width = 10)).toThrow('before the sheet’s rows are written');
  });
});
