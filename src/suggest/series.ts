/**
 * Part-number prefixes that find a part of given parameters in the major series of chip resistors and ceramic
 * capacitors, built from each maker's published ordering code: size, tolerance, value code, voltage and
 * dielectric, up to the first character that only says packaging or a variant (which a prefix search leaves open).
 *
 * And the family stem of any part number: the letters and first digits that name the device ("LMV324" of
 * "LMV324AW5-13", "STM32F411" of "STM32F411CEU6"), which a prefix search turns into its other packages and grades.
 */
import type { PartParameters } from '../parts/parameters';
import { CAPACITOR_CODES, codeFor } from '../parts/passive-part-numbers';

export interface SeriesPrefix {
  /** What a prefix search is sent. */
  prefix: string;
  /** The series, for the buyer: "Yageo RC". */
  series: string;
}

/** A resistance as three significant digits and a power of ten: 10 kΩ → m3 100, dec 4 (100 × 10^(4-2)). */
interface RVal {
  m3: number;
  dec: number;
}

function rval(ohms: number): RVal | null {
  if (!(ohms > 0) || ohms >= 1e9) return null;
  const dec = Math.floor(Math.log10(ohms) + 1e-9);
  const m3 = Math.round(ohms / 10 ** (dec - 2));
  if (m3 < 100 || m3 > 999) return null;
  return { m3, dec };
}

function rParts(v: RVal): { int: string; frac: string; unit: string } {
  const unit = v.dec >= 6 ? 'M' : v.dec >= 3 ? 'K' : 'R';
  const p = v.dec - (unit === 'M' ? 6 : unit === 'K' ? 3 : 0);
  const s = String(v.m3);
  if (p < 0) return { int: '', frac: s, unit };
  return { int: s.slice(0, p + 1), frac: s.slice(p + 1), unit };
}

/** RKM code: 10K, 4K7, 49R9, 100R, 1M. */
function rkm(v: RVal): string {
  const { int, frac, unit } = rParts(v);
  return (int || '0') + unit + frac.replace(/0+$/, '');
}

/** RKM in four characters: 10K0, 4K70, 49R9, 100K. */
function rkm4(v: RVal): string {
  const { int, frac, unit } = rParts(v);
  return ((int || '0') + unit + frac).slice(0, 4);
}

/** Three digits and a multiplier (1002); below 100 Ω in RKM (49R9). */
function code4(v: RVal): string {
  return v.dec >= 2 ? `${v.m3}${v.dec - 2}` : rkm4(v);
}

/** Two digits and a multiplier (103); below 10 Ω in RKM (4R7). Null when the value needs three digits. */
function code3(v: RVal): string | null {
  if (v.m3 % 10 !== 0) return null;
  const s2 = String(v.m3).slice(0, 2);
  return v.dec >= 1 ? `${s2}${v.dec - 1}` : `${s2[0]}R${s2[1]}`;
}

const table = (text: string): Record<string, string> =>
  Object.fromEntries(text.split(' ').map((kv) => kv.split('=') as [string, string]));

const ERJ = table('0201=1GN/1GEJ/C 0402=2RK/2GEJ/X 0603=3EK/3GEYJ/V 0805=6EN/6GEYJ/V 1206=8EN/8GEYJ/V');
const KOA = table('0402=1E 0603=1J 0805=2A 1206=2B 1210=2E 2010=2H 2512=3A');
const ROHM = table('0402=01 0603=03 0805=10 1206=18');

/** Resistor series, most used first. `precise`: a 1 % part (F); else 5 % (J). */
const RESISTOR_SERIES: Array<{ series: string; make: (s: string, v: RVal, precise: boolean) => string | null }> = [
  { series: 'Yageo RC', make: (s, v, f) => `RC${s}${f ? 'F' : 'J'}R-07${rkm(v)}L` },
  { series: 'Vishay CRCW', make: (s, v, f) => `CRCW${s}${rkm4(v)}${f ? 'FK' : 'JN'}` },
  {
    series: 'Panasonic ERJ',
    make: (s, v, f) => {
      if (!ERJ[s]) return null;
      const [pf, pj, end] = ERJ[s].split('/');
      if (f) return `ERJ-${pf}F${code4(v)}${end}`;
      const c3 = code3(v);
      return c3 === null ? null : `ERJ-${pj}${c3}${end}`;
    },
  },
  { series: 'Stackpole RMCF', make: (s, v, f) => `RMCF${s}${f ? 'F' : 'J'}T${rkm4(v)}` },
  {
    series: 'KOA RK73',
    make: (s, v, f) => {
      if (!KOA[s]) return null;
      if (f) return `RK73H${KOA[s]}TTD${code4(v)}F`;
      const c3 = code3(v);
      return c3 === null ? null : `RK73B${KOA[s]}TTD${c3}J`;
    },
  },
  {
    series: 'Rohm MCR',
    make: (s, v, f) => {
      if (!ROHM[s]) return null;
      if (f) return `MCR${ROHM[s]}EZPFX${code4(v)}`;
      const c3 = code3(v);
      return c3 === null ? null : `MCR${ROHM[s]}EZPJ${c3}`;
    },
  },
];

/** A capacitance in the EIA code: two digits and a multiplier in pF (104 = 100 nF); below 10 pF "4R7". */
function capCode(farads: number): string | null {
  const pf = farads * 1e12;
  if (!(pf > 0)) return null;
  if (pf < 10) {
    const tenths = Math.round(pf * 10);
    if (Math.abs(tenths - pf * 10) > 1e-6 || tenths >= 100) return null;
    return `${Math.floor(tenths / 10)}R${tenths % 10}`;
  }
  const x = Math.floor(Math.log10(pf) + 1e-9) - 1;
  const mm = Math.round(pf / 10 ** x);
  if (Math.abs(mm * 10 ** x - pf) > pf * 1e-6 || mm < 10 || mm > 99) return null;
  return `${mm}${x}`;
}

/** Tolerance letters: J 5 %, K 10 %, M 20 %; C ±0.25 pF (small C0G parts). */
function capTolerance(p: PartParameters): string | null {
  if (p.tolerance === null) return null;
  if (p.tolerance <= 5) return 'J';
  if (p.tolerance <= 10) return 'K';
  if (p.tolerance <= 20) return 'M';
  return null;
}

const MUR_SZ = table('0201=03/3 0402=15/5 0603=18/8 0805=21/B 1206=31/M 1210=32/E');
/** The makers' voltage and dielectric codes, from the table their part numbers are read with. */
const MUR_D = (d: string) => codeFor(CAPACITOR_CODES.murataDielectric, d);
const MUR_V = (v: string) => codeFor(CAPACITOR_CODES.murataVoltage, v, ['YA']);
const SAM_SZ = table('0402=05/5 0603=10/8 0805=21/F 1206=31/H 1210=32/J');
const SAM_D = (d: string) => codeFor(CAPACITOR_CODES.samsungDielectric, d);
const SAM_V = (v: string) => codeFor(CAPACITOR_CODES.samsungVoltage, v);
const KEM_V = (v: string) => codeFor(CAPACITOR_CODES.kemetVoltage, v);
const KEM_D = (d: string) => codeFor(CAPACITOR_CODES.kemetDielectric, d);
const TDK_SZ = table('0402=1005/050 0603=1608/080 0805=2012/125 1206=3216/160 1210=3225/250');
const TDK_V = (v: string) => codeFor(CAPACITOR_CODES.tdkVoltage, v, ['1V']);
const YC_V = (v: string) => codeFor(CAPACITOR_CODES.yageoVoltage, v);
const YC_D: Record<string, string> = { C0G: 'NPO', X7R: 'X7R', X5R: 'X5R' };

interface CapSpec {
  size: string;
  code: string;
  tol: string | null;
  volt: string | null;
  diel: string | null;
}

/** Capacitor series, most used first; a prefix stops before the first code the line does not state. */
const CAPACITOR_SERIES: Array<{ series: string; make: (c: CapSpec) => string | null }> = [
  {
    series: 'Murata GRM',
    make: (c) => {
      const d = c.diel ? MUR_D(c.diel) : null;
      const v = c.volt ? MUR_V(c.volt) : null;
      if (!MUR_SZ[c.size] || !d || !v) return null;
      const [sz, h] = MUR_SZ[c.size].split('/');
      return `GRM${sz}${h}${d}${v}${c.code}${c.tol ?? ''}`;
    },
  },
  {
    series: 'Samsung CL',
    make: (c) => {
      const d = c.diel ? SAM_D(c.diel) : null;
      if (!SAM_SZ[c.size] || !d) return null;
      const head = `CL${SAM_SZ[c.size].split('/')[0]}${d}${c.code}`;
      if (!c.tol) return head;
      const v = c.volt ? SAM_V(c.volt) : null;
      return v ? `${head}${c.tol}${v}` : `${head}${c.tol}`;
    },
  },
  {
    series: 'KEMET C',
    make: (c) => {
      if (!['0402', '0603', '0805', '1206', '1210'].includes(c.size)) return null;
      const head = `C${c.size}C${c.code}`;
      if (!c.tol) return head;
      const v = c.volt ? KEM_V(c.volt) : null;
      if (!v) return `${head}${c.tol}`;
      const d = c.diel ? KEM_D(c.diel) : null;
      return d ? `${head}${c.tol}${v}${d}` : `${head}${c.tol}${v}`;
    },
  },
  {
    series: 'TDK C',
    make: (c) => {
      const v = c.volt ? TDK_V(c.volt) : null;
      if (!TDK_SZ[c.size] || !c.diel || !['C0G', 'X7R', 'X5R'].includes(c.diel) || !v) return null;
      return `C${TDK_SZ[c.size].split('/')[0]}${c.diel}${v}${c.code}${c.tol ?? ''}`;
    },
  },
  {
    series: 'Yageo CC',
    make: (c) => {
      if (
        !['0201', '0402', '0603', '0805', '1206'].includes(c.size) ||
        !c.tol ||
        !c.diel ||
        !YC_D[c.diel] ||
        !c.volt ||
        !YC_V(c.volt)
      )
        return null;
      return `CC${c.size}${c.tol}R${YC_D[c.diel]}${YC_V(c.volt)}BB${c.code}`;
    },
  },
];

function voltText(v: number | null): string | null {
  return v === null ? null : String(v);
}

/**
 * Prefixes that find parts of the same value, size, tolerance, voltage and dielectric in the major series, at
 * most `max`, the most used series first. A resistor of 5 % is looked for at 5 %, then at 1 % when room is left; one of no stated
 * tolerance at 1 % first.
 * Empty for anything but a chip resistor or ceramic capacitor with its value and size known.
 */
export function seriesPrefixes(p: PartParameters, max = 3): SeriesPrefix[] {
  const out: SeriesPrefix[] = [];
  if (p.value === null || p.package === null || !/^\d{4}$/.test(p.package)) return out;
  if (p.kind === 'resistor') {
    const v = rval(p.value);
    if (v === null) return out;
    const precise = p.tolerance !== null && p.tolerance <= 1;
    // A 1 % part is no worse than a line that states no tolerance: looked for first then.
    const tiers = precise ? [true] : p.tolerance === null ? [true, false] : [false, true];
    for (const f of tiers) {
      for (const s of RESISTOR_SERIES) {
        if (out.length >= max) return out;
        const prefix = s.make(p.package, v, f);
        if (prefix) out.push({ prefix, series: s.series });
      }
      if (precise) break;
    }
    return out;
  }
  if (p.kind === 'capacitor') {
    const code = capCode(p.value);
    if (code === null) return out;
    const spec: CapSpec = {
      size: p.package,
      code,
      tol: capTolerance(p),
      volt: voltText(p.voltage),
      diel: p.dielectric,
    };
    for (const s of CAPACITOR_SERIES) {
      if (out.length >= max) break;
      const prefix = s.make(spec);
      if (prefix) out.push({ prefix, series: s.series });
    }
  }
  return out;
}

/** Upper case, letters and digits only: how the service compares part numbers. */
export function partKey(partNumber: string): string {
  return partNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The family stem of a part number: its leading letters and first digits, grown to at least five characters, and
 * through one single letter followed by digits (STM32F411); null when that leaves fewer than four
 * characters or no digit. A stem is searched as a prefix, so it must be no shorter than a family.
 */
export function familyStem(partNumber: string): string | null {
  // What follows the first dash or slash is packaging or a grade ("-13", "-7-F", "/NOPB"), unless too little is left.
  const head = partNumber.split(/[/#]/)[0];
  const first = head.split('-')[0];
  const key = partKey(partKey(first).length >= 4 ? first : head);
  const runs = key.match(/[A-Z]+|\d+/g);
  if (!runs) return null;
  let stem = '';
  let i = 0;
  while (i < runs.length && !/\d/.test(stem)) stem += runs[i++];
  // Too short to name a family (SN74, NC7): the next letters and their digits too.
  while (i < runs.length && stem.length < 5) {
    stem += runs[i++];
    if (i < runs.length && /^[A-Z]/.test(runs[i - 1]) && /^\d/.test(runs[i])) stem += runs[i++];
  }
  // Once: the letter and digits of a sub-family (STM32F411); a second such pair is a package or grade code.
  if (i + 1 < runs.length && runs[i].length === 1 && /^[A-Z]$/.test(runs[i]) && /^\d+$/.test(runs[i + 1]))
    stem += runs[i] + runs[i + 1];
  if (stem.length < 4 || !/\d/.test(stem) || stem === key) return stem.length >= 4 && /\d/.test(stem) ? stem : null;
  return stem;
}

/**
 * Prefixes that find a part number's closest siblings, longest first: the part number without its last suffix
 * (after a dash or slash: its packaging, "ABM8-14.7456MHZ-D2" of "ABM8-14.7456MHZ-D2-T3", "LMV324AW5" of
 * "LMV324AW5-13"), and the part number up to a frequency it writes ("ABM8-14.7456MHZ"). Each is searched only when
 * longer than the family stem (which is searched anyway) by two characters or more.
 */
export function siblingPrefixes(partNumber: string): string[] {
  const pn = partNumber.trim().toUpperCase();
  const stem = familyStem(pn);
  const floor = (stem ?? '').length + 2;
  const out: string[] = [];
  const add = (prefix: string) => {
    const key = partKey(prefix);
    if (key.length >= Math.max(floor, 5) && key !== partKey(pn) && !out.some((o) => partKey(o) === key))
      out.push(prefix);
  };
  const cut = /^(.+)[-/][^-/]+$/.exec(pn);
  if (cut) add(cut[1]);
  const frequency = /^(.*?\d+(?:\.\d+)?(?:K|M)HZ)(?=$|[^A-Z0-9])|^(.*?\d+\.\d+\s?(?:K|M))/.exec(pn);
  if (frequency) add(frequency[1] ?? frequency[2]);
  return out;
}
