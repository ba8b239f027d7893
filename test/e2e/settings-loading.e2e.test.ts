/**
 * The built pane in headless Chromium as a real host opens it: while OfficeRuntime.storage is slow to answer (Office
 * busy starting) the Settings view says it is loading and offers no Save, then shows the saved settings, untouched;
 * on a workbook saved with PARTS values older than the cache time it shows their age and offers Refresh prices.
 * Screenshots go to test-output/.
 */
import { join } from 'node:path';
import { OUTPUT, startPaneHost, type PaneHost } from './pane-host';

const SAVED = {
  environment: 'production',
  itemBaseUrl: 'https://parts.example.com',
  checkoutBaseUrl: '',
  login: 'buyer',
  apiKey: 'k-123',
  currency: 'EUR',
};

let host: PaneHost;

beforeAll(async () => {
  // Nothing here reaches the parts service; its addresses only need to exist.
  host = await startPaneHost({ productionUrl: 'http://127.0.0.1:9', testUrl: 'http://127.0.0.1:9' });
}, 300_000);
afterAll(() => host?.close());

const open = (query: string) => host.open({ query, height: 700 });

test('storage that answers after 4 s: "Loading settings…" with Save disabled, then the saved settings, nothing overwritten', async () => {
  const { context, page, problems } = await open('storageDelay=4000');
  try {
    // What the user saved in an earlier session; the first read answers with it once its delay is over.
    await page.evaluate(
      (saved) => (globalThis as any).__partsheet.storage.set('partsheet.settings', JSON.stringify(saved)),
      SAVED,
    );
    await page.getByRole('tab', { name: 'Settings' }).click();

    await page.getByText('Loading settings…').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Login').count()).toBe(0);
    await page.screenshot({ path: join(OUTPUT, 'settings-loading.png'), fullPage: true });

    const login = page.getByLabel('Login');
    await login.waitFor({ timeout: 15_000 });
    expect(await login.inputValue()).toBe('buyer');
    expect(await page.getByLabel('Parts service address').inputValue()).toBe('https://parts.example.com');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
    await page.screenshot({ path: join(OUTPUT, 'settings-loaded.png'), fullPage: true });
    const stored = await page.evaluate(() => (globalThis as any).__partsheet.storage.get('partsheet.settings'));
    expect(JSON.parse(stored)).toEqual(SAVED);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a workbook saved with PARTS values from three days ago: the pane shows their age and Refresh prices renews it', async () => {
  const asOf = new Date(Date.now() - 3 * 24 * 60 * 60_000);
  const { context, page, problems } = await open(`pricesAsOf=${encodeURIComponent(asOf.toISOString())}`);
  try {
    const notice = page.getByRole('region', { name: 'Age of the PARTS prices' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Prices as of .*longer ago than the 10 minutes prices are kept/);
    await page.screenshot({ path: join(OUTPUT, 'prices-age.png') });
    const before = Date.now();
    await page.getByRole('button', { name: 'Refresh prices' }).click();
    await page.getByText('Prices refreshed').waitFor();
    const noted = await page.evaluate(
      () => (globalThis as any).__partsheet.book.settings.snapshot()['partsheet.pricesAsOf'],
    );
    expect(Date.parse(noted)).toBeGreaterThanOrEqual(before - 1000);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
