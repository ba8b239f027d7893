import { createWorkbookPort } from '../../src/excel';
import { ORDERS_RECORD_KEY } from '../../taskpane/workbook-choices';
import type { OrderRecord } from '../../src/excel/order-record';
import { LookupScheduler } from '../../src/lookup';
import { RECEIVED_ORDERS_KEY, purchaseBlockers } from '../../src/purchase';
import { purchaseSettingsStore } from '../../taskpane/adapters/purchase-store';
import { documentSettingsStore } from '../../taskpane/adapters/workbook-store';
import { SeveralBoms } from '../../taskpane/purchase/several-boms';
import { writeSuggestion } from '../../taskpane/purchase/use-suggestion';
import { PURCHASE_SETUP_KEY, SeveralBomsError } from '../../taskpane/purchase/setup';
import { MemoryWorkbook } from '../../testing/excel';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';
import { CatalogError } from '../../src/catalog';
import { CODE_CELLS, CODE_CELLS_KNOWN } from '../helpers/bom-value-cells';
import { MAX_PURCHASE_BOMS } from '../../src/purchase/scenarios';
import type { BomLookupPort } from '../../src/purchase/price-lines';

const T0 = Date.UTC(2026, 10, 1, 8, 0);

function workbook(): MemoryWorkbook {
  const book = new MemoryWorkbook({ sheets: ['Board A', 'Board B', 'Stock'] });
  book.setValues('Board A', 'B2:D4', [
    ['MPN', 'Manufacturer', 'Qty'],
    ['SHARED-1', 'TI', 3],
    ['ONLY-A', 'TI', 1],
  ]);
  book.setValues('Board B', 'A1:C2', [
    ['Qty', 'MPN', 'Manufacturer'],
    [3, 'SHARED-1', 'Texas Instruments'],
  ]);
  book.setValues('Stock', 'A5:C8', [
    ['Name', 'Manufacturer', 'Total Stock'],
    ['ONLY-A', 'TI', 40],
    ['SHARED-1', '', 'a few'],
    ['OTHER-9', '', 3],
  ]);
  return book;
}

function order(orderId: string, lines: Array<[string, number]>): OrderRecord {
  return {
    orderId,
    at: '2026-11-20T09:30:00.000Z',
    environment: 'production',
    po: '',
    state: 'submitted',
    sheet: 'Board A',
    lines: lines.map(([part, quantity], i) => ({ key: `${part}|U${i}`, part, quantity })),
  };
}

/** The lookups the pane's runs go through; `failing` says which part numbers the service cannot answer (all by default). */
function failingFor(lookups: BomLookupPort, failing: (partNumber: string) => boolean = () => true): BomLookupPort {
  return {
    lookupMany: async (requests, options) => {
      const answers = await lookups.lookupMany(requests, options);
      return answers.map((a, i) =>
        failing(requests[i].partNumber)
          ? new CatalogError('unreachable', 'Parts service unreachable at fake.example: no answer')
          : a,
      );
    },
  };
}

function pane(book: MemoryWorkbook, port: (lookups: BomLookupPort) => BomLookupPort = (l) => l, more: string[] = []) {
  const catalog = new FakeParts().add(
    makePart('SHARED-1', [makeOffer({ sourcePartId: 'S1', breaks: makeBreaks([1, 0.1], [100, 0.05]) })]),
    makePart('ONLY-A', [makeOffer({ sourcePartId: 'A1', breaks: makeBreaks([1, 1]) })]),
    ...more.map((pn) => makePart(pn, [makeOffer({ sourcePartId: `${pn}-1`, breaks: makeBreaks([1, 0.5]) })])),
  );
  const lookups = port(new LookupScheduler({ port: catalog, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } }));
  const confirm = async () => 'cancel' as const;
  return new SeveralBoms({
    book: createWorkbookPort(book.host),
    store: purchaseSettingsStore(book.settings),
    choices: documentSettingsStore(book.settings),
    lookups,
    confirm,
    now: () => new Date(T0),
  });
}

describe('Several BOMs in the pane', () => {
  test('BOM ranges on two sheets and an On hand range, remembered in the document, make the Purchase list sheet', async () => {
    const book = workbook();
    const several = pane(book);
    expect(several.setup).toEqual({ boms: [], onHand: null, useOnOrder: true });
    // Nothing set up yet, or a BOM with no name: the set-up's own code; a build quantity out of range: the scenario's.
    await expect(several.makeList()).rejects.toMatchObject({ errorCode: 'PS_PURCHASE_SETUP' });
    await expect(several.saveBom({ name: ' ', address: "'Board A'!B2:D4", builds: 15 })).rejects.toMatchObject({
      errorCode: 'PS_PURCHASE_SETUP',
    });
    await expect(several.saveBom({ name: 'Board A', address: "'Board A'!B2:D4", builds: 0 })).rejects.toMatchObject({
      errorCode: 'PS_PURCHASE_SCENARIO',
    });
    await expect(several.makeList()).rejects.toThrow(SeveralBomsError);
    await several.saveBom({ name: 'Board A', address: "'Board A'!B2:D4", builds: 15 });
    await several.saveBom({ name: 'Board B', address: "'Board B'!A1:C2", builds: 5 });
    await several.saveBom({ name: 'Board B', address: "'Board B'!A1:C2", builds: 10 });
    await several.setOnHand('Stock!A5:C8');
    expect(book.settings.snapshot()[PURCHASE_SETUP_KEY]).toEqual({
      boms: [
        { name: 'Board A', address: "'Board A'!B2:D4", builds: 15 },
        { name: 'Board B', address: "'Board B'!A1:C2", builds: 10 },
      ],
      onHand: 'Stock!A5:C8',
      useOnOrder: true,
    });

    const run = await several.makeList();
    expect(run.result.rows.map((r) => [r.partNumber, r.needs, r.onHand, r.toBuy, r.orderQty])).toEqual([
      ['SHARED-1', [45, 30], 0, 75, 100],
      ['ONLY-A', [15, 0], 40, 0, 0],
    ]);
    expect(run.notes).toEqual([
      'On hand Stock!A5:C8: read as a parts inventory export: 2 rows (Name, Manufacturer, Total Stock); 1 not read',
      "On hand row 7: not applied: SHARED-1: quantity 'a few' is not a whole number of 0 or more",
    ]);
    expect(run.result.notApplied.map((n) => n.entry.origin)).toEqual(['On hand Stock row 8']);
    expect(run.written.address).toBe("'Purchase list'!A1:R8");
    expect(book.getValues('Purchase list', 'A2:J2')).toEqual([
      ['SHARED-1', 'Texas Instruments', 'SHARED-1 part', 45, 30, 75, 0, 0, 75, 100],
    ]);
  });

  test('what is on order counts until the order is marked received, and not at all with the option off', async () => {
    const book = workbook();
    const sandbox = { ...order('70000001', [['SHARED-1', 500]]), environment: 'test' };
    book.settings.set(ORDERS_RECORD_KEY, [order('90000001', [['SHARED-1', 60]]), sandbox]);
    const several = pane(book);
    await several.saveBom({ name: 'Board A', address: "'Board A'!B2:D4", builds: 15 });
    expect(several.testOrders()).toBe(1);
    const first = await several.makeList();
    expect(first.result.rows[0]).toMatchObject({ partNumber: 'SHARED-1', onOrder: 60, toBuy: 0 });
    expect(first.notes).toEqual([
      '1 test order not counted as on order: placed in the test environment, it buys nothing',
    ]);

    const [placed] = several.openOrders();
    await several.markReceived(placed);
    expect(several.openOrders()).toEqual([]);
    expect(book.settings.snapshot()[RECEIVED_ORDERS_KEY]).toEqual([
      { orderId: '90000001', environment: 'production', sheet: 'Board A', at: new Date(T0).toISOString() },
    ]);
    expect((await several.makeList()).result.rows[0]).toMatchObject({ onOrder: 0, toBuy: 45 });

    await several.setUseOnOrder(false);
    book.settings.set(RECEIVED_ORDERS_KEY, []);
    expect((await several.makeList()).result.rows[0]).toMatchObject({ onOrder: 0, toBuy: 45 });
  });

  test('with the service unreachable no list is made and the one made before stays; with some parts unreachable the list says how many', async () => {
    const book = workbook();
    let down = false;
    const several = pane(book, (lookups) => failingFor(lookups, (pn) => down || pn === 'ONLY-A'));
    await several.saveBom({ name: 'Board A', address: "'Board A'!B2:D4", builds: 15 });
    const some = await several.makeList();
    expect(some.result.rows.map((r) => r.partNumber)).toEqual(['SHARED-1']);
    expect(some.notes).toEqual([
      '1 of 2 parts could not be looked up: Parts service unreachable at fake.example: no answer',
    ]);
    expect(some.blockers).toEqual([{ kind: 'unlisted', line: 0, partNumber: 'ONLY-A', status: 'no price', boms: [0] }]);
    const before = book.getValues('Purchase list', 'A1:J3');

    down = true;
    await expect(several.makeList()).rejects.toThrow('Parts service unreachable at fake.example: no answer');
    expect(book.getValues('Purchase list', 'A1:J3')).toEqual(before);
  });

  test('each range is read as the BOM view and partsheet plan read it (the catalog judging), its warnings said with the list', async () => {
    const book = workbook();
    // Assembler's codes in Part Number, makers' numbers in Value on some rows: only the catalog settles which to buy.
    book.addSheet('Board C');
    book.setValues('Board C', 'A1:D8', [...CODE_CELLS, ['U4', 'LM358DR', 'PRT-1007-B', 1]]);
    const several = pane(book, undefined, CODE_CELLS_KNOWN);
    await several.saveBom({ name: 'Board C', address: "'Board C'!A1:D8", builds: 2 });
    const run = await several.makeList();
    expect(run.result.rows.map((r) => [r.partNumber, r.need])).toEqual([
      ['LM358DR', 4],
      ['NE555DR', 2],
      ['TL072CDR', 2],
      ['BAV99-7-F', 2],
    ]);
    expect(run.notes).toContainEqual(expect.stringMatching(/^Board C: Rows 3, 8: LM358DR .*is on 2 lines/));
  });

  test('a suggestion used is written on the rows of the reading the list was made from (the catalog judging)', async () => {
    const book = workbook();
    book.addSheet('Board C');
    book.setValues('Board C', 'A1:D8', [...CODE_CELLS, ['U4', 'LM358DR', 'PRT-1007-B', 1]]);
    const several = pane(book, undefined, CODE_CELLS_KNOWN);
    const bom = { name: 'Board C', address: "'Board C'!A1:D8", builds: 6000 };
    await several.saveBom(bom);
    const run = await several.makeList();
    // LM358DR on two lines: 12,000 needed, 10,000 at the only offer.
    const blocker = purchaseBlockers(run.result).find((b) => b.partNumber === 'LM358DR');
    expect(blocker?.kind).toBe('short');
    // Read as the reader alone reads it, the lines are the assembler's codes (PRT-…): no LM358DR row to write on.
    const done = await writeSuggestion(
      createWorkbookPort(book.host),
      (b) => several.readBom(b),
      [bom],
      run.result,
      blocker!,
      'LM358DRG4 (TI)',
    );
    expect(done.rows).toEqual([{ bom: 'Board C', sheet: 'Board C', rows: [3, 8] }]);
    expect(book.getValues('Board C', 'A3:E3')).toEqual([['U1', 'LM358DR', 'PRT-1007-B', 1, 'LM358DRG4 (TI)']]);
    expect(book.getValues('Board C', 'E1:E8').map((r) => r[0])).toEqual([
      'Replacement MPN',
      '',
      'LM358DRG4 (TI)',
      '',
      '',
      '',
      '',
      'LM358DRG4 (TI)',
    ]);
    expect(done.boms[0].address).toMatch(/^'?Board C'?!A1:E8$/);
  });

  test("a range is read by the columns the buyer chose for its sheet in the BOM view; its rows are named as the sheet's", async () => {
    const book = workbook();
    book.addSheet('Board E');
    book.setValues('Board E', 'B3:D5', [
      ['MPN', 'Alt MPN', 'Qty'],
      ['SHARED-1', 'ONLY-A', 2],
      ['NOPE-1', 'ONLY-A', 1],
    ]);
    const several = pane(book);
    await several.saveBom({ name: 'Board E', address: "'Board E'!B3:D5", builds: 10 });
    // Nothing chosen: the columns as detected.
    const detected = await several.makeList();
    expect(detected.result.rows.map((r) => [r.partNumber, r.need])).toEqual([['SHARED-1', 20]]);
    // The BOM view keeps the columns for the sheet (taskpane/bom-reading.ts), also where nobody chose one: those
    // kept as detected, or kept for a selection starting at another column, leave the range read as detected.
    const store = documentSettingsStore(book.settings);
    const choices = {
      address: "'Board E'!B3:D5",
      mapping: { partNumber: 1, quantity: 2 },
      headers: { partNumber: 'Alt MPN', quantity: 'Qty' },
      boards: 1,
    };
    await store.save('Board E', { ...choices, origins: { partNumber: { by: 'header' }, quantity: { by: 'header' } } });
    expect((await several.makeList()).result.rows.map((r) => r.partNumber)).toEqual(['SHARED-1']);
    const byUser = { partNumber: { by: 'user' as const }, quantity: { by: 'header' as const } };
    await store.save('Board E', { ...choices, address: "'Board E'!C3:D5", origins: byUser });
    expect((await several.makeList()).result.rows.map((r) => r.partNumber)).toEqual(['SHARED-1']);
    // The buyer chose "Alt MPN" for the range's own columns: the list buys it.
    await store.save('Board E', { ...choices, origins: byUser });
    const chosen = await several.makeList();
    expect(chosen.result.rows.map((r) => [r.partNumber, r.need])).toEqual([['ONLY-A', 30]]);
    expect(chosen.notes).toContainEqual(expect.stringMatching(/^Board E: Rows 4, 5: ONLY-A .*is on 2 lines/));
  });

  test('past 20 reading warnings the rest are counted, not listed', async () => {
    const book = workbook();
    book.addSheet('Board D');
    // 21 parts each on two lines: 21 warnings that lines share a lookup.
    const rows = Array.from({ length: 42 }, (_, i) => [`PART-${Math.floor(i / 2)}`, 'TI', 1]);
    book.setValues('Board D', 'A1:C43', [['MPN', 'Manufacturer', 'Qty'], ...rows]);
    const several = pane(book);
    await several.saveBom({ name: 'Board D', address: "'Board D'!A1:C43", builds: 1 });
    const run = await several.makeList();
    expect(run.notes).toHaveLength(21);
    expect(run.notes[0]).toMatch(/^Board D: Rows 2, 3: PART-0 \(TI\) is on 2 lines/);
    expect(run.notes[20]).toBe('1 more reading warning not shown');
  });

  test('a stock range that cannot be read is named; a wrong setup is said in a sentence', async () => {
    const several = pane(workbook());
    await several.saveBom({ name: 'Board A', address: "'Board A'!B2:D4", builds: 15 });
    await several.setOnHand('Board A!B3:B4');
    await expect(several.makeList()).rejects.toThrow(/^On hand Board A!B3:B4: no part-number and quantity columns/);
    await several.removeBom('Board A');
    await expect(several.setScenario(0)).rejects.toThrow(/^A purchase list needs at least one BOM\.$/);
  });

  test('more BOMs than one list takes: refused with the code of a list over its bounds, before any range is read', async () => {
    const book = workbook();
    const several = pane(book);
    for (let i = 0; i <= MAX_PURCHASE_BOMS; i++)
      await several.saveBom({ name: `Board ${i + 1}`, address: "'Board A'!B2:D4", builds: 1 });
    const reads = jest.spyOn(book.host, 'run');
    await expect(several.makeList()).rejects.toMatchObject({
      errorCode: 'PS_PURCHASE_TOO_LARGE',
      message: `At most ${MAX_PURCHASE_BOMS} BOMs on one purchase list; got ${MAX_PURCHASE_BOMS + 1}: make several lists.`,
    });
    expect(reads).not.toHaveBeenCalled();
  });
});
