/**
 * The order review asks once before ordering lines marked overbuy in the sheet, naming each with what its spares
 * cost; "Go back" sends nothing, "Order as planned" sends the order.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_LINES, MOQ100, button, fillOrder, openReview, orderHarness, pricedLine } from './order-helpers';

const OVERBUY = "overbuy: 4.75 USD of spares (95 % of the line's cost); 100 for 5: minimum order 100 (95 spare)";

const LINES = [
  DEFAULT_LINES[0],
  pricedLine(2, {
    matchedPart: '2N7002-7-F',
    manufacturer: 'Diodes',
    itemId: MOQ100,
    need: 5,
    orderQty: 100,
    unitPrice: 0.05,
    moq: 100,
    pack: 10,
    stock: 25_000,
    overbuy: true,
    statusReason: OVERBUY,
  }),
];

test('lines marked overbuy are asked about once, with their spares; "Go back" sends nothing', async () => {
  const h = await orderHarness({ lines: LINES });
  await openReview(h);
  fillOrder();
  fireEvent.click(button('Create order'));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain('Order an overbuy?');
  expect(dialog.textContent).toContain("Row 3: 2N7002-7-F, 100: 4.75 USD of spares (95 % of the line's cost)");
  fireEvent.click(within(dialog).getByRole('button', { name: 'Go back', hidden: true }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(h.checkout.requests).toHaveLength(0);

  fireEvent.click(button('Create order'));
  const again = await screen.findByRole('alertdialog');
  fireEvent.click(within(again).getByRole('button', { name: 'Order as planned', hidden: true }));
  await screen.findByTestId('order-result');
  expect(h.checkout.requests).toHaveLength(1);
});

test('an order without overbuys asks nothing', async () => {
  const h = await orderHarness();
  await openReview(h);
  fillOrder();
  fireEvent.click(button('Create order'));
  await screen.findByTestId('order-result');
  expect(h.checkout.requests).toHaveLength(1);
});
