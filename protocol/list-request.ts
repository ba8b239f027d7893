/**
 * The `req` of a list search (docs/item-service.md, "Search by list"), read and checked: the reference service answers
 * with it, and the gateway reads a client's list search with it, so both take and refuse the same requests. It lives
 * here, beside the return codes it refuses with, so the gateway shares it without depending on the service.
 */
import { ItemServiceError } from './item-service-errors';
import { MAX_PART_NUMBER_LENGTH } from './part-number';

/** Parts one list search may carry. */
export const MAX_LIST_PARTS = 1000;

export interface ListRequest {
  login?: string;
  apikey?: string;
  useExact: boolean;
  parts: { partNum: string; mfr?: string }[];
}

/** Parses and checks the `req` JSON of search by list; errors name the path at fault (`request.parts[3].partNum`). */
export function parseListRequest(raw: string | undefined): ListRequest {
  if (raw === undefined || raw.trim() === '')
    throw new ItemServiceError(
      'MISSING_REQ',
      'Parameter \'req\' is required: the parts to search as JSON {"request": {...}}.',
    );
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    // The parser's own message quotes the text, which may hold the API key: report where, never what.
    const position = /at position (\d+)/.exec((e as Error).message)?.[1];
    const where = position === undefined ? '' : ` (at character ${Number(position) + 1})`;
    throw new ItemServiceError(
      'REQ_NOT_JSON',
      `Parameter 'req' is not valid JSON${where}: check its quotes, commas and brackets.`,
    );
  }
  const invalid = (path: string, what: string) => new ItemServiceError('REQ_INVALID', `In req, ${path} ${what}.`);
  if (!isObject(value)) throw invalid('the top level', 'must be an object {"request": {...}}');
  const request = value.request;
  if (!isObject(request)) throw invalid('request', 'must be an object');
  const login = optionalString(request, 'login', invalid);
  const apikey = optionalString(request, 'apikey', invalid) ?? optionalString(request, 'apiKey', invalid);
  optionalString(request, 'remoteIp', invalid);
  let useExact = true;
  if (request.useExact !== undefined) {
    if (typeof request.useExact === 'boolean') useExact = request.useExact;
    else if (request.useExact === 'true' || request.useExact === 'false') useExact = request.useExact === 'true';
    else throw invalid('request.useExact', 'must be true or false');
  }
  const parts = request.parts;
  if (!Array.isArray(parts)) throw invalid('request.parts', 'must be an array of {"partNum": ...}');
  if (parts.length > MAX_LIST_PARTS) {
    throw new ItemServiceError(
      'TOO_MANY_PARTS',
      `req has ${parts.length} parts; at most ${MAX_LIST_PARTS} may be searched in one request.`,
    );
  }
  const list = parts.map((p, i) => {
    const path = `request.parts[${i}]`;
    if (!isObject(p)) throw invalid(path, 'must be an object {"partNum": ...}');
    if (typeof p.partNum !== 'string')
      throw invalid(`${path}.partNum`, p.partNum === undefined ? 'is missing' : 'must be a string');
    if (p.partNum.length > MAX_PART_NUMBER_LENGTH)
      throw invalid(`${path}.partNum`, `is longer than ${MAX_PART_NUMBER_LENGTH} characters`);
    if (p.mfr !== undefined && p.mfr !== null && typeof p.mfr !== 'string')
      throw invalid(`${path}.mfr`, 'must be a string');
    const mfr = typeof p.mfr === 'string' && p.mfr.trim() !== '' ? wellFormed(p.mfr.trim()) : undefined;
    const partNum = wellFormed(p.partNum);
    return mfr === undefined ? { partNum } : { partNum, mfr };
  });
  return { login, apikey, useExact, parts: list };
}

/** JSON escapes can carry lone UTF-16 surrogates, which no URL or XML can hold: they become U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function optionalString(
  obj: Record<string, unknown>,
  key: string,
  invalid: (p: string, w: string) => ItemServiceError,
): string | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid(`request.${key}`, 'must be a string');
  return v;
}
