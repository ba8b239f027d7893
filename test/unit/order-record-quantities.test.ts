/**
 * The quantities an order's record keeps per BOM line add up to what the order sent, per part: a part split over two
 * offers counts both, and a purchase sent for several BOM lines at once counts once. What is on order (for the next
 * purchase list) is read from them, so a count too low buys the parts again and one too high leaves them unbought.
 */
import { type OrderRecord, orderedLinesOf } from '../../src/excel/order-record';
import { onOrderEntries } from '../../src/purchase/on-order';
import { readBom } from '../../src/bom';
import { LookupScheduler } from '../../src/lookup';
import { planPurchase } from '../../src/purchase';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const identities = new Map<number, string>([
  [5, 'GRM188R71C104KA01D|C1,C2'],
  [10, 'GRM188R71C104KA01D|C7'],
  [12, 'LM358DR|U1'],
]);
const identityOf = (row: number) => identities.get(row) ?? null;

function record(lines: OrderRecord['lines']): OrderRecord {
  return {
    orderId: '90000001',
    at: '2026-11-27T06:00:00.000Z',
    environment: 'production',
    po: 'PO-1',
    state: 'submitted',
    sheet: 'BOM',
    lines,
  };
}

function onOrder(rec: OrderRecord): Map<string, number> {
  const totals = new Map<string, number>();
  for (const e of onOrderEntries([rec], []).entries)
    totals.set(e.partNumber, (totals.get(e.partNumber) ?? 0) + e.quantity);
  return totals;
}

test('a part split over two offers: the line keeps both quantities', () => {
  const lines = orderedLinesOf(
    [
      { rows: [12], part: 'LM358DR', quantity: 2500 },
      { rows: [12], part: 'LM358DR', quantity: 40 },
    ],
    identityOf,
  );
  expect(lines).toEqual([{ key: 'LM358DR|U1', part: 'LM358DR', quantity: 2540 }]);
  expect(onOrder(record(lines)).get('LM358DR')).toBe(2540);
});

test('one purchase for two BOM lines of the same part is counted once, on the first of them', () => {
  const lines = orderedLinesOf([{ rows: [5, 10], part: 'GRM188R71C104KA01D', quantity: 4000 }], identityOf);
  expect(lines).toEqual([
    { key: 'GRM188R71C104KA01D|C1,C2', part: 'GRM188R71C104KA01D', quantity: 4000 },
    { key: 'GRM188R71C104KA01D|C7', part: 'GRM188R71C104KA01D', quantity: 0 },
  ]);
  // Both lines are recorded as ordered (the review's "ordered before" needs each), and 4000 are on order, not 8000.
  expect(onOrder(record(lines)).get('GRM188R71C104KA01D')).toBe(4000);
});

test('rows without an identity are not recorded, and the purchase is counted on the first row that has one', () => {
  const lines = orderedLinesOf(
    [
      { rows: [3, 10], part: 'GRM188R71C104KA01D', quantity: 300 },
      { rows: [4], part: 'NOPE', quantity: 7 },
    ],
    identityOf,
  );
  expect(lines).toEqual([{ key: 'GRM188R71C104KA01D|C7', part: 'GRM188R71C104KA01D', quantity: 300 }]);
});

test('the record of a whole order adds up to what was sent, per part', () => {
  const sent = [
    { rows: [5, 10], part: 'GRM188R71C104KA01D', quantity: 4000 },
    { rows: [12], part: 'LM358DR', quantity: 2500 },
    { rows: [12], part: 'LM358DR', quantity: 40 },
    { rows: [10], part: 'GRM188R71C104KA01D', quantity: 10 },
  ];
  const totals = onOrder(record(orderedLinesOf(sent, identityOf)));
  expect(Object.fromEntries(totals)).toEqual({ GRM188R71C104KA01D: 4010, LM358DR: 2540 });
});

describe('an ordered part whose number two makers share', () => {
  test('is on order for the maker the order named, not left aside as ambiguous', async () => {
    const offer = (id: string) =>
      makeOffer({ sourceCode: 'ACNA', sourcePartId: id, breaks: makeBreaks([1, 0.1]), stock: 100_000 });
    const catalog = new FakeParts().add(
      makePart('DUAL-5', [offer('D1')]),
      makePart('DUAL-5', [offer('D2')], { manufacturerCode: 'ONS', manufacturerName: 'onsemi' }),
    );
    const scheduler = new LookupScheduler({
      port: catalog,
      windowMs: 0,
      now: () => Date.UTC(2026, 10, 27),
      retry: { maxAttempts: 1 },
    });
    const lines = orderedLinesOf([{ rows: [12], part: 'DUAL-5', manufacturer: 'onsemi', quantity: 6 }], identityOf);
    expect(lines).toEqual([{ key: 'LM358DR|U1', part: 'DUAL-5', manufacturer: 'onsemi', quantity: 6 }]);
    const onOrderNow = onOrderEntries([record(lines)], []).entries;
    const bom = {
      name: 'A',
      builds: 10,
      read: readBom([
        ['MPN', 'Manufacturer', 'Qty'],
        ['DUAL-5', 'onsemi', 1],
      ]),
    };
    const list = await planPurchase([bom], scheduler, { onOrder: onOrderNow });
    expect(list.notApplied).toEqual([]);
    expect(list.rows[0].onOrder).toBe(6);
    expect(list.rows[0].toBuy).toBe(4);
  });
});
