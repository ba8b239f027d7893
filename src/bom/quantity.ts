/**
 * Quantities and "do not place" marks as BOMs write them.
 *
 * Quantity decisions:
 * - Accepted: 2, "2", "2 pcs", "2x", "x2", "2 ea", "1,000", "1 000", "1'000", "1.000.000", "1.000,0".
 * - Thousands separators: a ',' '.' ''' or space followed by exactly three digits, after one to three
 *   leading digits that are not just "0", is a thousands separator, so "1,000" and "1.000" are both 1000
 *   ("1.000" is what a European file writes; a text "1.000" meaning one is unlikely since a number cell would
 *   carry 1, and the reader is told how it was read). With both ',' and '.', the last one is the decimal mark.
 * - Otherwise the separator is a decimal mark: "2.0" and "2,00" are 2; "1,5" and "0.5" are fractional.
 * - Fractional, negative, or more than MAX_QUANTITY per board: not a quantity (the line is skipped with the
 *   reason); 0 means not placed.
 */
import { countedInHanzi } from './quantity-hanzi';
import { type Cell, asciiDigits, normalizeText } from '../text/normalize';
import { isSizeCode } from './sizes';

export const MAX_QUANTITY = 1_000_000;

export type QuantityParse =
  | { kind: 'empty' }
  /** The cell says the part is not placed ("DNP", "Not fitted"…). */
  | { kind: 'dnp'; text: string }
  /**
   * `estimated`: a count read from words around it, a range or an approximate count read as a number ("2-4" as 4,
   * "~20" as 20), so many of a kind ("2x 4pin"), counts for each side added up: a count where a column is a quantity
   * column, no evidence that one is.
   */
  | { kind: 'ok'; value: number; text: string; note?: string; estimated?: true }
  /** `inWords`: an amount said in words ("若干", "as needed"), the count left to the buyer. */
  | { kind: 'bad'; text: string; problem: string; inWords?: true };

const DNP_PHRASE =
  'DNP|DNI|DNF|DNM|NOFIT|NO-FIT|NO FIT|NOT FITTED|NOT-FITTED|NOT PLACED|NOT POPULATED|NOT MOUNTED|NOT ASSEMBLED|' +
  'NOT INSTALLED|NOT INSERTED|NOT STUFFED|LEAVE (?:EMPTY|OPEN|UNPOPULATED)|' +
  'DO NOT (?:PLACE|POPULATE|FIT|MOUNT|STUFF|INSTALL|ASSEMBLE|INSERT|SOLDER)|NO POP|NOPOP|NO STUFF|NOSTUFF|NOT MOUNT|' +
  // Chinese, Japanese, German, French, Spanish, Italian, Dutch and Portuguese marks: not placed, not mounted, not
  // fitted, as a state ("nicht bestückt") or as the instruction ("nicht bestücken": do not fit).
  '不贴件|不贴|不焊接|不焊|不上件|不装|空贴|未実装|非実装|実装しない|実装無し|NICHT BEST(?:Ü|UE|U)CK(?:T|EN)|' +
  'UNBESTÜCKT|NICHT MONTIERT|NON MONTÉ|NON MONTE|NE PAS MONTER|NO MONTAR|NO MONTADO|NON MONTARE|NON MONTATO|' +
  'NIET PLAATSEN|NIET GEPLAATST|NÃO MONTAR|NAO MONTAR';
/**
 * Short marks that say DNP only alone in a cell: NF (not fitted), NP (not placed), NI (not installed), NC (not
 * connected), NM (not mounted), with their letters dotted too ("N.C.", "D.N.P."); never "n.B.", German for "as
 * needed".
 */
const DNP_WHOLE = new RegExp(`^(?:${DNP_PHRASE}|N\\.?F|N\\.?P|N\\.?I|N\\.?C|N\\.?M|D\\.N\\.[PIF])$`, 'i');
/**
 * A cell that starts with a DNP mark, then a dash, slash or colon and what the part would be: "DNP - 0", "NC/100nF";
 * or with "not needed" so set off ("不需要-直接焊接": not needed, the wires soldered on directly).
 */
const DNP_LEADING = new RegExp(`^(?:${DNP_PHRASE}|NC|不需要|无需)\\s*[-:/,(—，：（]`, 'i');
const DNP_WORD = new RegExp(`(?:^|[^A-Z0-9])(?:${DNP_PHRASE})(?:$|[^A-Z0-9])`, 'i');
/**
 * A mark after what the part would be, joined to it: "10K_NC", "SPU0410HR5H_NC", "100nF DNP", "10k/DNF". NC only
 * after an underscore and a value or number with a digit and no other underscore: "SW_SPST_NC" is a switch that is
 * normally closed.
 */
const DNP_TRAILING = new RegExp(`[\\s_/-](?:${DNP_PHRASE})$|^[^_\\s]*\\d[^_\\s]*_NC$`, 'i');
const DNP_BRACKETED = new RegExp(`[([{（]\\s*(?:${DNP_PHRASE}|NF|NP|NI|NC)\\s*[)\\]}）]`, 'i');

/**
 * A mark naming the positions not fitted: "NF(C341 C324)", "DNP: R3, R4", "not fitted (R5)". The designators
 * in it are the line's unfitted positions; the line buys only the others.
 */
const DNP_NAMING = new RegExp(`^\\s*(?:${DNP_PHRASE}|NF|NP|NI)\\s*(?:\\(([^()]*)\\)|:\\s*(.+))\\s*$`, 'i');

/** The designator text a "NF(C341, C342)" mark names, or null when the text is no such mark. */
export function dnpNamedPositions(text: string): string | null {
  const m = DNP_NAMING.exec(normalizeText(text));
  if (!m) return null;
  const named = (m[1] ?? m[2] ?? '').trim();
  return named === '' ? null : named;
}

function stripMarks(text: string): string {
  return normalizeText(text)
    .replace(/^[\s([{*!.:-]+|[\s)\]}*!.:-]+$/g, '')
    .replace(/\s+/g, ' ');
}

const DNP_PHRASE_WHOLE = new RegExp(`^(?:${DNP_PHRASE})$`, 'i');

/** The whole cell is a "do not place" phrase ("Not fitted", "DNP"), none of the short marks that mean other things too. */
export function isDnpPhrase(text: string): boolean {
  if (text.length > 80) return false;
  const t = text.replace(AS_ORIGINALLY, '');
  return t.length <= 40 && DNP_PHRASE_WHOLE.test(stripMarks(t));
}
/**
 * A remake's remark that the original boards left the part off ("Not populated on original boards"): off in the
 * build as drawn, as the phrase alone says (an original design or version says nothing of this one: none).
 */
const AS_ORIGINALLY = /\s(?:on|in)\s+(?:the\s+)?original\s+(?:boards?|pcbs?)\s*$/i;
/** A tag in brackets before a remark ("[RARE] Not populated…"): it says nothing more. */
const TAG = /^\s*\[[^\]]{1,12}\]\s*/;

/** The whole cell is a "do not place" mark: DNP, DNI, DNF, NF, NOFIT, "Not fitted", "Do not place"… */
export function isDnpMarker(text: string): boolean {
  const t = stripMarks(text);
  return t !== '' && DNP_WHOLE.test(t);
}

/**
 * A value or note cell that marks the line: a DNP mark alone, one in front of what the part would be ("DNP - 0",
 * "NC/100nF") or one in brackets ("10k (NC)").
 */
export function valueSaysDnp(text: string): boolean {
  const t = stripMarks(text);
  return (
    t !== '' &&
    (DNP_WHOLE.test(t) ||
      DNP_LEADING.test(t) ||
      DNP_TRAILING.test(t) ||
      DNP_BRACKETED.test(normalizeText(text)) ||
      CJK_NOT_PLACED.test(t) ||
      (AS_ORIGINALLY.test(text) && isDnpPhrase(text.replace(TAG, ''))))
  );
}

/**
 * A Chinese or Japanese note saying the part is not placed, anywhere in it ("默认不焊接": not soldered by default),
 * unless it says the part may be left off ("测试可不贴": may be left off for testing), which keeps it placed.
 */
const CJK_NOT_PLACED = /^(?!.*可).*(?:不贴|不焊|不上件|不安装|未実装|実装しない)/;

/**
 * A remark whose last clause, after a comma or semicolon, is a "do not place" phrase alone ("Alternative Molex
 * Anschluss …, nicht bestücken"); never a mark within a sentence ("… was shipped with this position DNP").
 */
export function endsWithDnpClause(text: string): boolean {
  const clause = /[,;]([^,;]*)$/.exec(text);
  return clause !== null && isDnpPhrase(clause[1]);
}

/**
 * A remark's clause saying the part is left off unless something holds ("DNP unless end-of-line node", "not fitted
 * by default", "DNP except on the master board"): not placed in the build as drawn. "DNP if …" and "DNP for …" say
 * when to leave it off, so the part is placed otherwise: they are not this. UNLESS_WORD, one of those words anywhere,
 * is the cheap question asked of every remark before its clauses are read.
 */
const UNLESS_WORDS = 'unless|except|by default|as default|per default|standardmä(?:ß|ss)ig|sauf|salvo';
const UNLESS_WORD = new RegExp(UNLESS_WORDS, 'i');
const DNP_UNLESS = new RegExp(`^(?:${DNP_PHRASE})\\s*[(:-]?\\s*(?:${UNLESS_WORDS})\\b`, 'i');
/** A remark recording the change that left the part off ("change to DNI 20220528", "changed to DNP"). */
const CHANGED_TO_DNP = new RegExp(
  `^(?:changed?|set)\\s+to\\s+(?:${DNP_PHRASE})(?:[\\s,(]+(?:on\\s+)?[\\d./-]+\\)?)?$`,
  'i',
);
/**
 * Whether a cell marks its row not placed: in a column of marks or notes (`marks`) as a value, a remark's last clause,
 * a clause with "unless" or a recorded change may ("DNP - 0", "…, nicht bestücken"); in a column saying what the
 * part is (`describes`: a package, a footprint, a type), a "not fitted" phrase alone.
 */
export function cellSaysDnp(text: string, marks: boolean, describes: () => boolean): boolean {
  if (marks)
    return (
      (text.length <= 60 && valueSaysDnp(text)) ||
      (text.length <= 200 && endsWithDnpClause(text)) ||
      (text.length <= 200 && UNLESS_WORD.test(text) && text.split(/[,;]/).some((c) => DNP_UNLESS.test(c.trim()))) ||
      CHANGED_TO_DNP.test(text.trim())
    );
  return text.length <= 60 && isDnpPhrase(text) && describes();
}

/** The text contains a "do not place" word or phrase ("10k 0603 DNP", "Not fitted in variant A"). */
export function containsDnpMarker(text: string): boolean {
  return DNP_WORD.test(normalizeText(text));
}

/**
 * "Not assembled" written around the part it would be: "NA(22uF/6.3V)", "NA(W25Q128FVSIG)" (Olimex's BOMs keep
 * the value of a part not fitted in brackets after NA). A bare "NA" is not one: it says "none" as often.
 */
const NOT_ASSEMBLED = /^NA\s*\(.+\)$/i;

/**
 * A library code for a footprint left without a part ("CC0603_NO-VALUE", "R0402_NOVALUE": a reserved place no part
 * was chosen for): nothing to buy, as a part not placed.
 */
const NO_VALUE_CODE = /^[A-Z0-9]+[_-]NO[-_]?VALUE$/i;

/** A mark in front of the part it would be, no short one that begins makers' numbers too: "DNI/1N4007FL". */
const DNP_LEADING_PART = new RegExp(`^(?:${DNP_PHRASE})\\s*[-:/,(—，：（]`, 'i');

/**
 * A part-number cell that says DNP: the whole cell, a bracketed mark ("BAV99 (DNP)"), one joined after it
 * ("SPU0410HR5H_NC") or in front of it ("DNI/MF-FSML100/8-2"), "NA(value)" or a library code with no value.
 */
export function partNumberSaysDnp(text: string): boolean {
  const t = normalizeText(text).trim();
  return (
    isDnpMarker(text) ||
    DNP_BRACKETED.test(t) ||
    DNP_TRAILING.test(t) ||
    DNP_LEADING_PART.test(t) ||
    NOT_ASSEMBLED.test(t) ||
    NO_VALUE_CODE.test(t)
  );
}

const NOT_DNP =
  /^(?:NO|N|FALSE|0|-|P|FIT|FITTED|PLACE|PLACED|POPULATE|POPULATED|POP|STUFF|MOUNT|MOUNTED|N\/A|NA|NONE|OK)$/i;

/**
 * A cell of a DNP column: marked unless empty or explicitly negative (No, N, FALSE, 0, "-", Fit, Place…),
 * so X, Yes, Y, DNP, DNI, NF, "Do not place", TRUE and 1 all mark the line.
 */
export function isDnpFlag(cell: Cell): boolean {
  if (cell === null || cell === undefined) return false;
  if (typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') return cell !== 0 && !Number.isNaN(cell);
  const t = normalizeText(cell);
  // A word that is neither a mark nor a yes ("CAPACITOR" shifted into the column by a broken export) marks nothing.
  if (/[A-Za-z]{4}/.test(t) && !/^(?:YES|TRUE)$/i.test(t) && !isDnpMarker(t) && !containsDnpMarker(t)) return false;
  return t !== '' && !NOT_DNP.test(t);
}

const POPULATE_NO = /^(?:NO|N|FALSE|0|NONE|-|NOT|NIE|NEIN|NON|NC)$/i;

/**
 * A cell of a populate column ("Populate", "Fitted", "Place"): not placed when it says no (No, N, FALSE, 0,
 * "-") or carries a DNP-like mark (DNP, DNI, NF, "No fit", "Not fitted"); placed when blank or anything else.
 */
export function isNotPopulated(cell: Cell): boolean {
  if (cell === null || cell === undefined) return false;
  if (typeof cell === 'boolean') return !cell;
  if (typeof cell === 'number') return cell === 0;
  const t = normalizeText(cell);
  return t !== '' && (POPULATE_NO.test(t) || isDnpMarker(t));
}

/**
 * Words for pieces after a count, in the languages read: "pcs", "Stk", "pièces", "uds", "pz", "ks", "szt", "db"
 * (Hungarian), "buc" (Romanian), "adet" (Turkish), "kom", "шт", "ΤΕΜ", "عدد", and the counting words of Chinese and
 * Japanese ("12个", "3 個", "2枚", "1本", a strip of pins "1排", a short length "1小段"). One list: a quantity's unit, orders times pieces and a piece word alone.
 */
const PIECE_UNITS =
  'pieces?|pcs?|pi[eè]ces?|ea|each|units?|off|stk?|stck|st[uü]ck|stueck|pz|pezzi|uds?|unid(?:ades)?|piezas|szt|sztuk|' +
  'ks|kusy?|kus[uů]|kpl|db|darab|buc|adet|kom|шт|штук[аи]?|τεμ|عدد|个|個|只|颗|顆|片|枚|本|台|套|条|根|对|組|组|ケ|コ|排|小?段';
/**
 * A count with its unit, as lists write it: "12", "12 pcs", "2 Stk.", "x3", "1 adet", and a length or an area
 * ("12 metre", "2 m²", bought as so many of the unit). Never decibels: "3 dB" is an attenuator's rating, where the
 * Hungarian for pieces is "db" (DECIBELS, matched with its case).
 */
const QUANTITY_TEXT = new RegExp(
  `^(?:X\\s*)?([+-]?\\s*\\d[\\d.,' ]*?)\\s*(?:X|${PIECE_UNITS}|M|METERS?|METRES?|METROS?|MÈTRES?|m²)?\\.?$`,
  'i',
);
const DECIBELS = /\d\s*dB$/;
/**
 * A count and, in brackets, a larger one of the same unit, with spares, as a kit list writes them under "exact count
 * (with spares)": "4个（8个）", "1排（2排）", "4 (6)". The first is what a board needs; "1 (10 pcs)" (a pack) is not one.
 */
const WITH_SPARES = /^(\d{1,4})\s*([^\d\s()（）]{0,3})\s*[(（]\s*(\d{1,4})\s*([^\d\s()（）]{0,3})\s*[)）]$/u;

interface NumberRead {
  value: number;
  thousandsDot: boolean;
}

export function readSeparatedNumber(s: string): NumberRead | null {
  if (/[' ]/.test(s)) {
    const m = /^(\d{1,3}(?:[' ]\d{3})+)(?:[.,](\d+))?$/.exec(s);
    if (!m) return null;
    return { value: Number(`${m[1].replace(/[' ]/g, '')}.${m[2] ?? '0'}`), thousandsDot: false };
  }
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  if (dots === 0 && commas === 0) return /^\d+$/.test(s) ? { value: Number(s), thousandsDot: false } : null;
  if (dots > 0 && commas > 0) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const t = thousands === '.' ? '\\.' : ',';
    const d = decimal === '.' ? '\\.' : ',';
    const m = new RegExp(`^(\\d{1,3}(?:${t}\\d{3})*)${d}(\\d+)$`).exec(s);
    if (!m) return null;
    return { value: Number(`${m[1].split(thousands).join('')}.${m[2]}`), thousandsDot: thousands === '.' };
  }
  const sep = dots > 0 ? '.' : ',';
  const parts = s.split(sep);
  if (parts.length > 2) {
    if (!/^\d{1,3}$/.test(parts[0]) || !parts.slice(1).every((p) => /^\d{3}$/.test(p))) return null;
    return { value: Number(parts.join('')), thousandsDot: sep === '.' };
  }
  const [int, frac] = parts;
  if (!/^\d*$/.test(int) || !/^\d+$/.test(frac) || int === '') return null;
  if (frac.length === 3 && /^[1-9]\d{0,2}$/.test(int)) {
    return { value: Number(int + frac), thousandsDot: sep === '.' };
  }
  return { value: Number(`${int}.${frac}`), thousandsDot: false };
}

function checkValue(value: number, text: string, note?: string): QuantityParse {
  if (!Number.isFinite(value)) return { kind: 'bad', text, problem: 'is not a number' };
  if (value < 0) return { kind: 'bad', text, problem: 'is negative' };
  if (!Number.isInteger(value)) return { kind: 'bad', text, problem: 'is not a whole number' };
  if (value > MAX_QUANTITY) return { kind: 'bad', text, problem: 'is more than 1,000,000 per board' };
  return note === undefined ? { kind: 'ok', value, text } : { kind: 'ok', value, text, note };
}

/**
 * An amount said in words where a count belongs: some, a little, as much as needed, as required (glue, wire, grease):
 * 若干, 少量, 适量/適量, 多数, 少々; "as needed", "as required", "AR", "nach Bedarf", "selon besoin", "según necesidad".
 */
const AMOUNT_PHRASES =
  '若干|少量|适量|適量|多数|少々|a few|a little|as (?:needed|required)|nach Bedarf|selon (?:besoin|les besoins)|seg[uú]n (?:necesidad|se necesite)';
const QUANTITY_IN_WORDS = new RegExp(`^(?:${AMOUNT_PHRASES}|some|AR|A\\/R|n\\. ?B\\.)(?:$|[\\s(（,，])`, 'i');
/** A letter or question mark for a count, with the word for pieces: "Xst", "n pcs", "x Stk.", "??" (a bare "X" is a mark). */
const PLACEHOLDER_COUNT = /^(?:[xn]\s*(?:st|stk|stck|pcs?|pieces?|szt|ks)\.?|\?{1,3})$/i;
/** The phrase alone, a note in brackets at most, as a note column says it ("As required", "适量（按需）"). */
const AMOUNT_ALONE = new RegExp(`^(?:${AMOUNT_PHRASES})\\.?(?:\\s*[(（][^)）]{0,40}[)）])?$`, 'i');

/**
 * The amount a row's other cell says in words where its quantity cell is empty ("Hookup wire", quantity blank, note
 * "As required"): the count left to the buyer, as in the quantity column. Null for anything more than the phrase.
 */
export function amountInWordsElsewhere(cell: Cell): QuantityParse | null {
  if (typeof cell !== 'string') return null;
  const text = normalizeText(cell);
  return AMOUNT_ALONE.test(text) ? inWords(text) : null;
}

/** An amount said in words, read: the count is the buyer's to say. */
function inWords(text: string): QuantityParse {
  return { kind: 'bad', text, problem: 'is a quantity in words', inWords: true };
}

/** Orders times pieces, as a shopping list writes them: "1x5" (one order of five), "3x10pcs", "2 × 100 Stk". */
const ORDERS_OF = new RegExp(`^(\\d{1,4})\\s*[x×]\\s*(\\d{1,5})\\s*(?:${PIECE_UNITS})?\\.?$`, 'i');
const PIECES_ALONE = new RegExp(`^\\d*\\s*(?:${PIECE_UNITS})\\.?$`, 'i');
/**
 * A count times what each is, as a build guide writes it: "2x 4pin" (two 4-pin headers), "46x 1U" (keycaps), "3x
 * 0805" (a size). Never a count of pieces ("2x 10шт" is orders times pieces, ORDERS_OF).
 */
const COUNT_OF_KIND = /^(\d{1,4})\s*[x×]\s+(\d{0,3}\s*\p{L}[\p{L}\d.-]{0,15}|\d{4,5})$/iu;
/** Counts for each side or half added up: "1 left + 1 right", "2 + 2", "1 links + 1 rechts"; any other word is none. */
const SIDE =
  '(?:left|right|top|bottom|front|back|links|rechts|oben|unten|gauche|droite|izquierd[ao]|derech[ao]|sinistr[ao]|destr[ao]|прав\\p{L}*|лев\\p{L}*|左|右)';
const COUNTS_ADDED = new RegExp(`^(\\d{1,4})(?:\\s*${SIDE})?\\s*\\+\\s*(\\d{1,4})(?:\\s*${SIDE})?$`, 'iu');
/**
 * A share written as a fraction: "1/3" (one of a pack of three, or one for three builds), "1/100". What is bought
 * for one board is the whole item: its numerator, said in a note.
 */
const SHARE = /^(\d{1,3})\s*\/\s*(\d{1,4})$/;
/**
 * A range of counts, as a hand-made list gives what a build may need: "2-4" (an en dash is a hyphen by then), "2~4",
 * "2 to 4", "2 oder 3", "2 ou 3", with the unit after it ("2-4 pcs"). What is bought is its upper end, said in a note.
 * Joined by a hyphen, its first count has two digits at most and its last three: "401-692" and "665-7712" are RS's
 * order codes.
 */
const COUNT_RANGE =
  /^(?:(\d{1,2})\s*-\s*(\d{1,3})|(\d{1,5})\s*(?:~|～|〜|…|to|bis|à|a|or|oder|ou|o|или|до)\s*(\d{1,5}))(\s*[^\d\s.,-][^\d]{0,10})?$/i;
/** A count given as about so many: "~20", "≈ 5", "ca. 20", "approx. 10 pcs", "etwa 5", "env. 8", "约20", "約20". */
const ABOUT =
  /^(?:~|～|〜|≈|ca\.?|circa|approx\.?|approximately|about|etwa|env\.?|environ|aprox\.?|aprox(?:imadamente)?|约|約|大约)\s*(\d.*)$/i;
/** A range of counts read as its upper end, or a count given as about so many read as it (estimated), or null. */
function estimatedCount(text: string): QuantityParse | null {
  // Asked of every cell that is no count: most begin with no digit nor a word for "about".
  if (!/^[\d~～〜≈ace约約大]/i.test(text)) return null;
  const between = COUNT_RANGE.exec(text);
  const [low, high] = between ? [between[1] ?? between[3], between[2] ?? between[4]] : ['', ''];
  const upper = between ? parseQuantity(high + (between[5] ?? '')) : null;
  const read =
    between && upper?.kind === 'ok' && !upper.estimated && Number(low) < upper.value
      ? checkValue(upper.value, text, `read as ${upper.value}, the upper end of "${text}"`)
      : (() => {
          const about = ABOUT.exec(text);
          const near = about ? parseQuantity(about[1]) : null;
          return near?.kind === 'ok' && !near.estimated && near.value > 0
            ? checkValue(near.value, text, `read as ${near.value}, about so many`)
            : null;
        })();
  return read?.kind === 'ok' ? { ...read, estimated: true } : null;
}

/**
 * So many taken from a pack that holds more: "2 from 10 pack", "1 from a 5-pack", "2 out of a pack of 10". The count
 * is loose (the shop's number may be the pack's): the note says so.
 */
const FROM_A_PACK =
  /^(\d{1,4})\s+(?:from|of|out\s+of)\s+(?:an?\s+|one\s+)?(?:(\d{1,5})[\s-]*(?:pack|pk|set|bag|box|reel)s?|(?:pack|set|bag|box|reel)\s+of\s+(\d{1,5}))$/i;

const packNote = (n: string) => `taken from a pack of ${n}: where the shop's number is the pack, buy packs`;
/** So many different things, one of each: "10 individual parts", "3 separate items". */
const SEPARATE_ITEMS = /^(\d{1,4})\s+(?:individual|separate|single|different)\s+(?:parts?|pieces?|items?)$/i;

/**
 * A count of packs, with what the pack holds in brackets: "1 package (7 pins minimum)", "2 sheets (300x220 mm)",
 * "1 Packung". The packs are what is bought.
 */
const PACKS =
  /^(\d{1,4})\s*(?:packages?|packs?|pkgs?|box(?:es)?|bags?|sets?|sheets?|rolls?|reels?|kits?|pairs?|packungen?|beutel|rollen?|paquets?|sachets?|bo[iî]tes?|paquetes?|bolsas?|juegos?)\.?(?:\s*[([（].*[)\]）])?$/i;

/**
 * An assortment: several counts in one cell ("M3 x 12 > 4 pieces, M4 x 15 > 10 pieces"), each of another size. The
 * count is the buyer's to say, as for an amount in words.
 */
const PIECES = 'pieces?|pcs?|stk|st[uü]ck|pi[eè]ces?|uds?|个|個';
const PIECE_WORDS = `(?:${PIECES})`;
const ASSORTMENT = new RegExp(`\\d+\\s*${PIECE_WORDS}(?:[^\\p{L}]|$)`, 'giu');

/** Two pieces or more (a count of one is no pack), and the words a pack's count is written with. */
const PACK_COUNT = '(?:[2-9]|[1-9]\\d{1,3})';
const PACK_PIECES = `(?:${PIECES}|pz|pezzi|只|片|枚|本)(?:装|裝)?`;
/** Where a count can start: the cell's start, a space, an opening bracket (CJK ones too) or a comma. */
const PACK_OPEN = '(?:^|[\\s(（\\[【「『,，])';
const PACK_END = '(?=$|[^\\p{L}\\d])';

/**
 * A name that says how many pieces its pack holds ("VL53L0X(4個)", "NE555 10pcs", "10PCS NE555P", "LM2596 5-pack",
 * "10er Pack", "pack of 5", "3 Stück", "(4个装)", "NE555-10PCS"): a shop's pack of modules or kits, not the maker's
 * part its name starts with. Not "x 2" (a multiplier, or a capacitor's safety class X2) and not a count of one.
 */
const PACK_IN_NAME = new RegExp(
  `${PACK_OPEN}(?:${PACK_COUNT}\\s*${PACK_PIECES}|${PACK_COUNT}\\s*(?:er)?\\s*-?\\s*(?:pack|set)|(?:pack|set|lot)\\s+of\\s+${PACK_COUNT})${PACK_END}|-${PACK_COUNT}\\s*pcs?${PACK_END}`,
  'iu',
);

export function namesAPack(text: string): boolean {
  return PACK_IN_NAME.test(normalizeText(text).normalize('NFKC'));
}

/** A count read from words around it: no evidence that its column holds counts. */
function loosely(read: QuantityParse): QuantityParse {
  return read.kind === 'ok' ? { ...read, estimated: true } : read;
}

/** Words after a count that change it or say it is not bought: "DNP", "not fitted", "optional", "per", "x 2 boards". */
const QUALIFIED =
  /\b(?:dn[pif]|n[cfp]|not|no|optional|opt|spares?|per|each|of|x|packs?|reels?|boards?|fit|fitted|populated?|mount(?:ed)?|place[d]?)\b/i;

/** Read a quantity cell. */
export function parseQuantity(cell: Cell): QuantityParse {
  if (cell === null || cell === undefined) return { kind: 'empty' };
  if (typeof cell === 'number') return checkValue(cell, String(cell));
  if (typeof cell === 'boolean') return { kind: 'bad', text: cell ? 'TRUE' : 'FALSE', problem: 'is not a number' };
  // The multiplication sign reads as the letter x does ("4×", "2×3").
  const text = asciiDigits(normalizeText(cell)).replace(/×/g, 'x');
  if (text === '') return { kind: 'empty' };
  if (isDnpMarker(text)) return { kind: 'dnp', text };
  // A count on a line of its own above words (a cart page's box, then "Packaging Choice: Cut Tape"): the count.
  const lines = typeof cell === 'string' && cell.includes('\n') ? cell.trim().split(/\s*\n\s*/) : [];
  const after = lines.slice(1).join(' ');
  if (/^\d{1,6}$/.test(lines[0] ?? '') && /\p{L}{3}/u.test(after) && !QUALIFIED.test(after))
    return checkValue(Number(lines[0]), text, `read as ${lines[0]}, the count on its first line`);
  const spares = WITH_SPARES.exec(text);
  if (spares && spares[2].toLowerCase() === spares[4].toLowerCase()) {
    const [need, more] = [parseQuantity(`${spares[1]}${spares[2]}`), Number(spares[3])];
    if (need.kind === 'ok' && need.value > 0 && more > need.value)
      return checkValue(
        need.value,
        text,
        `read as ${need.value}: the count before the brackets, not the ${more} in them`,
      );
  }
  const m = DECIBELS.test(text) ? null : QUANTITY_TEXT.exec(text);
  if (!m) {
    const counted = countedInHanzi(text);
    if (counted !== null) return checkValue(counted, text, `read as ${counted}`);
    const packs = PACKS.exec(text);
    if (packs) return checkValue(Number(packs[1]), text, `read as ${packs[1]} (packs)`);
    const times = ORDERS_OF.exec(text);
    // A size after the count ("3x 0805") is what each is: so many of a kind, below.
    if (times && !isSizeCode(times[2])) {
      const total = Number(times[1]) * Number(times[2]);
      return checkValue(total, text, `read as ${times[1]} × ${times[2]} = ${total}`);
    }
    const each = COUNT_OF_KIND.exec(text);
    if (each && (!/^\d+$/.test(each[2]) || isSizeCode(each[2])) && !PIECES_ALONE.test(each[2]))
      return loosely(checkValue(Number(each[1]), text, `read as ${each[1]} (of "${each[2]}")`));
    const added = COUNTS_ADDED.exec(text);
    if (added) {
      const total = Number(added[1]) + Number(added[2]);
      return loosely(checkValue(total, text, `read as ${added[1]} + ${added[2]} = ${total}`));
    }
    const share = SHARE.exec(text);
    if (share && Number(share[1]) > 0 && Number(share[1]) < Number(share[2]))
      return checkValue(Number(share[1]), text, `read as ${share[1]}: a share of ${share[2]}`);
    const taken = FROM_A_PACK.exec(text);
    if (taken && Number(taken[1]) > 0)
      return loosely(checkValue(Number(taken[1]), text, `read as ${taken[1]}, ${packNote(taken[2] ?? taken[3])}`));
    const several = SEPARATE_ITEMS.exec(text);
    if (several) return checkValue(Number(several[1]), text, `read as ${several[1]}`);
    const estimate = estimatedCount(text);
    if (estimate !== null) return estimate;
    if (QUANTITY_IN_WORDS.test(text)) return inWords(text);
    // A letter standing for a count not yet known ("Xst", "n pcs", "?"): the count is the buyer's to say.
    if (PLACEHOLDER_COUNT.test(text))
      return { kind: 'bad', text, problem: 'stands for a count not given', inWords: true };
    if ((text.match(ASSORTMENT) ?? []).length >= 2)
      return { kind: 'bad', text, problem: 'lists several counts (an assortment)', inWords: true };
    return { kind: 'bad', text, problem: 'is not a number' };
  }
  const numeral = m[1].replace(/\s+$/, '');
  if (numeral.startsWith('-')) return { kind: 'bad', text, problem: 'is negative' };
  const read = readSeparatedNumber(numeral.replace(/^\+\s*/, ''));
  if (!read) return { kind: 'bad', text, problem: 'is not a number' };
  return checkValue(read.value, text, read.thousandsDot ? `read as ${read.value}` : undefined);
}
