/**
 * The purchase list's first step: every line of every BOM looked up and matched, once, whatever the build
 * quantities. Lines are grouped by the part number as the service compares it (one lookup per group, for all BOMs
 * together), each group's lines that name the part alike are matched once (src/match), and the parts found are
 * gathered into accounts: per part, the lines of each BOM that use it with their quantities per build. Nothing here
 * depends on the number of builds, so one match serves every scenario of the list (src/purchase/scenarios.ts).
 */
import { CatalogError, isCatalogError } from '../catalog/errors';
import type { Part } from '../catalog/model';
import type { BomLine } from '../bom/read';
import { type BomLookupPort, type LookupFailure, splitReplacement } from './price-lines';
import type { LookupRequest } from '../lookup/types';
import { type PartChoice, choosePart, makerName } from '../match';
import { partNumberKey as wirePartKey, partNumberProblem, partNumberProblemText } from '../../protocol/part-number';
import { type RateTable, baseOnly, userCurrency, wireCurrency } from '../pricing/rates';
import { countOf } from '../text/plural';
import type { PurchaseBom, PurchaseOptions, UnlistedLine } from './types';

/** Parts are listed in the order of their first line: BOM index × ROW_SPAN + row. */
const ROW_SPAN = 1 << 22;

/** One part of the list as the BOMs' lines use it, before any build quantity applies. */
export interface PartAccount {
  part: Part;
  /** Every line of the part: its BOM and its quantity per build (the overage applies per line). */
  lines: Array<{ bom: number; perBuild: number }>;
  /** Per BOM: quantity per build, all its lines of the part together. */
  perBuild: number[];
  pinned: string | null;
  /** Every offer the BOMs' lines pin the part to, with the BOMs pinning it, in the order met. */
  pins: Array<{ offer: string; boms: string[] }>;
  firstRow: number;
}

/** A BOM line on no row of the list, with its quantity per build in place of its need. */
export interface UnlistedDraft extends Omit<UnlistedLine, 'need'> {
  /** Null when not known. */
  perBuild: number | null;
}

/** What the lookup and the matching found, for every build quantity alike. */
export interface MatchedBoms {
  names: string[];
  /** Per BOM: its lines read (matched or not). */
  lineCounts: number[];
  /** By the catalog's item id, in the order met. */
  accounts: Map<number, PartAccount>;
  unlisted: UnlistedDraft[];
  /** The parts each looked-up part number found, to match the stock rows with the rule the lines were matched by. */
  found: Map<string, Part[]>;
  /** The choices made for each looked-up part number, by what was asked (see askedKey). */
  chosen: Map<string, Map<string, PartChoice>>;
  failures: LookupFailure[];
  warnings: string[];
  currency: string;
  rates: RateTable;
  lookups: number;
}

/** What a line or a stock row asked for: rows asked alike share one choice. */
export function askedKey(partNumber: string, manufacturer: string, suppliers: readonly string[]): string {
  return `${partNumber}\u0000${manufacturer}\u0000${suppliers.join('\u0000')}`;
}

/** A line with a replacement part number is looked up and matched as that part (as a single BOM prices it). */
function asPriced(line: BomLine): BomLine {
  if (line.replacement === '') return line;
  const { partNumber, manufacturer } = splitReplacement(line.replacement);
  return { ...line, partNumber, manufacturer, manufacturerKey: '', supplierPartNumbers: [] };
}

/** A line's status and reason when no one part was chosen for it. */
function unmatchedText(
  choice: Exclude<PartChoice, { kind: 'chosen' }>,
  line: BomLine,
): { status: string; reason: string } {
  if (choice.kind === 'not-found') return { status: 'not found', reason: '' };
  const listed = choice.parts
    .slice(0, 5)
    .map((p) => `${p.partNumber} (${makerName(p)})`)
    .join(', ');
  const more = choice.parts.length > 5 ? ` and ${choice.parts.length - 5} more` : '';
  if (choice.kind === 'no-maker-match')
    return {
      status: 'ambiguous',
      reason: `manufacturer "${line.manufacturer}" matches none of ${countOf(choice.parts.length, 'candidate')}: ${listed}${more}`,
    };
  const fix = choice.makersCompete && line.manufacturer === '' ? '; give the manufacturer to choose' : '';
  return { status: 'ambiguous', reason: `${countOf(choice.parts.length, 'candidate')}: ${listed}${more}${fix}` };
}

type Group = Array<{ b: number; line: BomLine; asked: BomLine }>;

/** Every line of every BOM grouped by the part number as the service compares it; lines not to look up are unlisted. */
function groupLines(boms: readonly PurchaseBom[], unlisted: UnlistedDraft[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  boms.forEach((bom, b) => {
    for (const skip of bom.read.skipped) {
      if (skip.reason !== 'incomplete') continue;
      unlisted.push({
        bom: b,
        row: skip.row,
        partNumber: '',
        status: 'skipped',
        reason: skip.detail,
        perBuild: skip.quantityPerBoard ?? null,
      });
    }
    for (const line of bom.read.lines) {
      const asked = asPriced(line);
      const problem = partNumberProblem(asked.partNumber);
      if (problem) {
        unlisted.push({
          bom: b,
          row: line.row,
          partNumber: line.partNumber,
          status: 'not found',
          reason: `the part number ${partNumberProblemText(problem)}; not looked up`,
          perBuild: line.quantityPerBoard,
        });
        continue;
      }
      const key = wirePartKey(asked.partNumber);
      const group = groups.get(key);
      if (group) group.push({ b, line, asked });
      else groups.set(key, [{ b, line, asked }]);
    }
  });
  return groups;
}

/** Adds a matched line to its part's account (made when the part is first met). */
function account(
  accounts: Map<number, PartAccount>,
  boms: readonly PurchaseBom[],
  part: Part,
  b: number,
  line: BomLine,
): boolean {
  let acc = accounts.get(part.itemId);
  const isNew = acc === undefined;
  if (!acc) {
    acc = { part, lines: [], perBuild: boms.map(() => 0), pinned: null, pins: [], firstRow: b * ROW_SPAN + line.row };
    accounts.set(part.itemId, acc);
  }
  acc.firstRow = Math.min(acc.firstRow, b * ROW_SPAN + line.row);
  acc.lines.push({ bom: b, perBuild: line.quantityPerBoard });
  acc.perBuild[b] += line.quantityPerBoard;
  if (acc.pinned === null && line.pinnedOffer !== '') acc.pinned = line.pinnedOffer;
  if (line.pinnedOffer !== '') {
    const pin = acc.pins.find((p) => p.offer === line.pinnedOffer);
    if (!pin) acc.pins.push({ offer: line.pinnedOffer, boms: [boms[b].name] });
    else if (!pin.boms.includes(boms[b].name)) pin.boms.push(boms[b].name);
  }
  return isNew;
}

/**
 * Looks up every distinct part number of `boms` once, through `scheduler`, and matches every line. Throws a
 * 'cancelled' CatalogError when `options.signal` aborts.
 */
export async function matchBoms(
  boms: readonly PurchaseBom[],
  scheduler: BomLookupPort,
  options: PurchaseOptions = {},
): Promise<MatchedBoms> {
  if (boms.length === 0) throw new Error('a purchase list needs at least one BOM');
  const currency = userCurrency(options.currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  const accounts = new Map<number, PartAccount>();
  const unlisted: UnlistedDraft[] = [];
  const groups = groupLines(boms, unlisted);
  const keys = [...groups.keys()];
  const wire = wireCurrency(currency);
  const requests: LookupRequest[] = keys.map((key) => ({
    partNumber: groups.get(key)![0].asked.partNumber,
    ...(wire ? { currency: wire } : {}),
    ...(options.version ? { version: options.version } : {}),
  }));
  const results = await scheduler.lookupMany(requests, { signal: options.signal, onProgress: options.onProgress });
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');

  const found = new Map<string, Part[]>();
  const chosen = new Map<string, Map<string, PartChoice>>();
  const failures: LookupFailure[] = [];
  const warnings = new Set<string>();
  const seen: Part[] = [];
  keys.forEach((key, i) => {
    const group = groups.get(key)!;
    const settled = results[i];
    if (!settled || isCatalogError(settled)) {
      const error = settled ?? new CatalogError('malformed', 'The lookup gave no answer.');
      failures.push({ partNumber: group[0].asked.partNumber, rows: group.map((g) => g.line.row), error });
      for (const { b, line } of group) {
        unlisted.push({
          bom: b,
          row: line.row,
          partNumber: line.partNumber,
          status: 'no price',
          reason: `service error: ${error.message}`,
          perBuild: line.quantityPerBoard,
        });
      }
      return;
    }
    for (const w of settled.result.warnings ?? []) warnings.add(w);
    const parts = settled.result.numberFound > 0 && Array.isArray(settled.result.parts) ? settled.result.parts : [];
    found.set(key, parts);
    // Lines that name the part alike are one choice: matching makers' names is what costs.
    const choices = new Map<string, PartChoice>();
    chosen.set(key, choices);
    for (const { b, line, asked } of group) {
      const wanted = askedKey(asked.partNumber, asked.manufacturer, asked.supplierPartNumbers);
      let choice = choices.get(wanted);
      if (choice === undefined) {
        choice = choosePart(
          {
            partNumber: asked.partNumber,
            manufacturer: asked.manufacturer,
            distributorPartNumbers: asked.supplierPartNumbers,
          },
          parts,
        );
        choices.set(wanted, choice);
      }
      if (choice.kind !== 'chosen') {
        const text = unmatchedText(choice, asked);
        unlisted.push({ bom: b, row: line.row, partNumber: line.partNumber, ...text, perBuild: line.quantityPerBoard });
        continue;
      }
      if (account(accounts, boms, choice.part, b, line)) seen.push(choice.part);
    }
  });
  const rates = options.rates ? await options.rates.tableFor(currency, seen, options.signal) : baseOnly(currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  unlisted.sort((x, y) => x.bom - y.bom || x.row - y.row);
  return {
    names: boms.map((b) => b.name),
    lineCounts: boms.map((b) => b.read.lines.length),
    accounts,
    unlisted,
    found,
    chosen,
    failures,
    warnings: [...warnings],
    currency,
    rates,
    lookups: keys.length,
  };
}
