/**
 * The list of quantities in Boards ("1, 10, 100") is remembered per BOM sheet in the workbook's document settings and
 * comes back when the user returns to that sheet; changing only the list after pricing marks the results stale (the
 * pane, the BOM sheet's Status and the Scenarios sheet), until the BOM is priced again.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SCENARIOS_TITLE } from '../../src/purchase/scenario-layout';
import { STATUS_FILLS } from '../../src/excel';
import { WORKBOOK_CHOICES_KEY } from '../../taskpane/workbook-choices';
import { bomHarness, breaks, offer, part, renderPane, resultsColumn } from './helpers';

const BOM = [
  ['MPN', 'Manufacturer', 'Qty'],
  ['BAV99', 'Nexperia', 2],
  ['LM358DR', 'TI', 1],
];
const OTHER = [
  ['MPN', 'Qty'],
  ['LM358DR', 4],
];

function setUp() {
  const h = bomHarness(BOM, [
    part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'B-1', stock: 100_000, breaks: breaks([1, 0.5]) })]),
    part('LM358DR', 'TI', 'Texas Instruments', [
      offer({ sourcePartId: 'LM-1', stock: 100_000, breaks: breaks([1, 0.4], [100, 0.3]) }),
    ]),
  ]);
  h.book.addSheet('Board2');
  h.book.setValues('Board2', 'A1:B2', OTHER);
  return h;
}

type H = ReturnType<typeof setUp>;

const boardsField = () => screen.getByLabelText('Boards to build') as HTMLInputElement;
const chosen = () => screen.queryByLabelText('Quantity the BOM sheet is written for') as HTMLSelectElement | null;
const remembered = (h: H, sheet: string) =>
  (h.book.settings.get(WORKBOOK_CHOICES_KEY) as Record<string, { boards: number; quantities?: number[] }> | null)?.[
    sheet
  ];

async function useSheet(h: H, sheet: string, range: string): Promise<void> {
  h.book.select(sheet, range);
  fireEvent.click(screen.getByRole('button', { name: /Use selection/ }));
  await waitFor(() => expect(screen.getByTestId('bom-counts').textContent).toBeTruthy());
  await waitFor(() => expect(h.controller.state.bom?.location.sheet).toBe(sheet));
}

describe('the list of quantities, per BOM sheet', () => {
  test('is remembered in the workbook and restored on returning to the sheet; another sheet keeps its own', async () => {
    const h = setUp();
    renderPane(h);
    await useSheet(h, 'BOM', 'A1:C3');
    fireEvent.change(boardsField(), { target: { value: '1, 10, 100' } });
    await waitFor(() => expect(remembered(h, 'BOM')).toMatchObject({ boards: 1, quantities: [1, 10, 100] }));
    // The quantity the BOM sheet is written for is remembered with the list.
    fireEvent.change(chosen()!, { target: { value: '10' } });
    await waitFor(() => expect(remembered(h, 'BOM')).toMatchObject({ boards: 10, quantities: [1, 10, 100] }));

    // Another sheet: one quantity, as it never had a list.
    await useSheet(h, 'Board2', 'A1:B2');
    await waitFor(() => expect(boardsField().value).toBe('10'));
    fireEvent.change(boardsField(), { target: { value: '2' } });
    await waitFor(() => expect(remembered(h, 'Board2')).toMatchObject({ boards: 2 }));
    expect(remembered(h, 'Board2')?.quantities).toBeUndefined();
    expect(chosen()).toBeNull();

    // Back on the BOM sheet: the list and the chosen quantity come back.
    await useSheet(h, 'BOM', 'A1:C3');
    await waitFor(() => expect(boardsField().value).toBe('1, 10, 100'));
    expect(chosen()!.value).toBe('10');
    expect(h.controller.state.bom?.quantities).toEqual([1, 10, 100]);

    // One quantity again: the list is forgotten for that sheet.
    fireEvent.change(boardsField(), { target: { value: '10' } });
    await waitFor(() => expect(remembered(h, 'BOM')?.quantities).toBeUndefined());
    expect(remembered(h, 'BOM')?.boards).toBe(10);
  });

  test('a damaged list in the workbook is ignored: Boards is the one quantity remembered', async () => {
    const h = setUp();
    h.book.settings.set(WORKBOOK_CHOICES_KEY, {
      BOM: {
        address: 'BOM!A1:C3',
        mapping: { partNumber: 0, manufacturer: 1, quantity: 2 },
        headers: {},
        boards: 5,
        quantities: [1, 'ten', 100],
      },
    });
    renderPane(h);
    await useSheet(h, 'BOM', 'A1:C3');
    await waitFor(() => expect(boardsField().value).toBe('5'));
    expect(chosen()).toBeNull();
  });
});

describe('changing only the list after pricing', () => {
  test('marks the results stale in the pane, the BOM sheet and the Scenarios sheet, until priced again', async () => {
    const h = setUp();
    renderPane(h);
    await useSheet(h, 'BOM', 'A1:C3');
    fireEvent.change(boardsField(), { target: { value: '1, 10, 100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await screen.findByText('Prices written');
    expect(h.book.getValues('Scenarios', 'A1:B1')[0]).toEqual([SCENARIOS_TITLE, '']);
    expect(screen.queryByTestId('results-stale')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(boardsField(), { target: { value: '1, 10, 100, 1000' } });
    // The BOM sheet's quantity (1) did not change; the list did.
    expect(h.controller.state.bom?.boards).toBe(1);
    const marker = await screen.findByTestId('results-stale');
    expect(marker.textContent).toContain(
      'These results were priced for 1, 10, 100 boards, Boards now says 1, 10, 100, 1,000.',
    );
    const why = 'stale: priced for 1, 10, 100 boards, Boards now says 1, 10, 100, 1,000; price again';
    await waitFor(() =>
      expect(h.book.getValues('BOM', `${resultsColumn('status')}2`)[0][0]).toBe(`${why} (was: priced)`),
    );
    await waitFor(() => expect(h.book.getValues('Scenarios', 'B1')[0][0]).toBe(why));
    expect(h.book.cell('Scenarios', 'A1')?.fill).toBe(STATUS_FILLS.stale.color);
    await waitFor(() => expect(remembered(h, 'BOM')?.quantities).toEqual([1, 10, 100, 1000]));

    fireEvent.click(screen.getByRole('button', { name: 'Price again' }));
    await waitFor(() => expect(screen.queryByTestId('results-stale')).toBeNull());
    await waitFor(() => expect(h.book.getValues('Scenarios', 'A1:B1')[0]).toEqual([SCENARIOS_TITLE, '']));
    expect(h.book.getValues('Scenarios', 'A6:A9').map((r) => r[0])).toEqual([1, 10, 100, 1000]);
    expect(h.book.getValues('BOM', `${resultsColumn('status')}2`)[0][0]).toBe('priced');
  });

  test('priced for one quantity, then a list that keeps it: stale, said as the list', async () => {
    const h = setUp();
    renderPane(h);
    await useSheet(h, 'BOM', 'A1:C3');
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await screen.findByText('Prices written');
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(boardsField(), { target: { value: '1, 50' } });
    expect((await screen.findByTestId('results-stale')).textContent).toContain(
      'These results were priced for 1 board, Boards now says 1, 50.',
    );
  });
});
