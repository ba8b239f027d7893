/**
 * Size refusals the gateway has given, remembered per request: a client repeating a list search the caps refuse
 * (code 54) gets the same refusal again without its thousand entries being looked up and counted anew, for as long
 * as the cached answers it was counted from stay fresh. Only refusals are kept (a few hundred bytes each), at most
 * `max`, the least recently asked forgotten first.
 */
import { createHash } from 'node:crypto';

export class RefusalMemo<T> {
  private readonly kept = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.kept.size;
  }

  get(key: string): T | undefined {
    const hit = this.kept.get(key);
    if (!hit) return undefined;
    this.kept.delete(key);
    if (hit.until <= this.now()) return undefined;
    this.kept.set(key, hit);
    return hit.value;
  }

  /** Until when `key` is kept; undefined when it is not (or no longer). */
  until(key: string): number | undefined {
    const hit = this.kept.get(key);
    return hit && hit.until > this.now() ? hit.until : undefined;
  }

  /** Keeps `value` under `key` until `until` (a time of `now`'s clock). */
  set(key: string, value: T, until: number): void {
    if (this.max <= 0 || until <= this.now()) return;
    this.kept.delete(key);
    this.kept.set(key, { value, until });
    while (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value as string);
  }
}

/** A digest of one list search as the cache reads it: its credential group, then each entry in order. */
export function searchDigest(
  group: string,
  version: string,
  currency: string | undefined,
  parts: { partNum: string; mfr?: string }[],
): string {
  const hash = createHash('sha256').update(`${group}\u0000${version}\u0000${currency ?? ''}\u0000`);
  for (const p of parts) hash.update(`${p.partNum}\u0001${p.mfr ?? ''}\u0002`);
  return hash.digest('base64');
}

/**
 * The key of a list search as it arrived, before anything of it is read: whose credentials answer it (the team's
 * digest, or 'own': the ones it carries, which its text holds), its path, and its query as sent. Two requests with
 * one key are the same search, word for word.
 */
export function rawSearchKey(credentials: string, path: string, rawQuery: string): string {
  return createHash('sha256').update(`${credentials}\u0000${path}\u0000${rawQuery}`).digest('base64');
}
