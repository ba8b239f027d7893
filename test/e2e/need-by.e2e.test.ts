/**
 * On the built pane in headless Chromium (350 px wide) against the running service: the need-by date set in its
 * field plans the BOM to arrive by then; the results say the clear-to-build day, the critical parts and the parts
 * late. The Purchase tab's own need-by field plans a list of two BOMs by then: each BOM's day and the parts that set
 * it, and the price of time of the whole list. Screenshots go to test-output/.
 */
import { join } from 'node:path';
import { loadBom, values } from './order-bom';
import { OUTPUT, paneForFile } from './pane-host';

const BOM_ROWS = [
  ['D1', 'BAV99-7-F', 'Diodes', 2],
  ['U1', 'PY32F031W15S7TR', 'Puya', 1],
  ['U2', 'TOP252D', 'Power Integrations', 1],
];

const file = paneForFile();

test('a need-by date in its field: the clear-to-build day, the part that sets it and the parts late', async () => {
  const { context, page, problems } = await file.host.open({ width: 350, height: 1400 });
  try {
    await loadBom(page, BOM_ROWS, 'B1');
    await page.getByRole('button', { name: 'Use selection' }).click();
    await page.getByTestId('bom-counts').waitFor();
    await page.getByLabel('Need by (optional)').fill('2027-05-01');
    await page.screenshot({ path: join(OUTPUT, 'need-by-field.png'), fullPage: true });
    await page.getByRole('button', { name: 'Price BOM' }).click();
    await page.getByText('Prices written').waitFor({ timeout: 60_000 });
    const clear = page.getByTestId('clear-to-build');
    await clear.waitFor();
    expect(await clear.textContent()).toMatch(/^Clear to build: \d{4}-\d\d-\d\d \(estimated\)$/);
    expect(await page.getByTestId('critical-parts').textContent()).toContain('TOP252D');
    expect(await page.getByTestId('need-by-outcome').textContent()).toContain('Need by 2027-05-01: 1 part late');
    await page.getByRole('heading', { name: 'When you can build' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, 'need-by-dates.png'), fullPage: true });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);

test('the Purchase tab with a need-by date: each BOM’s day and its critical parts, the price of time of the list', async () => {
  const { context, page, problems } = await file.host.open({ width: 350, height: 1400 });
  try {
    await page.getByRole('button', { name: 'Use selection' }).waitFor();
    // In the demo catalog: BAV99-7-F in stock; PY32F031W15S7TR only incoming (2027-04-09); TOP252D by lead time.
    await page.evaluate(() => {
      const book = (globalThis as any).__partsheet.book;
      for (const name of ['Board A', 'Board B']) book.addSheet(name);
      book.setValues('Board A', 'A1:C4', [
        ['MPN', 'Manufacturer', 'Qty'],
        ['BAV99-7-F', 'Diodes', 2],
        ['PY32F031W15S7TR', 'Puya', 1],
        ['TOP252D', 'Power Integrations', 1],
      ]);
      book.setValues('Board B', 'A1:C3', [
        ['MPN', 'Manufacturer', 'Qty'],
        ['BAV99-7-F', 'Diodes', 1],
        ['PY32F031W15S7TR', 'Puya', 1],
      ]);
      book.settings.set('partsheet.purchase', {
        boms: [
          { name: 'Board A', address: "'Board A'!A1:C4", builds: 10 },
          { name: 'Board B', address: "'Board B'!A1:C3", builds: 5 },
        ],
        onHand: null,
        useOnOrder: true,
      });
    });
    await page.getByRole('tab', { name: 'Purchase' }).click();
    await page.getByLabel('Need by (optional)').fill('2027-05-01');
    await page.getByRole('button', { name: 'Make purchase list' }).click();
    await page.getByTestId('purchase-written').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('purchase-need-by').textContent()).toBe('Need by 2027-05-01: 1 part late.');
    const time = (await page.getByTestId('purchase-price-of-time').textContent()) ?? '';
    expect(time).toMatch(
      /^Price of time: [\d,.]+ USD to arrive by 2027-05-01; [\d,.]+ USD with no date \((the same|[+-][\d,.]+ USD)\), for the 2 parts that arrive in time; 1 part late \([\d,.]+ USD with no date\)\.$/,
    );
    const cards = page.getByTestId('bom-summary');
    expect(await cards.nth(0).textContent()).toMatch(/Clear to build\d{4}-\d\d-\d\d \(estimated\), set by TOP252D/);
    expect(await cards.nth(0).textContent()).toContain(
      'Need by 2027-05-01' + '1 part late (TOP252D); builds by then: 0 of 10',
    );
    expect(await cards.nth(1).textContent()).toContain('Clear to build2027-04-09, set by PY32F031W15S7TR');
    // The sheet's block says the same amounts as the pane.
    const sheet = await values(page, 'Purchase list', 'A11:D15');
    expect(sheet[0]).toEqual(['Price of time', 'Cost', 'Currency', 'Parts']);
    expect(sheet[1][0]).toBe('Plans arriving by 2027-05-01');
    const usd = (n: unknown) =>
      `${Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;
    expect(sheet[4][0]).toBe('Late by 2027-05-01, cheapest with no date');
    expect(time).toContain(`${usd(sheet[1][1])} to arrive by 2027-05-01; ${usd(sheet[2][1])} with no date`);
    expect(time).toContain(`1 part late (${usd(sheet[4][1])} with no date)`);
    const section = page.locator('section[aria-labelledby="purchase-list-heading"]');
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(OUTPUT, 'purchase-need-by.png') });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
