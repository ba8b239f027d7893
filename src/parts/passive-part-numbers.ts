/**
 * The parameters a chip resistor's, ceramic capacitor's or inductor's part number states, read from the makers'
 * published ordering codes: size, value code, tolerance letter, voltage code and dielectric, as far as the code
 * goes (what follows is packaging or a variant).
 *
 * Resistors: Yageo RC, Vishay CRCW, Panasonic ERJ, KOA RK73, Stackpole RMCF, Rohm MCR. Capacitors: Murata GRM (and
 * its GCM/GRT/GCJ/GJM siblings), Samsung CL, KEMET C, TDK C, Yageo CC, Taiyo Yuden ?MK. Inductors: Murata LQM/LQH
 * (µH) and LQG/LQW (nH), Bourns SRR/SRN/SRP, Taiyo Yuden NR/CBC, Coilcraft XAL/XEL/XFL/LPS (nH code).
 */
import { EMPTY_PARAMETERS, METRIC_TO_IMPERIAL, type PartParameters } from './parameters';

const table = (text: string): Record<string, string> =>
  Object.fromEntries(text.split(' ').map((kv) => kv.split('=') as [string, string]));

/** Tolerance letters in percent; B, C and D of a small capacitor are picofarads, not percent. */
const R_TOL = table('B=0.1 C=0.25 D=0.5 F=1 G=2 J=5 K=10');
const C_TOL = table('F=1 G=2 J=5 K=10 M=20');
const L_TOL = table('J=5 K=10 L=15 M=20 N=30');

function clean(value: number): number {
  return Number(value.toPrecision(6));
}

/** RKM ("10K", "4K7", "49R9", "0R", "10K0", "R100"): the letter is the decimal point and the multiplier. */
function rkm(code: string): number | null {
  const m = /^(\d*)([RKM])(\d*)$/.exec(code);
  if (!m || (m[1] === '' && m[3] === '')) return null;
  const mult = m[2] === 'K' ? 1e3 : m[2] === 'M' ? 1e6 : 1;
  return clean(Number(`${m[1] || '0'}.${m[3] || '0'}`) * mult);
}

/** A resistance code: significant digits and a multiplier ("1002", "103"), or RKM below ten ohms ("4R70"). */
function resistanceCode(code: string): number | null {
  if (/[RKM]/.test(code)) return rkm(code);
  if (!/^\d{3,4}$/.test(code)) return null;
  return clean(Number(code.slice(0, -1)) * 10 ** Number(code.slice(-1)));
}

/**
 * A three-character EIA value code in a unit (pF for capacitors, µH or nH for inductors): "104" is 10 × 10⁴,
 * "4R7" 4.7, "R50" 0.5, "2N2" 2.2 (nH); a last digit 8 or 9 multiplies by 0.01 or 0.1 (KEMET's "109": 1.0 pF).
 */
function eiaCode(code: string, unit: number): number | null {
  const point = /^(\d*)[RN](\d*)$/.exec(code);
  if (point) return clean(Number(`${point[1] || '0'}.${point[2] || '0'}`) * unit);
  if (!/^\d{3}$/.test(code)) return null;
  const last = Number(code[2]);
  const exp = last === 8 ? -2 : last === 9 ? -1 : last;
  return clean(Number(code.slice(0, 2)) * 10 ** exp * unit);
}

const PF = 1e-12;

type Reading = Partial<PartParameters>;

function resistor(size: string | undefined, value: number | null, tol: string): Reading | null {
  if (!size || value === null) return null;
  return { kind: 'resistor', value, unit: 'Ω', package: size, tolerance: Number(R_TOL[tol] ?? NaN) || null };
}

function capacitor(
  size: string | undefined,
  code: string,
  tol: string,
  voltage: string | undefined,
  dielectric: string | undefined,
): Reading | null {
  const value = eiaCode(code, PF);
  if (!size || value === null) return null;
  return {
    kind: 'capacitor',
    value,
    unit: 'F',
    package: size,
    tolerance: C_TOL[tol] ? Number(C_TOL[tol]) : null,
    voltage: voltage ? Number(voltage) : null,
    dielectric: dielectric ?? null,
  };
}

function inductor(value: number | null, tol: string, size: string | null = null): Reading | null {
  if (value === null) return null;
  return { kind: 'inductor', value, unit: 'H', package: size, tolerance: L_TOL[tol] ? Number(L_TOL[tol]) : null };
}

const IMPERIAL = /^(01005|0201|0402|0603|0805|1206|1210|1812|2010|2220|2512)$/;
const imperial = (s: string): string | undefined => (IMPERIAL.test(s) ? s : undefined);

const ERJ_SIZE = table('1=0201 2=0402 3=0603 6=0805 8=1206 14=1210 12=2010 1T=2512');
const KOA_SIZE = table('1H=0201 1E=0402 1J=0603 2A=0805 2B=1206 2E=1210 2H=2010 3A=2512');
const ROHM_SIZE = table('006=0201 01=0402 03=0603 10=0805 18=1206 25=1210 50=2010 100=2512');

const MURATA_SIZE = table('02=01005 03=0201 15=0402 18=0603 21=0805 31=1206 32=1210 43=1812 55=2220');
const MURATA_DIELECTRIC = table('5C=C0G R7=X7R R6=X5R C7=X7S C8=X6S D7=X7T F5=Y5V');
/** Murata's and TDK's voltage codes (Murata writes 35 V as YA, TDK as 1V). */
const JIS_VOLTAGE = table('0E=2.5 0G=4 0J=6.3 1A=10 1C=16 1E=25 YA=35 1V=35 1H=50 2A=100 2D=200 2E=250 2J=630 3A=1000');
const SAMSUNG_SIZE = table('03=0201 05=0402 10=0603 21=0805 31=1206 32=1210 43=1812 55=2220');
const SAMSUNG_DIELECTRIC = table('C=C0G B=X7R A=X5R F=Y5V');
const SAMSUNG_VOLTAGE = table('R=4 Q=6.3 P=10 O=16 A=25 L=35 B=50 C=100 D=200 E=250 G=500 H=630 I=1000');
const KEMET_VOLTAGE = table('9=6.3 8=10 4=16 3=25 6=35 5=50 1=100 2=200 A=250');
const KEMET_DIELECTRIC = table('G=C0G R=X7R P=X5R V=Y5V U=Z5U');
const YAGEO_VOLTAGE = table('5=6.3 6=10 7=16 8=25 9=50 0=100');
const TAIYO_SIZE = table('063=0201 105=0402 107=0603 212=0805 316=1206 325=1210 432=1812');
const TAIYO_VOLTAGE = table('A=4 J=6.3 L=10 E=16 T=25 G=35 U=50 H=100 Q=250');
const TAIYO_DIELECTRIC = table('BJ=X5R B7=X7R C6=X6S C7=X7S CG=C0G F=Y5V');
const MURATA_INDUCTOR_SIZE = table('15=0402 18=0603 21=0805 2H=1008 31=1206');

/**
 * The capacitor makers' codes for voltage and dielectric, code → what it says: read here, and written by the
 * suggestions' series prefixes (src/suggest/series.ts) through `codeFor`.
 */
export const CAPACITOR_CODES = {
  murataDielectric: MURATA_DIELECTRIC,
  murataVoltage: JIS_VOLTAGE,
  samsungDielectric: SAMSUNG_DIELECTRIC,
  samsungVoltage: SAMSUNG_VOLTAGE,
  kemetVoltage: KEMET_VOLTAGE,
  kemetDielectric: KEMET_DIELECTRIC,
  tdkVoltage: JIS_VOLTAGE,
  yageoVoltage: YAGEO_VOLTAGE,
} as const;

/** The code of a maker's table that says `value` ("16" → "1C"); where two codes say it, the one `prefer` names. */
export function codeFor(
  codes: Readonly<Record<string, string>>,
  value: string,
  prefer: readonly string[] = [],
): string | null {
  const all = Object.keys(codes).filter((k) => codes[k] === value);
  return all.find((k) => prefer.includes(k)) ?? all[0] ?? null;
}

const V = '(\\d{3}|\\d[RN]\\d|R\\d{2})';

/** One maker's ordering code: the pattern, and what its groups say. */
interface Scheme {
  re: RegExp;
  read: (m: RegExpExecArray) => Reading | null;
}

const SCHEMES: Scheme[] = [
  // Yageo RC0603FR-0710KL: size, tolerance, reel, RKM value, L.
  {
    re: /^RC(\d{4})([BDFJ])R-?(?:07|10|13)([\dRKM]+)L/,
    read: (m) => resistor(imperial(m[1]), rkm(m[3]), m[2]),
  },
  // Vishay CRCW060310K0FKEA: size, four-character RKM value, tolerance.
  { re: /^CRCW(\d{4})([\dRKM]{4})([BDFJ])/, read: (m) => resistor(imperial(m[1]), rkm(m[2]), m[3]) },
  // Panasonic ERJ-3EKF1002V, ERJ-3GEYJ103V: size digit(s), series letters, tolerance, value code, packaging.
  {
    re: /^ERJ-?(1T|14|12|1|2|3|6|8)([A-Z]{1,3}?)([BDFJ])(\d{3,4}|\d*R\d+)[A-Z]$/,
    read: (m) => resistor(ERJ_SIZE[m[1]], resistanceCode(m[4]), m[3]),
  },
  // KOA RK73H1JTTD1002F (1 %), RK73B1JTTD103J (5 %).
  {
    re: /^RK73[HB](1H|1E|1J|2A|2B|2E|2H|3A)[A-Z]{2,3}?(\d{3,4}|\d*R\d+)([BDFJ])/,
    read: (m) => resistor(KOA_SIZE[m[1]], resistanceCode(m[2]), m[3]),
  },
  // Stackpole RMCF0603FT10K0.
  { re: /^RMCF(\d{4})([BDFJ])T([\dRKM]{2,5})/, read: (m) => resistor(imperial(m[1]), rkm(m[3]), m[2]) },
  // Rohm MCR03EZPFX1002 (1 %), MCR03EZPJ103 (5 %), MCR01MZPJ103.
  {
    re: /^MCR(006|01|03|10|18|25|50|100)[EM]Z[HP]([BDFJ])X?(\d{3,4}|\d*R\d+)/,
    read: (m) => resistor(ROHM_SIZE[m[1]], resistanceCode(m[3]), m[2]),
  },
  // Murata GRM188R71C104KA01D: size, height, dielectric, voltage, value, tolerance.
  {
    re: new RegExp(`^(?:GRM|GCM|GRT|GCJ|GJM|GQM)(\\d{2})\\w(\\w{2})(\\w{2})${V}([A-Z])`),
    read: (m) => capacitor(MURATA_SIZE[m[1]], m[4], m[5], JIS_VOLTAGE[m[3]], MURATA_DIELECTRIC[m[2]]),
  },
  // Samsung CL10B104KB8NNNC: size, dielectric, value, tolerance, voltage.
  {
    re: new RegExp(`^CL(\\d{2})([A-Z])${V}([A-Z])([A-Z])`),
    read: (m) => capacitor(SAMSUNG_SIZE[m[1]], m[3], m[4], SAMSUNG_VOLTAGE[m[5]], SAMSUNG_DIELECTRIC[m[2]]),
  },
  // KEMET C0603C104K5RACTU: size, C, value, tolerance, voltage, dielectric.
  {
    re: new RegExp(`^C(\\d{4})C${V}([A-Z])([0-9A])([A-Z])`),
    read: (m) => capacitor(imperial(m[1]), m[2], m[3], KEMET_VOLTAGE[m[4]], KEMET_DIELECTRIC[m[5]]),
  },
  // TDK C1608X7R1H104K080AA: metric size, dielectric, voltage, value, tolerance.
  {
    re: new RegExp(`^C(0603|1005|1608|2012|3216|3225|4532|5750)(C0G|X7R|X5R|X7S|X6S|X7T|X8R)(\\d[A-Z])${V}([A-Z])`),
    read: (m) => capacitor(METRIC_TO_IMPERIAL[m[1]], m[4], m[5], JIS_VOLTAGE[m[3]], m[2]),
  },
  // Yageo CC0603KRX7R9BB104: size, tolerance, packaging, dielectric, voltage, BB, value.
  {
    re: new RegExp(`^CC(\\d{4})([A-Z])[RKP](NPO|X7R|X5R|Y5V|X7S|X6S)(\\d)B[BN]${V}`),
    read: (m) => capacitor(imperial(m[1]), m[5], m[2], YAGEO_VOLTAGE[m[4]], m[3] === 'NPO' ? 'C0G' : m[3]),
  },
  // Taiyo Yuden EMK107BJ105KA-T: voltage letter, MK, size, dielectric, value, tolerance.
  {
    re: new RegExp(`^([AJLETGUHQ])[MVWX]K(063|105|107|212|316|325|432)(BJ|B7|C6|C7|CG|F)${V}([A-Z])`),
    read: (m) => capacitor(TAIYO_SIZE[m[2]], m[4], m[5], TAIYO_VOLTAGE[m[1]], TAIYO_DIELECTRIC[m[3]]),
  },
  // Murata LQM21PN2R2MGH (µH) and LQG15HS2N2S02D, LQW18AN10NG00 (nH).
  {
    re: new RegExp(`^LQ([MH])(\\w{2})[A-Z]{2}${V}([A-Z])`),
    read: (m) => inductor(eiaCode(m[3], 1e-6), m[4], m[1] === 'M' ? (MURATA_INDUCTOR_SIZE[m[2]] ?? null) : null),
  },
  {
    re: /^LQ[GW](15|18|21)[A-Z]{2}(\d+N\d*|\d{3})([A-Z])/,
    read: (m) => inductor(eiaCode(m[2], 1e-9), m[3], MURATA_INDUCTOR_SIZE[m[1]]),
  },
  // Bourns SRR1260-100M, SRN6045TA-4R7M: the value in µH.
  {
    re: new RegExp(`^(?:SRR|SRN|SRP|SRU|SDR)\\d{4}[A-Z]{0,2}-${V}([JKLMN])`),
    read: (m) => inductor(eiaCode(m[1], 1e-6), m[2]),
  },
  // Taiyo Yuden NR3015T4R7M, NRS4018T100MDGJ, CBC2518T100M: the value in µH.
  {
    re: new RegExp(`^(?:NR|NRS|NRH|NRV|CBC|CB|MCOIL)\\d{4}T${V}([JKLMN])`),
    read: (m) => inductor(eiaCode(m[1], 1e-6), m[2]),
  },
  // Coilcraft XAL4020-222MEB, LPS4018-103MRB: the value code in nH.
  {
    re: new RegExp(`^(?:XAL|XEL|XFL|LPS|MSS|LPD|SER)\\d{4}-${V}([JKLMN])`),
    read: (m) => inductor(eiaCode(m[1], 1e-9), m[2]),
  },
];

/** The parameters a passive's part number states, or null when it follows none of the schemes known here. */
export function readPassivePartNumber(partNumber: string): PartParameters | null {
  const key = partNumber.toUpperCase().replace(/\s+/g, '');
  for (const s of SCHEMES) {
    const m = s.re.exec(key);
    if (!m) continue;
    const read = s.read(m);
    if (read) return { ...EMPTY_PARAMETERS, ...read };
  }
  return null;
}
