/**
 * The pane's PARTS cells: the failing cells listed by kind (not found, ambiguous, rate limited with the wait, stale
 * with the time of the last value) from the runtime's cell record, "Retry these" running just those cells again,
 * and "Refresh prices" saying beforehand how many requests it sends (the scheduler's count, batched as it sends)
 * and how old the values it leaves alone are.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createPartsFunctions } from '../../functions/parts-functions';
import { ASSOCIATIONS } from '../../functions/functions';
import { CatalogError } from '../../src/catalog';
import { createWorkbookPort } from '../../src/excel';
import { CellRecord, LookupScheduler } from '../../src/lookup';
import { PartsCellsPanel } from '../../taskpane/components/PartsCellsPanel';
import { MemoryWorkbook } from '../../testing/excel';
import { cellsPort } from '../../testing/pane-services';
import { makeOffer, makePart } from '../helpers/fake-parts';
import { FakeCatalog } from './helpers';
import { attachCalculator } from '../helpers/formula-calc';

const T0 = Date.UTC(2026, 11, 2, 9, 0);
const TTL = 10 * 60_000;

function setup(maxBatch = 1000) {
  let now = T0;
  const catalog = new FakeCatalog();
  catalog.add(
    ...['GOOD1', 'GOOD2', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6'].map((pn) =>
      makePart(pn, [makeOffer({ sourcePartId: `${pn}-A` })]),
    ),
    makePart('AMB1', [makeOffer({ sourcePartId: 'AMB1-TI' })]),
    makePart('AMB1', [makeOffer({ sourcePartId: 'AMB1-NX' })], {
      manufacturerCode: 'NX',
      manufacturerName: 'Nexperia',
    }),
  );
  const scheduler = new LookupScheduler({
    port: catalog,
    maxBatch,
    windowMs: 1,
    ttlMs: TTL,
    retry: { maxAttempts: 1 },
    now: () => now,
  });
  const record = new CellRecord();
  const base = {
    context: () => ({
      lookup: { lookup: scheduler.lookup.bind(scheduler), lastKnown: scheduler.lastKnown.bind(scheduler) },
      currency: 'USD',
      sources: [],
    }),
    manufacturers: async () => [],
    makeError: (code: string, message: string) => Object.assign(new Error(message), { code }),
  };
  // The custom functions as functions.ts gives them to Excel: each call with its cell's address tells the record.
  const functions = Object.fromEntries(
    Object.keys(ASSOCIATIONS).map((id) => [
      id,
      (...args: unknown[]) => {
        const invocation = args.pop() as { address: string; functionName: string };
        const fns = createPartsFunctions({
          ...base,
          record: (cells) => record.note({ address: invocation.address, name: id, cells, at: now }),
        });
        const method = id === 'PRICE' ? 'price' : (id.toLowerCase() as keyof typeof fns);
        return (fns[method] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  const book = new MemoryWorkbook({ sheets: ['Prices', 'Other'] });
  const port = createWorkbookPort(book.host);
  const calc = attachCalculator(book, functions, () => 4);
  const services = { cells: cellsPort(record, async (r) => scheduler.cost(r)), book: port, now: () => new Date(now) };
  return {
    catalog,
    book,
    port,
    calc,
    services,
    advance: (ms: number) => (now += ms),
    /** Writes `=PARTS.PRICE("pn")` formulas, one a row from A1, and calculates those cells. */
    async formulas(sheet: string, rows: Array<[string, string]>) {
      // As the user types them: straight into the cells (the port would write formula-like text as text).
      await book.host.run({}, async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        for (const [cell, pn] of rows) ws.getRange(cell).values = [[`=PARTS.PRICE("${pn}")`]];
        await context.sync();
      });
    },
    async calculate(sheet: string, cells: string[]) {
      await port.calculateCells(
        cells.map((c) => ({ sheet, row: Number(c.slice(1)) - 1, column: 0, rows: 1, columns: 1 })),
      );
      await calc.settled();
    },
  };
}

function renderPanel(services: ReturnType<typeof setup>['services']) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <PartsCellsPanel services={services} />
    </FluentProvider>,
  );
}

const group = (name: RegExp) => screen.getByRole('group', { name });

describe('failing PARTS cells, by kind', () => {
  test('each kind in its group, from the record; "Retry these" runs just those cells again', async () => {
    const s = setup();
    s.book.select('Prices', 'A1');
    await s.formulas('Prices', [
      ['A1', 'GOOD1'],
      ['A2', 'AMB1'],
      ['A3', 'NOPE'],
      ['A4', 'GOOD2'],
    ]);
    await s.calculate('Prices', ['A1']);
    expect(s.calc.messages.get('Prices!A1')).toBeUndefined();
    expect(s.book.getValues('Prices', 'A1')).toEqual([[0.1]]);
    s.advance(TTL + 60_000);
    await s.calculate('Prices', ['A2', 'A3']);
    s.catalog.failWith = new CatalogError('rate-limited', 'Too many requests', { status: 429, retryAfterMs: 12_000 });
    await s.calculate('Prices', ['A1', 'A4']);

    // The cells say why, each message starting with its kind.
    expect(s.book.getValues('Prices', 'A1:A4')).toEqual([['#N/A'], ['#N/A'], ['#N/A'], ['#N/A']]);
    expect(s.calc.messages.get('Prices!A1')).toBe(
      'Stale: last value from 2026-12-02 09:00 UTC was 0.1 — Rate limited — retry after 12 s',
    );
    expect(s.calc.messages.get('Prices!A2')).toMatch(/^Ambiguous: AMB1 is made by/);
    expect(s.calc.messages.get('Prices!A3')).toBe('Not found: NOPE');
    expect(s.calc.messages.get('Prices!A4')).toBe('Rate limited — retry after 12 s');

    renderPanel(s.services);
    await screen.findByRole('heading', { name: 'PARTS cells' });
    expect(within(group(/^Not found \(1\)/)).getByText('Prices!A3')).toBeTruthy();
    expect(within(group(/^Ambiguous \(1\)/)).getByText('Prices!A2')).toBeTruthy();
    expect(within(group(/^Rate limited — retry after 12 s \(1\)/)).getByText('Prices!A4')).toBeTruthy();
    // The list heads the stale cells with the cell's own words, written from the same record.
    const stale = group(/^Stale: last value from 2026-12-02 09:00 UTC \(1\)/);
    expect(within(stale).getByText('Prices!A1')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings.map((h) => h!.replace(/ \(\d+\)$/, '').replace(/from .*/, 'from …'))).toEqual([
      'Not found',
      'Ambiguous',
      'Rate limited — retry after 12 s',
      'Stale: last value from …',
    ]);

    // The service answers again: retrying the rate-limited cells runs A4 alone.
    s.catalog.failWith = null;
    const before = { a1: s.calc.runs.get('Prices!A1'), a2: s.calc.runs.get('Prices!A2') };
    fireEvent.click(within(group(/^Rate limited/)).getByRole('button', { name: 'Retry these' }));
    await act(() => s.calc.settled());
    await waitFor(() => expect(screen.queryByRole('group', { name: /^Rate limited/ })).toBeNull());
    expect(s.book.getValues('Prices', 'A4')).toEqual([[0.1]]);
    expect(s.calc.runs.get('Prices!A4')).toBe(2);
    expect({ a1: s.calc.runs.get('Prices!A1'), a2: s.calc.runs.get('Prices!A2') }).toEqual(before);

    // Retrying the stale cell gives it a fresh value and takes it off the list.
    fireEvent.click(within(group(/^Stale/)).getByRole('button', { name: 'Retry these' }));
    await act(() => s.calc.settled());
    await waitFor(() => expect(screen.queryByRole('group', { name: /^Stale/ })).toBeNull());
    expect(s.book.getValues('Prices', 'A1')).toEqual([[0.1]]);
  });
});

describe('cells whose PARTS formula is gone', () => {
  test('leave the list and the refresh count when the view opens and before a retry: cleared, or on a sheet deleted', async () => {
    const s = setup();
    s.book.select('Prices', 'A1');
    await s.formulas('Prices', [
      ['A1', 'NOPE1'],
      ['A2', 'NOPE2'],
      ['A3', 'NOPE3'],
    ]);
    await s.formulas('Other', [['A1', 'NOPE4']]);
    await s.calculate('Prices', ['A1', 'A2', 'A3']);
    await s.calculate('Other', ['A1']);
    // The buyer clears A2 and deletes the sheet Other: the runtime's record still holds their calls.
    s.book.setValues('Prices', 'A2', [['']]);
    s.book.deleteSheet('Other');
    expect(s.services.cells.calls().map((c) => c.address)).toContain('Other!A1');

    renderPanel(s.services);
    const notFound = await screen.findByRole('group', { name: /^Not found \(2\)/ });
    expect(within(notFound).queryByText('Prices!A2')).toBeNull();
    expect(within(notFound).queryByText('Other!A1')).toBeNull();
    expect(
      s.services.cells
        .calls()
        .map((c) => c.address)
        .sort(),
    ).toEqual(['Prices!A1', 'Prices!A3']);

    // A formula cleared while the view is open leaves it when its cells are retried.
    s.book.setValues('Prices', 'A3', [['']]);
    fireEvent.click(within(notFound).getByRole('button', { name: 'Retry these' }));
    await act(() => s.calc.settled());
    await screen.findByRole('group', { name: /^Not found \(1\)/ });
    expect(s.services.cells.calls().map((c) => c.address)).toEqual(['Prices!A1']);
  });
});

describe('Refresh prices, counted beforehand', () => {
  test('this sheet: the stale parts in batched requests, the fresh values left alone with their age', async () => {
    const s = setup(2);
    s.book.select('Prices', 'A1');
    await s.formulas('Prices', [
      ['A1', 'P1'],
      ['A2', 'P2'],
      ['A3', 'P3'],
      ['A4', 'P4'],
      ['A5', 'P5'],
    ]);
    await s.formulas('Other', [['A1', 'P6']]);
    await s.calculate('Prices', ['A1', 'A2', 'A3']);
    await s.calculate('Other', ['A1']);
    s.advance(TTL / 2);
    await s.calculate('Prices', ['A4', 'A5']);
    s.advance(TTL / 2 + 60_000);

    renderPanel(s.services);
    await screen.findByText(
      'Recalculates 3 cells: 2 requests to the parts service (3 parts). 2 cells are left alone, values from 2026-12-02 09:05 UTC (6 minutes old).',
    );
    expect(screen.getByRole('radio', { name: 'This sheet (Prices)' })).toHaveProperty('checked', true);

    // The workbook: P6 on the other sheet too, four parts in two requests of at most two.
    fireEvent.click(screen.getByRole('radio', { name: 'Workbook' }));
    await screen.findByText(/^Recalculates 4 cells: 2 requests to the parts service \(4 parts\)\./);
    fireEvent.click(screen.getByRole('radio', { name: /^This sheet/ }));
    await screen.findByText(/^Recalculates 3 cells: 2 requests/);

    const answered = s.catalog.answered;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh prices' }));
    await screen.findByText(
      /^Recalculated 3 cells: 2 requests to the parts service \(3 parts\)\. 2 cells were left alone/,
    );
    await act(() => s.calc.settled());
    expect(s.catalog.answered - answered).toBe(2);
    expect(['A1', 'A2', 'A3', 'A4', 'A5'].map((c) => s.calc.runs.get(`Prices!${c}`))).toEqual([2, 2, 2, 1, 1]);
    expect(s.calc.runs.get('Other!A1')).toBe(1);

    // Counted again from the cache: nothing on this sheet is stale now.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Refresh prices' })).toHaveProperty('disabled', true),
    );
  });
});
