/**
 * The order workflow's domain steps over the in-memory workbook: the never-twice guard's look at the Orders sheet,
 * the record of an order by BOM line, and adding it to the workbook's records.
 */
import type { CheckoutRequest } from '../../src/checkout';
import { createWorkbookPort } from '../../src/excel';
import { MAX_RECORDED_ORDER_LINES, type OrderRecord } from '../../src/excel/order-record';
import { type OrdersLogEntry, appendOrdersLog } from '../../src/excel/orders-log';
import {
  earlierOrdersWithPo,
  marksOutsideChain,
  noteOrderMark,
  orderCellOf,
  orderMarksOf,
  orderRecordOf,
  recordOrder,
  rowsOrderedAgain,
  submittedRecordOf,
} from '../../src/workflows/place-order';
import { MemoryWorkbook } from '../../testing/excel';
import { formatDateTime } from '../../src/purchase/priced-layout';

const AT = new Date(Date.UTC(2026, 10, 20, 9, 30));

function entry(po: string, orderId: string, environment = 'test'): OrdersLogEntry {
  return {
    time: AT,
    environment,
    po,
    orderId,
    submitted: 'yes',
    lines: 1,
    items: '65130988 × 20',
    subtotal: 2,
    discount: null,
    total: 2,
    currency: 'USD',
    rows: 'BOM rows 2',
  };
}

function request(quantities: number[]): CheckoutRequest {
  return {
    username: 'buyer',
    passwordHash: 'x',
    customerPONumber: 'PO-7',
    shipToAddressId: 'A1',
    lines: quantities.map((quantity, i) => ({ itemId: `ITEM-${i}`, quantity })),
    submitOrder: true,
  };
}

describe('earlierOrdersWithPo', () => {
  it('finds orders of the same PO number and environment in the Orders sheet, but not those of the chain', async () => {
    const book = createWorkbookPort(new MemoryWorkbook({ sheets: ['BOM'] }).host);
    expect(await earlierOrdersWithPo(book, 'PO-7', 'test', new Set())).toEqual([]);
    await appendOrdersLog(book, entry('PO-7', 'O-1'));
    await appendOrdersLog(book, entry(' po-7 ', 'O-2'));
    await appendOrdersLog(book, entry('PO-7', 'O-3', 'production'));
    await appendOrdersLog(book, entry('PO-8', 'O-4'));
    const found = await earlierOrdersWithPo(book, 'PO-7', 'test', new Set(['O-2']));
    expect(found.map((e) => e.orderId)).toEqual(['O-1']);
  });
});

describe('orderRecordOf', () => {
  const identities: Record<number, string> = { 1: 'k1', 2: 'k2', 3: 'k3' };

  it('records each line sent once, on the first row with an identity, with the quantity the request sent', () => {
    const record = orderRecordOf({
      state: 'submitted',
      orderId: 'O-9',
      at: AT,
      environment: 'test',
      sheet: 'BOM',
      request: request([20, 100]),
      sent: [
        { rows: [1, 2], part: 'LM358', itemId: 'ITEM-0', manufacturer: 'TI' },
        { rows: [3], part: '', itemId: 'ITEM-1', manufacturer: 'TI' },
      ],
      identityOf: (row) => identities[row],
    });
    expect(record).toMatchObject({
      orderId: 'O-9',
      po: 'PO-7',
      state: 'submitted',
      sheet: 'BOM',
      at: AT.toISOString(),
    });
    expect(record!.lines).toEqual([
      expect.objectContaining({ key: 'k1', part: 'LM358', manufacturer: 'TI', quantity: 20 }),
      expect.objectContaining({ key: 'k2', part: 'LM358', quantity: 0 }),
      // Sent by item id alone: no manufacturer is recorded for it.
      { key: 'k3', part: 'ITEM-1', quantity: 100 },
    ]);
  });

  it('is null when no row sent has an identity', () => {
    const record = orderRecordOf({
      state: 'created',
      orderId: 'O-9',
      at: AT,
      environment: 'test',
      sheet: 'BOM',
      request: request([20]),
      sent: [{ rows: [7], part: 'LM358', itemId: 'ITEM-0', manufacturer: 'TI' }],
      identityOf: () => null,
    });
    expect(record).toBeNull();
  });
});

describe('recordOrder', () => {
  function store(initial: OrderRecord[] = []) {
    let records = initial;
    return {
      loadOrders: () => records,
      saveOrders: async (next: readonly OrderRecord[]) => void (records = [...next]),
    };
  }
  const order = (orderId: string, keys: string[]): OrderRecord => ({
    orderId,
    at: AT.toISOString(),
    environment: 'test',
    po: 'PO-7',
    state: 'submitted',
    sheet: 'BOM',
    lines: keys.map((key) => ({ key, part: 'LM358', quantity: 1 })),
  });

  it('adds the order, merges the same order again, and never takes one away', async () => {
    const records = store([order('O-1', ['a'])]);
    expect(await recordOrder(records, order('O-2', ['b']))).toBe('recorded');
    expect(await recordOrder(records, order('O-2', ['c']))).toBe('recorded');
    expect(records.loadOrders().map((r) => [r.orderId, r.lines.map((l) => l.key).sort()])).toEqual([
      ['O-1', ['a']],
      ['O-2', ['b', 'c']],
    ]);
  });

  it('says when the records are full, and keeps them as they were', async () => {
    const full = order(
      'O-1',
      Array.from({ length: MAX_RECORDED_ORDER_LINES }, (_, i) => `k${i}`),
    );
    const records = store([full]);
    expect(await recordOrder(records, order('O-2', ['x']))).toBe('full');
    expect(records.loadOrders()).toEqual([full]);
  });

  it('rejects when the records cannot be saved', async () => {
    const records = { loadOrders: () => [], saveOrders: async () => Promise.reject(new Error('settings locked')) };
    await expect(recordOrder(records, order('O-1', ['a']))).rejects.toThrow('settings locked');
  });
});

describe('rowsOrderedAgain', () => {
  const before = [
    { row: 4, included: true, orders: 'A' },
    { row: 5, included: false, orders: 'B' },
    { row: 6, included: true, orders: 'C' },
    { row: 9, included: true, orders: 'D' },
  ];

  it('keeps the rows ordered before that the buyer kept and that a line sent buys for', () => {
    const again = rowsOrderedAgain(before, [{ rows: [4, 5] }, { rows: [7, 9] }]);
    expect(again.map((o) => o.row)).toEqual([4, 9]);
    expect(again[1].orders).toBe('D');
  });

  it('is empty when no line sent covers a row ordered before', () => {
    expect(rowsOrderedAgain(before, [{ rows: [1, 2] }])).toEqual([]);
    expect(rowsOrderedAgain(before, [])).toEqual([]);
  });
});

describe('submittedRecordOf', () => {
  it('records the submit as the same order in the state submitted, keeping the lines recorded when it was created', async () => {
    let records: OrderRecord[] = [
      {
        orderId: 'O-9',
        at: AT.toISOString(),
        environment: 'test',
        po: 'PO-9',
        state: 'created',
        sheet: 'BOM',
        lines: [{ key: 'k1', part: 'LM358', quantity: 3 }],
      },
    ];
    const port = {
      loadOrders: () => records,
      saveOrders: async (next: readonly OrderRecord[]) => void (records = [...next]),
    };
    const later = new Date(AT.getTime() + 60_000);
    const submitted = submittedRecordOf({ orderId: 'O-9', at: later, environment: 'test', po: 'PO-9', sheet: 'BOM' });
    expect(submitted).toMatchObject({ orderId: 'O-9', state: 'submitted', at: later.toISOString(), lines: [] });
    expect(await recordOrder(port, submitted)).toBe('recorded');
    expect(records).toHaveLength(1);
    expect(records[0].state).toBe('submitted');
    expect(records[0].lines.map((l) => [l.key, l.quantity])).toEqual([['k1', 3]]);
  });
});

describe('orderMarksOf', () => {
  const record = (orderId: string, sheet: string, keys: string[], state: OrderRecord['state'] = 'submitted') => ({
    orderId,
    at: AT.toISOString(),
    environment: 'test',
    po: 'PO-7',
    state,
    sheet,
    lines: keys.map((key) => ({ key, part: 'LM358', quantity: 1 })),
  });

  it('gives each row the orders of its BOM line on this sheet, as the Order cell names them', () => {
    const records = [
      record('O-1', 'BOM', ['k1', 'k2']),
      record('O-2', 'BOM', ['k1'], 'created'),
      record('O-3', 'Other', ['k2']),
      record('', 'BOM', ['k3'], 'not confirmed'),
    ];
    const marks = orderMarksOf(records, 'BOM', [
      { row: 4, identity: 'k1' },
      { row: 5, identity: 'k2' },
      { row: 6, identity: null },
      { row: 7 },
      { row: 8, identity: 'k3' },
      { row: 9, identity: 'k9' },
    ]);
    expect([...marks.keys()]).toEqual([4, 5, 8]);
    // The time as the sheet shows it, in the computer's own zone.
    const when = formatDateTime(AT);
    expect(marks.get(4)).toEqual([
      { orderId: 'O-1', text: `O-1 submitted ${when}` },
      { orderId: 'O-2', text: `O-2 created ${when}` },
    ]);
    expect(marks.get(5)!.map((m) => m.orderId)).toEqual(['O-1']);
    expect(marks.get(8)).toEqual([
      { orderId: '', text: `An order not confirmed ${when}: check before ordering again` },
    ]);
  });
});

describe('marksOutsideChain, noteOrderMark, orderCellOf', () => {
  const a = { orderId: 'A', text: 'A submitted' };
  const b = { orderId: 'B', text: 'B created' };

  it("leaves out the chain's orders, and rows left with none", () => {
    const marks = new Map([
      [1, [a, b]],
      [2, [b]],
    ]);
    expect(marksOutsideChain(marks, new Set(['B']))).toEqual(new Map([[1, [a]]]));
    expect(marksOutsideChain(marks, new Set())).toEqual(marks);
  });

  it("notes an order on rows, replacing the same order's earlier mark; an unnamed order replaces none", () => {
    const marks = new Map([[1, [b, a]]]);
    noteOrderMark(marks, [1, 2], { orderId: 'B', text: 'B submitted' });
    expect(marks.get(1)).toEqual([a, { orderId: 'B', text: 'B submitted' }]);
    expect(marks.get(2)).toEqual([{ orderId: 'B', text: 'B submitted' }]);
    const unnamed = { orderId: '', text: 'An order not confirmed' };
    noteOrderMark(marks, [2], unnamed);
    noteOrderMark(marks, [2], unnamed);
    expect(marks.get(2)).toEqual([{ orderId: 'B', text: 'B submitted' }, unnamed, unnamed]);
  });

  it("writes a row's Order cell as its orders joined, '' for a row with none", () => {
    const marks = new Map([[1, [a, b]]]);
    expect(orderCellOf(marks, 1)).toBe('A submitted; B created');
    expect(orderCellOf(marks, 2)).toBe('');
  });
});
