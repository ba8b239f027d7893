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
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
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
