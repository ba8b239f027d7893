/**
 * Buildable now: per BOM, in listed order, the builds (up to its build quantity) the stock covers, and the part that
 * limits them; each BOM takes the stock its buildable builds use before the next is counted, so two BOMs never count
 * the same parts. A BOM with a line whose part is unknown is buildable 0 times: its stock cannot be known.
 */
import type { Part } from '../catalog/model';
import { makerName } from '../match';
import { groupedCount as count } from '../text/plural';
import { needFor } from '../plan/need';
import type { PartAccount } from './match-boms';
import type { Buildable, UnlistedLine } from './types';

/**
 * The first line of BOM `b` whose part is unknown (not found, ambiguous, skipped) and that needs something: while it
 * stands, the BOM's stock cannot be known, nor when its parts arrive.
 */
export function blockingLine(unlisted: readonly UnlistedLine[], b: number): UnlistedLine | undefined {
  return unlisted.find((u) => u.bom === b && blocks(u));
}

/** Whether an unlisted line leaves its BOM short: it needs something (or its need is unknown). */
export function blocks(u: UnlistedLine): boolean {
  return u.need === null || u.need > 0;
}

/** The unknown line in words: "row 3: NOPE-123ABC (not found)", or the row and why it was skipped. */
export function blockingWords(u: UnlistedLine): string {
  return `row ${u.row + 1}: ${u.partNumber !== '' ? `${u.partNumber} (${u.status})` : u.reason}`;
}

/** Builds each BOM can make from the stock given (up to `builds`, one per BOM), in listed order. */
export function buildableNow(
  builds: readonly number[],
  accounts: ReadonlyMap<number, PartAccount>,
  unlisted: readonly UnlistedLine[],
  onHand: ReadonlyMap<number, number>,
  onOrder: ReadonlyMap<number, number>,
): Buildable[] {
  const pool = new Map<number, number>();
  for (const id of accounts.keys()) pool.set(id, (onHand.get(id) ?? 0) + (onOrder.get(id) ?? 0));
  return builds.map((planned, b) => {
    const blocking = blockingLine(unlisted, b);
    if (blocking) return { builds: 0, limitedBy: `${blockingWords(blocking)}: its stock cannot be known` };
    let can = planned;
    let limit: { part: Part; have: number; per: number } | null = null;
    for (const [id, account] of accounts) {
      const per = account.perBuild[b];
      if (per <= 0) continue;
      const have = pool.get(id) ?? 0;
      const covered = Math.floor(have / per);
      if (covered < can) {
        can = covered;
        limit = { part: account.part, have, per };
      }
    }
    for (const [id, account] of accounts) {
      const per = account.perBuild[b];
      if (per > 0) pool.set(id, (pool.get(id) ?? 0) - needFor(per, can));
    }
    const limitedBy =
      limit === null
        ? null
        : `${limit.part.partNumber} (${makerName(limit.part)}): ${count(limit.have)} left, ${count(limit.per)} needed per build`;
    return { builds: can, limitedBy };
  });
}
