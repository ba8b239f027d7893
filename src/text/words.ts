/** Small pieces of English the pane and the CLI compose sentences from. */
import { countOf, groupedCount } from './plural';

/** "an inventory table", "a parts inventory export": the indefinite article a noun phrase takes by its first sound. */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) && !/^(?:uni|use|one)/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/**
 * A purchase-order number as a sentence names it: "PO 4711", but "PO-2026-17" or "PO 4711" as written when the
 * number already says PO (never "PO PO-2026-17").
 */
export function poLabel(po: string): string {
  const text = po.trim();
  return /^P\.?O\b/i.test(text) ? text : `PO ${text}`;
}

/** A message as a sentence of its own: its first letter a capital, a full stop at its end unless it has one. */
export function asSentence(message: string): string {
  const text = `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** How a list is said: what stands between two of its items (', ' unless given), and what the rest are called. */
export interface ListWords {
  between?: string;
  /** The noun after "more" ("offer": "and 2 more offers"); none by default ("and 2 more"). */
  rest?: string;
}

/**
 * The first `shown` of a list, each named by `name`, then how many more there are: "A, B, C and 2 more"; the whole
 * list when it is no longer.
 */
export function firstAndMore<T>(
  list: readonly T[],
  shown: number,
  name: (item: T) => string = String,
  words: ListWords = {},
): string {
  const first = list
    .slice(0, shown)
    .map(name)
    .join(words.between ?? ', ');
  const more = list.length - shown;
  if (more <= 0) return first;
  return `${first} and ${words.rest === undefined ? `${groupedCount(more)} more` : countOf(more, `more ${words.rest}`)}`;
}
