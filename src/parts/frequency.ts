/**
 * What a crystal, resonator or oscillator is bought by, as its texts state it: the kind ("CRYSTAL", "XTAL OSC",
 * "TCXO", "CER RESONATOR"), the frequency ("14.7456MHZ", "32.768 kHz", "16M000" is not read: too close to a
 * resistor's RKM) and the package, which for these parts is a size in millimetres ("3.2x2.5mm", KiCad's
 * "Crystal_SMD_3225-4Pin_3.2x2.5mm", or the size code "3225" next to the kind's words) or an HC-49 can.
 *
 * Texts arrive upper-cased (NFKC). No lookbehind: the add-in bundles this module.
 */

export type FrequencyKind = 'crystal' | 'oscillator' | 'resonator';

/** An oscillator is named so even where the words say crystal too ("XTAL OSC", "CRYSTAL OSCILLATOR"). */
const OSCILLATOR = /(^|[^A-Z])(OSC|OSCILLATOR|XO|TCXO|VCXO|OCXO|SPXO|VCTCXO)(?=$|[^A-Z])/;
const RESONATOR = /(^|[^A-Z])(RESONATOR|RESONATORS)(?=$|[^A-Z])/;
const CRYSTAL = /(^|[^A-Z])(CRYSTAL|CRYSTALS|XTAL|XTALS|QUARTZ)(?=$|[^A-Z])|(^|[^A-Z])CRYSTAL_/;
/**
 * Words of an IC whose description names a clock (a 555 "OSC TIMER", an EEPROM's "1MHZ"): no timing part. Not
 * "MCU" or "RTC": a Value cell of "MCU_XTAL" or "RTC_XTAL" names the crystal beside the chip.
 */
const IC_WORDS = /(^|[^A-Z])(IC|TIMER|EEPROM|FLASH)(?=$|[^A-Z])/;

const FREQUENCY = /(^|[^A-Z0-9.])(\d+(?:[.,]\d+)?|[.,]\d+)\s*([KMG]?)HZ(?=$|[^A-Z])/;
/** A Value cell that is a frequency and nothing else ("16MHz", "32.768 kHz"). */
const BARE_FREQUENCY = /^\s*(\d+(?:[.,]\d+)?)\s*([KMG]?)HZ\s*$/;

const SCALE: Record<string, number> = { '': 1, K: 1e3, M: 1e6, G: 1e9 };

/** Millimetre sizes of crystal and oscillator packages, by the size code makers name them with. */
const SIZE_CODES: Record<string, [string, string]> = {
  '1210': ['1.2', '1.0'],
  '1612': ['1.6', '1.2'],
  '2016': ['2.0', '1.6'],
  '2520': ['2.5', '2.0'],
  '3215': ['3.2', '1.5'],
  '3225': ['3.2', '2.5'],
  '5032': ['5.0', '3.2'],
  '6035': ['6.0', '3.5'],
  '7050': ['7.0', '5.0'],
};

/** The kind of timing part the texts name, or null. */
export function frequencyKindOf(list: readonly string[]): FrequencyKind | null {
  if (list.some((t) => IC_WORDS.test(t))) return null;
  if (list.some((t) => OSCILLATOR.test(t))) return 'oscillator';
  if (list.some((t) => RESONATOR.test(t))) return 'resonator';
  if (list.some((t) => CRYSTAL.test(t))) return 'crystal';
  return null;
}

function num(text: string): number {
  return Number(text.replace(',', '.'));
}

/** A frequency in hertz, to six significant digits. */
function hertz(digits: string, scale: string): number {
  return Number((num(digits) * SCALE[scale]).toPrecision(7));
}

/** The first frequency a text states ("14.7456MHZ" → 14745600). */
export function frequencyOf(t: string): number | null {
  const m = FREQUENCY.exec(t);
  return m ? hertz(m[2], m[3]) : null;
}

/** The frequency a Value cell holds when it holds nothing else. */
export function bareFrequency(t: string): number | null {
  const m = BARE_FREQUENCY.exec(t);
  return m ? hertz(m[1], m[2]) : null;
}

/** A millimetre size as one text: "3.2×2.5 mm". */
export function sizeText(long: string, short: string): string {
  const tidy = (x: string) => String(Number(x.replace(',', '.')));
  return `${tidy(long)}×${tidy(short)} mm`;
}

/** The package of a size code ("3225" → "3.2×2.5 mm"), or null for a code no maker uses. */
export function sizeOfCode(code: string): string | null {
  const mm = SIZE_CODES[code];
  return mm ? sizeText(mm[0], mm[1]) : null;
}

/** The package a timing part's text names: a millimetre size, an HC-49 can, or a size code. */
export function timingPackageOf(t: string): string | null {
  const mm = /(\d+(?:[.,]\d+)?)\s*(?:MM)?\s*[X×*]\s*(\d+(?:[.,]\d+)?)\s*MM/.exec(t);
  if (mm) return sizeText(mm[1], mm[2]);
  const can = /(^|[^A-Z0-9])HC-?49\s*[/-]?\s*(US|U|S|SMD)?(?=$|[^A-Z0-9])/.exec(t);
  if (can) return can[2] ? `HC-49/${can[2]}` : 'HC-49';
  const code = /(^|[^0-9.])(1210|1612|2016|2520|3215|3225|5032|6035|7050)(?=$|[^0-9.])/.exec(t);
  return code ? sizeOfCode(code[2]) : null;
}

/** Two frequencies are one when they agree within 500 ppm (a code's "147.4" is the 14.7456 MHz crystal). */
export function sameFrequency(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(a, b) * 5e-4;
}

/** A frequency as people write it: "14.7456 MHz", "32.768 kHz". */
export function frequencyText(hz: number): string {
  if (hz >= 1e9) return `${Number((hz / 1e9).toPrecision(7))} GHz`;
  if (hz >= 1e6) return `${Number((hz / 1e6).toPrecision(7))} MHz`;
  if (hz >= 1e3) return `${Number((hz / 1e3).toPrecision(7))} kHz`;
  return `${hz} Hz`;
}
