/**
 * Which formulas call the add-in's PARTS functions (src/excel/fetched-values.ts): in any case, nested in a larger
 * formula, as Excel shows them or as a saved file keeps them; never text in quotes or another add-in's function.
 * And the formula as the copy's list gives it, with the add-in's prefix left out.
 */
import { listedFormula, partsCalls, partsCellsOf } from '../../src/excel/fetched-values';

describe('PARTS formulas', () => {
  test.each([
    ['=PARTS.PRICE(A2,100)', 1],
    ['=parts.Stock(A2)*2', 1],
    ['=IFERROR(PARTS.PRICE(A2), 0) + PARTS.STOCK(A2)', 2],
    ['=_xldudf_PARTS_PRICE(A2,100)', 1],
    ['=[2]!_xldudf_PARTS_LEADTIME(A2)', 1],
    ['=PARTS.PRICE (A2)', 1],
    ['="PARTS.PRICE(A2)"', 0],
    ['=MYPARTS.PRICE(A2)', 0],
    ['=SUM(PARTS_A:PARTS_B)', 0],
    ['=A1*2', 0],
    ['PARTS.PRICE(A2)', 0],
    [42, 0],
    [null, 0],
  ])('%p makes %p PARTS calls', (formula, calls) => {
    expect(partsCalls(formula)).toBe(calls);
  });

  test('the listed formula drops the prefix, not text in quotes', () => {
    expect(listedFormula('=PARTS.PRICE(A2,100)*2')).toBe('PRICE(A2,100)*2');
    expect(listedFormula('=_xldudf_PARTS_STOCK("PARTS.X")')).toBe('STOCK("PARTS.X")');
    expect(listedFormula('=IF(B1,parts.price(A2),"")')).toBe('IF(B1,price(A2),"")');
  });

  test('the PARTS cells of a grid, where they are in the sheet', () => {
    const found = partsCellsOf({
      sheet: 'Prices',
      rowIndex: 4,
      columnIndex: 2,
      formulas: [
        ['Part', '=PARTS.PRICE(C5)'],
        ['=B1*2', '=PARTS.STOCK(C6)+1'],
      ],
      values: [
        ['Part', '#BUSY!'],
        [4, 1001],
      ],
    });
    expect(found).toEqual([
      { sheet: 'Prices', row: 4, column: 3, formula: '=PARTS.PRICE(C5)', value: '#BUSY!' },
      { sheet: 'Prices', row: 5, column: 3, formula: '=PARTS.STOCK(C6)+1', value: 1001 },
    ]);
  });
});
