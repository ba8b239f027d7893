/**
 * A workbook reopened with PARTS formulas shows the values it was saved with: Excel does not recalculate custom
 * functions on open. The pane says how old they are, when older than the cache time, and offers "Refresh prices".
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRuntime } from '../../addin/runtime';
import { documentPricesStamp, PRICES_AS_OF_KEY } from '../../addin/prices-stamp';
import { harness, renderPane } from './helpers';

const NOW = new Date(2026, 10, 20, 9, 30);

/** The pane over a workbook whose document settings say its PARTS values were looked up at `asOf`. */
function paneWithPricesFrom(asOf: Date | null, cacheTtlMinutes = 10) {
  const h = harness({ settings: { cacheTtlMinutes } });
  if (asOf) {
    h.book.settings.set(PRICES_AS_OF_KEY, asOf.toISOString());
    h.book.settings.saveAsync();
  }
  // The shared runtime as Excel runs it, over the workbook's document settings and the pane's gateway.
  const runtime = createRuntime({
    storage: { getItem: async () => null, setItem: async () => {} },
    origin: 'https://localhost:3000',
    excel: h.services.book,
    pricesStamp: documentPricesStamp(() => h.book.settings),
    now: () => NOW.getTime(),
  });
  h.services.pricesAsOf = () => runtime.pricesAsOf();
  h.services.refreshPrices = () => runtime.refreshPrices();
  renderPane(h);
  const recalculations = () => h.book.stats().requests.filter((r) => r.kinds['call:calculate']).length;
  return { h, recalculations };
}

describe('prices older than the cache time when the pane opens', () => {
  test('the pane shows their "as of" time; Refresh prices recalculates and the workbook notes the new time', async () => {
    const asOf = new Date(2026, 10, 17, 16, 5);
    const { h, recalculations } = paneWithPricesFrom(asOf);
    const region = await screen.findByRole('region', { name: 'Age of the PARTS prices' });
    expect(region.textContent).toContain(
      `Prices as of ${asOf.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}`,
    );
    expect(region.textContent).toMatch(
      /longer ago than the 10 minutes prices are kept; Excel does not recalculate them when a workbook opens/,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Refresh prices' }));
    await screen.findByText('Prices refreshed');
    expect(recalculations()).toBe(1);
    expect(h.book.settings.snapshot()[PRICES_AS_OF_KEY]).toBe(NOW.toISOString());
    expect(screen.queryByRole('region', { name: 'Age of the PARTS prices' })).toBeNull();
  });

  /** Lets the pane settle: its settings read and any notice it would show. */
  const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 20))));

  test.each([
    ['prices younger than the cache time', new Date(NOW.getTime() - 5 * 60_000), 10],
    [
      'prices 3 hours old with a day-long cache time (the saved setting counts)',
      new Date(NOW.getTime() - 3 * 60 * 60_000),
      24 * 60,
    ],
    ['a workbook without PARTS values', null, 10],
  ] as const)('%s: no notice', async (_what, asOf, ttl) => {
    paneWithPricesFrom(asOf, ttl);
    await screen.findByText('Partsheet');
    await settle();
    expect(screen.queryByRole('region', { name: 'Age of the PARTS prices' })).toBeNull();
  });

  test('a refresh that fails says why and offers it again', async () => {
    const { h } = paneWithPricesFrom(new Date(2026, 10, 1, 8, 0));
    h.services.refreshPrices = async () => {
      throw new Error('Excel is busy');
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh prices' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Age of the PARTS prices' }).textContent).toMatch(
        /Refreshing failed: .*Excel is busy/,
      ),
    );
    expect(screen.getByRole('button', { name: 'Refresh prices' })).toBeTruthy();
  });
});
