/**
 * The cost bridge: the change of total between two runs split into effects that add up exactly, in whole
 * micro-units, to that change (docs/changes.md says the order in which effects are taken and why).
 *
 * Each line of the new run that matches one of the old (match.ts) goes from its old cost to its new one in steps, and
 * each step's effect is the difference it makes, so the steps add up to the line's change by construction:
 *
 * 1. rates: the same offers bought, in the same foreign currency, valued at the new run's rate;
 * 2. quantity: the cost scaled from the old need to the new (at the unit cost of step 1), rounded half up;
 * 3. what remains of the line's change: price (the same offers, at new breaks or prices, or a new share of a part
 *    several lines use) or offer switch (the plan chose other offers, another part, or none).
 *
 * A line added adds its cost; a line removed takes its old cost away. The runs' totals are the sums of their lines'
 * costs (snapshot.ts), so the effects add up to the change of total.
 */
import type { RunSnapshot, SnapshotLine } from './snapshot';

export type EffectKind = 'removed' | 'added' | 'rates' | 'quantity' | 'price' | 'offer';

/** The order effects are taken and shown in. */
export const EFFECT_ORDER: readonly EffectKind[] = ['removed', 'added', 'rates', 'quantity', 'price', 'offer'];

/** What each effect is, in a buyer's words. */
export const EFFECT_WORDS: Record<EffectKind, string> = {
  removed: 'lines removed',
  added: 'lines added',
  rates: 'currency rates',
  quantity: 'quantities (needs)',
  price: 'prices (same offers, new breaks)',
  offer: 'offer switches',
};

export type Effects = Record<EffectKind, bigint>;

export interface CostBridge {
  currency: string;
  /** The totals of the old and the new run, micro-units. */
  before: bigint;
  after: bigint;
  /** after − before: what the effects add up to, exactly. */
  change: bigint;
  effects: Effects;
}

export const noEffects = (): Effects => ({ removed: 0n, added: 0n, rates: 0n, quantity: 0n, price: 0n, offer: 0n });

/** Units of the run's currency per unit of `currency`, from the run's own rates; null when it had none. */
export function rateIn(run: Pick<RunSnapshot, 'currency' | 'rates'>, currency: string): number | null {
  if (currency === run.currency) return 1;
  return run.rates.find((r) => r.from === currency)?.rate ?? null;
}

/** The offers a line buys, as one key: the same key, the same offers. */
export function offersKey(line: SnapshotLine): string {
  const part = line.part ?? '';
  // Most lines buy from one offer: their key is made without a set and a sort.
  if (line.items.length < 2) return line.items.length === 0 ? `${part}|` : `${part}|${line.items[0][0]}`;
  return `${part}|${[...new Set(line.items.map((i) => i[0]))].sort().join(',')}`;
}

/** Whether two lines buy the same offers (their offersKey is the same), without making keys in the usual case. */
export function sameOffers(a: SnapshotLine, b: SnapshotLine): boolean {
  const n = a.items.length;
  if (a.part === b.part && n < 2 && n === b.items.length) return n === 0 || a.items[0][0] === b.items[0][0];
  return offersKey(a) === offersKey(b);
}

type Runs = { before: Pick<RunSnapshot, 'currency' | 'rates'>; after: Pick<RunSnapshot, 'currency' | 'rates'> };

/**
 * The effects that take one matched line from its old cost to its new one (rates, quantity, then price or offer);
 * they add up to `after.cost − before.cost` exactly.
 */
export function lineEffects(before: SnapshotLine, after: SnapshotLine, runs: Runs): Effects {
  return effectsOf(before, after, runs, sameOffers(before, after));
}

/** lineEffects, told whether the lines buy the same offers (sameOffers). */
export function effectsOf(before: SnapshotLine, after: SnapshotLine, runs: Runs, sameOffers: boolean): Effects {
  const effects = noEffects();
  let cost = BigInt(before.cost);
  const cur = before.cur;
  if (sameOffers && cost > 0n && cur !== null && cur === after.cur && cur !== runs.before.currency) {
    const was = rateIn(runs.before, cur);
    const now = rateIn(runs.after, cur);
    if (was !== null && now !== null && was !== now) {
      const valued = BigInt(Math.round((Number(cost) * now) / was));
      effects.rates = valued - cost;
      cost = valued;
    }
  }
  if (before.need > 0 && after.need !== before.need) {
    const scaled = (cost * 2n * BigInt(after.need) + BigInt(before.need)) / (2n * BigInt(before.need));
    effects.quantity = scaled - cost;
    cost = scaled;
  }
  const rest = BigInt(after.cost) - cost;
  if (sameOffers) effects.price = rest;
  else effects.offer = rest;
  return effects;
}

/** Adds `more` into `into`. */
export function addEffects(into: Effects, more: Effects): void {
  for (const k of EFFECT_ORDER) into[k] += more[k];
}

/** The sum of the effects. */
export const effectsSum = (effects: Effects): bigint => EFFECT_ORDER.reduce((n, k) => n + effects[k], 0n);
