/** Matching BOM lines to the parts their lookups found (the pricing step's first half; see price-lines.ts). */
import { CatalogError, isCatalogError } from '../catalog/errors';
import type { Part } from '../catalog/model';
import { partNumberKey as wirePartKey, partNumberProblem, partNumberProblemText } from '../../protocol/part-number';
import type { LookupRequest, LookupResult } from '../lookup/types';
import { baseOnly, userCurrency, wireCurrency } from '../pricing/rates';
import { overbuyThreshold } from '../plan/overbuy';
import { BomError } from '../bom/errors';
import { MAX_BOARDS } from '../bom/read-result';
import { choosePart, makerName as makerOf } from '../match';
import type { PricedColumnKey } from './priced-layout';
import type { BomLine, BomReadResult } from '../bom/read';
import { countOf } from '../text/plural';
import type {
  BomLookupPort,
  LookupFailure,
  MatchedBom,
  Matched,
  PartCandidate,
  PriceBomOptions,
  PricedBomLine,
  SettledLine,
  WithAlternates,
} from './price-types';

const MAX_CANDIDATES_LISTED = 5;

/**
 * A line with no result yet. Every field is written out rather than spread from NO_RESULT: V8 (Node 20) gives an
 * object made by a spread a hidden class of its own as soon as a property is added to it, so thousands of lines
 * would each have their own shape, every read of their fields would miss its inline cache, and pricing a large BOM
 * would take seconds. It must have every priced column's field: a column added to the layout without its empty
 * value here does not compile.
 */
export function emptyLine(
  line: Pick<BomLine, 'row' | 'partNumber' | 'manufacturer'>,
  need: number | null,
): PricedBomLine {
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
    countryOfOrigin: null,
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
  } satisfies PricedBomLine & Record<PricedColumnKey, unknown>;
}

export function candidateOf(part: Part): PartCandidate {
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

/** The parts as candidates, pushed one by one (an array of one kind, see chooseOffers). */
function candidatesOf(parts: readonly Part[]): PartCandidate[] {
  const out: PartCandidate[] = [];
  for (let i = 0; i < parts.length; i++) out.push(candidateOf(parts[i]));
  return out;
}

function candidateList(candidates: readonly PartCandidate[]): string {
  const shown = candidates
    .slice(0, MAX_CANDIDATES_LISTED)
    .map((c) => (c.manufacturer ? `${c.partNumber} (${c.manufacturer})` : c.partNumber));
  const more = candidates.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

type Choice = { part: Part; note?: string } | { candidates: PartCandidate[]; parts: Part[]; reason: string };

export const DEFAULT_AMBIGUOUS_FIX = 'give the manufacturer to choose';

/**
 * Which of the parts found the BOM line means (src/match, the rule the PARTS cells follow too), in the line's
 * words: a part matched under another maker's name is priced with a note, and the candidates of an ambiguous line
 * are listed, with what to do when makers compete and the BOM names none. Null when no part was found.
 */
export function choosePartFor(line: BomLine, found: readonly Part[], fixText: string): Choice | null {
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
      const candidates = candidatesOf(choice.parts);
      return {
        candidates,
        parts: choice.parts,
        reason: `manufacturer "${line.manufacturer}" matches none of ${countOf(candidates.length, 'candidate')}: ${candidateList(candidates)}`,
      };
    }
    case 'ambiguous': {
      const candidates = candidatesOf(choice.parts);
      const fix = choice.makersCompete && line.manufacturer === '' ? `; ${fixText}` : '';
      return {
        candidates,
        parts: choice.parts,
        reason: `${countOf(candidates.length, 'candidate')}: ${candidateList(candidates)}${fix}`,
      };
    }
  }
}

export function settled(
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

/**
 * The choices made for the lines of a BOM, by what a choice depends on (the part number as written, which names its
 * lookup, the maker, the distributor numbers): the lines of a part that say the same are matched once. Lines that
 * give no distributor numbers, nearly all, are found by their part number's and maker's texts, with no key to build.
 */
interface ChoiceMemo {
  byText: Map<string, Map<string, Choice | null>>;
  byKey: Map<string, Choice | null>;
}

function choiceMemo(): ChoiceMemo {
  return { byText: new Map(), byKey: new Map() };
}

export function memoChoice(line: BomLine, parts: readonly Part[], fixText: string, memo: ChoiceMemo): Choice | null {
  if (line.supplierPartNumbers.length === 0) {
    let byMaker = memo.byText.get(line.partNumber);
    if (byMaker === undefined) {
      byMaker = new Map();
      memo.byText.set(line.partNumber, byMaker);
    }
    let found = byMaker.get(line.manufacturer);
    if (found === undefined) {
      found = choosePartFor(line, parts, fixText);
      byMaker.set(line.manufacturer, found);
    }
    return found;
  }
  const key = `${line.partNumber}\u0000${line.manufacturer}\u0000${line.supplierPartNumbers.join('\u0001')}`;
  let choice = memo.byKey.get(key);
  if (choice === undefined) {
    choice = choosePartFor(line, parts, fixText);
    memo.byKey.set(key, choice);
  }
  return choice;
}

/**
 * The line as matched to a part, before the plan: ambiguous and not-found lines are settled here. `asOf`: the
 * lookup's, one Date for its lines; `memo`: the choices already made for the lines of the same lookup.
 */
export function matchLine(
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

export function isMatched(m: SettledLine | Matched): m is Matched {
  return 'part' in m;
}

export function failedLine(line: BomLine, error: CatalogError): SettledLine {
  const out = settled(line, 'no price', `service error: ${error.message}`, null);
  out.lookupError = error.kind;
  return out;
}

/** A part number the service cannot look up: why, or null when it can be looked up. */
export function unsearchable(partNumber: string): string | null {
  const problem = partNumberProblem(partNumber);
  return problem ? `the part number ${partNumberProblemText(problem)}` : null;
}

/**
 * Why a part number cannot be looked up (null when it can) and its lookup key, each text read once: a BOM repeats
 * its part numbers.
 */
function partNumberReader(): (partNumber: string) => { why: string | null; key: string } {
  const readings = new Map<string, { why: string | null; key: string }>();
  return (partNumber) => {
    let reading = readings.get(partNumber);
    if (reading === undefined) {
      const why = unsearchable(partNumber);
      reading = { why, key: why === null ? wirePartKey(partNumber) : '' };
      readings.set(partNumber, reading);
    }
    return reading;
  };
}

/**
 * The number of boards a BOM is priced for (`options.boards`, default 1): a whole number from 1 to MAX_BOARDS, or a
 * BomError('bad-option') saying what was given.
 */
export function boardsToPrice(boards: number | undefined): number {
  const n = boards ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > MAX_BOARDS)
    throw new BomError(
      'bad-option',
      `The number of boards must be a whole number from 1 to ${MAX_BOARDS}; got ${String(n)}.`,
    );
  return n;
}

/** The pricing options checked before any lookup: the overbuy threshold and the number of boards. */
function checkPriceOptions(options: PriceBomOptions): void {
  overbuyThreshold(options.overbuyThreshold);
  boardsToPrice(options.boards);
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
  checkPriceOptions(options);

  const groups = new Map<string, BomLine[]>();
  const settledLines: SettledLine[] = [];
  const fixText = options.ambiguousFix ?? DEFAULT_AMBIGUOUS_FIX;
  const readPartNumber = partNumberReader();
  for (let i = 0; i < read.lines.length; i++) {
    const line = asPriced(read.lines[i]);
    const reading = readPartNumber(line.partNumber);
    const why = reading.why;
    if (why !== null) {
      settledLines.push(settled(line, 'not found', `${why}; not looked up`, null));
      continue;
    }
    const key = reading.key;
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
  // Pushed one by one (an array of one kind, see chooseOffers).
  const requests: LookupRequest[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const request: LookupRequest = { partNumber: groups.get(key)?.[0].partNumber ?? alternateKeys.get(key)! };
    if (asked) request.currency = asked;
    if (options.version) request.version = options.version;
    requests.push(request);
  }
  const results = await scheduler.lookupMany(requests, { signal: options.signal, onProgress: options.onProgress });
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');

  const failures: LookupFailure[] = [];
  const matched: Matched[] = [];
  const warnings = new Set<string>();
  const withAlternates: WithAlternates[] = [];
  // One memo for every lookup: a part number as written belongs to one lookup, so its choices never mix answers.
  const memo = choiceMemo();
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
    for (let k = 0; k < group.length; k++) {
      const line = group[k];
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
  // The answers by key, for the alternates (most BOMs have none).
  const resultByKey = withAlternates.length === 0 ? null : new Map(keys.map((key, i) => [key, results[i]] as const));
  for (const w of withAlternates) {
    w.alternates = w.line.alternates!.map((alt) => {
      const answer = resultByKey!.get(wirePartKey(alt.partNumber));
      if (!answer || isCatalogError(answer)) return { ...alt, part: null, asOf: new Date(0) };
      for (const warning of answer.result.warnings ?? []) warnings.add(warning);
      const choice = choosePart(
        { partNumber: alt.partNumber, manufacturer: alt.manufacturer, distributorPartNumbers: [] },
        answer.result.parts ?? [],
      );
      return { ...alt, part: choice.kind === 'chosen' ? choice.part : null, asOf: new Date(answer.asOf) };
    });
  }

  // Each part once, in the order first met (the rates are learned from the first parts): the lines of a part share it.
  const seen = new Set<Part>();
  for (let i = 0; i < matched.length; i++) seen.add(matched[i].part);
  for (const w of withAlternates) if (w.own) seen.add(w.own.part);
  for (const w of withAlternates) for (const a of w.alternates) if (a.part) seen.add(a.part);
  for (const s of settledLines) for (const part of s.parts) seen.add(part);
  const rates = options.rates ? await options.rates.tableFor(currency, [...seen], options.signal) : baseOnly(currency);
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

/** Whether a line's approved alternates compete: it gives some, and names no replacement or pinned offer of its own. */
export function usesAlternates(line: BomLine): boolean {
  return (line.alternates?.length ?? 0) > 0 && line.replacement === '' && line.pinnedOffer.trim() === '';
}

/**
 * A line with a replacement part number is looked up and matched as that part: the BOM's manufacturer names the
 * part it replaces, so only a maker named with the replacement chooses among the replacement's makers.
 */
export function asPriced(line: BomLine): BomLine {
  if (line.replacement === '') return line;
  const { partNumber, manufacturer } = splitReplacement(line.replacement);
  return { ...line, partNumber, manufacturer, manufacturerKey: '', supplierPartNumbers: [] };
}

const WITH_MAKER = /^(.*\S)\s+\(([^()]+)\)$/;

/**
 * A replacement cell: a part number, or "LM358N (Texas Instruments)" when the maker is named (the task pane writes
 * it so, as one part number can have several makers).
 */
/** The replacement cell for a part: "LM358N (Texas Instruments)", or the part number alone without a maker. */
export const replacementText = (partNumber: string, maker: string): string =>
  maker ? `${partNumber} (${maker})` : partNumber;

export function splitReplacement(text: string): { partNumber: string; manufacturer: string } {
  const m = WITH_MAKER.exec(text.trim());
  return m ? { partNumber: m[1], manufacturer: m[2].trim() } : { partNumber: text.trim(), manufacturer: '' };
}
