import type { ReactNode } from 'react';

/**
 * Amounts ("+2,602.50 USD"), dates and times ("2026-11-25 09:30") and counts ("2,500") in a text, as the pane writes
 * them: each is one unit on a line of its own, never broken inside, however narrow the pane; the words between them
 * wrap as usual.
 */
const FIGURE = /([+−-]?\d[\d,]*(?:\.\d+)? [A-Z]{3}\b|\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?|\d[\d,]*(?:\.\d+)?)/;

/** The text with each figure in a span that does not wrap. */
export function unbroken(text: string): ReactNode[] {
  return text.split(FIGURE).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
