/**
 * Header words naming a number that is never the maker's, whatever the column holds: a company's own ("CPN",
 * "Internal P/N"), an alternate's ("Alt MPN", "Second Source") or a price. Part of NOT_OURS (header-words.ts).
 */
export const OWN_OR_ALTERNATE: ReadonlySet<string> = new Set([
  'internal',
  'company',
  'cpn',
  'ipn',
  'customer',
  'our',
  'alt',
  'alternate',
  'alternative',
  'substitute',
  'second',
  '2nd',
  'price',
  'cost',
]);
