/**
 * The maker's number a value names among other words, where a value column is read for part numbers: the first of
 * alternatives joined by "or", a number amid its maker and ratings, after a maker or value, or before its maker.
 */
import { isKnownManufacturer } from '../match/manufacturer';
import { PIN_COUNT, makerAndNumber } from './column-content';
import { libraryNameReason } from './library-names';
import { isSizeCode } from './sizes';
import { looksLikePartNumber } from './header';
import {
  PART_KINDS,
  RATING,
  SHOP_NUMBER,
  isComponentValue,
  isKindName,
  namesABoard,
  numberAfterValueOrKind,
  shapedAsNumber,
} from './row-kinds';

/** A number with its maker after it ("2915 keystone", "10118194-0001LF AMPHENOL"): a maker the alias table knows. */
function numberThenMaker(text: string): { partNumber: string; manufacturer: string } | null {
  const m = /^(\S*\d\S*)\s+(\p{L}[\p{L}&.\s-]{1,30})$/u.exec(text.trim());
  if (m === null || m[1].length < 4 || isComponentValue(m[1]) || !isKnownManufacturer(m[2].trim())) return null;
  // A package, size or count before a maker ("1206 Yageo", "SOT-23 Nexperia", "2x20 Samtec", "RJ45 Amphenol") names no
  // part: the number is shaped as one, or digits alone that are no chip size ("2915 keystone").
  if (!(shapedAsNumber(m[1]) || (/^\d{4,}$/.test(m[1]) && !isSizeCode(m[1])))) return null;
  // A size or a library's name in the number ("0603-10K", "PH2.0-4P", "2.54mm-2x20") is no maker's number either.
  if (isSizeCode(m[1].split(/[-_/]/)[0]) || libraryNameReason(m[1]) !== null) return null;
  return { partNumber: m[1], manufacturer: m[2].trim() };
}

/**
 * The part number a value read for one names among other words: the first of alternatives, a number amid its maker
 * and ratings, after its maker, its value or its kind, or before its maker. Null when it names none.
 */
export function numberInValue(text: string): { partNumber: string; manufacturer: string } | null {
  return (
    firstOfAlternatives(text) ??
    numberAmidMakerAndRatings(text) ??
    makerAndNumber(text) ??
    makerNumberAfterValue(text) ??
    numberAfterValueOrKind(text) ??
    numberThenMaker(text)
  );
}

/**
 * Alternatives joined by "or" in a value ("PT7M7811 or STM811SW", "RFSM250 or MF-SM250-2-99"), each with a digit: the
 * first, shaped as a maker's number, is the part (null when it is not one); undefined when the text lists none.
 */
export function firstOfAlternatives(text: string): { partNumber: string; manufacturer: string } | null | undefined {
  const either = text.trim().split(/\s+(?:or|oder|ou|или)\s+/i);
  if (either.length < 2 || !either.every((v) => /\d/.test(v))) return undefined;
  return partOfValue(either[0]) ?? (shapedAsNumber(either[0]) ? { partNumber: either[0], manufacturer: '' } : null);
}

/**
 * A value cell that names the part as a buyer would order it: a part number ("AT32UC3A3256S-CTUR") or a maker
 * and part number ("Molex 78646-3001", "Keystone Electronics 931"). Null for values ("4u7") and names.
 */
export function partOfValue(text: string): { partNumber: string; manufacturer: string } | null {
  const t = text.trim();
  // A value, or a range of values ("10kOhm-50kOhm": a trimmer's), names no part; nor does a board built on one
  // ("Raspberry Pi Pico RP2040", "Breakout MCP4725").
  if (t === '' || t.split('-').every((v) => isComponentValue(v)) || namesABoard(t)) return null;
  const alternatives = firstOfAlternatives(t);
  if (alternatives !== undefined) return alternatives;
  const shop = SHOP_NUMBER.exec(t);
  if (shop && looksLikePartNumber(shop[1]) && /\d/.test(shop[1])) return { partNumber: shop[1], manufacturer: '' };
  // A library that names its part by maker and number joined with a dash ("MOLEX-47346-0001", "TE-1-1734248-1").
  const prefixed = /^([A-Za-z]{2,})-(\d\S*)$/.exec(t);
  if (prefixed && isKnownManufacturer(prefixed[1]) && looksLikePartNumber(prefixed[2]) && prefixed[2].length >= 5)
    return { partNumber: prefixed[2], manufacturer: prefixed[1] };
  // An orderable number carries a dash-separated suffix ("AT32UC3A3256S-CTUR"); symbol names ("Conn_01x08",
  // "Filter_C2") and packages ("0402") are no parts.
  // A slash lists alternatives ("ATMEGA48/88/168-PU"): no one part.
  if (
    looksLikePartNumber(t) &&
    /[A-Za-z]/.test(t) &&
    t.includes('-') &&
    !t.includes('_') &&
    // A slash lists alternatives ("ATMEGA48/88/168-PU"), save a package code after it ("MCP73831T-2ACI/OT") and a
    // rating between dashes, output volts over amps ("OKI-78SR-3.3/1.5-W36-C").
    (!t.includes('/') || /^[^/]+\/[A-Z]{1,3}$/.test(t) || /^[^/]+-\d+(?:\.\d+)?\/\d+(?:\.\d+)?-[^/]+$/.test(t)) &&
    t.length >= 6 &&
    !isKindName(t)
  )
    return { partNumber: t, manufacturer: '' };
  const afterValue = numberAfterValueOrKind(t);
  if (afterValue !== null) return afterValue;
  const then = numberThenMaker(t);
  if (then !== null) return then;
  // A maker is named in capitalised words ("Keystone Electronics"), not in a kind of part ("LED Green", "Header").
  const m = /^((?:[A-Z][a-z][A-Za-z&.-]*\s+){1,3})(\S+)$/.exec(t);
  // A number in brackets after a name is a note on it ("Arduino Nano (ATmega328P)": the chip the board carries).
  // A count of pins ("Molex 3-pin") names a connector's size, not its number.
  if (
    !m ||
    !/\d/.test(m[2]) ||
    m[2].length < 3 ||
    isComponentValue(m[2]) ||
    /^[(（[]/.test(m[2]) ||
    PIN_COUNT.test(m[2])
  )
    return null;
  // A CAD object's name with its copy number ("Linear Rail Carriage001", as FreeCAD names a second copy) is no maker's.
  if (/^\p{Lu}\p{Ll}+\d{3}$/u.test(m[2])) return null;
  if (m[1].split(/\s+/).some((w) => PART_KINDS.has(w.toLowerCase()))) return null;
  return { partNumber: m[2], manufacturer: m[1].trim() };
}

/**
 * A value that names the maker in words, then its number, then the part's ratings ("BEL Fuse 0ZCJ0005FF2E 50mA
 * 60VDC", as a JLCPCB Comment may read): the number, and the maker where its words name no kind of part. The
 * number has letters and digits and eight characters at least; null otherwise.
 */
export function numberAmidMakerAndRatings(text: string): { partNumber: string; manufacturer: string } | null {
  const m = /^((?:[A-Za-z][A-Za-z&.-]*\s+){1,3})(\S+)((?:\s+\S+)+)$/.exec(text.trim());
  if (
    m === null ||
    !m[3]
      .trim()
      .split(/\s+/)
      .every((w) => RATING.test(w))
  )
    return null;
  const number = m[2];
  if (number.length < 8 || !/[A-Z]/.test(number) || !/\d/.test(number) || /[a-z]/.test(number)) return null;
  if (!looksLikePartNumber(number) || isComponentValue(number)) return null;
  const words = m[1].trim();
  const maker = words.split(/\s+/).some((w) => PART_KINDS.has(w.toLowerCase())) ? '' : words;
  return { partNumber: number, manufacturer: maker };
}

/**
 * A value cell that gives the part's value, then a maker the alias table knows and the maker's number ("10M YAGEO
 * RC1206JR-0710ML"), or a known maker and a number written in two groups of digits ("MOLEX 105017 0001"): the
 * number as written and the maker; null otherwise.
 */
export function makerNumberAfterValue(text: string): { partNumber: string; manufacturer: string } | null {
  const words = text.trim().split(/\s+/);
  const rest = words.length >= 3 && isComponentValue(words[0]) ? words.slice(1) : words;
  if (rest.length < 2 || rest.length > 5) return null;
  const groups = rest.length >= 3 && rest.slice(-2).every((w) => /^\d{3,}$/.test(w)) ? 2 : 1;
  const number = rest.slice(-groups).join(' ');
  const maker = rest.slice(0, -groups).join(' ');
  if (rest === words && groups === 1) return null;
  if (!isKnownManufacturer(maker) || !/^\p{L}/u.test(maker)) return null;
  if (groups === 1 && (!looksLikePartNumber(number) || isComponentValue(number))) return null;
  return { partNumber: number, manufacturer: maker };
}

/**
 * A value shaped as a maker's number, one word of six characters or more, on a row whose maker column names the
 * maker ("52892-1033" beside "Molex"): the number and the maker; null for values, symbol and kind names.
 */
export function numberBesideMaker(value: string, maker: string): { partNumber: string; manufacturer: string } | null {
  const t = value.trim();
  return /\p{L}{2}/u.test(maker) && shapedAsNumber(t) ? { partNumber: t, manufacturer: maker } : null;
}
