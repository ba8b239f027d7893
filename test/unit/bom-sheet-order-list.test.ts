/**
 * A kit's workbook of one sheet a board, each a list of values with designators and counts but no part numbers, and a
 * shop's quick-order sheet of codes and counts made from them: the boards' lists are the BOM, the order list is
 * passed over and named. A list of values names positions though it has no part number to price.
 */
import { type Cell } from '../../src/bom';
import { chooseBomSheet, judgeSheet, sheetChoiceWords } from '../../src/bom/sheets';

const BOARD_HEADER: Cell[] = ['Name', 'Designator', 'Type', 'Quantity', 'Notes / Links'];

/** A board's list of values: no part-number column, every row with its designators and count. */
function board(rows: number, header = BOARD_HEADER): Cell[][] {
  const out: Cell[][] = [header];
  for (let i = 1; i <= rows; i++)
    out.push([`${i * 10}k`, `R${2 * i - 1},R${2 * i}`, 'Resistor 1/4W', 2, 'https://www.example-shop.test/r']);
  return out;
}

/** A shop's quick-order sheet: its codes and counts, one row a code, covering every board. */
function orderList(rows: number): Cell[][] {
  const out: Cell[][] = [['sku', 'qty']];
  for (let i = 1; i <= rows; i++) out.push([`A-${2500 + i}`, 2 * i + 1]);
  return out;
}

describe("a shop's order list beside the boards' lists it was made from", () => {
  const sheets: Array<[string, Cell[][]]> = [
    ['CONTROL', board(8)],
    // Its header unlike the first board's: sheets of one header are copies of one list, and the first is read.
    [
      'MAIN',
      board(
        20,
        BOARD_HEADER.map((h) => (h === 'Type' ? 'Footprint' : h)),
      ),
    ],
    ['Shop Auto Order - Export as CSV', orderList(30)],
  ];
  const judged = sheets.map(([name, cells], i) => judgeSheet(name, i, cells));

  test('a list of values without part numbers names its positions, though none of its lines can be priced', () => {
    expect(judged[1]).toMatchObject({ lines: 20, withDesignators: 0, namesPositions: true, codesAndCounts: false });
    expect(judged[2]).toMatchObject({ withDesignators: 0, namesPositions: false });
  });

  test('the largest board is read; the order list is passed over and named', () => {
    expect(judged[2]).toMatchObject({ lines: 30, withDesignators: 0, codesAndCounts: true, namedBom: true });
    const choice = chooseBomSheet(judged);
    expect(choice.chosen.name).toBe('MAIN');
    expect(choice.judged[2].passedOver).toEqual({ kind: 'order-list', rows: 30 });
    expect(sheetChoiceWords(choice)).toEqual([
      "sheet 'MAIN' (20 lines) was read",
      "'Shop Auto Order - Export as CSV' passed over: an order list (30 codes and counts, no designators)",
    ]);
  });

  test("a sheet of codes and counts named as the BOM (or not named as a shop's order) is the BOM, beside an assembly sheet", () => {
    const bom: Cell[][] = [
      ['MPN', 'Qty'],
      ['RC0603FR-0710KL', 12],
      ['GRM188R71C104KA01D', 4],
    ];
    const assembly: Cell[][] = [
      ['Ref', 'Value', 'Footprint'],
      ['R1-R12', '10k', '0603'],
      ['C1-C4', '100nF', '0603'],
    ];
    for (const name of ['BOM', 'Sheet1', 'Parts list order']) {
      const judged = [judgeSheet(name, 0, bom), judgeSheet('Assembly', 1, assembly)];
      expect({ name, codesAndCounts: judged[0].codesAndCounts }).toEqual({ name, codesAndCounts: false });
      expect(chooseBomSheet(judged).judged[0].passedOver).toBeUndefined();
    }
  });

  test('an order list with no board beside it is the list to read', () => {
    const alone = [judgeSheet('Read me', 0, [['Order these from the shop below.']]), judged[2]];
    expect(chooseBomSheet(alone).chosen.name).toBe('Shop Auto Order - Export as CSV');
  });

  test('an order list that says more than codes and counts (a description, a maker) is judged as any list', () => {
    const described = orderList(30).map((row, r) => [...row, r === 0 ? 'Description' : `Resistor ${r}`]);
    const withWords = judgeSheet('Shop order', 2, described);
    expect(withWords.codesAndCounts).toBe(false);
    const choice = chooseBomSheet([judged[0], judged[1], withWords]);
    expect(choice.judged[2].passedOver).toBeUndefined();
  });
});
