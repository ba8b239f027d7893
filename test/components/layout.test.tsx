import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bomHarness, offer, part, renderAndPrice, renderPane } from './helpers';

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

/** The pane's section headings, top to bottom. */
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((e) => e.textContent);

describe('layout', () => {
  test('after a run the results come first, the finished steps fold into one line, and open again; the steps read in order', async () => {
    const h = setUp();
    await renderAndPrice(h);
    expect(headings()).toEqual([
      'Summary',
      'When you can build',
      '1–2. BOM and columns',
      '3. Price',
      '4. Order',
      'Share-safe copy',
    ]);
    expect(screen.getByTestId('finished-steps').textContent).toBe('BOM!A1:C3: 2 lines for 1 board.');
    expect(screen.queryByRole('button', { name: 'Use selection' })).toBeNull();
    // The notice is with the BOM view it belongs to, above its results; it scrolls with them, never pinned under the header.
    const main = screen.getByRole('main');
    expect(within(main).getByRole('region', { name: 'Messages' })).toBeTruthy();
    expect(within(main).getByText('Prices written')).toBeTruthy();
    expect(within(screen.getByRole('banner').parentElement!).queryByRole('region', { name: 'Messages' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    expect(headings()).toEqual([
      'Summary',
      'When you can build',
      '1. Select the BOM',
      '2. Check the columns',
      '3. Price',
      '4. Order',
      'Share-safe copy',
    ]);
    expect(screen.getByLabelText('Boards to build')).toBeTruthy();
  });

  test('while pricing, progress and Cancel are together in the block that stays at the bottom edge', async () => {
    const h = setUp();
    h.catalog.hold = true;
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    const running = await screen.findByTestId('price-progress');
    expect(within(running).getByRole('progressbar')).toBeTruthy();
    expect(within(running).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await waitFor(() => expect(h.catalog.held).toBe(1));
    h.catalog.release();
    await screen.findByText('Prices written');
    expect(screen.queryByTestId('price-progress')).toBeNull();
  });
});
