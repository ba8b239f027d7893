/**
 * Results of an earlier, longer run: pricing a shorter BOM over the same place clears the pane's own earlier result
 * rows (and their total) that the new results no longer cover, so no stale price stands beside an empty BOM row. A
 * cell the user typed into since stays, and the pane says so.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PRICED_BOM_COLUMNS } from '../../src/purchase';
import { offer, part, partsBomHarness, renderAndPrice, resultsColumn, resultsRange } from './helpers';

const setUp = () => partsBomHarness(10);

const emptyRow = PRICED_BOM_COLUMNS.map(() => '');
const status = (h: ReturnType<typeof setUp>, row: number) =>
  h.book.getValues('BOM', `${resultsColumn('status')}${row}`)[0][0];

async function priceAgain(h: ReturnType<typeof setUp>, address: string) {
  h.book.select('BOM', address);
  fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  fireEvent.click(screen.getByRole('button', { name: /^Price/ }));
  await waitFor(() => expect(h.controller.getState().pricing?.resultsAddress).toBe(`BOM!${resultsRange(1, 6)}`));
  await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
}

describe('results of an earlier, longer BOM', () => {
  test('a shorter selection priced again: the earlier rows 7 to 11 and their total go; no total beside the lines left out', async () => {
    const h = setUp();
    await renderAndPrice(h);
    expect(status(h, 11)).toBe('priced');
    expect(status(h, 12)).toBe('Total for 1 board (USD)');

    await priceAgain(h, 'A1:C6');
    expect(h.book.getValues('BOM', resultsRange(2, 6)).map((r) => r[0])).toEqual([
      'priced',
      'priced',
      'priced',
      'priced',
      'priced',
    ]);
    // Row 7 holds the BOM's line PN-6, outside the selection: no total row is written beside it (the Summary sheet
    // has the figures), and nothing of the earlier run is left: no price beside a line not priced, no second total.
    expect(h.book.getValues('BOM', 'A7')[0][0]).toBe('PN-6');
    expect(h.book.getValues('BOM', resultsRange(7, 12))).toEqual([
      emptyRow,
      emptyRow,
      emptyRow,
      emptyRow,
      emptyRow,
      emptyRow,
    ]);
    expect(h.book.cell('BOM', `${resultsColumn('status')}12`)?.bold ?? false).toBe(false);
  });

  test('rows of the BOM deleted: a cell the user typed into since stays, and the pane names it; the rest of the earlier rows go', async () => {
    const h = setUp();
    await renderAndPrice(h);
    // The user empties BOM rows 7 to 11 and writes a note over one earlier result.
    h.book.setValues(
      'BOM',
      'A7:C11',
      Array.from({ length: 5 }, () => ['', '', '']),
    );
    const note = `${resultsColumn('description')}9`;
    h.book.setValues('BOM', note, [['ask Ana about this one']]);

    await priceAgain(h, 'A1');
    expect(h.book.getValues('BOM', note)[0][0]).toBe('ask Ana about this one');
    const rows = h.book.getValues('BOM', resultsRange(8, 12));
    const at = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'description');
    expect(rows).toEqual(
      rows.map((_, i) => (i === 1 ? emptyRow.map((v, c) => (c === at ? 'ask Ana about this one' : v)) : emptyRow)),
    );
    expect(status(h, 7)).toBe('Total for 1 board (USD)');
    expect(await screen.findByText(new RegExp(`${note}: you changed`))).toBeTruthy();
  });

  test('a longer BOM selected and priced again asks before its new rows take a note the user wrote under the results', async () => {
    const h = partsBomHarness(5);
    await renderAndPrice(h);
    expect(status(h, 7)).toBe('Total for 1 board (USD)');
    // Five more lines under the BOM, and a note of the user's beside one of them, under the results' total.
    h.book.setValues(
      'BOM',
      'A7:C11',
      Array.from({ length: 5 }, (_, i) => [`PN-${i + 6}`, 'TI', 1]),
    );
    h.catalog.add(
      ...Array.from({ length: 5 }, (_, i) =>
        part(`PN-${i + 6}`, 'TI', 'Texas Instruments', [offer({ sourcePartId: `S-${i + 6}` })]),
      ),
    );
    const note = `${resultsColumn('description')}9`;
    h.book.setValues('BOM', note, [['ask Ana about this one']]);

    h.book.select('BOM', 'A1:C11');
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts');
    fireEvent.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() =>
      expect(h.controller.getState().confirm).toMatchObject({ usedAddress: `BOM!${note}`, what: 'results' }),
    );
    act(() => h.controller.answerConfirm('cancel'));
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    expect(h.book.getValues('BOM', note)[0][0]).toBe('ask Ana about this one');
    expect(status(h, 7)).toBe('Total for 1 board (USD)');
  });

  test('a shorter BOM priced again: the earlier total is found by the record, read once and cleared once', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const calls: string[] = [];
    const gateway = h.services.book;
    const { readRange, usedAddress, clear } = gateway;
    gateway.readRange = (sheet, address) => (calls.push(`read ${address}`), readRange(sheet, address));
    gateway.usedAddress = (block) => (calls.push(`used ${block.row}+${block.rows}`), usedAddress(block));
    gateway.clear = (block, what) => (calls.push(`clear ${block.row}+${block.rows}`), clear(block, what));
    await priceAgain(h, 'A1:C6');
    // Row 7 holds a line of the BOM outside the selection: the total is not written beside it.
    expect(status(h, 7)).toBe('');
    // The earlier total row (row 12) is known by the results record: the status column under the new rows is not
    // searched for it, and it is cleared once.
    expect(calls.filter((c) => c === 'used 6+1048570')).toHaveLength(0);
    expect(calls.filter((c) => c.startsWith('read ') && c.includes('12:'))).toHaveLength(1);
    expect(calls.filter((c) => c === 'clear 11+1')).toHaveLength(1);
    expect(h.book.getValues('BOM', resultsRange(12, 12))).toEqual([emptyRow]);
  });
});
