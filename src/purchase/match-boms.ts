/**
 * The purchase list's first step: every line of every BOM looked up and matched, once, whatever the build
 * quantities. Lines are grouped by the part number as the service compares it (one lookup per group, for all BOMs
 * together), each group's lines that name the part alike are matched once (src/match), and the parts found are
 * gathered into accounts: per part, the lines of each BOM that use it with their quantities per build. Nothing here
 * depends on the number of builds, so one match serves every scenario of the list (src/purchase/scenarios.ts).
 */
import type { Part } from '../catalog/model';
import type { BomLine } from '../bom/read';
import type { BomLookupPort, LookupFailure } from './price-types';
import { isMatched, isWithAlternates } from './match-lines';
import { matchAll } from './price-match';
import type { RateTable } from '../pricing/rates';
import type { PurchaseBom, PurchaseOptions, UnlistedLine } from './types';

/** Parts are listed in the order of their first line: BOM index × ROW_SPAN + row. */
const ROW_SPAN = 1 << 22;

/** One part of the list as the BOMs' lines use it, before any build quantity applies. */
export interface PartAccount {
  part: Part;
  /** Every line of the part: its BOM, its quantity per build (the overage applies per line) and the offer it pins. */
  lines: Array<{ bom: number; perBuild: number; pin: string }>;
  /** Per BOM: quantity per build, all its lines of the part together. */
  perBuild: number[];
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
  failures: LookupFailure[];
  warnings: string[];
  currency: string;
  rates: RateTable;
  lookups: number;
}

/** The rows of a BOM that were read but are incomplete (no quantity or no part number): on no row of the list. */
function skippedRows(bom: PurchaseBom, b: number): UnlistedDraft[] {
  return bom.read.skipped
    .filter((skip) => skip.reason === 'incomplete')
    .map((skip) => ({
      bom: b,
      row: skip.row,
      partNumber: skip.partNumber ?? '',
      status: 'skipped',
      reason: skip.detail,
      perBuild: skip.quantityPerBoard ?? null,
    }));
}

/** Adds a matched line to its part's account (made when the part is first met). */
function account(
  accounts: Map<number, PartAccount>,
  boms: readonly PurchaseBom[],
  part: Part,
  b: number,
  line: BomLine,
): void {
  let acc = accounts.get(part.itemId);
  if (!acc) {
    acc = { part, lines: [], perBuild: boms.map(() => 0), firstRow: b * ROW_SPAN + line.row };
    accounts.set(part.itemId, acc);
  }
  acc.firstRow = Math.min(acc.firstRow, b * ROW_SPAN + line.row);
  acc.lines.push({ bom: b, perBuild: line.quantityPerBoard, pin: line.pinnedOffer });
  acc.perBuild[b] += line.quantityPerBoard;
}

/**
 * Looks up every distinct part number of `boms` once, through `scheduler` (matchAll, alternates not competing),
 * and gathers the matched lines per part. Throws a 'cancelled' CatalogError when `options.signal` aborts.
 */
export async function matchBoms(
  boms: readonly PurchaseBom[],
  scheduler: BomLookupPort,
  options: PurchaseOptions = {},
): Promise<MatchedBoms> {
  if (boms.length === 0) throw new Error('a purchase list needs at least one BOM');
  // A purchase list buys each line's own part: approved alternates do not compete, so no line comes back with them.
  const found = await matchAll(
    boms.map((bom) => bom.read.lines),
    scheduler,
    options,
    { alternates: false, quoted: false },
  );
  const accounts = new Map<number, PartAccount>();
  const unlisted: UnlistedDraft[] = boms.flatMap(skippedRows);
  for (const { bom: b, read, result } of found.lines) {
    if (isWithAlternates(result)) continue; // never, with alternates: false (the type does not know it)
    if (isMatched(result)) {
      account(accounts, boms, result.part, b, read);
      continue;
    }
    unlisted.push({
      bom: b,
      row: read.row,
      partNumber: read.partNumber,
      status: result.status,
      reason: result.statusReason,
      perBuild: read.quantityPerBoard,
    });
  }
  unlisted.sort((x, y) => x.bom - y.bom || x.row - y.row);
  return {
    names: boms.map((b) => b.name),
    lineCounts: boms.map((b) => b.read.lines.length),
    accounts,
    unlisted,
    found: found.found,
    failures: found.failures,
    warnings: found.warnings,
    currency: found.currency,
    rates: found.rates,
    lookups: found.lookups,
  };
}
