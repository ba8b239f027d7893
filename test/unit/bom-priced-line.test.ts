/**
 * A priced line is written whole, in its final shape, where a no-price line is made empty (emptyLine) and filled in:
 * both must give the same keys in the same order (a priced BOM written as JSON lists a line's fields in that order),
 * so a field added to emptyLine and forgotten in the priced line, or one put in another place, fails here.
 */
import type { BomLine } from '../../src/bom/read';
import { DEFAULT_OVERBUY_THRESHOLD } from '../../src/plan/overbuy';
import { planPart } from '../../src/plan/plan';
import { baseOnly } from '../../src/pricing/rates';
import { emptyLine } from '../../src/purchase/price-match';
import { plannedLines } from '../../src/purchase/price-plan';
import type { Matched } from '../../src/purchase/price-types';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

function bomLine(row: number, need: number): BomLine {
  return {
    row,
    partNumber: 'LM358DR',
    manufacturer: 'TI',
    manufacturerKey: 'TI',
    quantityPerBoard: need,
    quantitySource: 'quantity',
    designators: [],
    description: '',
    lookupKey: 'LM358DR',
    supplierPartNumbers: [],
    pinnedOffer: '',
    replacement: '',
  };
}

/** The lines of one part bought for `needs`, from an offer whose minimum order is `moq`. */
function linesFor(needs: number[], moq: number, price = 0.5) {
  const part = makePart('LM358DR', [
    makeOffer({ sourcePartId: 'A1', sourceCode: 'ACNA', moq, stock: 100_000, breaks: makeBreaks([1, price]) }),
  ]);
  const group: Matched[] = needs.map((need, i) => ({ line: bomLine(i + 3, need), part, asOf: new Date(0) }));
  const plan = planPart(
    { part, lines: group.map((m) => ({ id: m.line.row, need: m.line.quantityPerBoard, pinned: null })) },
    { rates: baseOnly('USD') },
  );
  return plannedLines(group, plan, 'USD', 1, DEFAULT_OVERBUY_THRESHOLD);
}

const emptyKeys = Object.keys(emptyLine({ row: 0, partNumber: '', manufacturer: '' }, 0));

describe('a priced line', () => {
  test("has emptyLine's keys in emptyLine's order, then part, overbuy (undefined), spareCost, sourceCosts and plan", () => {
    const lines = linesFor([10, 20], 1);
    expect(lines.map((l) => l.status)).toEqual(['priced', 'priced']);
    for (const line of lines) {
      expect(line.overbuy).toBeUndefined();
      expect(Object.keys(line)).toEqual([...emptyKeys, 'part', 'overbuy', 'spareCost', 'sourceCosts', 'plan']);
      // JSON leaves the unmarked overbuy out.
      expect(Object.keys(JSON.parse(JSON.stringify(line)))).not.toContain('overbuy');
    }
    expect(lines.map((l) => [l.row, l.need, l.share, l.extended])).toEqual([
      [3, 10, 10, 5],
      [4, 20, 20, 10],
    ]);
    expect(lines[0].sourceCosts).toEqual([{ source: 'ACNA', extended: 5 }]);
    expect(lines[0].statusReason).toBe('bought with row 5: 30 for a need of 30');
  });

  test('marked overbuy has `overbuy` true in the same place', () => {
    // A minimum order of 1,000 for a need of 20: 980 spares cost 490.00 of the line's 500.00.
    const [line] = linesFor([20], 1000);
    expect(line.overbuy).toBe(true);
    expect(Object.keys(line)).toEqual([...emptyKeys, 'part', 'overbuy', 'spareCost', 'sourceCosts', 'plan']);
    expect(line.statusReason).toMatch(/^overbuy: 490\.00 USD of spares \(98 % of the line's cost\); /);
  });

  test('with no price keeps the empty line with its part and its plan record (the quote-only mark) added', () => {
    const part = makePart('LM358DR', [makeOffer({ sourcePartId: 'A1', quoteOnly: true, breaks: [] })]);
    const group: Matched[] = [{ line: bomLine(3, 10), part, asOf: new Date(0) }];
    const plan = planPart({ part, lines: [{ id: 3, need: 10, pinned: null }] }, { rates: baseOnly('USD') });
    const [line] = plannedLines(group, plan, 'USD', 1, DEFAULT_OVERBUY_THRESHOLD);
    expect(line.status).toBe('no price');
    expect(Object.keys(line)).toEqual([...emptyKeys, 'part', 'plan']);
    expect(line.plan?.marks).toEqual({ quoteOnly: true });
  });
});
