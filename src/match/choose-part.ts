/**
 * Which of the parts a lookup found the buyer means: the one rule behind a PARTS cell and a BOM line, so that
 * `=PARTS.PRICE("LM358N",,"TI")` and a BOM row saying "LM358N, TI" always land on the same part.
 *
 * Parts are looked up by part number alone (the service's manufacturer filter takes only its own codes), so the
 * maker the buyer names is matched here against the makers found, by code, name, alias or a looser spelling
 * (`manufacturerMatch`, over the alias table in src/match/manufacturer-names.ts):
 *
 * 1. A maker named that is the same maker as some parts found keeps those parts.
 * 2. Otherwise a near match (an acquired brand, a division) keeps its parts, and when no maker matches but all
 *    the parts found come from one maker, that maker's parts are kept: both are matched under another name, which
 *    the caller may say ("BOM says Linear Technology; matched Analog Devices").
 * 3. Otherwise, with several makers and none the one named, nothing is chosen.
 * 4. Among several parts left, those sold under a distributor part number the buyer gave are kept.
 * 5. One part left is chosen; several of one maker are settled by the part number typed exactly; anything else is
 *    ambiguous. Ambiguity is left for real competition, never for a spelling.
 *
 * The result is a record, not words: each surface says it its own way (a cell's error, a BOM line's status).
 */
import type { Part } from '../catalog/model';
import { manufacturerMatch } from './manufacturer';
import { partNumberKey } from '../../protocol/part-number';

/** What the buyer asked for. */
export interface PartWanted {
  /** The part number as written. */
  partNumber: string;
  /** The maker as written; '' when none. */
  manufacturer: string;
  /** Distributor part numbers (sourcePartId) that confirm a part; empty when none are given. */
  distributorPartNumbers: readonly string[];
}

export type PartChoice =
  /** `matchedAs`: the maker the part was matched to when the one named is not its own name (near, or the only one). */
  | { kind: 'chosen'; part: Part; matchedAs: string | null }
  | { kind: 'not-found' }
  /** A maker was named, and none of the makers found is it or near it. `parts`: every part found. */
  | { kind: 'no-maker-match'; parts: Part[] }
  /** Several parts remain. `makersCompete`: they come from two or more makers, so naming one would choose. */
  | { kind: 'ambiguous'; parts: Part[]; makersCompete: boolean };

/** The name a part's maker is shown by. */
export function makerName(part: Part): string {
  return part.manufacturerName || part.manufacturerCode;
}

/** One key per maker as the catalog lists it, to count the makers among parts. */
function makerKey(part: Part): string {
  return part.manufacturerCode.toUpperCase() || part.manufacturerName.toUpperCase();
}

/** The parts once each: a lookup may list one item more than once. */
function distinct(parts: readonly Part[]): Part[] {
  const out: Part[] = [];
  // A lookup finds a few parts: compared with those kept, without a set made per choice.
  if (parts.length <= 8) {
    for (let i = 0; i < parts.length; i++) if (!keptItem(out, parts[i].itemId)) out.push(parts[i]);
    return out;
  }
  const seen = new Set<number>();
  for (let i = 0; i < parts.length; i++) {
    const id = parts[i].itemId;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(parts[i]);
  }
  return out;
}

/** Whether a part of this itemId is kept already (the same test as a set's: NaN is NaN). */
function keptItem(kept: readonly Part[], id: number): boolean {
  for (let j = 0; j < kept.length; j++) {
    const other = kept[j].itemId;
    if (other === id || (other !== other && id !== id)) return true;
  }
  return false;
}

/** The parts the maker named keeps (steps 1–3), with the name matched under another, or null when none fits. */
function byMaker(parts: Part[], manufacturer: string): { pool: Part[]; matchedAs: string | null } | null {
  if (manufacturer === '') return { pool: parts, matchedAs: null };
  // Plain loops: an array mapped by compiled code is of another kind than one mapped by the interpreter.
  const same: Part[] = [];
  const near: Part[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const match = manufacturerMatch(manufacturer, p.manufacturerName, p.manufacturerCode);
    if (match === 'same') same.push(p);
    else if (match === 'near') near.push(p);
  }
  if (same.length > 0) return { pool: same, matchedAs: null };
  if (near.length === 0 && new Set(parts.map(makerKey)).size > 1) return null;
  const pool = near.length > 0 ? near : parts;
  return { pool, matchedAs: makerName(pool[0]) };
}

/** The parts sold under one of the distributor numbers given (step 4); all of them when none is. */
function byDistributorNumber(pool: Part[], numbers: readonly string[]): Part[] {
  if (pool.length <= 1 || numbers.length === 0) return pool;
  const wanted = new Set(numbers.map((n) => partNumberKey(n)));
  const confirmed = pool.filter((p) => p.offers.some((o) => wanted.has(partNumberKey(o.sourcePartId))));
  return confirmed.length > 0 ? confirmed : pool;
}

/** The part `wanted` means among the parts `found` for its part number, or why there is none. */
export function choosePart(wanted: PartWanted, found: readonly Part[]): PartChoice {
  const parts = distinct(found);
  if (parts.length === 0) return { kind: 'not-found' };
  const kept = byMaker(parts, wanted.manufacturer);
  if (kept === null) return { kind: 'no-maker-match', parts };
  const pool = byDistributorNumber(kept.pool, wanted.distributorPartNumbers);
  if (pool.length === 1) return { kind: 'chosen', part: pool[0], matchedAs: kept.matchedAs };
  const makers = new Set(pool.map(makerKey)).size;
  if (makers === 1) {
    const written = wanted.partNumber.toUpperCase();
    const exact = pool.filter((p) => p.partNumber.toUpperCase() === written);
    if (exact.length === 1) return { kind: 'chosen', part: exact[0], matchedAs: kept.matchedAs };
  }
  return { kind: 'ambiguous', parts: pool, makersCompete: makers > 1 };
}
