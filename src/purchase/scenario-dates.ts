/**
 * The dates of each quantity a Scenarios sheet compares: the day the build is clear to build at that quantity, the
 * critical parts that set it, and with a need-by date how many builds the parts arriving by then allow. Records
 * here; the sheet's cells are made from them.
 */
import type { Day } from '../plan/days';
import type { Schedule } from '../plan/schedule';
import { clearWords } from '../plan/schedule-words';
import { firstAndMore } from '../text/words';

export interface ScenarioDates {
  clearToBuild: Day | null;
  sure: Schedule['sure'];
  /** The part numbers of the critical parts. */
  critical: string[];
  needBy: Day | null;
  /** With a need-by date: the builds the parts arriving by then allow (of the quantity's boards). */
  buildsByNeedBy: number | null;
}

/** The dates of a quantity's run, from its schedule. */
export function scenarioDates(s: Schedule): ScenarioDates {
  return {
    clearToBuild: s.clearToBuild,
    sure: s.sure,
    critical: s.critical.map((t) => t.plan.part.partNumber),
    needBy: s.needBy,
    buildsByNeedBy: s.buildsByNeedBy,
  };
}

/** The columns the dates add to the per-quantity table: none when no quantity has dates. */
export function scenarioDateHeaders(dates: ReadonlyArray<ScenarioDates | undefined>): string[] {
  const first = dates.find((d) => d !== undefined);
  if (!first) return [];
  return ['Clear to build', 'Set by', ...(first.needBy === null ? [] : [`Builds by ${first.needBy}`])];
}

/** A quantity's cells under scenarioDateHeaders: '' where it has no dates. */
export function scenarioDateCells(d: ScenarioDates | undefined, headers: number): Array<string | number> {
  if (headers === 0) return [];
  if (!d) return Array.from({ length: headers }, () => '');
  const cells: Array<string | number> = [clearWords(d), firstAndMore(d.critical, 3)];
  if (headers > 2) cells.push(d.buildsByNeedBy ?? '');
  return cells;
}
