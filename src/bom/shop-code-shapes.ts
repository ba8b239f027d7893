/**
 * The shapes of the two shops' order codes met most often without their shop's name beside them: Digi-Key's end in
 * "-ND" ("296-1234-1-ND"), Mouser's start with its maker prefix of two or three digits ("556-ATSAMD21G18A-AUT",
 * "517-5607-4200-SH").
 */
export const DIGIKEY_CODE = /^[A-Z0-9][A-Z0-9.#/-]*-ND$/i;
export const MOUSER_CODE = /^\d{2,3}-(?=[A-Z0-9.#/-]*[A-Z])[A-Z0-9][A-Z0-9.#/-]*$|^\d{2,3}-\d{4,}$/i;

/**
 * Whether a code is shaped as Digi-Key's or as Mouser's with a letter in it, with no shop named beside it: digits on
 * both sides of one hyphen ("221-2411", "850-9643") are as often a maker's own number (Wago's) or RS's.
 */
export function shapedAsShopCode(code: string): boolean {
  const t = code.trim();
  return DIGIKEY_CODE.test(t) || (MOUSER_CODE.test(t) && /[A-Z]/i.test(t));
}
