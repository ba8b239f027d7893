import { firstAndMore, poLabel, withArticle } from '../../src/text/words';

describe('words the pane and the CLI compose', () => {
  test('the article a phrase takes by its first sound', () => {
    expect(withArticle('inventory table')).toBe('an inventory table');
    expect(withArticle('parts inventory export')).toBe('a parts inventory export');
    expect(withArticle('part number and quantity list')).toBe('a part number and quantity list');
    expect(withArticle('order')).toBe('an order');
    expect(withArticle('unit list')).toBe('a unit list');
  });

  test('a PO number that says PO is not prefixed again', () => {
    expect(poLabel('4711')).toBe('PO 4711');
    expect(poLabel('PO-2026-17')).toBe('PO-2026-17');
    expect(poLabel('po 88')).toBe('po 88');
    expect(poLabel('P.O. 12')).toBe('P.O. 12');
    expect(poLabel('POLARIS-1')).toBe('PO POLARIS-1');
  });

  test('the first of a list and how many more, each named by the function given, only the first named', () => {
    expect(firstAndMore(['A', 'B', 'C'], 3)).toBe('A, B, C');
    expect(firstAndMore(['A', 'B', 'C', 'D', 'E'], 3)).toBe('A, B, C and 2 more');
    expect(firstAndMore([], 3)).toBe('');
    expect(firstAndMore([1200, 7], 1)).toBe('1200 and 1 more');
    const named: number[] = [];
    const rows = Array.from({ length: 10_000 }, (_, i) => i);
    const text = firstAndMore(rows, 4, (r) => {
      named.push(r);
      return String(r + 2);
    });
    expect(text).toBe('2, 3, 4, 5 and 9,996 more');
    expect(named).toEqual([0, 1, 2, 3]);
  });

  test('a list said with its own separator and a name for the rest', () => {
    const reasons = ['A is out', 'B is short', 'C quotes only', 'D is out', 'E is out'];
    expect(firstAndMore(reasons, 3, String, { between: '; ', rest: 'offer' })).toBe(
      'A is out; B is short; C quotes only and 2 more offers',
    );
    expect(firstAndMore(reasons, 4, String, { between: '; ', rest: 'offer' })).toBe(
      'A is out; B is short; C quotes only; D is out and 1 more offer',
    );
    expect(firstAndMore(['One.', 'Two.'], 3, String, { between: ' ', rest: 'problem' })).toBe('One. Two.');
  });
});
