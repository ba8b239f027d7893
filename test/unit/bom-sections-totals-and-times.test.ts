/**
 * A list's own words taking rows out of the purchase: a total whose only text is its label, rows under a heading that
 * says they are not bought now ("Maybe use this in the future:"), up to the next heading; counts written with the
 * multiplication sign ("4×") under a header that does not name them; a material's words joined by slashes in a
 * part-number column.
 */
import { type Cell, readBom } from '../../src/bom';
import { parseQuantity } from '../../src/bom/quantity';

const linesOf = (grid: Cell[][]) => readBom(grid).lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]);
const skipsOf = (grid: Cell[][]) => readBom(grid).skipped.map((s) => [s.row + 1, s.reason]);

const CART: Cell[][] = [
  ['Quantity', 'Part Number', 'Manufacturer Part Number', 'Description', 'Unit Price'],
  [2, '1189-4160-1-ND', '250BXC22MEFCT810X16', 'CAP ALUM 22UF', 0.73],
  [4, '490-16959-1-ND', 'RDEC71H475K2M1H03A', 'CAP CER 4.7UF', 0.67],
  [2, 'IR2302PBF-ND', 'IR2302PBF', 'IC GATE DRVR', 1.89],
  [1, 'ATMEGA328P-PU-ND', 'ATMEGA328P-PU', 'IC MCU 8BIT', 2.89],
  [38, 'Grand Total:', null, null, 54.49],
  [],
  [],
  ['Maybe use this\nin the future:'],
  [2, 'RFC1010B-224KE'],
  [4, 'IRF540NPBF-ND', 'IRF540NPBF', 'MOSFET N-CH', 1.35],
];

describe('a total and a section not bought', () => {
  test('a total whose only text is its label is no line, whatever its count sums', () => {
    expect(skipsOf(CART)).toContainEqual([6, 'no-part-number']);
    expect(linesOf(CART).map(([row]) => row)).toEqual([2, 3, 4, 5]);
  });

  test('the rows under a heading saying they are for later are not bought, with the heading as the reason', () => {
    const read = readBom(CART);
    const later = read.skipped.filter((s) => s.row + 1 >= 10);
    expect(later.map((s) => [s.row + 1, s.reason])).toEqual([
      [10, 'dnp'],
      [11, 'dnp'],
    ]);
    expect(later[0].detail).toContain('in the future');
  });

  test('a heading that says nothing of the kind ends such a section; a one-cell row under a line starts none', () => {
    const grid: Cell[][] = [...CART, [], ['Connectors'], [3, '732-5317-ND', '61300411121', 'CONN HEADER 4POS', 0.19]];
    expect(linesOf(grid).map(([row]) => row)).toEqual([2, 3, 4, 5, 14]);
    const note: Cell[][] = [
      ['Quantity', 'Part Number', 'Manufacturer Part Number', 'Description'],
      [2, '1189-4160-1-ND', '250BXC22MEFCT810X16', 'CAP ALUM 22UF'],
      ['Alternatives: any 250 V part'],
      [4, '490-16959-1-ND', 'RDEC71H475K2M1H03A', 'CAP CER 4.7UF'],
    ];
    expect(linesOf(note).map(([row]) => row)).toEqual([2, 4]);
  });
});

describe('counts with the multiplication sign', () => {
  test('"4×" reads as 4, "2×3" as 6', () => {
    expect(parseQuantity('4×')).toMatchObject({ kind: 'ok', value: 4 });
    expect(parseQuantity('2×3')).toMatchObject({ kind: 'ok', value: 6 });
  });

  test('a checklist counting "4×" under "Nr" is a list of lines to buy, not refused', () => {
    const grid: Cell[][] = [
      ['Got', 'Nr', 'Description'],
      ['[X]', '4×', 'capacitor, 47nF, 250V MKP'],
      ['[ ]', '2×', 'resistor, 100K, 1%, 0.5W'],
      ['[X]', '8×', 'resistor, 470K'],
      ['[X]', '1×', 'mosfet IRF820'],
    ];
    const read = readBom(grid);
    expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s.quantityPerBoard])).toEqual([
      [2, 4],
      [3, 2],
      [4, 8],
    ]);
    expect(linesOf(grid)).toEqual([[5, 'IRF820', 1]]);
  });

  test('beside a part-number column too, such a column is the count, not 1 of each', () => {
    const grid: Cell[][] = [
      ['Got', 'Nr', 'Description', 'MPN'],
      ['[X]', '4×', 'cap', 'GRM188R71H104KA93D'],
      ['[ ]', '2×', 'res', 'RC0603FR-0710KL'],
      ['[X]', '1×', 'mosfet', 'IRF820PBF'],
      ['[X]', 'x3', 'led', 'LTST-C191KRKT'],
    ];
    expect(linesOf(grid).map(([, , qty]) => qty)).toEqual([4, 2, 1, 3]);
  });
});

test("a material's words joined by slashes in a part-number column are no part number; the LCSC code lists it", () => {
  const grid: Cell[][] = [
    ['qty', 'name(s)', 'value', 'manufacturer', 'manufacturer code', 'jlcpcb'],
    ['5', 'R4, R6, R8, R9, R10', '10k', 'any', 'metal/carbon/thick', 'C25744'],
    ['1', 'U1', 'TPS54302', 'Texas Instruments', 'TPS54302DDCR', 'C311983'],
    ['1', 'U3', 'STM32F103RCT6', 'STMicroelectronics', 'STM32F103RCT6', 'C8323'],
    ['2', 'D1, D2', 'B5819W', 'Diodes Inc', 'B5819W-7-F', 'C82544'],
    ['1', 'Q1', 'AO3400', 'Alpha & Omega', 'AO3400A', 'C20917'],
  ];
  expect(linesOf(grid).map(([row, part]) => [row, part])).toEqual([
    [3, 'TPS54302DDCR'],
    [4, 'STM32F103RCT6'],
    [5, 'B5819W-7-F'],
    [6, 'AO3400A'],
  ]);
  expect(readBom(grid).skipped.find((s) => s.row === 1)?.detail).toContain('LCSC C25744');
});

describe('what a note or a part number is not', () => {
  const HEADER: Cell[] = ['Reference', 'Qty', 'Value', 'MPN'];
  const LINES: Cell[][] = [
    ['R1, R2', 2, '10k', 'RC0603FR-0710KL'],
    ['C1', 1, '100n', 'CL10B104KB8NNNC'],
    ['U1', 1, 'MCU', 'ATMEGA328P-AU'],
  ];

  test('a sentence in one cell is no heading: the lines under it are bought', () => {
    for (const note of [
      'Optional parts are marked with * in the Reference column',
      'Alternatively, all parts below can be ordered from LCSC',
      '**Spares** (included so you can replace broken parts, please order)',
      'Not needed for the bare board, but every part below is fitted on the kit',
    ]) {
      expect(linesOf([HEADER, [note], ...LINES]).length).toBe(3);
      expect(linesOf([HEADER, ['J1', 1, 'USB', '10118194-0001LF'], [], [note], ...LINES]).length).toBe(4);
    }
  });

  test('a section not bought ends at the next heading, with or without a blank row before it', () => {
    const grid: Cell[][] = [
      HEADER,
      ...LINES,
      [],
      ['Maybe later:'],
      ['LED1', 1, 'red', 'LTST-C191KRKT'],
      ['Power supply'],
      ['U2', 1, 'LDO', 'AP2112K-3.3TRG1'],
      [],
      ['Power supply', '(required)'],
      ['C5, C6', 2, '1u', 'GRM188R61E105KA12D'],
    ];
    expect(skipsOf(grid)).toContainEqual([7, 'dnp']);
    expect(linesOf(grid).map(([row]) => row)).toEqual([2, 3, 4, 9, 12]);
  });

  test('a label-like word inside a part number, or a total word inside one, is kept', () => {
    const grid: Cell[][] = [
      ['Qty', 'MPN', 'Description', 'Price'],
      [2, 'SUM-110', 'switch', 1.2],
      [1, 'PN 2222A', 'transistor', 0.1],
      [2, '046803830', 'Gesamtschutzkappe', 0.5],
      [1, 'Part No. 7 see note', 'part', 0.3],
    ];
    expect(linesOf(grid).map(([row, part]) => [row, part])).toEqual([
      [2, 'SUM-110'],
      [3, 'PN 2222A'],
      [4, '046803830'],
      [5, 'Part No. 7 see note'],
    ]);
  });
});
