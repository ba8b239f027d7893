/**
 * Overbuys: lines whose spares (parts bought beyond the need because of an MOQ, a pack or a cheaper larger break)
 * cost enough that a buyer should look before ordering. A spare or two is normal; 2,500 bought for a need of 25 is
 * a decision, and must not read "priced" like every other line.
 */
import { PlanError } from './errors';
import { toMicro } from '../pricing/money';

export interface OverbuyThreshold {
  /** The spares must cost more than this percentage of what the line costs (0–100). */
  sparePercent: number;
  /** …and more than this amount, in the user's currency (so a few cents of spares never count). */
  minAmount: number;
}

export const DEFAULT_OVERBUY_THRESHOLD: OverbuyThreshold = { sparePercent: 50, minAmount: 10 };

/** The threshold checked: a clear error naming the setting and what it got when it cannot be used. */
export function overbuyThreshold(given: Partial<OverbuyThreshold> | undefined): OverbuyThreshold {
  const threshold = { ...DEFAULT_OVERBUY_THRESHOLD, ...given };
  const { sparePercent, minAmount } = threshold;
  if (typeof sparePercent !== 'number' || !Number.isFinite(sparePercent) || sparePercent < 0 || sparePercent > 100) {
    throw new PlanError(
      'bad-option',
      `The overbuy threshold's spare share must be a percentage from 0 to 100; got ${String(sparePercent)}.`,
    );
  }
  if (typeof minAmount !== 'number' || !Number.isFinite(minAmount) || minAmount < 0) {
    throw new PlanError(
      'bad-option',
      `The overbuy threshold's amount must be a number of 0 or more (in the user's currency); got ${String(minAmount)}.`,
    );
  }
  return threshold;
}

/**
 * Whether a line's spares make it an overbuy: they cost more than `sparePercent` % of the line's cost AND more than
 * `minAmount`. Both in micro-units of the user's currency; compared exactly, without rounding.
 */
export function isOverbuy(spareMicro: bigint, lineMicro: bigint, threshold: OverbuyThreshold): boolean {
  if (spareMicro <= 0n || lineMicro <= 0n) return false;
  if (spareMicro <= toMicro(threshold.minAmount)) return false;
  // spare / line > percent / 100, in whole numbers: the percentage is kept to a millionth.
  const percentMicro = toMicro(threshold.sparePercent);
  return spareMicro * 100_000_000n > lineMicro * percentMicro;
}
