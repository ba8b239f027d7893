/**
 * Header words typed with a slip of one letter ("CANTINDAD", "Quantitiy", "Desginator") or a syllable typed twice
 * ("Quantitity"): the word meant, for matchHeader to read.
 */

/** Long header words whose one-letter slips are read as them ("CANTINDAD", "Quantitiy", "Desginator"). */
const SLIP_WORDS = [
  'quantity',
  'cantidad',
  'quantite',
  'designator',
  'designators',
  'reference',
  'references',
  'manufacturer',
  'description',
  'beschreibung',
  'hersteller',
];

/** Words of their own one slip from a header word: "Preference" (which source to buy) is no "Reference". */
const WORDS_OF_THEIR_OWN = new Set(['preference', 'preferences', 'deference', 'inference']);

/**
 * Whether two words differ by one letter inserted, dropped, changed or two letters swapped, or by two letters typed
 * twice ("Quantitity").
 */
function oneSlipApart(a: string, b: string): boolean {
  if (a.length === b.length + 2) {
    for (let i = 0; i + 4 <= a.length; i++)
      if (a.slice(i, i + 2) === a.slice(i + 2, i + 4) && a.slice(0, i + 2) + a.slice(i + 4) === b) return true;
    return false;
  }
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The long header word a word is one slip away from, or null. */
export function slippedWord(word: string): string | null {
  if (!/^[a-zà-ÿ]{7,}$/.test(word) || WORDS_OF_THEIR_OWN.has(word)) return null;
  return SLIP_WORDS.find((known) => oneSlipApart(word, known)) ?? null;
}
