import { ADDRESS_SUFFIXES, type AddressSuffix } from './addresses';
import { echo, fail } from './errors';

/** The query as Fastify parses it: a parameter given more than once arrives as an array. */
export type Query = Record<string, string | string[] | undefined>;

/** Every parameter of the checkout (docs/checkout.md, "The request": the st* and uc* address parameters, and fmt). */
export const ORDER_PARAMETERS = [
  'username',
  'password',
  'customerUsername',
  'customerPONumber',
  'shipToAddressId',
  'billToAddressId',
  'itemIds',
  'quantities',
  'sourceCodes',
  'partnerRegion',
  'partnerCustomerNumber',
  'discountCode',
  'source',
  'submitOrder',
  'orderId',
  'fmt',
] as const;

const SUFFIXES = Object.keys(ADDRESS_SUFFIXES) as AddressSuffix[];
export const ADDRESS_PARAMETERS = [...SUFFIXES.map((s) => `st${s}`), ...SUFFIXES.map((s) => `uc${s}`)];

const LIST_PARAMETERS = new Set(['itemIds', 'quantities', 'sourceCodes']);
/** Longest value of a single-valued parameter. */
export const MAX_TEXT = 200;
/** Longest value of a list parameter (itemIds, quantities, sourceCodes). */
export const MAX_LIST_TEXT = 20_000;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * Typed access to the checkout parameters. Construction refuses a repeated or over-long parameter;
 * values are trimmed, and an empty value counts as not given.
 */
export class Params {
  constructor(private readonly query: Query) {
    for (const name of [...ORDER_PARAMETERS, ...ADDRESS_PARAMETERS]) {
      const value = query[name];
      if (Array.isArray(value))
        fail('checkout.parameter.repeated', `Parameter '${name}' was given ${value.length} times; give it once.`);
      const max = LIST_PARAMETERS.has(name) ? MAX_LIST_TEXT : MAX_TEXT;
      if (value !== undefined && value.length > max)
        fail('checkout.parameter.invalid', `Parameter '${name}' is longer than ${max} characters.`);
    }
  }

  /** The trimmed value, or undefined when absent or blank. */
  optional(name: string): string | undefined {
    const value = this.query[name];
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }

  /** The value as sent (untrimmed), or undefined when absent. */
  raw(name: string): string | undefined {
    const value = this.query[name];
    return typeof value === 'string' ? value : undefined;
  }

  required(name: string, why = ''): string {
    const value = this.optional(name);
    if (value === undefined) fail('checkout.parameter.required', `Parameter '${name}' is required${why}.`);
    return value;
  }

  /** An optional free-text value: at most `max` characters, no control characters. */
  text(name: string, max = MAX_TEXT): string | undefined {
    const value = this.optional(name);
    if (value !== undefined) checkText(name, value, max);
    return value;
  }
}

export function checkText(name: string, value: string, max: number): void {
  if (value.length > max) fail('checkout.parameter.invalid', `Parameter '${name}' is longer than ${max} characters.`);
  if (hasControlCharacters(value))
    fail('checkout.parameter.invalid', `Parameter '${name}' contains control characters.`);
}

const TRUE = new Set(['true', 't', 'yes', 'y', '1', 'on']);
const FALSE = new Set(['false', 'f', 'no', 'n', '0', 'off']);
export const SUBMIT_VALUES = { true: [...TRUE], false: [...FALSE] };

/** submitOrder: absent or empty means false; true/false, t/f, yes/no, y/n, 1/0, on/off in any case; anything else is refused. */
export function parseSubmitOrder(value: string | undefined): boolean {
  if (value === undefined) return false;
  const key = value.toLowerCase();
  if (TRUE.has(key)) return true;
  if (FALSE.has(key)) return false;
  fail(
    'checkout.parameter.invalid',
    `submitOrder '${echo(value)}' is not a flag; use true or false (also yes/no, 1/0, t/f, y/n, on/off).`,
  );
}

/** How the caller wants the answer: fmt=json|xml wins; otherwise JSON when Accept prefers application/json; XML by default. */
export function answerFormat(
  fmt: string | string[] | undefined,
  accept: string | undefined,
): { format: 'json' | 'xml'; problem?: string } {
  const byAccept = prefersJson(accept) ? 'json' : 'xml';
  if (Array.isArray(fmt)) return { format: byAccept, problem: 'repeated' };
  const value = (fmt ?? '').trim().toLowerCase();
  if (value === '') return { format: byAccept };
  if (value === 'json' || value === 'xml') return { format: value };
  return { format: byAccept, problem: 'invalid' };
}

function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  let json = 0;
  let xml = 0;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (type.trim() === 'application/json') json = Math.max(json, q);
    if (type.trim() === 'application/xml' || type.trim() === 'text/xml') xml = Math.max(xml, q);
  }
  return json > 0 && json > xml;
}
