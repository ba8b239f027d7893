/**
 * A column whose name says nothing the reader knows (Altium's own parameter "Part Symbol") or none at all (one field
 * past a header shorter than its rows) read for the part numbers its cells are, where the value column holds values; a
 * placement column ("Layer": Top, Bottom, DNP) whose "DNP" marks its line not placed; rows quoted whole among rows that
 * are not; a capacitor's ratings in capitals; a placeholder with a note.
 */
import { type Cell, readBom } from '../../src/bom';
import { isComponentValue } from '../../src/bom/row-kinds';
import { unwrapQuotedRows } from '../../src/bom/nested-csv';

const linesOf = (grid: Cell[][]) => readBom(grid).lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]);

const VALUES = ['10p', 'KPT-1608SGC', '470n', '47u', '100n', 'TPD2E009DRTR'];
const NUMBERS = [
  '251R14S100GV4T',
  'KPT-1608SGC',
  'C1608X5R1H474K080AB',
  'GRM31CC80J476KE18L',
  '0603B104K500CT',
  'TPD2E009DRTR',
];

/** An Altium list of designators, values, a count and a last column named `name` holding `cells`. */
function altiumList(name: string, cells: string[]): Cell[][] {
  return [
    ['Designator', 'Value', 'Description', 'Quantity', 'Layer', name],
    ...cells.map((cell, i) => [`C${i + 1}`, VALUES[i], 'MLCC SMT Capacitor 0603', 1, 'Top', cell]),
  ];
}

describe('a column of an unknown name, read for part numbers by what it holds', () => {
  test('"Part Symbol" of makers\' numbers beside a value column of values: every line bought by its number', () => {
    expect(linesOf(altiumList('Part Symbol', NUMBERS))).toEqual(NUMBERS.map((n, i) => [i + 2, n, 1]));
  });

  test('a symbol\'s column of a shop\'s figures ("113336") or of library names is not taken: the values stay', () => {
    const figures = ['113336', '108240', '116891', '108292', '104313', '111809'];
    const library = ['C_0603_1608Metric', 'LED_0603', 'Device:C', 'C_1206', 'C_0402', 'SOT-23-6'];
    for (const cells of [figures, library]) {
      const parts = linesOf(altiumList('Part Symbol', cells)).map(([, part]) => part);
      expect(parts).toEqual(['KPT-1608SGC', 'TPD2E009DRTR']);
    }
  });

  test("a header naming someone else's number or an alternate, or a column filled on few rows, is not taken", () => {
    // "CPN": the company's own codes; "Alt MPN": an alternate, filled on two rows of six.
    const own = ['ACME-RES-0012', 'ACME-LED-0001', 'ACME-CAP-0470', 'ACME-CAP-0047', 'ACME-CAP-0100', 'ACME-IC-0042'];
    const alternate = ['', '', 'GRM188R61C474KA93D', '', '', 'TPD2E001DRLR'];
    for (const [name, cells] of [
      ['CPN', own],
      ['Alt MPN', alternate],
    ] as const) {
      const parts = linesOf(altiumList(name, [...cells])).map(([, part]) => part);
      expect(parts).toEqual(['KPT-1608SGC', 'TPD2E009DRTR']);
    }
  });

  test('a symbol column that names the footprint ("Package Symbol": "CAP0603", "RESC1608X55N") is not taken', () => {
    const footprints = ['CAP0603', 'LED0603', 'CAPC1608X90N', 'CAPC3216X180N', 'CAPC1005X55N', 'SOT23-6N'];
    const parts = linesOf(altiumList('Package Symbol', footprints)).map(([, part]) => part);
    expect(parts).toEqual(['KPT-1608SGC', 'TPD2E009DRTR']);
  });

  test("fewer than four in five of its cells makers' numbers: not taken", () => {
    const some = [...NUMBERS.slice(0, 4), 'C_0402', 'SOT-23-6'];
    const parts = linesOf(altiumList('Part Symbol', some)).map(([, part]) => part);
    expect(parts).toEqual(['KPT-1608SGC', 'TPD2E009DRTR']);
  });
});

describe('a placement column saying DNP', () => {
  const grid: Cell[][] = [
    ['Reference', 'Quantity', 'Value', 'Manufacturer', 'MPN', 'Layer'],
    ['C1 C2', 2, '10u', 'Murata', 'GRM188R61A106KE69D', 'Top'],
    ['R1', 1, '1k', 'Bourns', 'CR0603-JW-102ELF', 'Bottom'],
    ['R11 R12', 2, '0R', 'Panasonic', 'ERJ2GE0R00X', 'DNP'],
  ];

  test('"DNP" under Layer leaves its line out, not placed; Top and Bottom are lines', () => {
    const read = readBom(grid);
    expect(read.lines.map((l) => l.partNumber)).toEqual(['GRM188R61A106KE69D', 'CR0603-JW-102ELF']);
    expect(read.skipped).toEqual([
      expect.objectContaining({ row: 3, reason: 'dnp', detail: expect.stringMatching(/Layer/) }),
    ]);
  });

  test('the same "DNP" under a column named for a build variant marks that build alone, not the line', () => {
    const variant = grid.map((row, r) => (r === 0 ? [...row.slice(0, 5), 'LowCost'] : row));
    expect(readBom(variant).lines.map((l) => l.partNumber)).toContain('ERJ2GE0R00X');
  });
});

describe("a column past the header, of makers' numbers on some rows", () => {
  // KiCad 4's export with a field its header does not name: "Reference, Value, Footprint, Datasheet, Mnf." over rows
  // of six fields, the maker's number in the sixth where the designer typed one.
  const grid: Cell[][] = [
    ['Reference', ' Value', ' Footprint', ' Datasheet', ' Mnf.'],
    ['Y2', '32.768kHz', 'ABS07crystal', '', '', 'ABS07-32.768KHZ-7-T', ''],
    ['C17', '6.8p', 'C_0603', '', '', 'VJ0603A6R8DXAPW1BC', ''],
    ['C19', '6.8p', 'C_0603', '', '', ''],
    ['R7', '10k', 'R_0603', '', '', 'CRCW060310K0FKEA', ''],
    ['C10', '100n', 'C_0603', '', '', ''],
    ['R3', '470', 'R_0603', '', '', ''],
    ['R4', '470', 'R_0603', '', '', ''],
    ['R5', '470', 'R_0603', '', '', ''],
    ['R6', '470', 'R_0603', '', '', ''],
    ['C9', '100n', 'C_0603', '', '', ''],
    ['C8', '100n', 'C_0603', '', '', ''],
    ['U6', 'ECMF02-3HSM6', 'ECMF02-3HSM6', '', '', ''],
    ['U1', 'STM32F405R', 'LQFP-64', '', '', 'STM32F405RGT6', ''],
    ['U2', 'INA214', 'SC-70-6', '', '', 'INA214AIDCKR', ''],
  ];

  // Its value column holds type numbers on a row in four ("STM32F405R" for STM32F405RGT6): enough to be read for part
  // numbers, which took it before the column past the header was looked at.
  test('gives the part numbers before the value column; a row without one falls back to a value shaped as one', () => {
    expect(linesOf(grid)).toEqual([
      [2, 'ABS07-32.768KHZ-7-T', 1],
      [3, 'VJ0603A6R8DXAPW1BC', 1],
      [5, 'CRCW060310K0FKEA', 1],
      [13, 'ECMF02-3HSM6', 1],
      [14, 'STM32F405RGT6', 1],
      [15, 'INA214AIDCKR', 1],
    ]);
  });
});

describe('rows quoted whole among rows that are not', () => {
  // A KiCad list edited by hand: a line whose field holds commas was written quoted whole, its quotes doubled.
  const grid: Cell[][] = [
    ['Id', 'Designator', 'Package', 'Quantity', 'Designation', 'Supplier and ref'],
    ['2', 'U4', 'DFN-8', '1', 'ATECC508A', 'ATECC508A-MAHDA'],
    ['5,"C1,C2,C4",C_0402,3,0.1uF,100N 16V X7R 10%'],
    ['6', 'U2', 'SOT-23-6', '1', 'MTCH101', 'MTCH101-I/OT'],
    ['8,U3,SOT-553,1,DF5A5.6JE,"DF5A5.6JE,LM"'],
  ];

  test("each is split into its fields, said so by row; the others stay (Toshiba's number keeps its ',LM')", () => {
    const split = unwrapQuotedRows(grid);
    expect(split?.rows).toEqual([2, 4]);
    expect(split?.cells[2]).toEqual(['5', 'C1,C2,C4', 'C_0402', '3', '0.1uF', '100N 16V X7R 10%']);
    expect(split?.cells[1]).toBe(grid[1]);
    const read = readBom(grid);
    expect(read.warnings.map((w) => w.message)).toContainEqual(expect.stringMatching(/On 2 rows .*: rows 3, 5\./));
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [2, 'ATECC508A-MAHDA', 1],
      [4, 'MTCH101-I/OT', 1],
      [5, 'DF5A5.6JE,LM', 1],
    ]);
  });

  test('a lone cell that splits into another number of fields than the rows hold, or has no quoted field, stays', () => {
    expect(unwrapQuotedRows([['A', 'B', 'C'], ['Title, rev 2'], ['1', '2', '3']])).toBeNull();
    // Nor a note whose commas happen to cut it into as many pieces: only a line with a field quoted in it is one.
    expect(unwrapQuotedRows([['A', 'B', 'C'], ['Rev 2, checked, 2019'], ['1', '2', '3']])).toBeNull();
  });
});

test("a capacitor's ratings in capitals beside its dielectric are a value; a type number beside one is not", () => {
  for (const v of ['100N 16V X7R 10%', '4U7 6V3 X5R 20%', '22PF 50V C0G 5%']) expect(isComponentValue(v)).toBe(true);
  for (const v of ['1N4148 X7R', '2N7002 X7R', '100N']) expect(isComponentValue(v)).toBe(false);
});

test('a placeholder with a note in brackets ("custom (3 parts)") names no part: listed for a part number', () => {
  const read = readBom([
    ['Description', 'Manufacturer', 'Part Number', 'Qty'],
    ['Vial holder (SLA)', 'Protolabs', 'custom (3 parts)', 1],
    ['Light-to-frequency converter', 'AMS', 'TSL237S-LF', 1],
  ]);
  expect(read.lines.map((l) => l.partNumber)).toEqual(['TSL237S-LF']);
  expect(read.skipped).toEqual([expect.objectContaining({ row: 1, reason: 'incomplete' })]);
  expect(read.skipped[0].detail).toMatch(/"custom \(3 parts\)" is a placeholder/);
});
