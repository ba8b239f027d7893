/**
 * Value cells only a catalog can tell apart: where the part-number column is mostly empty and Value holds a maker's
 * full number on some rows, a family's base number or a component value on others, the catalog judges each cell
 * (readBomJudged): a value it knows is the row's part number, one it does not know is none. Without a catalog the
 * shape decides, as before.
 */
import { readBom, readBomJudged } from '../../src/bom';
import { readBomCells } from '../../src/workflows/read-bom';
import { VALUE_CELLS } from '../helpers/bom-value-cells';
import { askableValue } from '../../src/bom/catalog-questions';

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

describe('what the catalog is asked about a value cell', () => {
  test.each([
    // A number followed by its ratings or a short note: the number is asked.
    ['MAU108 +12V -12V DCDC', 'MAU108'],
    ['TPS54394 / 2', 'TPS54394'],
    // A number shaped as a designator is written: the catalog, not the shape, says whether it is a part.
    ['RN4020', 'RN4020'],
    ['TPS2540', 'TPS2540'],
    // Values, an LCSC number, a description in words: nothing to ask.
    ['100nF 50V', null],
    ['10k', null],
    ['C2040', null],
    ['Conn_01x06_Pin', null],
    ['a shop name with many words and a 555 timer', null],
    // A pack of several, as a shop sells modules or kits ("4 pieces", "pack of 10"): what is bought is the pack,
    // not the maker's chip its name starts with.
    ['VL53L0X(４個)', null],
    ['VL53L0X【4個】', null],
    ['VL53L0X (4 pcs)', null],
    ['NE555 10pcs', null],
    ['NE555 10pcs/lot', null],
    ['10PCS NE555P', null],
    ['NE555-10PCS', null],
    ['AMS1117 (4个装)', null],
    ['LM2596 5-pack', null],
    ['LM2596 10er Pack', null],
    ['LM2596 Pack of 5', null],
    ['Pack of 10 NE555', null],
    ['TP4056 Modul 3 Stück', null],
    // No pack: a count of one, a multiplier or a safety class after an "x", a part's pin count or ratings.
    ['NE555 (1pc)', 'NE555'],
    ['WS2812B x 5', 'WS2812B'],
    ['R46KI3100JHM1M X2', 'R46KI3100JHM1M'],
    ['ESP32-WROOM-32 x1', 'ESP32-WROOM-32'],
    ['LM2596S-5.0 (TO-263-5)', 'LM2596S-5.0'],
    ['ULN2003A 16 pin', 'ULN2003A'],
    ['X5015-T', 'X5015-T'],
    // A word of the part's kind or a ratio first: the number after it.
    ['Разъем DC005', 'DC005'],
    ['1:4 ADT4-6T', 'ADT4-6T'],
    ['BEL Fuse 0ZCJ0005FF2E 50mA 60VDC', '0ZCJ0005FF2E'],
    // A value with its rating joined on, a frequency, a trimmer's range: values, nothing to ask.
    ['10uF10V', null],
    ['122.88Mhz', null],
    ['6.5-30pF', null],
  ])('%s → %s', (cell, asked) => {
    expect(askableValue(cell)).toBe(asked);
  });

  test("a distributor's own number in Value is not the catalog's to judge: the line keeps it", async () => {
    const cells = [
      ['Qty', 'Value', 'Parts', 'MPN'],
      [1, '36-2998-ND', 'B1', ''],
      [6, 'DK:MMBT3904LT1GOSCT-ND', 'T1 T2 T3 T4 T5 T6', ''],
      [1, 'TPS2540', 'U1', ''],
      [1, '10k', 'R1', ''],
      [2, 'BTS3405G', 'U3 U13', ''],
    ];
    // A catalog of makers' numbers knows no distributor's: its "unknown" on a Digi-Key number (asked in the sample
    // of the Value column) does not take the number from the line, which is looked up by it.
    const { judge } = catalog(['TPS2540', 'BTS3405G']);
    const read = await readBomJudged(cells, {}, judge);
    expect(parts(read)).toEqual([
      [1, '36-2998-ND'],
      [2, 'MMBT3904LT1GOSCT-ND'],
      [3, 'TPS2540'],
      [5, 'BTS3405G'],
    ]);
  });
});

test("a part-number cell that counts its pack's pieces is a shop's pack: listed with why, not priced as the chip", () => {
  const read = readBom([
    ['Qty', 'MPN', 'Description'],
    [1, 'VL53L0X(４個)', 'ToF sensor boards'],
    [2, 'NE555 10pcs', 'timer'],
    [3, 'BC817-40', 'NPN'],
  ]);
  expect(parts(read)).toEqual([[3, 'BC817-40']]);
  expect(read.skipped.map((s) => [s.row, s.reason, s.detail])).toEqual([
    [
      1,
      'incomplete',
      'a line to buy (1 per board; "VL53L0X(4個)" names a pack of several pieces, not one maker\'s part) with no manufacturer part number to price it by: add one',
    ],
    [
      2,
      'incomplete',
      'a line to buy (2 per board; "NE555 10pcs" names a pack of several pieces, not one maker\'s part) with no manufacturer part number to price it by: add one',
    ],
  ]);
  // The buyer's own choice of column is read as chosen.
  const chosen = readBom(
    [
      ['Qty', 'MPN'],
      [2, 'NE555 10pcs'],
    ],
    { mapping: { quantity: 0, partNumber: 1 } },
  );
  expect(parts(chosen)).toEqual([[1, 'NE555 10pcs']]);
});
