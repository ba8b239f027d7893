/**
 * What a purchase list cannot buy, and the BOMs it leaves short: the parts short at every offer (after the stock and
 * what the list buys, a BOM still lacks some of its need) and the lines not on the list (their part is not known,
 * so nobody buys it). Read from the list's records (needs, stock taken, shares), never from its texts.
 */
import type { PurchaseResult } from './types';
import { blocks } from './buildable';

export type PurchaseBlocker =
  | {
      kind: 'short';
      /** Index of the part's row in `result.rows`. */
      row: number;
      partNumber: string;
      manufacturer: string;
      /** What no offer has: the row's shortfall. */
      missing: number;
      /** The BOMs (indexes, listed order) that still lack some of their need of the part. */
      boms: number[];
    }
  | {
      kind: 'unlisted';
      /** Index of the line in `result.unlisted`. */
      line: number;
      partNumber: string;
      /** The line's status ("not found", "ambiguous", …). */
      status: string;
      boms: number[];
    };

/** Per BOM, what of a short part's need stays uncovered after the stock it takes and its share of what is bought. */
function lackingOf(row: PurchaseResult['rows'][number]): number[] {
  return row.lacking.map((lacks, b) => Math.max(0, lacks - (row.shares[b] ?? 0)));
}

/**
 * The list's blockers, the parts short everywhere first (in the list's order), then the lines not on the list that
 * have a need; each with the BOMs it leaves short.
 */
export function purchaseBlockers(result: PurchaseResult): PurchaseBlocker[] {
  const out: PurchaseBlocker[] = [];
  result.rows.forEach((row, i) => {
    if (row.status !== 'short' || row.shortfall <= 0) return;
    const boms = lackingOf(row).flatMap((lack, b) => (lack > 0 ? [b] : []));
    out.push({
      kind: 'short',
      row: i,
      partNumber: row.partNumber,
      manufacturer: row.manufacturer,
      missing: row.shortfall,
      boms: boms.length > 0 ? boms : row.needs.flatMap((n, b) => (n > 0 ? [b] : [])),
    });
  });
  // The lines that make a BOM buildable 0 times (buildable.ts), each named, so that none of them goes unsaid.
  result.unlisted.forEach((u, i) => {
    if (!blocks(u)) return;
    out.push({ kind: 'unlisted', line: i, partNumber: u.partNumber, status: u.status, boms: [u.bom] });
  });
  return out;
}
