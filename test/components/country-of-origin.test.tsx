/**
 * The pane writes the country of origin of the offers each line buys from as a column of its priced block, under its
 * header: an offer's country, "Unknown" for one that does not say, a split's countries joined; nothing for a line
 * that buys nothing.
 */
import { PRICED_BOM_HEADERS } from '../../src/purchase/priced-layout';
import { bomHarness, breaks, offer, part, renderAndPrice, resultsColumn, resultsRange } from './helpers';

function setUp() {
  return bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['NE555', 'TI', 1],
      ['LM358', 'TI', 300],
      ['NOPE-1', 'TI', 1],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1', countryOfOrigin: 'PH' })]),
      part('NE555', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2', countryOfOrigin: null })]),
      // 300 needed, 200 and 150 in stock: both offers are bought.
      part('LM358', 'TI', 'Texas Instruments', [
        offer({ sourcePartId: 'A-3', sourceCode: 'ACNA', stock: 200, breaks: breaks([1, 0.2]), countryOfOrigin: 'MY' }),
        offer({
          sourcePartId: 'E-3',
          sourceCode: 'EUROPE',
          stock: 150,
          breaks: breaks([1, 0.3]),
          countryOfOrigin: 'CN',
        }),
      ]),
    ],
  );
}

describe("the pane's priced columns", () => {
  test('carry the country of origin of the offers bought, under its header', async () => {
    const h = setUp();
    await renderAndPrice(h);
    expect(h.book.getValues('BOM', resultsRange(1, 1))[0]).toEqual([...PRICED_BOM_HEADERS]);
    const country = resultsColumn('countryOfOrigin');
    expect(h.book.getValues('BOM', `${country}1:${country}5`).map((r) => r[0])).toEqual([
      'Country of origin',
      'PH',
      'Unknown',
      'MY + CN',
      '',
    ]);
    const source = resultsColumn('source');
    expect(h.book.getValues('BOM', `${source}4`)[0][0]).toBe('ACNA + EUROPE');
  });
});
