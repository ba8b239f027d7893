import { fireEvent, screen } from '@testing-library/react';
import { PRICED_BOM_COLUMNS } from '../../src/purchase';
import { CatalogError } from '../../src/catalog';
import { STATUS_FILLS } from '../../src/excel';
import { PaneController } from '../../taskpane/controller';
import { bomHarness, breaks, offer, part, renderAndPrice, resultsColumn } from './helpers';

const REFUSED = new CatalogError(
  'auth',
  'The parts service refused the login or API key (returnCode AUTH_FAILED) — check them in settings',
);

function setUp() {
  return bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['LM358DR', 'TI', 1],
      ['NE555', 'TI', 1],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
      part('LM358DR', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2', breaks: breaks([1, 0.5]) })]),
      part('NE555', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-3', breaks: breaks([1, 0.3]) })]),
    ],
    // One part per request, so one request can fail while the others answer.
    { maxBatch: 1 },
  );
}

const results = (h: ReturnType<typeof setUp>) =>
  h.book.getValues('BOM', `${resultsColumn('status')}1:${resultsColumn('asOf')}4`);
const status = (h: ReturnType<typeof setUp>, row: number) =>
  String(h.book.getValues('BOM', `${resultsColumn('status')}${row}`)[0][0]);

describe('a run that fails', () => {
  test('as a whole (the API key refused on Refresh all): nothing is written, the sheet keeps its prices, and the notice says so', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const before = results(h);
    expect(before.slice(1).map((r) => r[0])).toEqual(['priced', 'priced', 'priced']);

    h.catalog.failWith = REFUSED;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    await screen.findByText('Nothing written: the parts service refused the login');
    expect(screen.getByText(/The sheet keeps its last values/)).toBeTruthy();
    // The failure's stable code, for the buyer to quote (docs/errors.md).
    expect(screen.getByText('(error PS_CATALOG_AUTH)')).toBeTruthy();
    // No green "Prices written" over the failure; the cells are as they were.
    expect(screen.queryByText('Prices written')).toBeNull();
    expect(results(h)).toEqual(before);
    expect(h.book.cell('BOM', `${resultsColumn('status')}2`)?.fill ?? null).toBeNull();
    // The pane still shows the last results.
    expect(screen.getByTestId('summary-counts').textContent).toContain('Priced3');
  });

  test('for one line: that line keeps its last values, marked stale with the reason; the others are renewed', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const before = results(h);
    h.catalog.parts.get('BAV99')![0].offers[0].breaks = breaks([1, 0.2]);
    h.catalog.failWhen = (parts) =>
      parts.some((p) => p.partNumber === 'LM358DR')
        ? new CatalogError('rejected', 'The parts service could not read the request')
        : null;

    fireEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    await screen.findByText('Some prices not renewed');
    await screen.findByText('Row 3 kept its last prices, marked stale');
    expect(screen.queryByText('Prices written')).toBeNull();

    const after = results(h);
    expect(status(h, 3)).toBe('stale: service error: The parts service could not read the request; last values kept');
    // Row 3's last values stay (all but its Status); row 2 is priced again at the new price.
    expect(after[2].slice(1)).toEqual(before[2].slice(1));
    expect(after[1][PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'unitPrice')]).toBe(0.2);
    expect(h.book.cell('BOM', `${resultsColumn('status')}3`)?.fill).toBe(STATUS_FILLS.stale.color);
    // The stale colour is on that row only.
    expect(h.book.cell('BOM', `${resultsColumn('status')}2`)?.fill ?? null).toBeNull();
    expect(h.book.cell('BOM', `${resultsColumn('status')}4`)?.fill ?? null).toBeNull();

    // Priced again once the service answers: the marker goes.
    h.catalog.failWhen = null;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    await screen.findByText('Prices written');
    expect(status(h, 3)).toBe('priced');
    expect(h.book.cell('BOM', `${resultsColumn('status')}3`)?.fill ?? null).toBeNull();
  });

  test('a pane opened afresh keeps the values the sheet holds for a failed line', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const before = results(h);
    h.catalog.failWhen = (parts) =>
      parts.some((p) => p.partNumber === 'NE555') ? new CatalogError('rejected', 'Bad request') : null;
    h.scheduler.clear();
    // A new pane: it knows nothing of the last run; the sheet does.
    const fresh = new PaneController(h.services);
    await fresh.useSelection();
    await fresh.price('all');
    expect(status(h, 4)).toBe('stale: service error: Bad request; last values kept');
    expect(results(h)[3].slice(1)).toEqual(before[3].slice(1));
    expect(fresh.getState().pricing?.lines.find((l) => l.row === 3)?.stale).toMatch(/^service error: Bad request/);
    expect(fresh.getState().notices.map((n) => n.title)).toContain('Row 4 kept its last prices, marked stale');
  });

  test('a failed line never keeps the values the sheet holds for another part (the BOM sorted since)', async () => {
    const h = setUp();
    await renderAndPrice(h);
    // The user sorts the BOM's rows (its columns only): NE555 now sits on row 2, beside BAV99's results.
    h.book.setValues('BOM', 'A2:C4', [
      ['NE555', 'TI', 1],
      ['LM358DR', 'TI', 1],
      ['BAV99', 'Nexperia', 2],
    ]);
    h.catalog.failWhen = (parts) =>
      parts.some((p) => p.partNumber === 'NE555') ? new CatalogError('rejected', 'Bad request') : null;
    h.scheduler.clear();
    const fresh = new PaneController(h.services);
    await fresh.useSelection();
    await fresh.price('all');
    const matched = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'matchedPart');
    // Row 2 is NE555's: it is not shown with BAV99's part and price as its "last values".
    expect(results(h)[1][matched]).not.toBe('BAV99');
    // Nothing of BAV99's (or any earlier) result is left on the row: only its Status and its own need.
    expect(results(h)[1]).toEqual(
      PRICED_BOM_COLUMNS.map((c) =>
        c.key === 'status' ? 'no price: service error: Bad request' : c.key === 'need' ? 1 : '',
      ),
    );
    expect(status(h, 2)).toBe('no price: service error: Bad request');
    expect(h.book.cell('BOM', `${resultsColumn('status')}2`)?.fill ?? null).toBeNull();
    expect(results(h)[3][matched]).toBe('BAV99');
  });

  test('a failed line the sheet has nothing for is written unpriced, with no stale marker', async () => {
    const h = setUp();
    h.catalog.failWhen = (parts) =>
      parts.some((p) => p.partNumber === 'NE555') ? new CatalogError('rejected', 'Bad request') : null;
    await h.controller.useSelection();
    await h.controller.price('stale');
    expect(status(h, 4)).toBe('no price: service error: Bad request');
    expect(h.book.cell('BOM', `${resultsColumn('status')}4`)?.fill ?? null).toBeNull();
    expect(h.controller.getState().notices.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Some prices not renewed', 'Row 4 has no price yet']),
    );
  });
});
