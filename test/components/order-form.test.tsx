import { createHash } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { credentialsKey } from '../../taskpane/order/credentials';
import {
  MOQ100,
  STOCK20,
  button,
  fillOrder,
  openReview,
  orderHarness,
  placeOrder,
  refusal,
  type,
} from './order-helpers';

describe('the review of the selected rows', () => {
  test('rows that cannot be ordered are listed with the reason; the lines show item, source, rows and the estimate', async () => {
    const h = await orderHarness();
    await openReview(h);
    expect(screen.getByTestId('order-selection').textContent).toBe('Read BOM!A2:A4: 2 lines to order, 1 row left out.');
    expect(within(screen.getByTestId('order-left-out')).getByText(/Row 4: not found/)).toBeTruthy();
    // Under "Cannot be ordered": not a row waiting for the next order.
    expect(
      within(screen.getByRole('list', { name: 'Cannot be ordered (1)' })).getByText(/Row 4: not found/),
    ).toBeTruthy();
    const lines = screen.getByRole('list', { name: 'Order lines' });
    expect(within(lines).getByText(/Item 65130988 · MARKETPLACE · row 2 · 2.9 USD each · 20 in stock/)).toBeTruthy();
    expect(screen.getByTestId('order-estimate').textContent).toBe('Estimated subtotal19.50 USD');
  });

  test('a quantity is rounded up to the MOQ and whole packs, the change shown, and the rounded quantity ordered', async () => {
    const h = await orderHarness();
    await openReview(h);
    const box = screen.getByLabelText('Quantity of 2N7002-7-F');
    fireEvent.change(box, { target: { value: '30' } });
    expect(screen.getByTestId('quantity-change').textContent).toBe('30 → 100 (minimum 100)');
    fireEvent.change(box, { target: { value: '105' } });
    expect(screen.getByTestId('quantity-change').textContent).toBe('105 → 110 (packs of 10)');
    expect(screen.getByTestId('order-estimate').textContent).toBe('Estimated subtotal20.00 USD');
    await placeOrder('Create order');
    expect(h.checkout.requests[0].get('itemIds')).toBe(`${STOCK20},${MOQ100}`);
    expect(h.checkout.requests[0].get('quantities')).toBe('5,110');
    expect(h.checkout.requests[0].get('submitOrder')).toBe('false');
  });

  test('the PO number is required: named at its field, and nothing is sent', async () => {
    const h = await orderHarness();
    await openReview(h);
    fillOrder({ 'PO number': '' });
    fireEvent.click(button('Create order'));
    const po = screen.getByLabelText(/^PO number/);
    await waitFor(() => expect(po.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/The purchase-order \(PO\) number is missing\./)).toBeTruthy();
    expect(screen.getByTestId('order-failure').textContent).toContain('Not sent');
    expect(h.checkout.requests).toHaveLength(0);
    // Fixed, the problem goes as it is typed.
    type(/^PO number/, 'PO-7');
    await waitFor(() => expect(screen.queryByText(/The purchase-order \(PO\) number is missing\./)).toBeNull());
  });

  test('a freight-forwarder ship-to address: the ultimate destination appears and is required', async () => {
    const h = await orderHarness();
    await openReview(h);
    expect(screen.queryByLabelText(/^Phone/)).toBeNull();
    fillOrder({ 'Ship-to address id': '1003' });
    fireEvent.click(screen.getByLabelText('The ship-to address is a freight forwarder'));
    const destination = screen.getByRole('group', { name: 'Ultimate destination' });
    for (const label of ['Name', 'Phone', 'Street', 'City', 'Postal code', 'Country code', 'Address type']) {
      expect(
        within(destination)
          .getByLabelText(new RegExp(`^${label}\\s*\\*?$`))
          .closest('.fui-Field')?.textContent,
      ).toContain('*');
    }
    fireEvent.click(button('Create order'));
    await waitFor(() =>
      expect(
        within(destination)
          .getByLabelText(/^Phone/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(within(destination).getByText(/The ultimate destination needs a phone number/)).toBeTruthy();
    expect(h.checkout.requests).toHaveLength(0);

    for (const [label, value] of [
      ['Name', 'Acme GmbH'],
      ['Phone', '+49 30 1234'],
      ['Street', 'Hauptstr. 1'],
      ['City', 'Berlin'],
      ['Postal code', '10115'],
      ['Country code', 'de'],
    ]) {
      fireEvent.change(within(destination).getByLabelText(new RegExp(`^${label}\\s*\\*?$`)), { target: { value } });
    }
    fireEvent.change(within(destination).getByLabelText(/^Address type/), { target: { value: 'Commercial' } });
    expect(
      within(within(destination).getByLabelText(/^Address type/)).queryByRole('option', { name: 'Freight Forwarder' }),
    ).toBeNull();
    fireEvent.click(button('Create order'));
    await screen.findByTestId('order-result');
    const sent = h.checkout.requests[0];
    expect([
      sent.get('ucAddressName'),
      sent.get('ucCountryCode'),
      sent.get('ucAddressType'),
      sent.get('ucStateProvince'),
    ]).toEqual(['Acme GmbH', 'DE', 'Commercial', null]);
  });

  test('the customer-service "order for" field: optional, sent as customerUsername, and a refusal is shown beside it', async () => {
    const h = await orderHarness();
    await openReview(h);
    fillOrder({ Username: 'csr@example.com' });
    // Folded under "More" until opened.
    expect(screen.queryByLabelText(/^Order for \(customer service\)/)).toBeNull();
    const more = button('More: customer service and partner');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const field = screen.getByLabelText(/^Order for \(customer service\)/);
    expect(field.closest('.fui-Field')?.textContent).toContain('Customer-service accounts only');
    fireEvent.change(field, { target: { value: 'other@example.com' } });
    h.checkout.answer(
      refusal(403, [
        {
          code: 'checkout.customer.not.allowed',
          message: "customerUsername must name a customer account; 'other@example.com' is not one.",
        },
      ]),
    );
    fireEvent.click(button('Create order'));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(field.closest('.fui-Field')?.textContent).toContain('This account may not order for the customer named');
    expect(h.checkout.requests[0].get('customerUsername')).toBe('other@example.com');
    expect(h.checkout.requests[0].get('username')).toBe('csr@example.com');
  });

  test('the password is sent as its SHA-256, kept in memory only, and remembered outside the workbook only when asked', async () => {
    const h = await orderHarness();
    await openReview(h);
    await placeOrder('Create order');
    expect(h.checkout.requests[0].get('password')).toBe(createHash('sha256').update('demo-password').digest('hex'));
    expect(h.storage.has(credentialsKey('test'))).toBe(false);
    // The next order needs no password again in this session.
    fireEvent.click(button('Back to the review'));
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/Entered earlier; kept until the pane closes\./)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Remember on this computer/));
    await waitFor(() => expect(h.storage.get(credentialsKey('test'))).toBeDefined());
    const remembered = JSON.parse(h.storage.get(credentialsKey('test'))!);
    expect(remembered).toEqual({ username: 'buyer@example.com', passwordHash: h.checkout.requests[0].get('password') });
    expect(JSON.stringify([...h.storage.values()])).not.toContain('demo-password');
    expect(JSON.stringify(h.book.settings.snapshot())).not.toContain(remembered.passwordHash);
    expect(JSON.stringify(h.book.snapshot())).not.toContain(remembered.passwordHash);
    fireEvent.click(screen.getByRole('button', { name: 'Forget it' }));
    await waitFor(() => expect(h.storage.has(credentialsKey('test'))).toBe(false));
  });

  test('the environment comes from the settings and can be switched here', async () => {
    const h = await orderHarness({
      settings: {
        environment: 'production',
        itemBaseUrl: 'https://parts.example.com',
        checkoutBaseUrl: 'https://parts.example.com',
        login: 'x',
        apiKey: 'y',
      },
    });
    await openReview(h);
    const environment = screen.getByLabelText('Environment') as HTMLSelectElement;
    await waitFor(() => expect(environment.value).toBe('production'));
    fireEvent.change(environment, { target: { value: 'test' } });
    await waitFor(() => expect((screen.getByLabelText('Environment') as HTMLSelectElement).value).toBe('test'));
    await placeOrder('Submit order');
    expect(h.checkout.requests).toHaveLength(1);
  });
});
