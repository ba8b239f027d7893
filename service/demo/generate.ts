/**
 * The demo catalog's generator: the fixed real parts first, then parts drawn from the part-number families
 * (families.ts, written in the template language of template.ts) with offers, prices and stock, all from one seed
 * (random.ts), so the same count and seed give the same catalog everywhere.
 */
import type { PartRecord } from '../store/types';
import { FAMILIES } from './families';
import { FAMILIES_BY_MFR, FamilyPicker, pickWeighted } from './family-picker';
import { FIXED } from './fixed-parts';
import { DEMO_MANUFACTURERS } from './manufacturers';
import { IdMaker } from './offers';
import { fixedPart, generatedPart, normalizeNumber } from './parts';
import { Rng } from './random';
import type { Draft, Family } from './template';

export { CHECKOUT_FIXTURES, DEMO_SHOWCASE } from './fixed-parts';

// Module-level alias: global lookups are slow inside vm contexts (test runners).
const { imul } = Math;

/** Number of fixed real parts at the start of every catalog. */
export const DEMO_FIXED_COUNT = FIXED.length;

interface Pending {
  draft: Draft;
  mfr: string;
  norm: string;
}

/**
 * Yields exactly `n` parts, the same for the same `n` and `seed`. The fixed real parts come first
 * (independent of the seed); a catalog of n parts is the first n parts of any larger one. Part numbers
 * are unique per manufacturer (also after normalisation), and source-part ids are unique.
 */
export function* demoParts(n: number, seed = 1): Generator<PartRecord> {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`part count must be a non-negative integer, got ${n}`);
  let count = 0;
  const seen = new Set<string>();
  for (const f of FIXED) seen.add(`${f.m}|${normalizeNumber(f.pn)}`);
  for (const f of FIXED) {
    if (count >= n) return;
    yield fixedPart(f);
    count++;
  }
  const r = new Rng(imul(seed | 0, 0x9e3779b1) ^ 0x5bd1e995);
  const ids = new IdMaker();
  const picker = new FamilyPicker(FAMILIES);
  const queue: Pending[] = [];
  let coverage = 0;
  let failures = 0;

  const fill = (): void => {
    // First one group per manufacturer, so that every manufacturer appears early; then by weight.
    if (coverage < DEMO_MANUFACTURERS.length) {
      const mfr = DEMO_MANUFACTURERS[coverage++].mfrCd;
      const fams = FAMILIES_BY_MFR.get(mfr);
      if (!fams) return;
      for (let attempt = 0; attempt < 20; attempt++) {
        const fam = pickWeighted(r, fams);
        if (enqueue(fam, mfr)) return;
      }
      return;
    }
    const fam = picker.pick(r);
    const mfr = fam.mfrs.length === 1 ? fam.mfrs[0] : r.pick(fam.mfrs);
    picker.report(fam, enqueue(fam, mfr));
  };

  const enqueue = (fam: Family, mfr: string): boolean => {
    let added = false;
    for (const draft of fam.gen(r, mfr)) {
      const norm = normalizeNumber(draft.pn);
      const key = `${mfr}|${norm}`;
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ draft, mfr, norm });
      added = true;
    }
    return added;
  };

  while (count < n) {
    if (queue.length === 0) {
      fill();
      if (queue.length === 0) {
        if (++failures > 5000) throw new Error('demo catalog: no more distinct part numbers');
        continue;
      }
      failures = 0;
    }
    const next = queue.shift()!;
    yield generatedPart(r, next.draft, next.mfr, next.norm, ids);
    count++;
  }
}
