/**
 * The built task pane in headless Chromium, with the office.js stand-in over an in-memory workbook, against the
 * running parts service: select a BOM, map it, price it, check the cells written, choose an ambiguous part, and
 * save screenshots of the pane (light and dark, 350 px wide) to test-output/.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS, PRICE_BREAK_COLUMNS, type PricedColumnKey } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { STATUS_FILLS } from '../../src/excel/priced-sheet';
import { loadBom, priceSelection } from './order-bom';
import { OUTPUT, paneForFile, servePane, type PageServer } from './pane-host';

/** A BOM as engineers paste it: a title, a blank row, then the header at row 3. */
const BOM_ROWS = [
  ['Widget controller rev C', '', '', '', ''],
  ['', '', '', '', ''],
  ['Ref', 'MPN', 'Manufacturer', 'Qty', 'Description'],
  ['D1, D2', 'BAV99,215', 'Nexperia', 2, 'Diode array'],
  ['U1', 'LM358DR', 'TI', 1, 'Dual op amp'],
  ['D3', '1N4148', '', 1, 'Signal diode'],
  ['R1-R4', 'RC0603FR-0710KL', 'Yageo', 4, '10k 1% 0603'],
  ['C1', 'GRM155R71C104KA88D', 'Murata', 1, '100nF 16V 0402'],
  ['X1', 'NOPE-0000', '', 1, 'Custom part'],
  ['R9', 'RC0603FR-0710KL', 'Yageo', 'DNP', '10k, not fitted'],
];

const file = paneForFile();

interface Pane {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function openPane(theme: 'light' | 'dark', from?: PageServer): Promise<Pane> {
  const { context, page, problems } = await file.host.open({
    from,
    colorScheme: theme,
    query: theme === 'dark' ? 'theme=dark' : '',
  });
  await loadBom(page, BOM_ROWS, 'B5');
  return { context, page, problems };
}

const cells = (page: Page, address: string): Promise<unknown[][]> =>
  page.evaluate(
    (a) =>
      (globalThis as any).__partsheet.book.getValues(
        a.includes('!') ? a.split('!')[0] : 'BOM',
        a.includes('!') ? a.split('!')[1] : a,
      ),
    address,
  );
const cell = (page: Page, address: string): Promise<any> =>
  page.evaluate((a) => (globalThis as any).__partsheet.book.cell('BOM', a), address);

test('select a BOM, map it, price it against the service, and find the results written beside it', async () => {
  const { context, page, problems } = await openPane('light');
  try {
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByTestId('bom-counts').waitFor();
    expect(await page.getByTestId('bom-found').textContent()).toContain('BOM!A3:E10');
    expect(await page.getByTestId('bom-counts').textContent()).toBe('6 lines to price, 1 line skipped.');
    expect(await page.getByRole('combobox', { name: /^Part number/ }).inputValue()).toBe('1');
    expect(await page.getByRole('combobox', { name: 'Manufacturer' }).inputValue()).toBe('2');
    expect(await page.getByRole('combobox', { name: 'Designators' }).inputValue()).toBe('0');

    // Map: the description column by hand, then the build size.
    await page.getByRole('combobox', { name: 'Description' }).selectOption({ label: 'E: Description' });
    await page.getByLabel('Boards to build').fill('10');
    await page.getByRole('button', { name: 'Price BOM' }).click();
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });

    // The priced columns start at G (column 6); each is found by its key.
    const col = (key: PricedColumnKey) => columnLetters(6 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));
    const header = await cells(page, `G3:${col('asOf')}3`);
    expect(header[0]).toEqual(PRICED_BOM_HEADERS);
    const status = (await cells(page, 'G4:G10')).map((r) => String(r[0]).split(':')[0]);
    expect(status).toEqual(['priced', 'priced', 'ambiguous', 'priced', 'priced', 'not found', 'skipped']);
    const row4 = (await cells(page, `G4:${col('asOf')}4`))[0];
    const at = (key: PricedColumnKey) => row4[PRICED_BOM_COLUMNS.findIndex((c) => c.key === key)];
    expect(at('matchedPart')).toBe('BAV99,215');
    expect(at('manufacturer')).toBe('Nexperia');
    expect(at('need')).toBe(20);
    expect(typeof at('orderQty')).toBe('number');
    expect(typeof at('unitPrice')).toBe('number');
    expect(typeof at('asOf')).toBe('number');
    expect(at('currency')).toBe('USD');
    expect((await cell(page, `${col('unitPrice')}4`)).numberFormat).toBe('0.00000');
    expect((await cell(page, `${col('extended')}4`)).numberFormat).toBe('#,##0.00');
    expect((await cell(page, `${col('asOf')}4`)).numberFormat).toBe('yyyy-mm-dd hh:mm');
    expect((await cell(page, 'G9')).fill).toBe(STATUS_FILLS.notFound.color);
    expect((await cell(page, 'G6')).fill).toBe(STATUS_FILLS.ambiguous.color);
    expect((await cell(page, 'G3')).bold).toBe(true);
    expect(await page.evaluate(() => (globalThis as any).__partsheet.book.formulas('BOM'))).toEqual([]);
    expect(await cells(page, 'A3:E3')).toEqual([BOM_ROWS[2]]);

    const breaks = await cells(page, 'Price breaks!A1:I1');
    expect(breaks[0]).toEqual(PRICE_BREAK_COLUMNS.map((c) => c.header));
    expect((await cells(page, 'Price breaks!A2:B2'))[0]).toEqual([4, 'BAV99,215']);

    const remembered = await page.evaluate(
      () => (globalThis as any).__partsheet.book.settings.snapshot()['partsheet.bom'],
    );
    expect(remembered.BOM).toMatchObject({
      boards: 10,
      mapping: { partNumber: 1, manufacturer: 2, quantity: 3, designators: 0, description: 4 },
    });

    await page.getByText('Total for 10 boards', { exact: false }).waitFor();

    // The ambiguous line: choose Vishay's 1N4148; it is written into the BOM and priced.
    const group = page.getByRole('radiogroup', { name: 'Row 6: 1N4148' });
    await group.getByLabel(/Vishay/).check();
    await page.getByRole('button', { name: 'Use this part for row 6' }).click();
    await page.getByText('Row 6 now reads 1N4148 (Vishay)').waitFor();
    await page.getByRole('radiogroup', { name: 'Row 6: 1N4148' }).waitFor({ state: 'detached', timeout: 60_000 });
    expect(await cells(page, 'B6:C6')).toEqual([['1N4148', 'Vishay']]);
    expect((await cells(page, 'G6:I6'))[0]).toEqual(['priced', '1N4148', 'Vishay']);

    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'taskpane.png'), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the dark theme follows Office, and Test connection says what works', async () => {
  const { context, page, problems } = await openPane('dark');
  try {
    await priceSelection(page, 1);
    const background: string = await page.evaluate(() => {
      const w = globalThis as any;
      return w.getComputedStyle(w.document.querySelector('#root > div > div')).backgroundColor;
    });
    const [r, g, b] = (background.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
    expect(r + g + b).toBeLessThan(200);
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'taskpane-dark.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    const list = page.getByRole('list', { name: 'Connection test results' });
    await list.waitFor({ timeout: 30_000 });
    const steps = await list
      .locator('li')
      .evaluateAll((items) => items.map((li) => `${li.getAttribute('data-step')}: ${li.getAttribute('data-state')}`));
    expect(steps).toEqual([
      'address: ok',
      'credentials: ok',
      'reach: ok',
      'login: ok',
      'search: ok',
      'currency: ok',
      'sources: ok',
    ]);
    expect(await list.textContent()).toContain(`${file.host.server.url}/itemservice`);
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'taskpane-settings-dark.png'), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a slow service: the pane counts parts as they arrive, and Cancel leaves every row with a status', async () => {
  const slow = await servePane(file.host.dir, file.service, { serviceDelayMs: 4000 });
  const { context, page, problems } = await openPane('light', slow);
  try {
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByTestId('bom-counts').waitFor();
    await page.getByRole('button', { name: 'Price BOM' }).click();
    await page.getByText('Looking up 0 of 6 parts').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'taskpane-progress.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor({ timeout: 15_000 });
    const status = (await cells(page, 'G4:G10')).map((r) => String(r[0]));
    expect(
      status.slice(0, 6).every((s) => s === 'no price: cancelled before its price arrived; press Price BOM to finish'),
    ).toBe(true);
    expect(status[6]).toMatch(/^skipped/);
    expect((await cells(page, 'G3'))[0][0]).toBe('Status');
    expect(await page.getByRole('button', { name: 'Price BOM' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await slow.close();
  }
});
