/**
 * The workbook port's hidden sheets and change events (src/excel/port-hidden.ts), over the in-memory workbook:
 * text kept as written, very hidden, old rows gone; a sheet's changes told, the add-in's own told apart, until stopped.
 */
import { type CellsChanged, createWorkbookPort } from '../../src/excel';
import { MemoryWorkbook } from '../../testing/excel';
import { until } from '../helpers/until';

describe('WorkbookPort: hidden sheets', () => {
  test('text written to a hidden sheet reads back exactly, even text Excel would turn into a number or formula', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const port = createWorkbookPort(book.host);
    expect(await port.readHiddenSheet('Kept')).toBeNull();
    const rows = [['{"a":1', 'BOM'], ['=1+1'], ['123'], ['-5'], ['TRUE'], ['2024-01-02'], ['"x"}']];
    await port.writeHiddenSheet('Kept', rows);
    expect(book.visibility('Kept')).toBe('VeryHidden');
    expect(book.visibility('BOM')).toBe('Visible');
    expect(await port.readHiddenSheet('Kept')).toEqual(rows.map((r) => (r.length === 1 ? [r[0], ''] : r)));
    expect(book.formulas('Kept')).toEqual([]);
  });

  test('a shorter text written again leaves none of the old rows', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const port = createWorkbookPort(book.host);
    await port.writeHiddenSheet('Kept', [['one'], ['two'], ['three']]);
    await port.writeHiddenSheet('Kept', [['four']]);
    expect(await port.readHiddenSheet('Kept')).toEqual([['four']]);
    await port.writeHiddenSheet('Kept', []);
    expect(await port.readHiddenSheet('Kept')).toEqual([]);
  });

  test('the only visible sheet cannot be hidden, as in Excel', async () => {
    const book = new MemoryWorkbook({ sheets: ['Kept'] });
    await expect(createWorkbookPort(book.host).writeHiddenSheet('Kept', [['x']])).rejects.toMatchObject({
      kind: 'excel',
    });
  });
});

describe('WorkbookPort: following a sheet’s changes', () => {
  test("the user's edits and the add-in's writes are told apart; other sheets are not told; the stop stops", async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM', 'Other'] });
    const port = createWorkbookPort(book.host);
    const seen: CellsChanged[] = [];
    const stop = await port.watchSheet('BOM', (c) => seen.push(c));
    book.setValues('BOM', 'B5', [['LM358DR']]);
    book.setValues('Other', 'A1', [['x']]);
    await port.writeBlock('BOM', 0, 7, [['Status'], ['priced']]);
    await until('both changes told', () => seen.length >= 2);
    expect(seen).toEqual([
      { block: { sheet: 'BOM', row: 4, column: 1, rows: 1, columns: 1 }, byAddin: false },
      { block: { sheet: 'BOM', row: 0, column: 7, rows: 2, columns: 1 }, byAddin: true },
    ]);
    await stop();
    book.setValues('BOM', 'B6', [['x']]);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(2);
  });
});
