/**
 * The checkout answer (`OrderPlaced`, docs/checkout.md) -> OrderResult. XML and JSON give
 * the same result: XML repeats an element per list entry (a list of one arrives as one element) and carries
 * every value as text, so lists are normalised and every field is read from text.
 */
import {
  type Raw,
  answerXmlParser,
  decodeBody,
  fieldText as text,
  isRecord,
  listOf,
  optionalFieldText as optionalText,
} from '../http/wire-values';
import { CheckoutError } from './errors';
import type { CheckoutProblem } from './problems';

/** One price tier of a line, from `Tiers` (`1-9@0.52;10-99@0.45;100+@0.4`). */
export interface OrderTier {
  minQty: number;
  /** `Infinity` for the open-ended last tier (`100+`). */
  maxQty: number;
  price: number;
}

/** One processed order line (`ProcessedCartEntry`), every field docs/checkout.md documents, typed. */
export interface ProcessedLine {
  /** The item id ordered (the source part id): `vid`. */
  itemId: string;
  vid: string;
  /** Quantity ordered. */
  qty: number;
  /** Price each, in the order's currency. */
  ped: number;
  /** Line total: qty × ped, rounded to the currency's minor unit. */
  itot: number;
  /** Minimum order quantity. */
  moq: number;
  /** Order increment (pack size). */
  inc: number;
  /** Available quantity at the source after this order (for an order not submitted: available now). */
  aqt: number | null;
  /** The price tiers the line was priced from. */
  Tiers: OrderTier[];
  /** Back-ordered. */
  bord: boolean;
  /** Certificate of conformance supplied. */
  cOfC: boolean;
  /** Date code of the stock. */
  dcd: string;
  /** Estimated delivery date, `yyyy-mm-dd`. */
  edd: string | null;
  /** Estimated ship date, `yyyy-mm-dd`. */
  esd: string | null;
  /** Filled from factory stock. */
  factoryStock: boolean;
  /** Lead-free (EU RoHS compliant). */
  lfr: boolean;
  /** Non-cancellable, non-returnable. */
  ncnr: boolean;
  /** On special: the price is the partner customer number's own. */
  ons: boolean;
  /** Value-added services. */
  svcs: string;
  /** Ship-and-debit pricing. */
  sandd: boolean;
  /** Standard (manufacturer) lead time, weeks. */
  slt: number | null;
  /** Product code of the offer. */
  upc: string;
  /** Warrantied. */
  warranty: boolean;
}

export interface OrderResult {
  /** No error: the order was created (and, when asked, submitted). */
  ok: boolean;
  /** Sales order id; set on success, and on errors after which the order exists. */
  orderId: string | null;
  submitted: boolean;
  subtotal: number | null;
  total: number | null;
  discount: number | null;
  /** ISO currency of every amount. */
  currency: string | null;
  shipAgent: string | null;
  shipService: string | null;
  /** The ship-to address id, as echoed. */
  shipToAddressId: string | null;
  lines: ProcessedLine[];
  errors: CheckoutProblem[];
  /**
   * Order lines of the answer that could not be read and were left out, each as `path: what was wrong`; absent
   * when every line was read. The order itself is as the service says: check it in the order history.
   */
  warnings?: string[];
}

export function malformed(what: string, cause?: unknown): CheckoutError {
  return new CheckoutError(
    'malformed',
    `The parts service sent an order answer that could not be read: ${what}.`,
    cause === undefined ? {} : { cause },
  );
}

/** A list of records: a bare record is a list of one (XML), an absent or empty element an empty list. */
function records(value: unknown, path: string): Raw[] {
  return listOf(value)
    .filter((entry) => entry !== '' && entry !== null && entry !== undefined)
    .map((entry, i) => {
      if (!isRecord(entry)) throw malformed(`${path}[${i}] is not an object`);
      return entry;
    });
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

function decimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = text(value).replace(/,/g, '');
  return DECIMAL.test(t) ? Number(t) : null;
}

/** A line of the answer that cannot be read: thrown inside the line, caught where the line ends. */
class Unreadable extends Error {}

function requiredNumber(value: unknown, path: string): number {
  const n = decimal(value);
  if (n === null)
    throw new Unreadable(
      text(value) === '' ? `${path} missing` : `${path} is not a number ('${text(value).slice(0, 20)}')`,
    );
  return n;
}

/** A flag: `t`/`f` on the wire; `true`, `y`, `yes`, `1` are read as set too. */
function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return ['t', 'true', 'y', 'yes', '1'].includes(text(value).toLowerCase());
}

/** `yyyymmdd` (or an ISO date) -> `yyyy-mm-dd`; null when absent or no real date. */
export function isoDate(value: unknown): string | null {
  const t = text(value);
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:T[\d:.]+Z?)?$/.exec(t);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** `1-9@0.52;10-99@0.45;100+@0.4` -> tiers; entries that cannot be read are left out. */
export function parseTiers(value: unknown): OrderTier[] {
  const tiers: OrderTier[] = [];
  for (const part of text(value).split(';')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)|(\+))\s*@\s*([\d.]+)\s*$/.exec(part);
    if (!m) continue;
    const price = Number(m[4]);
    if (!Number.isFinite(price)) continue;
    tiers.push({ minQty: Number(m[1]), maxQty: m[3] ? Infinity : Number(m[2]), price });
  }
  return tiers;
}

function line(raw: Raw, path: string): ProcessedLine {
  const vid = text(raw.vid);
  if (vid === '') throw new Unreadable(`${path}.vid missing`);
  return {
    itemId: vid,
    vid,
    qty: requiredNumber(raw.qty, `${path}.qty`),
    ped: requiredNumber(raw.ped, `${path}.ped`),
    itot: requiredNumber(raw.itot, `${path}.itot`),
    moq: decimal(raw.moq) ?? 1,
    inc: decimal(raw.inc) ?? 1,
    aqt: decimal(raw.aqt),
    Tiers: parseTiers(raw.Tiers),
    bord: flag(raw.bord),
    cOfC: flag(raw.cOfC),
    dcd: text(raw.dcd),
    edd: isoDate(raw.edd),
    esd: isoDate(raw.esd),
    factoryStock: flag(raw.factoryStock),
    lfr: flag(raw.lfr),
    ncnr: flag(raw.ncnr),
    ons: flag(raw.ons),
    svcs: text(raw.svcs),
    sandd: flag(raw.sandd),
    slt: decimal(raw.slt),
    upc: text(raw.upc),
    warranty: flag(raw.warranty),
  };
}

/** The order lines that can be read; each one that cannot is noted in `warnings` and left out. */
function lines(value: unknown, warnings: string[]): ProcessedLine[] {
  const out: ProcessedLine[] = [];
  listOf(value).forEach((raw, i) => {
    const path = `ProcessedCartEntry[${i}]`;
    try {
      if (!isRecord(raw)) throw new Unreadable(`${path} is not an object`);
      out.push(line(raw, path));
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      warnings.push(`${e.message} (order line left out)`);
    }
  });
  return out;
}

/** An error code as the service writes one: dotted lowercase words (`checkout.item.not.found`). */
const CODE = /^[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+$/i;

/**
 * `serverErrors` as problems. It holds codes (one, or several separated by commas, semicolons or spaces) or prose
 * ("The order could not be created: the address is not valid."); prose is one problem in its own words, and a
 * code that starts it (`checkout.item.not.found: …`) is kept as its code.
 */
export function serverErrorProblems(serverErrors: string): CheckoutProblem[] {
  const t = serverErrors.trim();
  if (t === '') return [];
  const tokens = t.split(/[\s,;]+/).filter(Boolean);
  if (tokens.every((token) => CODE.test(token))) return tokens.map((code) => ({ code, message: '' }));
  const lead = /^([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)\s*[:–—-]\s*([\s\S]+)$/i.exec(t);
  if (lead) return [{ code: lead[1], message: lead[2].trim() }];
  return [{ code: '', message: t }];
}

/** `Parameter 'customerPONumber' is required` -> customerPONumber. */
function fieldOf(message: string): string | undefined {
  return (
    /\b[Pp]arameter '(\w+)'/.exec(message)?.[1] ??
    /^((?:st|uc)[A-Z]\w+|submitOrder|partnerRegion|source|fmt)\b/.exec(message)?.[1]
  );
}

function problem(raw: Raw): CheckoutProblem {
  const p: CheckoutProblem = { code: text(raw.code), message: text(raw.message) };
  if (raw.itemId !== undefined) p.itemId = text(raw.itemId);
  const lineNo = decimal(raw.line);
  if (lineNo !== null && Number.isInteger(lineNo) && lineNo >= 1) p.line = lineNo;
  const field = fieldOf(p.message);
  if (field) p.field = field;
  return p;
}

const xmlParser = answerXmlParser(['OrderPlaced.errors', 'OrderPlaced.ProcessedCartEntry']);

function decode(body: string, contentType: string | undefined): unknown {
  const result = decodeBody(body, { contentType }, xmlParser);
  if (!result.ok) throw malformed(result.problem, result.cause);
  return result.value;
}

/**
 * Reads an `OrderPlaced` answer, XML or JSON (by `contentType`, else by the first character). Throws a
 * CheckoutError of kind `malformed` when the body is not an OrderPlaced; an error answer is a result with
 * `ok: false` and its `errors`, for the caller to judge.
 */
export function parseOrderPlaced(body: string, contentType?: string): OrderResult {
  return readOrderPlaced(decode(body, contentType));
}

function readOrderPlaced(decoded: unknown): OrderResult {
  if (!isRecord(decoded) || !('OrderPlaced' in decoded)) throw malformed('there is no OrderPlaced');
  const root = decoded.OrderPlaced === '' ? {} : decoded.OrderPlaced;
  if (!isRecord(root)) throw malformed('OrderPlaced is not an object');

  const errors = records(root.errors, 'errors').map(problem);
  if (errors.length === 0) errors.push(...serverErrorProblems(text(root.serverErrors)));
  const warnings: string[] = [];
  const processed = lines(root.ProcessedCartEntry, warnings);
  return {
    ok: errors.length === 0,
    orderId: optionalText(root.id),
    submitted: flag(root.submitted),
    subtotal: decimal(root.subtotal),
    total: decimal(root.total),
    discount: decimal(root.discount),
    currency: optionalText(root.currency),
    shipAgent: optionalText(root.shipAgent),
    shipService: optionalText(root.shipService),
    shipToAddressId: optionalText(root.stAddressId),
    lines: processed,
    errors,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
