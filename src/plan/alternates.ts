/**
 * Which part a line with approved alternates buys: its own (the primary) or one of the alternates its BOM gives.
 *
 * The setting says when an alternate is used:
 * - 'unavailable' (the default): only when the primary cannot be bought — not found, not Active, or short of stock
 *   for the line's need. Then the cheapest alternate that can be bought is used; when none can, the primary stays
 *   (or, with no primary found, the alternate that comes closest: covering the need, Active, cheapest).
 * - 'cheaper': whenever an alternate that can be bought costs less for the line's need than the primary would.
 *
 * "Can be bought": found, Active (or no lifecycle given), priced, and covering the need from stock. Costs compare at
 * the line's need, as the plan would buy it (src/plan/quote.ts), in micro-units of the user's currency; ties keep
 * the earlier option (the primary, then the BOM's order).
 */
import type { Part } from '../catalog/model';
import { formatMoney, toMicro } from '../pricing/money';
import type { Quote } from './quote';
import { groupedCount } from '../text/plural';

export type AlternatesUse = 'unavailable' | 'cheaper';

export const DEFAULT_ALTERNATES_USE: AlternatesUse = 'unavailable';

export const ALTERNATES_USES: readonly AlternatesUse[] = ['unavailable', 'cheaper'];

/** One part the line could buy: index 0 is the primary, then the alternates in the BOM's order. */
export interface AlternateOption {
  partNumber: string;
  /** The part matched; null when not found (or not settled: ambiguous, maker unmatched). */
  part: Part | null;
  /** What it would cost for the line's need; null when no part. */
  quote: Quote | null;
}

export interface AlternateDecision {
  /** The option bought: 0 the primary. */
  index: number;
  /** Why, in a buyer's words; '' when the primary is bought and nothing needs saying. */
  reason: string;
}

/** Whether an option can be bought as the line needs it. */
export function canBuy(option: AlternateOption): boolean {
  const q = option.quote;
  return option.part !== null && q !== null && !q.notActive && q.status === 'planned' && q.total !== null;
}

function costMicro(option: AlternateOption): bigint {
  return toMicro(option.quote?.total ?? 0);
}

/** Why the primary cannot be bought, or null when it can. */
export function whyNotBuyable(option: AlternateOption): string | null {
  if (option.part === null || option.quote === null) return `${option.partNumber} not found`;
  const q = option.quote;
  if (q.notActive) return `${option.partNumber} is ${q.lifecycle || 'not Active'}`;
  if (q.status === 'no-price') return `${option.partNumber} has no price`;
  if (q.status === 'short') return `${option.partNumber} is short (${groupedCount(q.stock)} in stock)`;
  return null;
}

/** The cheapest of `indexes` (the earliest on a tie), or -1 when none. */
function cheapest(options: readonly AlternateOption[], indexes: readonly number[]): number {
  let best = -1;
  for (const i of indexes) {
    if (best < 0 || costMicro(options[i]) < costMicro(options[best])) best = i;
  }
  return best;
}

/** How close an option that cannot be bought comes: covering the need, then Active, then priced. */
function closeness(option: AlternateOption): number {
  const q = option.quote;
  if (option.part === null || q === null) return -1;
  return (q.status === 'planned' ? 4 : q.status === 'short' ? 2 : 0) + (q.notActive ? 0 : 1);
}

/** The part a line buys among its primary (index 0) and approved alternates, by the setting. */
export function chooseAlternate(
  options: readonly AlternateOption[],
  use: AlternatesUse = DEFAULT_ALTERNATES_USE,
): AlternateDecision {
  if (options.length <= 1) return { index: 0, reason: '' };
  const primary = options[0];
  const buyable = options.map((o, i) => (canBuy(o) ? i : -1)).filter((i) => i >= 0);
  const alternates = buyable.filter((i) => i > 0);
  if (use === 'cheaper' && canBuy(primary)) {
    const best = cheapest(options, buyable);
    if (best === 0) return { index: 0, reason: '' };
    const cur = primary.quote!.currency;
    return {
      index: best,
      reason: `cheaper: ${formatMoney(options[best].quote!.total!, cur)} against ${formatMoney(primary.quote!.total!, cur)} for ${primary.partNumber}`,
    };
  }
  if (canBuy(primary)) return { index: 0, reason: '' };
  const why = whyNotBuyable(primary) ?? `${primary.partNumber} cannot be bought`;
  const best = cheapest(options, alternates);
  if (best > 0) return { index: best, reason: why };
  if (primary.part !== null) return { index: 0, reason: '' };
  // No primary at all: the alternate that comes closest, if any was found.
  let close = -1;
  for (let i = 1; i < options.length; i++) {
    if (closeness(options[i]) < 0) continue;
    if (
      close < 0 ||
      closeness(options[i]) > closeness(options[close]) ||
      (closeness(options[i]) === closeness(options[close]) && costMicro(options[i]) < costMicro(options[close]))
    )
      close = i;
  }
  return close > 0 ? { index: close, reason: `${why}; no alternate covers the need` } : { index: 0, reason: '' };
}
