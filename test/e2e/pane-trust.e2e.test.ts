/**
 * The pane as a buyer drives it, on the built pane in headless Chromium at 350 × 800 and 500 × 900, light and dark,
 * against the running service: two clicks to a priced BOM; the offers table whole at that width (pins in view, no
 * amount or date broken across lines) and saying what a pin costs before pinning; a replacement search that shows
 * what each candidate is and flags one of another value, which the sheet flags too once used; two clicks and four
 * fields from the priced BOM to a submitted order; a new selection's error replaces the review before it. axe-core
 * finds no serious or critical violation on any of those views, with nothing filtered out, and the keyboard never
 * lands on anything hidden. Screenshots go to test-output/pane-*.png.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PRICED_BOM_HEADERS } from '../../src/purchase';
import { columnLetters } from '../../src/excel/address';
import { SPACER_WIDTH } from '../../src/excel/bom-columns';
import { seriousViolations, walkFocus } from './axe';
import { loadBom, values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

const BOM_ROWS = [
  ['Ref', 'MPN', 'Manufacturer', 'Qty', 'Description'],
  ['D1', 'SMBJ5.0A', 'Littelfuse', 2, 'TVS diode'],
  ['Q1, Q2', '2N7002-7-F', 'Diodes', 2, 'N-channel MOSFET'],
  ['U1', 'LM358DR', 'TI', 2, 'Dual op amp'],
  ['C1', 'CL10X475NOPE', '', 1, 'Capacitor 4u7 0603'],
];

type Theme = 'light' | 'dark';
const SIZES = [
  { width: 350, height: 800 },
  { width: 500, height: 900 },
] as const;

const file = paneForFile();

/** Clicks, counted: the buyer's effort. */
function counter(page: Page) {
  let clicks = 0;
  return {
    click: async (name: string | RegExp, within?: ReturnType<Page['locator']>) => {
      clicks++;
      await (within ?? page)
        .getByRole('button', { name, exact: typeof name === 'string' })
        .first()
        .click();
    },
    get clicks() {
      return clicks;
    },
    reset() {
      clicks = 0;
    },
  };
}

/** The sheet column (letter) of the priced block's Status header, found in row 1. */
async function statusColumn(page: Page): Promise<string> {
  const header = (await values(page, 'BOM', 'A1:Z1'))[0];
  const at = header.indexOf('Status');
  if (at < 0) throw new Error(`no Status header in row 1: ${JSON.stringify(header)}`);
  return columnLetters(at);
}

/** Waits until the run a choice started has written its results and the pane is idle again. */
async function settled(page: Page, headerLeft: number): Promise<void> {
  await page.waitForFunction(
    (left) => (globalThis as any).__partsheet.book.getValues('BOM', 'A1:Z1')[0][left] === 'Status',
    headerLeft,
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: 'Refresh all' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
}

/**
 * Amounts ("2,602.50 USD") and dates ("2026-11-25") in `selector`'s text that the layout broke across lines: each
 * is measured as laid out, and listed when its glyphs sit on more than one line.
 */
async function brokenFigures(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const doc = (globalThis as any).document;
    const out: string[] = [];
    const figure = /[+−-]?\d[\d,]*(?:\.\d+)? [A-Z]{3}\b|\b\d{4}-\d{2}-\d{2}\b/g;
    for (const root of Array.from(doc.querySelectorAll(sel)) as any[]) {
      const walker = doc.createTreeWalker(root, 4 /* text */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = String(node.nodeValue ?? '');
        for (const m of text.matchAll(figure)) {
          const range = doc.createRange();
          range.setStart(node, m.index ?? 0);
          range.setEnd(node, (m.index ?? 0) + m[0].length);
          const tops = new Set(
            Array.from(range.getClientRects() as ArrayLike<{ top: number; width: number }>)
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  }, selector);
}

/** Whether anything of the page reaches past the viewport's right edge (the pane scrolls sideways). */
const pageOverflows = (page: Page): Promise<boolean> =>
  page.evaluate(
    () =>
      (globalThis as any).document.documentElement.scrollWidth >
      (globalThis as any).document.documentElement.clientWidth + 1,
  );

for (const theme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    const tag = `${size.width}-${theme}`;
    const shoot = async (page: Page, name: string) =>
      page.screenshot({ path: join(OUTPUT, `pane-${name}-${tag}.png`) });

    test(`${size.width} × ${size.height}, ${theme}: priced in 2 clicks, offers whole with the pin's cost, a replacement's fit, ordered in 2 clicks and 4 fields, a new error replaces the review; no serious accessibility violation`, async () => {
      const { context, page, problems } = await file.host.open({
        width: size.width,
        height: size.height,
        colorScheme: theme as Theme,
        query: theme === 'dark' ? 'theme=dark' : '',
      });
      const violations: string[] = [];
      try {
        await loadBom(page, BOM_ROWS, 'B2');
        const user = counter(page);
        await user.click('Use selection');
        await page.getByTestId('bom-counts').waitFor();
        violations.push(...(await seriousViolations(page, 'selection')));
        await user.click('Price BOM');
        await page.getByText('Prices written').waitFor({ timeout: 60_000 });
        // From opening the pane: Use selection, Price BOM.
        expect(user.clicks).toBe(2);
        await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
        await shoot(page, 'priced');
        violations.push(...(await seriousViolations(page, 'priced')));
        expect(await brokenFigures(page, 'main')).toEqual([]);
        expect(await pageOverflows(page)).toBe(false);

        // The offers of LM358DR: every pin button whole inside the pane, nothing scrolled sideways, no amount broken,
        // and what pinning an offer would cost said before pinning.
        await page.getByRole('button', { name: /Priced: show the rows/ }).click();
        const row4 = page
          .getByRole('region', { name: 'Priced rows' })
          .getByRole('listitem')
          .filter({ has: page.getByRole('button', { name: 'Row 4: LM358DR' }) });
        await row4.getByRole('button', { name: /^Offers/ }).click();
        const offers = row4.getByRole('region', { name: 'Offers for row 4' });
        await offers.waitFor();
        await offers.scrollIntoViewIfNeeded();
        expect(await offers.evaluate((el: any) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        const pins = offers.getByRole('button', { name: /^(Pin|Unpin) offer/ });
        expect(await pins.count()).toBe(4);
        for (const box of await pins.evaluateAll((els: any[]) =>
          els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, width: r.width })),
        )) {
          expect(box.width).toBeGreaterThan(16);
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(size.width);
        }
        expect(await brokenFigures(page, '[aria-label="Offers for row 4"]')).toEqual([]);
        expect(await pageOverflows(page)).toBe(false);
        expect(await offers.locator('thead th').allTextContents()).toEqual([
          'Stock',
          'MOQ',
          'Pack',
          'Cost for 2',
          'Lead',
          'Pin',
        ]);
        const nac = offers.locator('tbody[data-offer="0898_00015104"]');
        expect(await nac.locator('th').textContent()).toBe('NAC · 0898_00015104');
        // The plan buys 2 from the marketplace; NAC sells reels of 2,500: the table says so, with what it adds.
        const effect = /buys 2,500 for 2: \+[\d,]+\.\d{2} USD/;
        expect(await nac.locator('td').nth(4).textContent()).toMatch(effect);
        violations.push(...(await seriousViolations(page, 'offers')));
        await shoot(page, 'offers');
        const pin = nac.getByRole('button', {
          name: /^Pin offer 0898_00015104 \(NAC\) for row 4: buys 2,500 for 2: \+/,
        });
        await pin.click();
        await page.getByText('Row 4: offer 0898_00015104 pinned').waitFor();
        expect(
          await page
            .getByText(/and the plan buys it \(buys 2,500 for 2: \+[\d,]+\.\d{2} USD\)\. Priced again\./)
            .count(),
        ).toBe(1);
        // The "Pinned offer" column is the BOM's sixth; the results start two columns right of it.
        await settled(page, 7);
        await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
        await shoot(page, 'pinned');
        expect(await pageOverflows(page)).toBe(false);

        // Row 5 is not found: the replacement search shows what each candidate is, and flags those of another value.
        await page.getByRole('button', { name: '1 Not found: show the rows' }).click();
        const rows = page.getByRole('region', { name: 'Not found rows' });
        await rows.getByRole('button', { name: 'Find a replacement' }).click();
        await rows.getByLabel('Part numbers starting with').fill('CL10A');
        await rows.getByRole('button', { name: 'Search', exact: true }).click();
        const found = rows.getByRole('list', { name: 'Parts found for row 5' });
        await found.waitFor({ timeout: 30_000 });
        const items = await found.getByRole('listitem').allTextContents();
        expect(items.length).toBeGreaterThan(1);
        for (const item of items) {
          // Part number — maker, description · package, price · stock · lifecycle.
          expect(item).toMatch(/^CL10A\S+ — Samsung.*CAP CER .*0603.* USD each .* · .* · \S/);
          if (/CAP CER 4\.7UF/.test(item)) expect(item).not.toContain('Differs from the line');
          else expect(item).toMatch(/Differs from the line: value [\d.]+ [pnµm]?F, the line 4\.7 µF/);
        }
        const flagged = found
          .getByRole('listitem')
          .filter({ has: page.getByTestId('candidate-differs') })
          .first();
        await flagged.scrollIntoViewIfNeeded();
        await shoot(page, 'replacement-search');
        violations.push(...(await seriousViolations(page, 'replacement search')));
        expect(await brokenFigures(page, '[aria-label="Parts found for row 5"]')).toEqual([]);
        await flagged.getByRole('button', { name: /^Use / }).click();
        await page.getByText(/^Row 5: CL10A\S+ \(Samsung[^)]*\) replaces CL10X475NOPE$/).waitFor({ timeout: 30_000 });
        await settled(page, 8);
        // The sheet says it too: the row is priced as the replacement, and its Status names how it differs.
        const status = await statusColumn(page);
        expect(String((await values(page, 'BOM', `${status}5`))[0][0])).toMatch(
          /^priced: replacement CL10A\S+ \(Samsung[^)]*\) for CL10X475NOPE \(differs from the line: value [\d.]+ [pnµm]?F, the line 4\.7 µF; check it fits\)/,
        );
        // No wide empty column is left in the sheet: the two added columns are as wide as their headers, and the
        // column between the BOM and its results (the results' Status column before) is narrow again.
        const widths = await page.evaluate(() =>
          [5, 6, 7].map((c) => (globalThis as any).__partsheet.book.columnWidth('BOM', c)),
        );
        expect(widths).toEqual([
          Math.round(Math.max(12, 'Pinned offer'.length + 2) * 6.5),
          Math.round(Math.max(12, 'Replacement MPN'.length + 2) * 6.5),
          Math.round(SPACER_WIDTH * 6.5),
        ]);

        // From the priced BOM to a submitted order: rows selected in the sheet, then 2 clicks and 4 fields.
        user.reset();
        await page.evaluate(() => (globalThis as any).__partsheet.book.select('BOM', 'A2:B3'));
        await user.click('Order selected rows');
        await page.getByTestId('order-selection').filter({ hasText: 'A2:B3' }).waitFor();
        violations.push(...(await seriousViolations(page, 'order review')));
        expect(await brokenFigures(page, 'main')).toEqual([]);
        await page.getByLabel(/^Username/).fill('buyer@example.com');
        await page.getByLabel(/^Password/).fill('demo-password');
        await page.getByLabel(/^PO number/).fill(`PO-TRUST-${tag}`);
        await page.getByLabel(/^Ship-to address id/).fill('1001');
        await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
        await shoot(page, 'order-review');
        await user.click('Submit order');
        await page.getByRole('heading', { name: /^Order 9\d{7} submitted$/ }).waitFor({ timeout: 30_000 });
        expect(user.clicks).toBe(2);
        await shoot(page, 'order-submitted');
        violations.push(...(await seriousViolations(page, 'order submitted')));
        expect(await brokenFigures(page, 'main')).toEqual([]);
        expect(await pageOverflows(page)).toBe(false);

        // A review of row 4, then a selection outside the priced BOM: its error replaces the review, which can no
        // longer be submitted.
        await page.evaluate(() => (globalThis as any).__partsheet.book.select('BOM', 'A4:B4'));
        await page.getByRole('button', { name: 'Order selected rows', exact: true }).click();
        await page.getByTestId('order-selection').filter({ hasText: 'A4:B4' }).waitFor();
        expect(await page.getByRole('button', { name: 'Submit order', exact: true }).count()).toBe(1);
        await page.evaluate(() => (globalThis as any).__partsheet.book.select('BOM', 'A40'));
        await page.getByRole('button', { name: 'Order selected rows', exact: true }).click();
        await page.getByText(/^The selection has no rows of the priced BOM\./).waitFor();
        expect(await page.getByRole('button', { name: 'Submit order', exact: true }).count()).toBe(0);
        expect(await page.getByRole('list', { name: 'Order lines' }).count()).toBe(0);
        expect(await page.getByTestId('order-selection').count()).toBe(0);
        await shoot(page, 'order-new-error');
        violations.push(...(await seriousViolations(page, 'order error')));

        await page.getByRole('tab', { name: 'Settings' }).click();
        await page.getByRole('button', { name: 'Test connection' }).waitFor();
        violations.push(...(await seriousViolations(page, 'settings')));
        expect(violations).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
}

test('the keyboard never lands on hidden content: Tab and Shift+Tab through the priced BOM with its offers open, arrow keys along the tabs', async () => {
  const { context, page, problems } = await file.host.open({ width: 350, height: 800 });
  try {
    await loadBom(page, BOM_ROWS, 'B2');
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByRole('button', { name: 'Price BOM' }).click();
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /Priced: show the rows/ }).click();
    const row4 = page
      .getByRole('region', { name: 'Priced rows' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Row 4: LM358DR' }) });
    await row4.getByRole('button', { name: /^Offers/ }).click();
    await row4.getByRole('region', { name: 'Offers for row 4' }).waitFor();

    // No element anywhere is focusable and hidden from screen readers at once.
    const focusableHidden = await page.evaluate(() =>
      Array.from((globalThis as any).document.querySelectorAll('[aria-hidden="true"]') as ArrayLike<any>)
        .flatMap((el: any) => [el, ...Array.from(el.querySelectorAll('*') as ArrayLike<any>)])
        .filter((el: any) => el.tabIndex >= 0 && !el.disabled)
        .map((el: any) => String(el.outerHTML).slice(0, 120)),
    );
    expect(focusableHidden).toEqual([]);

    await page.getByRole('tab', { name: 'BOM' }).focus();
    const walk = await walkFocus(page);
    expect(walk.hidden).toEqual([]);
    // The walk went through the whole pane: the tabs, the results, the offers' pins and back.
    for (const reached of [
      '<button role=tab> BOM',
      '<button> Refresh all',
      '<button> Pin offer 0898_00015104 (NAC) for row 4',
    ]) {
      expect(walk.stops.some((s) => s.startsWith(reached))).toBe(true);
    }
    // Only the selected tab is in the Tab order; the arrow keys move along the tabs, Enter opens one.
    expect(walk.stops.some((s) => s.startsWith('<button role=tab> Order'))).toBe(false);
    await page.getByRole('tab', { name: 'BOM' }).focus();
    await page.keyboard.press('ArrowRight');
    // (A tab's text holds its label twice: Fluent reserves the width of the bold label with a hidden copy.)
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).toMatch(/^Order/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).toMatch(/^Settings/);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Order selected rows' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Order' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Order' }).getAttribute('tabindex')).toBe('0');
    expect(await page.getByRole('tab', { name: 'BOM' }).getAttribute('tabindex')).toBe('-1');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);

test("a question before writing over the user's cells is a modal dialog: axe finds nothing serious, Tab stays inside it, Escape answers Don't write", async () => {
  const { context, page, problems } = await file.host.open({ width: 350, height: 800 });
  try {
    await loadBom(page, BOM_ROWS, 'B2');
    // The user's note where the results go (G: one empty column right of the BOM).
    const first = columnLetters(BOM_ROWS[0].length + 1);
    await page.evaluate((a) => (globalThis as any).__partsheet.book.setValues('BOM', a, [['my note']]), `${first}3`);
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByRole('button', { name: 'Price BOM' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cells beside the BOM are in use' });
    await dialog.waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(OUTPUT, 'pane-overwrite-dialog-350-light.png') });
    expect(await seriousViolations(page, 'overwrite dialog')).toEqual([]);
    // The first answer has the focus; Tab and Shift+Tab go round the dialog's buttons and never leave it.
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).toBe(
      'Use empty columns',
    );
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() => {
        const el = (globalThis as any).document.activeElement;
        return el === null || el === (globalThis as any).document.body
          ? 'body'
          : el.closest('dialog')
            ? 'dialog'
            : `outside: ${el.outerHTML.slice(0, 80)}`;
      });
      // The browser's own chrome may take the focus between the last and the first button; the page never does.
      expect(['dialog', 'body']).toContain(inside);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(
      await values(page, 'BOM', `${first}3:${columnLetters(BOM_ROWS[0].length + 1 + PRICED_BOM_HEADERS.length - 1)}3`),
    ).toEqual([['my note', ...new Array(PRICED_BOM_HEADERS.length - 1).fill('')]]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
