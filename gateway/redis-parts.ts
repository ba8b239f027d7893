/**
 * A part's answer as instances sharing a Redis keep it there (redis-lists.ts): the upstream's echo of the part
 * number and the entry exactly as the upstream sent it.
 */
import type { ListResult } from '../src/catalog/model';
import { splitRequestedPartNum } from '../src/catalog/parse';
import { entryFromWire, entryToWire, type CachedEntry, type WireEntry } from './list-entries';

interface Stored {
  r: string;
  e: WireEntry;
}

/** The text kept in Redis for `result`, whose entry is `entry`. */
export function storedText(result: ListResult, entry: CachedEntry): string {
  const stored: Stored = { r: requestedOf(result), e: entryToWire(entry) };
  return JSON.stringify(stored);
}

/** The result kept in Redis as `value`, its entry put in `raw`; undefined when unreadable. */
export function readStored(value: string, raw: WeakMap<ListResult, CachedEntry>): ListResult | undefined {
  let stored: Stored;
  try {
    stored = JSON.parse(value) as Stored;
  } catch {
    return undefined;
  }
  const entry = typeof stored?.r === 'string' ? entryFromWire(stored.e) : undefined;
  if (!entry) return undefined;
  const result: ListResult = { ...splitRequestedPartNum(stored.r), numberFound: entry.numberFound, parts: [] };
  raw.set(result, entry);
  return result;
}

/** The upstream's echo of the part number, put back together from what the port split it into. */
function requestedOf(result: ListResult): string {
  return result.manufacturerFilter === null
    ? result.requestedPartNumber
    : `${result.requestedPartNumber}|${result.manufacturerFilter}`;
}
