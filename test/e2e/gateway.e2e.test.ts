/**
 * The built add-in served by the gateway, in headless Chromium with the office.js stand-in; the gateway's upstream
 * is the reference service in production-like mode (no CORS headers, 100 ms latency, 5 requests a second per
 * login) on other ports. The page talks to the gateway's origin only: PARTS.PRICE answers, a BOM is priced, and an
 * order is created in the test environment. A screenshot of the order goes to test-output/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PRICED_BOM_HEADERS } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import { loadOrderBom, priceSelection, values } from './order-bom';
import { gatewayPaneForFile, OUTPUT } from './pane-host';

// The gateway's defaults for the rates (4 a second to the item service, 2 to each checkout).
const file = gatewayPaneForFile({}, { itemRate: 4, checkoutRate: 2, testCheckoutRate: 2 });

async function openPane(): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const { context, page, problems } = await file.open();
  await page.getByRole('button', { name: 'Use selection' }).waitFor();
  return { page, problems, close: () => context.close() };
}

test('the page comes from the gateway, and PARTS.PRICE answers through it', async () => {
  const { page, problems, close } = await openPane();
  try {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    const result = await page.evaluate(async () => {
      const { functions } = (globalThis as any).__partsheet;
      const price = await functions.PRICE([['SMBJ5.0A'], ['2N7002-7-F']], [[10], [100]], null, null);
      const missing = await functions.PRICE([['NOPE-0000']], null, null, null).then(
        (v: unknown) => ({ value: v }),
        (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
      );
      return { price, missing };
    });
    expect(result.price).toHaveLength(2);
    for (const [value] of result.price as unknown[][]) {
      expect(typeof value).toBe('number');
      expect(value as number).toBeGreaterThan(0);
    }
    expect(JSON.stringify(result.missing)).toMatch(/not found|#N\/A/i);
    expect(result.missing).toEqual({ code: '#N/A', message: 'Not found: NOPE-0000' });
    // Every request the page made went to the gateway's origin; the gateway went upstream.
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => new URL(url).origin !== new URL(file.gateway.url).origin)).toEqual([]);
    expect(
      file.gateway.calls.some(
        (c) => c.url.origin === file.upstream.productionUrl && c.url.pathname.endsWith('/search/list'),
      ),
    ).toBe(true);
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
});

test('a BOM is priced through the gateway, and an order is created in the test environment', async () => {
  const { page, problems, close } = await openPane();
  try {
    await loadOrderBom(page);
    await priceSelection(page);
    const last = columnLetters(5 + PRICED_BOM_HEADERS.length - 1);
    expect((await values(page, 'BOM', `F1:${last}1`))[0]).toEqual(PRICED_BOM_HEADERS);
    const status = (await values(page, 'BOM', 'F2:F5')).map((r) => String(r[0]).split(':')[0]);
    expect(status).toEqual(['priced', 'priced', 'priced', 'not found']);

    await page.evaluate(() => (globalThis as any).__partsheet.book.select('BOM', 'A2:B3'));
    await page.getByRole('button', { name: 'Order selected rows' }).click();
    await page.getByRole('list', { name: 'Order lines' }).waitFor();
    expect(await page.getByLabel('Environment').inputValue()).toBe('test');
    await page.getByLabel('Quantity of 2N7002-7-F').fill('100');
    await page.getByLabel(/^Username/).fill('buyer@example.com');
    await page.getByLabel(/^Password/).fill('demo-password');
    await page.getByLabel(/^PO number/).fill('PO-GATEWAY-1');
    await page.getByLabel(/^Ship-to address id/).fill('1001');
    await page.getByRole('button', { name: 'Create order' }).click();
    const result = page.getByTestId('order-result');
    await result.waitFor({ timeout: 30_000 });
    const heading = (await result.getByRole('heading').first().textContent()) ?? '';
    expect(heading).toMatch(/Order 9\d{7} created/);
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'gateway-order-result.png'), fullPage: true });

    // The order went to the test checkout upstream, through the gateway's /test-env path.
    const orders = file.gateway.calls.filter((c) => c.url.pathname === CHECKOUT_PATH);
    expect(orders.map((c) => c.url.origin)).toEqual([file.upstream.testUrl]);
    const logged = file.gateway.lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request' && l.path === `/test-env${CHECKOUT_PATH}`);
    expect(logged.map((l) => l.status)).toEqual([200]);
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
});
