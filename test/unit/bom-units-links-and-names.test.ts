/**
 * Counts with the unit lists write after them in more languages and of sets, lengths and areas; shops' product links
 * that name their order code (Reichelt's article parameter, Conrad's number at the end of the page's name).
 */
import { parseQuantity } from '../../src/bom/quantity';
import { partFromProductLink, partNamedByPage } from '../../src/bom/product-links';
import { type Cell, readBom } from '../../src/bom';
import { readHtmlTables } from '../../cli/html-table';

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
    ['3 sets', 3],
    ['12 metre', 12],
    ['2 m²', 2],
    ['6 each', 6],
  ])('%s is %d', (text, value) => {
    expect(parseQuantity(text)).toMatchObject({ kind: 'ok', value });
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
    const listed = read.skipped.filter((s) => s.reason === 'incomplete');
    expect(listed.map((s) => [s.row, s.quantityPerBoard])).toEqual([
      [2, 1],
      [3, 1],
      [4, 2],
    ]);
    // A power supply named so is bought, not a schematic's power symbol.
    expect(read.skipped.some((s) => s.reason === 'not-purchase')).toBe(false);
  });

  test('a shop page selling a pack names no part', () => {
    expect(partNamedByPage('http://www.screwsandmore.de/en/50-pcs-DIN-912-A2-M3X12.html')).toBeNull();
  });
});
