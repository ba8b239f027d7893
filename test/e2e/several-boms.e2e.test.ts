/**
 * Buying for several BOMs in the built pane in Chromium, against the running service: two BOM ranges on two sheets
 * and an On hand range on a third, the Purchase list sheet written, each BOM's share and what it can build now shown,
 * then an order placed from the list through the order review (confirmed by the service) and its Order column on the
 * Purchase list sheet. axe finds no serious or critical violation on the view; screenshots at 350 px in test-output/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

const file = paneForFile();

/** Board A: the TVS diode and the MOSFET; board B: the MOSFET again and the microcontroller (a regional offer). */
const BOARD_A = [
  ['Ref', 'MPN', 'Manufacturer', 'Qty'],
  ['D1, D2', 'SMBJ5.0A', 'Littelfuse', 2],
  ['Q1, Q2', '2N7002-7-F', 'Diodes', 2],
];
const BOARD_B = [
  ['Qty', 'MPN', 'Manufacturer'],
  [1, '2N7002-7-F', 'Diodes'],
  [1, 'ATMEGA328P-PU', 'Microchip'],
];
const STOCK = [
  ['MPN', 'Manufacturer', 'Qty'],
  ['SMBJ5.0A', 'Littelfuse', 5],
];

async function putSheets(page: Page): Promise<void> {
  await page.evaluate(
    ([a, b, stock]) => {
      const book = (globalThis as any).__partsheet.book;
      for (const name of ['Board A', 'Board B', 'Stock']) book.addSheet(name);
      book.setValues('Board A', 'A1:D3', a);
      book.setValues('Board B', 'B2:D4', b);
      book.setValues('Stock', 'A1:C2', stock);
    },
    [BOARD_A, BOARD_B, STOCK] as const,
  );
}

/** Whether the page is wider than the pane (a horizontal scroll bar at 350 px). */
const overflows = (page: Page): Promise<boolean> =>
  page.evaluate(
    () =>
      (globalThis as any).document.documentElement.scrollWidth >
      (globalThis as any).document.documentElement.clientWidth + 1,
  );

async function select(page: Page, sheet: string, cell: string): Promise<void> {
  await page.evaluate(([s, c]) => (globalThis as any).__partsheet.book.select(s, c), [sheet, cell] as const);
}

async function addBom(page: Page, sheet: string, cell: string, builds: number): Promise<void> {
  await select(page, sheet, cell);
  await page.getByRole('button', { name: 'Use selection for the BOM range' }).click();
  await page.waitForFunction(
    () => ((globalThis as any).document.querySelector('input[placeholder="Board A!A1:D40"]')?.value ?? '') !== '',
  );
  await page.getByLabel('Builds').fill(String(builds));
  await page.getByRole('button', { name: 'Add BOM' }).click();
  await page.getByRole('list', { name: 'BOM ranges' }).getByText(sheet, { exact: true }).waitFor();
}

test('two BOM ranges on two sheets and an On hand range → the Purchase list sheet → an order placed from it', async () => {
  const { context, page, problems } = await file.host.open({});
  try {
    await page.getByRole('button', { name: 'Use selection' }).waitFor();
    await putSheets(page);
    // One click from the pane's navigation.
    await page.getByRole('tab', { name: 'Purchase' }).click();
    await page.getByTestId('no-bom-ranges').waitFor();
    expect(await seriousViolations(page, 'several BOMs, empty')).toEqual([]);
    expect(await overflows(page)).toBe(false);
    await page.screenshot({ path: join(OUTPUT, 'several-boms-empty.png'), fullPage: true });

    await addBom(page, 'Board A', 'B2', 3);
    await addBom(page, 'Board B', 'C3', 4);
    await select(page, 'Stock', 'A1');
    await page.getByRole('button', { name: 'Use selection for the On hand range' }).click();
    await page.waitForFunction(
      () => (globalThis as any).document.querySelector('input[placeholder="Stock!A1:C200"]')?.value === 'Stock!A1:C2',
    );
    expect(await page.getByRole('list', { name: 'BOM ranges' }).locator('li').allTextContents()).toEqual([
      "Board A'Board A'!A1:D3 · 3 buildsChangeRemove",
      "Board B'Board B'!B2:D4 · 4 buildsChangeRemove",
    ]);
    // Kept in the workbook's document settings.
    const kept = await page.evaluate(
      () => (globalThis as any).__partsheet.book.settings.snapshot()['partsheet.purchase'],
    );
    expect(kept).toEqual({
      boms: [
        { name: 'Board A', address: "'Board A'!A1:D3", builds: 3 },
        { name: 'Board B', address: "'Board B'!B2:D4", builds: 4 },
      ],
      onHand: 'Stock!A1:C2',
      useOnOrder: true,
    });

    await page.getByRole('button', { name: 'Make purchase list' }).click();
    const written = page.getByTestId('purchase-written');
    await written.waitFor({ timeout: 60_000 });
    expect(await written.textContent()).toBe("Written to 'Purchase list'!A1:R9.");
    // SMBJ5.0A: 6 needed, 5 on hand: 1 to buy. 2N7002-7-F: 6 + 4 = 10, a minimum of 100. ATMEGA328P-PU: 4.
    const list = await values(page, 'Purchase list', 'A1:J4');
    expect(list[0]).toEqual([
      'Part number',
      'Manufacturer',
      'Description',
      'Need Board A',
      'Need Board B',
      'Total need',
      'On hand',
      'On order',
      'To buy',
      'Order qty',
    ]);
    const byPart = new Map(list.slice(1).map((r) => [r[0], r.slice(3)]));
    expect(byPart.get('SMBJ5.0A')).toEqual([6, 0, 6, 5, 0, 1, 1]);
    expect(byPart.get('2N7002-7-F')).toEqual([6, 4, 10, 0, 0, 10, 100]);
    expect(byPart.get('ATMEGA328P-PU')).toEqual([0, 4, 4, 0, 0, 4, 4]);
    // Buildable now: board A has no 2N7002 on hand, so none; the summary says which part limits it.
    const cards = page.getByTestId('bom-summary');
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(0).textContent()).toMatch(/Buildable now0 of 3: 2N7002-7-F/);
    // After this purchase every build is possible; nothing is on order, so "With orders" would only say it again.
    expect(await cards.nth(0).textContent()).toMatch(/After this purchase3 of 3Clear to build\d{4}-\d\d-\d\d, set by /);
    expect(await cards.nth(0).textContent()).not.toContain('With orders');
    expect(await seriousViolations(page, 'several BOMs, list made')).toEqual([]);
    expect(await overflows(page)).toBe(false);
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'several-boms-list.png'), fullPage: true });

    // Ordering from the list: the marketplace items first, the regional microcontroller in an order of its own.
    await page.getByRole('button', { name: 'Order from the purchase list' }).click();
    await page.getByRole('list', { name: 'Order lines' }).waitFor();
    expect(await page.getByTestId('order-selection').textContent()).toBe(
      "Read 'Purchase list'!A2:R4: 2 lines to order, 1 row left out.",
    );
    expect(await page.getByLabel('Quantity of 2N7002-7-F').inputValue()).toBe('100');
    await page.getByLabel(/^Username/).fill('buyer@example.com');
    await page.getByLabel(/^Password/).fill('demo-password');
    await page.getByLabel(/^PO number/).fill('PO-SEVERAL-1');
    await page.getByLabel(/^Ship-to address id/).fill('1001');
    expect(await seriousViolations(page, 'order from the purchase list')).toEqual([]);
    expect(await overflows(page)).toBe(false);
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'several-boms-order-review.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create order' }).click();
    const result = page.getByTestId('order-result');
    await result.waitFor({ timeout: 30_000 });
    const heading = (await result.getByRole('heading').first().textContent()) ?? '';
    const orderId = /Order (9\d{7}) created/.exec(heading)?.[1];
    expect(orderId).toBeDefined();
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'several-boms-order-result.png'), fullPage: true });

    // The Order column right of the list's columns names the order on the two rows ordered.
    const order = await values(page, 'Purchase list', 'S1:S4');
    expect(order[0]).toEqual(['Order']);
    const ordered = new Map(list.slice(1).map((r, i) => [r[0], String(order[i + 1][0])]));
    expect(ordered.get('SMBJ5.0A')).toMatch(new RegExp(`^${orderId} created `));
    expect(ordered.get('2N7002-7-F')).toMatch(new RegExp(`^${orderId} created `));
    expect(ordered.get('ATMEGA328P-PU')).toBe('');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('dark theme at 350 px: ranges kept in the workbook, a production order on its way with Mark received, the list made', async () => {
  const { context, page, problems } = await file.host.open({ colorScheme: 'dark', query: 'theme=dark' });
  try {
    await page.getByRole('button', { name: 'Use selection' }).waitFor();
    await putSheets(page);
    // A workbook saved with its ranges and an order placed in production from it, not yet received.
    await page.evaluate(() => {
      const settings = (globalThis as any).__partsheet.book.settings;
      settings.set('partsheet.purchase', {
        boms: [
          { name: 'Board A', address: "'Board A'!A1:D3", builds: 3 },
          { name: 'Board B', address: "'Board B'!B2:D4", builds: 4 },
        ],
        onHand: 'Stock!A1:C2',
        useOnOrder: true,
      });
      settings.set('partsheet.orders', [
        {
          orderId: '90000077',
          at: '2026-11-20T09:30:00.000Z',
          environment: 'production',
          po: 'PO-77',
          state: 'submitted',
          sheet: 'BOM',
          lines: [{ key: 'ATMEGA328P-PU|U1', part: 'ATMEGA328P-PU', quantity: 3 }],
        },
      ]);
    });
    await page.getByRole('tab', { name: 'Purchase' }).click();
    await page.getByRole('list', { name: 'On order' }).waitFor();
    await page.getByRole('button', { name: 'Make purchase list' }).click();
    await page.getByTestId('purchase-written').waitFor({ timeout: 60_000 });
    // ATMEGA328P-PU: 4 needed, 3 on order: 1 to buy; board B can build 3 of 4 with the order, none without.
    const list = await values(page, 'Purchase list', 'A2:J4');
    expect(list.find((r) => r[0] === 'ATMEGA328P-PU')?.slice(3)).toEqual([0, 4, 4, 0, 3, 1, 1]);
    expect(await seriousViolations(page, 'several BOMs, dark')).toEqual([]);
    expect(await overflows(page)).toBe(false);
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await page.screenshot({ path: join(OUTPUT, 'several-boms-dark.png'), fullPage: true });

    await page.getByRole('button', { name: 'Mark received: order 90000077' }).click();
    await page.getByTestId('nothing-on-order').waitFor();
    const received = await page.evaluate(
      () => (globalThis as any).__partsheet.book.settings.snapshot()['partsheet.received'],
    );
    expect(received.map((m: any) => m.orderId)).toEqual(['90000077']);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
