/**
 * Reading answers off the wire, the parts every parser shares: decoding a JSON or XML body (with the words for what
 * was wrong with it, which each parser wraps in its own error), and the loose values inside (a field that is a
 * string, a number or a boolean, an object or not). What a field means is each parser's business.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

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

/** An absent or empty element: `undefined`, `null` or `''` (XML writes an empty list or record as ''). */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * A list as either decoding gives it: JSON's array as it is; XML's single element (a list of one) as a list of one;
 * an absent or empty element as an empty list. What an entry must be is the reader's business.
 */
export function listOf(value: unknown): unknown[] {
  if (isEmptyValue(value)) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * The XML reader every answer is decoded with: attributes ignored and every value kept as text (as JSON gives some
 * values as text too, each reader converts what it needs); `lists` are the element paths (`OrderPlaced.errors`)
 * always read as lists, even when one element arrives.
 */
export function answerXmlParser(lists: readonly string[] = []): XMLParser {
  const always = new Set(lists);
  return new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    ...(always.size > 0 ? { isArray: (_name: string, jpath: unknown) => always.has(String(jpath)) } : {}),
  });
}

/** Which decoding a body needs: the one named, or, given a content type, the type's (else the first character's). */
export type BodyFormat = 'json' | 'xml' | { contentType: string | undefined };

/**
 * A body decoded as JSON or XML (`format`), or what was wrong with it; with a content type that names neither, a body
 * starting with `{` is JSON and one starting with `<` XML, and anything else is neither.
 */
export function decodeBody(body: string, format: BodyFormat, xml: XMLParser): Decoded {
  if (body.trim() === '') return { ok: false, problem: 'the answer is empty' };
  let json: boolean;
  if (typeof format === 'string') json = format === 'json';
  else {
    const type = (format.contentType ?? '').toLowerCase();
    json = type.includes('json') || (!type.includes('xml') && body.trimStart().startsWith('{'));
    if (!json && !body.trimStart().startsWith('<')) return { ok: false, problem: 'it is neither XML nor JSON' };
  }
  return json ? decodeJsonBody(body) : decodeXmlBody(body, xml);
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
