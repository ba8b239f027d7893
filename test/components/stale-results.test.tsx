import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STATUS_FILLS } from '../../src/excel';
import { bomHarness, offer, part, renderAndPrice, resultsColumn } from './helpers';

function setUp() {
  return bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['NE555', 'TI', 1],
      ['R1', 'Yageo', 'DNP'],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
      part('NE555', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2' })]),
    ],
  );
}

const status = (h: ReturnType<typeof setUp>) =>
  h.book.getValues('BOM', `${resultsColumn('status')}2:${resultsColumn('status')}4`).map((r) => r[0]);
const fill = (h: ReturnType<typeof setUp>, row: number) =>
  h.book.cell('BOM', `${resultsColumn('status')}${row}`)?.fill ?? null;

describe('stale results', () => {
  test('changing Boards after pricing marks the results stale in the pane and the sheet, keeps the Summary, until priced again', async () => {
    const h = setUp();
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '5' } });

    const marker = await screen.findByTestId('results-stale');
    expect(marker.textContent).toContain('These results were priced for 1 board, Boards now says 5.');
    // The Summary stays, with the figures it was priced with.
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeTruthy();
    expect(screen.getByText('Total for 1 board')).toBeTruthy();
    await waitFor(() =>
      expect(status(h)).toEqual([
        'stale: priced for 1 board, Boards now says 5; price again (was: priced)',
        'stale: priced for 1 board, Boards now says 5; price again (was: priced)',
        'skipped: not placed (quantity "DNP")',
      ]),
    );
    expect(fill(h, 2)).toBe(STATUS_FILLS.stale.color);
    expect(fill(h, 4)).toBeNull();
    // The priced values themselves are as they were: only the Status says they are stale.
    expect(h.book.getValues('BOM', `${resultsColumn('need')}2`)[0][0]).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Price again' }));
    await waitFor(() => expect(screen.queryByTestId('results-stale')).toBeNull());
    await waitFor(() => expect(status(h).slice(0, 2)).toEqual(['priced', 'priced']));
    expect(fill(h, 2)).toBeNull();
    expect(h.book.getValues('BOM', `${resultsColumn('need')}2`)[0][0]).toBe(10);
    expect(screen.getByText('Total for 5 boards')).toBeTruthy();
  });

  test('changing a column choice after pricing marks the results stale too', async () => {
    const h = setUp();
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Manufacturer' }), { target: { value: 'none' } });
    expect((await screen.findByTestId('results-stale')).textContent).toContain(
      'These results were priced with other column choices.',
    );
    await waitFor(() =>
      expect(String(status(h)[0])).toBe('stale: priced with other column choices; price again (was: priced)'),
    );
  });
});
