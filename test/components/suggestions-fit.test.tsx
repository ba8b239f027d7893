/**
 * The Suggestions view and how far a candidate is known to fit: the obsolete 14.7456 MHz crystal gets its exact
 * sibling first, and the parts of another frequency apart, marked "different value"; a candidate of unknown fit is
 * used only after one question (Cancel gives the focus back to its Use); focus comes back to Use after the pricing
 * a Use starts; a line with no candidate is offered the part search, started from its text.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Part } from '../../src/catalog';
import { bomHarness, breaks, offer, part, prefixSearch, renderAndPrice } from './helpers';

function make(pn: string, maker: string, description: string, status = 'Active', stock = 20_000, price = 0.3): Part {
  return {
    ...part(pn, maker, maker, [offer({ sourcePartId: `S-${pn}`, breaks: breaks([1, price]), stock })], description),
    status,
  };
}

function setUp() {
  const h = bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty', 'Description'],
      ['ABM8-14.7456MHZ-D2-T3', 'Abracon', 10, 'Crystal'],
      ['XQ5500-OLD', '', 2, 'Sensor'],
      ['NOPE-123ABC', '', 1, 'Level shifter'],
    ],
    [
      // The family's first parts are of other frequencies, as a catalog sorted by part number lists them.
      make('ABM8-10.000MHZ-B2-T', 'ABRA', 'CRYSTAL 10.0000MHZ 18PF SMD'),
      make('ABM8-11.0592MHZ-18-D2X-T', 'ABRA', 'CRYSTAL 11.0592MHZ 18PF SMD', 'Active', 20_000, 0.1),
      make('ABM8-12.000MHZ-B2-T', 'ABRA', 'CRYSTAL 12.0000MHZ 18PF SMD'),
      make('ABM8-13.560MHZ-B2-T', 'ABRA', 'CRYSTAL 13.5600MHZ 18PF SMD'),
      make('ABM8-14.7456MHZ-D2-T3', 'ABRA', 'CRYSTAL 14.7456MHZ 18PF SMD', 'Obsolete', 0),
      make('ABM8-14.7456MHZ-D2-T', 'ABRA', 'CRYSTAL 14.7456MHZ 18PF SMD', 'Active', 26_067, 0.35),
      make('XQ5500-OLD', 'XQ', 'SENSOR TEMP SOT-23', 'Obsolete', 0),
      make('XQ5500-NEW', 'XQ', 'SENSOR TEMP'),
      make('NOPE-124', 'NP', 'IC LEVEL SHIFTER SOT-23-6'),
    ],
  );
  h.services.searchPrefixes = prefixSearch(h, []);
  return h;
}

async function openSuggestions(h: ReturnType<typeof setUp>) {
  await renderAndPrice(h);
  fireEvent.click(
    within(screen.getByRole('region', { name: 'Lines to fix' })).getByRole('button', { name: 'Suggestions' }),
  );
  await screen.findByTestId('suggestions-count');
}

describe('how far a suggestion fits', () => {
  test('the obsolete 14.7456 MHz crystal: its exact sibling first; the other frequencies apart, marked', async () => {
    const h = setUp();
    await openSuggestions(h);
    const line = within(screen.getByRole('region', { name: 'Row 2: ABM8-14.7456MHZ-D2-T3' }));
    expect(line.getByText('The line: 14.7456 MHz 3.2×2.5 mm')).toBeTruthy();
    const cards = within(line.getByRole('list', { name: 'Suggestions for row 2, best first' })).getAllByRole(
      'listitem',
    );
    expect(
      cards.map((c) => [c.getAttribute('data-candidate'), c.getAttribute('data-match'), c.getAttribute('data-fit')]),
    ).toEqual([['ABM8-14.7456MHZ-D2-T', 'same family and package', 'same']]);
    expect(cards[0].textContent).toContain('26,067 in stock');
    expect(within(cards[0]).queryByTestId('suggestion-fit')).toBeNull();

    // The cheaper part of another frequency is no suggestion for the line: apart, behind a button, marked.
    const others = line.getByRole('button', { name: "Parts of another value (4): not the line's part" });
    expect(others.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(others);
    const apart = within(line.getByRole('list', { name: 'Parts of another value than row 2' })).getAllByRole(
      'listitem',
    );
    const other = apart.find((c) => c.getAttribute('data-candidate') === 'ABM8-11.0592MHZ-18-D2X-T')!;
    expect(other.getAttribute('data-fit')).toBe('different value');
    expect(within(other).getByTestId('suggestion-fit').textContent).toBe("Different value: not the line's part");
    expect(other.textContent).toContain('Differs: frequency 11.0592 MHz, the line 14.7456 MHz');

    // The exact sibling is used at once, and focus comes back to its button after the pricing.
    const use = line.getByRole('button', { name: 'Use ABM8-14.7456MHZ-D2-T (ABRA) for row 2' });
    use.focus();
    fireEvent.click(use);
    // A browser drops the focus of a button disabled while the BOM is priced again: here it is moved away.
    await waitFor(() => expect(use.hasAttribute('disabled')).toBe(true));
    screen.getByRole('heading', { name: 'Suggestions' }).focus();
    expect(document.activeElement).not.toBe(use);
    await waitFor(() =>
      expect(h.controller.getState().pricing!.lines.find((l) => l.row === 1)!.matchedPart).toBe('ABM8-14.7456MHZ-D2-T'),
    );
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Used ABM8-14.7456MHZ-D2-T (ABRA) for row 2' }),
      ),
    );
  });

  test('a candidate of unknown fit asks once before it is used; Cancel leaves the line as it was', async () => {
    const h = setUp();
    await openSuggestions(h);
    const line = within(screen.getByRole('region', { name: 'Row 3: XQ5500-OLD' }));
    const card = line.getAllByRole('listitem')[0];
    expect([card.getAttribute('data-candidate'), card.getAttribute('data-match')]).toEqual([
      'XQ5500-NEW',
      'same family',
    ]);
    expect(within(card).getByTestId('suggestion-fit').textContent).toBe('Fit not known: value or package not read');
    expect(within(card).getByText('no parameters read')).toBeTruthy();

    const use = within(card).getByRole('button', { name: 'Use XQ5500-NEW (XQ) for row 3' });
    fireEvent.click(use);
    const ask = within(card).getByRole('group', { name: 'Check before using XQ5500-NEW' });
    expect(ask.textContent).toContain(
      "XQ5500-NEW's value or package could not be read, so it is not known to fit row 3.",
    );
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Use anyway' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(use);
    expect(h.controller.getState().pricing!.lines.find((l) => l.row === 2)!.matchedPart).toBe('XQ5500-OLD');

    fireEvent.click(use);
    fireEvent.click(within(card).getByRole('button', { name: 'Use anyway' }));
    await waitFor(() =>
      expect(h.controller.getState().pricing!.lines.find((l) => l.row === 2)!.matchedPart).toBe('XQ5500-NEW'),
    );
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    // Asked once: using it again asks nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Used XQ5500-NEW (XQ) for row 3' }));
    expect(within(screen.getByRole('region', { name: 'Row 3: XQ5500-OLD' })).queryByRole('group')).toBeNull();
    // The run that use starts ends before the test does.
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
  });

  test('a line with no candidate is offered the part search, started from its part number', async () => {
    const h = setUp();
    await openSuggestions(h);
    const line = within(screen.getByRole('region', { name: 'Row 4: NOPE-123ABC' }));
    expect(line.getByTestId('suggestion-none').textContent).toMatch(/^No candidate found/);
    const open = line.getByRole('button', { name: 'Search the catalog for row 4' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const search = line.getByRole('search', { name: 'Find a replacement for row 4' });
    const input = within(search).getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('NOPE-123ABC');
    fireEvent.change(input, { target: { value: 'NOPE-' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    const found = await line.findByRole('list', { name: 'Parts found for row 4' });
    expect(within(found).getByText(/NOPE-124/)).toBeTruthy();
    expect(h.catalog.searches).toContain('NOPE-');
  });
});
