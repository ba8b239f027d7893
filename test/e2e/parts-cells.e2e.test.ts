/**
 * The built add-in (custom functions and pane) in headless Chromium, served by the Partsheet gateway in front of the
 * reference service in production-like mode: no CORS, latency, and a per-login quota of one list search every 8 s,
 * refused with 503, return code 53, `Retry-After` and `X-RateLimit-*` as the real service refuses. The gateway waits
 * no pause out (its shortest, 1 s): it passes the service's refusal on, and refuses meanwhile, so the cells meet the
 * limit. PARTS cells spend the quota; the cells then say their kind (stale with the time of the last value, rate
 * limited with the wait), the pane lists them by kind, and "Retry these" runs just those cells again: once the quota
 * has refilled they hold prices, or their own kind (not found). The pane's "Refresh prices" says beforehand what it
 * will cost and leaves the fresh value alone, with its age. With the service stopped, a new cell says it cannot be
 * reached. A 350 px screenshot of the list goes to test-output/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { gatewayPaneForFile, OUTPUT } from './pane-host';

/**
 * The quota's window: well beyond the add-in's four attempts a second apart (about 3.3 s), so its cells end refused
 * even on a busy machine.
 */
const WINDOW_S = 8;

const file = gatewayPaneForFile(
  { latencyMs: 20, perLoginPerSecond: 1, loginWindowSeconds: WINDOW_S },
  // Every lookup goes to the service: a refresh meets the limit rather than the gateway's cache.
  { maxRetryAfterSeconds: 1, cacheTtlSeconds: 0 },
);

/** Types `=PARTS.PRICE(pn, 10)` formulas on the BOM sheet, as a user would. */
async function putFormulas(page: Page, rows: Array<[string, string]>): Promise<void> {
  await page.evaluate(async (cells) => {
    const { book } = (globalThis as any).__partsheet;
    await book.host.run({}, async (context: any) => {
      const ws = context.workbook.worksheets.getItem('BOM');
      for (const [cell, pn] of cells) ws.getRange(cell).values = [[`=PARTS.PRICE("${pn}",10)`]];
      await context.sync();
    });
  }, rows);
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

/** Each cell of `A1:An`: its value and the message of its error. */
const cellsNow = (page: Page, n: number) =>
  page.evaluate((rows) => {
    const { book, calc } = (globalThis as any).__partsheet;
    const values = (book.getValues('BOM', `A1:A${rows}`) as unknown[][]).map((r) => r[0]);
    return values.map((v, i) => ({ value: v, message: calc.messages.get(`BOM!A${i + 1}`) ?? null }));
  }, n);

const settled = (page: Page) => page.evaluate(() => (globalThis as any).__partsheet.calc.settled());
const runsOf = (page: Page, address: string) =>
  page.evaluate((a) => (globalThis as any).__partsheet.calc.runs.get(a) as number, address);

/** The list searches the gateway sent upstream: the status each got (none: no answer came). */
const listStatuses = () =>
  file.gateway.calls.filter((c) => c.url.pathname.endsWith('/search/list')).map((c) => c.status);

test('a rate-limiting service behind the gateway: cells say their kind, the pane lists them, "Retry these" runs them again', async () => {
  const { context, page, problems } = await file.open({ height: 900 });
  try {
    await page.getByRole('tab', { name: 'BOM' }).waitFor();
    await putFormulas(page, [
      ['A1', 'SMBJ5.0A'],
      ['A2', '2N7002-7-F'],
      ['A3', 'NOPE-0000'],
    ]);
    // The first cell spends the login's quota.
    await calculate(page, ['A1']);
    expect((await cellsNow(page, 1))[0]).toEqual({ value: expect.any(Number), message: null });
    expect(listStatuses()).toEqual([200]);

    // The ribbon's Refresh prices at once: every cell asks again, and the service refuses every attempt that
    // reaches it (the gateway refuses the others while the pause it passed on lasts).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          (globalThis as any).__partsheet.actions.refreshPrices({ completed: () => resolve() }),
        ),
    );
    await settled(page);
    const refused = listStatuses().slice(1);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((s) => s === 503)).toBe(true);
    const cells = await cellsNow(page, 3);
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
    // What the pane's Refresh prices would cost, from the scheduler's view of what is stale.
    expect(await list.textContent()).toContain('Recalculates 3 cells: 1 request to the parts service (3 parts).');
    await list.scrollIntoViewIfNeeded();
    await list.screenshot({ path: join(OUTPUT, 'parts-cells-failing.png') });

    // "Retry these" runs the two rate-limited cells alone. Until the quota has refilled they are refused again, and
    // the user retries them again; then they get answers.
    const runsBefore = await runsOf(page, 'BOM!A1');
    for (let clicks = 1; ; clicks++) {
      const ran = await runsOf(page, 'BOM!A2');
      await limitedGroup.getByRole('button', { name: 'Retry these' }).click();
      await page.waitForFunction((n) => (globalThis as any).__partsheet.calc.runs.get('BOM!A2') > n, ran);
      await settled(page);
      if ((await cellsNow(page, 2))[1].message === null || clicks === 3) break;
    }
    await page.getByRole('group', { name: /^Not found \(1\)/ }).waitFor();
    const after = await cellsNow(page, 3);
    expect(after[1]).toEqual({ value: expect.any(Number), message: null });
    expect(after[2]).toEqual({ value: '#N/A', message: 'Not found: NOPE-0000' });
    expect(await page.getByRole('group', { name: /^Rate limited/ }).count()).toBe(0);
    expect(await runsOf(page, 'BOM!A1')).toBe(runsBefore);
    expect(listStatuses().at(-1)).toBe(200);
    // The fresh value is left alone by a refresh, its age said; the failing cells cost one request for one part.
    await list
      .getByText(
        /^Recalculates 2 cells: 1 request to the parts service \(1 part\)\. 1 cell is left alone, values from .* \(\d+ minutes? old\)\.$/,
      )
      .waitFor();
    // The pane's Refresh prices for this sheet does so: A2 is not run again (the quota is spent, so A1 stays stale).
    const a2Runs = await runsOf(page, 'BOM!A2');
    await list.getByRole('button', { name: 'Refresh prices' }).click();
    await list
      .getByRole('status')
      .getByText(
        /^Recalculated 2 cells: 1 request to the parts service \(1 part\)\. 1 cell was left alone, values from .* \(\d+ minutes? old\)\.$/,
      )
      .waitFor({ timeout: 30_000 });
    await settled(page);
    expect(await runsOf(page, 'BOM!A2')).toBe(a2Runs);
    expect((await cellsNow(page, 3)).map((c) => c.message?.replace(/ was .*/, ''))).toEqual([
      expect.stringMatching(/^Stale: last value from /),
      undefined,
      'Not found: NOPE-0000',
    ]);

    // The service stops: a cell with no earlier answer says it cannot be reached.
    await file.upstream.close();
    await putFormulas(page, [['A4', 'BAV99']]);
    await calculate(page, ['A4']);
    expect((await cellsNow(page, 4))[3]).toEqual({
      value: '#N/A',
      message: 'Service unreachable: the parts service cannot be reached',
    });
    expect(listStatuses().at(-1)).toBeUndefined();
    await page.getByRole('group', { name: /^Service unreachable.* \(1\)/ }).waitFor();
    // The browser logs each refused search; nothing else may go wrong.
    expect(problems.filter((p) => !/status of 50[23]/.test(p))).toEqual([]);
  } finally {
    await context.close();
  }
}, 120_000);
