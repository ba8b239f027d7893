/**
 * The other sheets a run wrote go stale with the results: changing Boards after pricing marks the Summary sheet and
 * the Price breaks sheet, as the BOM's Status column is, and the next run's sheets carry no mark.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STATUS_FILLS } from '../../src/excel';
import { PRICE_BREAK_COLUMNS } from '../../src/purchase/priced-layout';
import { columnLetters } from '../../src/excel/address';
import { bomHarness, offer, part, renderAndPrice } from './helpers';

function setUp() {
  return bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['NE555', 'TI', 1],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
      part('NE555', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2' })]),
    ],
  );
}

/** The cell right of the Price breaks header row: where its stale note goes. */
const NOTE = `${columnLetters(PRICE_BREAK_COLUMNS.length)}1`;
const WHY = 'stale: priced for 1 board, Boards now says 5; price again';

describe('stale sheets', () => {
  test('changing Boards marks the Summary and Price breaks sheets stale; pricing again writes them without the mark', async () => {
    const h = setUp();
    await renderAndPrice(h);
    expect(h.book.getValues('Summary', 'A1:B1')).toEqual([['Priced BOM', '']]);
    expect(h.book.getValues('Price breaks', NOTE)).toEqual([['']]);

    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '5' } });
    await screen.findByTestId('results-stale');

    await waitFor(() => expect(h.book.getValues('Summary', 'A1:B1')).toEqual([['Priced BOM', WHY]]));
    expect(h.book.cell('Summary', 'A1')?.fill).toBe(STATUS_FILLS.stale.color);
    expect(h.book.cell('Summary', 'B1')?.fill).toBe(STATUS_FILLS.stale.color);
    // The figures themselves are as they were priced: for 1 board.
    expect(h.book.getValues('Summary', 'A1:B10').find((r) => r[0] === 'Boards')).toEqual(['Boards', 1]);
    await waitFor(() => expect(h.book.getValues('Price breaks', NOTE)).toEqual([[WHY]]));
    expect(h.book.cell('Price breaks', NOTE)?.fill).toBe(STATUS_FILLS.stale.color);

    fireEvent.click(screen.getByRole('button', { name: 'Price again' }));
    await waitFor(() => expect(screen.queryByTestId('results-stale')).toBeNull());
    await waitFor(() => expect(h.book.getValues('Summary', 'A1:B1')).toEqual([['Priced BOM', '']]));
    expect(h.book.cell('Summary', 'A1')?.fill ?? null).toBeNull();
    expect(h.book.getValues('Summary', 'A1:B10').find((r) => r[0] === 'Boards')).toEqual(['Boards', 5]);
    expect(h.book.getValues('Price breaks', NOTE)).toEqual([['']]);
    expect(h.book.cell('Price breaks', NOTE)?.fill ?? null).toBeNull();
  });

  test("a note of the user's right of the Price breaks header is never written over", async () => {
    const h = setUp();
    await renderAndPrice(h);
    h.book.setValues('Price breaks', NOTE, [['checked by purchasing']]);
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '5' } });
    await waitFor(() => expect(h.book.getValues('Summary', 'B1')).toEqual([[WHY]]));
    expect(h.book.getValues('Price breaks', NOTE)).toEqual([['checked by purchasing']]);
    fireEvent.click(screen.getByRole('button', { name: 'Price again' }));
    await waitFor(() => expect(screen.queryByTestId('results-stale')).toBeNull());
    expect(h.book.getValues('Price breaks', NOTE)).toEqual([['checked by purchasing']]);
  });
});
