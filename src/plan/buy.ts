/**
 * Buying one part: the step a priced BOM and a purchase list share. The part's lines (a BOM's rows, or a purchase
 * list's BOMs) are planned together from the first offer pinned, the plan is dated against the need-by date when one
 * is given, and the plan's notes say what a buyer must know beyond the plan itself: that the part is late, and that
 * its lines pin different offers.
 */
import type { Part } from '../catalog/model';
import type { Day } from './days';
import type { RateTable } from '../pricing/rates';
import { type Overage, type PartPlan, type PlanOptions, planPart } from './plan';
import { type PinMet, differentPinsNote } from './pins';
import { type PartTiming, arrivesBy, partTiming } from './schedule';
import { lateNote } from './schedule-words';

/** The dates a part is bought against: today, and the need-by date (null for none). */
export interface BuyDates {
  today: Day;
  needBy: Day | null;
}

/**
 * The plan options of a priced BOM or a purchase list: the sources to buy from (none given: all), the split threshold,
 * and with a need-by date its cap (a part buys only what arrives by then). Quotes are made with the same options, so
 * a quote is what the plan pays.
 */
export function planOptionsOf(
  rates: RateTable,
  options: { sources?: readonly string[]; splitMinSavingPercent?: number; timing?: BuyDates | null },
  overage: Overage | undefined,
): PlanOptions {
  const needBy = options.timing?.needBy;
  return {
    rates,
    sources: options.sources && options.sources.length > 0 ? [...options.sources] : undefined,
    overage,
    splitMinSavingPercent: options.splitMinSavingPercent,
    ...(options.timing && needBy ? { capOf: arrivesBy(options.timing.today, needBy) } : {}),
  };
}

export interface Bought {
  /** The plan, its notes ending with the late and different-pins notes when they apply. */
  plan: PartPlan;
  /** When the plan arrives (null when no dates were given). */
  timing: PartTiming | null;
}

/** A part to buy and what it is bought for. */
export interface PartToBuy {
  part: Part;
  /** Its lines, each an id (a BOM's row, or a BOM's index in a list) and the quantity it needs. */
  lines: readonly { id: number; need: number }[];
  /** The offers its lines pin, in the order met (pinsMet): the first is bought from. */
  pins: readonly PinMet[];
  /** Who pins, as the note says it: 'row' for a BOM's rows; left out for BOM names. */
  pinsNoun?: 'row';
}

/** Plans a part for its lines with `options` (a need-by date's cap already in them), dated against `dates`. */
export function buyPart(
  { part, lines, pins, pinsNoun }: PartToBuy,
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
