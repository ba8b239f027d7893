/**
 * What one cell says of a row's part by its shape alone: a maker named before the number, a maker's full orderable
 * number in a value, a description written where the number belongs, a shop's article code, the maker a product
 * title names before a number (src/bom/row-part.ts reads the row by them).
 */
import { type Cell, type CellGrid, cellText, partNumberText } from '../text/normalize';
import { looksLikeDesignators } from './designators';
import { headerTokens, looksLikePartNumber } from './header';
import { LCSC_NUMBER } from './header-words';
import { PIN_COUNT, SIZE, makerAndNumber } from './column-content';
import { isKnownManufacturer } from '../match/manufacturer';
import { PRINTED_PART } from './no-purchase-rows';
import { quote } from './read-result';
import { RAPID_CODE } from './shop-code-shapes';
import {
  GLUED_ON,
  PACKAGE,
  isComponentValue,
  isKindName,
  isSymbolName,
  isValueSpec,
  numberBeforeWords,
  partNumberOfCell,
} from './row-kinds';

/** A header naming the maker and the part number of one column: "Manufacturer/MPN", "Mfr & Part Number", "MPN / Maker". */
/**
 * Whether a part-number column's header names the package after the number, a slash between ("厂家型号/封装",
 * "MPN/Package", "Part Number / Footprint"): each cell is the number, a slash and the package.
 */
export function numberThenPackageHeader(header: string): boolean {
  if (!header.includes('/')) return false;
  const words = headerTokens(header);
  const per = words.lastIndexOf('per');
  return (
    per > 0 &&
    words.slice(0, per).some((w) => w === 'mpn' || w === 'number') &&
    words.slice(per + 1).every((w) => w === 'package' || w === 'footprint')
  );
}

export const MAKER_AND_PART_HEADER =
  /^\s*(?:(?:manufacturer|manufacture|mfr|mfg|maker|brand)\s*(?:[/&+]|and)\s*(?:mpn|p\/?n|part\s*(?:number|no\.?|#)?)|(?:mpn|p\/?n|part\s*(?:number|no\.?|#)?)\s*(?:[/&+]|and)\s*(?:manufacturer|manufacture|mfr|mfg|maker|brand))\s*$/i;

/**
 * A cell of a maker-and-part-number column: the maker's words, then the part number ("C&K Components KMR231GLFS");
 * of several sources listed with commas ("MTCONN UBAF-06082, FCI 10118192-0001LF") the first. Null when the cell
 * is a part number alone.
 */
export function makerAndPart(text: string): { partNumber: string; manufacturer: string; note: string } | null {
  const sources = text.split(/\s*[,;]\s+/).filter((t) => t.trim() !== '');
  // "EPCOS, B41142A5107M": a comma after a maker alone sets off its number, not another source.
  const first = (isKnownManufacturer(sources[0] ?? '') ? text : (sources[0] ?? '')).trim();
  const split = makerAndNumber(first, 2);
  const cut = first.lastIndexOf(' ');
  if (split === null && cut <= 0) return null;
  const partNumber = split?.partNumber ?? first.slice(cut + 1);
  const manufacturer = split?.manufacturer ?? first.slice(0, cut).trim();
  if (!looksLikePartNumber(partNumber.split(' ')[0]) || manufacturer === '') return null;
  const others =
    sources.length > 1
      ? `; the cell lists ${sources.length} sources, the first is priced (${sources.slice(1).join(', ')} not)`
      : '';
  return { partNumber, manufacturer, note: others === '' ? '' : `part number ${quote(text, 50)}${others}` };
}

/**
 * A maker's orderable number standing alone in a value-like cell, or first in it before plain words ("LIS3DHTR
 * ACCELEROMETER", "SN74LVC1G32DCKR OR_GATE"): letters and digits mixed, long enough, upper case, and not a bare
 * family number that still lacks its package and packing suffix ("LM2664", "ADS1299": several parts share it).
 * A registered type ("1N4001", "2N2222A", "BC547A") is one. Null for values, names and anything unsure.
 */
export function orderableNumberIn(text: string): { partNumber: string; manufacturer: string } | null {
  const words = partNumberOfCell(text.trim()).partNumber.split(/\s+/);
  const first = words[0] ?? '';
  if (words.length > 1 && !words.slice(1).every((w) => /^[A-Za-z_]+$/.test(w))) return null;
  if (JEDEC_TYPE.test(first)) return { partNumber: first, manufacturer: '' };
  if (/[a-z_/]/.test(first) || !/[A-Z]/.test(first) || !/\d/.test(first)) return null;
  // Long enough to carry a package and grade ("0603YC104KATDA", "STM32F103C8T6"), or ending in a reel code
  // ("LIS3DHTR"): a base number ("ATMEGA328P", "XMEGA16A4A") still lacks what the order needs.
  if (first.length < 11 && !(first.length >= 7 && REEL_SUFFIX.test(first))) return null;
  if (!looksLikePartNumber(first) || isComponentValue(first) || FAMILY_NUMBER.test(first)) return null;
  if (isSymbolName(first) || isKindName(first) || isValueSpec(first)) return null;
  return { partNumber: first, manufacturer: '' };
}

/**
 * A part-number cell that describes the part in words of Chinese or Japanese ("100nF 25V 0603电容", "10K电阻"):
 * a description written where the number belongs. A note in brackets after a number is left out first.
 */
export function describesInWords(text: string): boolean {
  const t = (numberBeforeWords(text) ?? partNumberOfCell(text)).partNumber;
  return (
    /[\u3000-\u30FF\u3400-\u9FFF\uFF01-\uFF0F]/.test(t) ||
    PRINTED_PART.test(t) ||
    SCREW_SIZE.test(t) ||
    SIZE.test(t) ||
    SIZE_IN_WORDS.test(t) ||
    SIZE_BY_KIND.test(t) ||
    PIN_COUNT.test(t) ||
    specInFields(t) ||
    sentenceOfWords(t)
  );
}

/** Six words or more, three of them words of letters, none a part number ("100 Ohms ±1% … Chip Resistor 0805 …"). */
function sentenceOfWords(text: string): boolean {
  const words = text.split(/\s+/);
  return (
    words.length >= 6 &&
    words.filter((w) => /^\p{L}{3,}$/u.test(w)).length >= 3 &&
    !words.some((w) => looksLikePartNumber(w.replace(/^[([]|[)\],;]$/g, '')))
  );
}

/** A kind in a capitalised word and a size in a length unit ("HEADER FEMALE 1x10, 2.54mm"): a description. */
const SIZE_BY_KIND = /^(?=.*\b[A-Za-z]{5,}\b)(?=.*\d(?:[.,]\d+)?\s*(?:mm|cm|inch)\b)\S+\s+\S/;

/**
 * A specification in comma-separated fields, the first no part number and one a component value or a tolerance
 * ("E-CAP, 22uF, 25V, 20%"), or in fields joined by underscores, two of them a value or a rating
 * ("CC0201_100NF_6.3V_10%_X5R": a library's name for any maker's part): an in-house code spelled out.
 */
function specInFields(text: string): boolean {
  const rated = (f: string): boolean => isComponentValue(f) || /^\d+(?:[.,]\d+)?(?:%|V|W|A)$/i.test(f);
  const joined = text.split('_');
  if (joined.length >= 3 && joined.filter(rated).length >= 2) return true;
  const fields = text.split(/\s*,\s*/);
  return (
    fields.length >= 2 &&
    !looksLikePartNumber(fields[0]) &&
    fields.slice(1).some((f) => isComponentValue(f) || /^\d+(?:[.,]\d+)?\s*%$/.test(f))
  );
}

/** A screw or standoff by its metric size ("M3x6", "M2.5 x 10"): a kind and a size, no maker's number. */
const SCREW_SIZE = /^M\d+(?:[.,]\d+)?\s*[x×*]\s*\d+(?:[.,]\d+)?(?:\s*mm)?$/i;

/** A size said in words where the number belongs ("Diameter 4 mm", "Length 20 cm"): a word, then a length. */
const SIZE_IN_WORDS = /^(?=.*\b[A-Za-z][a-z]{2,}\b)(?=.*\d(?:[.,]\d+)?\s*(?:mm|cm|in|inch)\b)[^\d]*\d/;

/** A shop's article number as written in its column: letters, digits, spaces and a few marks, a digit among them. */
const SHOP_CODE = /^(?=.*\d)(?=\S+ \S)(?!.*\.[a-z]{2,})[A-Z0-9][A-Z0-9 .,/-]{4,29}$/i;

/**
 * A shop's article code of capital words alone, as reichelt writes cable and crimp pins ("LITZE BL",
 * "PSK-KONTAKTE"): two or three words of capitals joined by a space or a dash, in a shop's column. A placeholder
 * written so ("NOT USED", "SEE ABOVE", "N/A") is none.
 */
const SHOP_WORD_CODE =
  /^(?!(?:NOT|NO|NONE|TBD|TBA|ANY|SEE|SAME|UNKNOWN|OPTIONAL|NA|N\/A|VARIOUS|DIVERSE|ALT|OR)\b)[A-Z]{2,}(?:[ -][A-Z]{2,}){1,2}$/;

/**
 * A registered diode or transistor type, sold under that number by several makers: JEDEC's ("1N4001", "2N2222A") and
 * Pro Electron's small-signal ones, complete without a suffix: transistors of two letters and three digits with their
 * gain group ("BC547A", "BD139", "BF245B"), diodes and switching transistors of three letters ("BAT43", "BAV99W",
 * "BAS16", "BSS138", "BFR92A", "BCX56"). Thyristors, triacs, rectifiers and zeners ("BT136", "BTA16", "BYV27",
 * "BZX55C") are none until their voltage follows; a house code of the same shape ("BUS12", "BLM18") is none.
 */
const JEDEC_TYPE =
  /^[123]N\d{3,4}[A-Z]{0,2}$|^B[CDF]\d{3}[A-C]?$|^(?:BA[STVWRP]\d{2}|BS[SPN]\d{2,3}|BF[RGST]\d{2,3}|BC[XWVP]\d{2})[A-CSW]?$/;

/** Whether a number is a registered type (JEDEC_TYPE): whole without a suffix. */
export function isRegisteredType(text: string): boolean {
  return JEDEC_TYPE.test(text);
}
/**
 * A tape-and-reel code at the end of a maker's number: TR, RL, R7, R13, and a package code followed by R for reel
 * as Texas Instruments and Littelfuse write it (D, PW, DBV, DCK, DGK: "LM358DR", "TXB0108PWR", "2920L185DR").
 */
const REEL_SUFFIX = /\d[A-Z]*(?:TR|T&R|RL|R7|R13|(?:D|PW|DBV|DCK|DGK)R)$/;
/** A family's base number: a few letters and digits, no package or packing suffix ("LM2664", "TPS72325"). */
const FAMILY_NUMBER = /^[A-Z]{1,4}\d{3,6}$/;

/**
 * The maker a cell of the row names a value's number after, as a distributor's product title reads ("AMP - TE
 * CONNECTIVITY - 1674954-1 - SPRING FINGER"): the words before " - NUMBER - ". Null when no cell does; `skip` is
 * the value's own column.
 */
export function makerNamingNumber(row: readonly Cell[], number: string, skip: number): string | null {
  const needle = ` - ${number.toUpperCase()} - `;
  for (let c = 0; c < row.length; c++) {
    const text = c === skip ? '' : cellText(row[c]);
    const at = text.length > 300 ? -1 : text.toUpperCase().indexOf(needle);
    const maker = at > 0 ? text.slice(0, at).trim() : '';
    if (/\p{L}{2}/u.test(maker) && maker.length <= 60) return maker;
  }
  return null;
}

/**
 * A distributor's number in its column: a part number's shape, a shop's code with spaces and a digit ("SMD-0805
 * 10,0", "RND 1N4148W"), one of capital words ("LITZE BL"), Rapid's ("20-0157") or an LCSC number; a size in words
 * is none.
 */
export function isShopCode(text: string): boolean {
  // Digits, a letter or two, digits (McMaster-Carr's "57155K337", "8574K41"): longer than any value written so
  // ("4K7", "100K"), and no value with its package size ("100K0805").
  const digitsLetterDigits =
    /^(?:\d{3}[A-Z]{1,2}\d{3,}|\d{4,}[A-Z]{1,2}\d{2,})$/i.test(text) &&
    !/(?:0201|0402|0603|0805|1206|1210|1812|2010|2512)$/.test(text);
  const code =
    RAPID_CODE.test(text) ||
    looksLikePartNumber(text) ||
    SHOP_CODE.test(text) ||
    SHOP_WORD_CODE.test(text) ||
    LCSC_NUMBER.test(text) ||
    digitsLetterDigits;
  return code && !SIZE_IN_WORDS.test(text);
}

/**
 * A part-number cell that lists one number a line: several makers' numbers for one part, the first priced; a maker's
 * name on a line of its own above its number ("t-Global" over "TG-T1000-11-11-0.25-5PT") is that number's maker.
 * Null when the cell holds one line.
 */
export function numbersByLine(raw: Cell): { partNumber: string; manufacturer?: string; note: string } | null {
  if (typeof raw !== 'string' || !/\S[^\S\n]*\n\s*\S/.test(raw)) return null;
  const lines = raw
    .split('\n')
    .map((l) => partNumberText(l))
    .filter((l) => l !== '');
  const maker = lines.length >= 2 && !/\d/.test(lines[0]) && looksLikePartNumber(lines[1]) ? lines[0] : null;
  const numbers = maker === null ? lines : lines.slice(1);
  const first = {
    partNumber: partNumberOfCell(numbers[0] ?? '').partNumber,
    ...(maker === null ? {} : { manufacturer: maker }),
  };
  if (numbers.length === 1 && maker !== null) return { ...first, note: '' };
  if (numbers.length < 2) return null;
  const others = numbers.slice(1).join(', ');
  return {
    ...first,
    note: `part number cell lists ${numbers.length} part numbers, one a line; the first is priced (${others} not)`,
  };
}

/**
 * Values that label one part on several rows, one name numbered ("Fan1"…"Fan5" on one LCSC number: five fan headers
 * named by their nets): one part under several names, none of them its number. A shop's code joins the rows; so does a
 * footprint ("Stepper1"…"Stepper3" on one JST footprint), where the name is a word of letters alone and the index one
 * digit (never "74HC04" and "74HC14", nor "BAV99" and "BAV70" on one SOT-23). Two numbers that differ inside
 * ("SN75160BN", "SN75161BN") are parts, whatever joins them.
 */
export function labelsOfOneCode(
  sample: CellGrid,
  column: number,
  shops: readonly number[],
  footprints: readonly number[] = [],
): Set<string> {
  // The values of each code or footprint, and whether a footprint joins them.
  const byCode = new Map<string, { values: Set<string>; footprint: boolean }>();
  for (const row of sample)
    for (const c of [...shops, ...footprints]) {
      const [code, value] = [cellText(row?.[c]).trim(), cellText(row?.[column]).trim()];
      if (code === '' || value === '') continue;
      const key = `${c}\u0000${code}`;
      const group = byCode.get(key) ?? { values: new Set<string>(), footprint: footprints.includes(c) };
      byCode.set(key, group);
      group.values.add(value);
    }
  const labels = new Set<string>();
  for (const { values, footprint } of byCode.values()) {
    // One name and an index after it, the name the same on each ("Fan" 1…5); not numbers that differ inside.
    const named = new Map<string, string[]>();
    for (const v of values) {
      const name = /^(.*\D)\d{1,2}$/.exec(v)?.[1];
      if (name !== undefined) named.set(name, [...(named.get(name) ?? []), v]);
    }
    for (const [name, numbered] of named) {
      const all = numbered.length === values.size;
      // On a footprint, an index of one digit ("FAN0", "Stepper2"): "BAV99" and "BAV70", "TIP31" and "TIP32" on one
      // package are parts.
      const word = /^\p{L}{3,}$/u.test(name) && (!footprint || numbered.every((v) => /\D\d$/.test(v)));
      if (numbered.length >= 2 && (footprint || !all ? word : true)) for (const v of numbered) labels.add(v);
    }
  }
  return labels;
}

/**
 * An English "Reference" column (the designators, by its name) whose cells are makers' numbers instead ("Multicomp Pro
 * 2213S-10G", "Texas Instruments ULN2003AN", "PTV09A-4225F-B103"): a shopping list's reference of each part, its
 * number. Half its filled cells at least are shaped as a maker's number or name a maker the alias table knows and then
 * a number; hardly any is a position ("R1, R2", "MOD1", "R10001", "R1_CH1").
 */
export function referenceOfParts(header: string, sample: CellGrid, c: number): boolean {
  if (!/^\s*ref(?:erences?|s)?\.?\s*$/i.test(header)) return false;
  const filled = sample.map((r) => cellText(r?.[c]).trim()).filter((t) => t !== '');
  if (filled.length < 2) return false;
  // Positions by channel or panel ("R1.1", "CH1-R12", "R1_CH1") are positions, never makers' numbers.
  const positions = filled.filter(
    (t) =>
      looksLikeDesignators(t) || /^[A-Z]{1,5}\d{1,5}(?:_\w+|\.\d{1,3})?$|^[A-Z]{1,4}\d+[-_.][A-Z]{1,5}\d+$/i.test(t),
  ).length;
  const made = filled.filter((t) => makerAndNumber(t, 2) !== null || looksLikePartNumber(t)).length;
  return positions * 5 < filled.length && made * 2 >= filled.length;
}

/**
 * A standard a part meets, a size, a rating with its unit, a crystal's can or a dielectric, never a maker's number:
 * "DIN912", "AEC-Q200", "2x20pin", "M3x10", "2000mAh", "HC-49S", "C0G/NP0".
 */
const STANDARD_OR_SIZE =
  /^(?:DIN|ISO|EN|IEC|UL)-?\d|^AEC-?Q|^\d+(?:[.,]\d+)?\s*[x×*]\s*\d|^M\d|^\d+(?:[.,]\d+)?\s*\p{L}{1,4}$|^HC-?49|^(?:C0G|COG|NP0|X[5-8][RSTPUV])(?:\/|$)/iu;
/** Words after which a description names another thing, what the part fits or replaces: "for LM7805", "socket for". */
const NAMES_ANOTHER = /^(?:for|fits?|replaces?|instead|für|pour|para|per|statt|替代|代替)$/i;

/**
 * The maker's number a description written out in fields ends with, as a hand-made list's "Part" column writes it:
 * the kind first, then its values, package and ratings, then the number and any alternates ("Capacitor 1nF, NP0, 5%,
 * 0805    CL21C102JBCNFNC CC0805JRNPO9BN102", "IC, Buck Converter, LMR54406FDBVR (do not use LMR54406DBVR)"): the
 * first word after the kind, outside brackets, of six characters or more with letters and two digits or more, shaped
 * as a maker's number and none of a value, a package, a size or a standard. Null when the text does not start with a
 * kind's word, has neither a comma nor a gap of two spaces or more, or names no such number. A name with no digit,
 * then a known maker and its number after a slash, gives those.
 */
export function numberAfterDescription(text: string): { partNumber: string; manufacturer: string } | null {
  const t = text.trim();
  // A name, then after a slash the maker and its number ("Breadboard-friendly SPDT Slide Switch / E-Switch EG1218").
  const slash = t.lastIndexOf(' / ');
  const name = slash > 0 ? t.slice(0, slash) : '';
  const named =
    name !== '' && !/\d/.test(name) && !name.split(/\s+/).some((w) => NAMES_ANOTHER.test(w))
      ? makerAndNumber(t.slice(slash + 3))
      : null;
  if (named !== null) return named;
  if (!/^\p{L}{2,}[\s,]/u.test(t) || !/,|\s{2,}|\t/.test(t)) return null;
  const words = t.split(/\s+/);
  // A maker's name first is a maker and number ("TDK C1005X5R0J225K050BC, Murata …"), read as such elsewhere.
  const first = words[0].replace(/,$/, '');
  if (looksLikePartNumber(first) || isKnownManufacturer(first)) return null;
  let depth = 0;
  for (const word of words.slice(1)) {
    if (NAMES_ANOTHER.test(word)) return null;
    const inBrackets = depth > 0 || /^[(（]/.test(word);
    depth = Math.max(0, depth + (word.match(/[(（]/g) ?? []).length - (word.match(/[)）]/g) ?? []).length);
    const number = word.replace(/[,;:]+$/, '');
    if (PIN_COUNT.test(number)) continue;
    if (inBrackets || number.length < 6 || !/[A-Za-z]/.test(number) || (number.match(/\d/g) ?? []).length < 2) continue;
    if (isComponentValue(number) || PACKAGE.test(number) || GLUED_ON.test(number) || STANDARD_OR_SIZE.test(number))
      continue;
    if (looksLikePartNumber(number)) return { partNumber: number, manufacturer: '' };
  }
  return null;
}
