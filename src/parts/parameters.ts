/**
 * The parameters of a passive part as a BOM's cells (Value, Footprint, Description) or a catalog's description
 * ("CAP CER 4.7UF 16V X5R 0603") state them: kind, value, package, voltage, tolerance and dielectric.
 *
 * Values are read in every usual spelling: with a unit ("4.7µF", "100 nF", "10 kΩ", "10K OHM", "4.7UF"), in
 * RKM code where the prefix letter stands for the decimal point ("4u7", "4K7", "2R2", "1K00", "0R"), or bare with
 * a multiplier ("10k", "100n", "4700n", "100R"). Packages are the imperial chip sizes (0402, 0603…), read from
 * their metric names too when marked so or unambiguous ("1005", "C_0402_1005Metric"), and the usual IC packages
 * (SOT-23, SOIC-8…). Dielectrics are named as the EIA classes (C0G for "NP0"/"COG"/"NPO").
 *
 * Crystals, resonators and oscillators are read for their frequency and package (src/parts/frequency.ts).
 *
 * No lookbehind in the patterns: the add-in bundles this module and must parse on old WebKit.
 */
import {
  type FrequencyKind,
  bareFrequency,
  frequencyKindOf,
  frequencyOf,
  frequencyText,
  sameFrequency,
  timingPackageOf,
} from './frequency';

export type PassiveKind = 'resistor' | 'capacitor' | 'inductor';
export type { FrequencyKind };
export type PartKind = PassiveKind | FrequencyKind;
export type ValueUnit = 'Ω' | 'F' | 'H';

export interface PartParameters {
  kind: PartKind | null;
  /** In ohms, farads or henries; null when none is stated. */
  value: number | null;
  unit: ValueUnit | null;
  /** Imperial chip size ("0603") or an IC package ("SOT-23-5"); null when none is stated. */
  package: string | null;
  /** Rated voltage in volts. */
  voltage: number | null;
  /** Tolerance in percent (±). */
  tolerance: number | null;
  dielectric: string | null;
  /** A crystal's, resonator's or oscillator's frequency in hertz. */
  frequency: number | null;
}

export const EMPTY_PARAMETERS: Readonly<PartParameters> = {
  kind: null,
  value: null,
  unit: null,
  package: null,
  voltage: null,
  tolerance: null,
  dielectric: null,
  frequency: null,
};
const EMPTY = EMPTY_PARAMETERS;

const MULT: Record<string, number> = {
  p: 1e-12,
  n: 1e-9,
  u: 1e-6,
  µ: 1e-6,
  μ: 1e-6,
  m: 1e-3,
  '': 1,
  r: 1,
  k: 1e3,
  meg: 1e6,
};

/** Imperial chip sizes, and the metric name of each. */
const IMPERIAL = [
  '01005',
  '0201',
  '0402',
  '0603',
  '0805',
  '1008',
  '1206',
  '1210',
  '1806',
  '1812',
  '2010',
  '2220',
  '2512',
];
export const METRIC_TO_IMPERIAL: Readonly<Record<string, string>> = {
  '0402': '01005',
  '0603': '0201',
  '1005': '0402',
  '1608': '0603',
  '2012': '0805',
  '2520': '1008',
  '3216': '1206',
  '3225': '1210',
  '4516': '1806',
  '4532': '1812',
  '5025': '2010',
  '5750': '2220',
  '6332': '2512',
  '6432': '2512',
};
/** Metric names that are no imperial size: a bare one can only be metric. */
const METRIC_ONLY = new Set(['1005', '1608', '2012', '3216', '3225', '4532', '5025', '6332']);

/** Dielectrics from the most stable to the least: a candidate no lower in this list is no worse. */
export const DIELECTRIC_RANK = ['C0G', 'X8R', 'X7R', 'X7S', 'X7T', 'X6S', 'X5R', 'X6T', 'Y5V', 'Z5U'];

const DIELECTRIC = /(^|[^A-Z0-9])(C0G|COG|NP0|NPO|X8R|X7R|X7S|X7T|X6S|X6T|X5R|Y5V|Z5U)(?=$|[^A-Z0-9])/;
const TOLERANCE = /(^|[^A-Z0-9.])[±+]?\s*(\d+(?:[.,]\d+)?)\s*%/g;
const VOLTAGE = /(^|[^A-Z0-9.])(\d+(?:[.,]\d+)?)\s*(K?)V(?:OLTS?|DC|AC)?(?=$|[^A-Z0-9])/g;
const VOLTAGE_RKM = /(^|[^A-Z0-9.])(\d+)V(\d+)(?=$|[^A-Z0-9])/;
const WITH_UNIT =
  /(^|[\s,;:(/=_*])(\d+(?:[.,]\d+)?|[.,]\d+)\s*(MEG|[PNUµμMK]?)\s*(F|FARADS?|H|HENRY|HENRIES|Ω|OHMS?)(?=$|[^A-Z0-9])/g;
const RKM = /(^|[\s,;:(/=_*])(\d*)(MEG|[PNUµμKMR])(\d+)(?=$|[^A-Z0-9.])/g;
const BARE = /(^|[\s,;:(/=_*])(\d+(?:[.,]\d+)?)\s?(MEG|[PNUµμKMR])(?=$|[^A-Z0-9.])/g;
const ZERO_OHM = /(^|[^\w.])0\s*(?:R|Ω|OHMS?)(?=$|[^A-Z0-9])|\bJUMPER\b|\bZERO[ -]?OHM\b/;

const PACKAGE_IC =
  /(^|[^A-Z0-9])(SOT|SOD|SOIC|SO|SOP|SSOP|TSSOP|MSOP|VSSOP|QFN|DFN|VQFN|WQFN|UQFN|QFP|LQFP|TQFP|BGA|LGA|TO|DO|DIP|PDIP|SC|WLCSP|PLCC|SMA|SMB|SMC|DPAK|D2PAK|POWERDI)-?(\d+(?:[A-Z]{0,2})?)(?:-(\d+))?(?=$|[^A-Z0-9])/;

function num(text: string): number {
  return Number(text.replace(',', '.'));
}

function upper(text: string): string {
  // The micro sign upper-cases to a Greek capital: it is read as the U descriptions write.
  return text.normalize('NFKC').replace(/[µμ]/g, 'U').toUpperCase();
}

/** The kind a text names by its words (RES, CAP, inductor, a KiCad footprint's R_/C_/L_). */
function kindOfWords(t: string): PassiveKind | null {
  if (
    /(^|[^A-Z])(IND|INDUCTOR|INDUCTORS|INDUCTANCE)(?=$|[^A-Z])|(^|[^A-Z])L_?(0201|0402|0603|0805|1206|1210)(?=$|[^0-9])/.test(
      t,
    )
  )
    return 'inductor';
  if (
    /(^|[^A-Z])(CAP|CAPS|CAPACITOR|CAPACITORS|MLCC|CERM?)(?=$|[^A-Z])|(^|[^A-Z])C_?(0201|0402|0603|0805|1206|1210)(?=$|[^0-9])|_CAP(?=$|[^A-Z])/.test(
      t,
    )
  )
    return 'capacitor';
  if (
    /(^|[^A-Z])(RES|RESISTOR|RESISTORS|JUMPER)(?=$|[^A-Z])|(^|[^A-Z])R_?(0201|0402|0603|0805|1206|1210|2010|2512)(?=$|[^0-9])|_RES(?=$|[^A-Z])/.test(
      t,
    )
  )
    return 'resistor';
  return null;
}

/**
 * Words of parts that are no chip resistor, capacitor or inductor (a connector's "50 OHM", a crystal's "18PF", a
 * ferrite bead's "120 OHM", a resistor array): their values are not read as a passive's.
 */
const NOT_PASSIVE =
  /(^|[^A-Z])(CONN|CONNECTOR|HEADER|SOCKET|JACK|PLUG|RECEPTACLE|CRYSTAL|XTAL|OSC|OSCILLATOR|RESONATOR|MHZ|KHZ|GHZ|MOSFET|TRANSISTOR|FET|DIODE|ZENER|SCHOTTKY|TVS|ESD|LED|IC|MCU|REGULATOR|LDO|SWITCH|BUTTON|FUSE|FERRITE|BEAD|BUZZER|RELAY|TRANSFORMER|XFMR|HOLDER|BATTERY|ANTENNA|VARISTOR|THERMISTOR|NTC|PTC|POT|POTENTIOMETER|TRIMMER|ARRAY|NETWORK|CMC|ENCODER|SENSOR|AMPLIFIER|OPAMP|CABLE|CLIP|BALUN|FILTER|TRANS|USB|HDMI|RJ45|MAGNETICS|EMI|FLASH|MEMORY)(?=$|[^A-Z])/;

function unitKind(unit: ValueUnit): PassiveKind {
  return unit === 'Ω' ? 'resistor' : unit === 'F' ? 'capacitor' : 'inductor';
}

function kindUnit(kind: PassiveKind): ValueUnit {
  return kind === 'resistor' ? 'Ω' : kind === 'capacitor' ? 'F' : 'H';
}

/** A multiplier letter read in its kind: M is mega for ohms, milli for farads and henries; bare p/n/u are farads. */
function multiplier(letter: string, unit: ValueUnit): number {
  const l = letter.toLowerCase();
  if (l === 'm') return unit === 'Ω' ? 1e6 : 1e-3;
  return MULT[l] ?? 1;
}

function unitOfSymbol(symbol: string): ValueUnit {
  if (symbol.startsWith('F')) return 'F';
  if (symbol.startsWith('H')) return 'H';
  return 'Ω';
}

/** The unit a bare multiplier suggests: p, n, u are capacitors (or inductors when the kind says so); k, R, M ohms. */
function unitOfLetter(letter: string, kind: PassiveKind | null): ValueUnit | null {
  const l = letter.toLowerCase();
  if (l === 'r' || l === 'k' || l === 'meg') return kind === 'inductor' && l === 'r' ? 'H' : 'Ω';
  if (l === 'p' || l === 'n' || l === 'u' || l === 'µ') return kind === 'inductor' ? 'H' : 'F';
  if (l === 'm') return kind === 'resistor' ? 'Ω' : kind === null ? 'Ω' : kindUnit(kind);
  return null;
}

function clean(value: number): number {
  return Number(value.toPrecision(6));
}

interface ValueRead {
  value: number;
  unit: ValueUnit;
}

/** The first value a text states, read in the kind it names (or the one the value's own unit says). */
function valueOf(t: string, kind: PassiveKind | null): ValueRead | null {
  for (const m of t.matchAll(WITH_UNIT)) {
    const unit = unitOfSymbol(m[4]);
    if (kind !== null && unitKind(unit) !== kind) continue;
    let letter = m[3];
    // "MF" in a capacitor description is micro in old US usage only with "MFD"; here milli, as the unit rules say.
    if (letter === 'M' && unit === 'Ω') letter = 'MEG';
    return { value: clean(num(m[2]) * multiplier(letter, unit)), unit };
  }
  for (const m of t.matchAll(RKM)) {
    // An inductor's "4R7" is 4.7 µH; a leading point is written only before p, n, u ("u1": 0.1 µF).
    if (kind === 'inductor' && m[3] === 'R' && m[2] !== '')
      return { value: clean(num(`${m[2]}.${m[4]}`) * 1e-6), unit: 'H' };
    if (m[2] === '' && !'PNUµ'.includes(m[3])) continue;
    const unit = unitOfLetter(m[3], kind);
    if (unit === null || (kind !== null && unitKind(unit) !== kind)) continue;
    const letter = m[3] === 'M' && unit === 'Ω' ? 'MEG' : m[3];
    return { value: clean(num(`${m[2] || '0'}.${m[4]}`) * multiplier(letter, unit)), unit };
  }
  for (const m of t.matchAll(BARE)) {
    if (kind === 'inductor' && m[3] === 'R') continue;
    const unit = unitOfLetter(m[3], kind);
    if (unit === null || (kind !== null && unitKind(unit) !== kind)) continue;
    const letter = m[3] === 'M' && unit === 'Ω' ? 'MEG' : m[3];
    return { value: clean(num(m[2]) * multiplier(letter, unit)), unit };
  }
  if (ZERO_OHM.test(t) && (kind === null || kind === 'resistor')) return { value: 0, unit: 'Ω' };
  return null;
}

/** The chip size or IC package a text names. */
function packageOf(t: string): string | null {
  // KiCad: R_0603_1608Metric; a metric name marked as such.
  const marked = /(\d{4,5})\s*[_ ]?\s*(?:\[?\s*)?(\d{4})\s*(?:_|\s)?METRIC/.exec(t);
  if (marked && IMPERIAL.includes(marked[1])) return marked[1];
  const metric = /(^|[^0-9])(\d{4})\s*(?:_|\s)?(?:METRIC|MM\b)/.exec(t);
  if (metric && METRIC_TO_IMPERIAL[metric[2]]) return METRIC_TO_IMPERIAL[metric[2]];
  // Sizes stand alone or after a kind letter (R0603, C_0402, 0603-C, "SMD0805", "0805_R").
  const size = /(?:^|[^0-9])(01005|0201|0402|0603|0805|1008|1206|1210|1806|1812|2010|2220|2512)(?=$|[^0-9])/.exec(t);
  if (size) return size[1];
  const metricOnly = /(?:^|[^0-9A-Z]|[RCL]_?)(1005|1608|2012|3216|3225|4532|5025|6332)(?=$|[^0-9])/.exec(t);
  if (metricOnly && METRIC_ONLY.has(metricOnly[1])) return METRIC_TO_IMPERIAL[metricOnly[1]];
  // "8SOIC", "14TSSOP", "16VQFN": pins first, as catalog descriptions write them.
  const pinsFirst =
    /(^|[^A-Z0-9.])(\d{1,3})-?(SOIC|SO|SOP|SSOP|TSSOP|MSOP|VSSOP|QFN|VQFN|WQFN|UQFN|DFN|SON|WSON|VSON|DIP|PDIP|LQFP|TQFP|QFP|BGA|LGA)(?=$|[^A-Z0-9])/.exec(
      t,
    );
  if (pinsFirst) return `${pinsFirst[3] === 'SO' ? 'SOIC' : pinsFirst[3]}-${pinsFirst[2]}`;
  const ic = PACKAGE_IC.exec(t);
  if (ic) {
    const family = ic[2] === 'SO' ? 'SOIC' : ic[2];
    return `${family}-${ic[3]}${ic[4] ? `-${ic[4]}` : ''}`;
  }
  return null;
}

function voltageOf(t: string): number | null {
  let best: number | null = null;
  for (const m of t.matchAll(VOLTAGE)) {
    const v = num(m[2]) * (m[3] === 'K' ? 1000 : 1);
    if (best === null || v > best) best = v;
  }
  if (best !== null) return clean(best);
  const rkm = VOLTAGE_RKM.exec(t);
  return rkm ? num(`${rkm[2]}.${rkm[3]}`) : null;
}

function toleranceOf(t: string): number | null {
  let best: number | null = null;
  for (const m of t.matchAll(TOLERANCE)) {
    const v = num(m[2]);
    if (v > 0 && v <= 50 && (best === null || v > best)) best = v;
  }
  return best;
}

function dielectricOf(t: string): string | null {
  const m = DIELECTRIC.exec(t);
  if (!m) return null;
  return m[2] === 'COG' || m[2] === 'NP0' || m[2] === 'NPO' ? 'C0G' : m[2];
}

/** A crystal's, resonator's or oscillator's parameters: its frequency, package and (an oscillator's) voltage. */
function timingParameters(list: readonly string[], kind: FrequencyKind | null, bare: number | null): PartParameters {
  const out: PartParameters = { ...EMPTY, kind, frequency: bare };
  for (const t of list) out.frequency ??= frequencyOf(t);
  for (const t of list) out.package ??= timingPackageOf(t);
  if (kind === 'oscillator') for (const t of list) out.voltage ??= voltageOf(t);
  return out;
}

/**
 * The parameters the texts state, each read from the first text that states it: give the line's Value first,
 * then its Footprint and Description (or a catalog's description alone). A kind named by words wins over the
 * kind a value's unit suggests; a dielectric makes a capacitor.
 */
export function readParameters(...texts: ReadonlyArray<string | null | undefined>): PartParameters {
  const list = texts.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map(upper);
  if (list.length === 0) return { ...EMPTY };
  const first = typeof texts[0] === 'string' ? texts[0].trim() : '';
  const timing = frequencyKindOf(list);
  const bare = bareFrequency(list[0]);
  if (timing !== null || bare !== null) return timingParameters(list, timing, bare);
  const out: PartParameters = { ...EMPTY };
  let kind: PassiveKind | null = null;
  for (const t of list) kind ??= kindOfWords(t);
  if (list.some((t) => NOT_PASSIVE.test(t))) {
    // Not a passive (or one whose value means something else): only its package is worth reading.
    for (const t of list) out.package ??= packageOf(t);
    return out;
  }
  for (const t of list) out.dielectric ??= dielectricOf(t);
  if (kind === null && out.dielectric !== null) kind = 'capacitor';
  for (const t of list) {
    const v = valueOf(t, kind);
    if (v) {
      out.value = v.value;
      out.unit = v.unit;
      break;
    }
  }
  // A resistor's Value cell (the first text) may be a bare number of ohms ("470", "0.68").
  if (out.value === null && kind === 'resistor' && /^\d+(?:[.,]\d+)?$/.test(first)) {
    out.value = clean(num(first));
    out.unit = 'Ω';
  }
  // A capacitance on a resistor's footprint ("4.7uF", "R_0805"): the value's own unit says what the part is.
  if (out.value === null && kind !== null && kind !== 'capacitor') {
    const v = valueOf(list[0], null);
    if (v && v.unit === 'F') {
      out.value = v.value;
      out.unit = v.unit;
      kind = 'capacitor';
    }
  }
  out.kind = kind ?? (out.unit !== null ? unitKind(out.unit) : null);
  for (const t of list) out.package ??= packageOf(t);
  for (const t of list) out.voltage ??= voltageOf(t);
  for (const t of list) out.tolerance ??= toleranceOf(t);
  return out;
}

/** A value as people write it: "4.7 µF", "10 kΩ", "0 Ω". */
export function valueText(value: number, unit: ValueUnit): string {
  const steps: Array<[number, string]> =
    unit === 'Ω'
      ? [
          [1e6, 'M'],
          [1e3, 'k'],
          [1, ''],
        ]
      : [
          [1, ''],
          [1e-3, 'm'],
          [1e-6, 'µ'],
          [1e-9, 'n'],
          [1e-12, 'p'],
        ];
  if (value === 0) return `0 ${unit}`;
  const [scale, prefix] = steps.find(([s]) => value >= s * 0.999) ?? steps[steps.length - 1];
  return `${Number((value / scale).toPrecision(4))} ${prefix}${unit}`;
}

/** The parameters in one short text: "4.7 µF 16 V 10% X5R 0603". */
export function parametersText(p: PartParameters): string {
  const parts: string[] = [];
  if (p.frequency !== null) parts.push(frequencyText(p.frequency));
  if (p.value !== null && p.unit !== null) parts.push(valueText(p.value, p.unit));
  if (p.voltage !== null) parts.push(`${p.voltage} V`);
  if (p.tolerance !== null) parts.push(`${p.tolerance}%`);
  if (p.dielectric !== null) parts.push(p.dielectric);
  if (p.package !== null) parts.push(p.package);
  return parts.join(' ');
}

export function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b)) * 1e-6;
}

/** One way a candidate's parameters differ from the line's. `worse`: the candidate falls short of the line. */
export interface ParameterDifference {
  field: 'kind' | 'value' | 'frequency' | 'package' | 'voltage' | 'tolerance' | 'dielectric';
  worse: boolean;
  text: string;
}

/**
 * How `have` (a candidate) differs from `want` (the line), for each parameter both state: a different kind, value
 * or package is always worse; a lower voltage, a wider tolerance or a less stable dielectric is worse; a higher
 * voltage, a tighter tolerance or a more stable dielectric is a difference that is no worse.
 */
export function compareParameters(want: PartParameters, have: PartParameters): ParameterDifference[] {
  const out: ParameterDifference[] = [];
  if (want.kind && have.kind && want.kind !== have.kind)
    out.push({ field: 'kind', worse: true, text: `a ${have.kind}, the line a ${want.kind}` });
  if (want.value !== null && have.value !== null && want.unit === have.unit && !sameValue(want.value, have.value)) {
    out.push({
      field: 'value',
      worse: true,
      text: `value ${valueText(have.value, have.unit!)}, the line ${valueText(want.value, want.unit!)}`,
    });
  }
  if (want.frequency !== null && have.frequency !== null && !sameFrequency(want.frequency, have.frequency)) {
    out.push({
      field: 'frequency',
      worse: true,
      text: `frequency ${frequencyText(have.frequency)}, the line ${frequencyText(want.frequency)}`,
    });
  }
  if (want.package && have.package && want.package !== have.package)
    out.push({ field: 'package', worse: true, text: `package ${have.package}, the line ${want.package}` });
  if (want.voltage !== null && have.voltage !== null && want.voltage !== have.voltage) {
    out.push({
      field: 'voltage',
      worse: have.voltage < want.voltage,
      text: `${have.voltage} V, the line ${want.voltage} V`,
    });
  }
  if (want.tolerance !== null && have.tolerance !== null && want.tolerance !== have.tolerance) {
    out.push({
      field: 'tolerance',
      worse: have.tolerance > want.tolerance,
      text: `${have.tolerance}%, the line ${want.tolerance}%`,
    });
  }
  if (want.dielectric && have.dielectric && want.dielectric !== have.dielectric) {
    const rank = (d: string): number => {
      const i = DIELECTRIC_RANK.indexOf(d);
      return i < 0 ? DIELECTRIC_RANK.length : i;
    };
    out.push({
      field: 'dielectric',
      worse: rank(have.dielectric) > rank(want.dielectric),
      text: `${have.dielectric}, the line ${want.dielectric}`,
    });
  }
  return out;
}

/** Whether parameters state enough to look for the same part of another series: a chip resistor or ceramic capacitor's value and size. */
export function isChipPassive(p: PartParameters): boolean {
  return (
    (p.kind === 'resistor' || p.kind === 'capacitor') &&
    p.value !== null &&
    p.package !== null &&
    IMPERIAL.includes(p.package)
  );
}
