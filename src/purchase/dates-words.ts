/**
 * A purchase list's BOM dates (types.ts BomDates) in words: the lines `partsheet plan` prints under each BOM, and
 * the cells of the BOMs table. Made from the record; nothing reads them back.
 */
import { countOf, groupedCount } from '../text/plural';
import { clearWords } from '../plan/schedule-words';
import type { BomDates } from './types';
import { firstAndMore } from '../text/words';

/** "A, B and 2 more". */
const names = (list: readonly string[]): string => firstAndMore(list, 5);

/** The clear-to-build day and what sets it: "2027-02-10 (estimated), set by A"; "2026-12-02: nothing to wait for". */
export function bomClearText(d: BomDates): string {
  if (d.unknown !== null) return `not known while ${d.unknown} has no part`;
  if (d.clearToBuild === null) return `never as things stand: ${names(d.critical)} cannot all arrive at any date`;
  if (d.critical.length === 0) return `${d.clearToBuild}: the stock covers it, nothing to wait for`;
  return `${clearWords(d)}, set by ${names(d.critical)}`;
}

/**
 * With a need-by date, what it comes to: whether every part arrives in time ("2 parts late (A, B)"), and the builds
 * by then ("3 of 10"); null without a date.
 */
export function bomNeedByText(d: BomDates, builds: number): { late: string; builds: string } | null {
  if (d.needBy === null) return null;
  return {
    late:
      d.late.length === 0 ? 'every part arrives in time' : `${countOf(d.late.length, 'part')} late (${names(d.late)})`,
    builds: `${groupedCount(d.buildsByNeedBy ?? 0)} of ${groupedCount(builds)}`,
  };
}

/** The lines under a BOM: its clear-to-build day, and with a need-by date the parts late and the builds by then. */
export function bomDatesText(d: BomDates, builds: number): string[] {
  const out = [`clear to build: ${bomClearText(d)}`];
  const byDate = bomNeedByText(d, builds);
  if (byDate) out.push(`need by ${d.needBy}: ${byDate.late}`, `builds by ${d.needBy}: ${byDate.builds}`);
  return out;
}

/** The BOMs table's columns of the dates. */
export const BOM_DATES_COLUMNS = [
  { header: 'Clear to build', numberFormat: '@', width: 26 },
  { header: 'Set by', numberFormat: '@', width: 30 },
  { header: 'Builds by need-by date', numberFormat: '#,##0', width: 12 },
];
export const BOM_DATES_HEADERS = BOM_DATES_COLUMNS.map((c) => c.header);

/** A BOM's cells under BOM_DATES_HEADERS ('' where it has no dates). */
export function bomDatesCells(d: BomDates | null): Array<string | number> {
  if (!d) return ['', '', ''];
  return [
    d.unknown !== null ? 'not known' : clearWords(d),
    names(d.critical),
    d.needBy === null || d.buildsByNeedBy === null ? '' : d.buildsByNeedBy,
  ];
}
