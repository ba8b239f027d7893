/**
 * The shapes of shops' order codes: the two met most often without their shop's name beside them, Digi-Key's ending in
 * "-ND" ("296-1234-1-ND") and Mouser's starting with its maker prefix of two or three digits ("556-ATSAMD21G18A-AUT",
 * "517-5607-4200-SH"), and each shop's where a text names the shop before its code (shopCodeInText).
 */
export const DIGIKEY_CODE = /^[A-Z0-9][A-Z0-9.#/-]*-ND$/i;
export const MOUSER_CODE = /^\d{2,3}-(?=[A-Z0-9.#/-]*[A-Z])[A-Z0-9][A-Z0-9.#/-]*$|^\d{2,3}-\d{4,}$/i;
/** Rapid's (a UK shop's): two digits, a dash and four ("20-0157", "62-0434"), shorter than a maker's dashed number. */
export const RAPID_CODE = /^\d{2}-\d{4}$/;

/**
 * Whether a code is shaped as Digi-Key's or as Mouser's with a letter in it, with no shop named beside it: digits on
 * both sides of one hyphen ("221-2411", "850-9643") are as often a maker's own number (Wago's) or RS's.
 */
export function shapedAsShopCode(code: string): boolean {
  const t = code.trim();
  return DIGIKEY_CODE.test(t) || (MOUSER_CODE.test(t) && /[A-Z]/i.test(t));
}

/**
 * The shape of each shop's order codes, for a code named in a row's text after the shop ("$0.81 MOUSER 517-5607-4200-SH",
 * "Digi-Key: 296-1234-1-ND"): Digi-Key's end in -ND, Mouser's start with its maker prefix of two or three digits,
 * Farnell's and element14's are six to eight digits (Newark's also two digits, letters, digits), RS's three digits
 * and four, Conrad's six digits, Rapid's as above. Words after a shop's name ("Conrad: rev2", "Farnell 0.35EUR", "Mouser 2pcs") are
 * none.
 */
const SHOP_CODES: readonly { shop: RegExp; code: RegExp }[] = [
  // A Digi-Key number is one by its shape after any shop's name ("MOUSER LTC2440CGN#PBF-ND").
  { shop: /./, code: DIGIKEY_CODE },
  { shop: /^mouser$/i, code: MOUSER_CODE },
  { shop: /^(?:farnell|element14)$/i, code: /^\d{6,8}$/ },
  { shop: /^newark$/i, code: /^(?:\d{6,8}|\d{2}[A-Z]{1,2}\d{3,5})$/i },
  { shop: /^rs$/i, code: /^\d{3}-?\d{4}$/ },
  { shop: /^conrad$/i, code: /^\d{6}$/ },
  { shop: /^rapid$/i, code: RAPID_CODE },
];
const SHOP_MENTION =
  /(?:^|[^A-Za-z])(DK|Digi-?Key|Mouser|Farnell|element14|Newark|RS|Conrad|Rapid)\s*(?:#|no\.?|p\/?n|part\s*(?:no\.?|number))?\s*[:#]?\s*([A-Z0-9][A-Z0-9.#/-]{3,39})(?=$|[\s,;)])/gi;

/** The shop and its order code a row's text names, the code shaped as that shop's are; null when it names none. */
export function shopCodeInText(text: string): { shop: string; code: string } | null {
  if (text.length > 300) return null;
  for (const m of text.matchAll(SHOP_MENTION)) {
    const code = m[2].replace(/\.+$/, '');
    if (SHOP_CODES.some((s) => s.shop.test(m[1]) && s.code.test(code))) return { shop: m[1], code };
  }
  return null;
}
