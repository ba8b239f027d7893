/** The types of the pricing step (src/purchase/price-lines.ts): its options, its lines and its result. */
import { CatalogError, type CatalogErrorKind } from '../catalog/errors';
import type { ApiVersion, Part } from '../catalog/model';
import type { LookupManyOptions, LookupRequest, LookupResult } from '../lookup/types';
import { type RateBook, type RateTable } from '../pricing/rates';
import { type Overage, type PartPlan } from '../plan/plan';
import { type OverbuyThreshold } from '../plan/overbuy';
import { type Quote } from '../plan/quote';
import { type AlternatesUse } from '../plan/alternates';
import type { BuyDates } from '../plan/buy';
import type { Schedule } from '../plan/schedule';
import type { PriceBreakRow, PricedLine } from './priced-layout';
import type { PricedSummary } from './summarize';
import type { BomLine } from '../bom/read';

/** One part the BOM line could mean, for the buyer to choose from. */
export interface PartCandidate {
  partNumber: string;
  manufacturer: string;
  manufacturerCode: string;
  description: string;
  itemId: number;
  /** The part's lifecycle ('' when not given). */
  lifecycle: string;
  /** What the plan would pay for the line's need of this part, and its stock; null until priced. */
  quote: Quote | null;
}

/** A priced line with what the task pane and the CLI need beyond the written columns. */
export interface PricedBomLine extends PricedLine {
  /** 0-based index of the BOM row. */
  row: number;
  /** The part number as the BOM gives it; '' for skipped rows. */
  partNumber: string;
  /** The manufacturer as the BOM gives it; '' when none. */
  bomManufacturer: string;
  /** The parts to choose from when the status is 'ambiguous'; empty otherwise. */
  candidates: PartCandidate[];
  /** Why the lookup of this line failed, when it did: the line could not be priced for now. */
  lookupError: CatalogErrorKind | null;
  /** The part number priced instead of `partNumber` (the BOM's replacement column); '' when none. */
  replacement: string;
  /** Not written: the part the line was matched to, with every offer, for the offers view; null when none. */
  part?: Part | null;
  /** The approved alternate the line buys instead of its own part (see PriceBomOptions.alternates); absent when none. */
  alternate?: { partNumber: string; manufacturer: string; reason: string };
}

export interface PriceBomOptions {
  /**
   * The currency every amount is compared and added in (the user's; USD when unset). Prices are asked in it
   * (`utm_currency`); offers the service leaves in another currency compete after conversion at a rate learned
   * from the service (`rates`).
   */
  currency?: string;
  /** Learns and keeps exchange rates; without it only offers already in `currency` compete. */
  rates?: Pick<RateBook, 'tableFor'>;
  /** Attrition added to each line's need before MOQ, packs and breaks. */
  overage?: Overage;
  /** Split a part across offers only when that saves at least this percentage (default 0: any saving). */
  splitMinSavingPercent?: number;
  /**
   * When a line's spares are an overbuy, marked on the line and counted in the summary: spares over this share of
   * the line's cost and over this amount in `currency`. Default: over 50 % and over 10.00.
   */
  overbuyThreshold?: Partial<OverbuyThreshold>;
  version?: ApiVersion;
  signal?: AbortSignal;
  /** Called with (0, total) first, then as each distinct part's lookup settles. */
  onProgress?(done: number, total: number): void;
  /** The clock for `pricedAt`. */
  now?: () => Date;
  /** Boards in the build: each line needs its quantity per board times this. Default 1. */
  boards?: number;
  /** The sheet or file row number of the BOM's first cell row, for "Line row" in price breaks. Default 1. */
  firstRowNumber?: number;
  /** Only offers from these source codes compete (the settings' "sources to use"); all when absent or empty. */
  sources?: readonly string[];
  /**
   * What an ambiguous line's Status tells the user to do when makers compete and the BOM names none. By default
   * "give the manufacturer to choose"; the task pane, which has a picker, says where it is.
   */
  ambiguousFix?: string;
  /**
   * When a line's approved alternates (BomLine.alternates) are bought instead of its own part: 'unavailable' (the
   * default) when its part is not found, not Active or short; 'cheaper' also whenever an alternate costs less for the
   * line's need (src/plan/alternates.ts).
   */
  alternates?: AlternatesUse;
  /**
   * Replacements the buyer took from the suggestions (the task pane's Suggestions view): a line whose BOM part number
   * and replacement cell are those of one of them says "suggestion … for …" in its Status, with the note given,
   * instead of "replacement … for …".
   */
  suggestionsUsed?: readonly SuggestionUsed[];
  /**
   * The caller's last say over the lines before they are summarised (say, lines whose lookup failed keeping the
   * values of the run before): the summary is made once, of the lines it returns.
   */
  settleLines?: (lines: PricedBomLine[]) => PricedBomLine[];
  /**
   * Dates: `today` (the caller's clock, read at its edge) and, when given, the need-by date every plan must arrive
   * by (each offer then sells only what arrives by it, src/plan/arrival.ts). With it, the result carries its
   * schedule (when each part arrives, the clear-to-build day, the parts late); without it, no dates are worked out.
   */
  timing?: BuyDates;
}

/** A suggestion the buyer used for a line: its part number, the replacement cell written, and how close it is. */
export interface SuggestionUsed {
  /** The BOM's part number of the line. */
  partNumber: string;
  /** The replacement cell as written ("LMV324IDR (Texas Instruments)"). */
  replacement: string;
  /** What the Status says of it in brackets: its match class and what differs ("same family and package"). */
  note: string;
}

/** A lookup that failed, and the rows it leaves unpriced. */
export interface LookupFailure {
  partNumber: string;
  /** 0-based BOM rows. */
  rows: number[];
  error: CatalogError;
}

export interface PriceBomResult {
  /** One per BOM line and one per skipped row, in row order. */
  lines: PricedBomLine[];
  /** The price breaks of the offer chosen for each priced line. */
  breaks: PriceBreakRow[];
  summary: PricedSummary;
  boards: number;
  pricedAt: Date;
  /** Distinct part numbers looked up. */
  lookups: number;
  failures: LookupFailure[];
  /** The currency of every amount. */
  currency: string;
  /** The rates amounts were converted with (each with its origin and "as of"), and currencies without one. */
  rates: RateTable;
  /** One plan per part bought (or that could not be), in the order of their first line. */
  plans: PartPlan[];
  /** Records of the service's answers left out as unreadable (`path: what was wrong`), once each. */
  warnings: string[];
  /** When the plans arrive (with `PriceBomOptions.timing`); null or absent without it. */
  schedule?: Schedule | null;
}

/** What priceBom needs of the scheduler. */
export type BomLookupPort = {
  lookupMany(
    requests: readonly LookupRequest[],
    options?: LookupManyOptions,
  ): Promise<Array<LookupResult | CatalogError>>;
};

/** A line matched to a part; `note` says how, when the BOM named the maker otherwise. */
export type Matched = { line: BomLine; part: Part; asOf: Date; note?: string };

/**
 * A line whose status the match settles whatever the number of boards: not looked up, its lookup failed, not found,
 * ambiguous (with its candidates' parts, to quote them at each need).
 */
export interface SettledLine {
  line: BomLine;
  status: PricedBomLine['status'];
  statusReason: string;
  asOf: Date | null;
  lookupError: CatalogErrorKind | null;
  candidates: PartCandidate[];
  /** An ambiguous line's candidates as parts, in the order of `candidates`; empty otherwise. */
  parts: Part[];
}

/** A line with approved alternates, matched: its own part (or why not), and each alternate's part. */
export interface WithAlternates {
  line: BomLine;
  own: Matched | null;
  /** When its own part was not found: the lookup's "as of". */
  notFoundAsOf: Date | null;
  alternates: Array<{ partNumber: string; manufacturer: string; part: Part | null; asOf: Date }>;
}

/**
 * A BOM looked up and matched: everything of pricing that does not depend on the number of boards (the lookups,
 * which part each line means, the exchange rates). priceMatched plans it at any number of boards without asking the
 * service again; several quantities share one match (src/purchase/scenarios.ts).
 */
export interface MatchedBom {
  currency: string;
  /** Lines settled by the match (not looked up, lookup failed, not found, ambiguous), in the order they were met. */
  settled: SettledLine[];
  /** Lines matched to a part, in the order they were met. */
  matched: Matched[];
  withAlternates: WithAlternates[];
  rates: RateTable;
  lookups: number;
  failures: LookupFailure[];
  warnings: string[];
}
