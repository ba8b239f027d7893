import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PaneController } from '../../taskpane/controller';
import { harness, offer, part, renderPane } from './helpers';

const BOM = [
  ['Widget rev B', '', '', '', ''],
  ['Item', 'Mfr Part Number', 'Manufacturer', 'Qty', 'Reference'],
  [1, 'BAV99', 'Nexperia', 2, 'D1, D2'],
  [2, 'LM358DR', 'TI', 1, 'U1'],
  [3, 'RC0603FR-0710KL', 'Yageo', 'DNP', 'R9'],
  ['', '', '', '', ''],
  [5, 'GRM188R71H104KA93D', 'Murata', 4, 'C1-C4'],
];

function setUp() {
  const h = harness();
  h.book.setValues('BOM', 'B2:F8', BOM);
  h.book.select('BOM', 'B2:F8');
  return h;
}

async function useSelection() {
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
}

describe('mapping', () => {
  test('Use selection takes the selected BOM and shows the header, mapping, lines and skipped rows', async () => {
    const h = setUp();
    renderPane(h);
    await useSelection();
    expect(screen.getByTestId('bom-found').textContent).toContain('BOM!B2:F8');
    expect(screen.getByTestId('bom-found').textContent).toContain('Header on row 3');
    expect((screen.getByLabelText(/^Part number/) as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('Manufacturer') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Quantity per board') as HTMLSelectElement).value).toBe('3');
    expect((screen.getByLabelText('Designators') as HTMLSelectElement).value).toBe('4');
    expect((screen.getByLabelText('Description') as HTMLSelectElement).value).toBe('none');
    const options = within(screen.getByLabelText(/^Part number/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['(choose)', 'B: Item', 'C: Mfr Part Number', 'D: Manufacturer', 'E: Qty', 'F: Reference']);
    // The blank row is no line: it is neither priced nor counted.
    expect(screen.getByTestId('bom-counts').textContent).toBe('3 lines to price, 1 line skipped.');
    fireEvent.click(screen.getByRole('button', { name: /Skipped \(1\)/ }));
    expect(await screen.findByText('Row 6: not placed (quantity "DNP")')).toBeTruthy();
  });

  test('a column chosen by hand re-reads the BOM and is remembered in the workbook', async () => {
    const h = setUp();
    renderPane(h);
    await useSelection();
    fireEvent.change(screen.getByLabelText('Designators'), { target: { value: 'none' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '4' } });
    await waitFor(() => expect((screen.getByLabelText('Description') as HTMLSelectElement).value).toBe('4'));
    expect((screen.getByLabelText('Designators') as HTMLSelectElement).value).toBe('none');
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '25' } });
    await waitFor(() => expect(h.book.settings.snapshot()['partsheet.bom']).toBeDefined());
    const saved = (
      h.book.settings.snapshot()['partsheet.bom'] as Record<
        string,
        { mapping: object; headers: object; boards: number }
      >
    ).BOM;
    expect(saved.boards).toBe(25);
    expect(saved.mapping).toEqual({ partNumber: 1, manufacturer: 2, quantity: 3, description: 4 });
    expect(saved.headers).toMatchObject({ description: 'Reference' });
    // 2 per board for 25 boards: the need (50) is worked out when the BOM is priced.
    expect(h.controller.getState().bom?.read?.lines[0].quantityPerBoard).toBe(2);
    expect(h.controller.getState().bom?.boards).toBe(25);
  });

  test('remembered choices follow their columns when columns move', async () => {
    const h = setUp();
    renderPane(h);
    await useSelection();
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '4' } });
    await waitFor(() => expect(h.book.settings.snapshot()['partsheet.bom']).toBeDefined());

    // The user inserts a column before the BOM's part numbers: every header moves one to the right.
    const moved = BOM.map((row) => [row[0], 'x', ...row.slice(1)]);
    h.book.setValues('BOM', 'B2:G8', moved);
    h.book.select('BOM', 'B2:G8');
    const again = new PaneController(h.services);
    await act(() => again.useSelection());
    const bom = again.getState().bom!;
    expect(bom.remembered).toBe(true);
    expect(bom.mapping).toMatchObject({ partNumber: 2, manufacturer: 3, quantity: 4, description: 5 });
    expect(bom.mapping.designators).toBeUndefined();
  });

  test('no part-number column: the pane says so and lets the user choose it', async () => {
    const h = harness();
    h.book.setValues('BOM', 'A1:B3', [
      ['Thing', 'Count'],
      ['widget', 2],
      ['gadget', 1],
    ]);
    h.book.select('BOM', 'A1:B3');
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    // Its rows are still listed, each without a part number, and the pane says why nothing can be priced.
    expect((await screen.findByTestId('no-part-numbers')).textContent).toMatch(
      /^No part-number column \(columns: "Thing"\): 2 lines are listed with what they have and cannot be priced/,
    );
    expect(screen.getByTestId('bom-counts').textContent).toBe(
      '0 lines to price, 2 lines skipped. Of those, 2 lines to buy have no part number: listed, not priced.',
    );
    expect(screen.getByText('Choose the column with the manufacturer part numbers.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Price BOM' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Part number/), { target: { value: '0' } });
    expect(await screen.findByTestId('bom-counts')).toBeTruthy();
    // "Thing, Count" above rows of data is the header row by its content: never a line to price.
    expect(screen.getByTestId('bom-counts').textContent).toContain('2 lines to price');
    fireEvent.change(screen.getByLabelText('Header row'), { target: { value: '0' } });
    await waitFor(() => expect(screen.getByTestId('bom-counts').textContent).toContain('2 lines to price'));
    expect((screen.getByLabelText(/^Part number/) as HTMLSelectElement).value).toBe('0');
    expect((screen.getByLabelText('Quantity per board') as HTMLSelectElement).value).toBe('1');
  });

  test('an empty selection is explained, and the pane is ready again', async () => {
    const h = harness();
    h.book.select('BOM', 'D4');
    renderPane(h);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    expect(await screen.findByText(/has nothing around it/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Use selection' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('the mapping step says why each column was taken, and what the part-number columns not taken hold', async () => {
    const h = harness();
    h.book.setValues('BOM', 'A1:G5', [
      ['Item', 'Embest P/N', 'QTY', 'Location', 'Manufacturer', 'Manufacture P/N', 'Description'],
      [1, 1002001100053, 1, 'U4', 'TI', 'AM5729BABCXEAR', 'IC ARM'],
      [2, 1002004100054, 1, 'U48', 'TI', 'TPS2051BDGN', 'IC switch'],
      [3, 1002004100287, 2, 'U1,U2', 'TI', 'TPS51200DRCR', 'IC DDR'],
      [4, 1002008100067, 1, 'U6', 'TI', 'SN74LVC1G08DCKR', 'IC gate'],
    ]);
    h.book.select('BOM', 'A1:G5');
    renderPane(h);
    await useSelection();
    expect((screen.getByLabelText(/^Part number/) as HTMLSelectElement).value).toBe('5');
    const why = screen.getByTestId('why-partNumber').textContent;
    expect(why).toContain('4 of 4 look like part numbers; named as the manufacturer part number');
    expect(why).toContain(
      // The pane asks the catalog, as the CLI does; the stand-in catalog knows none of these parts.
      "Not taken: 'Embest P/N' (column B) — 0 of 4 known to the catalog; 0 of 4 look like part numbers (in-house codes: long numbers all of one length)",
    );
    expect(screen.getByTestId('why-quantity').textContent).toBe('found by its header');
  });
});

describe('approved alternates in the mapping step', () => {
  test('alternate columns are named, with how many lines give alternates', async () => {
    const h = harness();
    h.book.setValues('BOM', 'A1:E4', [
      ['MPN', 'Manufacturer', 'Qty', 'MPN2', 'MFG2'],
      ['LM358DR', 'TI', 1, 'LM358N', 'TI'],
      ['BAV99', 'Nexperia', 2, '', ''],
      ['NE555P', 'TI', 1, 'NE555DR', 'TI'],
    ]);
    h.book.select('BOM', 'A1:E4');
    renderPane(h);
    await useSelection();
    expect(screen.getByTestId('bom-alternates').textContent).toBe(
      "Approved alternates: D: MPN2 with MFG2; 2 lines give some. One is bought when a line's own part cannot be (not found, not Active, short).",
    );
  });
});

test('the pane asks the catalog which column holds the part numbers, as partsheet price does', async () => {
  const h = harness();
  // Both columns look like part numbers; the catalog knows the second's, not the assembler's own codes.
  h.book.setValues('BOM', 'A1:D5', [
    ['Part Number', 'Mfr P/N', 'Qty', 'Designator'],
    ['ACME-1001-A', 'LM358DR', 1, 'U1'],
    ['ACME-1002-B', 'NE555DR', 1, 'U2'],
    ['ACME-1003-C', 'BAV99-7-F', 2, 'D1,D2'],
    ['ACME-1004-D', 'TL072CDR', 1, 'U3'],
  ]);
  for (const pn of ['LM358DR', 'NE555DR', 'BAV99-7-F', 'TL072CDR'])
    h.catalog.add(part(pn, 'TI', 'Texas Instruments', [offer({ sourcePartId: `${pn}-1`, stock: 100 })]));
  h.book.select('BOM', 'A1:D5');
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  expect(screen.getByTestId('why-partNumber').textContent).toContain('4 of 4 known to the catalog');
  expect(screen.getByTestId('why-partNumber').textContent).toContain(
    "Not taken: 'Part Number' (column A) — 0 of 4 known",
  );
});

test('a BOM marking build variants in columns: the pane offers the variant, and reads the one chosen', async () => {
  const h = harness();
  h.book.setValues('BOM', 'A1:E4', [
    ['Designator', 'Qty', 'MPN', 'Std', 'Pro'],
    ['U1', 1, 'STM32F103C8T6', '●', '●'],
    ['U2', 1, 'W25Q128JVSIQ', '○', '●'],
    ['J1', 1, 'USB4105-GF-A', '●', '○'],
  ]);
  h.book.select('BOM', 'A1:E4');
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  expect(screen.getByTestId('bom-counts').textContent).toContain('3 lines to price');
  const variant = screen.getByLabelText(/^Build variant/) as HTMLSelectElement;
  expect([...variant.options].map((o) => o.textContent)).toEqual([
    'Every line fitted (no variant chosen)',
    'Std',
    'Pro',
  ]);
  fireEvent.change(variant, { target: { value: 'Pro' } });
  await waitFor(() => expect(screen.getByTestId('bom-counts').textContent).toContain('2 lines to price'));
  expect((screen.getByLabelText(/^Build variant/) as HTMLSelectElement).value).toBe('Pro');
  fireEvent.change(screen.getByLabelText(/^Build variant/), { target: { value: '\u0000all' } });
  await waitFor(() => expect(screen.getByTestId('bom-counts').textContent).toContain('3 lines to price'));
});
