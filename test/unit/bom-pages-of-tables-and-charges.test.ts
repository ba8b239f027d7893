/**
 * A page of parts in several tables under headings and paragraphs, each read under its own header (but the same block
 * written twice, or a summary of costs); a cost list's charges (shipping, customs, VAT) named with what they are for;
 * an English "Reference" of makers' bare numbers; a count "Needed per kit"; names in words in a part-number column; a
 * "Part Number / Type" column; parts the assembler leaves off that the builder solders by hand; a column of
 * distributors' codes the catalog knows none of.
 */
import { type Cell, readBom } from '../../src/bom';
import { readBomJudged } from '../../src/bom/judge';

const linesOf = (grid: Cell[][]) => readBom(grid).lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]);
const skipsOf = (grid: Cell[][]) => readBom(grid).skipped.map((s) => [s.row + 1, s.reason]);

/** A page as a Markdown reader gives it: headings and prose as rows of one cell, tables with their rules. */
const PAGE: Cell[][] = [
  ['# Synth parts'],
  [],
  ['## Electronics'],
  ['Ref.', 'Qty', 'Mfg. part no.', 'Description'],
  ['----', '---', '----', '----'],
  ['U1-3', 3, 'SN74HC165N', 'shift register'],
  ['C1', 1, 'K104Z15Y5VF5TL2', 'capacitor'],
  [],
  ['Note that the parts are shared with the other board.'],
  [],
  ['## Other parts'],
  ['Qty', 'Description', 'Where'],
  ['---', '---', '---'],
  [12, 'Bobby pin', 'Grocery store'],
  [4, 'M3 machine screw', 'Hardware store'],
  [],
  ['## End board'],
  ['Ref.', 'Qty', 'Mfg. part no.', 'Description'],
  ['----', '---', '----', '----'],
  ['U1', 1, 'SN74HC165N', 'shift register'],
  ['J7', 1, 'RA49B11', 'mono jack'],
];

describe('a page of tables, each read under its own header', () => {
  test('every table is read in turn, the text between them accounted for', () => {
    expect(linesOf(PAGE)).toEqual([
      [6, 'SN74HC165N', 3],
      [7, 'K104Z15Y5VF5TL2', 1],
      [20, 'SN74HC165N', 1],
      [21, 'RA49B11', 1],
    ]);
    const skips = new Map(skipsOf(PAGE).map(([row, reason]) => [row, reason]));
    // The other parts are lines to buy that need a part number, not rows passed over.
    expect([skips.get(14), skips.get(15)]).toEqual(['incomplete', 'incomplete']);
    expect(skips.get(9)).toBe('no-part-number');
  });

  test('the same block written twice is read once', () => {
    const block = PAGE.slice(3, 7);
    const lines = linesOf([...block, [], [], ...block]);
    expect(lines).toEqual([
      [3, 'SN74HC165N', 3],
      [4, 'K104Z15Y5VF5TL2', 1],
    ]);
  });

  test('a summary of costs below the lists ("Subtotal", or under a heading of costs) is no list of its own', () => {
    const summaries: Cell[][][] = [
      [
        ['Item', 'Price', 'Qty', 'Subtotal'],
        ['Kit resistors', 20, 1, 20],
      ],
      [['## Custo estimado'], ['Item', 'Preço', 'Qtd'], ['Kit resistores', 20, 1]],
    ];
    for (const summary of summaries) {
      const read = readBom([...PAGE.slice(3, 7), [], ...summary]);
      expect(read.lines.map((l) => l.partNumber)).toEqual(['SN74HC165N', 'K104Z15Y5VF5TL2']);
      expect(read.skipped.filter((s) => s.reason === 'incomplete')).toEqual([]);
    }
  });
});

describe("a cost list's charges", () => {
  const list = (description: string, reference: string): Cell[][] => [
    ['Description', 'Reference', 'Provider', 'Qty', 'Unit price (USD)'],
    ['Cherry MX Red keyswitch', 'MX1A-L1NW', 'WASD', 50, 0.65],
    ['Potentiometer, 10 kOhm', 'PTV09A-4225F-B103', 'Farnell', 5, 0.5],
    [description, reference, 'WASD', 1, 12.5],
  ];

  test.each([
    ['Keyboard parts shipping, USPS - First-Class Package International Service, to France', 'MX1A-L1NW'],
    ['Printed Circuit Board customs, Hong-Kong DHL, to France', ''],
    ['Components, VAT', ''],
    ['Components, shipping', ''],
  ])('%s: no purchase, whatever number the row repeats', (description, reference) => {
    const grid = list(description, reference);
    expect(linesOf(grid)).toEqual([
      [2, 'MX1A-L1NW', 50],
      [3, 'PTV09A-4225F-B103', 5],
    ]);
    expect(skipsOf(grid)).toEqual([[4, 'not-purchase']]);
  });

  test('a thing named after a charge word is bought ("Shipping bag 15x25cm")', () => {
    const skips = skipsOf(list('Shipping bag 15x25cm', ''));
    expect(skips).toEqual([[4, 'incomplete']]);
  });

  test('an English "Reference" of makers\' bare numbers is the part number', () => {
    expect(linesOf(list('Diodes', '1N4148'))).toEqual([
      [2, 'MX1A-L1NW', 50],
      [3, 'PTV09A-4225F-B103', 5],
      [4, '1N4148', 1],
    ]);
  });
});

describe('counts, names and types', () => {
  test('"Needed per kit" is the count; "Required" alone is not', () => {
    const grid = (name: string): Cell[][] => [
      ['Item', 'Part Number', 'Sourcing', name],
      ['R1', 'RC1206JR-070RL', 'Mouser', 2],
      ['R2', 'RC1206FR-071KL', 'Mouser', 3],
    ];
    expect(readBom(grid('Needed per kit')).mapping.quantity).toBe(3);
    expect(readBom(grid('Required per unit')).mapping.quantity).toBe(3);
    expect(readBom(grid('Required')).mapping.quantity).toBeUndefined();
  });

  test('words alone in a part-number column, with a slash or a note in brackets, name a thing and no number', () => {
    const grid: Cell[][] = [
      ['Item', 'Part Number', 'Qty'],
      ['R1', 'RC1206JR-070RL', 1],
      ['Bags', 'Metallic foil clear/black', 1],
      ['Cards', 'Instruction Cards (500 qty)', 1],
      ['Laser', 'iChrome MLE-LFA-HP', 1],
    ];
    expect(linesOf(grid)).toEqual([
      [2, 'RC1206JR-070RL', 1],
      [5, 'iChrome MLE-LFA-HP', 1],
    ]);
    expect(skipsOf(grid)).toEqual([
      [3, 'incomplete'],
      [4, 'incomplete'],
    ]);
  });

  test('a known maker and its number after a name and a slash give the part', () => {
    const read = readBom([
      ['Part', 'Quantity'],
      ['Breadboard-friendly SPDT Slide Switch / E-Switch EG1218', 1],
      ['LM358DR', 2],
    ]);
    expect(read.lines.map((l) => [l.partNumber, l.manufacturer])).toEqual([
      ['EG1218', 'E-Switch'],
      ['LM358DR', ''],
    ]);
  });

  test('"Part Number / Type" beside an item number: numbers read, types ("PH, 2-pin") listed for a number', () => {
    const grid: Cell[][] = [
      ['Component', 'Quantity', 'Description', 'Supplier', 'Part Number / Type'],
      [1, 4, 'Cable lugs 25mm², M5', 'Klauke', '704F5'],
      [2, 1, 'Heat sink', 'Fischer Elektronik', 'SK553'],
      [3, 1, 'Cell connector', 'Würth Elektronik', '662024113322'],
      [4, 1, 'Button connector + wires', 'JST', 'PH, 2-pin'],
    ];
    expect(linesOf(grid)).toEqual([
      [2, '704F5', 4],
      [3, 'SK553', 1],
      [4, '662024113322', 1],
    ]);
    expect(skipsOf(grid)).toEqual([[5, 'incomplete']]);
  });
});

describe('parts the assembler leaves off', () => {
  const grid = (note: string): Cell[][] => [
    ['Ref', 'MFR', 'MFPN', 'Qty', 'PCBA', 'Note'],
    ['U1', 'Texas Instruments', 'LMV324AIPWR', 1, 'SMD', ''],
    ['SW14', 'E-Switch', 'EG1218', 1, 'NOPOP', note],
  ];

  test('marked not populated and soldered by hand: bought', () => {
    for (const note of ['TH SOLDER', 'hand soldered', 'solder by hand'])
      expect(linesOf(grid(note)).map(([row]) => row)).toEqual([2, 3]);
  });

  test('marked not populated with no such note: not placed', () => {
    expect(linesOf(grid(''))).toEqual([[2, 'LMV324AIPWR', 1]]);
    expect(skipsOf(grid(''))).toEqual([[3, 'dnp']]);
  });
});

describe("the catalog's judgement over a column of distributors' codes", () => {
  /** A KiBoM list whose "MPN" holds Digi-Key's codes, its Value symbols and a few chips' base numbers. */
  const values = [
    ...['24AA01', 'LTC1380', 'LTC6811-1', 'MCP6001', 'D_Schottky_SOD123', 'MicroFit_12', 'LED_0805'],
    ...['MicroFit_20', 'NMOS_GSD_30V', '200mA_Fuse', 'DTO25', 'R_100'],
  ];
  const codes = [
    ...['24AA01T-I/OT-ND', 'LTC1380CS-ND', 'LTC6811-1-ND', 'MCP6001T-ND', '1727-2394-1-ND', 'WM1818-ND'],
    ...[
      '475-1410-1-ND',
      'WM4726-ND',
      'SSM3K333RLFCT-ND',
      '507-1757-1-ND',
      'PWR163S-25-27R0F-ND',
      'RNCP0805FTD100RCT-ND',
    ],
  ];
  const grid: Cell[][] = [
    ['References', 'Value', 'Quantity Per PCB', 'MPN', 'MFN'],
    ...values.map((v, i) => [`U${i + 1}`, v, 1, codes[i], 'Digi-Key']),
  ];
  const knows = (known: readonly string[]) => async (parts: readonly string[]) => parts.map((p) => known.includes(p));

  test('a few base numbers the catalog knows do not move the reading off the codes', async () => {
    const read = await readBomJudged(grid, {}, knows(values.slice(0, 4)));
    expect(read.lines.map((l) => l.partNumber)).toEqual(codes);
  });

  test('a column the catalog knows most of is taken', async () => {
    const read = await readBomJudged(grid, {}, knows(values));
    expect(read.mapping.partNumber).toBe(1);
  });
});

describe('what the rules above leave alone', () => {
  test('a not-fitted mark stays beside a hand-solder note, and an assembler mark beside a note that says more', () => {
    const grid: Cell[][] = [
      ['Ref', 'MFR', 'MFPN', 'Qty', 'PCBA', 'Note'],
      ['U1', 'Texas Instruments', 'LMV324AIPWR', 1, 'SMD', ''],
      ['R9', 'Yageo', 'RC0603FR-070RL', 1, 'DNP', 'TH SOLDER'],
      ['J5', 'Samtec', 'FTSH-105-01-F-DV-K', 1, 'NOPOP', 'Debug only (hand solder)'],
    ];
    expect(linesOf(grid)).toEqual([[2, 'LMV324AIPWR', 1]]);
    expect(skipsOf(grid)).toEqual([
      [3, 'dnp'],
      [4, 'dnp'],
    ]);
  });

  test('a table under a heading of parts not fitted is passed over; one whose heading names a cost besides is read', () => {
    const under = (heading: string): Cell[][] => [
      ...PAGE.slice(3, 7),
      [],
      [heading],
      [],
      ['These are for the prototype only.'],
      [],
      ['Qty', 'Part number', 'Description'],
      ['---', '---', '---'],
      [4, '91292A113', 'screw'],
    ];
    expect(linesOf(under('## Do not populate')).map(([row]) => row)).toEqual([3, 4]);
    expect(linesOf(under('## Mechanical parts (estimated cost: about 15 USD)')).map(([row]) => row)).toEqual([
      3, 4, 12,
    ]);
  });

  test('a parts table after a summary of costs is still read', () => {
    const grid: Cell[][] = [
      ...PAGE.slice(3, 7),
      [],
      ['## Estimated cost'],
      ['Item', 'Price', 'Qty'],
      ['Kit resistors', 20, 1],
      [],
      ['## Mechanical parts'],
      ['Qty', 'Part number', 'Description'],
      [4, '91292A113', 'screw'],
    ];
    expect(linesOf(grid)).toEqual([
      [3, 'SN74HC165N', 3],
      [4, 'K104Z15Y5VF5TL2', 1],
      [12, '91292A113', 4],
    ]);
  });

  test('parts whose names hold a charge word are bought: a Power Delivery chip, a shipping box, a resin vat', () => {
    const grid: Cell[][] = [
      ['Qty', 'Manufacturer Part Number', 'Description'],
      [1, 'STUSB4500QTR', 'USB Power Delivery, sink controller'],
      [1, 'HC-BOX-01', 'Box, shipping'],
      [1, 'FEP-VAT-140', 'Resin vat (FEP)'],
    ];
    expect(linesOf(grid).map(([, part]) => part)).toEqual(['STUSB4500QTR', 'HC-BOX-01', 'FEP-VAT-140']);
  });

  test('a Reference of positions by channel ("R1.1", "CH1-R12") stays the designators', () => {
    for (const refs of [
      ['R1.1', 'R1.2', 'U1.1', 'D1.1'],
      ['CH1-R12', 'CH2-R12', 'CH1-U1', 'CH2-U1'],
    ]) {
      const grid: Cell[][] = [
        ['Reference', 'Value', 'Footprint', 'Qty'],
        ...refs.map((r, i) => [r, ['10k', '10k', 'TL072CDR', '1N4148W'][i], 'SMD', 1]),
      ];
      expect(readBom(grid).mapping.designators).toBe(0);
    }
  });

  test("a name with a maker's number in brackets is not taken for words alone", () => {
    const grid: Cell[][] = [
      ['Part Number', 'Qty'],
      ['Cherry MX (MX1A-L1NW)', 50],
      ['Tie Tacks', 4],
    ];
    expect(linesOf(grid)).toEqual([[2, 'Cherry MX (MX1A-L1NW)', 50]]);
  });
});
