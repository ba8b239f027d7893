/**
 * Values that name a CAD library's part or a series rather than a part a distributor sells. Where a BOM has no
 * part-number column (or leaves a line's empty), the value is read for part numbers; CAD tools write their own
 * names there: a footprint or library name ("RJLBC-060TC1_GND_MILLING", "RA1206_(4X0603)_4B8_100K"), a pin-header
 * name with its pin grid ("HN1X3", "ML26PN2X13"), a mechanical description with a size ("PWRJ-2mm(YDJ-1134)"), or
 * a connector series whose orderable part the footprint names in full (value "B2B-PH-SM4", footprint
 * "JST_PH_B2B-PH-SM4-TB_1x02-1MP_P2.00mm_Vertical"). Such a line is a line to buy that needs a part number, not a
 * part to price by that name. Only values are judged so: a part-number column's cells are taken as written.
 */
import { baseNumberReason } from './part-grammar';
import { isComponentValue } from './row-kinds';
import { PIN_COUNT } from './column-content';
import { type Cell, cellText } from '../text/normalize';

/** Words a footprint or library variant adds to a part's name: how it is mounted or milled, never a maker's number. */
const FOOTPRINT_WORDS = new Set([
  'GND',
  'HOLE',
  'HOLES',
  'HORIZ',
  'HORIZONTAL',
  'KEEPOUT',
  'METRIC',
  'MILLING',
  'MOUNT',
  'PAD',
  'PADS',
  'PTH',
  'SHIELD',
  'SMD',
  'SMT',
  'STRAIGHT',
  'THT',
  'VERT',
  'VERTICAL',
]);
/** A chip size code, alone or as an array of them ("0603", "4X0603"). */
const CHIP_SIZE = /^(?:\d{1,2}X)?(?:0201|0402|0603|0805|1206|1210|1812|2010|2512)$/i;

/** A pitch or a pin grid as a library names a connector's ("HDR-M_2.54_1x2P"): no maker writes one in a number. */
const PITCH_OR_GRID = /^(?:\d\.\d{1,2}(?:mm)?|\d{1,2}x\d{1,2}P?)$/i;

/**
 * Whether one underscore-joined field of a name is what a library adds to a part's name: a component value
 * ("100K"), a chip size, a pin count, a pitch or pin grid, or a footprint word. An underscore alone is no evidence:
 * some order names use one for a space ("TMC5160_SILENTSTEPSTICK").
 */
function isLibraryField(field: string): boolean {
  const f = field.replace(/^[([]+|[)\]]+$/g, '');
  return (
    FOOTPRINT_WORDS.has(f.toUpperCase()) ||
    CHIP_SIZE.test(f) ||
    PIN_COUNT.test(f) ||
    PITCH_OR_GRID.test(f) ||
    isComponentValue(f)
  );
}

/**
 * A kind of assembly a library names its symbols by, in front of what it is: "LCD_Oled_12864", "PCB_MP1584" (a
 * module on its own board), "MOD_HC-05". No maker's number begins with one joined by an underscore.
 */
const KIND_FIRST = /^(?:LCD|OLED|TFT|PCB|MOD|MODULE|BOARD|DISPLAY)$/i;

/**
 * A CAD library's or footprint's name: fields joined by underscores, one after the first a library field, or the
 * first a kind of assembly.
 */
export function isLibraryName(text: string): boolean {
  const t = text.trim();
  if (!t.includes('_')) return false;
  const fields = t.split('_');
  return KIND_FIRST.test(fields[0]) || fields.slice(1).some(isLibraryField);
}

/** A signal's net name: a bus or pin function and its signal ("SPI1_NSS", "UART4_TX", "I2C1_SCL", "SWDIO"). */
const NET_NAME =
  /^(?:(?:SPI|I2C|I2S|UART|USART|CAN|USB|SWD|JTAG|GPIO|ADC|DAC|PWM|TIM|QSPI|SDIO|ETH)\d*_[A-Z0-9_]+|SWDIO|SWCLK|NRST|TDI|TDO|TMS|TCK)$/i;
/** A microcontroller's port pin ("PB11", "PA0"). */
const PORT_PIN = /^P[A-K]\d{1,2}$/;

/** A maker's number in capitals ending in a lower-case x or two standing for a variant: "STM32L010K8Tx". */
const WILDCARD = /^(?=[^a-z]*x+$)[A-Z0-9-]*[A-Z][A-Z0-9-]*\dx*[A-Z0-9-]*x+$|^[A-Z0-9-]*\d[A-Z0-9-]*xx[A-Z0-9-]*$/;

/** A device name with its package family glued to its end ("FT232RLSSOP"), the row's package naming the same. */
const PACKAGE_GLUED = /[A-Z0-9](TSSOP|SSOP|MSOP|SOIC|QFN|DFN|LQFP|TQFP|QFP|PDIP|DIP|BGA|SOT23)$/;

/** Eagle's European and US symbol names: "C-EU", "R-US_", "L-EU" and what follows them. */
const EAGLE_SYMBOL = /^[A-Z]{1,3}-(?:EU|US)(?:[_A-Z0-9]|$)/i;
/** A name ending in a chip size after a dash ("C-EUC0603K", "RES-0402"): a symbol with its footprint. */
const CHIP_SIZE_TAIL = /-[A-Z]{0,4}(?:0201|0402|0603|0805|1206|1210|1812|2010|2512)[A-Z]?$/i;

/** A pin grid in a header's name: one or two digits, X, one or two digits, not part of a longer code ("1608X7R"). */
const PIN_GRID = /(?:^|[^0-9])\d{1,2}X\d{1,2}(?![0-9A-Z])/i;
/**
 * A connector family by its pitch and pin count, as shops list generic ones: "SH1.0-4", "PH2.0-3", "XH2.54-2P",
 * "FFC-24P", "FPC-0.5-30P", "USB-5P". No maker numbers a part so (JST's own are "SM04B-SRSS-TB", "B3B-PH-K-S").
 */
const CONNECTOR_FAMILY =
  /^(?:(?:JST[\s-]?)?(?:SH|PH|XH|ZH|GH|EH|VH|HY)\s?\d(?:[.,]\d{1,2})?(?:mm)?[-_ ]?\d{1,2}\s?P?|(?:FFC|FPC)[-_ ]?(?:\d(?:[.,]\d{1,2})?(?:mm)?[-_ ])?\d{1,2}\s?P|(?:MICRO|MINI)?[-_ ]?USB[-_ ]?\d{1,2}P)(?:IN)?$/i;
/** A size in millimetres ("2mm", "5.0MM", "3,5 mm"): a mechanical description, not a maker's number. */
const MILLIMETRES = /\d(?:[.,]\d+)?\s*mm(?![A-Za-z])/i;

/**
 * Why a value read as a part number is a CAD library's name rather than an orderable part, in words; null when
 * its shape says nothing against it. A pin grid names a header's layout and a size in millimetres a mechanical
 * description. Underscores join a library's fields (makers' numbers do not use them) when a field after one is a
 * value, a size or a mounting word.
 */
export function libraryNameReason(value: string): string | null {
  const t = value.trim();
  if (t === '') return null;
  if (isLibraryName(t))
    return 'a CAD library or footprint name (a value, size, pin count or mounting word joined by underscores)';
  if (PIN_GRID.test(t)) return 'a CAD library name for a pin header (its pin grid in the name)';
  if (NET_NAME.test(t) || PORT_PIN.test(t)) return 'a net or pin name (what a one-pin header carries), not a part';
  if (t.split('_').filter((w) => /^[A-Za-z]{4,}$/.test(w)).length >= 2 && t.split('_').length >= 3)
    return "a name in words joined by underscores, not a maker's number";
  if (WILDCARD.test(t)) return 'a family with a wildcard for its variant ("STM32L010K8Tx", "TLV700xx")';
  if (EAGLE_SYMBOL.test(t) || CHIP_SIZE_TAIL.test(t))
    return 'a CAD library name (a symbol with its package: "C-EUC0603", "R-US_0805")';
  if (MILLIMETRES.test(t)) return 'a mechanical description (a size in millimetres)';
  if (CONNECTOR_FAMILY.test(t)) return "a connector family by its pitch and pin count, no maker's number";
  return null;
}

/** Splits a footprint or description into names: underscores, spaces, commas, semicolons and colons part them. */
const NAME_SEPARATORS = /[_\s,;:]+/;

/**
 * The longer name another cell of the row gives the value's part ("B2B-PH-SM4" in a footprint naming
 * "B2B-PH-SM4-TB"): the value then names a series or a base type, and the orderable part is that longer name or
 * another of its family. Null when no cell does. `skip` is the value's own column.
 */
export function seriesOfLongerName(value: string, row: readonly Cell[], skip: number): string | null {
  const t = value.trim().toUpperCase();
  if (t.length < 4) return null;
  for (let c = 0; c < row.length; c++) {
    const cell = row[c];
    if (c === skip || typeof cell !== 'string' || cell.length > 300 || cell.length <= t.length) continue;
    if (!cell.toUpperCase().includes(t)) continue;
    for (const name of cell.toUpperCase().split(NAME_SEPARATORS)) {
      // Digi-Key's number is the maker's with "-ND" after it ("LM2596S-5.0-ND"): the same part, no longer name.
      if (name === `${t}-ND`) continue;
      if (name.length > t.length + 1 && name.startsWith(t) && /^-[A-Z0-9]/.test(name.slice(t.length))) return name;
    }
  }
  return null;
}

/**
 * Why a value read for a part number is no orderable part (a library name, a family's base number, or a series
 * another cell names in full), in words for the line; null when the value may be bought by.
 */
export function notOrderableValue(value: string, row: readonly Cell[], column: number): string | null {
  const library = libraryNameReason(value) ?? baseNumberReason(value);
  if (library !== null) return library;
  const glued = PACKAGE_GLUED.exec(value.trim());
  if (
    glued !== null &&
    row.some((cell, c) => c !== column && typeof cell === 'string' && cell.trim().toUpperCase().startsWith(glued[1]))
  )
    return `a library device name with its package glued on (${glued[1]})`;
  // KiCad's value left as a library's name, its footprint's or its symbol's ("USB_Micro-B_Molex-105017-0001" beside
  // "Connector_USB:USB_Micro-B_Molex-105017-0001"): a library's words joined by underscores, no maker's number.
  const v = value.trim();
  if (v.includes('_') && row.some((cell, c) => c !== column && cellText(cell).trim().endsWith(`:${v}`)))
    return "a library's name, as another cell of the row names it ('library:name')";
  const longer = seriesOfLongerName(value, row, column);
  return longer === null ? null : `a series name: the row names the longer part ${longer}`;
}
