/**
 * Kinds of list found in rounds 50 and 51: a part number written as a link (Markdown, reStructuredText), a shop's own
 * catalogue number behind such a link (McMaster-Carr's, an Amazon ASIN); a costed list with no count column whose
 * counts are in its names ("(1x)"); headers in Latvian, Romanian and Croatian; a count "per" a product's name; a
 * value with its chip size in brackets; a number labelled inside a name; a saved cart page, whose products' fields
 * are labelled lines in one cell, its counts in text boxes, and whose record tables are no lists; a keyboard's
 * matrix positions; a package named with its extended pad.
 */
import { type Cell, readBom } from '../../src/bom';
import { chooseBomSheet, judgeSheet } from '../../src/bom/sheets';
import { isComponentValue } from '../../src/bom/row-kinds';
import { allPositions } from '../../src/bom/designators';
import { matchHeader } from '../../src/bom/header-words';
import { parseQuantity } from '../../src/bom/quantity';
import { linkMarkup, partFromProductLink } from '../../src/bom/product-links';
import { startsWithPrice } from '../../src/text/money';
import { readHtmlTables } from '../../cli/html-table';

const linesOf = (grid: Cell[][]) => readBom(grid).lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]);
/** The lines to buy with no part number: row, count and what the reader says of the line. */
const listedOf = (grid: Cell[][]) =>
  readBom(grid)
    .skipped.filter((s) => s.reason === 'incomplete')
    .map((s) => [s.row + 1, s.quantityPerBoard, s.detail]);

describe('a part number written as a link', () => {
  test('Markdown and reStructuredText links give their words, the address left out', () => {
    expect(linkMarkup('[LM358DR](https://www.ti.com/product/LM358)')).toEqual({
      text: 'LM358DR',
      url: 'https://www.ti.com/product/LM358',
    });
    expect(linkMarkup('`4615T37 <https://www.mcmaster.com/#4615T37>`_')).toEqual({
      text: '4615T37',
      url: 'https://www.mcmaster.com/#4615T37',
    });
    expect(linkMarkup('LM358DR, see [here](https://x.example)')).toBeNull();
    expect(
      linesOf([
        ['Qty', 'MPN', 'Description'],
        [2, '[LM358DR](https://www.ti.com/product/LM358)', 'op amp'],
        [1, '`NE555P <https://www.ti.com/product/NE555>`_', 'timer'],
        [3, '[TL072CP](https://www.ti.com/product/TL072)', 'op amp'],
      ]),
    ).toEqual([
      [2, 'LM358DR', 2],
      [3, 'NE555P', 1],
      [4, 'TL072CP', 3],
    ]);
  });

  test('words that name no part ("Link", a shop) give the part the address names, each row its own', () => {
    expect(
      linesOf([
        ['Qty', 'Part Number', 'Desc'],
        [3, '[link](https://www.digikey.com/product-detail/en/ti/LM317T/296-1234-ND/1234)', 'regulator'],
        [1, '[Link](https://www.digikey.com/product-detail/en/ti/NE555P/296-1235-ND/1235)', 'timer'],
      ]),
    ).toEqual([
      [2, 'LM317T', 3],
      [3, 'NE555P', 1],
    ]);
  });

  test("a shop's own catalogue number behind its link is listed with that shop, never looked up", () => {
    expect(partFromProductLink('https://www.mcmaster.com/#92005A220')).toEqual({
      distributor: 'McMaster-Carr',
      distributorPartNumber: '92005A220',
    });
    expect(partFromProductLink('https://www.amazon.com/uxcell-Flange/dp/B00NQ2H8YU/ref=sr_1_1')).toEqual({
      distributor: 'Amazon',
      distributorPartNumber: 'B00NQ2H8YU',
    });
    const grid: Cell[][] = [
      ['QTY', 'Description', 'Part Number'],
      [4, 'M4 x 16mm machine screw', '`92005A220 <https://www.mcmaster.com/#92005A220>`_'],
      [1, 'Radar', '[Rd-03D Radar Sensor](https://www.amazon.com/dp/B0D3CXVCFK)'],
      [2, 'Op amp', '[LM358DR](https://www.ti.com/product/LM358)'],
    ];
    expect(linesOf(grid)).toEqual([[4, 'LM358DR', 2]]);
    const listed = listedOf(grid);
    expect(listed.map(([row, count]) => [row, count])).toEqual([
      [2, 4],
      [3, 1],
    ]);
    expect(listed[0][2]).toContain('McMaster-Carr "92005A220"');
    expect(listed[1][2]).toContain('Amazon "B0D3CXVCFK"');
  });
});

describe('a costed list with no count column, in a language first seen here', () => {
  const LATVIAN: Cell[][] = [
    ['Detaļa', 'Cena', 'Pasūtīšanas saite'],
    ['Arduino Uno R3 kontrolieris (1x)', '4.29 EUR', '[Arduino UNO](https://www.aliexpress.com/item/1.html)'],
    ['Savienotājvadi (20x M-M; 20x M-F)', '0.64 EUR (par 40)', '[DuPont](https://www.aliexpress.com/item/2.html)'],
    ['4x4 podziņu matrica (1x)', '1.41 EUR', '[Keypad](https://www.aliexpress.com/item/3.html)'],
    ['Kondensatori 10 µF (2x), 100 µF (2x)', '7.79 EUR (par 50)', '[Caps](https://www.aliexpress.com/item/4.html)'],
    ['Mikrofons MAX9814', '2.92 EUR', '[Mic](https://www.aliexpress.com/item/5.html)'],
  ];

  test('its rows are lines to buy, each counted as its name says (one where it says none)', () => {
    expect(listedOf(LATVIAN).map(([row, count]) => [row, count])).toEqual([
      [2, 1],
      [3, 40],
      [4, 1],
      [5, 4],
      [6, 1],
    ]);
  });

  test('without figures under the price a header of a name, a price and a link is no list', () => {
    const words = LATVIAN.map((r, i) => (i === 0 ? r : [r[0], 'see the shop', r[2]]));
    expect(() => readBom(words)).toThrow(/No part-number column/);
  });

  test('a size in brackets is no count ("(8 x 8)", "(7 x 9 cm)")', () => {
    const rows = listedOf([
      ['Qty', 'Description', 'Price', 'Supplier'],
      [2, 'Arduino Nano', 4.2, 'Ali'],
      ['', 'MAX7219 LED matrix (8 x 8)', 3.0, 'Ali'],
      ['', 'Perfboard (7 x 9 cm)', 1.5, 'Ali'],
    ]);
    expect(rows.map(([row, count]) => [row, count])).toEqual([
      [2, 2],
      [3, 1],
      [4, 1],
    ]);
  });

  test('a price is a figure with its currency or its cents, never a value or a count', () => {
    for (const t of ['4.29 EUR', '$1.20', '0.64 EUR (par 40)', '2,50 €', '12.00'])
      expect(startsWithPrice(t)).toBe(true);
    for (const t of ['12', '4.7k', '2W', '100 PCS', 'EUR']) expect(startsWithPrice(t)).toBe(false);
  });

  test('Latvian, Lithuanian, Estonian, Romanian and Croatian header words', () => {
    expect(matchHeader('Daudzums')?.field).toBe('quantity');
    expect(matchHeader('Kiekis')?.field).toBe('quantity');
    expect(matchHeader('Kogus')?.field).toBe('quantity');
    expect(matchHeader('Cantitate')?.field).toBe('quantity');
    expect(matchHeader('Količina')?.field).toBe('quantity');
    expect(matchHeader('Denumire')?.field).toBe('description');
    expect(matchHeader('Naziv')?.field).toBe('description');
    expect(matchHeader('Proizvođač')?.field).toBe('manufacturer');
    expect(matchHeader('Ražotājs')?.field).toBe('manufacturer');
  });
});

describe('counts, values and numbers', () => {
  test('a count per one build named by its product, never per pack', () => {
    expect(matchHeader('Quantity / G1000')).toEqual({ field: 'quantity', strength: 2 });
    expect(matchHeader('Qty per kit')?.field).toBe('quantity');
    for (const h of ['Qty per reel', 'Qty per Tape', 'Qty per panel', 'Qty per month'])
      expect(matchHeader(h)).toBeNull();
  });

  test('a value with its chip size in brackets is a value; a part number with its package is not', () => {
    for (const v of ['100u (1210)', '49.9K (0603)', '120 (0603)', '12MHz(2520/3225)'])
      expect(isComponentValue(v)).toBe(true);
    for (const v of ['BSS138 (SOT23)', '1715190 (Phoenix)', '7740K111', '555 (DIP-8)'])
      expect(isComponentValue(v)).toBe(false);
  });

  test('a number labelled in a name is the part', () => {
    const rows = listedOf([
      ['Item', 'Qty', 'Name', 'Supplier'],
      [1, 1, 'USB 2.0 A to B Cable (Model Number:U022-010-R)', 'DBL'],
      [2, 1, 'Breadboard Solderless ABS (Part Number MCBB400)', 'DBL'],
      [3, 2, 'Heat sink, 7mm to 8mm', 'DBL'],
    ]);
    expect(rows.map(([row]) => row)).toEqual([4]);
    expect(
      linesOf([
        ['Item', 'Qty', 'Name', 'Supplier'],
        [1, 1, 'USB 2.0 A to B Cable (Model Number:U022-010-R)', 'DBL'],
        [2, 1, 'Breadboard Solderless ABS (Part Number MCBB400)', 'DBL'],
        [3, 2, 'Heat sink, 7mm to 8mm', 'DBL'],
      ]),
    ).toEqual([
      [2, 'U022-010-R', 1],
      [3, 'MCBB400', 1],
    ]);
  });

  test("a labelled number is no family's name, no shop's catalogue number and no drawing's", () => {
    const read = readBom([
      ['Qty', 'Description', 'Supplier'],
      [2, 'Heat set inserts M3 (part no. 94180A331)', 'McMaster'],
      [1, 'Motor mount (drawing P/N 1002-B)', 'machined'],
      [1, 'ESP32 dev board (Model Number: ESP32)', 'Ali'],
    ]);
    expect(read.lines).toEqual([]);
  });

  test("a keyboard's matrix positions are positions; net names are not", () => {
    expect(allPositions(['SW00_00', 'SWBS_S00', 'SWCL_S00', 'SWET_AN00'])).toBe(true);
    expect(allPositions(['CAN_H1'])).toBe(false);
    expect(allPositions(['GND_1'])).toBe(false);
    expect(allPositions(['CONN_01X04'])).toBe(false);
  });

  test('a package named with its extended pad is a part, a pad alone is none', () => {
    const read = readBom([
      ['Reference', 'Value', 'Footprint', 'Qty'],
      ['Q1', 'WNM2030', 'Lib:SOT-723-Extended_Pad', 1],
      ['TP1', 'TP', 'TestPoint:TestPoint_Pad_D1.0mm', 1],
    ]);
    expect(read.lines.map((l) => l.partNumber)).toEqual(['WNM2030']);
    expect(read.skipped.map((s) => [s.row + 1, s.reason])).toEqual([[3, 'not-purchase']]);
  });
});

describe("a shop's saved cart page", () => {
  const product = (shop: string, mfr: string, maker: string, qty: number) =>
    `<tr><td><input type="checkbox"></td><td><table><tr><td>Mouser No:</td><td>${shop}</td></tr>` +
    `<tr><td>Mfr. No:</td><td>${mfr}</td></tr><tr><td>Manufacturer:</td><td>${maker}</td></tr>` +
    `<tr><td>RoHS</td><td>Compliant</td></tr></table></td>` +
    `<td><div><input name="q" value="${qty}" type="text"></div><br><span>Availability</span><br>${qty} Dispatches Now</td>` +
    `<td>1,98 €</td></tr>`;
  const PAGE =
    '<html><body><table><tr><th>Remove</th><th>Product Detail</th><th>Order Qty.</th><th>Price</th></tr>' +
    product('913-4816M16A2TG6AGTR', 'MT48LC16M16A2TG-6A:GTR', 'Alliance Memory', 1) +
    product('621-AP3429AKTTR-G1', 'AP3429AKTTR-G1', 'Diodes Incorporated', 3) +
    product('771-PCF8523T/1118', 'PCF8523T/1,118', 'NXP', 4) +
    '</table></body></html>';

  test('a text box shows its value; a hidden box or a check box nothing', () => {
    const [grid] = readHtmlTables('<table><tr><td><input type="hidden" value="x"><input value="7"></td></tr></table>');
    expect(grid.rows).toEqual([['7']]);
  });

  test("each product's labelled fields are read as columns, its count from the box", () => {
    const tables = readHtmlTables(PAGE);
    const cart = tables.reduce((a, b) => (b.rows.length > a.rows.length ? b : a));
    const read = readBom(cart.rows);
    expect(read.lines.map((l) => [l.partNumber, l.manufacturer, l.quantityPerBoard])).toEqual([
      ['MT48LC16M16A2TG-6A:GTR', 'Alliance Memory', 1],
      ['AP3429AKTTR-G1', 'Diodes Incorporated', 3],
      ['PCF8523T/1,118', 'NXP', 4],
    ]);
    expect(read.warnings.map((w) => w.code)).toContain('labelled-cells');
  });

  test("a product's own table of fields is a record, no list: never chosen over the cart", () => {
    const tables = readHtmlTables(PAGE);
    const judged = tables.map((t, i) => judgeSheet(t.name, i, t.rows));
    const record = judged.find((j) => j.name !== judged[0].name && j.lines > 0 && j.score < 0);
    expect(record).toBeDefined();
    expect(chooseBomSheet(judged).chosen.index).toBe(0);
  });

  test('a count on its own line above words is the count, unless the words change it', () => {
    expect(parseQuantity('4\nPackaging Choice:\nCut Tape')).toMatchObject({ kind: 'ok', value: 4 });
    for (const q of ['2\nDNP', '2\nnot fitted', '2\nOptional', '5\npacks of 10'])
      expect(parseQuantity(q)).not.toMatchObject({ kind: 'ok' });
    expect(parseQuantity('3\nx 2 boards')).toMatchObject({ kind: 'ok', value: 3, estimated: true });
  });

  test('a description written as labelled lines is left as it is', () => {
    const read = readBom([
      ['Qty', 'MPN', 'Description'],
      [1, 'LM358', 'Voltage: 5V\nCurrent: 2A'],
      [2, 'NE555', 'Voltage: 12V\nCurrent: 1A'],
      [3, 'LM317', 'Voltage: 3V\nCurrent: 3A'],
    ]);
    expect(read.headers).toEqual(['Qty', 'MPN', 'Description']);
    expect(read.lines.map((l) => l.description)).toEqual([
      'Voltage: 5V Current: 2A',
      'Voltage: 12V Current: 1A',
      'Voltage: 3V Current: 3A',
    ]);
  });

  test('a title block of labelled fields above a list leaves the list a table', () => {
    const grid: Cell[][] = [
      ['Project:', 'Widget'],
      ['Revision:', 'B'],
      ['Date:', '2026-01-02'],
      ['Author:', 'A. Person'],
      ['Company:', 'Acme'],
      ['Board Qty:', '10'],
      ['Qty', 'Ref', 'MPN'],
      [1, 'U1', 'LM358DR'],
      [2, 'R1, R2', 'RC0603FR-0710KL'],
      [1, 'C1', 'GRM188R71H104KA93D'],
    ];
    expect(judgeSheet('BOM', 0, grid).score).toBeGreaterThan(0);
  });
});
