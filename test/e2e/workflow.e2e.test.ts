/**
 * The buyer's workflow on the built pane in headless Chromium (350 × 800, light and dark), against the running
 * service: price a BOM in two clicks, open the problem rows, find a replacement for a part that is not found, pin
 * an offer from the offers view, and a run refused by the service that writes nothing. Screenshots go to
 * test-output/; axe-core checks each main view for serious or critical accessibility violations.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PRICED_BOM_COLUMNS, type PricedColumnKey } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { STATUS_FILLS } from '../../src/excel/priced-sheet';
import { seriousViolations } from './axe';
import { loadBom, priceSelection } from './order-bom';
import { OUTPUT, paneForFile, type OpenedPane } from './pane-host';

const BOM_ROWS = [
  ['Ref', 'MPN', 'Manufacturer', 'Qty', 'Description'],
  ['U1', 'LM358DR', 'TI', 2, 'Dual op amp'],
  ['D1', '1N4148', '', 1, 'Signal diode'],
  ['U2', 'LM358XYZ', '', 1, 'Op amp, number mistyped'],
  ['D2', 'BAV99,215', 'Nexperia', 2, 'Diode array'],
];
type Theme = 'light' | 'dark';

const file = paneForFile();

async function openPane(theme: Theme): Promise<OpenedPane> {
  const opened = await file.host.open({
    width: 350,
    height: 800,
    colorScheme: theme,
    query: theme === 'dark' ? 'theme=dark' : '',
  });
  await loadBom(opened.page, BOM_ROWS, 'B2');
  return opened;
}

const values = (page: Page, address: string): Promise<unknown[][]> =>
  page.evaluate((a) => (globalThis as any).__partsheet.book.getValues('BOM', a), address);
const cell = (page: Page, address: string): Promise<any> =>
  page.evaluate((a) => (globalThis as any).__partsheet.book.cell('BOM', a), address);
/** The letter of a priced column in results whose first column is `left`. */
const col = (key: PricedColumnKey, left: number) =>
  columnLetters(left + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));

/** Waits until the run started by a choice has written its results (their Status cell at `address`) and the pane is idle. */
async function settled(page: Page, address: string): Promise<void> {
  await page.waitForFunction(
    (a) => String((globalThis as any).__partsheet.book.getValues('BOM', a)[0][0] ?? '') !== '',
    address,
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: 'Refresh all' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
}

async function shoot(page: Page, name: string, theme: Theme): Promise<void> {
  await page.screenshot({ path: join(OUTPUT, `workflow-${name}-${theme}.png`) });
}

/** Clicks, counted: the buyer's effort from opening the pane. */
function counter(page: Page) {
  let clicks = 0;
  return {
    click: async (name: string | RegExp, role: 'button' | 'tab' = 'button') => {
      clicks++;
      await page
        .getByRole(role, { name, exact: typeof name === 'string' })
        .first()
        .click();
    },
    get clicks() {
      return clicks;
    },
  };
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: two clicks to a priced BOM; problem rows, a replacement found by prefix, an offer pinned; no serious accessibility violations`, async () => {
    const { context, page, problems } = await openPane(theme);
    const violations: string[] = [];
    try {
      const user = counter(page);
      await user.click('Use selection');
      await page.getByTestId('bom-counts').waitFor();
      violations.push(...(await seriousViolations(page, 'selection')));
      await user.click('Price BOM');
      await page.getByText('Prices written').waitFor({ timeout: 60_000 });
      // Opening the pane, then Use selection and Price BOM: the BOM is priced.
      expect(user.clicks).toBe(2);
      // The run's notice heads the BOM view in one line, above the results, and is not pinned over them: scrolled
      // to the bottom, the results have the whole pane.
      await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
      const notice = await page.getByText('Prices written').boundingBox();
      expect(notice && notice.y >= 0 && notice.y + notice.height <= 800 && notice.height <= 48).toBe(true);
      const bodyHeight = await page.evaluate(() => (globalThis as any).document.body.scrollHeight as number);
      if (bodyHeight > 800) {
        await page.evaluate(() => (globalThis as any).scrollTo(0, (globalThis as any).document.body.scrollHeight));
        const scrolled = await page.getByText('Prices written').boundingBox();
        expect(scrolled === null || scrolled.y + scrolled.height <= 0).toBe(true);
        await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
      }
      await shoot(page, 'priced', theme);

      // Point 2: the not-found count opens its rows; a row selects its cells in the sheet.
      await user.click('1 Not found: show the rows');
      const rows = page.getByRole('region', { name: 'Not found rows' });
      await rows.getByRole('button', { name: 'Row 4: LM358XYZ' }).click();
      // The row from the BOM's first column to the results' last (from G: five BOM columns and a gap before them).
      const rowAddress = `BOM!A4:${columnLetters(6 + PRICED_BOM_COLUMNS.length - 1)}4`;
      await page.waitForFunction(
        (address) => (globalThis as any).__partsheet.book.selectedAddress() === address,
        rowAddress,
      );
      violations.push(...(await seriousViolations(page, 'problem rows')));
      await rows.getByRole('button', { name: 'Find a replacement' }).click();
      await rows.getByLabel('Part numbers starting with').fill('LM358');
      await rows.getByRole('button', { name: 'Search' }).click();
      const found = rows.getByRole('list', { name: 'Parts found for row 4' });
      await found.waitFor({ timeout: 30_000 });
      const lm358n = found.getByRole('listitem').filter({ hasText: 'LM358N — Texas Instruments' });
      expect(await lm358n.textContent()).toMatch(/USD each .* · [\d,]+ in stock · /);
      await rows.scrollIntoViewIfNeeded();
      await shoot(page, 'replacement-search', theme);
      await found.getByRole('button', { name: 'Use LM358N (Texas Instruments) for row 4' }).click();
      await page.getByText('Row 4: LM358N (Texas Instruments) replaces LM358XYZ').waitFor();
      // The BOM's MPN stays; the replacement is in the pane's own column, and priced.
      expect(await values(page, 'A1:F4')).toEqual([
        [...BOM_ROWS[0], 'Replacement MPN'],
        [...BOM_ROWS[1], ''],
        [...BOM_ROWS[2], ''],
        [...BOM_ROWS[3], 'LM358N (Texas Instruments)'],
      ]);
      let left = 7;
      await settled(page, `${col('status', left)}4`);
      expect(String((await values(page, `${col('status', left)}4`))[0][0])).toMatch(
        /^priced: replacement LM358N \(Texas Instruments\) for LM358XYZ/,
      );
      expect((await values(page, `${col('matchedPart', left)}4`))[0][0]).toBe('LM358N');

      // Point 3: every offer of LM358DR side by side; pin the regional NAC reel.
      await page.getByRole('button', { name: /Priced: show the rows/ }).click();
      const row2 = page
        .getByRole('region', { name: 'Priced rows' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Row 2: LM358DR' }) });
      await row2.getByRole('button', { name: /^Offers/ }).click();
      const offers = row2.getByRole('region', { name: 'Offers for row 2' });
      await offers.waitFor();
      const ids = await offers
        .locator('tbody')
        .evaluateAll((groups) => groups.map((g) => g.getAttribute('data-offer')));
      expect(ids.sort()).toEqual(['0898_00015104', '65130966', 'A17:0456_00123402', 'E02:0323_00016403']);
      const sources = await offers.locator('tbody th').allTextContents();
      for (const source of ['MARKETPLACE', 'NAC', 'EUROPE', 'ASIA'])
        expect(sources.some((s) => s.startsWith(source))).toBe(true);
      expect(await offers.locator('thead th').allTextContents()).toEqual([
        'Stock',
        'MOQ',
        'Pack',
        'Cost for 2',
        'Lead',
        'Pin',
      ]);
      await offers.scrollIntoViewIfNeeded();
      violations.push(...(await seriousViolations(page, 'offers')));
      await shoot(page, 'offers', theme);
      await offers.getByRole('button', { name: 'Pin offer 0898_00015104 (NAC) for row 2' }).click();
      await page.getByText('Row 2: offer 0898_00015104 pinned').waitFor();
      expect((await values(page, 'G1:G2')).map((r) => r[0])).toEqual(['Pinned offer', '0898_00015104']);
      left = 8;
      await settled(page, `${col('status', left)}2`);
      expect((await values(page, `${col('itemId', left)}2`))[0][0]).toBe('0898_00015104');
      expect(String((await values(page, `${col('status', left)}2`))[0][0])).toContain(
        'pinned offer 0898_00015104 bought',
      );
      expect((await values(page, `${col('orderQty', left)}2`))[0][0]).toBe(2500);
      await page.getByRole('heading', { name: 'Summary' }).scrollIntoViewIfNeeded();
      await shoot(page, 'pinned', theme);

      // The ambiguous picker shows price, stock and lifecycle per candidate.
      const picker = page.getByRole('radiogroup', { name: 'Row 3: 1N4148' });
      expect(await picker.textContent()).toMatch(/Vishay.*USD each.*in stock/);

      // The other main views.
      await user.click('Settings', 'tab');
      await page.getByRole('button', { name: 'Test connection' }).waitFor();
      violations.push(...(await seriousViolations(page, 'settings')));
      await user.click('Order', 'tab');
      violations.push(...(await seriousViolations(page, 'order')));
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  test(`${theme}: a run the service refuses as a whole writes nothing, keeps the last prices and says so`, async () => {
    const { context, page, problems } = await openPane(theme);
    try {
      await priceSelection(page);
      const before = await values(page, 'G1:AB6');
      // The run wrote its results, so keeping them below means something: the header, and LM358DR priced.
      expect(before[0][0]).toBe('Status');
      expect(String(before[1][0])).toMatch(/^priced/);

      // A wrong API key, then Refresh all.
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByLabel('API key').fill('not-the-key');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saving…').waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'BOM' }).click();
      await page.getByRole('button', { name: 'Refresh all' }).click();
      await page.getByText('Nothing written: the parts service refused the login').waitFor({ timeout: 60_000 });
      expect(await page.getByText('Prices written').count()).toBe(0);
      expect(await values(page, 'G1:AB6')).toEqual(before);
      expect((await cell(page, 'G2')).fill ?? null).not.toBe(STATUS_FILLS.stale.color);
      await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
      await shoot(page, 'refused', theme);
      // The browser logs the service's 401 answer itself; nothing else may go wrong.
      expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
}
