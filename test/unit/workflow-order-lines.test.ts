/**
 * The order workflow's first step, function by function: why a row cannot be ordered, the items a row buys (by the
 * plan's record, else by an old Item id cell), the rows ordered before, the lines of one group, and the whole plan.
 */
import type { SheetPricedRow } from '../../src/excel/order-sheet';
import {
  earlierOrdersOf,
  orderItemsOf,
  planOrder,
  reasonNotOrderable,
  reviewLinesOf,
} from '../../src/workflows/order-lines';

function row(o: Partial<SheetPricedRow> = {}): SheetPricedRow {
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

const NO_REASONS = { overage: null, overbuy: null, sharedWith: null };

describe('reasonNotOrderable', () => {
  test.each<[Partial<SheetPricedRow>, string]>([
    [{ status: '' }, 'nothing priced in this row'],
    [{ status: 'not found' }, 'not found: no part matches it; check the part number and price again'],
    [{ status: 'ambiguous' }, 'ambiguous: choose the part in the BOM tab first'],
    [{ status: 'skipped', reason: 'DNP' }, 'skipped (DNP)'],
    [{ status: 'skipped' }, 'skipped'],
    // The plan record's mark, whatever the words; a row priced before marks were kept, by its words.
    [
      {
        status: 'no price',
        reason: 'ask the seller',
        plan: { items: [], reasons: NO_REASONS, marks: { quoteOnly: true } },
      },
      'quote only: there is no price to order at; ask for a quote',
    ],
    [{ status: 'no price', reason: 'quote only' }, 'quote only: there is no price to order at; ask for a quote'],
    [
      { status: 'no price', reason: 'quote only', plan: { items: [], reasons: NO_REASONS, marks: {} } },
      'no price (quote only)',
    ],
    [{ status: 'no price', reason: 'no offers' }, 'no price (no offers)'],
    [{ status: 'short', orderQty: 0, reason: 'none left' }, 'out of stock: nothing to order now (none left)'],
    [{ status: 'stale' }, 'not priced (the Status cell reads "stale")'],
    [{ itemId: '' }, 'no item id: price the BOM again'],
    [{ unitPrice: null }, 'no unit price: price the BOM again'],
    [{ stock: 0, source: 'NAC' }, 'no stock at NAC'],
    [{ orderQty: null }, 'no order quantity: price the BOM again'],
  ])('%o: %s', (o, reason) => {
    expect(reasonNotOrderable(row(o))).toBe(reason);
  });

  test('a priced row, and a short row with something to order, can be ordered', () => {
    expect(reasonNotOrderable(row())).toBeNull();
    expect(reasonNotOrderable(row({ status: 'short', orderQty: 30, reason: 'short 30 of 60' }))).toBeNull();
  });
});

describe('orderItemsOf', () => {
  test('a row of one item orders that item as the row says it', () => {
    const r = row();
    expect(orderItemsOf(r)).toEqual([r]);
  });

  test("the plan's record names a split's items, with their own sources and no sheet prices", () => {
    const r = row({
      itemId: 'reworded by hand',
      unitPrice: 0.5,
      offerPrice: 0.4,
      offerCurrency: 'EUR',
      plan: {
        items: [
          { itemId: 'A-1', qty: 3000, source: 'marketplace' },
          { itemId: 'B-2', qty: 2000, source: 'nac' },
        ],
        reasons: NO_REASONS,
      },
    });
    const items = orderItemsOf(r);
    expect(items.map((i) => [i.itemId, i.orderQty, i.source])).toEqual([
      ['A-1', 3000, 'MARKETPLACE'],
      ['B-2', 2000, 'NAC'],
    ]);
    expect(items.every((i) => i.unitPrice === null && i.offerPrice === null && i.offerCurrency === '')).toBe(true);
    expect(items.every((i) => i.moq === null && i.pack === null && i.row === 3)).toBe(true);
  });

  test('a record of one item keeps the row, whatever the Item id cell says', () => {
    const r = row({
      itemId: '65130968 × 3000 + 0898_00015105 × 2000',
      plan: { items: [{ itemId: '65130968', qty: 10, source: 'MARKETPLACE' }], reasons: NO_REASONS },
    });
    expect(orderItemsOf(r)).toEqual([r]);
  });

  test('without a record, a split is read from the Item id cell, each item with its source in turn', () => {
    const items = orderItemsOf(row({ itemId: '65130968 × 3,000 + 0898_00015105 × 2000', source: 'MARKETPLACE + NAC' }));
    expect(items.map((i) => [i.itemId, i.orderQty, i.source])).toEqual([
      ['65130968', 3000, 'MARKETPLACE'],
      ['0898_00015105', 2000, 'NAC'],
    ]);
    const one = orderItemsOf(row({ itemId: 'X-1 × 5 + X-2 × 6', source: 'acna' }));
    expect(one.map((i) => i.source)).toEqual(['ACNA', 'ACNA']);
  });
});

describe('earlierOrdersOf', () => {
  const recorded = new Map([[4, [{ orderId: '90000001', text: '90000001 submitted 2026-11-20 09:30' }]]]);

  test('the record of orders names the earlier orders; a row it has none for is read from its Order cell', () => {
    const rows = [
      row({ row: 3, order: '90000002 created 2026-11-19 08:00' }),
      row({ row: 4, order: 'anything' }),
      row({ row: 5, order: 'Not ordered: no stock' }),
      row({ row: 6, order: '' }),
    ];
    const { marks, alreadyOrdered } = earlierOrdersOf(rows, recorded, new Set([4]));
    expect([...marks.keys()]).toEqual([3, 4]);
    expect(alreadyOrdered).toEqual([
      {
        row: 3,
        what: 'LTST-S220KRKT',
        orders: [{ orderId: '90000002', text: '90000002 created 2026-11-19 08:00' }],
        included: false,
      },
      { row: 4, what: 'LTST-S220KRKT', orders: recorded.get(4), included: true },
    ]);
  });

  test('a row without a part says its item id', () => {
    const { alreadyOrdered } = earlierOrdersOf([row({ matchedPart: '', order: '12345 not confirmed x' })]);
    expect(alreadyOrdered).toEqual([
      { row: 3, what: '70003047', orders: [{ orderId: '12345', text: '12345 not confirmed x' }], included: false },
    ]);
  });
});

describe('reviewLinesOf', () => {
  test('rows of one item (case aside) share a line at the largest order quantity, their needs added', () => {
    const lines = reviewLinesOf(
      [
        row({ row: 3, need: 4, orderQty: 10 }),
        row({ row: 5, need: 6, orderQty: 12, itemId: '70003047'.toLowerCase() }),
        row({ row: 7, need: null, orderQty: 8, itemId: 'OTHER' }),
      ],
      new Map([[5, [{ orderId: '1', text: '1 created' }]]]),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ key: '70003047', rows: [3, 5], entered: '12', planned: 12, need: 10 });
    expect(lines[0].previousOrders).toEqual(['1 created']);
    expect(lines[1]).toMatchObject({ key: 'OTHER', rows: [7], entered: '8', need: null, previousOrders: [] });
  });

  test("a line charges the offer's own price and currency when the sheet has them; MOQ and pack read as counts", () => {
    const [line] = reviewLinesOf([row({ offerPrice: 0.031, offerCurrency: 'EUR', moq: 2.5, pack: 0, orderQty: 9.2 })]);
    expect(line).toMatchObject({ currency: 'EUR', unitPrice: 0.031, moq: 3, pack: null, entered: '10', planned: 10 });
    const [plain] = reviewLinesOf([row()]);
    expect(plain).toMatchObject({ currency: 'USD', unitPrice: 0.03691, moq: 1, pack: 1 });
  });

  test("the reasons come from the plan's record when there is one, else from the Status notes; overbuy from its mark", () => {
    const reasons = { ...NO_REASONS, sharedWith: 'rows 4, 7' };
    const [recorded] = reviewLinesOf([
      row({ plan: { items: [{ itemId: '70003047', qty: 10, source: 'MARKETPLACE' }], reasons } }),
    ]);
    expect(recorded.reasons).toEqual(reasons);
    const [noted] = reviewLinesOf([row({ reason: 'need 4 + 6 overage' })]);
    expect(noted.reasons.overage).toEqual({ need: 4, extra: 6 });
    const [overbuy] = reviewLinesOf([row({ reason: "overbuy: 2,576.48 USD of spares (99 % of the line's cost)" })]);
    expect(overbuy.overbuy).toBe("2,576.48 USD of spares (99 % of the line's cost)");
    expect(noted.overbuy).toBeNull();
  });
});

describe('planOrder', () => {
  const rows = [
    row({ row: 2, itemId: 'M-1' }),
    row({ row: 3, itemId: 'M-2' }),
    row({ row: 4, itemId: 'R-1', source: 'NAC' }),
    row({ row: 5, status: 'not found', itemId: '' }),
    row({ row: 6, itemId: 'M-3', order: '90000009 submitted 2026-11-20 09:30' }),
  ];

  test('the larger group is this order; the other is left out and named next; rows ordered before are held back', () => {
    const plan = planOrder(rows);
    expect(plan.lines.map((l) => l.itemId)).toEqual(['M-1', 'M-2']);
    expect(plan.group).toEqual({ kind: 'marketplace', currency: 'USD' });
    expect(plan.words).toBe('marketplace');
    expect(plan.next).toEqual({ group: { kind: 'regional', currency: 'USD' }, lines: 1, words: 'regional' });
    expect(plan.split).toBe('This selection makes 2 orders: marketplace and regional items cannot be in one order.');
    expect(plan.leftOut.map((l) => l.row)).toEqual([4, 5]);
    expect(plan.alreadyOrdered.map((o) => o.row)).toEqual([6]);
  });

  test('the group asked for, the groups done said "in order N", a row ticked back in ordered again', () => {
    const plan = planOrder(rows, {
      group: { kind: 'regional', currency: 'USD' },
      done: new Map([['marketplace:USD', '90000010']]),
      include: new Set([6]),
    });
    expect(plan.lines.map((l) => l.itemId)).toEqual(['R-1']);
    expect(plan.next).toBeNull();
    expect(plan.leftOut.filter((l) => l.reason === 'in order 90000010').map((l) => l.row)).toEqual([2, 3, 6]);
    expect(plan.alreadyOrdered).toEqual([expect.objectContaining({ row: 6, included: true })]);
  });

  test('a selection with nothing to order makes an empty marketplace order with no split', () => {
    const plan = planOrder([row({ status: '' })]);
    expect(plan).toMatchObject({ lines: [], group: { kind: 'marketplace', currency: '' }, words: '', next: null });
    expect(plan.split).toBeNull();
  });
});
