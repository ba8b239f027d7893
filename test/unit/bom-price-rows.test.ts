/**
 * The pricing step's shortcuts by row (src/bom): lines put in row order by their rows' slots, and each line's need
 * found in its row's place, give what a stable sort and a map by row gave, also for rows a BOM never has (repeated,
 * not whole, negative, far beyond the BOM's size), where they fall back to the sort and the map.
 */
import { emptyLine } from '../../src/purchase/price-match';
import { inRowOrder } from '../../src/purchase/price-lines';
import { Needs } from '../../src/purchase/price-plan';
import type { PricedBomLine } from '../../src/purchase/price-types';
import type { BomLine, BomReadResult } from '../../src/bom/read';

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

const bomLine = (row: number, need: number) => ({ row, need }) as BomLine;
const readOf = (lines: BomLine[]) => ({ lines }) as BomReadResult;

test.each([
  ['rows of a BOM', [bomLine(0, 5), bomLine(3, 7), bomLine(1, 2)]],
  ['a row given twice: the last line wins', [bomLine(2, 5), bomLine(2, 9)]],
  ['rows beyond the shortcut (not whole, negative, far)', [bomLine(1.5, 4), bomLine(-2, 6), bomLine(900_000, 8)]],
])('each line’s need by its row: %s', (_, lines) => {
  const needs = new Needs(readOf(lines));
  const byRow = new Map(lines.map((l) => [l.row, l.need]));
  for (const l of lines) expect(needs.of(l)).toBe(byRow.get(l.row));
  // A line whose row the BOM read does not have keeps its own need.
  expect(needs.of(bomLine(4, 11))).toBe(11);
  expect(needs.of(bomLine(0.25, 13))).toBe(13);
});
