/**
 * On the built pane in headless Chromium: a workbook whose selected sheet is named a draft ("DO NOT USE") beside the
 * real BOM ("Digikey Final"). The pane asks which to read, at 350 px, and "Read 'Digikey Final'" reads that sheet.
 */
import { join } from 'node:path';
import { OUTPUT, paneForFile } from './pane-host';

const FINAL = [
  ['Qty', 'Digi-Key Part Number', 'Designator'],
  [5, '587-2985-1-ND', 'C1-C5'],
  [1, '754-1591-ND', 'L1'],
  [2, '5003K-ND', 'TP1, TP2'],
  [1, 'ATMEGA328P-PU-ND', 'U1'],
];
const DRAFT = [
  ['Qty', 'Digi-Key Part Number', 'Designator'],
  [3, 'TMK212BBJ106KG-T', 'C1-C3'],
  [1, '754-1591-ND', 'L1'],
];

const file = paneForFile();

test('a draft sheet selected beside the BOM: the pane asks, and reads the BOM sheet on one click', async () => {
  const { context, page, problems } = await file.host.open({ width: 350, height: 800 });
  try {
    await page.getByRole('button', { name: 'Use selection' }).waitFor();
    await page.evaluate(
      ([final, draft]) => {
        const book = (globalThis as any).__partsheet.book;
        book.addSheet('Digikey Final');
        book.addSheet('DO NOT USE');
        book.setValues('Digikey Final', 'A1:C5', final);
        book.setValues('DO NOT USE', 'A1:C3', draft);
        book.select('DO NOT USE', 'A1:C3');
      },
      [FINAL, DRAFT] as const,
    );
    await page.getByRole('button', { name: 'Use selection' }).click();
    const question = page.getByText("Sheet 'DO NOT USE' is named a draft.", { exact: false });
    await question.waitFor();
    expect(await page.getByTestId('bom-counts').textContent()).toContain('2 lines to price');
    await page.screenshot({ path: join(OUTPUT, 'sheet-question.png') });
    await page.getByRole('button', { name: "Read 'Digikey Final'" }).click();
    await page.getByTestId('bom-counts').filter({ hasText: '4 lines to price' }).waitFor();
    expect(await question.count()).toBe(0);
    // No manufacturer part-number column: each line is bought by its Digi-Key number, as partsheet price buys it.
    expect(await page.getByText('Choose the column with the manufacturer part numbers.').count()).toBe(0);
    // Said once among the pane's warnings, and once in "How the selection was read".
    const byDistributor = 'each line is looked up by its distributor number';
    expect(await page.getByText(byDistributor, { exact: false }).count()).toBe(2);
    expect(await page.getByTestId('bom-reading').getByText(byDistributor, { exact: false }).count()).toBe(1);
    await page.screenshot({ path: join(OUTPUT, 'sheet-question-answered.png') });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}, 180_000);
