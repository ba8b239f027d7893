/**
 * Ordering from the built task pane in headless Chromium, with the office.js stand-in over an in-memory workbook,
 * against the running service: price a BOM, select its priced rows, create an order in the test environment, and
 * find the Order column and the Orders sheet in the workbook; screenshots of the review and of the result (light
 * theme, 350 px wide) go to test-output/.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PRICED_BOM_HEADERS } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { ORDERS_LOG_HEADERS } from '../../src/excel/orders-log';
import { credentialsKey } from '../../taskpane/order/credentials';
import { startTestService, type TestService } from '../helpers/service';
import { loadOrderBom, priceSelection, values } from './order-bom';
import { OUTPUT, startPaneHost, type PaneHost } from './pane-host';

let service: TestService;
let host: PaneHost;

beforeAll(async () => {
  host = await startPaneHost(startTestService().then((started) => (service = started)));
}, 300_000);

afterAll(async () => {
  await host?.close();
  await service?.close();
});

async function openPane(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page, problems } = await host.open();
  await loadOrderBom(page);
  return { context, page, problems };
}

test('price a BOM, select its priced rows, create an order in the test environment, and find it in the workbook', async () => {
  const { context, page, problems } = await openPane();
  try {
    await priceSelection(page);
    // The priced columns start at F (column 5); the Order column is the one right of them.
    const last = columnLetters(5 + PRICED_BOM_HEADERS.length - 1);
    const orderColumn = columnLetters(5 + PRICED_BOM_HEADERS.length);
    expect((await values(page, 'BOM', `F1:${last}1`))[0]).toEqual(PRICED_BOM_HEADERS);

    // Select the BOM's rows (any cells of them), and order them from the BOM view.
    await page.evaluate(() => (globalThis as any).__partsheet.book.select('BOM', 'A2:B5'));
    await page.getByRole('button', { name: 'Order selected rows' }).click();
    await page.getByRole('list', { name: 'Order lines' }).waitFor();
    // ATMEGA328P-PU is priced from a regional (NAC) offer: it cannot join the marketplace lines, and says so.
    expect(await page.getByTestId('order-selection').textContent()).toBe(
      'Read BOM!A2:B5, priced for 1 board: 2 lines to order, 2 rows left out.',
    );
    expect(await page.getByTestId('order-left-out').locator('li').allTextContents()).toEqual([
      'Row 4 (ATMEGA328P-PU): regional (NAC) offer: marketplace and regional items cannot be in one order; they go in the next order',
      'Row 5: not found: no part matches it; check the part number and price again',
    ]);
    expect(await page.getByLabel('Environment').inputValue()).toBe('test');

    // The 2N7002 line: 2 needed, the minimum is 100; typed below it, the rounding is shown.
    await page.getByLabel('Quantity of 2N7002-7-F').fill('30');
    expect(await page.getByTestId('quantity-change').textContent()).toBe('30 → 100 (minimum 100)');

    await page.getByLabel(/^Username/).fill('buyer@example.com');
    await page.getByLabel(/^Password/).fill('demo-password');
    await page.getByLabel(/^Remember on this computer/).check();
    await page.getByLabel(/^PO number/).fill('PO-E2E-1');
    await page.getByLabel(/^Ship-to address id/).fill('1001');
    await page.getByLabel(/^Bill-to address id/).fill('2001');
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'order-review.png'), fullPage: true });

    await page.getByRole('button', { name: 'Create order' }).click();
    const result = page.getByTestId('order-result');
    await result.waitFor({ timeout: 30_000 });
    const heading = (await result.getByRole('heading').first().textContent()) ?? '';
    const orderId = /Order (9\d{7}) created/.exec(heading)?.[1];
    expect(orderId).toBeDefined();
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'order-result.png'), fullPage: true });

    // The Order column, right of As of, names the order on each ordered row; the not-found row has none.
    const order = await values(page, 'BOM', `${orderColumn}1:${orderColumn}5`);
    expect(order[0]).toEqual(['Order']);
    for (const row of order.slice(1, 3))
      expect(String(row[0])).toMatch(new RegExp(`^${orderId} created \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`));
    expect(order.slice(3)).toEqual([[''], ['']]);
    const processed = await result
      .getByRole('table', { name: 'Order lines as processed' })
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('td'), (td: any) => td.textContent).slice(0, 2)),
      );
    expect(processed).toEqual([
      ['SMBJ5.0A (65130990)', '2'],
      ['2N7002-7-F (65130989)', '100'],
    ]);

    // The Orders sheet: its header and this order.
    expect((await values(page, 'Orders', 'A1:L1'))[0]).toEqual(ORDERS_LOG_HEADERS);
    const logged = (await values(page, 'Orders', 'A2:L2'))[0];
    expect(typeof logged[0]).toBe('number');
    expect(logged.slice(1, 7)).toEqual([
      'test',
      'PO-E2E-1',
      orderId,
      'no',
      2,
      '65130990 (SMBJ5.0A) × 2; 65130989 (2N7002-7-F) × 100',
    ]);
    expect(logged[10]).toBe('USD');
    expect(logged[11]).toBe('BOM rows 2, 3');

    // Remembered: the hash is in OfficeRuntime.storage, the password nowhere, and neither in the workbook.
    const kept = await page.evaluate((key) => {
      const { storage, book } = (globalThis as any).__partsheet;
      return {
        remembered: storage.get(key),
        all: JSON.stringify([...storage.values()]),
        settings: JSON.stringify(book.settings.snapshot()),
        cells: JSON.stringify(book.snapshot()),
      };
    }, credentialsKey('test'));
    const remembered = JSON.parse(kept.remembered);
    expect(remembered.username).toBe('buyer@example.com');
    expect(remembered.passwordHash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.all).not.toContain('demo-password');
    expect(kept.settings).not.toContain(remembered.passwordHash);
    expect(kept.cells).not.toContain(remembered.passwordHash);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
