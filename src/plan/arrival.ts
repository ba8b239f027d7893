/**
 * When a purchase arrives. An offer supplies a quantity from, in this order:
 * 1. its stock, shipped in the days its `shipsIn` says ("Ships today", "Ships in 3 days"; when it says nothing, the
 *    same day, as an estimate);
 * 2. its incoming deliveries (the pipeline), earliest first: the quantity beyond stock arrives with the delivery
 *    that covers it, counting the earlier deliveries first (a delivery whose date has passed is taken as due today,
 *    as an estimate);
 * 3. a backorder, when the offer publishes a lead time: the operator's own (`partnerLeadTimeWeeks`) where given,
 *    else the manufacturer's (0 weeks, what marketplace offers publish, is none): arrives that many weeks from
 *    today, as an estimate. Without a lead time, nothing beyond stock and pipeline can arrive.
 * A purchase arrives when the last of the lots it takes arrives. Every date is a record (`Lot`), with how sure it is
 * ('given': a date or a number of days the service gave; 'estimate': worked out from weeks, or assumed); words for
 * people are made from it elsewhere. Today is always given: nothing here reads a clock.
 */
import type { Offer } from '../catalog/model';
import { stockCount } from '../pricing/stock';
import { type Day, addDays, dayNumber } from './days';

export type LotKind = 'stock' | 'incoming' | 'lead-time';

/** 'given': the service gave the date (or the days to ship); 'estimate': worked out from weeks, or assumed. */
export type Sureness = 'given' | 'estimate';

/** One way an offer supplies: a quantity arriving on a day. */
export interface Lot {
  kind: LotKind;
  /** Units; a lead-time supply has no end (Infinity) until taken by a purchase. */
  qty: number;
  /** The day it arrives. */
  date: Day;
  sure: Sureness;
  /** Stock: the days to ship the offer gives; null when it gives none (shipped the same day, estimated). */
  shipsInDays: number | null;
  /** Incoming: the delivery's date as the service gives it (earlier than `date` when overdue). */
  delivery: Day | null;
  /** Lead time: the weeks of the backorder. */
  weeks: number | null;
}

/** When one purchase arrives. */
export interface Arrival {
  /** The quantity bought. */
  qty: number;
  /** The lots it takes, in the order they are taken (stock, deliveries by date, backorder). */
  lots: Lot[];
  /** When the last lot arrives; null when part of the quantity cannot arrive at any date (`unreachable`). */
  date: Day | null;
  /** 'given' only when every lot's date is. */
  sure: Sureness;
  /** The lot that arrives last (sets the date); null when nothing is taken. */
  last: Lot | null;
  /** Units beyond stock and pipeline of an offer without a lead time: they cannot arrive at any date. */
  unreachable: number;
}

const SHIPS_TODAY = /\bships?\s+today\b/i;
const SHIPS_TOMORROW = /\bships?\s+tomorrow\b/i;
const SHIPS_IN_DAYS = /\b(\d{1,3})\s*(?:business\s+)?days?\b/i;

/** The days to ship that an offer's `shipsIn` text says; null when it says none that can be read. */
export function shipsInDays(shipsIn: string | null | undefined): number | null {
  const text = (shipsIn ?? '').trim();
  if (text === '') return null;
  if (SHIPS_TODAY.test(text)) return 0;
  if (SHIPS_TOMORROW.test(text)) return 1;
  const match = SHIPS_IN_DAYS.exec(text);
  return match ? Number(match[1]) : null;
}

/** The weeks a backorder of the offer takes: the operator's lead time where given, else the manufacturer's; null when none. */
export function backorderWeeks(offer: Pick<Offer, 'leadTimeWeeks' | 'partnerLeadTimeWeeks'>): number | null {
  const partner = offer.partnerLeadTimeWeeks;
  if (typeof partner === 'number' && Number.isFinite(partner) && partner > 0) return partner;
  const mfr = offer.leadTimeWeeks;
  return typeof mfr === 'number' && Number.isFinite(mfr) && mfr > 0 ? mfr : null;
}

/** What an offer's supplies are made of: they are kept while these are unchanged. */
type SupplyFrom = Pick<Offer, 'stock' | 'pipeline' | 'shipsIn' | 'leadTimeWeeks' | 'partnerLeadTimeWeeks'> & {
  today: Day;
};

/** Supplies already worked out per offer: a schedule asks for them per purchase, per day tried and per date. */
const supplies = new WeakMap<Offer, { from: SupplyFrom; lots: readonly Lot[] }>();

function sameFrom(a: SupplyFrom, offer: Offer, today: Day): boolean {
  return (
    a.today === today &&
    a.stock === offer.stock &&
    a.pipeline === offer.pipeline &&
    a.shipsIn === offer.shipsIn &&
    a.leadTimeWeeks === offer.leadTimeWeeks &&
    a.partnerLeadTimeWeeks === offer.partnerLeadTimeWeeks
  );
}

/**
 * Everything an offer can supply, in the order it is taken: stock, deliveries by date, then a backorder. The list is
 * shared: read it, never change it.
 */
export function suppliesOf(offer: Offer, today: Day): readonly Lot[] {
  const known = supplies.get(offer);
  if (known && sameFrom(known.from, offer, today)) return known.lots;
  const lots = makeSupplies(offer, today);
  const { stock, pipeline, shipsIn, leadTimeWeeks, partnerLeadTimeWeeks } = offer;
  supplies.set(offer, { from: { stock, pipeline, shipsIn, leadTimeWeeks, partnerLeadTimeWeeks, today }, lots });
  return lots;
}

function makeSupplies(offer: Offer, today: Day): Lot[] {
  const lots: Lot[] = [];
  const stock = stockCount(offer);
  if (stock > 0) {
    const days = shipsInDays(offer.shipsIn);
    lots.push({
      kind: 'stock',
      qty: stock,
      date: addDays(today, days ?? 0),
      sure: days === null ? 'estimate' : 'given',
      shipsInDays: days,
      delivery: null,
      weeks: null,
    });
  }
  const deliveries = offer.pipeline
    .filter((d) => d.quantity > 0 && dayNumber(d.date) !== null)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const d of deliveries) {
    const overdue = d.date < today;
    lots.push({
      kind: 'incoming',
      qty: d.quantity,
      date: overdue ? today : d.date,
      sure: overdue ? 'estimate' : 'given',
      shipsInDays: null,
      delivery: d.date,
      weeks: null,
    });
  }
  const weeks = backorderWeeks(offer);
  if (weeks !== null)
    lots.push({
      kind: 'lead-time',
      qty: Number.POSITIVE_INFINITY,
      date: addDays(today, Math.ceil(weeks * 7)),
      sure: 'estimate',
      shipsInDays: null,
      delivery: null,
      weeks,
    });
  return lots;
}

/** When `qty` bought of `offer` today arrives. */
export function arrivalOf(offer: Offer, qty: number, today: Day): Arrival {
  const lots: Lot[] = [];
  let left = Math.max(0, qty);
  for (const supply of suppliesOf(offer, today)) {
    if (left <= 0) break;
    const take = Math.min(left, supply.qty);
    lots.push({ ...supply, qty: take });
    left -= take;
  }
  let date: Day | null = null;
  let last: Lot | null = null;
  for (const lot of lots)
    if (last === null || lot.date >= last.date) {
      last = lot;
      date = lot.date;
    }
  return {
    qty,
    lots,
    date: left > 0 ? null : (date ?? today),
    sure: lots.every((l) => l.sure === 'given') ? 'given' : 'estimate',
    last,
    unreachable: left,
  };
}

/**
 * The most of `offer` that arrives by `by` when ordered today: its supplies, in the order they are taken, as long
 * as each arrives by then (a backorder that does: no end, Number.MAX_SAFE_INTEGER).
 */
export function capacityBy(offer: Offer, today: Day, by: Day): number {
  let total = 0;
  for (const supply of suppliesOf(offer, today)) {
    if (supply.date > by) break;
    if (supply.qty === Number.POSITIVE_INFINITY) return Number.MAX_SAFE_INTEGER;
    total += supply.qty;
  }
  return total;
}

/**
 * capacityBy at `by` when some of what the offer supplies arrives later (so that a later day would give more); null
 * when everything it can supply arrives by then (a backorder included: it has no end).
 */
export function capacityCutBy(offer: Offer, today: Day, by: Day): number | null {
  let total = 0;
  for (const supply of suppliesOf(offer, today)) {
    if (supply.date > by) return total;
    if (supply.qty === Number.POSITIVE_INFINITY) return null;
    total += supply.qty;
  }
  return null;
}

/** The days on which what the offers can supply grows, ascending, each once: the only days a plan can change on. */
export function supplyDays(offers: readonly Offer[], today: Day): Day[] {
  const days = new Set<Day>();
  for (const offer of offers) for (const lot of suppliesOf(offer, today)) days.add(lot.date);
  return [...days].sort();
}
