/**
 * The purchase list leads with what it cannot buy: a part short at every offer and a line not on the list, each
 * with the BOM it blocks and what that BOM can build after the purchase, before the total; suggestions for the part
 * one click (or Enter) away, its exact sibling first; "After this purchase" per BOM, and "With orders" only when it
 * says something "Buildable now" does not.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Part } from '../../src/catalog';
import { purchaseSettingsStore } from '../../taskpane/adapters/purchase-store';
import { type Harness, breaks, harness, offer, part, prefixSearch, renderPane } from './helpers';

function make(pn: string, maker: string, description: string, status: string, stock: number, price: number): Part {
  return {
    ...part(pn, maker, maker, [offer({ sourcePartId: `S-${pn}`, breaks: breaks([1, price]), stock })], description),
    status,
  };
}

function setUp(): { h: Harness; asked: string[][] } {
  const h = harness({ sheets: ['Board A', 'Board B'] });
  // Board A: the crystal short everywhere and a part both boards share; Board B: that part and one not found.
  const boards: Record<string, (string | number)[][]> = {
    'Board A': [
      ['ABM8-14.7456MHZ-D2-T3', 'Abracon', 1],
      ['SHARED-1', 'TI', 2],
    ],
    'Board B': [
      ['SHARED-1', 'TI', 1],
      ['NOPE-123ABC', '', 1],
    ],
  };
  for (const [sheet, lines] of Object.entries(boards))
    h.book.setValues(sheet, 'A1:C3', [['MPN', 'Manufacturer', 'Qty'], ...lines]);
  h.catalog.add(
    make('ABM8-11.0592MHZ-18-D2X-T', 'ABRA', 'CRYSTAL 11.0592MHZ 18PF SMD', 'Active', 20_000, 0.1),
    // Six in stock for a need of ten: short at every offer.
    make('ABM8-14.7456MHZ-D2-T3', 'ABRA', 'CRYSTAL 14.7456MHZ 18PF SMD', 'Obsolete', 6, 0.3),
    make('ABM8-14.7456MHZ-D2-T', 'ABRA', 'CRYSTAL 14.7456MHZ 18PF SMD', 'Active', 26_067, 0.35),
    part('SHARED-1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'S1', breaks: breaks([1, 0.1]) })]),
  );
  h.services.purchases = purchaseSettingsStore(h.book.settings);
  const asked: string[][] = [];
  h.services.searchPrefixes = prefixSearch(h, asked);
  return { h, asked };
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

async function addBom(name: string, range: string, builds: number): Promise<void> {
  fireEvent.change(field('BOM name'), { target: { value: name } });
  fireEvent.change(field('BOM range'), { target: { value: range } });
  fireEvent.change(field('Builds'), { target: { value: String(builds) } });
  fireEvent.click(screen.getByRole('button', { name: 'Add BOM' }));
  await waitFor(() => expect(field('BOM range').value).toBe(''));
}

async function makeList(): Promise<Harness> {
  const { h } = setUp();
  renderPane(h);
  fireEvent.click(screen.getByRole('tab', { name: 'Purchase' }));
  await addBom('Board A', 'Board A!A1:C3', 10);
  await addBom('Board B', 'Board B!A1:C3', 5);
  fireEvent.click(screen.getByRole('button', { name: 'Make purchase list' }));
  await screen.findByTestId('purchase-written');
  return h;
}

describe('the purchase list leads with the problem', () => {
  test('the part short everywhere and the line not on the list come first, each with the BOM it blocks', async () => {
    await makeList();
    const blockers = screen.getByRole('group', { name: 'Cannot be bought (2)' });
    // Said before the total: a buyer reads what cannot be bought first.
    const total = screen.getByTestId('purchase-total');
    expect(blockers.compareDocumentPosition(total) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(total.textContent).toMatch(/^2 parts, 2 to buy: [\d.]+ USD; 1 short at every offer$/);

    const items = within(blockers).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-kind'))).toEqual(['short', 'unlisted']);
    expect(items[0].textContent).toContain('ABM8-14.7456MHZ-D2-T3 (ABRA): 4 short at every offer');
    expect(items[0].textContent).toContain('Blocks Board A (6 of 10 builds) after this purchase.');
    expect(items[1].textContent).toContain('NOPE-123ABC: not found (Board B row 3): not on the list, nobody buys it');
    expect(items[1].textContent).toContain('Blocks Board B (0 of 5 builds) after this purchase.');
    // The line said first is not said again among the notes.
    expect(screen.queryByRole('list', { name: 'Purchase list notes' })).toBeNull();
  });

  test('per BOM: buildable now, after this purchase; "With orders" not repeated when it says the same', async () => {
    await makeList();
    const cards = screen.getAllByTestId('bom-summary');
    const terms = (card: HTMLElement) => Array.from(card.querySelectorAll('dt'), (dt) => dt.textContent);
    expect(terms(cards[0])).toEqual(['Cost share', 'Parts', 'Buildable now', 'After this purchase', 'Clear to build']);
    const after = cards.map((card) => within(card).getByTestId('buildable-after').textContent);
    expect(after[0]).toBe('6 of 10: ABM8-14.7456MHZ-D2-T3 (ABRA): 6 left, 1 needed per build');
    expect(after[1]).toMatch(/^0 of 5: row 3: NOPE-123ABC \(not found\)/);
  });

  test('suggestions for the short part one keypress away: the exact sibling first, the other frequency marked', async () => {
    await makeList();
    const open = screen.getByRole('button', { name: 'Suggestions for ABM8-14.7456MHZ-D2-T3' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    open.focus();
    fireEvent.click(open);
    const list = await screen.findByRole('list', { name: 'Suggestions for ABM8-14.7456MHZ-D2-T3 (ABRA)' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0].getAttribute('data-candidate')).toBe('ABM8-14.7456MHZ-D2-T');
    expect(cards[0].getAttribute('data-fit')).toBe('same');
    expect(cards[0].textContent).toContain('26,067 in stock');
    expect(cards.map((c) => c.getAttribute('data-fit'))).not.toContain('different value');
    // The button that opened them keeps the focus and now closes them.
    const hide = screen.getByRole('button', { name: 'Hide suggestions' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(hide);
    fireEvent.click(hide);
    expect(screen.queryByTestId('blocker-candidates')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Suggestions for ABM8-14.7456MHZ-D2-T3' }));
  });

  test('a line not on the list with no candidate is told so', async () => {
    await makeList();
    fireEvent.click(screen.getByRole('button', { name: 'Suggestions for NOPE-123ABC' }));
    expect((await screen.findByTestId('blocker-no-candidates')).textContent).toContain(
      'No candidate of the same value found for NOPE-123ABC',
    );
  });

  test('Use on a suggestion re-prices that line of that BOM and makes the list again, the focus kept there', async () => {
    const h = await makeList();
    fireEvent.click(screen.getByRole('button', { name: 'Suggestions for ABM8-14.7456MHZ-D2-T3' }));
    const list = await screen.findByRole('list', { name: 'Suggestions for ABM8-14.7456MHZ-D2-T3 (ABRA)' });
    const use = within(list).getByRole('button', {
      name: 'Use ABM8-14.7456MHZ-D2-T (ABRA) for ABM8-14.7456MHZ-D2-T3 in Board A',
    });
    use.focus();
    fireEvent.click(use);
    const note = await screen.findByTestId('purchase-used');
    await waitFor(() => expect(h.controllers.purchase.getState().phase).toBe('idle'));
    expect(note.textContent).toBe(
      'Suggestion ABM8-14.7456MHZ-D2-T (ABRA) used for ABM8-14.7456MHZ-D2-T3 (Board A row 2), in the "Replacement MPN" column; the list is made again.',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('purchase-used')));
    // Written beside Board A's line, the BOM's own part number kept, the range one column wider.
    expect(h.book.getValues('Board A', 'A1:D2')).toEqual([
      ['MPN', 'Manufacturer', 'Qty', 'Replacement MPN'],
      ['ABM8-14.7456MHZ-D2-T3', 'Abracon', 1, 'ABM8-14.7456MHZ-D2-T (ABRA)'],
    ]);
    expect(h.controllers.purchase.getState().setup.boms[0].address).toMatch(/^'?Board A'?!A1:D3$/);
    // The list made again buys the sibling: the crystal blocks nothing now, and Board A builds all 10.
    const blockers = screen.getByRole('group', { name: 'Cannot be bought (1)' });
    expect(
      within(blockers)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-kind')),
    ).toEqual(['unlisted']);
    expect(screen.getAllByTestId('buildable-after')[0].textContent).toMatch(/^10 of 10/);
    const sheet = h.book.getValues('Purchase list', 'A1:A4').map((r) => r[0]);
    expect(sheet).toContain('ABM8-14.7456MHZ-D2-T');
  });
});
