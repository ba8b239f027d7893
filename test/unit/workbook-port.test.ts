import { PRICED_BOM_COLUMNS, type PricedLine, pricedRow } from '../../src/purchase';
import { EXCEL_PAYLOAD_LIMIT, WorkbookError, MAX_ROWS, columnLetters, createWorkbookPort } from '../../src/excel';
import { MemoryWorkbook, type MemoryRequest } from '../../testing/excel';

function priced(overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    status: 'priced',
    statusReason: '',
    row: 1,
    matchedPart: 'BAV99,215',
    manufacturer: 'Nexperia',
    description: 'DIODE ARRAY GP 100V 215MA SOT23',
    lifecycle: 'Active',
    need: 500,
    share: 3000,
    orderQty: 3000,
    unitPrice: 0.01234,
    extended: 37.02,
    currency: 'USD',
    offerPrice: 0.01234,
    offerCurrency: 'USD',
    stock: 120000,
    stockAll: 150000,
    availability: 'In stock',
    leadTimeWeeks: 12,
    moq: 3000,
    pack: 3000,
    source: 'Americas',
    itemId: 'E02:0323_00012345',
    asOf: new Date(2024, 4, 1, 10, 30),
    ...overrides,
  };
}

const FORMATS = PRICED_BOM_COLUMNS.map((c) => c.numberFormat);

/** The address of a priced column's cell in a block written at A1 (row 1 by default), looked up by its key. */
function at(key: (typeof PRICED_BOM_COLUMNS)[number]['key'], row = 1): string {
  const index = PRICED_BOM_COLUMNS.findIndex((c) => c.key === key);
  if (index < 0) throw new Error(`no priced column ${key}`);
  return `${columnLetters(index)}${row}`;
}

function kindsOf(request: MemoryRequest): string[] {
  return Object.keys(request.kinds);
}

describe('WorkbookPort reading', () => {
  const bom = [
    ['MPN', 'Manufacturer', 'Qty', 'Designators'],
    ['BAV99', 'Nexperia', 2, 'D1, D2'],
    ['LM358DR', 'TI', 1, 'U1'],
  ];

  test('a selected block is read as it is, with its place on the sheet', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    book.setValues('BOM', 'B3:E5', bom);
    book.select('BOM', 'B3:E5');
    const read = await createWorkbookPort(book.host).readSelection();
    expect(read).toMatchObject({
      sheet: 'BOM',
      address: 'BOM!B3:E5',
      rowIndex: 2,
      columnIndex: 1,
      rowCount: 3,
      columnCount: 4,
      source: 'selection',
    });
    expect(read.values).toEqual(bom);
  });

  test('one selected cell takes its current region', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    book.setValues('BOM', 'B3:E5', bom);
    book.setValues('BOM', 'H1', [['notes far away']]);
    book.select('BOM', 'C4');
    const read = await createWorkbookPort(book.host).readSelection();
    expect(read.source).toBe('region');
    expect(read.address).toBe('BOM!B3:E5');
    expect(read.selectedAddress).toBe('BOM!C4');
  });

  test('one selected cell inside a table takes the table', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    book.setValues('BOM', 'A1:D3', bom);
    book.setValues('BOM', 'E1:E3', [['Notes'], ['check'], ['']]);
    book.addTable('BOM', 'A1:D3', 'Parts');
    book.select('BOM', 'B2');
    const read = await createWorkbookPort(book.host).readSelection();
    expect(read).toMatchObject({ source: 'table', tableName: 'Parts', address: 'BOM!A1:D3' });
  });

  test('an empty selection says what to do', async () => {
    const book = new MemoryWorkbook();
    book.select('Sheet1', 'C3');
    await expect(createWorkbookPort(book.host).readSelection()).rejects.toMatchObject({
      kind: 'empty',
      message: expect.stringContaining('Use selection'),
    });
  });

  test('whole columns selected read only the used rows', async () => {
    const book = new MemoryWorkbook();
    book.setValues('Sheet1', 'A2:D4', bom);
    book.select('Sheet1', 'A:D');
    const read = await createWorkbookPort(book.host).readSelection();
    expect(read.address).toBe('Sheet1!A2:D4');
    expect(read.values).toEqual(bom);
  });

  test('a large range is read in blocks, every response under the budget', async () => {
    const book = new MemoryWorkbook();
    const rows = Array.from({ length: 3000 }, (_, i) => [`PART-${i}`, 'x'.repeat(200), i]);
    book.setValues('Sheet1', 'A1:C3000', rows);
    const gateway = createWorkbookPort(book.host, { blockBudget: 100_000 });
    const read = await gateway.readRange('Sheet1', 'A1:C3000');
    expect(read.values).toEqual(rows);
    const stats = book.stats();
    expect(stats.syncs).toBeGreaterThan(6);
    expect(stats.maxResponseBytes).toBeLessThan(100_000 * 1.3);
  });
});

describe('WorkbookPort writing', () => {
  test('values go in blocks under 5 MB, each block with its formats in one request, values first and formats after', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const gateway = createWorkbookPort(book.host);
    const long = 'Ceramic capacitor 100nF 50V X7R 0603 '.repeat(20);
    const rows = Array.from({ length: 12_000 }, (_, i) => pricedRow(priced({ row: i, description: `${long}${i}` })));
    const report = await gateway.writeBlock('BOM', 1, 7, rows, FORMATS);

    const stats = book.stats();
    expect(stats.totalRequestBytes).toBeGreaterThan(EXCEL_PAYLOAD_LIMIT);
    expect(stats.maxRequestBytes).toBeLessThanOrEqual(4 * 1024 * 1024 + 4096);
    expect(report.valueBlocks).toBeGreaterThan(1);
    const valueRequests = stats.requests.filter((r) => kindsOf(r).includes('set:values'));
    const formatRequests = stats.requests.filter((r) => kindsOf(r).includes('set:numberFormat'));
    expect(valueRequests).toHaveLength(report.valueBlocks);
    expect(formatRequests).toEqual(valueRequests);
    expect(report.formatBlocks).toBe(report.valueBlocks);
    for (const r of valueRequests)
      expect(kindsOf(r).indexOf('set:values')).toBeLessThan(kindsOf(r).indexOf('set:numberFormat'));

    expect(book.getValues('BOM', 'H2:I2')[0]).toEqual(['priced', 'BAV99,215']);
    expect(book.getValues('BOM', `K12001`)[0][0]).toBe(`${long}11999`);
  });

  test("fills given to a write go in the requests of their rows' values, clearing before colouring", async () => {
    const book = new MemoryWorkbook();
    book.setValues('Sheet1', 'A1', [['old']]);
    await createWorkbookPort(book.host).setFills('Sheet1', [{ row: 0, column: 0, rows: 4, color: '#00FF00' }]);
    const before = book.stats().syncs;
    const rows = Array.from({ length: 4 }, (_, i) => [`r${i}`, i]);
    const fills = [
      { row: 0, column: 0, rows: 4, color: null },
      { row: 2, column: 0, rows: 2, color: '#F8CBAD' },
    ];
    const report = await createWorkbookPort(book.host, { maxBlockRows: 3 }).writeBlock(
      'Sheet1',
      0,
      0,
      rows,
      ['@', '0'],
      fills,
    );
    expect(report.syncs).toBe(2);
    const requests = book.stats().requests.slice(before);
    const writes = ['set:values', 'set:numberFormat', 'call:fill.clear', 'set:fill.color'];
    for (const r of requests) expect(kindsOf(r).filter((k) => writes.includes(k))).toEqual(writes);
    expect(['A1', 'A2', 'A3', 'A4'].map((a) => book.cell('Sheet1', a)?.fill ?? null)).toEqual([
      null,
      null,
      '#F8CBAD',
      '#F8CBAD',
    ]);
    await expect(
      createWorkbookPort(book.host).writeBlock('Sheet1', 0, 0, rows, undefined, [{ row: 4, column: 0, color: null }]),
    ).rejects.toMatchObject({ kind: 'bad-block' });
  });

  test('every column gets its number format', async () => {
    const book = new MemoryWorkbook();
    await createWorkbookPort(book.host).writeBlock('Sheet1', 0, 0, [pricedRow(priced())], FORMATS);
    PRICED_BOM_COLUMNS.forEach((column, c) => {
      const cell = book.cell('Sheet1', `${columnLetters(c)}1`);
      expect(cell?.numberFormat ?? 'General').toBe(column.numberFormat);
    });
    expect(book.cell('Sheet1', at('unitPrice'))).toMatchObject({ value: 0.01234, numberFormat: '0.00000' });
    expect(typeof book.cell('Sheet1', at('asOf'))?.value).toBe('number');
  });

  test('the number of syncs grows with blocks, not with rows', async () => {
    const syncsFor = async (rowCount: number, budget?: number) => {
      const book = new MemoryWorkbook();
      const rows = Array.from({ length: rowCount }, (_, i) => pricedRow(priced({ row: i })));
      const report = await createWorkbookPort(book.host, budget ? { blockBudget: budget } : {}).writeBlock(
        'Sheet1',
        0,
        0,
        rows,
        FORMATS,
      );
      return { syncs: book.stats().syncs, report };
    };
    const small = await syncsFor(10);
    const large = await syncsFor(5000);
    expect(large.syncs).toBe(small.syncs);
    expect(large.report.calculationSuspended).toBe(true);

    const blocky = await syncsFor(5000, 100_000);
    expect(blocky.syncs).toBe(blocky.report.valueBlocks);
    expect(blocky.report.formatBlocks).toBe(blocky.report.valueBlocks);
    expect(blocky.report.valueBlocks).toBeGreaterThan(5);
    expect(blocky.syncs).toBeLessThan(100);
  });

  test('large writes suspend calculation on every values request but the last, which recalculates once', async () => {
    const book = new MemoryWorkbook();
    const rows = Array.from({ length: 3000 }, (_, i) => pricedRow(priced({ row: i })));
    await createWorkbookPort(book.host, { blockBudget: 200_000 }).writeBlock('Sheet1', 0, 0, rows, FORMATS);
    const requests = book.stats().requests;
    const valueRequests = requests.filter((r) => kindsOf(r).includes('set:values'));
    expect(valueRequests.length).toBeGreaterThan(1);
    expect(valueRequests.slice(0, -1).every((r) => r.calculationSuspended)).toBe(true);
    const last = valueRequests[valueRequests.length - 1];
    expect(last.calculationSuspended).toBe(false);
    expect(requests.filter((r) => kindsOf(r).includes('call:calculate'))).toEqual([last]);
    expect(requests[requests.length - 1]).toBe(last);

    const tiny = new MemoryWorkbook();
    await createWorkbookPort(tiny.host).writeBlock('Sheet1', 0, 0, [pricedRow(priced())], FORMATS);
    expect(tiny.stats().requests.some((r) => r.calculationSuspended || kindsOf(r).includes('call:calculate'))).toBe(
      false,
    );
  });

  test('every batch waits for the user to leave cell edit', async () => {
    const book = new MemoryWorkbook();
    book.setCellEditMode(true);
    const write = createWorkbookPort(book.host).writeBlock('Sheet1', 0, 0, [['a']]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(book.getValues('Sheet1', 'A1')[0][0]).toBe('');
    book.setCellEditMode(false);
    await write;
    expect(book.getValues('Sheet1', 'A1')[0][0]).toBe('a');
    expect(book.stats().runsDelayedForCellEdit).toBe(book.stats().runs);
  });

  test('text that looks like a formula is written as text', async () => {
    const book = new MemoryWorkbook();
    const line = priced({
      description: '=HYPERLINK("http://evil.example","click")',
      availability: '+5V rail only',
      manufacturer: '@Risk Components',
      source: '-40C grade',
    });
    await createWorkbookPort(book.host).writeBlock('Sheet1', 0, 0, [pricedRow(line)], FORMATS);
    expect(book.formulas('Sheet1')).toEqual([]);
    expect(book.cell('Sheet1', at('description'))).toMatchObject({
      value: '=HYPERLINK("http://evil.example","click")',
      quotePrefix: true,
    });
    expect(book.cell('Sheet1', at('availability'))?.value).toBe('+5V rail only');
    expect(book.cell('Sheet1', at('manufacturer'))?.value).toBe('@Risk Components');
    expect(book.cell('Sheet1', at('source'))?.value).toBe('-40C grade');
  });

  test('without the quote prefix the same text would have become a formula', async () => {
    const book = new MemoryWorkbook();
    await createWorkbookPort(book.host).writeBlock('Sheet1', 0, 0, [['=1+1']]);
    expect(book.formulas('Sheet1')).toEqual(['A1']);
  });

  test('number- and date-looking text in text columns stays text', async () => {
    const book = new MemoryWorkbook();
    const line = priced({
      matchedPart: '0805',
      itemId: '000123456789012345678',
      availability: '2024-05-01',
      source: 'TRUE',
    });
    await createWorkbookPort(book.host).writeBlock('Sheet1', 0, 0, [pricedRow(line)], FORMATS);
    expect(book.cell('Sheet1', at('matchedPart'))?.value).toBe('0805');
    expect(book.cell('Sheet1', at('itemId'))?.value).toBe('000123456789012345678');
    expect(book.cell('Sheet1', at('availability'))?.value).toBe('2024-05-01');
    expect(book.cell('Sheet1', at('source'))?.value).toBe('TRUE');
    expect(book.cell('Sheet1', at('need'))?.value).toBe(500);
  });

  test('a block Excel refuses for its size is split and sent again', async () => {
    const book = new MemoryWorkbook({ payloadLimit: 60_000 });
    const rows = Array.from({ length: 400 }, (_, i) =>
      pricedRow(priced({ row: i, description: `part ${i} `.repeat(20) })),
    );
    const report = await createWorkbookPort(book.host, { blockBudget: 500_000 }).writeBlock(
      'Sheet1',
      0,
      0,
      rows,
      FORMATS,
    );
    expect(report.syncs).toBeGreaterThan(2);
    expect(book.getValues('Sheet1', at('description', 400))[0][0]).toBe(`part 399 `.repeat(20));
    expect(book.getValues('Sheet1', 'A1')[0][0]).toBe('priced');
  });

  test('ragged rows and bad places are refused before anything is sent', async () => {
    const book = new MemoryWorkbook();
    const gateway = createWorkbookPort(book.host);
    await expect(gateway.writeBlock('Sheet1', 0, 0, [['a', 'b'], ['c']])).rejects.toBeInstanceOf(WorkbookError);
    await expect(gateway.writeBlock('Sheet1', -1, 0, [['a']])).rejects.toMatchObject({ kind: 'bad-block' });
    await expect(gateway.writeBlock('Sheet1', 0, 0, [['a']], ['@', '@'])).rejects.toMatchObject({ kind: 'bad-block' });
    expect(book.stats().syncs).toBe(0);
  });

  test('a sheet that went away is named in the error', async () => {
    const book = new MemoryWorkbook();
    await expect(createWorkbookPort(book.host).writeBlock('Gone', 0, 0, [['a']])).rejects.toMatchObject({
      kind: 'no-sheet',
      message: expect.stringContaining('"Gone"'),
    });
  });
});

describe('WorkbookPort: the other questions', () => {
  test('isEmpty looks at values only', async () => {
    const book = new MemoryWorkbook();
    const gateway = createWorkbookPort(book.host);
    const block = { sheet: 'Sheet1', row: 0, column: 0, rows: 5, columns: 5 };
    expect(await gateway.isEmpty(block)).toBe(true);
    await gateway.setFills('Sheet1', [{ row: 1, column: 1, color: '#FFE699' }]);
    expect(await gateway.isEmpty(block)).toBe(true);
    book.setValues('Sheet1', 'C4', [['mine']]);
    expect(await gateway.isEmpty(block)).toBe(false);
    expect(await gateway.usedAddress(block)).toBe('Sheet1!C4');
  });

  test('ensureSheet adds a sheet once', async () => {
    const book = new MemoryWorkbook();
    const gateway = createWorkbookPort(book.host);
    expect(await gateway.ensureSheet('Price breaks')).toEqual({ created: true });
    expect(await gateway.ensureSheet('Price breaks')).toEqual({ created: false });
    expect(book.sheetNames()).toEqual(['Sheet1', 'Price breaks']);
  });

  test('fills colour cells and clear them', async () => {
    const book = new MemoryWorkbook();
    const gateway = createWorkbookPort(book.host, { fillsPerSync: 2 });
    await gateway.setFills('Sheet1', [
      { row: 0, column: 0, rows: 3, color: '#f8cbad' },
      { row: 5, column: 0, color: '#FFE699' },
      { row: 6, column: 0, color: '#FFE699' },
    ]);
    expect(book.cell('Sheet1', 'A2')?.fill).toBe('#F8CBAD');
    expect(book.cell('Sheet1', 'A6')?.fill).toBe('#FFE699');
    expect(book.stats().syncs).toBe(2);
    await gateway.setFills('Sheet1', [{ row: 0, column: 0, rows: 10, color: null }]);
    expect(book.cell('Sheet1', 'A2')?.fill).toBeUndefined();
  });

  test('single cells written back keep part numbers as text', async () => {
    const book = new MemoryWorkbook();
    await createWorkbookPort(book.host).writeCells('Sheet1', [
      { row: 3, column: 0, value: '12345' },
      { row: 3, column: 1, value: 'Texas Instruments' },
    ]);
    expect(book.getValues('Sheet1', 'A4:B4')).toEqual([['12345', 'Texas Instruments']]);
    expect(book.stats().syncs).toBe(1);
  });

  test('insertRows puts whole empty rows in: the row and all below move down, formats and tables with them, in one request', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    book.setValues('BOM', 'A1:C2', [
      ['LM358DR', 'TI', 2],
      ['NE555DR', 'TI', 1],
    ]);
    book.setValues('BOM', 'XFD1', [['far right']]);
    book.setValues('BOM', 'A6:B7', [
      ['Ref', 'Note'],
      ['R1', 'keep'],
    ]);
    book.addTable('BOM', 'A6:B7', 'Notes');
    const gateway = createWorkbookPort(book.host);
    await gateway.setFills('BOM', [{ row: 0, column: 0, color: '#FFE699' }]);
    book.resetStats();

    await gateway.insertRows('BOM', 0, 1);

    // Office's calls: the entire rows of the range, inserted with shift down, sent as one request that waits for cell edit.
    const stats = book.stats();
    expect(stats.syncs).toBe(1);
    expect(stats.runsDelayedForCellEdit).toBe(1);
    expect(stats.requests[0].kinds).toMatchObject({ getRangeByIndexes: 1, getEntireRow: 1, insert: 1 });
    expect(book.getValues('BOM', 'A1:C3')).toEqual([
      ['', '', ''],
      ['LM358DR', 'TI', 2],
      ['NE555DR', 'TI', 1],
    ]);
    expect(book.getValues('BOM', 'XFD1:XFD2')).toEqual([[''], ['far right']]);
    expect(book.cell('BOM', 'A1')).toBeUndefined();
    expect(book.cell('BOM', 'A2')?.fill).toBe('#FFE699');
    // A table below moves with its rows.
    book.select('BOM', 'B8');
    expect(await gateway.readSelection()).toMatchObject({ source: 'table', tableName: 'Notes', address: 'BOM!A7:B8' });
    // Rows inserted inside a table make it taller.
    await gateway.insertRows('BOM', 7, 2);
    expect(await gateway.readSelection()).toMatchObject({ tableName: 'Notes', address: 'BOM!A7:B10' });
    expect(book.getValues('BOM', 'A10:B10')).toEqual([['R1', 'keep']]);
  });

  test('insertRows refuses what Excel refuses: a value pushed off the sheet, a place outside it', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    book.setValues('BOM', 'A1', [['LM358DR']]);
    book.setValues('BOM', `C${MAX_ROWS}`, [['last row']]);
    const gateway = createWorkbookPort(book.host);
    await expect(gateway.insertRows('BOM', 0)).rejects.toThrow(
      /Excel did not allow inserting a row above row 1: .*cannot shift nonblank cells off of the worksheet/,
    );
    expect(book.getValues('BOM', 'A1')).toEqual([['LM358DR']]);
    await expect(gateway.insertRows('BOM', -1)).rejects.toMatchObject({ kind: 'bad-block' });
    await expect(gateway.insertRows('Gone', 0)).rejects.toMatchObject({ kind: 'no-sheet' });
  });

  test('header style sets bold and column widths', async () => {
    const book = new MemoryWorkbook();
    await createWorkbookPort(book.host).styleHeader('Sheet1', 0, 2, [10, 20]);
    expect(book.cell('Sheet1', 'C1')?.bold).toBe(true);
    expect(book.columnWidth('Sheet1', 3)).toBe(130);
  });
});
