/**
 * The purchase list's model: the BOMs to buy for, the stock entries, and what the list says per part, per BOM and of
 * what it could not apply (src/purchase/list.ts makes it).
 */
import type { LineMarks } from '../plan/marks';
import type { Part } from '../catalog/model';
import type { BomReadResult } from '../bom/read';
import type { LookupFailure, PriceBomOptions } from './price-lines';
import type { RateTable } from '../pricing/rates';
import type { PartPlan } from '../plan/plan';
import type { Sureness } from '../plan/arrival';
import type { Day } from '../plan/days';
import type { PartTiming, Schedule } from '../plan/schedule';

/** One BOM to buy for: its name (a file or range name), how it was read, and how many builds. */
export interface PurchaseBom {
  name: string;
  read: BomReadResult;
  builds: number;
}

/** Stock held or expected: a part number (and maker when known), a quantity, and where it comes from. */
export interface StockEntry {
  partNumber: string;
  manufacturer: string;
  quantity: number;
  /** For messages: "stock.csv row 12", "order 90000001". */
  origin: string;
}

export interface PurchaseOptions extends Omit<PriceBomOptions, 'boards' | 'firstRowNumber'> {
  onHand?: readonly StockEntry[];
  onOrder?: readonly StockEntry[];
}

/** One offer bought from for a part. */
export interface PurchaseOffer {
  source: string;
  itemId: string;
  qty: number;
  /** In the offer's currency. */
  unitPrice: number;
  offerCurrency: string;
  /** The offer's country of origin, "Unknown" when it does not say (offerOrigin). */
  countryOfOrigin: string;
}

export type PurchaseRowStatus = 'buy' | 'covered' | 'short' | 'no price';

/** One part of the purchase list. */
export interface PurchaseRow {
  part: Part;
  partNumber: string;
  manufacturer: string;
  description: string;
  /** Per BOM, in listed order: its need of the part (overage included); 0 when it does not use it. */
  needs: number[];
  need: number;
  /** Available on hand for the part, and what of it the need uses. */
  onHand: number;
  onOrder: number;
  usedOnHand: number;
  usedOnOrder: number;
  /** The net need: need − on hand − on order, never below 0. */
  toBuy: number;
  /** What is bought (MOQ, packs and breaks applied). */
  orderQty: number;
  spare: number;
  shortfall: number;
  purchases: PurchaseOffer[];
  /** Paid, in the list's currency, micro-units, and the same as a number. */
  micro: bigint;
  cost: number;
  /** Per BOM: its share of what is bought, and of the cost (micro-units). */
  shares: number[];
  shareMicros: bigint[];
  /** Per BOM: what it takes from on hand and from on order. */
  fromOnHand: number[];
  fromOnOrder: number[];
  /** The names of the BOMs that use the part, when two or more do. */
  sharedBy: string[];
  status: PurchaseRowStatus;
  /** Why more is bought than the net need ('' when not). */
  whyMore: string;
  /** Everything the plan says, and what the stock did. */
  notes: string[];
  plan: PartPlan;
  /**
   * Bought with spares that cost more than the overbuy threshold (PurchaseOptions.overbuyThreshold), by the rule a
   * BOM line is marked by; null when not (or nothing is bought).
   */
  overbuy: LineMarks['overbuy'] | null;
  /** Per BOM: what it still needs once the stock on hand and on order are taken: its part of what is bought. */
  lacking: number[];
  /** When what is bought arrives (PurchaseOptions.timing given and something to buy); null otherwise. */
  timing: PartTiming | null;
}

/** A BOM line on no row of the list: its part is not known, or it has nothing to be looked up by. */
export interface UnlistedLine {
  bom: number;
  /** 0-based row of the BOM's cells. */
  row: number;
  partNumber: string;
  status: string;
  reason: string;
  /** Its need, when known. */
  need: number | null;
}

/** A stock or on-order entry that was not applied to any part, and why. */
export interface StockNotApplied {
  entry: StockEntry;
  /** 'unknown': its part number names no part found for a BOM line; 'ambiguous': several parts could be meant; 'unused': no BOM uses it. */
  kind: 'unknown' | 'ambiguous' | 'unused';
  text: string;
  onOrder: boolean;
}

export interface Buildable {
  builds: number;
  /** Why not more (the part, or the line, that limits it); null when every planned build is covered. */
  limitedBy: string | null;
}

export interface BomSummary {
  name: string;
  builds: number;
  /** Lines matched to a part, and lines on no row of the list. */
  listedLines: number;
  unlistedLines: number;
  /** Parts of this BOM, and of them those another BOM uses too. */
  parts: number;
  sharedParts: number;
  micro: bigint;
  cost: number;
  buildableOnHand: Buildable;
  buildableWithOrders: Buildable;
  /** With dates (PurchaseOptions.timing): when every part this BOM still lacks has arrived; null without. */
  dates: BomDates | null;
  /** With on hand, on order and everything this list buys. */
  buildableAfterPurchase: Buildable;
}

/**
 * When a BOM of the list is clear to build: the day every part it still lacks after the stock on hand and on order
 * has arrived (today when it lacks none; what is on order counts as there, its date not being known), the critical
 * parts by part number, and with a need-by date the builds the parts there by then allow.
 */
export interface BomDates {
  clearToBuild: Day | null;
  sure: Sureness;
  critical: string[];
  /** Parts it lacks that do not all arrive by the need-by date. */
  late: string[];
  /** A line of it whose part is unknown, in words: then it has no clear-to-build day (null) nor builds by a date. */
  unknown: string | null;
  needBy: Day | null;
  /** With a need-by date: the builds (up to its build quantity) the stock and what arrives by then allow. */
  buildsByNeedBy: number | null;
}

export interface PurchaseResult {
  boms: BomSummary[];
  rows: PurchaseRow[];
  unlisted: UnlistedLine[];
  notApplied: StockNotApplied[];
  micro: bigint;
  total: number;
  currency: string;
  rates: RateTable;
  /** Distinct part numbers looked up, for all BOMs together. */
  lookups: number;
  failures: LookupFailure[];
  pricedAt: Date;
  warnings: string[];
  /** With dates: the schedule of everything bought (each part's arrival, the price of time); null without. */
  schedule: Schedule | null;
}
