/**
 * The workbook port's hidden sheets and change events (src/excel/port-hidden.ts), over the in-memory workbook:
 * text kept as written, very hidden, old rows gone; a sheet's changes told, the add-in's own told apart, until stopped.
 */
import { type CellsChanged, createWorkbookPort } from '../../src/excel';
import { OWN_WRITE_MS, OwnWrites } from '../../src/excel/own-writes';
import { MemoryWorkbook } from '../../testing/excel';
import { until } from '../helpers/until';
import { FaultyHost, type FaultMode } from '../helpers/safety';

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

  test.each<FaultMode>(['refused', 'answer-lost'])(
    'a write cut short at any request (%s) leaves every row whole, old or new, never the sheet emptied',
    async (mode) => {
      const before = [
        ['Partsheet', '1'],
        ['BOM', 'priced', 'a b c'],
        ['Sheet2', 'priced', 'd e'],
        ['Orders', 'orders'],
      ];
      const after = [
        ['Partsheet', '1'],
        ['BOM', 'priced', 'a b c f'],
        ['Sheet3', 'order texts'],
      ];
      const width = 3;
      const padded = (r: readonly string[] | undefined) => Array.from({ length: width }, (_, i) => r?.[i] ?? '');
      let failedAt = 0;
      for (let n = 1; ; n++) {
        const book = new MemoryWorkbook({ sheets: ['BOM'] });
        const faulty = new FaultyHost(book);
        const port = createWorkbookPort(faulty);
        await port.writeHiddenSheet('Kept', before);
        faulty.arm(n, mode);
        const wrote = await port.writeHiddenSheet('Kept', after).then(
          () => true,
          () => false,
        );
        const fired = faulty.fired;
        faulty.arm(null);
        if (!fired) {
          expect(wrote).toBe(true);
          expect((await port.readHiddenSheet('Kept'))?.map(padded)).toEqual(after.map(padded));
          break;
        }
        failedAt = n;
        const read = ((await port.readHiddenSheet('Kept')) ?? []).map(padded);
        for (let i = 0; i < Math.max(before.length, after.length, read.length); i++) {
          const row = padded(read[i]);
          expect([padded(before[i]), padded(after[i])]).toContainEqual(row);
          if (i < after.length) expect(row.join('')).not.toBe('');
        }
      }
      expect(failedAt).toBeGreaterThanOrEqual(3);
    },
  );

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

describe('WorkbookPort: a host before ExcelApi 1.14 (change events without triggerSource)', () => {
  test("the port's own writes are told by its record of them; the user's edits, and its cells edited later, are not its own", async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'], triggerSource: false });
    const port = createWorkbookPort(book.host);
    const seen: CellsChanged[] = [];
    await port.watchSheet('BOM', (c) => seen.push(c));
    // Values, a single cell, contents cleared, a row inserted: all the port's.
    await port.writeBlock('BOM', 0, 4, [['Status'], ['priced'], ['priced']]);
    await port.writeCells('BOM', [{ row: 1, column: 2, value: 3 }]);
    await port.clear({ sheet: 'BOM', row: 2, column: 4, rows: 1, columns: 1 });
    await port.insertRows('BOM', 5);
    // The user's edit, inside and outside the cells the port wrote a moment ago.
    book.setValues('BOM', 'A2', [['LM358DR']]);
    book.setValues('BOM', 'E1:F1', [['x', 'y']]);
    await until('all six changes told', () => seen.length >= 6);
    expect(seen.map((c) => c.byAddin)).toEqual([true, true, true, true, false, false]);
    expect(seen[0].block).toEqual({ sheet: 'BOM', row: 0, column: 4, rows: 3, columns: 1 });
  });

  test('a change of cells the port wrote, once the time of its own writes is over, is the user’s', async () => {
    let now = 1_000;
    const own = new OwnWrites(() => now);
    const block = { sheet: 'BOM', row: 0, column: 4, rows: 3, columns: 1 };
    await own.writing([block], async () => {
      now += 10_000; // a slow request: its cells are its own for as long as it runs
      expect(own.covers({ ...block, rows: 1 })).toBe(true);
    });
    now += OWN_WRITE_MS;
    expect(own.covers({ ...block, rows: 1 })).toBe(true);
    expect(own.covers({ ...block, sheet: 'bom', row: 1, rows: 2 })).toBe(true);
    expect(own.covers({ ...block, rows: 4 })).toBe(false);
    expect(own.covers({ ...block, sheet: 'Other', rows: 1 })).toBe(false);
    now += 1;
    expect(own.covers({ ...block, rows: 1 })).toBe(false);
  });
});
