/**
 * The buyer's ordering workflow on the built pane in headless Chromium (350 px wide), against the running service:
 * a created order submitted from its result (the checkout's submit of a created order), the second order of a
 * BOM with marketplace and regional items prepared in one click, and a second pane on the same computer reusing
 * the ship-to address and the remembered login. Clicks from the priced BOM to a submitted order are counted.
 * Screenshots, light and dark, go to test-output/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PRICED_BOM_HEADERS } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { shipToKey } from '../../taskpane/order/ship-to';
import { loadOrderBom, priceSelection, values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

/** The priced columns start at F; the Order column is the one right of them. */
const ORDER_COLUMN = columnLetters(5 + PRICED_BOM_HEADERS.length);

const file = paneForFile();
/** OfficeRuntime.storage as the first pane left it. */
let kept: Record<string, string> = {};

/** Clicks of the buyer, counted from the priced BOM on. */
class Clicks {
  count = 0;
  constructor(private readonly page: Page) {}
  async button(name: string | RegExp): Promise<void> {
    await this.page.getByRole('button', { name, exact: typeof name === 'string' }).click();
    this.count++;
  }
}

/** Opens the pane, prices the BOM (two clicks), and selects its rows in the sheet. */
async function pricedBom(theme: 'light' | 'dark', storage?: Record<string, string>) {
  const { context, page, problems } = await file.host.open({
    colorScheme: theme,
    query: theme === 'dark' ? 'theme=dark' : '',
    storage,
  });
  await loadOrderBom(page);
  await priceSelection(page);
  await page.evaluate(() => (globalThis as any).__partsheet.book.select('BOM', 'A2:B5'));
  return { context, page, problems };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await page.screenshot({ path: join(OUTPUT, name), fullPage: true });
}

async function heading(page: Page): Promise<string> {
  return (await page.getByTestId('order-result').getByRole('heading').first().textContent()) ?? '';
}

test('created, then submitted from its result; the regional order prepared in one click and submitted', async () => {
  const { context, page, problems } = await pricedBom('light');
  try {
    const clicks = new Clicks(page);
    await clicks.button('Order selected rows');
    await page.getByRole('list', { name: 'Order lines' }).waitFor();
    // Need → order and the plan's reason, beside part and item.
    const moqLine = page.locator('li[data-item="65130989"]');
    expect(await moqLine.textContent()).toContain('Item 65130989');
    expect(await moqLine.getByTestId('quantity-story').textContent()).toBe(
      'Need 2 → order 100: minimum order 100, 98 spare',
    );
    expect(
      await page.getByRole('button', { name: 'More: customer service and partner' }).getAttribute('aria-expanded'),
    ).toBe('false');

    await page.getByLabel(/^Username/).fill('buyer@example.com');
    await page.getByLabel(/^Password/).fill('demo-password');
    await page.getByLabel(/^Remember on this computer/).check();
    await page.getByLabel(/^PO number/).fill('PO-E2E-WF');
    await page.getByLabel(/^Ship-to address id/).fill('1001');
    await shot(page, 'order-workflow-review-light.png');

    await clicks.button('Create order');
    await page.getByTestId('order-result').waitFor({ timeout: 30_000 });
    const first = /Order (9\d{7}) created/.exec(await heading(page))?.[1];
    expect(first).toBeDefined();
    await shot(page, 'order-workflow-created-light.png');
    expect(String((await values(page, 'BOM', `${ORDER_COLUMN}2`))[0][0])).toMatch(new RegExp(`^${first} created `));

    await clicks.button(`Submit order ${first}`);
    await page.getByRole('heading', { name: `Order ${first} submitted` }).waitFor({ timeout: 30_000 });
    // Create, then submit that order: three clicks from the priced BOM (Order selected rows, Create, Submit order N).
    expect(clicks.count).toBe(3);
    const result = page.getByTestId('order-result');
    expect(
      await result
        .getByRole('table', { name: 'Order lines as processed' })
        .locator('tbody td:first-child')
        .allTextContents(),
    ).toEqual(['SMBJ5.0A (65130990)', '2N7002-7-F (65130989)']);
    for (const row of await values(page, 'BOM', `${ORDER_COLUMN}2:${ORDER_COLUMN}3`))
      expect(String(row[0])).toMatch(new RegExp(`^${first} submitted `));
    const log = await values(page, 'Orders', 'C2:G3');
    expect(log).toEqual([
      ['PO-E2E-WF', first, 'no', 2, '65130990 (SMBJ5.0A) × 2; 65130989 (2N7002-7-F) × 100'],
      ['PO-E2E-WF', first, 'yes', 2, '65130990 (SMBJ5.0A) × 2; 65130989 (2N7002-7-F) × 100'],
    ]);
    await shot(page, 'order-workflow-submitted-light.png');

    // The regional (NAC) line of the same selection: one click prepares its order, one more submits it.
    const before = clicks.count;
    await clicks.button('Prepare the regional order (1 line)');
    await page.getByRole('list', { name: 'Order lines' }).waitFor();
    expect(
      await page
        .getByRole('list', { name: 'Order lines' })
        .locator('li')
        .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-item'))),
    ).toEqual(['0898_00015112']);
    expect(await page.getByTestId('order-left-out').textContent()).toContain(`in order ${first}`);
    await shot(page, 'order-workflow-second-review-light.png');
    await clicks.button('Submit order');
    // The same PO is asked about as after "Back to the review", the first order named as this selection's.
    const samePo = page.getByRole('alertdialog', { name: 'PO-E2E-WF was used before' });
    await samePo.waitFor({ timeout: 30_000 });
    expect(await samePo.textContent()).toContain('made from this selection');
    await clicks.button('Send another order');
    await page.getByRole('heading', { name: /^Order 9\d{7} submitted$/ }).waitFor({ timeout: 30_000 });
    expect(clicks.count - before).toBe(3);
    const second = /Order (9\d{7}) submitted/.exec(await heading(page))?.[1];
    expect(second).not.toBe(first);
    expect((await values(page, 'Orders', 'C4:G4'))[0]).toEqual([
      'PO-E2E-WF',
      second,
      'yes',
      1,
      '0898_00015112 (ATMEGA328P-PU) × 1',
    ]);
    expect(String((await values(page, 'BOM', `${ORDER_COLUMN}4`))[0][0])).toMatch(new RegExp(`^${second} submitted `));

    kept = await page.evaluate(() => Object.fromEntries((globalThis as any).__partsheet.storage));
    expect(JSON.parse(kept[shipToKey('test')]).map((e: { id: string }) => e.id)).toEqual(['1001']);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);

test('a new pane on the same computer (dark): ship-to and login filled in, a submitted order two clicks from the priced BOM', async () => {
  expect(Object.keys(kept)).toContain(shipToKey('test'));
  const { context, page, problems } = await pricedBom('dark', kept);
  try {
    const clicks = new Clicks(page);
    await clicks.button('Order selected rows');
    await page.getByRole('list', { name: 'Order lines' }).waitFor();
    expect(await page.getByLabel(/^Ship-to address id/).inputValue()).toBe('1001');
    expect(await page.getByLabel(/^Username/).inputValue()).toBe('buyer@example.com');
    expect(
      await page.getByTestId('ship-to-used').getByRole('button', { name: 'Ship to 1001' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByLabel(/^PO number/).fill('PO-E2E-WF-2');
    await shot(page, 'order-workflow-review-dark.png');
    await clicks.button('Submit order');
    await page.getByRole('heading', { name: /^Order 9\d{7} submitted$/ }).waitFor({ timeout: 30_000 });
    expect(clicks.count).toBe(2);
    await shot(page, 'order-workflow-submitted-dark.png');

    await clicks.button('Prepare the regional order (1 line)');
    await page.getByRole('list', { name: 'Order lines' }).waitFor();
    await shot(page, 'order-workflow-second-review-dark.png');
    await clicks.button('Create order');
    await clicks.button('Send another order');
    await page.getByRole('heading', { name: /^Order 9\d{7} created$/ }).waitFor({ timeout: 30_000 });
    await shot(page, 'order-workflow-created-dark.png');

    // Forgetting the address takes it off the list kept on this computer.
    await clicks.button('Back to the review');
    await page.getByTestId('ship-to-used').getByRole('button', { name: 'Forget ship-to 1001' }).click();
    await page.getByTestId('ship-to-used').waitFor({ state: 'detached' });
    const left = await page.evaluate((key) => (globalThis as any).__partsheet.storage.get(key), shipToKey('test'));
    expect(JSON.parse(left)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
