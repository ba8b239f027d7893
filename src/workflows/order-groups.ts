/**
 * Which items can share one order, a step of the "place an order" workflow. The checkout refuses an order that mixes
 * marketplace and regional items (checkout.item.source.mixed) or items priced in different currencies
 * (checkout.item.currency.mixed), so a selection is split into one order per source kind and currency before anything
 * is sent, and the review says why.
 */
import { MARKETPLACE } from '../checkout';

/** The items one order can hold: one source kind, one currency. */
export interface OrderGroup {
  kind: 'marketplace' | 'regional';
  /** The currency the checkout charges the items in ('' when the sheet does not say). */
  currency: string;
}

export function groupKey(group: OrderGroup): string {
  return `${group.kind}:${group.currency}`;
}

export function sameGroup(a: OrderGroup, b: OrderGroup): boolean {
  return a.kind === b.kind && a.currency === b.currency;
}

/** The group of an item from its source code and the currency the checkout charges it in. */
export function groupOf(source: string, currency: string): OrderGroup {
  return {
    kind: source !== '' && source !== MARKETPLACE ? 'regional' : 'marketplace',
    currency: currency.toUpperCase(),
  };
}

/**
 * How the buyer tells a group from the others of the selection: by source kind, by currency, or both, whichever
 * differs among them ("regional", "EUR", "regional EUR").
 */
export function groupWords(group: OrderGroup, all: readonly OrderGroup[]): string {
  const kinds = new Set(all.map((g) => g.kind)).size > 1;
  const currencies = new Set(all.map((g) => g.currency)).size > 1;
  const words = [kinds || !currencies ? group.kind : '', currencies && group.currency ? group.currency : ''].filter(
    Boolean,
  );
  return words.join(' ');
}

/** Why an item of `other` is not in the order of `chosen`: the checkout's rule, in the buyer's words. */
export function whyApart(chosen: OrderGroup, other: OrderGroup, source: string): string {
  const offer = other.kind === 'regional' ? `regional (${source})` : 'marketplace';
  if (chosen.kind !== other.kind && chosen.currency === other.currency) {
    return `${offer} offer: marketplace and regional items cannot be in one order; they go in the next order`;
  }
  if (chosen.kind === other.kind)
    return `priced in ${other.currency}: the checkout takes one currency per order; it goes in an order of its own`;
  return `${offer} offer in ${other.currency}: marketplace and regional items, and each currency, go in orders of their own`;
}

/** The review's note on a selection that makes several orders: how many, and why. */
export function splitNote(all: readonly OrderGroup[]): string | null {
  if (all.length < 2) return null;
  const kinds = new Set(all.map((g) => g.kind)).size > 1;
  const currencies = new Set(all.map((g) => g.currency)).size > 1;
  const why = [
    kinds ? 'marketplace and regional items cannot be in one order' : '',
    currencies
      ? `the checkout takes one currency per order (${[...new Set(all.map((g) => g.currency))].join(', ')})`
      : '',
  ]
    .filter(Boolean)
    .join(', and ');
  return `This selection makes ${all.length} orders: ${why}.`;
}

/** The items of one group, in the order they came. */
export interface GroupedItems<T> {
  group: OrderGroup;
  items: T[];
}

/**
 * The items split by group, the larger group first (counted in distinct item ids; marketplace on a tie), then by
 * currency. `source` and `currency` say where an item is offered and the currency the checkout charges it in.
 */
export function groupItems<T extends { itemId: string }>(
  items: readonly T[],
  source: (item: T) => string,
  currency: (item: T) => string,
): GroupedItems<T>[] {
  const byGroup = new Map<string, GroupedItems<T>>();
  for (const item of items) {
    const group = groupOf(source(item), currency(item));
    const entry = byGroup.get(groupKey(group)) ?? { group, items: [] };
    entry.items.push(item);
    byGroup.set(groupKey(group), entry);
  }
  return [...byGroup.values()].sort(
    (a, b) =>
      groupSize(b) - groupSize(a) ||
      (a.group.kind === b.group.kind ? 0 : a.group.kind === 'marketplace' ? -1 : 1) ||
      a.group.currency.localeCompare(b.group.currency),
  );
}

/** How many order lines a group makes: its distinct item ids. */
export function groupSize(entry: { items: readonly { itemId: string }[] }): number {
  return new Set(entry.items.map((r) => r.itemId.toUpperCase())).size;
}

/**
 * The group this order takes from `grouped` (as groupItems sorts them): `wanted` when the selection has it, else the
 * first not in `done` (groups ordered already, by groupKey), else the first; and the next group still to order after it.
 */
export function chooseGroup<T extends { itemId: string }>(
  grouped: readonly GroupedItems<T>[],
  wanted?: OrderGroup,
  done?: ReadonlyMap<string, string>,
): { chosen: GroupedItems<T> | undefined; after: GroupedItems<T> | undefined } {
  const open = grouped.filter((e) => !done?.has(groupKey(e.group)));
  const chosen = (wanted && grouped.find((e) => sameGroup(e.group, wanted))) || open[0] || grouped[0];
  return { chosen, after: open.find((e) => e !== chosen) };
}
