/**
 * Reference designators as people write them: "R1, R2", "R1-R5", "R1–R5", "R1-5", "C2,6,7", "R1 R2",
 * "R1;R2", "U1A". Decisions:
 * - Separators: comma, semicolon, whitespace, '/', '|', '&', '+' and the word "and". A range is written with
 *   '-' (any dash or minus look-alike), '..' or '~'; spaces around it are allowed ("R1 - R5").
 * - A bare number takes the letter prefix of the designator before it ("C2,6,7" is C2, C6, C7; "R1-R4, 7" is
 *   R1–R4 and R7). A bare number with no prefix before it is kept as written and reported.
 * - A range written high to low ("R10-R8") is expanded ascending (R8, R9, R10) and reported, since it may be
 *   a typing slip. A name with an underscore before its number ("TXH_240-124") is no range: kept as written.
 * - Zero padding is kept: "R01-R03" is R01, R02, R03.
 * - Designators are upper-cased; duplicates are removed and reported.
 * - At most MAX_DESIGNATORS designators per cell; a longer list (a typo such as "R1-R100000") is cut there
 *   and reported.
 * - Tokens that are not letter+number designators ("U1A", "MH", "J1.1") are kept as written; "R 1" is R1.
 * - A DNP mark among the designators ("R5 (DNP)") is not a designator; readBom treats the line as not placed.
 */
import { dnpNamedPositions } from './quantity';
import { type Cell, type CellGrid, cellText, normalizeDesignatorText } from '../text/normalize';
import { rememberedByText } from '../text/memo';

export const MAX_DESIGNATORS = 10_000;

/**
 * Whether every designator of a list is a position (R1, U2A, J1.1, a test point named for its net: "3V3IN1", a long
 * reference "FTDIProg1", a kind's letter and a name as a board written in code has them: "C_ADC", "U_RP2040"), none
 * an item's name ("Prototyping", "MH").
 */
export function allPositions(list: readonly string[]): boolean {
  // "TP_VBUS" (a known prefix, then a name); a matrix's "SWBS_S00", "SWET_AN00" (a known prefix of two letters or
  // more, then letters, an underscore and a name with a number).
  const named = (d: string): boolean => {
    if (KNOWN_PREFIX.test(/^([A-Z]{1,3})_[A-Z0-9_]+$/.exec(d)?.[1] ?? '')) return true;
    // Never a value's name with a pin count ("CONN_01X04").
    const letters = /\d+X\d+$/.test(d) ? '' : (/^([A-Z]{3,8})_[A-Z0-9_]*\d[A-Z0-9_]*$/.exec(d)?.[1] ?? '');
    return letters !== '' && [2, 3].some((n) => KNOWN_PREFIX.test(letters.slice(0, n)));
  };
  return (
    list.length > 0 &&
    list.every((d) => /^[A-Z]{1,4}\d|^[A-Z]{5,10}\d{1,4}$|^\d[A-Z0-9]*[A-Z][A-Z0-9]*\d$/.test(d) || named(d))
  );
}

export interface DesignatorParse {
  /** The designators, upper-cased, in the order written, without duplicates. */
  readonly list: readonly string[];
  /** What was odd about the text, in words for the user; empty when the text was clean. */
  readonly errors: readonly string[];
}

interface Designator {
  prefix: string;
  digits: string;
  suffix: string;
}

const DESIGNATOR = /^([A-Z][A-Z_]*?)(\d{1,9})([A-Z]*)$/;
const DIGITS = /^\d{1,9}$/;
/** "R5 (DNP)": the mark is about the line, not a designator. */
const DNP_MARK = /^(?:DNP|DNI|DNF|NOFIT)$/;

function splitDesignator(token: string): Designator | null {
  const m = DESIGNATOR.exec(token);
  return m ? { prefix: m[1], digits: m[2], suffix: m[3] } : null;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * A cell that says the line has no designators: "NA", "N/A", "-", "none", "TBD" (a spacer or a screw in a cart
 * export). No position: the quantity column counts.
 */
const NO_DESIGNATORS = /^(?:-+|\?+|N\/?A|N\.A\.|TBD|NONE|NIL|NULL|无|なし|keine)$/i;

/** Stands for a slash inside one designator's name ("SD/MMC1") while the text is split at the others. */
const JOINED_SLASH = '\uE000';
/** A word with no number, a slash, then a designator: "SD/MMC1" (not a DNP mark: "DNP/R5" marks R5). */
const JOINED_BY_SLASH =
  /(^|[\s,;|&+])(?!(?:DNP|DNI|DNF|NOFIT)\/)([A-Z]{1,12})\/(?=[A-Z]{1,12}\d{1,9}[A-Z]*(?:$|[\s,;|&+]))/g;

/** A designator and a value after an underscore: "R1_33", "R5_1K1", "C3_100N". */
const VALUE_TAIL = /^([A-Z]{1,3}\d{1,4})_(?=[0-9.]{0,8}\d)[0-9.]{1,8}(?:[RKMUNPF]\d{0,3})?$/;

/** Tokens of the text, with ranges kept together ("R1-R5" is one token). */
function tokens(text: string): string[] {
  let t = normalizeDesignatorText(text)
    // A note in brackets after a designator ("J92 (between pins 1 and 2)") names no designators of its own.
    .replace(/\(([^()]*)\)/g, (group: string, inside: string) =>
      /[^\x20-\x7E]|[A-Z]{3,}(?![A-Z]*\d)/.test(inside) ? ' ' : group,
    )
    .replace(/\s*(?:-|\.\.|~)\s*/g, '-')
    .replace(/\bAND\b/g, ' ')
    .replace(/(^|[\s,;/|&+])([A-Z]{1,4}) +(?=\d)/g, '$1$2');
  // A slash after a word with no number joins it to the designator that follows: "SD/MMC1" names one position
  // (a socket for SD or MMC cards), where "R1/R2" names two. Most cells have no slash: nothing to join.
  const joined = t.includes('/');
  if (joined) t = t.replace(JOINED_BY_SLASH, `$1$2${JOINED_SLASH}`);
  const out: string[] = [];
  for (const piece of t.split(/[\s,;/|&+]+/)) {
    let s = piece.replace(/^[-("'[{<.:]+|[-)"'\]}>.:]+$/g, '');
    if (joined && s.includes(JOINED_SLASH)) s = s.split(JOINED_SLASH).join('/');
    if (s !== '' && !DNP_MARK.test(s)) out.push(s);
  }
  // Positions with their values joined on by an underscore ("R1_33", "R5_1K1") are the positions; not where that
  // would make two the same (a keyboard matrix's "D0_1", "D0_2").
  if (!out.some((s) => s.includes('_'))) return out;
  const positions = out.map((s) => s.replace(VALUE_TAIL, '$1'));
  return new Set(positions).size === new Set(out).size ? positions : out;
}

/** Parse a designator cell into the list of designators it names. Never throws. */
export function parseDesignators(text: string | null | undefined): DesignatorParse {
  return typeof text === 'string' ? parsedText(text) : NONE;
}

const NONE: DesignatorParse = Object.freeze({ list: Object.freeze([]), errors: Object.freeze([]) });
/** A cell's designators depend on its text alone; the reader asks of the same cells many times (src/text/memo.ts). */
const parsedText = rememberedByText((text): DesignatorParse => {
  const { list, errors } = parseText(text);
  return Object.freeze({ list: Object.freeze(list), errors: Object.freeze(errors) });
});

function parseText(text: string): { list: string[]; errors: string[] } {
  const list: string[] = [];
  const errors: string[] = [];
  if (text.trim() === '' || NO_DESIGNATORS.test(text.trim())) return { list, errors };

  const seen = new Set<string>();
  const duplicates: string[] = [];
  let cut = false;
  let carried: string | null = null;

  const add = (d: string): boolean => {
    if (seen.has(d)) {
      if (!duplicates.includes(d)) duplicates.push(d);
      return true;
    }
    if (list.length >= MAX_DESIGNATORS) {
      cut = true;
      return false;
    }
    seen.add(d);
    list.push(d);
    return true;
  };

  for (const token of tokens(text)) {
    if (cut) break;
    const dash = token.indexOf('-');
    if (dash > 0 && dash < token.length - 1 && token.indexOf('-', dash + 1) < 0) {
      const left = token.slice(0, dash);
      const right = token.slice(dash + 1);
      const start: Designator | null =
        splitDesignator(left) ??
        (DIGITS.test(left) && carried !== null ? { prefix: carried, digits: left, suffix: '' } : null);
      const endFull = splitDesignator(right);
      const end: Designator | null =
        endFull ?? (DIGITS.test(right) && start ? { prefix: start.prefix, digits: right, suffix: '' } : null);
      // A prefix joined by an underscore ("TXH_240-124") is an item's or a library's name with a number, no range.
      if (
        !start ||
        !end ||
        start.prefix !== end.prefix ||
        start.suffix !== '' ||
        end.suffix !== '' ||
        start.prefix.includes('_')
      ) {
        errors.push(`"${token}" is not a range of one kind of designator; read as written`);
        add(token);
        carried = null;
        continue;
      }
      const a = Number(start.digits);
      const b = Number(end.digits);
      const lo = Math.min(a, b);
      const hi = Math.max(a, b);
      const width = start.digits.length > 1 && start.digits.startsWith('0') ? start.digits.length : 1;
      if (a > b)
        errors.push(
          `${token} runs high to low; read as ${start.prefix}${pad(lo, width)}-${start.prefix}${pad(hi, width)}`,
        );
      const size = hi - lo + 1;
      if (size > MAX_DESIGNATORS) {
        errors.push(`${token} names ${size} designators; only the first ${MAX_DESIGNATORS} are kept`);
      }
      for (let n = lo; n <= hi; n++) {
        if (!add(`${start.prefix}${pad(n, width)}`)) break;
      }
      carried = start.prefix;
      continue;
    }
    if (token.includes('-')) {
      errors.push(`"${token}" is not a range of one kind of designator; read as written`);
      add(token);
      carried = null;
      continue;
    }
    const single = splitDesignator(token);
    if (single) {
      add(token);
      carried = single.prefix;
      continue;
    }
    if (DIGITS.test(token)) {
      if (carried !== null) {
        add(`${carried}${token}`);
      } else {
        errors.push(`"${token}" has no letter prefix`);
        add(token);
      }
      continue;
    }
    if (!/[A-Z0-9]/.test(token)) {
      errors.push(`"${token}" is not a designator; ignored`);
      continue;
    }
    add(token);
    carried = null;
  }

  if (cut && !errors.some((e) => e.includes('only the first'))) {
    errors.push(`more than ${MAX_DESIGNATORS} designators; only the first ${MAX_DESIGNATORS} are kept`);
  }
  if (duplicates.length > 0) {
    errors.push(`listed more than once: ${duplicates.slice(0, 10).join(', ')}${duplicates.length > 10 ? ', …' : ''}`);
  }
  return { list, errors };
}

/** How many designators a cell names. */
export function countDesignators(text: string | null | undefined): number {
  return parseDesignators(text).list.length;
}

/**
 * A compact text for a list of designators: runs of three or more consecutive numbers with one prefix
 * become ranges ("R1-R4, R7, C2, C3"). `parseDesignators(formatDesignators(list))` gives the list back.
 */
export function formatDesignators(list: readonly string[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < list.length) {
    const first = splitDesignator(list[i]);
    if (!first || first.suffix !== '' || (first.digits.length > 1 && first.digits.startsWith('0'))) {
      parts.push(list[i]);
      i++;
      continue;
    }
    let j = i;
    let n = Number(first.digits);
    while (j + 1 < list.length && list[j + 1] === `${first.prefix}${n + 1}`) {
      j++;
      n++;
    }
    if (j - i >= 2) {
      parts.push(`${list[i]}-${list[j]}`);
    } else {
      for (let k = i; k <= j; k++) parts.push(list[k]);
    }
    i = j + 1;
  }
  return parts.join(', ');
}

const KNOWN_PREFIX =
  /^(?:R|RN|RA|RP|RV|RT|VR|C|CP|L|FB|FL|D|DS|LED|ZD|Z|Q|T|TR|U|IC|J|JP|P|CN|CON|X|XTAL|Y|K|F|SW|S|BT|B|TP|MH|H|FID|FD|M|MK|MIC|LS|SP|G|E|A|W|PS|ANT|AE|CR|TH|NTC|MOV)$/;

/**
 * Whether a cell looks like a designator list of the usual kinds (R, C, L, D, Q, U, J, SW, TP…): used to
 * recognise a designator column by its content when the header does not name it.
 */
export function looksLikeDesignators(text: string): boolean {
  const { list, errors } = parseDesignators(text);
  if (list.length === 0 || errors.length > 0) return false;
  return list.every((d) => {
    const m = splitDesignator(d);
    return m !== null && m.suffix.length <= 1 && m.digits.length <= 4 && KNOWN_PREFIX.test(m.prefix);
  });
}

/**
 * Cells of position lists as a BOM writes them, one part's positions a cell: some cell lists two or more, and a
 * position is named twice at most once in ten cells (a netlist names its parts' pins on every net: "U1-4,C1-2";
 * a pin map one pin a row: "D2", "A0").
 */
export function positionsByPart(texts: readonly string[]): boolean {
  const lists = texts.map((t) => parseDesignators(t).list);
  if (!lists.some((l) => l.length >= 2)) return false;
  const seen = new Set<string>();
  let twice = 0;
  for (const d of lists.flat()) {
    if (seen.has(d)) twice++;
    seen.add(d);
  }
  return twice * 10 <= Math.max(10, texts.length);
}

/**
 * The designators of a cell as its row's quantity counts them: where splitting at a slash makes more positions
 * than the quantity says and keeping each slash inside a name makes exactly as many ("ADC1/2" for one header,
 * "HEADPHONES/LINEOUT1, MIC/LINEIN1" for two jacks), the slashes join names. Otherwise as parseDesignators reads it.
 */
export function designatorsAsCounted(
  text: string | null | undefined,
  quantity: { kind: string; value?: number },
): DesignatorParse {
  const parsed = parseDesignators(text);
  if (typeof text !== 'string' || !text.includes('/') || quantity.kind !== 'ok' || quantity.value === undefined)
    return parsed;
  if (parsed.list.length <= quantity.value) return parsed;
  const joined = parseDesignators(text.replace(/\//g, SLASH_KEPT));
  if (joined.list.length !== quantity.value) return parsed;
  return { list: joined.list.map((d) => d.split(SLASH_KEPT).join('/')), errors: joined.errors };
}

/** Stands for a slash kept inside a designator's name while a cell is split. */
const SLASH_KEPT = '\uE001';

/**
 * A cell (a DNP column's) that lists some of the row's own designators, and not all of them ("J6" beside
 * "J11,J12,J15,J6"): those positions are not fitted, the others are. Null otherwise.
 */
export function positionsNamedIn(
  cell: unknown,
  designators: readonly string[],
): { fitted: string[]; named: number; mark: string } | null {
  if (typeof cell !== 'string' || designators.length < 2 || !looksLikeDesignators(cell)) return null;
  const own = new Set(designators.map((d) => d.toUpperCase()));
  const named = parseDesignators(cell).list.map((d) => d.toUpperCase());
  if (named.length === 0 || named.length >= designators.length || !named.every((d) => own.has(d))) return null;
  return {
    fitted: designators.filter((d) => !named.includes(d.toUpperCase())),
    named: named.length,
    mark: cell.trim(),
  };
}

/**
 * The positions a mark names not fitted ("NF(C341 C324)") in the DNP column or one of the columns that may carry a
 * line's marks: the fitted ones, the number named and the mark. Null when none names any of the row's designators.
 */
export function positionsMarkedUnfitted(
  row: readonly Cell[],
  designators: readonly string[],
  dnpColumn: number | undefined,
  markColumns: readonly number[],
): { fitted: string[]; named: number; mark: string } | null {
  if (designators.length === 0) return null;
  for (const c of dnpColumn === undefined ? markColumns : [dnpColumn, ...markColumns]) {
    const cell = row[c];
    if (typeof cell !== 'string' || !/[(:]/.test(cell)) continue;
    const named = dnpNamedPositions(cell);
    if (named === null) continue;
    const unfitted = new Set(parseDesignators(named).list.map((d) => d.toUpperCase()));
    const fitted = designators.filter((d) => !unfitted.has(d.toUpperCase()));
    const count = designators.length - fitted.length;
    if (count > 0) return { fitted, named: count, mark: cellText(cell) };
  }
  return null;
}

/** A header naming one side's positions: "topDesignator", "Bottom Designators", "Designator (Bot)", "Top Refs". */
const SIDE_HEADER =
  /^(?:(top|bottom|bot)\s*(?:side\s*)?(?:designators?|refs?|references?|ref\s*des|positions?)|(?:designators?|refs?|references?)\s*\(?\s*(top|bottom|bot)\s*\)?)$/i;

function sideOf(header: Cell): 'top' | 'bottom' | null {
  const m = SIDE_HEADER.exec(
    cellText(header)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .trim(),
  );
  const side = (m?.[1] ?? m?.[2] ?? '').toLowerCase();
  return side === '' ? null : side === 'top' ? 'top' : 'bottom';
}

/**
 * A list giving each side of the board its column of positions ("topDesignator" and "bottomDesignator": JLCPCB's
 * parts-matching export) read as one: rows `from` to `to` with the other side's positions joined to the designator
 * column's. The cells as they are where the designator column names no side or no other column names the other.
 */
export function withBothSides(
  cells: CellGrid,
  headerCells: readonly Cell[],
  designators: number | undefined,
  from: number,
  to: number,
): CellGrid {
  const side = designators === undefined ? null : sideOf(headerCells[designators]);
  const other = side === null ? -1 : headerCells.findIndex((h, c) => c !== designators && (sideOf(h) ?? side) !== side);
  if (designators === undefined || other < 0) return cells;
  return cells.map((row, r) => {
    const more = r < from || r > to ? '' : cellText(row?.[other]).trim();
    if (more === '') return row;
    const mine = cellText(row[designators]).trim();
    const joined = [...row];
    joined[designators] = mine === '' ? more : `${mine},${more}`;
    return joined;
  });
}
