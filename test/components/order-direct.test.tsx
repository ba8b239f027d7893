import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CorsProbe } from '../../src/http/cors';
import { button, fillOrder, openReview, orderHarness, placeOrder } from './order-helpers';

const PRODUCTION = {
  environment: 'production' as const,
  itemBaseUrl: 'https://parts.example.com',
  checkoutBaseUrl: 'https://shop.example.com',
  login: 'buyer',
  apiKey: 'k-1',
};

/** A browser's fetch toward hosts that are up but send no CORS headers: cors requests fail, no-cors ones succeed. */
function noCorsBrowser(calls: string[]) {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.mode ?? 'cors'} ${String(input)}`);
    // An opaque answer: the page sees neither status nor body.
    if (init?.mode === 'no-cors') return { type: 'opaque', status: 0, ok: false } as Response;
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
}

describe('the order view in direct mode', () => {
  test('with searches by JSONP, the view says the checkout needs CORS or the gateway, with the fix, and sends nothing', async () => {
    const h = await orderHarness({ settings: { ...PRODUCTION, jsonpSearches: true } });
    await openReview(h);
    const notice = await screen.findByTestId('checkout-blocked');
    expect(notice.textContent).toMatch(/Checkout needs CORS or the gateway/);
    expect(notice.textContent).toMatch(/reached by JSONP .* JSONP cannot place orders/);
    expect(notice.textContent).toMatch(/checkout at shop\.example\.com needs CORS headers or the Partsheet gateway/);
    expect(notice.textContent).toMatch(/Fix: run the Partsheet gateway .*docs\/gateway\.md/);
    fillOrder();
    expect(button('Submit order').disabled).toBe(true);
    expect(button('Create order').disabled).toBe(true);
    expect(h.checkout.requests).toHaveLength(0);
  });

  test('a checkout found blocked by the browser when sending: the order is not sent, the view says so and why', async () => {
    const calls: string[] = [];
    const h = await orderHarness({ settings: PRODUCTION });
    h.services.corsProbe = new CorsProbe({ pageOrigin: 'https://localhost:3000', fetch: noCorsBrowser(calls) });
    await openReview(h);
    expect(screen.queryByTestId('checkout-blocked')).toBeNull();
    fillOrder();
    fireEvent.click(button('Create order'));
    const notice = await screen.findByTestId('checkout-blocked');
    expect(notice.textContent).toMatch(
      /Blocked by the browser: the checkout at shop\.example\.com sends no CORS headers/,
    );
    expect(notice.textContent).toMatch(/Nothing was sent/);
    expect(h.checkout.requests).toHaveLength(0);
    // The check asked the checkout's address without any query (no account, no items), then probed the host's root.
    expect(calls).toEqual([
      'cors https://shop.example.com/server-webapp/api/automatedCheckout',
      'no-cors https://shop.example.com/',
    ]);
    await waitFor(() => expect(button('Create order').disabled).toBe(true));
  });

  test('the test checkout address of the settings takes test orders, beside the production parts service', async () => {
    const h = await orderHarness({
      settings: { ...PRODUCTION, testCheckoutBaseUrl: 'https://test-shop.example.com', gatewayToken: 'gt-42' },
    });
    const hosts: string[] = [];
    const tokens: (string | null)[] = [];
    const inner = h.checkout.fetch;
    h.services.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      hosts.push(new URL(String(input)).host);
      tokens.push(new Headers(init?.headers).get('x-partsheet-token'));
      return inner(input, init);
    }) as typeof fetch;
    await openReview(h);
    fireEvent.change(screen.getByLabelText('Environment'), { target: { value: 'test' } });
    await waitFor(() => expect((screen.getByLabelText('Environment') as HTMLSelectElement).value).toBe('test'));
    await placeOrder('Create order');
    expect(hosts).toEqual(['test-shop.example.com']);
    expect(tokens).toEqual(['gt-42']);
  });
});
