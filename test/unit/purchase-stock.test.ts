import { StockReadError, readStock, stockEntries, stockQuantity, stockReadText } from '../../src/purchase';

describe('reading stock on hand', () => {
  test('a parts inventory export: Name, Description, MPN, Manufacturer, Total Stock, Location', () => {
    const read = readStock([
      ['Name', 'Description', 'MPN', 'Manufacturer', 'Total Stock', 'Location'],
      ['LM358', 'op amp', 'LM358DR', 'Texas Instruments', 120, 'Shelf A'],
      ['10k 0603', 'resistor', 'RC0603FR-0710KL', 'Yageo', '4,000', 'Reel 3'],
      ['', '', '', '', '', ''],
      ['Totals', '', '', '', 4120, ''],
    ]);
    expect(read.format).toBe('parts inventory export');
    expect(read.headerRow).toBe(0);
    expect(read.columns).toEqual({ partNumber: 2, manufacturer: 3, quantity: 4, location: 5 });
    expect(read.rows.map((r) => [r.partNumber, r.manufacturer, r.available, r.location])).toEqual([
      ['LM358DR', 'Texas Instruments', 120, 'Shelf A'],
      ['RC0603FR-0710KL', 'Yageo', 4000, 'Reel 3'],
    ]);
    // The totals row has no part number in the MPN column: listed, not applied.
    expect(read.problems).toEqual([
      expect.objectContaining({ row: 4, kind: 'unreadable', text: "no part number (quantity '4120')" }),
    ]);
    expect(stockReadText(read)).toBe(
      'read as a parts inventory export: 2 rows (MPN, Manufacturer, Total Stock, Location); 1 not read',
    );
  });

  test('an inventory export without an MPN column reads its Name column', () => {
    const read = readStock([
      ['Name', 'Manufacturer', 'Total Stock'],
      ['BAV99', 'Nexperia', 30],
    ]);
    expect(read.columns.partNumber).toBe(0);
    expect(read.rows[0]).toMatchObject({ partNumber: 'BAV99', manufacturer: 'Nexperia', quantity: 30 });
  });

  test('a plain MPN,Qty list, with or without its header, below a title', () => {
    const headed = readStock([['Stock count 2026-11'], [], ['MPN', 'Qty'], ['1N4148W', 500], ['BC847', '25 pcs']]);
    expect(headed.format).toBe('part number and quantity list');
    expect(headed.headerRow).toBe(2);
    expect(headed.rows.map((r) => [r.partNumber, r.quantity])).toEqual([
      ['1N4148W', 500],
      ['BC847', 25],
    ]);
    const bare = readStock([
      ['1N4148W', 500],
      ['BC847', '25'],
    ]);
    expect(bare.headerRow).toBeNull();
    expect(bare.rows).toHaveLength(2);
  });

  test('reserved stock is not available; unreadable quantities are listed, never applied', () => {
    const read = readStock([
      ['Part Number', 'Mfr', 'On hand', 'Reserved', 'Bin'],
      ['LM358DR', 'TI', 100, 30, 'B1'],
      ['NE555', 'TI', 10, 25, 'B2'],
      ['TL072', 'TI', 'lots', '', 'B3'],
      ['TL074', 'TI', -5, '', 'B4'],
      ['TL071', 'TI', '', '', 'B5'],
    ]);
    expect(read.format).toBe('inventory table');
    expect(stockReadText(read)).toMatch(/^read as an inventory table: /);
    expect(read.rows.map((r) => [r.partNumber, r.available])).toEqual([
      ['LM358DR', 70],
      ['NE555', 0],
    ]);
    expect(read.problems.map((p) => [p.partNumber, p.text])).toEqual([
      ['TL072', "quantity 'lots' is not a whole number of 0 or more"],
      ['TL074', "quantity '-5' is not a whole number of 0 or more"],
      ['TL071', 'no quantity'],
    ]);
    expect(stockEntries(read, 'stock.csv')).toEqual([
      { partNumber: 'LM358DR', manufacturer: 'TI', quantity: 70, origin: 'stock.csv row 2 (B1)' },
      { partNumber: 'NE555', manufacturer: 'TI', quantity: 0, origin: 'stock.csv row 3 (B2)' },
    ]);
  });

  test('a sheet with no part number or quantity column is refused, naming what it saw', () => {
    expect(() =>
      readStock([
        ['Project', 'Owner'],
        ['Alpha', 'Kim'],
      ]),
    ).toThrow(StockReadError);
    expect(() =>
      readStock([
        ['Project', 'Owner'],
        ['Alpha', 'Kim'],
      ]),
    ).toThrow("no part-number and quantity columns found in the stock list (first row: 'Project', 'Owner')");
  });

  test('quantities', () => {
    expect(stockQuantity(12)).toBe(12);
    expect(stockQuantity('1,200')).toBe(1200);
    expect(stockQuantity('7.0')).toBe(7);
    expect(stockQuantity(2.5)).toBeNull();
    expect(stockQuantity('2.5')).toBeNull();
    expect(stockQuantity(null)).toBeNull();
  });
});
