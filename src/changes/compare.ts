/**
 * What changed between two runs of a BOM, line by line, and the cost bridge of the change of total. Pure: two
 * snapshots in, records out; the words are made from these records (words.ts), never the other way round.
 */
import { partNumberKey } from '../../protocol/part-number';
import { type CostBridge, type Effects, addEffects, effectsOf, noEffects, sameOffers } from './bridge';
import { matchLines } from './match';
import type { RunSnapshot, SnapshotLine } from './snapshot';

export type ChangeKind =
  | 'added'
  | 'removed'
  | 'quantity'
  | 'part'
  | 'status'
  | 'price-up'
  | 'price-down'
  | 'offer'
  | 'stock'
  | 'lifecycle'
  | 'lead-time'
  | 'arrival';

/** One line that changed: what changed, the line in each run, and what it did to the total. */
export interface LineChange {
  kinds: ChangeKind[];
  before: SnapshotLine | null;
  after: SnapshotLine | null;
  /** The line's new cost less its old, micro-units (the sum of `effects`). */
  costChange: bigint;
  effects: Effects;
}

export interface RunComparison {
  /** The lines that changed, the largest cost effect first. */
  changes: LineChange[];
  /** How many lines of the new run matched one of the old, changed or not. */
  matched: number;
  /** The bridge of the change of total; null when the runs are in different currencies (why: `bridgeMissing`). */
  bridge: CostBridge | null;
  bridgeMissing: string | null;
  before: Pick<RunSnapshot, 'pricedAt' | 'currency' | 'total' | 'boards' | 'firstRow'> & { lines: number };
  after: Pick<RunSnapshot, 'pricedAt' | 'currency' | 'total' | 'boards' | 'firstRow'> & { lines: number };
}

/** Below its need now, and not before. */
const fellShort = (before: SnapshotLine, after: SnapshotLine): boolean =>
  after.stock !== null && after.stock < after.need && before.stock !== null && before.stock >= before.need;

/** The kinds of change between one line and its match. */
export function changeKinds(before: SnapshotLine, after: SnapshotLine): ChangeKind[] {
  return kindsOf(before, after, sameOffers(before, after));
}

/** changeKinds, told whether the lines buy the same offers (sameOffers). */
function kindsOf(before: SnapshotLine, after: SnapshotLine, sameOffers: boolean): ChangeKind[] {
  const kinds: ChangeKind[] = [];
  if (before.need !== after.need) kinds.push('quantity');
  // The same text is the same key: the key is made only for part numbers written differently.
  if (before.part !== after.part || (before.pn !== after.pn && partNumberKey(before.pn) !== partNumberKey(after.pn)))
    kinds.push('part');
  if (before.status !== after.status) kinds.push('status');
  if (before.unit !== null && after.unit !== null && before.unit !== after.unit)
    kinds.push(after.unit > before.unit ? 'price-up' : 'price-down');
  if (!sameOffers && before.items.length + after.items.length > 0) kinds.push('offer');
  if (fellShort(before, after)) kinds.push('stock');
  if (before.part !== null && after.part !== null) {
    if (before.lifecycle !== after.lifecycle) kinds.push('lifecycle');
    if (before.leadWeeks !== after.leadWeeks) kinds.push('lead-time');
    if (before.arrival !== after.arrival) kinds.push('arrival');
  }
  return kinds;
}

const magnitude = (n: bigint): bigint => (n < 0n ? -n : n);

/** Largest cost effect first; then by the new run's row (the old run's for removed lines). */
function byCostEffect(a: LineChange, b: LineChange): number {
  const ma = magnitude(a.costChange);
  const mb = magnitude(b.costChange);
  if (ma !== mb) return ma > mb ? -1 : 1;
  return (a.after ?? a.before)!.row - (b.after ?? b.before)!.row;
}

const runOf = (s: RunSnapshot) => ({
  pricedAt: s.pricedAt,
  currency: s.currency,
  total: s.total,
  boards: s.boards,
  firstRow: s.firstRow,
  lines: s.lines.length,
});

/** What changed from `before` to `after`, line by line, and the bridge of the change of total. */
export function compareRuns(before: RunSnapshot, after: RunSnapshot): RunComparison {
  const { pairs, added, removed } = matchLines(before.lines, after.lines);
  const sameCurrency = before.currency === after.currency;
  const effects = noEffects();
  const changes: LineChange[] = [];
  const runs = { before, after };
  for (const [i, j] of pairs) {
    const was = before.lines[i];
    const now = after.lines[j];
    const same = sameOffers(was, now);
    const kinds = kindsOf(was, now, same);
    const line = sameCurrency ? effectsOf(was, now, runs, same) : noEffects();
    addEffects(effects, line);
    const costChange = sameCurrency ? BigInt(now.cost) - BigInt(was.cost) : 0n;
    if (kinds.length > 0 || costChange !== 0n)
      changes.push({ kinds, before: was, after: now, costChange, effects: line });
  }
  for (const j of added) {
    const line = { ...noEffects(), added: sameCurrency ? BigInt(after.lines[j].cost) : 0n };
    effects.added += line.added;
    changes.push({ kinds: ['added'], before: null, after: after.lines[j], costChange: line.added, effects: line });
  }
  for (const i of removed) {
    const line = { ...noEffects(), removed: sameCurrency ? -BigInt(before.lines[i].cost) : 0n };
    effects.removed += line.removed;
    changes.push({ kinds: ['removed'], before: before.lines[i], after: null, costChange: line.removed, effects: line });
  }
  changes.sort(byCostEffect);
  const bridge: CostBridge | null = sameCurrency
    ? {
        currency: after.currency,
        before: BigInt(before.total),
        after: BigInt(after.total),
        change: BigInt(after.total) - BigInt(before.total),
        effects,
      }
    : null;
  return {
    changes,
    matched: pairs.length,
    bridge,
    bridgeMissing: sameCurrency
      ? null
      : `the runs are priced in different currencies (${before.currency}, then ${after.currency}): no bridge is made between them`,
    before: runOf(before),
    after: runOf(after),
  };
}
