/**
 * The built add-in in headless Chromium pointed straight at the service in production-like mode on another origin
 * (no CORS headers, latency, a per-login limit), as a user pointing it at the real service would: Test connection,
 * a PARTS cell and a BOM line say the browser blocked it, in words, with the fix; with searches by JSONP turned on,
 * the same BOM is priced. Screenshots go to test-output/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startProductionLike, type TestService } from '../helpers/service';
import { putBom } from './order-bom';
import { OUTPUT, startPaneHost, type OpenedPane, type PaneHost } from './pane-host';
import { MESSAGES } from '../../functions/outcome';

const BOM_ROWS = [
  ['Ref', 'MPN', 'Manufacturer', 'Qty', 'Description'],
  ['D1, D2', 'BAV99,215', 'Nexperia', 2, 'Diode array'],
  ['U1', 'LM358DR', 'TI', 1, 'Dual op amp'],
  ['R1-R4', 'RC0603FR-0710KL', 'Yageo', 4, '10k 1% 0603'],
  ['C1', 'GRM155R71C104KA88D', 'Murata', 1, '100nF 16V 0402'],
  ['X1', 'NOPE-0000', '', 1, 'Custom part'],
];

let upstream: TestService;
let host: PaneHost;

beforeAll(async () => {
  // The page is served from its own origin; the upstream is another origin that sends no CORS headers.
  host = await startPaneHost(
    startProductionLike({ latencyMs: 50, perLoginPerSecond: 20 }).then((started) => (upstream = started)),
  );
}, 300_000);

afterAll(async () => {
  await host?.close();
  await upstream?.close();
});

const open = (): Promise<OpenedPane> => host.open({ allow: [upstream.productionUrl], height: 1400 });

/** Points the add-in at the upstream in the Settings view, as a user would, and saves. */
async function pointAtUpstream(page: Page, jsonp: boolean): Promise<void> {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Environment').selectOption('production');
  await page.getByLabel('Parts service address').fill(upstream.productionUrl);
  await page.getByLabel('Checkout address', { exact: true }).fill(upstream.productionUrl);
  await page.getByLabel('Login').fill('demo');
  await page.getByLabel('API key').fill('demo-key');
  if (jsonp) await page.getByRole('switch').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved. New lookups use these settings.').waitFor();
}

async function priceBom(page: Page): Promise<void> {
  await putBom(page, BOM_ROWS, 'B2');
  await page.getByRole('tab', { name: 'BOM' }).click();
  await page.getByRole('button', { name: 'Use selection' }).click();
  await page.getByTestId('bom-counts').waitFor();
  await page.getByRole('button', { name: 'Price BOM' }).click();
}

const statuses = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    ((globalThis as any).__partsheet.book.getValues('BOM', 'G2:G6') as unknown[][]).map((r) => String(r[0])),
  );

test('pointed straight at the upstream: Test connection, a PARTS cell and a BOM pricing run say the browser blocked it, and name the fix', async () => {
  const { context, page, problems } = await open();
  try {
    await pointAtUpstream(page, false);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const reach = page.locator('[data-step="reach"]');
    await reach.waitFor({ timeout: 30_000 });
    expect(await reach.getAttribute('data-state')).toBe('failed');
    const detail = await reach.textContent();
    expect(detail).toContain(
      `Blocked by the browser: the parts service at ${new URL(upstream.productionUrl).host} sends no CORS headers`,
    );
    expect(detail).toMatch(/Fix: run the Partsheet gateway .*docs\/gateway\.md.*JSONP/);
    await page.screenshot({ path: join(OUTPUT, 'direct-blocked-settings.png'), fullPage: true });

    // A cell, as Excel calculates =PARTS.PRICE("BAV99,215", 10).
    const cell = await page.evaluate(() =>
      Promise.resolve((globalThis as any).__partsheet.functions.PRICE('BAV99,215', 10, null, null)).then(
        (value: unknown) => ({ value }),
        (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
      ),
    );
    expect(cell).toEqual({
      code: '#N/A',
      message: MESSAGES.blocked,
    });

    // Not one line could be looked up: the sheet keeps what it has, and the pane says why in words.
    await priceBom(page);
    const notice = page.getByText('Nothing written: the browser blocked the parts service');
    await notice.waitFor({ timeout: 60_000 });
    const text = await page.getByRole('region', { name: 'Messages' }).textContent();
    expect(text).toContain(
      `Blocked by the browser: the parts service at ${new URL(upstream.productionUrl).host} sends no CORS headers`,
    );
    expect(text).toMatch(/Fix: run the Partsheet gateway/);
    expect((await statuses(page)).every((s) => s === '' || s === 'undefined' || s === 'null')).toBe(true);
    await page.screenshot({ path: join(OUTPUT, 'direct-blocked-bom.png'), fullPage: true });
    // The browser's own console lines about the blocked requests are expected; nothing of the page failed.
    expect(problems.filter((p) => !/CORS|Failed to load resource|net::ERR_FAILED/.test(p))).toEqual([]);
  } finally {
    await context.close();
  }
});

test('with searches by JSONP the same page prices the BOM; the order view says the checkout needs CORS or the gateway', async () => {
  const { context, page, problems } = await open();
  try {
    await pointAtUpstream(page, true);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const search = page.locator('[data-step="search"]');
    await search.waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-step="reach"]').getAttribute('data-state')).toBe('ok');
    expect(await search.getAttribute('data-state')).toBe('ok');
    expect(await search.textContent()).toMatch(/List search \(v4 by JSONP\) works/);

    await priceBom(page);
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });
    const lines = (await statuses(page)).map((s) => s.split(':')[0]);
    expect(lines).toEqual(['priced', 'priced', 'priced', 'priced', 'not found']);
    const prices = await page.evaluate(() =>
      ((globalThis as any).__partsheet.book.getValues('BOM', 'G2:Z4') as unknown[][]).flat(),
    );
    expect(prices.some((v) => typeof v === 'number' && v > 0)).toBe(true);
    // Every script element and callback is gone once the answers are in.
    const leftovers = await page.evaluate(() => ({
      scripts: (globalThis as any).document.querySelectorAll('script[src*="callbackfn"]').length,
      callbacks: Object.keys((globalThis as any).__partsheetJsonp ?? {}).length,
    }));
    expect(leftovers).toEqual({ scripts: 0, callbacks: 0 });
    await page.screenshot({ path: join(OUTPUT, 'direct-jsonp-bom.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Order' }).click();
    const blocked = page.getByTestId('checkout-blocked');
    await blocked.waitFor();
    expect(await blocked.textContent()).toMatch(
      /Checkout needs CORS or the gateway.*JSONP cannot place orders.*Fix: run the Partsheet gateway/,
    );
    expect(problems.filter((p) => !/CORS|Failed to load resource|net::ERR_FAILED/.test(p))).toEqual([]);
  } finally {
    await context.close();
  }
});
