/**
 * What a buyer's own workbook says about what not to buy: a column of choices marking second sources
 * ("Preference": "Alternate"), and the list's grand total, below which come notes, to-dos and candidates. And a
 * Markdown page's reference links, read as the page shows them.
 */
import { parseDelimited } from '../../cli/bomfile';
import { type Cell, readBom } from '../../src/bom';

const HEADER = ['Part', 'Description', 'Preference', 'Supplier', 'Supplier Part Number', 'Manufacturer', 'MPN', 'Qty'];

describe('a column of choices', () => {
  const grid: Cell[][] = [
    HEADER,
    ['Relay', 'Solid state relay 15A', 'Primary', 'DigiKey', '255-2977-ND', 'Panasonic', 'AQA211VL', 2],
    ['Plug', 'Thermocouple plug, type K', 'Primary', 'Automation Direct', '', 'ProSense', 'THMK-MP', 2],
    ['Plug', 'Thermocouple plug, type K', 'Alternate', 'Newark', '30AC8456', 'Omega', 'SMPW-K-M', 2],
    ['Cord', 'Power cord C13', 'Sole Source', 'DigiKey', '2830-PWRC13C1406FBLK-ND', 'Unirise', 'PWRC13C1406FBLK', 1],
    ['Cord', 'Power cord C13', 'Alternate', 'Adafruit', '3311', '', '', 1],
  ];

  test('its alternate rows are second sources, not bought, with or without a part number of their own', () => {
    const r = readBom(grid, {});
    expect(r.lines.map((l) => l.partNumber)).toEqual(['AQA211VL', 'THMK-MP', 'PWRC13C1406FBLK']);
    const alternates = r.skipped.filter((s) => s.reason === 'alternate');
    expect(alternates.map((s) => s.row)).toEqual([3, 5]);
    expect(alternates[0].detail).toBe(
      'a second source ("Preference": "Alternate"), listed beside the part bought; not bought',
    );
  });

  test('"Preference" is no slip of "Reference": the column names no designators', () => {
    expect(readBom(grid, {}).mapping.designators).toBeUndefined();
  });

  test('a column of one kind of choice only, or of other words beside them, marks nothing', () => {
    const primaries = grid.map((row, i) => (i === 0 ? row : row.map((c, k) => (k === 2 ? 'Primary' : c))));
    const all = readBom(primaries, {});
    expect(all.lines.map((l) => l.partNumber)).toContain('SMPW-K-M');
    expect(all.skipped.filter((x) => x.reason === 'alternate')).toEqual([]);
    const notes = grid.map((row, i) =>
      i === 3 ? row.map((c, k) => (k === 2 ? 'Alternate if out of stock' : c)) : row,
    );
    expect(readBom(notes, {}).lines.map((l) => l.partNumber)).toContain('SMPW-K-M');
  });
});

describe("the list's grand total", () => {
  const lines: Cell[][] = [
    ['Part', 'Description', 'Supplier', 'Supplier Part Number', 'Manufacturer', 'MPN', 'Qty', 'Unit', 'Total'],
    ['Relay', 'Solid state relay', 'DigiKey', '255-2977-ND', 'Panasonic', 'AQA211VL', 2, 26.12, 52.24],
    ['Supply', '24V 25A', 'DigiKey', '1866-4480-ND', 'Mean Well', 'SE-600-24', 1, 92.94, 92.94],
    ['Fuse', '5x20 mm 10A', 'DigiKey', '486-1226-ND', 'Schurter', '0034.3127', 1, 0.44, 0.44],
  ];

  const more: Cell[] = [
    'Cord',
    'Power cord',
    'DigiKey',
    '2830-PWRC13C1406FBLK-ND',
    'Unirise',
    'PWRC13C1406FBLK',
    1,
    4.99,
    4.99,
  ];

  test('ends the list: what follows it (to-dos, candidates) is not bought, and is said to come after the table', () => {
    const grid: Cell[][] = [
      ...lines,
      [null, null, null, 'Total', null, null, null, null, 145.62],
      [null, 'REMOVE'],
      [null, 'Emergency stop switch', 'McMaster', '6785K21', null, null, 1, 43.8],
      [null, 'EVALUATE AS ALTERNATE:'],
      [null, 'Helical gearbox 40:1', 'Automation Direct', 'HGR-37-040-A', 'Iron Horse', 'HGR-37-040-A', 1, 410],
    ];
    const r = readBom(grid, {});
    expect(r.lines.map((l) => l.partNumber)).toEqual(['AQA211VL', 'SE-600-24', '0034.3127']);
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/Row 6 to row 9 come after the table \("REMOVE"…\)/);
  });

  test("a section's total, a subtotal, or a total that is not the sum from the list's first row does not end it", () => {
    for (const total of [
      [null, null, null, 'Subtotal', null, null, null, null, 145.62],
      [null, null, null, 'Total for the controller', null, null, null, null, 145.62],
      [null, null, null, 'Total', null, null, null, null, 52.24],
    ] as Cell[][]) {
      const r = readBom([...lines, total, ['Cables'], more], {});
      expect(r.lines.map((l) => l.partNumber)).toContain('PWRC13C1406FBLK');
    }
  });

  test('a grand total with another total below it is a section of a longer list', () => {
    const grid: Cell[][] = [
      ...lines,
      [null, null, null, 'Total', null, null, null, null, 145.62],
      ['Cables'],
      more,
      [null, null, null, 'Total', null, null, null, null, 150.61],
    ];
    expect(readBom(grid, {}).lines.map((l) => l.partNumber)).toContain('PWRC13C1406FBLK');
  });
});

describe('a Markdown reference link in a cell', () => {
  test("is read as its text, the shop's number it shows", () => {
    const page = [
      '| Description | Supplier | Supplier Part Number | Quantity |',
      '| :--- | :--- | :---: | :---: |',
      '| Boîtier ABS 220 x 110 x 44 mm | RS Components | [514-1897][url_5141897] | 1 |',
      '| LED rouge 3 mm | RS Components | [228-5916][url_2285916] | 4 |',
      '',
      '[url_5141897]: https://fr.rs-online.com/web/p/boitiers-pour-usage-general/5141897',
      '[url_2285916]: https://fr.rs-online.com/web/p/led/2285916/',
    ].join('\n');
    const { cells } = parseDelimited(page);
    expect(String(cells[2][3]).trim()).toBe('514-1897');
    const r = readBom(cells, {});
    expect(r.lines.map((l) => [l.supplierPartNumbers, l.quantityPerBoard])).toEqual([
      [['514-1897'], 1],
      [['228-5916'], 4],
    ]);
  });
});
