/**
 * Reading answers off the wire, the parts every parser shares: decoding a JSON or XML body (with the words for what
 * was wrong with it, which each parser wraps in its own error), and the loose values inside (a field that is a
 * string, a number or a boolean, an object or not). What a field means is each parser's business.
 */
import { type XMLParser, XMLValidator } from 'fast-xml-parser';

export type Raw = Record<string, unknown>;

/** A decoded body, or what was wrong with it in words that complete "could not be read: …". */
export type Decoded = { ok: true; value: unknown } | { ok: false; problem: string; cause?: unknown };

export function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field as text: strings trimmed, numbers and booleans written out, anything else ''. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A field as text, or `null` when it is absent or empty. */
export function optionalFieldText(value: unknown): string | null {
  const t = fieldText(value);
  return t === '' ? null : t;
}

export function decodeJsonBody(body: string): Decoded {
  if (body.trim() === '') return { ok: false, problem: 'the answer is empty' };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (e) {
    const looksMarkup = body.trimStart().startsWith('<');
    return {
      ok: false,
      problem: looksMarkup
        ? 'expected JSON but got an HTML or XML page'
        : `the JSON is incomplete or invalid (${(e as Error).message})`,
      cause: e,
    };
  }
}

/** XML text decoded by `parser`; the text is validated first, since the parser alone accepts a truncated document. */
export function decodeXmlBody(body: string, parser: XMLParser): Decoded {
  if (body.trim() === '') return { ok: false, problem: 'the answer is empty' };
  const valid = XMLValidator.validate(body);
  if (valid !== true)
    return { ok: false, problem: `the XML is incomplete or invalid (${valid.err.msg}, line ${valid.err.line})` };
  try {
    return { ok: true, value: parser.parse(body) };
  } catch (e) {
    return { ok: false, problem: `the XML could not be read (${(e as Error).message})`, cause: e };
  }
}
