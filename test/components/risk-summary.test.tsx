import { fireEvent, screen } from '@testing-library/react';
import { makePart } from '../helpers/fake-parts';
import { bomHarness, offer, part, renderPane } from './helpers';

describe('the risk count in the summary and the Risk sheet', () => {
  test('after a run, how many parts are at high, medium and low risk', async () => {
    const h = bomHarness(
      [
        ['MPN', 'Qty'],
        ['OLD-1', 1],
        ['ONE-1', 1],
        ['SAFE-1', 1],
      ],
      [
        // Obsolete: high. One source with stock: medium. Two sources with stock, Active, compliant: low.
        makePart('OLD-1', [offer({ sourcePartId: 'O-1' }), offer({ sourcePartId: 'O-2' })], {
          status: 'Obsolete',
          compliance: { eurohs: 'Compliant' },
        }),
        makePart('ONE-1', [offer({ sourcePartId: 'N-1' }), offer({ sourcePartId: 'N-2', stock: 0 })], {
          compliance: { eurohs: 'Compliant' },
        }),
        part('SAFE-1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'S-1' }), offer({ sourcePartId: 'S-2' })]),
      ],
    );
    renderPane(h);
    expect(screen.queryByTestId('summary-risk')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await screen.findByText('Prices written');
    expect(screen.getByTestId('summary-risk').textContent).toBe(
      '1 part at high risk, 1 at medium risk, 1 at low risk (lifecycle, stock across sources, RoHS)',
    );
    // The Risk sheet: one row per part, nothing blank.
    expect(h.book.getValues('Risk', 'A1:D4')).toEqual([
      ['Part', 'Manufacturer', 'Rows', 'Risk'],
      ['OLD-1', 'Texas Instruments', 2, 'high'],
      ['ONE-1', 'Texas Instruments', 3, 'medium'],
      ['SAFE-1', 'Texas Instruments', 4, 'low'],
    ]);
    expect(h.book.getValues('Risk', 'F3:L3')).toEqual([
      ['Active', 'Compliant', 'eurohs Compliant', 'Unknown', 'Unknown', 'No', 1],
    ]);
  });
});
