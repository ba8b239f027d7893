/**
 * The pricing step's shortcuts by row (src/bom): lines put in row order by their rows' slots, and each line's need
 * found in its row's place, give what a stable sort and a map by row gave, also for rows a BOM never has (repeated,
 * not whole, negative, far beyond the BOM's size), where they fall back to the sort and the map.
 */
import { emptyLine } from '../../src/purchase/price-match';
import { inRowOrder } from '../../src/purchase/price-lines';
import { needFor } from '../../src/plan/need';
import type { PricedBomLine } from '../../src/purchase/price-types';

/** A line of `row`, told apart by its part number. */
const line = (row: number, tag: string): PricedBomLine => emptyLine({ row, partNumber: tag, manufacturer: '' }, 1);

const sortedCopy = (lines: PricedBomLine[]) => [...lines].sort((a, b) => a.row - b.row);
const tags = (lines: PricedBomLine[]) => lines.map((l) => `${l.row}:${l.partNumber}`);

test.each([
  ['distinct rows out of order, a gap between them', [7, 2, 9, 0, 3]],
  ['a row given twice (the first stays first, as a stable sort keeps it)', [4, 1, 4, 0, 1]],
  ['rows that are not whole numbers', [2, 1.5, 0, 3]],
  ['a negative row', [3, -1, 0]],
  ['a row far beyond the BOM', [5, 1_000_000, 0]],
  ['no lines', []],
])('lines in row order: %s', (_, rows) => {
  const lines = rows.map((row, i) => line(row, `L${i}`));
  const expected = tags(sortedCopy(lines));
  const ordered = inRowOrder(lines);
  expect(ordered).toBe(lines);
  expect(tags(ordered)).toEqual(expected);
});

test.each([
  ['one board', 1, [4, 7, 0.5]],
  ['ten boards', 10, [40, 70, 5]],
  ['a million boards', 1_000_000, [4_000_000, 7_000_000, 500_000]],
])('each line needs its quantity per board times the boards, whatever its row: %s', (_, boards, needs) => {
  const lines = [
    { row: 3, quantityPerBoard: 4 },
    { row: -2, quantityPerBoard: 7 },
    { row: 900_000, quantityPerBoard: 0.5 },
  ];
  expect(lines.map((l) => needFor(l.quantityPerBoard, boards))).toEqual(needs);
});
