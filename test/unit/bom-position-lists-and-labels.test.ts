/**
 * Lists with no header: values beside the positions they fill (a spreadsheet's two columns), and a hand-typed text
 * of positions each lined up beside its description; a README whose parts table comes after long tables of
 * pin-outs; a description's last field naming a maker and its number, or an orderable number standing alone in it;
 * a fixed-width header whose column's text stands a character or two right of its name; a label before a part
 * number ("Art.-no.", "Mouser No:"); "Pieces" as the count.
 */
import { type Cell, readBom } from '../../src/bom';
import { parseDelimited } from '../../cli/bomfile';
import { positionsBesideText } from '../../cli/fixed-width';

const linesOf = (grid: Cell[][]) => readBom(grid).lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]);
/** The lines to buy with no part number: row and count. */
const listedOf = (grid: Cell[][]) =>
  readBom(grid)
    .skipped.filter((s) => s.reason === 'incomplete')
    .map((s) => [s.row + 1, s.quantityPerBoard]);

describe('values beside their positions, no header', () => {
  const VALUES: Cell[][] = [
    ['10uF', 'C10,C13,C12,C11'],
    ['0.1uF', 'C3,C8,C1'],
    ['1N4148', 'D1,D2'],
    ['470 Ω', 'R3'],
    ['JOYSTICK-A', 'JY1'],
  ];

  test('each row is a line to buy counted by its positions, listed for a part number', () => {
    expect(listedOf(VALUES)).toEqual([
      [1, 4],
      [2, 3],
      [3, 2],
      [4, 1],
      [5, 1],
    ]);
  });

  test('a list of positions with nothing beside them, or too few rows, is still refused', () => {
    expect(() => readBom(VALUES.map((r) => ['', r[1]]))).toThrow(/No part-number column/);
    expect(() => readBom(VALUES.slice(0, 2))).toThrow(/No part-number column/);
  });
});

describe('a hand-typed list of positions lined up beside their descriptions', () => {
  const TEXT = [
    'Clock Bill of Materials',
    '=======================',
    '',
    'BT1                     12mm coin cell holder, SMD, Linx BAT-HLD-012-SMT',
    'C1, C2, C3              0.1uF multilayer ceramic capacitor, 16V or higher, 0603',
    'C7                      10uF tantalum capacitor, 20V, 1210, AVX TAJB106K020RNJV',
    'R1, R2, R3, R4, R5      910 ohm resistor, 1/8 watt, 1206',
    'U1, U2, U3, U4          Display driver, ST STP16CP05MTR',
    'U6                      Real-time clock, NXP PCF2129AT/2,518',
    '',
    '(J203 omitted)',
    '',
  ].join('\n');

  test('is cut where the descriptions start, under its title', () => {
    expect(positionsBesideText(TEXT)).toEqual({ header: 3, starts: [0, 24] });
    const { cells } = parseDelimited(TEXT);
    expect(cells[4]).toEqual(['C1, C2, C3', '0.1uF multilayer ceramic capacitor, 16V or higher, 0603']);
  });

  test("a description's last field naming a known maker and its number gives the part; a value's none", () => {
    const { cells } = parseDelimited(TEXT);
    expect(linesOf(cells)).toEqual([
      [4, 'BAT-HLD-012-SMT', 1],
      [6, 'TAJB106K020RNJV', 1],
      [8, 'STP16CP05MTR', 4],
      [9, 'PCF2129AT/2,518', 1],
    ]);
    expect(listedOf(cells)).toEqual([
      [5, 3],
      [7, 5],
    ]);
  });

  test('a text whose second field holds no positions, or a CSV padded with spaces, is no such list', () => {
    expect(positionsBesideText(TEXT.replace(/^([A-Z]\d)/gm, 'Item$1'))).toBeNull();
    const padded = ['R1      ,10k     ,0603', 'R2      ,1k      ,0603', 'C1      ,1u      ,0603'];
    expect(positionsBesideText([...padded, ...padded].join('\n'))).toBeNull();
    const prose = ['Resistors  are cheap.', 'Capacitors  are too.', 'So are  many things', 'And  more', 'Yes  yes'];
    expect(positionsBesideText(prose.join('\n'))).toBeNull();
  });
});

describe('a README whose parts table comes after tables of pin-outs', () => {
  const pinout = (n: number): Cell[][] => [
    ['Pin', 'Signal Name', 'Description'],
    ['---', '---', '---'],
    ...Array.from({ length: n }, (_, i): Cell[] => [`J5-${i + 1}`, `A${i}`, `Address A${i}; Output`]),
    [],
  ];
  const PAGE: Cell[][] = [
    ['# Easy board'],
    [],
    ...pinout(12),
    ...pinout(40),
    ['## Bill of materials'],
    ['Component type', 'Reference', 'Description', 'Quantity', 'Possible sources and notes'],
    ['---', '---', '---', '---', '---'],
    ['Integrated Circuit', 'U1', 'Z80 CPU - Z84C0010PEG', 1, 'Mouser 692-Z84C0010PEG'],
    ['Integrated Circuit', 'U7, U8', 'RS-232 Driver - MAX232A', 2, 'Mouser 595-TRS202EIN'],
  ];

  test('the pin-out tables, each counted as one row of the search, leave the parts table within it', () => {
    const read = readBom(PAGE);
    expect(read.headerRow).toBe(PAGE.findIndex((r) => r[0] === 'Component type'));
    expect(read.lines.length + read.skipped.filter((s) => s.reason === 'incomplete').length).toBe(2);
  });

  test('rows of data past the search are still not searched for a header', () => {
    const far: Cell[][] = [
      ...Array.from({ length: 40 }, (_, i): Cell[] => [`note ${i}`, 'x']),
      ['Reference', 'Quantity', 'MPN'],
      ['U1', 1, 'Z84C0010PEG'],
    ];
    expect(() => readBom(far)).toThrow(/No part-number column/);
  });
});

describe('numbers named in a description, and labels before a number', () => {
  test('an orderable number alone in a description of a list with no part-number column is the part', () => {
    const grid: Cell[][] = [
      ['#', 'RefDes', 'Value', 'Name', 'Quantity', 'Description'],
      [1, 'C1, C2', '0.1u', 'CAP_0805', 2, '>= 6V, 10%'],
      [2, 'U2', '', 'STM32F070F6Px', 1, 'STM32F070F6P6'],
      [3, 'U3', '', 'REG', 1, 'LM2664'],
    ];
    expect(linesOf(grid)).toEqual([[3, 'STM32F070F6P6', 1]]);
  });

  test('a label before the number is left out; a distributor named in it keeps the code as written', () => {
    const grid: Cell[][] = [
      ['Company', 'part number', 'pieces', 'description'],
      ['WÜRTH', 'Art.-no. 046803830', 2, 'O-ring'],
      ['Mouser', ' Mouser No: 999-P5-V52122 ', 1, 'Pushbutton'],
      ['Maker', 'P/N: ABC-12345', 3, 'Part'],
      ['Maker', 'Part of the kit', 1, 'Words'],
    ];
    expect(linesOf(grid).slice(0, 3)).toEqual([
      [2, '046803830', 2],
      [3, '999-P5-V52122', 1],
      [4, 'ABC-12345', 3],
    ]);
    expect(readBom(grid).warnings.map((w) => w.message)).toContain(
      'Row 2: part number "Art.-no. 046803830": the label "Art.-no." was left out',
    );
  });
});

describe("a shop's name before its product link", () => {
  test('"Mouser [code](link)" names the part bought, a note after it or not; a word that names no shop does not', () => {
    const link = (code: string) => `[${code}](https://www.mouser.com/ProductDetail/${code})`;
    const grid: Cell[][] = [
      ['Component type', 'Reference', 'Description', 'Quantity', 'Possible sources and notes'],
      ['Integrated Circuit', 'U1', 'Z80 CPU', 1, `Mouser ${link('692-Z84C0010PEG')}`],
      ['Integrated Circuit', 'U6', 'Supervisor', 1, `Mouser ${link('584-ADM693ANZ')}; Possible alternatives: MAX693`],
      ['Integrated Circuit', 'U9', 'Logic', 1, `Perhaps ${link('556-AF16V8B15PU')}`],
    ];
    expect(linesOf(grid)).toEqual([
      [2, '692-Z84C0010PEG', 1],
      [3, '584-ADM693ANZ', 1],
    ]);
  });
});

describe('a fixed-width header whose text stands right of its names', () => {
  test('"Quantity Comment" one space apart are two columns when the comments start two characters in', () => {
    const text = [
      'No.   Quantity Comment           Designator     General Description',
      '1          2      2x20                          right angle connectors',
      '2          6     100nF            C1,C2,C3,C4   decoupling caps',
      '3          1     ATF16V8C-7PU     U5',
      '4          1     TLV1117LV33DCYR  U7            SOT-223',
      '5          5     74HCT245         U1,U2,U3      or 74HC245',
      '',
      'BOM list for CPU Module:',
      '1          1     HDR 2x3          H1            headers',
    ].join('\n');
    const { cells } = parseDelimited(text);
    expect(cells[0]).toEqual(['No.', 'Quantity', 'Comment', 'Designator', 'General Description']);
    expect(cells[3].slice(1, 4)).toEqual(['1', 'ATF16V8C-7PU', 'U5']);
  });
});

describe('lists of positions that are no BOM', () => {
  test("a netlist's nets beside their pins, or a pin map of one pin a row, is not read as lines to buy", () => {
    const netlist: Cell[][] = [
      ['GND', 'U1-4,C1-2,C3-1'],
      ['VCC', 'U1-8,C1-1,R1-1'],
      ['RESET', 'U1-1,R1-2'],
      ['SDA', 'U1-5,J1-3'],
    ];
    expect(() => readBom(netlist)).toThrow(/No part-number column/);
    const pins = [
      'Pin assignments for the controller',
      '',
      'D2    Button, pulled up internally',
      'D3    PWM output, LED strip',
      'A0    Battery voltage, divider 1:2',
      'D13   Status LED, on board',
      'D4    Buzzer, active',
      'A1    Light sensor, LDR',
    ].join('\n');
    expect(positionsBesideText(pins)).toBeNull();
  });

  test("a description's maker and series alone is no part to buy: the line is listed for a number", () => {
    const grid: Cell[][] = [
      ['Reference', 'Qty', 'Description'],
      ['U1', 1, 'MCU, Espressif ESP32'],
      ['U2', 1, 'MCU, ST STM32F103'],
      ['U3', 1, 'Microcontroller, Microchip ATmega328'],
      ['U4', 1, 'Display driver, ST STP16CP05MTR'],
    ];
    expect(linesOf(grid)).toEqual([[5, 'STP16CP05MTR', 1]]);
    expect(listedOf(grid).map(([row]) => row)).toEqual([2, 3, 4]);
  });
});
