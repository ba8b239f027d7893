import { readStock, testRowsText, withoutTestOrders } from '../../src/purchase';

describe('an on-order list with an Environment column', () => {
  test('rows of test orders are taken out and counted; production and unmarked rows stay', () => {
    const cells = [
      ['MPN', 'Qty', 'Environment'],
      ['P-1', 10, 'production'],
      ['P-2', 20, 'Test'],
      ['P-3', 30, ''],
      ['P-4', 'some', 'sandbox'],
      ['P-5', 50, 'test environment'],
    ];
    const read = readStock(cells);
    expect(read.rows.map((r) => r.partNumber)).toEqual(['P-1', 'P-2', 'P-3', 'P-5']);
    const kept = withoutTestOrders(cells, read);
    expect(kept.read.rows.map((r) => [r.partNumber, r.available])).toEqual([
      ['P-1', 10],
      ['P-3', 30],
    ]);
    // The unreadable row of a test order is not listed as a problem either: it is not on order at all.
    expect(kept.read.problems).toEqual([]);
    expect(kept.testRows).toBe(3);
    expect(testRowsText(kept.testRows)).toBe(
      '3 rows of test orders not counted as on order: placed in the test environment, they buy nothing',
    );
  });

  test('a list without an Environment column is all on order', () => {
    const cells = [
      ['MPN', 'Qty'],
      ['P-1', 10],
      ['P-2', 20],
    ];
    const read = readStock(cells);
    expect(withoutTestOrders(cells, read)).toEqual({ read, testRows: 0 });
    expect(testRowsText(0)).toBeNull();
  });
});
