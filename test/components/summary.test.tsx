import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STATUS_FILLS } from '../../src/excel';
import { RateBook } from '../../src/pricing/rates';
import { bomHarness, breaks, offer, part, renderPane, resultsColumn, resultsRange } from './helpers';

function setUp() {
  const h = bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['LM358DR', 'TI', 1],
      ['NOPE-123', '', 1],
      ['AMB-1', '', 1],
      ['QO-1', 'TI', 3],
      ['R-DNP', 'Yageo', 'DNP'],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
      part('LM358DR', 'TI', 'Texas Instruments', [
        offer({ sourcePartId: 'E-2', currency: 'EUR', sourceCode: 'EUROPE', breaks: breaks([1, 0.5]) }),
      ]),
      part('QO-1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-3', quoteOnly: true, breaks: [] })]),
      part('AMB-1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-4' })]),
      part('AMB-1', 'ONS', 'ON Semiconductor', [offer({ sourcePartId: 'E-5' })]),
    ],
  );
  // The runtime's rate book, with the EUR rate set: the EUR offer is converted into the user's currency (USD, as none is set).
  h.services.getRateBook = async () =>
    new RateBook({ probe: async () => [], given: { EUR: 1.1 }, now: () => new Date(Date.UTC(2026, 10, 20, 9, 30)) });
  return h;
}

describe('summary', () => {
  test('counts by status, totals per board and per build in the user’s currency with the rate used, and the sheet written to match', async () => {
    const h = setUp();
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '10' } });
    await waitFor(() => expect(h.controller.getState().bom?.boards).toBe(10));
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await screen.findByText('Prices written');

    const counts = within(screen.getByTestId('summary-counts'));
    const value = (label: string) => counts.getByText(label).nextElementSibling?.textContent;
    expect(value('Priced')).toBe('2');
    expect(value('Not found')).toBe('1');
    expect(value('Ambiguous')).toBe('1');
    expect(value('No price')).toBe('1');
    expect(value('Skipped')).toBe('1');

    const rows = within(screen.getByTestId('summary-totals'))
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent));
    // BAV99: 20 × 0.10 USD; LM358DR: 10 × 0.50 EUR at 1.1 USD per EUR. Nothing is added across currencies.
    expect(rows).toEqual([
      ['Currency', 'USD'],
      // Three lines to buy are left out: every total says so, and what it covers.
      ['Total per board (partial: 2 of 5 lines priced)', '0.75 USD'],
      ['Total for 10 boards (partial: 2 of 5 lines priced)', '7.50 USD'],
      ['Lines covered', '2 of 5 lines priced; left out: 1 not found, 1 no price, 1 ambiguous; 1 skipped'],
      ['from EUROPE (1 line)', '5.50 USD'],
      ['from ACNA (1 line)', '2.00 USD'],
      ['Spares bought (MOQ, packs, breaks)', '0.00 USD'],
      ['Overbuys (spares over the threshold)', 'none'],
      ['Rate EUR → USD', '1 EUR = 1.1 USD (set by the user, as of 2026-11-20 09:30 UTC)'],
    ]);
    expect(screen.getByText(/What the plan buys, in USD/)).toBeTruthy();
    expect(screen.getByTestId('total-partial').textContent).toBe(
      'Partial total The total leaves lines out: 2 of 5 lines priced; left out: 1 not found, 1 no price, 1 ambiguous; 1 skipped.',
    );

    expect(
      h.book
        .getValues('BOM', `${resultsColumn('status')}1:${resultsColumn('status')}7`)
        .map((r) => String(r[0]).split(':')[0]),
    ).toEqual(['Status', 'priced', 'priced', 'not found', 'ambiguous', 'no price', 'skipped']);
    expect(h.book.getValues('BOM', `${resultsColumn('need')}2:${resultsColumn('need')}3`).map((r) => r[0])).toEqual([
      20, 10,
    ]);
    // The EUR line in USD, with the offer's own price and currency beside it.
    const keys = ['unitPrice', 'extended', 'currency', 'offerPrice', 'offerCurrency'] as const;
    expect(keys.map((k) => h.book.getValues('BOM', `${resultsColumn(k)}3`)[0][0])).toEqual([
      0.55,
      5.5,
      'USD',
      0.5,
      'EUR',
    ]);
    expect(h.book.cell('BOM', 'E4')?.fill).toBe(STATUS_FILLS.notFound.color);
    expect(h.book.cell('BOM', 'E5')?.fill).toBe(STATUS_FILLS.ambiguous.color);
    expect(h.book.cell('BOM', 'E6')?.fill).toBe(STATUS_FILLS.quoteOnly.color);
    expect(h.book.sheetNames()).toContain('Price breaks');
    expect(h.book.getValues('Price breaks', 'A2:B4')).toEqual([
      [2, 'BAV99'],
      [2, 'BAV99'],
      [3, 'LM358DR'],
    ]);
    expect(
      screen.getByText(new RegExp(`written in BOM!${resultsRange(1, 7)}; every price break on Price breaks`)),
    ).toBeTruthy();
  });

  test('Refresh all asks the service again; Refresh stale uses what is still fresh', async () => {
    const h = setUp();
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await screen.findByText('Prices written');
    const sent = h.catalog.requests.length;

    fireEvent.click(screen.getByRole('button', { name: /Refresh stale/ }));
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    await waitFor(() => expect(screen.getByRole('button', { name: /Refresh stale/ })).toBeTruthy());
    expect(h.catalog.requests.length).toBe(sent);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    await waitFor(() => expect(h.catalog.requests.length).toBe(sent + 1));
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    expect(h.refreshes).toBe(1);
  });
});
