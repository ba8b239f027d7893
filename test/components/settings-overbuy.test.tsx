/**
 * The overbuy threshold is a pane setting (share of the line and amount), saved like the others and used when the
 * BOM is priced.
 */
import { fireEvent, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS, validateSettings } from '../../src/settings';
import { bomHarness, breaks, offer, part, renderAndPrice, renderSettings, resultsColumn } from './helpers';

describe('the overbuy threshold setting', () => {
  test('shown with its defaults (50 %, 10.00), saved as typed; out of range refused', async () => {
    const { settings } = renderSettings();
    const share = (await screen.findByLabelText('Overbuy when spares are over (% of the line)')) as HTMLInputElement;
    const amount = screen.getByLabelText('…and over (amount in your currency)') as HTMLInputElement;
    expect([share.value, amount.value]).toEqual(['50', '10']);
    // The field takes 0 to 100; what is stored is checked again.
    expect(share.max).toBe('100');
    expect(() => validateSettings({ ...DEFAULT_SETTINGS, overbuySharePercent: 150 }, 'https://localhost:3000')).toThrow(
      'The overbuy share must be a percentage from 0 to 100',
    );
    expect(() => validateSettings({ ...DEFAULT_SETTINGS, overbuyMinAmount: -1 }, 'https://localhost:3000')).toThrow(
      'The overbuy amount must be 0 or more, in your currency',
    );
    fireEvent.change(share, { target: { value: '20' } });
    fireEvent.change(amount, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved\. New lookups use these settings\./);
    expect(settings.current).toMatchObject({ overbuySharePercent: 20, overbuyMinAmount: 2.5 });
  });

  // A reel of 1,000 at 0.10 for a need of 2: 99.80 of spares, 99.8 % of the line.
  const REEL = [
    part('REEL-ONLY', 'ACME', 'Acme', [
      offer({ sourcePartId: 'R-1', moq: 1_000, stock: 10_000, breaks: breaks([1, 0.1]) }),
    ]),
  ];
  const BOM = [
    ['MPN', 'Qty'],
    ['REEL-ONLY', 2],
  ];

  test('the pane prices with it: the default marks the reel an overbuy, a higher amount does not', async () => {
    const marked = bomHarness(BOM, REEL);
    await renderAndPrice(marked);
    expect(String(marked.book.getValues('BOM', `${resultsColumn('status', 3)}2`)[0][0])).toMatch(
      /^priced: overbuy: 99\.80 USD of spares/,
    );
  });

  test('with the amount set to 500, the same line is priced without the mark', async () => {
    const plain = bomHarness(BOM, REEL, { settings: { overbuyMinAmount: 500 } });
    await renderAndPrice(plain);
    const status = String(plain.book.getValues('BOM', `${resultsColumn('status', 3)}2`)[0][0]);
    expect(status).toMatch(/^priced: /);
    expect(status).not.toContain('overbuy');
  });
});
