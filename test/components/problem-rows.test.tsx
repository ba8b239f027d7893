import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { matchHeader } from '../../src/bom';
import { SPACER_WIDTH } from '../../src/excel/bom-columns';
import { bomHarness, breaks, offer, part, renderAndPrice, resultsColumn, rowItem } from './helpers';

function setUp() {
  const h = bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['NOPE-123', 'Acme', 1],
      ['AMB-1', '', 1],
      ['R-DNP', 'Yageo', 'DNP'],
      ['NOPE-999', '', 2],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
      part(
        'NOPE-100',
        'TI',
        'Texas Instruments',
        [offer({ sourcePartId: 'E-7', breaks: breaks([1, 0.25]), stock: 420 })],
        'replacement part',
      ),
      part(
        'NOPE-200',
        'ONS',
        'ON Semiconductor',
        [offer({ sourcePartId: 'E-8', breaks: breaks([1, 0.5]), stock: 0 })],
        'another',
      ),
      part('AMB-1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-4' })]),
      part('AMB-1', 'ONS', 'ON Semiconductor', [offer({ sourcePartId: 'E-5', breaks: breaks([1, 0.3]) })]),
    ],
  );
  h.catalog.parts.get('NOPE200')![0].status = 'Obsolete';
  return h;
}

describe('problem rows', () => {
  test('each count opens its rows, and a row selects its cells in the sheet', async () => {
    const h = setUp();
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: '2 Not found: show the rows' }));
    const rows = within(screen.getByRole('region', { name: 'Not found rows' }));
    const items = rows.getAllByRole('listitem').filter((li) => li.hasAttribute('data-row'));
    expect(items.map((li) => li.getAttribute('data-row'))).toEqual(['3', '6']);
    fireEvent.click(rows.getByRole('button', { name: 'Row 3: NOPE-123' }));
    // The BOM's cells of the row and the results beside it.
    await waitFor(() => expect(h.book.selectedAddress()).toBe(`BOM!A3:${resultsColumn('asOf')}3`));

    // Another count: its rows replace the first list; the ambiguous row says what to do in the sheet too.
    fireEvent.click(screen.getByRole('button', { name: '1 Ambiguous: show the rows' }));
    expect(screen.queryByRole('region', { name: 'Not found rows' })).toBeNull();
    const ambiguous = within(screen.getByRole('region', { name: 'Ambiguous rows' }));
    expect(ambiguous.getByText(/choose the part in the Partsheet pane, or give the manufacturer/)).toBeTruthy();
    expect(String(h.book.getValues('BOM', `${resultsColumn('status')}4`)[0][0])).toMatch(
      /choose the part in the Partsheet pane, or give the manufacturer$/,
    );
    fireEvent.click(screen.getByRole('button', { name: '1 Skipped: show the rows' }));
    expect(within(screen.getByRole('region', { name: 'Skipped rows' })).getByText(/Row 5/)).toBeTruthy();
  });

  test('a not-found line: prefix search with price, stock and lifecycle; the choice goes to "Replacement MPN", never over the MPN, and is priced', async () => {
    const h = setUp();
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: '2 Not found: show the rows' }));
    const row = rowItem('3');
    fireEvent.click(within(row).getByRole('button', { name: 'Find a replacement' }));
    const box = within(row).getByLabelText('Part numbers starting with') as HTMLInputElement;
    expect(box.value).toBe('NOPE-123');
    fireEvent.change(box, { target: { value: 'NOPE' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Search' }));
    const found = within(await within(row).findByRole('list', { name: 'Parts found for row 3' }));
    expect(h.catalog.searches).toEqual(['NOPE']);
    const texts = found.getAllByRole('listitem').map((li) => li.textContent);
    expect(texts).toEqual([
      'NOPE-100 — Texas Instrumentsreplacement part0.25 USD each (1 for 0.25 USD) · 420 in stock · ActiveUse',
      'NOPE-200 — ON Semiconductoranother0.50 USD each · out of stock, lead time 8 weeks · ObsoleteUse',
    ]);

    fireEvent.click(found.getByRole('button', { name: 'Use NOPE-100 (Texas Instruments) for row 3' }));
    await screen.findByText('Row 3: NOPE-100 (Texas Instruments) replaces NOPE-123');
    await screen.findByText('Prices written');
    // The BOM's own cells are as they were; the choice is in the pane's column right of the BOM.
    expect(h.book.getValues('BOM', 'A1:D3')).toEqual([
      ['MPN', 'Manufacturer', 'Qty', 'Replacement MPN'],
      ['BAV99', 'Nexperia', 2, ''],
      ['NOPE-123', 'Acme', 1, 'NOPE-100 (Texas Instruments)'],
    ]);
    // The results moved one column right, keeping an empty column between them and the BOM.
    const left = 5;
    expect(h.book.getValues('BOM', 'E1:E7').every((r) => r[0] === '')).toBe(true);
    // The empty column E was the Status column (64 characters): it is back to a usual width, not a wide gap.
    expect(h.book.columnWidth('BOM', 4)).toBe(Math.round(SPACER_WIDTH * 6.5));
    expect(h.book.getValues('BOM', `${resultsColumn('status', left)}7`)[0][0]).toBe(
      'Total for 1 board (partial: 2 of 4 lines priced) (USD)',
    );
    expect(h.book.getValues('BOM', `${resultsColumn('status', left)}1`)[0][0]).toBe('Status');
    expect(
      h.book.getValues('BOM', `${resultsColumn('status', left)}3:${resultsColumn('matchedPart', left)}3`)[0],
    ).toEqual(['priced: replacement NOPE-100 (Texas Instruments) for NOPE-123', 'NOPE-100']);
    expect(h.controller.getState().bom?.mapping.replacement).toBe(3);
    expect(h.controller.getState().pricing?.summary.notFound).toBe(1);
  });

  test("the BOM reading recognises the pane's columns by their headers", () => {
    expect(matchHeader('Replacement MPN')).toEqual({ field: 'replacement', strength: 3 });
    expect(matchHeader('Pinned offer')).toEqual({ field: 'offer', strength: 3 });
  });
});

describe('rows that are found but should be replaced', () => {
  test('a line whose part is not Active offers "Find a replacement" too; a list left empty says so in a sentence', async () => {
    const h = bomHarness(
      [
        ['MPN', 'Manufacturer', 'Qty'],
        ['OLD-1', 'Acme', 1],
        ['NOPE-123', 'Acme', 1],
      ],
      [
        part('OLD-1', 'ACM', 'Acme', [offer({ sourcePartId: 'E-1' })]),
        part(
          'NOPE-100',
          'TI',
          'Texas Instruments',
          [offer({ sourcePartId: 'E-7', breaks: breaks([1, 0.25]), stock: 420 })],
          'replacement part',
        ),
      ],
    );
    h.catalog.parts.get('OLD1')![0].status = 'Obsolete';
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: '1 Part not Active: show the rows' }));
    expect(within(rowItem('2')).getByRole('button', { name: 'Find a replacement' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '1 Not found: show the rows' }));
    const row = rowItem('3');
    fireEvent.click(within(row).getByRole('button', { name: 'Find a replacement' }));
    fireEvent.change(within(row).getByLabelText('Part numbers starting with'), { target: { value: 'NOPE' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Search' }));
    fireEvent.click(await within(row).findByRole('button', { name: 'Use NOPE-100 (Texas Instruments) for row 3' }));
    await screen.findByText('Row 3: NOPE-100 (Texas Instruments) replaces NOPE-123');
    expect(
      await within(screen.getByRole('region', { name: 'Not found rows' })).findByText('Every part was found.'),
    ).toBeTruthy();
  });
});

test('the replacement search shows what each part is, and flags one of another value or package than the line', async () => {
  const h = bomHarness(
    [
      ['MPN', 'Description', 'Qty'],
      ['CAP-4U7-OLD', 'CAP CER 4u7 10V 0603', 1],
    ],
    [
      part('CAP-1U', 'SAM', 'Samsung', [offer({ sourcePartId: 'C-1' })], 'CAP CER 1UF 25V X5R 0805'),
      part('CAP-4U7', 'SAM', 'Samsung', [offer({ sourcePartId: 'C-2' })], 'CAP CER 4.7uF 16V X5R 0603'),
    ],
  );
  await renderAndPrice(h);
  fireEvent.click(screen.getByRole('button', { name: '1 Not found: show the rows' }));
  const row = rowItem('2');
  fireEvent.click(within(row).getByRole('button', { name: 'Find a replacement' }));
  fireEvent.change(within(row).getByLabelText('Part numbers starting with'), { target: { value: 'CAP' } });
  fireEvent.click(within(row).getByRole('button', { name: 'Search' }));
  const found = within(await within(row).findByRole('list', { name: 'Parts found for row 2' }));
  const [one, four] = found.getAllByRole('listitem');
  expect(one.textContent).toContain('CAP CER 1UF 25V X5R 0805');
  expect(within(one).getByTestId('candidate-differs').textContent).toBe(
    'Differs from the line: value 1 µF, the line 4.7 µF; package 0805, the line 0603',
  );
  expect(four.textContent).toContain('CAP CER 4.7uF 16V X5R 0603');
  expect(within(four).queryByTestId('candidate-differs')).toBeNull();
});
