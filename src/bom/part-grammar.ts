/**
 * What a value's own letters say of it, where a row leaves its part to a value cell and no catalog is asked: makers
 * number some parts so that the orderable number is the family's base number plus codes the order needs (a
 * package, a temperature range, a flash size), and some types are made under one number by many makers. Each rule
 * reads a maker's published numbering, never a file.
 */
import { parseDesignators } from './designators';
import { CHIP_SIZE } from './sizes';

/**
 * Families whose orderable number adds codes to the base number a schematic names: an ST microcontroller's base
 * ("STM32F207VC", "STM8S003F3") lacks its package letter and temperature digit ("STM32F207VCT6"); a Microchip PIC
 * or an AVR ("PIC32MX250F128B", "ATMEGA328P") lacks its dash and the temperature and package after it
 * ("PIC32MX250F128B-I/SP", "ATMEGA328P-AU"); an Espressif module ("ESP32-C3-MINI-1", "ESP32-WROOM-32E") lacks its
 * flash and PSRAM code ("-N4", "-N8R2"); a Texas Instruments 74 logic type with TI's package code lacks the SN
 * prefix and the reel letter ("74AHC1G126DCK").
 */
const BASE_NUMBERS: readonly { pattern: RegExp; lacks: string }[] = [
  { pattern: /^STM(?:32|8)[A-Z]{1,2}[0-9A-Z]{3}[A-Z][0-9A-Z]$/i, lacks: 'its package letter and temperature digit' },
  { pattern: /^(?:DS)?PIC\d{2}[A-Z]{1,3}\d{2,5}[A-Z0-9]*$/i, lacks: 'its temperature and package code after a dash' },
  { pattern: /^AT(?:MEGA|TINY|XMEGA)\d+[A-Z0-9]*$/i, lacks: 'its package code after a dash' },
  {
    pattern: /^ESP32(?:-[A-Z]\d)?-(?:WROOM|WROVER|MINI|SOLO|PICO)(?:-\d{1,2}[A-Z]{0,2})?$/i,
    lacks: 'its flash and PSRAM code ("-N4")',
  },
  {
    // Texas Instruments' own package codes (DCK, DBV, DRL…), which no other logic maker uses, on a 74 type
    // written without TI's SN prefix and reel letter: "74AHC1G126DCK" for "SN74AHC1G126DCKR".
    pattern: /^74[A-Z]{1,6}\d[A-Z0-9]*(?:DCK|DBV|DRL|DCU|DCT|YZP)$/i,
    lacks: "Texas Instruments' SN prefix and its reel letter",
  },
];

/**
 * A crystal or oscillator series with its frequency after a dash ("ABLS-25MHz", "HC49-12.000MHz"): the maker's
 * order number adds the load, tolerance and packing codes after the frequency.
 */
const SERIES_AND_FREQUENCY = /^[A-Z][A-Z0-9]*-\d+(?:\.\d+)?\s*[KM]Hz$/i;

/**
 * Why a value names a family rather than an orderable part by its maker's numbering, in words; null when its
 * letters say nothing against it.
 */
export function baseNumberReason(value: string): string | null {
  const t = value.trim();
  for (const { pattern, lacks } of BASE_NUMBERS) if (pattern.test(t)) return `a family's base number, without ${lacks}`;
  if (SERIES_AND_FREQUENCY.test(t)) return "a series and its frequency, without the maker's load and packing codes";
  return null;
}

/**
 * Types several makers make under one number, each its own part: JEDEC's registered diodes and transistors
 * ("1N4148W", "2N7002"), Pro Electron's small-signal types ("BAT54SW", "BC847B", "BZX84C5V1", "BSS138") and the
 * standard TVS series ("SMAJ54CA", "P6KE6.8A"). A maker's own suffix after them ("BAT54SW-7-F", "2N7002LT1G") makes
 * the number that maker's part, and is no generic type.
 */
const GENERIC_TYPES: readonly RegExp[] = [
  /^[123]N\d{3,4}[A-Z]{0,2}$/,
  /^(?:BA[STVW]|BZ[XTV]|BC[XPV]?|BSS|BF[RS]?)\d{2,3}[A-Z]{0,3}(?:C\d{1,2}V\d)?$/,
  /^(?:SM[ABC]J|SMF|P4KE|P6KE|1\.5KE)\d{1,3}(?:\.\d)?C?A$/,
];

/** Whether a value is a type several makers make under one number (see GENERIC_TYPES). */
export function isGenericType(value: string): boolean {
  const t = value.trim().toUpperCase();
  return GENERIC_TYPES.some((p) => p.test(t));
}

/**
 * Designator prefixes of parts whose value is a bare number on a schematic: resistors ("4700"), capacitors ("100"),
 * inductors and ferrites, crystals and thermistors. On any other part (a fuse holder XF1, a test point, a battery
 * clip) a bare number in the value is its maker's number (Keystone's 3568, 5017, 1066).
 */
const VALUED_BY_NUMBER = /^(?:R|RN|RP|RA|RV|VR|RT|C|CP|L|FB|FL|Y|X|XTAL|TH|NTC|PTC)$/i;

/**
 * Whether a value column read for part numbers holds, on this row, a maker's short all-digit number ("3568"): four
 * or five digits, no chip size, on a row whose designators all name parts that no bare number values.
 */
export function bareMakerNumber(value: string, designatorText: string): boolean {
  if (!/^\d{4,5}$/.test(value) || CHIP_SIZE.test(value)) return false;
  const { list, errors } = parseDesignators(designatorText);
  return (
    list.length > 0 &&
    errors.length === 0 &&
    list.every((d) => {
      const prefix = /^([A-Za-z]+)\d/.exec(d)?.[1];
      return prefix !== undefined && !VALUED_BY_NUMBER.test(prefix);
    })
  );
}
