import { countOf, groupedCount, plural, groupedCount as count } from '../../src/text/plural';

describe('plural', () => {
  it('gives the singular for exactly one and the plural for every other count', () => {
    expect(plural(1, 'line')).toBe('line');
    expect(plural(0, 'line')).toBe('lines');
    expect(plural(2, 'line')).toBe('lines');
    expect(plural(-1, 'line')).toBe('lines');
    expect(plural(1.5, 'board')).toBe('boards');
  });

  it('takes the plural form of a word that does not add an s', () => {
    expect(plural(1, 'search', 'searches')).toBe('search');
    expect(plural(3, 'search', 'searches')).toBe('searches');
    expect(plural(2, 'is', 'are')).toBe('are');
  });
});

describe('countOf', () => {
  it('writes the count with thousands separators and the word for that many', () => {
    expect(countOf(1, 'line')).toBe('1 line');
    expect(countOf(0, 'line')).toBe('0 lines');
    expect(countOf(2400, 'line')).toBe('2,400 lines');
    expect(countOf(1_234_567, 'part')).toBe('1,234,567 parts');
    expect(countOf(2, 'list search', 'list searches')).toBe('2 list searches');
  });
});

describe('groupedCount', () => {
  it('writes what toLocaleString writes in en-US, for whole counts and others', () => {
    for (const n of [0, 7, 999, 1000, 22_400, 100_000, 1_000_000, -4500, 123_456_789_012, 2.5, 1234.5]) {
      expect(groupedCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('is the count the plan writes', () => {
    expect(count(22_400)).toBe('22,400');
    expect(count).toBe(groupedCount);
  });
});
