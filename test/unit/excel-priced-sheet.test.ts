import { SHEETS_RECORD } from '../../src/excel/own-sheets';
import {
  PRICED_BOM_COLUMNS,
  PRICED_BOM_HEADERS,
  PRICE_BREAK_COLUMNS,
  type PriceBreakRow,
  type PricedColumnKey,
  type PricedLine,
} from '../../src/purchase';
import {
  STATUS_FILLS,
  columnLetters,
  createWorkbookPort,
  planPricedOutput,
  statusFillOf,
  writePriceBreaks,
  writePricedResults,
  writeResultsHeader,
  type BomLocation,
  type OverwriteQuestion,
} from '../../src/excel';
import { MemoryWorkbook } from '../../testing/excel';

function line(row: number, overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    status: 'priced',
    statusReason: '',
    row,
    matchedPart: `PART-${row}`,
    manufacturer: 'Nexperia',
    description: 'Diode',
    need: 10,
    orderQty: 10,
    unitPrice: 0.1,
    extended: 1,
    currency: 'USD',
    stock: 1000,
    availability: 'In stock',
    leadTimeWeeks: 4,
    moq: 1,
    pack: 1,
    source: 'ACNA',
    itemId: `E${row}`,
    asOf: new Date(2026, 0, 5, 9, 0),
    ...overrides,
  };
}

/** A BOM at B3:E7 with its header on B3: lines on rows 4, 5 and 7, a blank row 6. */
const LOCATION: BomLocation = { sheet: 'BOM', rowIndex: 2, columnIndex: 1, rowCount: 5, columnCount: 4, headerRow: 0 };
const LINES: PricedLine[] = [
  line(1),
  line(2, { status: 'not found', statusReason: '', matchedPart: null }),
  line(4, { statusReason: 'out of stock at ACNA; lead time 8 weeks', stock: 0 }),
];

/** Results go one empty column right of the BOM: from G. */
const LEFT = 6;
const WIDTH = PRICED_BOM_COLUMNS.length;

/** The rows 3 to 7 of a results block whose first column is `left`, as an address on BOM. */
function resultsAddress(left: number): string {
  return `BOM!${columnLetters(left)}3:${columnLetters(left + WIDTH - 1)}7`;
}

/** The column letter of a priced column of the results at G, looked up by its key. */
function col(key: PricedColumnKey): string {
  return columnLetters(LEFT + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));
}

function bomBook(): MemoryWorkbook {
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  book.setValues('BOM', 'B3:E7', [
    ['MPN', 'Mfr', 'Qty', 'Ref'],
    ['A1', 'X', 1, 'R1'],
    ['A2', 'X', 1, 'R2'],
    ['', '', '', ''],
    ['A4', 'X', 1, 'R4'],
  ]);
  return book;
}

const never = async (q: OverwriteQuestion): Promise<never> => {
  throw new Error(`asked about ${q.usedAddress}`);
};

describe('planPricedOutput', () => {
  test('results start one column right of the BOM, on its header row, one row per BOM row', () => {
    const plan = planPricedOutput(LOCATION, LINES);
    expect(plan).toMatchObject({ sheet: 'BOM', topRow: 2, leftColumn: LEFT, withHeader: true });
    expect(plan.values[0]).toEqual(PRICED_BOM_HEADERS);
    expect(plan.values).toHaveLength(5);
    expect(plan.values[1][1]).toBe('PART-1');
    expect(plan.values[3].every((c) => c === '')).toBe(true);
    expect(plan.values[4][0]).toBe('priced: out of stock at ACNA; lead time 8 weeks');
  });

  test('status colours by line: from the status, the numbers and the marks, never the words', () => {
    const fill = (overrides: Partial<PricedLine>, marks = {}) => statusFillOf(line(1, overrides), marks);
    expect(fill({ status: 'not found' })).toBe('notFound');
    expect(fill({ status: 'ambiguous' })).toBe('ambiguous');
    expect(fill({ status: 'no price', statusReason: 'quote only' }, { quoteOnly: true })).toBe('quoteOnly');
    // The words alone mark nothing.
    expect(fill({ status: 'no price', statusReason: 'quote only' })).toBeNull();
    expect(fill({ statusReason: "overbuy: 25.00 USD of spares (60 % of the line's cost)" })).toBeNull();
    expect(fill({}, { overbuy: { spare: 25, currency: 'USD', percent: 60 } })).toBe('overbuy');
    expect(fill({ stock: 5, orderQty: 10 })).toBe('shortOfNeed');
    expect(fill({ stock: 0 })).toBe('outOfStock');
    // The plan's short lines: some bought (short of need), or none (out of stock).
    expect(fill({ status: 'short', orderQty: 30, stock: 30 })).toBe('shortOfNeed');
    expect(fill({ status: 'short', orderQty: 0, stock: 0 })).toBe('outOfStock');
    // Short of stock matters more than what spares cost.
    expect(fill({ stock: 0 }, { overbuy: { spare: 25, currency: 'USD', percent: 60 } })).toBe('outOfStock');
    expect(fill({})).toBeNull();
    expect(fill({ status: 'skipped', statusReason: 'not placed (DNP)' })).toBeNull();
    expect(fill({ stale: 'the lookup failed' }, { quoteOnly: true })).toBe('stale');
  });

  test('a BOM without a header row gets the header above its first line when there is room', () => {
    const plan = planPricedOutput({ ...LOCATION, headerRow: null }, [line(0), line(1)]);
    expect(plan.topRow).toBe(1);
    expect(plan.values[0]).toEqual(PRICED_BOM_HEADERS);
    const atTop = planPricedOutput({ ...LOCATION, rowIndex: 0, headerRow: null }, [line(0), line(1)]);
    expect(atTop.withHeader).toBe(false);
    expect(atTop.values).toHaveLength(2);
    expect(atTop.headerless).toMatch(
      /^The BOM has no header row and starts on row 1.*insert a row above the BOM and price again/,
    );
    expect(plan.headerless).toBe('');
  });
});

describe('writePricedResults', () => {
  test('writes beside the BOM with formats and status colours, without asking when the columns are empty', async () => {
    const book = bomBook();
    const gateway = createWorkbookPort(book.host);
    const out = await writePricedResults(gateway, LOCATION, LINES, { confirm: never });
    expect(out.address).toBe(resultsAddress(LEFT));
    expect(book.getValues('BOM', 'G3:H3')).toEqual([['Status', 'Matched part']]);
    expect(book.getValues('BOM', 'G4:H4')).toEqual([['priced', 'PART-1']]);
    expect(book.cell('BOM', 'G5')?.fill).toBe(STATUS_FILLS.notFound.color);
    expect(book.cell('BOM', 'G7')?.fill).toBe(STATUS_FILLS.outOfStock.color);
    expect(book.cell('BOM', 'G4')?.fill).toBeUndefined();
    expect(book.cell('BOM', 'G3')?.bold).toBe(true);
    expect(book.cell('BOM', `${col('extended')}4`)?.numberFormat).toBe('#,##0.00');
    expect(book.cell('BOM', `${col('unitPrice')}4`)?.numberFormat).toBe('0.00000');
    expect(book.cell('BOM', `${col('description')}4`)?.numberFormat).toBe('@');
    expect(book.getValues('BOM', 'B3:E3')).toEqual([['MPN', 'Mfr', 'Qty', 'Ref']]);
  });

  test('its own earlier results are replaced without asking, and old colours go', async () => {
    const book = bomBook();
    const gateway = createWorkbookPort(book.host);
    await writePricedResults(gateway, LOCATION, LINES, { confirm: never });
    const again = LINES.map((l) => ({
      ...l,
      status: 'priced' as const,
      statusReason: '',
      stock: 1000,
      matchedPart: 'NEW',
    }));
    await writePricedResults(gateway, LOCATION, again, { confirm: never });
    expect(book.getValues('BOM', `${col('matchedPart')}5`)[0][0]).toBe('NEW');
    expect(book.cell('BOM', 'G5')?.fill).toBeUndefined();
  });

  test('results of an earlier layout (before a column was added) are its own: written over without asking, stale values kept by name', async () => {
    const book = bomBook();
    const gateway = createWorkbookPort(book.host);
    await writePricedResults(gateway, LOCATION, LINES, { confirm: never });
    // The block as a version without the Country of origin column wrote it: the columns after it one to the left.
    const country = PRICED_BOM_HEADERS.indexOf('Country of origin');
    const address = resultsAddress(LEFT).replace('BOM!', '');
    const earlier = book
      .getValues('BOM', address)
      .map((row) => [...row.slice(0, country), ...row.slice(country + 1), '']);
    book.setValues('BOM', address, earlier);
    // That version kept no record of its blocks: the block is known by the words it wrote.
    book.deleteSheet(SHEETS_RECORD);
    const unit = (row: number) => book.getValues('BOM', `${col('unitPrice')}${row}`)[0][0];
    const item = (row: number) => book.getValues('BOM', `${col('itemId')}${row}`)[0][0];
    expect(book.getValues('BOM', `${col('countryOfOrigin')}4`)[0][0]).toBe('E1'); // the item id, one to the left
    // Priced again: line 1 failed (stale), so its last values stay, read by their column names.
    const again = LINES.map((l) => (l.row === 1 ? { ...l, stale: 'the lookup failed', unitPrice: 9 } : l));
    const out = await writePricedResults(gateway, LOCATION, again, { confirm: never });
    expect(out.address).toBe(resultsAddress(LEFT));
    expect(book.getValues('BOM', `G3:${columnLetters(LEFT + WIDTH - 1)}3`)[0]).toEqual([...PRICED_BOM_HEADERS]);
    expect(book.getValues('BOM', 'G4')[0][0]).toBe('stale: the lookup failed');
    expect(unit(4)).toBe(0.1);
    expect(item(4)).toBe('E1');
    expect(book.getValues('BOM', `${col('countryOfOrigin')}4`)[0][0]).toBe('');
    expect(item(7)).toBe('E4');
  });

  test("the column an earlier, narrower layout did not have is asked about when it holds the user's cells", async () => {
    const book = bomBook();
    const gateway = createWorkbookPort(book.host);
    await writePricedResults(gateway, LOCATION, LINES, { confirm: never });
    const address = resultsAddress(LEFT).replace('BOM!', '');
    const country = PRICED_BOM_HEADERS.indexOf('Country of origin');
    const earlier = book.getValues('BOM', address).map((row, i) => {
      const rest = [...row.slice(0, country), ...row.slice(country + 1)];
      return [...rest, i === 2 ? 'my note' : ''];
    });
    book.setValues('BOM', address, earlier);
    book.deleteSheet(SHEETS_RECORD);
    const asked: OverwriteQuestion[] = [];
    const out = await writePricedResults(gateway, LOCATION, LINES, {
      confirm: async (q) => (asked.push(q), 'cancel'),
    });
    expect(out.address).toBeNull();
    expect(asked).toEqual([
      { usedAddress: `BOM!${columnLetters(LEFT + WIDTH - 1)}5`, targetAddress: resultsAddress(LEFT), what: 'results' },
    ]);
  });

  test("someone else's cells are never written over without asking", async () => {
    const book = bomBook();
    book.setValues('BOM', 'J5', [['my notes']]);
    const gateway = createWorkbookPort(book.host);
    const asked: OverwriteQuestion[] = [];
    const cancelled = await writePricedResults(gateway, LOCATION, LINES, {
      confirm: async (q) => {
        asked.push(q);
        return 'cancel';
      },
    });
    expect(cancelled.address).toBeNull();
    expect(asked).toEqual([{ usedAddress: 'BOM!J5', targetAddress: resultsAddress(LEFT), what: 'results' }]);
    expect(book.getValues('BOM', 'G3:J5')).toEqual([
      ['', '', '', ''],
      ['', '', '', ''],
      ['', '', '', 'my notes'],
    ]);

    const moved = await writePricedResults(gateway, LOCATION, LINES, { confirm: async () => 'elsewhere' });
    expect(moved.address).toBe(resultsAddress(10));
    expect(book.getValues('BOM', 'J5')[0][0]).toBe('my notes');

    const replaced = await writePricedResults(gateway, LOCATION, LINES, {
      confirm: async () => 'replace',
      leftColumn: LEFT,
    });
    expect(replaced).toMatchObject({ address: resultsAddress(LEFT), replaced: true });
  });

  test("a longer BOM priced over its own results asks before the new rows take a cell of the user's under them", async () => {
    const book = bomBook();
    const gateway = createWorkbookPort(book.host);
    const first = await writePricedResults(gateway, LOCATION, LINES, { confirm: never });
    // The user writes a note two rows under the results, then the BOM grows by three rows.
    book.setValues('BOM', 'H9', [['my notes']]);
    book.setValues('BOM', 'B8:E10', [
      ['A5', 'X', 1, 'R5'],
      ['A6', 'X', 1, 'R6'],
      ['A7', 'X', 1, 'R7'],
    ]);
    const longer = { ...LOCATION, rowCount: 8 };
    const grown = [...LINES, line(5), line(6), line(7)];
    const asked: OverwriteQuestion[] = [];
    const out = await writePricedResults(gateway, longer, grown, {
      written: first.address,
      confirm: async (q) => {
        asked.push(q);
        return 'cancel';
      },
    });
    expect(out.address).toBeNull();
    expect(asked).toEqual([
      { usedAddress: 'BOM!H9', targetAddress: `BOM!G3:${columnLetters(LEFT + WIDTH - 1)}10`, what: 'results' },
    ]);
    expect(book.getValues('BOM', 'H9')[0][0]).toBe('my notes');
    expect(book.getValues('BOM', 'H4')[0][0]).toBe('PART-1');

    // Rows under the results that are empty (or hold the add-in's own total row) are taken without asking.
    book.setValues('BOM', 'H9', [['']]);
    book.setValues('BOM', 'G8', [['Total for 1 board (USD)']]);
    const again = await writePricedResults(gateway, longer, grown, { written: first.address, confirm: never });
    expect(again.address).toBe(`BOM!G3:${columnLetters(LEFT + WIDTH - 1)}10`);
    expect(book.getValues('BOM', 'G8:H10')).toEqual([
      ['priced', 'PART-5'],
      ['priced', 'PART-6'],
      ['priced', 'PART-7'],
    ]);
  });
});

describe('a BOM without a header row at the top of the sheet', () => {
  const AT_A1: BomLocation = {
    sheet: 'BOM',
    rowIndex: 0,
    columnIndex: 0,
    rowCount: 3,
    columnCount: 3,
    headerRow: null,
  };

  test('a first row that holds no part gives its place to the header; the lines keep their rows', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    book.setValues('BOM', 'A1:C3', [
      ['Power board', '', ''],
      ['BAV99', 'Nexperia', 2],
      ['LM358DR', 'TI', 1],
    ]);
    const gateway = createWorkbookPort(book.host);
    const lines = [
      line(0, {
        status: 'skipped',
        statusReason: 'no part number ("Power board")',
        skipReason: 'no-part-number',
        matchedPart: null,
      }),
      line(1),
      line(2),
    ];
    const out = await writePricedResults(gateway, AT_A1, lines, { confirm: never });
    expect(out).toMatchObject({ address: `BOM!E1:${columnLetters(4 + WIDTH - 1)}3`, headerless: '' });
    expect(book.getValues('BOM', 'E1:F3')).toEqual([
      ['Status', 'Matched part'],
      ['priced', 'PART-1'],
      ['priced', 'PART-2'],
    ]);
    expect(book.cell('BOM', 'E1')?.bold).toBe(true);
    // The BOM is as it was.
    expect(book.getValues('BOM', 'A1:C1')).toEqual([['Power board', '', '']]);
  });

  test('a first row that is a line keeps its result: no header, and the output says why', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    book.setValues('BOM', 'A1:C2', [
      ['BAV99', 'Nexperia', 2],
      ['LM358DR', 'TI', 1],
    ]);
    const gateway = createWorkbookPort(book.host);
    const out = await writePricedResults(gateway, { ...AT_A1, rowCount: 2 }, [line(0), line(1)], { confirm: never });
    expect(out.headerless).toMatch(/no header row and starts on row 1/);
    expect(book.getValues('BOM', 'E1:F2')).toEqual([
      ['priced', 'PART-0'],
      ['priced', 'PART-1'],
    ]);
    // A DNP line is a line too: its "skipped" result is not given up for the header.
    const dnp = [
      line(0, { status: 'skipped', statusReason: 'not placed (DNP column: "DNP")', matchedPart: null }),
      line(1),
    ];
    expect(planPricedOutput({ ...AT_A1, rowCount: 2 }, dnp).withHeader).toBe(false);

    // Written again, the headerless block is known by where it was written: nothing asked.
    const again = await writePricedResults(
      gateway,
      { ...AT_A1, rowCount: 2 },
      [line(0), line(1, { matchedPart: 'PART-9' })],
      { confirm: never, written: out.address },
    );
    expect(again.address).toBe(out.address);
    expect(book.getValues('BOM', 'F2')).toEqual([['PART-9']]);
    // Anywhere else, cells there are the user's until said otherwise.
    const asked: OverwriteQuestion[] = [];
    const elsewhere = await writePricedResults(gateway, { ...AT_A1, rowCount: 2 }, [line(0), line(1)], {
      confirm: async (q) => (asked.push(q), 'cancel'),
      written: 'BOM!E5:F6',
    });
    expect([elsewhere.address, asked.length]).toEqual([null, 1]);
  });

  test('the header of headerless results goes in a free row above them, styled as a run writes it; never over a value', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const gateway = createWorkbookPort(book.host);
    const out = await writeResultsHeader(gateway, 'BOM', 0, 4);
    expect(out.address).toBe(`BOM!E1:${columnLetters(4 + WIDTH - 1)}1`);
    expect(book.getValues('BOM', out.address.replace('BOM!', ''))[0]).toEqual([...PRICED_BOM_HEADERS]);
    expect(book.cell('BOM', 'E1')?.bold).toBe(true);
    book.setValues('BOM', 'G3', [['mine']]);
    await expect(writeResultsHeader(gateway, 'BOM', 2, 4)).rejects.toThrow(
      "The row for the results' column names is not empty (BOM!G3); nothing was written.",
    );
    expect(book.getValues('BOM', 'E3:G3')).toEqual([['', '', 'mine']]);
  });
});

describe('writePriceBreaks', () => {
  const breaks: PriceBreakRow[] = [
    {
      lineRow: 4,
      part: 'PART-1',
      manufacturer: 'Nexperia',
      source: 'ACNA',
      itemId: 'E1',
      currency: 'USD',
      minQty: 1,
      maxQty: 99,
      unitPrice: 0.1,
    },
    {
      lineRow: 4,
      part: 'PART-1',
      manufacturer: 'Nexperia',
      source: 'ACNA',
      itemId: 'E1',
      currency: 'USD',
      minQty: 100,
      maxQty: Infinity,
      unitPrice: 0.08,
    },
  ];

  test('adds the sheet, writes every break, and replaces its own list next time', async () => {
    const book = bomBook();
    const gateway = createWorkbookPort(book.host);
    const out = await writePriceBreaks(gateway, breaks, { confirm: never });
    expect(out.address).toBe("'Price breaks'!A1:I3");
    expect(book.getValues('Price breaks', 'A1:I1')[0]).toEqual(PRICE_BREAK_COLUMNS.map((c) => c.header));
    expect(book.getValues('Price breaks', 'G3:I3')).toEqual([[100, '', 0.08]]);
    await writePriceBreaks(gateway, breaks.slice(0, 1), { confirm: never });
    expect(book.getValues('Price breaks', 'A3')[0][0]).toBe('');
  });

  test("a sheet of that name holding the user's cells is asked about; 'elsewhere' makes a new sheet", async () => {
    const book = bomBook();
    book.addSheet('Price breaks');
    book.setValues('Price breaks', 'A1', [['my own sheet']]);
    const gateway = createWorkbookPort(book.host);
    const out = await writePriceBreaks(gateway, breaks, { confirm: async () => 'elsewhere' });
    expect(out.address).toBe("'Price breaks (2)'!A1:I3");
    expect(book.getValues('Price breaks', 'A1')[0][0]).toBe('my own sheet');
  });
});
