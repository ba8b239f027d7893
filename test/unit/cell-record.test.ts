/**
 * The runtime's record of PARTS calls: each cell's latest call replaces its earlier one, and a burst of calls (a
 * sheet recalculating) tells the pane once, not once per call.
 */
import { CellRecord } from '../../src/lookup/cell-record';

const call = (address: string, at: number) => ({ address, name: 'PRICE', cells: [], at });

describe('the cell record', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('10,000 calls in a burst tell a listener once, after they are all in', () => {
    const record = new CellRecord();
    const seen: number[] = [];
    record.subscribe(() => seen.push(record.calls().length));
    for (let i = 0; i < 10_000; i++) record.note(call(`Sheet1!A${i + 1}`, i));
    expect(seen).toEqual([]);
    jest.runAllTimers();
    expect(seen).toEqual([10_000]);
    record.note(call('Sheet1!A1', 20_000));
    jest.runAllTimers();
    expect(seen).toEqual([10_000, 10_000]);
    expect(record.calls().find((c) => c.address === 'Sheet1!A1')?.at).toBe(20_000);
  });

  test('a listener that throws does not keep the others from being told', () => {
    const record = new CellRecord();
    let told = 0;
    record.subscribe(() => {
      throw new Error('broken view');
    });
    record.subscribe(() => told++);
    record.note(call('Sheet1!B2', 1));
    jest.runAllTimers();
    expect(told).toBe(1);
  });
});
