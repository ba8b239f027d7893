import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { harness, offer, part, renderPane, resultsColumn } from './helpers';

function setUp(withManufacturerColumn = true) {
  const h = harness();
  h.catalog.add(
    part('AMB-1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-TI' })], 'Op amp, dual'),
    part('AMB-1', 'ONS', 'ON Semiconductor', [offer({ sourcePartId: 'E-ON' })], 'Op amp, dual, automotive'),
    part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
  );
  if (withManufacturerColumn) {
    h.book.setValues('BOM', 'A1:C3', [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['amb 1', '', 1],
    ]);
  } else {
    h.book.setValues('BOM', 'A1:B3', [
      ['MPN', 'Qty'],
      ['BAV99', 2],
      ['amb 1', 1],
    ]);
  }
  h.book.select('BOM', 'A2');
  return h;
}

async function price() {
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
  await screen.findByText('Prices written');
}

describe('ambiguous picker', () => {
  test('lists the candidates of an ambiguous line; the choice is written back into the BOM and priced', async () => {
    const h = setUp();
    renderPane(h);
    await price();
    const group = screen.getByRole('radiogroup', { name: 'Row 3: amb 1' });
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(2);
    expect(group.textContent).toContain('AMB-1 — Texas Instruments');
    expect(group.textContent).toContain('Op amp, dual, automotive');
    const use = screen.getByRole('button', { name: 'Use this part for row 3' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);

    fireEvent.click(within(group).getByLabelText(/ON Semiconductor/));
    expect(use.disabled).toBe(false);
    fireEvent.click(use);

    await waitFor(() => expect(h.book.getValues('BOM', 'A3:B3')).toEqual([['AMB-1', 'ON Semiconductor']]));
    await screen.findByText('Row 3 now reads AMB-1 (ON Semiconductor)');
    await waitFor(() => expect(screen.queryByRole('radiogroup', { name: 'Row 3: amb 1' })).toBeNull());
    await waitFor(() => expect(h.book.getValues('BOM', 'E3:G3')).toEqual([['priced', 'AMB-1', 'ON Semiconductor']]));
    expect(h.book.getValues('BOM', `${resultsColumn('itemId')}3`)[0][0]).toBe('E-ON');
  });

  test('without a manufacturer column only the part number is written, and the pane says so', async () => {
    const h = setUp(false);
    renderPane(h);
    await price();
    const group = screen.getByRole('radiogroup', { name: 'Row 3: amb 1' });
    fireEvent.click(within(group).getByLabelText(/Texas Instruments/));
    fireEvent.click(screen.getByRole('button', { name: 'Use this part for row 3' }));
    await screen.findByText('Row 3 now reads AMB-1');
    expect(screen.getByText(/There is no manufacturer column/)).toBeTruthy();
    expect(h.book.getValues('BOM', 'A3:C3')).toEqual([['AMB-1', 1, '']]);
  });
});
