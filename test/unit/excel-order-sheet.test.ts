import { pricedLine } from '../helpers/priced-lines';
import { SHEETS_RECORD } from '../../src/excel/own-sheets';
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS, type PricedColumnKey } from '../../src/purchase/priced-layout';
import { columnLetters, createWorkbookPort, type WorkbookPort } from '../../src/excel';
import { MemoryWorkbook } from '../../testing/excel';
import {
  ORDER_PROBLEM_FILL,
  markOrderRows,
  readSelectedPricedRows,
  unmarkOrderRows,
  writeOrderCells,
} from '../../src/excel/order-sheet';
import { ORDERS_LOG_HEADERS, appendOrdersLog, readOrdersLog, type OrdersLogEntry } from '../../src/excel/orders-log';
import { STATUS_FILLS, type OverwriteQuestion, writePricedResults } from '../../src/excel/priced-sheet';

const priced = pricedLine;

/** The priced columns start at G (one empty column right of the BOM's A:E). */
const LEFT = 6;
const WIDTH = PRICED_BOM_COLUMNS.length;
/** The column letter of a priced column, looked up by its key. */
function col(key: PricedColumnKey): string {
  return columnLetters(LEFT + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));
}
/** The last priced column, the Order column just right of it, and the one after that. */
const LAST = columnLetters(LEFT + WIDTH - 1);
const ORDER = LEFT + WIDTH;
const ORDER_COL = columnLetters(ORDER);
const NEXT_COL = columnLetters(ORDER + 1);

/** A title row, a blank row, the BOM header on row 3 and four lines; priced columns from G. */
async function book(): Promise<{ book: MemoryWorkbook; gateway: WorkbookPort }> {
  const b = new MemoryWorkbook({ sheets: ['BOM'] });
  b.setValues('BOM', 'A1:E7', [
    ['Controller rev C', '', '', '', ''],
    ['', '', '', '', ''],
    ['Ref', 'MPN', 'Mfr', 'Qty', 'Note'],
    ['R1', 'PART-3', 'Maker', 10, ''],
    ['R2', 'PART-4', 'Maker', 10, ''],
    ['R3', 'PART-5', 'Maker', 10, ''],
    ['X1', 'NOPE', '', 1, ''],
  ]);
  const gateway = createWorkbookPort(b.host);
  await writePricedResults(
    gateway,
    { sheet: 'BOM', rowIndex: 2, columnIndex: 0, rowCount: 5, columnCount: 5, headerRow: 0 },
    [
      priced(1, { itemId: '65130001' }),
      priced(2, { itemId: '65130002', stock: 5, statusReason: 'short of need: 5 in stock', orderQty: 10 }),
      priced(3, { itemId: '0898_00015182', source: 'NAC', moq: 250, pack: 250, orderQty: 250, stock: 5000 }),
      priced(4, {
        status: 'not found',
        statusReason: 'no part matches',
        itemId: null,
        unitPrice: null,
        matchedPart: null,
        orderQty: null,
      }),
    ],
    { confirm: async () => 'replace' },
  );
  return { book: b, gateway };
}

describe('reading the selected priced rows', () => {
  test('any cells of the rows: the priced columns are found by their header, and each field is read', async () => {
    const { book: b, gateway } = await book();
    expect(b.getValues('BOM', `G3:${LAST}3`)[0]).toEqual(PRICED_BOM_HEADERS);
    b.select('BOM', 'B4:C6');
    const read = await readSelectedPricedRows(gateway);
    expect(read.block).toEqual({ sheet: 'BOM', headerRow: 2, column: LEFT, columns: WIDTH });
    expect(read.orderColumn).toBeNull();
    expect(read.rows.map((r) => r.row)).toEqual([3, 4, 5]);
    expect(read.rows[0]).toMatchObject({
      status: 'priced',
      reason: '',
      itemId: '65130001',
      orderQty: 10,
      unitPrice: 0.5,
      currency: 'USD',
      source: 'MARKETPLACE',
      moq: 1,
      pack: 1,
      stock: 100,
      order: '',
    });
    expect(read.rows[1]).toMatchObject({ status: 'priced', reason: 'short of need: 5 in stock', stock: 5 });
    expect(read.rows[2]).toMatchObject({ itemId: '0898_00015182', source: 'NAC', moq: 250, pack: 250 });
  });

  test('a block priced by a version with fewer or reordered columns is read by its headers’ names', async () => {
    const { book: b, gateway } = await book();
    const grid = b.getValues('BOM', `G3:${LAST}7`);
    // Columns a later version added are missing, and two others stand the other way round.
    const dropped = new Set(['Description', 'Lifecycle', 'Buy for line', 'Stock (all sources)']);
    const kept = PRICED_BOM_HEADERS.map((h, i) => [h, i] as const).filter(([h]) => !dropped.has(h));
    const source = kept.findIndex(([h]) => h === 'Source');
    const item = kept.findIndex(([h]) => h === 'Item id');
    [kept[source], kept[item]] = [kept[item], kept[source]];
    b.setValues(
      'BOM',
      `G3:${LAST}7`,
      grid.map((row) => PRICED_BOM_HEADERS.map((_, c) => (c < kept.length ? row[kept[c][1]] : null))),
    );
    // That version kept no record of its blocks: the block is known by the words it wrote.
    b.deleteSheet(SHEETS_RECORD);
    b.select('BOM', 'A4:A6');
    const read = await readSelectedPricedRows(gateway);
    expect(read.block).toEqual({ sheet: 'BOM', headerRow: 2, column: LEFT, columns: kept.length });
    expect(read.rows.map((r) => [r.status, r.itemId, r.source, r.orderQty, r.unitPrice])).toEqual([
      ['priced', '65130001', 'MARKETPLACE', 10, 0.5],
      ['priced', '65130002', 'MARKETPLACE', 10, 0.5],
      ['priced', '0898_00015182', 'NAC', 250, 0.5],
    ]);
    // A header row missing a column ordering needs is no priced block.
    b.setValues('BOM', `${columnLetters(LEFT + item)}3`, [['Note']]);
    await expect(readSelectedPricedRows(gateway)).rejects.toThrow(/is not in a priced BOM/);
  });

  test('a block priced before the Country of origin column, its Order column right after As of, orders the same rows', async () => {
    const { book: b, gateway } = await book();
    b.select('BOM', 'A4:A7');
    const present = await readSelectedPricedRows(gateway);
    // The same block as a version without the column wrote it: the columns after it one to the left, and the Order
    // column of the orders placed then just right of As of.
    const country = PRICED_BOM_HEADERS.indexOf('Country of origin');
    const grid = b.getValues('BOM', `G3:${LAST}7`);
    const earlier = grid.map((row) => [...row.slice(0, country), ...row.slice(country + 1)]);
    earlier[0].push('Order');
    earlier[1].push('90000001 submitted 2026-11-21 10:00');
    for (const row of earlier.slice(2)) row.push('');
    b.setValues('BOM', `G3:${LAST}7`, earlier);
    b.deleteSheet(SHEETS_RECORD);
    const read = await readSelectedPricedRows(gateway);
    expect(read.block).toEqual({ ...present.block, columns: WIDTH - 1 });
    expect(read.orderColumn).toBe(LEFT + WIDTH - 1);
    const fields = (r: (typeof read.rows)[number]) => ({ ...r, order: '', plan: null });
    expect(read.rows.map(fields)).toEqual(present.rows.map(fields));
    expect(read.rows[0].order).toBe('90000001 submitted 2026-11-21 10:00');
  });

  test('a selection taking in the header and rows past the BOM reads only the BOM rows', async () => {
    const { gateway, book: b } = await book();
    b.select('BOM', 'A1:A20');
    const read = await readSelectedPricedRows(gateway);
    expect(read.rows.map((r) => [r.row, r.status])).toEqual([
      [3, 'priced'],
      [4, 'priced'],
      [5, 'priced'],
      [6, 'not found'],
    ]);
  });

  test('outside a priced BOM, or on its header only, it says what to select', async () => {
    const { gateway, book: b } = await book();
    b.select('BOM', 'A1');
    await expect(readSelectedPricedRows(gateway)).rejects.toThrow(
      /BOM!A1 is not in a priced BOM\. Price the BOM first/,
    );
    b.select('BOM', 'G3:H3');
    await expect(readSelectedPricedRows(gateway)).rejects.toThrow(/Only the header row of the priced BOM is selected/);
    b.addSheet('Empty');
    b.select('Empty', 'B2');
    await expect(readSelectedPricedRows(gateway)).rejects.toThrow(/is not in a priced BOM/);
  });
});

describe('the Order column', () => {
  const never = async (): Promise<'cancel'> => {
    throw new Error('asked');
  };

  test('written right of the priced columns, with its header, without asking when empty', async () => {
    const { gateway, book: b } = await book();
    b.select('BOM', 'A4:A5');
    const { block } = await readSelectedPricedRows(gateway);
    const written = await writeOrderCells(
      gateway,
      block,
      [
        { row: 3, text: '90000001 created 2026-11-20 09:30' },
        { row: 4, text: '90000001 created 2026-11-20 09:30' },
      ],
      {
        confirm: never,
      },
    );
    expect(written).toEqual({ column: ORDER, address: `BOM!${ORDER_COL}3:${ORDER_COL}5`, replaced: false });
    expect(b.getValues('BOM', `${ORDER_COL}3:${ORDER_COL}5`)).toEqual([
      ['Order'],
      ['90000001 created 2026-11-20 09:30'],
      ['90000001 created 2026-11-20 09:30'],
    ]);
    expect(b.cell('BOM', `${ORDER_COL}3`)?.bold).toBe(true);
    // Read again, the column is found, and an order cell is read with its row.
    const again = await readSelectedPricedRows(gateway);
    expect(again.orderColumn).toBe(ORDER);
    expect(again.rows[0].order).toBe('90000001 created 2026-11-20 09:30');
    // Ours: written over without asking.
    await writeOrderCells(gateway, block, [{ row: 3, text: '90000002 submitted 2026-11-21 10:00' }], {
      confirm: never,
      column: again.orderColumn,
    });
    expect(b.getValues('BOM', `${ORDER_COL}4`)[0][0]).toBe('90000002 submitted 2026-11-21 10:00');
  });

  test('someone else’s cell there: asked; "cancel" writes nothing, "elsewhere" takes the next empty column', async () => {
    const { gateway, book: b } = await book();
    b.setValues('BOM', `${ORDER_COL}4`, [['my note']]);
    b.select('BOM', 'A4:A5');
    const { block } = await readSelectedPricedRows(gateway);
    const asked: OverwriteQuestion[] = [];
    const before = b.snapshot();
    expect(
      await writeOrderCells(gateway, block, [{ row: 3, text: 'x' }], {
        confirm: async (q) => (asked.push(q), 'cancel'),
      }),
    ).toBeNull();
    expect(asked).toEqual([
      { usedAddress: `BOM!${ORDER_COL}4`, targetAddress: `BOM!${ORDER_COL}3:${ORDER_COL}4`, what: 'order column' },
    ]);
    expect(b.snapshot()).toEqual(before);
    const written = await writeOrderCells(gateway, block, [{ row: 3, text: '90000003 created' }], {
      confirm: async () => 'elsewhere',
    });
    expect(written?.address).toBe(`BOM!${NEXT_COL}3:${NEXT_COL}4`);
    expect(b.getValues('BOM', `${ORDER_COL}3:${NEXT_COL}4`)).toEqual([
      ['', 'Order'],
      ['my note', '90000003 created'],
    ]);
  });

  test('a foreign header replaced only when the user says so', async () => {
    const { gateway, book: b } = await book();
    b.setValues('BOM', `${ORDER_COL}3`, [['Buyer']]);
    b.select('BOM', 'A4');
    const { block } = await readSelectedPricedRows(gateway);
    const written = await writeOrderCells(gateway, block, [{ row: 3, text: '90000004 created' }], {
      confirm: async () => 'replace',
    });
    expect(written).toMatchObject({ column: ORDER, replaced: true });
    expect(b.getValues('BOM', `${ORDER_COL}3:${ORDER_COL}4`)).toEqual([['Order'], ['90000004 created']]);
  });
});

describe('marking rows', () => {
  test('a problem fill on the add-in’s cells of the row, and the status colour back when it comes off', async () => {
    const { gateway, book: b } = await book();
    b.select('BOM', 'A4:A6');
    const { block, rows } = await readSelectedPricedRows(gateway);
    expect(b.cell('BOM', 'G5')?.fill).toBe(STATUS_FILLS.shortOfNeed.color);
    await markOrderRows(gateway, block, [3, 4], null);
    for (const a of ['G4', `${LAST}4`, 'G5', `${LAST}5`]) expect(b.cell('BOM', a)?.fill).toBe(ORDER_PROBLEM_FILL);
    expect(b.cell('BOM', 'G6')?.fill).toBeUndefined();
    expect(b.cell('BOM', 'D4')?.fill).toBeUndefined();
    await unmarkOrderRows(gateway, block, rows.slice(0, 2), null);
    expect(b.cell('BOM', 'G4')?.fill).toBeUndefined();
    expect(b.cell('BOM', `${LAST}4`)?.fill).toBeUndefined();
    expect(b.cell('BOM', 'G5')?.fill).toBe(STATUS_FILLS.shortOfNeed.color);
    expect(b.cell('BOM', `${col('matchedPart')}5`)?.fill).toBeUndefined();
  });
});

describe('the Orders log', () => {
  const entry = (o: Partial<OrdersLogEntry> = {}): OrdersLogEntry => ({
    time: new Date(2026, 10, 20, 9, 30),
    environment: 'test',
    po: 'PO-1',
    orderId: '90000001',
    submitted: 'no',
    lines: 2,
    items: '65130988 × 20; 65130989 × 100',
    subtotal: 63,
    discount: 0,
    total: 63,
    currency: 'USD',
    rows: 'BOM rows 4, 5',
    ...o,
  });

  test('made with its header when missing, then appended to; read back as written', async () => {
    const { gateway, book: b } = await book();
    expect(await readOrdersLog(gateway)).toEqual([]);
    expect(await appendOrdersLog(gateway, entry())).toEqual({ sheet: 'Orders', row: 1, address: 'Orders!A2:L2' });
    expect(await appendOrdersLog(gateway, entry({ po: '=PO-2', orderId: '90000002', submitted: 'yes' }))).toMatchObject(
      { row: 2 },
    );
    expect(b.getValues('Orders', 'A1:L1')[0]).toEqual(ORDERS_LOG_HEADERS);
    expect(b.cell('Orders', 'A1')?.bold).toBe(true);
    expect(b.getValues('Orders', 'B3:E3')[0]).toEqual(['test', '=PO-2', '90000002', 'yes']);
    expect(b.formulas('Orders')).toEqual([]);
    const log = await readOrdersLog(gateway);
    expect(log).toEqual([entry(), entry({ po: '=PO-2', orderId: '90000002', submitted: 'yes' })]);
  });

  test('an "Orders" sheet of the user’s own is left alone: the log goes to "Orders (2)"', async () => {
    const { gateway, book: b } = await book();
    b.addSheet('Orders');
    b.setValues('Orders', 'A1:B2', [
      ['Supplier', 'Date'],
      ['Acme', '2026-01-01'],
    ]);
    const before = b.getValues('Orders', 'A1:B2');
    expect(await appendOrdersLog(gateway, entry())).toMatchObject({ sheet: 'Orders (2)', row: 1 });
    expect(b.getValues('Orders', 'A1:B2')).toEqual(before);
    expect((await readOrdersLog(gateway)).map((e) => e.orderId)).toEqual(['90000001']);
  });
});
