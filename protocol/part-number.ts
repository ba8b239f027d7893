/**
 * How part numbers are compared and which ones can be looked up, as the item service does it. The service, the
 * scheduler, the PARTS cells and the BOM pricing all use these, so a part the pane looked up is a cache hit for a
 * cell, and a part number one of them refuses is refused by the others in the same words.
 */

/** Longest part number the item service takes; longer text is not a part number. */
export const MAX_PART_NUMBER_LENGTH = 100;

/** The key part numbers compare under: case-insensitive, spaces and punctuation ignored ("lm358-n" is "LM358N"). */
export function partNumberKey(text: string): string {
  // Unicode normalisation (full-width letters, ligatures) is costly and changes nothing in plain ASCII, which nearly
  // every part number is: it runs only when the text has other characters.
  const plain = NON_ASCII.test(text) ? text.normalize('NFKC') : text;
  return plain.toUpperCase().replace(NOT_KEY, '');
}

const NON_ASCII = /[^\x00-\x7F]/;
const NOT_KEY = /[^A-Z0-9]/g;

/** What makes a part number unsearchable. */
export type PartNumberProblem = 'blank' | 'no letters or digits' | 'too long';

/** Why `text` cannot be looked up, or null when it can. Surrounding spaces do not count. */
export function partNumberProblem(text: string, maxLength = MAX_PART_NUMBER_LENGTH): PartNumberProblem | null {
  return keyedPartNumber(text, maxLength).problem;
}

/**
 * `text`'s problem (partNumberProblem) and, unless it is blank or too long, its key (partNumberKey; null for those):
 * one key in the usual case of a part number without surrounding spaces, and none for text too long to be one. For a
 * caller that needs both, as the lookup scheduler does for every line.
 */
export function keyedPartNumber(
  text: string,
  maxLength = MAX_PART_NUMBER_LENGTH,
): { key: string | null; problem: PartNumberProblem | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { key: null, problem: 'blank' };
  if (trimmed.length > maxLength) return { key: null, problem: 'too long' };
  const key = partNumberKey(text);
  const keyOfTrimmed = trimmed.length === text.length ? key : partNumberKey(trimmed);
  return { key, problem: keyOfTrimmed === '' ? 'no letters or digits' : null };
}

/** The problem in words, to follow "the part number": "has no letters or digits". */
export function partNumberProblemText(problem: PartNumberProblem, maxLength = MAX_PART_NUMBER_LENGTH): string {
  switch (problem) {
    case 'blank':
      return 'is blank';
    case 'too long':
      return `is longer than ${maxLength} characters`;
    case 'no letters or digits':
      return 'has no letters or digits';
  }
}
