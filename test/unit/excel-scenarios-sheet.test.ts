/**
 * The Scenarios sheet in the workbook: the table per quantity and per line, and the chart of cost per board against
 * the number of boards, drawn through the charts of Office.js (here the in-memory workbook's).
 */
import { readBom } from '../../src/bom';
import { createWorkbookPort, SCENARIOS_CHART, writeScenariosSheet } from '../../src/excel';
import { LookupScheduler } from '../../src/lookup';
import { priceScenarios, scenarioTable } from '../../src/purchase/scenarios';
import { SCENARIOS_TITLE, scenarioSheet } from '../../src/purchase/scenario-layout';
import { MemoryWorkbook } from '../../testing/excel';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

async function table() {
  const parts = new FakeParts().add(
    makePart('CAP', [makeOffer({ sourcePartId: 'C-1', stock: 100_000, breaks: makeBreaks([1, 0.1], [100, 0.05]) })]),
    makePart('REEL', [
      makeOffer({ sourcePartId: 'R-1', stock: 100_000, moq: 1_000, breaks: makeBreaks([1_000, 0.01]) }),
    ]),
  );
  const runs = await priceScenarios(
    readBom([
      ['MPN', 'Qty'],
      ['CAP', 2],
      ['REEL', 1],
    ]),
    new LookupScheduler({ port: parts, windowMs: 0 }),
    [1, 10, 100, 1000],
  );
  return scenarioTable(runs);
}

describe('the Scenarios sheet', () => {
  test('the table per quantity, per line, and a chart of cost per board against the boards', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const gateway = createWorkbookPort(book.host);
    const t = await table();
    const out = await writeScenariosSheet(gateway, scenarioSheet(t, { bomBoards: 10, firstRowNumber: 2 }), {
      confirm: async () => 'cancel',
    });
    expect(out.address).toMatch(/^Scenarios!A1:/);
    expect(book.getValues('Scenarios', 'A1:B3')).toEqual([
      [SCENARIOS_TITLE, ''],
      ['Currency', 'USD'],
      ['BOM sheet priced for', '10 boards'],
    ]);
    expect(book.getValues('Scenarios', 'A5:D5')).toEqual([
      ['Boards', 'Cost per board (USD)', 'Total (USD)', 'Spares (excess) (USD)'],
    ]);
    // 1 board: 2 × 0.10 + a reel of 1,000 at 0.01 = 10.20; 1,000 boards: 2,000 × 0.05 + 1,000 × 0.01 = 110.00.
    expect(book.getValues('Scenarios', 'A6:C9')).toEqual([
      [1, 10.2, 10.2],
      [10, 1.2, 12],
      [100, 0.2, 20],
      [1000, 0.11, 110],
    ]);
    expect(book.cell('Scenarios', 'B6')?.numberFormat).toBe('#,##0.00');
    // Per line: the BOM starts on sheet row 2, so CAP (under the header) is row 3; its unit price falls at 100 boards.
    expect(book.getValues('Scenarios', 'A11:F12')).toEqual([
      ['Row', 'Part number', 'Matched part', 'Unit @ 1', 'Extended @ 1', 'Offer @ 1'],
      [3, 'CAP', 'CAP', 0.1, 0.2, 'ACNA C-1'],
    ]);
    expect(book.getValues('Scenarios', 'M12:O12')).toEqual([[0.05, 100, 'ACNA C-1']]);

    const charts = book.charts('Scenarios');
    expect(charts).toHaveLength(1);
    expect(charts[0]).toMatchObject({
      name: SCENARIOS_CHART,
      type: 'LineMarkers',
      title: 'Cost per board (USD) by number of boards',
    });
    expect(charts[0].series).toEqual([
      { name: 'Cost per board (USD)', values: [10.2, 1.2, 0.2, 0.11], xValues: [1, 10, 100, 1000] },
    ]);
    expect(charts[0].position).toEqual({ start: 'K1', end: 'Q14' });
  });

  test("a second run replaces the sheet and its chart (one chart, the new figures); a sheet not the add-in's is asked about", async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const gateway = createWorkbookPort(book.host);
    const t = await table();
    await writeScenariosSheet(gateway, scenarioSheet(t, { bomBoards: 1 }), { confirm: async () => 'cancel' });
    const fewer = {
      ...t,
      quantities: t.quantities.slice(0, 2),
      lines: t.lines.map((l) => ({ ...l, at: l.at.slice(0, 2) })),
    };
    await writeScenariosSheet(gateway, scenarioSheet(fewer, { bomBoards: 1 }), { confirm: async () => 'cancel' });
    const charts = book.charts('Scenarios');
    expect(charts).toHaveLength(1);
    expect(charts[0].series[0].xValues).toEqual([1, 10]);
    // The earlier, longer table is gone.
    expect(book.getValues('Scenarios', 'A8:C9')).toEqual([
      ['', '', ''],
      ['Row', 'Part number', 'Matched part'],
    ]);

    book.addSheet('Scenarios (other)');
    const mine = new MemoryWorkbook({ sheets: ['Scenarios'] });
    mine.setValues('Scenarios', 'A1', [['my notes']]);
    const asked: string[] = [];
    const result = await writeScenariosSheet(createWorkbookPort(mine.host), scenarioSheet(t, { bomBoards: 1 }), {
      confirm: async (q) => {
        asked.push(q.what);
        return 'elsewhere';
      },
    });
    expect(asked).toEqual(['scenarios']);
    expect(result.address).toMatch(/^'Scenarios \(2\)'!A1:/);
    expect(mine.getValues('Scenarios', 'A1')).toEqual([['my notes']]);
    expect(mine.charts('Scenarios (2)')).toHaveLength(1);
  });
});
