/**
 * The plan as a record: each priced line carries what it buys (items and quantities) and why the quantity differs
 * from the need, the pane keeps those records beside the results, and the order review reads them, never the
 * Status notes. Rewording every note changes nothing the review shows; results written before records were kept
 * are still read from their notes.
 */
import { readBom } from '../../src/bom';
import { parseSplitItems } from '../../src/purchase/priced-layout';
import { priceBom } from '../../src/purchase/price-lines';
import { createWorkbookPort } from '../../src/excel';
import { readSelectedPricedRows } from '../../src/excel/order-sheet';
import { type ResultsRecord, fingerprintRow } from '../../src/excel/own-cells';
import { writePricedResults } from '../../src/excel/priced-sheet';
import { LookupScheduler } from '../../src/lookup';
import { readLinePlanRecord, readQuantityReasons, storedPlan } from '../../src/plan';
import { planOrder, quantityStory } from '../../src/workflows/order-review';
import { asResultsRecord, keptResults, storedResults } from '../../taskpane/workbook-choices';
import { MemoryWorkbook } from '../../testing/excel';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

function catalog(): FakeParts {
  return new FakeParts().add(
    makePart('MOQ-PART', [makeOffer({ sourcePartId: 'M-1', moq: 100, breaks: makeBreaks([1, 0.5]) })]),
    makePart('PACK-PART', [makeOffer({ sourcePartId: 'P-1', packSize: 50, breaks: makeBreaks([1, 0.2]) })]),
    // 250 at 0.20 cost less than 120 at 0.50: the larger break saves.
    makePart('BREAK-PART', [makeOffer({ sourcePartId: 'B-1', breaks: makeBreaks([1, 0.5], [250, 0.2]) })]),
    // Two offers that each fall short: the plan splits.
    makePart('SPLIT-PART', [
      makeOffer({ sourcePartId: 'S-1', stock: 600, breaks: makeBreaks([1, 0.1]) }),
      makeOffer({
        sourcePartId: 'S-2',
        sourceCode: 'NAC',
        sourceName: 'Regional',
        stock: 600,
        breaks: makeBreaks([1, 0.12]),
      }),
    ]),
    makePart('SHARED-PART', [makeOffer({ sourcePartId: 'H-1', moq: 10, breaks: makeBreaks([1, 1]) })]),
    makePart('EXACT-PART', [makeOffer({ sourcePartId: 'E-1', breaks: makeBreaks([1, 2]) })]),
  );
}

const BOM = [
  ['MPN', 'Qty'],
  ['MOQ-PART', 20],
  ['PACK-PART', 30],
  ['BREAK-PART', 120],
  ['SPLIT-PART', 1000],
  ['SHARED-PART', 3],
  ['EXACT-PART', 10],
  ['SHARED-PART', 4],
];

const LOCATION = { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: BOM.length, columnCount: 2, headerRow: 0 };

async function pricedBook(overage = 0) {
  const result = await priceBom(
    readBom(BOM),
    new LookupScheduler({ port: catalog(), windowMs: 0, retry: { maxAttempts: 1 } }),
    {
      overage: { percent: overage, minExtra: 0 },
    },
  );
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  book.setValues('BOM', `A1:B${BOM.length}`, BOM);
  const gateway = createWorkbookPort(book.host);
  const written = await writePricedResults(gateway, LOCATION, result.lines, { confirm: async () => 'replace' });
  // As the pane keeps it, through the workbook's document settings (stored form, read back).
  const kept = keptResults({
    address: written.address!,
    cells: (written.cells ?? []).map(fingerprintRow),
    plans: written.plans ?? [],
  });
  const record = asResultsRecord(JSON.parse(JSON.stringify(storedResults(kept!))));
  return { result, book, gateway, record: record! };
}

async function review(
  book: MemoryWorkbook,
  gateway: ReturnType<typeof createWorkbookPort>,
  results: ResultsRecord | null,
) {
  book.select('BOM', `A2:B${BOM.length}`);
  const selected = await readSelectedPricedRows(gateway, { results });
  return { selected, plan: planOrder(selected.rows) };
}

/** What the review shows of each line: its items, quantities and the plan's reasons. */
function shown(plan: ReturnType<typeof planOrder>) {
  return plan.lines.map((l) => ({
    item: l.itemId,
    source: l.source,
    rows: l.rows,
    planned: l.planned,
    reasons: l.reasons,
  }));
}

describe('the plan as a record', () => {
  test('each priced line carries its items and reasons, and they say what its notes say', async () => {
    const { result } = await pricedBook(10);
    const priced = result.lines.filter((l) => l.status === 'priced');
    expect(priced).toHaveLength(BOM.length - 1);
    for (const line of priced) {
      // Where today's notes say a reason, the record says the same; the record never needs the notes.
      expect({ row: line.row, reasons: line.plan?.reasons }).toEqual({
        row: line.row,
        reasons: readQuantityReasons(line.statusReason),
      });
      const split = parseSplitItems(line.itemId ?? '');
      expect(line.plan?.items.map((i) => ({ itemId: i.itemId, qty: i.qty }))).toEqual(
        split ?? [{ itemId: line.itemId, qty: line.orderQty }],
      );
    }
    const shared = priced.filter((l) => l.matchedPart === 'SHARED-PART').map((l) => l.plan?.reasons.sharedWith);
    expect(shared).toEqual(['row 8', 'row 6']);
    const byPart = new Map(priced.map((l) => [l.matchedPart, l.plan!]));
    expect(byPart.get('MOQ-PART')!.reasons.overbuy).toEqual({
      bought: 100,
      need: 22,
      why: 'minimum order 100',
      spare: 78,
    });
    expect(byPart.get('PACK-PART')!.reasons.overbuy).toEqual({
      bought: 50,
      need: 33,
      why: 'sold in packs of 50',
      spare: 17,
    });
    expect(byPart.get('BREAK-PART')!.reasons.overbuy?.why).toBe(
      'buying 250 costs 50.00 instead of 66.00 USD (saves 16.00)',
    );
    expect(byPart.get('SPLIT-PART')!.items).toEqual([
      { itemId: 'S-1', qty: 600, source: 'ACNA' },
      { itemId: 'S-2', qty: 500, source: 'NAC' },
    ]);
    expect(byPart.get('EXACT-PART')!.reasons).toEqual({
      overage: { need: 10, extra: 1 },
      overbuy: null,
      sharedWith: null,
    });
  });

  test('a record read back from the workbook is the record written; a damaged one is no record', () => {
    const plan = {
      items: [{ itemId: 'M-1', qty: 100, source: 'ACNA' }],
      reasons: {
        overage: null,
        overbuy: { bought: 100, need: 20, why: 'minimum order 100', spare: 80 },
        sharedWith: null,
      },
    };
    expect(storedPlan(plan)).toEqual({ items: plan.items, reasons: { overbuy: plan.reasons.overbuy } });
    expect(readLinePlanRecord(JSON.parse(JSON.stringify(storedPlan(plan))))).toEqual(plan);
    expect(readLinePlanRecord({ items: [{ itemId: '', qty: 1, source: '' }], reasons: {} })).toBeNull();
    expect(readLinePlanRecord({ items: [], reasons: { overbuy: { bought: 'many' } } })).toBeNull();
    // A record whose plans do not match its rows keeps its cells and drops the plans: the review reads the notes.
    const cells = ['AAA', 'BBB'];
    expect(asResultsRecord({ address: 'BOM!D1:Z2', cells, plans: [null] })).toEqual({ address: 'BOM!D1:Z2', cells });
    expect(asResultsRecord({ address: 'BOM!D1:Z2', cells, plans: [null, { items: 'x' }] })).toEqual({
      address: 'BOM!D1:Z2',
      cells,
    });
  });

  test('the order review reads the record: rewording every note changes nothing it shows', async () => {
    const { book, gateway, record } = await pricedBook(10);
    const before = await review(book, gateway, record);
    expect(before.selected.rows.every((r) => r.plan !== null)).toBe(true);
    const baseline = shown(before.plan);
    // The split orders its two items; the shared part is one line for both rows; the break says its saving.
    expect(baseline.filter((l) => l.item.startsWith('S-')).map((l) => [l.item, l.planned, l.source])).toEqual([
      ['S-1', 600, 'ACNA'],
      ['S-2', 500, 'NAC'],
    ]);
    expect(baseline.find((l) => l.item === 'H-1')).toMatchObject({ rows: [5, 7], planned: 10 });
    expect(baseline.find((l) => l.item === 'B-1')?.reasons.overbuy?.why).toMatch(/saves 16\.00/);

    // A later version words every note differently (and writes the Item id cell of a split its own way): the
    // record it keeps is what the review reads.
    // The results start one empty column right of the BOM (A:B): Status is D.
    expect(record.address).toMatch(/^BOM!D1:/);
    const status = 'D';
    const statusCells = book.getValues('BOM', `${status}2:${status}${BOM.length}`);
    const reworded = statusCells.map(([s], i) => [
      `priced: wording ${i} of a later version (${String(s).length} characters before)`,
    ]);
    book.setValues('BOM', `${status}2:${status}${BOM.length}`, reworded);
    const block = book.getValues('BOM', record.address.split('!')[1]);
    const rewritten: ResultsRecord = {
      ...record,
      cells: block.map((row) => fingerprintRow(row.map((v) => (v === null ? '' : (v as string | number))))),
    };
    const after = await review(book, gateway, rewritten);
    expect(after.selected.rows.every((r) => r.plan !== null)).toBe(true);
    expect(shown(after.plan)).toEqual(baseline);
  });

  test('a row changed since it was written, or results from before records were kept, are read from their notes', async () => {
    const { book, gateway, record } = await pricedBook(0);
    // The user typed over one Status cell: that row's record no longer applies; the others still do.
    book.setValues('BOM', 'D2', [['priced: 100 for 20: minimum order 100 (80 spare)']]);
    const changed = await review(book, gateway, record);
    expect(changed.selected.rows.map((r) => r.plan === null)).toEqual([true, false, false, false, false, false, false]);
    expect(changed.plan.lines.find((l) => l.itemId === 'M-1')?.reasons.overbuy).toEqual({
      bought: 100,
      need: 20,
      why: 'minimum order 100',
      spare: 80,
    });

    // No plans in the record (an older workbook): every reason the notes carry is still shown.
    const { book: old, gateway: oldGateway, record: full } = await pricedBook(0);
    const withPlans = shown((await review(old, oldGateway, full)).plan);
    const { plans: _dropped, ...olderRecord } = full;
    expect(shown((await review(old, oldGateway, olderRecord)).plan)).toEqual(withPlans);
    expect(shown((await review(old, oldGateway, null)).plan)).toEqual(withPlans);
  });

  test('the review says why more than the need is bought, and says so when an older note does not tell', async () => {
    const { book, gateway, record } = await pricedBook(0);
    const stories = (await review(book, gateway, record)).plan.lines.map(quantityStory);
    expect(stories).toContain('Need 20 → order 100: minimum order 100, 80 spare');
    expect(stories).toContain('Need 30 → order 50: sold in packs of 50, 20 spare');
    const none = { overage: null, overbuy: null, sharedWith: null };
    expect(quantityStory({ need: 20, planned: 100, reasons: none })).toBe(
      'Need 20 → order 100: why more than the need is bought is not known (priced by an earlier version: price again to see why)',
    );
    expect(quantityStory({ need: 20, planned: 20, reasons: none })).toBe('Need 20 → order 20');
  });
});
