/**
 * A distributor's product link in a BOM cell names the part: Digi-Key's product pages carry the maker's part number
 * and Digi-Key's own ("…/product-detail/en/yageo/RC0402FR-071K5L/311-1.50KLRCT-ND/729466"), its searches the number
 * searched for ("…?keywords=497-11534-ND"), Mouser's the maker and part ("…/ProductDetail/Yageo/RC0402FR-071K5L?qs=…")
 * or Mouser's number, LCSC's its C number ("…_C25744.html"). A BOM whose part-number cells hold notes keeps the part
 * in its links: a buyer reads it there. Nothing is fetched: the link's text is read.
 */

/** What a product link names: the maker's part number and/or the distributor's, and the distributor. */
export interface LinkedPart {
  distributor: 'Digi-Key' | 'Mouser' | 'LCSC';
  partNumber?: string;
  distributorPartNumber?: string;
}

/** The longest link looked at: a product link is short; a longer cell is no link. */
const MAX_LINK = 500;

const LINK = /^\s*(?:https?:\/\/)?(?:www\.)?([a-z0-9.-]+)(\/[^\s?#]*)?(?:\?([^\s#]*))?/i;

/** A path segment as written, decoded where it is percent-encoded ("MIC5265-3.3YD5%20TR" → "MIC5265-3.3YD5 TR"). */
function segment(text: string): string {
  try {
    return decodeURIComponent(text).trim();
  } catch {
    return text.trim();
  }
}

/** A query parameter's value, decoded, or ''. */
function parameter(query: string, name: string): string {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).toLowerCase() === name) return segment(pair.slice(eq + 1).replace(/\+/g, ' '));
  }
  return '';
}

function digiKey(path: string[], query: string): LinkedPart | null {
  const dk = (s: string | undefined): boolean => s !== undefined && /-ND$/i.test(s);
  const detail = path.indexOf('product-detail');
  if (detail >= 0) {
    // /product-detail/<lang>/[<maker>/]<part>/<digi-key number>/<id>
    const rest = path.slice(detail + 2);
    const at = rest.findIndex(dk);
    if (at >= 1) return { distributor: 'Digi-Key', partNumber: rest[at - 1], distributorPartNumber: rest[at] };
    return null;
  }
  const products = path.indexOf('detail');
  if (products >= 0 && path.length >= products + 3) {
    // /<lang>/products/detail/<maker>/<part>/<id>
    return { distributor: 'Digi-Key', partNumber: path[products + 2] };
  }
  const keywords = parameter(query, 'keywords');
  if (dk(keywords)) return { distributor: 'Digi-Key', distributorPartNumber: keywords };
  return null;
}

function mouser(path: string[]): LinkedPart | null {
  const detail = path.findIndex((p) => p.toLowerCase() === 'productdetail');
  if (detail < 0) return null;
  const rest = path.slice(detail + 1);
  // /ProductDetail/<maker>/<part> or /ProductDetail/<mouser number> (a prefix of digits and a dash: "603-RC0402…").
  if (rest.length >= 2) return { distributor: 'Mouser', partNumber: rest[1] };
  if (rest.length === 1 && /^\d{2,4}-/.test(rest[0])) return { distributor: 'Mouser', distributorPartNumber: rest[0] };
  return null;
}

function lcsc(path: string[]): LinkedPart | null {
  const last = path[path.length - 1] ?? '';
  const m = /(?:^|_)(C\d{1,9})\.html$/i.exec(last);
  return m ? { distributor: 'LCSC', distributorPartNumber: m[1].toUpperCase() } : null;
}

/** The part a distributor's product link names, or null for any other text or link. */
export function partFromProductLink(text: string): LinkedPart | null {
  if (text.length > MAX_LINK || !/(?:digikey|mouser|lcsc)\./i.test(text)) return null;
  const m = LINK.exec(text);
  if (!m) return null;
  const host = m[1].toLowerCase();
  const path = (m[2] ?? '')
    .split('/')
    .filter((p) => p !== '')
    .map(segment);
  const query = m[3] ?? '';
  if (/(?:^|\.)digikey\./.test(host)) return digiKey(path, query);
  if (/(?:^|\.)mouser\./.test(host)) return mouser(path);
  if (/(?:^|\.)lcsc\./.test(host)) return lcsc(path);
  return null;
}
