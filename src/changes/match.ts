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
const designatorKey = (line: SnapshotLine): string => line.des;

/** Pairs the unmatched lines of both sides that share a key, in row order. */
function pairBy(
  before: readonly SnapshotLine[],
  after: readonly SnapshotLine[],
  oldFree: Set<number>,
  newFree: Set<number>,
  pairs: Array<[number, number]>,
  key: (line: SnapshotLine) => string,
): void {
  const waiting = new Map<string, number[]>();
  for (const i of oldFree) {
    const k = key(before[i]);
    if (k === '') continue;
    const list = waiting.get(k);
    if (list) list.push(i);
    else waiting.set(k, [i]);
  }
  for (const j of [...newFree]) {
    const k = key(after[j]);
    const list = k === '' ? undefined : waiting.get(k);
    const i = list?.shift();
    if (i === undefined) continue;
    pairs.push([i, j]);
    oldFree.delete(i);
    newFree.delete(j);
  }
}

/** Pass 3: each unmatched new line with the unmatched old line sharing the most designators. */
function pairByOverlap(
  before: readonly SnapshotLine[],
  after: readonly SnapshotLine[],
  oldFree: Set<number>,
  newFree: Set<number>,
  pairs: Array<[number, number]>,
): void {
  const owner = new Map<string, number>();
  for (const i of oldFree) for (const d of designatorsOf(before[i])) owner.set(d, i);
  if (owner.size === 0) return;
  for (const j of [...newFree]) {
    const shared = new Map<number, number>();
    for (const d of designatorsOf(after[j])) {
      const i = owner.get(d);
      if (i !== undefined && oldFree.has(i)) shared.set(i, (shared.get(i) ?? 0) + 1);
    }
    let best = -1;
    let most = 0;
    for (const [i, n] of shared) if (n > most || (n === most && i < best)) [best, most] = [i, n];
    if (best < 0) continue;
    pairs.push([best, j]);
    oldFree.delete(best);
    newFree.delete(j);
  }
}

/** The lines of `before` and `after` matched (see the passes above). */
export function matchLines(before: readonly SnapshotLine[], after: readonly SnapshotLine[]): LinePairs {
  const oldFree = new Set(before.keys());
  const newFree = new Set(after.keys());
  const pairs: Array<[number, number]> = [];
  pairBy(before, after, oldFree, newFree, pairs, designatorKey);
  pairBy(before, after, oldFree, newFree, pairs, (l) => {
    const pn = partNumberKey(l.pn);
    return pn === '' ? '' : `${pn}|${l.mfr}`;
  });
  pairBy(before, after, oldFree, newFree, pairs, (l) => partNumberKey(l.pn));
  pairByOverlap(before, after, oldFree, newFree, pairs);
  pairBy(before, after, oldFree, newFree, pairs, (l) => String(l.row));
  pairs.sort((a, b) => a[1] - b[1]);
  return { pairs, added: [...newFree].sort((a, b) => a - b), removed: [...oldFree].sort((a, b) => a - b) };
}
