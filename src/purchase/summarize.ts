/**
 * The summary of a priced BOM, the one made per run: counts by status, the totals in the user's currency (in integer
 * micro-units, src/pricing/money.ts), per source, the cost of spares and overbuys, the not-Active count.
 */
import { isNotActive } from '../catalog/lifecycle';
import { type MicroTally, addAmount, fromMicro, microOf } from '../pricing/money';
import { BomError } from '../bom/errors';
import type { PricedLine } from './priced-layout';

/** A rate the plan converted with, for the summary's "as of". */
export interface SummaryRate {
  from: string;
  to: string;
  rate: number;
  /** "item service utm_currency=EUR, offer … of …" or "set by the user". */
  detail: string;
  asOf: string;
}

export interface PricedSummary {
  lines: number;
  priced: number;
  short: number;
  notFound: number;
  ambiguous: number;
  noPrice: number;
  skipped: number;
  /** The currency every amount is in (the user's); null when nothing was priced in any. */
  currency: string | null;
  /** What the build costs, in `currency`. */
  totalPerBuild: number;
  totalPerBoard: number;
  /** Per source, in `currency`, largest first. */
  bySource: Array<{ source: string; total: number; lines: number }>;
  /** The cost of spares: parts bought beyond the need (MOQ, packs, a cheaper larger break). */
  excess: number;
  /** Lines whose part's lifecycle is given and is not Active. */
  notActive: number;
  /** Lines marked overbuy (their spares cost more than the threshold), in `currency`. */
  overbuys: number;
  /** What those lines' spares cost, in `currency`: part of `excess`. */
  overbuySpares: number;
  /** The rates amounts were converted with, and currencies that could not be converted. */
  rates: SummaryRate[];
  missingRates: Array<{ from: string; to: string; reason: string }>;
  /**
   * Totals by currency: one entry, `currency`, when the lines are priced in one currency, as a plan's are.
   * Lines in several currencies (priced in different runs) are never added together.
   */
  totalsPerBoard: Record<string, number>;
  totalsPerBuild: Record<string, number>;
}

export interface SummarizeOptions {
  rates?: SummaryRate[];
  missingRates?: Array<{ from: string; to: string; reason: string }>;
}

function roundMoney(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/**
 * Counts by status, the total in the user's currency, per source, the cost of spares and the not-Active count.
 * Only priced and short lines with an amount count towards the totals; per board is the build total divided by the
 * number of boards. Lines in different currencies are never added: the totals by currency keep them apart, and
 * `totalPerBuild` is the total of the currency most lines are priced in.
 */
export function summarize(lines: readonly PricedLine[], boards: number, options: SummarizeOptions = {}): PricedSummary {
  if (!Number.isInteger(boards) || boards < 1) {
    throw new BomError(
      'bad-option',
      `The number of boards must be a whole number of 1 or more; got ${String(boards)}.`,
    );
  }
  const summary: PricedSummary = {
    lines: lines.length,
    priced: 0,
    short: 0,
    notFound: 0,
    ambiguous: 0,
    noPrice: 0,
    skipped: 0,
    currency: null,
    totalPerBuild: 0,
    totalPerBoard: 0,
    bySource: [],
    excess: 0,
    notActive: 0,
    overbuys: 0,
    overbuySpares: 0,
    rates: options.rates ?? [],
    missingRates: options.missingRates ?? [],
    totalsPerBoard: {},
    totalsPerBuild: {},
  };
  const build: Tally = new Map();
  const sources = new Map<string, Tally>();
  const excess = new Map<string, MicroTally>();
  const overbuys: Tally = new Map();
  // Most lines share their currency's text and their lifecycle's: each is read once while it repeats.
  let currencyGiven: string | null = null;
  let currencyRead = '';
  let lifecycleGiven: string | null | undefined = null;
  let lifecycleNotActive = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    switch (line.status) {
      case 'priced':
        summary.priced++;
        break;
      case 'short':
        summary.short++;
        break;
      case 'not found':
        summary.notFound++;
        break;
      case 'ambiguous':
        summary.ambiguous++;
        break;
      case 'no price':
        summary.noPrice++;
        break;
      case 'skipped':
        summary.skipped++;
        break;
    }
    if (line.status !== 'skipped') {
      if (line.lifecycle !== lifecycleGiven) {
        lifecycleGiven = line.lifecycle;
        lifecycleNotActive = isNotActive(line.lifecycle);
      }
      if (lifecycleNotActive) summary.notActive++;
    }
    if (
      (line.status !== 'priced' && line.status !== 'short') ||
      line.extended === null ||
      !Number.isFinite(line.extended)
    )
      continue;
    const given = line.currency ?? '';
    if (given !== currencyGiven) {
      currencyGiven = given;
      currencyRead = given.trim().toUpperCase();
    }
    const currency = currencyRead;
    if (currency === '') continue;
    let entry = build.get(currency);
    if (entry === undefined) {
      entry = { micro: 0n, small: 0, lines: 0 };
      build.set(currency, entry);
    }
    addAmount(entry, line.extended);
    entry.lines++;
    let perSource = sources.get(currency);
    if (perSource === undefined) {
      perSource = new Map();
      sources.set(currency, perSource);
    }
    // A line that buys nothing (out of stock everywhere, or its part's stock went to the lines above) is no source's.
    if (line.share !== 0) {
      const costs = line.sourceCosts;
      if (costs && costs.length > 0) {
        for (let k = 0; k < costs.length; k++) addToSource(perSource, costs[k].source, costs[k].extended);
      } else addToSource(perSource, line.source ?? '', line.extended);
    }
    if (typeof line.spareCost === 'number' && Number.isFinite(line.spareCost)) {
      let spares = excess.get(currency);
      if (spares === undefined) {
        spares = { micro: 0n, small: 0 };
        excess.set(currency, spares);
      }
      addAmount(spares, line.spareCost);
      if (line.overbuy) {
        let o = overbuys.get(currency);
        if (o === undefined) {
          o = { micro: 0n, small: 0, lines: 0 };
          overbuys.set(currency, o);
        }
        addAmount(o, line.spareCost);
        o.lines++;
      }
    }
  }
  addTotals(summary, boards, build, sources, excess, overbuys);
  return summary;
}

/** A line's cost from one source added to the source's tally. */
function addToSource(perSource: Tally, source: string, extended: number): void {
  const key = source || '(unknown)';
  let s = perSource.get(key);
  if (s === undefined) {
    s = { micro: 0n, small: 0, lines: 0 };
    perSource.set(key, s);
  }
  addAmount(s, extended);
  s.lines++;
}

/** Per-currency tallies of the priced lines: micro-units and line counts. */
type Tally = Map<string, MicroTally & { lines: number }>;

/**
 * The totals of the tallies into the summary: by currency, then the main currency's total, spares, overbuys and
 * sources. Kept apart from the loop over the lines, which runs hot, from this tail, which runs once.
 */
function addTotals(
  summary: PricedSummary,
  boards: number,
  build: Tally,
  sources: Map<string, Tally>,
  excess: Map<string, MicroTally>,
  overbuys: Tally,
): void {
  for (const [currency, entry] of [...build.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    summary.totalsPerBuild[currency] = fromMicro(microOf(entry));
    summary.totalsPerBoard[currency] = roundMoney(fromMicro(microOf(entry)) / boards);
  }
  const main = [...build.entries()].sort(([a, x], [b, y]) => y.lines - x.lines || a.localeCompare(b))[0];
  if (main) {
    const [currency, entry] = main;
    summary.currency = currency;
    const spares = excess.get(currency);
    const over = overbuys.get(currency);
    summary.totalPerBuild = fromMicro(microOf(entry));
    summary.totalPerBoard = roundMoney(fromMicro(microOf(entry)) / boards);
    summary.excess = fromMicro(spares ? microOf(spares) : 0n);
    summary.overbuys = over?.lines ?? 0;
    summary.overbuySpares = fromMicro(over ? microOf(over) : 0n);
    summary.bySource = [...(sources.get(currency) ?? new Map()).entries()]
      .map(([source, s]) => ({ source, total: fromMicro(microOf(s)), lines: s.lines }))
      .sort((a, b) => b.total - a.total || a.source.localeCompare(b.source));
  }
}
