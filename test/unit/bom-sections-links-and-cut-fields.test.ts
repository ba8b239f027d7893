/**
 * Shapes of hand-kept and exported lists, one made-up table per kind: KiCad's collated table under a header a hand
 * touched, a maker's name cut at its comma under a header written with ", ", a part named only in an Octopart link's
 * words, a hand-made list's "Power" category, a connector named by its pin count, and a list kept in sections going on
 * past a gap and a few things with no count, and an item written one position a row (OrCAD's BOM report).
 */
import { type Cell, readBom } from '../../src/bom';

/** The lines read: row (1-based), part number, maker, count. */
const lines = (cells: Cell[][]): [number, string, string, number][] =>
  readBom(cells).lines.map((l) => [l.row + 1, l.partNumber, l.manufacturer, l.quantityPerBoard]);
/** The rows set aside, with their reason (1-based). */
const skipped = (cells: Cell[][]): [number, string][] => readBom(cells).skipped.map((s) => [s.row + 1, s.reason]);

describe("KiCad's collated table under a header touched by hand", () => {
  const header: Cell[] = ['Item', 'Qty', 'Reference(s)', 'Value', 'Footprint', 'Datasheet', 'Manufacturer', 'MPN'];
  const cells: Cell[][] = [
    ['Individual Components:'],
    [],
    header,
    ['', '', 'C1', '100nF', 'C_0402', '~', 'Samsung', 'CL05B104KO5NNNC'],
    ['', '', 'C2', '100nF', 'C_0402', '~', 'Samsung', 'CL05B104KO5NNNC'],
    ['', '', 'R1', '10k', 'R_0402', '~', 'Yageo', 'RC0402FR-0710KL'],
    [],
    ['Collated Components:'],
    [],
    // Columns the reader does not read renamed by hand (an Excel table names a column "Column1").
    ['Item', 'Qty', 'Reference(s)', 'Value', 'Footprint (mm)', 'Column1', 'Manufacturer', 'MPN'],
    [1, 2, 'C1, C2', '100nF', 'C_0402', '~', 'Samsung', 'CL05B104KO5NNNC'],
    [2, 1, 'R1', '10k', 'R_0402', '~', 'Yageo', 'RC0402FR-0710KL'],
  ];

  test('the collated table is read once; the rows one by one above it are its components', () => {
    expect(lines(cells)).toEqual([
      [11, 'CL05B104KO5NNNC', 'Samsung', 2],
      [12, 'RC0402FR-0710KL', 'Yageo', 1],
    ]);
    expect(skipped(cells).filter(([, why]) => why === 'not-purchase')).toEqual([
      [4, 'not-purchase'],
      [5, 'not-purchase'],
      [6, 'not-purchase'],
    ]);
  });

  test('a second table whose read columns are named otherwise is no collated copy', () => {
    const other = cells.map((row, r) => (r === 9 ? row.map((c) => (c === 'MPN' ? 'Alt MPN' : c)) : row));
    expect(lines(other).map(([row]) => row)).not.toEqual([11, 12]);
    // The rows one by one are the lines, each of its own count, not accounted as a collated table's components.
    expect(lines(other).map(([row, , , qty]) => [row, qty])).toEqual([
      [4, 1],
      [5, 1],
      [6, 1],
    ]);
    expect(skipped(other).filter(([, why]) => why === 'not-purchase')).toEqual([]);
  });
});

describe("a maker's name cut at its comma under a header written with ', ' (KiCad's bom2csv stylesheet)", () => {
  const header: Cell[] = ['Reference', ' Value', ' Footprint', ' MFG Name', ' MFG Part Num', ' Distributor PN'];
  const rows: Cell[][] = [
    ['U1', 'ATECC508A', 'SOIC-8', 'Atmel', 'ATECC508A-SSHDA-B', 'ATECC508A-SSHDA-B-ND'],
    ['C1', '0.1uF', 'C_0402', 'Samsung Electro-Mechanics America', ' Inc', 'CL05A104MP5NNNC', '1276-1443-1-ND'],
    ['C2', '4.7uF', 'C_0603', 'Samsung Electro-Mechanics America', ' Inc', 'CL10B475KQ8NQNC', '1276-2087-1-ND'],
    ['R1', '100', 'R_0603', 'Vishay Dale', 'CRCW0603100RFKEA', '541-100HCT-ND'],
    ['D1', 'LED', 'LED-0606', 'Lite-On Inc', 'LTST-C19HE1WT', '160-2162-1-ND'],
    ['SW1', 'SW_PUSH', 'button', 'E-Switch', 'TL3305AF260QG', 'EG5353CT-ND'],
  ];

  test('the two pieces are joined with their comma, and the part number read from its own column', () => {
    expect(lines([header, ...rows]).slice(1, 3)).toEqual([
      [3, 'CL05A104MP5NNNC', 'Samsung Electro-Mechanics America, Inc', 1],
      [4, 'CL10B475KQ8NQNC', 'Samsung Electro-Mechanics America, Inc', 1],
    ]);
  });

  test("where most data rows start their fields with a space too, that is the file's style: nothing is joined", () => {
    const spaced = rows.map((row) =>
      row.map((c, i) => (i > 0 && typeof c === 'string' && !c.startsWith(' ') ? ` ${c}` : c)),
    );
    const read = readBom([header, ...spaced]);
    expect(read.warnings.map((w) => w.code)).not.toContain('split-fields');
  });

  test('a row typed with ", " under such a header, as many fields as its names, is read as typed', () => {
    const typed: Cell[][] = [
      ['Reference', ' Value', ' Qty', ' Manufacturer', ' MPN'],
      ['R1', '10k', '2', 'Yageo', 'RC0603FR-0710KL'],
      ['C1', ' 100nF', ' 4', ' Samsung', ' CL10B104KB8NNNC'],
      ['C2', '10uF', '2', 'Samsung', 'CL21A106KAYNNNE'],
      ['U1', ' ATmega328P', ' 1', ' Microchip', ' ATMEGA328P-AU'],
      ['D1', 'LED', '1', 'Kingbright', 'APT1608SGC'],
      ['Y1', '16MHz', '1', 'Abracon', 'ABM3-16.000MHZ-B2-T'],
    ];
    expect(lines(typed).map(([row, pn, , qty]) => [row, pn, qty])).toEqual([
      [2, 'RC0603FR-0710KL', 2],
      [3, 'CL10B104KB8NNNC', 4],
      [4, 'CL21A106KAYNNNE', 2],
      [5, 'ATMEGA328P-AU', 1],
      [6, 'APT1608SGC', 1],
      [7, 'ABM3-16.000MHZ-B2-T', 1],
    ]);
  });

  test('a header with some names spaced and others not tells nothing: nothing is joined', () => {
    const mixed: Cell[] = ['Reference', ' Value', 'Footprint', ' MFG Name', 'MFG Part Num', ' Distributor PN'];
    expect(readBom([mixed, ...rows]).warnings.map((w) => w.code)).not.toContain('split-fields');
  });
});

describe("a part named only in an Octopart link's words", () => {
  const header: Cell[] = ['Count', 'Part', 'Reference', 'Part URL'];
  const row = (part: string, link: string): Cell[][] => [header, [1, part, 'C1', link]];

  test('the words the address starts with are the part number as written, the words before them its maker', () => {
    expect(
      lines(
        row('100 nF ceramic disk capacitor', '[Kemet C315C104M5U5TA](https://octopart.com/c315c104m5u5ta-kemet-83288)'),
      ),
    ).toEqual([[2, 'C315C104M5U5TA', 'Kemet', 1]]);
    expect(
      lines(row('10 kΩ resistor', '[Multicomp MF25 10k](https://octopart.com/mf25+10k-multicomp-2697429)')),
    ).toEqual([[2, 'MF25 10k', 'Multicomp', 1]]);
  });

  test('words that only begin the number, a size and a value, or a maker the address does not name, are no part', () => {
    for (const link of [
      '[AMS1117](https://octopart.com/ams1117-3.3-advanced+monolithic+systems-24863544)',
      '[BSS138](https://octopart.com/bss138-7-f-diodes+inc.-12345)',
      '[Kingbright APT1608](https://octopart.com/apt1608-sgc-kingbright-555)',
      '[Generic 0603 100nF](https://octopart.com/0603+100nf-generic-1)',
    ])
      expect(lines(row('a part', link))).toEqual([]);
  });

  test('a bare address, or words the address does not start with, name no part', () => {
    expect(lines(row('100 nF capacitor', 'https://octopart.com/c315c104m5u5ta-kemet-83288'))).toEqual([]);
    expect(lines(row('100 nF capacitor', '[a good cap](https://octopart.com/c315c104m5u5ta-kemet-83288)'))).toEqual([]);
    expect(skipped(row('100 nF capacitor', '[a good cap](https://octopart.com/c315c104m5u5ta-kemet-83288)'))).toEqual([
      [2, 'incomplete'],
    ]);
  });
});

describe('a hand-made list\'s "Power" category, and a power symbol in a library named "power"', () => {
  test('"Power | Battery | 9V" is a battery to buy, listed for a part number', () => {
    const cells: Cell[][] = [
      ['Category', 'Part name', 'Spec.', 'Qty'],
      ['Power', 'Battery', '9V', 3],
      ['Power', 'Battery socket', '9V', 1],
    ];
    expect(skipped(cells)).toEqual([
      [2, 'incomplete'],
      [3, 'incomplete'],
    ]);
  });

  test('power symbols in a library named "power" stay symbols beside words of other columns ("Root", "Generic")', () => {
    const cells: Cell[][] = [
      ['Reference', 'Value', 'Footprint', 'Library', 'Sheet', 'Qty'],
      ['R1', '10k', 'Resistor_SMD:R_0603', 'Device', 'Root', 1],
      ['#PWR01', '+5V', '', 'power', 'Root', 1],
      ['#PWR02', 'GND', '', 'power', 'Root', 1],
      ['PWR1', 'VCC', '', 'power', 'Generic', 1],
    ];
    expect(skipped(cells).filter(([, why]) => why === 'not-purchase')).toEqual([
      [3, 'not-purchase'],
      [4, 'not-purchase'],
      [5, 'not-purchase'],
    ]);
  });

  test('"#PWR01 | GND | power" is still a schematic symbol, no purchase', () => {
    const cells: Cell[][] = [
      ['Reference', 'Value', 'Library', 'Qty', 'MPN'],
      ['#PWR01', 'GND', 'power', 1, ''],
      ['#PWR02', '+5V', 'power', 1, ''],
      ['U1', 'LM358', 'Amplifier', 1, 'LM358DR'],
    ];
    expect(skipped(cells)).toEqual([
      [2, 'not-purchase'],
      [3, 'not-purchase'],
    ]);
    expect(lines(cells)).toEqual([[4, 'LM358DR', '', 1]]);
  });
});

describe('a connector named by its maker and pin count', () => {
  const cells: Cell[][] = [
    ['Category', 'Part name', 'Qty'],
    ['Motors', 'Molex 3-pin', 10],
    ['Motors', 'Molex 2 pins', 4],
    ['Power', 'Molex 22-23-2031', 2],
  ];

  test('"Molex 3-pin" is listed for a part number; "Molex 22-23-2031" is the maker and its number', () => {
    expect(skipped(cells)).toEqual([
      [2, 'incomplete'],
      [3, 'incomplete'],
    ]);
    expect(lines(cells)).toEqual([[4, '22-23-2031', 'Molex', 2]]);
  });
});

describe('a list kept in sections goes on past a gap and a few things with no count', () => {
  const body: Cell[][] = [
    ['M3x8mm bolt', 24, 'legs'],
    ['693ZZ bearing', 12, 'hips'],
    [],
    ['Rocker switch', 1],
    ['XT30 male', 1],
    [],
    ['16AWG silicone wire'],
    ['Heat shrink tubing'],
    [],
    ['18650 battery holder', 2],
    ['18650 battery', 8, 'trusted retailer'],
    [],
    ['Consumables', 'Qty.', 'Notes', 'Link1', 'Link2'],
    ['PLA filament', 1],
  ];

  test('the rows after the gap are read where a section\'s header ("Consumables | Qty. | …") follows them', () => {
    const cells: Cell[][] = [
      ['Hardware', 'Qty.', 'Notes', 'Link1', 'Link2'],
      ...body.slice(0, 3),
      ['Electronics', 'Qty.', 'Notes', 'Link1', 'Link2'],
      ...body.slice(3),
    ];
    const read = readBom(cells);
    expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s.quantityPerBoard])).toEqual([
      [2, 24],
      [3, 12],
      [6, 1],
      [7, 1],
      [12, 2],
      [13, 8],
      [16, 1],
    ]);
    expect(read.warnings.map((w) => w.code)).not.toContain('footer');
  });

  test('totals and an order for ten kits after the gap end a list in sections: nothing bought twice', () => {
    const cells: Cell[][] = [
      ['Part', 'Qty', 'Notes', 'MPN'],
      ['Electronics', 'Qty', 'Notes', 'MPN'],
      ['Arduino Nano', 1, '', 'A000005'],
      ['Resistor 10k', 2, '', 'RC0603FR-0710KL'],
      ['Mechanics', 'Qty', 'Notes', 'MPN'],
      ['Screw M3x10', 4, '', '91292A113'],
      [],
      ['Subtotal', '', '$45.20'],
      ['Total', '', '$53.20'],
      [],
      ['Order for 10 kits'],
      ['Arduino Nano', 10, '', 'A000005'],
      ['Resistor 10k', 20, '', 'RC0603FR-0710KL'],
      ['Screw M3x10', 40, '', '91292A113'],
    ];
    expect(lines(cells).map(([row]) => row)).toEqual([3, 4, 6]);
  });

  test('with no section header above, the rows after such a gap stay a footer, as before', () => {
    const cells: Cell[][] = [['Hardware', 'Qty.', 'Notes', 'Link1', 'Link2'], ...body];
    const read = readBom(cells);
    expect(read.warnings.map((w) => w.code)).toContain('footer');
    expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row + 1)).toEqual([2, 3, 5, 6]);
  });
});

describe("an item written one position a row under its count (OrCAD Capture's BOM report)", () => {
  const header: Cell[] = ['Item', 'Quantity', 'Reference', 'Part', 'PCB Footprint'];

  test("the rows after the item with only a position, the item's other cells, are its positions: bought once", () => {
    const cells: Cell[][] = [
      header,
      [1, 3, 'BR1', 'MF-MSMF050-2', 'cap0402'],
      ['', '', 'BR2', 'MF-MSMF050-2', 'cap0402'],
      ['', '', 'BR3', 'MF-MSMF050-2', 'cap0402'],
      [2, 1, 'U1', 'AM4096', 'SSOP28'],
    ];
    expect(lines(cells)).toEqual([
      [2, 'MF-MSMF050-2', '', 3],
      [5, 'AM4096', '', 1],
    ]);
    expect(readBom(cells).skipped.map((x) => [x.row + 1, x.detail])).toEqual([
      [3, 'more positions ("BR2") of the item of row 2, counted in its quantity'],
      [4, 'more positions ("BR3") of the item of row 2, counted in its quantity'],
    ]);
  });

  test('rows whose positions do not bring the item exactly to its count per board are lines of their own', () => {
    const read = (cells: Cell[][]): number[] => lines(cells).map(([, , , qty]) => qty);
    // A blank count meaning "as above" (4 screws each), a count for five boards, a fitted row under a DNP item.
    expect(
      read([
        ['Reference', 'Qty', 'Description', 'MPN'],
        ['H1', '4', 'M3x6 screw', '91290A111'],
        ['H2', '', 'M3x6 screw', '91290A111'],
        ['H3', '', 'M3x6 screw', '91290A111'],
      ]),
    ).toEqual([4, 1, 1]);
    expect(
      read([
        ['Board Qty:', '5'],
        [],
        ['Refs', 'Qty', 'Value', 'Footprint', 'Manf#'],
        ['R1, R2', '10', '10k', '0603', 'RC0603FR-0710KL'],
        ['R3', '', '10k', '0603', 'RC0603FR-0710KL'],
        ['C1', '5', '100n', '0603', 'GRM188R71H104KA93D'],
      ]),
    ).toEqual([2, 1, 1]);
    expect(
      read([
        ['Reference', 'Qty', 'Value', 'Footprint', 'MPN', 'DNP'],
        ['R10', '2', '10k', '0603', 'RC0603FR-0710KL', 'x'],
        ['R11', '', '10k', '0603', 'RC0603FR-0710KL', ''],
        ['C1', '1', '100n', '0603', 'GRM188R71H104KA93D', ''],
      ]),
    ).toEqual([1, 1]);
  });

  test("a row naming another part, or a position past the item's count, is a line of its own", () => {
    const cells: Cell[][] = [
      header,
      [1, 2, 'R1', 'RC0402FR-0710KL', 'res0402'],
      ['', '', 'R2', 'RC0402FR-0710KL', 'res0402'],
      ['', '', 'R3', 'RC0402FR-0710KL', 'res0402'],
      ['', '', 'C1', 'GRM155R71C104KA88D', 'cap0402'],
    ];
    expect(lines(cells)).toEqual([
      [2, 'RC0402FR-0710KL', '', 2],
      [4, 'RC0402FR-0710KL', '', 1],
      [5, 'GRM155R71C104KA88D', '', 1],
    ]);
  });
});
