import { createWorkbookPort } from '../../src/excel';
import { MemoryWorkbook } from '../../testing/excel';

describe('WorkbookPort: the sheets of the workbook', () => {
  test('sheetNames lists the sheets in workbook order', async () => {
    const book = new MemoryWorkbook({ sheets: ['Read me', 'BOM', 'DO NOT USE'] });
    expect(await createWorkbookPort(book.host).sheetNames()).toEqual(['Read me', 'BOM', 'DO NOT USE']);
  });

  test("readUsedRange reads a sheet's used cells, values only; an empty sheet gives null", async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM', 'Empty'] });
    book.setValues('BOM', 'B3:C4', [
      ['MPN', 'Qty'],
      ['LM358DR', 2],
    ]);
    const port = createWorkbookPort(book.host);
    const read = await port.readUsedRange('BOM');
    expect(read).toMatchObject({ sheet: 'BOM', address: 'BOM!B3:C4', rowIndex: 2, columnIndex: 1, rowCount: 2 });
    expect(read?.values).toEqual([
      ['MPN', 'Qty'],
      ['LM358DR', 2],
    ]);
    // Its first rows only, when asked: a long sheet is judged by its top.
    const top = await port.readUsedRange('BOM', 1);
    expect(top).toMatchObject({ rowCount: 1 });
    expect(top?.values).toEqual([['MPN', 'Qty']]);
    expect(await port.readUsedRange('Empty')).toBeNull();
    await expect(port.readUsedRange('Gone')).rejects.toMatchObject({ kind: 'no-sheet' });
  });
});
