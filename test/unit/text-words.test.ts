import { poLabel, withArticle } from '../../src/text/words';

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
});
