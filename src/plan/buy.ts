/**
 * Buying one part: the step a priced BOM and a purchase list share. The part's lines (a BOM's rows, or a purchase
 * list's BOMs) are planned together from the first offer pinned, the plan is dated against the need-by date when one
 * is given, and the plan's notes say what a buyer must know beyond the plan itself: that the part is late, and that
 * its lines pin different offers.
 */
import type { Part } from '../catalog/model';
import type { Day } from './days';
import { type PartPlan, type PlanOptions, planPart } from './plan';
import { type PinMet, differentPinsNote } from './pins';
import { type PartTiming, partTiming } from './schedule';
import { lateNote } from './schedule-words';

/** The dates a part is bought against: today, and the need-by date (null for none). */
export interface BuyDates {
  today: Day;
  needBy: Day | null;
}

export interface Bought {
  /** The plan, its notes ending with the late and different-pins notes when they apply. */
  plan: PartPlan;
  /** When the plan arrives (null when no dates were given). */
  timing: PartTiming | null;
}

/**
 * Plans `part` for `lines` (id and need each), from the first of `pins` (pinsMet), with `options` (a need-by date's
 * cap already in them). `pinsNoun` says who pins in the note: 'row' for a BOM's rows, none for BOM names.
 */
export function buyPart(
  part: Part,
  lines: readonly { id: number; need: number }[],
  pins: readonly PinMet[],
  pinsNoun: 'row' | undefined,
  options: PlanOptions,
  dates: BuyDates | null | undefined,
): Bought {
  const pinned = pins.length > 0 ? pins[0].offer : null;
  const plan = planPart({ part, lines: lines.map((l) => ({ id: l.id, need: l.need, pinned })) }, options);
  const timing = dates ? partTiming(plan, options, dates.today, dates.needBy) : null;
  // A part late for the need-by date says so, with its earliest day and what that costs.
  if (timing?.late && dates?.needBy) plan.notes.push(lateNote(timing, dates.needBy, options.rates.base));
  const different = differentPinsNote(pins, pinsNoun);
  if (different !== null) plan.notes.push(different);
  return { plan, timing };
}
