/**
 * The scheduler's cache of list results: each key's result with the time it was answered, kept for a time to live
 * and up to a number of keys, the least recently used forgotten first.
 */
import type { ListResult } from '../catalog/model';

export interface CacheEntry {
  result: ListResult;
  asOf: number;
}

export class ResultCache {
  /** In order of use: the first key is the least recently used. */
  private readonly entries = new Map<string, CacheEntry>();

  constructor(
    private readonly ttlMs: number,
    private readonly cacheLimit: number,
    private readonly now: () => number,
  ) {}

  clear(): void {
    this.entries.clear();
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** The entry of a key within its time to live and, when given, `maxAgeMs`; with `touch` it counts as used. */
  fresh(key: string, maxAgeMs: number | undefined, touch: boolean): CacheEntry | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const age = this.now() - hit.asOf;
    if (age >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
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
