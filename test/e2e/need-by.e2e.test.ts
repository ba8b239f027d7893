/**
 * On the built pane in headless Chromium (350 px wide) against the running service: the need-by date set in its
 * field plans the BOM to arrive by then; the results say the clear-to-build day, the critical parts and the parts
 * late. Screenshots go to test-output/.
 */
import { join } from 'node:path';
import { loadBom } from './order-bom';
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
