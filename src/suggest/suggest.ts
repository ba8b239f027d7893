/**
 * Suggestions for a priced BOM's problem lines: not found, not Active, short of stock, or an overbuy. Never applied:
 * each is a candidate the buyer may choose, said with how close it is.
 *
 * Candidates come from one prefix list search for all problem lines together (as few requests as the service's
 * limits allow: 1000 prefixes a request, and about 2,500 parts an answer):
 * - the line's siblings: its part number without the packaging suffix, or up to the frequency it writes;
 * - the family stem of the line's part number ("LMV324" of "LMV324AW5-13"): its other packages and grades;
 * - for chip resistors and ceramic capacitors, the same value, size, tolerance, voltage and dielectric in the major
 *   series (src/suggest/series.ts), the parameters read from the line's Value, Footprint and Description cells or
 *   the matched part's description.
 *
 * Each candidate has its fit (the line's value and package kept, another value, another package, or not known),
 * a match class — "same family and package", "same parameters, other series", "same family" or "differs" — its
 * parameters beside the line's, its lifecycle, stock and price at the line's need (as the plan would buy it).
 * Candidates that are not Active are left out; those of another known value are listed apart (`otherValues`), never
 * among the line's suggestions; those of another package rank below the rest.
 */
import { CatalogError, isCatalogError } from '../catalog/errors';
import type { ListAnswer, Part } from '../catalog/model';
import type { ListPart } from '../catalog/client';
import { isNotActive } from '../catalog/lifecycle';
import { makerName } from '../match';
import { type PartParameters, compareParameters, parametersText, sameValue } from '../parts/parameters';
import { readPartParameters } from '../parts/part-numbers';
import { sameFrequency } from '../parts/frequency';
import { toMicro } from '../pricing/money';
import type { PlanOptions } from '../plan/plan';
import { type Quote, quotePart } from '../plan/quote';
import { familyStem, partKey, seriesPrefixes, siblingPrefixes } from './series';

export type ProblemKind = 'not found' | 'not Active' | 'short' | 'overbuy';

/** A line to find suggestions for. */
export interface ProblemLine {
  /** 0-based BOM row. */
  row: number;
  /** The part number as the BOM gives it. */
  partNumber: string;
  need: number;
  problems: ProblemKind[];
  /**
   * The texts its parameters are read from: Value, Footprint, Description cells, then the matched part's description
   * and package.
   */
  texts: string[];
  /** The part the line was matched to, when found. */
  part: Part | null;
}

export type MatchClass = 'same family and package' | 'same parameters, other series' | 'same family' | 'differs';

/**
 * How far a candidate is known to fit the line, from the parameters both state:
 * - `same`: its value (or frequency) and package are those of the line (an IC: its package);
 * - `different value`: a value, frequency or kind both state differs;
 * - `different package`: the value does not differ, the package both state does;
 * - `unknown`: what would tell was not read on one side or the other.
 */
export type SuggestionFit = 'same' | 'different value' | 'different package' | 'unknown';

export interface Suggestion {
  partNumber: string;
  manufacturer: string;
  description: string;
  itemId: number;
  matchClass: MatchClass;
  /** What differs from the line, worse or not ("package SOT-23-5, the line SO-8"); empty when nothing stated differs. */
  differences: string[];
  /** Whether it keeps the line's value and package: a different value is marked and ranked below every other. */
  fit: SuggestionFit;
  parameters: string;
  lifecycle: string;
  stock: number;
  /** What the plan would pay for the line's need of it. */
  quote: Quote;
  /** Where it came from: "family LMV324", "Yageo RC". */
  foundBy: string;
}

export interface LineSuggestions {
  row: number;
  partNumber: string;
  problems: ProblemKind[];
  /** The line's parameters as read: "4.7 µF 16 V X5R 0603"; '' when none. */
  lineParameters: string;
  /** Candidates of the line's value or of a value not read, best first: never one of another known value. */
  candidates: Suggestion[];
  /** Parts found of another known value (or kind), best first: listed apart, never a suggestion for the line. */
  otherValues: Suggestion[];
}

/** What suggestions need of the catalog client: a list search by prefix. */
export interface PrefixSearchPort {
  searchList(
    parts: ListPart[],
    opts: { exact?: boolean; rows?: number; currency?: string; signal?: AbortSignal },
  ): Promise<ListAnswer>;
}

export interface SuggestOptions extends PlanOptions {
  /** Currency asked of the service (as the pricing did). */
  currency?: string;
  /** Candidates kept per line (default 5). */
  perLine?: number;
  /** Parts the service returns per prefix (default 4). */
  rows?: number;
  /** Series prefixes per passive line (default 3). */
  seriesPerLine?: number;
  signal?: AbortSignal;
}

export interface SuggestResult {
  lines: LineSuggestions[];
  /** List searches sent. */
  requests: number;
  /** Distinct prefixes searched. */
  prefixes: number;
  /** Prefixes whose search failed (their lines may lack candidates). */
  failed: number;
}

/** Prefixes per request; the service takes 1000. */
const MAX_PREFIXES = 1000;
/** Parts an answer may hold before the service refuses it (2,500), with room to spare. */
const ANSWER_PARTS = 2400;

interface Query {
  prefix: string;
  /** How it was built: a family stem, or a series. */
  foundBy: string;
  /** Parts it may return: `rows` for a stem, fewer for an exact-parameter prefix. */
  expected: number;
}

/** The requests: prefixes packed in order so that each stays within the prefix and answer limits. */
function batches(queries: readonly Query[]): Query[][] {
  const out: Query[][] = [];
  let cur: Query[] = [];
  let parts = 0;
  for (const q of queries) {
    if (cur.length > 0 && (cur.length >= MAX_PREFIXES || parts + q.expected > ANSWER_PARTS)) {
      out.push(cur);
      cur = [];
      parts = 0;
    }
    cur.push(q);
    parts += q.expected;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

function lineParameters(line: ProblemLine): PartParameters {
  return readPartParameters([line.partNumber, line.part?.partNumber], line.texts);
}

/**
 * The queries of one line: (not for a chip passive whose parameters are known) its siblings — the part number
 * without its last suffix, and up to its frequency — and its family stem; then its series.
 */
function queriesOf(line: ProblemLine, params: PartParameters, rows: number, seriesPerLine: number): Query[] {
  const series = seriesPrefixes(params, seriesPerLine).map((s): Query => ({
    prefix: s.prefix,
    foundBy: s.series,
    expected: 2,
  }));
  if (series.length > 0) return series;
  const partNumber = line.part?.partNumber ?? line.partNumber;
  const out: Query[] = siblingPrefixes(partNumber).map((prefix) => ({
    prefix,
    foundBy: `siblings of ${partNumber}`,
    expected: rows,
  }));
  const stem = familyStem(partNumber);
  if (stem && !out.some((q) => partKey(q.prefix) === stem))
    out.push({ prefix: stem, foundBy: `family ${stem}`, expected: rows });
  return out;
}

const CLASS_RANK: Record<MatchClass, number> = {
  'same family and package': 0,
  'same parameters, other series': 1,
  'same family': 2,
  differs: 3,
};

const FIT_RANK: Record<SuggestionFit, number> = { same: 0, unknown: 0, 'different package': 1, 'different value': 2 };

/** How far `have` is known to keep the value (or frequency) and package of `want`. */
function fitOf(want: PartParameters, have: PartParameters, fields: ReadonlySet<string>): SuggestionFit {
  if (fields.has('value') || fields.has('frequency') || fields.has('kind')) return 'different value';
  if (fields.has('package')) return 'different package';
  if (want.package === null || have.package === null) return 'unknown';
  const valued = (p: PartParameters) => p.value !== null || p.frequency !== null || p.kind !== null;
  if (!valued(want) && !valued(have)) return 'same';
  const value =
    want.value !== null && have.value !== null && want.unit === have.unit && sameValue(want.value, have.value);
  const frequency = want.frequency !== null && have.frequency !== null && sameFrequency(want.frequency, have.frequency);
  return value || frequency ? 'same' : 'unknown';
}

function classify(
  line: ProblemLine,
  want: PartParameters,
  part: Part,
  stem: string | null,
): Omit<Suggestion, 'quote' | 'foundBy' | 'stock'> {
  const have = readPartParameters([part.partNumber], [part.description, part.packageType]);
  const diffs = compareParameters(want, have);
  const fit = fitOf(want, have, new Set(diffs.map((d) => d.field)));
  const worse = diffs.some((d) => d.worse);
  const sameFamily = stem !== null && partKey(part.partNumber).startsWith(stem);
  // "Same" only of what was read on both sides: a candidate of no parameters read is of the family, no more.
  let matchClass: MatchClass = 'differs';
  if (sameFamily && fit === 'same' && !worse) matchClass = 'same family and package';
  else if (sameFamily && fit === 'unknown' && !worse) matchClass = 'same family';
  else if (!sameFamily && !worse && fit === 'same' && (want.value !== null || want.frequency !== null))
    matchClass = 'same parameters, other series';
  const differences = diffs.map((d) => d.text);
  if (want.package === null && have.package !== null && sameFamily)
    differences.push(`package ${have.package}, the line's not stated`);
  return {
    partNumber: part.partNumber,
    manufacturer: makerName(part),
    description: part.description,
    itemId: part.itemId,
    matchClass,
    differences,
    fit,
    parameters: parametersText(have),
    lifecycle: part.status ?? '',
  };
}

/**
 * Better first: a different value below every other (one of the same value or not known to differ), a different
 * package below the rest; then class, covering the need, fewer differences, cheaper for the need.
 */
function compareSuggestions(a: Suggestion, b: Suggestion): number {
  const byFit = FIT_RANK[a.fit] - FIT_RANK[b.fit];
  if (byFit !== 0) return byFit;
  const byClass = CLASS_RANK[a.matchClass] - CLASS_RANK[b.matchClass];
  if (byClass !== 0) return byClass;
  const byWorse = a.differences.length - b.differences.length;
  const covers = (s: Suggestion) => (s.quote.status === 'planned' ? 0 : s.quote.status === 'short' ? 1 : 2);
  const byCover = covers(a) - covers(b);
  if (byCover !== 0) return byCover;
  if (byWorse !== 0) return byWorse;
  const ta = a.quote.total === null ? null : toMicro(a.quote.total);
  const tb = b.quote.total === null ? null : toMicro(b.quote.total);
  if (ta !== null && tb !== null && ta !== tb) return ta < tb ? -1 : 1;
  if ((ta === null) !== (tb === null)) return ta === null ? 1 : -1;
  return a.partNumber < b.partNumber ? -1 : a.partNumber > b.partNumber ? 1 : 0;
}

/**
 * Suggestions for every problem line, from as few prefix list searches as the limits allow. Lines whose
 * searches fail get what the others found (`failed` counts the prefixes lost); cancelling rejects.
 */
export async function suggestForLines(
  problems: readonly ProblemLine[],
  port: PrefixSearchPort,
  options: SuggestOptions,
): Promise<SuggestResult> {
  const rows = options.rows ?? 4;
  const perLine = options.perLine ?? 5;
  const seriesPerLine = options.seriesPerLine ?? 3;
  const params = problems.map(lineParameters);
  const perLineQueries = problems.map((line, i) => queriesOf(line, params[i], rows, seriesPerLine));
  const unique = new Map<string, Query>();
  for (const qs of perLineQueries) for (const q of qs) if (!unique.has(q.prefix)) unique.set(q.prefix, q);

  const found = new Map<string, Part[]>();
  let requests = 0;
  let failed = 0;
  const send = async (batch: Query[]): Promise<void> => {
    requests++;
    try {
      const answer = await port.searchList(
        batch.map((q) => ({ partNumber: q.prefix })),
        { exact: false, rows, currency: options.currency, signal: options.signal },
      );
      answer.results.forEach((r, i) => {
        if (batch[i]) found.set(batch[i].prefix, r.parts ?? []);
      });
    } catch (e) {
      if (options.signal?.aborted || (isCatalogError(e) && e.kind === 'cancelled'))
        throw e instanceof CatalogError ? e : new CatalogError('cancelled', 'Suggestions were cancelled.');
      // An answer too large for the service, or a failure: the halves once more, then what is lost is counted.
      if (batch.length > 50) {
        const half = Math.ceil(batch.length / 2);
        await send(batch.slice(0, half));
        await send(batch.slice(half));
      } else failed += batch.length;
    }
  };
  for (const batch of batches([...unique.values()])) await send(batch);

  const lines = problems.map((line, i): LineSuggestions => {
    const want = params[i];
    const stem = familyStem(line.part?.partNumber ?? line.partNumber);
    const own = new Set([partKey(line.partNumber), ...(line.part ? [partKey(line.part.partNumber)] : [])]);
    const seen = new Set<number>();
    const candidates: Suggestion[] = [];
    for (const q of perLineQueries[i]) {
      for (const part of found.get(q.prefix) ?? []) {
        if (seen.has(part.itemId) || own.has(partKey(part.partNumber)) || isNotActive(part.status)) continue;
        seen.add(part.itemId);
        const quote = quotePart(part, line.need, options);
        candidates.push({ ...classify(line, want, part, stem), quote, stock: quote.stock, foundBy: q.foundBy });
      }
    }
    candidates.sort(compareSuggestions);
    return {
      row: line.row,
      partNumber: line.partNumber,
      problems: line.problems,
      lineParameters: parametersText(want),
      candidates: candidates.filter((c) => c.fit !== 'different value').slice(0, perLine),
      otherValues: candidates.filter((c) => c.fit === 'different value').slice(0, perLine),
    };
  });
  return { lines, requests, prefixes: unique.size, failed };
}
