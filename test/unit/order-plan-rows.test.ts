/**
 * Which selected priced rows make which order lines, now that the plan buys each part once.
 */
import type { SheetPricedRow } from '../../src/excel/order-sheet';
import { planOrder } from '../../src/workflows/order-review';

function row(o: Partial<SheetPricedRow>): SheetPricedRow {
  return {
    row: 3,
    status: 'priced',
    reason: '',
    matchedPart: 'LTST-S220KRKT',
    manufacturer: 'Lite-On',
    need: 4,
    orderQty: 10,
    unitPrice: 0.03691,
    currency: 'USD',
    stock: 336313,
    moq: 1,
    pack: 1,
    source: 'MARKETPLACE',
    itemId: '70003047',
    order: '',
    ...o,
  };
}

describe('order lines from a planned BOM', () => {
  test("a part on two rows is ordered once, at the part's order quantity, not twice", () => {
    const plan = planOrder([row({ row: 3, need: 4 }), row({ row: 5, need: 6 })]);
    expect(plan.lines).toHaveLength(1);
    expect(plan.lines[0]).toMatchObject({ itemId: '70003047', entered: '10', rows: [3, 5] });
  });

  test('a part split across two offers orders each offer its quantity; marketplace and regional go apart', () => {
    const split = row({
      itemId: '65130968 × 3000 + 0898_00015105 × 2000',
      source: 'MARKETPLACE + NAC',
      orderQty: 5000,
    });
    const plan = planOrder([split]);
    expect(plan.lines.map((l) => [l.itemId, l.entered, l.source])).toEqual([['65130968', '3000', 'MARKETPLACE']]);
    expect(plan.leftOut).toEqual([
      expect.objectContaining({
        row: 3,
        reason: expect.stringMatching(/regional \(NAC\) offer: marketplace and regional items cannot be in one order/),
        kind: 'next order',
      }),
    ]);
    const regionalOnly = planOrder([
      row({ itemId: 'V36:1790_1 × 30 + V36:1790_2 × 20', source: 'ACNA + ACNA', orderQty: 50 }),
    ]);
    expect(regionalOnly.lines.map((l) => [l.itemId, l.entered])).toEqual([
      ['V36:1790_1', '30'],
      ['V36:1790_2', '20'],
    ]);
  });

  test('a short row orders what is in stock; one with nothing in stock is left out with the reason', () => {
    const plan = planOrder([
      row({
        row: 7,
        status: 'short',
        reason: 'short 30 of 60: 30 in stock across offers',
        orderQty: 30,
        itemId: 'S-1',
      }),
      row({
        row: 8,
        status: 'short',
        reason: 'short 5 of 5: out of stock at MARKETPLACE',
        orderQty: 0,
        stock: 0,
        itemId: '',
      }),
    ]);
    expect(plan.lines.map((l) => [l.itemId, l.entered])).toEqual([['S-1', '30']]);
    expect(plan.leftOut).toEqual([
      {
        row: 8,
        what: 'LTST-S220KRKT',
        reason: 'out of stock: nothing to order now (short 5 of 5: out of stock at MARKETPLACE)',
        kind: 'not orderable',
      },
    ]);
  });

  test("the review shows the offer's own price and currency, which the checkout charges, not the converted one", () => {
    const plan = planOrder([
      row({
        itemId: 'E02:0323_1',
        source: 'EUROPE',
        unitPrice: 0.44,
        currency: 'USD',
        offerPrice: 0.4,
        offerCurrency: 'EUR',
      }),
    ]);
    expect(plan.lines[0]).toMatchObject({ currency: 'EUR', unitPrice: 0.4 });
  });
});

describe('one order per source kind and currency', () => {
  const rows = [
    row({ row: 1, itemId: 'M-1', source: 'MARKETPLACE' }),
    row({ row: 2, itemId: 'M-2', source: 'MARKETPLACE' }),
    row({ row: 3, itemId: 'N-1', source: 'NAC' }),
    row({ row: 4, itemId: 'E-1', source: 'EUROPE', offerCurrency: 'EUR', offerPrice: 0.03 }),
  ];

  test('the largest group first; every other one named as the next, in turn, until each is ordered', () => {
    const first = planOrder(rows);
    expect(first.lines.map((l) => l.itemId)).toEqual(['M-1', 'M-2']);
    expect(first.words).toBe('marketplace USD');
    expect(first.split).toBe(
      'This selection makes 3 orders: marketplace and regional items cannot be in one order, and the checkout takes one currency per order (USD, EUR).',
    );
    expect(first.leftOut.map((l) => l.reason)).toEqual([
      'regional (NAC) offer: marketplace and regional items cannot be in one order; they go in the next order',
      'regional (EUROPE) offer in EUR: marketplace and regional items, and each currency, go in orders of their own',
    ]);
    const done = new Map([['marketplace:USD', '90000001']]);
    const second = planOrder(rows, { group: first.next!.group, done });
    expect(second.lines.map((l) => l.itemId)).toEqual(second.group.currency === 'EUR' ? ['E-1'] : ['N-1']);
    expect(second.leftOut.filter((l) => l.reason === 'in order 90000001').map((l) => l.row)).toEqual([1, 2]);
    done.set(`${second.group.kind}:${second.group.currency}`, '90000002');
    const third = planOrder(rows, { group: second.next!.group, done });
    expect(new Set([second.lines[0].itemId, third.lines[0].itemId])).toEqual(new Set(['E-1', 'N-1']));
    expect(third.next).toBeNull();
  });
});
