/**
 * When a BOM can be built: for each part's plan, when what it buys arrives (arrival.ts), and for a part the plan
 * leaves short, the earliest day its whole need could arrive and what that plan would cost; then the clear-to-build
 * day (every part's need arrived) and the critical parts that set it. With a need-by date, the plans were made with
 * each offer selling only what arrives by then (PlanOptions.capOf = arrivesBy): a part short under such a plan is
 * late, and the price of time compares what the plans cost with the cheapest plans made with no date at all (every
 * delivery and backorder allowed, however late).
 */
import { type PartPlan, type PlanOptions, offersFromSources, planPart } from './plan';
import { cheapestCover, unlimitedModel } from './optimum';
import { type Arrival, type Lot, type Sureness, arrivalOf, capacityBy, capacityCutBy, supplyDays } from './arrival';
import { type Day, dayNumber, laterDay } from './days';
import type { Offer } from '../catalog/model';
import { PlanError } from './errors';
import { sortedBreaksOf } from '../pricing/tiers';

/** A day later than any delivery or lead time: a plan made "by" it waits as long as it takes. */
export const NO_DATE: Day = '9999-12-31';

/** A need-by date as the user gives it, checked: a calendar day `yyyy-mm-dd`, today or later. */
export function readNeedBy(text: string, today: Day): Day {
  const day = text.trim();
  if (dayNumber(day) === null)
    throw new PlanError(
      'bad-date',
      `the need-by date must be a calendar day written yyyy-mm-dd, such as 2027-02-15; got '${text}'`,
    );
  if (day < today) throw new PlanError('bad-date', `the need-by date ${day} is before today (${today})`);
  return day;
}

/** The caps of a plan made on `today` to arrive by `by`: each offer sells what arrives by then. */
export function arrivesBy(today: Day, by: Day): (offer: Offer) => number {
  return (offer) => capacityBy(offer, today, by);
}

/** The earliest plan of a part short today: the first day its need can all arrive, and what that plan costs. */
export interface EarliestPlan {
  /** The day the last of its purchases arrives. */
  date: Day;
  sure: Sureness;
  /** What that plan pays, user's currency, micro-units. */
  micro: bigint;
  /** The lot that arrives last in that plan (sets its day). */
  last: Lot | null;
}

export interface PartTiming {
  plan: PartPlan;
  /** One per purchase of the plan, in its order. */
  arrivals: Arrival[];
  /** When everything the plan buys has arrived; null when it buys nothing. */
  arrives: Day | null;
  /** When the part's whole need is there: `arrives`, or for a part short, its earliest plan's day; null: never. */
  ready: Day | null;
  sure: Sureness;
  /** For a part the plan leaves short: the earliest plan that covers its need (null when none does, at any date). */
  earliest: EarliestPlan | null;
  /** With a need-by date: the part's need does not all arrive by then. */
  late: boolean;
  /**
   * With a need-by date: the part's cheapest plan made with no date (what it pays, and whether it leaves the part
   * short), for the price of time; null without a date. Worked out as the part is planned, its offers at hand.
   */
  noDate: { micro: bigint; short: boolean } | null;
}

export interface Schedule {
  today: Day;
  needBy: Day | null;
  parts: PartTiming[];
  /** The day every part's need has arrived; null when some part's need cannot arrive at any date. */
  clearToBuild: Day | null;
  /** 'given' when every date that sets it was given by the service. */
  sure: Sureness;
  /** The parts whose readiness sets the clear-to-build day (or that never arrive, when it is null). */
  critical: PartTiming[];
  /** With a need-by date: the cheapest plans made with no date, to set the price of time against. */
  noDate: { micro: bigint; partsShort: number } | null;
  /**
   * With a need-by date, for a BOM planned at a number of boards: the builds the parts arriving by then allow
   * (buildsBy, worked out once); null otherwise (no date, or a purchase list's schedule).
   */
  buildsByNeedBy: number | null;
}

/** The lines of a plan, as planPart takes them back. */
function needOf(plan: PartPlan): Parameters<typeof planPart>[0] {
  const pinned = plan.pinned?.id ?? null;
  return { part: plan.part, lines: plan.lines.map((l) => ({ id: l.id, need: l.need, pinned })) };
}

/** The plan of `plan`'s part made to arrive by `by`. */
function planBy(plan: PartPlan, options: PlanOptions, today: Day, by: Day): PartPlan {
  return planPart(needOf(plan), { ...options, capOf: arrivesBy(today, by) });
}

function timingsOf(plan: PartPlan, today: Day): { arrivals: Arrival[]; arrives: Day | null; sure: Sureness } {
  const arrivals = plan.purchases.map((p) => arrivalOf(p.offer, p.qty, today));
  let arrives: Day | null = arrivals.length > 0 ? today : null;
  for (const a of arrivals) arrives = arrives === null ? null : laterDay(arrives, a.date);
  return { arrivals, arrives, sure: arrivals.every((a) => a.sure === 'given') ? 'given' : 'estimate' };
}

/** The lot that arrives last among the arrivals (the first of those on the last day). */
export function lastLot(arrivals: readonly Arrival[]): Lot | null {
  let last: Lot | null = null;
  for (const a of arrivals) if (a.last && (last === null || a.last.date > last.date)) last = a.last;
  return last;
}

/** The first day on which the part's whole need can arrive, and that plan; null when it never can. */
export function earliestPlan(plan: PartPlan, options: PlanOptions, today: Day): EarliestPlan | null {
  const offers = offersFromSources(plan.part.offers, options.sources);
  for (const day of supplyDays(offers, today)) {
    // Planning is the dear step: a day whose supplies, all of them, cannot reach the need is passed over unplanned.
    let supply = 0;
    for (const offer of offers) if (!offer.quoteOnly) supply += capacityBy(offer, today, day);
    if (supply < plan.need) continue;
    const byDay = planBy(plan, options, today, day);
    if (byDay.status !== 'planned' || byDay.shortfall > 0) continue;
    const t = timingsOf(byDay, today);
    return { date: t.arrives ?? today, sure: t.sure, micro: byDay.micro, last: lastLot(t.arrivals) };
  }
  return null;
}

/** The timing of one part's plan (made today, to arrive by `needBy` when given). */
export function partTiming(plan: PartPlan, options: PlanOptions, today: Day, needBy: Day | null): PartTiming {
  const { arrivals, arrives, sure } = timingsOf(plan, today);
  const short = plan.shortfall > 0;
  const earliest = short ? earliestPlan(plan, options, today) : null;
  const ready = short ? (earliest?.date ?? null) : arrives;
  return {
    plan,
    arrivals,
    arrives,
    ready,
    sure: short ? (earliest?.sure ?? 'estimate') : sure,
    earliest,
    late: needBy !== null && (short || ready === null || ready > needBy),
    noDate: needBy === null ? null : noDatePlan(plan, options, today, needBy),
  };
}

/** The part's cheapest plan with no date: the plan itself unless the date may have changed it (datesBind). */
function noDatePlan(plan: PartPlan, options: PlanOptions, today: Day, needBy: Day): PartTiming['noDate'] {
  const whenever = datesBind(plan, options, today, needBy) ? planBy(plan, options, today, NO_DATE) : plan;
  return { micro: whenever.micro, short: whenever.shortfall > 0 };
}

/**
 * The schedule of a BOM's plans: `plans` as priced (with `options.capOf` set by a need-by date when one is given),
 * `options` the options they were made with.
 */
export function scheduleOf(
  plans: readonly PartPlan[],
  options: PlanOptions,
  today: Day,
  needBy: Day | null,
  boards: number | null,
): Schedule {
  return scheduleOfTimings(
    plans.map((p) => partTiming(p, options, today, needBy)),
    today,
    needBy,
    boards,
  );
}

/**
 * scheduleOf of the parts' timings already worked out (partTiming, as each part was planned); `boards`: the number of
 * boards a BOM's plans are for (null for a purchase list's).
 */
export function scheduleOfTimings(
  timings: readonly PartTiming[],
  today: Day,
  needBy: Day | null,
  boards: number | null,
): Schedule {
  const parts = timings.filter((t) => t.plan.need > 0);
  const clear = clearOf(parts, today);
  let noDate: Schedule['noDate'] = null;
  if (needBy !== null) {
    let micro = 0n;
    let partsShort = 0;
    for (const t of parts) {
      micro += t.noDate?.micro ?? t.plan.micro;
      if (t.noDate?.short ?? t.plan.shortfall > 0) partsShort++;
    }
    noDate = { micro, partsShort };
  }
  const buildsByNeedBy = needBy !== null && boards !== null ? buildsBy({ parts }, needBy, boards) : null;
  return { today, needBy, parts, ...clear, noDate, buildsByNeedBy };
}

/** The day every one of `parts` is ready (null when one never is, or there is none), and the parts that set it. */
export function clearOf(
  parts: readonly PartTiming[],
  today: Day,
): Pick<Schedule, 'clearToBuild' | 'sure' | 'critical'> {
  let clearToBuild: Day | null = parts.length > 0 ? today : null;
  const never = parts.filter((t) => t.ready === null);
  if (never.length > 0) clearToBuild = null;
  else for (const t of parts) clearToBuild = laterDay(clearToBuild, t.ready);
  const critical = never.length > 0 ? never : parts.filter((t) => t.ready === clearToBuild);
  return {
    clearToBuild: parts.length === 0 ? null : clearToBuild,
    sure: critical.every((t) => t.sure === 'given') ? 'given' : 'estimate',
    critical,
  };
}

/**
 * Whether the need-by date may have changed the part's plan: some offer sells less by then than with no date, and
 * that less may matter. It does not when the offer can still sell `enough`: no cheapest plan buys more of one offer
 * than its MOQ, the need and the start of its last price break, rounded up to its packs (one pack less would still
 * cover the need alone, at the last break's price or a quantity's own tier, for less). Tiers that are not one
 * contiguous ladder are taken to matter.
 *
 * Nor does it matter when the plan by the date covers the need and is proven the cheapest under its caps, and any
 * quantity of the offer beyond what arrives by then costs, alone, more than that whole plan: no plan that buys past
 * the date's cap can then cost as little, so every plan made with no date that costs no more is one the date
 * allowed, and the plan by the date is the cheapest of those. A one-reel rule (split only when it saves a
 * percentage) may keep a dearer single offer, so there only `enough` counts.
 */
function datesBind(plan: PartPlan, options: PlanOptions, today: Day, needBy: Day): boolean {
  const bound =
    plan.status === 'planned' && plan.shortfall === 0 && plan.proven && !((options.splitMinSavingPercent ?? 0) > 0)
      ? Number(plan.micro)
      : null;
  for (const offer of offersFromSources(plan.part.offers, options.sources)) {
    if (offer.quoteOnly || offer.breaks.length === 0) continue;
    const byDate = capacityCutBy(offer, today, needBy);
    if (byDate === null || byDate >= enough(offer, plan.need)) continue;
    if (bound !== null && dearerThan(offer, byDate + 1, bound, options)) continue;
    return true;
  }
  return false;
}

/**
 * Whether every quantity of `offer` from `qty` up costs more than `micro`: the cheapest it sells at `qty` or more
 * with no end to its stock (MOQ, packs and breaks as the plan sees them), with a margin for the exact pricing of a
 * plan. An offer with no rate into the user's currency, or that sells no such quantity, is never bought so.
 */
function dearerThan(offer: Offer, qty: number, micro: number, options: PlanOptions): boolean {
  const model = unlimitedModel(offer, options.rates);
  const cover = model === null ? null : cheapestCover(model, qty);
  return cover === null || cover.cost > micro + 1_000 + micro * 1e-9;
}

/** The most of `offer` a cheapest plan for `need` can buy (see datesBind); Infinity when its tiers are irregular. */
function enough(offer: Offer, need: number): number {
  const tiers = sortedBreaksOf(offer.breaks);
  for (let k = 0; k + 1 < tiers.length; k++)
    if (tiers[k].maxQty !== tiers[k + 1].minQty - 1) return Number.POSITIVE_INFINITY;
  if (tiers[tiers.length - 1].maxQty !== Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  const pack = offer.packSize >= 1 ? offer.packSize : 1;
  const top = Math.max(need, offer.moq, tiers[tiers.length - 1].minQty);
  return Math.ceil(top / pack) * pack + pack;
}

/** What a part's arrivals bring by `day`. */
export function arrivedBy(arrivals: PartTiming['arrivals'], day: Day): number {
  let arrived = 0;
  for (const a of arrivals) for (const lot of a.lots) if (lot.date <= day) arrived += lot.qty;
  return arrived;
}

/**
 * How many builds the parts arriving by `day` allow: for each part, what its plan brings by then over what one
 * board needs (its BOM need, overage aside, over `boards`); the fewest of them. Parts needing nothing are left out.
 */
export function buildsBy(schedule: Pick<Schedule, 'parts'>, day: Day, boards: number): number {
  let builds = Number.POSITIVE_INFINITY;
  for (const t of schedule.parts) {
    if (t.plan.bomNeed <= 0 || boards <= 0) continue;
    const perBoard = t.plan.bomNeed / boards;
    builds = Math.min(builds, Math.floor(arrivedBy(t.arrivals, day) / perBoard + 1e-9));
  }
  return Number.isFinite(builds) ? builds : 0;
}
