import { PricingError } from './errors';

/**
 * Money arithmetic in integer micro-units (1e-6 of the currency unit).
 *
 * Rounding rule: a unit price is rounded once, to the nearest micro-unit (prices carry at most five
 * decimals, so real prices are exact); the extended cost is the exact integer product of that price and
 * the quantity; sums add exact micro-units. The result is returned as the double nearest to that exact
 * decimal, so `extendedCost(0.1, 3)` is `0.3`, not `0.30000000000000004`. Nothing is rounded to cents
 * here: rounding for display belongs to whoever formats the cell.
 */

const MICRO_PER_UNIT = 1_000_000n;
const MICRO_DIGITS = 6;

/** An amount as a whole number of micro-units. Throws on NaN, infinities and negatives. */
export function toMicro(amount: number): bigint {
  return BigInt(microUnits(amount));
}

/** toMicro's whole number of micro-units as a number (a double holding a whole number). Throws as toMicro does. */
function microUnits(amount: number): number {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    throw new PricingError('invalid-price', 'Price must be a number ≥ 0');
  }
  return Math.round(amount * 1e6);
}

/**
 * An exact running sum of amounts in micro-units, for totals over many lines: the whole numbers are added as doubles
 * while the sum stays below 2^53, where doubles add whole numbers exactly, and carried into the BigInt beyond, so
 * no BigInt is made per amount. `microOf` gives the sum.
 */
export interface MicroTally {
  micro: bigint;
  small: number;
}

/** Adds `amount` (as toMicro reads it, throwing as it does) to the tally. */
export function addAmount(tally: MicroTally, amount: number): void {
  const units = microUnits(amount);
  const sum = tally.small + units;
  if (sum <= Number.MAX_SAFE_INTEGER) tally.small = sum;
  else {
    tally.micro += BigInt(tally.small) + BigInt(units);
    tally.small = 0;
  }
}

/** The sum of a tally, micro-units. */
export function microOf(tally: MicroTally): bigint {
  return tally.micro + BigInt(tally.small);
}

/** The exact decimal text of a micro-unit amount, with at least `minDecimals` decimals and no other trailing zeros. */
export function microToText(micro: bigint, minDecimals = 0): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = (abs / MICRO_PER_UNIT).toString();
  let fraction = (abs % MICRO_PER_UNIT).toString().padStart(MICRO_DIGITS, '0');
  const keep = Math.max(0, Math.min(MICRO_DIGITS, minDecimals));
  while (fraction.length > keep && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${whole}${fraction.length > 0 ? `.${fraction}` : ''}`;
}

/** The double nearest to an exact micro-unit amount. */
export function fromMicro(micro: bigint): number {
  // Below 2^53 both numbers are exact doubles and IEEE division rounds to nearest: the same double, without text.
  if (micro < SAFE_MICRO && micro > -SAFE_MICRO) return Number(micro) / 1e6;
  return Number(microToText(micro));
}

const SAFE_MICRO = BigInt(Number.MAX_SAFE_INTEGER);

/** An amount for messages: at least two decimals, more only when the amount has them (`8.00`, `2.88638`). */
export function formatAmount(amount: number): string {
  return microToText(toMicro(amount), 2);
}

function assertWholeCount(qty: number): void {
  if (typeof qty !== 'number' || !Number.isSafeInteger(qty) || qty < 0) {
    throw new PricingError('invalid-quantity', 'Quantity must be a whole number ≥ 0');
  }
}

/** Extended cost in micro-units: exact. */
export function extendedMicro(unitPrice: number, qty: number): bigint {
  assertWholeCount(qty);
  return toMicro(unitPrice) * BigInt(qty);
}

/**
 * Cost of `qty` units at `unitPrice`, without float drift (see the rounding rule above).
 * Throws PricingError for a negative or non-finite price, or a quantity that is not a whole number ≥ 0.
 */
export function extendedCost(unitPrice: number, qty: number): number {
  return fromMicro(extendedMicro(unitPrice, qty));
}

/** Normalised currency code: trimmed, upper case (`' usd'` and `'USD'` are one currency). */
export function normalizeCurrency(currency: string): string {
  return String(currency ?? '')
    .trim()
    .toUpperCase();
}

/**
 * Totals per currency; amounts in different currencies are never added together. Currency codes are
 * compared trimmed and case-insensitively and reported in upper case. Each amount is rounded to the
 * micro-unit and summed exactly.
 */
export function sumByCurrency(lines: ReadonlyArray<{ currency: string; extended: number }>): Record<string, number> {
  const totals = new Map<string, bigint>();
  for (const line of lines) {
    const currency = normalizeCurrency(line.currency);
    totals.set(currency, (totals.get(currency) ?? 0n) + toMicro(line.extended));
  }
  return Object.fromEntries([...totals].map(([currency, micro]) => [currency, fromMicro(micro)]));
}

const currencyDigits = new Map<string, number>();

/**
 * How many decimals a currency's amounts are shown with (its minor unit: 2 for USD and EUR, 0 for JPY, 3 for
 * BHD), as the runtime's currency data has it; 2 for a code it does not know, the common case.
 */
export function currencyDecimals(currency: string): number {
  const code = normalizeCurrency(currency);
  let digits = currencyDigits.get(code);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ??
        2;
    } catch {
      // Not an ISO 4217 code (Intl refuses it): shown as most currencies are.
      digits = 2;
    }
    currencyDigits.set(code, digits);
  }
  return digits;
}

const moneyFormats = new Map<number, Intl.NumberFormat>();

/**
 * An amount as a buyer reads it: rounded to its currency's decimals, with thousands separators, and the code after
 * ("19.41 USD", "1,250 JPY"). Unit prices keep their own decimals elsewhere; this is for amounts of money paid.
 */
export function formatMoney(amount: number, currency: string): string {
  const digits = currencyDecimals(currency);
  // One format per number of decimals, kept: building a number format for each amount is what costs.
  let format = moneyFormats.get(digits);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(digits, format);
  }
  const text = format.format(amount);
  const code = normalizeCurrency(currency);
  return code === '' ? text : `${text} ${code}`;
}
