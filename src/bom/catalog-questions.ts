/**
 * What the catalog is asked about a value cell, where a row leaves its part to a value column and the cell's shape
 * alone cannot settle whether it names a part (src/bom/judge.ts asks, the reading goes by the answers).
 */
import { isShopNumberCell, looksLikePartNumber } from './column-content';
import {
  SHOP_NUMBER,
  isComponentValue,
  isKindName,
  isSymbolName,
  isValueSpec,
  namesABoard,
  partNumberOfCell,
  withoutPackage,
} from './row-kinds';
import { namesAPack } from './quantity';
import { isGenericType } from './part-grammar';

/**
 * The text a catalog would be asked about for a value cell: one token, letters and digits (or a maker's long
 * all-digit number, "532610471", "1674954-1"), shaped like a part number and no component value, specification or
 * symbol name; of a cell that goes on after its first token with a few ratings or a note ("MAU108 +12V -12V DCDC",
 * "TPS54394 / 2"), that first token; of a cell that names the kind in a word or a ratio first ("Разъем DC005",
 * "1:4 ADT4-6T"), the number after. Null for what the catalog could not know. The catalog decides, so a number a
 * designator's shape would hide ("RN4020", "LT1764") is asked too. A name that counts the pieces of its pack
 * ("VL53L0X(4個)") names a shop's pack, not the maker's part: nothing is asked.
 */
export function askableValue(text: string): string | null {
  // A breakout or a maker's board built on a chip ("MCP4725 Breakout", "Seeeduino XIAO SAMD21") is bought as a
  // board, never as the chip it names.
  if (namesAPack(text) || namesABoard(text)) return null;
  const whole = withoutPackage(partNumberOfCell(text.trim()).partNumber).trim();
  const tokens = whole.split(/\s+/);
  if (tokens.length > 5) return null;
  const first = askableToken(tokens[0]);
  if (first !== null || tokens.length < 2) return first;
  // A word of the part's kind or a ratio before the number ("Разъем DC005", "1:4 ADT4-6T"): the number after it.
  const lead = tokens.findIndex((t, i) => i > 0 && askableToken(t) !== null);
  return lead > 0 && tokens.slice(0, lead).every((t) => !/\d/.test(t) || /^\d+:\d+$/.test(t)) ? tokens[lead] : null;
}

/**
 * The number a list's name gives for the catalog to judge, where the name is that number: alone ("PMSA003"), after
 * one word of its kind ("Sensorgehäuse CBRS01VWH", "EEPROM AT24C32"), or first of alternatives ("MH-Z19B or MH-Z19C
 * (pin variante)"); a note in brackets at the end left out. Written in capitals, and no type several makers sell
 * under one number (1N5819). A number among other words names something built on the part ("RP2040 Pico
 * Microcontroller", "Seeed Studio XIAO RP2040"), not the part: nothing is asked.
 */
export function askableName(text: string): string | null {
  if (namesAPack(text)) return null;
  const tokens = text
    .replace(/\s*[(（][^()（）]*[)）]\s*$/, '')
    .trim()
    .split(/\s+/);
  const number =
    tokens.length === 1 || (tokens.length === 3 && /^(?:or|oder|ou|lub|или|\/)$/i.test(tokens[1]))
      ? tokens[0]
      : tokens.length === 2 && !/\d/.test(tokens[0])
        ? tokens[1]
        : '';
  const asked = askableToken(number);
  return asked === null || /\p{Ll}/u.test(asked) || isGenericType(asked) ? null : asked;
}

/** One token the catalog could know as a maker's number, or null. */
function askableToken(t: string): string | null {
  if (t.length < 4 || t.length > 40 || !/\d/.test(t)) return null;
  if (!/[A-Za-z]/.test(t) && !/^\d{6,}(?:-\d{1,3})?$/.test(t)) return null;
  const shaped = looksLikePartNumber(t) || DESIGNATOR_SHAPED_NUMBER.test(t);
  if (!shaped || isComponentValue(t) || isValueSpec(t) || isSymbolName(t) || isKindName(t)) return null;
  return t;
}

/** Two or three letters then three digits or more, as a designator is written ("RN4020"; an LCSC "C2040" is not). */
const DESIGNATOR_SHAPED_NUMBER = /^[A-Za-z]{2,3}\d{3,}[A-Za-z]?$/;

/**
 * A distributor's own number, Digi-Key's ("36-2998-ND") or one written after the shop's short name
 * ("DK:MMBT3904LT1GOSCT-ND"): no maker's number, so not for the catalog to judge as one.
 */
export function isDistributorCode(text: string): boolean {
  const t = text.trim();
  return isShopNumberCell(t) || SHOP_NUMBER.test(t);
}
