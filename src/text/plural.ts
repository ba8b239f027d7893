/**
 * Counting things in words, one rule for the whole project: "1 line", "2 lines", "1,200 lines". A word that does not
 * take an "s" ("search" → "searches", "is" → "are") gives its plural form.
 */

/**
 * A whole count with thousands separators, as en-US writes it ("22,400"). Built by hand: toLocaleString builds a
 * number format each time, which a BOM of thousands of parts feels. Anything but a safe integer is left to
 * toLocaleString.
 */
export function groupedCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  // Most counts have no separator at all; the others are cut in threes, the first group one to three digits long.
  if (n > -1000 && n < 1000) return String(n);
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/** The word for `count` things: `singular` for exactly one, otherwise `pluralForm` (by default `singular` + "s"). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** `count` with its thousands separators and the word for that many: "1 line", "0 lines", "2,400 lines". */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${groupedCount(count)} ${plural(count, singular, pluralForm)}`;
}
