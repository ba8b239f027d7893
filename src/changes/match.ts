/**
 * Which line of one run is which line of the other, for a BOM edited between them. Lines are matched in passes, each
 * over the lines the passes before left unmatched, so that rows added, removed or moved leave the other lines matched:
 *
 * 1. the same designators (as a set, which the snapshot keeps in one order; both lines have some);
 * 2. the same part number (compared as the service compares them, protocol/part-number.ts) and manufacturer, then
 *    the same part number whatever the manufacturer; several lines of one part pair in row order;
 * 3. designators in common (a line that gained or lost positions): the line sharing the most;
 * 4. the same row (a BOM without designators whose part number was edited in place).
 *
 * A line of the new run left unmatched was added; one of the old run, removed.
 */
import { partNumberKey } from '../../protocol/part-number';
import type { SnapshotLine } from './snapshot';

export interface LinePairs {
  /** Index pairs [old, new] into the runs' lines, in the new run's order. */
  pairs: Array<[number, number]>;
  /** Indexes of the new run's lines that match none of the old. */
  added: number[];
  /** Indexes of the old run's lines that match none of the new. */
  removed: number[];
}

// Designators are kept upper case, each once, in natural order (snapshot.ts): the text is the set's key.
const designatorsOf = (line: SnapshotLine): string[] => (line.des === '' ? [] : line.des.split(','));

/**
 * One side's lines during the matching: which are still unmatched, and each line's part-number key, made once (the
 * passes and the comparison after them would otherwise make it again and again).
 */
interface Side {
  lines: readonly SnapshotLine[];
  free: Uint8Array;
  keys: Array<string | undefined>;
}

const sideOf = (lines: readonly SnapshotLine[]): Side => ({
  lines,
  free: new Uint8Array(lines.length).fill(1),
  keys: new Array<string | undefined>(lines.length),
});

function pnKey(side: Side, i: number): string {
  let key = side.keys[i];
  if (key === undefined) side.keys[i] = key = partNumberKey(side.lines[i].pn);
  return key;
}

/**
 * Pairs the unmatched lines of both sides that share a key, in row order: the old lines of each key wait in a queue
 * (the first of each key in `first`, the next one after each in `next`), taken from the front by the new lines.
 */
function pairBy(old: Side, now: Side, oldOf: Int32Array, key: (side: Side, i: number) => string): void {
  const first = new Map<string, number>();
  const next = new Int32Array(old.lines.length);
  // Made from the last line up, so that each key's queue is in row order.
  for (let i = old.lines.length - 1; i >= 0; i--) {
    if (!old.free[i]) continue;
    const k = key(old, i);
    if (k === '') continue;
    next[i] = first.get(k) ?? -1;
    first.set(k, i);
  }
  if (first.size === 0) return;
  for (let j = 0; j < now.lines.length; j++) {
    if (!now.free[j]) continue;
    const k = key(now, j);
    const i = k === '' ? undefined : first.get(k);
    if (i === undefined) continue;
    if (next[i] < 0) first.delete(k);
    else first.set(k, next[i]);
    oldOf[j] = i;
    old.free[i] = 0;
    now.free[j] = 0;
  }
}

/** Pass 3: each unmatched new line with the unmatched old line sharing the most designators. */
function pairByOverlap(old: Side, now: Side, oldOf: Int32Array): void {
  const owner = new Map<string, number>();
  for (let i = 0; i < old.lines.length; i++)
    if (old.free[i]) for (const d of designatorsOf(old.lines[i])) owner.set(d, i);
  if (owner.size === 0) return;
  for (let j = 0; j < now.lines.length; j++) {
    if (!now.free[j]) continue;
    const shared = new Map<number, number>();
    for (const d of designatorsOf(now.lines[j])) {
      const i = owner.get(d);
      if (i !== undefined && old.free[i]) shared.set(i, (shared.get(i) ?? 0) + 1);
    }
    let best = -1;
    let most = 0;
    for (const [i, n] of shared) if (n > most || (n === most && i < best)) [best, most] = [i, n];
    if (best < 0) continue;
    oldOf[j] = best;
    old.free[best] = 0;
    now.free[j] = 0;
  }
}

/** The lines of `before` and `after` matched (see the passes above). */
export function matchLines(before: readonly SnapshotLine[], after: readonly SnapshotLine[]): LinePairs {
  const old = sideOf(before);
  const now = sideOf(after);
  const oldOf = new Int32Array(after.length).fill(-1);
  pairBy(old, now, oldOf, (side, i) => side.lines[i].des);
  pairBy(old, now, oldOf, (side, i) => {
    const pn = pnKey(side, i);
    return pn === '' ? '' : `${pn}|${side.lines[i].mfr}`;
  });
  pairBy(old, now, oldOf, pnKey);
  pairByOverlap(old, now, oldOf);
  pairBy(old, now, oldOf, (side, i) => String(side.lines[i].row));
  const pairs: Array<[number, number]> = [];
  const added: number[] = [];
  const removed: number[] = [];
  for (let j = 0; j < after.length; j++) {
    if (oldOf[j] >= 0) pairs.push([oldOf[j], j]);
    else added.push(j);
  }
  for (let i = 0; i < before.length; i++) if (old.free[i]) removed.push(i);
  return { pairs, added, removed };
}
