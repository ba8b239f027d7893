/**
 * The frequency, kind and package a crystal's or oscillator's part number states, from the makers' ordering
 * codes: Abracon (ABM8-14.7456MHZ-D2-T, ABLS-16.000MHZ-B4-T, ABS07-32.768KHZ-T, ASE-25.000MHZ-LC-T), ECS
 * (ECS-160-20-33-JGN-TR: 16.0 MHz; ECS-2520MV-250-BN-TR: 25.0 MHz), Epson (FA-238 16.0000MB-K0, TSX-3225
 * 16.0000MF09Z-AC3, FC-135 32.7680KA-A3, SG-210STF 25.0000ML3), NDK (NX3225GA-16.000M-STD-CRG-1,
 * NZ2520SD-26.000000MHZ), Kyocera (CX3225SB16000D0FLJCC), TXC (7M-16.000MAAJ-T, 7V12000003), SiTime
 * (SIT8008BI-12-33E-25.000000G), and any code that writes its frequency in MHz or kHz.
 */
import { type FrequencyKind, sizeOfCode, sizeText } from './frequency';
import { EMPTY_PARAMETERS, type PartParameters } from './parameters';

/** Frequencies that codes of four digits abbreviate ("147.4" is 14.7456 MHz, ".327" is 32.768 kHz). */
const STANDARD = [
  32_768, 3_579_545, 3_686_400, 7_372_800, 11_059_200, 12_288_000, 14_318_180, 14_745_600, 16_384_000, 18_432_000,
  19_660_800, 22_118_400, 24_576_000, 27_120_000,
];

/** A frequency abbreviated by a code, as the standard one it stands for when within 0.3 %. */
function snap(hz: number): number {
  const near = STANDARD.find((s) => Math.abs(s - hz) <= s * 3e-3);
  return near ?? hz;
}

const tidy = (hz: number): number => Number(hz.toPrecision(9));

/** Abracon's series: kind and package (mm). */
const ABRACON: Array<[RegExp, FrequencyKind, string | null]> = [
  [/^ABM8[GW]?-/, 'crystal', sizeText('3.2', '2.5')],
  [/^ABM3B?-/, 'crystal', sizeText('5.0', '3.2')],
  [/^ABM7-/, 'crystal', sizeText('6.0', '3.5')],
  [/^ABM10[A-Z]*-/, 'crystal', sizeText('2.5', '2.0')],
  [/^ABM11[A-Z]*-/, 'crystal', sizeText('2.0', '1.6')],
  [/^ABM12[A-Z]*-/, 'crystal', sizeText('1.6', '1.2')],
  [/^ABM\d+[A-Z]*-/, 'crystal', null],
  [/^ABLS\d?-/, 'crystal', 'HC-49/US'],
  [/^ABS07[A-Z]*-/, 'crystal', sizeText('3.2', '1.5')],
  [/^ABS\d+[A-Z]*-/, 'crystal', null],
  [/^ASE[A-Z]*-/, 'oscillator', sizeText('3.2', '2.5')],
  [/^AS[A-Z]+\d*-/, 'oscillator', null],
];

/** Epson's series: kind and package. */
const EPSON: Record<string, [FrequencyKind, string | null]> = {
  'FA-238': ['crystal', sizeText('3.2', '2.5')],
  'FA-238V': ['crystal', sizeText('3.2', '2.5')],
  'FA-128': ['crystal', sizeText('2.0', '1.6')],
  'FA-20H': ['crystal', sizeText('2.5', '2.0')],
  'FA-118T': ['crystal', sizeText('1.6', '1.2')],
  'TSX-3225': ['crystal', sizeText('3.2', '2.5')],
  'FC-135': ['crystal', sizeText('3.2', '1.5')],
  'FC-135R': ['crystal', sizeText('3.2', '1.5')],
  'FC-12M': ['crystal', sizeText('2.0', '1.2')],
  'SG-210STF': ['oscillator', sizeText('2.5', '2.0')],
};

type Reading = Pick<PartParameters, 'kind' | 'frequency' | 'package'>;

const reading = (kind: FrequencyKind | null, frequency: number, pack: string | null = null): Reading => ({
  kind,
  frequency,
  package: pack,
});

/** "14.7456MHZ", "32.768KHZ", "-16.000M-" (NDK), "26.000000MHZ": a frequency written with its unit. */
const WRITTEN = /(^|[^A-Z0-9.])(\d+(?:\.\d+)?)(K|M)(?:HZ)?(?=$|[^A-Z0-9])/;

function written(key: string): number | null {
  const m = WRITTEN.exec(key);
  return m ? Number((Number(m[2]) * (m[3] === 'K' ? 1e3 : 1e6)).toPrecision(7)) : null;
}

function abracon(key: string): Reading | null {
  const series = ABRACON.find(([re]) => re.test(key));
  const hz = /(\d+(?:\.\d+)?)(K|M)HZ/.exec(key);
  if (!series || !hz) return null;
  return reading(series[1], Number(hz[1]) * (hz[2] === 'K' ? 1e3 : 1e6), series[2]);
}

function ecs(key: string): Reading | null {
  const osc = /^ECS-(\d{4})[A-Z]+\d*-(\d+(?:\.\d+)?)-|^ECS-TXO-(\d{4})-(\d+(?:\.\d+)?)-/.exec(key);
  if (osc) {
    const size = osc[1] ?? osc[3];
    return reading('oscillator', snap(Number(osc[2] ?? osc[4]) * 1e5), sizeOfCode(size));
  }
  const xtal = /^ECS-(\d+(?:\.\d+)?|\.\d+)-\d+(?:\.\d+)?-/.exec(key);
  if (!xtal) return null;
  // Tenths of a megahertz ("160": 16.0 MHz; ".327": the 32.768 kHz watch crystal).
  return reading('crystal', snap(Number(xtal[1]) * 1e5));
}

function epson(key: string): Reading | null {
  const m = /^((?:FA|TSX|FC|SG|TG|MC)-?[0-9A-Z]+)\s*(\d+\.\d+)(M|K)/.exec(key);
  if (!m) return null;
  const series = EPSON[m[1]];
  const kind: FrequencyKind = series?.[0] ?? (/^(SG|TG)/.test(m[1]) ? 'oscillator' : 'crystal');
  return reading(kind, Number(m[2]) * (m[3] === 'K' ? 1e3 : 1e6), series?.[1] ?? null);
}

function ndk(key: string): Reading | null {
  const m = /^N([XZ])(\d{4})[A-Z]{2}-(\d+(?:\.\d+)?)M/.exec(key);
  if (!m) return null;
  return reading(m[1] === 'X' ? 'crystal' : 'oscillator', Number(m[3]) * 1e6, sizeOfCode(m[2]));
}

function kyocera(key: string): Reading | null {
  const m = /^CX(\d{4})[A-Z]{2}(\d{5})[A-Z]\d/.exec(key);
  return m ? reading('crystal', Number(m[2]) * 1e3, sizeOfCode(m[1])) : null;
}

function txc(key: string): Reading | null {
  const dashed = /^(7M|8Y|9C|7V|7B|8Z|AV|7X|8J|7A)-(\d+\.\d+)M/.exec(key);
  if (dashed) return reading('crystal', Number(dashed[2]) * 1e6);
  const coded = /^(7M|8Y|9C|7V|7B|8Z|AV|7X|8J|7A)(\d{5})[A-Z0-9]{1,3}$/.exec(key);
  return coded ? reading('crystal', Number(coded[2]) * 1e3) : null;
}

function sitime(key: string): Reading | null {
  const m = /^SIT(\d{4})[A-Z0-9]*-[A-Z0-9]+-[A-Z0-9]+-(\d+\.\d+)[A-Z]?$/.exec(key);
  if (!m) return null;
  // The 32 kHz families write kilohertz in the same place.
  const khz = ['1532', '1533', '1552', '1630'].includes(m[1]);
  return reading('oscillator', Number(m[2]) * (khz ? 1e3 : 1e6));
}

/** The parameters a crystal's or oscillator's part number states, or null when it states no frequency. */
export function readTimingPartNumber(partNumber: string): PartParameters | null {
  const key = partNumber.toUpperCase().trim();
  for (const read of [abracon, ecs, epson, ndk, kyocera, txc, sitime]) {
    const r = read(key);
    if (r) return { ...EMPTY_PARAMETERS, ...r, frequency: r.frequency === null ? null : tidy(r.frequency) };
  }
  const hz = /HZ/.test(key) ? written(key) : null;
  return hz === null ? null : { ...EMPTY_PARAMETERS, frequency: hz };
}
