/**
 * Value cells only a catalog can tell apart: where the part-number column is mostly empty and Value holds a maker's
 * full number on some rows, a family's base number or a component value on others, the catalog judges each cell
 * (readBomJudged): a value it knows is the row's part number, one it does not know is none. Without a catalog the
 * shape decides, as before.
 */
import { readBom, readBomJudged } from '../../src/bom';
import { readBomCells } from '../../src/workflows/read-bom';
import { VALUE_CELLS } from '../helpers/bom-value-cells';

const CELLS = VALUE_CELLS;

/** A catalog knowing these parts, answering each part number asked, and keeping the questions. */
function catalog(known: readonly string[]) {
  const asked: string[][] = [];
  const judge = async (parts: readonly string[]): Promise<boolean[]> => {
    asked.push([...parts]);
    return parts.map((p) => known.includes(p));
  };
  return { judge, asked };
}

const parts = (read: { lines: readonly { row: number; partNumber: string }[] }) =>
  read.lines.map((l) => [l.row, l.partNumber]);

test('without a catalog the shape decides, and the cells it could not settle are kept as questions', () => {
  const read = readBom(CELLS);
  expect(parts(read)).toEqual([
    [2, 'ATSAMD21G18A'],
    [5, 'LM358DR'],
  ]);
  expect(read.catalogQuestions).toEqual(['DMG3415U', 'ATSAMD21G18A']);
});

test('the catalog judges each value cell: a value it knows is the part number, one it does not know is none', async () => {
  const { judge, asked } = catalog(['DMG3415U', 'LM358DR']);
  const read = await readBomJudged(CELLS, {}, judge);
  // Each value is asked once: those the column's sample already asked about are not asked again.
  const all = asked.flat();
  expect(all.filter((p) => p === 'DMG3415U')).toHaveLength(1);
  expect(all.filter((p) => p === 'ATSAMD21G18A')).toHaveLength(1);
  expect(parts(read)).toEqual([
    [1, 'DMG3415U'],
    [5, 'LM358DR'],
  ]);
  // The base number is still a line to buy, listed as needing a part number, and says why.
  const u1 = read.skipped.find((s) => s.row === 2);
  expect(u1?.reason).toBe('incomplete');
  expect(u1?.detail).toContain('"ATSAMD21G18A" is not known to the catalog');
  expect(read.warnings.map((w) => w.message)).toContain(
    'Rows 2, 3: read as the catalog knows their value cells (a value it knows is the part number, one it does not know is none), not by their shape alone.',
  );
  expect(read.catalogAnswers?.get('DMG3415U')).toBe(true);
});

test('the CLI and the pane read the cells with one function: the same lines, the same words', async () => {
  const cli = await readBomCells(CELLS, {}, catalog(['DMG3415U']).judge);
  const pane = await readBomCells(CELLS, { firstRowNumber: 1 }, catalog(['DMG3415U']).judge);
  expect(parts(pane)).toEqual(parts(cli));
  expect(pane.warnings).toEqual(cli.warnings);
});

test('read again with the answers kept (the pane reading the selection again), the cells read alike without asking', () => {
  const answers = new Map([
    ['DMG3415U', true],
    ['ATSAMD21G18A', false],
  ]);
  const read = readBom(CELLS, { catalogAnswers: answers });
  expect(parts(read)).toEqual([
    [1, 'DMG3415U'],
    [5, 'LM358DR'],
  ]);
  expect(read.lines[0].quantityPerBoard).toBe(1);
});

test('a catalog that cannot answer leaves the shape to decide, and says so', async () => {
  const read = await readBomJudged(CELLS, {}, async () => {
    throw new Error('service unavailable');
  });
  expect(parts(read)).toEqual(parts(readBom(CELLS)));
  expect(read.warnings.map((w) => w.message)).toContain(
    'The catalog could not judge 2 value cells (service unavailable); they were read by their shape.',
  );
});

test("a buyer's own columns are read as chosen: the catalog is not asked", async () => {
  const { judge, asked } = catalog(['DMG3415U']);
  await readBomJudged(CELLS, { mapping: { partNumber: 2, quantity: 3, designators: 0 } }, judge);
  expect(asked).toEqual([]);
});
