/**
 * Demo exchange rates for `utm_currency`: units of each currency per 1 USD, as of RATES_AS_OF.
 * They are fixed reference figures for the demo service, not market data.
 */
export const RATES_AS_OF = '2026-11-01';

export const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 151.2,
  SGD: 1.34,
  AUD: 1.52,
  CAD: 1.38,
  HKD: 7.78,
  MYR: 4.42,
  KRW: 1385,
  BRL: 5.6,
  CNY: 7.12,
  INR: 84.1,
  MXN: 19.6,
  TWD: 32.1,
  ILS: 3.72,
};

/** `CAN` appears in the documentation as an example value; it is taken to mean CAD. */
const ALIASES: Readonly<Record<string, string>> = { CAN: 'CAD' };

/** Currencies whose `displayPrice` uses a decimal comma, as some non-USD answers do. */
const DECIMAL_COMMA = new Set(['EUR', 'BRL']);

export function resolveCurrency(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  const resolved = ALIASES[upper] ?? upper;
  return Object.prototype.hasOwnProperty.call(USD_RATES, resolved) ? resolved : undefined;
}

/** Rounds to five decimals: enough for sub-cent unit prices of passives in every listed currency. */
export function roundPrice(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

export function convertFromUsd(priceUsd: number, currency: string): number {
  return roundPrice(priceUsd * USD_RATES[currency]);
}

/** A price as text without trailing zeros (`0.416`), with a decimal comma where that currency uses one. */
export function displayPrice(price: number, currency: string): string {
  const text = String(roundPrice(price));
  return DECIMAL_COMMA.has(currency) ? text.replace('.', ',') : text;
}
