/**
 * The built add-in in headless Chromium with PARTS formulas on a sheet and a parts service that rate-limits (every
 * list search answered 429 with Retry-After while the limit is on): the cells say their kind (stale with the time of
 * the last value, rate limited with the wait), the pane lists them by kind, and once the service answers again
 * "Retry these" runs just those cells: they get values, or their own kind (not found). A 350 px screenshot of the
 * list goes to test-output/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OUTPUT, paneForFile } from './pane-host';

const file = paneForFile();

const FORMULAS: Array<[string, string]> = [
  ['A1', 'SMBJ5.0A'],
  ['A2', '2N7002-7-F'],
  ['A3', 'NOPE-0000'],
];

/** Types the formulas on the BOM sheet, as a user would. */
async function putFormulas(page: Page): Promise<void> {
  await page.evaluate(async (rows) => {
    const { book } = (globalThis as any).__partsheet;
    await book.host.run({}, async (context: any) => {
      const ws = context.workbook.worksheets.getItem('BOM');
      for (const [cell, pn] of rows) ws.getRange(cell).values = [[`=PARTS.PRICE("${pn}",10)`]];
      await context.sync();
    });
  }, FORMULAS);
}

/** Excel calculating `cells` of the BOM sheet, until their functions have answered. */
async function calculate(page: Page, cells: string[]): Promise<void> {
  await page.evaluate(async (addresses) => {
    const { book, calc } = (globalThis as any).__partsheet;
    await book.host.run({}, async (context: any) => {
      for (const a of addresses) context.workbook.worksheets.getItem('BOM').getRange(a).calculate();
      await context.sync();
    });
    await calc.settled();
  }, cells);
}

const cellsNow = (page: Page) =>
  page.evaluate(() => {
    const { book, calc } = (globalThis as any).__partsheet;
    const values = (book.getValues('BOM', 'A1:A3') as unknown[][]).map((r) => r[0]);
    return values.map((v, i) => ({ value: v, message: calc.messages.get(`BOM!A${i + 1}`) ?? null }));
  });

test('a rate-limiting service: cells say their kind, the pane lists them by kind, "Retry these" runs them again', async () => {
  const { context, page, problems } = await file.host.open({ height: 900 });
  try {
    let limited = false;
    let refused = 0;
    await page.route('**/itemservice/**/search/list**', (route) => {
      if (!limited) return route.continue();
      refused++;
      return route.fulfill({
        status: 429,
        headers: { 'Retry-After': '1', 'Access-Control-Allow-Origin': '*' },
        body: 'Too many requests',
      });
    });
    await page.getByRole('tab', { name: 'BOM' }).waitFor();
    await putFormulas(page);
    await calculate(page, ['A1']);
    expect((await cellsNow(page))[0]).toEqual({ value: expect.any(Number), message: null });

    // The ribbon's Refresh prices while the service refuses: every cell asks again.
    limited = true;
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          (globalThis as any).__partsheet.actions.refreshPrices({ completed: () => resolve() }),
        ),
    );
    await page.evaluate(() => (globalThis as any).__partsheet.calc.settled());
    expect(refused).toBeGreaterThan(0);
    const cells = await cellsNow(page);
    expect(cells.map((c) => c.value)).toEqual(['#N/A', '#N/A', '#N/A']);
    expect(cells[0].message).toMatch(
      /^Stale: last value from \d{4}-\d\d-\d\d \d\d:\d\d UTC was [\d.]+ — Rate limited — retry after 1 s$/,
    );
    expect(cells[1].message).toBe('Rate limited — retry after 1 s');
    expect(cells[2].message).toBe('Rate limited — retry after 1 s');

    const list = page.locator('section[aria-labelledby="parts-cells-heading"]');
    const limitedGroup = page.getByRole('group', { name: /^Rate limited — retry after 1 s \(2\)/ });
    await limitedGroup.waitFor();
    expect(await limitedGroup.textContent()).toContain('BOM!A2');
    expect(await limitedGroup.textContent()).toContain('BOM!A3');
    const staleGroup = page.getByRole('group', { name: /^Stale: last value from .* \(1\)/ });
    expect(await staleGroup.textContent()).toContain('BOM!A1');
    await list.scrollIntoViewIfNeeded();
    await list.screenshot({ path: join(OUTPUT, 'parts-cells-failing.png') });

    // The service answers again: "Retry these" runs the two rate-limited cells alone.
    limited = false;
    const runsBefore = await page.evaluate(() => (globalThis as any).__partsheet.calc.runs.get('BOM!A1'));
    await limitedGroup.getByRole('button', { name: 'Retry these' }).click();
    await page.getByRole('group', { name: /^Not found \(1\)/ }).waitFor();
    await page.evaluate(() => (globalThis as any).__partsheet.calc.settled());
    const after = await cellsNow(page);
    expect(after[1]).toEqual({ value: expect.any(Number), message: null });
    expect(after[2]).toEqual({ value: '#N/A', message: 'Not found: NOPE-0000' });
    expect(await page.getByRole('group', { name: /^Rate limited/ }).count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as any).__partsheet.calc.runs.get('BOM!A1'))).toBe(runsBefore);
    // The browser logs each refused search; nothing else may go wrong.
    expect(problems.filter((p) => !/status of 429/.test(p))).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
