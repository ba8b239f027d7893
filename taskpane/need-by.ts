/**
 * The pane's need-by date: remembered in the settings (`needBy`, '' for none), checked as `partsheet price
 * --need-by` checks it (readNeedBy: a calendar day, today or later), and given to the one pricing run as its timing,
 * so the pane plans with the same pipeline as the CLI (src/purchase/price-lines.ts: each offer sells only what arrives
 * by the date; the schedule says when each part arrives and the day the BOM is clear to build).
 */
import type { PartsheetSettings } from '../src/settings';
import { type Day, localDayOf } from '../src/plan/days';
import { readNeedBy } from '../src/plan/schedule';
import { isPlanError } from '../src/plan';
import { asSentence } from '../src/text/words';

/** The dates a run plans with: today on the pane's clock, and the need-by date; throws PlanError when it is bad. */
export function runTiming(settings: Pick<PartsheetSettings, 'needBy'>, now: Date): { today: Day; needBy: Day | null } {
  const today = localDayOf(now);
  return { today, needBy: settings.needBy.trim() === '' ? null : readNeedBy(settings.needBy, today) };
}

/** What is wrong with a need-by date as typed, in words for the field; null when it can be used (or is empty). */
export function needByProblem(text: string, now: Date): string | null {
  try {
    runTiming({ needBy: text }, now);
    return null;
  } catch (e) {
    if (!isPlanError(e)) throw e;
    return asSentence(e.message);
  }
}

/** The need-by date set since a run that planned for another: the date the run planned for and the one set now. */
export interface NeedByChanged {
  /** '' when the run planned with no date. */
  pricedFor: string;
  /** '' when no date is set now. */
  now: string;
}

/**
 * Whether results are stale for their need-by date: the run's schedule keeps the date it planned for, the settings
 * the date set now; null while they agree (or the results have no schedule to say).
 */
export function needByChanged(schedule: { needBy: Day | null } | null | undefined, now: string): NeedByChanged | null {
  if (!schedule) return null;
  const pricedFor = schedule.needBy ?? '';
  const set = now.trim();
  return set === pricedFor ? null : { pricedFor, now: set };
}

/** "The need-by date changed after pricing: priced to arrive by 2027-02-15, now 2027-01-31." */
export function needByChangedWords(changed: NeedByChanged): string {
  const priced = changed.pricedFor === '' ? 'priced with no need-by date' : `priced to arrive by ${changed.pricedFor}`;
  const now = changed.now === '' ? 'now none is set' : `now ${changed.now}`;
  return `The need-by date changed after pricing: ${priced}, ${now}.`;
}
