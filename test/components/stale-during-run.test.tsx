/**
 * The stale mark around a run: a cell of the BOM edited while the run is under way may not be in what it read, so its
 * results come marked stale; and on a host before ExcelApi 1.14, whose change events do not say who made a change,
 * the pane's own writes (its results, total row, Status marks) do not mark them, while the user's edits still do.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Part } from '../../src/catalog/model';
import { bomHarness, breaks, offer, part, prefixSearch, renderAndPrice, renderPane, useSuggestion } from './helpers';

const BOM = [
  ['MPN', 'Manufacturer', 'Qty'],
  ['BAV99', 'Nexperia', 2],
  ['LM358DR', 'TI', 1],
];
const PARTS = [
  part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
  part('LM358DR', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2' })]),
];

describe('the stale mark around a run', () => {
  test('a BOM cell edited while the run is under way leaves that run’s results marked stale', async () => {
    const h = bomHarness(BOM, PARTS, { maxBatch: 1, concurrency: 1 });
    h.catalog.hold = true;
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    // The run has read the BOM and waits for the service: the user edits a quantity meanwhile.
    await waitFor(() => expect(h.catalog.held).toBe(1));
    h.book.setValues('BOM', 'C3', [[7]]);
    await new Promise((r) => setTimeout(r, 20));
    h.catalog.hold = false;
    h.catalog.release();
    await screen.findByText('Prices written');
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    const mark = await screen.findByTestId('results-edited');
    expect(mark.textContent).toContain('Cell BOM!C3 of the BOM changed after pricing.');
    expect(h.controller.getState().pricing?.edited?.count).toBe(1);

    // Priced again with nothing edited meanwhile: the mark goes.
    fireEvent.click(screen.getByRole('button', { name: 'Price again' }));
    await waitFor(() => expect(screen.queryByTestId('results-edited')).toBeNull());
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('results-edited')).toBeNull();
  });

  test('before ExcelApi 1.14: the pane’s own writes in the BOM (a suggestion used, priced again) do not mark its results; the user’s edits do', async () => {
    const amp = (pn: string, status: string, price: number): Part => ({
      ...part(
        pn,
        'DIO',
        'Diodes Incorporated',
        [offer({ sourcePartId: `S-${pn}`, breaks: breaks([1, price]), stock: 9_000 })],
        'IC OPAMP GP 4 CIRCUIT SOT-25',
      ),
      packageType: 'SOT-25',
      status,
    });
    const h = bomHarness(
      [
        ['MPN', 'Manufacturer', 'Qty', 'Description'],
        ['LMV324AW5-13', 'Diodes', 25, 'Quad op amp SOT-25'],
      ],
      [amp('LMV324AW5-13', 'Obsolete', 0.3), amp('LMV324AW5-7', 'Active', 0.35)],
      { triggerSource: false },
    );
    h.services.searchPrefixes = prefixSearch(h, []);
    await renderAndPrice(h);
    // The suggestion used: the pane writes its Replacement MPN column into the BOM and prices again at once.
    await useSuggestion(
      h,
      'Use LMV324AW5-7 (Diodes Incorporated) for row 2',
      'Row 2: suggestion LMV324AW5-7 (Diodes Incorporated) used for LMV324AW5-13',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(h.controller.getState().pricing?.lines[0].matchedPart).toBe('LMV324AW5-7');
    expect(h.controller.getState().pricing?.edited).toBeUndefined();

    // The user's edit of the BOM is still the user's.
    h.book.setValues('BOM', 'C2', [[30]]);
    await waitFor(() => expect(h.controller.getState().pricing?.edited?.count).toBe(1));
    expect(h.controller.getState().pricing?.edited?.blocks[0]).toMatchObject({ row: 1, column: 2 });
  });
});
