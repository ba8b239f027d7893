/**
 * The mapping step's hints say how each column was taken, from the pane's record of it: a column found by its
 * header stays "found by its header" after a run reads the BOM again, after the buyer chooses another column by
 * hand, and in a pane opened again over the workbook; "your choice" is said only of the column the buyer chose.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Harness, bomHarness, offer, part, renderAndPrice, renderPane, reopenPane } from './helpers';

const PARTS = ['LM358DR', 'NE555DR', 'TL072CDR'];

function setUp(): Harness {
  return bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty', 'Description', 'Notes'],
      ['LM358DR', 'TI', 1, 'op amp', 'socketed'],
      ['NE555DR', 'TI', 2, 'timer', ''],
      ['TL072CDR', 'TI', 1, 'dual op amp', 'low noise'],
    ],
    PARTS.map((pn) => part(pn, 'TI', 'Texas Instruments', [offer({ sourcePartId: `${pn}-1`, stock: 100 })])),
  );
}

const FIELDS = ['partNumber', 'manufacturer', 'quantity', 'description'] as const;

/** The hint of each field, opening steps 1–2 when a run has folded them. */
function hints(): Record<(typeof FIELDS)[number], string | undefined> {
  const open = screen.queryByRole('button', { name: /Change the BOM, columns or boards/ });
  if (open) fireEvent.click(open);
  return Object.fromEntries(FIELDS.map((f) => [f, screen.queryByTestId(`why-${f}`)?.textContent])) as ReturnType<
    typeof hints
  >;
}

const FOUND = {
  partNumber: '3 of 3 look like part numbers; named as the manufacturer part number',
  manufacturer: 'found by its header',
  quantity: 'found by its header',
  description: 'found by its header',
};

async function priceAgain(h: Harness): Promise<void> {
  const runs = h.controller.getState().pricing?.pricedAt;
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
  await waitFor(() => expect(h.controller.getState().pricing?.pricedAt).not.toBe(runs));
  await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
}

test('a run that reads the BOM again keeps how each column was found', async () => {
  const h = setUp();
  await renderAndPrice(h);
  expect(hints()).toEqual(FOUND);
  await priceAgain(h);
  expect(hints()).toEqual(FOUND);
  expect(screen.getByTestId('bom-reading').textContent).not.toContain('your choice');
});

test('"your choice" is said of the column the buyer chose, the others still say how they were found', async () => {
  const h = setUp();
  await renderAndPrice(h);
  hints();
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: '4' } });
  await waitFor(() => expect(h.controller.getState().bom?.mapping.description).toBe(4));
  const chosen = { ...FOUND, description: 'your choice' };
  expect(hints()).toEqual(chosen);
  await priceAgain(h);
  expect(hints()).toEqual(chosen);
  const explained = screen.getByTestId('bom-reading').textContent;
  expect(explained).toContain("Quantity: 'Qty' (column C) — found by its header");
  expect(explained).toContain("Description: 'Notes' (column E) — your choice");

  // A pane opened again over the workbook finds the columns as they were left, and how each was taken.
  reopenPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  expect(h.controller.getState().bom?.remembered).toBe(true);
  expect(hints()).toEqual(chosen);
});

test('a workbook that kept no record of how reads its remembered columns as the buyer chose them', async () => {
  const h = setUp();
  await h.services.workbook.save('BOM', {
    address: 'A1:E4',
    mapping: { partNumber: 0, quantity: 2 },
    headers: { partNumber: 'MPN', quantity: 'Qty' },
    boards: 1,
    origins: { partNumber: { by: 'header' }, quantity: { by: 'nonsense' } } as never,
  });
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  expect(hints()).toMatchObject({ partNumber: 'found by its header', quantity: 'your choice' });
});
