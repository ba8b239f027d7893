/**
 * Orders recorded by BOM line, not by cell: rows ordered, then a replacement for another row moves the results one
 * column right (a new "Replacement MPN" column), or the BOM is sorted; the Order column is written again from the
 * record, and a new review lists the rows already ordered first and leaves them out unless ticked back in, with a
 * second confirmation naming the earlier order.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORDERS_RECORD_KEY } from '../../taskpane/workbook-choices';
import { afterResults, bomHarness, offer, part, renderAndPrice, rowItem, type Harness } from './helpers';
import { FakeCheckout, button, confirmOrderAgain, fillOrder, mapStorage, tickOrderedBackIn } from './order-helpers';
import { credentialStore } from '../../taskpane/order/credentials';
import { shipToStore } from '../../taskpane/order/ship-to';

const BOM = [
  ['MPN', 'Manufacturer', 'Qty', 'Ref'],
  ['BAV99', 'Nexperia', 2, 'D1, D2'],
  ['LED-RED', 'Kingbright', 1, 'D3'],
  ['NOPE-123', 'Acme', 1, 'U1'],
];

/** The results' first column: right of the four BOM columns and one empty column. */
const LEFT = 5;

function setUp(): Harness & { checkout: FakeCheckout } {
  const h = bomHarness(BOM, [
    part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: '65130991' })]),
    part('LED-RED', 'KB', 'Kingbright', [offer({ sourcePartId: '65130992' })]),
    part('NOPE-100', 'TI', 'Texas Instruments', [offer({ sourcePartId: '65130993' })], 'replacement part'),
  ]);
  const checkout = new FakeCheckout();
  const storage = new Map<string, string>();
  h.services.fetch = checkout.fetch;
  h.services.origin = 'https://localhost:3000';
  h.services.credentials = credentialStore(mapStorage(storage));
  h.services.shipTos = shipToStore(mapStorage(storage));
  return Object.assign(h, { checkout });
}

/** Orders BOM rows 2 and 3 (BAV99, LED-RED) from the Order tab, and goes back to the BOM tab. */
async function orderFirstRows(h: Harness): Promise<void> {
  h.book.select('BOM', 'A2:A3');
  fireEvent.click(screen.getByRole('tab', { name: 'Order' }));
  fireEvent.click(button('Order selected rows'));
  await screen.findByRole('list', { name: 'Order lines' });
  // The review says which quantity the rows were priced for: the results record's, not a guess.
  expect(screen.getByTestId('order-selection').textContent).toMatch(
    /^Read BOM!A2:A3, priced for 1 board: 2 lines to order/,
  );
  fillOrder({ 'PO number': 'PO-FIRST' });
  fireEvent.click(button('Submit order'));
  await screen.findByRole('heading', { name: 'Order 90000001 submitted' });
}

async function reviewRows(h: Harness, address: string): Promise<void> {
  h.book.select('BOM', address);
  fireEvent.click(screen.getByRole('tab', { name: 'Order' }));
  fireEvent.click(button('Order selected rows'));
  await waitFor(() => expect(screen.getByTestId('order-selection').textContent).toContain(address));
}

test('a replacement moves the results right: the Order column follows, and the rows ordered are listed first and left out', async () => {
  const h = setUp();
  await renderAndPrice(h);
  await orderFirstRows(h);
  const text = '90000001 submitted 2026-11-20 09:30';
  expect(h.book.getValues('BOM', `${afterResults(LEFT)}2:${afterResults(LEFT)}3`)).toEqual([[text], [text]]);
  // The record is in the workbook, by line: part number and designators.
  expect(h.book.settings.get(ORDERS_RECORD_KEY)).toEqual([
    expect.objectContaining({
      orderId: '90000001',
      state: 'submitted',
      po: 'PO-FIRST',
      sheet: 'BOM',
      boards: 1,
      lines: [expect.objectContaining({ key: 'BAV99|D1,D2' }), expect.objectContaining({ key: 'LED-RED|D3' })],
    }),
  ]);

  // A replacement for row 4: a "Replacement MPN" column, the results one column right.
  fireEvent.click(screen.getByRole('tab', { name: 'BOM' }));
  fireEvent.click(screen.getByRole('button', { name: '1 Not found: show the rows' }));
  const row = rowItem('4');
  fireEvent.click(within(row).getByRole('button', { name: 'Find a replacement' }));
  fireEvent.change(within(row).getByLabelText('Part numbers starting with'), { target: { value: 'NOPE' } });
  fireEvent.click(within(row).getByRole('button', { name: 'Search' }));
  fireEvent.click(await within(row).findByRole('button', { name: 'Use NOPE-100 (Texas Instruments) for row 4' }));
  await screen.findByText('Row 4: NOPE-100 (Texas Instruments) replaces NOPE-123');
  await waitFor(() => expect(h.book.getValues('BOM', 'G1')[0][0]).toBe('Status'));
  const moved = afterResults(LEFT + 1);
  expect(h.book.getValues('BOM', `${moved}1:${moved}4`)).toEqual([['Order'], [text], [text], ['']]);

  // The same rows reviewed again, with the replaced one: rows 2 and 3 are listed first and left out.
  await reviewRows(h, 'A2:A4');
  const already = screen.getByTestId('already-ordered');
  expect(
    within(already)
      .getAllByRole('checkbox')
      .map((c) => c.closest('li')?.textContent),
  ).toEqual([`Row 2 (BAV99): order ${text}`, `Row 3 (LED-RED): order ${text}`]);
  expect(
    within(already)
      .getAllByRole('checkbox')
      .every((c) => !(c as HTMLInputElement).checked),
  ).toBe(true);
  const lines = within(screen.getByRole('list', { name: 'Order lines' }))
    .getAllByRole('listitem')
    .filter((li) => li.hasAttribute('data-item'));
  expect(lines.map((li) => li.getAttribute('data-item'))).toEqual(['65130993']);

  // Ticked back in: sending asks again, naming the earlier order; Cancel sends nothing.
  fireEvent.click(within(already).getAllByRole('checkbox')[0]);
  fillOrder({ 'PO number': 'PO-SECOND' });
  fireEvent.click(button('Create order'));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain(`Row 2 (BAV99): order ${text}`);
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel', hidden: true }));
  await waitFor(() => expect(button('Create order').disabled).toBe(false));
  expect(h.checkout.requests).toHaveLength(1);

  // Confirmed: the second order has the ticked row and the replaced one, and the record keeps both orders.
  fireEvent.click(button('Create order'));
  await confirmOrderAgain();
  await screen.findByRole('heading', { name: 'Order 90000002 created' });
  expect(h.checkout.requests[1].get('itemIds')).toBe('65130991,65130993');
  expect((h.book.settings.get(ORDERS_RECORD_KEY) as unknown[]).length).toBe(2);
  expect(h.book.getValues('BOM', `${moved}2`)[0][0]).toBe(`${text}; 90000002 created 2026-11-20 09:30`);
});

test('sorted and priced again: the Order column follows the lines, not the cells', async () => {
  const h = setUp();
  await renderAndPrice(h);
  await orderFirstRows(h);
  // The user sorts the BOM (LED-RED first) and prices again.
  h.book.setValues('BOM', 'A2:D4', [BOM[2], BOM[1], BOM[3]]);
  fireEvent.click(screen.getByRole('tab', { name: 'BOM' }));
  h.book.select('BOM', 'A1:D4');
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
  await waitFor(() => expect(h.book.getValues('BOM', 'G2')[0][0]).toBe('LED-RED'));
  const order = afterResults(LEFT);
  expect(h.book.getValues('BOM', `${order}2:${order}4`)).toEqual([
    ['90000001 submitted 2026-11-20 09:30'],
    ['90000001 submitted 2026-11-20 09:30'],
    [''],
  ]);
  await reviewRows(h, 'A4');
  expect(screen.queryByTestId('already-ordered')).toBeNull();
  await reviewRows(h, 'A2');
  expect(within(screen.getByTestId('already-ordered')).getByRole('checkbox').closest('li')?.textContent).toBe(
    'Row 2 (LED-RED): order 90000001 submitted 2026-11-20 09:30',
  );
});

test('ticking rows back in after an order sends them only after the second confirmation', async () => {
  const h = setUp();
  await renderAndPrice(h);
  await orderFirstRows(h);
  fireEvent.click(button('Back to the review'));
  expect(screen.getByText('No selected row can be ordered; see why above.')).toBeTruthy();
  tickOrderedBackIn();
  fillOrder({ 'PO number': 'PO-SECOND' });
  fireEvent.click(button('Create order'));
  const dialog = await confirmOrderAgain();
  expect(dialog.textContent).toContain('Order these 2 rows again?');
  await screen.findByRole('heading', { name: 'Order 90000002 created' });
  expect(h.checkout.requests).toHaveLength(2);
});
