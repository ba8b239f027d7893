/**
 * The Purchase tab with a need-by date: the date set in its own field, the list planned to arrive by then, each
 * BOM's clear-to-build day and the parts that set it, and the price of time of everything the list buys, in the
 * pane and on the Purchase list sheet.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { purchaseSettingsStore } from '../../taskpane/adapters/purchase-store';
import {
  addPurchaseBom,
  breaks,
  harness,
  inputLabelled as input,
  offer,
  part,
  renderPane,
  type Harness,
} from './helpers';

/**
 * The pane's clock says 2026-11-20 (helpers.tsx). Board A, 2 builds: SHARED-1 × 4, ONLY-A × 1. Board B, 1 build:
 * SHARED-1 × 2, ONLY-B × 5. So 10 SHARED-1, 2 ONLY-A, 5 ONLY-B. By hand:
 * - SHARED-1: offer X1 has stock, ships today, at 0.30; offer Y1 has none in stock, 500 due 2027-01-30, at 0.10.
 *   Today's plan (from stock) and a plan by 2027-01-15 buy X1: 10 × 0.30 = 3.00, here today (2026-11-20); with
 *   every delivery allowed, Y1: 10 × 0.10 = 1.00, here 2027-01-30.
 * - ONLY-A: stock, ships in 3 days, at 1.25: 2 × 1.25 = 2.50, here 2026-11-23.
 * - ONLY-B: no stock, no deliveries, a 6-week lead time at 0.50: short in today's plan; 5 × 0.50 = 2.50 by
 *   backorder, here 2026-11-20 + 42 days = 2027-01-01 (estimated), in time for 2027-01-15.
 * Without a date: 3.00 + 2.50 = 5.50, ONLY-B short. With need-by 2027-01-15: the plans meeting it cost
 * 3.00 + 2.50 + 2.50 = 8.00; the cheapest with no date 1.00 + 2.50 + 2.50 = 6.00; the price of time 2.00. Either
 * way board A waits for ONLY-A (2026-11-23), board B for ONLY-B (2027-01-01). Cost shares by the date: A 8/10 of
 * 3.00 + 2.50 = 4.90 (61 % of 8.00), B 2/10 of 3.00 + 2.50 = 3.10 (38 %).
 */
const PARTS = [
  part('SHARED-1', 'TI', 'Texas Instruments', [
    offer({ sourcePartId: 'X1', shipsIn: 'Ships today', breaks: breaks([1, 0.3]), leadTimeWeeks: 0 }),
    offer({
      sourcePartId: 'Y1',
      stock: 0,
      inStock: false,
      pipeline: [{ date: '2027-01-30', quantity: 500 }],
      breaks: breaks([1, 0.1]),
      leadTimeWeeks: 0,
    }),
  ]),
  part('ONLY-A', 'TI', 'Texas Instruments', [
    offer({ sourcePartId: 'A1', shipsIn: 'Ships in 3 days', breaks: breaks([1, 1.25]), leadTimeWeeks: 0 }),
  ]),
  part('ONLY-B', 'TI', 'Texas Instruments', [
    offer({ sourcePartId: 'B1', stock: 0, inStock: false, breaks: breaks([1, 0.5]), leadTimeWeeks: 6 }),
  ]),
];

function twoBoards(): Harness {
  const h = harness({ sheets: ['Board A', 'Board B'] });
  h.book.setValues('Board A', 'A1:C3', [
    ['MPN', 'Manufacturer', 'Qty'],
    ['SHARED-1', 'TI', 4],
    ['ONLY-A', 'TI', 1],
  ]);
  h.book.setValues('Board B', 'A1:C3', [
    ['MPN', 'Manufacturer', 'Qty'],
    ['SHARED-1', 'TI', 2],
    ['ONLY-B', 'TI', 5],
  ]);
  h.catalog.add(...PARTS);
  h.services.purchases = purchaseSettingsStore(h.book.settings);
  return h;
}

async function makeList(h: Harness): Promise<void> {
  const before = h.controllers.purchase.getState().run;
  fireEvent.click(screen.getByRole('button', { name: 'Make purchase list' }));
  await waitFor(() => {
    const state = h.controllers.purchase.getState();
    expect(state.run).not.toBe(before);
    expect(state.phase).toBe('idle');
  });
}

/** A BOM card's figure: the text after its term. */
function figure(card: number, term: string): string {
  const cells = Array.from(screen.getAllByTestId('bom-summary')[card].querySelectorAll('dt, dd'), (e) =>
    (e.textContent ?? '').trim(),
  );
  const at = cells.indexOf(term);
  if (at < 0) throw new Error(`no ${term} in card ${card}: ${cells.join(' | ')}`);
  return cells[at + 1];
}

describe('the Purchase tab with a need-by date', () => {
  test('the date set in the tab plans the list by then: each BOM’s day, the parts that set it, the price of time; on the sheet too', async () => {
    const h = twoBoards();
    renderPane(h);
    fireEvent.click(screen.getByRole('tab', { name: 'Purchase' }));
    await addPurchaseBom(h, 'Board A', 'A1:C3', 2);
    await addPurchaseBom(h, 'Board B', 'A1:C3', 1);

    // No date: today's plan, from stock, leaves ONLY-B short; no price of time.
    await makeList(h);
    expect(screen.getByTestId('purchase-total').textContent).toBe(
      '3 parts, 2 to buy: 5.50 USD; 1 short at every offer',
    );
    expect(figure(0, 'Clear to build')).toBe('2026-11-23, set by ONLY-A');
    expect(figure(1, 'Clear to build')).toBe('2027-01-01 (estimated), set by ONLY-B');
    expect(screen.queryByTestId('purchase-price-of-time')).toBeNull();
    expect(
      h.book
        .getValues('Purchase list', 'A10:D14')
        .flat()
        .every((v) => v === '' || v === null),
    ).toBe(true);

    // The date typed in the Purchase tab's own field is the pane's one date; the list made before says it is not.
    const field = input(/Need by/);
    expect(field.type).toBe('date');
    fireEvent.change(field, { target: { value: '2027-01-15' } });
    await waitFor(() => expect(h.settings.current.needBy).toBe('2027-01-15'));
    expect((await screen.findByTestId('purchase-need-by-changed')).textContent).toBe(
      'The need-by date changed after pricing: priced with no need-by date, now 2027-01-15. Make purchase list again to plan for it.',
    );

    await makeList(h);
    expect(screen.queryByTestId('purchase-need-by-changed')).toBeNull();
    expect(screen.getByTestId('purchase-total').textContent).toBe('3 parts, 3 to buy: 8.00 USD');
    expect(screen.getByTestId('purchase-need-by').textContent).toBe('Need by 2027-01-15: every part arrives in time.');
    expect(screen.getByTestId('purchase-price-of-time').textContent).toBe(
      'Price of time: 8.00 USD to arrive by 2027-01-15; 6.00 USD with no date (+2.00 USD).',
    );
    expect(figure(0, 'Cost share')).toBe('4.90 USD (61 %)');
    expect(figure(1, 'Cost share')).toBe('3.10 USD (38 %)');
    expect(figure(0, 'Clear to build')).toBe('2026-11-23, set by ONLY-A');
    expect(figure(1, 'Clear to build')).toBe('2027-01-01 (estimated), set by ONLY-B');
    expect(figure(0, 'Need by 2027-01-15')).toBe('every part arrives in time; builds by then: 2 of 2');
    expect(figure(1, 'Need by 2027-01-15')).toBe('every part arrives in time; builds by then: 1 of 1');

    // The sheet: 3 parts, the per-BOM summary and its total, then after a blank row the price of time.
    expect(screen.getByTestId('purchase-written').textContent).toBe("Written to 'Purchase list'!A1:R14.");
    const summary = h.book.getValues('Purchase list', 'A6:N8');
    expect(summary[0].slice(11, 14)).toEqual(['Clear to build', 'Set by', 'Builds by need-by date']);
    expect(summary[1].slice(11, 14)).toEqual(['2026-11-23', 'ONLY-A', 2]);
    expect(summary[2].slice(11, 14)).toEqual(['2027-01-01 (estimated)', 'ONLY-B', 1]);
    expect(h.book.getValues('Purchase list', 'A10:D14')).toEqual([
      ['', '', '', ''],
      ['Price of time', 'Cost', 'Currency', 'Parts'],
      ['Plans arriving by 2027-01-15', 8, 'USD', 3],
      ['Same parts, cheapest with no date', 6, 'USD', 3],
      ['Price of time (difference)', 2, 'USD', ''],
    ]);
  });
});
