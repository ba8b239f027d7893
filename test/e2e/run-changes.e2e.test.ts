/**
 * On the built pane in headless Chromium against the running service: the priced sheet edited (the results marked
 * stale), a line typed under the BOM (pointed out when the range is used again), priced again: the Changes sheet and
 * the summary's changes line, the total row kept off the typed line. A screenshot of the summary at 350 px.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PRICED_BOM_COLUMNS } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { loadBom, priceSelection, values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

const BOM_ROWS = [
  ['Ref', 'MPN', 'Manufacturer', 'Qty'],
  ['U1', 'LM358DR', 'TI', 2],
  ['D2', 'BAV99,215', 'Nexperia', 2],
];
const STATUS = columnLetters(5 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'status'));
const SHOTS = process.env.PARTSHEET_SHOTS ?? OUTPUT;

const edit = (page: Page, address: string, rows: unknown[][]) =>
  page.evaluate(([a, r]) => (globalThis as any).__partsheet.book.setValues('BOM', a, r), [address, rows] as const);

const file = paneForFile();

test('edit the priced sheet, price again: stale mark, the line under the BOM pointed out, the Changes sheet, the total kept off the line', async () => {
  const { context, page, problems } = await file.host.open({ width: 350, height: 900 });
  try {
    await loadBom(page, BOM_ROWS, 'A1:D3');
    await priceSelection(page);

    await edit(page, 'D2', [[5]]);
    const mark = page.getByTestId('results-edited');
    await mark.waitFor();
    expect(await mark.textContent()).toContain('Cell BOM!D2 of the BOM changed after pricing.');
    await edit(page, 'A4:D4', [['R1', 'NE555P', 'TI', 1]]);

    await page.evaluate(() => (globalThis as any).__partsheet.book.select('BOM', 'A1:D3'));
    await page.getByRole('button', { name: 'Change the BOM, columns or boards' }).click();
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByText('Row 4 under the BOM has a part number: include it?').waitFor();
    await page.getByRole('button', { name: 'Price BOM' }).click();

    const line = page.getByTestId('summary-changes');
    await line.waitFor({ timeout: 60_000 });
    expect(await line.textContent()).toMatch(/Since the last run: 1 line changed, \+/);
    expect(await line.textContent()).toContain('row 2 LM358DR: quantity 2 → 5');
    expect(await mark.count()).toBe(0);
    expect(String((await values(page, 'Changes', 'A1'))[0][0])).toMatch(/^Changes since the run of /);
    expect(await values(page, 'BOM', `A4:D4`)).toEqual([['R1', 'NE555P', 'TI', 1]]);
    expect((await values(page, 'BOM', `${STATUS}4`))[0][0]).toBe('');

    // The Summary's top under the pane's tabs, which stay at the top of the page.
    await page.evaluate(() => {
      const page = globalThis as any;
      page.document.getElementById('summary-heading')?.scrollIntoView();
      page.scrollBy(0, -90);
    });
    await page.screenshot({ path: join(SHOTS, 'summary-changes-350.png') });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);
