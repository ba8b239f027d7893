/**
 * What the range read leaves out (taskpane/selection-checks.ts): a line typed just under it, a header just above a
 * range read without one, and a range cut short by a cleared row after a longer run; said once, before pricing.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { bomHarness, offer, part, partsBomHarness, renderAndPrice, renderPane } from './helpers';

const BOM = [
  ['MPN', 'Manufacturer', 'Qty'],
  ['BAV99', 'Nexperia', 2],
  ['LM358DR', 'TI', 1],
];
const parts = [part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })])];

async function useSelection() {
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
}

describe('what the range read leaves out', () => {
  test('a part number just under the range: the pane asks to include it', async () => {
    const h = bomHarness(BOM, parts);
    h.book.setValues('BOM', 'A4:C4', [['NE555P', 'TI', 1]]);
    renderPane(h);
    await useSelection();
    expect(await screen.findByText('Row 4 under the BOM has a part number: include it?')).toBeTruthy();
    expect(screen.getByText(/Row 4, just under the range read \(BOM!A1:C3\), holds "NE555P, TI, 1"/)).toBeTruthy();
  });

  test('a header row left out just above a range read without one', async () => {
    const h = bomHarness([['', '', ''], ...BOM], parts, { select: 'A3:C4' });
    renderPane(h);
    await useSelection();
    expect(await screen.findByText('Row 2 above the BOM is not empty')).toBeTruthy();
    expect(screen.getByText(/Row 2, just above the range read, holds "MPN, Manufacturer, Qty"/)).toBeTruthy();
  });

  test('nothing is said of a range with blank rows around it', async () => {
    const plain = bomHarness([['', '', ''], ...BOM, ['', '', '']], parts, { select: 'A2:C4' });
    renderPane(plain);
    await useSelection();
    await waitFor(() => expect(plain.controller.getState().phase).toBe('idle'));
    expect(screen.queryByText(/under the BOM|above the BOM|Fewer rows/)).toBeNull();
  });

  test('after a run over 10 lines, a range of 5 is said to hold fewer rows than the last run read', async () => {
    const h = partsBomHarness(10);
    await renderAndPrice(h);
    h.book.select('BOM', 'A1:C6');
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    await useSelection();
    expect(await screen.findByText('Row 7 under the BOM has a part number: include it?')).toBeTruthy();
    expect(
      screen.getByText(
        /include it\? Row 7, just under .* Fewer rows than the last run read\. The range read \(BOM!A1:C6\) holds 6 rows; the last run read 11, rows 1 to 11\./,
      ),
    ).toBeTruthy();
  });
});
