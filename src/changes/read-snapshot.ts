/**
 * A snapshot read back (snapshot.ts): every field checked, so that a damaged or foreign file is refused with a
 * stable code (SnapshotError) rather than compared into nonsense. A snapshot of another format version is refused
 * by its version, before anything else is read, naming both versions.
 */
import { PRICED_STATUSES, type PricedStatus } from '../purchase/priced-layout';
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

/** What each field of a line holds: the check of one value of its column. */
const FIELD_CHECKS: Record<(typeof LINE_FIELDS)[number], (v: unknown) => boolean> = {
  row: isCount,
  pn: isText,
  mfr: isText,
  des: isText,
  need: isCount,
  status: (v) => PRICED_STATUSES.includes(v as PricedStatus),
  part: isTextOrNull,
  lifecycle: isText,
  cost: isCount,
  unit: isCountOrNull,
  cur: isTextOrNull,
  items: (v) => Array.isArray(v) && v.every(isItem),
  stock: isCountOrNull,
  leadWeeks: isWeeks,
  arrival: isTextOrNull,
};

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

type Columns = { [F in (typeof LINE_FIELDS)[number]]: unknown[] };

/** The columns of the lines (snapshotText), or null when they are missing or of different lengths. */
function columnsOf(value: unknown): Columns | null {
  if (!isObject(value)) return null;
  const length = Array.isArray(value.row) ? value.row.length : -1;
  if (length < 0 || !LINE_FIELDS.every((f) => Array.isArray(value[f]) && value[f].length === length)) return null;
  return value as Columns;
}

/** The index of the first line one of whose fields does not hold, or -1 when every line reads. */
function firstBadLine(columns: Columns): number {
  let bad = -1;
  for (const f of LINE_FIELDS) {
    const check = FIELD_CHECKS[f];
    const values = columns[f];
    const end = bad < 0 ? values.length : bad;
    for (let i = 0; i < end; i++) {
      if (!check(values[i])) {
        bad = i;
        break;
      }
    }
  }
  return bad;
}

/** The lines from their columns, once every value is checked: one object of one shape each. */
function linesOf(c: Columns): SnapshotLine[] {
  const lines = new Array<SnapshotLine>(c.row.length);
  for (let i = 0; i < lines.length; i++) {
    lines[i] = {
      row: c.row[i],
      pn: c.pn[i],
      mfr: c.mfr[i],
      des: c.des[i],
      need: c.need[i],
      status: c.status[i],
      part: c.part[i],
      lifecycle: c.lifecycle[i],
      cost: c.cost[i],
      unit: c.unit[i],
      cur: c.cur[i],
      items: c.items[i],
      stock: c.stock[i],
      leadWeeks: c.leadWeeks[i],
      arrival: c.arrival[i],
    } as SnapshotLine;
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
  const columns = columnsOf(v.lines);
  if (columns === null) return 'its lines are not columns of one length';
  const bad = firstBadLine(columns);
  if (bad >= 0) return `its line ${bad + 1} is not readable`;
  const lines = linesOf(columns);
  v.lines = lines;
  if (!isObject(v.offers) || !Object.values(v.offers).every((o) => Array.isArray(o) && o.every(isOffer)))
    return 'the offers seen are not readable';
  let sum = 0;
  for (const cost of columns.cost as number[]) sum += cost;
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
