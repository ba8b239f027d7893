/**
 * A distributor's product link in a BOM cell names the part: Digi-Key's product pages carry the maker's part number
 * and Digi-Key's own ("…/product-detail/en/yageo/RC0402FR-071K5L/311-1.50KLRCT-ND/729466"), its searches the number
 * searched for ("…?keywords=497-11534-ND", a maker's "…?k=SPBTLE-RF"), Mouser's the maker and part ("…/ProductDetail/Yageo/RC0402FR-071K5L?qs=…")
 * or Mouser's number, LCSC's the maker, the part and its C number ("…_Yageo-RC0402FR-071K5L_C25744.html"),
 * Akizuki's, RS's, Farnell's, TME's, Reichelt's and Conrad's their own codes, Adafruit's its own numbers. A BOM whose part-number cells hold notes keeps the part
 * in its links: a buyer reads it there. Nothing is fetched: the link's text is read. A row with no part number in
 * its columns is read by its links (partFromLinks).
 */
import { type Cell } from '../text/normalize';
import { looksLikePartNumber } from './column-content';
import { quote } from './read-result';
import { isKnownManufacturer } from '../match/manufacturer';
import { shopCodeInText } from './shop-code-shapes';
import { namesAPack } from './quantity';

/** What a product link names: the maker's part number and/or the distributor's, and the distributor. */
export interface LinkedPart {
  distributor:
    | 'Digi-Key'
    | 'Mouser'
    | 'LCSC'
    | 'Akizuki'
    | 'RS'
    | 'Farnell'
    | 'TME'
    | 'Reichelt'
    | 'Conrad'
    | 'Adafruit'
    | 'Monotaro'
    | 'Tsukumo'
    | 'McMaster-Carr'
    | 'Amazon';
  partNumber?: string;
  distributorPartNumber?: string;
  /** A maker's own shop: its product number is the maker's part number, which other distributors list it by. */
  maker?: string;
}

/**
 * Whether a shop's code names a part in its own catalogue alone, never a maker's number to look up elsewhere: LCSC's,
 * Conrad's and Monotaro's numbers, Tsukumo's (a product's barcode), McMaster-Carr's catalogue numbers, Amazon's ASINs,
 * and Reichelt's codes written with spaces or commas
 * ("LUM NEB 21R", "LM 2596 T5,0"); Reichelt's "NE555P" is the maker's.
 */
export function shopsOwnCode(distributor: LinkedPart['distributor'], code: string): boolean {
  if (distributor === 'Reichelt') return /[ ,]/.test(code);
  return ['LCSC', 'Conrad', 'Monotaro', 'Tsukumo', 'McMaster-Carr', 'Amazon'].includes(distributor);
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
  const keywords = parameter(query, 'keywords') || parameter(query, 'k');
  if (dk(keywords)) return { distributor: 'Digi-Key', distributorPartNumber: keywords };
  // A search for a maker's number ("…?keywords=SIL03-1A72-71D", "…/3539948?k=SPBTLE-RF"): one word with letters and
  // digits, or capitals joined by dashes; never a word of the language ("resistor").
  const number = /\d/.test(keywords) || /^[A-Z0-9]+(?:-[A-Z0-9]+)+$/.test(keywords);
  if (/^[A-Za-z0-9][\w./-]*$/.test(keywords) && /[A-Za-z]/.test(keywords) && number)
    return { distributor: 'Digi-Key', partNumber: keywords };
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

/**
 * LCSC's product pages name the category, the maker and the part before the C number
 * ("Schottky-Diodes_STMicroelectronics-1N5818_C5220773.html"): the part is the slug from its first word with a
 * digit ("TE-Connectivity-174917-1" → "174917-1"), or from the searched number when the link keeps it
 * ("…?s_z=n_MC33814" → "MC33814AER2").
 */
function lcsc(path: string[], query: string): LinkedPart | null {
  const last = path[path.length - 1] ?? '';
  const m = /^(?:(.*)_)?(C\d{1,9})\.html$/i.exec(last);
  if (!m) return null;
  const distributorPartNumber = m[2].toUpperCase();
  const slug = (m[1] ?? '').split('_').pop() ?? '';
  const searched = parameter(query, 's_z').replace(/^n_/i, '');
  let partNumber: string | undefined;
  const at = searched.length >= 3 ? slug.toUpperCase().indexOf(searched.toUpperCase()) : -1;
  if (at >= 0 && (at === 0 || slug[at - 1] === '-')) partNumber = slug.slice(at);
  else {
    // The code again at the slug's end ("Q-J-C70374_C70374"): no maker's number, only the shop's.
    const words = slug
      .split('-')
      .filter((w, i, all) => i < all.length - 1 || w.toUpperCase() !== distributorPartNumber);
    const first = partStart(words);
    if (first >= 0) partNumber = words.slice(first).join('-');
    // Nexperia's and NXP's numbers end in a packing code after a comma ("BC847B,215"), which the address makes a dash.
    if (first > 0 && partNumber !== undefined && /^(?:nexperia|nxp)$/i.test(words[0]))
      partNumber = partNumber.replace(/-(\d{3})$/, ',$1');
  }
  return { distributor: 'LCSC', distributorPartNumber, ...(partNumber ? { partNumber } : {}) };
}

/**
 * Where the part starts in a slug of maker and part: at its first word with a figure, with the short capitals before
 * it that begin many parts ("Korean-Hroparts-Elec-TYPE-C-31-M-12", "XINGLIGHT-XL-5050RGBC-WS2812B"), but never within
 * a maker the alias table knows ("ROHM-PDZVTR5-1B", "AOS-AO3401A"); -1 when no word has a figure.
 */
function partStart(words: readonly string[]): number {
  let first = words.findIndex((w) => /\d/.test(w));
  if (first < 0) return -1;
  // Never to the slug's first word: short capitals there are the maker ("KYET-PE473J2A0503", "ROHM-…").
  while (first > 1 && /^[A-Z]{1,4}$/.test(words[first - 1])) first--;
  for (let n = Math.min(4, words.length - 1); n > first; n--)
    if (isKnownManufacturer(words.slice(0, n).join(' '))) return words.slice(n).some((w) => /\d/.test(w)) ? n : first;
  return first;
}

/** Akizuki's catalogue pages: "/catalog/g/g117897/" names its code 117897, "/catalog/g/gK-09848/" its K-09848. */
function akizuki(path: string[]): LinkedPart | null {
  const g = path.indexOf('g');
  const code = g >= 0 ? /^g([A-Z]-\d{5}|\d{5,6})$/i.exec(path[g + 1] ?? '') : null;
  return code ? { distributor: 'Akizuki', distributorPartNumber: code[1] } : null;
}

/** RS's product pages end in its stock number: "/web/p/through-hole-resistors/7549032". */
function rs(path: string[]): LinkedPart | null {
  const p = path.indexOf('p');
  const last = path[path.length - 1] ?? '';
  return p >= 0 && /^\d{3}-?\d{3,4}$/.test(last) ? { distributor: 'RS', distributorPartNumber: last } : null;
}

/**
 * Monotaro's product pages name its eight-digit number after "g" ("/g/02315291/"); Tsukumo's a product's barcode
 * after "goods" ("/goods/4937925913084/").
 */
function numberedPage(distributor: 'Monotaro' | 'Tsukumo', path: string[]): LinkedPart | null {
  const [at, form] = distributor === 'Monotaro' ? ['g', /^\d{8}$/] : ['goods', /^\d{8}(?:\d{5})?$/];
  const code = path[path.indexOf(at) + 1] ?? '';
  return path.includes(at) && form.test(code) ? { distributor, distributorPartNumber: code } : null;
}

/** Farnell's and Newark's product pages end in its order code after "dp": "/…/dp/1234567". */
function farnell(path: string[]): LinkedPart | null {
  const dp = path.indexOf('dp');
  const code = dp >= 0 ? (path[dp + 1] ?? '') : '';
  return /^\d{6,8}$|^\d{2}[A-Z]\d{4}$/.test(code) ? { distributor: 'Farnell', distributorPartNumber: code } : null;
}

/**
 * TME's product pages name its symbol after "details", in lower case, a slash in it written "_":
 * "/cz/details/cl21b105kofnnng/…", "/pl/en/details/cf1_4w-220r/…" (CF1/4W-220R).
 */
function tme(path: string[]): LinkedPart | null {
  // /<language>/details/<symbol>/… (or /<country>/<language>/details/…): "details" elsewhere names no product.
  const at = path.indexOf('details');
  const region = at >= 1 && at <= 2 && path.slice(0, at).every((p) => /^[a-z]{2}$/i.test(p));
  const symbol = region ? (path[at + 1] ?? '') : '';
  return /^(?=.*\d)[a-z0-9][a-z0-9._/-]{2,39}$/i.test(symbol)
    ? { distributor: 'TME', distributorPartNumber: symbol.toUpperCase().replace(/_/g, '/') }
    : null;
}

/**
 * Reichelt's older product pages name its article code in a parameter, spaces as "+": "…/index.html?…&artnr=LUM+NEB+21R"
 * is "LUM NEB 21R" (the page's name, "LUM-NEB-21R", makes the code's spaces and commas dashes: not read).
 */
function reichelt(query: string): LinkedPart | null {
  const code = parameter(query, 'artnr');
  return /^(?=.*[A-Z0-9]{2})[A-Z0-9][A-Z0-9 ,./+-]{1,39}$/i.test(code)
    ? { distributor: 'Reichelt', distributorPartNumber: code.toUpperCase() }
    : null;
}

/**
 * Conrad's product pages end in its order number: "…/modelcraft-mini-servo-…-209089.html", "/p/…-1284618.html"; a
 * category's pages ("/de/o/widerstaende-0211010.html") end in a number too, and name no part.
 */
function conrad(path: string[]): LinkedPart | null {
  if (path.includes('o')) return null;
  const code = /-(\d{6,7})\.html?$/i.exec(path[path.length - 1] ?? '');
  return code ? { distributor: 'Conrad', distributorPartNumber: code[1] } : null;
}

/**
 * Adafruit's product pages end in its product number ("adafruit.com/product/2928"), which is the maker's part number
 * of what Adafruit makes and the one other distributors list its products by, with Adafruit as the maker. (Pololu's
 * pages are alike, but a carrier board's page is read as naming no part: left as written.)
 */
function makersShop(distributor: 'Adafruit', path: string[]): LinkedPart | null {
  // /product/<number> or /products/<number> at the address's start: a blog's or a guide's "products" is none.
  const code = /^products?$/i.test(path[0] ?? '') ? (path[1] ?? '') : '';
  return /^\d{2,6}$/.test(code) ? { distributor, partNumber: code, maker: distributor } : null;
}

/** The part a distributor's product link names, or null for any other text or link. */
export function partFromProductLink(text: string): LinkedPart | null {
  if (text.length > MAX_LINK) return null;
  // Shops of other things than electronics, their own codes named in the address: McMaster-Carr's catalogue
  // number after "#" or as the path ("…/#92005A220", "…/4615T37/"), Amazon's ASIN after "dp" or "gp/product".
  const mcmaster = /^\s*(?:https?:\/\/)?(?:www\.)?mcmaster\.com\/#?(\d{1,6}[A-Z]{1,2}\d{1,4})(?:[/?#]|\s*$)/i.exec(
    text,
  );
  if (mcmaster) return { distributor: 'McMaster-Carr', distributorPartNumber: mcmaster[1] };
  const asin =
    /^\s*(?:https?:\/\/)?(?:www\.)?amazon\.[a-z.]{2,6}\/(?:[^\s?#]*\/)?(?:dp|gp\/product)\/([A-Z0-9]{10})(?:[/?#]|\s*$)/.exec(
      text,
    );
  if (asin) return { distributor: 'Amazon', distributorPartNumber: asin[1] };
  if (
    !/(?:digikey|mouser|lcsc|akizukidenshi|rs-online|farnell|newark|element14|tme|reichelt|conrad|adafruit|monotaro|tsukumo)\./i.test(
      text,
    )
  )
    return null;
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
  if (/(?:^|\.)lcsc\./.test(host)) return lcsc(path, query);
  if (/(?:^|\.)akizukidenshi\./.test(host)) return akizuki(path);
  if (/(?:^|\.)rs-online\./.test(host)) return rs(path);
  if (/(?:^|\.)(?:farnell|newark|element14)\./.test(host)) return farnell(path);
  if (/(?:^|\.)tme\./.test(host)) return tme(path);
  if (/(?:^|\.)reichelt\./.test(host)) return reichelt(query);
  if (/(?:^|\.)conrad\./.test(host)) return conrad(path);
  if (/^(?:www\.)?adafruit\.com$/.test(host)) return makersShop('Adafruit', path);
  if (/(?:^|\.)monotaro\.com$/.test(host)) return numberedPage('Monotaro', path);
  if (/(?:^|\.)tsukumo\.co\.jp$/.test(host)) return numberedPage('Tsukumo', path);
  return null;
}

/**
 * The address of a Markdown link written alone in a cell ("[TME](http://www.tme.eu/…)"), or after the shop's name
 * with perhaps a note after it ("Mouser [692-Z84C0010PEG](…); possible alternatives: …"), else ''.
 */
function markdownLink(text: string): string {
  const whole = linkMarkup(text);
  if (whole !== null) return whole.url;
  const after =
    /^\s*([\p{L}][\p{L}\d .-]{0,30}?)\s+\[[^\]]{0,80}\]\((https?:\/\/[^\s)]{1,500})\)\s*(?:$|[;,.]\s)/u.exec(text);
  return after !== null && SHOP_LABEL.test(after[1]) ? after[2] : '';
}

/** The part a cell's one product link names, written bare or in markup after a shop's name (markdownLink). */
function productLinkIn(cell: string): LinkedPart | null {
  return partFromProductLink(cell) ?? partFromProductLink(markdownLink(cell));
}

/**
 * A cell that is one link written in markup, as Markdown writes it ("[LM358DR](https://…)") or reStructuredText
 * ("`4615T37 <https://…>`_"): the words a reader sees and the address; null for any other text.
 */
export function linkMarkup(text: string): { text: string; url: string } | null {
  const m =
    /^\s*\[([^\]]{0,80})\]\((https?:\/\/[^\s)]{1,500})\)\s*$/.exec(text) ??
    /^\s*`([^`<]{0,80}?)\s*<(https?:\/\/[^\s>]{1,500})>`__?\s*$/.exec(text);
  return m === null ? null : { text: m[1].trim(), url: m[2] };
}

/** The addresses of a cell's Markdown links ("[ebay](…), [digikey](…)"): a few at most. */
const MARKDOWN_LINKS = /\[[^\]]{0,80}\]\((https?:\/\/[^\s)]{1,500})\)/g;

/** A link's words that name the shop it leads to, or say nothing of the part ("ebay", "digikey", "direct", "buy"). */
const SHOP_LABEL =
  /^(?:digi-?key|mouser|lcsc|jlcpcb|farnell|newark|element14|rs(?: online| components)?|tme|reichelt|conrad|arrow|octopart|ebay|aliexpress|amazon|adafruit|sparkfun|pololu|jameco|tayda|banggood|akizuki|monotaro|marutsu|sengoku|tsukumo|switch science|direct|link|buy|shop|store|datasheet)$/i;

/**
 * The part a cell of several Markdown links names, where each link's words name its shop (an eBay search beside a
 * Digi-Key page, the same part at two shops) and the product pages among them name one part, or each another shop's
 * code for the thing (Akizuki's beside Monotaro's: the first that can be looked up, else the first); null where a
 * link's words name a thing ("[switch](…), [keycaps](…)"), where words join them ("… or …"), or where two pages of
 * one shop name different parts.
 */
function oneLinkedPart(cell: string): LinkedPart | null {
  if (cell.length > 4 * MAX_LINK || !cell.includes('](')) return null;
  const links = [...cell.matchAll(MARKDOWN_LINKS)].slice(0, 8);
  if (!links.every((m) => SHOP_LABEL.test(m[0].slice(1, m[0].indexOf(']')).trim()))) return null;
  // Links given as an example ("e.g. [link](…)", "z.B.", "np.") are where to buy all the same.
  if (!/^\s*(?:e\.\s?g\.|z\.\s?b\.|np\.|ex\.)?[\s,;/|]*$/i.test(cell.replace(MARKDOWN_LINKS, ''))) return null;
  const named = links.map((m) => partFromProductLink(m[1])).filter((p) => p !== null);
  const parts = new Set(named.map((p) => (p.partNumber ?? p.distributorPartNumber ?? '').toUpperCase()));
  if (parts.size === 1) return named[0];
  const shops = new Set(named.map((p) => p.distributor));
  if (named.length < 2 || shops.size < named.length || named.some((p) => p.partNumber !== undefined)) return null;
  return named.find((p) => !shopsOwnCode(p.distributor, p.distributorPartNumber ?? '')) ?? named[0];
}

/** A size, a screw or a count as a page name writes it ("5mm", "m3", "10pcs"): no part of a maker's number. */
const SIZE_TOKEN = /^(?:\d+(?:mm|cm|in|v|a|w|pcs|pc|x\d+)|m\d+)$/i;

/**
 * The part number a shop's product page is named by, as a maker's own shop names its pages ("…/pieces/bases/
 * rap-b-347u.html" → "RAP-B-347U"): the link's last path segment, its .html left out, of two to six short codes
 * joined by dashes, one of them letters alone and one letters and digits. Words ("16-relais-modul"), an item's number
 * alone, sizes ("led-5mm-red") and searches are no part. Null for any other text.
 */
export function partNamedByPage(text: string): string | null {
  if (text.length > MAX_LINK || !/^\s*(?:https?:\/\/|www\.)/i.test(text)) return null;
  const m = LINK.exec(text);
  const path = (m?.[2] ?? '').split('/').filter((p) => p !== '');
  const last = (path[path.length - 1] ?? '').replace(/\.html?$/i, '');
  const codes = last.split('-');
  if (codes.length < 2 || codes.length > 6 || !codes.every((t) => /^[a-z0-9]{1,5}$/i.test(t))) return null;
  if (codes.some((t) => SIZE_TOKEN.test(t)) || !codes.some((t) => /^[a-z]+$/i.test(t))) return null;
  // A page selling a pack ("50-pcs-DIN-912-A2-M3X12", fifty screws) is named by what the pack holds: no part number.
  if (namesAPack(codes.join(' '))) return null;
  return codes.some((t) => /[a-z]/i.test(t) && /\d/.test(t)) ? last.toUpperCase() : null;
}

/** The part number the first link among the cells names by its page's name (partNamedByPage), or null. */
export function pageNamedPart(cells: readonly unknown[]): string | null {
  for (const cell of cells) {
    const named = typeof cell === 'string' && cell.includes('/') ? partNamedByPage(cell) : null;
    if (named !== null) return named;
  }
  return null;
}

/**
 * A part number read from a link as the row writes it: a shop's address puts a dash for a slash or a dot
 * ("MCP1416T-E/OT" is "…/MCP1416T-E-OT?qs=…", LCSC's "…ROHM-PDZVTR5-1B_C253499" is PDZVTR5.1B), so a cell of the row
 * that differs from it only so gives the number.
 */
export function asWrittenInRow(partNumber: string, row: readonly Cell[]): string {
  const slug = (t: string): string => t.trim().toUpperCase().replace(/[/.]/g, '-');
  const key = slug(partNumber);
  for (const cell of row) {
    // The cell, or its first word ("AMS1117-3.3 (Alt)").
    const whole = typeof cell === 'string' ? cell.trim() : '';
    for (const text of [whole, whole.split(/[\s(]/)[0]])
      if (text.length === partNumber.length && text !== partNumber && slug(text) === key) return text;
  }
  return partNumber;
}

/**
 * An Octopart page names the part and its maker in its address ("octopart.com/c315c104m5u5ta-kemet-83288": the number
 * in lower case with a space as "+", the maker, the page's number), and the link's words write them as the maker does
 * ("[Kemet C315C104M5U5TA](…)"): the words the address starts with are the part number, as written, and the words
 * before them its maker where the address names it so. A bare address gives the number in lower case only: not read.
 */
function octopartPart(cell: string): { partNumber: string; maker?: string } | null {
  const link = cell.includes('octopart.') ? linkMarkup(cell) : null;
  const m = link === null ? null : /^https?:\/\/(?:www\.)?octopart\.com\/([^/?#]+)-\d+\/?(?:[?#].*)?$/i.exec(link.url);
  if (link === null || m === null) return null;
  const slug = segment(m[1]).toLowerCase();
  const words = link.text.split(/\s+/).filter((w) => w !== '');
  for (let i = 0; i < words.length; i++) {
    const written = words.slice(i).join(' ');
    // The number's first word mixes letters and digits ("MF25 10k"; "0603 100nF" is a size and a value).
    if (!/^(?=\S*[A-Za-z])(?=\S*\d)/.test(written) || !slug.startsWith(`${written.toLowerCase().replace(/ /g, '+')}-`))
      continue;
    // After the number, the address names the maker alone: as the words do, or one the alias table knows; a longer
    // number the words only begin ("[AMS1117](…/ams1117-3.3-advanced+monolithic+systems-…)") is none.
    const rest = slug.slice(written.length + 1);
    const maker = words.slice(0, i).join(' ');
    if (maker !== '') return rest === maker.toLowerCase().replace(/ /g, '-') ? { partNumber: written, maker } : null;
    return !/\d/.test(rest) && isKnownManufacturer(rest.replace(/[+-]/g, ' ')) ? { partNumber: written } : null;
  }
  return null;
}

/** The part number a row gives, and where it came from. */
export interface RowPart {
  partNumber: string;
  manufacturer?: string;
  from?: 'supplier' | 'value' | 'link';
  note: string;
}

/**
 * Where no column gives a part number, the part a distributor's product link in the row names: the maker's part
 * number when the link gives one shaped like it, else the distributor's number; else (`pageNames`) the part number a
 * shop's page is named by. Null when no cell is such a link.
 */
export function partFromLinks(row: readonly Cell[], pageNames = true): RowPart | null {
  for (const cell of row) {
    if (typeof cell !== 'string' || !cell.includes('/')) continue;
    const octopart = octopartPart(cell);
    if (octopart !== null)
      return {
        partNumber: octopart.partNumber,
        manufacturer: octopart.maker,
        from: 'link',
        note: `no part number in its columns; ${quote(octopart.partNumber, 40)} is read from its Octopart link`,
      };
    const linked = productLinkIn(cell) ?? oneLinkedPart(cell);
    if (linked === null) continue;
    const { distributorPartNumber, distributor } = linked;
    const partNumber = linked.partNumber === undefined ? undefined : asWrittenInRow(linked.partNumber, row);
    if (partNumber !== undefined && linked.maker !== undefined)
      return {
        partNumber,
        manufacturer: linked.maker,
        from: 'link',
        note: `no part number in its columns; ${linked.maker} ${quote(partNumber, 20)} is read from its ${distributor} product link`,
      };
    // The address names the part by its place in it (Mouser's /ProductDetail/<maker>/<part>): a short number
    // ("U135", an M5Stack unit) is the part all the same, where a designator's shape would hide it in a cell; so are
    // capitals joined by dashes ("SPBTLE-RF"), which no word is.
    if (
      partNumber !== undefined &&
      (looksLikePartNumber(partNumber) ||
        /^(?=.*\d)[A-Z][A-Z0-9-]{3,}$/i.test(partNumber) ||
        /^[A-Z]{2,}(?:-[A-Z0-9]+)+$/.test(partNumber))
    )
      return {
        partNumber,
        from: 'link',
        note: `no part number in its columns; ${quote(partNumber, 40)} is read from its ${distributor} product link`,
      };
    // An LCSC link's C number names a part in that catalogue alone, as Reichelt's and Conrad's order codes do: never
    // looked up here.
    if (
      distributorPartNumber !== undefined &&
      !shopsOwnCode(distributor, distributorPartNumber) &&
      looksLikePartNumber(distributorPartNumber)
    )
      return {
        partNumber: distributorPartNumber,
        from: 'supplier',
        note: `no manufacturer part number; looked up by the ${distributor} number ${quote(distributorPartNumber, 40)} in its product link`,
      };
  }
  const mentioned = shopCodeMentioned(row);
  if (mentioned !== null) return mentioned;
  const named = pageNames ? pageNamedPart(row) : null;
  if (named === null || !looksLikePartNumber(named)) return null;
  return { partNumber: named, from: 'link', note: `no part number in its columns; ${named} names its shop page` };
}

/**
 * The first code of a shop's own catalogue a row's product link names, in words for a listed line ('Amazon
 * "B07QR6GVFJ", a number of that shop's catalogue alone'), or null: what identifies a thing no maker's number names.
 */
export function ownCodeLinked(row: readonly Cell[]): string | null {
  for (const cell of row) {
    if (typeof cell !== 'string' || !cell.includes('/')) continue;
    const linked = productLinkIn(cell);
    const code = linked?.distributorPartNumber;
    if (linked && code !== undefined && shopsOwnCode(linked.distributor, code))
      return `${linked.distributor} ${quote(code, 30)}, a number of that shop's catalogue alone`;
  }
  return null;
}

function shopCodeMentioned(row: readonly Cell[]): RowPart | null {
  for (const cell of row) {
    const named = typeof cell === 'string' ? shopCodeInText(cell) : null;
    if (named !== null)
      return {
        partNumber: named.code,
        from: 'supplier',
        note: `no manufacturer part number; looked up by the ${named.shop} number ${quote(named.code, 40)} its text names`,
      };
  }
  return null;
}
