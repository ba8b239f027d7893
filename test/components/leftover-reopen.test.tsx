/**
 * Results of an earlier, longer run, after the pane (or the workbook) was closed and opened again: the record of
 * what the pane wrote is kept in the workbook's document settings, so a fresh pane pricing a shorter BOM over the
 * same place still clears the earlier rows it wrote, and still keeps a cell the user typed into since.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PRICED_BOM_COLUMNS } from '../../src/purchase';
import { RESULTS_RECORD_KEY } from '../../taskpane/workbook-choices';
import { partsBomHarness, renderAndPrice, reopenPane, resultsColumn, resultsRange } from './helpers';

const emptyRow = PRICED_BOM_COLUMNS.map(() => '');

const setUp = () => partsBomHarness(10);

describe('results of an earlier, longer BOM, after the pane was opened again', () => {
  test('pricing 5 of the 10 lines clears the earlier rows 7 to 11 and their total; a cell the user changed stays and is named', async () => {
    const h = setUp();
    await renderAndPrice(h);
    expect(h.book.getValues('BOM', `${resultsColumn('status')}11`)[0][0]).toBe('priced');
    expect(h.book.settings.snapshot()[RESULTS_RECORD_KEY]).toMatchObject({ address: `BOM!${resultsRange(1, 11)}` });
    const note = `${resultsColumn('description')}9`;
    h.book.setValues('BOM', note, [['ask Ana about this one']]);

    reopenPane(h);
    h.book.select('BOM', 'A1:C6');
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await waitFor(() => expect(h.controller.getState().pricing?.resultsAddress).toBe(`BOM!${resultsRange(1, 6)}`));
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));

    expect(h.book.getValues('BOM', resultsRange(2, 6)).map((r) => r[0])).toEqual([
      'priced',
      'priced',
      'priced',
      'priced',
      'priced',
    ]);
    // Row 7 holds a line of the BOM left out of the selection: no total row beside it, and its earlier result gone.
    expect(h.book.getValues('BOM', resultsRange(7, 7))).toEqual([emptyRow]);
    const at = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'description');
    const rows = h.book.getValues('BOM', resultsRange(8, 12));
    expect(rows).toEqual(
      rows.map((_, i) => (i === 1 ? emptyRow.map((v, c) => (c === at ? 'ask Ana about this one' : v)) : emptyRow)),
    );
    expect(await screen.findByText(new RegExp(`${note}: you changed`))).toBeTruthy();
    // The record now names the new, shorter block.
    expect(h.book.settings.snapshot()[RESULTS_RECORD_KEY]).toMatchObject({ address: `BOM!${resultsRange(1, 6)}` });
  });
});
