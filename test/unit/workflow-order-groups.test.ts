/**
 * Which items can share one order: one source kind and one currency, the larger group first, and how the review
 * says why a selection makes several orders.
 */
import {
  chooseGroup,
  groupItems,
  groupKey,
  groupOf,
  groupSize,
  groupWords,
  sameGroup,
  splitNote,
  whyApart,
} from '../../src/workflows/order-groups';

const MUSD = { kind: 'marketplace', currency: 'USD' } as const;
const RUSD = { kind: 'regional', currency: 'USD' } as const;
const MEUR = { kind: 'marketplace', currency: 'EUR' } as const;
const REUR = { kind: 'regional', currency: 'EUR' } as const;

interface Item {
  itemId: string;
  source: string;
  currency: string;
}

const item = (itemId: string, source: string, currency = 'USD'): Item => ({ itemId, source, currency });

describe('groupOf, groupKey, sameGroup', () => {
  test('marketplace items and those without a source are marketplace; any other source is regional', () => {
    expect(groupOf('MARKETPLACE', 'usd')).toEqual(MUSD);
    expect(groupOf('', 'USD')).toEqual(MUSD);
    expect(groupOf('NAC', 'eur')).toEqual(REUR);
  });

  test('a group is its kind and currency', () => {
    expect(groupKey(RUSD)).toBe('regional:USD');
    expect(sameGroup(RUSD, { kind: 'regional', currency: 'USD' })).toBe(true);
    expect(sameGroup(RUSD, MUSD)).toBe(false);
    expect(sameGroup(MUSD, MEUR)).toBe(false);
  });
});

describe('groupWords, whyApart, splitNote', () => {
  test('a group is told from the others by what differs among them', () => {
    expect(groupWords(RUSD, [MUSD, RUSD])).toBe('regional');
    expect(groupWords(MEUR, [MUSD, MEUR])).toBe('EUR');
    expect(groupWords(REUR, [MUSD, REUR])).toBe('regional EUR');
    expect(groupWords(MUSD, [MUSD])).toBe('marketplace');
  });

  test("why an item is not in this order, in the checkout's rule", () => {
    expect(whyApart(MUSD, RUSD, 'NAC')).toBe(
      'regional (NAC) offer: marketplace and regional items cannot be in one order; they go in the next order',
    );
    expect(whyApart(MUSD, MEUR, 'MARKETPLACE')).toBe(
      'priced in EUR: the checkout takes one currency per order; it goes in an order of its own',
    );
    expect(whyApart(MUSD, REUR, 'NAC')).toBe(
      'regional (NAC) offer in EUR: marketplace and regional items, and each currency, go in orders of their own',
    );
  });

  test('the note on a selection that makes several orders says how many and why', () => {
    expect(splitNote([MUSD])).toBeNull();
    expect(splitNote([MUSD, RUSD])).toBe(
      'This selection makes 2 orders: marketplace and regional items cannot be in one order.',
    );
    expect(splitNote([MUSD, MEUR, REUR])).toBe(
      'This selection makes 3 orders: marketplace and regional items cannot be in one order, and the checkout takes one currency per order (USD, EUR).',
    );
  });
});

describe('groupItems, groupSize', () => {
  const grouped = () =>
    groupItems(
      [item('R-1', 'NAC'), item('M-1', 'MARKETPLACE'), item('R-2', 'NAC'), item('E-1', 'MARKETPLACE', 'eur')],
      (i) => i.source,
      (i) => i.currency,
    );

  test('the larger group first, in distinct item ids; the items keep their order', () => {
    const g = grouped();
    expect(g.map((e) => e.group)).toEqual([RUSD, MEUR, MUSD]);
    expect(g[0].items.map((i) => i.itemId)).toEqual(['R-1', 'R-2']);
  });

  test('marketplace first on a tie, then by currency', () => {
    const g = groupItems(
      [item('R-1', 'NAC'), item('M-2', 'MARKETPLACE', 'USD'), item('M-1', 'MARKETPLACE', 'EUR')],
      (i) => i.source,
      (i) => i.currency,
    );
    expect(g.map((e) => e.group)).toEqual([MEUR, MUSD, RUSD]);
  });

  test('a group counts an item id once, case aside', () => {
    expect(groupSize({ items: [item('a-1', ''), item('A-1', ''), item('B', '')] })).toBe(2);
  });
});

describe('chooseGroup', () => {
  const g = groupItems(
    [item('R-1', 'NAC'), item('R-2', 'NAC'), item('M-1', 'MARKETPLACE'), item('E-1', 'MARKETPLACE', 'EUR')],
    (i) => i.source,
    (i) => i.currency,
  );

  test('the first group when none is asked for, and the next one still open', () => {
    const { chosen, after } = chooseGroup(g);
    expect(chosen?.group).toEqual(RUSD);
    expect(after?.group).toEqual(MEUR);
  });

  test('the group asked for, else the first not done; the next skips the groups done', () => {
    expect(chooseGroup(g, MUSD).chosen?.group).toEqual(MUSD);
    const done = new Map([[groupKey(RUSD), '90000001']]);
    const next = chooseGroup(g, undefined, done);
    expect(next.chosen?.group).toEqual(MEUR);
    expect(next.after?.group).toEqual(MUSD);
    const all = new Map([...done, [groupKey(MEUR), '2'], [groupKey(MUSD), '3']]);
    expect(chooseGroup(g, undefined, all)).toEqual({ chosen: g[0], after: undefined });
    expect(chooseGroup(g, REUR, done).chosen?.group).toEqual(MEUR);
  });

  test('nothing to choose from', () => {
    expect(chooseGroup([])).toEqual({ chosen: undefined, after: undefined });
  });
});
