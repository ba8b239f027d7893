/**
 * Results written without a header row (a headerless BOM on the sheet's first row) are marked stale in the sheet
 * too when Boards or a column changes after pricing: known as the pane's by where it wrote them and what it wrote,
 * not by a header they do not have. A Status cell the user typed into since is not the pane's and is left alone.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STATUS_FILLS } from '../../src/excel';
import { bomHarness, offer, part, renderAndPrice, resultsColumn } from './helpers';

function setUp() {
  return bomHarness(
    [
      ['BAV99', 'Nexperia', 2],
      ['NE555', 'TI', 1],
      ['LM358DR', 'TI', 1],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
      part('NE555', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2' })]),
      part('LM358DR', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-3' })]),
    ],
  );
}

const status = (h: ReturnType<typeof setUp>) =>
  h.book.getValues('BOM', `${resultsColumn('status')}1:${resultsColumn('status')}3`).map((r) => String(r[0]));
const fill = (h: ReturnType<typeof setUp>, row: number) =>
  h.book.cell('BOM', `${resultsColumn('status')}${row}`)?.fill ?? null;

describe('stale results without a header row', () => {
  test('changing Boards marks their Status cells stale in the sheet, not a cell the user wrote over, and the total too', async () => {
    const h = setUp();
    await renderAndPrice(h);
    expect(h.controller.getState().pricing?.headerless).toMatch(/no header row/);
    expect(status(h)).toEqual(['priced', 'priced', 'priced']);
    h.book.setValues('BOM', `${resultsColumn('status')}3`, [['checked by Ana']]);

    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '5' } });
    await screen.findByTestId('results-stale');
    const why = 'stale: priced for 1 board, Boards now says 5; price again';
    await waitFor(() => expect(status(h)).toEqual([`${why} (was: priced)`, `${why} (was: priced)`, 'checked by Ana']));
    expect(fill(h, 1)).toBe(STATUS_FILLS.stale.color);
    expect(fill(h, 3)).toBeNull();
    expect(String(h.book.getValues('BOM', `${resultsColumn('status')}4`)[0][0])).toBe(
      `${why} (was: Total for 1 board (USD))`,
    );
    // The priced values stay as they were.
    expect(h.book.getValues('BOM', `${resultsColumn('need')}1`)[0][0]).toBe(2);
  });

  test('changing a column choice marks them stale too', async () => {
    const h = setUp();
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Manufacturer' }), { target: { value: 'none' } });
    await screen.findByTestId('results-stale');
    await waitFor(() =>
      expect(status(h)[0]).toBe('stale: priced with other column choices; price again (was: priced)'),
    );
  });
});
