/**
 * The pricing step shared by the task pane and the CLI: from BOM lines to priced lines, price-break rows and
 * a summary, through the one lookup scheduler.
 *
 * Lookups. Lines are looked up by part number alone, one lookup per distinct part number (case, spaces and
 * punctuation ignored), so duplicate lines, and lines that name the same part with different manufacturer
 * spellings, share one lookup. The manufacturer written in the BOM is then matched against the manufacturers
 * of the parts found, by name, code and alias ("TI", "Texas Instruments Inc."), by the rule the PARTS cells
 * follow too (src/match): the service's manufacturer filter takes only its own codes, and a BOM's spelling of
 * the name would make it find nothing.
 *
 * Statuses. Every BOM row gets one of the six statuses of the layout. A lookup that failed (service down,
 * rejected, timed out) leaves its lines 'no price' with "service error: …" as the reason and `lookupError`
 * set, so a caller can tell a line the service could not answer from a part that has no price.
 */
import { CatalogError, type CatalogErrorKind, isCatalogError } from '../catalog/errors';
import type { ApiVersion, Part } from '../catalog/model';
import { partNumberKey as wirePartKey, partNumberProblem, partNumberProblemText } from '../../protocol/part-number';
import type { LookupManyOptions, LookupRequest, LookupResult } from '../lookup/types';
import { formatMoney, fromMicro } from '../pricing/money';
import { type RateBook, type RateTable, baseOnly, userCurrency, wireCurrency } from '../pricing/rates';
import { priceBreaksTable } from '../pricing/tiers';
import {
  type Overage,
  type PartNeed,
  type PartPlan,
  type PlanLineInput,
  type PlanOptions,
  allocateMicro,
  planPart,
} from '../plan/plan';
import { type OverbuyThreshold, isOverbuy, overbuyThreshold } from '../plan/overbuy';
import { count as countText } from '../plan/count';
import { type Quote, quotePart } from '../plan/quote';
import { type AlternateOption, type AlternatesUse, DEFAULT_ALTERNATES_USE, chooseAlternate } from '../plan/alternates';
import {
  type PriceBreakRow,
  type PricedLine,
  type PricedSummary,
  type SummaryRate,
  splitItemText,
  summarize,
} from './layout';
import { choosePart, makerName as makerOf } from '../match';
import type { BomLine, BomReadResult, SkippedLine } from './read';
import { misfits } from './part-fit';
import { countOf, plural } from '../text/plural';

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
  /** Boards in the build, for the per-board totals. By default read back from the lines' need and quantity. */
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
}

/** What priceBom needs of the scheduler. */
export type BomLookupPort = {
  lookupMany(
    requests: readonly LookupRequest[],
    options?: LookupManyOptions,
  ): Promise<Array<LookupResult | CatalogError>>;
};

const MAX_CANDIDATES_LISTED = 5;

/**
 * A line with no result yet. Every field is written out rather than spread from NO_RESULT: V8 (Node 20) gives an
 * object made by a spread a hidden class of its own as soon as a property is added to it, so thousands of lines
 * would each have their own shape, every read of their fields would miss its inline cache, and pricing a large BOM
 * would take seconds.
 */
function emptyLine(line: Pick<BomLine, 'row' | 'partNumber' | 'manufacturer'>, need: number | null): PricedBomLine {
  return {
    matchedPart: null,
    manufacturer: null,
    description: null,
    lifecycle: null,
    share: null,
    orderQty: null,
    unitPrice: null,
    extended: null,
    currency: null,
    offerPrice: null,
    offerCurrency: null,
    stock: null,
    stockAll: null,
    availability: null,
    leadTimeWeeks: null,
    moq: null,
    pack: null,
    source: null,
    itemId: null,
    asOf: null,
    status: 'not found',
    statusReason: '',
    row: line.row,
    partNumber: line.partNumber,
    bomManufacturer: line.manufacturer,
    candidates: [],
    lookupError: null,
    replacement: '',
    need,
  };
}

function candidateOf(part: Part): PartCandidate {
  return {
    partNumber: part.partNumber,
    manufacturer: makerOf(part),
    manufacturerCode: part.manufacturerCode,
    description: part.description,
    itemId: part.itemId,
    lifecycle: part.status ?? '',
    quote: null,
  };
}

function candidateList(candidates: readonly PartCandidate[]): string {
  const shown = candidates
    .slice(0, MAX_CANDIDATES_LISTED)
    .map((c) => (c.manufacturer ? `${c.partNumber} (${c.manufacturer})` : c.partNumber));
  const more = candidates.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

type Choice = { part: Part; note?: string } | { candidates: PartCandidate[]; parts: Part[]; reason: string };

const DEFAULT_AMBIGUOUS_FIX = 'give the manufacturer to choose';

/**
 * Which of the parts found the BOM line means (src/match, the rule the PARTS cells follow too), in the line's
 * words: a part matched under another maker's name is priced with a note, and the candidates of an ambiguous line
 * are listed, with what to do when makers compete and the BOM names none. Null when no part was found.
 */
function choosePartFor(line: BomLine, found: readonly Part[], fixText: string): Choice | null {
  const choice = choosePart(
    { partNumber: line.partNumber, manufacturer: line.manufacturer, distributorPartNumbers: line.supplierPartNumbers },
    found,
  );
  switch (choice.kind) {
    case 'chosen':
      return {
        part: choice.part,
        note: choice.matchedAs === null ? undefined : `BOM says ${line.manufacturer}; matched ${choice.matchedAs}`,
      };
    case 'not-found':
      return null;
    case 'no-maker-match': {
      const candidates = choice.parts.map(candidateOf);
      return {
        candidates,
        parts: choice.parts,
        reason: `manufacturer "${line.manufacturer}" matches none of ${countOf(candidates.length, 'candidate')}: ${candidateList(candidates)}`,
      };
    }
    case 'ambiguous': {
      const candidates = choice.parts.map(candidateOf);
      const fix = choice.makersCompete && line.manufacturer === '' ? `; ${fixText}` : '';
      return {
        candidates,
        parts: choice.parts,
        reason: `${countOf(candidates.length, 'candidate')}: ${candidateList(candidates)}${fix}`,
      };
    }
  }
}

/** A line matched to a part; `note` says how, when the BOM named the maker otherwise. */
type Matched = { line: BomLine; part: Part; asOf: Date; note?: string };

/**
 * A line whose status the match settles whatever the number of boards: not looked up, its lookup failed, not found,
 * ambiguous (with its candidates' parts, to quote them at each need).
 */
interface SettledLine {
  line: BomLine;
  status: PricedBomLine['status'];
  statusReason: string;
  asOf: Date | null;
  lookupError: CatalogErrorKind | null;
  candidates: PartCandidate[];
  /** An ambiguous line's candidates as parts, in the order of `candidates`; empty otherwise. */
  parts: Part[];
}

function settled(
  line: BomLine,
  status: PricedBomLine['status'],
  statusReason: string,
  asOf: Date | null,
  ambiguous?: { candidates: PartCandidate[]; parts: Part[] },
): SettledLine {
  return {
    line,
    status,
    statusReason,
    asOf,
    lookupError: null,
    candidates: ambiguous?.candidates ?? [],
    parts: ambiguous?.parts ?? [],
  };
}

/** A settled line as priced for `need`: a fresh line, its ambiguous candidates quoted at that need. */
function settledLine(s: SettledLine, need: number, quoteOptions: PlanOptions): PricedBomLine {
  const out = emptyLine(s.line, need);
  out.status = s.status;
  out.statusReason = s.statusReason;
  out.asOf = s.asOf;
  out.lookupError = s.lookupError;
  // Each candidate of an ambiguous line, priced for the line's need as the plan would buy it.
  if (s.parts.length > 0)
    out.candidates = s.candidates.map((c, i) => ({ ...c, quote: quotePart(s.parts[i], need, quoteOptions) }));
  return out;
}

/**
 * The choices made for the lines of one lookup, by what a choice depends on (the part number as written, the
 * maker, the distributor numbers): the lines of a part that say the same are matched once.
 */
type ChoiceMemo = Map<string, Choice | null>;

function memoChoice(line: BomLine, parts: readonly Part[], fixText: string, memo: ChoiceMemo): Choice | null {
  const key = `${line.partNumber}\u0000${line.manufacturer}\u0000${line.supplierPartNumbers.join('\u0001')}`;
  let choice = memo.get(key);
  if (choice === undefined) {
    choice = choosePartFor(line, parts, fixText);
    memo.set(key, choice);
  }
  return choice;
}

/**
 * The line as matched to a part, before the plan: ambiguous and not-found lines are settled here. `asOf`: the
 * lookup's, one Date for its lines; `memo`: the choices already made for the lines of the same lookup.
 */
function matchLine(
  line: BomLine,
  result: LookupResult,
  fixText: string,
  asOf: Date,
  memo: ChoiceMemo,
): SettledLine | Matched {
  const parts = Array.isArray(result.result.parts) ? result.result.parts : [];
  if (result.result.numberFound <= 0 || parts.length === 0) return settled(line, 'not found', '', asOf);
  const choice = memoChoice(line, parts, fixText, memo);
  if (choice === null) return settled(line, 'not found', '', asOf);
  if ('candidates' in choice) return settled(line, 'ambiguous', choice.reason, asOf, choice);
  return { line, part: choice.part, asOf, note: choice.note };
}

function isMatched(m: SettledLine | Matched): m is Matched {
  return 'part' in m;
}

/**
 * The lines that buy one part together: all of a part's lines, unless they pin different offers, then one group
 * per pinned offer and one for the lines that pin none.
 */
function groupForPlan(matched: readonly Matched[]): Matched[][] {
  const byPart = new Map<number, Matched[]>();
  for (const m of matched) {
    const list = byPart.get(m.part.itemId);
    if (list) list.push(m);
    else byPart.set(m.part.itemId, [m]);
  }
  const groups: Matched[][] = [];
  for (const list of byPart.values()) {
    const pins = new Set(list.map((m) => m.line.pinnedOffer.trim().toUpperCase()).filter((p) => p !== ''));
    if (pins.size <= 1) {
      groups.push(list);
      continue;
    }
    const byPin = new Map<string, Matched[]>();
    for (const m of list) {
      const pin = m.line.pinnedOffer.trim().toUpperCase();
      byPin.set(pin, [...(byPin.get(pin) ?? []), m]);
    }
    groups.push(...byPin.values());
  }
  return groups;
}

function rowList(rows: readonly number[], firstRowNumber: number): string {
  const shown = rows.slice(0, 6).map((r) => String(r + firstRowNumber));
  return `${shown.join(', ')}${rows.length > shown.length ? ` and ${rows.length - shown.length} more` : ''}`;
}

/** The other rows that share a part's purchase, as a line says them: `rows 4, 7`. */
function sharedRowsText(others: readonly number[], firstRowNumber: number): string {
  return `${plural(others.length, 'row')} ${rowList(others, firstRowNumber)}`;
}

/** What every line of one part's plan shows alike: worked out once per part, not once per line. */
interface PlanFields {
  manufacturer: string;
  /** The plan's notes joined as a Status reason says them ('' when none). */
  notes: string;
  status: PricedBomLine['status'];
  offerPrice: number | null;
  offerCurrency: string | null;
  stock: number;
  availability: string | null;
  leadTimeWeeks: number | null;
  moq: number | null;
  pack: number | null;
  source: string | null;
  itemId: string | null;
  items: NonNullable<PricedBomLine['plan']>['items'];
  overage: NonNullable<PricedBomLine['plan']>['reasons']['overage'];
  overbuy: NonNullable<PricedBomLine['plan']>['reasons']['overbuy'];
}

function planFields(plan: PartPlan): PlanFields {
  const single = plan.purchases.length === 1 ? plan.purchases[0] : null;
  const shown = single ?? plan.purchases[0] ?? plan.quote;
  const waiting = plan.bought === 0 && plan.quote ? plan.quote : null;
  const split = plan.purchases.length > 1;
  return {
    manufacturer: makerOf(plan.part),
    notes: plan.notes.join('; '),
    status: plan.status === 'planned' ? 'priced' : 'short',
    offerPrice: single ? single.unitPrice : waiting ? waiting.unitPrice : null,
    offerCurrency: single ? single.offerCurrency : waiting ? waiting.offerCurrency : null,
    stock: plan.purchases.length > 0 ? plan.stock : plan.quote ? plan.quote.offer.stock : 0,
    availability: shown ? shown.offer.availabilityText || shown.offer.availabilityCode || null : null,
    // 0 weeks is what marketplace offers publish for "no lead time": the cell stays empty rather than say 0.
    leadTimeWeeks: plan.leadTimeWeeks === 0 ? null : plan.leadTimeWeeks,
    moq: shown ? shown.offer.moq : null,
    pack: shown ? shown.offer.packSize : null,
    source: split
      ? plan.purchases.map((p) => p.offer.sourceCode || p.offer.sourceName).join(' + ')
      : shown
        ? shown.offer.sourceCode || shown.offer.sourceName || null
        : null,
    itemId: split
      ? splitItemText(plan.purchases.map((p) => ({ itemId: p.offer.sourcePartId, qty: p.qty })))
      : single
        ? single.offer.sourcePartId || null
        : null,
    items: plan.purchases
      .map((p) => ({ itemId: p.offer.sourcePartId, qty: p.qty, source: p.offer.sourceCode || p.offer.sourceName }))
      .filter((i) => i.itemId !== ''),
    overage: plan.extra > 0 ? { need: plan.bomNeed, extra: plan.extra } : null,
    overbuy:
      plan.bought > plan.need && plan.overbuyWhy !== null
        ? { bought: plan.bought, need: plan.need, why: plan.overbuyWhy, spare: plan.bought - plan.need }
        : null,
  };
}

/** The rows of `rows` other than `row`, in order. */
function otherRows(rows: readonly number[], row: number): number[] {
  const out: number[] = [];
  for (const r of rows) if (r !== row) out.push(r);
  return out;
}

/** The priced lines of one part's plan. */
function plannedLines(
  group: readonly Matched[],
  plan: PartPlan,
  currency: string,
  firstRowNumber: number,
  overbuy: OverbuyThreshold,
  needs: Needs,
): PricedBomLine[] {
  const { part } = plan;
  const rows = group.map((m) => m.line.row);
  const allocations = plan.lines.length === 1 ? null : new Map(plan.lines.map((l) => [l.id, l]));
  const fields = planFields(plan);
  return group.map((m) => {
    const out = emptyLine(m.line, needs.of(m.line));
    const alloc = allocations ? allocations.get(m.line.row)! : plan.lines[0];
    out.asOf = m.asOf;
    out.matchedPart = part.partNumber;
    out.manufacturer = fields.manufacturer;
    out.description = part.description;
    out.lifecycle = plan.lifecycle || null;
    out.stockAll = plan.stockAll;
    out.part = part;
    if (plan.status === 'no-price') {
      out.status = 'no price';
      out.statusReason = fields.notes;
      return out;
    }
    // The Status reason: the overbuy, the rows bought with, how the part was matched, the plan's notes, the share.
    const said: string[] = [];
    const shared = rows.length > 1 ? sharedRowsText(otherRows(rows, m.line.row), firstRowNumber) : null;
    out.status = fields.status;
    // A short line buys all there is: its shortfall is what the buyer must see, not its spares.
    if (out.status === 'priced' && !plan.sparesSave && isOverbuy(alloc.spareMicro, alloc.micro, overbuy)) {
      out.overbuy = true;
      said.push(overbuyText(alloc.spareMicro, alloc.micro, currency));
    }
    if (shared !== null)
      said.push(`bought with ${shared}: ${countText(plan.bought)} for a need of ${countText(plan.need)}`);
    if (m.note) said.push(m.note);
    if (fields.notes !== '') said.push(fields.notes);
    if (alloc.shortfall > 0 && plan.bought > 0)
      said.push(`this line gets ${countText(alloc.share)} of ${countText(alloc.need + alloc.extra)}`);
    out.statusReason = said.length === 1 ? said[0] : said.join('; ');
    out.share = alloc.share;
    out.orderQty = plan.bought;
    out.unitPrice = plan.unitPrice;
    out.extended = alloc.extended;
    out.currency = currency;
    out.offerPrice = fields.offerPrice;
    out.offerCurrency = fields.offerCurrency;
    out.stock = fields.stock;
    out.availability = fields.availability;
    out.leadTimeWeeks = fields.leadTimeWeeks;
    out.moq = fields.moq;
    out.pack = fields.pack;
    out.source = fields.source;
    out.itemId = fields.itemId;
    out.spareCost = fromMicro(alloc.spareMicro);
    out.sourceCosts = sourceCostsOf(plan, alloc.micro);
    out.plan = {
      items: fields.items,
      reasons: { overage: fields.overage, overbuy: fields.overbuy, sharedWith: shared },
    };
    return out;
  });
}

/** "overbuy: 2,576.48 USD of spares (98 % of the line's cost)": the first words of an overbuy line's Status. */
function overbuyText(spareMicro: bigint, lineMicro: bigint, currency: string): string {
  // Rounded down: a line whose spares are 99.6 % of its cost never reads "100 %".
  const percent = Number((spareMicro * 100n) / lineMicro);
  return `overbuy: ${formatMoney(fromMicro(spareMicro), currency)} of spares (${percent} % of the line's cost)`;
}

/** A line's cost per source, in proportion to what each purchase costs (exact to the micro-unit). */
function sourceCostsOf(plan: PartPlan, lineMicro: bigint): Array<{ source: string; extended: number }> {
  if (plan.purchases.length === 1) {
    const offer = plan.purchases[0].offer;
    return [{ source: offer.sourceCode || offer.sourceName, extended: fromMicro(lineMicro) }];
  }
  const shares = allocateMicro(
    lineMicro,
    plan.purchases.map((p) => Number(p.micro)),
  );
  return plan.purchases.map((p, i) => ({
    source: p.offer.sourceCode || p.offer.sourceName,
    extended: fromMicro(shares[i]),
  }));
}

function failedLine(line: BomLine, error: CatalogError): SettledLine {
  const out = settled(line, 'no price', `service error: ${error.message}`, null);
  out.lookupError = error.kind;
  return out;
}

/** A part number the service cannot look up: why, or null when it can be looked up. */
function unsearchable(partNumber: string): string | null {
  const problem = partNumberProblem(partNumber);
  return problem ? `the part number ${partNumberProblemText(problem)}` : null;
}

/** The number of boards the lines were read for: need ÷ quantity per board. */
function boardsOf(read: BomReadResult): number {
  for (const line of read.lines) {
    if (line.quantityPerBoard > 0) {
      const boards = line.need / line.quantityPerBoard;
      if (Number.isInteger(boards) && boards >= 1) return boards;
    }
  }
  return 1;
}

/** Each line's need at one number of boards, by BOM row. */
class Needs {
  private readonly byRow = new Map<number, number>();
  constructor(read: BomReadResult) {
    for (const line of read.lines) this.byRow.set(line.row, line.need);
  }
  of(line: BomLine): number {
    return this.byRow.get(line.row) ?? line.need;
  }
}

/** A line with approved alternates, matched: its own part (or why not), and each alternate's part. */
interface WithAlternates {
  line: BomLine;
  own: Matched | null;
  /** When its own part was not found: the lookup's "as of". */
  notFoundAsOf: Date | null;
  alternates: Array<{ partNumber: string; manufacturer: string; part: Part | null; asOf: Date }>;
}

/**
 * A BOM looked up and matched: everything of pricing that does not depend on the number of boards (the lookups,
 * which part each line means, the exchange rates). priceMatched plans it at any number of boards without asking the
 * service again; several quantities share one match (src/bom/scenarios.ts).
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

/**
 * Looks up and matches every line of a read BOM: one lookup per distinct part number goes through
 * `scheduler.lookupMany`, then each line is matched to a part (by the BOM's manufacturer when several match) and
 * the exchange rates the parts need are learned. Rejects with CatalogError('cancelled') when `signal` aborts; a
 * failed lookup does not reject (see the module note).
 */
export async function matchBom(
  read: BomReadResult,
  scheduler: BomLookupPort,
  options: PriceBomOptions = {},
): Promise<MatchedBom> {
  const currency = userCurrency(options.currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  // Checked before any lookup: a bad setting is said at once, not after the BOM was priced.
  overbuyThreshold(options.overbuyThreshold);

  const groups = new Map<string, BomLine[]>();
  const settledLines: SettledLine[] = [];
  const fixText = options.ambiguousFix ?? DEFAULT_AMBIGUOUS_FIX;
  for (const line of read.lines.map(asPriced)) {
    const why = unsearchable(line.partNumber);
    if (why !== null) {
      settledLines.push(settled(line, 'not found', `${why}; not looked up`, null));
      continue;
    }
    const key = wirePartKey(line.partNumber);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }

  // Approved alternates are looked up with the lines' own parts, in the same lookups.
  const alternateKeys = new Map<string, string>();
  for (const group of groups.values()) {
    for (const line of group) {
      if (!usesAlternates(line)) continue;
      for (const alt of line.alternates!) {
        const key = wirePartKey(alt.partNumber);
        if (key === '' || unsearchable(alt.partNumber) !== null || groups.has(key) || alternateKeys.has(key)) continue;
        alternateKeys.set(key, alt.partNumber);
      }
    }
  }
  const primaryKeys = [...groups.keys()];
  const keys = [...primaryKeys, ...alternateKeys.keys()];
  const asked = wireCurrency(currency);
  const requests: LookupRequest[] = keys.map((key) => {
    const request: LookupRequest = { partNumber: groups.get(key)?.[0].partNumber ?? alternateKeys.get(key)! };
    if (asked) request.currency = asked;
    if (options.version) request.version = options.version;
    return request;
  });
  const results = await scheduler.lookupMany(requests, { signal: options.signal, onProgress: options.onProgress });
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');

  const failures: LookupFailure[] = [];
  const matched: Matched[] = [];
  const warnings = new Set<string>();
  const resultByKey = new Map(keys.map((key, i) => [key, results[i]] as const));
  const withAlternates: WithAlternates[] = [];
  primaryKeys.forEach((key, i) => {
    const group = groups.get(key)!;
    const answer = results[i];
    if (answer && !isCatalogError(answer)) for (const w of answer.result.warnings ?? []) warnings.add(w);
    if (isCatalogError(answer) || !answer) {
      const error = answer ?? new CatalogError('malformed', 'The lookup gave no answer.');
      failures.push({ partNumber: group[0].partNumber, rows: group.map((l) => l.row), error });
      for (const line of group) settledLines.push(failedLine(line, error));
      return;
    }
    const asOf = new Date(answer.asOf);
    const memo: ChoiceMemo = new Map();
    for (const line of group) {
      const m = matchLine(line, answer, fixText, asOf, memo);
      if (usesAlternates(line) && (isMatched(m) || m.status === 'not found')) {
        withAlternates.push({
          line,
          own: isMatched(m) ? m : null,
          notFoundAsOf: isMatched(m) ? null : m.asOf,
          alternates: [],
        });
      } else if (isMatched(m)) matched.push(m);
      else settledLines.push(m);
    }
  });
  for (const w of withAlternates) {
    w.alternates = w.line.alternates!.map((alt) => {
      const answer = resultByKey.get(wirePartKey(alt.partNumber));
      if (!answer || isCatalogError(answer)) return { ...alt, part: null, asOf: new Date(0) };
      for (const warning of answer.result.warnings ?? []) warnings.add(warning);
      const choice = choosePart(
        { partNumber: alt.partNumber, manufacturer: alt.manufacturer, distributorPartNumbers: [] },
        answer.result.parts ?? [],
      );
      return { ...alt, part: choice.kind === 'chosen' ? choice.part : null, asOf: new Date(answer.asOf) };
    });
  }

  const seen = [
    ...matched.map((m) => m.part),
    ...withAlternates.flatMap((w) => (w.own ? [w.own.part] : [])),
    ...withAlternates.flatMap((w) => w.alternates.flatMap((a) => (a.part ? [a.part] : []))),
    ...settledLines.flatMap((s) => s.parts),
  ];
  const rates = options.rates ? await options.rates.tableFor(currency, seen, options.signal) : baseOnly(currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  return {
    currency,
    settled: settledLines,
    matched,
    withAlternates,
    rates,
    lookups: keys.length,
    failures,
    warnings: [...warnings],
  };
}

/**
 * Plans a matched BOM (matchBom) at the needs of `read`, the same BOM read for some number of boards: each part's
 * lines are bought together as the plan says (src/plan). Skipped rows are kept as 'skipped' lines, so every row has
 * a status. Asks no service; nothing of `matched` is changed, so one match serves any number of plans.
 */
export function priceMatched(matched: MatchedBom, read: BomReadResult, options: PriceBomOptions = {}): PriceBomResult {
  const now = options.now ?? (() => new Date());
  const boards = options.boards ?? boardsOf(read);
  const firstRowNumber = options.firstRowNumber ?? 1;
  const { currency, rates } = matched;
  const sources = options.sources && options.sources.length > 0 ? [...options.sources] : undefined;
  const overbuy = overbuyThreshold(options.overbuyThreshold);
  const needs = new Needs(read);
  const planOptions: PlanOptions = { rates, sources, overage: options.overage };

  let lines: PricedBomLine[] = matched.settled.map((s) => settledLine(s, needs.of(s.line), planOptions));
  const bought: Matched[] = [...matched.matched];

  // Each line with approved alternates buys its own part or one of them, as the setting says.
  const alternateUsed = new Map<number, NonNullable<PricedBomLine['alternate']>>();
  for (const { line, own, notFoundAsOf, alternates: alts } of matched.withAlternates) {
    const need = needs.of(line);
    const choices: AlternateOption[] = [
      {
        partNumber: line.partNumber,
        part: own?.part ?? null,
        quote: own ? quotePart(own.part, need, planOptions) : null,
      },
      ...alts.map((a) => ({
        partNumber: a.partNumber,
        part: a.part,
        quote: a.part ? quotePart(a.part, need, planOptions) : null,
      })),
    ];
    const decision = chooseAlternate(choices, options.alternates ?? DEFAULT_ALTERNATES_USE);
    if (decision.index === 0) {
      if (own) bought.push(own);
      else if (notFoundAsOf) {
        const why = `approved ${plural(alts.length, 'alternate')} ${alts.map((a) => a.partNumber).join(', ')} not found either`;
        lines.push(settledLine(settled(line, 'not found', why, notFoundAsOf), need, planOptions));
      }
      continue;
    }
    const alt = alts[decision.index - 1];
    const maker = makerOf(alt.part!);
    alternateUsed.set(line.row, { partNumber: alt.part!.partNumber, manufacturer: maker, reason: decision.reason });
    bought.push({
      line,
      part: alt.part!,
      asOf: alt.asOf,
      note: `buys approved alternate ${alt.part!.partNumber} (${maker}): ${decision.reason}`,
    });
  }

  const plans: PartPlan[] = [];
  const breaks: PriceBreakRow[] = [];
  const planGroups = groupForPlan(bought).sort((a, b) => a[0].line.row - b[0].line.row);
  for (const group of planGroups) {
    const need: PartNeed = {
      part: group[0].part,
      lines: group.map((m): PlanLineInput => ({
        id: m.line.row,
        need: needs.of(m.line),
        pinned: m.line.pinnedOffer || null,
      })),
    };
    const plan = planPart(need, {
      rates,
      sources,
      overage: options.overage,
      splitMinSavingPercent: options.splitMinSavingPercent,
    });
    plans.push(plan);
    lines.push(...plannedLines(group, plan, currency, firstRowNumber, overbuy, needs));
    // The price breaks of each offer bought (or waited for), once per part, at the part's first line.
    const shown = plan.purchases.length > 0 ? plan.purchases.map((p) => p.offer) : plan.quote ? [plan.quote.offer] : [];
    for (const tier of priceBreaksTable(shown)) {
      breaks.push({
        lineRow: group[0].line.row + firstRowNumber,
        part: plan.part.partNumber,
        manufacturer: makerOf(plan.part),
        source: tier.source || tier.sourceName || null,
        itemId: tier.sourcePartId || null,
        currency: tier.currency,
        minQty: tier.minQty,
        maxQty: tier.maxQty,
        unitPrice: tier.price,
      });
    }
  }
  for (const skip of read.skipped) {
    // A line to buy that cannot be priced keeps its need, so the buyer sees what is still to be found.
    const need = skip.quantityPerBoard === undefined ? null : skip.quantityPerBoard * boards;
    lines.push(skippedLine(skip, need));
  }
  lines.sort((a, b) => a.row - b.row);
  for (const line of lines) {
    const alt = alternateUsed.get(line.row);
    if (alt && line.status !== 'skipped') line.alternate = alt;
  }
  restoreReplaced(lines, read, options.suggestionsUsed ?? []);
  if (options.settleLines) lines = options.settleLines(lines);

  const summary = summarize(lines, boards, { rates: summaryRates(rates), missingRates: rates.missing });
  return {
    lines,
    breaks,
    summary,
    boards,
    pricedAt: now(),
    lookups: matched.lookups,
    failures: [...matched.failures],
    currency,
    rates,
    plans,
    warnings: [...matched.warnings],
  };
}

/** A skipped row as a priced line (built whole, for the reason emptyLine gives). */
function skippedLine(skip: SkippedLine, need: number | null): PricedBomLine {
  const out = emptyLine({ row: skip.row, partNumber: '', manufacturer: '' }, need);
  out.status = 'skipped';
  out.statusReason = skip.detail;
  return out;
}

/**
 * Prices every line of a read BOM: matchBom, then priceMatched at the BOM's own needs. Rejects with
 * CatalogError('cancelled') when `signal` aborts; a failed lookup does not reject (see the module note).
 */
export async function priceBom(
  read: BomReadResult,
  scheduler: BomLookupPort,
  options: PriceBomOptions = {},
): Promise<PriceBomResult> {
  return priceMatched(await matchBom(read, scheduler, options), read, options);
}

/** Whether a line's approved alternates compete: it gives some, and names no replacement or pinned offer of its own. */
function usesAlternates(line: BomLine): boolean {
  return (line.alternates?.length ?? 0) > 0 && line.replacement === '' && line.pinnedOffer.trim() === '';
}

/**
 * A line with a replacement part number is looked up and matched as that part: the BOM's manufacturer names the
 * part it replaces, so only a maker named with the replacement chooses among the replacement's makers.
 */
function asPriced(line: BomLine): BomLine {
  if (line.replacement === '') return line;
  const { partNumber, manufacturer } = splitReplacement(line.replacement);
  return { ...line, partNumber, manufacturer, manufacturerKey: '', supplierPartNumbers: [] };
}

const WITH_MAKER = /^(.*\S)\s+\(([^()]+)\)$/;

/**
 * A replacement cell: a part number, or "LM358N (Texas Instruments)" when the maker is named (the task pane writes
 * it so, as one part number can have several makers).
 */
export function splitReplacement(text: string): { partNumber: string; manufacturer: string } {
  const m = WITH_MAKER.exec(text.trim());
  return m ? { partNumber: m[1], manufacturer: m[2].trim() } : { partNumber: text.trim(), manufacturer: '' };
}

/** The lines priced as a replacement show the BOM's part number again, and say what was priced instead. */
function restoreReplaced(lines: PricedBomLine[], read: BomReadResult, suggested: readonly SuggestionUsed[]): void {
  const usedKey = (partNumber: string, replacement: string) =>
    `${partNumber.trim().toUpperCase()}\u0000${replacement.trim().toUpperCase()}`;
  const used = new Map(suggested.map((s) => [usedKey(s.partNumber, s.replacement), s.note]));
  const byRow = new Map(read.lines.filter((l) => l.replacement !== '').map((l) => [l.row, l]));
  if (byRow.size === 0) return;
  for (const line of lines) {
    const bom = byRow.get(line.row);
    if (!bom) continue;
    line.partNumber = bom.partNumber;
    line.bomManufacturer = bom.manufacturer;
    line.replacement = bom.replacement;
    // A replacement whose value or package differs from what the BOM describes is priced, and said to differ.
    const differs = line.part ? misfits(bom.description, `${line.part.description} ${line.part.packageType}`) : [];
    const suggestion = used.get(usedKey(bom.partNumber, bom.replacement));
    const what = suggestion === undefined ? 'replacement' : 'suggestion';
    const said = suggestion ? ` (${suggestion})` : '';
    const note = `${what} ${bom.replacement} for ${bom.partNumber}${said}${differs.length > 0 ? ` (differs from the line: ${differs.join('; ')}; check it fits)` : ''}`;
    line.statusReason = line.statusReason === '' ? note : `${note}; ${line.statusReason}`;
  }
}

/** The rates of a table as the summary lists them. */
export function summaryRates(rates: RateTable): SummaryRate[] {
  return rates.rates.map((r) => ({
    from: r.from,
    to: r.to,
    rate: r.rate,
    detail: r.origin.detail,
    asOf: r.origin.asOf.toISOString(),
  }));
}
