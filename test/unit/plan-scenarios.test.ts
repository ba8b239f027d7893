/**
 * Scenarios: the Boards list as written, and the comparison of quantities (totals, spares, offers that change).
 */
import { readBom } from '../../src/bom';
import { LookupScheduler } from '../../src/lookup';
import { parseBoardsList, priceScenarios, scenarioTable } from '../../src/purchase/scenarios';
import { changedText } from '../../src/purchase/scenario-layout';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';
import { countListText } from '../../src/text/count-list';

describe('the Boards list', () => {
  test('one quantity or several, separated by commas, semicolons or spaces; sorted, each once', () => {
    expect(parseBoardsList('10')).toEqual({ quantities: [10], first: 10 });
    expect(parseBoardsList('1,10,100,1000')).toEqual({ quantities: [1, 10, 100, 1000], first: 1 });
    expect(parseBoardsList('1, 10, 100, 1000')).toEqual({ quantities: [1, 10, 100, 1000], first: 1 });
    expect(parseBoardsList('100; 10 10 1')).toEqual({ quantities: [1, 10, 100], first: 100 });
  });

  test('a number with thousands separators is one quantity; "1, 100" is two', () => {
    expect(parseBoardsList('1,000')).toEqual({ quantities: [1000], first: 1000 });
    expect(parseBoardsList('1,100')).toEqual({ quantities: [1100], first: 1100 });
    expect(parseBoardsList('1, 100')).toEqual({ quantities: [1, 100], first: 1 });
    expect(parseBoardsList('1_000, 10,000')).toEqual({ quantities: [1000, 10000], first: 1000 });
    expect(countListText([1, 10, 1000])).toBe('1, 10, 1,000');
  });

  test('refuses what is not a list of whole numbers in range, naming the piece', () => {
    expect(() => parseBoardsList('')).toThrow(/give the number of boards/);
    expect(() => parseBoardsList('1, 0')).toThrow("got '0'");
    expect(() => parseBoardsList('ten')).toThrow("got 'ten'");
    expect(() => parseBoardsList('1.5')).toThrow("got '1.5'");
    expect(() => parseBoardsList('2000000')).toThrow(/from 1 to 1,000,000/);
    expect(() => parseBoardsList('1 2 3 4 5 6 7 8 9')).toThrow(/at most 8 quantities/);
  });
});

describe('the comparison of quantities', () => {
  // A small offer with stock for 10 boards; a reel for more: the offer changes between 10 and 100 boards.
  const parts = () =>
    new FakeParts().add(
      makePart('SMALL-THEN-REEL', [
        makeOffer({ sourcePartId: 'CUT-1', sourceCode: 'ACNA', stock: 50, breaks: makeBreaks([1, 0.5]) }),
        makeOffer({
          sourcePartId: 'REEL-1',
          sourceCode: 'EUROPE',
          stock: 100_000,
          moq: 1_000,
          breaks: makeBreaks([1_000, 0.1]),
        }),
      ]),
      makePart('STEADY', [
        makeOffer({ sourcePartId: 'ST-1', sourceCode: 'ACNA', stock: 100_000, breaks: makeBreaks([1, 0.2]) }),
      ]),
      makePart(
        'OLD',
        [makeOffer({ sourcePartId: 'OLD-1', sourceCode: 'ACNA', stock: 150, breaks: makeBreaks([1, 1]) })],
        { status: 'Obsolete' },
      ),
    );
  const bom = [
    ['MPN', 'Qty'],
    ['SMALL-THEN-REEL', 2],
    ['STEADY', 3],
    ['OLD', 1],
  ];

  test('per quantity: total, per board, spares, short, not Active, and the lines whose offer changed', async () => {
    const runs = await priceScenarios(
      readBom(bom),
      new LookupScheduler({ port: parts(), windowMs: 0 }),
      [100, 1, 10, 1000],
    );
    const table = scenarioTable(runs);
    expect(table.currency).toBe('USD');
    const q = Object.fromEntries(table.quantities.map((x) => [x.boards, x]));
    expect(table.quantities.map((x) => x.boards)).toEqual([1, 10, 100, 1000]);
    // 1 board: 2 × 0.50 + 3 × 0.20 + 1 × 1 = 2.60.
    expect(q[1].total).toBe(2.6);
    expect(q[1].perBoard).toBe(2.6);
    expect(q[1].excess).toBe(0);
    expect(q[1].changed).toEqual([]);
    // 10 boards: 20 × 0.50 + 30 × 0.20 + 10 × 1 = 26.00; nothing changes.
    expect(q[10].total).toBe(26);
    expect(q[10].changed).toEqual([]);
    // 100 boards: 200 needed; the cut tape has 50, a reel of 1,000 at 0.10 costs 100.00 in all: the offer changes.
    expect(q[100].changed).toEqual([
      { row: 1, partNumber: 'SMALL-THEN-REEL', from: 'ACNA CUT-1', to: 'EUROPE REEL-1' },
    ]);
    expect(q[100].excess).toBeCloseTo(80, 6);
    expect(q[100].total).toBe(100 + 60 + 100);
    expect(q[100].perBoard).toBe(2.6);
    expect(changedText(q[100], 2)).toBe('1 line: row 3');
    // 1,000 boards: OLD has 150 for a need of 1,000: short, and Obsolete at every quantity.
    expect(q[1000].short).toBe(1);
    expect(q[1000].complete).toBe(false);
    expect(q[1000].coverage).toMatch(/2 of 3 lines priced/);
    expect(table.quantities.every((x) => x.notActive === 1)).toBe(true);
    // Per line, at each quantity.
    const reel = table.lines.find((l) => l.partNumber === 'SMALL-THEN-REEL')!;
    expect(reel.at.map((a) => [a.boards, a.unitPrice, a.extended, a.offer])).toEqual([
      [1, 0.5, 1, 'ACNA CUT-1'],
      [10, 0.5, 10, 'ACNA CUT-1'],
      [100, 0.1, 100, 'EUROPE REEL-1'],
      [1000, 0.1, 200, 'EUROPE REEL-1'],
    ]);
  });
});
