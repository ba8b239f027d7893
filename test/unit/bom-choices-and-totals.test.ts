/**
 * What a buyer's own workbook says about what not to buy: a column of choices marking second sources
 * ("Preference": "Alternate"), the list's grand total (below it notes, to-dos and candidates), a copy of the list
 * written again under it. And what exports name their own way: a Markdown page's reference links, Altium 365's
 * component ids, Digi-Key's "Requested Quantity 1".
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
      'a second source ("Preference": "Alternate") for a part listed above it; not bought',
    );
  });

  test('"Primary" and "Secondary" over rows with positions of their own (windings, sides, rails) mark nothing', () => {
    const windings: Cell[][] = [
      ['Designator', 'MPN', 'Manufacturer', 'Qty', 'Winding'],
      ['T1', '750311625', 'Wurth', 1, 'Primary'],
      ['R1', 'RC0805FR-0710KL', 'Yageo', 2, 'Secondary'],
      ['C1', 'GRM188R71C104KA01D', 'Murata', 3, 'Primary'],
      ['D1', 'MBR0520', 'onsemi', 1, 'Secondary'],
    ];
    expect(readBom(windings, {}).lines.map((l) => l.partNumber)).toEqual([
      '750311625',
      'RC0805FR-0710KL',
      'GRM188R71C104KA01D',
      'MBR0520',
    ]);
    const rails: Cell[][] = [
      ['Designator', 'Description', 'MPN', 'Qty', 'Rail'],
      ['U1', 'Regulator', 'TPS62130RGTR', 1, 'Main'],
      ['BT1', 'Coin cell', 'CR2032', 1, 'Backup'],
      ['U2', 'Supervisor', 'TPS3839', 1, 'Main'],
    ];
    expect(readBom(rails, {}).lines.map((l) => l.partNumber)).toContain('CR2032');
  });

  test('an alternate naming nothing chosen above it is bought: nothing says what it stands in for', () => {
    const lone = grid.map((row, i) =>
      i === 5 ? row.map((c, k) => (k === 0 ? 'Cable' : k === 1 ? 'USB cable' : c)) : row,
    );
    expect(
      readBom(lone, {})
        .skipped.filter((x) => x.reason === 'alternate')
        .map((x) => x.row),
    ).toEqual([3]);
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

  test("a first section's total over rows that go on counting does not end the list", () => {
    const grid: Cell[][] = [
      ['Designator', 'Description', 'MPN', 'Qty'],
      ['R1,R2', '10k', 'RC0805FR-0710KL', 2],
      ['C1', '100n', 'GRM188R71C104KA01D', 1],
      ['U1', 'MCU', 'STM32F103C8T6', 1],
      [null, 'Total', null, 4],
      ['Mechanical'],
      ['H1-H4', 'Screw', '91290A113', 4],
      ['J1', 'Connector', 'B2B-XH-A', 1],
    ];
    expect(readBom(grid, {}).lines.map((l) => l.partNumber)).toEqual([
      'RC0805FR-0710KL',
      'GRM188R71C104KA01D',
      'STM32F103C8T6',
      '91290A113',
      'B2B-XH-A',
    ]);
  });

  test('a total written with its currency and separators ("$1,234.50") is read as its figure', () => {
    const dear: Cell[][] = [
      lines[0],
      ['Gearbox', 'Parallel shaft reducer', 'Bison', '', 'Bison Gear', '060-881-2143', 1, '$808.75', '$808.75'],
      ['Motor', 'DC motor 1/3 HP', 'Grainger', '48ZG52', 'Leeson', '108050', 1, '$372.00', '$372.00'],
      ['Relay', 'Solid state relay', 'DigiKey', '255-2977-ND', 'Panasonic', 'AQA211VL', 2, '$26.88', '$53.75'],
      [null, null, null, 'Total', null, null, null, null, '$1,234.50'],
      [null, 'EVALUATE AS ALTERNATE:'],
      [null, 'Helical gearbox 40:1', 'Automation Direct', 'HGR-37-040-A', 'Iron Horse', 'HGR-37-040-A', 1, '$410.00'],
    ];
    expect(readBom(dear, {}).lines.map((l) => l.partNumber)).toEqual(['060-881-2143', '108050', 'AQA211VL']);
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
    // Brackets whose label the page does not define are text as written ("24LC256[I][SN]", "C[0][1]").
    const undefinedLabels = parseDelimited(page.replace('[514-1897][url_5141897]', '24LC256[I][SN]')).cells;
    expect(String(undefinedLabels[2][3]).trim()).toBe('24LC256[I][SN]');
    const r = readBom(cells, {});
    expect(r.lines.map((l) => [l.supplierPartNumbers, l.quantityPerBoard])).toEqual([
      [['514-1897'], 1],
      [['228-5916'], 4],
    ]);
  });
});

describe('exports that write their table twice or name its columns their own way', () => {
  test('a copy of the list under its header written again is not bought twice', () => {
    const table: Cell[][] = [
      ['Comment', 'Description', 'Designator', 'Quantity', 'MPN'],
      ['10k', 'Resistor 1%', 'R1, R2', 2, 'RC0805FR-0710KL'],
      ['100n', 'Capacitor X7R', 'C1', 1, 'GRM188R71C104KA01D'],
      ['LED', 'Yellow LED', 'D1', 1, 'SML-LX1206YC-TR'],
    ];
    const r = readBom([...table, [], [], ...table], {});
    expect(r.lines.map((l) => l.partNumber)).toEqual(['RC0805FR-0710KL', 'GRM188R71C104KA01D', 'SML-LX1206YC-TR']);
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/Row 7 to row 10 come after the table \("Comment"…\)/);
    // A section under the header again, its rows its own, is read as before.
    const sections = readBom(
      [
        ...table,
        ['Comment', 'Description', 'Designator', 'Quantity', 'MPN'],
        ['1k', 'Resistor', 'R9', 1, 'RC0805FR-071KL'],
      ],
      {},
    );
    expect(sections.lines.map((l) => l.partNumber)).toContain('RC0805FR-071KL');
  });

  test("Altium 365's component ids in LibRef ('CMP-08605-000100-1') are no makers' numbers", () => {
    const r = readBom(
      [
        ['Comment', 'Description', 'Designator', 'LibRef', 'Quantity'],
        ['5A', 'FUSE BOARD MOUNT 5A 32VDC 1206', 'F1', 'CMP-08605-000100-1', 1],
        ['SML-LX1206YC-TR', 'Yellow LED', 'D1, D2, D3', 'CMP-2000-07124-1', 3],
        ['1.05k', 'Thick film resistor 1206', 'R1', 'CMP-07231-003381-1', 1],
      ],
      {},
    );
    expect(r.lines.map((l) => l.partNumber)).toEqual(['SML-LX1206YC-TR']);
  });

  test("Digi-Key's BOM Manager counts under 'Requested Quantity 1'", () => {
    const r = readBom(
      [
        [
          'Index',
          'Manufacturer Part Number',
          'Manufacturer Name',
          'Description',
          'Requested Quantity 1',
          'Pack Quantity 1',
        ],
        [1, 'C315C682K5R5TA', 'KEMET', 'CAP CER 6800PF 50V X7R RADIAL', 4, 1],
        [2, 'A103K15X7RF5TAA', 'Vishay', 'CAP CER 10000PF 50V X7R AXIAL', 2, 1],
      ],
      {},
    );
    expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
      ['C315C682K5R5TA', 4],
      ['A103K15X7RF5TAA', 2],
    ]);
  });
});

describe('rows that are no purchase, written as other tools and languages write them', () => {
  test("Altium's totals row ('Total Quantity' under the designators, 'Total Cost') is no line", () => {
    const r = readBom(
      [
        ['#', 'Designator', 'Quantity', 'Description', 'OrderingCode', 'Manufacturer'],
        [1, 'C1, C2', 2, 'Capacitor 100nF', 'GRM188R71C104KA01D', 'Murata'],
        [2, 'R1', 1, 'Resistor 10k', 'RC0603FR-0710KL', 'Yageo'],
        [3, 'U9', 1, 'Voltage supervisor', 'APX810-29SAG-7', 'Diodes Incorporated'],
        [null, 'Total Quantity', '4', 'Notes', 'Total Cost', 23.5],
      ],
      {},
    );
    expect(r.lines.map((l) => l.partNumber)).toEqual(['GRM188R71C104KA01D', 'RC0603FR-0710KL', 'APX810-29SAG-7']);
    expect(r.skipped.find((s) => s.row === 4)?.reason).toBe('no-part-number');
  });

  test("a Japanese list's own boards ('Keybit8 基板', 'メイン基板') are the bare board; a perfboard bought is a line", () => {
    const rows = (name: string): Cell[][] => [
      ['部品名', '回路番号', '数量', '備考'],
      ['抵抗 1k', 'R1', '1個', ''],
      ['ダイオード 1N4148', 'D1', '1個', ''],
      [name, '', '1枚', ''],
    ];
    for (const board of ['Keybit8 基板', 'メイン基板', 'ボトム基板'])
      expect(readBom(rows(board), {}).skipped.find((s) => s.row === 3)?.reason).toBe('not-purchase');
    for (const bought of ['ユニバーサル基板', 'SOP変換基板'])
      expect(readBom(rows(bought), {}).skipped.find((s) => s.row === 3)?.reason).toBe('incomplete');
  });
});
