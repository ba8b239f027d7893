import {
  MAX_RECORDED_ORDER_LINES,
  type OrderRecord,
  addOrder,
  asOrderRecords,
  lineIdentity,
  orderCellTextOf,
  ordersByLine,
} from '../../src/excel/order-record';

const order = (o: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: '90000001',
  at: new Date(2026, 10, 20, 9, 30).toISOString(),
  environment: 'test',
  po: 'PO-1',
  state: 'created',
  sheet: 'BOM',
  lines: [{ key: 'BAV99|D1,D2', part: 'BAV99', quantity: 2 }],
  ...o,
});

describe('a BOM line’s identity', () => {
  test('part number and designators, whatever their order, spacing or case', () => {
    expect(lineIdentity(' bav99 ', 'D2, D1')).toBe('BAV99|D1,D2');
    expect(lineIdentity('BAV99', 'd1 d2')).toBe('BAV99|D1,D2');
    expect(lineIdentity('BAV99', '')).toBe('BAV99');
    expect(lineIdentity('', 'D1')).toBeNull();
  });
});

describe('the record of orders only grows', () => {
  test('a created order submitted later keeps its lines and takes the new state', () => {
    const first = addOrder([], order())!;
    const submitted = addOrder(first, order({ state: 'submitted', lines: [] }))!;
    expect(submitted).toEqual([order({ state: 'submitted' })]);
  });

  test('an order past the limit is not recorded, and nothing earlier is dropped for it', () => {
    const many = Array.from({ length: MAX_RECORDED_ORDER_LINES }, (_, i) => ({
      key: `P${i}`,
      part: `P${i}`,
      quantity: 1,
    }));
    const full = [order({ lines: many })];
    expect(addOrder(full, order({ orderId: '90000002' }))).toBeNull();
  });

  test('each line’s orders, per sheet; the Order cell names every one', () => {
    const records = [
      order(),
      order({ orderId: '90000002', state: 'submitted' }),
      order({ orderId: '90000003', sheet: 'Other' }),
    ];
    const byLine = ordersByLine(records, 'BOM');
    expect(byLine.get('BAV99|D1,D2')?.map((r) => r.orderId)).toEqual(['90000001', '90000002']);
    expect(orderCellTextOf(byLine.get('BAV99|D1,D2')!)).toBe(
      '90000001 created 2026-11-20 09:30; 90000002 submitted 2026-11-20 09:30',
    );
  });

  test('what the workbook holds is read back; entries that are not orders are passed over', () => {
    expect(asOrderRecords([order(), { orderId: 5 }, 'x'])).toEqual([order()]);
    expect(asOrderRecords('not a list')).toEqual([]);
  });
});
