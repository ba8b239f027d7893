/**
 * Columns named for one thing and holding another, and cells that say more than one part, as real lists have them: a
 * "Part" column of what each part is beside a "Component" column of part numbers; makers' numbers under
 * "Footprint"; alternatives joined by "or"; a die revision after a colon; a library's value text joined by
 * underscores; a number typed before its maker; a Polish parts list under a legend table; a Markdown rule of two
 * dashes. Made-up tables; the real exports are in the corpus tests.
 */
import { parseBomFile } from '../../cli/bomfile';
import { readBom } from '../../src/bom';
import { isSupplierPartHeader, looksLikePartNumber, matchHeader } from '../../src/bom/header';
import { isComponentValue, isValueSpec } from '../../src/bom/row-kinds';
import { numberInValue, partOfValue } from '../../src/bom/value-numbers';
import { isDnpMarker } from '../../src/bom/quantity';
import { isRuleRow } from '../../src/text/normalize';

const linesOf = (r: ReturnType<typeof readBom>) => r.lines.map((l) => [l.row + 1, l.quantityPerBoard, l.partNumber]);

describe('a column named for the part that says what it is, beside one of part numbers', () => {
  const cells = [
    ['Item', 'Part', 'Component', 'Qty', 'Cost/unit'],
    ['1', 'MCU WLAN', 'ESP32-WROOM-32D', '1', '3,42'],
    ['2', 'Energy measuring circuit', 'CS-5490', '1', '3,35'],
    ['3', 'Relay', 'ADW1203HLW', '1', '5,24'],
    ['4', 'AC/DC power', 'TMPS 05-103', '1', '16,38'],
    ['5', 'LED Green', 'KPT-2012LCGCK', '1', '0,0161'],
  ];

  it('reads the part numbers from the column that holds them, and says so', () => {
    const read = readBom(cells);
    expect(linesOf(read)).toEqual([
      [2, 1, 'ESP32-WROOM-32D'],
      [3, 1, 'CS-5490'],
      [4, 1, 'ADW1203HLW'],
      [5, 1, 'TMPS 05-103'],
      [6, 1, 'KPT-2012LCGCK'],
    ]);
    expect(read.lines[2].description).toBe('Relay');
    const said = read.warnings.find((w) => w.code === 'part-number-column');
    expect(said?.message).toMatch(/read from 'Component' rather than 'Part', whose values say what the part is/);
  });

  it('never where the column named for the part holds placeholders or numbers, nor for shop codes or library names', () => {
    const partNumbers = (cells: string[][]) => readBom(cells).lines.map((l) => l.partNumber);
    // "TBD" and "-" are no words of what the part is: the lines ask for part numbers.
    expect(
      partNumbers([
        ['Part Number', 'Description', 'Qty'],
        ['TBD', 'RES-0603-10K', '4'],
        ['TBD', 'CAP-0603-100N', '6'],
        ['-', 'REG-SOT223-3V3', '1'],
      ]),
    ).toEqual([]);
    // Short makers' numbers the shape test misses stay the part numbers.
    expect(
      partNumbers([
        ['P/N', 'Type', 'Qty'],
        ['5001', 'TestPoint_Keystone_5001', '4'],
        ['2915', 'BatteryHolder_Keystone_2915', '1'],
        ['3002', 'SW_Keystone_3002', '1'],
      ]),
    ).toEqual(['5001', '2915', '3002']);
    // A shop's codes are no makers' numbers.
    expect(
      partNumbers([
        ['Part', 'Type', 'Qty'],
        ['Resistor 10k', 'C25804', '4'],
        ['Capacitor 100n', 'C14663', '6'],
        ['Red LED', 'C2290', '2'],
      ]),
    ).not.toContain('C25804');
  });

  it('keeps the column named for the part where its values are part numbers', () => {
    const plain = [
      ['Part', 'Component', 'Qty'],
      ['LM358DR2G', 'Op amp', '1'],
      ['ADW1203HLW', 'Relay', '1'],
      ['KPT-2012LCGCK', 'LED', '1'],
    ];
    expect(linesOf(readBom(plain)).map((l) => l[2])).toEqual(['LM358DR2G', 'ADW1203HLW', 'KPT-2012LCGCK']);
  });
});

describe("makers' numbers under a column named for the footprint", () => {
  // One row per designator, the shop's number and order count on the first row of each part alone.
  const rows = [
    ['Ref', 'Value', 'Manufacturer', 'Footprint', 'Details', 'DigiKey Quantity', 'DigiKey PN'],
    ['R1', 0, 'Panasonic', 'ERJ-3GEY0R00V', 'RES 0.0 OHM 1/10W 0603 SMD', 2, 'P0.0GCT-ND'],
    ['R2', 0, 'Panasonic', 'ERJ-3GEY0R00V', 'RES 0.0 OHM 1/10W 0603 SMD'],
    ['R3', 100, 'Panasonic', 'ERJ-3GEYJ101V', 'RES 100 OHM 1/10W 5% 0603 SMD', 10, 'P100GCT-ND'],
    ['R4', 100, 'Panasonic', 'ERJ-3GEYJ101V', 'RES 100 OHM 1/10W 5% 0603 SMD'],
    ['C1', '100n', 'Murata', 'GRM188R71H104KA93D', 'CAP CER 0.1UF 50V X7R 0603', 5, '490-1532-1-ND'],
    ['U1', 'LPC4330', 'NXP', 'LPC4330FBD144,551', 'IC MCU 32BIT 144LQFP', 1, '568-5286-ND'],
  ];
  const footprints = (cells: (string | number)[][], with_: string[]) =>
    cells.map((r, i) => (i === 0 ? r : [...r.slice(0, 3), with_[i - 1], ...r.slice(4)]));

  it('are read as the part numbers where no column is named for them and a maker column is', () => {
    const read = readBom(rows);
    expect(read.lines.map((l) => [l.partNumber, l.manufacturer])).toEqual([
      ['ERJ-3GEY0R00V', 'Panasonic'],
      ['ERJ-3GEY0R00V', 'Panasonic'],
      ['ERJ-3GEYJ101V', 'Panasonic'],
      ['ERJ-3GEYJ101V', 'Panasonic'],
      ['GRM188R71H104KA93D', 'Murata'],
      ['LPC4330FBD144,551', 'NXP'],
    ]);
    expect(read.warnings.some((w) => /read from 'Footprint'/.test(w.message))).toBe(true);
  });

  it('are not, where the column holds packages: the lines go by the shop numbers there are', () => {
    const read = readBom(footprints(rows, ['R_0603', 'R_0603', '0603', '0603', 'C_0603', 'LQFP-144']));
    expect(read.lines.every((l) => !/0603|LQFP/.test(l.partNumber))).toBe(true);
    expect(read.warnings.some((w) => /read from 'Footprint'/.test(w.message))).toBe(false);
  });

  it("are not, where the column holds land patterns' names or a package several parts share", () => {
    const ipc = readBom(
      footprints(rows, [
        'RESC1608X55N',
        'RESC1608X55N',
        'RESC1608X55N',
        'RESC1608X55N',
        'CAPC1608X90N',
        'QFP50P2200X2200X160-144N',
      ]),
    );
    expect(ipc.warnings.some((w) => /read from 'Footprint'/.test(w.message))).toBe(false);
    const shared = readBom(footprints(rows, ['SMR0603', 'SMR0603', 'SMR0603', 'SMR0603', 'SMC0603', 'LQFP144-20X20']));
    expect(shared.warnings.some((w) => /read from 'Footprint'/.test(w.message))).toBe(false);
  });

  it('are not, without a maker column', () => {
    const read = readBom(rows.map((r) => [r[0], r[1], ...r.slice(3)]));
    expect(read.warnings.some((w) => /read from 'Footprint'/.test(w.message))).toBe(false);
  });
});

describe('cells that say more than one part', () => {
  it('alternatives joined by "or": the first is the part', () => {
    expect(numberInValue('PT7M7811 or STM811SW')).toEqual({ partNumber: 'PT7M7811', manufacturer: '' });
    expect(numberInValue('IRF9317PBF  or IRF9310PbF')?.partNumber).toBe('IRF9317PBF');
    expect(partOfValue('RFSM250 or MF-SM250-2-99')?.partNumber).toBe('RFSM250');
    // Words joined by "or" are no alternatives of part numbers.
    expect(numberInValue('red or green')).toBeNull();
    expect(numberInValue('10k or 12k')).toBeNull();
  });

  it('in a value column read for part numbers, "A or B" is read as A with the cell as written', () => {
    const read = readBom([
      ['Comment', 'Designator', 'Quantity'],
      ['LED0603-P-RW120 or LYN971-Z', 'LED3, LED4', '2'],
      ['DLCSN084F-3R3M or 74456033 or DO3316P-332MLD', 'L2, L7', '2'],
      ['22p_NP0', 'C18, C19', '2'],
      ['10-280MHz', 'OSC4', '1'],
      ['MT41J512M8RA-125:D', 'IC15', '1'],
    ]);
    expect(linesOf(read)).toEqual([
      [2, 2, 'LED0603-P-RW120'],
      [3, 2, 'DLCSN084F-3R3M'],
      [6, 1, 'MT41J512M8RA-125:D'],
    ]);
    expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row + 1)).toEqual([4, 5]);
  });

  it("a die revision after a colon is part of a maker's number; other colons are not", () => {
    expect(looksLikePartNumber('MT41J512M8RA-125:D')).toBe(true);
    expect(looksLikePartNumber('MT41K256M16TW-107:P')).toBe(true);
    expect(looksLikePartNumber('R1:R4')).toBe(false);
    expect(looksLikePartNumber('Device:R_Small')).toBe(false);
  });

  it("a library's value text joined by underscores, and a frequency range, are values", () => {
    expect(isValueSpec('22p_NP0')).toBe(true);
    expect(isValueSpec('1812_100Z_8A_6mDCR')).toBe(true);
    expect(isValueSpec('CAP_SMD_0402')).toBe(false);
    expect(isComponentValue('10-280MHz')).toBe(true);
    expect(isComponentValue('10-280')).toBe(false);
  });

  it('a number typed before a maker the alias table knows', () => {
    expect(partOfValue('2915 keystone')).toEqual({ partNumber: '2915', manufacturer: 'keystone' });
    expect(numberInValue('10118194-0001LF AMPHENOL')).toEqual({
      partNumber: '10118194-0001LF',
      manufacturer: 'AMPHENOL',
    });
    // A value, a chip size, a package or a connector's kind before a maker is no number of the maker's.
    for (const text of [
      '100nF ceramic',
      '0805 Yageo',
      '2835 Samsung',
      'SOT-23 Nexperia',
      'RJ45 Amphenol',
      '2x20 Samtec',
    ])
      expect([text, partOfValue(text)]).toEqual([text, null]);
  });
});

describe('a Polish page: a legend table above the parts list', () => {
  const page = [
    '## Diody LED',
    '|Oznaczenie|Opis|',
    '|:--------:|:---|',
    '|T/R|dioda sygnalizująca komunikację USB-ATMEGA|',
    '|CHR|sygnalizuje ładowanie baterii|',
    '',
    '# Lista elementów',
    '| Oznaczenie | Element | Obudowa | Ilość na PCB |',
    '|:-----:|:--------|:------|:--|',
    '|KOSZYK|2915 keystone|n.d.|2|',
    '|C1-C3;C6|100nF|0805|4|',
    '|D5-D6|1N5819|SOD-123|2|',
    '|U2|CH340E|n.d.|1|',
  ].join('\n');

  it('reads the parts list: its designators, values and quantity per board ("Ilość na PCB")', async () => {
    const file = await parseBomFile('README.md', Buffer.from(page));
    const read = readBom(file.cells);
    expect(read.headerRow).toBe(7);
    expect(linesOf(read)).toEqual([
      [10, 2, '2915'],
      [12, 2, '1N5819'],
      [13, 1, 'CH340E'],
    ]);
    expect(read.lines[0].manufacturer).toBe('keystone');
    // The rule under the header, ":--" among its cells, is no row of the list.
    expect(read.skipped.find((s) => s.row === 8)?.detail).toBe("is the table's rule");
  });

  it('"na" is "per" only before the board: a "Qty NA" column is no count of the board', () => {
    expect(matchHeader('Ilość na PCB')?.field).toBe('quantity');
    expect(matchHeader('Ilość na płytkę')?.field).toBe('quantity');
    expect(matchHeader('Počet na DPS')?.field).toBe('quantity');
    const read = readBom([
      ['Ref', 'MPN', 'Qty NA', 'Qty'],
      ['R1,R2,R3', 'RC0603FR-0710KL', '1', '3'],
      ['C1', 'CL10B104KB8NNNC', '0', '1'],
    ]);
    expect(read.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
      ['RC0603FR-0710KL', 3],
      ['CL10B104KB8NNNC', 1],
    ]);
  });

  it('a rule of two dashes beside an alignment colon is a rule; a lone dash is a placeholder', () => {
    expect(isRuleRow(['', ':--', ':--------', '--:', ''])).toBe(true);
    expect(isRuleRow(['', '-', '-', ''])).toBe(false);
    expect(isRuleRow(['---', '---'])).toBe(true);
  });
});

describe("KiCad's footprint names for copper, and a house's stock mark", () => {
  it('a fiducial or a mounting hole named by its footprint ("REF**" its designator) is no purchase', () => {
    const read = readBom([
      ['ID', 'Určovatel', 'Pouzdro', 'Množství', 'Určení'],
      ['1', 'REF**,REF**', 'Fiducial_1mm_Dia_2.54mm_Outer_CopperTop', '2', 'Fiducial_1mm_Dia_2.54mm_Outer_CopperTop'],
      ['2', 'Q1', 'SOT-23', '1', '2N7002KT1G'],
      ['3', 'REF**', 'MountingHole_2.2mm_M2', '1', 'MountingHole_2.2mm_M2'],
    ]);
    expect(read.lines.map((l) => l.partNumber)).toEqual(['2N7002KT1G']);
    expect(read.skipped.filter((s) => s.reason === 'not-purchase').map((s) => s.row)).toEqual([1, 3]);
  });

  it('one or two letters in a part-number column ("EC": from the house\'s stock) name no part', () => {
    const read = readBom([
      ['Item', 'Qty', 'Reference(s)', 'LCSC#', 'manf#'],
      ['1', '2', 'C1, C2', 'C1525', 'EC'],
      ['2', '1', 'U1', 'C2040', 'RP2040'],
    ]);
    expect(read.lines.map((l) => l.partNumber)).toEqual(['RP2040']);
    expect(read.skipped.find((s) => s.row === 1)?.reason).toBe('incomplete');
  });
});

describe('what a second look found', () => {
  const partNumbers = (cells: string[][]) => readBom(cells).lines.map((l) => l.partNumber);

  it('a standoff or holder placed on a KiCad hole footprint is bought; the hole alone is not', () => {
    expect(
      partNumbers([
        ['Designator', 'Comment', 'Footprint', 'Quantity'],
        ['U1', 'STM32F103C8T6', 'LQFP-48', '1'],
        ['SO1,SO2', 'SMTSO-M3-4ET', 'MountingHole_3.5mm', '2'],
        ['BT1', 'BK-883', 'MountingHole_2.2mm_M2', '1'],
        ['H1', 'MountingHole', 'MountingHole_3.2mm_M3', '1'],
      ]),
    ).toEqual(['STM32F103C8T6', 'SMTSO-M3-4ET', 'BK-883']);
  });

  it('"Ilość na 1 PCB" and "Počet na desku" name the count per board', () => {
    expect(matchHeader('Ilość na 1 PCB')?.field).toBe('quantity');
    expect(matchHeader('Ilość na płytce')?.field).toBe('quantity');
    expect(matchHeader('Počet na desku')?.field).toBe('quantity');
    const read = readBom([
      ['Lp.', 'Oznaczenie', 'Element', 'Obudowa', 'Ilość na 1 PCB'],
      ['1', 'R1,R2', '10k', '0603', '2'],
      ['2', 'U1', 'ATMEGA328P-AU', 'TQFP32', '1'],
    ]);
    expect(read.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['ATMEGA328P-AU', 1]]);
  });

  it('no swap over a column of dashes, nor to library names', () => {
    expect(
      partNumbers([
        ['Part Number', 'Description', 'Qty'],
        ['-', 'ESP32-WROOM-32E', '1'],
        ['-', 'AMS1117-3.3', '1'],
        ['-', 'ABM8-16.000MHZ-B2-T', '1'],
      ]),
    ).not.toContain('ESP32-WROOM-32E');
    expect(
      partNumbers([
        ['Part', 'Component', 'Qty'],
        ['Header', 'PINHD-1X2', '1'],
        ['Button', 'TACTILE-PTH-12MM', '1'],
        ['Light', 'LED5MM', '2'],
        ['MCU', 'ATMEGA328P-PU', '1'],
      ]),
    ).not.toContain('PINHD-1X2');
  });

  it("EAGLE's packages under 'Package' are no part numbers; makers' numbers under 'Footprint' on rows left blank are", () => {
    expect(
      partNumbers([
        ['Qty', 'Value', 'Package', 'Parts', 'Manufacturer'],
        ['4', '10k', '0603-RES', 'R1,R2,R3,R4', 'Yageo'],
        ['3', '1k', '0603-RES', 'R5,R6,R7', 'Yageo'],
        ['5', '100n', '0603-CAP', 'C1,C2,C3,C4,C5', 'Samsung'],
        ['1', '16MHz', 'HC49US', 'Y1', 'Abracon'],
        ['1', '32k', 'XTAL-3225', 'Y2', 'Epson'],
        ['1', '10u', 'EIA3216', 'C6', 'Kemet'],
      ]),
    ).toEqual([]);
    expect(
      partNumbers([
        ['Ref', 'Manufacturer', 'Footprint', 'Details', 'DigiKey Quantity', 'DigiKey PN'],
        ['R1', 'Panasonic', 'ERJ-3GEY0R00V', 'RES 0.0 OHM 1/10W 0603 SMD', '2', 'P0.0GCT-ND'],
        ['R2', 'Panasonic', 'ERJ-3GEY0R00V', ''],
        ['R3', 'Panasonic', 'ERJ-3GEYJ101V', 'RES 100 OHM 1/10W 5% 0603 SMD', '10', 'P100GCT-ND'],
        ['R4', 'Panasonic', 'ERJ-3GEYJ101V', ''],
        ['C1', 'Murata', 'GRM188R71H104KA93D', 'CAP CER 0.1UF 50V X7R 0603', '5', '490-1532-1-ND'],
      ]),
    ).toEqual(['ERJ-3GEY0R00V', 'ERJ-3GEY0R00V', 'ERJ-3GEYJ101V', 'ERJ-3GEYJ101V', 'GRM188R71H104KA93D']);
  });

  it("a battery cell's size or a value with its size before a maker names no part", () => {
    for (const text of ['18650 Samsung', '0603-10K Yageo']) expect([text, partOfValue(text)]).toEqual([text, null]);
  });

  it('"NM" (not mounted) alone in a part-number cell marks the line not placed; German "n.B." (as needed) does not', () => {
    const read = readBom([
      ['Item', 'Qty', 'Reference(s)', 'Value', 'MPN'],
      ['1', '1', 'R9', '1k', 'NM'],
      ['2', '1', 'R11', '1k', 'RC0603FR-071KL'],
    ]);
    expect(read.lines.map((l) => l.partNumber)).toEqual(['RC0603FR-071KL']);
    expect(read.skipped.filter((s) => s.reason === 'dnp').map((s) => s.row)).toEqual([1]);
    expect(isDnpMarker('n.B.')).toBe(false);
  });
});

describe("a synth module's workbook: a shop named after 'Ref.', makers written before their numbers", () => {
  const cells = [
    ['Index', 'Qty', 'Description', 'Value', 'Package', 'Ref. Mouser', 'References'],
    ['R3, R4, R16', 3, 'Resistor', '10k', '0402', '667-ERJ-2RKF1002X', ''],
    ['C1, C2', 2, 'Capacitor, ceramic', '100n', '0402', '81-GRM155R61E104KA7D', 'Murata GRM155R61E104KA87D'],
    [
      'D5, D7, D8, D9, D10, D11, D12, D13',
      8,
      'Ceradiode',
      '',
      '0603',
      '871-B72500D160H60',
      'Epcos / TDK B72500D160H60',
    ],
    ['D6', 1, 'BAT54SLT1G diode', '', 'SOT-23', '863-BAT54SLT1G', 'ON Semi BAT54SLT1G (replaces BAT54S)'],
    ['U1', 1, 'DC-DC converter', '', 'SIP3', '919-R-78E3.3-0.5', 'Recom R-78E3.3-0.5'],
  ];

  it("reads the shop's column as the shop's numbers, and splits each maker from its number", () => {
    const read = readBom(cells);
    expect(read.lines.map((l) => [l.partNumber, l.manufacturer])).toEqual([
      ['667-ERJ-2RKF1002X', ''],
      ['GRM155R61E104KA87D', 'Murata'],
      ['B72500D160H60', 'Epcos'],
      ['BAT54SLT1G', 'ON Semi'],
      ['R-78E3.3-0.5', 'Recom'],
    ]);
    expect(read.lines[0].supplierPartNumbers).toEqual(['667-ERJ-2RKF1002X']);
    expect(read.warnings.find((w) => w.row === 4)?.message).toMatch(/the note "\(replaces BAT54S\)" was left out/);
  });
});

describe('what a third look found', () => {
  it('a designators\' header naming a shop ("Ref Des (LCSC)") is no shop\'s column; "Farnell Ref" is', () => {
    expect(isSupplierPartHeader('Ref Des (LCSC)')).toBe(false);
    expect(isSupplierPartHeader('Mouser RefDes')).toBe(false);
    expect(isSupplierPartHeader('Farnell Ref')).toBe(true);
    const read = readBom([
      ['Ref Des (LCSC)', 'Qty', 'Value', 'Footprint'],
      ['C1, C2', '2', '100nF', 'C0603'],
      ['U1', '1', 'LM358', 'SOIC-8'],
    ]);
    expect(read.lines.flatMap((l) => l.supplierPartNumbers)).toEqual([]);
  });

  it('under "Manufacturer / MPN", a note in brackets is left out before the maker is split off', () => {
    const read = readBom([
      ['Qty', 'Designator', 'Manufacturer / MPN'],
      ['1', 'U1', 'TI LM358 (or LM2904)'],
      ['1', 'C2', 'Murata GRM188R71H104KA93D'],
    ]);
    expect(read.lines.map((l) => [l.partNumber, l.manufacturer])).toEqual([
      ['LM358', 'TI'],
      ['GRM188R71H104KA93D', 'Murata'],
    ]);
    expect(read.warnings.find((w) => w.row === 1)?.message).toMatch(/"\(or LM2904\)" was left out/);
  });
});
