import type { Page } from 'playwright-core';
import { columnLetters } from '../../src/excel/address';

/** The BOM the ordering e2e tests price: two marketplace parts (one with a minimum of 100), one best bought from a regional (NAC) source, one that does not exist. */
export const ORDER_BOM_ROWS = [
  ['Ref', 'MPN', 'Manufacturer', 'Qty'],
  ['D1', 'SMBJ5.0A', 'Littelfuse', 2],
  ['Q1, Q2', '2N7002-7-F', 'Diodes', 2],
  ['U1', 'ATMEGA328P-PU', 'Microchip', 1],
  ['X1', 'NOPE-0000', '', 1],
];

/** Writes `rows` on the pane's BOM sheet from A1 and selects `select`, as a user pasting a BOM and clicking into it. */
export async function putBom(page: Page, rows: unknown[][], select: string): Promise<void> {
  const address = `A1:${columnLetters(rows[0].length - 1)}${rows.length}`;
  await page.evaluate(
    ([a, r, s]) => {
      const book = (globalThis as any).__partsheet.book;
      book.setValues('BOM', a, r);
      book.select('BOM', s);
    },
    [address, rows, select] as const,
  );
}

/** Once the pane is up, puts `rows` on the BOM sheet with `select` selected. */
export async function loadBom(page: Page, rows: unknown[][], select: string): Promise<void> {
  await page.getByRole('button', { name: 'Use selection' }).waitFor();
  await putBom(page, rows, select);
}

/** Puts the order BOM in the pane's workbook once the pane is up, with B2 selected. */
export const loadOrderBom = (page: Page): Promise<void> => loadBom(page, ORDER_BOM_ROWS, 'B2');

/** Takes the selection as the BOM, for `boards` boards when given, and prices it until the results are written. */
export async function priceSelection(page: Page, boards?: number): Promise<void> {
  await page.getByRole('button', { name: 'Use selection' }).click();
  await page.getByTestId('bom-counts').waitFor();
  if (boards !== undefined) await page.getByLabel('Boards to build').fill(String(boards));
  await page.getByRole('button', { name: 'Price BOM' }).click();
  await page.getByText('Prices written').waitFor({ timeout: 60_000 });
}

/** Cell values of the pane's workbook. */
export const values = (page: Page, sheet: string, address: string): Promise<unknown[][]> =>
  page.evaluate(([s, a]) => (globalThis as any).__partsheet.book.getValues(s, a), [sheet, address]);
