/**
 * Company release lists and hand-made lists of what is needed: a PLM's list that calls the makers "Vendor" and their
 * numbers "Vendor Part Number" beside its own item numbers, with each approved maker on a row under the item (under
 * a not-placed item too) and a "Vendor Part Status" column of words; a part-number column that leaves the part to
 * the buyer ("Generic/Cheapest OK"); a remark recording the change that left a part off ("change to DNI 20220528");
 * EAGLE's net short ("Short between two nets"); Markdown task lists ("- [x] 2x 74LS02") and bullets under a heading
 * that names a parts list. Made-up tables and texts of those shapes; the real exports are in the corpus tests.
 */
import { parseBomFile } from '../../cli/bomfile';
import { type Cell, readBom } from '../../src/bom';
import { isPlaceholder } from '../../src/bom/placeholder';
import { makersNamedVendors } from '../../src/bom/vendor-makers';
import { readBomCells } from '../../src/workflows/read-bom';
import { rowsOf } from '../helpers/bom-rows';

describe("a release list's makers named Vendor beside its own item numbers", () => {
  const header = [
    'Item',
    'Qty',
    'Part Number',
    'Refdes',
    'Description',
    'Vendor',
    'Vendor Part Number',
    'Vendor Part Status',
    'PLACE',
  ];
  const list: Cell[][] = [
    header,
    [1, 1, '1120-0002', 'R284', 'RES, 0402, 1%, 29.4', 'Rohm', 'MCR01MZPF29R4', 'Preferred', null],
    [null, null, null, null, null, 'KOA SPEER', 'RK73H1ETTP29R4F', 'Preferred', null],
    [null, null, null, null, null, 'Panasonic', 'ERJ-2RKF29R4X', 'Alternate Source', null],
    [2, 2, '1120-0010', 'R6,R7', 'RES, 0402, 1%, 1.00K', 'Yageo', 'RC0402FR-071KL', 'Preferred', null],
    [null, null, null, null, null, 'Vishay', 'CRCW04021K00FKED', 'EOL', null],
    [3, 1, '2222-0016', 'C9', 'CAP, 0402, 10uF', 'Murata', 'GRM155R61A106ME11D', 'Preferred', 'DNI'],
    [null, null, null, null, null, 'TDK', 'C1005X5R1A106M050BC', 'Preferred', null],
  ];

  test("the vendors' numbers are the part numbers and the vendors the makers; the rows under an item are its approved makers, not bought", async () => {
    expect(await rowsOf(list, true)).toEqual([
      [2, 'MCR01MZPF29R4', 1, 'line of Rohm'],
      [3, '', undefined, 'alternate'],
      [4, '', undefined, 'alternate'],
      [5, 'RC0402FR-071KL', 2, 'line of Yageo'],
      [6, '', undefined, 'alternate'],
      [7, '', undefined, 'dnp'],
      // A not-placed item's approved maker is not bought either: no line to buy that wants a count.
      [8, '', undefined, 'alternate'],
    ]);
  });

  test('a status column is no shop numbers, and the choice says which columns it took', () => {
    const read = readBom(list, { title: 'list' });
    expect(read.supplierColumns).toEqual([]);
    expect(read.mapping).toMatchObject({ partNumber: 6, manufacturer: 5 });
  });

  test('an export that names the makers "Vendor Name" is read so too', async () => {
    const named = list.map((row, r) => (r === 0 ? row.map((h) => (h === 'Vendor' ? 'Vendor Name' : h)) : row));
    expect((await rowsOf(named, true)).slice(0, 2)).toEqual([
      [2, 'MCR01MZPF29R4', 1, 'line of Rohm'],
      [3, '', undefined, 'alternate'],
    ]);
  });

  test("a Vendor column naming shops stays a shop's: its numbers are looked up as the shop's, never the makers'", () => {
    const shops: Cell[][] = [
      ['Qty', 'Part Number', 'Refdes', 'Vendor', 'Vendor Part Number'],
      [1, 'MCR01MZPF29R4', 'R1', 'Digi-Key', 'RHM29.4LCT-ND'],
      [2, 'RC0402FR-071KL', 'R2,R3', 'Mouser', '603-RC0402FR-071KL'],
      [1, 'GRM155R61A106ME11D', 'C1', 'Digi-Key', '490-10017-1-ND'],
    ];
    expect(makersNamedVendors(shops[0], shops.slice(1))).toBeUndefined();
    const read = readBom(shops, { title: 'list' });
    expect(read.mapping.partNumber).toBe(1);
    expect(read.supplierColumns).toEqual([4]);
  });
});

describe('words that leave the part to the buyer, and remarks and rows that buy nothing', () => {
  test("'Generic/Cheapest OK' and its kind are no part numbers; a maker's number beside them is one", () => {
    for (const text of [
      'Generic/Cheapest OK',
      'Generic/Cheapest OK (see notes)',
      'Cheapest OK',
      'Any equivalent',
      'Generic or similar',
      'generic, cheapest',
    ])
      expect({ text, none: isPlaceholder(text) }).toEqual({ text, none: true });
    for (const text of ['OK', 'Generic 10k', 'ANY-1234', 'SIMILAR2'])
      expect({ text, none: isPlaceholder(text) }).toEqual({ text, none: false });
  });

  test('a remark recording that a part was changed to not placed takes it off; a remark about another change does not', async () => {
    const cells: Cell[][] = [
      ['Qty', 'Board Designator', 'Description', 'Manufacturer Part Number', 'Remark'],
      [1, 'U2', 'I2C EEPROM', '24LC02BT-I/OT', 'change to DNI 20220528'],
      [1, 'U3', 'Fuel gauge', 'MAX17055ETB+T', 'Changed to DNP'],
      [1, 'U4', 'Buffer', 'SN74LVC1G07DCKR', 'changed to DNP on 2022-05-28'],
      [1, 'U5', 'Buffer', 'SN74LVC1G17DCKR', 'Changed to DNP (2022-05-28)'],
      [2, 'J1,J2', 'Connector', '1-1734839-4', 'Change to other connector'],
      [1, 'R1', 'Resistor', 'RC0402FR-071KL', 'set to 1k'],
    ];
    expect(await rowsOf(cells)).toEqual([
      [2, '', undefined, 'dnp'],
      [3, '', undefined, 'dnp'],
      [4, '', undefined, 'dnp'],
      [5, '', undefined, 'dnp'],
      [6, '1-1734839-4', 2, 'line'],
      [7, 'RC0402FR-071KL', 1, 'line'],
    ]);
  });

  test("EAGLE's short between two nets is copper of the board, not a part", async () => {
    const cells: Cell[][] = [
      ['Qty', 'Value', 'Device', 'Package', 'Parts', 'Description'],
      [1, 'LM358', 'LM358D', 'SO08', 'U1', 'Dual op amp'],
      [1, 'SHORT-HA5', 'SHORT-HA5', 'SHORT_ALL-50', 'SH1', 'Short between two nets'],
      // A part that makes a short is bought: the words are the whole description of EAGLE's short alone.
      [1, 'RC0603JR-070RL', 'R-EU_R0603', 'R0603', 'R9', '0 ohm resistor, short between two nets for rev A'],
    ];
    const read = await readBomCells(cells, { title: 'list' });
    expect(read.skipped.map((s) => [s.row + 1, s.reason])).toContainEqual([3, 'not-purchase']);
    expect(read.lines.map((l) => l.row + 1)).not.toContain(3);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber])).toContainEqual([4, 'RC0603JR-070RL']);
  });
});

describe('Markdown lists of what is needed', () => {
  /** The lines and listed lines of a page: [line, name or part number, count]. */
  async function pageRows(text: string): Promise<Array<[number, string, number | undefined]>> {
    const file = await parseBomFile('README.md', Buffer.from(text));
    const read = await readBomCells(file.cells, { title: 'README' });
    return [
      ...read.lines.map((l): [number, string, number | undefined] => [l.row + 1, l.partNumber, l.quantityPerBoard]),
      ...read.skipped
        .filter((s) => s.reason === 'incomplete')
        .map((s): [number, string, number | undefined] => [
          s.row + 1,
          s.detail.replace(/^.*?; "|"\).*$/g, ''),
          s.quantityPerBoard,
        ]),
    ].sort((a, b) => a[0] - b[0]);
  }

  test('a task list\'s boxes are no part of its items: "- [x] 2x pulsanti" counts two', async () => {
    const page = [
      '# Pulse board',
      'A board that makes one pulse per press.',
      '',
      '## Materiale occorrente',
      '- [x] 2x pulsanti microswitch SPST',
      '- [x] 2x resistenze 47Kohm',
      '- [ ] 4 x condensatori 100nF',
      '- [x] 2 x connettore Molex-KK 2P',
    ].join('\n');
    expect(await pageRows(page)).toEqual([
      [5, 'pulsanti microswitch SPST', 2],
      [6, 'resistenze 47Kohm', 2],
      [7, 'condensatori 100nF', 4],
      [8, 'connettore Molex-KK 2P', 2],
    ]);
  });

  test('under a heading that names a parts list the bullets are its parts, one of each where none is counted, the page around them no part of it', async () => {
    const page = [
      '# Smogometr',
      '',
      'Workshop materials: how to build an air sensor.',
      '',
      '## Wymagania sprzętowe',
      '',
      '* Moduł LoRa32u4II',
      '* Czujnik pyłu SDS011',
      '* 2x Kabel micro-USB',
      '',
      '## Oprogramowanie',
      '- Arduino IDE',
      '- Adafruit BME280 Library',
      '',
      '1. Podłącz moduł.',
    ].join('\n');
    expect(await pageRows(page)).toEqual([
      [7, 'Moduł LoRa32u4II', 1],
      [8, 'SDS011', 1],
      [9, 'Kabel micro-USB', 2],
    ]);
  });

  test('a headed list of counted items in sections reads as before, and an item under another stays its note', async () => {
    const sections = [
      '# Synth',
      '',
      '## Parts list:',
      '- 2x 10k resistor',
      '- 1x 100nF capacitor',
      '- 3x 1k resistor',
      '##### Diodes:',
      '- 1x 1N4148',
      '- 2x red LED',
      '- 1x 1N5819',
      '##### ICs:',
      '- 1x NE555',
      '- 1x LM358',
    ].join('\n');
    const read = (await pageRows(sections)).map((r) => r[1]);
    expect(read).toEqual(expect.arrayContaining(['1N4148', '1N5819', 'NE555', 'LM358']));
    const nested = [
      '## Materials needed',
      '- 1x ESP8266 D1 mini',
      '  - any clone works',
      '  - or NodeMCU',
      '- USB cable',
      '- DHT22 sensor',
    ].join('\n');
    expect((await pageRows(nested)).map((r) => [r[0], r[2]])).toEqual([
      [2, 1],
      [5, 1],
      [6, 1],
    ]);
  });

  test("a page's Hardware or Components section is no parts list: its bullets are features and modules", async () => {
    for (const heading of ['## Hardware', '## Components', '## Componentes', '## Parts']) {
      const page = [heading, '- 16 MB flash', '- parser', '- renderer'].join('\n');
      await expect(
        parseBomFile('README.md', Buffer.from(page)).then((f) => readBomCells(f.cells, { title: 'README' })),
      ).rejects.toThrow(/No part-number column found/);
    }
  });

  test('bullets under any other heading, few of them counted, are still no list', async () => {
    const page = ['# Notes', '', '## Ideas', '- a faster clock', '- 2x more buttons', '- a case'].join('\n');
    await expect(
      parseBomFile('README.md', Buffer.from(page)).then((f) => readBomCells(f.cells, { title: 'README' })),
    ).rejects.toThrow(/No part-number column found/);
  });
});

describe('a column of makers before their numbers, among values and types', () => {
  test('a quarter of its cells naming a known maker first is enough, a cell of two lines judged by its first', () => {
    const cells: Cell[][] = [
      ['Components', 'Description', 'Model', 'Total'],
      ['C1, C2', '2200 µF, 50 V', 'Panasonic EEU-FC1H222', 2],
      ['C3', '1 nF, C0G', 'TDK FA28C0G1H102JNU00\nVishay K102J15C0GF53H5H', 1],
      ['C4', '100 nF', 'Multicomp  MC0805B104K500A2.54MM', 1],
      ['R1', '10k, 1%', '?', 1],
      ['R2', '4.7k, 1%', '?', 1],
      ['D1', 'Diode', '1N4007', 1],
      ['D2', 'Diode', '1N4148', 1],
      ['Q1', 'NPN', 'BC547B', 1],
      ['Q2', 'PNP', 'BC640', 1],
      ['J1', 'Header', '1×36 pins', 1],
      ['U1', 'Regulator', 'TL431ACLP', 1],
    ];
    const read = readBom(cells, { title: 'list' });
    expect(read.lines.filter((l) => l.row === 1 || l.row === 3).map((l) => [l.partNumber, l.manufacturer])).toEqual([
      ['EEU-FC1H222', 'Panasonic'],
      ['MC0805B104K500A2.54MM', 'Multicomp'],
    ]);
  });

  test("one such cell is no habit of the column: an LED's number typed with a space is no maker 'IR'", () => {
    const cells: Cell[][] = [
      ['Ref', 'Part Number', 'Qty'],
      ['D1', 'IR 333-A', 1],
      ['U1', 'NE555P', 1],
      ['U2', 'LM358N', 1],
      ['Q1', '2N3904', 1],
    ];
    expect(readBom(cells, { title: 'list' }).lines[0].partNumber).toBe('IR 333-A');
  });
});
