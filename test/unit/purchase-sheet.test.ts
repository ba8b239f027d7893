import { type Cell, readBom } from '../../src/bom';
import { createWorkbookPort } from '../../src/excel';
import { writePurchaseSheet } from '../../src/excel/purchase-sheet';
import type { OrderRecord } from '../../src/excel/order-record';
import { LookupScheduler } from '../../src/lookup';
import {
  asReceivedMarks,
  markReceived,
  onOrderEntries,
  planPurchase,
  type PurchaseBom,
  testOrdersText,
} from '../../src/purchase';
import { MemoryWorkbook } from '../../testing/excel';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const T0 = Date.UTC(2026, 10, 1, 8, 0);

function bom(name: string, builds: number, lines: Array<[string, number]>): PurchaseBom {
  const cells: Cell[][] = [['MPN', 'Manufacturer', 'Qty'], ...lines.map(([pn, qty]) => [pn, 'TI', qty])];
  return { name, builds, read: readBom(cells) };
}

function order(
  orderId: string,
  state: OrderRecord['state'],
  lines: Array<[string, number]>,
  environment = 'production',
): OrderRecord {
  return {
    orderId,
    at: '2026-11-20T09:30:00.000Z',
    environment,
    po: 'PO-1',
    state,
    sheet: 'Board A',
    lines: lines.map(([part, quantity], i) => ({ key: `${part}|R${i}`, part, quantity })),
  };
}

async function list(onOrder = onOrderEntries([], []).entries) {
  const catalog = new FakeParts().add(
    makePart('SHARED-1', [
      makeOffer({ sourcePartId: 'S1', countryOfOrigin: 'MY', breaks: makeBreaks([1, 0.1], [100, 0.05]) }),
    ]),
    makePart('ONLY-B', [makeOffer({ sourcePartId: 'B1', breaks: makeBreaks([1, 1]) })]),
  );
  const scheduler = new LookupScheduler({ port: catalog, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
  return planPurchase(
    [
      bom('Board A', 15, [['SHARED-1', 3]]),
      bom('Board B', 10, [
        ['SHARED-1', 3],
        ['ONLY-B', 1],
      ]),
    ],
    scheduler,
    {
      onHand: [{ partNumber: 'ONLY-B', manufacturer: '', quantity: 4, origin: 'On hand row 2' }],
      onOrder,
    },
  );
}

describe('the Purchase list sheet', () => {
  test('one row per part with the need of each BOM, then the per-BOM summary; written again in place', async () => {
    const result = await list();
    const book = new MemoryWorkbook({ sheets: ['Board A'] });
    const gateway = createWorkbookPort(book.host);
    const never = async () => {
      throw new Error('asked');
    };
    const out = await writePurchaseSheet(gateway, result, { confirm: never });
    expect(out.address).toBe("'Purchase list'!A1:R8");
    expect(book.getValues('Purchase list', 'A1:I1')).toEqual([
      [
        'Part number',
        'Manufacturer',
        'Description',
        'Need Board A',
        'Need Board B',
        'Total need',
        'On hand',
        'On order',
        'To buy',
      ],
    ]);
    expect(book.getValues('Purchase list', 'A2:O2')).toEqual([
      [
        'SHARED-1',
        'Texas Instruments',
        'SHARED-1 part',
        45,
        30,
        75,
        0,
        0,
        75,
        100,
        'ACNA 100 × 0.05 USD (S1)',
        // The country of origin of the offer bought from, as a priced BOM line says it.
        'MY',
        5,
        'USD',
        'buy',
      ],
    ]);
    expect(book.getValues('Purchase list', 'A1:O1')[0][11]).toBe('Country of origin');
    expect(book.getValues('Purchase list', 'P2')).toEqual([['Board A, Board B']]);
    expect(String(book.getValues('Purchase list', 'Q2')[0][0])).toMatch(
      /^100 for 75: buying 100 costs 5\.00 instead of 7\.50/,
    );
    expect(book.getValues('Purchase list', 'A3:J3')).toEqual([
      ['ONLY-B', 'Texas Instruments', 'ONLY-B part', 0, 10, 10, 4, 0, 6, 6],
    ]);
    expect(book.cell('Purchase list', 'M2')?.numberFormat).toBe('#,##0.00###');
    // An offer that does not say where the part is made: "Unknown", as the priced BOM says it.
    expect(book.getValues('Purchase list', 'L3')).toEqual([['Unknown']]);
    expect(book.getValues('Purchase list', 'A5:F8')).toEqual([
      ['BOM', 'Builds', 'Parts', 'Shared parts', 'Lines not on the list', 'Cost share'],
      ['Board A', 15, 1, 1, 0, 3],
      ['Board B', 10, 2, 1, 0, 8],
      ['Total', '', 2, 1, 0, 11],
    ]);
    expect(book.getValues('Purchase list', 'I6:J7')).toEqual([
      [
        '0 of 15: SHARED-1 (Texas Instruments): 0 left, 3 needed per build',
        '0 of 15: SHARED-1 (Texas Instruments): 0 left, 3 needed per build',
      ],
      [
        '0 of 10: SHARED-1 (Texas Instruments): 0 left, 3 needed per build',
        '0 of 10: SHARED-1 (Texas Instruments): 0 left, 3 needed per build',
      ],
    ]);
    // What this purchase makes possible, per BOM: every build (the list buys all of SHARED-1 and ONLY-B).
    expect(book.getValues('Purchase list', 'I5:K7')).toEqual([
      ['Buildable now (on hand)', 'Buildable with orders', 'Buildable after this purchase'],
      [expect.any(String), expect.any(String), '15 of 15'],
      [expect.any(String), expect.any(String), '10 of 10'],
    ]);
    expect(book.getValues('Purchase list', 'K8')).toEqual([['']]);
    expect(book.cell('Purchase list', 'A1')?.bold).toBe(true);

    // The add-in's own sheet is replaced without asking; what the longer earlier list left below is cleared.
    const again = await list(onOrderEntries([order('90000001', 'submitted', [['SHARED-1', 200]])], []).entries);
    await writePurchaseSheet(gateway, again, { confirm: never });
    expect(book.getValues('Purchase list', 'A2:I2')).toEqual([
      ['SHARED-1', 'Texas Instruments', 'SHARED-1 part', 45, 30, 75, 0, 200, 0],
    ]);
    expect(book.getValues('Purchase list', 'I6')).toEqual([
      ['0 of 15: SHARED-1 (Texas Instruments): 0 left, 3 needed per build'],
    ]);
    expect(book.getValues('Purchase list', 'J6')).toEqual([['15 of 15']]);
  });

  test('a sheet of that name holding something else is asked about, and the list goes to a new sheet when the user says so', async () => {
    const book = new MemoryWorkbook({ sheets: ['Purchase list'] });
    book.setValues('Purchase list', 'A1:B1', [['my notes', 'keep']]);
    const asked: string[] = [];
    const out = await writePurchaseSheet(createWorkbookPort(book.host), await list(), {
      confirm: async (q) => {
        asked.push(`${q.what} ${q.usedAddress}`);
        return 'elsewhere';
      },
    });
    expect(asked).toEqual(["purchase list 'Purchase list'!A1:B1"]);
    expect(out.address).toBe("'Purchase list (2)'!A1:R8");
    expect(book.getValues('Purchase list', 'A1:B1')).toEqual([['my notes', 'keep']]);
  });
});

describe('on order, from the workbook’s order record', () => {
  test('placed orders count until marked received; unconfirmed and test-environment orders do not', () => {
    const records = [
      order('90000001', 'submitted', [
        ['SHARED-1', 100],
        ['ONLY-B', 5],
      ]),
      order('90000002', 'created', [['ONLY-B', 7]]),
      order('', 'not confirmed', [['SHARED-1', 50]]),
      order('70000001', 'submitted', [['SHARED-1', 999]], 'test'),
    ];
    const all = onOrderEntries(records, []);
    expect(all.entries.map((e) => [e.partNumber, e.quantity, e.origin])).toEqual([
      ['SHARED-1', 100, 'order 90000001'],
      ['ONLY-B', 5, 'order 90000001'],
      ['ONLY-B', 7, 'order 90000002'],
    ]);
    expect(all.leftOut).toEqual([
      'an order without a number (Board A): not confirmed, so not counted as on order; check it with the distributor',
    ]);
    expect(all.testOrders).toBe(1);

    const received = markReceived([], records[0], new Date(T0));
    expect(markReceived(received, records[0], new Date(T0))).toEqual(received);
    expect(asReceivedMarks(JSON.parse(JSON.stringify(received)))).toEqual(received);
    expect(asReceivedMarks([{ orderId: 5 }, null, 'x'])).toEqual([]);
    expect(onOrderEntries(records, received).entries.map((e) => e.origin)).toEqual(['order 90000002']);
  });
});

describe('on order counts production orders only', () => {
  test('a test-environment order is not subtracted from the need, a production order is, and the test orders are counted', async () => {
    const production = order('90000010', 'submitted', [['SHARED-1', 20]]);
    const sandbox = order('70000010', 'submitted', [['SHARED-1', 40]], 'test');
    const sandbox2 = order('70000011', 'created', [['ONLY-B', 6]], 'test');

    const onlyTest = onOrderEntries([sandbox, sandbox2], []);
    expect(onlyTest.entries).toEqual([]);
    expect(onlyTest.testOrders).toBe(2);
    expect(testOrdersText(onlyTest.testOrders)).toBe(
      '2 test orders not counted as on order: placed in the test environment, they buy nothing',
    );
    const withTest = await list(onlyTest.entries);
    expect(withTest.rows.find((r) => r.partNumber === 'SHARED-1')).toMatchObject({ need: 75, onOrder: 0, toBuy: 75 });

    const both = onOrderEntries([sandbox, production, sandbox2], []);
    expect(both.testOrders).toBe(2);
    const withProduction = await list(both.entries);
    expect(withProduction.rows.find((r) => r.partNumber === 'SHARED-1')).toMatchObject({
      need: 75,
      onOrder: 20,
      usedOnOrder: 20,
      toBuy: 55,
    });
    expect(withProduction.rows.find((r) => r.partNumber === 'ONLY-B')).toMatchObject({ onOrder: 0, toBuy: 6 });

    // A test order marked received is no longer waiting: it is not counted among those passed over either.
    const received = markReceived([], sandbox, new Date(T0));
    expect(onOrderEntries([sandbox, production], received).testOrders).toBe(0);
    expect(testOrdersText(0)).toBeNull();
    expect(testOrdersText(1)).toBe(
      '1 test order not counted as on order: placed in the test environment, it buys nothing',
    );
  });
});
