/**
 * Lists kept by hand for kits and small boards: a course kit's Markdown table whose count column has no header (and
 * counts taken from packs: "2 from 10 pack"), a Markdown bullet list of one item over several lines with its count
 * after it ("- **4 pcs.**") in sections of headings ending in colons, a kit page whose headed list follows an
 * overview in bullets, and a Korean shop's export ("상품번호" its own goods number, "BOM 수량" the count). Made-up
 * texts of those shapes; the real exports are in the corpus tests.
 */
import { bulletListCells } from '../../cli/bullet-list';
import { parseBomFile } from '../../cli/bomfile';
import { type Cell, readBom } from '../../src/bom';
import { matchHeader } from '../../src/bom/header';
import { parseQuantity } from '../../src/bom/quantity';
import { readBomCells } from '../../src/workflows/read-bom';

/** The lines read from a text file's cells as the command reads them: row (1-based), part number or '', count. */
async function linesOf(name: string, text: string): Promise<Array<[number, string, number]>> {
  const file = await parseBomFile(name, Buffer.from(text));
  const read = await readBomCells(file.cells, { title: name });
  return [
    ...read.lines.map((l): [number, string, number] => [l.row + 1, l.partNumber, l.quantityPerBoard]),
    ...read.skipped
      .filter((s) => s.reason === 'incomplete')
      .map((s): [number, string, number] => [s.row + 1, '', s.quantityPerBoard ?? 0]),
  ].sort((a, b) => a[0] - b[0]);
}

test.each([
  ['2 from 10 pack', 2, 10],
  ['1 from a 5-pack', 1, 5],
  ['2 out of a pack of 10', 2, 10],
])('a count taken from a pack, %p, is the count taken, loosely: the shop may sell the pack', (text, value, pack) => {
  expect(parseQuantity(text)).toEqual({
    kind: 'ok',
    value,
    text,
    estimated: true,
    note: `read as ${value}, taken from a pack of ${pack}: where the shop's number is the pack, buy packs`,
  });
});

test('a Markdown table whose last column of counts has no header: the counts are read, past blank rows', async () => {
  const text = [
    '| Description | Manufacturer | Manuf. part # | Distributor | Dist. part # |    |',
    '|-------------|--------------|---------------|-------------|--------------|----|',
    '| breadboard  | Adafruit     | 239           | Adafruit    | 239          | 1  |',
    '| 100 ohm resistor | Stackpole | CFR-25JB-52-100R | Digikey | CF12JT100RCT-ND | 10 |',
    '| jumper wires | Kitronik    | 2407          | Digikey     | 1927-1085-ND | 2 from 10 pack |',
    '|             |              |               |             |              |    |',
    '| microcontroller board | Adafruit | 5302   | Adafruit    | 5302         | 1  |',
    '',
    'In 2025 we assembled 137 kits; the cost per kit was $170.',
  ].join('\n');
  expect(await linesOf('kit.md', text)).toEqual([
    [3, '239', 1],
    [4, 'CFR-25JB-52-100R', 10],
    [5, '2407', 2],
    [7, '5302', 1],
  ]);
});

test.each([
  ['item numbers, gaps and all', [1, 2, 4, 7]],
  ['chip sizes', ['0603', '0805', '0402', '1206']],
])('a header-less column of %s is no count', (_kind, cells) => {
  const rows: Cell[][] = [
    ['MPN', 'Description', ''],
    ...cells.map((c, i): Cell[] => [['NE555P', 'LM358P', '1N4148', 'BC547B'][i], 'part', c]),
  ];
  expect(readBom(rows).mapping.quantity).toBeUndefined();
});

test('a header-less first column (where a list keeps its item numbers) is no count', () => {
  const rows: Cell[][] = [
    ['', 'MPN', 'Description'],
    [3, 'NE555P', 'timer'],
    [1, 'LM358P', 'op-amp'],
    [2, '1N4148', 'diode'],
  ];
  expect(readBom(rows).mapping.quantity).toBeUndefined();
});

test('a column of 1s under no header says nothing a default would not; a header-less column beside positions is not read so', () => {
  const ones: Cell[][] = [
    ['MPN', 'Description', ''],
    ['RC0603FR-0710KL', 'resistor', 1],
    ['GRM155R71C104KA88D', 'capacitor', 1],
    ['TPS62160DGKR', 'regulator', 1],
  ];
  expect(readBom(ones).mapping.quantity).toBeUndefined();
  const positions: Cell[][] = [
    ['MPN', 'Designator', ''],
    ['RC0603FR-0710KL', 'R1, R2', 7],
    ['GRM155R71C104KA88D', 'C1', 3],
    ['TPS62160DGKR', 'U1', 5],
  ];
  expect(readBom(positions).mapping.quantity).toBeUndefined();
});

describe('a Markdown bullet list, each item over several lines with its count after it', () => {
  const item = (name: string, search: string, count: string) => [
    `- ${name} (`,
    `[LCSC](https://lcsc.com/search?q=${search}) /`,
    `[EBAY](https://www.ebay.com/sch/i.html?_nkw=${search}&_sacat=0) ) - **${count}**`,
  ];
  const text = [
    '# Components list',
    '',
    '## Main module:',
    '',
    '##### Transistors:',
    ...item('MOSFET BF998, SOT143B', 'bf998', '1 pcs.'),
    '',
    '##### Capacitors:',
    ...item('100nF, 16V+, 0805', '100nf', '4 pcs.'),
    ...item('100pF, 16V+, 0805', '100pf', '1pcs.'),
    '',
    '##### Resistors:',
    ...['47R', '82R', '200R', '3k', '43k', '1M'].flatMap((r, i) => item(`${r}, 0805`, r, `${i === 4 ? 2 : 1} pcs.`)),
    '',
    '## Power feed unit:',
    '',
    '##### Diodes:',
    ...item('SS14, DO-214AC', 'ss14', '1 pcs.'),
    '',
    '##### Connectors:',
    ...item('SMA Female', 'sma', '2 pcs.'),
  ].join('\n');

  test("each item is one row at its bullet's line, its lines joined and its count taken from after it", () => {
    const rows = bulletListCells(text)!;
    expect(rows[5]).toEqual([
      'MOSFET BF998, SOT143B ( [LCSC](https://lcsc.com/search?q=bf998) / [EBAY](https://www.ebay.com/sch/i.html?_nkw=bf998&_sacat=0) )',
      '1',
    ]);
    expect(rows[6]).toEqual([]);
    // Headings above the first item are the title's; those between items stay rows of their own.
    expect(rows[4]).toEqual([]);
    expect(rows[9]).toEqual(['##### Capacitors:']);
  });

  test('the list is read across its sections, the second board included', async () => {
    expect((await linesOf('Components list.md', text)).map(([row, , n]) => [row, n])).toEqual([
      [6, 1],
      [11, 4],
      [14, 1],
      ...[19, 22, 25, 28, 31, 34].map((row, i) => [row, i === 4 ? 2 : 1]),
      [41, 1],
      [46, 2],
    ]);
  });
});

test('counted items above the first heading are the list: only an overview that mostly gives no count is left out', () => {
  const text = [
    '# Parts',
    '- 1x Raspberry Pi Pico',
    '- 1x OLED 128x64',
    '## Passives',
    '- 4x 10k',
    '- 2x 1k',
    '- 3x 100nF',
    '- 2x 10uF',
  ].join('\n');
  const rows = bulletListCells(text)!;
  expect(rows[1]).toEqual(['Raspberry Pi Pico', '1']);
  expect(rows[2]).toEqual(['OLED 128x64', '1']);
});

test("a link to a document is no item of one; a kit's size in words after an item is no count", () => {
  const text = [
    '## Parts',
    '- 2x 10k resistor',
    '- 3x 100nF capacitor',
    '- 1x NE555P',
    '- Resistor kit - 600 pcs',
    '- 1x LM358P',
    '- 2x 1N4148',
    '- 1x 9V battery clip',
    '## Documentation',
    '- [Schematic](hw/schematic.pdf)',
    '- [Datasheet](https://www.ti.com/lit/ds/symlink/ne555.pdf)',
  ].join('\n');
  const rows = bulletListCells(text)!;
  expect(rows[4]).toEqual(['Resistor kit - 600 pcs', '']);
  expect(rows[9]).toEqual(['[Schematic](hw/schematic.pdf)', '']);
  expect(rows[10]).toEqual(['[Datasheet](https://www.ti.com/lit/ds/symlink/ne555.pdf)', '']);
});

test("a kit page's overview of bags in bullets is no part of the list its headings give; a linked item is one of it", () => {
  const text = [
    '# Kit',
    '',
    'Note which bag each component is stored in:',
    ' - bag 1: passive components',
    ' - bag 2: modules',
    '   - 2 x Pico W processors',
    '   - OLED display',
    '',
    'A complete list of the kit components is below.',
    '',
    '## Passive Components',
    '',
    '- 2 x 10KΩ resistors (0.5W)',
    '- 1 x 470μF electrolytic capacitor (25V)',
    '- 1 x [NTC thermistor](datasheets/thermistor.pdf)',
    '',
    '## Modules',
    '',
    '- 2 x [Raspberry Pi Pico W](Pico.md)',
    '- [analog joystick](https://www.adafruit.com/product/512)',
    '- [OLED display](https://www.adafruit.com/product/4440)',
  ].join('\n');
  const rows = bulletListCells(text)!;
  expect(rows.slice(0, 10).every((r) => r.length === 0)).toBe(true);
  expect(rows[12]).toEqual(['10KΩ resistors (0.5W)', '2']);
  expect(rows[19]).toEqual(['[analog joystick](https://www.adafruit.com/product/512)', '1']);
});

test("a Korean shop's goods number is its own, not the maker's part number; 'BOM 수량' and 'BOM Qty' are the count", () => {
  expect(matchHeader('상품번호')).toBeNull();
  expect(matchHeader('부품번호')).toEqual({ field: 'partNumber', strength: 3 });
  expect(matchHeader('BOM 수량')).toEqual({ field: 'quantity', strength: 3 });
  expect(matchHeader('BOM Qty')).toEqual({ field: 'quantity', strength: 3 });
  const read = readBom([
    ['상품번호', '상품명', '제조사', '단가 (단위:원)', 'BOM 수량'],
    [8218870, '[해외] CRCW12062K70JNEA', 'Vishay Dale', 120, 4],
    [8246528, '[해외] CRCW1206100RFKEA', 'Vishay Dale', 120, 6],
    [7585345, '[해외] 293D104X9035A2TE3', 'Vishay Sprague', 300, 5],
  ]);
  expect(read.mapping.partNumber).toBeUndefined();
  expect(read.mapping.quantity).toBe(4);
  expect(read.lines.map((l) => l.quantityPerBoard)).toEqual([4, 6, 5]);
});

test("a shop's product name gives the maker's number in square brackets, first or last; a word in them is none", () => {
  const read = readBom([
    ['Name', 'Maker', 'Qty'],
    ['[5R3UC2-06] 5파이 LED - 슈퍼고휘도 [투명/빨강]', 'DAKWANG', 2],
    ['ADXL345 가속도센서 모듈 [SZH-EK054]', 'SMG', 1],
    ['[해외] 스위치', 'Omron', 1],
    ['Kit [3.3V]', 'Generic', 1],
  ]);
  expect(read.lines.map((l) => [l.row + 1, l.partNumber])).toEqual([
    [2, '5R3UC2-06'],
    [3, 'SZH-EK054'],
  ]);
});

test("a Korean shop's goods number is listed, never looked up; the maker's number after the shop's tag ('[해외]') is read", () => {
  const read = readBom([
    ['상품번호', '상품명', '제조사', 'BOM 수량'],
    [12400354, '[해외] SN65HVD1050DR', 'Texas Instruments', 1],
    [8218870, '[해외상품] CRCW12062K70JNEA', 'Vishay Dale', 4],
    [27492, 'ST-LINK/V2', 'STMicroelectronics', 1],
  ]);
  expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
    [2, 'SN65HVD1050DR', 1],
    [3, 'CRCW12062K70JNEA', 4],
  ]);
  const listed = read.skipped.filter((s) => s.reason === 'incomplete');
  expect(listed.map((s) => s.row + 1)).toEqual([4]);
  expect(listed[0].detail).toContain("the shop's goods number 27492");
});

test("a 'Notes:' heading after the list, no line under it, keeps the notes and a revision table below out of it", () => {
  const read = readBom([
    ['Qty', 'MPN', 'Description'],
    [2, 'RC0603FR-0710KL', 'resistor 10k'],
    [1, 'NE555DR', 'timer'],
    [1, 'LM358DR', 'op-amp'],
    ['Notes:'],
    [],
    ['Revision history'],
    [],
    ['Rev', 'Date', 'Change'],
    [2, '2023-04-01', 'Swapped U3'],
  ]);
  expect(read.lines.map((l) => l.partNumber)).toEqual(['RC0603FR-0710KL', 'NE555DR', 'LM358DR']);
  expect(read.skipped.filter((s) => s.reason === 'incomplete')).toEqual([]);
});
