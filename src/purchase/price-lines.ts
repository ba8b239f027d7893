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
import { type RateTable } from '../pricing/rates';
import { sortedBreaksOf } from '../pricing/tiers';
import { uniqueOffers } from '../pricing/stock';
import type { Offer } from '../catalog/model';
import { type PartPlan, type PlanOptions } from '../plan/plan';
import { buyPart, planOptionsOf } from '../plan/buy';
import { type OverbuyThreshold, overbuyThreshold } from '../plan/overbuy';
import { quotePart } from '../plan/quote';
import { type AlternateOption, DEFAULT_ALTERNATES_USE, chooseAlternate } from '../plan/alternates';
import { type PartTiming, scheduleOfTimings } from '../plan/schedule';
import { needFor } from '../plan/need';
import type { PriceBreakRow } from './priced-layout';
import { type SummaryRate, summarize } from './summarize';
import { makerName as makerOf } from '../match';
import type { BomReadResult, SkippedLine } from '../bom/read';
import { misfits } from './part-fit';
import { plural } from '../text/plural';
import type {
  BomLookupPort,
  Matched,
  MatchedBom,
  PriceBomOptions,
  PriceBomResult,
  PricedBomLine,
  SuggestionUsed,
} from './price-types';
import { boardsToPrice, emptyLine, matchBom } from './price-match';
import { settled } from './match-lines';
import { groupForPlan, groupPins, plannedLines, settledLine } from './price-plan';

export type {
  BomLookupPort,
  LookupFailure,
  MatchedBom,
  PartCandidate,
  PriceBomOptions,
  PriceBomResult,
  PricedBomLine,
  SuggestionUsed,
} from './price-types';
export { matchBom } from './price-match';
export { replacementText, splitReplacement } from './match-lines';

/**
 * Plans a matched BOM (matchBom) for `options.boards` boards (default 1): each line's need is its quantity per board
 * times the boards, worked out here and nowhere before, and each part's lines are bought together as the plan says
 * (src/plan). Skipped rows are kept as 'skipped' lines, so every row has a status. Asks no service; nothing of
 * `matched` is changed, so one match serves any number of plans.
 */
export function priceMatched(matched: MatchedBom, read: BomReadResult, options: PriceBomOptions = {}): PriceBomResult {
  const now = options.now ?? (() => new Date());
  const boards = boardsToPrice(options.boards);
  const firstRowNumber = options.firstRowNumber ?? 1;
  const { currency, rates } = matched;
  const overbuy = overbuyThreshold(options.overbuyThreshold);
  const timing = options.timing ?? null;
  const planOptions = planOptionsOf(rates, options, options.overage);

  let lines: PricedBomLine[] = matched.settled.map((s) =>
    settledLine(s, needFor(s.line.quantityPerBoard, boards), planOptions),
  );
  const bought: Matched[] = [...matched.matched];

  // Each line with approved alternates buys its own part or one of them, as the setting says.
  const alternateUsed = new Map<number, NonNullable<PricedBomLine['alternate']>>();
  for (const { line, own, notFoundAsOf, alternates: alts } of matched.withAlternates) {
    const need = needFor(line.quantityPerBoard, boards);
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
  const timings: PartTiming[] | null = timing ? [] : null;
  const ctx: PlanContext = { partOptions: planOptions, currency, firstRowNumber, overbuy, boards, timing, timings };
  planEach(planGroups, ctx, lines, plans, breaks);
  lines = finishLines(lines, read, boards, alternateUsed, options);

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
    schedule: timing && timings ? scheduleOfTimings(timings, timing.today, timing.needBy, boards) : null,
  };
}

/** What planning each part's group needs beyond the group. */
interface PlanContext {
  partOptions: PlanOptions;
  currency: string;
  firstRowNumber: number;
  overbuy: OverbuyThreshold;
  /** Each line needs its quantity per board times this. */
  boards: number;
  timing: PriceBomOptions['timing'] | null;
  /** Each part's timing, as it is planned (when `timing` is given). */
  timings: PartTiming[] | null;
}

/**
 * Plans each group of lines that buys one part, adding their priced lines, the plans and the price breaks of the
 * offers bought. A loop of its own, apart from what runs once per BOM, so that its compiled code stays as it is.
 */
function planEach(
  planGroups: readonly Matched[][],
  ctx: PlanContext,
  lines: PricedBomLine[],
  plans: PartPlan[],
  breaks: PriceBreakRow[],
): void {
  const { partOptions, currency, firstRowNumber, overbuy, boards, timing, timings } = ctx;
  for (let g = 0; g < planGroups.length; g++) {
    const group = planGroups[g];
    const inputs: { id: number; need: number }[] = [];
    for (let i = 0; i < group.length; i++) {
      const line = group[i].line;
      inputs.push({ id: line.row, need: needFor(line.quantityPerBoard, boards) });
    }
    const pins = groupPins(group, firstRowNumber);
    const { plan, timing: t } = buyPart(
      { part: group[0].part, lines: inputs, pins, pinsNoun: 'row' },
      partOptions,
      timing,
    );
    plans.push(plan);
    if (timings && t) timings.push(t);
    plannedLines(group, plan, currency, firstRowNumber, overbuy, lines);
    // The price breaks of each offer bought (or waited for), once per part, at the part's first line.
    addBreaks(breaks, plan, group[0].line.row + firstRowNumber);
  }
}

/** The price breaks of the offers a plan buys (or the one it waits for), as priceBreaksTable lists them. */
function addBreaks(breaks: PriceBreakRow[], plan: PartPlan, lineRow: number): void {
  const { purchases } = plan;
  let offers: Offer[];
  if (purchases.length === 1) offers = [purchases[0].offer];
  else if (purchases.length > 1) {
    const all: Offer[] = [];
    for (let i = 0; i < purchases.length; i++) all.push(purchases[i].offer);
    offers = uniqueOffers(all);
  } else if (plan.quote) offers = [plan.quote.offer];
  else return;
  const partNumber = plan.part.partNumber;
  const manufacturer = makerOf(plan.part);
  for (let o = 0; o < offers.length; o++) {
    const offer = offers[o];
    const source = offer.sourceCode || offer.sourceName || null;
    const itemId = offer.sourcePartId || null;
    const tiers = sortedBreaksOf(offer.breaks);
    for (let t = 0; t < tiers.length; t++) {
      const tier = tiers[t];
      breaks.push({
        lineRow,
        part: partNumber,
        manufacturer,
        source,
        itemId,
        currency: offer.currency,
        minQty: tier.minQty,
        maxQty: Number.isFinite(tier.maxQty) ? tier.maxQty : null,
        unitPrice: tier.price,
      });
    }
  }
}

/** The lines with the skipped rows added, in row order, with the alternates and replacements they used said. */
function finishLines(
  planned: PricedBomLine[],
  read: BomReadResult,
  boards: number,
  alternateUsed: ReadonlyMap<number, NonNullable<PricedBomLine['alternate']>>,
  options: PriceBomOptions,
): PricedBomLine[] {
  let lines = planned;
  for (const skip of read.skipped) {
    // A line to buy that cannot be priced keeps its need, so the buyer sees what is still to be found.
    const need = skip.quantityPerBoard === undefined ? null : needFor(skip.quantityPerBoard, boards);
    lines.push(skippedLine(skip, need));
  }
  lines = inRowOrder(lines);
  if (alternateUsed.size > 0) {
    for (const line of lines) {
      const alt = alternateUsed.get(line.row);
      if (alt && line.status !== 'skipped') line.alternate = alt;
    }
  }
  restoreReplaced(lines, read, options.suggestionsUsed ?? []);
  if (options.settleLines) lines = options.settleLines(lines);
  return lines;
}

/**
 * The lines sorted by row, as a stable sort leaves them: each in the slot of its row when rows are distinct whole
 * numbers of a BOM's size (as they are), without a comparison per pair; by a sort otherwise. The same array.
 */
export function inRowOrder(lines: PricedBomLine[]): PricedBomLine[] {
  const n = lines.length;
  let max = -1;
  for (let i = 0; i < n; i++) {
    const row = lines[i].row;
    if (!Number.isInteger(row) || row < 0 || row > 4 * n + 1024) return lines.sort(byRow);
    if (row > max) max = row;
  }
  const slots: Array<PricedBomLine | null> = new Array<PricedBomLine | null>(max + 1).fill(null);
  for (let i = 0; i < n; i++) {
    const line = lines[i];
    if (slots[line.row] !== null) return lines.sort(byRow);
    slots[line.row] = line;
  }
  let at = 0;
  for (let row = 0; row <= max; row++) {
    const line = slots[row];
    if (line !== null) lines[at++] = line;
  }
  return lines;
}

function byRow(a: PricedBomLine, b: PricedBomLine): number {
  return a.row - b.row;
}

/** A skipped row as a priced line (built whole, for the reason emptyLine gives). */
function skippedLine(skip: SkippedLine, need: number | null): PricedBomLine {
  const out = emptyLine({ row: skip.row, partNumber: '', manufacturer: '' }, need);
  out.status = 'skipped';
  out.statusReason = skip.detail;
  return out;
}

/**
 * Prices every line of a read BOM for `options.boards` boards: matchBom, then priceMatched. Rejects with
 * CatalogError('cancelled') when `signal` aborts; a failed lookup does not reject (see the module note).
 */
export async function priceBom(
  read: BomReadResult,
  scheduler: BomLookupPort,
  options: PriceBomOptions = {},
): Promise<PriceBomResult> {
  return priceMatched(await matchBom(read, scheduler, options), read, options);
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
