/**
 * Counts with the unit lists write after them in more languages and of sets, lengths and areas; shops' product links
 * that name their order code (Reichelt's article parameter, Conrad's number at the end of the page's name).
 */
import { endsWithDnpClause, parseQuantity, valueSaysDnp } from '../../src/bom/quantity';
import { partFromLinks, partFromProductLink, partNamedByPage } from '../../src/bom/product-links';
import { type Cell, readBom } from '../../src/bom';
import { pageTextBlock, readHtmlTables } from '../../cli/html-table';
import { fixedWidthStarts } from '../../cli/fixed-width';
import { parseBomFile } from '../../cli/bomfile';
import { isNeverPartNumberHeader, isSupplierPartHeader, matchHeader } from '../../src/bom/header-words';

describe('a count with its unit', () => {
  test.each([
    ['1 adet', 1],
    ['12 adet', 12],
    ['3 db', 3],
    ['2 buc.', 2],
    ['4 kom', 4],
    ['5 шт', 5],
    ['2 pièces', 2],
    ['2 set', 2],
    ['12 metre', 12],
    ['2 m²', 2],
    ['6 each', 6],
  ])('%s is %d', (text, value) => {
    expect(parseQuantity(text)).toMatchObject({ kind: 'ok', value });
  });

  test('decibels are no count, where the Hungarian for pieces is "db"', () => {
    expect(parseQuantity('3 dB').kind).toBe('bad');
    expect(parseQuantity('20dB').kind).toBe('bad');
  });

  test('a piece word alone, or words that are no unit, give no count', () => {
    expect(parseQuantity('adet').kind).not.toBe('ok');
    expect(parseQuantity('2 setup').kind).not.toBe('ok');
    expect(parseQuantity('2 m³ of sand').kind).not.toBe('ok');
  });
});

describe("shops' product links", () => {
  test("Reichelt's article parameter is its order code, spaces and commas as written", () => {
    expect(
      partFromProductLink(
        'https://www.reichelt.de/DC-Jacks/LUM-NEB-21R/3/index.html?&ACTION=3&LA=2&ARTICLE=116262&GROUPID=3258&artnr=LUM+NEB+21R',
      ),
    ).toEqual({ distributor: 'Reichelt', distributorPartNumber: 'LUM NEB 21R' });
    expect(
      partFromProductLink('https://www.reichelt.de/ICs/LM-2596-T5-0/3/index.html?ARTICLE=109365&artnr=LM+2596+T5%2C0'),
    ).toEqual({ distributor: 'Reichelt', distributorPartNumber: 'LM 2596 T5,0' });
    // The page's name alone makes spaces and commas dashes: no code is read from it.
    expect(partFromProductLink('https://www.reichelt.de/DC-Jacks/LUM-NEB-21R/3/index.html?ARTICLE=116262')).toBeNull();
  });

  test("Conrad's product page ends in its order number; a category's page names none", () => {
    expect(partFromProductLink('https://www.conrad.de/de/manhattan-hdmi-auf-vga-konverter-1284618.html')).toEqual({
      distributor: 'Conrad',
      distributorPartNumber: '1284618',
    });
    expect(partFromProductLink('https://www.conrad.de/de/o/kohleschicht-widerstaende-0211011.html')).toBeNull();
    expect(partFromProductLink('https://www.conrad.de/de/service/versand.html')).toBeNull();
  });
});

describe('a page that writes its list as a table per section', () => {
  const table = (rows: string[][]) =>
    `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
  const header = ['Shop', 'Article Nr', 'Description', 'Amount'];

  test('tables next to each other under one header are one list, each header kept', () => {
    const page =
      `<h3>Power</h3>${table([header, ['Farnell', 'LM2734XMK/NOPB', 'Buck', '5']])}` +
      `<h3>Motor</h3>${table([header, ['Digi-Key', '455-1806-1-ND', 'Housing', '10']])}`;
    const tables = readHtmlTables(page);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows.map((r) => r[1])).toEqual(['Article Nr', 'LM2734XMK/NOPB', 'Article Nr', '455-1806-1-ND']);
    expect(tables[0].places).toEqual([0, 1]);
  });

  test('tables with prose or a choice between them stay apart; a section is a sheet to name', async () => {
    const optionA = table([header, ['Farnell', 'ESP32-WROOM-32E-N4', 'MCU', '1']]);
    const optionB = table([header, ['Farnell', 'ATMEGA328P-AU', 'MCU', '1']]);
    expect(readHtmlTables(`<h2>Option A</h2>${optionA}<h2>Option B</h2>${optionB}`)).toHaveLength(2);
    expect(readHtmlTables(`${optionA}\n### ESP32 build\n${optionA}\n### or the AVR build\n${optionB}`)).toHaveLength(2);
    expect(readHtmlTables(`${optionA}<p>Then solder these:</p>${optionB}`)).toHaveLength(2);
    const page = `<h3>Power</h3>${optionA}<h3>Motor</h3>${optionB}`;
    expect(readHtmlTables(page)).toHaveLength(1);
    const motor = await parseBomFile('list.html', Buffer.from(page), { sheet: 'Motor' });
    expect(motor.cells.map((r) => r[1])).toEqual(['Article Nr', 'ATMEGA328P-AU']);
  });

  test('tables of other headers, or of two columns, stay apart', () => {
    const legend = ['Mark', 'Meaning'];
    expect(readHtmlTables(table([legend, ['*', 'optional']]) + table([legend, ['**', 'spare']]))).toHaveLength(2);
    const other = ['Part', 'Qty', 'Note'];
    expect(readHtmlTables(table([header, ['a', 'b', 'c', '1']]) + table([other, ['x', '1', '']]))).toHaveLength(2);
  });
});

describe('a costing list with no part-number column', () => {
  test('its names in a column the header leaves blank are what each line is', () => {
    const grid: Cell[][] = [
      [null, null, 'details1', 'details2', 'quantity', 'unit price (€)', null],
      ['Essential', 'Common'],
      [null, 'Barrel connector', '3A', '2,1mm', 1, 0.47, 'https://www.reichelt.de/x/3/index.html?artnr=LUM+NEB+21R'],
      [null, 'Power supply', '12V', '5A', 1, 18.65, 'https://example.org/psu'],
      [null, 'Diode', '20-60V', '3A', 2, 0.18, null],
    ];
    const read = readBom(grid, {});
    expect(read.headerRow).toBe(0);
    expect(read.mapping.description).toBe(1);
    const listed = read.skipped.filter((s) => s.reason === 'incomplete');
    expect(listed.map((s) => [s.row, s.quantityPerBoard])).toEqual([
      [2, 1],
      [3, 1],
      [4, 2],
    ]);
    // A power supply named so is bought, not a schematic's power symbol.
    expect(read.skipped.some((s) => s.reason === 'not-purchase')).toBe(false);
  });

  test('of two blank-headed columns, the names are the one of different words, not a category repeated', () => {
    const grid: Cell[][] = [
      [null, null, 'details', 'quantity', 'price'],
      ['Power', 'Fuse', '2A', 2, 0.4],
      ['Power', 'Relay', '5V', 1, 1.2],
      ['Motor', 'Servo', 'SG90', 1, 3],
      ['Motor', 'Diode', '1A', 1, 0.1],
    ];
    expect(readBom(grid, {}).mapping.description).toBe(1);
  });

  test('a shop page selling a pack names no part', () => {
    expect(partNamedByPage('http://www.screwsandmore.de/en/50-pcs-DIN-912-A2-M3X12.html')).toBeNull();
  });
});

describe("TME's links and links given as examples", () => {
  test("a TME page under a country and a language names its symbol, a slash written '_' read as one", () => {
    expect(
      partFromProductLink('https://www.tme.eu/pl/en/details/v12b-12w-a/push-button-switches/onpow/gq12b-10-j-w-a/'),
    ).toEqual({ distributor: 'TME', distributorPartNumber: 'V12B-12W-A' });
    expect(partFromProductLink('https://www.tme.eu/en/details/cf1_4w-220r/tht-resistors/royal-ohm/')).toEqual({
      distributor: 'TME',
      distributorPartNumber: 'CF1/4W-220R',
    });
    expect(partFromProductLink('https://www.tme.eu/en/news/details/new-products-2024/')).toBeNull();
  });

  test('a link given as an example names its part; one among words does not', () => {
    const row = (link: string): Cell[] => ['5 mm LED-Red', 1, link];
    const example = '[link](https://www.tme.eu/en/details/fyl-5013hd1c/tht-leds-round/foryard/)';
    expect(partFromLinks(row(`e.g. ${example}`))?.partNumber).toBe('FYL-5013HD1C');
    expect(partFromLinks(row(`like ${example} but red`))).toBeNull();
  });
});

describe('a page that shows its list as text to copy', () => {
  const page = [
    '<html><body><h2>The CSV</h2>',
    '<button>Copy to Clipboard</button>',
    '<textarea id="csv" readonly>',
    '"Quantity 1","Description","Mouser Part Number"',
    '1,"Zilog Z80A",692-Z84C0006PEG',
    '4,"74LS157 &amp; socket",595-SN74LS157N</textarea>',
    '</body></html>',
  ].join('\n');

  test('is read from that text, each line at its line on the page', async () => {
    const file = await parseBomFile('list.html', Buffer.from(page));
    expect(file.cells[3]).toEqual(['Quantity 1', 'Description', 'Mouser Part Number']);
    expect(file.cells[5]).toEqual(['4', '74LS157 & socket', '595-SN74LS157N']);
    const read = readBom(file.cells, {});
    expect(read.headerRow).toBe(3);
    expect(read.lines.map((l) => [l.row, l.quantityPerBoard])).toEqual([
      [4, 1],
      [5, 4],
    ]);
  });

  test('a page with neither a table nor such a block is refused, saying so', async () => {
    await expect(parseBomFile('notes.html', Buffer.from('<html><p>No parts here</p></html>'))).rejects.toThrow(
      /no table with rows/,
    );
  });
});

describe('headers of hand-kept lists', () => {
  test.each([
    ['Manufacturer Ref', 'partNumber'],
    ['Quantitity', 'quantity'],
  ])('%s names the %s', (header, field) => {
    expect(matchHeader(header)?.field).toBe(field);
  });

  test("a shop's number column (Seeed's SKUs) and a drawing's or document's number are never the part number", () => {
    expect(isSupplierPartHeader('Seeed PN')).toBe(true);
    expect(isNeverPartNumberHeader('DOCUMENT-NR.')).toBe(true);
    expect(isNeverPartNumberHeader('Drawing No.')).toBe(true);
    expect(matchHeader('Quantity of it')).toBeNull();
  });

  test("a robot's house drawing numbers are no part numbers; a drawing's part number column is one", () => {
    const grid: Cell[][] = [
      ['POS', 'QTY', 'DOCUMENT-NR.', 'DESCRIPTION', 'PRODUCT CODE', 'SUPPLIER'],
      [1, 1, 'HEL-04-01000-02', 'Frame Mount', null, 'Schickli'],
      [2, 4, 'HEL-04-01001-00', 'Motor', 'FIT 0186', 'Robotshop'],
      [3, 2, 'HEL-06-01004-00', 'Motor Controller', 'RoboClaw IMC404', 'Robotshop'],
    ];
    const read = readBom(grid, {});
    expect(read.lines.some((l) => l.partNumber.startsWith('HEL-'))).toBe(false);
    expect(read.skipped.find((s) => s.row === 1)?.reason).toBe('incomplete');
    expect(isNeverPartNumberHeader('Drawing Part Number')).toBe(false);
    // A shop's "Product code" beside makers' numbers found by their shape is no part-number column.
    const farnell: Cell[][] = [
      ['Component', 'Value', 'Product code', 'Supplier', 'Qty'],
      ['U1', 'LM358N', '9487140', 'Farnell', 1],
      ['U2', 'LM7805CT', '9756078', 'Farnell', 1],
      ['U3', 'ATMEGA328P-PU', '1715487', 'Farnell', 1],
    ];
    expect(readBom(farnell, {}).lines.map((l) => l.partNumber)).toEqual(['LM358N', 'LM7805CT', 'ATMEGA328P-PU']);
  });
});

describe('schematic symbols and indexed names', () => {
  test("KiCad's power symbols and flags, as its libraries describe them, are no purchases", () => {
    const grid: Cell[][] = [
      ['Reference', 'Value', 'Description'],
      ['#PWR01', 'GND', 'Power symbol creates a global label with name "GND" , ground'],
      ['#PWR02', '+5V', 'Power symbol creates a global label with name "+5V"'],
      ['#FLG01', 'PWR_FLAG', 'Special symbol for telling ERC where power comes from'],
      ['R1', '10k', 'Resistor'],
    ];
    const symbols = readBom(grid, {}).skipped.filter((s) => s.reason === 'not-purchase');
    expect(symbols.map((s) => s.row)).toEqual([1, 2, 3]);
  });

  test('a column of words indexed alike is a header; one part named with a number is data', () => {
    const headed: Cell[][] = [
      ['Part', 'details1', 'details2', 'Qty'],
      ['NE555P', 'timer', 'DIP-8', 2],
      ['LM358N', 'op-amp', 'DIP-8', 1],
    ];
    expect(readBom(headed, {}).headerRow).toBe(0);
    const headerless: Cell[][] = [
      ['Attiny85', 'Microcontroller', 'main chip'],
      ['Servo1', 'Servo', 'small'],
      ['R1', 'Resistor', '10k'],
    ];
    expect(readBom(headerless, {}).headerRow).toBeNull();
  });
});

describe('the second review', () => {
  test("a header's indexed shop word, or a costing sheet's indexed details over blank-headed names, is a header", () => {
    const shopping: Cell[][] = [
      ['Item', 'Qty', 'Price', 'Link1'],
      ['Arduino Nano', 1, 4.5, 'https://example.org/nano'],
      ['Servo SG90', 2, 1.2, 'https://example.org/servo'],
      ['Jumper wires', 1, 2, 'https://example.org/wires'],
    ];
    expect(readBom(shopping, {}).headerRow).toBe(0);
    const costing: Cell[][] = [
      [null, 'details1', 'details2', 'quantity', 'unit price'],
      ['Capacitor', '16V', '680µF', 1, 0.43],
      ['Diode', '20-60V', '3A', 1, 0.18],
      ['Inductor', '3.6A', '33µH', 1, 0.6],
    ];
    expect(readBom(costing, {}).headerRow).toBe(0);
  });

  test("a remake's remark that the original boards left a part off is DNP; an original design's is not", () => {
    expect(valueSaysDnp('[RARE] Not populated on original boards')).toBe(true);
    expect(endsWithDnpClause('Optional bus termination, not populated on original boards')).toBe(true);
    expect(valueSaysDnp('Not fitted in the original version')).toBe(false);
    expect(valueSaysDnp('[Rev A] 10k')).toBe(false);
  });

  test('a title of labelled values over a fixed-width list is no header; a header naming columns is', () => {
    const list = [
      'Partlist exported from Fusion Hub: Demo   Project: Board  Board: Main v1',
      '',
      'Qty  Value   Device      Parts',
      '2    100n    C_0402      C1, C2',
      '1    10k     R_0402      R1',
      '3    LED     LED_0603    D1, D2, D3',
    ].join('\n');
    expect(fixedWidthStarts(list)?.header).toBe(2);
  });

  test("Reichelt's codes with spaces and Conrad's numbers are never looked up; Reichelt's maker's number is", () => {
    const row = (link: string): Cell[] => ['Part', 1, link];
    expect(partFromLinks(row('https://www.conrad.de/de/p/manhattan-hdmi-vga-1284618.html'))).toBeNull();
    expect(partFromLinks(row('https://www.reichelt.de/x/3/index.html?artnr=LUM+NEB+21R'))).toBeNull();
    expect(partFromLinks(row('https://www.reichelt.de/x/3/index.html?artnr=NE555P'))?.partNumber).toBe('NE555P');
  });

  test("sections named alike join whatever the words; a page's text blocks: the list's, not a command's", () => {
    const t = (mpn: string) =>
      `<table><tr><td>Qty</td><td>Part</td><td>MPN</td></tr><tr><td>1</td><td>x</td><td>${mpn}</td></tr></table>`;
    expect(
      readHtmlTables(
        `<h2>Bill of Materials – Power board</h2>${t('LM358N')}<h2>Bill of Materials – Motor</h2>${t('L298N')}`,
      ),
    ).toHaveLength(1);
    expect(readHtmlTables(`<h2>Variante A</h2>${t('LM358N')}<h2>Variante B</h2>${t('L298N')}`)).toHaveLength(2);
    const page = [
      '<h2>MALZEME LİSTESİ</h2>',
      '<pre>git clone x\ncd x\nmake flash</pre>',
      '<textarea>',
      'Qty,Description,Mouser',
      '1,Timer,595-NE555P',
      '2,Op-amp,595-LM358P</textarea>',
    ].join('\n');
    expect(pageTextBlock(page)?.split('\n')[5]).toBe('Qty,Description,Mouser');
  });
});
