/**
 * Orders recorded by BOM line, on the built pane in headless Chromium (350 px wide) against the running service:
 * rows ordered, then a replacement for another row moves the results one column right (a new "Replacement MPN"
 * column); the Order column follows the lines, and the same rows reviewed again are listed as already ordered and
 * left out, with no second order without a second confirmation naming the first. A selection of a USD and a EUR
 * item makes two orders, each in one currency, and the review says why. Screenshots go to test-output/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PRICED_BOM_HEADERS } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { loadOrderBom, priceSelection, values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

/** The Order column right of priced columns that start at `left` (F before the replacement, G after). */
const orderColumn = (left: number) => columnLetters(left + PRICED_BOM_HEADERS.length);

const file = paneForFile();

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await page.screenshot({ path: join(OUTPUT, name), fullPage: true });
}

async function review(page: Page, select: string): Promise<void> {
  await page.evaluate((s) => (globalThis as any).__partsheet.book.select('BOM', s), select);
  await page.getByRole('tab', { name: 'Order' }).click();
  await page.getByRole('button', { name: 'Order selected rows', exact: true }).click();
  await page.getByTestId('order-selection').filter({ hasText: select }).waitFor();
}

/** Uses the first SMBJ part found (offered by the EUROPE source, in EUR) for row 5 (NOPE-0000), and waits for the run. */
async function replaceRow5(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'BOM' }).click();
  await page.getByRole('button', { name: '1 Not found: show the rows' }).click();
  const row = page.locator('li[data-row="5"]');
  await row.getByRole('button', { name: 'Find a replacement' }).click();
  await row.getByLabel('Part numbers starting with').fill('SMBJ');
  await row.getByRole('button', { name: 'Search', exact: true }).click();
  await row
    .getByRole('button', { name: /^Use .* for row 5$/ })
    .first()
    .click();
  await page.getByText(/^Row 5: .* replaces NOPE-0000$/).waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => (globalThis as any).__partsheet.book.getValues('BOM', 'G1')[0][0] === 'Status',
    undefined,
    { timeout: 60_000 },
  );
}

test.each(['light', 'dark'] as const)(
  'ordered rows stay ordered after a replacement moves the results (%s)',
  async (theme) => {
    const { context, page, problems } = await file.host.open({
      colorScheme: theme,
      query: theme === 'dark' ? 'theme=dark' : '',
    });
    try {
      await loadOrderBom(page);
      await priceSelection(page);
      await review(page, 'A2:B3');
      await page.getByLabel(/^Username/).fill('buyer@example.com');
      await page.getByLabel(/^Password/).fill('demo-password');
      await page.getByLabel(/^PO number/).fill(`PO-REC-${theme}`);
      await page.getByLabel(/^Ship-to address id/).fill('1001');
      await page.getByRole('button', { name: 'Submit order', exact: true }).click();
      const heading = page.getByRole('heading', { name: /^Order 9\d{7} submitted$/ });
      await heading.waitFor({ timeout: 30_000 });
      const first = /Order (9\d{7})/.exec((await heading.textContent()) ?? '')![1];
      for (const [cell] of await values(page, 'BOM', `${orderColumn(5)}2:${orderColumn(5)}3`))
        expect(String(cell)).toMatch(new RegExp(`^${first} submitted `));

      // A replacement for the part that was not found (row 5): the results move one column right.
      await replaceRow5(page);
      expect((await values(page, 'BOM', 'E1'))[0][0]).toBe('Replacement MPN');
      const moved = await values(page, 'BOM', `${orderColumn(6)}1:${orderColumn(6)}5`);
      expect(moved[0][0]).toBe('Order');
      expect(moved.slice(1, 3).map((r) => String(r[0]))).toEqual([
        expect.stringMatching(new RegExp(`^${first} submitted `)),
        expect.stringMatching(new RegExp(`^${first} submitted `)),
      ]);
      expect(moved.slice(3).map((r) => r[0])).toEqual(['', '']);

      // The same rows again with the rest: rows 2 and 3 are listed first, left out, and need a second confirmation.
      await review(page, 'A2:B5');
      const already = page.getByTestId('already-ordered');
      expect(await already.getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(new RegExp(`^Row 2 \\(SMBJ5\\.0A\\): order ${first} submitted `)),
        expect.stringMatching(new RegExp(`^Row 3 \\(2N7002-7-F\\): order ${first} submitted `)),
      ]);
      const items = await page
        .getByRole('list', { name: 'Order lines' })
        .locator('li[data-item]')
        .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-item')));
      expect(items).not.toContain('65130990');
      expect(items).not.toContain('65130989');
      await shot(page, `order-already-ordered-${theme}.png`);

      // Ticked back in (rows 2 and 3 alone, so the order is one of marketplace items): a second confirmation first.
      await review(page, 'A2:B3');
      await page.getByTestId('already-ordered').getByRole('checkbox').first().check();
      await page.getByLabel(/^PO number/).fill(`PO-REC-${theme}-2`);
      await page.getByRole('button', { name: 'Submit order', exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(`Row 2 (SMBJ5.0A): order ${first} submitted`);
      await shot(page, `order-again-confirm-${theme}.png`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      // No second order: the Orders log still has the first one only.
      expect((await values(page, 'Orders', 'D2:D3')).map((r) => r[0])).toEqual([first, '']);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  },
  180_000,
);

test('a USD and a EUR item make two orders, each in one currency; the review says why', async () => {
  const { context, page, problems } = await file.host.open({ colorScheme: 'light' });
  try {
    await loadOrderBom(page);
    await priceSelection(page);
    await replaceRow5(page);
    // Row 4 is bought from NAC in USD, row 5's replacement from EUROPE in EUR.
    const currencies = await values(
      page,
      'BOM',
      `${columnLetters(6 + PRICED_BOM_HEADERS.indexOf('Offer currency'))}4:${columnLetters(6 + PRICED_BOM_HEADERS.indexOf('Offer currency'))}5`,
    );
    expect(currencies.map((r) => r[0])).toEqual(['USD', 'EUR']);
    await review(page, 'A4:B5');
    const split = page.getByTestId('order-split');
    expect(await split.textContent()).toMatch(
      /^This selection makes 2 orders: the checkout takes one currency per order \((EUR, USD|USD, EUR)\)\. This is the (EUR|USD) order; the (USD|EUR) order \(1 line\) is prepared after it\.$/,
    );
    await shot(page, 'order-two-currencies-review-light.png');
    await page.getByLabel(/^Username/).fill('buyer@example.com');
    await page.getByLabel(/^Password/).fill('demo-password');
    await page.getByLabel(/^PO number/).fill('PO-CURRENCIES');
    await page.getByLabel(/^Ship-to address id/).fill('1001');
    await page.getByRole('button', { name: 'Submit order', exact: true }).click();
    // Row 5's replacement is sold by the reel (3,000 for a need of a few): the review asks once before ordering it.
    const question = page.getByRole('alertdialog', { name: 'Order an overbuy?' });
    await question.waitFor({ timeout: 30_000 });
    expect(await question.textContent()).toMatch(/Row 5: SMBJ120CA, 3,?000: [\d.,]+ USD of spares/);
    await question.getByRole('button', { name: 'Order as planned' }).click();
    await page.getByRole('heading', { name: /^Order 9\d{7} submitted$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Prepare the (USD|EUR) order \(1 line\)$/ }).click();
    await page.getByRole('list', { name: 'Order lines' }).waitFor();
    await page.getByRole('button', { name: 'Submit order', exact: true }).click();
    // The PO of the first order is asked about, that order named as this selection's.
    await page.getByRole('alertdialog', { name: 'PO-CURRENCIES was used before' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send another order' }).click();
    await page.getByRole('heading', { name: /^Order 9\d{7} submitted$/ }).waitFor({ timeout: 30_000 });
    await shot(page, 'order-two-currencies-second-light.png');
    // Two orders, one currency each, and no refusal on the way.
    const log = await values(page, 'Orders', 'D2:K3');
    expect(log.map((r) => r[7]).sort()).toEqual(['EUR', 'USD']);
    expect(log.map((r) => r[2])).toEqual([1, 1]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
