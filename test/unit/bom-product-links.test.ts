/**
 * A distributor's product link read for the part it names (src/bom/product-links.ts), and a BOM whose part-number
 * cells hold notes read by its links; a line without a part number keeps the larger of its quantity and its
 * designator count. The rows are made up, of the kind a hand-kept KiCad BOM with Digi-Key links has.
 */
import { readBom } from '../../src/bom';
import { partFromProductLink } from '../../src/bom/product-links';

describe('product links', () => {
  it('reads the maker part number and the distributor number a link names', () => {
    expect(
      partFromProductLink('https://www.digikey.com/product-detail/en/murata/GRM155R71C104KA88D/490-3261-1-ND/702793'),
    ).toEqual({ distributor: 'Digi-Key', partNumber: 'GRM155R71C104KA88D', distributorPartNumber: '490-3261-1-ND' });
    expect(partFromProductLink('http://www.digikey.de/product-detail/de/LM358DR/296-1014-1-ND/404792')).toEqual({
      distributor: 'Digi-Key',
      partNumber: 'LM358DR',
      distributorPartNumber: '296-1014-1-ND',
    });
    expect(partFromProductLink('https://www.digikey.com/products/en?keywords=296-1014-1-ND')).toEqual({
      distributor: 'Digi-Key',
      distributorPartNumber: '296-1014-1-ND',
    });
    expect(partFromProductLink('https://www.digikey.com/en/products/detail/texas-instruments/LM358DR/404792')).toEqual({
      distributor: 'Digi-Key',
      partNumber: 'LM358DR',
    });
    expect(partFromProductLink('https://www.mouser.com/ProductDetail/Texas-Instruments/LM358DR?qs=abc')).toEqual({
      distributor: 'Mouser',
      partNumber: 'LM358DR',
    });
    expect(partFromProductLink('https://www.mouser.com/ProductDetail/595-LM358DR')).toEqual({
      distributor: 'Mouser',
      distributorPartNumber: '595-LM358DR',
    });
    expect(
      partFromProductLink('https://www.lcsc.com/product-detail/Operational-Amplifier_TI-LM358DR_C7950.html'),
    ).toEqual({
      distributor: 'LCSC',
      distributorPartNumber: 'C7950',
      partNumber: 'LM358DR',
    });
  });

  it('names nothing for other links and text', () => {
    for (const text of [
      'https://www.example.com/product-detail/en/LM358DR/296-1014-1-ND/1',
      'https://www.digikey.com/',
      'see digikey.com for a substitute',
      'https://www.aliexpress.com/item/1005001.html',
      '',
    ])
      expect([text, partFromProductLink(text)]).toEqual([text, null]);
  });
});

describe('a BOM whose part numbers are in its product links', () => {
  const grid = [
    ['Id', 'Designator', 'Package', 'Quantity', 'Designation', 'Digikey Part Number', 'Digikey URL'],
    [
      '1',
      'C1,C2,C3',
      'c_0603',
      '2',
      '1uF',
      'X7R, 10%',
      'https://www.digikey.com/product-detail/en/GRM188R71C105KA12D/490-3890-1-ND/1',
    ],
    ['2', 'U1', 'SOIC-8', '1', 'LM358', 'see note', 'https://www.digikey.com/products/en?keywords=296-1014-1-ND'],
    ['3', 'R1', 'r_0603', '1', '10k', 'RC0603FR-0710KL', ''],
    ['4', 'J1,J2,J3', 'HDR', '2', 'CONN_2', 'n.a.', ''],
  ];

  it('reads the maker part number from a link, else its distributor number; the column first', () => {
    const r = readBom(grid);
    expect(r.lines.map((l) => [l.row, l.partNumber, l.partNumberFrom ?? 'column', l.quantityPerBoard])).toEqual([
      [1, 'GRM188R71C105KA12D', 'link', 3],
      [2, '296-1014-1-ND', 'supplier', 1],
      [3, 'RC0603FR-0710KL', 'supplier', 1],
    ]);
    expect(r.warnings.some((w) => w.row === 1 && /product link/.test(w.message))).toBe(true);
  });

  it('a line without a part number buys no fewer than its designators', () => {
    const j = readBom(grid).skipped.find((s) => s.row === 4);
    expect([j?.reason, j?.quantityPerBoard]).toEqual(['incomplete', 3]);
  });
});

describe("a maker's own shop: its product number is the maker's part number", () => {
  it('reads Adafruit product links as that maker and number; pages that are no product stay no part', () => {
    expect(partFromProductLink('https://www.adafruit.com/products/2928')).toEqual({
      distributor: 'Adafruit',
      partNumber: '2928',
      maker: 'Adafruit',
    });
    expect(partFromProductLink('https://www.adafruit.com/category/17')).toBeNull();
    expect(partFromProductLink('https://learn.adafruit.com/products/guide')).toBeNull();
  });

  it('a shopping list with no part-number column buys by those links, with the maker, and no column is said missing', () => {
    const r = readBom([
      ['Quantity', 'Item', 'URL', 'price (USD)'],
      [1, 'Servo FeatherWing PID: 2928', 'https://www.adafruit.com/products/2928', '9.95'],
      [8, 'Micro Servo MG90S', 'https://www.adafruit.com/product/1143', '79.60'],
    ]);
    expect(r.lines.map((l) => [l.row, l.partNumber, l.manufacturer, l.quantityPerBoard])).toEqual([
      [1, '2928', 'Adafruit', 1],
      [2, '1143', 'Adafruit', 8],
    ]);
    expect(r.warnings.filter((w) => w.code === 'part-number-column')).toEqual([]);
  });
});
