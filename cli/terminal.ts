/** Text on its way to a terminal: what a BOM or an answer holds never reaches it as control characters. */

/** Control characters (escape sequences, line breaks inside a cell) as spaces. */
export function clean(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

/** Cleaned and cut to `width` characters, an ellipsis marking the cut. */
export function fit(text: string, width: number): string {
  const t = clean(text);
  return t.length > width ? `${t.slice(0, width - 1)}…` : t;
}
