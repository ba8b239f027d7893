/**
 * One reader, one rule: a BOM whose part-number column only the catalog can settle is read by the pane as
 * `partsheet price` reads it (src/workflows/read-bom.ts), and the mapping step shows the CLI's --explain words.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { explainReading } from '../../src/bom';
import { listSearchJudge, readBomCells } from '../../src/workflows/read-bom';
import { FakeCatalog, harness, offer, part, renderPane } from './helpers';
import { CODE_CELLS, CODE_CELLS_KNOWN, VALUE_CELLS } from '../helpers/bom-value-cells';

const CELLS = CODE_CELLS;
const KNOWN = CODE_CELLS_KNOWN.map((pn) =>
  part(pn, 'TI', 'Texas Instruments', [offer({ sourcePartId: `${pn}-1`, stock: 100 })]),
);

const linesOf = (read: { lines: readonly { row: number; partNumber: string; quantityPerBoard: number }[] }) =>
  read.lines.map((l) => [l.row, l.partNumber, l.quantityPerBoard]);

/** The cells read as `partsheet price` reads them, its judge a list search of a catalog holding the same parts. */
async function readAsCli() {
  const catalog = new FakeCatalog().add(...KNOWN);
  const read = await readBomCells(
    CELLS,
    {},
    listSearchJudge((parts) => catalog.searchList(parts)),
  );
  return { read, requests: catalog.requests.length };
}

async function readInPane() {
  const h = harness();
  h.catalog.add(...KNOWN);
  h.book.setValues('BOM', 'A1:D7', CELLS);
  h.book.select('BOM', 'A1:D7');
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  return h;
}

test('without the catalog the reader takes the named column: only the judge settles this BOM', async () => {
  const read = await readBomCells(CELLS, {});
  expect(read.lines.map((l) => l.partNumber)).toContain('PRT-1000-B');
});

test('the pane reads the BOM the catalog settles as the CLI does, with no more round trips', async () => {
  const cli = await readAsCli();
  expect(linesOf(cli.read)).toEqual([
    [2, 'LM358DR', 1],
    [3, 'NE555DR', 1],
    [5, 'TL072CDR', 1],
    [6, 'BAV99-7-F', 1],
  ]);
  const h = await readInPane();
  const read = h.controller.getState().bom?.read;
  expect(read && linesOf(read)).toEqual(linesOf(cli.read));
  expect((screen.getByLabelText(/^Part number/) as HTMLSelectElement).value).toBe('1');
  expect(h.catalog.requests.length).toBeGreaterThan(0);
  expect(h.catalog.requests.length).toBeLessThanOrEqual(cli.requests);
  // The mapping step shows the words `partsheet price --explain` prints for the same cells.
  const shown = within(screen.getByTestId('bom-reading'))
    .getByText('How the selection was read')
    .parentElement!.querySelectorAll('div');
  expect([...shown].map((d) => d.textContent)).toEqual(explainReading(cli.read, { sheet: 'BOM' }));
  expect(screen.getByTestId('bom-reading').textContent).toContain(
    "MPN: 'Value' (column B) — 4 of 6 known to the catalog",
  );
});

test("a change of boards keeps the catalog's choice and its reasons, without asking it again", async () => {
  const h = await readInPane();
  const asked = h.catalog.requests.length;
  fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '5' } });
  await waitFor(() => expect(h.controller.getState().bom?.boards).toBe(5));
  const cli = await readAsCli();
  const read = h.controller.getState().bom?.read;
  expect(read && linesOf(read)).toEqual(linesOf(cli.read));
  expect(h.catalog.requests.length).toBe(asked);
  const shown = screen.getByTestId('bom-reading').textContent;
  expect(shown).toContain("MPN: 'Value' (column B) — 4 of 6 known to the catalog");
  expect(shown).not.toContain('your choice');
  expect(read?.warnings.map((w) => w.message)).toEqual(cli.read.warnings.map((w) => w.message));
});

test("the buyer's own column choice wins over the catalog's, and asks it nothing", async () => {
  const h = await readInPane();
  const asked = h.catalog.requests.length;
  fireEvent.change(screen.getByLabelText(/^Part number/), { target: { value: '2' } });
  await waitFor(() =>
    expect(h.controller.getState().bom?.read?.lines.map((l) => l.partNumber)).toEqual([
      'PRT-1000-B',
      'PRT-1007-B',
      'PRT-1014-B',
      'PRT-1021-B',
      'PRT-1028-B',
      'PRT-1035-B',
    ]),
  );
  expect(h.catalog.requests.length).toBe(asked);
  expect(screen.getByTestId('bom-reading').textContent).toContain("MPN: 'Part Number' (column C) — your choice");
});

test('choosing the header row maps the columns again as the CLI does, the catalog judging', async () => {
  const h = await readInPane();
  fireEvent.change(screen.getByLabelText(/^Part number/), { target: { value: '2' } });
  await waitFor(() => expect(h.controller.getState().bom?.mapping.partNumber).toBe(2));
  await act(() => h.controller.setHeaderRow(0));
  const cli = await readAsCli();
  const read = h.controller.getState().bom?.read;
  expect(read && linesOf(read)).toEqual(linesOf(cli.read));
  expect(screen.getByTestId('bom-reading').textContent).toContain(
    "MPN: 'Value' (column B) — 4 of 6 known to the catalog",
  );
});

test('a sheet whose remembered columns no longer fit is read with the catalog judging, as a new one', async () => {
  const h = harness();
  h.catalog.add(...KNOWN);
  // Kept from a sheet whose part-number column was 'Gone', a header this one no longer has.
  await h.services.workbook.save('BOM', {
    address: 'A1:D7',
    mapping: { partNumber: 3 },
    headers: { partNumber: 'Gone' },
    boards: 3,
  });
  h.book.setValues('BOM', 'A1:D7', CELLS);
  h.book.select('BOM', 'A1:D7');
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  const cli = await readAsCli();
  const read = h.controller.getState().bom?.read;
  expect(read && linesOf(read)).toEqual(linesOf(cli.read));
  expect(h.controller.getState().bom?.boards).toBe(3);
});

const VALUE_KNOWN = ['DMG3415U', 'LM358DR'].map((pn) =>
  part(pn, 'TI', 'Texas Instruments', [offer({ sourcePartId: `${pn}-1`, stock: 100 })]),
);

test('value cells the catalog judges one by one are read alike by the pane and the CLI, and after a change of boards', async () => {
  const catalog = new FakeCatalog().add(...VALUE_KNOWN);
  const cli = await readBomCells(
    VALUE_CELLS,
    {},
    listSearchJudge((parts) => catalog.searchList(parts)),
  );
  expect(linesOf(cli)).toEqual([
    [1, 'DMG3415U', 1],
    [5, 'LM358DR', 1],
  ]);
  const h = harness();
  h.catalog.add(...VALUE_KNOWN);
  h.book.setValues('BOM', 'A1:D6', VALUE_CELLS);
  h.book.select('BOM', 'A1:D6');
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  expect(linesOf(h.controller.getState().bom!.read!)).toEqual(linesOf(cli));
  const asked = h.catalog.requests.length;
  fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '4' } });
  await waitFor(() => expect(h.controller.getState().bom?.boards).toBe(4));
  const read = h.controller.getState().bom!.read!;
  expect(linesOf(read)).toEqual(linesOf(cli));
  expect(h.catalog.requests.length).toBe(asked);
  expect(read.warnings.map((w) => w.message)).toEqual(cli.warnings.map((w) => w.message));
});

test("the pane reads the sheet's name as the BOM's title, as the CLI reads a workbook's: the project's own board is no purchase", async () => {
  const cells = [
    ['Quantity', 'Description', 'Value', 'Fornecedor'],
    [1, "Placa RoboKit V2 (SMD's soldados)", 120.47, 'Omni Eletrônica'],
    [2, 'Conector JST 4 Pinos', 0.8, 'Cinestec'],
  ];
  const cli = await readBomCells(cells, { title: 'RoboKit V2_BOM' });
  expect(cli.skipped.map((s) => [s.row, s.reason])).toEqual([
    [1, 'not-purchase'],
    [2, 'incomplete'],
  ]);
  const h = harness();
  h.book.addSheet('RoboKit V2_BOM');
  h.book.setValues('RoboKit V2_BOM', 'A1:D3', cells);
  h.book.select('RoboKit V2_BOM', 'A1:D3');
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  const read = h.controller.getState().bom?.read;
  expect(read?.skipped.map((s) => [s.row, s.reason, s.detail])).toEqual(
    cli.skipped.map((s) => [s.row, s.reason, s.detail]),
  );
});
