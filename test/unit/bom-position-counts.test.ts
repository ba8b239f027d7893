/**
 * A column whose header names no count ("#", "Usage") read as the quantity where its numbers are each row's count of
 * positions (src/bom/column-content.ts countsOfPositions), so rows naming no positions (an enclosure, its screws) keep
 * their counts; a running index, a column that disagrees with the positions, or too little evidence is not read so.
 * Made-up tables; the real exports are in the corpus tests.
 */
import { type Cell, readBom } from '../../src/bom';
import { countsOfPositions } from '../../src/bom/column-content';

const table = (first: string, counts: Cell[]): Cell[][] => [
  [first, 'Part', 'Designator', 'Part Number'],
  [counts[0], 'R 330', 'R5-R8', 'RMCF0805FT330RCT-ND'],
  [counts[1], 'R 1K', 'R9-R15', 'RMCF0805FT1K00CT-ND'],
  [counts[2], 'U MCP2221A', 'U1', 'MCP2221A-I/ST'],
  [counts[3], 'Y 12MHz', 'Y1', 'ABM8-12.000MHZ-B2-T'],
  [counts[4], 'H Enclosure', '', '1593DBK'],
  [counts[5], 'H Screw M3', '', '36-9191-3-ND'],
];

test("a '#' column of each row's count of positions is the quantity, rows naming no positions keeping theirs", () => {
  const r = readBom(table('#', [4, 7, 1, 1, 1, 4]));
  expect(r.mapping.quantity).toBe(0);
  expect(r.lines.map((l) => [l.row + 1, l.quantityPerBoard])).toEqual([
    [2, 4],
    [3, 7],
    [4, 1],
    [5, 1],
    [6, 1],
    [7, 4],
  ]);
  expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/quantity in column A \("#"\)/);
});

test('a running index, or numbers that disagree with the positions, is no quantity', () => {
  // 1, 2, 3…: an item number, though it meets the positions on rows 4 and 5.
  expect(readBom(table('#', [1, 2, 3, 4, 5, 6])).mapping.quantity).toBeUndefined();
  // One row's number is not its count of positions (3 beside R5-R8).
  expect(readBom(table('#', [3, 7, 1, 1, 1, 4])).mapping.quantity).toBeUndefined();
});

test.each([
  [
    'every row a single position: a column of ones says nothing',
    [
      [1, 'R1'],
      [1, 'R2'],
      [1, 'R3'],
    ],
    false,
  ],
  [
    'two rows agreeing are too few',
    [
      [2, 'R1, R2'],
      [1, 'R3'],
    ],
    false,
  ],
  [
    'three rows agreeing, one of several positions',
    [
      [2, 'R1, R2'],
      [1, 'R3'],
      [3, 'C1-C3'],
    ],
    true,
  ],
  [
    'mostly words: notes with a few numbers among them',
    [
      [2, 'R1, R2'],
      [1, 'R3'],
      [3, 'C1-C3'],
      ['see note', 'J1'],
      ['spare', 'J2'],
      ['n/a', 'J3'],
    ],
    false,
  ],
] as [string, Cell[][], boolean][])('the evidence asked: %s', (_why, rows, counts) => {
  expect(countsOfPositions(rows, 0, 1)).toBe(counts);
});

test('no designators column, or the column itself, is no count of positions', () => {
  expect(countsOfPositions([[2, 'R1, R2']], 0, undefined)).toBe(false);
  expect(countsOfPositions([[2, 'R1, R2']], 1, 1)).toBe(false);
});

test('a column whose header names something else, or a 0 beside named positions, is no count of them', () => {
  // Numbers that meet the positions by chance under a name of their own: a stock, pins, a pack, an order minimum.
  for (const name of ['Stock', 'Pins', 'Qty per pack', 'MOQ', 'Layer'])
    expect(readBom(table(name, [4, 7, 1, 1, 2, 2])).mapping.quantity).toBeUndefined();
  // A bottom side's count: 0 on a row whose positions are on top.
  const sides: Cell[][] = [
    ['Designator', 'MPN', 'Qty Bottom'],
    ['R1, R2', 'RC0603FR-0710KL', 2],
    ['C1-C3', 'GRM188R61A105KA61D', 3],
    ['U1', 'LM1117-3.3', 1],
    ['C4, C5', 'GRM188R61A104KA01D', 0],
  ];
  expect(countsOfPositions(sides.slice(1), 2, 0, '')).toBe(false);
  expect(countsOfPositions(sides.slice(1, 4), 2, 0, '')).toBe(true);
});
