/**
 * On the built pane in headless Chromium against the running service: a BOM without a header row whose first line
 * is on row 1 is priced without a header; the pane says why, and its one action inserts a row above the BOM and
 * writes the header there, the BOM's cells moved down as they were.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS, type PricedColumnKey } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { loadBom, priceSelection } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

const BOM_ROWS = [
  ['U1', 'LM358DR', 'TI', 2],
  ['D2', 'BAV99,215', 'Nexperia', 2],
];
const LEFT = 5;
const col = (key: PricedColumnKey) => columnLetters(LEFT + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));
const values = (page: Page, address: string): Promise<unknown[][]> =>
  page.evaluate((a) => (globalThis as any).__partsheet.book.getValues('BOM', a), address);

const file = paneForFile();

test('results without a header row: the pane says why, and one click inserts a row above the BOM for the header', async () => {
  const { context, page, problems } = await file.host.open({ width: 350, height: 800 });
  try {
    await loadBom(page, BOM_ROWS, 'B1');
    await priceSelection(page);
    const notice = page
      .getByRole('region', { name: 'Messages' })
      .locator('.fui-MessageBar')
      .filter({ hasText: 'The results have no header row' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('The BOM has no header row and starts on row 1');
    expect((await values(page, `${col('matchedPart')}1`))[0][0]).toBe('LM358DR');
    await page.screenshot({ path: join(OUTPUT, 'header-row-offered.png') });

    await notice.getByRole('button', { name: 'Insert a row above the BOM for the header' }).click();
    await page.getByText('Row 1 inserted for the header').waitFor();
    await page.waitForFunction(
      (a) => String((globalThis as any).__partsheet.book.getValues('BOM', a)[0][0]) === 'LM358DR',
      `${col('matchedPart')}2`,
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Refresh all' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
    expect(await values(page, 'A1:D3')).toEqual([['', '', '', ''], ...BOM_ROWS]);
    expect(
      (await values(page, `${col('status')}1:${columnLetters(LEFT + PRICED_BOM_COLUMNS.length - 1)}1`))[0],
    ).toEqual([...PRICED_BOM_HEADERS]);
    expect((await values(page, `${col('matchedPart')}2:${col('matchedPart')}3`)).map((r) => r[0])).toEqual([
      'LM358DR',
      'BAV99,215',
    ]);
    expect(await page.getByText('The results have no header row').count()).toBe(0);
    await page.screenshot({ path: join(OUTPUT, 'header-row-inserted.png') });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
