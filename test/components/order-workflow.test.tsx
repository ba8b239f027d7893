/**
 * The buyer's ordering workflow after the review basics: submitting a created order from its result, part numbers
 * beside item ids, need → order and the plan's reasons, ship-to addresses used before, the fields under "More",
 * and the second order of a selection with marketplace and regional items.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { shipToKey } from '../../taskpane/order/ship-to';
import { afterResults } from './helpers';
import {
  DEFAULT_LINES,
  MOQ100,
  STOCK20,
  button,
  confirmOrderAgain,
  fillOrder,
  openReview,
  orderHarness,
  placeOrder,
  pricedLine,
  refusal,
  tickOrderedBackIn,
  type,
} from './order-helpers';

const NAC = '0898_00015182';

function lineOf(itemId: string): HTMLElement {
  return screen.getByRole('list', { name: 'Order lines' }).querySelector(`li[data-item="${itemId}"]`) as HTMLElement;
}

describe('a created order is submitted from its result, not sent again', () => {
  test('"Submit order N" sends the order id only; the Order column and the Orders log record the submission', async () => {
    const h = await orderHarness();
    await openReview(h);
    const result = await placeOrder('Create order', { 'PO number': 'PO-TWO-STEP' });
    expect(within(result).getByRole('heading', { name: 'Order 90000001 created' })).toBeTruthy();
    const order = afterResults();
    expect(h.book.getValues('BOM', `${order}2:${order}3`)).toEqual([
      ['90000001 created 2026-11-20 09:30'],
      ['90000001 created 2026-11-20 09:30'],
    ]);

    fireEvent.click(within(result).getByRole('button', { name: 'Submit order 90000001' }));
    await screen.findByRole('heading', { name: 'Order 90000001 submitted' });
    expect(h.checkout.requests).toHaveLength(2);
    const sent = h.checkout.requests[1];
    expect([sent.get('orderId'), sent.get('submitOrder'), sent.get('username')]).toEqual([
      '90000001',
      'true',
      'buyer@example.com',
    ]);
    expect(sent.get('password')).toMatch(/^[0-9a-f]{64}$/);
    // Nothing that would make a new order.
    expect([
      sent.get('itemIds'),
      sent.get('quantities'),
      sent.get('customerPONumber'),
      sent.get('shipToAddressId'),
    ]).toEqual([null, null, null, null]);
    expect(screen.getByTestId('order-result').textContent).toContain(
      'Order 90000001 is placed in the test environment.',
    );
    expect(screen.queryByRole('button', { name: /^Submit order 9/ })).toBeNull();

    expect(h.book.getValues('BOM', `${order}2:${order}3`)).toEqual([
      ['90000001 submitted 2026-11-20 09:30'],
      ['90000001 submitted 2026-11-20 09:30'],
    ]);
    expect(h.book.getValues('Orders', 'C2:G3')).toEqual([
      ['PO-TWO-STEP', '90000001', 'no', 2, `${STOCK20} (ATMEGA328P-PU) × 5; ${MOQ100} (2N7002-7-F) × 100`],
      ['PO-TWO-STEP', '90000001', 'yes', 2, `${STOCK20} (ATMEGA328P-PU) × 5; ${MOQ100} (2N7002-7-F) × 100`],
    ]);
    expect(screen.getByTestId('order-result').textContent).toContain('logged on Orders, row 3.');
  });

  test('a refused submission is shown with the result, which keeps its Submit button', async () => {
    const h = await orderHarness();
    await openReview(h);
    await placeOrder('Create order');
    h.checkout.created.clear();
    fireEvent.click(button('Submit order 90000001'));
    const failure = await screen.findByTestId('order-failure');
    expect(failure.textContent).toContain('Order 90000001 was not submitted');
    expect(failure.textContent).toContain('The ordering account has no such order in this environment.');
    expect(button('Submit order 90000001').disabled).toBe(false);
    expect(h.book.getValues('Orders', 'E2:E3')).toEqual([['no'], ['']]);
  });
});

describe('a created order whose submission needs the password again', () => {
  test('the password is asked for with the result, and the created order is submitted, never a second one', async () => {
    const h = await orderHarness();
    await openReview(h);
    const result = await placeOrder('Create order', { 'PO number': 'PO-AGAIN' });
    h.checkout.answer(
      refusal(401, [
        {
          code: 'checkout.invalid.password',
          message:
            'The password is not right for this username; send the SHA-256 of the password as 64 hexadecimal characters.',
        },
      ]),
    );
    fireEvent.click(within(result).getByRole('button', { name: 'Submit order 90000001' }));
    const failure = await screen.findByTestId('order-failure');
    // The way on is with the result: the review's "Submit order" would send the lines again as a new order.
    expect(failure.textContent).not.toMatch(/back to the review|Order form/i);
    fireEvent.click(within(screen.getByTestId('order-result')).getByRole('button', { name: 'Submit order 90000001' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-failure').textContent).toContain('The password is needed again'),
    );
    expect(screen.getByTestId('order-failure').textContent).not.toMatch(/back to the review|Order form/i);
    expect(h.checkout.requests).toHaveLength(2);

    fireEvent.change(within(screen.getByTestId('order-result')).getByLabelText(/^Checkout password/), {
      target: { value: 'demo-password' },
    });
    fireEvent.click(within(screen.getByTestId('order-result')).getByRole('button', { name: 'Submit order 90000001' }));
    await screen.findByRole('heading', { name: 'Order 90000001 submitted' });
    expect(h.checkout.requests).toHaveLength(3);
    const sent = h.checkout.requests[2];
    expect([sent.get('orderId'), sent.get('submitOrder'), sent.get('username')]).toEqual([
      '90000001',
      'true',
      'buyer@example.com',
    ]);
    expect(sent.get('password')).toMatch(/^[0-9a-f]{64}$/);
    // One order: every request after the first named the created order and carried no items.
    expect(h.checkout.requests.slice(1).map((r) => [r.get('orderId'), r.get('itemIds')])).toEqual([
      ['90000001', null],
      ['90000001', null],
    ]);
  });
});

describe('part numbers beside item ids', () => {
  test('in the review, each line names its part and item; in the result, "part (item)"', async () => {
    const h = await orderHarness();
    await openReview(h);
    expect(lineOf(MOQ100).textContent).toContain('2N7002-7-F');
    expect(lineOf(MOQ100).textContent).toContain(`Item ${MOQ100}`);
    const result = await placeOrder('Submit order');
    const rows = within(within(result).getByRole('table', { name: 'Order lines as processed' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.querySelector('td')?.textContent)).toEqual([
      `ATMEGA328P-PU (${STOCK20})`,
      `2N7002-7-F (${MOQ100})`,
    ]);
  });
});

describe('need → order quantity and why, in the plan’s words', () => {
  test('minimum, a cheaper break, overage and a part two rows share, each from the Status cell the plan wrote', async () => {
    const h = await orderHarness({
      lines: [
        pricedLine(1, {
          matchedPart: '2N7002-7-F',
          itemId: MOQ100,
          need: 20,
          orderQty: 100,
          moq: 100,
          pack: 10,
          statusReason: '100 for 20: minimum order 100 (80 spare)',
        }),
        pricedLine(2, {
          matchedPart: 'BAV99',
          itemId: '65130991',
          need: 120,
          orderQty: 250,
          statusReason: '250 for 120: buying 250 costs 62.50 instead of 75.00 USD (saves 12.50; 130 spare)',
        }),
        pricedLine(3, {
          matchedPart: 'LED-RED',
          itemId: '65130992',
          need: 100,
          orderQty: 105,
          statusReason: 'need 100 + 5 overage',
        }),
        pricedLine(4, { matchedPart: 'ATMEGA328P-PU', itemId: STOCK20, need: 5, orderQty: 5 }),
      ],
    });
    await openReview(h);
    const story = (id: string) => within(lineOf(id)).getByTestId('quantity-story').textContent;
    expect(story(MOQ100)).toBe('Need 20 → order 100: minimum order 100, 80 spare');
    expect(story('65130991')).toBe(
      'Need 120 → order 250: buying 250 costs 62.50 instead of 75.00 USD (saves 12.50), 130 spare',
    );
    expect(story('65130992')).toBe('Need 100 → order 105: 5 overage');
    expect(story(STOCK20)).toBe('Need 5 → order 5');
  });

  test('rows of one part: their needs added, and the rows it is bought with named', async () => {
    const shared = 'bought with row 3: 100 for a need of 60; 100 for 60: minimum order 100 (40 spare)';
    const h = await orderHarness({
      lines: [
        pricedLine(1, {
          matchedPart: '2N7002-7-F',
          itemId: MOQ100,
          need: 40,
          orderQty: 100,
          moq: 100,
          statusReason: shared,
        }),
        pricedLine(2, {
          matchedPart: '2N7002-7-F',
          itemId: MOQ100,
          need: 20,
          orderQty: 100,
          moq: 100,
          statusReason: shared.replace('row 3', 'row 2'),
        }),
      ],
    });
    await openReview(h);
    expect(within(lineOf(MOQ100)).getByTestId('quantity-story').textContent).toBe(
      'Need 60 → order 100: minimum order 100, 40 spare; bought together with row 3',
    );
  });
});

describe('ship-to addresses used before', () => {
  test('typed once: the next review fills it in; the list is per environment, in add-in storage, and one can be forgotten', async () => {
    const storage = new Map<string, string>();
    const first = await orderHarness({ storage });
    await openReview(first);
    await placeOrder('Create order', { 'Ship-to address id': '1004' });
    expect(JSON.parse(storage.get(shipToKey('test'))!)).toEqual([
      { id: '1004', account: 'buyer@example.com', lastUsed: expect.any(String) },
    ]);
    expect(JSON.stringify(first.book.settings.snapshot())).not.toContain('1004');
    fireEvent.click(button('Back to the review'));
    tickOrderedBackIn();
    type(/^Ship-to address id/, '1001');
    type(/^PO number/, 'PO-2');
    fireEvent.click(button('Create order'));
    await confirmOrderAgain();
    await screen.findByRole('heading', { name: 'Order 90000002 created' });
    cleanup();

    // A new pane on the same computer, the password remembered: the last address is filled in, both are offered.
    const second = await orderHarness({ storage });
    await openReview(second);
    type(/^Username/, 'buyer@example.com');
    const used = await screen.findByTestId('ship-to-used');
    expect(
      within(used)
        .getAllByRole('button', { name: /^Ship to/ })
        .map((b) => b.textContent),
    ).toEqual(['1001', '1004']);
    fireEvent.click(within(used).getByRole('button', { name: 'Ship to 1004' }));
    expect((screen.getByLabelText(/^Ship-to address id/) as HTMLInputElement).value).toBe('1004');
    expect(within(used).getByRole('button', { name: 'Ship to 1004' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(used).getByRole('button', { name: 'Forget ship-to 1001' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('ship-to-used')).queryByRole('button', { name: 'Ship to 1001' })).toBeNull(),
    );
    expect(JSON.parse(storage.get(shipToKey('test'))!).map((e: { id: string }) => e.id)).toEqual(['1004']);
    // Production keeps its own list: none yet.
    expect(storage.has(shipToKey('production'))).toBe(false);
  });

  test('an empty ship-to field takes the address the account used last when the review opens', async () => {
    const storage = new Map<string, string>([
      [
        shipToKey('test'),
        JSON.stringify([{ id: '1004', account: 'buyer@example.com', lastUsed: '2026-11-19T10:00:00.000Z' }]),
      ],
    ]);
    storage.set(
      'partsheet.checkout.test',
      JSON.stringify({ username: 'buyer@example.com', passwordHash: 'a'.repeat(64) }),
    );
    const h = await orderHarness({ storage });
    await openReview(h);
    await waitFor(() => expect((screen.getByLabelText(/^Ship-to address id/) as HTMLInputElement).value).toBe('1004'));
    // Another account's addresses are not offered.
    type(/^Username/, 'other@example.com');
    expect(screen.queryByTestId('ship-to-used')).toBeNull();
  });
});

describe('customer-service and partner fields under "More"', () => {
  test('folded by default; opened by a click, and by itself when one of them has a problem', async () => {
    const h = await orderHarness();
    await openReview(h);
    expect(screen.queryByLabelText(/^Partner customer no\./)).toBeNull();
    fireEvent.click(button('More: customer service and partner'));
    type(/^Partner customer no\./, 'C-2000');
    fireEvent.click(button('More: customer service and partner'));
    // A value in it keeps it open: nothing sent is hidden.
    expect(screen.getByLabelText(/^Partner customer no\./)).toBeTruthy();
    fillOrder();
    h.checkout.answer((params) => ({
      status: 422,
      body: {
        OrderPlaced: {
          serverErrors: 'checkout.partner.customer.not.found',
          errors: [
            {
              code: 'checkout.partner.customer.not.found',
              message: "Partner customer number 'C-2000' is not one of buyer@example.com's.",
            },
          ],
          ProcessedCartEntry: [],
          id: '',
          stAddressId: params.get('shipToAddressId'),
          submitted: 'false',
        },
      },
    }));
    fireEvent.click(button('Create order'));
    const field = await screen.findByLabelText(/^Partner customer no\./);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(h.checkout.requests[0].get('partnerCustomerNumber')).toBe('C-2000');
  });
});

describe('two orders from one selection: marketplace and regional items', () => {
  const LINES = [
    ...DEFAULT_LINES.slice(0, 2),
    pricedLine(3, {
      matchedPart: '1N4148W-7-F',
      manufacturer: 'Diodes',
      itemId: NAC,
      source: 'NAC',
      orderQty: 10,
      unitPrice: 0.02,
      need: 10,
    }),
  ];

  test('after the first order, one click prepares the second with the same form; the same PO is asked about as after "Back to the review"', async () => {
    const h = await orderHarness({ lines: LINES });
    await openReview(h);
    expect(screen.getByTestId('order-selection').textContent).toBe('Read BOM!A2:A4: 2 lines to order, 1 row left out.');
    const result = await placeOrder('Submit order', { 'PO number': 'PO-BOTH' });
    fireEvent.click(within(result).getByRole('button', { name: 'Prepare the regional order (1 line)' }));

    const lines = await screen.findByRole('list', { name: 'Order lines' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-item')),
    ).toEqual([NAC]);
    expect(screen.getByTestId('order-left-out').textContent).toContain('Row 2 (ATMEGA328P-PU): in order 90000001');
    expect((screen.getByLabelText(/^PO number/) as HTMLInputElement).value).toBe('PO-BOTH');
    fireEvent.click(button('Submit order'));
    // The same question as after "Back to the review", the earlier order named as this selection's.
    const asked = await screen.findByRole('alertdialog');
    expect(within(asked).getByText('PO-BOTH was used before')).toBeTruthy();
    expect(asked.textContent).toMatch(/Order 90000001 \(submitted, [^)]*, made from this selection\)/);
    fireEvent.click(within(asked).getByRole('button', { name: 'Send another order', hidden: true }));
    await screen.findByRole('heading', { name: 'Order 90000002 submitted' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Prepare the/ })).toBeNull();
    const second = h.checkout.requests[1];
    expect([second.get('itemIds'), second.get('sourceCodes'), second.get('customerPONumber')]).toEqual([
      NAC,
      'NAC',
      'PO-BOTH',
    ]);
    expect(h.book.getValues('Orders', 'D2:G3')).toEqual([
      ['90000001', 'yes', 2, `${STOCK20} (ATMEGA328P-PU) × 5; ${MOQ100} (2N7002-7-F) × 100`],
      ['90000002', 'yes', 1, `${NAC} (1N4148W-7-F) × 10`],
    ]);
  });
});

describe('words', () => {
  test('a problem at a field above the message is said to be "marked above"', async () => {
    const h = await orderHarness();
    await openReview(h);
    fillOrder({ 'Ship-to address id': '' });
    fireEvent.click(button('Create order'));
    const failure = await screen.findByTestId('order-failure');
    expect(failure.textContent).toContain('One thing needs fixing first; it is marked above, at its field or line.');
    expect(h.checkout.requests).toHaveLength(0);
  });
});

describe('two orders from one selection: items priced in two currencies', () => {
  const EUROPE = 'E02:0323_00016422';
  const LINES = [
    pricedLine(1, {
      matchedPart: '1N4148W-7-F',
      manufacturer: 'Diodes',
      itemId: NAC,
      source: 'NAC',
      orderQty: 10,
      unitPrice: 0.02,
      need: 10,
    }),
    pricedLine(2, {
      matchedPart: 'BAV99',
      manufacturer: 'Nexperia',
      itemId: EUROPE,
      source: 'EUROPE',
      orderQty: 20,
      unitPrice: 0.11,
      offerPrice: 0.1,
      offerCurrency: 'EUR',
      need: 20,
    }),
  ];

  test('the review says why there are two orders; each is sent in one currency, the second prepared in one click', async () => {
    const h = await orderHarness({ lines: LINES });
    await openReview(h);
    expect(screen.getByTestId('order-split').textContent).toBe(
      'This selection makes 2 orders: the checkout takes one currency per order (EUR, USD). This is the EUR order; the USD order (1 line) is prepared after it.',
    );
    expect(screen.getByRole('heading', { name: 'Lines of the EUR order' })).toBeTruthy();
    expect(screen.getByTestId('order-left-out').textContent).toContain(
      'Row 2 (1N4148W-7-F): priced in USD: the checkout takes one currency per order; it goes in an order of its own',
    );
    // Left out, by kind: the row of the next order under its own heading, apart from rows that cannot be ordered.
    const nextRows = () =>
      within(screen.getByRole('list', { name: 'For the next order (1)' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(nextRows()).toEqual([expect.stringMatching(/^Row 2 \(1N4148W-7-F\): priced in USD/)]);
    expect(screen.queryByRole('list', { name: /^Cannot be ordered/ })).toBeNull();
    const result = await placeOrder('Submit order', { 'PO number': 'PO-TWO-CURRENCIES' });
    expect([h.checkout.requests[0].get('itemIds'), h.checkout.requests[0].get('sourceCodes')]).toEqual([
      EUROPE,
      'EUROPE',
    ]);

    fireEvent.click(within(result).getByRole('button', { name: 'Prepare the USD order (1 line)' }));
    await screen.findByRole('heading', { name: 'Lines of the USD order' });
    expect(screen.getByTestId('order-left-out').textContent).toContain('Row 3 (BAV99): in order 90000001');
    expect(screen.getByRole('list', { name: 'Ordered already or removed (1)' }).textContent).toBe(
      'Row 3 (BAV99): in order 90000001',
    );
    expect(screen.queryByRole('list', { name: /^For the next order/ })).toBeNull();
    fireEvent.click(button('Submit order'));
    fireEvent.click(
      await within(await screen.findByRole('alertdialog')).findByRole('button', {
        name: 'Send another order',
        hidden: true,
      }),
    );
    await screen.findByRole('heading', { name: 'Order 90000002 submitted' });
    expect([h.checkout.requests[1].get('itemIds'), h.checkout.requests[1].get('sourceCodes')]).toEqual([NAC, 'NAC']);
    expect(screen.queryByRole('button', { name: /^Prepare the/ })).toBeNull();
  });
});
