/**
 * A snapshot read back (snapshot.ts): every field checked, so that a damaged or foreign file is refused with a
 * stable code (SnapshotError) rather than compared into nonsense. A snapshot of another format version is refused
 * by its version, before anything else is read, naming both versions.
 */
import { PRICED_STATUSES, type PricedStatus } from '../bom/layout';
import { SnapshotError } from './errors';
import {
  type RunSnapshot,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  LINE_FIELDS,
  type SnapshotLine,
  type SnapshotOffer,
  type SnapshotRate,
} from './snapshot';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string';
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isCountOrNull = (v: unknown): v is number | null => v === null || isCount(v);
const isWeeks = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isFinite(v));

function isItem(v: unknown): boolean {
  return Array.isArray(v) && v.length === 3 && isText(v[0]) && isCount(v[1]) && isText(v[2]);
}

function isLine(v: unknown): v is SnapshotLine {
  return (
    isObject(v) &&
    isCount(v.row) &&
    isText(v.pn) &&
    isText(v.mfr) &&
    isText(v.des) &&
    isCount(v.need) &&
    PRICED_STATUSES.includes(v.status as PricedStatus) &&
    isTextOrNull(v.part) &&
    isText(v.lifecycle) &&
    isCount(v.cost) &&
    isCountOrNull(v.unit) &&
    isTextOrNull(v.cur) &&
    Array.isArray(v.items) &&
    v.items.every(isItem) &&
    isCountOrNull(v.stock) &&
    isWeeks(v.leadWeeks) &&
    isTextOrNull(v.arrival)
  );
}

function isOffer(v: unknown): v is SnapshotOffer {
  return (
    Array.isArray(v) &&
    v.length === 8 &&
    isText(v[0]) &&
    isText(v[1]) &&
    isText(v[2]) &&
    isCount(v[3]) &&
    isWeeks(v[4]) &&
    isCount(v[5]) &&
    isCount(v[6]) &&
    Array.isArray(v[7]) &&
    v[7].every((b) => Array.isArray(b) && b.length === 2 && isCount(b[0]) && isCount(b[1]))
  );
}

function isRate(v: unknown): v is SnapshotRate {
  return (
    isObject(v) &&
    isText(v.from) &&
    typeof v.rate === 'number' &&
    Number.isFinite(v.rate) &&
    v.rate > 0 &&
    (v.method === 'learned' || v.method === 'given') &&
    isText(v.asOf)
  );
}

/** The lines from their columns (snapshotText), or null when the columns are missing or of different lengths. */
function linesOf(columns: unknown): Obj[] | null {
  if (!isObject(columns)) return null;
  const length = Array.isArray(columns.row) ? columns.row.length : -1;
  if (length < 0 || !LINE_FIELDS.every((f) => Array.isArray(columns[f]) && columns[f].length === length)) return null;
  const lines: Obj[] = [];
  for (let i = 0; i < length; i++) {
    const line: Obj = {};
    for (const f of LINE_FIELDS) line[f] = (columns[f] as unknown[])[i];
    lines.push(line);
  }
  return lines;
}

/** What is wrong with a value that claims to be a snapshot of this version, or null when nothing is. */
function problemOf(v: Obj): string | null {
  if (!isText(v.pricedAt) || Number.isNaN(Date.parse(v.pricedAt))) return 'its time of pricing is not a date';
  if (!isText(v.currency) || v.currency === '') return 'it names no currency';
  if (!isCount(v.boards) || v.boards < 1) return 'its number of boards is not a whole number of 1 or more';
  if (!isCount(v.firstRow) || v.firstRow < 1) return 'its first row is not a row number';
  if (!isCount(v.total) || !isCount(v.otherCurrency)) return 'its total is not a whole number of micro-units';
  if (!Array.isArray(v.rates) || !v.rates.every(isRate)) return 'a currency rate is not readable';
  const lines = linesOf(v.lines);
  if (lines === null) return 'its lines are not columns of one length';
  v.lines = lines;
  const bad = lines.findIndex((l) => !isLine(l));
  if (bad >= 0) return `its line ${bad + 1} is not readable`;
  if (!isObject(v.offers) || !Object.values(v.offers).every((o) => Array.isArray(o) && o.every(isOffer)))
    return 'the offers seen are not readable';
  const sum = (v.lines as SnapshotLine[]).reduce((n, l) => n + l.cost, 0);
  if (sum !== v.total) return 'its lines do not add up to its total';
  return null;
}

/**
 * The snapshot in `text` (as snapshotText wrote it); `from` names where it came from in messages ("last.json").
 * Throws SnapshotError: 'damaged' for text that is no snapshot or whose fields do not hold, 'version' for a
 * snapshot of a format version other than SNAPSHOT_VERSION.
 */
export function readSnapshot(text: string, from: string): RunSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SnapshotError('damaged', `${from} is not a snapshot of a pricing run: it is not JSON (damaged?).`);
  }
  if (!isObject(value) || value.format !== SNAPSHOT_FORMAT)
    throw new SnapshotError(
      'damaged',
      `${from} is not a snapshot of a pricing run (no "format": "${SNAPSHOT_FORMAT}").`,
    );
  if (value.version !== SNAPSHOT_VERSION) {
    const given = typeof value.version === 'number' ? `version ${value.version}` : 'no version';
    throw new SnapshotError(
      'version',
      `${from} is a snapshot of ${given}; this Partsheet reads version ${SNAPSHOT_VERSION}: price with the version that wrote it, or price again and compare with the new snapshot.`,
    );
  }
  const problem = problemOf(value);
  if (problem !== null) throw new SnapshotError('damaged', `${from} is damaged: ${problem}.`);
  return value as unknown as RunSnapshot;
}
