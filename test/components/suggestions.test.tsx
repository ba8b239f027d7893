/**
 * The Suggestions view: the priced BOM's problem lines with their candidates (match class, parameters beside the
 * line's, lifecycle, stock, price at the line's need), those of another value or package marked and ranked last;
 * "Use" writes the pane's "Replacement MPN" column (never the BOM's part number), prices again, and the Status says
 * "suggestion … for …", also when priced again later. And the approved-alternates setting the pane prices with.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Part } from '../../src/catalog';
import { SUGGESTIONS_USED_KEY } from '../../taskpane/workbook-choices';
import {
  type Harness,
  bomHarness,
  breaks,
  offer,
  part,
  prefixSearch,
  renderAndPrice,
  renderSettings,
  useSuggestion,
} from './helpers';

function chip(partNumber: string, maker: string, description: string, price: number): Part {
  return {
    ...part(
      partNumber,
      maker,
      maker,
      [offer({ sourcePartId: `S-${partNumber}`, breaks: breaks([1, price]), stock: 20_000 })],
      description,
    ),
    packageType: '0603',
  };
}

function setUp(): { h: Harness; asked: string[][] } {
  const amp = (pn: string, pkg: string, status: string, price: number): Part => ({
    ...part(
      pn,
      'DIO',
      'Diodes Incorporated',
      [offer({ sourcePartId: `S-${pn}`, breaks: breaks([1, price]), stock: 9_000 })],
      `IC OPAMP GP 4 CIRCUIT ${pkg}`,
    ),
    packageType: pkg,
    status,
  });
  const h = bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty', 'Description'],
      ['LMV324AW5-13', 'Diodes', 25, 'Quad op amp SOT-25'],
      ['GONE-4U7', '', 2, 'CAP CER 4.7UF 16V X5R 0603'],
      ['LM358DR', 'TI', 2, 'Dual op amp'],
    ],
    [
      amp('LMV324AW5-13', 'SOT-25', 'Obsolete', 0.3),
      amp('LMV324AS14-13', 'SO-14', 'Active', 0.2),
      amp('LMV324AW5-7', 'SOT-25', 'Active', 0.35),
      amp('LMV324SA-OLD', 'SOT-25', 'Obsolete', 0.1),
      chip('CL10A475KO8NNNC', 'Samsung', 'CAP CER 4.7UF 16V X5R 0603', 0.02),
      chip('GRM188R61C475KAAJD', 'Murata', 'CAP CER 4.7UF 16V X5R 0603', 0.03),
      part('LM358DR', 'TI', 'Texas Instruments', [
        offer({ sourcePartId: 'S-LM358', breaks: breaks([1, 0.4]), stock: 5_000 }),
      ]),
    ],
  );
  const asked: string[][] = [];
  h.services.searchPrefixes = prefixSearch(h, asked);
  return { h, asked };
}

/** The BOM sheet's row `row` as the header of row 1 names its cells. */
function sheetRow(h: Harness, row: number): Record<string, unknown> {
  const [header, values] = h.book.getValues('BOM', `A1:AD${row}`).filter((_, i) => i === 0 || i === row - 1);
  return Object.fromEntries(header.map((name, i) => [String(name), values[i]]).filter(([name]) => name !== ''));
}

describe('the Suggestions view', () => {
  test('from the priced BOM: each problem line with its candidates, best first, the one of another package marked; one list search', async () => {
    const { h, asked } = setUp();
    await renderAndPrice(h);
    const entry = screen.getByRole('region', { name: 'Lines to fix' });
    expect(entry.textContent).toContain('2 lines (1 not Active, 1 not found)');
    fireEvent.click(within(entry).getByRole('button', { name: 'Suggestions' }));
    await screen.findByTestId('suggestions-count');
    expect(screen.getByTestId('suggestions-count').textContent).toBe(
      '2 problem lines; candidates found with 1 catalog search.',
    );
    expect(asked).toEqual([['LMV324AW5', 'LMV324', 'GRM188R61C475', 'CL10A475', 'C0603C475']]);

    const amp = within(screen.getByRole('region', { name: 'Row 2: LMV324AW5-13' }));
    expect(amp.getByText('not Active (Obsolete)')).toBeTruthy();
    const ampCandidates = amp.getByRole('list', { name: 'Suggestions for row 2, best first' });
    const cards = within(ampCandidates).getAllByRole('listitem');
    // The obsolete one of the family is left out; the same package first, though dearer; the SO-14 one last, marked.
    expect(cards.map((c) => [c.getAttribute('data-candidate'), c.getAttribute('data-match')])).toEqual([
      ['LMV324AW5-7', 'same family and package'],
      ['LMV324AS14-13', 'differs'],
    ]);
    expect(within(cards[0]).queryByTestId('suggestion-fit')).toBeNull();
    expect(within(cards[1]).getByTestId('suggestion-fit').textContent).toBe(
      'Different package: check it fits the board',
    );
    expect(cards[1].textContent).toMatch(/Differs: package SOIC-14, the line SOT-25/);
    expect(cards[0].textContent).toContain('Active · 9,000 in stock');
    expect(cards[0].textContent).toContain("For the line's 25: 0.35 USD each (25 for 8.75 USD)");

    const cap = within(screen.getByRole('region', { name: 'Row 3: GONE-4U7' }));
    const capCards = cap.getAllByRole('listitem');
    expect(capCards.map((c) => c.getAttribute('data-match'))).toEqual([
      'same parameters, other series',
      'same parameters, other series',
    ]);
    // Cheaper first among equals; the parameters beside the line's.
    expect(capCards[0].getAttribute('data-candidate')).toBe('CL10A475KO8NNNC');
    const params = capCards[0].querySelector('dl')!.textContent!;
    expect(params).toMatch(/^This part4\.7 µF.*0603The line4\.7 µF.*16 V.*X5R.*0603$/);
    // Nothing used: the sheet is as priced.
    expect(h.book.getValues('BOM', 'A2:E2')[0]).toEqual(['LMV324AW5-13', 'Diodes', 25, 'Quad op amp SOT-25', '']);
  });

  test('Use: the Replacement MPN column gets the candidate, the BOM is priced again, the Status says it is a suggestion, and stays so', async () => {
    const { h } = setUp();
    await renderAndPrice(h);
    await useSuggestion(
      h,
      'Use LMV324AW5-7 (Diodes Incorporated) for row 2',
      'Row 2: suggestion LMV324AW5-7 (Diodes Incorporated) used for LMV324AW5-13',
    );
    await screen.findByTestId('suggestion-now');

    // The BOM's part number stays; the pane's own column holds the choice, and the plan buys it.
    const row = sheetRow(h, 2);
    expect(row.MPN).toBe('LMV324AW5-13');
    expect(row['Replacement MPN']).toBe('LMV324AW5-7 (Diodes Incorporated)');
    expect(String(row.Status)).toMatch(
      /^priced: suggestion LMV324AW5-7 \(Diodes Incorporated\) for LMV324AW5-13 \(same family and package\)/,
    );
    const line = h.controller.getState().pricing!.lines.find((l) => l.row === 1)!;
    expect([line.matchedPart, line.status, line.unitPrice]).toEqual(['LMV324AW5-7', 'priced', 0.35]);
    expect(screen.getByTestId('suggestion-now').textContent).toMatch(/^Now: priced: suggestion LMV324AW5-7/);
    // What was wrong with the line stays said as it was when the suggestions were found.
    expect(within(screen.getByRole('region', { name: 'Row 2: LMV324AW5-13' })).getByText('not Active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Used LMV324AW5-7 (Diodes Incorporated) for row 2' }).textContent).toBe(
      'Used',
    );
    // Kept in the workbook, so a later run (or pane) says so too.
    expect(h.book.settings.get(SUGGESTIONS_USED_KEY)).toEqual({
      BOM: [
        {
          partNumber: 'LMV324AW5-13',
          replacement: 'LMV324AW5-7 (Diodes Incorporated)',
          note: 'same family and package',
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back to the BOM' }));
    await act(() => h.controller.price('stale'));
    expect(String(sheetRow(h, 2).Status)).toMatch(
      /^priced: suggestion LMV324AW5-7 \(Diodes Incorporated\) for LMV324AW5-13/,
    );
    // The line has no problem left: the way in counts the other one only.
    expect(screen.getByRole('region', { name: 'Lines to fix' }).textContent).toContain('1 line (1 not found)');
  });

  test("from a line's row actions: that line's suggestions only, then every problem line", async () => {
    const { h } = setUp();
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: /Part not Active: show the rows/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Suggestions for row 2' }));
    await screen.findByTestId('suggestions-count');
    expect(screen.getAllByRole('heading', { level: 3 }).map((e) => e.textContent)).toEqual(['Row 2: LMV324AW5-13']);
    fireEvent.click(screen.getByRole('button', { name: 'Every problem line (2)' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((e) => e.textContent)).toEqual([
      'Row 2: LMV324AW5-13',
      'Row 3: GONE-4U7',
    ]);
  });

  test('a failed search says why and is tried again on request; no line is touched', async () => {
    const { h, asked } = setUp();
    const works = h.services.searchPrefixes!;
    let fail = true;
    h.services.searchPrefixes = async (parts, options) => {
      if (fail) throw new Error('The parts service did not answer');
      return works(parts, options);
    };
    await renderAndPrice(h);
    fireEvent.click(screen.getByRole('button', { name: 'Suggestions' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Suggestions could not be found: the parts service answered none of the 5 searches for candidates.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('suggestions-count');
    expect(asked).toHaveLength(1);
    expect(sheetRow(h, 2)['Replacement MPN']).toBeUndefined();
  });
});

describe('the approved-alternates setting', () => {
  function alternatesBom(settings: { alternatesUse?: 'unavailable' | 'cheaper' }) {
    return bomHarness(
      [
        ['MPN', 'Manufacturer', 'Qty', 'MPN2', 'MFG2'],
        ['LM358DR', 'TI', 10, 'LM358-ALT', 'ON Semiconductor'],
      ],
      [
        part('LM358DR', 'TI', 'Texas Instruments', [
          offer({ sourcePartId: 'S-1', breaks: breaks([1, 0.4]), stock: 5_000 }),
        ]),
        part('LM358-ALT', 'ONS', 'ON Semiconductor', [
          offer({ sourcePartId: 'S-2', breaks: breaks([1, 0.1]), stock: 5_000 }),
        ]),
      ],
      { settings },
    );
  }

  test('saved from the Settings view like the others', async () => {
    const { settings } = renderSettings();
    const select = (await screen.findByLabelText('Buy approved alternates')) as HTMLSelectElement;
    expect(select.value).toBe('unavailable');
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'When the primary cannot be bought',
      'Whenever cheaper',
    ]);
    fireEvent.change(select, { target: { value: 'cheaper' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settings.current.alternatesUse).toBe('cheaper'));
  });

  test('the pane prices with it: by default the primary that can be bought; "whenever cheaper" the cheaper alternate', async () => {
    const byDefault = alternatesBom({});
    await renderAndPrice(byDefault);
    expect(byDefault.controller.getState().pricing!.lines[0].matchedPart).toBe('LM358DR');
    document.body.innerHTML = '';

    const cheaper = alternatesBom({ alternatesUse: 'cheaper' });
    await renderAndPrice(cheaper);
    const line = cheaper.controller.getState().pricing!.lines[0];
    expect(line.matchedPart).toBe('LM358-ALT');
    expect(line.statusReason).toMatch(/^buys approved alternate LM358-ALT/);
  });
});
