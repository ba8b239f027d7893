/**
 * The scheduler's cache of list results: each key's result with the time it was answered, kept for a time to live
 * and up to a number of keys, the least recently used forgotten first. An entry past its time to live is no answer
 * any more, but stays (until the limit pushes it out) as the last known answer: what a cell shows as stale when the
 * service fails.
 */
import type { ListResult } from '../catalog/model';

export interface CacheEntry {
  result: ListResult;
  asOf: number;
}

export class ResultCache {
  /** In order of use: the first key is the least recently used. */
  private readonly entries = new Map<string, CacheEntry>();
  /** Entries past their time to live by "Refresh prices", though kept as the last known answers. */
  private expired = new WeakSet<CacheEntry>();

  constructor(
    private readonly ttlMs: number,
    private readonly cacheLimit: number,
    private readonly now: () => number,
  ) {}

  clear(): void {
    this.entries.clear();
    this.expired = new WeakSet<CacheEntry>();
  }

  /** Every entry counts as past its time to live from now on, but stays the last known answer of its key. */
  expireAll(): void {
    for (const entry of this.entries.values()) this.expired.add(entry);
  }

  /** The entry of a key whatever its age (the last known answer), while the cache still holds it. */
  last(key: string): CacheEntry | undefined {
    return this.entries.get(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** The entry of a key within its time to live and, when given, `maxAgeMs`; with `touch` it counts as used. */
  fresh(key: string, maxAgeMs: number | undefined, touch: boolean): CacheEntry | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const age = this.now() - hit.asOf;
    // An old entry stays (the least recently used go first) as the last known answer of its key.
    if (age >= this.ttlMs || this.expired.has(hit)) return undefined;
    if (maxAgeMs !== undefined && maxAgeMs !== null && !(age <= maxAgeMs)) return undefined;
    if (touch) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  store(key: string, value: CacheEntry): void {
    if (this.cacheLimit <= 0 || this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.cacheLimit) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
