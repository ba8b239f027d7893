/**
 * The pane's need-by date: remembered in the settings (`needBy`, '' for none), checked as `partsheet price
 * --need-by` checks it (readNeedBy: a calendar day, today or later), and given to the one pricing run as its timing,
 * so the pane plans with the same pipeline as the CLI (src/bom/price-lines.ts: each offer sells only what arrives
 * by the date; the schedule says when each part arrives and the day the BOM is clear to build).
 */
import type { PartsheetSettings } from '../src/settings';
import { type Day, localDayOf } from '../src/plan/days';
import { readNeedBy } from '../src/plan/schedule';
import { isPlanError } from '../src/plan';

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
    const message = e.message;
    return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
  }
}
