import type { Page } from 'playwright-core';

/** The BOM the ordering e2e tests price: two marketplace parts (one with a minimum of 100), one best bought from a regional (NAC) source, one that does not exist. */
export const ORDER_BOM_ROWS = [
  ['Ref', 'MPN', 'Manufacturer', 'Qty'],
  ['D1', 'SMBJ5.0A', 'Littelfuse', 2],
  ['Q1, Q2', '2N7002-7-F', 'Diodes', 2],
  ['U1', 'ATMEGA328P-PU', 'Microchip', 1],
  ['X1', 'NOPE-0000', '', 1],
];

/** Puts the order BOM in the pane's workbook once the pane is up, with B2 selected. */
export async function loadOrderBom(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Use selection' }).waitFor();
  await page.evaluate((rows) => {
    const book = (globalThis as any).__partsheet.book;
    book.setValues('BOM', 'A1:D5', rows);
    book.select('BOM', 'B2');
  }, ORDER_BOM_ROWS);
}

/** Cell values of the pane's workbook. */
export const values = (page: Page, sheet: string, address: string): Promise<unknown[][]> =>
  page.evaluate(([s, a]) => (globalThis as any).__partsheet.book.getValues(s, a), [sheet, address]);
