/**
 * Suggestions for a priced BOM's problem lines: not found, not Active, short of stock, or an overbuy. Never applied:
 * each is a candidate the buyer may choose, said with how close it is.
 *
 * Candidates come from one prefix list search for all problem lines together (as few requests as the service's
 * limits allow: 1000 prefixes a request, and about 2,500 parts an answer):
 * - the family stem of the line's part number ("LMV324" of "LMV324AW5-13"): its other packages and grades;
 * - for chip resistors and ceramic capacitors, the same value, size, tolerance, voltage and dielectric in the major
 *   series (src/suggest/series.ts), the parameters read from the line's Value, Footprint and Description cells or
 *   the matched part's description.
 *
 * Each candidate has a match class — "same family and package", "same parameters, other series", or "differs in …"
 * — its parameters beside the line's, its lifecycle, stock and price at the line's need (as the plan would buy it).
 * Candidates that are not Active are left out; those that differ in value or package rank below all others.
 */
import { CatalogError, isCatalogError } from '../catalog/errors';
import type { ListAnswer, Part } from '../catalog/model';
import type { ListPart } from '../catalog/client';
import { isNotActive } from '../catalog/lifecycle';
import { makerName } from '../match';
import { type PartParameters, compareParameters, parametersText, readParameters } from '../parts/parameters';
import { toMicro } from '../pricing/money';
import type { PlanOptions } from '../plan/plan';
import { type Quote, quotePart } from '../plan/quote';
import { familyStem, partKey, seriesPrefixes } from './series';

export type ProblemKind = 'not found' | 'not Active' | 'short' | 'overbuy';

/** A line to find suggestions for. */
export interface ProblemLine {
  /** 0-based BOM row. */
  row: number;
  /** The part number as the BOM gives it. */
  partNumber: string;
  need: number;
  problems: ProblemKind[];
  /** The texts its parameters are read from: Value, Footprint, Description cells, then the matched part's description. */
  texts: string[];
  /** The part the line was matched to, when found. */
  part: Part | null;
}

export type MatchClass = 'same family and package' | 'same parameters, other series' | 'differs';

export interface Suggestion {
  partNumber: string;
  manufacturer: string;
  description: string;
  itemId: number;
  matchClass: MatchClass;
  /** What differs from the line, worse or not ("package SOT-23-5, the line SO-8"); empty when nothing stated differs. */
  differences: string[];
  /** It differs in value or package (or kind): marked, and ranked below the others. */
  differsInValueOrPackage: boolean;
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
  candidates: Suggestion[];
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
  return readParameters(...line.texts);
}

/** The queries of one line: its family stem (not for a chip passive whose parameters are known), then its series. */
function queriesOf(line: ProblemLine, params: PartParameters, rows: number, seriesPerLine: number): Query[] {
  const series = seriesPrefixes(params, seriesPerLine).map((s): Query => ({
    prefix: s.prefix,
    foundBy: s.series,
    expected: 2,
  }));
  const out: Query[] = [];
  const stem = series.length > 0 ? null : familyStem(line.part?.partNumber ?? line.partNumber);
  if (stem) out.push({ prefix: stem, foundBy: `family ${stem}`, expected: rows });
  return [...out, ...series];
}

const CLASS_RANK: Record<MatchClass, number> = {
  'same family and package': 0,
  'same parameters, other series': 1,
  differs: 2,
};

function classify(
  line: ProblemLine,
  want: PartParameters,
  part: Part,
  stem: string | null,
): Omit<Suggestion, 'quote' | 'foundBy' | 'stock'> {
  const have = readParameters(part.description, part.packageType);
  const diffs = compareParameters(want, have);
  const valueOrPackage = diffs.some((d) => d.field === 'value' || d.field === 'package' || d.field === 'kind');
  const worse = diffs.some((d) => d.worse);
  const sameFamily = stem !== null && partKey(part.partNumber).startsWith(stem);
  const samePackage = want.package !== null && have.package === want.package;
  let matchClass: MatchClass = 'differs';
  if (sameFamily && !valueOrPackage && (samePackage || want.package === null || have.package === null) && !worse)
    matchClass = 'same family and package';
  else if (!sameFamily && !worse && want.value !== null && have.value !== null && samePackage)
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
    differsInValueOrPackage: valueOrPackage,
    parameters: parametersText(have),
    lifecycle: part.status ?? '',
  };
}

/** Better first: class, not differing in value or package, covering the need, then cheaper for the need. */
function compareSuggestions(a: Suggestion, b: Suggestion): number {
  const byValue = Number(a.differsInValueOrPackage) - Number(b.differsInValueOrPackage);
  if (byValue !== 0) return byValue;
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
      candidates: candidates.slice(0, perLine),
    };
  });
  return { lines, requests, prefixes: unique.size, failed };
}
