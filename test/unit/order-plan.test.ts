import { validateCheckout } from '../../src/checkout';
import { ENVIRONMENT_DEFAULTS, SettingsError } from '../../src/settings';
import { checkoutBaseUrl, defaultOrderEnvironment } from '../../taskpane/order/environment';
import { credentialStore, credentialsKey } from '../../taskpane/order/credentials';
import { type ReviewLine, estimate, lineQuantity } from '../../src/workflows/order-review';
import { buildRequest, emptyForm } from '../../taskpane/order/order-form';
import { showProblem } from '../../taskpane/order/order-problems';

function reviewLine(o: Partial<ReviewLine> = {}): ReviewLine {
  return {
    key: '65130989',
    itemId: '65130989',
    part: '2N7002-7-F',
    manufacturer: 'Diodes',
    source: 'MARKETPLACE',
    currency: 'USD',
    unitPrice: 0.05,
    moq: 100,
    pack: 10,
    stock: 25_000,
    rows: [4],
    entered: '100',
    need: null,
    planned: 100,
    reasons: { overage: null, overbuy: null, sharedWith: null },
    previousOrders: [],
    ...o,
  };
}

describe('quantities: rounded up to the MOQ and whole packs, the change said', () => {
  test.each([
    ['30', 100, 10, 100, '30 → 100 (minimum 100)'],
    ['105', 100, 10, 110, '105 → 110 (packs of 10)'],
    ['3', 5, 4, 8, '3 → 8 (minimum 5, packs of 4)'],
    ['1,000', 100, 10, 1000, null],
    ['1500', 1, 1, 1500, null],
  ])('%s with MOQ %d and pack %d orders %d', (entered, moq, pack, quantity, change) => {
    expect(lineQuantity({ entered, moq, pack })).toEqual({ quantity, change, problem: null });
  });

  test.each(['', 'abc', '0', '-5', '2.5', '1e3', '1000000000'])('"%s" is not a quantity', (entered) => {
    const q = lineQuantity({ entered, moq: 1, pack: 1 });
    expect(q.quantity).toBeNull();
    expect(q.problem).toMatch(/quantity|whole number/i);
  });

  test('an unknown MOQ or pack is no constraint', () => {
    expect(lineQuantity({ entered: '7', moq: null, pack: null })).toEqual({ quantity: 7, change: null, problem: null });
  });
});

test('the estimate is per currency, at the rounded quantities', () => {
  const lines = [
    reviewLine({ entered: '30' }),
    reviewLine({ key: 'A', itemId: 'A', unitPrice: 2, moq: 1, pack: 1, entered: '3' }),
    reviewLine({ key: 'E', itemId: 'E', currency: 'EUR', unitPrice: 1.5, moq: 1, pack: 1, entered: '2' }),
  ];
  expect(estimate(lines)).toEqual([
    { currency: 'USD', amount: 11 },
    { currency: 'EUR', amount: 3 },
  ]);
});

describe('the request the form makes', () => {
  test('trimmed, optional fields only when given, the ultimate destination only for a freight forwarder', () => {
    const form = {
      ...emptyForm('test'),
      username: ' buyer@example.com ',
      customerPONumber: ' PO-1 ',
      shipToAddressId: '1003',
      discountCode: '',
    };
    form.uc = { ...form.uc, addressName: 'Acme GmbH', countryCode: 'de' };
    const { request } = buildRequest(form, [reviewLine({ entered: '30' })], 'a'.repeat(64), true);
    expect(request).toEqual({
      username: 'buyer@example.com',
      passwordHash: 'a'.repeat(64),
      customerPONumber: 'PO-1',
      shipToAddressId: '1003',
      submitOrder: true,
      lines: [{ itemId: '65130989', quantity: 100, sourceCode: 'MARKETPLACE', moq: 100, packSize: 10, stock: 25_000 }],
    });
    const ff = buildRequest({ ...form, freightForwarder: true }, [reviewLine()], 'a'.repeat(64), false).request;
    expect(ff.shipToIsFreightForwarder).toBe(true);
    expect(ff.ultimateDestination).toEqual({ addressName: 'Acme GmbH', countryCode: 'DE' });
    expect(validateCheckout(ff).map((p) => p.field)).toEqual([
      'ucPhoneNumber',
      'ucStreet1',
      'ucCity',
      'ucPostalCode',
      'ucAddressType',
    ]);
  });
});

describe('problems in a buyer’s words, placed', () => {
  const form = { ...emptyForm('test'), username: 'buyer@example.com', customerPONumber: 'PO', shipToAddressId: '1001' };
  const lines = [
    reviewLine({ key: '65130988', itemId: '65130988', moq: 1, pack: 1, entered: '5' }),
    reviewLine({ moq: 1, pack: 1, entered: '30' }),
  ];
  const { request, sent } = buildRequest(form, lines, 'a'.repeat(64), false);

  test('a service refusal of a line gets the catalogue’s words with the numbers, and a suggested quantity', () => {
    const shown = showProblem(
      {
        code: 'checkout.item.quantity.minimum',
        message: 'Quantity 30 of item 65130989 is below its minimum order quantity of 100.',
        itemId: '65130989',
        line: 2,
      },
      request,
      sent,
      true,
    );
    expect(shown).toEqual({
      code: 'checkout.item.quantity.minimum',
      title: 'Row 5, 2N7002-7-F: quantity 30 is below the minimum 100',
      fix: 'Order at least the minimum order quantity, in whole packs. Suggested quantity: 100.',
      place: 'order',
      lineKey: '65130989',
      suggestedQuantity: 100,
    });
  });

  test.each([
    [
      'checkout.address.not.terms',
      'Ship-to address 1002 is not a terms address; orders on terms must ship to one.',
      'shipToAddressId',
      'The ship-to address is not a terms address',
    ],
    [
      'address.not.found',
      "buyer@example.com has no bill-to address '9'.",
      'billToAddressId',
      'The ship-to or bill-to address is not one of the account’s addresses',
    ],
    [
      'checkout.customer.not.allowed',
      'Only a customer-service account may order for another customer with customerUsername.',
      'customerUsername',
      'This account may not order for the customer named',
    ],
    [
      'checkout.discount.code.invalid',
      "Discount code 'NOPE' does not exist.",
      'discountCode',
      'The discount code is unknown or has expired',
    ],
    [
      'checkout.uc.required',
      'The ultimate destination is incomplete: missing ucPhoneNumber, ucCity.',
      'uc.phoneNumber',
      'The ship-to address is a freight forwarder, and the ultimate destination is missing or incomplete',
    ],
    [
      'checkout.invalid.password',
      'The password is not right for this username.',
      'password',
      'The password is not right for this username',
    ],
  ])('%s goes to %s', (code, message, place, title) => {
    const shown = showProblem({ code, message }, request, sent, true);
    expect(shown.place).toBe(place);
    expect(shown.title).toBe(title);
  });

  test('an unknown code keeps the service’s words', () => {
    expect(
      showProblem({ code: 'checkout.something.new', message: 'Something new went wrong.' }, request, sent, true),
    ).toMatchObject({
      title: 'Something new went wrong.',
      place: 'order',
    });
  });
});

describe('environments and credentials', () => {
  test('test and production addresses from the settings', () => {
    const origin = 'https://localhost:3000';
    const local = { environment: 'local' as const, checkoutBaseUrl: '' };
    const test = { environment: 'test' as const, checkoutBaseUrl: 'http://127.0.0.1:8081' };
    const production = { environment: 'production' as const, checkoutBaseUrl: 'https://parts.example.com' };
    expect(defaultOrderEnvironment(local)).toBe('test');
    expect(defaultOrderEnvironment(production)).toBe('production');
    expect(checkoutBaseUrl('test', local, origin)).toBe(`${origin}${ENVIRONMENT_DEFAULTS.test.checkoutBaseUrl}`);
    expect(checkoutBaseUrl('production', local, origin)).toBe(origin);
    expect(checkoutBaseUrl('test', test, origin)).toBe('http://127.0.0.1:8081');
    expect(checkoutBaseUrl('production', production, origin)).toBe('https://parts.example.com');
    expect(() => checkoutBaseUrl('production', { environment: 'production', checkoutBaseUrl: '' }, origin)).toThrow(
      SettingsError,
    );
  });

  test('a test checkout address of its own: the production item service with the test checkout', () => {
    const origin = 'https://localhost:3000';
    const production = {
      environment: 'production' as const,
      checkoutBaseUrl: 'https://shop.example.com',
      testCheckoutBaseUrl: 'https://test-shop.example.com/',
    };
    expect(checkoutBaseUrl('test', production, origin)).toBe('https://test-shop.example.com');
    expect(checkoutBaseUrl('production', production, origin)).toBe('https://shop.example.com');
    expect(checkoutBaseUrl('test', { ...production, environment: 'test' }, origin)).toBe(
      'https://test-shop.example.com',
    );
    expect(checkoutBaseUrl('test', { ...production, testCheckoutBaseUrl: '' }, origin)).toBe(`${origin}/test-env`);
    expect(() =>
      checkoutBaseUrl('test', { ...production, testCheckoutBaseUrl: 'http://test-shop.example.com' }, origin),
    ).toThrow(/test checkout address .* plain http/);
  });

  test('remembered credentials hold the hash, never the password, per environment', async () => {
    const map = new Map<string, string>();
    const store = credentialStore({
      getItem: async (k) => map.get(k) ?? null,
      setItem: async (k, v) => void map.set(k, v),
      removeItem: async (k) => void map.delete(k),
    });
    await store.save('test', { username: 'buyer@example.com', passwordHash: 'b'.repeat(64) });
    expect(JSON.parse(map.get(credentialsKey('test'))!)).toEqual({
      username: 'buyer@example.com',
      passwordHash: 'b'.repeat(64),
    });
    expect(await store.load('production')).toBeNull();
    expect(await store.load('test')).toEqual({ username: 'buyer@example.com', passwordHash: 'b'.repeat(64) });
    await store.forget('test');
    expect(map.size).toBe(0);
    map.set(credentialsKey('test'), '{"username":"x","passwordHash":"not-a-hash"}');
    expect(await store.load('test')).toBeNull();
  });
});
