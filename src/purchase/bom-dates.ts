/**
 * When each BOM of a purchase list is clear to build (types.ts BomDates): from the arrival of what each part it
 * lacks is bought (src/plan/schedule.ts, the same timing a BOM priced alone gets), the BOM's share taken in listed
 * order as the purchase is shared.
 */
import type { Day } from '../plan/days';
import type { BuyDates } from '../plan/buy';
import { arrivedBy, clearOf } from '../plan/schedule';
import { takeInOrder } from './part-row';
import type { BomDates, PurchaseRow } from './types';

/**
 * The dates of BOM `b` (built `builds` times) from the list's rows; `unknown`: a line of it whose part is unknown, in
 * words (buildable.ts blockingWords): while it stands the BOM has no clear-to-build day and no build by a date.
 */
export function bomDates(
  rows: readonly PurchaseRow[],
  b: number,
  builds: number,
  timing: BuyDates,
  unknown: string | null,
): BomDates {
  if (unknown !== null)
    return {
      clearToBuild: null,
      sure: 'given',
      critical: [],
      late: [],
      unknown,
      needBy: timing.needBy,
      buildsByNeedBy: timing.needBy === null ? null : 0,
    };
  const lacking = rows.filter((r) => r.lacking[b] > 0 && r.timing !== null);
  const clear =
    lacking.length === 0
      ? { clearToBuild: timing.today, sure: 'given' as const, critical: [] }
      : clearOf(
          lacking.map((r) => r.timing!),
          timing.today,
        );
  return {
    clearToBuild: clear.clearToBuild,
    sure: clear.sure,
    critical: clear.critical.map((t) => t.plan.part.partNumber),
    late: lacking.filter((r) => r.timing!.late).map((r) => r.partNumber),
    unknown: null,
    needBy: timing.needBy,
    buildsByNeedBy: timing.needBy === null ? null : buildsByDay(rows, b, builds, timing.needBy),
  };
}

/**
 * The builds of BOM `b` (up to `builds`) that its stock and what arrives by `day` allow: per part it uses, what the
 * stock gave it and its share, in listed order, of what has arrived by then, over its need per build; the fewest.
 */
function buildsByDay(rows: readonly PurchaseRow[], b: number, builds: number, day: Day): number {
  let can = builds;
  for (const r of rows) {
    if (r.needs[b] <= 0 || builds <= 0) continue;
    const arrived = r.timing ? arrivedBy(r.timing.arrivals, day) : 0;
    const there = r.needs[b] - r.lacking[b] + takeInOrder(r.lacking, arrived)[b];
    can = Math.min(can, Math.floor(there / (r.needs[b] / builds) + 1e-9));
  }
  return Math.max(0, can);
}
