import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PricedLine } from '../../src/purchase/priced-layout';
import { ORDER_PROBLEM_FILL } from '../../src/excel/order-sheet';
import { afterResults } from './helpers';
import { MOQ100, STOCK20, button, fillOrder, openReview, orderHarness, pricedLine, refusal } from './order-helpers';

/** The line of an item in the review. */
function lineOf(itemId: string): HTMLElement {
  return screen.getByRole('list', { name: 'Order lines' }).querySelector(`li[data-item="${itemId}"]`) as HTMLElement;
}

async function refusedWith(responder: ReturnType<typeof refusal>, lines?: PricedLine[]) {
  const h = await orderHarness(lines ? { lines } : {});
  await openReview(h);
  fillOrder();
  h.checkout.answer(responder);
  fireEvent.click(button('Create order'));
  await screen.findByText('The order was refused');
  return h;
}

describe('each refusal in plain words, at its line or field, with the row marked in the sheet', () => {
  test('minimum: the catalogue’s words with the numbers, the fix, a suggested quantity to use, and the row filled', async () => {
    const stale = [
      pricedLine(1, { matchedPart: '2N7002-7-F', itemId: MOQ100, orderQty: 30, unitPrice: 0.05, moq: 1, pack: 1 }),
    ];
    const h = await refusedWith(
      refusal(422, [
        {
          code: 'checkout.item.quantity.minimum',
          message: `Quantity 30 of item ${MOQ100} is below its minimum order quantity of 100.`,
          itemId: MOQ100,
          line: 1,
        },
      ]),
      stale,
    );
    const line = lineOf(MOQ100);
    expect(within(line).getByRole('alert').textContent).toBe(
      `Row 2, 2N7002-7-F: quantity 30 is below the minimum 100. Order at least the minimum order quantity, in whole packs. Suggested quantity: 100. Use 100`,
    );
    expect(screen.getByTestId('order-failure').textContent).toContain(
      'Row 2, 2N7002-7-F: quantity 30 is below the minimum 100.',
    );
    await waitFor(() => expect(h.book.cell('BOM', 'E2')?.fill).toBe(ORDER_PROBLEM_FILL));
    expect(h.book.getValues('BOM', `${afterResults()}2`)[0][0]).toMatch(
      /^Not ordered: Row 2, 2N7002-7-F: quantity 30 is below the minimum 100\./,
    );
    fireEvent.click(within(line).getByRole('button', { name: 'Use 100' }));
    expect((within(line).getByLabelText('Quantity of 2N7002-7-F') as HTMLInputElement).value).toBe('100');
    expect(within(line).queryByRole('alert')).toBeNull();
  });

  test('increment: a pack size the sheet did not know', async () => {
    const lines = [
      pricedLine(1, {
        matchedPart: '2N7002-7-F',
        itemId: MOQ100,
        orderQty: 105,
        unitPrice: 0.05,
        moq: 100,
        pack: null,
      }),
    ];
    await refusedWith(
      refusal(422, [
        {
          code: 'checkout.item.quantity.increment',
          message: `Item ${MOQ100} is sold in packs of 10; 105 is not a whole number of packs (try 100 or 110).`,
          itemId: MOQ100,
          line: 1,
        },
      ]),
      lines,
    );
    expect(within(lineOf(MOQ100)).getByRole('alert').textContent).toBe(
      `Row 2, 2N7002-7-F: quantity 105 is not a whole number of packs of 10. Round the quantity to a whole number of packs. Suggested quantity: 110. Use 110`,
    );
  });

  test('maximum', async () => {
    const h = await refusedWith(
      refusal(409, [
        {
          code: 'checkout.item.quantity.maximum',
          message: `Quantity 5 of item ${STOCK20} is more than the 3 available.`,
          itemId: STOCK20,
          line: 1,
        },
      ]),
    );
    expect(within(lineOf(STOCK20)).getByRole('alert').textContent).toContain(
      'Row 2, ATMEGA328P-PU: quantity 5 is more than the 3 available.',
    );
    // The line's stock is the service's now, not the sheet's.
    expect(lineOf(STOCK20).textContent).toContain('· 3 in stock');
    expect(lineOf(STOCK20).textContent).not.toContain('20 in stock');
    expect(within(lineOf(STOCK20)).getByRole('alert').textContent).toContain(
      'Lower the quantity to the stock available',
    );
    await waitFor(() => expect(h.book.cell('BOM', 'E2')?.fill).toBe(ORDER_PROBLEM_FILL));
    expect(h.book.cell('BOM', 'E3')?.fill).toBeUndefined();
  });

  test('not a terms address, at the ship-to field', async () => {
    await refusedWith(
      refusal(403, [
        {
          code: 'checkout.address.not.terms',
          message: 'Ship-to address 1002 is not a terms address; orders on terms must ship to one.',
        },
      ]),
    );
    const field = screen.getByLabelText(/^Ship-to address id/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.closest('.fui-Field')?.textContent).toContain(
      'The ship-to address is not a terms address. Choose a ship-to address set up for ordering on terms',
    );
  });

  test('item not found, at its line', async () => {
    const h = await refusedWith(
      refusal(422, [
        {
          code: 'checkout.item.not.found',
          message: `Item ${STOCK20} is not in the catalog.`,
          itemId: STOCK20,
          line: 1,
        },
      ]),
    );
    expect(within(lineOf(STOCK20)).getByRole('alert').textContent).toContain(
      'Row 2, ATMEGA328P-PU: this part is not in the catalog. Search for the part again',
    );
    await waitFor(() => expect(h.book.cell('BOM', 'E2')?.fill).toBe(ORDER_PROBLEM_FILL));
  });
});

test('auth: a wrong password is named at the password field and must be typed again', async () => {
  const h = await orderHarness();
  await openReview(h);
  fillOrder({ Password: 'wrong' });
  h.checkout.answer(
    refusal(401, [
      {
        code: 'checkout.invalid.password',
        message:
          'The password is not right for this username; send the SHA-256 of the password as 64 hexadecimal characters.',
      },
    ]),
  );
  fireEvent.click(button('Create order'));
  await screen.findByText('The checkout did not accept the login');
  const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
  expect(password.getAttribute('aria-invalid')).toBe('true');
  // A sentence, then the fix: "… username. Enter …", never "username Enter".
  expect(password.closest('.fui-Field')?.textContent).toContain(
    'The password is not right for this username. Enter the checkout password again.',
  );
  // The message above the buttons points to the form's login, not to settings, and no settings link is offered.
  const failure = screen.getByTestId('order-failure');
  expect(failure.textContent).toContain('Enter the checkout password again under Checkout login in the Order form.');
  expect(failure.textContent).not.toMatch(/settings/i);
  expect(password.value).toBe('');
  // Another try without a new password is not sent.
  fireEvent.click(button('Create order'));
  await waitFor(() => expect(password.closest('.fui-Field')?.textContent).toContain('The password is missing.'));
  expect(h.checkout.requests).toHaveLength(1);
});

test('the order may exist: the id is shown, and the retry is replaced by "I checked — send again", which needs the tick', async () => {
  const h = await orderHarness();
  await openReview(h);
  fillOrder({ 'PO number': 'PO-FAULT' });
  h.checkout.answer(
    refusal(
      502,
      [
        {
          code: 'backoffice.failed.sales.order.create',
          message: 'Sales order 90000042 was created, but the back office did not answer while adding its lines.',
        },
      ],
      '90000042',
    ),
  );
  fireEvent.click(button('Submit order'));
  const failure = await screen.findByTestId('order-failure');
  expect(failure.textContent).toContain('Order 90000042 may exist');
  expect(failure.textContent).toContain(
    'Do not send the order again; check your orders, or give customer service order number 90000042.',
  );
  expect(screen.queryByRole('button', { name: 'Create order' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Submit order' })).toBeNull();
  const again = button('I checked — send again');
  expect(again.disabled).toBe(true);
  // The attempt is in the sheet: the order id on the row and in the Orders log.
  await waitFor(() => expect(h.book.getValues('Orders', 'C2:E2')).toEqual([['PO-FAULT', '90000042', 'not confirmed']]));
  expect(h.book.getValues('BOM', `${afterResults()}2`)[0][0]).toMatch(/^90000042 not confirmed/);

  fireEvent.click(
    screen.getByLabelText(/I checked my orders \(or asked customer service\): order 90000042 is not there/),
  );
  await waitFor(() => expect(button('I checked — send again').disabled).toBe(false));
  fireEvent.click(button('I checked — send again'));
  await screen.findByTestId('order-result');
  expect(h.checkout.requests).toHaveLength(2);
  expect(h.checkout.requests[1].get('submitOrder')).toBe('true');
});

describe('a problem takes the buyer to it', () => {
  test('a refusal of a line focuses that line’s quantity, not the Submit button', async () => {
    const stale = [
      pricedLine(1, { matchedPart: '2N7002-7-F', itemId: MOQ100, orderQty: 30, unitPrice: 0.05, moq: 1, pack: 1 }),
    ];
    await refusedWith(
      refusal(422, [
        {
          code: 'checkout.item.quantity.minimum',
          message: `Quantity 30 of item ${MOQ100} is below its minimum order quantity of 100.`,
          itemId: MOQ100,
          line: 1,
        },
      ]),
      stale,
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(within(lineOf(MOQ100)).getByLabelText('Quantity of 2N7002-7-F')),
    );
  });

  test('a field found missing before sending is focused', async () => {
    const h = await orderHarness();
    await openReview(h);
    fillOrder({ 'Ship-to address id': '' });
    fireEvent.click(button('Create order'));
    await screen.findByTestId('order-failure');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Ship-to address id/)));
  });
});

test('a new selection that cannot be read replaces the review: the earlier one cannot be sent under its error', async () => {
  const h = await orderHarness();
  await openReview(h);
  fillOrder();
  h.book.select('BOM', 'A1');
  fireEvent.click(button('Order selected rows'));
  await screen.findByText(/Only the header row of the priced BOM is selected/);
  expect(screen.queryByRole('form', { name: 'Review the order' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Submit order' })).toBeNull();
  expect(screen.queryByRole('list', { name: 'Order lines' })).toBeNull();
  expect(h.checkout.requests).toHaveLength(0);
});
