/**
 * The maker's number a list's name gives where the list has no part-number column (row-part.ts asks it of each cell
 * that names the row): a number after its label ("Model Number: U022-010-R"); a description's last field naming a known maker and its number ("Display driver, ST
 * STP16CP05MTR"); the number a name starts with, or one in brackets at its end (numberOfName); the number after a
 * kind's words ("Диод 1N4148WS": kind-then-number.ts); or a maker's orderable number standing alone in the
 * description ("STM32F070F6P6" beside its symbol's name).
 */
import { makerAndNumber } from './column-content';
import { numberAfterKindWords } from './kind-then-number';
import { notOrderableValue } from './library-names';
import { isRegisteredType, orderableNumberIn } from './part-cells';
import { numberOfName } from './row-kinds';
import { type Cell, cellText } from '../text/normalize';

export interface NameContext {
  /** The row calls the thing a module or a board in some cell: a number among its words is the chip on it. */
  boardRow: boolean;
  /** The cell is the description column's, on a row that gives no distributor's number (which names the part). */
  described: boolean;
}

/** The part the name in `row[c]` gives, or null. */
export function partOfName(
  row: readonly Cell[],
  c: number,
  context: NameContext,
): { partNumber: string; manufacturer?: string } | null {
  const name = withoutShopTag(cellText(row[c]));
  const labelled = LABELLED_NUMBER.exec(name);
  if (labelled !== null) return labelledNumber(labelled[1], name, row, c);
  const fields = name.split(/,\s+/);
  const made = fields.length < 2 || context.boardRow ? null : makerAndNumber(fields[fields.length - 1]);
  if (made !== null && wholeNumber(made.partNumber, row, c)) return made;
  // A number in brackets after clauses of a specification may be what the part serves ("10V, filtro saída 5V
  // (ESP32)", "Bypass 100nF, 0603 (STM32F103)"): not taken, the line listed for a part number.
  const number =
    numberOfName(name, !/[,;]/.test(name)) ??
    (context.boardRow ? null : (numberAfterKindWords(name, row) ?? (context.described ? numberAlone(row, c) : null)));
  return number === null ? null : { partNumber: number };
}

/**
 * A number a name says is the part's, after its label ("USB cable (Model Number:U022-010-R)", "Breadboard (Part
 * Number MCBB400)", "MPN: LM358DR"): letters and digits, dashes, dots and slashes among them.
 */
const LABELLED_NUMBER =
  /(?:^|[\s(,;])(?:model\s*(?:number|no\.?)|part\s*(?:number|no\.?)|mfr\.?\s*(?:part\s*)?(?:number|no\.?)|mpn|p\/n)(?:\s*[:#]\s*|\s+)((?=[A-Z0-9./-]*\d)[A-Z0-9][A-Z0-9./-]{2,30}[A-Z0-9])(?=$|[\s),;])/i;

/**
 * A labelled number that is a maker's: six characters or a suffix, never a family's or registered type's name
 * ("Model Number: ESP32"), a shop's catalogue number shaped as McMaster-Carr's ("part no. 94180A331"), or a
 * drawing's or a made part's number.
 */
function labelledNumber(number: string, name: string, row: readonly Cell[], c: number): { partNumber: string } | null {
  if (number.length < 6 && !/[-/,]\w/.test(number)) return null;
  if (isRegisteredType(number) || notOrderableValue(number, row, c) !== null) return null;
  if (/^\d{1,6}[A-Z]{1,2}\d{1,4}$/i.test(number) || /\b(?:drawing|printed|print|machined|custom)\b/i.test(name))
    return null;
  return { partNumber: number };
}

/**
 * A maker's number whole enough to order by: ten characters or more, or a suffix after a dash, slash or comma
 * ("BAT-HLD-012-SMT", "PCF2129AT/2,518"); never a series or family alone ("ESP32", "STM32F103", "ATmega328"), a
 * registered type or a library name.
 */
function wholeNumber(number: string, row: readonly Cell[], c: number): boolean {
  if (number.length < 10 && !/[-/,]\w/.test(number)) return false;
  return !isRegisteredType(number) && notOrderableValue(number, row, c) === null;
}

/**
 * A maker's orderable number standing alone in the cell (orderableNumberIn): no registered type any maker makes, and
 * no family's base number or library name (notOrderableValue).
 */
function numberAlone(row: readonly Cell[], c: number): string | null {
  const alone = orderableNumberIn(withoutShopTag(cellText(row[c])))?.partNumber ?? null;
  return alone === null || isRegisteredType(alone) || notOrderableValue(alone, row, c) !== null ? null : alone;
}

/** A shop's tag of words in square brackets before a product's name ("[해외] SN65HVD1050DR": sold from abroad). */
function withoutShopTag(name: string): string {
  return name.replace(/^\s*\[[^\]\d]{1,12}\]\s*(?=\S)/u, '');
}
