import {
  columnIndex,
  columnLetters,
  excelWouldConvert,
  fullAddress,
  jsonBytes,
  keepText,
  parseAddress,
  splitRows,
  splitSheet,
  textCell,
  utf8Length,
} from '../../src/excel';
import { MemoryWorkbook, excelInput } from '../../testing/excel';

describe('addresses', () => {
  test('column letters both ways', () => {
    expect([0, 25, 26, 51, 701, 702, 16383].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA', 'XFD']);
    expect(['A', 'z', 'AA', 'XFD'].map(columnIndex)).toEqual([0, 25, 26, 16383]);
  });

  test('addresses parse with sheets, quotes, whole columns and rows', () => {
    expect(parseAddress('Sheet1!B2:D10')).toEqual({ sheet: 'Sheet1', row: 1, column: 1, rows: 9, columns: 3 });
    expect(parseAddress("'BOM rev A'!$C$3")).toEqual({ sheet: 'BOM rev A', row: 2, column: 2, rows: 1, columns: 1 });
    expect(parseAddress('A:C', 'S')).toMatchObject({ sheet: 'S', row: 0, rows: 1_048_576, columns: 3 });
    expect(parseAddress('3:5', 'S')).toMatchObject({ row: 2, rows: 3, column: 0, columns: 16_384 });
    expect(splitSheet("'It''s'!A1")).toEqual({ sheet: "It's", cells: 'A1' });
    expect(() => parseAddress('Sheet1!')).toThrow(RangeError);
  });

  test('sheet names are quoted when Excel would quote them', () => {
    expect(fullAddress({ sheet: 'BOM', row: 0, column: 0, rows: 2, columns: 2 })).toBe('BOM!A1:B2');
    expect(fullAddress({ sheet: 'Price breaks', row: 0, column: 0, rows: 1, columns: 1 })).toBe("'Price breaks'!A1");
    expect(fullAddress({ sheet: "Bob's", row: 0, column: 0, rows: 1, columns: 1 })).toBe("'Bob''s'!A1");
    expect(fullAddress({ sheet: 'A1', row: 0, column: 0, rows: 1, columns: 1 })).toBe("'A1'!A1");
  });
});

describe('payload sizes', () => {
  test('UTF-8 bytes are counted without encoding', () => {
    for (const text of ['abc', 'µ±°', '€', '😀 ok', '\uD800 lone'])
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    expect(jsonBytes([['a', 1]])).toBe(9);
  });

  test('rows are cut into blocks within the budget', () => {
    const rows = Array.from({ length: 100 }, (_, i) => [`row ${i}`, 'x'.repeat(90)]);
    const blocks = splitRows(rows, 1000);
    expect(blocks.reduce((n, b) => n + b.count, 0)).toBe(100);
    expect(blocks.every((b) => b.bytes <= 1000)).toBe(true);
    expect(blocks.map((b) => b.start)).toEqual(
      blocks.map((_, i) => blocks.slice(0, i).reduce((n, b) => n + b.count, 0)),
    );
    expect(splitRows(rows, 1e9, 30).map((b) => b.count)).toEqual([30, 30, 30, 10]);
    expect(splitRows([['x'.repeat(5000)]], 1000)).toHaveLength(1);
  });
});

describe('text that must stay text', () => {
  test('what Excel would convert is recognised', () => {
    for (const t of [
      '=1+1',
      '+5V',
      '-40C',
      '@risk',
      '0805',
      '1,000',
      '12.5%',
      '2024-05-01',
      '1/2',
      '5-Jan',
      'Jan 5',
      'TRUE',
      'false',
      "'quoted",
      '(12)',
    ])
      expect([t, excelWouldConvert(t)]).toEqual([t, true]);
    for (const t of ['BAV99', '1N4148', 'LM358DR', 'RC0603FR-0710KL', 'In Stock', 'E02:0323_00016401', ''])
      expect([t, excelWouldConvert(t)]).toEqual([t, false]);
  });

  test('textCell quotes; keepText leaves text safeText already quoted', () => {
    expect(textCell('0805')).toBe("'0805");
    expect(textCell('BAV99')).toBe('BAV99');
    expect(keepText("'=SUM(A1)")).toBe("'=SUM(A1)");
    expect(keepText('12345')).toBe("'12345");
  });
});

describe('the in-memory workbook behaves as Excel does', () => {
  test('typed input: formulas, quote prefix, numbers, dates, booleans, text format', () => {
    expect(excelInput('=A1', undefined)).toEqual({ value: '#NAME?', formula: '=A1' });
    expect(excelInput("'=A1", undefined)).toEqual({ value: '=A1', quotePrefix: true });
    expect(excelInput('-5', undefined)).toEqual({ value: -5 });
    expect(excelInput('1,000', undefined)).toEqual({ value: 1000 });
    expect(excelInput('0805', '@')).toEqual({ value: '0805' });
    expect(excelInput('TRUE', undefined)).toEqual({ value: true });
    expect(excelInput('2024-01-02', undefined)).toEqual({ value: 45293 });
    expect(excelInput('BAV99', undefined)).toEqual({ value: 'BAV99' });
  });

  test('properties are readable only after the sync that loads them', async () => {
    const book = new MemoryWorkbook();
    book.setValues('Sheet1', 'A1:B1', [['a', 1]]);
    await book.host.run({}, async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:B1').load('values');
      expect(() => range.values).toThrow(/not available/);
      await context.sync();
      expect(range.values).toEqual([['a', 1]]);
    });
    expect(book.stats()).toMatchObject({ runs: 1, syncs: 1 });
  });

  test('a request over the payload limit fails and changes nothing', async () => {
    const book = new MemoryWorkbook({ payloadLimit: 1000 });
    await expect(
      book.host.run({}, async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1:A100').values = Array.from({ length: 100 }, () => [
          '0123456789',
        ]);
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'RequestPayloadSizeLimitExceeded' });
    expect(book.usedBlock('Sheet1')).toBeNull();
  });

  test('a batch sent while a cell is edited fails unless it waits', async () => {
    const book = new MemoryWorkbook();
    book.setCellEditMode(true);
    await expect(
      book.host.run({}, async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [['x']];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidOperationInCellEditMode' });
  });

  test('values of the wrong shape are refused', async () => {
    const book = new MemoryWorkbook();
    await expect(
      book.host.run({}, async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRange('A1:B2').values = [['x']];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument' });
  });

  test('document settings are kept only when saved', async () => {
    const book = new MemoryWorkbook();
    book.settings.set('k', { a: 1 });
    expect(book.settings.get('k')).toEqual({ a: 1 });
    expect(book.settings.snapshot()).toEqual({});
    await new Promise<void>((resolve) => book.settings.saveAsync(() => resolve()));
    expect(book.settings.snapshot()).toEqual({ k: { a: 1 } });
  });
});
