/**
 * A BOM without a header row whose first line is on the sheet's row 1: its results have nowhere to put their
 * column names. The pane says so after the run and offers one action that inserts a whole row above the BOM, moves
 * what it keeps of the BOM's place down with it, and writes the header; later write-backs land on the moved rows.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PRICED_BOM_HEADERS } from '../../src/purchase/priced-layout';
import { WORKBOOK_CHOICES_KEY } from '../../taskpane/workbook-choices';
import { bomHarness, breaks, offer, offersOf, part, renderAndPrice, resultsColumn, resultsRange } from './helpers';

const BUTTON = 'Insert a row above the BOM for the header';
const NOTICE = 'The results have no header row';

function setUp() {
  // No header row, and the first part line on row 1.
  return bomHarness(
    [
      ['LM358DR', 'TI', 2],
      ['NE555DR', 'TI', 1],
      ['LM358DR', 'TI', 3],
    ],
    [
      part('LM358DR', 'TI', 'Texas Instruments', [
        offer({ sourcePartId: '595-LM358DR', sourceCode: 'ACNA', breaks: breaks([1, 0.4]), stock: 5000 }),
        offer({ sourcePartId: 'MP-LM358', sourceCode: 'MARKETPLACE', breaks: breaks([1, 0.5]), stock: 40 }),
      ]),
      part('NE555DR', 'TI', 'Texas Instruments', [
        offer({ sourcePartId: '595-NE555DR', breaks: breaks([1, 0.3]), stock: 900 }),
      ]),
    ],
  );
}

const column = (
  h: ReturnType<typeof setUp>,
  key: Parameters<typeof resultsColumn>[0],
  top: number,
  bottom: number,
  left?: number,
) => h.book.getValues('BOM', `${resultsColumn(key, left)}${top}:${resultsColumn(key, left)}${bottom}`).map((r) => r[0]);

describe('results without a header row', () => {
  test('the pane says why, and one click inserts a row above the BOM, re-points the BOM and writes the header', async () => {
    const h = setUp();
    await renderAndPrice(h);
    // Written without a header: row 1 is the first line's result, and the pane says why and what to do.
    expect(column(h, 'status', 1, 3)).toEqual([
      'priced: bought with row 3: 5 for a need of 5',
      'priced',
      'priced: bought with row 1: 5 for a need of 5',
    ]);
    const notice = (await screen.findByText(NOTICE)).closest('.fui-MessageBar') as HTMLElement;
    expect(notice.textContent).toContain('The BOM has no header row and starts on row 1');
    expect(notice.textContent).toContain('The button does it: your rows move down one row, nothing is overwritten.');
    expect(h.controller.getState().pricing?.headerless).toMatch(/no header row and starts on row 1/);

    fireEvent.click(within(notice).getByRole('button', { name: BUTTON }));
    await screen.findByText('Row 1 inserted for the header');
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    await screen.findByText('Prices written');

    // One whole row went in above: the BOM's cells moved down as they were, nothing of them written over.
    expect(h.book.getValues('BOM', 'A1:C4')).toEqual([
      ['', '', ''],
      ['LM358DR', 'TI', 2],
      ['NE555DR', 'TI', 1],
      ['LM358DR', 'TI', 3],
    ]);
    // The header is in the new row, bold, over the results of the moved rows.
    expect(h.book.getValues('BOM', resultsRange(1, 1))[0]).toEqual([...PRICED_BOM_HEADERS]);
    expect(h.book.cell('BOM', `${resultsColumn('status')}1`)?.bold).toBe(true);
    expect(column(h, 'matchedPart', 2, 4)).toEqual(['LM358DR', 'NE555DR', 'LM358DR']);
    // The run after the insert names the rows as they are now: rows 2 and 4 buy LM358DR together.
    expect(String(column(h, 'status', 2, 2)[0])).toContain('bought with row 4');
    expect(h.book.getValues('BOM', `${resultsColumn('status')}5`)[0][0]).toBe('Total for 1 board (USD)');

    // What the pane keeps of the BOM's place moved with it, the workbook's remembered address too.
    const state = h.controller.getState();
    expect(state.bom?.location).toMatchObject({ sheet: 'BOM', rowIndex: 1, rowCount: 3, headerRow: null });
    expect(state.bom?.address).toBe('BOM!A2:C4');
    expect(state.pricing).toMatchObject({
      firstRowNumber: 2,
      resultsAddress: `BOM!${resultsRange(1, 4)}`,
      headerless: '',
    });
    expect((h.book.settings.snapshot()[WORKBOOK_CHOICES_KEY] as Record<string, { address: string }>).BOM.address).toBe(
      'BOM!A2:C4',
    );
    // Nothing asked, and the notice has gone with its cause.
    expect(state.confirm).toBeNull();
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();

    // A pin written afterwards lands on the moved rows of its part (sheet rows 2 and 4), nowhere else.
    const offers = offersOf('2');
    fireEvent.click(offers.getByRole('button', { name: /^Pin offer MP-LM358 \(MARKETPLACE\) for row 2(: .*)?$/ }));
    await screen.findByText('Rows 2, 4: offer MP-LM358 pinned');
    await screen.findByText('Prices written');
    expect(h.book.getValues('BOM', 'A1:D4')).toEqual([
      ['', '', '', ''],
      ['LM358DR', 'TI', 2, 'MP-LM358'],
      ['NE555DR', 'TI', 1, ''],
      ['LM358DR', 'TI', 3, 'MP-LM358'],
    ]);
    // The results moved one column right (an empty column stays between them and the BOM), header row included,
    // and the old block went without a question.
    const left = 5;
    expect(h.controller.getState().confirm).toBeNull();
    expect(h.book.getValues('BOM', resultsRange(1, 1, left))[0]).toEqual([...PRICED_BOM_HEADERS]);
    expect(column(h, 'itemId', 2, 4, left)).toEqual(['MP-LM358', '595-NE555DR', 'MP-LM358']);
    expect(h.book.getValues('BOM', 'E1:E5').every((r) => r[0] === '')).toBe(true);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  test('declined, the results stay as written and every run still says why and how to get a header', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const notice = (await screen.findByText(NOTICE)).closest('.fui-MessageBar') as HTMLElement;
    fireEvent.click(within(notice).getByRole('button', { name: `Dismiss: ${NOTICE}` }));
    expect(screen.queryByText(NOTICE)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Refresh stale/ }));
    // The pane knows its own headerless block by where it wrote it: the run asks nothing.
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    expect(h.controller.getState().confirm).toBeNull();
    await screen.findByText('Prices written');
    expect(screen.getByText(NOTICE)).toBeTruthy();
    expect(screen.getByRole('button', { name: BUTTON })).toBeTruthy();
    // Nothing was inserted or moved: the BOM and its results are where they were, without a header.
    expect(h.book.getValues('BOM', 'A1:C1')).toEqual([['LM358DR', 'TI', 2]]);
    expect(column(h, 'matchedPart', 1, 3)).toEqual(['LM358DR', 'NE555DR', 'LM358DR']);
    expect(h.controller.getState().bom?.address).toBe('BOM!A1:C3');
  });

  test('a BOM with room above gets its header without being offered anything', async () => {
    const h = setUp();
    h.book.setValues('BOM', 'A1:C4', [
      ['', '', ''],
      ['LM358DR', 'TI', 2],
      ['NE555DR', 'TI', 1],
      ['LM358DR', 'TI', 3],
    ]);
    h.book.select('BOM', 'A2:C4');
    await renderAndPrice(h);
    expect(h.book.getValues('BOM', resultsRange(1, 1))[0]).toEqual([...PRICED_BOM_HEADERS]);
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(h.controller.getState().pricing?.headerless).toBe('');
  });
});
