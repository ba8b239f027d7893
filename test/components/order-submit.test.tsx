import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterResults } from './helpers';
import {
  MOQ100,
  STOCK20,
  button,
  confirmOrderAgain,
  fillOrder,
  openReview,
  orderHarness,
  placeOrder,
  tickOrderedBackIn,
} from './order-helpers';

const PRODUCTION = {
  environment: 'production' as const,
  itemBaseUrl: 'https://parts.example.com',
  checkoutBaseUrl: 'https://parts.example.com',
  login: 'x',
  apiKey: 'y',
};

test('the answer: order id, submitted or not, totals and each line; written to the Order column and the Orders sheet', async () => {
  const h = await orderHarness();
  await openReview(h);
  const result = await placeOrder('Submit order', { 'PO number': 'PO-RESULT' });
  expect(within(result).getByRole('heading', { name: 'Order 90000001 submitted' })).toBeTruthy();
  expect(result.textContent).toContain('Order 90000001 is placed in the test environment.');
  expect(result.textContent).toContain('Total19.50 USD');
  const processed = within(result).getByRole('table', { name: 'Order lines as processed' });
  expect(
    within(processed)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual([
    'Part (item)QtyEachLineShips',
    `ATMEGA328P-PU (${STOCK20})52.914.502026-11-21`,
    `2N7002-7-F (${MOQ100})1000.055.002026-11-21`,
  ]);
  // The Order column is the first one right of the results (E onwards, beside the A:C BOM).
  const order = afterResults();
  expect(result.textContent).toContain(`Order id written in BOM!${order}1:${order}3; logged on Orders, row 2.`);
  expect(h.book.getValues('BOM', `${order}1:${order}3`)).toEqual([
    ['Order'],
    ['90000001 submitted 2026-11-20 09:30'],
    ['90000001 submitted 2026-11-20 09:30'],
  ]);
  expect(h.book.getValues('BOM', `${order}4`)[0][0]).toBe('');
  expect(h.book.getValues('Orders', 'B2:F2')).toEqual([['test', 'PO-RESULT', '90000001', 'yes', 2]]);
});

test('the PO number is cleared once its order is placed: the next selection starts without it', async () => {
  const h = await orderHarness();
  await openReview(h);
  await placeOrder('Submit order', { 'PO number': 'PO-ONCE' });
  fireEvent.click(button('Order selected rows'));
  await waitFor(() => expect(screen.queryByTestId('order-result')).toBeNull());
  expect((screen.getByLabelText(/PO number/) as HTMLInputElement).value).toBe('');
  // "Back to the review" of the same order keeps it: the PO-used-before test below asks there.
  expect(h.checkout.requests).toHaveLength(1);
});

test('a double click submits once: the second click is ignored even before the button is disabled', async () => {
  const h = await orderHarness();
  await openReview(h);
  fillOrder();
  h.checkout.hold = true;
  const submit = button('Submit order');
  act(() => {
    submit.click();
    submit.click();
  });
  fireEvent.click(submit);
  await waitFor(() => expect(h.checkout.requests).toHaveLength(1));
  await waitFor(() => expect(button('Submit order').disabled).toBe(true));
  expect(screen.getByText('Sending the order…')).toBeTruthy();
  fireEvent.click(button('Submit order'));
  fireEvent.click(button('Create order'));
  await act(async () => {
    h.checkout.release();
  });
  await screen.findByTestId('order-result');
  expect(h.checkout.requests).toHaveLength(1);
});

test('a deliberate re-order asks its questions in one review (rows again and the same PO); "Cancel" sends nothing', async () => {
  const h = await orderHarness();
  await openReview(h);
  await placeOrder('Create order', { 'PO number': 'PO-SAME' });
  fireEvent.click(button('Back to the review'));
  // The rows just ordered are left out until ticked back in.
  expect(
    within(screen.getByTestId('already-ordered')).getAllByText(/order 90000001 created 2026-11-20 09:30/),
  ).toHaveLength(2);
  tickOrderedBackIn();

  const submit = button('Submit order');
  submit.focus();
  fireEvent.click(submit);
  // One dialog, not one after the other: both questions in it, the answer that sends nothing focused.
  const review = await screen.findByRole('alertdialog');
  expect(within(review).getByText('Before this order is sent: 2 things to check')).toBeTruthy();
  expect(
    within(review)
      .getAllByRole('heading', { level: 3, hidden: true })
      .map((e) => e.textContent),
  ).toEqual(['Order these 2 rows again?', 'PO-SAME was used before']);
  expect(review.textContent).toContain(
    'Order 90000001 (created, not submitted, 2026-11-20 09:30, made from this selection)',
  );
  const cancel = within(review).getByRole('button', { name: 'Cancel', hidden: true });
  await waitFor(() => expect(document.activeElement).toBe(cancel));
  fireEvent.click(cancel);
  await waitFor(() => expect(button('Submit order').disabled).toBe(false));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(h.checkout.requests).toHaveLength(1);

  fireEvent.click(button('Submit order'));
  fireEvent.click(
    await within(await screen.findByRole('alertdialog')).findByRole('button', {
      name: 'Send the order',
      hidden: true,
    }),
  );
  await screen.findByTestId('order-result');
  // One answer sent it: no second dialog came after.
  expect(h.checkout.requests).toHaveLength(2);
  expect(h.book.getValues('Orders', 'C2:E3')).toEqual([
    ['PO-SAME', '90000001', 'no'],
    ['PO-SAME', '90000002', 'yes'],
  ]);
});

test('submitting to production asks for a confirmation naming the total; creating there does not', async () => {
  const h = await orderHarness({ settings: PRODUCTION });
  await openReview(h);
  await waitFor(() => expect((screen.getByLabelText('Environment') as HTMLSelectElement).value).toBe('production'));
  fillOrder({ 'PO number': 'PO-PROD' });
  fireEvent.click(button('Submit order'));
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText('Submit to production?')).toBeTruthy();
  expect(dialog.textContent).toContain('a real order of 2 lines for an estimated total of 19.50 USD');
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel', hidden: true }));
  await waitFor(() => expect(button('Submit order').disabled).toBe(false));
  expect(h.checkout.requests).toHaveLength(0);

  fireEvent.click(button('Submit order'));
  fireEvent.click(
    await within(await screen.findByRole('alertdialog')).findByRole('button', {
      name: 'Submit order for 19.50 USD',
      hidden: true,
    }),
  );
  await screen.findByTestId('order-result');
  expect(h.checkout.requests).toHaveLength(1);
  expect(h.checkout.requests[0].get('submitOrder')).toBe('true');

  fireEvent.click(button('Back to the review'));
  tickOrderedBackIn();
  type('PO-PROD-2');
  fireEvent.click(button('Create order'));
  await confirmOrderAgain();
  await screen.findByTestId('order-result');
  expect(h.checkout.requests).toHaveLength(2);
});

function type(po: string): void {
  fireEvent.change(screen.getByLabelText(/^PO number/), { target: { value: po } });
}
