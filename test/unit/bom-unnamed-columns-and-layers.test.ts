/**
 * A column whose name says nothing the reader knows (Altium's own parameter "Part Symbol") read for the part numbers
 * its cells are, where the value column holds values; and a placement column ("Layer": Top, Bottom, DNP) whose "DNP"
 * marks its line not placed.
 */
import { type Cell, readBom } from '../../src/bom';

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
