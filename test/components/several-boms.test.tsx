/**
 * The pane's "Purchase" view, buying for several BOMs: BOM ranges taken from the selection on two sheets (named,
 * with builds, kept in the workbook), an On hand range, what is on order with "Mark received", "Make purchase list"
 * writing the Purchase list sheet and showing each BOM's share and what it can build now; then ordering from the list through the order
 * review, grouped by source and currency, the parts ordered held back the next time.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OrderRecord } from '../../src/excel/order-record';
import { RECEIVED_ORDERS_KEY } from '../../src/purchase';
import { purchaseSettingsStore } from '../../taskpane/adapters/purchase-store';
import { App } from '../../taskpane/components/App';
import { PURCHASE_SETUP_KEY } from '../../taskpane/purchase/setup';
import { ORDERS_RECORD_KEY } from '../../taskpane/workbook-choices';
import { credentialStore } from '../../taskpane/order/credentials';
import { shipToStore } from '../../taskpane/order/ship-to';
import { addPurchaseBom, breaks, harness, inputLabelled, offer, part } from './helpers';
import { FakeCheckout, type OrderHarness, mapStorage, placeOrder } from './order-helpers';

/** SHARED-1 on both boards (marketplace, a 100 break), ONLY-A on board A (a regional offer), ONLY-B on board B (regional too). */
const PARTS = [
  part('SHARED-1', 'TI', 'Texas Instruments', [
    offer({ sourcePartId: 'S1', sourceCode: 'MARKETPLACE', breaks: breaks([1, 0.1], [100, 0.05]) }),
  ]),
  part('ONLY-A', 'TI', 'Texas Instruments', [
    offer({ sourcePartId: 'A1', sourceCode: 'ACNA', breaks: breaks([1, 1]) }),
  ]),
  part('ONLY-B', 'NEX', 'Nexperia', [offer({ sourcePartId: 'B1', sourceCode: 'EUROPE', breaks: breaks([1, 0.5]) })]),
];

/** A pane over the in-memory workbook, with a checkout that accepts orders (as the order tests use). */
async function setUp(): Promise<OrderHarness> {
  const h = harness();
  const checkout = new FakeCheckout();
  const storage = new Map<string, string>();
  h.services.fetch = checkout.fetch;
  h.services.origin = 'https://localhost:3000';
  h.services.credentials = credentialStore(mapStorage(storage));
  h.services.shipTos = shipToStore(mapStorage(storage));
  return Object.assign(h, { checkout, storage });
}

function workbook(h: OrderHarness): void {
  for (const sheet of ['Board A', 'Board B', 'Stock']) h.book.addSheet(sheet);
  h.book.setValues('Board A', 'B2:D4', [
    ['MPN', 'Manufacturer', 'Qty'],
    ['SHARED-1', 'TI', 3],
    ['ONLY-A', 'TI', 1],
  ]);
  h.book.setValues('Board B', 'A1:C3', [
    ['Qty', 'MPN', 'Manufacturer'],
    [3, 'SHARED-1', 'Texas Instruments'],
    [2, 'ONLY-B', 'Nexperia'],
  ]);
  h.book.setValues('Stock', 'A1:C3', [
    ['MPN', 'Manufacturer', 'Qty'],
    ['ONLY-A', 'TI', 40],
    ['SHARED-1', 'TI', 20],
  ]);
  h.catalog.add(...PARTS);
  h.services.purchases = purchaseSettingsStore(h.book.settings);
}

function renderApp(h: OrderHarness) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <App services={h.services} controllers={h.controllers} />
    </FluentProvider>,
  );
}

const input = inputLabelled;
const addBom = addPurchaseBom;

/** Two boards and the stock list, taken as a user does. */
async function chooseRanges(h: OrderHarness): Promise<void> {
  fireEvent.click(screen.getByRole('tab', { name: 'Purchase' }));
  await addBom(h, 'Board A', 'C3', 15);
  await addBom(h, 'Board B', 'A1:C3', 10);
  h.book.select('Stock', 'B2');
  fireEvent.click(screen.getByRole('button', { name: 'Use selection for the On hand range' }));
  await waitFor(() => expect(input('On hand range').value).toBe('Stock!A1:C3'));
}

async function makeList(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Make purchase list' }));
  return screen.findByTestId('purchase-written');
}

function summaries(): string[][] {
  return screen
    .getAllByTestId('bom-summary')
    .map((card) => Array.from(card.querySelectorAll('p, dt, dd'), (e) => e.textContent ?? ''));
}

describe('the Several BOMs view', () => {
  test('BOM ranges on two sheets and an On hand range, kept in the workbook, make the Purchase list sheet and the per-BOM summary', async () => {
    const h = await setUp();
    workbook(h);
    const view = renderApp(h);
    await chooseRanges(h);
    expect(h.book.settings.snapshot()[PURCHASE_SETUP_KEY]).toEqual({
      boms: [
        { name: 'Board A', address: "'Board A'!B2:D4", builds: 15 },
        { name: 'Board B', address: "'Board B'!A1:C3", builds: 10 },
      ],
      onHand: 'Stock!A1:C3',
      useOnOrder: true,
    });
    const ranges = within(screen.getByRole('list', { name: 'BOM ranges' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(ranges[0]).toContain("Board A'Board A'!B2:D4 · 15 builds");
    expect(ranges[1]).toContain("Board B'Board B'!A1:C3 · 10 builds");

    const written = await makeList();
    expect(written.textContent).toBe("Written to 'Purchase list'!A1:R9.");
    // One row per part: the need of each board, on hand, to buy, order quantity. 45 + 30 SHARED-1 less 20 on hand
    // is 55: bought at the 100 break (5.00) rather than 55 at 0.10 (5.50).
    expect(h.book.getValues('Purchase list', 'A1:K4')).toEqual([
      [
        'Part number',
        'Manufacturer',
        'Description',
        'Need Board A',
        'Need Board B',
        'Total need',
        'On hand',
        'On order',
        'To buy',
        'Order qty',
        'Offers',
      ],
      ['SHARED-1', 'Texas Instruments', 'SHARED-1 part', 45, 30, 75, 20, 0, 55, 100, 'MARKETPLACE 100 × 0.05 USD (S1)'],
      ['ONLY-A', 'Texas Instruments', 'ONLY-A part', 15, 0, 15, 40, 0, 0, 0, ''],
      ['ONLY-B', 'Nexperia', 'ONLY-B part', 0, 20, 20, 0, 0, 20, 20, 'EUROPE 20 × 0.5 USD (B1)'],
    ]);
    expect(screen.getByTestId('purchase-total').textContent).toMatch(/^3 parts, 2 to buy: /);
    // Checked by hand: board A takes the 20 SHARED-1 on hand first: 6 builds of 3 (ONLY-A: 40 covers 15); board B
    // gets the 2 left: none of its builds (3 a build), and nothing of ONLY-B is on hand.
    const cards = summaries();
    expect(cards[0].slice(0, 1)).toEqual(['Board A × 15']);
    expect(cards[0]).toContain('Buildable now');
    expect(cards[0][cards[0].indexOf('Buildable now') + 1]).toMatch(/^6 of 15: SHARED-1/);
    expect(cards[1][cards[1].indexOf('Buildable now') + 1]).toMatch(/^0 of 10: /);
    expect(cards[0][cards[0].indexOf('Parts') + 1]).toBe('2, 1 shared');

    // A pane opened later finds the ranges in the workbook.
    view.unmount();
    cleanup();
    renderApp(h);
    // The order view's settings are read as the pane starts.
    await act(async () => {});
    fireEvent.click(screen.getByRole('tab', { name: 'Purchase' }));
    expect(within(screen.getByRole('list', { name: 'BOM ranges' })).getAllByRole('listitem')).toHaveLength(2);
    expect(input('On hand range').value).toBe('Stock!A1:C3');
  });

  test('a BOM with no builds is refused, and said; a BOM removed is gone from the workbook', async () => {
    const h = await setUp();
    workbook(h);
    renderApp(h);
    fireEvent.click(screen.getByRole('tab', { name: 'Purchase' }));
    expect(screen.getByTestId('no-bom-ranges')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Make purchase list' }) as HTMLButtonElement).disabled).toBe(true);
    h.book.select('Board A', 'C3');
    fireEvent.click(screen.getByRole('button', { name: 'Use selection for the BOM range' }));
    await waitFor(() => expect(input('BOM name').value).toBe('Board A'));
    fireEvent.change(input('Builds'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add BOM' }));
    expect((await screen.findByTestId('several-error')).textContent).toContain(
      'Builds for Board A must be a whole number of 1 or more.',
    );
    fireEvent.change(input('Builds'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add BOM' }));
    await screen.findByRole('list', { name: 'BOM ranges' });
    expect(screen.queryByTestId('several-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Board A' }));
    await screen.findByTestId('no-bom-ranges');
    expect(h.book.settings.snapshot()[PURCHASE_SETUP_KEY]).toEqual({ boms: [], onHand: null, useOnOrder: true });
  });

  test('the Builds field takes several quantities: scenarios compared, the one chosen written to the sheet; unpaired lists are said and refused', async () => {
    const h = await setUp();
    workbook(h);
    renderApp(h);
    fireEvent.click(screen.getByRole('tab', { name: 'Purchase' }));
    fireEvent.change(input('Builds'), { target: { value: '15, x' } });
    expect(screen.getByText("each number of builds must be a whole number from 1 to 1,000,000; got 'x'")).toBeTruthy();
    await addBom(h, 'Board A', 'C3', '15, 30');
    await addBom(h, 'Board B', 'A1:C3', '10');
    h.book.select('Stock', 'B2');
    fireEvent.click(screen.getByRole('button', { name: 'Use selection for the On hand range' }));
    await waitFor(() => expect(input('On hand range').value).toBe('Stock!A1:C3'));
    expect((h.book.settings.snapshot()[PURCHASE_SETUP_KEY] as { boms: unknown[] }).boms).toEqual([
      { name: 'Board A', address: "'Board A'!B2:D4", builds: 15, quantities: [15, 30] },
      { name: 'Board B', address: "'Board B'!A1:C3", builds: 10 },
    ]);
    const ranges = within(screen.getByRole('list', { name: 'BOM ranges' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(ranges[0]).toContain("'Board A'!B2:D4 · 15, 30 builds");
    // Changing a BOM shows its list again in the field.
    fireEvent.click(screen.getByRole('button', { name: 'Change Board A' }));
    expect(input('Builds').value).toBe('15, 30');

    const chooser = screen.getByLabelText('Scenario for the Purchase list sheet') as HTMLSelectElement;
    expect(Array.from(chooser.options, (o) => o.textContent)).toEqual([
      '1. Board A × 15 + Board B × 10',
      '2. Board A × 30 + Board B × 10',
    ]);
    fireEvent.change(chooser, { target: { value: '1' } });
    await waitFor(() =>
      expect((h.book.settings.snapshot()[PURCHASE_SETUP_KEY] as { scenario?: number }).scenario).toBe(1),
    );

    await makeList();
    // The scenarios compared in a table: a row per scenario, a column per figure and per BOM's share.
    const table = within(screen.getByRole('region', { name: /^Scenarios/ })).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Scenario', 'Total', 'To buy', 'Spares', 'Short', 'No price', 'Board A', 'Board B']);
    const compared = within(table).getAllByTestId('scenario');
    expect(compared.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual([
      '1. Board A × 15 + Board B × 10',
      '2. Board A × 30 + Board B × 10 (on the sheet)',
    ]);
    expect(compared[1].getAttribute('aria-current')).toBe('true');
    expect(within(compared[0]).getAllByRole('cell')[1].textContent).toBe('2 of 3');
    // The sheet is scenario 2's list: 30 builds of board A need 90 SHARED-1 and 30 ONLY-A (40 on hand cover them).
    expect(h.book.getValues('Purchase list', 'A2:J3')).toEqual([
      ['SHARED-1', 'Texas Instruments', 'SHARED-1 part', 90, 30, 120, 20, 0, 100, 100],
      ['ONLY-A', 'Texas Instruments', 'ONLY-A part', 30, 0, 30, 40, 0, 0, 0],
    ]);
    expect(screen.getAllByTestId('bom-summary').map((card) => card.querySelector('p')?.textContent)).toEqual([
      'Board A × 30',
      'Board B × 10',
    ]);
    // Below the per-BOM summary, the scenarios side by side.
    expect(h.book.getValues('Purchase list', 'A11:C13')).toEqual([
      ['Scenario', 'Builds', 'Total'],
      [1, 'Board A × 15 + Board B × 10', expect.any(Number)],
      [2, 'Board A × 30 + Board B × 10', expect.any(Number)],
    ]);

    // Board B given three quantities cannot be paired with Board A's two: said at once, refused when made.
    fireEvent.click(screen.getByRole('button', { name: 'Change Board B' }));
    fireEvent.change(input('Builds'), { target: { value: '10, 20, 40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save BOM' }));
    await waitFor(() => expect(input('BOM range').value).toBe(''));
    expect(screen.getByTestId('scenario-problem').textContent).toMatch(
      /^The build quantities cannot be paired into scenarios: Board A has 2 \(15, 30\), Board B has 3 \(10, 20, 40\)\./,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Make purchase list' }));
    await waitFor(() => expect(screen.getByTestId('several-error').textContent).toMatch(/cannot be paired/));
  });

  test('focus after Add BOM and after "Order from the purchase list" is where the buyer goes on, never the page', async () => {
    const h = await setUp();
    workbook(h);
    renderApp(h);
    fireEvent.click(screen.getByRole('tab', { name: 'Purchase' }));
    const add = screen.getByRole('button', { name: 'Add BOM' });
    await addBom(h, 'Board A', 'C3', 15);
    // Add BOM is disabled once its fields are cleared: the focus is on the next BOM's name.
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(document.activeElement).toBe(input('BOM name'));
    await addBom(h, 'Board B', 'A1:C3', 10);
    await makeList();
    const order = screen.getByRole('button', { name: 'Order from the purchase list' });
    order.focus();
    fireEvent.click(order);
    await screen.findByRole('list', { name: 'Order lines' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Order selected rows' }));
  });

  test('ordering from the purchase list: one order per source and currency through the review; the parts ordered are held back the next time', async () => {
    const h = await setUp();
    workbook(h);
    renderApp(h);
    await chooseRanges(h);
    await makeList();
    fireEvent.click(screen.getByRole('button', { name: 'Order from the purchase list' }));
    await screen.findByRole('list', { name: 'Order lines' });
    // SHARED-1 is a marketplace item, ONLY-B a regional one: two orders; ONLY-A is covered by stock (not listed).
    expect(screen.getByTestId('order-selection').textContent).toBe(
      "Read 'Purchase list'!A2:R4: 1 line to order, 1 row left out.",
    );
    const lines = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(lines.map((l) => l.getAttribute('data-item'))).toEqual(['S1']);
    expect((screen.getByLabelText('Quantity of SHARED-1') as HTMLInputElement).value).toBe('100');

    const result = await placeOrder('Create order', { 'PO number': 'PO-LIST' });
    expect(within(result).getByRole('heading', { name: 'Order 90000001 created' })).toBeTruthy();
    expect(h.checkout.requests[0].get('itemIds')).toBe('S1');
    expect(h.checkout.requests[0].get('quantities')).toBe('100');
    // The Order column right of the list's columns, on the part's row; the record knows the part on this sheet.
    expect(h.book.getValues('Purchase list', 'S1:S2')).toEqual([['Order'], ['90000001 created 2026-11-20 09:30']]);
    const record = h.book.settings.snapshot()[ORDERS_RECORD_KEY] as OrderRecord[];
    expect(record.map((r) => [r.orderId, r.sheet, r.lines])).toEqual([
      [
        '90000001',
        'Purchase list',
        [
          {
            key: 'PURCHASE:SHARED-1@TEXASINSTRUMENTS',
            part: 'SHARED-1',
            manufacturer: 'Texas Instruments',
            quantity: 100,
          },
        ],
      ],
    ]);

    // The list made again and ordered from again: SHARED-1 is held back as already ordered; only ONLY-B is left.
    fireEvent.click(screen.getByRole('tab', { name: 'Purchase' }));
    await makeList();
    fireEvent.click(screen.getByRole('button', { name: 'Order from the purchase list' }));
    await screen.findByRole('list', { name: 'Order lines' });
    expect(screen.getByTestId('order-selection').textContent).toBe(
      "Read 'Purchase list'!A2:R4: 1 line to order, 1 already ordered.",
    );
    expect(
      within(screen.getByRole('list', { name: 'Rows already ordered' })).getAllByRole('listitem')[0].textContent,
    ).toContain('90000001');
    expect(
      within(screen.getByRole('list', { name: 'Order lines' }))
        .getAllByRole('listitem')
        .map((l) => l.getAttribute('data-item')),
    ).toEqual(['B1']);
  });

  test('production orders not received count as on order until marked received; the option off counts none', async () => {
    const h = await setUp();
    workbook(h);
    const placed: OrderRecord = {
      orderId: '90000042',
      at: '2026-11-18T10:00:00.000Z',
      environment: 'production',
      po: 'PO-7',
      state: 'submitted',
      sheet: 'BOM',
      lines: [{ key: 'ONLY-B|Q1', part: 'ONLY-B', quantity: 15 }],
    };
    const test: OrderRecord = { ...placed, orderId: '90000043', environment: 'test' };
    h.book.settings.set(ORDERS_RECORD_KEY, [placed, test]);
    renderApp(h);
    await chooseRanges(h);
    const onOrder = screen.getByRole('list', { name: 'On order' });
    expect(
      within(onOrder)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['90000042, PO-7: 1 line, placed 2026-11-18Mark received']);
    expect(screen.getByTestId('test-orders-ignored').textContent).toBe(
      '1 test order not counted as on order: placed in the test environment, it buys nothing.',
    );
    await makeList();
    expect(
      within(screen.getByRole('list', { name: 'Purchase list notes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('1 test order not counted as on order: placed in the test environment, it buys nothing');
    // ONLY-B: 20 needed, 15 on order: 5 to buy.
    expect(h.book.getValues('Purchase list', 'A4:J4')).toEqual([
      ['ONLY-B', 'Nexperia', 'ONLY-B part', 0, 20, 20, 0, 15, 5, 5],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Mark received: order 90000042' }));
    await screen.findByTestId('nothing-on-order');
    expect(
      (h.book.settings.snapshot()[RECEIVED_ORDERS_KEY] as Array<{ orderId: string }>).map((m) => m.orderId),
    ).toEqual(['90000042']);
    await makeList();
    await waitFor(() => expect(h.book.getValues('Purchase list', 'H4:I4')).toEqual([[0, 20]]));

    fireEvent.click(screen.getByRole('checkbox', { name: /^Subtract what is on order/ }));
    await waitFor(() =>
      expect((h.book.settings.snapshot()[PURCHASE_SETUP_KEY] as { useOnOrder: boolean }).useOnOrder).toBe(false),
    );
    expect(screen.queryByTestId('nothing-on-order')).toBeNull();
  });

  test('a Purchase list sheet holding something else is asked about: the list goes to a new sheet, and is ordered from there', async () => {
    const h = await setUp();
    workbook(h);
    h.book.addSheet('Purchase list');
    h.book.setValues('Purchase list', 'A1:B2', [
      ['Notes', 'Mine'],
      ['keep', 'this'],
    ]);
    renderApp(h);
    await chooseRanges(h);
    fireEvent.click(screen.getByRole('button', { name: 'Make purchase list' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('The "Purchase list" sheet is in use');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a new sheet', hidden: true }));
    expect((await screen.findByTestId('purchase-written')).textContent).toBe("Written to 'Purchase list (2)'!A1:R9.");
    expect(h.book.getValues('Purchase list', 'A1:B2')).toEqual([
      ['Notes', 'Mine'],
      ['keep', 'this'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Order from the purchase list' }));
    await screen.findByRole('list', { name: 'Order lines' });
    expect(screen.getByTestId('order-selection').textContent).toBe(
      "Read 'Purchase list (2)'!A2:R4: 1 line to order, 1 row left out.",
    );
  });

  test('"Don’t write" leaves the sheet alone: nothing is written and there is nothing to order', async () => {
    const h = await setUp();
    workbook(h);
    h.book.addSheet('Purchase list');
    h.book.setValues('Purchase list', 'A1', [['Mine']]);
    renderApp(h);
    await chooseRanges(h);
    fireEvent.click(screen.getByRole('button', { name: 'Make purchase list' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Don’t write', hidden: true }));
    expect((await screen.findByTestId('purchase-written')).textContent).toBe(
      'The Purchase list sheet was not written: you chose not to write over that sheet.',
    );
    expect(h.book.getValues('Purchase list', 'A1:B1')).toEqual([['Mine', '']]);
    expect(screen.queryByRole('button', { name: 'Order from the purchase list' })).toBeNull();
  });

  test('a list sorted in the sheet since it was made is not ordered from: the buyer is told to make it again', async () => {
    const h = await setUp();
    workbook(h);
    renderApp(h);
    await chooseRanges(h);
    await makeList();
    // The buyer sorts the list by hand: the rows no longer hold the parts they were written for.
    const rows = h.book.getValues('Purchase list', 'A2:R4');
    h.book.setValues('Purchase list', 'A2:R4', [rows[2], rows[0], rows[1]]);
    fireEvent.click(screen.getByRole('button', { name: 'Order from the purchase list' }));
    expect((await screen.findByTestId('several-error')).textContent).toBe(
      "Not done 'Purchase list'!A2 no longer reads SHARED-1: the Purchase list sheet changed since it was made. Make the purchase list again, then order from it.",
    );
    expect(screen.queryByRole('list', { name: 'Order lines' })).toBeNull();
    expect(h.checkout.requests).toHaveLength(0);
    await makeList();
    fireEvent.click(screen.getByRole('button', { name: 'Order from the purchase list' }));
    await screen.findByRole('list', { name: 'Order lines' });
  });
});
