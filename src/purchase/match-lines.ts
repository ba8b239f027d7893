/**
 * The lines of one BOM or of several looked up and matched to parts, once: lines are grouped by the part number as
 * the service compares it, whatever BOM they come from (one lookup per group, through the scheduler's lookupMany),
 * and the lines of a group that name the part alike are matched once (src/match: the rule the PARTS cells follow
 * too). Pricing one BOM (price-match.ts) and the purchase list of several (match-boms.ts) both start here; what each
 * then does with the lines (plan them per line, or gather them per part) is theirs.
 *
 * A failed lookup does not reject: its lines are settled as 'no price' with the service's words, and the failure is
 * listed. Rejects with CatalogError('cancelled') when `signal` aborts.
 */
import { CatalogError, isCatalogError } from '../catalog/errors';
import type { Part } from '../catalog/model';
import { partNumberKey as wirePartKey, partNumberProblem, partNumberProblemText } from '../../protocol/part-number';
import type { LookupRequest, LookupResult } from '../lookup/types';
import { wireCurrency } from '../pricing/rates';
import { choosePart, makerName as makerOf } from '../match';
import type { BomLine } from '../bom/read';
import { countOf } from '../text/plural';
import type {
  BomLookupPort,
  LookupFailure,
  Matched,
  PartCandidate,
  PricedBomLine,
  SettledLine,
  WithAlternates,
} from './price-types';
import { firstAndMore } from '../text/words';

const MAX_CANDIDATES_LISTED = 5;

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

/** The parts as candidates, pushed one by one (an array of one kind, see chooseOffers). */
function candidatesOf(parts: readonly Part[]): PartCandidate[] {
  const out: PartCandidate[] = [];
  for (let i = 0; i < parts.length; i++) out.push(candidateOf(parts[i]));
  return out;
}

function candidateList(candidates: readonly PartCandidate[]): string {
  return firstAndMore(candidates, MAX_CANDIDATES_LISTED, (c) =>
    c.manufacturer ? `${c.partNumber} (${c.manufacturer})` : c.partNumber,
  );
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

function memoChoice(line: BomLine, parts: readonly Part[], fixText: string, memo: ChoiceMemo): Choice | null {
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

export function isMatched(m: SettledLine | Matched): m is Matched {
  return 'part' in m;
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

/** What matchLines needs besides the lines: the currency asked for, and whether approved alternates compete. */
export interface MatchLinesOptions {
  /** The user's currency (already checked). */
  currency: string;
  version?: 'v3' | 'v4';
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** The words an ambiguous line's reason ends with when makers compete and the line names none. */
  ambiguousFix?: string;
  /** Approved alternates are looked up with the lines' parts and compete (pricing one BOM); else ignored. */
  alternates?: boolean;
}

/** One BOM line as matched: the line as read, and what the match made of it (for the line as asked, see asPriced). */
export interface LineMatch {
  bom: number;
  /** The line as read (a replacement's line is matched as the replacement; see asPriced). */
  read: BomLine;
  result: Matched | SettledLine | WithAlternates;
}

export interface MatchedLines {
  /** Every line: those not looked up first, in the order read, then by lookup, in the order the lookups were made. */
  lines: LineMatch[];
  /** The parts each answered lookup found, by its part-number key (also when none): stock rows match against them. */
  found: Map<string, Part[]>;
  failures: LookupFailure[];
  warnings: string[];
  lookups: number;
}

export function isWithAlternates(m: LineMatch['result']): m is WithAlternates {
  return 'alternates' in m;
}

type Entry = { bom: number; read: BomLine; asked: BomLine };

/** The approved alternates' part numbers to look up with the lines' own, by key (none already a line's key). */
function alternatesToLookUp(groups: ReadonlyMap<string, Entry[]>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const group of groups.values()) {
    for (const { asked } of group) {
      if (!usesAlternates(asked)) continue;
      for (const alt of asked.alternates!) {
        const key = wirePartKey(alt.partNumber);
        if (key === '' || unsearchable(alt.partNumber) !== null || groups.has(key) || keys.has(key)) continue;
        keys.set(key, alt.partNumber);
      }
    }
  }
  return keys;
}

/** Matches each line with alternates' alternates to the parts their lookups found (`answers` by key). */
function matchAlternates(
  withAlternates: readonly WithAlternates[],
  answers: ReadonlyMap<string, LookupResult | CatalogError | undefined>,
  warnings: Set<string>,
): void {
  for (const w of withAlternates) {
    w.alternates = w.line.alternates!.map((alt) => {
      const answer = answers.get(wirePartKey(alt.partNumber));
      if (!answer || isCatalogError(answer)) return { ...alt, part: null, asOf: new Date(0) };
      for (const warning of answer.result.warnings ?? []) warnings.add(warning);
      const choice = choosePart(
        { partNumber: alt.partNumber, manufacturer: alt.manufacturer, distributorPartNumbers: [] },
        answer.result.parts ?? [],
      );
      return { ...alt, part: choice.kind === 'chosen' ? choice.part : null, asOf: new Date(answer.asOf) };
    });
  }
}

/** Looks up every distinct part number of `boms` (each BOM's read lines) once and matches every line; see the module note. */
export async function matchLines(
  boms: ReadonlyArray<readonly BomLine[]>,
  scheduler: BomLookupPort,
  options: MatchLinesOptions,
): Promise<MatchedLines> {
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  const lines: LineMatch[] = [];
  const groups = new Map<string, Entry[]>();
  const fixText = options.ambiguousFix ?? DEFAULT_AMBIGUOUS_FIX;
  const readPartNumber = partNumberReader();
  for (let b = 0; b < boms.length; b++) {
    const read = boms[b];
    for (let i = 0; i < read.length; i++) {
      const asked = asPriced(read[i]);
      const reading = readPartNumber(asked.partNumber);
      if (reading.why !== null) {
        lines.push({
          bom: b,
          read: read[i],
          result: settled(asked, 'not found', `${reading.why}; not looked up`, null),
        });
        continue;
      }
      const group = groups.get(reading.key);
      if (group) group.push({ bom: b, read: read[i], asked });
      else groups.set(reading.key, [{ bom: b, read: read[i], asked }]);
    }
  }

  const alternateKeys = options.alternates ? alternatesToLookUp(groups) : new Map<string, string>();
  const primaryKeys = [...groups.keys()];
  const keys = [...primaryKeys, ...alternateKeys.keys()];
  const currency = wireCurrency(options.currency);
  // Pushed one by one (an array of one kind, see chooseOffers).
  const requests: LookupRequest[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const request: LookupRequest = { partNumber: groups.get(key)?.[0].asked.partNumber ?? alternateKeys.get(key)! };
    if (currency) request.currency = currency;
    if (options.version) request.version = options.version;
    requests.push(request);
  }
  const results = await scheduler.lookupMany(requests, { signal: options.signal, onProgress: options.onProgress });
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');

  const found = new Map<string, Part[]>();
  const failures: LookupFailure[] = [];
  const warnings = new Set<string>();
  const withAlternates: WithAlternates[] = [];
  // One memo for every lookup: a part number as written belongs to one lookup, so its choices never mix answers.
  const memo = choiceMemo();
  for (let i = 0; i < primaryKeys.length; i++) {
    const group = groups.get(primaryKeys[i])!;
    const answer = results[i];
    if (!answer || isCatalogError(answer)) {
      const error = answer ?? new CatalogError('malformed', 'The lookup gave no answer.');
      failures.push({ partNumber: group[0].asked.partNumber, rows: group.map((g) => g.asked.row), error });
      for (const g of group) lines.push({ bom: g.bom, read: g.read, result: failedLine(g.asked, error) });
      continue;
    }
    for (const w of answer.result.warnings ?? []) warnings.add(w);
    found.set(
      primaryKeys[i],
      answer.result.numberFound > 0 && Array.isArray(answer.result.parts) ? answer.result.parts : [],
    );
    const asOf = new Date(answer.asOf);
    for (let k = 0; k < group.length; k++) {
      const { bom, read, asked } = group[k];
      const m = matchLine(asked, answer, fixText, asOf, memo);
      if (options.alternates && usesAlternates(asked) && (isMatched(m) || m.status === 'not found')) {
        const w: WithAlternates = {
          line: asked,
          own: isMatched(m) ? m : null,
          notFoundAsOf: isMatched(m) ? null : m.asOf,
          alternates: [],
        };
        withAlternates.push(w);
        lines.push({ bom, read, result: w });
      } else lines.push({ bom, read, result: m });
    }
  }
  if (withAlternates.length > 0)
    matchAlternates(withAlternates, new Map(keys.map((key, i) => [key, results[i]])), warnings);
  return { lines, found, failures, warnings: [...warnings], lookups: keys.length };
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

/** The replacement cell for a part: "LM358N (Texas Instruments)", or the part number alone without a maker. */
export const replacementText = (partNumber: string, maker: string): string =>
  maker ? `${partNumber} (${maker})` : partNumber;

/**
 * A replacement cell read back: a part number, or "LM358N (Texas Instruments)" when the maker is named (the task
 * pane writes it so, as one part number can have several makers).
 */
export function splitReplacement(text: string): { partNumber: string; manufacturer: string } {
  const m = WITH_MAKER.exec(text.trim());
  return m ? { partNumber: m[1], manufacturer: m[2].trim() } : { partNumber: text.trim(), manufacturer: '' };
}
