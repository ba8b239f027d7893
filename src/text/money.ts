/** Sums of money as lists write them beside a thing: "4.29 EUR", "$1.20", "2,50 € (par 10)". */

/** Currency codes a purchase list writes after or before its prices. */
const CODES =
  'EUR USD GBP CHF JPY CNY RMB PLN CZK SEK NOK DKK HUF RON BGN AUD CAD NZD INR KRW RUB UAH TRY BRL MXN HKD SGD TWD ZAR';
const CURRENCY = `(?:[$€£¥₹₽]|${CODES.split(' ').join('|')})`;
const PRICE_FIRST = new RegExp(`^\\s*(${CURRENCY}\\s*)?\\d{1,7}([.,]\\d{1,2})?\\s*(${CURRENCY})?(?=\\s|$|\\()`, 'i');

/**
 * Whether a cell's text starts with a price: a figure with a currency's sign or code before or after it, or with
 * cents ("4.29 EUR", "$1.20", "0.64 EUR (par 40)", "2,50"). A count ("12"), a value ("4.7k", "2W") or a length with
 * its unit joined on is none.
 */
export function startsWithPrice(text: string): boolean {
  const m = PRICE_FIRST.exec(text);
  return m !== null && (m[1] !== undefined || m[2] !== undefined || m[3] !== undefined);
}
