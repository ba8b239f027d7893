/**
 * Reading the values of an item-service answer as either decoding gives them (see parse.ts): records and lists of
 * records (a list of one may arrive bare, an empty one as '' or absent), numbers and booleans given as text, decimal
 * prices and delivery dates; and the record-by-record tolerance, where a record that cannot be read costs only itself.
 */
import { type Raw, isEmptyValue, isRecord, listOf } from '../http/wire-values';
import { CatalogError } from './errors';

export function malformed(what: string, cause?: unknown): CatalogError {
  return new CatalogError(
    'malformed',
    `The parts service sent an answer that could not be read: ${what}.`,
    cause === undefined ? {} : { cause },
  );
}

/** One record of an answer that cannot be read: thrown inside the record, caught where the record ends. */
export class Unreadable extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

/** Where the records left out of an answer are noted, each as `path: what was wrong`. */
export type Warnings = string[];

/** Runs a reader; a record it could not read fails the whole call (where there is no smaller record to give up). */
export function strict<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof Unreadable) throw malformed(e.message);
    throw e;
  }
}

/** Reads one record; when it cannot be read, notes why under its path and gives `undefined`. */
export function tolerant<T>(warnings: Warnings, read: () => T, what: string): T | undefined {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof Unreadable)) throw e;
    warnings.push(`${e.message} (${what} left out)`);
    return undefined;
  }
}

export const isEmpty = isEmptyValue;

/** An object, or `{}` for an absent or empty element. */
export function record(value: unknown, path: string): Raw {
  if (isEmpty(value)) return {};
  if (isRecord(value)) return value;
  throw new Unreadable(path, 'not an object');
}

/** A list of objects; a bare object is a list of one (XML), an absent or empty element an empty list. */
export function records(value: unknown, path: string): Raw[] {
  return listOf(value).map((entry, i) => {
    if (isEmpty(entry)) return {};
    if (isRecord(entry)) return entry;
    throw new Unreadable(
      `${path}${Array.isArray(value) ? `[${i}]` : ''}`,
      Array.isArray(value) ? 'not an object' : 'not a list',
    );
  });
}

/**
 * The entries of a list, each as it is: a bare value is a list of one (XML), an absent or empty element an empty
 * list. For lists whose entries are read one by one, so that one bad entry costs only itself.
 */
export function entries(value: unknown, path: string): unknown[] {
  if (isEmpty(value)) return [];
  if (Array.isArray(value)) return value;
  if (isRecord(value)) return [value];
  throw new Unreadable(path, 'not a list');
}

export function asRecord(value: unknown, path: string): Raw {
  if (isEmpty(value)) return {};
  if (isRecord(value)) return value;
  throw new Unreadable(path, 'not an object');
}

export const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const t = value.trim();
    return NUMBER.test(t) ? Number(t) : undefined;
  }
  return undefined;
}

export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === 'true') return true;
    if (t === 'false') return false;
  }
  return undefined;
}

/**
 * A price written for display: `0.416`, `0,416` (decimal comma), `1,234.50` or `1.234,50` (grouped).
 * With both separators the later one is the decimal point; a lone comma is a decimal comma.
 */
export function parseDecimal(value: string): number | undefined {
  let t = value.replace(/[^\d.,+-]/g, '');
  const comma = t.lastIndexOf(',');
  const dot = t.lastIndexOf('.');
  if (comma !== -1 && dot !== -1) {
    t = comma > dot ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  } else if (comma !== -1) {
    t = t.indexOf(',') === comma ? t.replace(',', '.') : t.replace(/,/g, '');
  } else if (dot !== -1 && t.indexOf('.') !== dot) {
    t = t.replace(/\./g, '');
  }
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(t)) return undefined;
  return Number(t);
}

export const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};

/** A delivery date as `yyyy-mm-dd`, from `yyyymmdd`, `10-NOV-2023` (or `10-NOV-23`) or ISO; `null` if it is no real date. */
export function parseDeliveryDate(value: string): string | null {
  const t = value.trim();
  let y: number;
  let m: number;
  let d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})(\d{2})(\d{2})$/.exec(t)) || (match = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+Z?)?$/.exec(t))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})$/.exec(t))) {
    const month = MONTHS[match[2].toUpperCase()];
    if (month === undefined) return null;
    [y, m, d] = [match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]), month, Number(match[1])];
  } else {
    return null;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
