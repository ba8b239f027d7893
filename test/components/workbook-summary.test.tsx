import { STATUS_FILLS } from '../../src/excel';
import { fireEvent, screen, within } from '@testing-library/react';
import { readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { summaryEntries } from '../../src/purchase';
import { RateBook } from '../../src/pricing/rates';
import { bomHarness, breaks, offer, part, renderPane, resultsColumn } from './helpers';

const BOM = [
  ['MPN', 'Manufacturer', 'Qty'],
  ['BAV99', 'Nexperia', 2],
  ['LM358DR', 'TI', 1],
  ['NOPE-123', '', 1],
  ['R-DNP', 'Yageo', 'DNP'],
];

function setUp() {
  const h = bomHarness(BOM, [
    part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
    part('LM358DR', 'TI', 'Texas Instruments', [
      offer({ sourcePartId: 'E-2', currency: 'EUR', sourceCode: 'EUROPE', breaks: breaks([1, 0.5]) }),
    ]),
  ]);
  h.services.getRateBook = async () =>
    new RateBook({ probe: async () => [], given: { EUR: 1.1 }, now: () => new Date(Date.UTC(2026, 10, 20, 9, 30)) });
  return h;
}

async function priceFor(boards: number) {
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: String(boards) } });
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
}

describe('the workbook gets the summary', () => {
  test('a Summary sheet and a total row under the table, with the figures the CLI prints for the same BOM', async () => {
    const h = setUp();
    renderPane(h);
    await priceFor(10);
    await screen.findByText('Prices written');

    // What the CLI computes for this BOM and 10 boards: priceBom over the same catalog, its one summary.
    const cli = await priceBom(readBom(BOM), h.scheduler, {
      rates: await h.services.getRateBook!(),
      boards: 10,
    });
    const entries = summaryEntries(cli.summary, 10);

    const sheet = h.book.getValues('Summary', `A1:B${5 + entries.length}`);
    expect(sheet.slice(0, 5).map((r) => r[0])).toEqual(['Priced BOM', 'Sheet', 'Priced at', 'Boards', '']);
    expect(sheet[1][1]).toBe('BOM!A1:C5');
    expect(sheet[3][1]).toBe(10);
    expect(sheet.slice(5)).toEqual(entries.map((e) => [e.label, e.value]));
    // NOPE-123 is not found: the totals say they leave it out.
    expect(entries.find((e) => e.label === 'Total for 10 boards (partial: 2 of 3 lines priced)')?.value).toBe(7.5);
    expect(h.book.cell('Summary', 'B8')?.numberFormat).toBe('#,##0.00');

    // The total row right under the priced rows.
    const total = h.book.getValues('BOM', `${resultsColumn('status')}6:${resultsColumn('currency')}6`)[0];
    expect(total[0]).toBe('Total for 10 boards (partial: 2 of 3 lines priced) (USD)');
    expect(total[total.length - 2]).toBe(7.5);
    expect(total[total.length - 1]).toBe('USD');
    expect(h.book.cell('BOM', `${resultsColumn('status')}6`)?.bold).toBe(true);
    expect(h.book.cell('BOM', `${resultsColumn('status')}6`)?.fill).toBe(STATUS_FILLS.shortOfNeed.color);
    expect(screen.getByText(/this summary on Summary/)).toBeTruthy();

    // Priced again for 2 boards: both are replaced without a question, and one total row is left.
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price again' }));
    await screen.findByText('Prices written');
    expect(h.book.getValues('BOM', `${resultsColumn('status')}6`)[0][0]).toBe(
      'Total for 2 boards (partial: 2 of 3 lines priced) (USD)',
    );
    expect(h.book.getValues('Summary', 'B4')[0][0]).toBe(2);
    expect(h.book.sheetNames().filter((n) => n.startsWith('Summary'))).toEqual(['Summary']);
  });

  test('a row of the user that reads "Total for …" beside other data is never taken for the pane\'s total', async () => {
    const h = setUp();
    // Under where the results go (rows 6 and 8): the user's own notes, one starting with the words of a total row.
    const status = resultsColumn('status');
    const next = String.fromCharCode(status.charCodeAt(0) + 1);
    h.book.setValues('BOM', `${status}8:${next}8`, [['Total for the prototype run', 'ask Ana']]);
    renderPane(h);
    await priceFor(1);
    await screen.findByText('Prices written');
    expect(h.book.getValues('BOM', `${status}6`)[0][0]).toBe('Total for 1 board (partial: 2 of 3 lines priced) (USD)');
    // The user's row is kept whole: the pane's total-row clean-up leaves it alone.
    expect(h.book.getValues('BOM', `${status}8:${next}8`)).toEqual([['Total for the prototype run', 'ask Ana']]);
    // Priced again: the pane's own total is replaced, the user's row still stands.
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.change(screen.getByLabelText('Boards to build'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Price again' }));
    await screen.findByText('Prices written');
    expect(h.book.getValues('BOM', `${status}6`)[0][0]).toBe('Total for 3 boards (partial: 2 of 3 lines priced) (USD)');
    expect(h.book.getValues('BOM', `${status}8:${next}8`)).toEqual([['Total for the prototype run', 'ask Ana']]);
  });

  test('a line typed just under the BOM range is never written over by the total row', async () => {
    const h = setUp();
    // Row 6, right under the range selected (A1:C5): a line the user added after selecting, in the BOM's columns.
    h.book.setValues('BOM', 'A6:C6', [['NE555P', 'TI', 1]]);
    renderPane(h);
    await priceFor(1);
    await screen.findByText('Prices written');
    const status = resultsColumn('status');
    const currency = resultsColumn('currency');
    expect(h.book.getValues('BOM', 'A6:C6')).toEqual([['NE555P', 'TI', 1]]);
    // No total on the user's row: its results cells stay empty (the Summary sheet has the figures).
    expect(h.book.getValues('BOM', `${status}6:${currency}6`)[0].every((v) => v === '' || v === null)).toBe(true);
    expect(h.book.getValues('Summary', 'A1')[0][0]).toBe('Priced BOM');
  });

  test('a "Summary" sheet the pane did not make is asked about, and kept when the user says so', async () => {
    const h = setUp();
    h.book.addSheet('Summary');
    h.book.setValues('Summary', 'A1:B2', [
      ['Project', 'Widget'],
      ['Owner', 'Ana'],
    ]);
    renderPane(h);
    await priceFor(1);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('The "Summary" sheet is in use')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use a new sheet', hidden: true }));
    await screen.findByText('Prices written');
    expect(h.book.getValues('Summary', 'A1:B2')).toEqual([
      ['Project', 'Widget'],
      ['Owner', 'Ana'],
    ]);
    expect(h.book.getValues('Summary (2)', 'A1')[0][0]).toBe('Priced BOM');
  });
});
