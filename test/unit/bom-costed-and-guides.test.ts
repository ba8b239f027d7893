/**
 * Costed lists, ERP lists and build guides: a costing sheet's "Product" column of shops' codes beside a "Supplier"
 * column (Rapid's "20-0157", Farnell's numbers), a build guide's parts in fenced code blocks of comma-separated
 * records, gEDA's partslist3 whose header starts with "..", a Bulgarian ERP list's kind words before makers' numbers
 * ("SMD ИС GL850G", "SMD ТРАНЗИСТОР SOT23 BSS138 FET") under which a "List of d.n.p. components" heading stands right
 * under a line, a package in brackets after a number ("(TBGA100)"), a value described in words ("4.7uF 50V 0805
 * CERAMIC CAPACITOR"), and the words of a list whose only shop numbers are LCSC's. Made-up texts of those shapes; the
 * real exports are in the corpus tests.
 */
import { parseBomFile } from '../../cli/bomfile';
import { fencedBlockCells } from '../../cli/fenced-blocks';
import { type Cell, readBom } from '../../src/bom';
import { explainFields } from '../../src/bom/explain';
import { notFittedHeadingAlone } from '../../src/bom/more-tables';
import { numberAfterKindWords } from '../../src/bom/kind-then-number';
import { PIN_COUNT } from '../../src/bom/column-content';
import { isShopCode } from '../../src/bom/part-cells';
import { isKindWords, numberOfName } from '../../src/bom/row-kinds';
import { readBomCells } from '../../src/workflows/read-bom';
import { rowsOf } from '../helpers/bom-rows';

describe("a costing sheet's Product column beside the Supplier of each row", () => {
  const header = ['Component name', 'Quantity', 'Cost', 'Product', 'Supplier', 'Unit cost'];

  test("its codes are the shops' numbers, Rapid's two digits, a dash and four among them", async () => {
    const cells: Cell[][] = [
      header,
      ['3.5mm jack socket', 3, 1.04, '20-0157', 'rapid', 0.35],
      ['Terminal block 3 way', 8, 1.52, '21-3001', 'rapid', 0.19],
      ['2 way header', 3, 0.06, 1593411, 'farnell', 0.02],
      ['100nF', 7, 0.16, '08-0235', 'rapid', 0.02],
      ['LED', 1, 0.1, '', 'farnell', 0.1],
    ];
    expect(await rowsOf(cells)).toEqual([
      [2, '20-0157', 3, 'line'],
      [3, '21-3001', 8, 'line'],
      [4, '1593411', 3, 'line'],
      [5, '08-0235', 7, 'line'],
      [6, '', 1, 'incomplete'],
    ]);
  });

  test("a Product column of names is no shop's numbers, nor one with no column naming the shop", async () => {
    const names: Cell[][] = [
      header,
      ['Jack', 3, 1.04, 'Stereo jack socket', 'rapid', 0.35],
      ['Block', 8, 1.52, 'Terminal block', 'rapid', 0.19],
      ['Header', 3, 0.06, 'Pin header 2 way', 'farnell', 0.02],
    ];
    expect((await rowsOf(names)).map((r) => r[1])).toEqual(['', '', '']);
    const noShop: Cell[][] = [
      ['Component name', 'Quantity', 'Product', 'Notes'],
      ['Jack', 3, '20-0157', ''],
      ['Block', 8, '21-3001', ''],
      ['Header', 3, '22-0690', ''],
    ];
    expect((await rowsOf(noShop)).map((r) => r[1])).toEqual(['', '', '']);
  });

  test("a Stock column beside the shop counts what the shop holds: no shop's numbers", async () => {
    const cells: Cell[][] = [
      ['Supplier', 'Description', 'Qty', 'Unit price', 'Stock'],
      ['Rapid', 'Voltage regulator', 1, 0.45, 12500],
      ['Rapid', 'Electrolytic capacitor', 2, 0.1, 48210],
      ['Farnell', 'Red LED', 1, 0.08, 120400],
    ];
    expect((await rowsOf(cells)).map((r) => r[1])).toEqual(['', '', '']);
  });

  test("the shape is a shop's code only in a shop's column: a price break's range is none", () => {
    expect(isShopCode('20-0157')).toBe(true);
    expect(isShopCode('100-499')).toBe(false);
    expect(isShopCode('1-24')).toBe(false);
  });
});

describe("a build guide's parts in fenced code blocks", () => {
  const page = [
    '# Build details', // 1
    '',
    'Part numbers are given in this format:',
    '```',
    'QUANTITY,PART NUMBER,REF DES', // 5
    '```',
    '',
    '### Part 1: specific parts',
    '',
    'These are hard to substitute:', // 10
    '```',
    '2,ATB322524-0110-T000,T1 T2',
    '1,MM3Z18VB,D7',
    '```',
    '', // 15
    'NOTES:',
    '* If you cannot find MM3Z18VB, try another zener.',
    '',
    '### Part 2: generic parts',
    '', // 20
    '```',
    '2,AO3422,Q3 Q4',
    '4,SM4005PL-TP,D1 D3 D4 D5',
    '2,10R 0603 RESISTOR,R3 R7',
    '```', // 25
    '',
    'Then assemble the board.',
  ].join('\n');

  test('each record is a line at its line of the page, under the names of the first block', async () => {
    const file = await parseBomFile('README.md', Buffer.from(page));
    expect(await rowsOf(file.cells)).toEqual([
      [12, 'ATB322524-0110-T000', 2, 'line'],
      [13, 'MM3Z18VB', 1, 'line'],
      [22, 'AO3422', 2, 'line'],
      [23, 'SM4005PL-TP', 4, 'line'],
      [24, '', 2, 'incomplete'],
    ]);
  });

  test("a page's bullet list of counted items is read as one, its code blocks of code or wiring passed over", async () => {
    const bullets = [
      '# Blinky',
      '- 2x LED 5mm red',
      '- 2x 220R resistor',
      '- 1x ATMEGA328P-PU',
      '- 1x 16MHz crystal',
      '- 2x 22pF capacitor',
      '```',
      'pinMode(2, OUTPUT);',
      'pinMode(3, OUTPUT);',
      'digitalWrite(2, HIGH);',
      'digitalWrite(3, LOW);',
      'analogWrite(5, 128);',
      'Serial.begin(9600);',
      '```',
      '```',
      'D2, LED1 anode',
      'D3, LED2 anode',
      'D4, button',
      'D5, buzzer',
      'GND, common',
      '```',
    ].join('\n');
    const file = await parseBomFile('README.md', Buffer.from(bullets));
    expect(file.warnings.join(' ')).toMatch(/bullet list/);
    expect(fencedBlockCells(bullets)).toBeNull();
  });

  test('a page whose code blocks hold code, not records, is no such list', () => {
    const code = [
      '# Setup',
      '```sh',
      'git clone https://example.org/repo.git',
      'cd repo && make',
      'sudo make install',
      '```',
      '```c',
      'int main(void) { return 0; }',
      '```',
    ].join('\n');
    expect(fencedBlockCells(code)).toBeNull();
    // Too few records to be a list; a block left open.
    expect(fencedBlockCells('```\n1,LM358,U1\n2,NE555,U2\n```')).toBeNull();
    expect(fencedBlockCells('```\n1,A1,U1\n1,A2,U2\n1,A3,U3\n1,A4,U4\n1,A5,U5\n')).toBeNull();
  });
});

test("gEDA's partslist3 header starting with '..', between .START and .END lines, is read", async () => {
  const text = [
    '.START',
    '..device             value    footprint   quantity  refdes',
    'AM26C31              unknown  DIP16       3         U11 U12 U13',
    'CAPACITOR            100n     ACY200      2         C1 C2',
    'RESISTOR             1k       ACY400      1         R1',
    '.END',
  ].join('\n');
  const file = await parseBomFile('board.bom', Buffer.from(text));
  const read = readBom(file.cells);
  expect(read.headerRow).toBe(1);
  expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s.quantityPerBoard])).toEqual([
    [3, 3],
    [4, 2],
    [5, 1],
  ]);
});

describe("an ERP list's names in Bulgarian", () => {
  test.each([
    ['SMD ИС GL850G', 'GL850G'],
    ['SMD ТРАНЗИСТОР SOT23 BSS138 FET', 'BSS138'],
    ['SMD ДИОД 1N5822 (SS34) SMA', '1N5822'],
    ['SMD ВАРИСТОР SMBJ6.0', 'SMBJ6.0'],
    ['SMD ИС TS4871ID-LF', 'TS4871ID-LF'],
    ['Микроконтролер STM32F103C8T6', 'STM32F103C8T6'],
    ['PTH Diode 1N5822 40V', '1N5822'],
  ])('%p names its maker number %p after how it is mounted and its kind', (name, number) => {
    expect(numberAfterKindWords(name)).toBe(number);
  });

  test.each([
    'SMD РЕЗ 0402 10 K 1%',
    'SMD КОНД 0402 100 NF 10% 10VDC',
    'SMD LED 0603 RED',
    'SMD ИС MT3608 (SOT23-6)',
    'SMD СЪЕДИНИТЕЛ FPV-WZA21-06-LF (TERES)',
  ])('%p names no number to take: a value, a colour, a family with its package, a connector', (name) => {
    expect(numberAfterKindWords(name)).toBeNull();
  });

  test('a "List of d.n.p. components" heading right under a line: the rows under it are not bought', async () => {
    const cells: Cell[][] = [
      ['Designation', 'Quantity', 'Designator', 'Package'],
      ['SMD ИС GL850G', 1, 'U12', 'SSOP28'],
      ['SMD ДИОД 1N5822', 3, 'D2,D3,D4', 'SMA'],
      ['List of d.n.p. components'],
      ['RCLAMP0524P(SLP2510P8)', 5, 'U4,U7,U8,U10,U15', 'SLP2510P8'],
      ['(na)100K', 2, 'R16,R17', 'R_0402'],
    ];
    expect(await rowsOf(cells)).toEqual([
      [2, 'GL850G', 1, 'line'],
      [3, '1N5822', 3, 'line'],
      [4, '', undefined, 'no-part-number'],
      [5, '', undefined, 'dnp'],
      [6, '', undefined, 'dnp'],
    ]);
  });

  test("a note under a line that begins with DNP is the line's note: the lines below it are bought", async () => {
    const cells: Cell[][] = [
      ['Qty', 'Designator', 'Value', 'MPN', 'Description'],
      [1, 'R1', '10k', 'RC0603FR-0710KL', 'Resistor'],
      ['', '', '', '', 'DNP for 3V3 build'],
      [1, 'C1', '100n', 'GRM188R71C104KA01D', 'Capacitor'],
      [1, 'U1', '', 'ATMEGA328P-AU', 'MCU'],
    ];
    const read = await readBomCells(cells, { title: 'list' });
    expect(read.lines.map((l) => l.partNumber)).toEqual(['RC0603FR-0710KL', 'GRM188R71C104KA01D', 'ATMEGA328P-AU']);
  });

  test('a one-cell row under a line that says nothing of buying stays what it was: a wrapped name', async () => {
    const cells: Cell[][] = [
      ['Designation', 'Quantity', 'Designator'],
      ['SMD ИС GL850G', 1, 'U12'],
      ['USB hub controller'],
      ['SMD ДИОД 1N5822', 3, 'D2,D3,D4'],
    ];
    const read = await readBomCells(cells, { title: 'list' });
    expect(read.lines.map((l) => [l.row + 1, l.partNumber])).toEqual([
      [2, 'GL850G'],
      [4, '1N5822'],
    ]);
    expect(read.skipped.find((s) => s.row === 2)?.detail).toMatch(/^continues the item of row 2/);
  });
});

test('a package in brackets after a number is never the number: "(TBGA100)", "(FBGA-96)"', () => {
  expect(numberOfName('MTFC4GACAANA-4M_IT(TBGA100)')).toBeNull();
  expect(numberOfName('Memory chip (FBGA-96)')).toBeNull();
  expect(numberOfName('LDPE Tubing (8010-0125)')).toBe('8010-0125');
});

test('a value described in words names a kind of part, no number: "4.7uF 50V 0805 CERAMIC CAPACITOR"', () => {
  expect(isKindWords('4.7uF 50V 0805 CERAMIC CAPACITOR')).toBe(true);
  expect(isKindWords('100nF 0603 CERAMIC CAPACITOR')).toBe(true);
  // A maker's number among the words keeps the cell a number's.
  expect(isKindWords('GRM188R71H104KA93D CAPACITOR')).toBe(false);
});

describe("the words of a list whose only shop numbers are a shop's own catalogue's", () => {
  test("LCSC's codes alone: the lines are listed with them, not looked up", () => {
    const read = readBom([
      ['Comment', 'Designator', 'Quantity', 'LCSC Part #'],
      ['10k', 'R1,R2', 2, 'C25804'],
      ['100nF', 'C1', 1, 'C14663'],
      ['LED', 'D1', 1, 'C2286'],
    ]);
    expect(read.warnings.find((w) => w.code === 'part-number-column')?.message).toMatch(
      /listed with its shop's own number \("LCSC Part #"\)/,
    );
    expect(explainFields(read).find((f) => f.field === 'partNumber')?.why).toMatch(/^none: each line is listed/);
  });

  test("a column of Digi-Key's codes beside LCSC's: those are looked up, LCSC's listed, and the words say which", () => {
    const read = readBom([
      ['Comment', 'Designator', 'Quantity', 'Digikey', 'LCSC'],
      ['10k', 'R1,R2', 2, '311-10.0KHRCT-ND', 'C25804'],
      ['100nF', 'C1', 1, '1276-1000-1-ND', 'C14663'],
      ['LED', 'D1', 1, '160-1446-1-ND', 'C2286'],
    ]);
    expect(read.warnings.find((w) => w.code === 'part-number-column')?.message).toBe(
      'No manufacturer part-number column: each line is looked up by its distributor number ("Digikey"); numbers ' +
        'that name parts in one shop\'s catalogue alone ("LCSC") are listed with their lines, not looked up.',
    );
  });

  test("one column of Digi-Key's codes alone: looked up, no word of LCSC", () => {
    const read = readBom([
      ['Comment', 'Designator', 'Quantity', 'Digikey'],
      ['10k', 'R1,R2', 2, '311-10.0KHRCT-ND'],
      ['100nF', 'C1', 1, '1276-1000-1-ND'],
    ]);
    expect(read.warnings.find((w) => w.code === 'part-number-column')?.message).toBe(
      'No manufacturer part-number column: each line is looked up by its distributor number ("Digikey").',
    );
  });
});

describe("a kit's Markdown table of things named in words", () => {
  const page = [
    '### Common parts', // 1
    '',
    '|  **Part** | **Quantity** | **Cost** | **URL** |',
    '| --- | --: | --: | --- |',
    '| Jetson Nano | 1 |  $99.00 | [NVIDIA](https://example.org/nano) |', // 5
    '| Motor | 2 | $5.90 | [Adafruit](http://adafru.it/3777) |',
    '| Battery | 1 | $15.99 | [Amazon](https://amzn.to/2WRcIUe) |',
    '| *PiOLED* display | 1 | $14.95 | [Adafruit](http://adafru.it/3527) |',
    '| TB6612FNG | 1 | $4.95 | [Adafruit](http://adafru.it/2448) |',
  ].join('\n');

  test("a rule of short dashes beside colons ('--:') makes it a table; its emphasis is its text", async () => {
    const file = await parseBomFile('bom.md', Buffer.from(page));
    expect(file.cells[7]).toContain(' PiOLED display ');
  });

  test("a word in small letters ('Motor', 'Battery') is a name, no part number to look up", async () => {
    const file = await parseBomFile('bom.md', Buffer.from(page));
    const rows = await rowsOf(file.cells);
    expect(rows.filter((r) => r[3] === 'line').map((r) => r[1])).toEqual(['TB6612FNG']);
    expect(rows.filter((r) => r[3] === 'incomplete').map((r) => r[0])).toEqual([5, 6, 7, 8]);
  });
});

test.each(['6P-2.54', '4P-2.0', '2X10P-2.54', '3-pin'])("%p counts a connector's pins: no part number", (text) => {
  expect(PIN_COUNT.test(text)).toBe(true);
});

describe("round 60's review", () => {
  test("a build guide's parts in a code block are read, a tools list in bullets beside them none of it", async () => {
    const page = [
      'Tools:',
      '- 1x soldering iron',
      '- 2x helping hands',
      '- 1x multimeter',
      '- 1x flush cutter',
      '',
      'Parts:',
      '```',
      '2,AO3422',
      '4,RC0603FR-0710KL',
      '1,LM1117IMPX-3.3',
      '1,ATMEGA328P-AU',
      '2,MBR0520LT1G',
      '```',
    ].join('\n');
    const file = await parseBomFile('guide.md', Buffer.from(page));
    expect((await rowsOf(file.cells)).filter((r) => r[3] === 'line').map((r) => [r[1], r[2]])).toEqual([
      ['AO3422', 2],
      ['RC0603FR-0710KL', 4],
      ['LM1117IMPX-3.3', 1],
      ['ATMEGA328P-AU', 1],
      ['MBR0520LT1G', 2],
    ]);
  });

  test("a wiring table's pin numbers or an array's numbers in code blocks are no parts list", () => {
    const wiring = ['```', 'SDA, 21, display data', 'SCL, 22, display clock', 'BTN, 0, button', 'LED, 2, status'];
    expect(fencedBlockCells([...wiring, 'BUZ, 4, buzzer', '```'].join('\n'))).toBeNull();
    expect(
      fencedBlockCells(
        ['```c', '0, 1, 2, 3,', '4, 5, 6, 7,', '8, 9, 10, 11,', '12, 13, 14,', '16, 17,', '```'].join('\n'),
      ),
    ).toBeNull();
  });

  test.each([
    ['Nicht bestückte Bauteile', true],
    ['No montar componentes', true],
    ['DNP (not fitted)', true],
    ['DNP / NC', true],
    ['DNP for 3V3 build', false],
    ['Not fitted on rev B', false],
  ])('%p right under a line: a not-fitted heading, %p', (heading, alone) => {
    expect(notFittedHeadingAlone(heading)).toBe(alone);
  });

  test('strong emphasis inside a number and underscores at its edges are the number; an asterisk in brackets stays', async () => {
    const text = [
      '| Part | Qty |',
      '| --- | --: |',
      '| LI-IMX219-MIPI-FF-NANO-**H145** | 1 |',
      '| _NE555_ | 2 |',
      '| (*) 1N5819 (*) | 1 |',
    ].join('\n');
    const file = await parseBomFile('bom.md', Buffer.from(text));
    expect(file.cells.slice(2).map((r) => r[1])).toEqual([
      ' LI-IMX219-MIPI-FF-NANO-H145 ',
      ' NE555 ',
      ' (*) 1N5819 (*) ',
    ]);
  });

  test('an LCSC column whose cells give more than a code is listed, as its lines are: nothing is looked up', () => {
    const read = readBom([
      ['Comment', 'Designator', 'Quantity', 'Supplier PN'],
      ['10k', 'R1', 1, 'C25804'],
      ['1k', 'R2', 1, 'C21190, C11702'],
      ['LED', 'D1', 1, 'C19702 (basic)'],
    ]);
    expect(read.warnings.find((w) => w.code === 'part-number-column')?.message).toMatch(/: each line is listed with/);
  });
});

test("a value column's pin counts with their pitch are listed for a part number, never looked up", async () => {
  const cells: Cell[][] = [
    ['Part', 'Value', 'MPN'],
    ['J2', '6P-2.54', ''],
    ['J3', '2X10P-2.54', ''],
    ['U1', 'ATMEGA328P-AU', 'ATMEGA328P-AU'],
  ];
  const rows = await rowsOf(cells);
  expect(rows.filter((r) => r[3] === 'line').map((r) => r[1])).toEqual(['ATMEGA328P-AU']);
  expect(rows.filter((r) => r[1] === '6P-2.54' || r[1] === '2X10P-2.54')).toEqual([]);
});
