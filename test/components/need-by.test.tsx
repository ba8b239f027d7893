import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { breaks, bomHarness, offer, part, renderPane } from './helpers';

/**
 * The pane's clock says 2026-11-20 (test/components/helpers.tsx). By hand:
 * - STOCK-1, 2 needed: 10,000 in stock, ships today: here 2026-11-20, at 0.10 → 0.20.
 * - FAST-1, 10 needed: offer X has stock, ships today, at 2.00; offer Y has none in stock, 500 due 2027-01-30, at
 *   1.00. Today's plan (from stock) and a plan needed by 2027-01-15 buy X: 20.00; with no date, Y: 10.00.
 * - LEAD-1, 5 needed: no stock, no deliveries, a 12-week lead time at 0.50: all of it by 2026-11-20 + 84 days =
 *   2027-02-12 (estimated), for 2.50. It sets the clear-to-build day, and is late for 2027-01-15.
 * With need-by 2027-01-15: the plans meeting it cost 0.20 + 20.00 = 20.20 for the two parts that arrive in time; the
 * cheapest with no date for the same parts 0.20 + 10.00 = 10.20 (+10.00); LEAD-1, late, 2.50 with no date.
 */
function datedHarness() {
  return bomHarness(
    [
      ['MPN', 'Qty'],
      ['STOCK-1', 2],
      ['FAST-1', 10],
      ['LEAD-1', 5],
    ],
    [
      part('STOCK-1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'S-1', shipsIn: 'Ships today' })]),
      part('FAST-1', 'TI', 'Texas Instruments', [
        offer({ sourcePartId: 'X-1', shipsIn: 'Ships today', breaks: breaks([1, 2]), leadTimeWeeks: 0 }),
        offer({
          sourcePartId: 'Y-1',
          stock: 0,
          inStock: false,
          pipeline: [{ date: '2027-01-30', quantity: 500 }],
          breaks: breaks([1, 1]),
          leadTimeWeeks: 0,
        }),
      ]),
      part('LEAD-1', 'TI', 'Texas Instruments', [
        offer({ sourcePartId: 'L-1', stock: 0, inStock: false, breaks: breaks([1, 0.5]), leadTimeWeeks: 12 }),
      ]),
    ],
  );
}

async function price() {
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
  await screen.findByText('Prices written');
}

describe('the need-by date and when the BOM can be built, in the pane', () => {
  test('with no date: the clear-to-build day and the part that sets it, on the Summary sheet too', async () => {
    const h = datedHarness();
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    const field = screen.getByLabelText<HTMLInputElement>(/Need by/);
    expect(field.type).toBe('date');
    expect(field.value).toBe('');
    await price();
    expect(screen.getByTestId('clear-to-build').textContent).toBe('Clear to build: 2027-02-12 (estimated)');
    expect(within(screen.getByTestId('critical-parts')).getByRole('listitem').textContent).toBe(
      'LEAD-1: 5 short; all by 2027-02-12 (estimated: lead time 12 weeks) for 2.50 USD',
    );
    expect(screen.queryByTestId('need-by-outcome')).toBeNull();
    const summary = h.book.getValues('Summary', 'A1:B40');
    const row = (label: string) => summary.find((r) => r[0] === label)?.[1];
    expect(row('Clear to build')).toBe('2027-02-12 (estimated)');
    expect(row('Set by (critical parts)')).toBe('LEAD-1');
  });

  test('a date before today says why and stops the pricing; a good one is remembered and planned for', async () => {
    const h = datedHarness();
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    const field = screen.getByLabelText<HTMLInputElement>(/Need by/);
    fireEvent.change(field, { target: { value: '2026-11-01' } });
    expect(await screen.findByText('The need-by date 2026-11-01 is before today (2026-11-20).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    const alert = await screen.findByText(/the need-by date 2026-11-01 is before today/);
    expect(alert).toBeTruthy();
    expect(screen.queryByTestId('clear-to-build')).toBeNull();

    fireEvent.change(field, { target: { value: '2027-01-15' } });
    await waitFor(() => expect(h.settings.current.needBy).toBe('2027-01-15'));
    expect(screen.queryByText('The need-by date 2026-11-01 is before today (2026-11-20).')).toBeNull();
    expect(field.value).toBe('2027-01-15');
    await price();
    expect(screen.getByTestId('clear-to-build').textContent).toBe('Clear to build: 2027-02-12 (estimated)');
    expect(screen.getByTestId('need-by-outcome').textContent).toBe(
      'Need by 2027-01-15: 1 part late; builds by then: 0 of 1.',
    );
    expect(within(screen.getByTestId('late-parts')).getByRole('listitem').textContent).toBe(
      'LEAD-1: 0 of 5 arrive by 2027-01-15; all of it by 2027-02-12 (estimated: lead time 12 weeks), for 2.50 USD',
    );
    expect(screen.getByTestId('price-of-time').textContent).toBe(
      'Price of time: 20.20 USD to arrive by 2027-01-15; 10.20 USD with no date (+10.00 USD), for the 2 parts that arrive in time; 1 part late (2.50 USD with no date).',
    );
    const summary = h.book.getValues('Summary', 'A1:B60');
    const row = (label: string) => summary.find((r) => r[0] === label)?.[1];
    expect(row('Need by')).toBe('2027-01-15: 1 part late');
    expect(row('Builds by 2027-01-15')).toBe('0 builds of 1');
    expect(row('Plans arriving by 2027-01-15')).toBe(20.2);
    expect(row('Same parts, cheapest with no date')).toBe(10.2);
    expect(row('Price of time (difference)')).toBe(10);
    expect(row('Late by 2027-01-15, cheapest with no date')).toBe(2.5);
  });

  test('a need-by date changed after a run marks the results stale as an edit of the BOM does, with its reason', async () => {
    const h = datedHarness();
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    await price();
    expect(screen.queryByTestId('results-edited')).toBeNull();
    fireEvent.change(screen.getByLabelText<HTMLInputElement>(/Need by/), { target: { value: '2027-01-15' } });
    const mark = await screen.findByTestId('results-edited');
    expect(mark.textContent).toContain(
      'Stale The need-by date changed after pricing: priced with no need-by date, now 2027-01-15. These results do not include it.',
    );
    // Its own reason beside an edit of the BOM's cells: both said, one Price again.
    h.book.setValues('BOM', 'B2', [[3]]);
    await waitFor(() => expect(screen.getByTestId('results-edited').textContent).toContain('Cell BOM!B2'));
    expect(screen.getByTestId('stale-need-by').textContent).toContain('now 2027-01-15');
    fireEvent.click(within(screen.getByTestId('results-edited')).getByRole('button', { name: 'Price again' }));
    await waitFor(() => expect(screen.getByTestId('need-by-outcome').textContent).toMatch(/^Need by 2027-01-15/));
    expect(screen.queryByTestId('results-edited')).toBeNull();
    // The date set back to the one priced: not stale; cleared: stale again, saying none is set.
    fireEvent.change(screen.getByLabelText<HTMLInputElement>(/Need by/), { target: { value: '' } });
    expect((await screen.findByTestId('stale-need-by')).textContent).toBe(
      ' The need-by date changed after pricing: priced to arrive by 2027-01-15, now none is set.',
    );
  });
});
