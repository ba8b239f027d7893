/** Text on its way to a terminal: what a BOM or an answer holds never reaches it as control characters. */

/** Control characters (escape sequences, line breaks inside a cell) as spaces. */
export function clean(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

/**
 * Control characters (an escape sequence, a line break, a bidirectional override) written out as `\xNN` or
 * `\u{NNNN}`, and a backslash doubled: text read from somewhere others write (a name in Redis) shown as it is, without
 * acting on the terminal.
 */
export function escaped(value: string): string {
  return value.replace(/[\\\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (c) => {
    if (c === '\\') return '\\\\';
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** Cleaned and cut to `width` characters, an ellipsis marking the cut. */
export function fit(text: string, width: number): string {
  const t = clean(text);
  return t.length > width ? `${t.slice(0, width - 1)}…` : t;
}
