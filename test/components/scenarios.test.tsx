/**
 * Scenarios in the pane: Boards "1, 10, 100" prices the BOM at each quantity with one lookup, writes the Scenarios
 * sheet and its chart; the quantity chosen for the BOM sheet can be switched, and the BOM sheet is written again for
 * it without asking the service again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { SCENARIOS_CHART } from '../../src/excel';
import { SCENARIOS_TITLE } from '../../src/purchase/scenario-layout';
import { LookupScheduler } from '../../src/lookup';
import { bomHarness, breaks, offer, part, renderPane, resultsColumn } from './helpers';

const BOM = [
  ['MPN', 'Manufacturer', 'Qty'],
  ['BAV99', 'Nexperia', 2],
  ['LM358DR', 'TI', 1],
];

function setUp() {
  return bomHarness(BOM, [
    part('BAV99', 'NEX', 'Nexperia', [
      offer({ sourcePartId: 'CUT', sourceCode: 'ACNA', stock: 30, breaks: breaks([1, 0.5]) }),
      offer({
        sourcePartId: 'REEL',
        sourceCode: 'EUROPE',
        currency: 'USD',
        stock: 100_000,
        moq: 1_000,
        breaks: breaks([1_000, 0.02]),
      }),
    ]),
    part('LM358DR', 'TI', 'Texas Instruments', [
      offer({ sourcePartId: 'LM-1', stock: 100_000, breaks: breaks([1, 0.4], [100, 0.3]) }),
    ]),
  ]);
}

describe('scenarios in the pane', () => {
  test('Boards "1, 10, 100": one lookup, the Scenarios sheet and chart; the quantity switched rewrites the BOM sheet', async () => {
    const h = setUp();
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '1, 10, 100' } });
    // A select next to Boards: the quantity the BOM sheet is written for (the first written).
    expect((screen.getByLabelText('Quantity the BOM sheet is written for') as HTMLSelectElement).value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await screen.findByText('Prices written');
    // One lookup for all three quantities: each part asked once.
    expect(
      h.catalog.requests
        .flat()
        .map((p) => p.partNumber)
        .sort(),
    ).toEqual(['BAV99', 'LM358DR']);

    // The BOM sheet is for 1 board: BAV99 needs 2.
    expect(h.book.getValues('BOM', `${resultsColumn('need')}2`)[0][0]).toBe(2);
    // The Scenarios sheet, with the figures of separate runs.
    expect(h.book.getValues('Scenarios', 'A1')[0][0]).toBe(SCENARIOS_TITLE);
    const alone = new LookupScheduler({ port: h.catalog, windowMs: 0 });
    for (const [i, boards] of [1, 10, 100].entries()) {
      const run = await priceBom(readBom(BOM), alone, { boards });
      expect(h.book.getValues('Scenarios', `A${6 + i}:C${6 + i}`)[0]).toEqual([
        boards,
        run.summary.totalPerBoard,
        run.summary.totalPerBuild,
      ]);
    }
    // 100 boards need 200 BAV99: the cut tape has 30, the reel wins: the offer change is said.
    expect(h.book.getValues('Scenarios', 'I8')[0][0]).toBe('1 line: row 2');
    const [chart] = h.book.charts('Scenarios');
    expect(chart.name).toBe(SCENARIOS_CHART);
    expect(chart.series[0].xValues).toEqual([1, 10, 100]);
    expect(chart.series[0].values).toEqual(h.book.getValues('Scenarios', 'B6:B8').flat());

    // The pane shows the scenarios and lets the user choose the quantity for the BOM sheet.
    const table = screen.getByTestId('scenarios-table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const asked = h.catalog.requests.length;
    fireEvent.change(screen.getByLabelText('BOM sheet and orders for'), { target: { value: '100' } });
    await waitFor(() => expect(h.book.getValues('BOM', `${resultsColumn('need')}2`)[0][0]).toBe(200));
    await screen.findByText('Prices written');
    expect(h.book.getValues('BOM', `${resultsColumn('itemId')}2`)[0][0]).toBe('REEL');
    expect(h.book.getValues('Scenarios', 'B3')[0][0]).toBe('100 boards');
    expect(h.book.getValues('Summary', 'B4')[0][0]).toBe(100);
    // Switching asked the service nothing: the prices of the run were used.
    expect(h.catalog.requests.length).toBe(asked);
    expect(h.book.charts('Scenarios')).toHaveLength(1);
  });

  test('arrow keys only move the choice: Enter re-prices once, Escape keeps it, and the focus comes back to the choice', async () => {
    const h = setUp();
    await priceAt(h, '10, 100, 1000');
    const need = () => h.book.getValues('BOM', `${resultsColumn('need')}2`)[0][0];
    expect(need()).toBe(20);
    const choice = screen.getByLabelText('BOM sheet and orders for') as HTMLSelectElement;
    choice.focus();
    // Two arrow presses pass over 100 to 1,000: nothing is priced on the way, and the field says what Enter does.
    for (const value of ['100', '1000']) {
      fireEvent.keyDown(choice, { key: 'ArrowDown' });
      fireEvent.change(choice, { target: { value } });
    }
    expect(choice.value).toBe('1000');
    expect(screen.getByText('Press Enter to use 1,000 boards; Escape keeps the choice.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(need()).toBe(20);
    // Escape goes back to the quantity written.
    fireEvent.keyDown(choice, { key: 'Escape' });
    expect(choice.value).toBe('10');
    expect(need()).toBe(20);
    // Moved again and chosen with Enter: one re-pricing, for 1,000 boards, and the focus is on the choice again.
    fireEvent.keyDown(choice, { key: 'ArrowDown' });
    fireEvent.change(choice, { target: { value: '1000' } });
    fireEvent.keyDown(choice, { key: 'Enter' });
    await waitFor(() => expect(need()).toBe(2000));
    await screen.findByText('Prices written');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('BOM sheet and orders for')));
    expect(h.book.getValues('Summary', 'B4')[0][0]).toBe(1000);
  });

  test('the Scenarios table one step from the top: the link before the summary moves the focus to its heading', async () => {
    const h = setUp();
    await priceAt(h, '1, 10, 100');
    const link = screen.getByRole('link', { name: 'Scenarios: 3 quantities compared' });
    // Before the Summary: in the first screen of a narrow pane, whatever the summary holds.
    const summary = screen.getByRole('heading', { name: 'Summary' });
    expect(link.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    link.focus();
    fireEvent.click(link);
    const heading = screen.getByRole('heading', { name: /^Scenarios/ });
    expect(document.activeElement).toBe(heading);
    expect(within(heading.closest('section')!).getByTestId('scenarios-table')).toBeTruthy();
  });

  test('steps 1–2 reopened after pricing at several quantities: no two controls share a name', async () => {
    const h = setUp();
    await priceAt(h, '1, 10, 100');
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    expect(screen.getByLabelText('Boards to build')).toBeTruthy();
    const names: string[] = [];
    for (const role of ['button', 'combobox', 'textbox', 'checkbox', 'link', 'tab', 'spinbutton', 'radio'])
      screen.queryAllByRole(role, {
        name: (name) => {
          names.push(`${role}: ${name}`);
          return true;
        },
      });
    const twice = names.filter((n, i) => names.indexOf(n) !== i);
    expect(twice).toEqual([]);
    expect(names).toContain('combobox: BOM sheet and orders for');
    expect(names).toContain('combobox: Quantity the BOM sheet is written for');
  });
});

/** Selects the BOM, gives the quantities and prices it. */
async function priceAt(h: ReturnType<typeof setUp>, boards: string): Promise<void> {
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: boards } });
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
  await screen.findByText('Prices written');
}
