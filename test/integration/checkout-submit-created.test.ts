/**
 * Submitting an order created earlier without submitting (docs/checkout.md "Submitting a created order"), over HTTP
 * against the service's test environment: through src/checkout's client as the task pane calls it, and by the raw
 * parameters where the refusals are checked.
 */
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import {
  hashPassword,
  isCheckoutError,
  placeOrder,
  submitCreatedOrder,
  type CheckoutRequest,
} from '../../src/checkout';
import { DEMO_AUTH, get, startTestService, type TestService } from '../helpers/service';

jest.setTimeout(60_000);

let svc: TestService;
let faulty: TestService;
let password: string;

beforeAll(async () => {
  [svc, faulty] = await Promise.all([
    startTestService({ parts: 300 }),
    startTestService({ parts: 300, faults: 'backoffice.failed.sales.order.submit' }),
  ]);
  password = await hashPassword('demo-password');
});

afterAll(async () => {
  await Promise.all([svc?.close(), faulty?.close()]);
});

function created(over: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    username: 'buyer@example.com',
    passwordHash: password,
    customerPONumber: 'PO-CREATED',
    shipToAddressId: '1001',
    lines: [
      { itemId: F.stock50, quantity: 3 },
      { itemId: F.moq100, quantity: 100 },
    ],
    submitOrder: false,
    discountCode: 'DEMO10',
    ...over,
  };
}

async function stock(base: string, sourcePartId: string, part: string): Promise<number> {
  const res = await get(base, '/itemservice/v4/en/search/token', { search_token: part, rows: 25, ...DEMO_AUTH });
  for (const p of res.json.itemserviceresult.data[0].PartList)
    for (const site of p.InvOrg.webSites)
      for (const source of site.sources)
        for (const sp of source.sourceParts) if (sp.sourcePartId === sourcePartId) return sp.Availability[0].fohQty;
  throw new Error(`${sourcePartId} not found`);
}

async function raw(base: string, params: Record<string, string>) {
  const res = await get(base, CHECKOUT_PATH, { fmt: 'json', ...params });
  return { status: res.status, op: res.json.OrderPlaced };
}

test('a created order is submitted by its id: same order, same totals, the stock taken once; a second submission changes nothing', async () => {
  const config = { baseUrl: svc.testUrl };
  const before = await stock(svc.testUrl, F.stock50, 'SMBJ5.0A');
  const order = await placeOrder(config, created());
  expect(order.submitted).toBe(false);
  expect(await stock(svc.testUrl, F.stock50, 'SMBJ5.0A')).toBe(before);

  const submitted = await submitCreatedOrder(config, {
    username: 'buyer@example.com',
    passwordHash: password,
    orderId: order.orderId!,
  });
  expect(submitted.orderId).toBe(order.orderId);
  expect(submitted.submitted).toBe(true);
  expect([submitted.subtotal, submitted.discount, submitted.total, submitted.currency]).toEqual([
    order.subtotal,
    order.discount,
    order.total,
    order.currency,
  ]);
  expect(submitted.lines.map((l) => [l.itemId, l.qty, l.ped])).toEqual(
    order.lines.map((l) => [l.itemId, l.qty, l.ped]),
  );
  expect(await stock(svc.testUrl, F.stock50, 'SMBJ5.0A')).toBe(before - 3);
  expect(submitted.lines[0].aqt).toBe(before - 3);

  const again = await submitCreatedOrder(config, {
    username: 'buyer@example.com',
    passwordHash: password,
    orderId: order.orderId!,
  }).catch((e: unknown) => e);
  expect(isCheckoutError(again) && again.kind).toBe('refused');
  expect(isCheckoutError(again) && again.problems.map((p) => p.code)).toEqual(['checkout.order.submitted']);
  expect(await stock(svc.testUrl, F.stock50, 'SMBJ5.0A')).toBe(before - 3);
});

test('another customer’s order, an unknown id, an order of the other environment: not found; nothing is submitted', async () => {
  const order = await placeOrder({ baseUrl: svc.testUrl }, created({ customerPONumber: 'PO-OTHER' }));
  const other = await raw(svc.testUrl, {
    username: 'other@example.com',
    password,
    orderId: order.orderId!,
    submitOrder: 'true',
  });
  expect([other.status, other.op.serverErrors, other.op.id]).toEqual([422, 'checkout.order.not.found', '']);
  const unknown = await raw(svc.testUrl, {
    username: 'buyer@example.com',
    password,
    orderId: '99999999',
    submitOrder: 'true',
  });
  expect(unknown.op.serverErrors).toBe('checkout.order.not.found');
  // Test and production have their own stores: a test order id means nothing to production.
  const production = await raw(svc.productionUrl, {
    username: 'buyer@example.com',
    password,
    orderId: order.orderId!,
    submitOrder: 'true',
  });
  expect(production.op.serverErrors).toBe('checkout.order.not.found');
  const mine = await submitCreatedOrder(
    { baseUrl: svc.testUrl },
    { username: 'buyer@example.com', passwordHash: password, orderId: order.orderId! },
  );
  expect(mine.submitted).toBe(true);
});

test('orderId submits as it is: new-order fields beside it, or no submitOrder=true, are refused and nothing changes', async () => {
  const order = await placeOrder({ baseUrl: svc.testUrl }, created({ customerPONumber: 'PO-FIELDS' }));
  const withItems = await raw(svc.testUrl, {
    username: 'buyer@example.com',
    password,
    orderId: order.orderId!,
    submitOrder: 'true',
    itemIds: F.stock50,
    quantities: '1',
  });
  expect(withItems.op.serverErrors).toBe('checkout.parameter.invalid');
  expect(withItems.op.errors[0].message).toContain('itemIds, quantities cannot be given with it');
  const notSubmit = await raw(svc.testUrl, { username: 'buyer@example.com', password, orderId: order.orderId! });
  expect(notSubmit.op.errors[0].message).toBe('orderId submits an existing order: give submitOrder=true with it.');
  const badId = await raw(svc.testUrl, {
    username: 'buyer@example.com',
    password,
    orderId: 'ABC',
    submitOrder: 'true',
  });
  expect(badId.op.serverErrors).toBe('checkout.parameter.invalid');
  const wrongPassword = await raw(svc.testUrl, {
    username: 'buyer@example.com',
    password: '0'.repeat(64),
    orderId: order.orderId!,
    submitOrder: 'true',
  });
  expect(wrongPassword.op.serverErrors).toBe('checkout.invalid.password');
  // Still open: it can be submitted now.
  expect(
    (
      await submitCreatedOrder(
        { baseUrl: svc.testUrl },
        { username: 'buyer@example.com', passwordHash: password, orderId: order.orderId! },
      )
    ).submitted,
  ).toBe(true);
});

test('a line short of stock at submission refuses the whole submission, naming the line; the order stays open', async () => {
  const order = await placeOrder(
    { baseUrl: svc.testUrl },
    created({ customerPONumber: 'PO-SHORT', lines: [{ itemId: F.stock20, quantity: 20 }] }),
  );
  // Someone else buys the stock in between.
  await placeOrder(
    { baseUrl: svc.testUrl },
    created({ customerPONumber: 'PO-TAKE', lines: [{ itemId: F.stock20, quantity: 20 }], submitOrder: true }),
  );
  const short = await submitCreatedOrder(
    { baseUrl: svc.testUrl },
    { username: 'buyer@example.com', passwordHash: password, orderId: order.orderId! },
  ).catch((e: unknown) => e);
  expect(isCheckoutError(short) && short.problems).toEqual([
    expect.objectContaining({ code: 'checkout.item.quantity.maximum', itemId: F.stock20, line: 1 }),
  ]);
  expect(isCheckoutError(short) && short.orderMayExist).toBe(false);
});

test('the submit fault leaves the order open and names it; a checkout without the extension refuses and creates nothing', async () => {
  const order = await placeOrder({ baseUrl: faulty.testUrl }, created({ customerPONumber: 'PO-FAULT' }));
  const failed = await submitCreatedOrder(
    { baseUrl: faulty.testUrl },
    { username: 'buyer@example.com', passwordHash: password, orderId: order.orderId! },
  ).catch((e: unknown) => e);
  expect(isCheckoutError(failed) && [failed.kind, failed.orderId]).toEqual(['order-may-exist', order.orderId]);

  // A checkout that ignores orderId sees a request without a PO number or items: refused, so no second order.
  const plain = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    url.searchParams.delete('orderId');
    return fetch(url, init);
  };
  const unsupported = await submitCreatedOrder(
    { baseUrl: svc.testUrl, fetch: plain as typeof fetch },
    { username: 'buyer@example.com', passwordHash: password, orderId: order.orderId! },
  ).catch((e: unknown) => e);
  expect(isCheckoutError(unsupported) && unsupported.kind).toBe('refused');
  expect(String((unsupported as Error).message)).toContain(
    `This checkout cannot submit an order created earlier; nothing was changed. Ask customer service to submit order ${order.orderId}`,
  );
});
