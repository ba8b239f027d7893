/**
 * Money in whole units: unit prices in micro-units (millionths of the currency), amounts in the currency's
 * minor unit (cents; yen and won have none). Products of large quantities and prices go through BigInt.
 */

/** Currencies without a minor unit; every other listed currency has two decimals. */
const NO_MINOR_UNIT = new Set(['JPY', 'KRW']);

export function minorDigits(currency: string): number {
  return NO_MINOR_UNIT.has(currency) ? 0 : 2;
}

/** A catalog price (a number with at most six decimals) in micro-units. */
export function toMicro(price: number): number {
  return Math.round(price * 1_000_000);
}

/** Divides, rounding halves away from zero (all amounts here are non-negative). */
function divRound(n: bigint, d: bigint): bigint {
  return (n + d / 2n) / d;
}

/** quantity × unit price, rounded to the currency's minor unit. */
export function lineTotalMinor(quantity: number, unitMicro: number, currency: string): number {
  const divisor = 10n ** BigInt(6 - minorDigits(currency));
  return Number(divRound(BigInt(quantity) * BigInt(unitMicro), divisor));
}

/** A percentage discount given in basis points (1000 = 10 %), rounded to the minor unit. */
export function discountMinor(subtotalMinor: number, basisPoints: number): number {
  return Number(divRound(BigInt(subtotalMinor) * BigInt(basisPoints), 10_000n));
}

/** An amount as a decimal string with the currency's digits: `12.30`, `1234.00`, or `1500` for yen. */
export function formatMinor(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A unit price as a decimal string without trailing zeros (`0.416`, `12`). */
export function formatMicro(micro: number): string {
  const whole = Math.floor(micro / 1_000_000);
  const frac = String(micro % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(whole) : `${whole}.${frac}`;
}
