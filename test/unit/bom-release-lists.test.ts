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
    expect(read.supplierColumns ?? []).toEqual([]);
    expect(read.mapping).toMatchObject({ partNumber: 6, manufacturer: 5 });
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
      [2, 'J1,J2', 'Connector', '1-1734839-4', 'Change to other connector'],
      [1, 'R1', 'Resistor', 'RC0402FR-071KL', 'set to 1k'],
    ];
    expect(await rowsOf(cells)).toEqual([
      [2, '', undefined, 'dnp'],
      [3, '', undefined, 'dnp'],
      [4, '1-1734839-4', 2, 'line'],
      [5, 'RC0402FR-071KL', 1, 'line'],
    ]);
  });

  test("EAGLE's short between two nets is copper of the board, not a part", async () => {
    const cells: Cell[][] = [
      ['Qty', 'Value', 'Device', 'Package', 'Parts', 'Description'],
      [1, 'LM358', 'LM358D', 'SO08', 'U1', 'Dual op amp'],
      [1, 'SHORT-HA5', 'SHORT-HA5', 'SHORT_ALL-50', 'SH1', 'Short between two nets'],
    ];
    const read = await readBomCells(cells, { title: 'list' });
    expect(read.skipped.map((s) => [s.row + 1, s.reason])).toContainEqual([3, 'not-purchase']);
    expect(read.lines.map((l) => l.row + 1)).not.toContain(3);
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

  test('bullets under any other heading, few of them counted, are still no list', async () => {
    const page = ['# Notes', '', '## Ideas', '- a faster clock', '- 2x more buttons', '- a case'].join('\n');
    await expect(
      parseBomFile('README.md', Buffer.from(page)).then((f) => readBomCells(f.cells, { title: 'README' })),
    ).rejects.toThrow(/No part-number column found/);
  });
});
