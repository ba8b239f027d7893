/** Which part-number family the demo catalog draws from next: by weight, or among one manufacturer's families. */
import { FAMILIES } from './families';
import type { Rng } from './random';
import type { Family } from './template';

export class FamilyPicker {
  private readonly active: Family[];
  private cumulative: number[] = [];
  private readonly misses = new Map<Family, number>();

  constructor(families: readonly Family[]) {
    this.active = families.filter((f) => f.w > 0);
    this.rebuild();
  }

  private rebuild(): void {
    let total = 0;
    this.cumulative = this.active.map((f) => (total += f.w));
  }

  pick(r: Rng): Family {
    const x = r.next() * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return this.active[lo];
  }

  /** A family that keeps producing only numbers already used is retired, so it stops costing draws. */
  report(f: Family, produced: boolean): void {
    if (produced) {
      this.misses.delete(f);
      return;
    }
    const n = (this.misses.get(f) ?? 0) + 1;
    this.misses.set(f, n);
    if (n >= 25 && this.active.length > 1) {
      const i = this.active.indexOf(f);
      if (i >= 0) {
        this.active.splice(i, 1);
        this.rebuild();
      }
    }
  }
}

export const FAMILIES_BY_MFR = new Map<string, Family[]>();
for (const f of FAMILIES) {
  for (const m of f.mfrs) {
    const list = FAMILIES_BY_MFR.get(m) ?? [];
    list.push(f);
    FAMILIES_BY_MFR.set(m, list);
  }
}

export function pickWeighted(r: Rng, list: readonly Family[]): Family {
  let total = 0;
  for (const f of list) total += f.w || 1;
  let x = r.next() * total;
  for (const f of list) {
    x -= f.w || 1;
    if (x < 0) return f;
  }
  return list[list.length - 1];
}
