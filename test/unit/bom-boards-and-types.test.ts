/**
 * What a hand-edited value or name column says of the part: a board named with the chip it carries ("Seeeduino XIAO
 * (SAMD21)", "MCP4725 Breakout") is bought as that board, never as the chip; a registered transistor or diode type
 * ("BC547A", "BAT43") is a part as written; a resistor's value in SPICE's "MEG" is a value; and a maker's number
 * followed by words and a value ("RV9012NO-PA25B7.0 Tall Trimmer 10k") is that number.
 */
import { type Cell, readBom } from '../../src/bom';
import { parseQuantity } from '../../src/bom/quantity';
import { numberAfterKindWords } from '../../src/bom/kind-then-number';
import { numberBeforeKind, numberOfName } from '../../src/bom/row-kinds';
import { partOfValue } from '../../src/bom/value-numbers';
import { formatOf, parseBomFile } from '../../cli/bomfile';

const linesOf = (grid: Cell[][], catalogAnswers?: ReadonlyMap<string, boolean>) =>
  readBom(grid, catalogAnswers ? { catalogAnswers } : {}).lines.map((l) => l.partNumber);

describe('a list of names, values and type numbers (no part-number column)', () => {
  const grid: Cell[][] = [
    ['Name', 'Designator', 'Footprint', 'Quantity'],
    ['330', 'R1,R2', 'R_AXIAL-0.3', 2],
    ['10n ceramic', 'C1,C2', 'RAD-0.1', 2],
    ['BAT43', 'D1,D2,D3', 'DO-35', 3],
    ['BC547A', 'Q1,Q2', 'TO92', 2],
    ['BSS138', 'Q3', 'SOT-23', 1],
    ['MCP4725 Breakout', 'CN1', 'MCP4725-B', 1],
    ['Seeeduino XIAO (SAMD21)', 'SEEEDUINO', 'XIAO', 1],
    ['Arduino Nano (ATmega328P)', 'A1', 'NANO', 1],
    ['Voltage regulator (LM7805CT)', 'U3', 'TO220', 1],
  ];

  test('registered types are read as the part; a board named with its chip is listed for a part number', () => {
    expect(linesOf(grid)).toEqual(['BAT43', 'BC547A', 'BSS138', 'LM7805CT']);
    const r = readBom(grid, {});
    const listed = r.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row);
    expect(listed).toEqual(expect.arrayContaining([6, 7, 8]));
  });

  test('a catalog that knows the chip does not make its breakout the chip', () => {
    const knows = new Map([
      ['MCP4725', true],
      ['SAMD21', true],
      ['ATmega328P', true],
    ]);
    const read = linesOf(grid, knows);
    expect(read).not.toContain('MCP4725');
    expect(read).not.toContain('SAMD21');
    expect(read).not.toContain('ATmega328P');
  });

  test.each(['BLM18', 'BT136', 'BTA16', 'BYV27', 'BZX55C', 'BUS12', 'BAT12V', 'BLK22', 'BTN12', 'BAT001'])(
    'a look-alike of a type, %j (a series that needs its voltage, a house code, a ferrite series), is no part',
    (name) => {
      const grid: Cell[][] = [
        ['Name', 'Designator', 'Footprint', 'Quantity'],
        ['330', 'R1,R2', 'R_AXIAL-0.3', 2],
        ['10n ceramic', 'C1,C2', 'RAD-0.1', 2],
        ['1k', 'R3', 'R_AXIAL-0.3', 1],
        ['100n ceramic', 'C3', 'RAD-0.1', 1],
        [name, 'X1', 'TO92', 1],
        ['BAV99W', 'D1', 'SOT-323', 1],
      ];
      expect(linesOf(grid)).toEqual(['BAV99W']);
    },
  );
});

describe('a part-number column of values and numbers (a JLC template filled in by hand)', () => {
  const grid: Cell[][] = [
    ['Comment', 'Designator', 'Footprint', 'LCSC Part #（optional）'],
    ['1n', 'C1, C4', '0603 CAP', ''],
    ['1N4148W', 'D1, D3', 'SOD-323', ''],
    ['MMBT3904', 'Q2, Q6', 'SOT23', ''],
    ['100kΩ,0603', 'R2, R3', 'RES_0603', ''],
    ['RV9012NO-PA25B7.0 Tall Trimmer 10k', 'R10', 'EVUF', ''],
    ['2.2MEG', 'R18', 'RES_0603', ''],
    ['1MEG', 'R19', 'RES_0603', ''],
    ['4.7Meg', 'R20', 'RES_0603', ''],
    ['TL072D', 'U1, U5', 'SOIC-8', ''],
  ];

  test('a number before words that end in its value is the number; a value in MEG is a value', () => {
    expect(linesOf(grid)).toEqual(['1N4148W', 'MMBT3904', 'RV9012NO-PA25B7.0', 'TL072D']);
    const r = readBom(grid, {});
    expect(r.warnings.map((w) => w.message).join('\n')).toContain('"Tall Trimmer 10k" after it were left out');
    for (const row of [6, 7, 8]) expect(r.skipped.find((s) => s.row === row)?.reason).toBe('incomplete');
  });

  test('words ending in something that is no value keep the cell whole', () => {
    const other = grid.map((row, i) =>
      i === 5
        ? ['TPS62130 Buck Converter 3A5X', 'U2', 'QFN-16', '']
        : i === 1
          ? ['PCA9557PW IO EXPANDER', 'U3', 'TSSOP-16', '']
          : row,
    );
    const read = linesOf(other);
    expect(read).toContain('PCA9557PW');
    expect(read).not.toContain('TPS62130');
  });
});

describe('a hand-made list naming the kind of part in words, then its number', () => {
  const grid: Cell[][] = [
    ['Наименование', 'Штук', 'Цена шт.'],
    ['Диод 1N4148WS', 1, 2.5],
    ['Транзистор 2N7002 SOT-23', 1, 4],
    ['Стабилизатор LM1117S-ADJ D2PAK', 1, 12],
    ['Диод Шоттки SR860 (SB860) DO-201 60V 8A', 1, 9],
    ['Трансформатор ADT4-6WT 0.5-600mhz', 1, 800],
    ['Модуль PAM8403 УНЧ 2*3W', 1, 60],
    ['Плата AD9226 12bit 65msps', 1, 1200],
    ['Гнездо MMCX на плату', 2, 14],
    ['Резистор 10к 0805', 2, 0.9],
    ['Transistor BC547 or BC557', 1, 0.2],
  ];

  test('the number after words of one kind of component is the part; a module, a board or a value is not', () => {
    expect(linesOf(grid)).toEqual(['1N4148WS', '2N7002', 'LM1117S-ADJ', 'ADT4-6WT']);
    const listed = readBom(grid, {}).skipped.filter((s) => s.reason === 'incomplete');
    // The Schottky diode's family number before its ratings ("SR860 … 60V 8A") is listed: a rating may choose the
    // variant to order.
    expect(listed.map((s) => s.row)).toEqual([4, 6, 7, 8, 9, 10]);
  });

  test('the same in other languages, and never a number followed by words that are no ratings', () => {
    const others: Cell[][] = [
      ['Bezeichnung', 'Menge'],
      ['Spannungsregler LM7805CT TO-220', 1],
      ['Dioda 1N5819 DO-41', 2],
      ['Sensor BME280 module', 1],
      ['Relais SRD-05VDC-SL-C 5V', 1],
      ['Diode 1N4007 for the input', 1],
      ['Leistungstransistor IRF540NPBF TO-220', 1],
    ];
    expect(linesOf(others)).toEqual(['LM7805CT', '1N5819', 'SRD-05VDC-SL-C', 'IRF540NPBF']);
  });
});

test("a zener's series with its voltage apart is no part: the line waits for its number", () => {
  const grid: Cell[][] = [
    ['Quantidade', 'Componente', 'Especificações'],
    [1, 'Diodo Zener', 'Diodo Zener BZX55C 13V/0,5W'],
    [1, 'Diodo', 'Diodo 1N4007 DO-41'],
    [2, 'Zener', 'BZX55C'],
  ];
  expect(linesOf(grid)).toEqual(['1N4007']);
});

test('a kind word starts the name, or ends a German compound; a compound naming something for the part does not count', () => {
  expect(numberAfterKindWords('Sensorgehäuse CBRS01VWH')).toBe('CBRS01VWH');
  expect(numberAfterKindWords('Leistungstransistor IRF540N')).toBe('IRF540N');
  expect(numberAfterKindWords('DIODE 1N4148')).toBe('1N4148');
  expect(numberAfterKindWords('Diodenstecker DS-5P-180')).toBeNull();
  expect(numberAfterKindWords('Icon AB1234')).toBeNull();
  expect(numberAfterKindWords('Diode 1N4007 for the input')).toBeNull();
});

test.each([
  'Relay board SRD-05VDC 5V',
  'Реле модуль SRD-05VDC 5V',
  'Relè modulo SRD-05VDC 5V',
  'Стабилизатор плата LM2596 3A',
  'Sensor Platine BME280',
  'Sensor Kit KY-001',
  'LED Strip WS2812B 5V',
  'LED Matrix MAX7219 5V',
  'Корпус для ESP32-CAM',
  'Sensor Kabel DS18B20 1m',
  'IC Sockel DIL-28',
  'IC Socket ZIF28',
  'Crystal HC-49S 16MHz',
  'Oscillator SMD5032 16MHz',
  'Regulator AMS1117 3.3V',
  'Triac BTA16 600V',
  'Microcontroller ATmega328P DIP28',
  'Transistor IRLML9103 SOT-23',
])('%j gives no number: a board, a socket, a package, or a family whose rating may choose the variant', (name) => {
  expect(numberAfterKindWords(name)).toBeNull();
});

test('a registered type keeps its number before a package; a bracketed pack count or length is no number', () => {
  expect(numberAfterKindWords('Transistor BC547 TO-92')).toBe('BC547');
  expect(numberOfName('Diode 1N4148 (10pcs)')).toBeNull();
  expect(numberOfName('Cable (50cm)')).toBeNull();
  expect(numberOfName('Regulator (LM7805CT)')).toBe('LM7805CT');
  expect(numberOfName('Raspberry Pi Pico (RP2040)')).toBeNull();
});

test('a number before words naming a board or module, or before a rating, keeps the cell whole', () => {
  for (const cell of ['MCP4725 Breakout', 'LM2596S-ADJ Buck Module', 'TP4056 Charger Module', 'AMS1117 Regulator 3.3V'])
    expect(numberBeforeKind(cell)).toBeNull();
  expect(numberBeforeKind('RV9012NO-PA25B7.0 Tall Trimmer 10k')?.partNumber).toBe('RV9012NO-PA25B7.0');
  expect(partOfValue('Raspberry Pi Pico RP2040')).toBeNull();
  expect(partOfValue('Breakout MCP4725')).toBeNull();
});

test('a row calling the thing a module in another cell is not read by its kind and number', () => {
  const grid: Cell[][] = [
    ['Item', 'Qty', 'Price', 'Note'],
    ['Relay SRD-05VDC-SL-C 5V', 1, 3, '1-channel relay module with optocoupler'],
    ['Diode 1N5819 DO-41', 2, 0.1, ''],
  ];
  expect(linesOf(grid)).toEqual(['1N5819']);
});

describe("a build guide's counts: so many of a kind, and counts for each half added up", () => {
  test.each([
    ['2x 4pin', 2, 'read as 2 (of "4pin")'],
    ['46x 1U', 46, 'read as 46 (of "1U")'],
    ['1 left + 1 right', 2, 'read as 1 + 1 = 2'],
    ['2 + 2', 4, 'read as 2 + 2 = 4'],
  ])('%j is %d', (text, value, note) => {
    // Read loosely: a count where a column is the quantity column, no evidence that one is.
    expect(parseQuantity(text)).toEqual({ kind: 'ok', value, text, note, estimated: true });
  });

  test('orders times pieces stay a product, and what is no count stays none', () => {
    expect(parseQuantity('2x 10')).toMatchObject({ kind: 'ok', value: 20 });
    expect(parseQuantity('3x10pcs')).toMatchObject({ kind: 'ok', value: 30 });
    expect(parseQuantity('C1 + C2')).toMatchObject({ kind: 'bad' });
    expect(parseQuantity('2x')).toMatchObject({ kind: 'ok', value: 2 });
    // Pieces are pieces in any language; a size is what each is; words that are no sides are no sum.
    for (const pieces of [
      '2x 10шт',
      '2x 10szt',
      '2x 10St.',
      '2x 10ks',
      '2x 10 pcs',
      '2x 10 sztuk',
      '2x 10 Stck',
      '2x 10 piezas',
    ])
      expect(parseQuantity(pieces)).toMatchObject({ kind: 'ok', value: 20 });
    expect(parseQuantity('3x 0805')).toMatchObject({ kind: 'ok', value: 3 });
    expect(parseQuantity('2X 4pin')).toMatchObject({ kind: 'ok', value: 2 });
    for (const other of ['1+1 spare', '2 + 2 DNP', '1 + 1 NC', '2 + 1 optional', '1 level + 1'])
      expect(parseQuantity(other)).toMatchObject({ kind: 'bad' });
  });

  test('read in a Markdown list, each line with its note', () => {
    const grid: Cell[][] = [
      ['Line', 'Description', 'Quantity', 'MPN'],
      [1, 'Right angle header', '2x 4pin', 'PRPC040SBAN-M71RC'],
      [2, 'Neoprene base', '1 left + 1 right', 'NEO-3MM-A4'],
      [3, 'Keycaps', '46x 1U', 'DSA-1U-BLANK'],
    ];
    const r = readBom(grid, {});
    expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
      ['PRPC040SBAN-M71RC', 2],
      ['NEO-3MM-A4', 2],
      ['DSA-1U-BLANK', 46],
    ]);
  });
});

describe("a build guide's HTML table in Markdown, each part's name a row header", () => {
  const row = (name: string, count: number, remark: string) =>
    `    <tr>\n      <th scope="row">${name}</th>\n      <td>${count}</td>\n      <td>${remark}</td>\n    </tr>\n`;
  const page =
    '---\nlayout: default\n---\n## Bill of materials\n\n<table>\n  <thead>\n    <tr>\n' +
    '      <th scope="col">Name</th>\n      <th scope="col">Count</th>\n      <th scope="col">Remarks</th>\n' +
    '    </tr>\n  </thead>\n  <tbody>\n' +
    row('Diodes', 60, 'SOD-123 1N4148') +
    row('TRRS Jacks', 2, 'PJ-320A') +
    row('Key Caps', 58, 'Any MX keycaps') +
    '  </tbody>\n</table>\n';

  test('is read as a table (Name, Count and Remarks): each part listed with its count for a part number', async () => {
    expect(formatOf('BOM.md', Buffer.from(page))).toBe('html');
    const r = readBom((await parseBomFile('BOM.md', Buffer.from(page))).cells);
    const listed = r.skipped.filter((s) => s.reason === 'incomplete');
    expect(listed.map((s) => s.quantityPerBoard)).toEqual([60, 2, 58]);
  });

  test('a layout table of two columns with a count word stays text', () => {
    const layout =
      '# Board\n<table><tr><td>Count</td><td><img src="x.png"></td></tr></table>\n\n| MPN | Qty |\n| --- | --- |\n| LM358DR | 2 |\n';
    expect(formatOf('README.md', Buffer.from(layout))).toBe('csv');
  });
});

describe('a cell of several Markdown links', () => {
  const grid = (links: string): Cell[][] => [
    ['Line', 'Description', 'Quantity', 'Links'],
    [1, 'Si2302 (or any pin-compatible nFET)', 2, links],
    [
      2,
      'Cree LED',
      1,
      '[digikey](https://www.digikey.com/product-detail/en/cree-inc/CLVBA-FKA-CAEDH8BBB7A363/CLVBA-FKA-CAEDH8BBB7A363CT-ND/2650500)',
    ],
  ];
  const dk =
    '[digikey](https://www.digikey.com/product-detail/en/vishay-siliconix/SI2302CDS-T1-E3/SI2302CDS-T1-E3CT-ND/3305362)';

  test('names its part where the product pages among them name one', () => {
    const links = `[ebay](http://www.ebay.com/sch/i.html?_nkw=si2302), ${dk}`;
    expect(linesOf(grid(links))[0]).toBe('SI2302CDS-T1-E3');
  });

  test('names none where two pages name different parts', () => {
    const other = '[mouser](https://www.mouser.com/ProductDetail/Vishay-Siliconix/SI2301CDS-T1-GE3?qs=abc)';
    expect(linesOf(grid(`${dk}, ${other}`))).toEqual(['CLVBA-FKA-CAEDH8BBB7A363']);
  });
});

test("a keymap's table with a count beside its layers keeps a page's code-block list its text", () => {
  const page =
    '# Keyboard\n<table><tr><th>Layer</th><th>Count</th><th>Notes</th></tr><tr><td>Base</td><td>3</td><td>QWERTY</td></tr>' +
    '<tr><td>Fn</td><td>1</td><td>media</td></tr></table>\n\n```\nMPN;Qty\nLM358DR;2\n```\n';
  expect(formatOf('README.md', Buffer.from(page))).toBe('csv');
});

test('links whose words name things, or joined by "or", name no one part', () => {
  const dk = (pn: string) => `(https://www.digikey.com/product-detail/en/c-k/${pn}/CKN-ND/1)`;
  const grid = (links: string): Cell[][] => [
    ['Line', 'Description', 'Quantity', 'Links'],
    [1, 'Switch and caps', 2, links],
    [
      2,
      'Cree LED',
      1,
      `[digikey](https://www.digikey.com/product-detail/en/cree-inc/CLVBA-FKA-CAEDH8BBB7A363/CLVBA-FKA-CAEDH8BBB7A363CT-ND/2650500)`,
    ],
  ];
  expect(linesOf(grid(`[switch]${dk('CPG135001D01')}, [keycaps](https://www.aliexpress.com/item/1.html)`))).toEqual([
    'CLVBA-FKA-CAEDH8BBB7A363',
  ]);
  expect(
    linesOf(grid(`[aliexpress](https://www.aliexpress.com/item/1.html) or [digikey]${dk('CPG135001D02')}`)),
  ).toEqual(['CLVBA-FKA-CAEDH8BBB7A363']);
});

test("a logic family's number before its package, and an LED whose row says it is a strip, give no number", () => {
  expect(numberAfterKindWords('IC 74HC595 DIP-16')).toBeNull();
  expect(numberAfterKindWords('IC 74HC595')).toBe('74HC595');
  const name = 'LED WS2812B-B 5V';
  expect(numberAfterKindWords(name, [name, 1, 'strip 60 LEDs/m, 1m'])).toBeNull();
  expect(numberAfterKindWords(name, [name, 1, 'LED-Streifen 1m'])).toBeNull();
  expect(numberAfterKindWords(name, [name, 1, 'O-ring seal'])).toBe('WS2812B-B');
});
