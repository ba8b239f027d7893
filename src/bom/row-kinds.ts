/**
 * What a row's cells say about its part beyond its columns: part-number cells that carry more than one part number
 * (a note in brackets, a list of several, a maker's name in front), values, kinds of part and library names.
 * Rows that are no purchases at all are in no-purchase-rows.ts.
 */
import { looksLikePartNumber } from './header';
import { PIN_COUNT, isConnectorPitch } from './column-content';

/**
 * A note in brackets at the end of a part-number cell ("DA9063-ABHO2(T-HEAD烧录固件)", "LM358DR (see note)"):
 * brackets holding anything but part-number characters are a note, not part of the number. "U.FL-R-SMT-1(10)"
 * keeps its brackets.
 */
const TRAILING_NOTE = /^(.*?[A-Za-z0-9])\s*[(（]([^()（）]*)[)）]\s*$/;

/**
 * A maker's number with words in Chinese or Japanese written straight after it ("PJ-320AS镀银环保": silver-plated,
 * RoHS): the words describe the part, the number is the part. Six characters at least, letters and digits: a value
 * ("10K电阻"), a size ("2.54mm间距单排针") or a short series name ("XH-4A插座": a connector family) is no number.
 */
const NUMBER_THEN_WORDS = /^\s*([A-Za-z0-9][A-Za-z0-9./#+-]{5,39})\s*([\u3000-\u30FF\u3400-\u9FFF][^]*)$/;

/**
 * A part-number cell's number with the Chinese or Japanese words after it left out ("PJ-320AS镀银环保"); null when
 * the cell is not a number followed by such words. For a part-number column only: in a value column the words
 * are what names the part ("XH-4A母座", "2.54mm排针": a series or a size and a kind).
 */
export function numberBeforeWords(text: string): PartNumberCell | null {
  const words = NUMBER_THEN_WORDS.exec(text);
  if (words === null || !/[A-Za-z]/.test(words[1]) || !/\d/.test(words[1])) return null;
  // A value, or a size in millimetres ("2.54mm间距单排针": a pin header's pitch), is no maker's number.
  if (isComponentValue(words[1]) || /\d\s*mm$/i.test(words[1])) return null;
  // A board built on the chip ("GD32E230C8T6最小系统板": its smallest system board) is no chip to buy; a module
  // named by its own number ("ESP32-WROOM-32E模块") and a board-side connector ("SM04B-GHS-TB板端插座") are.
  if (BOARD_ON_CHIP.test(words[2])) return null;
  return { partNumber: words[1], leftOut: `the words "${words[2].trim()}" after it were left out` };
}

/** A value's number with words of its kind after it ("PCA9557PW IO EXPANDER", "TL074 OP AMP"); null otherwise. */
export function numberBeforeKind(text: string): PartNumberCell | null {
  // The words may end in the part's value ("RV9012NO-PA25B7.0 Tall Trimmer 10k": a trimmer's resistance).
  const m = /^\s*([A-Za-z0-9][A-Za-z0-9./#+-]{5,39})\s+([A-Za-z]+(?:\s+[A-Za-z]+){0,3}(?:\s+\d\S*)?)\s*$/.exec(text);
  // Six characters and three digits at least, no size ("128x64"); a word of four letters at least after it, so a
  // package or grade written apart ("ATMEGA328P AU", "IRF540N PBF") is never cut off.
  if (m === null || !/[A-Za-z]/.test(m[1]) || (m[1].match(/\d/g) ?? []).length < 3 || /^\d+x\d+$/i.test(m[1]))
    return null;
  if (isComponentValue(m[1]) || !/[A-Za-z]{4}/.test(m[2]) || namesABoard(m[2]) || MODULE_WORDS.test(m[2])) return null;
  // A value after the words is a passive's (a trimmer's "10k"), never a rating that may choose the part's variant
  // ("AMS1117 Regulator 3.3V", "LM2596S-ADJ Buck Module 3A").
  const value = /\s(\d\S*)$/.exec(m[2])?.[1];
  if (value !== undefined && (!isComponentValue(value) || /(?:[VvAaWw%]|[Hh][Zz])$/.test(value))) return null;
  return { partNumber: m[1], leftOut: `the words "${m[2]}" after it were left out` };
}

/** A name's start: a maker's number, then words in Chinese or Japanese ("A3144霍尔传感器": an A3144 Hall sensor). */
const NAME_NUMBER_THEN_WORDS = /^\s*([A-Za-z0-9][A-Za-z0-9./#+-]{4,39})\s*([\u3000-\u30FF\u3400-\u9FFF][^]*)$/;
/** A board built on a chip, in Chinese or Japanese: its smallest system, a core board, a dev board. */
const BOARD_ON_CHIP = /最小系统|核心板|开发板|系统板|開発ボード/;
/**
 * Words that call a thing a board carrying a part, never that part, even where an RF module would be bought by its
 * number: a breakout, a shield, a dev or evaluation board or kit, a carrier board.
 */
export const BOARD_ON_PART = new RegExp(
  String.raw`\b(?:breakout|shield|dev(?:elopment)?\s*(?:board|kit)|eval(?:uation)?\s*(?:board|kit)|carrier\s*board)\b|` +
    BOARD_ON_CHIP.source,
  'i',
);
/** The makers' boards known by their family's name ("Seeeduino XIAO", "Arduino Nano", "Raspberry Pi Pico"). */
const MAKERS_BOARD =
  /\b(?:arduino|seeeduino|xiao|teensy|feather|nodemcu|wemos|raspberry\s*pi|blue\s*pill|black\s*pill|launchpad|nucleo)\b/i;
/** Whether a text names a board carrying a part (BOARD_ON_PART) or a maker's board by its family (MAKERS_BOARD). */
export function namesABoard(text: string): boolean {
  return BOARD_ON_PART.test(text) || MAKERS_BOARD.test(text);
}
/**
 * Words that call a thing a board built on a part, not the part: a module, a breakout, a shield, a dev board, a kit,
 * in a few languages. Safe to look for in every cell of a row; a bare 板 (board) only in the words after a number.
 */
export const MODULE_WORDS = new RegExp(
  String.raw`\b(?:modules?|modul)\b|模块|模組|模组|套件|开发|開発|モジュール|ボード|キット|` + BOARD_ON_PART.source,
  'i',
);

/**
 * The maker's number a hand-made list's name gives the thing it names ("A3144霍尔传感器", "TL431基准"), where the
 * list has no part-number column: five characters at least, letters and three digits or more, the words after it
 * naming the part itself and not a module or board built on it ("TCS3472颜色传感器模块"). Null for sizes ("M3x12螺丝",
 * "2.54mm"), values ("10K电阻"), series names ("XH-4A插座") and a connector family at its pitch ("xh2.54排针").
 */
export function numberNamingPart(text: string): string | null {
  const m = NAME_NUMBER_THEN_WORDS.exec(text);
  if (m === null || !/[A-Za-z]/.test(m[1]) || (m[1].match(/\d/g) ?? []).length < 3) return null;
  if (MODULE_WORDS.test(m[2]) || m[2].includes('板') || isComponentValue(m[1]) || /\d\s*mm$/i.test(m[1])) return null;
  if (isConnectorPitch(m[1])) return null;
  if (/^M\d+(?:[.,]\d+)?\s*[x×*]/i.test(m[1])) return null;
  return m[1];
}

/**
 * A range of positions or channels named by one prefix: "CH1-CH4", "R5-R8", "J1-4" (the second number the larger:
 * "BAT54-7" and "SMBJ15-13" are makers' numbers with their reel's suffix).
 */
function isPositionRange(text: string): boolean {
  const m = /^([A-Z]{1,4})(\d{1,3})-(\1)?(\d{1,3})$/i.exec(text);
  return m !== null && (m[3] !== undefined || Number(m[2]) < Number(m[4]));
}

/** A list's name's maker's number: before words naming the part, or where `brackets` one in brackets at its end. */
export function numberOfName(name: string, brackets = true): string | null {
  return numberNamingPart(name) ?? (brackets ? numberInBrackets(name) : null);
}

/**
 * A catalogue number in brackets after a thing's name ("LDPE Tubing (8010-0125)"; square ones first or last, as a
 * shop's product name writes the maker's: "클림프[5556T]"), or null: never the chip a board, a display or a socket
 * carries ("XIAO (SAMD21)", "OLED display (SSD1306)"), an alternative's ("A (X) or B (Y)"), a package ("(HC-49S)",
 * "(TBGA100)"), a count, size, pack or length ("(15entretoises)", "(M3x4x5)", "(10pcs)"), nor positions ("(CH1-CH4)").
 */
function numberInBrackets(name: string): string | null {
  if (MODULE_WORDS.test(name) || namesABoard(name) || BRACKETS_ELSEWHERE.test(name)) return null;
  const bracketed = BRACKETED_NUMBER.map((re) => re.exec(name)?.[1]).find((b) => b !== undefined);
  return bracketed !== undefined &&
    /\d/.test(bracketed) &&
    !/\dmm$|^HC-?49|^(?:SOT|SOD|SOIC|DIP|TO|QFN)-?\d/i.test(bracketed) &&
    !PACKAGE_IN_BRACKETS.test(bracketed) &&
    !/\p{Ll}{4}|\d[xX×*]\d/u.test(bracketed) &&
    !isPositionRange(bracketed) &&
    !/^\d+(?:[.,]\d+)?\s*\p{L}{1,6}\.?$/u.test(bracketed) &&
    looksLikePartNumber(bracketed)
    ? bracketed
    : null;
}

/** A number in round brackets last, or in square ones first or last ("[5R3UC2-06] 5파이 LED", "클림프[5556T]"). */
const BRACKETED_NUMBER = [
  /[^\s\]]\s*\(([A-Za-z0-9][\w./-]{3,30})\)\s*$/,
  /^\s*\[([A-Za-z0-9][\w./-]{3,30})\]\s*\S/,
  /[^\s[]\s*\[([A-Za-z0-9][\w./-]{3,30})\]\s*$/,
];
const BRACKETS_ELSEWHERE = /\b(?:display|lcd|oled|tft|screen|strip|socket|breakout|shield|adapter)\b|\(.*\sor\s.*\(/i;
/** A package a maker's number is written with in brackets: "SOT23-3", "FBGA-96", "SOT-23", "QFN32", "DO-214AC". */
const PACKAGE_IN_BRACKETS =
  /^(?:SOT|SOD|SOIC|SOP|SSOP|TSSOP|MSOP|QFN|DFN|[DTVUW]?QFN|[LT]?QFP|[FTUVW]?BGA|LGA|WSON|SON|TO|DO|SMA|SMB|SMC|DIP|PDIP|SIP|PLCC)-?\d*[A-Z]{0,2}(?:-\d+[A-Z]?)?$/i;
/** A maker's name in brackets: one or two capitalised words ("Brightking", "Texas Instruments"). */
const MAKER_IN_BRACKETS = /^[A-Z][a-z]{3,}(?:\s+[A-Z][a-z]+)?$/;

/**
 * Brackets after a part number that hold its package ("BSS138(SOT23-3)") or its maker ("SMBJ24CA(Brightking)"):
 * what a buyer strips before ordering. "(LF)", "(SN)" and "(10)" are part of the number.
 */
function isBracketedDecoration(inside: string): boolean {
  // A package with its sizes after an underscore, as a KiCad footprint names it ("QFN-56_7x7mm_P0.4mm").
  const pkg = inside.split('_')[0];
  return (PACKAGE_IN_BRACKETS.test(pkg) && /\d/.test(pkg)) || MAKER_IN_BRACKETS.test(inside);
}

export interface PartNumberCell {
  /** The part number to look up. */
  partNumber: string;
  /** What was left out of the cell, in words, or ''. */
  leftOut: string;
}

/**
 * A label naming the number that follows it: an article, part, item or order number's ("Art.-no.", "Part No:",
 * "Best.-Nr.", "P/N"), or a distributor's ("Mouser No:", "Digikey #"), before one code holding a digit (and nothing after it).
 */
const NUMBER_LABEL =
  /^\s*(?:(?:art(?:icle)?|part|item|order|best(?:ell)?|mouser|digi-?key|farnell|newark|reichelt|conrad|tme|lcsc)\.?\s*-?\s*(?:no|nr|number|num|#)\.?|p\/n)\s*[:#]?\s+(?=[^\s]*\d[^\s]*\s*$)/i;

/**
 * The part number a cell gives: a bracketed note dropped; of a list ("A, B, C") the first. The note or the
 * others are kept in `leftOut` for the line's warning.
 */
export function partNumberOfCell(text: string): PartNumberCell {
  // A label before the number ("Art.-no. 046803830", "Mouser No: 999-P5-V52122"): the number is what follows it.
  const labelled = NUMBER_LABEL.exec(text);
  if (labelled !== null) {
    const rest = partNumberOfCell(text.slice(labelled[0].length).trim());
    const said = `the label "${labelled[0].trim()}" was left out`;
    return { partNumber: rest.partNumber, leftOut: rest.leftOut === '' ? said : `${said}; ${rest.leftOut}` };
  }
  // Most cells hold a bare part number: nothing to take apart.
  if (!/[(（,]|\s\/\s|\s(?:or|oder|ou|или)\s/i.test(text)) return { partNumber: text, leftOut: '' };
  let partNumber = text;
  const notes: string[] = [];
  const note = TRAILING_NOTE.exec(partNumber);
  if (note && (/[^A-Za-z0-9\-_./#+,]/.test(note[2]) || isBracketedDecoration(note[2].trim()))) {
    partNumber = note[1];
    notes.push(`the note "(${note[2].trim()})" was left out`);
  }
  if (/,\s/.test(partNumber)) {
    const items = partNumber.split(/\s*,\s+/).filter((t) => t !== '');
    if (items.length >= 2 && items.every((t) => looksLikePartNumber(t))) {
      partNumber = items[0];
      notes.push(`the cell lists ${items.length} part numbers; the first is priced (${items.slice(1).join(', ')} not)`);
    }
  }
  // Alternatives written with a slash between spaces ("LNK623DG / TOPSwitch"): the first, a part number, is priced.
  const alternatives = partNumber.split(/\s+\/\s+/);
  if (alternatives.length >= 2 && looksLikePartNumber(alternatives[0]) && alternatives.every((t) => /\p{L}/u.test(t))) {
    partNumber = alternatives[0];
    notes.push(
      `the cell names ${alternatives.length} choices; the first is priced (${alternatives.slice(1).join(', ')} not)`,
    );
  }
  // Alternatives joined by "or" ("RFSM250 or MF-SM250-2-99"), each with a digit: the first, a part number, is priced.
  const either = partNumber.split(/\s+(?:or|oder|ou|или)\s+/i);
  if (either.length >= 2 && looksLikePartNumber(either[0]) && either.every((t) => /\d/.test(t))) {
    partNumber = either[0];
    notes.push(`the cell names ${either.length} choices; the first is priced (${either.slice(1).join(', ')} not)`);
  }
  return { partNumber, leftOut: notes.join('; ') };
}

const VALUE_ONLY =
  /^\d{1,6}(?:[.,]\d+)?\s*[PNU][FH]$|^\d{1,6}(?:[.,]\d+)?\s*(?:[pnuµmkKMGR]|[Mm][Ee][Gg])?\s*(?:[FfHhΩVvAWw%]|[Oo]hms?|[Hh][Zz]|R)?(?:(?:\s+|\s*[/,]\s*)\d+(?:[.,]\d+)?\s*[VvWwA%])*$|^\d{1,6}(?:[.,]\d+)?\s*(?:(?:[pnuµmkKMGR]|[Mm][Ee][Gg])\s*(?:[FfHhΩVvAWw%]|[Oo]hms?|[Hh][Zz]|R)?|[FfHhΩVvAWw%]|[Oo]hms?|[Hh][Zz])(?:\d+(?:[.,]\d+)?\s*[VvWwA%])+$|^(?=(?:\D*\d){2,4}\D*$)\d{1,3}[pnuµmkKMR]\d{1,3}[FHΩ]?$|^\d+(?:[.,]\d+)?\s*[-~]\s*\d+(?:[.,]\d+)?\s*[pnuµmkKMG]?(?:[FHΩ]|[Hh][Zz])$/;

/**
 * A component value rather than a part number ("100nF", "4u7", "4u7F", "0.1uF/250V", "47PF", "100u (1210)"): no maker's
 * number. Six digits at most before its unit: "9774025243R" is Würth's number, not ohms; four digits at most in a
 * value whose letter is its decimal point ("10K0", "2K21"): "7740K111" is McMaster-Carr's number, not kilohms. A
 * rating joins a value without a space only after its unit or multiplier ("10uF10V"): "7499210121A" is Würth's.
 */
export function isComponentValue(written: string): boolean {
  // gEDA writes a value's space as an underscore ("10_uF", "0.47_uH", "25_MHz").
  const text = written.replace(/^(\d[\d.,]*)_(?=[A-Za-zµΩ])/, '$1 ');
  // A bare number ("1715190", "0031.8201") is a maker's number as often as a value: only a unit or a
  // multiplier makes it a value, or a chip's size in brackets after a few digits ("120 (0603)": ohms).
  const sized = /^(.*?)\s*\(\s*([^()]{2,12}?)\s*\)$/.exec(text.trim());
  const t = sized !== null && sized[2].split('/').every((p) => PACKAGE.test(p.trim())) ? sized[1] : text.trim();
  if (t !== text.trim() && /^\d{1,4}(?:[.,]\d+)?$/.test(t) && /^\d{4}$/.test(sized?.[2] ?? '')) return true;
  if (SUPPLY_OR_FUSE.test(t)) return true;
  return /^\d/.test(t) && /[A-Za-zµΩ%]/.test(t) && (VALUE_ONLY.test(t) || valuesInWords(t));
}
/** A supply's rating ("24VAC"), a fuse's ("F6.3A", "T500mA") or a resistance after its R ("R0.33"): no maker's number. */
const SUPPLY_OR_FUSE = /^\d{1,4}(?:[.,]\d+)?\s*[mk]?V\s*(?:AC|DC)$|^[FT]\d{1,3}(?:[.,]\d+)?\s*m?A$|^R\d{0,3}[.,]\d+$/i;

/** A tolerance or stability: "±20ppm", "5%", "±0.1%". */
const TOLERANCE = /^±?\d+(?:[.,]\d+)?\s*(?:%|ppm)$/i;

/** A ceramic capacitor's dielectric: "X7R", "C0G", "NP0". */
const DIELECTRIC = /^(?:X[5-8][RSTPV]|Y5V|Z5U|C0G|COG|NP0|NPO)$/i;

/**
 * Values and tolerances side by side, a crystal's or a part's ratings ("8MHz ±20PPm 20pF", "10uF 25V 10%", "100N 16V
 * X7R 10%": a dielectric among them).
 */
function valuesInWords(text: string): boolean {
  const words = text.split(/\s+/);
  // Beside a dielectric, a capacitance and a voltage in capitals or with the unit's letter for a decimal point: "100N",
  // "4U7", "6V3".
  const capacitor = words.some((w) => DIELECTRIC.test(w));
  return (
    words.length >= 2 &&
    words.length <= 6 &&
    words.every(
      (w) => TOLERANCE.test(w) || VALUE_ONLY.test(w) || DIELECTRIC.test(w) || (capacitor && CAPACITOR_WORD.test(w)),
    )
  );
}

/** A capacitance ("100N", "4U7", "22PF") or a voltage ("6V3"), as a capacitor's ratings write them. */
const CAPACITOR_WORD = /^\d{1,4}(?:[.,]\d+)?[PNUµ]F?$|^\d{1,3}[PNUµ]\d{1,2}F?$|^\d{1,3}V\d$/i;

/** Words that name a kind of part, never a maker, in front of a value ("Header 10pin", "Crystal 16MHz"). */
export const PART_KINDS = new Set([
  'header',
  'headers',
  'connector',
  'conn',
  'jumper',
  'capacitor',
  'cap',
  'resistor',
  'res',
  'inductor',
  'crystal',
  'diode',
  'led',
  'switch',
  'sw',
  'button',
  'terminal',
  'fuse',
  'socket',
  'pin',
  'pins',
  'green',
  'red',
  'blue',
  'yellow',
  'white',
  'ferrite',
  'bead',
  'relay',
  'battery',
  'holder',
  'test',
  'point',
  'jack',
  'plug',
  'receptacle',
  'screw',
  'standoff',
  'spacer',
  'nut',
  'washer',
  'bolt',
  'rivet',
  'bumper',
  'heatsink',
  'cable',
  'wire',
  'hdr',
  'pinhead',
  'pinheader',
  'lens',
  'speaker',
  'buzzer',
  'motor',
  'fan',
  'encoder',
]);

/**
 * A value that names a kind of part and its size rather than a maker's part ("Screw-4-40", "Standoff-4-40",
 * "Header-Male-2.54_1x6", "LED-GREEN-2.54-5mm"): its first word is a kind of part.
 */
export function isKindName(text: string): boolean {
  const t = text.trim();
  const first = t.split(/[-_\s]/)[0];
  return (first !== t && PART_KINDS.has(first.toLowerCase())) || isKindWords(t) || NAME_AND_SIZE.test(t);
}

/** A name in words and a size ("Kenwood-2.5": a jack of that style, 2.5 mm): makers write numbers in capitals. */
const NAME_AND_SIZE = /^[A-Z][a-z]{2,}[-_ ]\d+(?:[.,]\d+)?$/;

/**
 * Words naming a kind of part and its size, none of them a maker's number ("8x3 HEADER", "2 pin header", "4.7uF 50V
 * 0805 CERAMIC CAPACITOR": a value is none): no part number even in a part-number column, where "CAP-10U" or "LED-0603-RED" may be a company's own number.
 */
export function isKindWords(text: string): boolean {
  const t = text.trim();
  // Most part numbers have no space: nothing to split (this runs on every line).
  if (!t.includes(' ')) return false;
  const words = t.split(/\s+/);
  return (
    words.length >= 2 &&
    words.some((w) => PART_KINDS.has(w.toLowerCase())) &&
    !words.some((w) => w.length >= 5 && /[A-Za-z]/.test(w) && /\d/.test(w) && !VALUE_ONLY.test(w))
  );
}

/**
 * A part-number cell that names a kind of part rather than a number: words and a size ("8x3 HEADER"), words alone
 * ("Custom HAT"), a word in small letters, capitalised or not ("Motor", "Battery": a kit's names of its things), or a
 * library name ("conn-th-0.1in-3-2-ra", "LED_0603-R"). A company's own number in capitals ("CAP-10U") stays a number.
 */
export function kindNotNumber(text: string): boolean {
  // A library joins a kind to its size with an underscore ("LED_0603-R"); a maker or a company writes a dash.
  return (
    isKindWords(text) ||
    wordsOnly(text) ||
    /^\p{Lu}?\p{Ll}{2,}$/u.test(text.trim()) ||
    ((!/[A-Z]/.test(text) || /^[A-Za-z]+_/.test(text.trim())) && isKindName(text))
  );
}

/**
 * Two or more words of letters alone ("Custom HAT", "Not fitted", "See note", "Metallic foil clear/black"), or words
 * in small letters joined by slashes ("metal/carbon/thick"), a note in brackets after them aside ("Instruction Cards
 * (500 qty)"): a name, never a maker's number.
 */
const WORDS_ONLY = /^\p{L}+(?:[ -]\p{L}+)*\s+\p{L}+(?:\/\p{L}+)*$|^\p{Ll}{2,}(?:\/\p{Ll}{2,})+$/u;
/** Words alone, a note in brackets after them aside unless the note is a maker's number ("Cherry MX (MX1A-L1NW)"). */
function wordsOnly(text: string): boolean {
  const note = TRAILING_NOTE.exec(text.trim());
  if (note !== null && looksLikePartNumber(note[2].trim())) return false;
  return WORDS_ONLY.test(note === null ? text.trim() : note[1]);
}

/**
 * A schematic library's symbol name rather than a part number ("Conn_01x06_Pin", "USB_C_Plug_USB2.0",
 * "Conn_02x03_Odd_Even", "LP2950-3.3_TO92"): words joined by underscores, one of them a kind of part or the last a
 * package. KiCad writes these into its Value field when nobody typed a value, and they look enough like part numbers
 * to be searched for.
 */
export function isSymbolName(text: string): boolean {
  const words = text.trim().split('_');
  return (
    words.length >= 2 &&
    (words.some((w) => PART_KINDS.has(w.toLowerCase())) || LIBRARY_PACKAGE.test(words[words.length - 1]))
  );
}

/** A package a library names its part for after an underscore ("LP2950-3.3_TO92", "Si5351_DIP8"). */
const LIBRARY_PACKAGE =
  /^(?:TO-?\d{2,3}[A-Z]?|DIP-?\d+|P?DIP\d+|SOIC-?\d+|SOP-?\d+|SOT-?\d+(?:-\d)?|[DTV]?QFN-?\d+|T?SSOP-?\d+|MSOP-?\d+)$/i;

/**
 * A distributor's number written alone with the shop's short name in front ("DK:MMBT3904LT1GOSCT-ND", "Mouser: 595-…");
 * a code named inside a longer text is shopCodeInText's.
 */
export const SHOP_NUMBER = /^(?:DK|DIGI-?KEY|MOUSER|FARNELL|NEWARK|RS|TME)\s*[:#]\s*(\S+)$/i;

/** A rating written after a part's number: "50mA", "60VDC", "250VAC", "1/4W" is not one ("0.25W" is). */
export const RATING = /^\d+(?:[.,]\d+)?\s*[pnuµmkKM]?(?:V|A|W|Hz|F|H|Ω)(?:AC|DC)?$/i;

/**
 * One word of six characters or more shaped as a maker's number: never a value, a symbol or kind name, a
 * specification, a value with its rating or kind after it ("10uF-25V", "12V-1A", "10K_NTC_3950") or a screw's size
 * ("M2.5x6").
 */
export function shapedAsNumber(t: string): boolean {
  if (t.length < 6 || !/\d/.test(t) || /\s/.test(t) || !looksLikePartNumber(t)) return false;
  if (isComponentValue(t) || isSymbolName(t) || isKindName(t) || isValueSpec(t)) return false;
  const first = t.split(/[-_/]/)[0];
  return !(isComponentValue(first) || RATING.test(first) || /^M\d+(?:[.,]\d+)?x\d/i.test(t));
}

/** A package, mounting or size code as BOM values name it: 0603, SMA, SOT23-6, S4SOD-123, SMD, 12x12x10. */
export const PACKAGE =
  /^(?:SMD|SMT|THT|TH|PTH|SM[ABC]|DIP-?\d*|[A-Z]?\d{4}|S\d?SOD-?\d+[A-Z]?|SO[DT]?-?\d+(?:-\d+)?|SOIC-?\d+|T?SSOP-?\d+|MSOP-?\d+|[DTV]?QFN-?\d+|\d+(?:[.,]\d+)?x\d+(?:[.,]\d+)?(?:x\d+(?:[.,]\d+)?)?)$/i;
/** A reel or packing code a maker writes after a slash: 2K5 and 3K (reel sizes), TR, T&R, NOPB, R7, REEL. */
const PACKING_CODE = /^(?:\d{1,2}K\d?|T&?R|NOPB|R\d{1,2}|REEL\d*|TAPE|CT|BKN|HX|PBF)$/i;
const COLOURS = new Set(['red', 'green', 'blue', 'yellow', 'white', 'orange', 'amber', 'black']);

/**
 * A value cell that is a specification in fields ("1nF/2kV/X7R/1206", "LED/RED/0603", "FB0805/600R/2A",
 * "1N5822/SS34/SMA"): slash-separated, one field a component value, a package or a colour. No part number:
 * "WPM2015-3/TR" (a packing suffix) is one.
 */
export function isValueSpec(text: string): boolean {
  // Fields joined by underscores, one a component value ("22p_NP0", "1812_100Z_8A_6mDCR"): a library's value text.
  const joined = text.trim().split('_');
  if (joined.length >= 2 && joined.length <= 8 && joined.some((f) => isComponentValue(f))) return true;
  const fields = text.trim().split('/');
  if (fields.length < 2 || fields.length > 8) return false;
  // A maker's number with its reel or packing code after the slash ("INA143UA/2K5", "LM358D/NOPB", "BAT54/TR").
  if (fields.length === 2 && PACKING_CODE.test(fields[1].trim()) && /[A-Za-z]\d|\d[A-Za-z]/.test(fields[0]))
    return false;
  return fields.some((f) => {
    const t = f.trim();
    return isComponentValue(t) || PACKAGE.test(t) || COLOURS.has(t.toLowerCase());
  });
}

/**
 * A value cell's part number without its package in brackets ("BC817-40(SMD)" → "BC817-40", "MT3608(SOT23-6)"
 * → "MT3608"); the cell as it is otherwise.
 */
export function withoutPackage(text: string): string {
  const m = /^(.*[A-Za-z0-9])\s*\(([^()]*)\)\s*$/.exec(text.trim());
  return m !== null && PACKAGE.test(m[2].trim()) ? m[1] : text;
}

/**
 * A value cell that gives the part's value or kind, then the maker's number ("100nF 885012207016", "LED LTL-1224A"):
 * the number, shaped as one (shapedAsNumber) with letters, or a long run of digits (Würth's and Vishay's twelve).
 * Never a dielectric, package, pitch, size or value glued on ("X7R0805", "Red0805", "Elko100uF", "22AWG", "40pin",
 * "XH2.54"), a crystal's can, a standard ("AECQ200") or fields after an underscore or a slash ("0805_X5R").
 */
export function numberAfterValueOrKind(text: string): { partNumber: string; manufacturer: string } | null {
  const m = /^(\S+)\s+(\S+)$/.exec(text.trim());
  if (m === null || !(isComponentValue(m[1]) || PART_KINDS.has(m[1].toLowerCase()))) return null;
  const number = m[2];
  if (/^\d{9,14}$/.test(number)) return { partNumber: number, manufacturer: '' };
  if (!/[A-Za-z]/.test(number) || /[_/]/.test(number) || !shapedAsNumber(number) || PIN_COUNT.test(number)) return null;
  if (number.length <= 10 && /X[5-8][RSTPUV]|C0G|COG|NP0|Y5V|Z5U/i.test(number)) return null;
  // A crystal's can (HC-49S) or a standard it meets ("16MHz AECQ200") is none either.
  return GLUED_ON.test(number) || /^HC-?49|^(?:AEC-?Q|IEC|UL|EN)\d/i.test(number) || PACKAGE.test(number)
    ? null
    : { partNumber: number, manufacturer: '' };
}

/** A size, a package, a pitch, a count of pins or a value glued to a word's end or start ("Red0805", "XH2.54"). */
export const GLUED_ON =
  /(?:\d(?:mm|awg|pins?|pos|[pnuµ]f|[kKM]?hz)|(?:0201|0402|0603|0805|1206|1210|1812|2010|2512)|(?:1[.,]27|2[.,]54|3[.,]81|3[.,]96|5[.,]08|7[.,]62))$|^(?:0201|0402|0603|0805|1206|1210|1812|2010|2512)(?!\d)/i;
