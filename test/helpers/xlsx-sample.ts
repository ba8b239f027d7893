/**
 * A sample workbook for the XLSX writer's tests: one of each kind of cell, then rows of a text, a number and
 * formulas over them.
 */
import { XlsxBook } from '../../src/excel/xlsx-book';
import type { Compressor } from '../../src/excel/zip-package';

export const SAMPLE_SHEET = 'BOM rev "A" & <B>';
const FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFC6EFCE' } } as const;

/** Row r (0-based) of the sample's rows, from sheet row 3: part, quantity, price, their product. */
export function sampleRow(r: number): { part: string; qty: number; price: number; extended: number } {
  const qty = (r % 9) + 1;
  const price = (r % 7) * 0.125;
  return { part: `PART-${r}-ÄÖ→`, qty, price, extended: qty * price };
}

/** The sample book with `rows` rows after its header and its row of each kind of cell. */
export function sampleBook(compressor: Compressor, rows: number): XlsxBook {
  const wb = new XlsxBook(compressor);
  wb.created = new Date('2026-03-04T05:06:07Z');
  const sheet = wb.addWorksheet(SAMPLE_SHEET, { views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }] });
  sheet.getColumn(1).width = 22;
  const header = sheet.getRow(1);
  header.font = { bold: true };
  ['Part', 'Qty', 'Price', 'Extended'].forEach((h, i) => (header.getCell(i + 1).value = h));
  header.commit();
  const kinds = sheet.addRow([' leading space', true, new Date('2026-01-02T00:00:00Z'), 'tab\there\u0001 & <x>']);
  kinds.getCell(2).fill = FILL;
  kinds.getCell(6).numFmt = '0.00000';
  for (let r = 0; r < rows; r++) {
    const line = sampleRow(r);
    const row = sheet.getRow(r + 3);
    row.getCell(1).value = line.part;
    row.getCell(2).value = line.qty;
    row.getCell(3).value = line.price;
    row.getCell(3).numFmt = '0.00000';
    row.getCell(4).value = { formula: `B${r + 3}*C${r + 3}`, result: line.extended };
    row.getCell(4).numFmt = '#,##0.00';
    // The result kept is 'few' on every row, right or not: a reader that calculates shows it by writing 'many'.
    if (r % 2 === 0) row.getCell(5).value = { formula: `IF(B${r + 3}>5,"many","few")`, result: 'few' };
    row.commit();
  }
  wb.addWorksheet('Hidden', { state: 'veryHidden' }).addRow(['kept']);
  return wb;
}
