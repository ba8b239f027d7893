import { fireEvent, screen, waitFor } from '@testing-library/react';
import { snapshotText } from '../../src/changes';
import { createWorkbookPort } from '../../src/excel';
import { readRunSnapshot } from '../../src/excel/run-snapshot-sheet';
import { harness, offer, part, renderPane } from './helpers';

const PARTS = ['P-100', 'P-200', 'P-300', 'P-400', 'P-500', 'P-600'];

function setUp() {
  const h = harness({ maxBatch: 2, concurrency: 1 });
  h.catalog.add(...PARTS.map((pn, i) => part(pn, 'TI', 'Texas Instruments', [offer({ sourcePartId: `E-${i}` })])));
  h.book.setValues('BOM', 'A1:C7', [['MPN', 'Manufacturer', 'Qty'], ...PARTS.map((pn) => [pn, 'TI', 1])]);
  h.book.select('BOM', 'A1');
  return h;
}

async function useSelectionAndPrice() {
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
}

describe('progress', () => {
  test('a progress bar counts the parts looked up, and the pane is idle when done', async () => {
    const h = setUp();
    h.catalog.hold = true;
    renderPane(h);
    await useSelectionAndPrice();
    await waitFor(() => expect(h.catalog.held).toBe(1));
    expect(screen.getByText('Looking up 0 of 6 parts')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();

    h.catalog.release();
    await screen.findByText('Looking up 2 of 6 parts');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuemax')).toBe('6');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();

    await waitFor(() => expect(h.catalog.held).toBe(1));
    h.catalog.release();
    await waitFor(() => expect(h.catalog.held).toBe(1));
    h.catalog.release();
    await screen.findByText('Prices written');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Price BOM' })).toBeTruthy();
    expect(h.book.getValues('BOM', 'E2:E7').map((r) => r[0])).toEqual([
      'priced',
      'priced',
      'priced',
      'priced',
      'priced',
      'priced',
    ]);
  });
});

describe('cancel', () => {
  test('Cancel stops sending, keeps the prices that arrived, and leaves every row with a status', async () => {
    const h = setUp();
    h.catalog.hold = true;
    renderPane(h);
    await useSelectionAndPrice();
    await waitFor(() => expect(h.catalog.held).toBe(1));
    h.catalog.release();
    await screen.findByText('Looking up 2 of 6 parts');
    await waitFor(() => expect(h.catalog.held).toBe(1));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Cancelled');
    expect(h.catalog.answered).toBe(1);

    const status = h.book.getValues('BOM', 'E1:E7').map((r) => r[0]);
    expect(status[0]).toBe('Status');
    expect(status.slice(1, 3)).toEqual(['priced', 'priced']);
    for (const s of status.slice(3))
      expect(s).toBe('no price: cancelled before its price arrived; press Price BOM to finish');
    expect(h.book.getValues('BOM', 'F2:F3').map((r) => r[0])).toEqual(['P-100', 'P-200']);
    expect(h.book.getValues('BOM', 'F4:F7').every((r) => r[0] === '')).toBe(true);
    expect(screen.getByText(/4 of 6 lines had no price yet/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Price BOM' }) as HTMLButtonElement).disabled).toBe(false);

    // Pricing again finishes the job: the two prices that arrived come from the cache.
    h.catalog.hold = false;
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await screen.findByText('Prices written');
    expect(h.catalog.answered).toBe(3);
    expect(
      h.catalog.requests
        .slice(-2)
        .flat()
        .map((p) => p.partNumber),
    ).toEqual(PARTS.slice(2));
    expect(h.book.getValues('BOM', 'E2:E7').every((r) => r[0] === 'priced')).toBe(true);
  });

  test('a cancelled run leaves the last complete run as the one the next is compared with', async () => {
    const h = setUp();
    renderPane(h);
    await useSelectionAndPrice();
    await screen.findByText('Prices written');
    const port = createWorkbookPort(h.book.host);
    const complete = await readRunSnapshot(port, 'BOM');
    expect(complete?.snapshot.lines.every((l) => l.status === 'priced')).toBe(true);

    // Priced again, fresh from the service, and cancelled after the first answer.
    h.book.setValues('BOM', 'C2', [[3]]);
    h.catalog.hold = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    await waitFor(() => expect(h.catalog.held).toBe(1));
    h.catalog.release();
    await waitFor(() => expect(h.catalog.held).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Cancelled');
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    expect(h.controller.getState().pricing?.changes ?? null).toBeNull();
    expect(screen.queryByTestId('summary-changes')).toBeNull();
    expect(snapshotText((await readRunSnapshot(port, 'BOM'))!.snapshot)).toBe(snapshotText(complete!.snapshot));

    // The next complete run is compared with the complete one: the quantity, nothing cancelled.
    h.catalog.hold = false;
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    const line = await screen.findByTestId('summary-changes');
    expect(line.textContent).toContain('Since the last run: 1 line changed');
    expect(line.textContent).toContain('row 2 P-100: quantity 1 → 3');
  });
});
