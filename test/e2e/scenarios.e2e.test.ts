/**
 * Scenarios in the built pane in Chromium: a BOM priced at "1, 10, 100, 1000" against the running service, the
 * Scenarios sheet and its chart written, the quantity for the BOM sheet switched and the BOM sheet written again;
 * screenshots at 350 px in test-output/.
 */
import { join } from 'node:path';
import { PRICED_BOM_COLUMNS, type PricedColumnKey } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { SCENARIOS_CHART } from '../../src/excel/scenarios-sheet';
import { SCENARIOS_TITLE } from '../../src/purchase/scenario-layout';
import { ORDER_BOM_ROWS, loadBom, values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

const file = paneForFile();
/** The priced block starts one column right of the BOM (A:D), at F. */
const col = (key: PricedColumnKey) => columnLetters(5 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));

test('a BOM priced at 1, 10, 100 and 1000 boards: the Scenarios sheet and chart, and the BOM sheet for the quantity chosen', async () => {
  const { context, page, problems } = await file.host.open({});
  try {
    await loadBom(page, ORDER_BOM_ROWS, 'B2');
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByTestId('bom-counts').waitFor();
    await page.getByLabel('Boards to build').fill('1, 10, 100, 1000');
    const choice = page.getByRole('combobox', { name: 'Quantity the BOM sheet is written for' });
    expect(await choice.inputValue()).toBe('1');
    await page.screenshot({ path: join(OUTPUT, 'scenarios-boards.png'), fullPage: true });
    await page.getByRole('button', { name: 'Price BOM' }).click();
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });
    // At 350 px the success message wraps: its whole text is on screen, none of it cut off behind an ellipsis.
    const success = page.getByTestId('notice-success').first();
    expect(await success.evaluate((el: any) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(
      await success.evaluate((el: any) =>
        [...el.querySelectorAll('*')].every((child: any) => child.scrollWidth <= child.clientWidth + 1),
      ),
    ).toBe(true);

    // The BOM sheet is for 1 board: Q1, Q2 need 2.
    expect((await values(page, 'BOM', `${col('need')}3`))[0][0]).toBe(2);
    expect((await values(page, 'Scenarios', 'A1'))[0][0]).toBe(SCENARIOS_TITLE);
    const table = await values(page, 'Scenarios', 'A6:C9');
    expect(table.map((r) => r[0])).toEqual([1, 10, 100, 1000]);
    for (const [boards, perBoard, total] of table)
      expect(Math.abs(Number(perBoard) * Number(boards) - Number(total))).toBeLessThan(0.01 * Number(boards));
    const charts = await page.evaluate(() => (globalThis as any).__partsheet.book.charts('Scenarios'));
    expect(charts).toHaveLength(1);
    expect(charts[0].name).toBe(SCENARIOS_CHART);
    expect(charts[0].series[0].xValues).toEqual([1, 10, 100, 1000]);
    expect(charts[0].series[0].values).toEqual(table.map((r) => r[1]));
    await page.getByTestId('scenarios-table').waitFor();
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'scenarios.png'), fullPage: true });
    // At 350 px the table is screens down; the link to it is on the first screen, and one press takes the focus there.
    const jump = page.getByRole('link', { name: 'Scenarios: 4 quantities compared' });
    const height = await page.evaluate(() => (globalThis as any).innerHeight as number);
    expect((await jump.boundingBox())!.y).toBeLessThan(height);
    await jump.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (globalThis as any).document.activeElement?.id === 'scenarios-heading');
    const shown = (await page.getByTestId('scenarios-table').boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y).toBeLessThan(height);
    await page.screenshot({ path: join(OUTPUT, 'scenarios-jumped.png') });

    // The BOM sheet for 100 boards: written again, and the Scenarios sheet says so.
    await page.getByRole('combobox', { name: 'BOM sheet and orders for' }).selectOption('100');
    await page.waitForFunction(
      () => (globalThis as any).__partsheet.book.getValues('Scenarios', 'B3')[0][0] === '100 boards',
      undefined,
      { timeout: 60_000 },
    );
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });
    expect((await values(page, 'BOM', `${col('need')}3`))[0][0]).toBe(200);
    expect((await values(page, 'Summary', 'B4'))[0][0]).toBe(100);
    expect(String((await values(page, 'BOM', `${col('status')}6`))[0][0])).toMatch(/^Total for 100 boards/);
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'scenarios-100.png'), fullPage: true });

    // With the keyboard: an arrow key on the closed drop-down only moves to 1,000; Enter writes the sheet for it, and
    // the focus is on the drop-down again, not on the Summary.
    const scenarioChoice = page.getByRole('combobox', { name: 'BOM sheet and orders for' });
    await scenarioChoice.focus();
    await page.keyboard.press('ArrowDown');
    expect(await scenarioChoice.inputValue()).toBe('1000');
    await page.getByText('Press Enter to use 1,000 boards; Escape keeps the choice.').waitFor({ timeout: 5000 });
    await page.waitForTimeout(500);
    expect((await values(page, 'Scenarios', 'B3'))[0][0]).toBe('100 boards');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (globalThis as any).__partsheet.book.getValues('Scenarios', 'B3')[0][0] === '1,000 boards',
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForFunction(
      () => (globalThis as any).document.activeElement?.id === 'scenario-quantity',
      undefined,
      {
        timeout: 60_000,
      },
    );
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
