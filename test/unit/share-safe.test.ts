/**
 * The share-safe copy's content (src/excel/share-safe.ts) as the CLI writes it: each priced line's quantities and
 * prices are formulas over its part's row on the Breaks sheet, holding the plan's figures as their written values; a
 * part the formulas cannot follow (a split) keeps the plan's figures behind a guard; the live total sums the lines.
 * What the formulas compute is checked in LibreOffice Calc (test/e2e/share-safe-libreoffice.e2e.test.ts).
 */
import ExcelJS from 'exceljs';
import { xlsxWorkbook, type WriteContext } from '../../cli/price-output';
import { type Cell, readBom } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { RateBook } from '../../src/pricing/rates';
import { LookupScheduler } from '../../src/lookup';
import { NO_OVERAGE } from '../../src/plan';
import { BREAKS_SHEET, REPRICE } from '../../src/excel/share-safe';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const AS_OF = new Date(2025, 2, 3, 10, 30);

function catalog(): FakeParts {
  return new FakeParts().add(
    makePart('OPAMP1', [
      makeOffer({ sourcePartId: 'OP-1', moq: 10, packSize: 5, breaks: makeBreaks([10, 0.5], [100, 0.3], [1000, 0.1]) }),
    ]),
    // Two offers of 60 each: 100 needs both (a split).
    makePart('SPLIT1', [
      makeOffer({ sourcePartId: 'SP-1', stock: 60, breaks: makeBreaks([1, 1]) }),
      makeOffer({ sourcePartId: 'SP-2', stock: 60, breaks: makeBreaks([1, 1.2]) }),
    ]),
    makePart('EURO1', [makeOffer({ sourcePartId: 'EU-1', currency: 'EUR', breaks: makeBreaks([1, 2]) })]),
  );
}

const BOM: Cell[][] = [
  ['Ref', 'Qty', 'MPN'],
  ['U1', 3, 'OPAMP1'],
  ['U2', '2 pcs', 'OPAMP1'],
  ['X1', 10, 'SPLIT1'],
  ['E1', 1, 'EURO1'],
  ['N1', 1, 'NOSUCH'],
];

async function written(): Promise<{ book: ExcelJS.Workbook; ctx: WriteContext }> {
  const read = readBom(BOM);
  const scheduler = new LookupScheduler({ port: catalog(), windowMs: 0, now: () => AS_OF.getTime() });
  const rates = new RateBook({ probe: async () => [], given: { EUR: 1.1 }, now: () => AS_OF });
  const result = await priceBom(read, scheduler, { now: () => AS_OF, rates, boards: 10 });
  scheduler.close();
  const ctx: WriteContext = {
    file: { format: 'xlsx', cells: BOM, sheetName: 'BOM', sheetNames: ['BOM'], warnings: [] },
    fileName: 'bom.xlsx',
    read,
    result,
    shareSafe: { overage: NO_OVERAGE },
  };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await (await xlsxWorkbook(ctx)).bytes()).buffer as ArrayBuffer);
  return { book, ctx };
}

const formulaOf = (cell: ExcelJS.Cell) => (cell.value as ExcelJS.CellFormulaValue).formula;
const resultOf = (cell: ExcelJS.Cell) => (cell.value as ExcelJS.CellFormulaValue).result;

describe('share-safe copy', () => {
  test("each priced line's need, order, unit price and extended are formulas holding the plan's figures", async () => {
    const { book, ctx } = await written();
    const bom = book.getWorksheet('BOM')!;
    // The BOM has 3 columns: Status is D, Need I, Buy for line J, Order qty K, Unit price L, Extended M.
    const row2 = bom.getRow(2);
    expect(formulaOf(row2.getCell('I'))).toBe('B2*Summary!$B$5');
    expect(book.getWorksheet('Summary')!.getCell('A5').value).toBe('Boards');
    expect(formulaOf(row2.getCell('K'))).toBe('Breaks!$K$2');
    expect(formulaOf(row2.getCell('L'))).toBe('Breaks!$M$2');
    // "2 pcs" is not a number in the sheet: the quantity the BOM was read as is written into the formula.
    expect(formulaOf(bom.getRow(3).getCell('I'))).toBe('2*Summary!$B$5');
    for (const line of ctx.result.lines.filter((l) => l.status === 'priced')) {
      const row = bom.getRow(line.row! + 1);
      expect(resultOf(row.getCell('I'))).toBe(line.need);
      expect(resultOf(row.getCell('K'))).toBe(line.orderQty);
      expect(resultOf(row.getCell('L'))).toBe(line.unitPrice);
      expect(resultOf(row.getCell('M'))).toBe(line.extended);
    }
    // A line not found keeps its values, no formula.
    expect(bom.getRow(6).getCell('L').value).toBeNull();
  });

  test("the Breaks sheet holds each part's offer, breaks and the formulas that price it; a split keeps the plan's figures behind a guard", async () => {
    const { book, ctx } = await written();
    const breaks = book.getWorksheet(BREAKS_SHEET)!;
    const header = (breaks.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 15)).toEqual([
      'Part',
      'Manufacturer',
      'Source',
      'Item id',
      'Offer currency',
      'Rate to USD',
      'MOQ',
      'Pack',
      'Stock',
      'Need',
      'Order qty',
      'Break price',
      'Unit price (USD)',
      'Cost (USD)',
      'As of',
    ]);
    const opamp = breaks.getRow(2);
    expect(opamp.getCell('A').value).toBe('OPAMP1');
    expect([opamp.getCell('G').value, opamp.getCell('H').value]).toEqual([10, 5]);
    expect(formulaOf(opamp.getCell('J'))).toBe('SUM(BOM!I2,BOM!I3)');
    expect(resultOf(opamp.getCell('J'))).toBe(50);
    expect(formulaOf(opamp.getCell('K'))).toBe('IF(J2=50,50,IF(J2<=0,0,ROUNDUP(MAX(J2,G2)/H2,0)*H2))');
    expect(formulaOf(opamp.getCell('M'))).toContain('"below the minimum order of "&G2');
    expect(formulaOf(opamp.getCell('M'))).toContain('"not a multiple of the pack of "&H2');
    expect(formulaOf(opamp.getCell('M'))).toContain(`"${REPRICE}: buying more costs less"`);
    expect(formulaOf(opamp.getCell('L'))).toBe('IF(AND(ISNUMBER(K2),K2>=P2),LOOKUP(K2,P2:R2,S2:U2),"")');
    // Break quantities, then prices, as many columns as the longest list of breaks.
    expect([2, 3, 4, 5, 6, 7].map((i) => opamp.getCell(15 + i - 1).value)).toEqual([10, 100, 1000, 0.5, 0.3, 0.1]);

    const split = breaks.getRow(3);
    const plan = ctx.result.plans.find((p) => p.part.partNumber === 'SPLIT1')!;
    expect(plan.purchases).toHaveLength(2);
    expect(formulaOf(split.getCell('K'))).toBe(`IF(J3=100,100,"${REPRICE}")`);
    expect(resultOf(split.getCell('M'))).toBe(plan.unitPrice);

    // An offer in EUR: the rate the run converted at, beside the offer's currency.
    const euro = breaks.getRow(4);
    expect([euro.getCell('E').value, euro.getCell('F').value]).toEqual(['EUR', 1.1]);
    expect(resultOf(euro.getCell('M'))).toBeCloseTo(2.2, 9);
  });

  test('the Summary adds up the Extended column at the quantities in the sheet; no formula calls PARTS', async () => {
    const { book, ctx } = await written();
    const summary = book.getWorksheet('Summary')!;
    let total: ExcelJS.Cell | null = null;
    summary.eachRow((row) => {
      if (row.getCell(1).value === 'Total at the quantities in the sheets') total = row.getCell(2);
    });
    expect(formulaOf(total!)).toBe('SUM(BOM!$M$2:$M$6)');
    const sum = ctx.result.lines.reduce((s, l) => s + (l.extended ?? 0), 0);
    expect(resultOf(total!)).toBeCloseTo(sum, 9);
    for (const sheet of book.worksheets)
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (cell.formula) expect(cell.formula).not.toMatch(/PARTS\./i);
        }),
      );
  });
});
