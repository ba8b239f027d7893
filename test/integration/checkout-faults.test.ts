import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_AUTH, get, startTestService, type TestService } from '../helpers/service';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import type { FaultSwitch } from '../../service/checkout/faults';

jest.setTimeout(60_000);

const PASSWORD = createHash('sha256').update('demo-password').digest('hex');
const STOCK50_PART = 'SMBJ5.0A';

/** A valid order: 3 of the stock50 fixture and 100 of moq100, to ship-to 1001 billed to 2001, with a discount. */
const ORDER = {
  username: 'buyer@example.com',
  password: PASSWORD,
  customerPONumber: 'PO-FAULT',
  shipToAddressId: '1001',
  billToAddressId: '2001',
  discountCode: 'DEMO10',
  itemIds: `${F.stock50},${F.moq100}`,
  quantities: '3,100',
  submitOrder: 'true',
  fmt: 'json',
};

async function stock(base: string): Promise<number> {
  const res = await get(base, '/itemservice/v4/en/search/token', {
    search_token: STOCK50_PART,
    rows: 25,
    ...DEMO_AUTH,
  });
  for (const part of res.json.itemserviceresult.data[0].PartList)
    for (const site of part.InvOrg.webSites)
      for (const source of site.sources)
        for (const sp of source.sourceParts) if (sp.sourcePartId === F.stock50) return sp.Availability[0].fohQty;
  throw new Error('stock50 fixture not found');
}

interface StoreState {
  orders: {
    order_id: number;
    state: string;
    submitted: number;
    bill_to_id: string | null;
    total_minor: number | null;
    discount_minor: number | null;
  }[];
  lines: number;
}

function testStore(svc: TestService): StoreState {
  const db = new Database(join(svc.dataDir, 'test.db'), { readonly: true });
  try {
    return {
      orders: db
        .prepare(
          'SELECT order_id, state, submitted, bill_to_id, total_minor, discount_minor FROM orders ORDER BY order_id',
        )
        .all() as StoreState['orders'],
      lines: (db.prepare('SELECT count(*) AS n FROM order_lines').get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

/** What each fault leaves in the test store, as docs/checkout.md states it. */
const EXPECTED: Record<FaultSwitch, { id: boolean; state?: string; lines: number; completed: boolean }> = {
  'backoffice.soap.exception': { id: false, lines: 0, completed: false },
  'backoffice.failed.sales.order.create': { id: true, state: 'created', lines: 0, completed: false },
  'backoffice.failed.sales.lines.update': { id: true, state: 'lines_added', lines: 2, completed: false },
  'backoffice.failed.sales.order.update': { id: true, state: 'lines_added', lines: 2, completed: false },
  'backoffice.failed.sales.order.submit': { id: true, state: 'open', lines: 2, completed: true },
};

describe.each(Object.keys(EXPECTED) as FaultSwitch[])('test listener started with fault %s', (fault) => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService({ faults: fault, parts: 400 });
  });

  afterAll(async () => {
    await svc?.close();
  });

  it('answers the fault code for a valid order, and leaves the documented state', async () => {
    const before = await stock(svc.testUrl);
    const res = await get(svc.testUrl, CHECKOUT_PATH, ORDER);
    const op = res.json.OrderPlaced;
    const expected = EXPECTED[fault];
    expect(res.status).toBe(502);
    expect(op.serverErrors).toBe(fault);
    expect(op.errors).toHaveLength(1);
    expect(op.errors[0].code).toBe(fault);
    expect(op.submitted).toBe('false');
    expect(op.ProcessedCartEntry).toEqual([]);
    expect(op.subtotal).toBe('');

    const state = testStore(svc);
    if (expected.id) {
      expect(Number(op.id)).toBeGreaterThan(90_000_000);
      expect(op.errors[0].message).toContain(op.id);
      expect(state.orders).toHaveLength(1);
      expect(state.orders[0]).toMatchObject({ order_id: Number(op.id), state: expected.state, submitted: 0 });
      if (expected.completed) {
        expect(state.orders[0].bill_to_id).toBe('2001');
        expect(state.orders[0].total_minor).toBeGreaterThan(0);
        expect(state.orders[0].discount_minor).toBeGreaterThan(0);
      } else {
        expect(state.orders[0].bill_to_id).toBeNull();
        expect(state.orders[0].total_minor).toBeNull();
      }
    } else {
      expect(op.id).toBe('');
      expect(state.orders).toHaveLength(0);
    }
    expect(state.lines).toBe(expected.lines);
    // No fault takes stock.
    expect(await stock(svc.testUrl)).toBe(before);
  });

  it('still refuses an invalid order with its own error, writing nothing', async () => {
    const ordersBefore = testStore(svc).orders.length;
    const res = await get(svc.testUrl, CHECKOUT_PATH, { ...ORDER, quantities: '3,10' });
    expect(res.json.OrderPlaced.serverErrors).toBe('checkout.item.quantity.minimum');
    expect(testStore(svc).orders).toHaveLength(ordersBefore);
  });

  if (fault === 'backoffice.failed.sales.order.submit') {
    it('only fails submission: an order that is not submitted is created normally', async () => {
      const res = await get(svc.testUrl, CHECKOUT_PATH, { ...ORDER, submitOrder: 'false' });
      expect(res.status).toBe(200);
      expect(res.json.OrderPlaced.serverErrors).toBe('');
      expect(res.json.OrderPlaced.submitted).toBe('false');
    });
  }

  it('leaves the production listener alone: the same order succeeds there and takes stock', async () => {
    const before = await stock(svc.productionUrl);
    const res = await get(svc.productionUrl, CHECKOUT_PATH, ORDER);
    expect(res.status).toBe(200);
    expect(res.json.OrderPlaced.serverErrors).toBe('');
    expect(res.json.OrderPlaced.submitted).toBe('true');
    expect(Number(res.json.OrderPlaced.id)).toBeLessThan(90_000_000);
    expect(await stock(svc.productionUrl)).toBe(before - 3);
  });
});
