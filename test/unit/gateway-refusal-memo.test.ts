import { RefusalMemo, searchDigest } from '../../gateway/refusal-memo';

describe('RefusalMemo', () => {
  test('keeps a refusal until its time, then forgets it', () => {
    let now = 1000;
    const memo = new RefusalMemo<string>(10, () => now);
    memo.set('a', 'refused', 1500);
    expect(memo.get('a')).toBe('refused');
    now = 1499;
    expect(memo.get('a')).toBe('refused');
    now = 1500;
    expect(memo.get('a')).toBeUndefined();
    expect(memo.size).toBe(0);
    memo.set('b', 'stale already', 1500);
    expect(memo.get('b')).toBeUndefined();
  });

  test('holds at most its bound, the least recently asked forgotten first', () => {
    const memo = new RefusalMemo<number>(3, () => 0);
    for (const k of ['a', 'b', 'c']) memo.set(k, 1, 100);
    expect(memo.get('a')).toBe(1);
    memo.set('d', 1, 100);
    expect(memo.size).toBe(3);
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBe(1);
    expect(memo.get('d')).toBe(1);
  });
});

describe('searchDigest', () => {
  test('tells apart groups, currencies, versions, order and manufacturers, and nothing else', () => {
    const parts = [{ partNum: 'BAV99' }, { partNum: 'LM358', mfr: 'TI' }];
    const base = searchDigest('g', 'v4', 'EUR', parts);
    expect(
      searchDigest(
        'g',
        'v4',
        'EUR',
        parts.map((p) => ({ ...p })),
      ),
    ).toBe(base);
    expect(searchDigest('h', 'v4', 'EUR', parts)).not.toBe(base);
    expect(searchDigest('g', 'v3', 'EUR', parts)).not.toBe(base);
    expect(searchDigest('g', 'v4', undefined, parts)).not.toBe(base);
    expect(searchDigest('g', 'v4', 'EUR', [...parts].reverse())).not.toBe(base);
    expect(searchDigest('g', 'v4', 'EUR', [{ partNum: 'BAV99' }, { partNum: 'LM358' }])).not.toBe(base);
    expect(
      searchDigest('g', 'v4', 'EUR', [{ partNum: 'BAV9' }, { partNum: '9' }, { partNum: 'LM358', mfr: 'TI' }]),
    ).not.toBe(base);
  });
});
