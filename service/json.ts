/**
 * U+2028 and U+2029 may stand raw in JSON, but JavaScript engines before ES2019 read them as line ends, which a
 * string literal cannot hold: a JSONP answer (run as script) carrying one raw fails to load there. Every JSON text
 * the service writes has them escaped instead; a JSON reader takes the escape back to the same character.
 */
const LINE_SEPARATORS = /[\u2028\u2029]/g;

function escaped(c: string): string {
  return c === '\u2028' ? '\\u2028' : '\\u2029';
}

/** The one rule for every JSON answer (item service and checkout): JSON.stringify with the line separators escaped. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(LINE_SEPARATORS, escaped);
}
