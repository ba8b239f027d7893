/**
 * What the pane says between runs (issue "What changed since the last pricing"): the user edits the priced sheet,
 * the results are marked stale, a line typed under the BOM is pointed out before pricing again, the new run's total
 * row keeps off that line, and the run is compared with the last one kept in the workbook: a Changes sheet and a
 * summary line. The snapshot of each run is kept in a very hidden sheet of the workbook.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CHANGES_SHEET, SNAPSHOTS_TAG, SNAPSHOT_SHEET } from '../../src/changes';
import { createWorkbookPort } from '../../src/excel';
import { keptRunSnapshots, readRunSnapshot } from '../../src/excel/run-snapshot-sheet';
import { bomHarness, offer, part, renderAndPrice, resultsColumn } from './helpers';

const BOM = [
  ['MPN', 'Manufacturer', 'Qty'],
  ['BAV99', 'Nexperia', 2],
  ['LM358DR', 'TI', 1],
];

function setUp() {
  return bomHarness(BOM, [
    part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
    part('LM358DR', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2' })]),
    part('NE555P', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-3' })]),
  ]);
}

describe('changes since the last run, in the pane', () => {
  test('every run keeps its snapshot in a very hidden sheet; the first has nothing to compare with', async () => {
    const h = setUp();
    await renderAndPrice(h);
    await waitFor(() => expect(h.book.hasSheet(SNAPSHOT_SHEET)).toBe(true));
    expect(h.book.visibility(SNAPSHOT_SHEET)).toBe('VeryHidden');
    const kept = await readRunSnapshot(createWorkbookPort(h.book.host), 'BOM');
    expect(kept?.bomSheet).toBe('BOM');
    expect(kept?.snapshot.lines.map((l) => [l.row, l.pn, l.need])).toEqual([
      [1, 'BAV99', 2],
      [2, 'LM358DR', 1],
    ]);
    expect(kept?.snapshot.firstRow).toBe(1);
    expect(screen.queryByTestId('summary-changes')).toBeNull();
    expect(h.book.hasSheet(CHANGES_SHEET)).toBe(false);
  });

  test('edit the priced sheet: stale mark; a line under the BOM: warning; priced again: Changes sheet, summary line, total off the line', async () => {
    const h = setUp();
    await renderAndPrice(h);
    await waitFor(() => expect(h.book.hasSheet(SNAPSHOT_SHEET)).toBe(true));

    // The user changes a quantity in the BOM: the results are marked stale, with the cell named.
    h.book.setValues('BOM', 'C3', [[5]]);
    const mark = await screen.findByTestId('results-edited');
    expect(mark.textContent).toContain('Cell BOM!C3 of the BOM changed after pricing.');
    // A change outside the BOM (a line typed under it) is not the BOM's: the mark still counts one.
    h.book.setValues('BOM', 'A4:C4', [['NE555P', 'TI', 1]]);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('results-edited').textContent).toContain('Cell BOM!C3');

    // The same range used again: the line just under it is pointed out.
    h.book.select('BOM', 'A1:C3');
    fireEvent.click(screen.getByRole('button', { name: 'Change the BOM, columns or boards' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    expect(await screen.findByText('Row 4 under the BOM has a part number: include it?')).toBeTruthy();

    // Priced again as it is: the mark goes, the changes are said and written.
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    const line = await screen.findByTestId('summary-changes');
    expect(screen.queryByTestId('results-edited')).toBeNull();
    expect(line.textContent).toMatch(/^Since the last run: 1 line changed, \+\$?[\d.,]+/);
    expect(line.textContent).toContain('in the "Changes" sheet');
    expect(line.textContent).toContain('row 3 LM358DR: quantity 1 → 5');

    const changes = h.book.getValues(CHANGES_SHEET, 'A1:G20');
    expect(String(changes[0][0])).toMatch(/^Changes since the run of \d{4}-/);
    expect(changes[1][0]).toBe(
      line.textContent!.replace(/^Since the last run: /, '').replace(/ \(line by line.*$/, ''),
    );
    const header = changes.findIndex((r) => r[0] === 'Row');
    expect(changes[header]).toEqual([
      'Row',
      'Part number',
      'Designators',
      'What changed',
      'Cost change (USD)',
      'Cost before',
      'Cost after',
    ]);
    expect(changes[header + 1].slice(0, 4)).toEqual([3, 'LM358DR', '', 'quantity 1 → 5']);
    const [, , , , change, before, after] = changes[header + 1] as number[];
    expect(change).toBeGreaterThan(0);
    expect(after - before).toBeCloseTo(change, 6);
    // The bridge's quantity effect is the whole change here.
    expect(changes.some((r) => /^\s+Quantities/i.test(String(r[0])) && String(r[0]).includes('+'))).toBe(true);

    // The line typed under the BOM is the user's: not written over by the total row.
    expect(h.book.getValues('BOM', 'A4:C4')).toEqual([['NE555P', 'TI', 1]]);
    const status = resultsColumn('status');
    expect(h.book.getValues('BOM', `${status}4`)[0][0]).toBe('');
    // The snapshot kept is the new run's.
    const kept = await readRunSnapshot(createWorkbookPort(h.book.host), 'BOM');
    expect(kept?.snapshot.lines.find((l) => l.pn === 'LM358DR')?.need).toBe(5);
  });

  test('a snapshot of another BOM sheet is not compared, nor even read, and stays', async () => {
    const h = setUp();
    await renderAndPrice(h);
    await waitFor(() => expect(h.book.hasSheet(SNAPSHOT_SHEET)).toBe(true));
    const port = createWorkbookPort(h.book.host);
    // A workbook priced before snapshots were kept per BOM sheet: one snapshot, of the sheet "Other", whose text is
    // no snapshot (reading it would say it is damaged).
    await port.writeHiddenSheet(SNAPSHOT_SHEET, [['not a snapshot', 'Other'], ['…the rest of it']]);
    expect(await readRunSnapshot(port, 'BOM')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh stale' }));
    await waitFor(async () => expect((await readRunSnapshot(port, 'BOM'))?.bomSheet).toBe('BOM'));
    expect(screen.queryByTestId('summary-changes')).toBeNull();
    expect(h.book.hasSheet(CHANGES_SHEET)).toBe(false);
    // Laid out again per BOM sheet: the other sheet's snapshot is kept as it was, beside this run's.
    expect((await keptRunSnapshots(port)).map((k) => k.bomSheet)).toEqual(['Other', 'BOM']);
    const rows = (await port.readHiddenSheet(SNAPSHOT_SHEET))!;
    expect(rows[0][0]).toBe(SNAPSHOTS_TAG);
    expect(
      rows
        .slice(3)
        .map((r) => r[0])
        .join(''),
    ).toBe('not a snapshot…the rest of it');
  });

  test('two BOM sheets priced in turn: each run is compared with its own sheet’s last run', async () => {
    const h = setUp();
    h.book.addSheet('Board B');
    h.book.setValues('Board B', 'A1:C2', [
      ['MPN', 'Manufacturer', 'Qty'],
      ['NE555P', 'TI', 4],
    ]);
    await renderAndPrice(h);
    const port = createWorkbookPort(h.book.host);
    const useSelection = async (sheet: string, range: string) => {
      h.book.select(sheet, range);
      const change = screen.queryByRole('button', { name: 'Change the BOM, columns or boards' });
      if (change) fireEvent.click(change);
      fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
      await waitFor(() => expect(screen.getByTestId('bom-counts')).toBeTruthy());
    };
    const priceAgain = async (count: number) => {
      fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
      await waitFor(async () => expect(await keptRunSnapshots(port)).toHaveLength(count));
      await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    };
    // Board B's first run: nothing to compare with; the BOM sheet's snapshot stays.
    await useSelection('Board B', 'A1:C2');
    await priceAgain(2);
    expect(h.controller.getState().pricing?.changes?.comparison).toBeNull();
    expect((await keptRunSnapshots(port)).map((k) => k.bomSheet)).toEqual(['BOM', 'Board B']);

    // The BOM sheet edited and priced again: compared with the BOM sheet's run, not Board B's.
    h.book.setValues('BOM', 'C3', [[3]]);
    await useSelection('BOM', 'A1:C3');
    await priceAgain(2);
    let changes = h.controller.getState().pricing?.changes?.comparison;
    expect(changes?.changes.map((c) => [c.after?.pn, c.kinds])).toEqual([['LM358DR', ['quantity']]]);
    expect(changes?.matched).toBe(2);

    // Board B edited and priced again: compared with Board B's first run.
    h.book.setValues('Board B', 'C2', [[6]]);
    await useSelection('Board B', 'A1:C2');
    await priceAgain(2);
    changes = h.controller.getState().pricing?.changes?.comparison;
    expect(changes?.changes.map((c) => [c.after?.pn, c.kinds])).toEqual([['NE555P', ['quantity']]]);
    expect((await readRunSnapshot(port, 'Board B'))?.snapshot.lines[0].need).toBe(6);
    expect((await readRunSnapshot(port, 'BOM'))?.snapshot.lines.map((l) => l.need)).toEqual([2, 3]);
  });

  test('a snapshot kept damaged is said, and replaced by the new run’s', async () => {
    const h = setUp();
    await renderAndPrice(h);
    await waitFor(() => expect(h.book.hasSheet(SNAPSHOT_SHEET)).toBe(true));
    await createWorkbookPort(h.book.host).writeHiddenSheet(SNAPSHOT_SHEET, [
      // The BOM sheet's name where the pane keeps it (B1): a damaged snapshot of this BOM, not one of another sheet.
      ['{"format": "partsheet-run-snapshot"', 'BOM'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh stale' }));
    const line = await screen.findByTestId('summary-changes');
    expect(line.textContent).toContain('Changes since the last run not shown:');
    expect(line.textContent).toContain('not JSON');
    const kept = await readRunSnapshot(createWorkbookPort(h.book.host), 'BOM');
    expect(kept?.snapshot.lines).toHaveLength(2);
  });
});
