import { startTestService, type TestService } from '../helpers/service';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import {
  CheckoutError,
  hashPassword,
  placeOrder,
  type CheckoutConfig,
  type CheckoutLine,
  type CheckoutRequest,
  type OrderResult,
} from '../../src/checkout';

jest.setTimeout(60_000);

let svc: TestService;
let faulty: TestService;
let demoHash: string;

beforeAll(async () => {
  [svc, faulty, demoHash] = await Promise.all([
    startTestService(),
    startTestService({ faults: 'backoffice.failed.sales.order.create' }),
    hashPassword('demo-password'),
  ]);
});

afterAll(async () => {
  await Promise.all([svc?.close(), faulty?.close()]);
});

/** A fetch that counts what was sent, so tests can tell "nothing sent" from "refused". */
function counting() {
  const urls: string[] = [];
  const fn = ((input: string | URL | Request, init?: RequestInit) => {
    urls.push(String(input));
    return fetch(input, init);
  }) as typeof fetch;
  return { fn, urls };
}

function config(over: Partial<CheckoutConfig> = {}): CheckoutConfig {
  return { baseUrl: svc.testUrl, ...over };
}

function order(lines: CheckoutLine[], over: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    username: 'buyer@example.com',
    passwordHash: demoHash,
    customerPONumber: 'PO-CLIENT-1',
    shipToAddressId: '1001',
    lines,
    submitOrder: false,
    ...over,
  };
}

async function failure(promise: Promise<unknown>): Promise<CheckoutError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(CheckoutError);
    return e as CheckoutError;
  }
  throw new Error('expected a CheckoutError');
}

const cents = (n: number) => Math.round(n * 100);

function expectConsistentTotals(result: OrderResult) {
  expect(result.subtotal).not.toBeNull();
  expect(cents(result.subtotal!)).toBe(result.lines.reduce((sum, l) => sum + cents(l.itot), 0));
  expect(cents(result.total!)).toBe(cents(result.subtotal!) - cents(result.discount ?? 0));
  for (const line of result.lines) expect(cents(line.itot)).toBe(Math.round(line.qty * line.ped * 100));
}

describe('orders placed on the test environment', () => {
  test('create without submitting (XML): lines, prices and totals', async () => {
    const result = await placeOrder(
      config(),
      order([
        { itemId: F.stock20, quantity: 2, moq: 1, packSize: 1, stock: 20 },
        { itemId: F.moq100, quantity: 100, moq: 100, packSize: 10 },
      ]),
    );
    expect(result).toMatchObject({
      ok: true,
      submitted: false,
      currency: 'USD',
      shipToAddressId: '1001',
      shipAgent: 'B',
      shipService: 'GROUND',
      errors: [],
    });
    expect(Number(result.orderId)).toBeGreaterThan(90_000_000);
    expect(result.lines.map((l) => [l.itemId, l.qty, l.moq, l.inc])).toEqual([
      [F.stock20, 2, 1, 1],
      [F.moq100, 100, 100, 10],
    ]);
    // Created, not submitted: the stock is untouched.
    expect(result.lines[0].aqt).toBe(20);
    expect(result.lines[0].Tiers[0]).toMatchObject({ minQty: 1 });
    expect(result.lines[1].Tiers[0]).toMatchObject({ minQty: 100 });
    expect(result.lines[0].edd! >= result.lines[0].esd!).toBe(true);
    expectConsistentTotals(result);
  });

  test('submit (JSON) with a discount: submitted, stock taken, total after discount', async () => {
    const result = await placeOrder(
      config({ format: 'json' }),
      order([{ itemId: F.stock50, quantity: 3 }], { submitOrder: true, discountCode: 'DEMO10' }),
    );
    expect(result).toMatchObject({ ok: true, submitted: true });
    expect(result.lines).toEqual([expect.objectContaining({ itemId: F.stock50, qty: 3, aqt: 47 })]);
    expect(result.discount).toBeGreaterThan(0);
    expect(result.total).toBeLessThan(result.subtotal!);
    expectConsistentTotals(result);
  });

  test('a regional item with its source code', async () => {
    const result = await placeOrder(config(), order([{ itemId: F.nacInStock, quantity: 5, sourceCode: 'NAC' }]));
    expect(result.lines).toEqual([expect.objectContaining({ itemId: F.nacInStock, cOfC: true, warranty: true })]);
  });

  test('a freight-forwarder ship-to address with a complete ultimate destination', async () => {
    const result = await placeOrder(
      config(),
      order([{ itemId: F.stock50, quantity: 1 }], {
        shipToAddressId: '1003',
        shipToIsFreightForwarder: true,
        ultimateDestination: {
          addressName: 'Receiving',
          companyName: 'Acme GmbH',
          phoneNumber: '+49 89 1234',
          countryCode: 'DE',
          street1: 'Hauptstraße 1',
          city: 'München',
          postalCode: '80331',
          addressType: 'Commercial',
        },
      }),
    );
    expect(result.ok).toBe(true);
  });
});

describe('refusals, each a CheckoutError naming the item', () => {
  test('below the minimum, known before sending: invalid, nothing sent', async () => {
    const { fn, urls } = counting();
    const e = await failure(
      placeOrder(config({ fetch: fn }), order([{ itemId: F.moq100, quantity: 10, moq: 100, packSize: 10 }])),
    );
    expect(e.kind).toBe('invalid');
    expect(e.problems).toEqual([
      expect.objectContaining({
        code: 'checkout.item.quantity.minimum',
        itemId: F.moq100,
        line: 1,
        suggestedQuantity: 100,
      }),
    ]);
    expect(urls).toHaveLength(0);
  });

  test('below the minimum, refused by the service', async () => {
    const e = await failure(
      placeOrder(
        config(),
        order([
          { itemId: F.stock20, quantity: 1 },
          { itemId: F.moq100, quantity: 10 },
        ]),
      ),
    );
    expect(e).toMatchObject({ kind: 'refused', status: 422, code: 'checkout.item.quantity.minimum' });
    expect(e.problems).toEqual([
      expect.objectContaining({ code: 'checkout.item.quantity.minimum', itemId: F.moq100, line: 2 }),
    ]);
    expect(e.message).toContain('100');
  });

  test('not a whole number of packs', async () => {
    const e = await failure(placeOrder(config({ format: 'json' }), order([{ itemId: F.moq100, quantity: 105 }])));
    expect(e).toMatchObject({ kind: 'refused', status: 422 });
    expect(e.problems).toEqual([
      expect.objectContaining({ code: 'checkout.item.quantity.increment', itemId: F.moq100, line: 1 }),
    ]);
  });

  test('more than the stock', async () => {
    const e = await failure(placeOrder(config(), order([{ itemId: F.stock20, quantity: 21 }])));
    expect(e).toMatchObject({ kind: 'refused', status: 409, orderId: null });
    expect(e.problems).toEqual([
      expect.objectContaining({ code: 'checkout.item.quantity.maximum', itemId: F.stock20, line: 1 }),
    ]);
    expect(e.orderMayExist).toBe(false);
  });

  test('a ship-to address that is not a terms address', async () => {
    const e = await failure(
      placeOrder(config(), order([{ itemId: F.stock20, quantity: 1 }], { shipToAddressId: '1002' })),
    );
    expect(e).toMatchObject({ kind: 'refused', status: 403, code: 'checkout.address.not.terms' });
  });

  test('an item that is not in the catalog', async () => {
    const e = await failure(
      placeOrder(
        config(),
        order([
          { itemId: F.stock20, quantity: 1 },
          { itemId: 'NO-SUCH-PART', quantity: 1 },
        ]),
      ),
    );
    expect(e).toMatchObject({ kind: 'refused', status: 422 });
    expect(e.problems).toEqual([
      expect.objectContaining({ code: 'checkout.item.not.found', itemId: 'NO-SUCH-PART', line: 2 }),
    ]);
  });

  test('a freight forwarder without ultimate destination: invalid when known, refused by the service otherwise', async () => {
    const { fn, urls } = counting();
    const known = await failure(
      placeOrder(
        config({ fetch: fn }),
        order([{ itemId: F.stock20, quantity: 1 }], { shipToAddressId: '1003', shipToIsFreightForwarder: true }),
      ),
    );
    expect(known.kind).toBe('invalid');
    expect(known.code).toBe('checkout.uc.required');
    expect(urls).toHaveLength(0);

    const e = await failure(
      placeOrder(config(), order([{ itemId: F.stock20, quantity: 1 }], { shipToAddressId: '1003' })),
    );
    expect(e).toMatchObject({ kind: 'refused', status: 400, code: 'checkout.uc.required' });
  });

  test('a regional item without its source code is caught before sending', async () => {
    const { fn, urls } = counting();
    const e = await failure(placeOrder(config({ fetch: fn }), order([{ itemId: F.nacInStock, quantity: 1 }])));
    expect(e.kind).toBe('invalid');
    expect(e.problems).toEqual([
      expect.objectContaining({ code: 'checkout.source.code.required', itemId: F.nacInStock }),
    ]);
    expect(urls).toHaveLength(0);
  });

  test('wrong password and unknown user: auth', async () => {
    const wrong = await failure(
      placeOrder(config(), order([{ itemId: F.stock20, quantity: 1 }], { passwordHash: await hashPassword('wrong') })),
    );
    expect(wrong).toMatchObject({ kind: 'auth', status: 401, code: 'checkout.invalid.password' });
    const nobody = await failure(
      placeOrder(
        config({ format: 'json' }),
        order([{ itemId: F.stock20, quantity: 1 }], { username: 'nobody@example.com' }),
      ),
    );
    expect(nobody).toMatchObject({ kind: 'auth', status: 401, code: 'checkout.user.not.found' });
  });
});

describe('a back office that fails after creating the order', () => {
  test('order-may-exist, with the order id', async () => {
    const e = await failure(
      placeOrder({ baseUrl: faulty.testUrl }, order([{ itemId: F.stock20, quantity: 1 }], { submitOrder: true })),
    );
    expect(e).toMatchObject({ kind: 'order-may-exist', status: 502, code: 'backoffice.failed.sales.order.create' });
    expect(e.orderId).toMatch(/^9\d{7}$/);
    expect(e.orderMayExist).toBe(true);
    expect(e.retryable).toBe(false);
    expect(e.message).toContain(`Order ${e.orderId}`);
  });

  test('the production listener never simulates faults', async () => {
    const result = await placeOrder(
      { baseUrl: faulty.productionUrl, format: 'json' },
      order([{ itemId: F.stock50, quantity: 1 }]),
    );
    expect(result.ok).toBe(true);
    expect(Number(result.orderId)).toBeLessThan(90_000_000);
  });
});
