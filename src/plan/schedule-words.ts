/**
 * The words of a schedule (schedule.ts) for people: where a purchase comes from ("stock, ships in 3 days",
 * "incoming 2027-01-24", "lead time 16 weeks"), the note of a part late for a need-by date, and the lines of the
 * command line's "When" section. Made from the records; no code reads them back.
 */
import { formatMoney, fromMicro } from '../pricing/money';
import { countOf, groupedCount as count } from '../text/plural';
import type { Arrival, Lot } from './arrival';
import type { Day } from './days';
import { type PartTiming, type Schedule, lastLot } from './schedule';
import { firstAndMore } from '../text/words';

/** Where a lot comes from: "stock, ships today", "incoming 2027-01-24", "lead time 16 weeks". */
export function lotWords(lot: Lot): string {
  switch (lot.kind) {
    case 'stock':
      return lot.shipsInDays === null
        ? 'stock'
        : lot.shipsInDays === 0
          ? 'stock, ships today'
          : `stock, ships in ${countOf(lot.shipsInDays, 'day')}`;
    case 'incoming':
      return lot.delivery !== null && lot.delivery < lot.date
        ? `incoming ${lot.delivery}, overdue`
        : `incoming ${lot.delivery ?? lot.date}`;
    case 'lead-time':
      return `lead time ${countOf(lot.weeks ?? 0, 'week')}`;
  }
}

/** A day and how sure it is: "2027-01-24", or "2027-04-26 (estimated)". */
function dayWords(day: Day, sure: 'given' | 'estimate'): string {
  return sure === 'estimate' ? `${day} (estimated)` : day;
}

/** A day and where it comes from: "2027-01-24 (incoming 2027-01-24)", "2027-04-26 (estimated: lead time 16 weeks)". */
function whenWords(day: Day, sure: 'given' | 'estimate', lot: Lot | null): string {
  if (!lot) return dayWords(day, sure);
  return `${day} (${sure === 'estimate' ? 'estimated: ' : ''}${lotWords(lot)})`;
}

/** When one purchase arrives: "2027-01-24 (incoming 2027-01-24)"; or why part of it never can. */
export function arrivalWords(a: Arrival): string {
  if (a.date === null) return `${count(a.unreachable)} cannot arrive: beyond stock and deliveries, no lead time`;
  return whenWords(a.date, a.sure, a.last);
}

/** When a part's need is there, as its line in the "When" section says it. */
export function readyWords(t: PartTiming, base: string): string {
  if (t.plan.shortfall === 0)
    return t.arrives === null ? 'nothing to buy' : whenWords(t.arrives, t.sure, lastLot(t.arrivals));
  if (!t.earliest) return `${count(t.plan.shortfall)} short, and cannot all arrive at any date`;
  const e = t.earliest;
  return `${count(t.plan.shortfall)} short; all by ${whenWords(e.date, e.sure, e.last)} for ${formatMoney(fromMicro(e.micro), base)}`;
}

/** The note of a part that does not all arrive by the need-by date, for its lines. */
export function lateNote(t: PartTiming, needBy: Day, base: string): string {
  const by = `${count(t.plan.bought)} of ${count(t.plan.need)} arrive by ${needBy}`;
  if (!t.earliest) return `${by}; the rest cannot arrive at any date`;
  const e = t.earliest;
  return `${by}; all of it by ${whenWords(e.date, e.sure, e.last)}, for ${formatMoney(fromMicro(e.micro), base)}`;
}

function partName(t: PartTiming): string {
  return t.plan.part.partNumber;
}

/** The critical parts by part number, the first `shown` of them: "PART-A, PART-B and 3 more". */
export function criticalWords(s: Pick<Schedule, 'critical'>, shown = 5): string {
  return firstAndMore(s.critical, shown, partName);
}

/** The clear-to-build day as a cell or a line says it: "2027-01-24", "2027-04-26 (estimated)", "never as things stand". */
export function clearWords(s: Pick<Schedule, 'clearToBuild' | 'sure'>): string {
  return s.clearToBuild === null ? 'never as things stand' : dayWords(s.clearToBuild, s.sure);
}

/** The need-by date's outcome: "every part arrives in time", "2 parts late". */
export function needByWords(s: Schedule): string {
  const late = s.parts.filter((t) => t.late).length;
  return late === 0 ? 'every part arrives in time' : `${countOf(late, 'part')} late`;
}

/**
 * The price of time: what the plans meeting the need-by date cost, against the cheapest plans made with no date, for
 * the same parts: those whose need all arrives by the date. A part late by the date is set apart, with what its
 * cheapest plan with no date costs: set against a plan that leaves it short it would make a date look cheaper
 * than no date. Null without a date.
 */
export interface PriceOfTime {
  /** The parts whose need all arrives by the date, what their plans by the date cost and what the cheapest plans with no date cost. */
  inTime: number;
  byDateMicro: bigint;
  noDateMicro: bigint;
  /** The parts late by the date, and what their cheapest plans with no date cost. */
  late: number;
  lateNoDateMicro: bigint;
  /** The parts the cheapest plans with no date leave short (short at every offer). */
  shortNoDate: number;
}

export function priceOfTime(s: Schedule): PriceOfTime | null {
  if (s.noDate === null) return null;
  const p: PriceOfTime = { inTime: 0, byDateMicro: 0n, noDateMicro: 0n, late: 0, lateNoDateMicro: 0n, shortNoDate: 0 };
  for (const t of s.parts) {
    const noDate = t.noDate?.micro ?? t.plan.micro;
    if (t.noDate?.short ?? t.plan.shortfall > 0) p.shortNoDate++;
    if (t.late) {
      p.late++;
      p.lateNoDateMicro += noDate;
    } else {
      p.inTime++;
      p.byDateMicro += t.plan.micro;
      p.noDateMicro += noDate;
    }
  }
  return p;
}

/**
 * The price of time as labelled amounts, for the rows of a sheet: the plans meeting the date, the same parts with no
 * date, the difference, and the parts late with what they cost with no date; with the number of parts each counts.
 */
export function priceOfTimeEntries(
  p: PriceOfTime,
  needBy: Day,
): Array<{ label: string; micro: bigint; parts: number | null }> {
  return [
    { label: `Plans arriving by ${needBy}`, micro: p.byDateMicro, parts: p.inTime },
    { label: 'Same parts, cheapest with no date', micro: p.noDateMicro, parts: p.inTime },
    { label: 'Price of time (difference)', micro: p.byDateMicro - p.noDateMicro, parts: null },
    ...(p.late > 0
      ? [{ label: `Late by ${needBy}, cheapest with no date`, micro: p.lateNoDateMicro, parts: p.late }]
      : []),
  ];
}

/**
 * "8.00 USD to arrive by 2027-02-15; 6.00 USD with no date (+2.00 USD)", and with parts late: "…, for the 2 parts
 * that arrive in time; 1 part late (4.52 USD with no date)".
 */
export function priceOfTimeWords(p: PriceOfTime, needBy: Day, base: string): string {
  const money = (micro: bigint) => formatMoney(fromMicro(micro), base);
  const difference = p.byDateMicro - p.noDateMicro;
  const change = difference === 0n ? 'the same' : `${difference > 0n ? '+' : ''}${money(difference)}`;
  const head = `${money(p.byDateMicro)} to arrive by ${needBy}; ${money(p.noDateMicro)} with no date (${change})`;
  if (p.late === 0) return head;
  const inTime = p.inTime === 1 ? 'the 1 part that arrives' : `the ${count(p.inTime)} parts that arrive`;
  return `${head}, for ${inTime} in time; ${countOf(p.late, 'part')} late (${money(p.lateNoDateMicro)} with no date)`;
}

/** The head of the "When" section: the clear-to-build day and its critical parts, the need-by date and its outcome. */
function scheduleHeadlines(s: Schedule, base: string, boards: number): string[] {
  const out: string[] = [];
  out.push(
    s.clearToBuild === null
      ? `Clear to build: never as things stand: ${criticalWords(s)} cannot all arrive at any date`
      : `Clear to build: ${clearWords(s)}, set by ${criticalWords(s)}`,
  );
  if (s.needBy !== null) {
    out.push(`Need by ${s.needBy}: ${needByWords(s)}`);
    for (const t of s.parts.filter((p) => p.late)) out.push(`  ${partName(t)}: ${lateNote(t, s.needBy, base)}`);
    if (s.buildsByNeedBy !== null) out.push(`Builds by ${s.needBy}: ${count(s.buildsByNeedBy)} of ${count(boards)}`);
    const p = priceOfTime(s);
    if (p) out.push(`Price of time: ${priceOfTimeWords(p, s.needBy, base)}`);
  }
  return out;
}

/** The command line's "When" section: the headlines, then each part's day. */
export function scheduleText(s: Schedule, base: string, boards: number): string[] {
  const out = scheduleHeadlines(s, base, boards);
  out.push('Arrivals:');
  for (const t of s.parts) out.push(`  ${partName(t)}: ${readyWords(t, base)}`);
  return out;
}

/** A lot as the JSON and the sheets give it: its record and its words. */
function lotRecord(lot: Lot) {
  return {
    kind: lot.kind,
    qty: lot.qty,
    date: lot.date,
    sure: lot.sure,
    shipsInDays: lot.shipsInDays,
    delivery: lot.delivery,
    weeks: lot.weeks,
    from: lotWords(lot),
  };
}

/**
 * The schedule as `--json` gives it: amounts in the currency `base` as numbers, each part's purchases with the lots
 * they take, the price of time when a need-by date was given.
 */
export function scheduleJson(s: Schedule, base: string): unknown {
  const p = priceOfTime(s);
  return {
    today: s.today,
    needBy: s.needBy,
    clearToBuild: s.clearToBuild,
    sure: s.sure,
    critical: s.critical.map(partName),
    buildsByNeedBy: s.buildsByNeedBy,
    priceOfTime:
      p === null
        ? null
        : {
            currency: base,
            partsInTime: p.inTime,
            byNeedBy: fromMicro(p.byDateMicro),
            noDate: fromMicro(p.noDateMicro),
            difference: fromMicro(p.byDateMicro - p.noDateMicro),
            partsShortByNeedBy: p.late,
            lateNoDate: fromMicro(p.lateNoDateMicro),
            partsShortNoDate: p.shortNoDate,
          },
    parts: s.parts.map((t) => ({
      partNumber: t.plan.part.partNumber,
      manufacturer: t.plan.part.manufacturerName,
      need: t.plan.need,
      bought: t.plan.bought,
      shortfall: t.plan.shortfall,
      arrives: t.arrives,
      ready: t.ready,
      sure: t.sure,
      late: t.late,
      earliest: t.earliest
        ? {
            date: t.earliest.date,
            sure: t.earliest.sure,
            cost: fromMicro(t.earliest.micro),
            from: t.earliest.last ? lotWords(t.earliest.last) : null,
          }
        : null,
      purchases: t.plan.purchases.map((p, i) => ({
        sourcePartId: p.offer.sourcePartId,
        source: p.offer.sourceCode || p.offer.sourceName,
        qty: p.qty,
        arrives: t.arrivals[i].date,
        sure: t.arrivals[i].sure,
        lots: t.arrivals[i].lots.map(lotRecord),
      })),
    })),
  };
}

/** The "Schedule" sheet: a header row, then one row per purchase (and one per part that buys nothing). */
export function scheduleSheetRows(s: Schedule, base: string): Array<Array<string | number | null>> {
  const rows: Array<Array<string | number | null>> = [
    [
      'Part',
      'Manufacturer',
      'Need',
      'Item id',
      'Quantity',
      'Arrives',
      'From',
      'Sure',
      'Ready',
      'Late',
      'Earliest, all',
    ],
  ];
  for (const t of s.parts) {
    const part = [t.plan.part.partNumber, t.plan.part.manufacturerName, t.plan.need];
    const ready = t.ready ?? 'never';
    const late = s.needBy === null ? null : t.late ? 'late' : 'in time';
    const earliest = t.earliest
      ? `${t.earliest.date}${t.earliest.last ? ` (${lotWords(t.earliest.last)})` : ''}, ${formatMoney(fromMicro(t.earliest.micro), base)}`
      : t.plan.shortfall > 0
        ? 'never'
        : null;
    if (t.plan.purchases.length === 0) rows.push([...part, null, 0, null, null, null, ready, late, earliest]);
    t.plan.purchases.forEach((p, i) => {
      const a = t.arrivals[i];
      rows.push([
        ...part,
        p.offer.sourcePartId,
        p.qty,
        a.date ?? 'never',
        a.last ? lotWords(a.last) : null,
        a.sure === 'given' ? 'given' : 'estimate',
        ready,
        late,
        earliest,
      ]);
    });
  }
  return rows;
}

/** The clear-to-build day at each quantity compared: "Clear to build at 10 boards: 2027-04-09, set by PY32F031W15S7TR". */
export function schedulesText(schedules: ReadonlyArray<{ boards: number; schedule: Schedule }>): string[] {
  return schedules.map(({ boards, schedule: s }) => {
    const at = `Clear to build at ${countOf(boards, 'board')}`;
    return s.clearToBuild === null
      ? `${at}: ${clearWords(s)} (${criticalWords(s, 3)})`
      : `${at}: ${clearWords(s)}, set by ${criticalWords(s, 3)}`;
  });
}
