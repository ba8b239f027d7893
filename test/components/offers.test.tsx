import { fireEvent, screen, within } from '@testing-library/react';
import { RateBook } from '../../src/pricing/rates';
import { bomHarness, breaks, offer, offersOf, part, renderAndPrice, resultsColumn } from './helpers';

function setUp() {
  const h = bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['LM358DR', 'TI', 2],
      ['AMB-1', '', 1],
      ['LM358DR', 'TI', 3],
    ],
    [
      part('LM358DR', 'TI', 'Texas Instruments', [
        offer({
          sourcePartId: '595-LM358DR',
          sourceCode: 'ACNA',
          breaks: breaks([1, 0.4], [10, 0.3]),
          stock: 5000,
          moq: 1,
          packSize: 1,
          leadTimeWeeks: 6,
        }),
        offer({
          sourcePartId: 'EU-LM358DR',
          sourceCode: 'EUROPE',
          currency: 'EUR',
          breaks: breaks([1, 0.2]),
          stock: 800,
          moq: 10,
          packSize: 10,
          leadTimeWeeks: 12,
        }),
        offer({
          sourcePartId: 'MP-LM358',
          sourceCode: 'MARKETPLACE',
          breaks: breaks([1, 0.5]),
          stock: 40,
          leadTimeWeeks: 0,
        }),
      ]),
      part('AMB-1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'A-1', breaks: breaks([1, 0.12]), stock: 300 })]),
      part('AMB-1', 'ONS', 'ON Semiconductor', [
        offer({ sourcePartId: 'A-2', breaks: breaks([1, 0.09]), stock: 0, leadTimeWeeks: 0 }),
      ]),
    ],
  );
  h.catalog.parts.get('AMB1')![1].status = 'NRND';
  h.services.getRateBook = async () =>
    new RateBook({ probe: async () => [], given: { EUR: 1.1 }, now: () => new Date(Date.UTC(2026, 10, 20, 9, 30)) });
  return h;
}

/** Each offer's group: its source and id across the top, then its figures (stock, MOQ, pack, cost, lead). */
const tableRows = (t: ReturnType<typeof offersOf>) =>
  Array.from(t.getByRole('table').querySelectorAll('tbody')).map((group) => [
    group.querySelector('th')?.textContent,
    ...Array.from(group.querySelectorAll('tr:nth-child(2) td')).map((c) => c.textContent),
  ]);

describe('offers', () => {
  test('every offer of a line side by side: source, stock, MOQ, pack, its cost for the need against the plan’s, lead time', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const t = offersOf('2');
    // Rows 2 and 4 buy LM358DR together: 5 in all, priced per offer as the plan would buy it from that offer alone.
    expect(t.getByText('3 offers of LM358DR, priced for 5 in USD')).toBeTruthy();
    expect(t.getByRole('columnheader', { name: 'Cost for 5' })).toBeTruthy();
    // What a pin costs is said before pinning, on the button too.
    expect(
      t.getByRole('button', { name: 'Pin offer EU-LM358DR (EUROPE) for row 2: buys 10 for 5: +0.20 USD' }),
    ).toBeTruthy();
    expect(tableRows(t)).toEqual([
      ['ACNA · 595-LM358DR · bought', '5,000', '1', '1', '2.00 USD0.40 USD', '6 wk'],
      ['EUROPE · EU-LM358DR', '800', '10', '10', '2.20 USD10 × 0.22 USDbuys 10 for 5: +0.20 USDsold in EUR', '12 wk'],
      ['MARKETPLACE · MP-LM358', '40', '1', '1', '2.50 USD0.50 USD+0.50 USD', '—'],
    ]);
  });

  test('pinning an offer writes the "Pinned offer" column for every line of the part; the plan buys it, in the sheet and the pane', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const t = offersOf('2');
    fireEvent.click(t.getByRole('button', { name: 'Pin offer MP-LM358 (MARKETPLACE) for row 2: +0.50 USD' }));
    await screen.findByText('Rows 2, 4: offer MP-LM358 pinned');
    expect(screen.getByText(/and the plan buys it \(\+0\.50 USD\)\. Priced again\./)).toBeTruthy();
    await screen.findByText('Prices written');
    expect(h.book.getValues('BOM', 'A1:D4')).toEqual([
      ['MPN', 'Manufacturer', 'Qty', 'Pinned offer'],
      ['LM358DR', 'TI', 2, 'MP-LM358'],
      ['AMB-1', '', 1, ''],
      ['LM358DR', 'TI', 3, 'MP-LM358'],
    ]);
    const left = 5;
    const at = (key: Parameters<typeof resultsColumn>[0], row: number) =>
      h.book.getValues('BOM', `${resultsColumn(key, left)}${row}`)[0][0];
    expect(at('itemId', 2)).toBe('MP-LM358');
    expect(at('source', 4)).toBe('MARKETPLACE');
    expect(String(at('status', 2))).toContain('pinned offer MP-LM358 bought');
    // The pane's figures follow at once: the line buys from the pinned offer.
    const line = h.controller.getState().pricing!.lines.find((l) => l.row === 1)!;
    expect([line.itemId, line.unitPrice]).toEqual(['MP-LM358', 0.5]);
    expect(h.controller.getState().bom?.mapping.offer).toBe(3);

    // The offers view shows the pin, and takes it off again.
    const again = offersOf('2');
    expect(tableRows(again)[2][0]).toBe('MARKETPLACE · MP-LM358 · bought · pinned');
    fireEvent.click(again.getByRole('button', { name: 'Unpin offer MP-LM358 for row 2' }));
    await screen.findByText('Rows 2, 4: pin removed');
    await screen.findByText('Prices written');
    expect(h.book.getValues('BOM', 'D2:D4')).toEqual([[''], [''], ['']]);
    expect(at('itemId', 2)).toBe('595-LM358DR');
  });

  test('the ambiguous picker shows price, stock and lifecycle for each candidate', async () => {
    const h = setUp();
    await renderAndPrice(h);
    const group = screen.getByRole('radiogroup', { name: 'Row 3: AMB-1' });
    const labels = within(group)
      .getAllByRole('radio')
      .map((r) => r.closest('.fui-Radio')?.textContent);
    expect(labels).toEqual([
      'AMB-1 — Texas Instruments0.12 USD each (1 for 0.12 USD) · 300 in stock · ActiveAMB-1 part',
      'AMB-1 — ON Semiconductor0.09 USD each · out of stock, no lead time published · NRNDAMB-1 part',
    ]);
  });
});
