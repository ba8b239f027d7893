/**
 * Calendar days as `yyyy-mm-dd` (the form the catalog gives delivery dates in), counted in whole days. No clock is
 * read here: "today" is always given by the caller.
 */

/** A calendar day, `yyyy-mm-dd`. */
export type Day = string;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar day; null for anything else (`2027-02-30`, `27-02-15`, ''). */
export function dayNumber(day: string): number | null {
  const match = ISO_DAY.exec(day.trim());
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return Math.round(ms / DAY_MS);
}

/** The day `n` days after 1970-01-01. */
export function dayOf(n: number): Day {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** Days already added, by `day|days`: a plan adds the same few (days to ship, weeks of lead time) to one today. */
const added = new Map<string, Day>();
const MAX_KEPT = 4096;

/** The day `days` after `day` (a real calendar day). */
export function addDays(day: Day, days: number): Day {
  const key = `${day}|${days}`;
  const known = added.get(key);
  if (known !== undefined) return known;
  const n = dayNumber(day);
  if (n === null) throw new RangeError(`not a calendar day: '${day}'`);
  const out = dayOf(n + days);
  if (added.size >= MAX_KEPT) added.clear();
  added.set(key, out);
  return out;
}

/** The calendar day (UTC) of a moment: what "today" is for a clock read at the edge. */
export function dayOfDate(date: Date): Day {
  return date.toISOString().slice(0, 10);
}

/** The later of two days (either may be null: unknown, which is later than any). */
export function laterDay(a: Day | null, b: Day | null): Day | null {
  if (a === null || b === null) return null;
  return a >= b ? a : b;
}

/** The calendar day of a moment where the user is (their clock's time zone): "today" in the task pane. */
export function localDayOf(date: Date): Day {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
