/**
 * The data tables of the demo catalog: the part-number families of each manufacturer (resistors, capacitors, other
 * passives, discretes, ICs, modules, frequency control, connectors), written in the template language of template.ts.
 */
import { type Rng, zeroPadded } from './random';
import { type Container, type Family, pairedChoice, templateFamily } from './template';

const { floor } = Math;

const ZENER_N = ['2V4', '2V7', '3V0', '3V3', '3V6', '3V9', '4V3', '4V7', '5V1', '5V6', '6V2', '6V8', '7V5', '8V2', '9V1', '10', '11',
  '12', '13', '15', '16', '18', '20', '22', '24', '27', '30', '33', '36', '39'];
const ZENER = `{@${ZENER_N.join('|')}=${ZENER_N.map((z) => z.replace('V', '.')).join('|')}}`;
const TVSV = '{@5.0|6.0|6.5|7.0|8.0|9.0|10|12|13|15|18|20|22|24|26|28|30|33|36|40|43|48|51|58|64|70|85|100|120|150|170}';
const MHZ = '{@8.000|10.000|12.000|16.000|20.000|24.000|25.000|26.000|27.000|32.000|40.000|48.000|50.000|19.200|38.400|13.560|14.7456|11.0592}';

// ----- resistors

const E24 = [10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 43, 47, 51, 56, 62, 68, 75, 82, 91];
const E96 = [100, 102, 105, 107, 110, 113, 115, 118, 121, 124, 127, 130, 133, 137, 140, 143, 147, 150, 154, 158, 162, 165, 169,
  174, 178, 182, 187, 191, 196, 200, 205, 210, 215, 221, 226, 232, 237, 243, 249, 255, 261, 267, 274, 280, 287, 294, 301, 309, 316,
  324, 332, 340, 348, 357, 365, 374, 383, 392, 402, 412, 422, 432, 442, 453, 464, 475, 487, 499, 511, 523, 536, 549, 562, 576, 590,
  604, 619, 634, 649, 665, 681, 698, 715, 732, 750, 768, 787, 806, 825, 845, 866, 887, 909, 931, 953, 976];
const DECADES = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6];
const R_POWER: Record<string, string> = {
  '0201': '1/20W', '0402': '1/16W', '0603': '1/10W', '0805': '1/8W', '1206': '1/4W', '1210': '1/2W', '2010': '3/4W', '2512': '1W',
};
const R_SIZES = ['0201', '0402', '0402', '0402', '0603', '0603', '0603', '0603', '0805', '0805', '0805', '1206', '1206', '1210',
  '2010', '2512'];
const TOL_TEXT: Record<string, string> = { F: '1%', J: '5%', B: '0.1%', D: '0.5%' };

/** A resistance: three significant digits `m3` (100..999) times 10^(dec-2) ohms; `zero` for jumpers. */
interface RVal {
  m3: number;
  dec: number;
  zero: boolean;
}

function rParts(v: RVal): { int: string; frac: string; unit: string } {
  const unit = v.dec >= 6 ? 'M' : v.dec >= 3 ? 'K' : 'R';
  const p = v.dec - (unit === 'M' ? 6 : unit === 'K' ? 3 : 0);
  const s = String(v.m3);
  return { int: s.slice(0, p + 1), frac: s.slice(p + 1), unit };
}

/** `10K`, `4K7`, `49R9`, `100R`, `1M`. */
function rkm(v: RVal): string {
  const { int, frac, unit } = rParts(v);
  return int + unit + frac.replace(/0+$/, '');
}

/** Four characters: `10K0`, `4K70`, `49R9`, `100K`, `1M00`. */
function rkm4(v: RVal): string {
  const { int, frac, unit } = rParts(v);
  return int + unit + frac;
}

/** Three digits and a multiplier (`1002`); below 100 ohms `49R9`. */
function code4(v: RVal): string {
  return v.dec >= 2 ? `${v.m3}${v.dec - 2}` : rkm4(v);
}

/** Two digits and a multiplier (`103`); below 10 ohms `4R7`. */
function code3(v: RVal): string {
  const s2 = String(v.m3).slice(0, 2);
  return v.dec >= 1 ? `${s2}${v.dec - 1}` : `${s2[0]}R${s2[1]}`;
}

function ohmText(v: RVal): string {
  const { int, frac, unit } = rParts(v);
  const f = frac.replace(/0+$/, '');
  return `${int}${f ? `.${f}` : ''}${unit === 'R' ? '' : unit} OHM`;
}

function resistorValue(r: Rng, tol: string): RVal {
  const precise = tol !== 'J';
  return { m3: precise ? r.pick(E96) : r.pick(E24) * 10, dec: r.pick(DECADES), zero: false };
}

type ResFmt = (size: string, tol: string, v: RVal, r: Rng) => string[];

function resistorFamily(m: string, w: number, sizes: string, tols: string, fmt: ResFmt, jumper = false): Family {
  const allowed = sizes.split(' ');
  const pool = R_SIZES.filter((s) => allowed.includes(s));
  const tolList = tols.split('');
  return {
    mfrs: [m],
    w,
    gen(r) {
      const size = r.pick(pool.length ? pool : allowed);
      const tol = r.pick(tolList);
      const v: RVal = jumper && tol === 'J' && r.chance(0.05) ? { m3: 100, dec: 0, zero: true } : resistorValue(r, tol);
      const desc = v.zero
        ? `RES SMD 0 OHM JUMPER ${R_POWER[size]} ${size}`
        : `RES SMD ${ohmText(v)} ${TOL_TEXT[tol]} ${R_POWER[size]} ${size}`;
      return fmt(size, tol, v, r).map((pn) => ({ pn, cls: 'RES' as const, desc, pkg: size, cont: null }));
    },
  };
}

const ALL_R = '0201 0402 0603 0805 1206 1210 2010 2512';
const STD_R = '0402 0603 0805 1206';
const codeTable = (text: string): Record<string, string> =>
  Object.fromEntries(text.split(' ').map((kv) => kv.split('=') as [string, string]));
const ERJ = codeTable('0201=1GN/1GEJ/C 0402=2RK/2GEJ/X 0603=3EK/3GEYJ/V 0805=6EN/6GEYJ/V 1206=8EN/8GEYJ/V');
const KOA = codeTable('0402=1E 0603=1J 0805=2A 1206=2B 1210=2E 2010=2H 2512=3A');
const ROHM_R = codeTable('0402=01 0603=03 0805=10 1206=18');
const WALSIN_R = codeTable('0402=04 0603=06 0805=08 1206=12');
const RALEC_R = codeTable('0402=02 0603=03 0805=05 1206=06');
const FENG_R = codeTable('0402=05 0603=03 0805=06 1206=07');
const SUSU_RG = codeTable('0402=1005 0603=1608 0805=2012 1206=3216');
const SUSU_RR = codeTable('0402=0510 0603=0816 0805=1220');
const ERA = codeTable('0402=2 0603=3 0805=6 1206=8');

const RESISTORS: Family[] = [
  resistorFamily('YAG', 68, ALL_R, 'FFJ', (s, t, v, r) =>
    r.pick([['07'], ['07'], ['07', '13'], ['07', '10']]).map((pk) => `RC${s}${t}R-${pk}${v.zero ? '0R' : rkm(v)}L`), true),
  resistorFamily('YAG', 8, STD_R, 'F', (s, _t, v) => [`AC${s}FR-07${rkm(v)}L`]),
  resistorFamily('YAG', 6, STD_R, 'B', (s, _t, v, r) => [`RT${s}BR${r.pick(['D', 'E'])}07${rkm(v)}L`]),
  resistorFamily('PAN', 24, '0201 0402 0603 0805 1206', 'FFJ', (s, t, v) => {
    const [f, j, end] = ERJ[s].split('/');
    if (t === 'F') return [`ERJ-${f}F${code4(v)}${end}`];
    return [v.zero ? `ERJ-${j.slice(0, -1)}0R00${end}` : `ERJ-${j}${code3(v)}${end}`];
  }, true),
  resistorFamily('PAN', 6, STD_R, 'B', (s, _t, v) => [`ERA-${ERA[s]}AEB${code4(v)}${s === '0402' ? 'X' : 'V'}`]),
  resistorFamily('VISH', 24, ALL_R, 'FFJ', (s, t, v, r) => {
    if (v.zero) return [`CRCW${s}0000Z0EA`];
    const pk = r.pick([['EA'], ['EA'], ['EA', 'EB'], ['ED']]);
    return pk.map((x) => `CRCW${s}${rkm4(v)}${t === 'F' ? 'FK' : 'JN'}${x}`);
  }, true),
  resistorFamily('VISH', 6, STD_R, 'B', (s, _t, v) => [`TNPW${s}${rkm4(v)}BEEA`]),
  resistorFamily('STACK', 20, ALL_R, 'FFJ', (s, t, v) => [v.zero ? `RMCF${s}ZT0R00` : `RMCF${s}${t}T${rkm4(v)}`], true),
  resistorFamily('STACK', 6, STD_R, 'F', (s, _t, v) => [`RNCP${s}FTD${rkm4(v)}`]),
  resistorFamily('KOA', 10, '0402 0603 0805 1206 1210 2010 2512', 'FJ', (s, t, v) =>
    [t === 'F' ? `RK73H${KOA[s]}TTD${code4(v)}F` : `RK73B${KOA[s]}TTD${code3(v)}J`]),
  resistorFamily('ROHM', 10, STD_R, 'FJ', (s, t, v) =>
    [t === 'F' ? `MCR${ROHM_R[s]}EZPFX${code4(v)}` : `MCR${ROHM_R[s]}EZPJ${code3(v)}`]),
  resistorFamily('BOURNS', 10, ALL_R, 'FJ', (s, t, v) => [t === 'F' ? `CR${s}-FX-${code4(v)}ELF` : `CR${s}-JW-${code3(v)}ELF`]),
  resistorFamily('WALS', 8, STD_R, 'FJ', (s, t, v) =>
    [t === 'F' ? `WR${WALSIN_R[s]}X${code4(v)}FTL` : `WR${WALSIN_R[s]}X${code3(v)} JTL`]),
  resistorFamily('UNIOH', 8, STD_R, 'FJ', (s, t, v) =>
    [`${s}${s === '0402' ? 'WG' : 'WA'}${t}${t === 'F' ? code4(v) : `0${code3(v)}`}${s === '0402' ? 'TCE' : 'T5E'}`]),
  resistorFamily('RALEC', 6, STD_R, 'FJ', (s, t, v) => [`RTT${RALEC_R[s]}${t === 'F' ? code4(v) : code3(v)}${t}TP`]),
  resistorFamily('FENG', 6, STD_R, 'FJ', (s, t, v) => [`RS-${FENG_R[s]}K${t === 'F' ? code4(v) : code3(v)}${t}T`]),
  resistorFamily('VIKI', 6, STD_R, 'FJ', (s, t, v, r) => [`CR-${RALEC_R[s]}${t}L${r.pick(['7', '8'])}--${rkm(v)}`]),
  resistorFamily('TE', 6, ALL_R, 'FJ', (s, t, v, r) => [`${r.pick(['CRG', 'CRG', 'CRGCQ'])}${s}${t}${rkm(v)}`]),
  resistorFamily('SUSU', 6, STD_R, 'B', (s, _t, v) => [`RG${SUSU_RG[s]}P-${code4(v)}-B-T5`]),
  resistorFamily('SUSU', 4, '0402 0603 0805', 'D', (s, _t, v) => [`RR${SUSU_RR[s]}P-${code4(v)}-D`]),
  resistorFamily('TTE', 4, '0805 1206 2010 2512', 'FJ', (s, t, v) => [`PWC${s}-${rkm(v)}${t}`]),
  templateFamily('VISH', 'RESP', 3, 'WSL{@0805|1206|2010|2512=1/8W 0805|1/4W 1206|1/2W 2010|1W 2512}R{@0100|0050|0200|0500|1000|0250|0010|0030=0.01|0.005|0.02|0.05|0.1|0.025|0.001|0.003}FEA',
    'RES $2 OHM 1% $1', { v: ';~18;' }),
  templateFamily('OHMITE', 'RESP', 3, 'LVK{@12|20|24|25=1/2W 1206|1W 2010|1W 2512|2W 2512}R{@010|020|025|050|100|005|002=0.01|0.02|0.025|0.05|0.1|0.005|0.002}{D|F}ER',
    'RES $2 OHM {0.5%|1%} $1'),
  templateFamily('OHMITE', 'RES', 2, 'HVC{1206|2010|2512}{T|Z}{1004|5004|1005|1006|2504|1007}{F|J}ET', 'RES SMD {1M|5M|10M|100M|2.5M} OHM {1%|5%} HIGH VOLT {1206|2010|2512}'),
  templateFamily('TTE', 'RESP', 2, 'LRMAP{@1206|2010|2512=1/2W 1206|1W 2010|2W 2512}-R{@005|01|02|05|1=0.005|0.01|0.02|0.05|0.1}FT4', 'RES $2 OHM 1% $1'),
  templateFamily('STACK', 'RESP', 2, 'CSR{@0603|0805|1206|2010|2512=1/10W 0603|1/8W 0805|1/4W 1206|3/4W 2010|1W 2512}{F|J}T{@R010|R020|R050|R100|R005|R015|R033=0.01|0.02|0.05|0.1|0.005|0.015|0.033}',
    'RES $2 OHM 1% $1'),
  templateFamily('KOA', 'RESP', 2, 'SL{@1|2|3=1W 1206|1.5W 2010|2W 2512}TTE{@R010|R020|R050|R100|R005=0.01|0.02|0.05|0.1|0.005}F', 'RES $2 OHM 1% $1'),
  templateFamily('BOURNS', 'RES', 2, 'CAT16-{@103|102|472|473|101|104|220|330|222|103=10K|1K|4.7K|47K|100|100K|22|33|2.2K|10K}J4{LF|}', 'RES ARRAY 4 RES $1 OHM 1206'),
  templateFamily('BOURNS', 'POT', 4, '3296{W|Y|X|P}-1-{@101|201|501|102|202|502|103|203|503|104|204|504|105=100|200|500|1K|2K|5K|10K|20K|50K|100K|200K|500K|1M}LF',
    'TRIMMER $1 OHM 0.5W PC PIN TOP'),
  templateFamily('BOURNS', 'POT', 3, '3362{P|U|W|X|H}-1-{@101|201|501|102|202|502|103|203|503|104|204|504|105=100|200|500|1K|2K|5K|10K|20K|50K|100K|200K|500K|1M}LF',
    'TRIMMER $1 OHM 0.5W PC PIN {TOP|SIDE}'),
  templateFamily('BOURNS', 'POT', 3, 'PTV{09A|111|112|09A-2}-{4015|4020|4025|2015|4220}{F|U|K}-{A|B}{@103|104|102|502|503|105|203=10K|100K|1K|5K|50K|1M|20K}',
    'POT $1 OHM 1/20W CARBON LINEAR'),
  templateFamily('BOURNS', 'SW', 2, 'PEC{11R|12R|11L|16}-{4215|4220|4225|4020|4120|2215}{F|K}-{S0024|N0024|S0012|N0012|H0015}', 'ROTARY ENCODER MECHANICAL {12|15|24}PPR'),
  templateFamily('BOURNS', 'IND', 4, 'SRR{1260|1210|6028|4028|1208|7045|0604|3818}-{@1R0|2R2|4R7|100|220|330|470|101|6R8|150=1UH|2.2UH|4.7UH|10UH|22UH|33UH|47UH|100UH|6.8UH|15UH}{M|Y}',
    'FIXED IND $1 {1A|2A|3.5A|5A|8A} {25|40|60|90} MOHM SMD'),
  templateFamily('BOURNS', 'IND', 3, 'SRN{4018|6045|8040|3015|5040|2512}-{@1R0|2R2|4R7|100|220|330|470|101=1UH|2.2UH|4.7UH|10UH|22UH|33UH|47UH|100UH}M',
    'FIXED IND $1 {1.1A|1.8A|2.5A|3.4A} SEMI-SHIELD SMD'),
  templateFamily('BOURNS', 'TVS', 2, `{SMBJ|SMAJ|SMCJ}${TVSV}{A|CA}`, 'TVS DIODE $1VWM {SMB|SMA|SMC}', { v: ';;-Q' }),
  templateFamily('BOURNS', 'TVS', 1, 'CDSOT23-{SM712|SR208|T05C|T12C|T24CAN|T36C|SM05|T15C}', 'TVS DIODE {5|7|12|15|24|36}VWM SOT-23'),
  templateFamily('BOURNS', 'FUSE', 3, 'MF-{MSMF|NSMF|PSMF|SM|USMF|FSMF|LSMF}{@005|010|014|020|030|050|075|110|150|200|250|260=50MA|100MA|140MA|200MA|300MA|500MA|750MA|1.1A|1.5A|2A|2.5A|2.6A}{|-2|X-2|/16-2|/24-2}',
    'PTC RESET FUSE {6|8|15|16|24|30|60}V $1 {0603|0805|1206|1812|2920}'),
];

// ----- ceramic capacitors

interface CVal {
  mm: number;
  x: number;
  diel: 'C0G' | 'X7R' | 'X5R';
  volt: string;
  tol: string;
}

const E6 = [10, 15, 22, 33, 47, 68];
const E12 = [10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82];
const C_SIZES = ['0201', '0402', '0402', '0402', '0603', '0603', '0603', '0805', '0805', '1206', '1210'];

function capacitorValue(r: Rng, size: string): CVal {
  const small = size === '0201' || size === '0402';
  const big = size === '1206' || size === '1210' || size === '0805';
  const diel = r.pick(['X7R', 'X7R', 'X7R', 'X5R', 'X5R', 'C0G', 'C0G'] as const);
  if (diel === 'C0G') {
    const x = r.int(-1, small ? 2 : 3);
    return { mm: r.pick(E12), x, diel, volt: r.pick(['50', '50', '25', '100']), tol: x < 0 ? 'C' : 'J' };
  }
  if (diel === 'X7R') {
    const x = r.int(2, small ? 4 : big ? 6 : 5);
    return { mm: r.pick(E6), x, diel, volt: x >= 5 ? r.pick(['10', '16', '25']) : r.pick(['16', '25', '50', '50', '100']), tol: 'K' };
  }
  const x = r.int(4, small ? 5 : big ? 7 : 6);
  return { mm: r.pick(E6), x, diel, volt: r.pick(['6.3', '10', '10', '16', '25', '35']), tol: r.pick(['K', 'M']) };
}

function capCode(c: CVal): string {
  return c.x >= 0 ? `${c.mm}${c.x}` : `${floor(c.mm / 10)}R${c.mm % 10}`;
}

function capText(c: CVal): string {
  if (c.x < 0) return `${c.mm / 10}PF`;
  if (c.x <= 2) return `${c.mm * 10 ** c.x}PF`;
  return `${Number((c.mm * 10 ** (c.x - 6)).toPrecision(2))}UF`;
}

type CapFmt = (size: string, c: CVal, r: Rng) => string[];

function capacitorFamily(m: string, w: number, sizes: string, fmt: CapFmt): Family {
  const allowed = sizes.split(' ');
  const pool = C_SIZES.filter((s) => allowed.includes(s));
  return {
    mfrs: [m],
    w,
    gen(r) {
      const size = r.pick(pool);
      const c = capacitorValue(r, size);
      const desc = `CAP CER ${capText(c)} ${c.volt}V ${c.diel === 'C0G' ? 'C0G/NP0' : c.diel} ${size}`;
      return fmt(size, c, r).map((pn) => ({ pn, cls: 'CAP' as const, desc, pkg: size, cont: null }));
    },
  };
}

const MUR_SZ = codeTable('0201=03/3 0402=15/5 0603=18/8 0805=21/B 1206=31/M 1210=32/E');
const MUR_D = { C0G: '5C', X7R: 'R7', X5R: 'R6' };
const MUR_V = codeTable('6.3=0J 10=1A 16=1C 25=1E 35=YA 50=1H 100=2A');
const SAM_SZ = codeTable('0402=05/5 0603=10/8 0805=21/F 1206=31/H 1210=32/J');
const SAM_D = { C0G: 'C', X7R: 'B', X5R: 'A' };
const SAM_V = codeTable('6.3=Q 10=P 16=O 25=A 35=L 50=B 100=C');
const KEM_V = codeTable('6.3=9 10=8 16=4 25=3 35=6 50=5 100=1');
const KEM_D = { C0G: 'G', X7R: 'R', X5R: 'P' };
const TDK_SZ = codeTable('0402=1005/050 0603=1608/080 0805=2012/125 1206=3216/160 1210=3225/250');
const TDK_V = codeTable('6.3=0J 10=1A 16=1C 25=1E 35=1V 50=1H 100=2A');
const AVX_V = codeTable('6.3=6 10=Z 16=Y 25=3 35=D 50=5 100=1');
const AVX_D = { C0G: 'A', X7R: 'C', X5R: 'D' };
const TY_V = codeTable('6.3=J 10=L 16=E 25=T 35=G 50=U 100=H');
const TY_SZ = codeTable('0402=105 0603=107 0805=212 1206=316');
const TY_D = { C0G: 'CG', X7R: 'B7', X5R: 'BJ' };
const YC_V = codeTable('6.3=5 10=6 16=7 25=8 50=9 100=0');
const YC_D = { C0G: 'NPO', X7R: 'X7R', X5R: 'X5R' };
const WA_V = codeTable('6.3=6R3 10=100 16=160 25=250 35=350 50=500 100=101');
const WA_D = { C0G: 'N', X7R: 'B', X5R: 'X' };
const KYO_SZ = codeTable('0402=05 0603=105 0805=21 1206=316');
const KYO_D = { C0G: 'CG', X7R: 'X7R', X5R: 'X5R' };
const KYO_V = codeTable('6.3=06 10=10 16=16 25=25 35=35 50=50 100=100');

const CAPACITORS: Family[] = [
  capacitorFamily('MUR', 39, '0201 0402 0603 0805 1206 1210', (s, c, r) => {
    const [sz, h] = MUR_SZ[s].split('/');
    const base = `${r.chance(0.15) ? 'GCM' : 'GRM'}${sz}${h}${MUR_D[c.diel]}${MUR_V[c.volt]}${capCode(c)}${c.tol}A${r.pick(['01', '88', '57', '19', '15', '22', '12', '55', '02', '93'])}`;
    const pk = s === '0201' || s === '0402' || s === '0603' ? r.pick([['D'], ['D'], ['D', 'J']]) : r.pick([['L'], ['L', 'K']]);
    return pk.map((x) => base + x);
  }),
  capacitorFamily('SAM', 24, '0402 0603 0805 1206 1210', (s, c, r) => {
    const [sz, th] = SAM_SZ[s].split('/');
    const base = `CL${sz}${SAM_D[c.diel]}${capCode(c)}${c.tol}${SAM_V[c.volt]}${th}NN${r.pick(['N', 'N', 'W'])}`;
    return r.pick([['C'], ['C'], ['C', 'D'], ['E']]).map((x) => base + x);
  }),
  capacitorFamily('KEM', 18, '0402 0603 0805 1206 1210', (s, c, r) => {
    const base = `C${s}C${capCode(c)}${c.tol}${KEM_V[c.volt]}${KEM_D[c.diel]}AC`;
    return r.pick([['TU'], ['TU'], ['TU', '7411'], ['AUTO']]).map((x) => base + x);
  }),
  capacitorFamily('TDK', 18, '0402 0603 0805 1206 1210', (s, c, r) => {
    const [sz, th] = TDK_SZ[s].split('/');
    const base = `C${sz}${c.diel}${TDK_V[c.volt]}${capCode(c)}${c.tol}${th}A`;
    return r.pick([['A'], ['A'], ['A', 'B']]).map((x) => base + x);
  }),
  capacitorFamily('AVX', 12, '0402 0603 0805 1206 1210', (s, c, r) => {
    const base = `${s}${AVX_V[c.volt]}${AVX_D[c.diel]}${capCode(c)}${c.tol}AT`;
    return r.pick([['2A'], ['2A', '4A']]).map((x) => base + x);
  }),
  capacitorFamily('TAIYO', 10, '0402 0603 0805 1206', (s, c, r) => [
    `${TY_V[c.volt]}MK${TY_SZ[s]}${TY_D[c.diel]}${capCode(c)}${c.tol}${c.diel === 'C0G' ? 'V-F' : r.pick(['A-T', 'V-T', 'D-T'])}`,
  ]),
  capacitorFamily('YAG', 15, '0201 0402 0603 0805 1206', (s, c, r) =>
    YC_V[c.volt] === undefined ? [] : r.pick([['R'], ['R', 'P']]).map((p) => `CC${s}${c.tol}${p}${YC_D[c.diel]}${YC_V[c.volt]}BB${capCode(c)}`)),
  capacitorFamily('WALS', 6, '0402 0603 0805 1206', (s, c) => [`${s}${WA_D[c.diel]}${capCode(c)}${c.tol}${WA_V[c.volt]}CT`]),
  capacitorFamily('FENG', 4, '0402 0603 0805 1206', (s, c) =>
    [`${s}${c.diel === 'C0G' ? 'CG' : WA_D[c.diel]}${capCode(c)}${c.tol}${WA_V[c.volt]}NT`]),
  capacitorFamily('KYO', 4, '0402 0603 0805 1206', (s, c) => [`CM${KYO_SZ[s]}${KYO_D[c.diel]}${capCode(c)}${c.tol}${KYO_V[c.volt]}AT`]),
];

// ----- other passives

const PASSIVES: Family[] = [
  // Electrolytic, tantalum, film and polymer capacitors
  templateFamily('PAN', 'CAPE', 5, 'EEE-{FK|FT|FN|HA|TP|FP|TG|FC}{@0J|1A|1C|1E|1V|1H|1J|2A=6.3V|10V|16V|25V|35V|50V|63V|100V}{@101|220|221|470|471|102|330|331|100|4R7|681|151=100UF|22UF|220UF|47UF|470UF|1000UF|33UF|330UF|10UF|4.7UF|680UF|150UF}{P|XP|AP|V}',
    'CAP ALUM $2 20% $1 SMD'),
  templateFamily('PAN', 'CAPE', 3, 'EEU-{FR|FC|FM|FS|EB|HD|FK|FN}{@0J|1A|1C|1E|1V|1H|1J|2A=6.3V|10V|16V|25V|35V|50V|63V|100V}{@101|220|221|470|471|102|330|331|152|122=100UF|22UF|220UF|47UF|470UF|1000UF|33UF|330UF|1500UF|1200UF}{|L|B|H}',
    'CAP ALUM $2 20% $1 RADIAL', { cont: 'bulk' }),
  templateFamily('PAN', 'CAPE', 2, 'EEF-{CX|SX|CT|CD|UD|UE|GX}0{@D|E|J=2V|2.5V|6.3V}{@101|151|221|271|331|471=100UF|150UF|220UF|270UF|330UF|470UF}{R|XE|YR|E4|XR}',
    'CAP ALUM POLY $2 20% $1 SMD'),
  templateFamily('PAN', 'CAPE', 2, 'ECW-F{@2|4|6=250V|450V|630V}{@104|224|474|105|683|333|154=0.1UF|0.22UF|0.47UF|1UF|0.068UF|0.033UF|0.15UF}{JA|JAQ|HAB|JAB}',
    'CAP FILM $2 5% $1DC RADIAL', { cont: 'bulk' }),
  templateFamily('NICH', 'CAPE', 5, 'U{WT|WX|CD|CZ|UD|UX|WF|CW}{@0J|1A|1C|1E|1V|1H|1J|2A=6.3V|10V|16V|25V|35V|50V|63V|100V}{@101|220|221|470|471|102|330|331|100=100UF|22UF|220UF|47UF|470UF|1000UF|33UF|330UF|10UF}M{CL|NS|CR}{1GS|2GS|6GS|1GB}',
    'CAP ALUM $2 20% $1 SMD'),
  templateFamily('NICH', 'CAPE', 4, 'U{VR|HE|PW|VZ|PM|HW|KW|VY|VK}{@0J|1A|1C|1E|1V|1H|1J|2A=6.3V|10V|16V|25V|35V|50V|63V|100V}{@101|220|221|470|471|102|330|331|100=100UF|22UF|220UF|47UF|470UF|1000UF|33UF|330UF|10UF}M{PD|ED|HD|PD1TD|HD6|PD6}',
    'CAP ALUM $2 20% $1 RADIAL', { cont: 'bulk' }),
  templateFamily('RUBY', 'CAPE', 4, '{@6.3|10|16|25|35|50|63|100}{ZLH|YXF|ZLJ|ZL|YXJ|ZLQ|PX|ZLK}{@10|22|33|47|100|220|330|470|1000}M{EFC|EFR|EFCG|EFC5}{5X11|6.3X11|8X11.5|10X12.5|10X16|10X20|12.5X20}',
    'CAP ALUM $2UF 20% $1V RADIAL', { cont: 'bulk' }),
  templateFamily('CHEMI', 'CAPE', 4, 'E{MZA|MVY|MVZ|MVE|MZJ|MHB}{@6R3|100|160|250|350|500|630=6.3V|10V|16V|25V|35V|50V|63V}ADA{@100|220|470|101|221|471|331=10UF|22UF|47UF|100UF|220UF|470UF|330UF}M{F80|F61|HA0|JA0|E55|D60}G',
    'CAP ALUM $2 20% $1 SMD'),
  templateFamily('CHEMI', 'CAPE', 3, 'EKZ{E|N|M}{@6R3|100|160|250|350|500|630=6.3V|10V|16V|25V|35V|50V|63V}{E|}LL{@101|221|471|102|331=100UF|220UF|470UF|1000UF|330UF}M{H15D|J20S|HB5D|JC5S|L20S}',
    'CAP ALUM $2 20% $1 RADIAL', { cont: 'bulk' }),
  templateFamily('ELNA', 'CAPE', 3, 'R{V2|VE|VS|BD|A2}-{@6.3|10|16|25|35|50}V{@100|220|470|101|221|471|102=10UF|22UF|47UF|100UF|220UF|470UF|1000UF}M{-R|F55-R|F80-R|G-R2|H10-R}',
    'CAP ALUM $2 20% $1V SMD'),
  templateFamily('WIMA', 'CAPE', 4, 'MK{S2|S4|P10|S3|P4}{@B|C|D|E|F|G|J=50V|63V|100V|250V|400V|630V|1000V}0{@2100|3100|3220|3470|4100|4220|4470|5100|2470|2220=0.001UF|0.01UF|0.022UF|0.047UF|0.1UF|0.22UF|0.47UF|1UF|0.0047UF|0.0022UF}{0|1}{A00|B00|C00|E00|F00|G00}{KSSD|JSSD|MSSD|KI00}',
    'CAP FILM $2 10% $1DC RADIAL', { cont: 'bulk' }),
  templateFamily('EPCOS', 'CAPE', 3, 'B32{529|520|521|522|560|652|653|672|922|923}{C|D|E|A}{0|1|3|6}{@104|224|474|105|103|473|334=0.1UF|0.22UF|0.47UF|1UF|0.01UF|0.047UF|0.33UF}{J|K|M}{000|189|289|008}',
    'CAP FILM $1 {5|10|20}% {63|100|250|305|400|630}V RADIAL', { cont: 'bulk' }),
  templateFamily('KEM', 'CAPE', 5, 'T491{@A|B|C|D|X=1206|1411|2312|2917|2917}{@105|475|106|226|476|107|335|685|156|337=1UF|4.7UF|10UF|22UF|47UF|100UF|3.3UF|6.8UF|15UF|330UF}{K|M}{@004|006|010|016|020|025|035|050=4V|6.3V|10V|16V|20V|25V|35V|50V}AT',
    'CAP TANT $2 {10|20}% $3 $1'),
  templateFamily('KEM', 'CAPE', 3, 'T52{0|1|5|0V}{B|D|V|Y}{@107|227|337|477|157|686=100UF|220UF|330UF|470UF|150UF|68UF}M{@2R5|004|006|010|016|025=2.5V|4V|6.3V|10V|16V|25V}A{TE|HE}{015|025|040|045|012|009}',
    'CAP TANT POLY $1 20% $2 {1411|2917|2917|7343}'),
  templateFamily('KEM', 'CAPE', 2, '{ESK|EDK|ESH|ELH|EEU|A700}{@106|226|476|107|227|477|108=10UF|22UF|47UF|100UF|220UF|470UF|1000UF}M{@010|016|025|035|050|063|100=10V|16V|25V|35V|50V|63V|100V}{A|AE|AG|AC}{2AA|3AA|3EA|3GA|4AA|1AA}',
    'CAP ALUM $1 20% $2 RADIAL', { cont: 'bulk' }),
  templateFamily('KEM', 'CAPE', 2, 'R{82|46|76|60|75}{D|E|K|M|I|Q}{C|I|R}{3100|2470|3220|3470|4100|2100|3330}{AA|DQ|DH|Q}{60|50|30|00}K', 'CAP FILM {0.1|0.047|0.22|0.47|1|0.01|0.33}UF 10% {63|100|250|400|630}VDC RADIAL', { cont: 'bulk' }),
  templateFamily('AVX', 'CAPE', 5, 'TAJ{@A|B|C|D|E=1206|1411|2312|2917|2917}{@105|475|106|226|476|107|335|685|156|337=1UF|4.7UF|10UF|22UF|47UF|100UF|3.3UF|6.8UF|15UF|330UF}{K|M}{@004|006|010|016|020|025|035=4V|6.3V|10V|16V|20V|25V|35V}{RNJ|RJ2|RNJV}',
    'CAP TANT $2 {10|20}% $3 $1'),
  templateFamily('AVX', 'CAPE', 2, 'TPS{A|B|C|D|E}{@106|226|476|107|227|337|477=10UF|22UF|47UF|100UF|220UF|330UF|470UF}{K|M}{@006|010|016|025|035=6.3V|10V|16V|25V|35V}R{0100|0200|0125|0250|0400|0900}',
    'CAP TANT $1 {10|20}% $2 {1206|1411|2312|2917}'),
  templateFamily('AVX', 'TVS', 2, 'VC{0805|0603|1206|0402}{@05|14|18|26|31|48=5.6|14|18|26|31|48}{A|D|L}{150|300|400|500|650}{DP|RP|WP|DPH}', 'VARISTOR $1V {30|100|150|250}A {0805|0603|1206|0402}'),
  templateFamily('VISH', 'CAPE', 4, '293D{@105|475|106|226|476|107|335|685|156|337=1UF|4.7UF|10UF|22UF|47UF|100UF|3.3UF|6.8UF|15UF|330UF}X{@9004|9006|9010|9016|9020|9025|0035=4V|6.3V|10V|16V|20V|25V|35V}{A|B|C|D|E}2{TE3|WE3|T}',
    'CAP TANT $1 10% $2 {1206|1411|2312|2917}'),
  templateFamily('CORNE', 'CAPE', 5, '{381LX|380LX|SLPX|381LR|SLP|MLP|DCMC|AFK|AVS|ESRE}{@471|102|222|331|681|152|221|101|471=470UF|1000UF|2200UF|330UF|680UF|1500UF|220UF|100UF|470UF}M{@200|250|400|450|035|063|100|160=200V|250V|400V|450V|35V|63V|100V|160V}{K022|A032|H032|K052|C1B|B022|A052|K032}',
    'CAP ALUM $1 20% $2 SNAP', { cont: 'bulk' }),
  templateFamily('CORNE', 'CAPE', 2, '{940C|941C|942C|DME|CDV|MMWA|935C}{@6|12|20|16|30=600V|1200V|2000V|1600V|3000V}{P|S|W}{@1|2|4|33=0.1|0.2|0.4|0.33}K{-F|}', 'CAP FILM $2UF 10% $1 AXIAL', { cont: 'bulk' }),
  templateFamily('ILLC', 'CAPE', 5, '{@107|476|227|477|106|226|108|337|228=100UF|47UF|220UF|470UF|10UF|22UF|1000UF|330UF|2200UF}{RZM|CKS|LBA|RZS|TTH|LPV|CKE|AVSZ|KMG}{@010|016|025|035|050|063|100|200|400=10V|16V|25V|35V|50V|63V|100V|200V|400V}M{|R|E}',
    'CAP ALUM $1 20% $2 RADIAL', { cont: 'bulk' }),
  templateFamily('EATON', 'CAPE', 3, '{HV|PHV|KR|PM|HB}{0810|1020|1325|1016|0820|1235|1625|1840}-2R{7|5}{@105|505|106|256|335|405|107|506=1F|5F|10F|25F|3.3F|4F|100F|50F}-R',
    'CAP $1 -10% +30% 2.7V T/H EDLC', { cont: 'bulk' }),
  // Inductors and ferrites
  templateFamily('MUR', 'IND', 5, 'LQ{M21PN|M18PN|M2HPN|H3NPN|H32PN|H43PN|W15AN|W18AN|G15HS|P03TN|G18HN}{@1R0|2R2|4R7|100|220|R47|3N3|10N|22N|47N|3R3|6R8=1UH|2.2UH|4.7UH|10UH|22UH|0.47UH|3.3NH|10NH|22NH|47NH|3.3UH|6.8UH}{M|N|J|G|H|C}{C0|00|J0|G0|E0|Z0|80}{D|L|K|B}',
    'FIXED IND $1 {50MA|150MA|600MA|1A|2A} {0402|0603|0805|1008|1210} SMD'),
  templateFamily('MUR', 'FERR', 5, 'BLM{@18AG|15AX|18PG|21PG|18KG|15HD|31PG|18SG|03AX|15PD|21SP|18BB=0603|0402|0603|0805|0603|0402|1206|0603|0201|0402|0805|0603}{@601|102|221|331|121|471|600|300|181|152=600|1000|220|330|120|470|60|30|180|1500}{SN|SZ|BB|SH|SJ|BH}1{D|J}',
    'FERRITE BEAD $2 OHM $1 1LN'),
  templateFamily('MUR', 'THERM', 3, 'NCP{15|18|03|21}{XH|WF|WB|XV|XW|WM}{@103|104|473|682|223|472|333|101=10K|100K|47K|6.8K|22K|4.7K|33K|100}{F|J|D|E}03RC', 'THERMISTOR NTC $1 OHM {3380K|3435K|4250K|4050K} {0402|0603|0201|0805}'),
  templateFamily('MUR', 'AUD', 3, '{PKLCS1212E4001|PKLCS1212E40A1|PKLCS1212E2000|PKMCS0909E4000|PKM13EPYH4000|PKM17EWH4000|PKM22EPPH4001|PKLCS1212E24A0|PKMCS0909E4000|PKM13EPYH4002}{-R1|-A0|-B0|}',
    'AUDIO PIEZO {TRANSDUCER|BUZZER} {3|5|9|12}V SMD'),
  templateFamily('MUR', 'XTAL', 3, 'CST{NE|CE|CR|LS}{@8M00|10M0|12M0|16M0|20M0|24M0|4M00|6M00|25M0|32M0=8|10|12|16|20|24|4|6|25|32}G{55|52|53|15|H5}{Z|C|A}{000|0R0|00R0|000R0}',
    'CER RESONATOR $1.00MHZ {15|33|39|47}PF SMD'),
  templateFamily('MUR', 'SENS', 2, 'SCA{3300-D01|3400-D01|3000-D01|1000-D02|2100-D02|830-D07|820-D04|3300-D01-1}{|-004|-1|-PCB}', 'ACCELEROMETER {X|X, Y|X, Y, Z} AXIS {±1.5G|±6G|±1.2G} SPI 12SOIC'),
  templateFamily('TDK', 'IND', 5, 'MLZ{2012|1608|1005|2016}{@N1R0|N2R2|N4R7|N100|M100|N220|A1R0|M4R7=1UH|2.2UH|4.7UH|10UH|10UH|22UH|1UH|4.7UH}{L|W|H}{T000|TD25|T0A1}',
    'FIXED IND $1 {70MA|150MA|300MA|550MA} {0805|0603|0402} SMD'),
  templateFamily('TDK', 'IND', 4, 'VLS{3015|4012|4018|5045|3012|6045|2012|252012}{ET|EX|CX|HBX|EF|T}-{@1R0|2R2|4R7|100|220|3R3|6R8|150|470=1UH|2.2UH|4.7UH|10UH|22UH|3.3UH|6.8UH|15UH|47UH}{M|N}{|-CA|-H}',
    'FIXED IND $1 {0.9A|1.3A|2A|3.2A} SHIELDED SMD'),
  templateFamily('TDK', 'FERR', 4, 'MPZ{@1608|2012|1005|0603=0603|0805|0402|0201}{S|Y|D}{@221|601|102|121|300|471|101|152=220|600|1000|120|30|470|100|1500}{A|B|C|H}{TAH0|T000|TD25|TA0A}',
    'FERRITE BEAD $2 OHM $1 1LN'),
  templateFamily('TDK', 'FERR', 2, 'ACM{2012|4520|7060|9070|3225}-{@900|361|102|201|231|262|301|601=90|360|1000|200|230|2600|300|600}-{2P|3P|2PL}-T{000|001|L00}', 'CMC $1 OHM {2|3}LN SMD'),
  templateFamily('TDK', 'THERM', 2, 'NTCG{103JF103FT1|104EF104FT1|163JF103FT1|103JX103DT1|203JH103FT1|104LH104JT1|103EF103FT1|063JF103FT|104BF104FT1|164BH473JT1}{|S|T}', 'THERMISTOR NTC {10K|100K|47K} OHM {3435K|4250K|3380K} {0603|0402|0201}'),
  templateFamily('TAIYO', 'IND', 4, 'NR{S4018|S5020|S6045|S2012|S3015|S4012|S8040|S5024}T{@1R0|2R2|4R7|100|220|330|470|101|3R3|6R8=1UH|2.2UH|4.7UH|10UH|22UH|33UH|47UH|100UH|3.3UH|6.8UH}{M|N}{D|M|N}{GJ|GJV|HV|GK}',
    'FIXED IND $1 {0.95A|1.2A|2.1A|3A|4A} SEMI-SHIELD SMD'),
  templateFamily('TAIYO', 'IND', 2, 'CB{C2518|C2016|C3225|MF1608|C2012}T{@1R0|2R2|4R7|100|220|470|101=1UH|2.2UH|4.7UH|10UH|22UH|47UH|100UH}{M|K}{|V|R}', 'FIXED IND $1 {250MA|480MA|890MA|1.2A} {1008|0806|1210|0603} SMD'),
  templateFamily('COIL', 'IND', 7, 'XAL{4020|4030|4040|5030|5050|6030|6060|7030|7070|8080|1010|1060}-{@102|222|472|103|152|332|682|601|222=1UH|2.2UH|4.7UH|10UH|1.5UH|3.3UH|6.8UH|0.6UH|2.2UH}ME{B|C}',
    'FIXED IND $1 {3A|5.5A|8.7A|11A|17A} {13|25|35|60} MOHM SMD', { v: ';~;' }),
  templateFamily('COIL', 'IND', 5, 'XFL{2005|2006|2010|3010|3012|4015|4020|4030|5030|6060}-{@102|222|472|103|152|332|682|471|223=1UH|2.2UH|4.7UH|10UH|1.5UH|3.3UH|6.8UH|0.47UH|22UH}ME{C|B}',
    'FIXED IND $1 {1A|1.7A|2.6A|4.1A|6A} SHIELDED SMD'),
  templateFamily('COIL', 'IND', 4, '{0402|0603|0805|0201|0302}{HP|CS|DC|HQ|HL}-{@1N0|2N2|3N3|4N7|10N|12N|22N|33N|47N|68N|R10|R22|3N9|5N6|8N2=1NH|2.2NH|3.3NH|4.7NH|10NH|12NH|22NH|33NH|47NH|68NH|100NH|220NH|3.9NH|5.6NH|8.2NH}X{J|G|K}{L|B|E|W}{U|}',
    'FIXED IND $1 {500MA|640MA|1A} {0402|0603|0805|0201} SMD'),
  templateFamily('COIL', 'IND', 3, 'LPS{3015|4018|5030|6235|3314|4012|8045}-{@102|222|472|103|223|473|104|332=1UH|2.2UH|4.7UH|10UH|22UH|47UH|100UH|3.3UH}{MR|ML|MLC|MRB|MRC}{B|C|}',
    'FIXED IND $1 {0.7A|1.1A|1.8A|2.5A} SEMI-SHIELD SMD'),
  templateFamily('WURTH', 'IND', 5, '{74437|74438|74404|7447|74479|74408|74439}{3|4|2|7|8|0}{2|3|4|5|6|7|8}{@0100|0220|0470|0101|0033|0022|0068|0150|0047=10|22|47|100|3.3|2.2|6.8|15|4.7}',
    'FIXED IND $1UH {0.8A|1.3A|2.5A|4.1A|7A} SHIELDED SMD'),
  templateFamily('WURTH', 'FERR', 4, '{742792|742863|742843|7427927|742861}{%3}', 'FERRITE BEAD {60|120|220|600|1000|1500} OHM {0402|0603|0805|1206} 1LN'),
  templateFamily('WURTH', 'CAP', 3, '885{0|3}{12|11}{2|1}{05|06|07|08|09|10}{%3}', 'CAP CER {0.1UF|1UF|10UF|100PF|1000PF|4.7UF} {6.3|10|16|25|50}V {X7R|X5R|C0G/NP0} {0402|0603|0805|1206}'),
  templateFamily('WURTH', 'CAPE', 2, '8650{80|60|20}{%2}{5|4|2}0{%2}', 'CAP ALUM {10|22|47|100|220|470}UF 20% {6.3|10|16|25|35|50}V SMD'),
  templateFamily('WURTH', 'LED', 3, '15{0060|0080|0120|0040|0141|0180}{@GS|RS|YS|BS|VS|WS|SS|AS=GREEN|RED|YELLOW|BLUE|GREEN|WHITE|SUPER RED|AMBER}{75000|75003|55040|73100|74510}',
    'LED $1 CLEAR {0603|0805|1206|0402} SMD'),
  templateFamily('SUMI', 'IND', 5, 'CD{RH|R|RH2D|RH3D|RH4D|RH5D|RH6D|RH8D|RH10D|RH127}{28|18|11|14|38|43|58|68}{NP|HP|R|}-{@1R0|2R2|4R7|100|220|330|470|101|6R8|150=1UH|2.2UH|4.7UH|10UH|22UH|33UH|47UH|100UH|6.8UH|15UH}{N|M|L}C',
    'FIXED IND $1 {0.8A|1.2A|1.8A|2.6A|3.4A} SHIELDED SMD', { v: ';;/LD' }),
  templateFamily('SUNL', 'IND', 4, 'SWPA{3015|4020|4030|5040|6045|8040|3012|2512|5020}S{@1R0|2R2|4R7|100|220|330|470|101|6R8|150=1UH|2.2UH|4.7UH|10UH|22UH|33UH|47UH|100UH|6.8UH|15UH}{M|N}T',
    'FIXED IND $1 {0.8A|1.2A|1.8A|2.6A|3.4A} SEMI-SHIELD SMD'),
  templateFamily('SUNL', 'FERR', 2, 'GZ{@1608|2012|1005=0603|0805|0402}{D|U|A}{@101|121|221|601|102|300|152=100|120|220|600|1000|30|1500}{T|}F', 'FERRITE BEAD $2 OHM $1 1LN'),
  templateFamily('CHILI', 'IND', 4, '{MHCI|MHCC|BMRA|MHCD|CMPW|SCDS|MHCV}{0402|0502|0603|1004|0402S|0604}{0|1|2}{-|}{@1R0|2R2|4R7|100|R47|3R3|6R8|R68|1R5=1UH|2.2UH|4.7UH|10UH|0.47UH|3.3UH|6.8UH|0.68UH|1.5UH}{M|N}{-R8|-R9|-R7|}',
    'FIXED IND $1 {1.6A|2.8A|4A|6.5A|9A} SHIELDED SMD'),
  templateFamily('LAIRD', 'FERR', 4, '{MI|HZ|LI|MP|HI|LF}{@0603|0805|1206|0402|1812}{K|E|P|Q|J}{@300|400|601|102|121|221|471=30|40|600|1000|120|220|470}{R|}-10',
    'FERRITE BEAD $2 OHM $1 1LN'),
  templateFamily('LAIRD', 'FERR', 2, '{28A|28B|28R|28L|28S}{0593|0672|1151|2024|0640|0394|2000|0800}-{000|0A0|0A2|100|200}', 'FERRITE CORE {CABLE|ROUND|FLAT} {3.5|5.1|7.6|9.5|13}MM {SPLIT|SOLID}', { cont: 'bulk' }),
  templateFamily('FAIRR', 'FERR', 4, '25{06|08|12|10}{03|04|06|08|02}{@#1000..7999}{Y0|Y1|Y2|Y3}', 'FERRITE BEAD {60|120|220|600|1000|1500} OHM {0603|0805|1206|0402} 1LN'),
  templateFamily('FAIRR', 'FERR', 3, '26{43|31|44|46|61|75}{0|1|2|5|6|8}{@%5}', 'FERRITE CORE {ROUND CABLE|SPLIT|TOROID|EMI SUPPRESSION} {4.6|6.4|9.5|12.7|25.4}MM', { cont: 'bulk' }),
  templateFamily('PULSE', 'IND', 3, 'P{A|E|M}{4341|2050|4332|4320|2080|6102|0185|3308|5007|1020}.{@103|102|472|152|222|682|101|331=10UH|1UH|4.7UH|1.5UH|2.2UH|6.8UH|100UH|330UH}{NLT|NL}',
    'FIXED IND $1 {1A|2A|3.5A|5A|7A} SHIELDED SMD'),
  templateFamily('PULSE', 'IND', 2, 'H{1102|5007|1260|2019|1164|1012|5084|1302|6062|2002|6096|1198|5120|1270|1601}{NL|FNL|NLT}', 'PULSE XFMR {1:1|1CT:1CT} 10/100/1000BASE-T {16SOIC|24SOIC|40SMD}'),
  templateFamily('EATON', 'IND', 4, '{DR|SD|FP|DRQ|HCM|MPI|DRA}{73|74|125|127|1030|1040|1050|1608|25|3010}-{@1R0|2R2|4R7|100|220|330|470|101|R47|6R8|150=1UH|2.2UH|4.7UH|10UH|22UH|33UH|47UH|100UH|0.47UH|6.8UH|15UH}-R',
    'FIXED IND $1 {1A|1.8A|2.7A|4.5A|7.1A|12A} SHIELDED SMD'),
  templateFamily('EATON', 'FUSE', 3, '{0603FA|3216FF|0402FA|TR2/3216FF|CC06FA|C1Q|3216TD}{@1|2|3|5|0.5|0.75|1.5|6.3|10|4=1A|2A|3A|5A|500MA|750MA|1.5A|6.3A|10A|4A}-R', 'FUSE BOARD MOUNT $1 {32VAC|63VDC|125VAC|32VDC} {0603|1206|0402} SMD'),
  templateFamily('VISH', 'IND', 5, 'IHLP{2020|2525|4040|5050|1212|3232|6767|1616}{CZ|BZ|DZ|AB|EZ|GZ|AE}{ER|EB}{@1R0|2R2|4R7|100|220|R47|R68|3R3|6R8|1R5|150=1UH|2.2UH|4.7UH|10UH|22UH|0.47UH|0.68UH|3.3UH|6.8UH|1.5UH|15UH}M{01|11|5A|8A|51}',
    'FIXED IND $1 {3.2A|5A|6.5A|8A|11A|16A|20A} SHIELDED SMD'),
  templateFamily('PAN', 'IND', 3, 'ETQ-{P3M|P4M|P5M|P3L|P6M|P3W|P5L}{@1R0|2R2|4R7|100|R47|3R3|6R8|150|220=1UH|2.2UH|4.7UH|10UH|0.47UH|3.3UH|6.8UH|15UH|22UH}{KVP|YFN|KVN|YFM|KFN|YGN|YSC|KFP}',
    'FIXED IND $1 {2.6A|3.5A|5.1A|6.8A|9A} SHIELDED SMD'),
  templateFamily('SAM', 'IND', 4, 'CIG{10W|21W|22H|22L|32W|2MW|21L|22B|10H}{@1R0|2R2|4R7|100|R47|1R5|3R3|R68=1UH|2.2UH|4.7UH|10UH|0.47UH|1.5UH|3.3UH|0.68UH}{MNE|MNC|SNE|MKE|MNG|SNC}',
    'FIXED IND $1 {1A|1.4A|2A|2.7A|3.5A} {0603|0805|1008|1210} SMD'),
  templateFamily('SAM', 'FERR', 3, 'CIM{05|10|21|31}{J|U|G}{@601|102|121|221|471|300=600|1000|120|220|470|30}{NE|NC|NH}', 'FERRITE BEAD $1 OHM {0402|0603|0805|1206} 1LN'),
  templateFamily('EPCOS', 'IND', 3, 'B824{42|64|22|32|62|96|64|77}{T|G|H|A|Z}{1|4|3|2}{@103|102|472|152|104|223|473|101=10UH|1UH|4.7UH|1.5UH|100UH|22UH|47UH|100NH}{K|M|J}{050|000|}',
    'FIXED IND $1 {0.1A|0.3A|0.9A|1.6A|2.5A} {1210|1812|SMD|0805} SMD'),
  templateFamily('EPCOS', 'THERM', 3, 'B57{861S|164K|891M|703M|540G|560G|330V|332V}{0|1|2|3|4}{@103|502|102|473|104|202|682|223=10K|5K|1K|47K|100K|2K|6.8K|22K}{F|J|G|H}{040|000|140|001|008}',
    'THERMISTOR NTC $1 OHM {3435K|3988K|4300K|3950K} {BEAD|DISC|SMD}'),
  templateFamily('EPCOS', 'TVS', 3, 'S{05|07|10|14|20}K{@11|14|17|25|30|35|40|50|60|75|95|130|150|175|230|275|300|320|385|420|460|510=11|14|17|25|30|35|40|50|60|75|95|130|150|175|230|275|300|320|385|420|460|510}{|E2|G5|E2K1}',
    'VARISTOR $1VRMS {250|600|1200|2500|4500}A DISC {5|7|10|14|20}MM', { cont: 'bulk' }),
  templateFamily('KYO', 'XTAL', 4, 'CX{2016|3225|2520|1612|2016}{DB|SB|GB|SA}{@12000|16000|24000|26000|32000|40000|48000|19200|38400|27120=12|16|24|26|32|40|48|19.2|38.4|27.12}{D0|H0|F0|E0}{FLJCC|PESZZ|GSZZ|HRQCC|FSZCC|WZC1|PSZCC}',
    'CRYSTAL $1.0000MHZ {8|10|12|18}PF SMD'),
];

// ----- discretes

const DISCRETES: Family[] = [
  templateFamily('DIO', 'DIODE', 6, `${pairedChoice('1N4148W:DIODE STANDARD 100V 300MA SOD123|BAS16:DIODE STANDARD 75V 200MA SOT23|BAV99:DIODE ARRAY GP 75V 215MA SOT23|BAV70:DIODE ARRAY GP 75V 215MA SOT23|BAW56:DIODE ARRAY GP 75V 215MA SOT23|BAT54:DIODE SCHOTTKY 30V 200MA SOT23|BAT54S:DIODE ARRAY SCHOTTKY 30V SOT23|BAT54C:DIODE ARRAY SCHOTTKY 30V SOT23|BAT54A:DIODE ARRAY SCHOTTKY 30V SOT23|BAS40:DIODE SCHOTTKY 40V 200MA SOT23|BAS70:DIODE SCHOTTKY 70V 70MA SOT23|SD103AW:DIODE SCHOTTKY 40V 350MA SOD123|B0520LW:DIODE SCHOTTKY 20V 500MA SOD123|B0530W:DIODE SCHOTTKY 30V 500MA SOD123|B5819W:DIODE SCHOTTKY 40V 1A SOD123|1N5819HW:DIODE SCHOTTKY 40V 1A SOD123|BAS21:DIODE STANDARD 250V 200MA SOT23|BAV16W:DIODE STANDARD 85V 250MA SOD123|1N4448W:DIODE STANDARD 75V 250MA SOD123|BAS116:DIODE STANDARD 85V 250MA SOT23')}{|Q}`,
    '$1', { v: '-7-F;-7-F;-7-F~-13-F;-13-F' }),
  templateFamily('DIO', 'DIODE', 3, `BZT52C${ZENER}{|S|T}`, 'DIODE ZENER $1V {500MW|300MW|200MW} {SOD123|SOD323|SOD523}', { v: '-7-F;-7-F~-13-F' }),
  templateFamily('DIO', 'DIODE', 2, 'MMSZ52{#21..56}B{|S}', 'DIODE ZENER {3.3|5.1|6.2|12|15|24}V 500MW SOD123', { v: '-7-F;-7-F~-13-F' }),
  templateFamily('DIO', 'DIODE', 3, '{DFLS|PDS|SBR|SDM|DSS|SBRT}{1|2|3|5|10}{20|30|40|45|60|100}{L|LP|U|UQ|}', 'DIODE SCHOTTKY {20|30|40|60|100}V {1|2|3|5}A {POWERDI123|SMA|SMB|POWERDI5}', { v: '-7;-7;-13' }),
  templateFamily('DIO', 'DIODE', 2, '{S1|RS1|US1|ES1|S2|S3|RS2|ES2}{A|B|D|G|J|K|M}{|B|A|E}', 'DIODE GEN PURP {50|100|200|400|600|800|1000}V {1|2|3}A {SMA|SMB}', { v: '-13-F;-13-F~-7-F' }),
  templateFamily('DIO', 'BJT', 4, '{MMBT3904|MMBT3906|MMBT2222A|MMBT4401|MMBT4403|MMBT5551|MMBT5401|MMBTA42|MMBTA92|BC817-40|BC847B|BC857B|DXTN07045CFG|FMMT617|FMMT717|FMMT491|ZXTN25020DG|ZXTP25020DFH|DSS4160U|MMDT3904|MMDT3906|DDTC114EUA|DDTA114EUA}{|Q}',
    'TRANS {NPN|PNP|2NPN|2PNP} {30|40|45|60|80|150|160}V {0.2|0.6|1|2|3}A {SOT-23|SOT-323|SOT-363|SOT-89}', { v: '-7-F;-7-F;-13-F;-7-F~-13-F;TA;TC' }),
  templateFamily('DIO', 'FET', 4, '{DMN3404L|DMN2058U|DMN6140L|DMN3150L|DMN2041L|DMN3010LSS|DMN2990UFA|DMN10H220L|DMN63D8L|DMG2305UX|DMG3415U|DMG6968U|DMG1012T|DMG3406L|DMP2035U|DMP3098L|DMP2066LSN|DMP4047SK3|DMT6009LCT|DMTH4004SPS|2N7002K|2N7002T|2N7002W|2N7002DW|BSS138W|BSS84W|BSS123W|DMN3018SSD|ZXMN3A01F|ZXMN6A07F|ZXMP6A17G}{|Q}',
    'MOSFET {N|P}-CH {20|30|40|60|100}V {0.2|0.3|1.5|2.5|4|5.8|9|100}A {SOT-23|SOT-323|SOT-523|SO-8|POWERDI3333|POWERDI5060|TO-252}', { v: '-7;-7;-13;-7~-13;-7-F;-7-F~-13-F;TA' }),
  templateFamily('ONS', 'DIODE', 3, '{MBR0520L|MBR0540|MBR0530|MBR120|MBR130|MBRS140|MBRS340|MBRA340|MBRS130L|MBRA140|MBRS2H100|MURS120|MURS160|MURA160|NSR0320MW2|MBRM140|MBR230LSF|SS24|SS34|ES1J|S1M}',
    'DIODE {SCHOTTKY|FAST RECOVERY|GEN PURP} {20|30|40|60|100|200|600}V {500MA|1A|2A|3A} {SOD123|SMA|SMB|POWERMITE|SOD-323}', { v: 'T1G;T3G;T1G~T3G' }),
  templateFamily('ONS', 'DIODE', 2, '{MMBD914|MMBD4148|BAS16|BAV99|BAV70|BAW56|BAT54|BAS21|MMBD7000|BAS40|BAT54S|BAT54C}L', 'DIODE {STANDARD|ARRAY GP|SCHOTTKY} {30|70|75|100}V 200MA SOT23-3', { v: 'T1G;T1G~T3G' }),
  templateFamily('ONS', 'DIODE', 2, `{MMSZ|SZMMSZ|MM3Z|MM5Z}${ZENER}`, 'DIODE ZENER $1V {500MW|300MW|200MW} {SOD123|SOD323|SOD523}', { v: 'T1G;T1G~T3G' }),
  templateFamily('ONS', 'DIODE', 2, '{1N4148|1N914|1N4001|1N4004|1N4007|1N5817|1N5819|1N5822|1N4733A|1N4744A|1N4750A|1N5408|1N5401}', 'DIODE {GEN PURP|STANDARD|SCHOTTKY|ZENER} {40|100|400|1000}V {200MA|1A|3A} {DO-35|DO-41|DO-201AD}', { v: 'TR;RLG;TA;TR~TA', cont: 'reel' }),
  templateFamily('ONS', 'BJT', 5, '{MMBT|MMBTA|BC|MUN|BCX|MMBT}{3904|3906|2222A|4401|4403|5551|5401|2907A|42|92|06|56|817-40|817-25|807-40|847B|847C|857B|858C|856B|2211|2233|5111|70|56-16}L',
    'TRANS {NPN|PNP} {30|40|45|60|80|150|160|300}V {0.1|0.2|0.5|0.6|0.8}A SOT-23-3', { v: 'T1G;T1G;T3G;T1G~T3G' }),
  templateFamily('ONS', 'FET', 4, '{BSS138|BSS84|BSS123|2N7002|2N7002K|NTR4003N|NTR4101P|NTR4170N|NTR1P02|NTS4001N|NTR3162P|NTA4153N|NTK3134N|NTJD4001N|NVR5198NL|NTS4101P|NTR2101P|NTZD3155C}',
    'MOSFET {N|P}-CH {20|30|50|60|100}V {0.13|0.2|0.5|0.75|1.7|3.2}A {SOT-23-3|SC-70|SOT-723|SOT-563}', { v: 'LT1G;LT3G;T1G;T1G~T3G;ET1G;WT1G' }),
  templateFamily('ONS', 'FET', 4, '{FDN|FDV|NDS|FDC|FDS|FDMS|FDD|FDMC|NTMFS|NVMFS|NTD|NTB|NVTFS}{#301..8870}{N|P|AN|AP|NL|NZ|CZ|}',
    'MOSFET {N|P}-CH {20|30|40|60|80|100|150}V {0.3|1.7|4|9|17|37|68|120}A {SSOT-3|SOT-23|SO-8|POWER56|DPAK|D2PAK|WDFN-8|SO-8FL}', { v: ';T1G;T3G;TM;_NL' }),
  templateFamily('NEX', 'DIODE', 4, '{BAS16|BAV99|BAT54S|BAT54C|BAT54A|BAV70|BAW56|BAS316|BAS516|1PS76SB10|BAT46WJ|BAS40-04|BAT54|BAV21W|BAS21|BAV23S|BAT721S|PMEG3010EH|PMEG4010CEH|PMEG2005EH|PMEG6010CEH|PMEG3005EJ|PMEG4005AEA}',
    'DIODE {GEN PURP|ARRAY GP|SCHOTTKY} {30|40|75|100}V {200MA|500MA|1A} {TO236AB|SOD123F|SOD323|SOD323F}', { v: ',215;,215;,215~,235;,115;,135' }),
  templateFamily('NEX', 'DIODE', 2, `{BZX84|BZX384|BZT52H}-C${ZENER}`, 'DIODE ZENER $1V {250MW|300MW|375MW} {TO236AB|SOD323|SOD123F}', { v: ',215;,215~,235;,115' }),
  templateFamily('NEX', 'TVS', 3, 'PESD{5V0S1BA|5V0S1BL|3V3S1UL|5V0X1BL|1CAN|2CAN|5V0S2UT|3V3L1BA|5V0L1BA|12VS1UL|24VS1UL|1LIN|5V0F1BL|3V3S5UD|5V0S5UD|2IVN24-T}', 'TVS DIODE {3.3|5|12|24}VWM {SOD323|SOD882|SOT23}', { v: ',115;,115~,135;,215' }),
  templateFamily('NEX', 'BJT', 5, '{BC817|BC807|BC846|BC847|BC848|BC849|BC850|BC856|BC857|BC858|BC859|BC860|BCX51|BCX54|BCX56|BCP51|BCP53|BCP54|BCP56|PBSS4041NT|PBSS5140T|PBSS4160T|PMBT3904|PMBT3906|PMBT2222A|PMBT4401|PMBTA42|PMBTA92|PBSS4350Z|PDTC114EU|PDTC143ET|PDTA114EU|PUMH11|PUMD12|PUMX1|BC847BS|BC847BPN|BC857BS}{|A|B|C|-16|-25|-40|W|-Q}',
    'TRANS {NPN|PNP|2NPN|NPN/PNP} {30|45|60|65|80|100|300}V {0.1|0.2|0.5|1|2}A {TO-236AB|SOT-323|SOT-363|SOT-223|SOT-89}', { v: ',215;,215;,215~,235;,115;,135' }),
  templateFamily('NEX', 'FET', 4, '{PMV16UN|PMV20XN|PMV30UN2|PMV45EN2|PMV48XP|PMV50ENEA|PMV65XP|PMV37EN|PMV100EPA|PMV130ENEA|PMV280ENEA|NX3008NBK|NX138AKR|NX7002AK|BSS138BK|BSS84AK|BSS138PW|BSS123|2N7002P|2N7002PW|2N7002BK|PMN27UN|PMN48XP|PMPB11EN|PMPB20XN|PSMN1R0-30YLD|PSMN2R0-30YLE|PSMN5R5-60YS|PSMN7R0-30YL|BUK9Y4R4-40E|BUK7Y1R3-40H}',
    'MOSFET {N|P}-CH {20|30|40|60|100}V {0.3|0.35|1.3|3.5|4.7|5.7|100|200}A {TO-236AB|SOT-323|SOT-457|LFPAK56|DFN2020MD-6}', { v: ',215;,215~,235;R;,115;X' }),
  templateFamily('VISH', 'DIODE', 3, '{1N4001|1N4004|1N4007|1N5819|1N5822|SS14|SS16|SS24|SS34|SS36|GF1M|GF1A|ES1D|ES1J|BYG10M|RGF1M|S1M|US1M|SE10PJ|V10P45|SS10P4|SSA34|SSB44}',
    'DIODE {GEN PURP|SCHOTTKY|FAST RECOVERY} {40|100|600|1000}V {1|2|3|10}A {DO-41|SMA|SMB|DO-214AC|TO-277A}', { v: '-E3/54;-E3/61T;-E3/67A;-E3/5AT;-M3/86A;HE3/61T' }),
  templateFamily('VISH', 'DIODE', 2, `{BZX84C|BZT52C|TZMB|TZMC}${ZENER}`, 'DIODE ZENER $1V {300MW|500MW} {SOT23|SOD123|MINIMELF}', { v: '-E3-08;-E3-18;-GS08;-HE3-08' }),
  templateFamily('VISH', 'DIODE', 2, '{LL4148|LL4448|BAT54|BAS16|BAV99|1N4148W|BAS85|BAT43W}{|-E3}', 'DIODE {STANDARD|SCHOTTKY} {30|75|100}V 200MA {MINIMELF|SOT23|SOD123}', { v: '-GS08;-GS18;-08;-HE3-08' }),
  templateFamily('VISH', 'TVS', 3, `{SMBJ|SMAJ|SMCJ|P6SMB|SMF}${TVSV}{A|CA}`, 'TVS DIODE $1VWM {SMB|SMA|SMC|DO-214AA}', { v: '-E3/52;-E3/5B;-E3/61;-M3/H' }),
  templateFamily('VISH', 'FET', 4, 'SI{2302CDS|2301CDS|2306BDS|2343CDS|2333DDS|7846DP|2312CDS|2319CDS|2369DS|3443CDV|4435DDY|4410DY|7141DP|2365EDS|1012CR|1029X|4154DY}',
    'MOSFET {N|P}-CH {20|30|40|60}V {1.5|2.9|3.5|4.7|6|11|40}A {SOT-23-3|TSOP-6|SO-8|POWERPAK SO-8|SC-89}', { v: '-T1-GE3;-T1-E3;-T1-GE3~-T1-E3' }),
  templateFamily('VISH', 'PFET', 2, '{SUD|SUP|SQJ|SQD|SIR|SIHP|SIHG|SIHB}{@#10..99}{N|P}{04|06|10|15|20|60|65}{-|}{0|1|2|4|8}{P|E|L|}', 'MOSFET {N|P}-CH {40|60|100|150|200|600|650}V $1A {TO-252|TO-220AB|POWERPAK SO-8L|TO-247AC|D2PAK}', { v: '-GE3;-T4-GE3;-E3' }),
  templateFamily('ROHM', 'DIODE', 3, '{RB160M-60|RB160M-30|RB521S30|RB751V-40|RB751S40|RB051L-40|RB068L-40|RF071M2S|RFN1L6S|RB520SM-30|1SS355|1SS400|RB491D|RB706F-40|DAN222M|DAP222M}',
    'DIODE {SCHOTTKY|GEN PURP|FAST RECOVERY} {30|40|60|80|600}V {100MA|200MA|1A|2A} {SOD-123FL|SOD-523|UMD2|PMDU|EMD3}', { v: 'TR;T1;TE-17;TE25;T2R;T146' }),
  templateFamily('ROHM', 'DIODE', 1, '{KDZV|UDZV|EDZV|TFZV}TR{@5.1|3.3|6.2|12|15|24|4.7|9.1|2.4|18}B', 'DIODE ZENER $1V {1W|200MW|150MW} {PMDU|UMD2|EMD2}'),
  templateFamily('ROHM', 'FET', 3, '{RQ3E080GN|RQ5E035BN|RTR025N03|RTR030P02|RSR025N03|RV2C010UN|RUM002N02|RE1C002UN|RJ1C001ZN|RS1E180GN|RD3L080SN|RSQ025P03|R6006KNX|R6020PNJ|RJ1P12BBD|SCT3080KL|SCT3030AL|SCT2080KE}',
    'MOSFET {N|P}-CH {20|30|40|60|600|650|1200}V {0.1|0.2|2.5|3|8|18|31}A {TSMT3|VMT3|TSMT6|HSMT8|TO-247N|TO-220FM|LPTS}', { v: 'TB;TL;T2L;TCR;C9' }),
  templateFamily('ROHM', 'BJT', 2, '{2SC4081|2SC2712|2SA1576A|2SC5585|2SD2114K|2SB1132|DTC114EUA|DTC114EKA|DTA114EUA|DTC143ZKA|DTC124EUA|2SCR512P|2SAR512P|UMH11N|EMH11|UMX1N|IMX1}{|R|Q}',
    'TRANS {NPN|PNP|DIGITAL NPN|2NPN} {12|30|50|60}V {0.1|0.15|0.5|1|2}A {UMT3|SMT3|SOT-323|MPT3|EMT6}', { v: 'T106;T106R;T106Q;T146;TL;TR;T2R;T110' }),
  templateFamily('TOSH', 'DIODE', 2, '{CUS10S30|CUS08F30|CUHS20S30|CRS08|CMS11|1SS352|1SS355|1SS404|CUS520|DF2B7AFS|DF2S6.8FS|CRG09A|CUZ5V1|CUHS15F30}',
    'DIODE {SCHOTTKY|ZENER|GEN PURP|TVS} {5.1|6.8|30|40|80}V {100MA|1A|2A} {US2H|S-FLAT|USC|SOD-323|SL2}', { v: ',H3F;(TE85L,Q,M);,L3F;(TPH3,F)' }),
  templateFamily('TOSH', 'FET', 3, '{SSM3K333R|SSM3K324R|SSM3K56FS|SSM3K7002F|SSM3K7002KF|SSM3J332R|SSM3J328R|SSM3K2615R|SSM6N7002KFU|SSM6J507NU|TPH1R204PB|TPH1R712MD|TPHR8504PL|TPN2R703NL|TPN11003NL|TK100E10N1|TK65G10N1|TK31N60X|TK090N65Z|TK5R3E08QM|TK8A60W5}',
    'MOSFET {N|P}-CH {20|30|40|60|100|600|650}V {0.1|0.2|3.5|6|40|100|150|250}A {SOT-23F|SSM|US6|SOP ADVANCE|TSON ADVANCE|TO-220|TO-247}', { v: ',LF;,LF;(TE85L,F);,L1Q;,S1X;,RQ' }),
  templateFamily('TOSH', 'BJT', 1, '{2SC2712|2SC4116|2SA1162|2SC1815|2SA1015|2SC5658|2SA2029|RN1104|RN2104|RN1902|HN1B04FU}{-Y|-GR|-BL|}', 'TRANS {NPN|PNP|DIGITAL} {50|120|160}V {0.1|0.15|0.5}A {S-MINI|USM|SSM|SMV}', { v: ',LF;,LF(T;(TE85L,F)' }),
  templateFamily('TSC', 'DIODE', 5, '{SS14|SS16|SS24|SS34|SS36|SS54|SK310A|S1M|S2M|ES1D|ES2J|1N4007G|1N4148W|TS4148|BZT52C5V1|MBR10100CT|RS1M|US1M|MBR20100CT|SRA34|SR160|SMBJ5.0A|SMAJ15CA|TSM2302CX|TSM2301CX}',
    'DIODE {SCHOTTKY|GEN PURP|TVS} {5|15|40|60|100|400|1000}V {1|2|3|5|10}A {SMA|SMB|DO-214AC|TO-220AB|SOD-123F}', { v: ' R3G; R7G; R3G~ R7G; RYG; RHG; R0G; RFG' }),
  templateFamily('MCC', 'DIODE', 5, '{SS14|SS34|SS54|1N4148W|BAV99|BAT54S|ES1J|SK34A|S1M|1N5819HW|MBR0520|SMBJ5.0A|SMAJ15CA|BZT52C5V1|BZT52C3V3|MMBD4148|RS1M|US1M|SBR30100CT|MMBT3904|2N7002|SI2302|MCU30N06|MMBT3906}',
    'DIODE {SCHOTTKY|STANDARD|TVS|ZENER} {5|15|40|100|1000}V {200MA|1A|3A|5A} {SMA|SMB|SOD-123|SOT-23}', { v: '-TP;-LTP;-TP~-LTP;-HF' }),
  templateFamily('COMCH', 'DIODE', 4, '{CDBA|ACDBA|CDBB|CDBU|CDBM|CDBQR|CDSU|CDSF|CZRU52C|CGRM}{140|160|340|540|0130L|0140L|4148|5V1|4001|4007|120}', 'DIODE {SCHOTTKY|SWITCHING|ZENER|GEN PURP} {40|60|75|100|1000}V {100MA|1A|3A} {SMA|SMB|0603|SOD-523|SOD-123F}', { v: '-HF;-G;-HF~-G' }),
  templateFamily('SMC', 'DIODE', 4, '{SS14|SS16|SS34|SS54|SS110|SS210|SS310|MBRS340|MBR20100CT|MBR30100CT|1N5819|1N5822|SR560|SB5100|MBR1045|SBR10U45CT|S1M|US1M|SMBJ15CA}{FL|BF|}',
    'DIODE {SCHOTTKY|GEN PURP|TVS} {40|60|100|1000}V {1|3|5|10|20|30}A {SMA|SMB|SOD-123FL|TO-220AB|DO-201AD}', { v: ';-TR;~-TR' }),
  templateFamily('PANJ', 'DIODE', 4, '{SS14|SS34|SS54|BAV99|1N4148W|BZT52C5V1|BAT54S|MMBD4148|SMBJ5.0A|SMAJ15CA|ES1J|S1M|SK34|PJSD05LCW}', 'DIODE {SCHOTTKY|SWITCHING|ZENER|TVS} {5|15|40|75|100}V {200MA|1A|3A} {SMA|SOD-123|SOT-23|SMB}', { v: '_R1_00001;_R2_00001;_R1_00001~_R2_00001' }),
  templateFamily('PANJ', 'FET', 2, 'PJ{A3406|A3407|A3415|A3416|A3441|M2301|M2302|L9435|D4435|MP3406|Q4435P}', 'MOSFET {N|P}-CH {20|30|40}V {2|4|6}A SOT-23', { v: '_R1_00001;_R2_00001' }),
  templateFamily('LRC', 'DIODE', 3, 'L{BAV99|BAS16|BAV70|BAW56|BAT54S|MBD4148|BZX84C5V1|1N4148W|BAT54C|BAS40}{L|W|}', 'DIODE {ARRAY GP|STANDARD|ZENER|SWITCHING} {5.1|30|70|75|100}V 200MA {SOT-23|SOD-123}', { v: 'T1G;T1G~T3G' }),
  templateFamily('LRC', 'BJT', 3, 'L{MBT3904|MBT3906|MBT2222A|MBT4401|MBT5551|BC847B|BC857B|BC817-40|MUN2211|DTC114E|MBTA42|MBT4403}LT1G', 'TRANS {NPN|PNP} {40|45|60|160}V {0.1|0.2|0.5|0.6}A SOT-23'),
  templateFamily('LRC', 'FET', 2, 'L{2N7002|BSS138|BSS84|NTR4003N|2N7002K|BSS123}{L|W|}T1G', 'MOSFET {N|P}-CH {50|60|100}V {0.13|0.2|0.5}A SOT-23'),
  templateFamily('YJ', 'DIODE', 4, '{SS14|SS34|SS54|SS110|M7|M4|M1|1N4007|1N5819|MB10F|MB6S|KBP307|GBU808|SMBJ5.0A|SMAJ15CA|ES1J|US1M|RS1M|MBR20100CT|ABS10|DB107S|KBJ1010}',
    'DIODE {GEN PURP|SCHOTTKY|BRIDGE RECT|TVS} {15|40|100|1000}V {0.5|1|3|8|20}A {SMA|SMB|DO-41|MBF|KBP|GBU|TO-220AB}', { v: ';;-YJ' }),
  templateFamily('YJ', 'FET', 2, 'YJ{L2302A|L3400A|L3401A|L2301F|Q4435A|D40N03A|G60N03A|L3415A|Q60N03A|P30P03A}', 'MOSFET {N|P}-CH {20|30|40}V {3|5|40|60}A {SOT-23|SOP-8|TO-252|PDFN5X6}'),
  templateFamily('CENT', 'DIODE', 3, '{CMPD4448|CMPD914|CMPD2838E|CMOSH-3|CMDD4448|CMLSH05-4|CMHSH5-4|CMSH1-40|CMSH2-60M|CMZ5231B|CMPZ5231B|CMDSH-3|CMSH3-40M}',
    'DIODE {SWITCHING|SCHOTTKY|ZENER} {40|60|75|100}V {200MA|1A|2A} {SOT-23|SOD-323|SMA|SOD-523}', { v: ' TR; TR13; BK; TR~ TR13' }),
  templateFamily('CENT', 'BJT', 3, '{CMPT|CMXT|CMST|CMKT|CXT}{3904|3906|2222A|5551|5401|A42|A92|4401|4403|2907A|7002|5087}{E|}', 'TRANS {NPN|PNP|NPN/PNP} {40|60|160|300}V {0.2|0.6|1}A {SOT-23|SOT-323|SOT-363|SOT-89}', { v: ' TR; TR13; BK' }),
  templateFamily('STM', 'DIODE', 3, '{STPS1L40|STPS2L40|STPS340|STPS1H100|STPS2H100|STTH1R06|STTH2R06|STPS5L60|STPS3L60|STPS20L45C|STTH8R06|BAT60J|BAT54S|BAT48|1N5817}{U|A|MF|ZF|S|FILM|G|D}',
    'DIODE {SCHOTTKY|FAST RECOVERY} {40|60|100|600}V {1|2|3|5|8|20}A {SMA|SMB|STMITE|SOD-123FL|TO-220AC|DPAK}', { v: ';;-TR;Y' }),
  templateFamily('STM', 'TVS', 3, `{SMBJ|SMAJ|SM6T|SM15T|SMA6J|SMB6J}${TVSV}{A|CA}`, 'TVS DIODE $1VWM {SMA|SMB|SMC}', { v: '-TR;-TR~;' }),
  templateFamily('STM', 'TVS', 2, '{ESDA6V1L|ESDA5V3L|ESDALC6V1-1U2|USBLC6-2SC6|USBLC6-4SC6|ESDA7P60-1U1M|HSP061-4M10|ECMF02-2AMX6|ESDAVLC6-1BV2|ESDA25P35-1U1M|USBLC6-2P6|ESDARF02-1BU2CK}',
    'TVS DIODE {5|6|7|24}VWM {SOT-23|SOT-666|SOD-882|UQFN-10|SOT-23-6}', { v: ';Y' }),
  templateFamily('STM', 'PFET', 3, 'ST{D|P|F|B|W|L|N|S|U|I}{@#3..120}{N|P}{F|M|}{03|04|06|10|20|25|60|65|80|100|120}{L|LL|M2|M5|M6|F7|F6|DM2|K5|}',
    'MOSFET {N|P}-CH {30|40|60|100|200|250|600|650|800}V $1A {DPAK|TO-220|D2PAK|TO-247|POWERFLAT 5X6|SOT-223|SO-8}', { v: ';T4;TR;AG' }),
  templateFamily('INF', 'DIODE', 2, '{BAT54-04W|BAT54-05W|BAT64-02V|BAS40-04|BAS3010A-03W|BAT165|BAR63-02V|BAS21-03W|BAT5404W|ESD5V3U1U-02LRH|ESD8V0L2B-03L|ESD112-B1-02EL}',
    'DIODE {SCHOTTKY|PIN|TVS|SWITCHING} {5|30|40|50|250}V {100MA|200MA|1A} {SOT-323|SC-79|TSLP-2|SOD-323}', { v: 'E6327;H6327XTSA1;E6327HTSA1' }),
  templateFamily('INF', 'FET', 4, '{BSS138N|BSS84P|BSS123N|BSS806N|BSS316N|BSS126|BSS131|BSS139|BSS169|BSS209PW|BSS214NW|BSS225|BSS670S2L|BSR202N|BSR302N|BSR92P|BSD214SN|BSD235C|BSD840N|2N7002DW}',
    'MOSFET {N|P}-CH {20|30|50|60|100|240|600}V {0.1|0.2|0.3|0.9|1.5|3.5}A {SOT-23|SOT-323|SOT-363|SC-59}', { v: 'H6327XTSA1;H6327XTSA2;H6433XTMA1;H6327XTSA1~H6433XTMA1' }),
  templateFamily('INF', 'PFET', 4, '{BSC|BSZ|IPD|IPB|IPP|IPW|IPT|ISC|IQE|IPA|IPI|BSB|IPZ|IAUC|IAUT}0{@#10..990}N{03|04|06|08|10|12|15|20|25|60|65}{LS|NS|NS3|LSI|LS6|NM5|N5|LSG|C7|P7|S4|S7|}',
    'MOSFET N-CH {25|30|40|60|80|100|120|150|200|250|600|650}V {10|24|40|60|100|140|180|300}A {TDSON-8|TSDSON-8|TO-252-3|TO-263-3|TO-220-3|TO-247-3|HSOF-8}', { v: 'ATMA1;ATMA1;XKSA1;AUMA1;XTMA1' }),
  templateFamily('IR', 'PFET', 4, 'IR{F|L|FR|LR|FB|FS|FZ|LZ|LU|FU}{#520..9640}{N|NS|Z|A|B|G|}', 'MOSFET {N|P}-CH {20|30|40|55|60|100|200|500}V {5|9|17|28|33|49|110|210}A {TO-220AB|D2PAK|DPAK|IPAK|TO-247AC}',
    { v: 'PBF;PBF;TRPBF;PBF~TRPBF;TRLPBF' }),
  templateFamily('IR', 'FET', 3, 'IRLML{2502|2402|6402|6401|0030|2030|2244|6244|6246|5203|5103|9301|9303|0040|0060|0100}', 'MOSFET {N|P}-CH {20|30|40|60|100}V {1.6|2.3|3.7|4.1|6.3}A SOT-23-3', { v: 'TRPBF;TRPBF~PBF' }),
  templateFamily('IR', 'REG', 1, 'IR{2104|2110|2112|2113|2117|2136|2153|2181|2184|21844|2301|2304|44252|7106|11688|1167|2011|25750}{S|STR|PBF|SPBF|}', 'IC GATE DRVR {HALF-BRIDGE|HIGH-SIDE|LOW-SIDE|3-PHASE} {8SOIC|14SOIC|8DIP|28SOIC}', { v: 'PBF;TRPBF;;PBF~TRPBF' }),
  templateFamily('AOS', 'FET', 6, 'AO{3400A|3401A|3402|3404A|3407A|3415A|3416|3418|3419|3420|3423|3424|3435|3438|4407A|4409|4435|4453|4485|4496|4606|4616|4620|4800|6402A|6407|6408|6800|7401|7403|7800|8810|D4184A|D403|D409|D413A|D4185|D240|D2610|N6512|N6520|N6414|N7400|N6380|N7410|N6236|N7403|N6992|NS32314|NS66614|NV32320|TL66610|TL66912|T290L|B266L|K40B65H1|K15B65M1}',
    'MOSFET {N|P}-CH {20|30|40|60|100}V {3|5.8|8|12|40|85}A {SOT-23|SOIC-8|DFN 5X6|TO-252|DFN 3X3}'),
  templateFamily('AOS', 'REG', 2, 'AOZ{1280CI|1282CI|1284PI|1212AI|2261QI-10|2261QI-11|1037PI|3015PI|5312UQI|6663DI|8818DI|2262QI-11|1360DI|1334DI|1036PI}{|-1|-2}', 'IC REG {BUCK ADJ|LOAD SWITCH|BUCK SYNC} {1.2|2|3|5|8|15}A {SOT23-6|8SOIC|QFN-15|DFN-8}'),
  templateFamily('FAIR', 'FET', 4, '{FDN|FDV|FDC|FDS|FQD|FQP|FQPF|FDD|FDMS|NDS|NDT|FDG|FDY|FDMC}{#302..8884}{N|P|AN|AP|BZ|CZ|L|S|}',
    'MOSFET {N|P}-CH {20|25|30|60|100}V {0.2|0.5|1.2|1.7|4|7|13|30|50}A {SSOT-3|SOT-23|SOIC-8|DPAK|TO-220|SC70-6|POWER56}', { v: ';;_NL;~_NL;TM' }),
  templateFamily('FAIR', 'BJT', 3, '{MMBT|PN|KSC|KSA|BC|2N|MMBTA|FJV|FMMT}{2222A|2907A|3904|3906|4401|4403|5551|5401|1845|992|547B|557B|42|92|1623|3304}',
    'TRANS {NPN|PNP} {40|45|60|160|300}V {0.1|0.2|0.5|0.6}A {SOT-23|TO-92|SOT-323}', { v: ';;_D87Z;_D26Z;BU;TA' }),
  templateFamily('FAIR', 'OPTO', 2, '{FOD|MOC|H11|4N|HCPL|QT}{817|3063|3023|3052|L1|AA1|35|25|26|0601|0611|2531|M3011|M217A|8801|3120|3150}{|M|S|SD|SR2M|3S|TV|VM}', 'OPTOISO {2.5KV|4.17KV|5KV|7.5KV} {TRANS|TRIAC|LOGIC|GATE DRIVER} {4DIP|6DIP|6SMD|8SOIC|4MFP}'),
  templateFamily('WOLF', 'DIODE', 2, 'C{3D|4D|6D}{02060|04060|06060|10060|10065|20065|10120|20120|30065|08065|04065}{A|E|D|F|G}', 'DIODE SIC {600|650|1200}V {2|4|6|8|10|20|30}A {TO-220-2|TO-252-2|TO-247-3|TO-263-2}', { cont: 'tube' }),
  templateFamily('WOLF', 'PFET', 3, 'C{3M|2M}0{015|021|030|032|040|045|060|065|075|080|120|160|280|350}{065|090|100|120|170}{D|J|K|J7|K1}', 'MOSFET SIC N-CH {650|900|1000|1200|1700}V {7|11|22|36|63|90}A {TO-247-3|TO-247-4|TO-263-7}', { cont: 'tube' }),
  templateFamily('IXYS', 'PFET', 3, 'IXF{H|K|N|P|T|X|A|Q}{@#10..200}N{10|15|20|25|30|50|60|80|100|120}{P|Q|Q2|X3|T|P3}', 'MOSFET N-CH {100|200|250|300|500|600|1000}V $1A {TO-247|TO-220|TO-264|SOT-227}', { cont: 'tube' }),
  templateFamily('IXYS', 'DIODE', 2, '{DSEI|DSEP|DSA|DSS|DPG|DHG}{8|12|15|30|60|2X31|2X61}-{06|06A|12A|10B|04A|03A}{|C|T}', 'DIODE {FAST RECOVERY|SCHOTTKY} {300|400|600|1000|1200}V {8|12|15|30|60}A {TO-247AD|TO-220AC|SOT-227B}', { cont: 'tube' }),
  templateFamily('SEMIK', 'PFET', 3, '{SKKT|SKKH|SKKD|SKM|SEMIX|SK}{@#15..600}{/|GB|GAL|GB12T4|GB066D|/16E|/12E|/08D}{|V|T4|E4}', '{THYRISTOR MODULE|IGBT MODULE|DIODE MODULE} {600|1200|1600|1700}V $1A {SEMIPACK 1|SEMITRANS 2|SEMITOP 3|SEMIX 3S}', { cont: 'bulk' }),
  templateFamily('MICS', 'TVS', 3, `{SMBJ|SMCJ|SMAJ|1.5SMC|SMLJ}${TVSV}{A|CA}E3`, 'TVS DIODE $1VWM {SMB|SMC|SMA}', { v: '/TR13;/TR7;' }),
  templateFamily('MICS', 'PFET', 2, '{APT40SM120B|APT25SM120B|APT80SM120B|MSC025SMA120B|MSC040SMA120B|MSC080SMA120J|APT50GT60BRG|APT75GN120B2G|MSC035SMA170B|MSC060SMA070B|MSC015SMA070B}', 'MOSFET SIC N-CH {700|1200|1700}V {25|40|60|80}A TO-247', { cont: 'tube' }),
  templateFamily('MICS', 'IFACE', 1, '{VSC8541XMV-02|VSC8531XMW-02|VSC8504XKS|KSZ8795CLXIC|VSC8572XKS-05|LAN8770M|VSC7512XMY}', 'IC ETHERNET {PHY 10/100/1000|SWITCH 5PORT} {68QFN|48QFN|256BGA}'),
  templateFamily('EPC', 'FET', 3, 'EPC2{001C|007C|012C|014C|015C|016C|019|021|022|023|024|030|031|034C|035|036|037|038|039|040|045|051|052|053|055|059|065|066|067|069|071|088|100|103|104|105|106|108|110|111|112|202|203|204|206|207|212|214|215|216|218|219|221|152|619|302|305|306|308}',
    'GANFET N-CH {15|30|40|60|80|100|200|350}V {1.7|3.4|8.5|16|22|48|90}A DIE', { v: ';ENGRT;ENGR' }),
  templateFamily('GANS', 'FET', 3, 'GS{66502|66504|66506|66508|66516|61004|61008|65011|65004|66502B|66504B|66508P|66516T|0650111|0650131}{B|T|P|}', 'GANFET N-CH {100|650}V {7.5|15|30|60}A {GANPX|GANPX-T|GANPX-B}', { v: '-TR;-MR;-E01-TY;' }),
  templateFamily('LITTEL', 'TVS', 5, `{SMBJ|SMAJ|SMCJ|P6KE|1.5KE|SMF|SMDJ|5.0SMDJ|P4SMA|SMLJ}${TVSV}{A|CA}`, 'TVS DIODE $1VWM {SMB|SMA|SMC|DO-15|DO-201|SOD-123FL}', { v: ';;-HRA' }),
  templateFamily('LITTEL', 'TVS', 2, 'SP{0503BAHT|3012-04UT|3003-04XT|1005-01ET|0504SHT|1012-01WT|3522-01ET|4021-01FT|0505BAHT|3051-04HT|1003-01ET|2502LBT}G', 'TVS DIODE {2.5|3.3|5|6|24}VWM {SOT-23|SOT-143|SOD-882|UDFN-10|SOT-553}'),
  templateFamily('LITTEL', 'FUSE', 4, '{0451|0452|0453|0448|0437|0466|0467}{@.062|.125|.250|.375|.500|.750|001.|01.5|002.|02.5|003.|004.|005.|007.|010.=62MA|125MA|250MA|375MA|500MA|750MA|1A|1.5A|2A|2.5A|3A|4A|5A|7A|10A}{MRL|NRL|MR|NR}',
    'FUSE BOARD MOUNT $1 {125VAC|63VAC|32VAC|125VDC} {1206|0603|2-SMD|2410}'),
  templateFamily('LITTEL', 'FUSE', 3, '{0603|0805|1206|1210|1812|2920}L{@005|010|020|035|050|075|100|110|150|200|260|300=50MA|100MA|200MA|350MA|500MA|750MA|1A|1.1A|1.5A|2A|2.6A|3A}{/6|/8|/13.2|/15|/24|/33|/60|}{DR|YR|SLYR|PR|}',
    'PTC RESET FUSE {6|8|15|24|30|60}V $1 {0603|0805|1206|1812|2920}'),
  templateFamily('LITTEL', 'TVS', 2, 'V{18|22|26|30|33|39|47|56|68}{MLA|MLN|ZA}{0603|0805|1206|1210}{NH|LH|NR|N}', 'VARISTOR {18|22|26|30|33|39|47|56|68}V {30A|100A|250A} {0603|0805|1206|1210}'),
  templateFamily('SEMT', 'TVS', 4, '{RClamp|uClamp|TClamp|EClamp}{0501|0502|0504|0521|0524|0544|1201|2451|3301|3328|3346|0511|0531|2411}{P|T|N|D|ZA|BA|M|S|L}', 'TVS DIODE {3.3|5|12|24}VWM {SLP2510P8|SOD-323|SOT-23|DFN-10|SLP1006P2}', { v: '.TCT;.TBT;.TNT' }),
  templateFamily('SEMT', 'TVS', 2, '{SM712|SM05|SM24CANA|SM15|SLVU2.8-4|LC03-6|SR05|SRV05-4}', 'TVS DIODE {5|7|12|15|24}VWM {SOT-23|SO-8|SOT-143|SOT-23-6}', { v: '.TCT;.TBT' }),
  templateFamily('SEMT', 'RF', 3, 'SX{1276|1278|1262|1268|1261|1272|1280|1281|1302|1255|1231|1243|1277|1279}{IMLTRT|IWLTRT|IULTRT|ZTRT|IMLTRT}', 'IC RF TXRX {LORA|ISM|FSK} {137MHZ-1.02GHZ|150MHZ-960MHZ|2.4GHZ} {28QFN|24QFN|24VFQFN}'),
  templateFamily('CENT', 'FET', 1, 'CMLDM{7002A|7003|8002A|7484|3737}{ |J}', 'MOSFET {N|P}-CH {20|60}V {0.28|0.5}A SOT-563', { v: ' TR; TR13' }),
];

// ----- integrated circuits

const TI_AMPS = pairedChoice('OPA2333:IC OPAMP ZERO-DRIFT 2 CIRCUIT|OPA333:IC OPAMP ZERO-DRIFT 1 CIRCUIT|OPA2376:IC OPAMP GP 2 CIRCUIT|OPA376:IC OPAMP GP 1 CIRCUIT|OPA2188:IC OPAMP ZERO-DRIFT 2 CIRCUIT|OPA188:IC OPAMP ZERO-DRIFT 1 CIRCUIT|OPA4197:IC OPAMP GP 4 CIRCUIT|OPA197:IC OPAMP GP 1 CIRCUIT|OPA2197:IC OPAMP GP 2 CIRCUIT|TLV9062:IC OPAMP GP 2 CIRCUIT|TLV9002:IC OPAMP GP 2 CIRCUIT|TLV9052:IC OPAMP GP 2 CIRCUIT|TLV9102:IC OPAMP GP 2 CIRCUIT|TLV2372:IC OPAMP GP 2 CIRCUIT|TLV271:IC OPAMP GP 1 CIRCUIT|TLV2462:IC OPAMP GP 2 CIRCUIT|TLV9001:IC OPAMP GP 1 CIRCUIT|TLV9061:IC OPAMP GP 1 CIRCUIT|LMV321:IC OPAMP GP 1 CIRCUIT|LMV324:IC OPAMP GP 4 CIRCUIT|LMV358:IC OPAMP GP 2 CIRCUIT|LM324:IC OPAMP GP 4 CIRCUIT|LM2904:IC OPAMP GP 2 CIRCUIT|TL072:IC OPAMP JFET 2 CIRCUIT|TL074:IC OPAMP JFET 4 CIRCUIT|TL082:IC OPAMP JFET 2 CIRCUIT|TL084:IC OPAMP JFET 4 CIRCUIT|OPA2134:IC OPAMP AUDIO 2 CIRCUIT|OPA1612:IC OPAMP AUDIO 2 CIRCUIT|OPA1656:IC OPAMP AUDIO 2 CIRCUIT|OPA350:IC OPAMP GP 1 CIRCUIT|OPA2350:IC OPAMP GP 2 CIRCUIT|OPA4376:IC OPAMP GP 4 CIRCUIT|OPA2320:IC OPAMP GP 2 CIRCUIT|OPA2325:IC OPAMP GP 2 CIRCUIT|OPA2810:IC OPAMP VFB 2 CIRCUIT|OPA828:IC OPAMP JFET 1 CIRCUIT|OPA2991:IC OPAMP GP 2 CIRCUIT|OPA4991:IC OPAMP GP 4 CIRCUIT|TLV7031:IC COMPARATOR 1 PUSH-PULL|LM393:IC COMPARATOR 2 OPEN DRAIN|LM339:IC COMPARATOR 4 OPEN DRAIN|TLV3201:IC COMPARATOR 1 PUSH-PULL|TLV1805:IC COMPARATOR 1 PUSH-PULL|OPA2172:IC OPAMP GP 2 CIRCUIT|OPA2171:IC OPAMP GP 2 CIRCUIT|LMC6482:IC OPAMP CMOS 2 CIRCUIT|LM6142:IC OPAMP GP 2 CIRCUIT|TLV6001:IC OPAMP GP 1 CIRCUIT|TLV6002:IC OPAMP GP 2 CIRCUIT|OPA2314:IC OPAMP GP 2 CIRCUIT|OPA4340:IC OPAMP GP 4 CIRCUIT|OPA2277:IC OPAMP PRECISION 2 CIRCUIT|OPA277:IC OPAMP PRECISION 1 CIRCUIT|OPA140:IC OPAMP JFET 1 CIRCUIT|OPA2140:IC OPAMP JFET 2 CIRCUIT|LM358:IC OPAMP GP 2 CIRCUIT|LM358A:IC OPAMP GP 2 CIRCUIT');
const TI_SMD = '{@D|DGK|PW|DBV|DCK|DDF|DRL|RUG=8SOIC|8VSSOP|8TSSOP|SOT23-5|SC70-5|SOT23-8|SOT-5X3|10X2QFN}';

const ICS: Family[] = [
  // Texas Instruments
  templateFamily('TI', 'AMP', 12, `${TI_AMPS}{AI|I|C|AC|}${TI_SMD}`, '$1 $2', { v: 'R;R;R~T' }),
  templateFamily('TI', 'AMP', 3, `${TI_AMPS}{|A|C|I}{@P|N=8DIP|8DIP}`, '$1 $2'),
  templateFamily('TI', 'AMP', 5, 'INA{219|226|228|238|260|181|199|180|190|240|241A|186|281|293|296A|300|301|333|826|828|128|129|149|133|134|2181|2331|3221|4180|4181|188|190A3}{A|B|}{IDCNR|IDGSR|IDGST|IDR|IDBVR|IDCKR|IDDFR|IPWR|IDGKR|IDBVT|IDSQR|IRGVR|IRSAR|A1DCKR|A2DBVR}',
    'IC {CURRENT MONITOR 1%|CURRENT SENSE 1 CIRCUIT|INSTR AMP 1 CIRCUIT|DIFF AMP 1 CIRCUIT|POWER MONITOR I2C} {SOT-23-5|SOT-23-6|10VSSOP|8SOIC|SC-70-6|8VSSOP|14TSSOP|16WQFN}'),
  templateFamily('TI', 'DCONV', 5, 'ADS{1115|1113|1114|1015|1118|1220|1256|7038|8688|131M04|1292|1293|1298|1299|8866|8860|7042|7041|7049|1120|1119|1018|112C04|122C04|7142|8354|8381|1282|7953|7138}{I|Q|A|}{DGSR|DGST|PWR|RUGR|DBR|RGER|PWT|RTER|DBVR|PAGR|DCUR|DGKR}',
    'IC ADC {12|14|16|18|24}BIT {SIGMA-DELTA|SAR|DELTA-SIGMA} {10VSSOP|10X2QFN|16TSSOP|20VQFN|SOT-23-6|64TQFP|8VSSOP}'),
  templateFamily('TI', 'DCONV', 3, 'DAC{7571|8571|8551|7311|5311|8311|43608|53608|80501|7578|8568|8563|7513|8830|8531|8512|61416|7750|8760|121S101|101S101}{IDBVR|IDGKR|IPW|IRTER|IDGSR|ICPWR|IRHBR|IDCNR|IDGK|CIDBVR|CIDCKR|ZDGSR}',
    'IC DAC {8|10|12|14|16}BIT {V-OUT|A-OUT} {SOT-23-6|8VSSOP|14TSSOP|16WQFN|10VSSOP|SC-70-6}'),
  templateFamily('TI', 'REG', 10, 'TPS{62160|62130|62177|62840|563200|562201|54331|54360B|61023|61088|2113A|2051C|2552|25947|62933|62913|63020|61230A|54202|565201|564208|62823|62810|613222A|7A2033P|7A0233P|7A0218P|7A0525P|7A4701|7A4901|7A8101|71733|73733|73701|22918|22919|3813K33|3823-33|3839L33|25982|2553|2111|62A01|61022|560430|629210}{@DGK|DSG|DDC|DR|DBV|RGT|DRC|DRL|RGW|RTE|DSE|DRV|YFP|DDA=8VSSOP|8WSON|SOT-23-6|8SOIC|SOT-23-5|16VQFN|10VSON|SOT-5X3|20VQFN|16WQFN|6WSON|6WSON|DSBGA|8SO PWRPAD}',
    '{IC REG BUCK ADJ 1A|IC REG BUCK ADJ 3A|IC REG LINEAR 3.3V 200MA|IC REG BOOST ADJ 3.6A|IC PWR SWITCH N-CHAN 1:1|IC REG LIN POS ADJ 1A|IC REG BUCK 3.3V 1A|IC REG LINEAR 1.8V 500MA|IC PWR SWITCH P-CHAN 1:1|IC REG BUCK ADJ 2A} $1', { v: 'R;R;T;R~T' }),
  templateFamily('TI', 'REG', 5, 'TLV{733|755|757|767|702|713|707|741|758|761|740|1117LV}{@12|15|18|25|28|30|33|50=1.2|1.5|1.8|2.5|2.8|3.0|3.3|5.0}P{DBV|DQN|DRV|DBZ|DCK|DYD}',
    'IC REG LINEAR $1V {150MA|200MA|300MA|500MA|1A} {SOT-23-5|4X2SON|6WSON|SOT-23-3|SC-70-5}', { v: 'R;R;T;R~T' }),
  templateFamily('TI', 'REG', 3, 'LP{5907MFX|5907MF|5912QDRV|2985AIM5X|2992IM5X|38691DRV|3878SD|5910QDRV|2951ACMX|2950CZ|5912DRV|2985IM5X}-{@1.2|1.8|2.5|2.8|3.0|3.3|5.0|ADJ}/NOPB',
    'IC REG LINEAR $1V {150MA|250MA|300MA|500MA|800MA} {SOT-23-5|6WSON|8SOIC|TO-92}'),
  templateFamily('TI', 'REG', 4, 'LM{1117|317|337|2596|2576|2575|2675|2940|2937|7805|7812|78L05|1085|1086|2731|3671|5008|5017|5164|5166|25085|3480|2663|2664|2662|27761}{IMPX|MPX|DTX|T|S|SX|IMP|MP|KTTR|DT|IS|ISX|MF|ACM|ACZ|IDDA|DCYR|MDT|DSGR}{-1.8|-2.5|-3.3|-5.0|-ADJ|-12|}',
    'IC REG {LINEAR POS ADJ 1.5A|LINEAR 3.3V 800MA|BUCK 5V 3A|BUCK ADJ 3A|LINEAR 5V 1A|BUCK ADJ 500MA|SWITCHED CAP} {SOT-223-4|TO-252-3|TO-220-3|TO-263-5|DDPAK|8SOIC|SOT-23-6}', { v: ';/NOPB;/NOPB' }),
  templateFamily('TI', 'REG', 2, 'UA78{M05|M33|M12|05|12|L05|M08|M09|15}{CDCYR|IDCYR|CKCS|CKCSE3|CDCY|IPK|CLPR|ACPK|CDRJR}', 'IC REG LINEAR {5V|3.3V|12V|8V|15V} {100MA|500MA|1.5A} {SOT-223-4|TO-220-3|TO-92-3|SOT-89-3}'),
  templateFamily('TI', 'REG', 3, 'TL{431|432|431A|431B|V431A|V431B|1431|V431}{C|I|Q|}{DBZR|DBZT|LP|LPR|DR|D|PK|DCKR|DBVR|DBVT|PW}', 'IC VREF SHUNT ADJ {0.5%|1%|2%} {SOT-23-3|TO-92-3|8SOIC|SOT-89-3|SC-70-6|SOT-23-5}'),
  templateFamily('TI', 'REG', 2, 'REF{3030|3033|3012|3025|3040|5025|5040|5050|2033|3140|3330|3425|6025|02|192|195|35250}{AIDBZR|AIDBZT|IDR|AIDGKR|AQDBVRQ1|IDBVR|QDBZRQ1}', 'IC VREF SERIES {0.05%|0.1%|0.2%|0.5%} {2.5V|3.3V|3.0V|4.096V|5V} {SOT-23-3|8SOIC|8VSSOP|SOT-23-5}'),
  templateFamily('TI', 'REG', 2, 'TPS{3808G01|3839L30|3823-33|3836E18|3897ADRY|3700|3430|3710|386000|3619-33|3890|3828-33|3840DL30|3779|3702CX33|3103E12|3125J12}{DBVR|DBZR|DCKR|DBVT|DDCR|DRYR|DGKR|DSER}', 'IC SUPERVISOR {1|2} CHANNEL {SOT-23-5|SC-70-5|SOT-23-3|6SON}'),
  templateFamily('TI', 'REG', 4, 'BQ{24075|24074|25895|25896|25601|24040|24210|27441-G1|27220|25570|76952|40Z50-R2|24295|25120A|27421-G1|25606|24232|21040|29700|296100|24045|25180|76930|27510-G3|78350-R1}{RGTR|RGTT|RTWR|DSQR|RGER|DSGR|YZFR|DRZR|PFBR|DBVR|DRBR|YFFR|DSQT|RHHR|RGWR}',
    'IC {BATT CHG LI-ION 1 CELL|BATT MON LI-ION 1 CELL|BATT PROT LI-ION 1 CELL|FUEL GAUGE LI-ION|BATT CHG MULTI-CHEM} {16VQFN|24WQFN|10WSON|8SON|SOT-23-6|12DSBGA|32TQFP}'),
  templateFamily('TI', 'REG', 4, 'DRV{8833|8825|8835|8837|8838|8870|8871|8874|8876|8889A|8212|8220|10970|2603|2605|2604|2624|8313|8316|8301|8305|8320|8323|8353|8343|8350|8432|8424|8412|8462|8701|8714|8106|8311}{PWPR|PWP|DDAR|DSSR|DRLR|RTER|DRCR|DGSR|RHBR|RGER|PWR|DCAR|RGZR|DGKR|YFFR}',
    'IC MOTOR DRIVER {BIPOLAR|BRUSHED DC|BLDC|STEPPER|HALF BRIDGE} {16HTSSOP|8SO PWRPAD|10WSON|16WQFN|32VQFN|28HTSSOP|48VQFN}'),
  templateFamily('TI', 'REG', 3, 'UCC{27517A|27511A|27524|27211|27282|21520|21540|5304|28C42|28C43|28710|256403|28180|25600|3895|37321|37322|27531|27424|27714|28951|28064A|24612|2897A}{DBVR|DBVT|DR|DDAR|DGNR|DWR|D|P|PWR|DRSR|DRVR|RTER}',
    'IC {GATE DRVR LOW-SIDE|GATE DRVR HALF-BRIDGE|GATE DRVR ISOLATED|OFFLINE SWITCH PWM|PFC CTRLR} {SOT-23-5|8SOIC|8VSSOP|16SOIC W|14SOIC|6SON}'),
  templateFamily('TI', 'LOGIC', 6, 'SN74{LVC|AHC|AHCT|HC|HCT|LV|ALVC|ACT|AC|ABT|CBT|CB3Q|LVC}{@00|02|04|08|14|32|74|86|125|126|138|139|157|161|164|165|174|240|244|245|373|374|541|573|574|595|4060|4066|4051|16245|3257=GATE NAND|GATE NOR|INVERTER|GATE AND|INVERTER SCHMITT|GATE OR|FLIP FLOP D-TYPE|GATE XOR|BUFFER NON-INVERT|BUFFER NON-INVERT|DECODER/DEMUX|DECODER/DEMUX|MULTIPLEXER|COUNTER BINARY|SHIFT REGISTER 8BIT|SHIFT REGISTER 8BIT|FLIP FLOP D-TYPE|BUFFER INVERT|BUFFER NON-INVERT|TRANSCEIVER 8BIT|LATCH D-TYPE|FLIP FLOP D-TYPE|BUFFER NON-INVERT|LATCH D-TYPE|FLIP FLOP D-TYPE|SHIFT REGISTER 8BIT|COUNTER RIPPLE 14BIT|ANALOG SWITCH 4CH|MUX/DEMUX 8:1|TRANSCEIVER 16BIT|MULTIPLEXER}{@D|PW|DB|NS|RGY|DGV=14SOIC|14TSSOP|14SSOP|14SO|14VQFN|14TVSOP}',
    'IC $1 $2', { v: 'R;;~R;R' }),
  templateFamily('TI', 'LOGIC', 2, 'SN74{LS|HC|HCT|AC|ACT|F}{00|02|04|08|14|32|74|86|125|138|161|164|165|174|244|245|373|374|595|4040|4060}N', 'IC {GATE|BUFFER|FLIP FLOP|SHIFT REGISTER|COUNTER|DECODER|TRANSCEIVER|LATCH} {14DIP|16DIP|20DIP}'),
  templateFamily('TI', 'LOGIC', 5, 'SN74{LVC|AUP|AHC|AHCT|LV}{1G|2G|1T}{00|02|04|06|07|08|14|17|32|34|86|97|98|125|126|157|3157|45|66|74|79|80|123}{DBVR|DCKR|DRLR|YZPR|DBVT|DCKT|DRYR|DSFR|DPWR}',
    'IC {GATE|BUFFER|INVERTER|SCHMITT TRIG|FLIP FLOP|TRANSLATOR|ANALOG SWITCH} {1CH|2CH} {SOT-23-5|SC-70-5|SOT-5X3|6DSBGA|6SON|5X2SON|SOT-23-6}'),
  templateFamily('TI', 'LOGIC', 3, 'CD4{001|011|013|017|020|023|027|040|046|049|050|051|052|053|060|066|069|071|081|093|094|511|543}B{E|M96|PWR|M|NSR|PW|F3A}', 'IC {GATE NOR|GATE NAND|COUNTER DECADE|PLL|MUX/DEMUX 8:1|ANALOG SWITCH QUAD|SHIFT REGISTER 8BIT|BCD DECODER} {16DIP|16SOIC|16TSSOP|14DIP|14SOIC}'),
  templateFamily('TI', 'LOGIC', 3, '{TXS0102|TXS0104|TXS0108|TXB0102|TXB0104|TXB0106|TXB0108|TCA9548A|TCA9546A|TCA9555|TCA6408A|TCA6416A|TCA9617A|TCA9406|TCA9517A|TCA9534|TCA9539|TCA9802|TCA4311A|TCA8418}{E|}{DCUR|PWR|RGYR|YZPR|DGKR|DBQR|RTWR|DR|RGER|DQER}',
    'IC {TRANSLATOR BIDIR|I2C SWITCH 8CH|I/O EXPANDER I2C 16B|I2C BUS BUFFER|KEYPAD SCAN I2C} {8VSSOP|14TSSOP|20TSSOP|24TSSOP|16VQFN|8DSBGA}'),
  templateFamily('TI', 'IFACE', 5, 'SN65HVD{230|231|232|233|1050|3082E|75|72|1781|1786|11|12|13|485E|1780|888|3088E|62|1040|234|1473}{D|DR|DGKR|DGK|P|DRBR}', 'IC TRANSCEIVER {CAN|RS-485|RS-422|HALF 1/1|FULL 1/1} {8SOIC|8VSSOP|8DIP|8SON}'),
  templateFamily('TI', 'IFACE', 3, 'TCAN{1042HGV|1042HV|1042V|1051HV|1051V|330|332|334|337|1462V|1043A|1044AV|1057AV|1046AV|4550|1145|1044AEV}{DRQ1|DR|D|DRBRQ1|DDFRQ1|DRBR|DYYR|DGKR|RGYR}', 'IC TRANSCEIVER CAN {FD|HS} 1/1 {8SOIC|8SON|8VSSOP|SOT-23-8|14VSON}'),
  templateFamily('TI', 'IFACE', 3, 'TUSB{320|321|322I|211|1106|2036|2046|1002A|544|546A|1146|1142|1044|1064|8041|9261|7340|2077A|3410}{RWBR|AIRWBR|RVRR|RWBT|IRGER|PWR|RGER|IRHBR|RGYR|PAP}',
    'IC USB {TYPE-C CTRLR|REDRIVER|HUB|PHY|SWITCH|CONTROLLER} {12X2QFN|16VQFN|24VQFN|48VQFN|20TSSOP|64HTQFP}'),
  templateFamily('TI', 'IFACE', 3, 'ISO{7741|7721|7742|7760|1050|1540|7762|1042|1044|1410|1412|1500|7310|7320|7330|7340|7341|7342|5852|5451|1211|1212|224|124|7731|6721|6741|7021|7041|3086|3088|3082|1452|5452|7710|7720|7820|7842}{B|F|C|}{DWR|DW|DR|DBQR|QDWRQ1|D|DBQ|DWVR|DFBR}',
    'DGTL ISO {2.5KV|3KV|5KV} {1|2|4|6}CH GEN PURP {16SOIC|8SOIC|16SSOP|16SOIC W}'),
  templateFamily('TI', 'SENS', 4, 'TMP{117|116|102|112|1075|275|235|236|36|75|100|101|105|103|108|461|464|468|1826|006|007|114|119|126|144|411|421|432|451|61|63|64|6131}{AI|A|N|NA|I|}{DRVR|DRVT|YBGR|DSGR|DRLR|DBVR|DBVT|DGKR|DR|D|YFFR|DCKR|LPGM|DPWR|YMTR|DECR}',
    'SENSOR TEMP {I2C/SMBUS|SPI|ANALOG|1-WIRE} {6WSON|SOT-563|SOT-23-5|SOT-23-6|8VSSOP|8SOIC|6DSBGA|X2SON-5|TO-92S}'),
  templateFamily('TI', 'SENS', 2, '{HDC2080|HDC2010|HDC1080|HDC3020|HDC2022|HDC2021|HDC3022|HDC1010|HDC1008|HDC3021|OPT3001|OPT3002|OPT3004|OPT4001|OPT4003|OPT4048|OPT3101|OPT3005|OPT3006|OPT3007|DRV5053|DRV5055|DRV5056|DRV5032|DRV5033|DRV5013|DRV5011|LMT70|LMT84|LMT85|LMT86|LMT87|LMT01}{DMBR|DMBT|YPAR|DEHR|DNPR|DNPT|YMFR|DTSR|OAQDBZR|RAQDBZR|VAQDBZR|FAQDBZR|AJQDBZR|YFQR|DCKR|LPGM}',
    'SENSOR {HUMIDITY/TEMP I2C|OPTICAL AMBIENT I2C|MAGNETIC SWITCH OMNIPOLAR|HALL EFFECT LINEAR|TEMP ANALOG} {6WSON|6USON|SOT-23-3|SC-70-5|TO-92-3|4DSBGA}'),
  templateFamily('TI', 'TIMING', 4, '{NE555|NE556|SE555|SA555|TLC555|TLC556|LMC555|TLC551|LM555|TLC552|LM556}{C|I|Q|M|}{DR|P|D|PSR|PWR|DGKR|N|MX|CMM|DBVR|DRQ1}', 'IC OSC {SINGLE|DUAL} TIMER {100KHZ|2.1MHZ|3MHZ} {8SOIC|8DIP|8VSSOP|14SOIC|SOT-23-5|8TSSOP}'),
  templateFamily('TI', 'TIMING', 2, 'CDC{E913|E925|E6214|LVC1102|LVC1104|LVC1108|LVC1310|M61001|LVP1102|M6208|E62002|E949|E62005|VP1102|EL913|E906}{PW|PWR|RHBR|RGER|RGET|PWT|RTVT|RHBT|RHAR|DBVR|RGZT|RGTR}',
    'IC CLK {BUFFER|GEN|SYNTHESIZER} {1:2|1:4|1:8|PROG} {8TSSOP|14TSSOP|20VQFN|32VQFN|48VQFN}'),
  templateFamily('TI', 'MCU', 5, 'MSP430{G2553|G2231|G2452|FR2355|FR2433|FR2476|FR5969|FR5994|F5529|FR6989|FR2311|FR2111|FR4133|F2013|F2274|F1611|F149|FR2155|FR5739|I2040|FR6043|FR2676|F5438A|G2744}{I|T}{PW20|N20|RHB32|PT|RGE|PN|PZ|RGZ|PW28|DA38|PW|PM|RGC}{R|}',
    'IC MCU 16BIT {2KB|4KB|8KB|16KB|32KB|64KB|128KB|256KB} FLASH {20TSSOP|20DIP|32VQFN|48LQFP|24VQFN|80LQFP|100LQFP|48VQFN|28TSSOP|38TSSOP|64LQFP}'),
  templateFamily('TI', 'MCU', 3, 'MSPM0{G3507|L1306|G1507|C1104|G3519|L2228|G1106|L1105|C1106|G3505|L1304|L1346|G1519|G3107}{S|}{PTR|RHBR|PMR|DSGR|RGZR|DGSR|YCJR|DYYR|PTPT|RGER}',
    'IC MCU 32BIT {8KB|16KB|32KB|64KB|128KB|256KB|512KB} FLASH {48LQFP|32VQFN|64LQFP|8WSON|48VQFN|28VSSOP|16SOT|20VSSOP}'),
  templateFamily('TI', 'MCU', 2, 'TMS320F{28027|28035|28069|280049C|28379D|28377S|28335|280025C|28004|2800137|28388D}{PTT|PNT|PZP|PMS|PTPT|ZWTS|RGZR|PM|PZPQ}{|R|S}', 'IC MCU 32BIT {64KB|128KB|256KB|512KB|1MB} FLASH {48LQFP|64LQFP|80LQFP|100HTQFP|176HLQFP|337NFBGA}'),
  templateFamily('TI', 'MCU', 1, 'TM4C{123GH6PM|1294NCPDT|123GH6PGE|1294KCPDT|129ENCPDT|123BH6PM|123AH6PM|1233H6PM|123GH6ZRB}{I|T}{|R|3|3R|7|7R}', 'IC MCU 32BIT {256KB|1MB|512KB} FLASH {64LQFP|128TQFP|100LQFP|157BGA}'),
  templateFamily('TI', 'RF', 4, 'CC{1101|1310|1312R|1352P|2340|2500|2530|2540|2640R2F|2642R|2652R1F|2652P|3200|3220SF|3235S|2652R7|1312R7|2651R3|2674R10|3301|3351|2340R5|1314R10|2745R10}{RGPR|RGPT|RGZR|RGZT|RHBR|RSMR|RTCR|YFVR|RGKR|RGCR|RGER|RKPR|RTCT}',
    'IC RF {TXRX|TXRX+MCU} {ISM<1GHZ|BLUETOOTH|802.15.4|WIFI|ISM>1GHZ} {20VQFN|48VQFN|32VQFN|64VQFN|40VQFN}'),
  // Analog Devices and Linear Technology
  templateFamily('ADI', 'AMP', 5, 'AD{8605|8606|8608|8615|8616|8628|8629|8651|8652|8657|8603|8541|8542|8544|8551|8552|8554|8601|8602|8604|8613|4075-2|8066|8065|8421|8221|8226|8237|623|620|8495|8400}{A|B}{RT|R|RM|RJ|CP|UJ|CB}Z',
    'IC OPAMP {GP|ZERO-DRIFT|INSTR|JFET} {1|2|4} CIRCUIT {SOT23-5|8SOIC|8MSOP|TSOT-23|8LFCSP|14SOIC}', { v: ';-REEL7;~-REEL7;-R7;-RL;-R2' }),
  templateFamily('ADI', 'AMP', 3, 'ADA4{891-1|891-2|807-1|807-2|528-1|528-2|522-2|522-4|610-2|610-1|530-1|625-1|500-2|062-2|077-2|084-2|177-2|097-1|945-1|940-2|897-1|898-2|505-2|254|851-1|853-1}{ARJZ|ARZ|ARMZ|BRZ|ACPZ|AUJZ|BCPZ|BRMZ}',
    'IC OPAMP {GP|RAIL-TO-RAIL|HIGH SPEED|PRECISION} {1|2|4} CIRCUIT {SOT23-5|8SOIC|8MSOP|8LFCSP|6TSOT}', { v: ';-R7;-RL;~-R7;-RL7' }),
  templateFamily('ADI', 'DCONV', 5, 'AD{7124-8|7124-4|7606|7768|7793|7091R|7980|7989-1|7685|7691|5683R|5686R|5693R|9833|9834|9850|8232|7172-2|7175-2|5592R|5593R|7177-2|7193|7490|7476|7687|4000-1|4020|4696|5541A|5761R|5676R}{A|B|}{CP|ST|RM|RU|CB|RZ}Z',
    'IC {ADC|DAC|DDS} {10|12|16|18|20|24}BIT {SIGMA-DELTA|SAR|STRING} {24LFCSP|32LFCSP|10MSOP|16TSSOP|28TSSOP|64LQFP}', { v: ';-RL;-RL7;~-RL7' }),
  templateFamily('ADI', 'IFACE', 4, '{ADM3053|ADM2587E|ADM3485E|ADM2682E|ADM2483|ADM3251E|ADM3101E|ADM3202|ADM3222|ADM3260|ADM4168E|ADUM1201|ADUM1250|ADUM1251|ADUM3160|ADUM4160|ADUM141E|ADUM1401|ADUM5401|ADUM121N|ADUM1100|ADUM3201|ADUM4121|ADUM4223|ADUM6000|ADUM7442|ADUM263N|ADUM3151}{A|B|C|}{R|RW|RS|RI|CP|RQ}Z',
    'IC {TRANSCEIVER FULL 1/1|DGTL ISO 2.5KV 2CH|DGTL ISO 5KV 4CH|TRANSCEIVER HALF 1/1|ISOLATED CAN TRANSCEIVER|GATE DRVR ISOLATED} {8SOIC|16SOIC|20SSOP|16SOIC W|20SOIC W}', { v: ';-RL7;-RL;~-RL7' }),
  templateFamily('ADI', 'REG', 4, 'ADP{150|151|160|161|162|163|7118|7142|7156|7157|2108|2164|2302|2384|5090|5054|1706|3339|3338|122|123|124|125|7102|7104|7182|5301|5302|2370|1740|223|3335}{A|}{UJ|CP|RD|CB|AR|RM|J|ACB}Z-{@1.8|2.5|2.8|3.0|3.3|5.0|ADJ|1.2}',
    'IC REG {LINEAR|BUCK} $1V {150MA|200MA|500MA|1A|2A|3A} {TSOT-23-5|6LFCSP|8SOIC|8LFCSP|SOT-223-3}', { v: '-R7;-R2;-R7~-R2;-RL' }),
  templateFamily('ADI', 'REG', 2, 'LTM{8063|8065|4622|4626|4624|4625|4644|4633|8074|8078|4691|4663|4657|4638|4650|4700|8067|8068|4630|4686}{E|I|}{Y|V|}', 'DC DC CONVERTER {0.6-5V|0.6-15V|1-24V} {1A|2A|4A|6A|10A|15A|20A|50A} {BGA|LGA}', { v: '#PBF' }),
  templateFamily('ADI', 'SENS', 3, 'ADXL{345|343|355|362|367|375|335|372|313|357|356|330|380|382}B{CC|EZ|CP|RG}Z', 'ACCELEROMETER {X, Y, Z|X, Y} AXIS {±2G|±16G|±200G|±40G} {SPI|I2C|ANALOG} {14LGA|16LFCSP|24CQFP}', { v: ';-RL7;-RL;~-RL7' }),
  templateFamily('ADI', 'SENS', 2, 'ADT7{420|410|320|422|301|310|311|312|460|461|470|481|411}{UCP|TR|AR|BR|BRM}Z', 'SENSOR TEMP {I2C|SPI|ANALOG} {8SOIC|16LFCSP|SOT-23-6|8MSOP}', { v: ';-RL7;-R2;~-RL7' }),
  templateFamily('ADI', 'RF', 3, '{HMC|ADL|ADF|ADRF|ADAR|AD}{349|431|541|624|7081|5902|5904|4350|4351|5355|4159|5801|5610|9361|9364|9363|8318|1000|5611|5320|5380|5501|8317|6520|5545|7041|8302|8313|8362|5375}{A|}{LP|MS|BCP|ACP|ARM}{Z|E|ZN|}',
    'IC RF {SWITCH|AMP|PLL|MIXER|LOG DETECTOR|TRANSCEIVER|VCO} {DC-6GHZ|0.4-6GHZ|2-18GHZ|35MHZ-4.4GHZ|70MHZ-6GHZ} {16LFCSP|32LFCSP|QFN|8MSOP}', { v: ';-R7;TR;-RL7' }),
  templateFamily('LTC ADI', 'AMP', 4, 'LT{1013|1490|6230|1677|6015|1006|1014|1078|1112|1413|1460|1461|1634|1790|1963|3042|3045|3080|3085|3094|3471|3480|3580|3757|3990|8301|8390|8609|8609S|8610|8640|8645S|8705|4320|4356|6654|6655|6656|1129|1086|1085|1117|3014|1964|3015}{C|I|H|D|A}{S8|DD|MS8|MSE|S5|DE|ST|Q|DCB|MS|UDC|S6}',
    '{IC OPAMP GP 1 CIRCUIT|IC OPAMP PRECISION 2 CIRCUIT|IC REG LINEAR POS ADJ 1.5A|IC REG LIN ULTRALOW NOISE 500MA|IC REG BUCK ADJ 3A SYNC|IC REG BOOST ADJ 1.5A|IC VREF SERIES 0.05%|IC REG FLYBACK ISOLATED} {8SOIC|DFN-8|MSOP-8|TSOT-23-5|MSOP-10|SOT-223|16MSOP}',
    { v: '#PBF;#TRPBF;#PBF~#TRPBF;#TRMPBF' }),
  templateFamily('LTC ADI', 'REG', 4, 'LTC{6081|2050|6240|6241|6244|6246|6252|6255|6362|2057|2063|3600|3115-1|4054|3780|3407|3406|3525|3440|3536|3130|3130-1|4412|4365|4417|2990|2991|2992|2944|2945|6090|1864|1867|2308|2312|2440|2470|6957|4311|5100|4150|4151|4054L|4085|4056|4060|3642|3649|7138|7800|3887}{C|I|H|E}{MS8|S8|DD|MS|DE|S6|UDD|MSE|DC|TS8|GN|UF}',
    '{IC OPAMP ZERO-DRIFT 2 CIRCUIT|IC REG BUCK ADJ 4A|IC BATT CHG LI-ION 1 CELL|IC REG BUCK BOOST ADJ|IC CURRENT MONITOR 1%|IC ADC 16BIT SAR|IC PWR CTRLR HOT SWAP|IC SWITCH IDEAL DIODE} {8MSOP|8SOIC|DFN-8|10MSOP|SOT-23-6|12DFN|16SSOP|24QFN}',
    { v: '#PBF;#TRPBF;#PBF~#TRPBF' }),
  // Maxim
  templateFamily('MAX', 'IFACE', 5, 'MAX{3232|485|3485|232|14830|13487|3221|3222|3243|3441|13085|13088|14783|3227|3160|22500|14948|3111|3238|3420|3490|3491|3082|13487E|3078|3042B|9311|9939}{E|C|A}{SE|PE|UE|SA|WE|PA|UP|AI|UB|TG}+',
    'IC TRANSCEIVER {FULL 2/2|HALF 1/1|FULL 1/1|RS-232|RS-485|CAN} {16SOIC|8SOIC|16TSSOP|8DIP|16DIP|20SSOP|10UMAX}', { v: ';T;~T' }),
  templateFamily('MAX', 'SENS', 3, 'DS{18B20|18S20|1822|2431|28E17|2438|2401|2482-100|28E05|1307Z|1307|3231SN|3231M|3232M|1302Z|1338Z-33|1339AU|3234S|1621S|1631AU|7505S|75LV|620}{|+|#|+T&R|#T&R|-PAR+|U+|+T}',
    '{SENSOR DIGITAL -55C-125C TO92-3|IC RTC CLK/CALENDAR I2C 8SOIC|IC EEPROM 1KBIT 1-WIRE|IC RTC CLK/CALENDAR I2C 16SOIC|IC I2C TO 1-WIRE BRIDGE|IC BATT MON LI-ION 1 CELL|SENSOR TEMP 1-WIRE 8SOIC}'),
  templateFamily('MAX', 'REG', 3, 'MAX{17048|17043|17260|1555|1811|8212|77961|17222|38640|17572|16910|15062|1724|1725|1726|5035|5033|1616|17502|20004|17205|17055|17201|17262|77757|8815A|8863|1674|1675|1708|604|8880|8887|8869}{E|A|G|}{ZK|TA|TD|UA|SA|TB|ETB|ELT|ATA|ETE|EUB|EWL|EUA|TE|ZT|EUT}+',
    'IC {REG BUCK ADJ 1.5A|FUEL GAUGE 1-CELL|BATT CHG LI-ION 1 CELL|REG BOOST ADJ 500MA|REG LINEAR POS ADJ 1A|REG BUCK ADJ 600MA|SUPERVISOR 1 CHANNEL|REG BUCK BOOST ADJ 2A} {SOT-23-5|TDFN-8|8UMAX|8SOIC|12WLP|TQFN-16|6SOT}', { v: ';T;~T;T10;TW' }),
  templateFamily('MAX', 'AMP', 2, 'MAX{4230|4232|9914|44246|40006|4238|4239|4162|4163|4465|9617|9618|4236|9938|9643|4081|4080|40056|44245|44248|4209|9920}{A|E|B|}{XK|UA|SA|UT|EXK|UK|KA|TA|ZK|AUT|ASA}+',
    'IC OPAMP {GP|ZERO-DRIFT|CURRENT SENSE|MICROPOWER} {1|2|4} CIRCUIT {SC70-5|8UMAX|8SOIC|SOT-23-6|SOT-23-5}', { v: ';T;~T' }),
  templateFamily('MAX', 'MCU', 1, 'MAX{32660|32625|32655|32670|32666|78000|32672|32690|32650|32665}{GWE|IWY|GXQ|GTL|GTJ|EXG|GWR|CWQ}+', 'IC MCU 32BIT {256KB|512KB|1MB|2MB} FLASH {16WLP|40TQFN|81CTBGA|68TQFN}', { v: ';T;~T' }),
  templateFamily('MAX', 'AUD', 2, 'MAX{98357A|98357B|9814|98360A|9744|98306|97220A|9867|98090|9723|4466|9812|98373}{ETE|EWL|ETD|ETI|ETH|EWC|ETP|EUB|ETL}+', 'IC AMP AUDIO {CLASS D MONO 3.2W|CLASS AB STEREO|MIC PREAMP|CODEC STEREO} {16TQFN|9WLP|14TDFN|28TQFN|10UMAX}', { v: ';T;~T' }),
  // STMicroelectronics
  templateFamily('STM', 'MCU', 14, 'STM32{F030|F031|F042|F072|F103|F105|F207|F303|F334|F401|F405|F407|F411|F429|F446|F722|F746|H743|H723|G030|G031|G071|G0B1|G431|G474|L011|L031|L051|L073|L152|L432|L433|L476|L496|U575|U585|C011|C031|WB55|WL55}{@F|G|K|C|R|V|Z=20|28|32|48|64|100|144}{@4|6|8|B|C|E|G|I=16KB|32KB|64KB|128KB|256KB|512KB|1MB|2MB}{@T|U|H|Y|P=LQFP|UFQFPN|TFBGA|WLCSP|TSSOP}{6|7|3}',
    'IC MCU 32BIT $2 FLASH $1$3', { v: ';;~TR', k: '$3-$1' }),
  templateFamily('STM', 'MCU', 3, 'STM8{S003F3|S003K3|S103F3|S103K3|S105K4|S105C6|S207C8|S207RB|S208MB|L051F3|L151K6|L152C6|AF6266|S001J3|L101F3}{P6|U6|T6|T3|P3|TC|M3}', 'IC MCU 8BIT {8KB|16KB|32KB|64KB|128KB} FLASH {20TSSOP|32LQFP|48LQFP|32UFQFPN|20UFQFPN|8SO}', { v: ';;~TR' }),
  templateFamily('STM', 'REG', 4, 'LD1117{S33TR|S50TR|S18TR|S25TR|S12TR|DT33TR|DT50TR|DT18TR|AS33TR|ADT-TR|AS-TR|V33|V50|STR|S30TR}', 'IC REG LINEAR {1.2|1.8|2.5|3.0|3.3|5|ADJ}V {800MA|1A} {SOT-223|DPAK|TO-220}'),
  templateFamily('STM', 'REG', 2, 'LDL1117S{@33|50|18|25|12|30|15|28=3.3|5|1.8|2.5|1.2|3.0|1.5|2.8}R', 'IC REG LINEAR $1V 1.2A SOT-223'),
  templateFamily('STM', 'REG', 4, 'L78{05|06|08|09|10|12|15|18|24}{ABV|CV|ABD2T-TR|CD2T-TR|ABDT-TR|CDT-TR|CP|ACV|ABP|CV-DG|CV2T}', 'IC REG LINEAR {5|6|8|9|10|12|15|18|24}V {1|1.5}A {TO-220|D2PAK|DPAK|TO-220FP}'),
  templateFamily('STM', 'REG', 2, 'L78L{05|33|12|09|06|08|15|24}{ACZ|ABUTR|ACD13TR|ACUTR|ABZ|ABD13TR|CZ|CD13TR|ABZ-AP|ACZ-TR}', 'IC REG LINEAR {3.3|5|6|8|9|12|15|24}V 100MA {TO-92|SOT-89|8SO}'),
  templateFamily('STM', 'REG', 2, 'LDK{130|220|320|120|715|130B|220B}{M33R|PU33R|M18R|M50R|M25R|M-R|PU-R|M30R|PUR|DU33R}', 'IC REG LINEAR {1.8|2.5|3.0|3.3|5|ADJ}V {200|300|800}MA {SOT-23-5|DFN-6|SOT-323-5}'),
  templateFamily('STM', 'REG', 3, 'ST1S{10|14|12|40|31|09|41|06|03|15|50|32|33|00}{PHR|PUR|GR|IPHR|IPUR|IDR|IPU33R|G18R|BPUR|3PUR|BJR}', 'IC REG BUCK {ADJ|3.3V|1.8V|1.2V} {0.5|1.5|2|3|4|6}A {8SO PWRPAD|DFN-8|SOT-23-5|8VFDFPN|FLIP CHIP}'),
  templateFamily('STM', 'REG', 3, 'L{6981|7986|5973D|5973AD|6920D|6924D|6562A|6561|6599A|6398|6384E|6393D|6205PD|6206Q|6470H|6474PD|6472PD|6480H|9110|9616|7980A|7987|3751|5987A|5970D|5963Q|298N|293D|293DD|297|6203|6235Q|6225N|6701}{C|N|A|}{TR|013TR|}',
    'IC {REG BUCK ADJ|BATT CHG LI-ION|PFC CTRLR|HALF BRIDGE DRIVER|MOTOR DRIVER|LED DRIVER} {8SO|HTSSOP16|VFQFPN-16|POWERSO-20|MULTIWATT15|SO-20}'),
  templateFamily('STM', 'AMP', 5, 'TSV{911|912|914|991|992|994|631|632|7721|6390|6290|521|522|524|711|712|714|731|732|734|791|792|858|859|854|852|610|611|612|620|621|622}{I|A|AI|AIY|IY|}{LT|DT|PT|YLT|QT2|ST|YDT|YPT|IQ2T|ICT|CT}',
    'IC OPAMP {GP|RRIO|CMOS|LOW POWER|HIGH SPEED} {1|2|4} CIRCUIT {SOT23-5|8SO|14TSSOP|8DFN|SC70-5|8MINISO}'),
  templateFamily('STM', 'AMP', 3, 'LM{358|2904|324|2902|393|339|2903|2901|321}{DT|PT|YDT|YPT|WDT|AWYDT|DPT|YST|N|WN|AN|WYPT|ST|P}', 'IC {OPAMP GP 2 CIRCUIT|OPAMP GP 4 CIRCUIT|COMPARATOR 2 OPEN COLLECTOR|COMPARATOR 4 OPEN COLLECTOR} {8SO|8TSSOP|8DIP|14SO|14TSSOP|MINISO8}'),
  templateFamily('STM', 'AMP', 2, 'TS{321|358|507|912|922|921|924|881|882|884|391|393|3021|3022|1851|1852|1854|971|972|974|461|462|464|27L2|27M2|27M4|272|274|925|941|942|944}{ILT|IDT|AIDT|IPT|AILT|IYDT|ICT|IN|AIN|AIYLT|IQ2T|IYLT|IST}',
    'IC {OPAMP GP|OPAMP CMOS|COMPARATOR} {1|2|4} CIRCUIT {SOT23-5|8SO|8DIP|14SO|SC70-5|8MINISO}'),
  templateFamily('STM', 'IFACE', 3, 'ST{3232|3243|485|3485|202|232|3241|1480|3222|485E|3485E|3221|3244|13485}{E|C|A|}{BDR|CDR|EBDR|ECDR|BTR|CTR|EBTR|EBN|CN|BN|ABDR|EBPR|EBYR}', 'IC TRANSCEIVER {RS-232|RS-485|RS-422} {FULL 2/2|HALF 1/1|FULL 1/1|FULL 3/5} {16SOIC|8SOIC|16TSSOP|8DIP|28SSOP}'),
  templateFamily('STM', 'SENS', 4, pairedChoice('LIS3DH:ACCELEROMETER X, Y, Z AXIS I2C/SPI 16LGA|LIS2DH12:ACCELEROMETER X, Y, Z AXIS I2C/SPI 12LGA|LIS2DW12:ACCELEROMETER X, Y, Z AXIS I2C/SPI 12LGA|LIS3MDL:MAGNETOMETER X, Y, Z AXIS I2C/SPI 12LGA|LIS2HH12:ACCELEROMETER X, Y, Z AXIS I2C/SPI 12LGA|LIS2MDL:MAGNETOMETER X, Y, Z AXIS I2C/SPI 12LGA|LIS2DE12:ACCELEROMETER X, Y, Z AXIS I2C/SPI 12LGA|LIS3DSH:ACCELEROMETER X, Y, Z AXIS I2C/SPI 16LGA|LIS2DUX12:ACCELEROMETER X, Y, Z AXIS I2C/SPI 12LGA|LIS2DS12:ACCELEROMETER X, Y, Z AXIS I2C/SPI 12LGA|LSM6DSO:IMU ACCEL/GYRO 6-AXIS I2C/SPI 14LGA|LSM6DSOX:IMU ACCEL/GYRO 6-AXIS I2C/SPI 14LGA|LSM303AGR:ACCEL/MAGNETOMETER 6-AXIS I2C/SPI 12LGA|LSM9DS1:IMU ACCEL/GYRO/MAG 9-AXIS I2C/SPI 24LGA|LSM6DSV:IMU ACCEL/GYRO 6-AXIS I2C/SPI 14LGA|LSM6DSL:IMU ACCEL/GYRO 6-AXIS I2C/SPI 14LGA|LSM6DSR:IMU ACCEL/GYRO 6-AXIS I2C/SPI 14LGA|LSM6DSO32:IMU ACCEL/GYRO 6-AXIS I2C/SPI 14LGA|LSM6DS3:IMU ACCEL/GYRO 6-AXIS I2C/SPI 14LGA|LSM6DSV16X:IMU ACCEL/GYRO 6-AXIS I2C/SPI 14LGA|LPS22HB:SENSOR PRESSURE ABS 260-1260HPA 10HLGA|LPS25HB:SENSOR PRESSURE ABS 260-1260HPA 10HLGA|LPS22HH:SENSOR PRESSURE ABS 260-1260HPA 10HLGA|LPS33HW:SENSOR PRESSURE ABS WATERPROOF 10CCLGA|LPS28DFW:SENSOR PRESSURE ABS DUAL RANGE 7CCLGA|LPS22DF:SENSOR PRESSURE ABS 260-1260HPA 10HLGA|LPS27HHW:SENSOR PRESSURE ABS WATERPROOF 10CCLGA|HTS221:SENSOR HUMIDITY/TEMP I2C/SPI 6HLGA|STTS22H:SENSOR TEMP DIGITAL I2C 6UDFN|STTS751:SENSOR TEMP DIGITAL I2C 6UDFN'),
    '$1', { v: ';TR;~TR' }),
  templateFamily('STM', 'SENS', 2, 'VL53L{0CX|1CX|1X|3CX|4CD|4CX|5CX|7CX|8CH|8CX}{V0DH/1|BV0FY/1|V0FY/1|V0GC/1|V0DH1}', 'SENSOR OPTICAL TOF {2M|4M|4M 8X8|1.3M} I2C {12OLGA|18OLGA}'),
  templateFamily('STM', 'MEM', 3, 'M24{C02|C04|C08|C16|C32|C64|128|256|512|M01|M02|C01}-{WMN6TP|RMN6TP|FMN6TP|WDW6TP|RDW6TP|FCS6TP/K|DRMN8TP/K|WMN6P|RMC6TG|FMC6TG|WBN6P}',
    'IC EEPROM {1|2|4|8|16|32|64|128|256|512|1024|2048}KBIT I2C {400KHZ|1MHZ} {8SO|8TSSOP|8DIP|8UFDFPN|WLCSP}'),
  templateFamily('STM', 'MEM', 2, 'M95{010|020|040|080|160|320|640|128|256|512|M01|M02|M04}-{WMN6TP|RMN6TP|DWMN3TP/K|DRMN6TP|DRDW8TP/K|RDW6TP|WMN6P}', 'IC EEPROM {1|2|4|8|16|32|64|128|256|512|1024|2048|4096}KBIT SPI {5MHZ|10MHZ|20MHZ} {8SO|8TSSOP|8DIP}'),
  // Microchip
  templateFamily('MCHP', 'MCU', 6, `ATMEGA${pairedChoice('328P:32KB|328PB:32KB|32U4:32KB|2560:256KB|1284P:128KB|88PA:8KB|168PA:16KB|48PA:4KB|4809:48KB|8A:8KB|16A:16KB|32A:32KB|644PA:64KB|3208:32KB|1608:16KB|808:8KB|128A:128KB|64A:64KB|164PA:16KB|324PB:32KB')}-{@AU|MU|AN|MN|AUR|MUR|ANR|MNR|AF|XF=TQFP|VQFN|TQFP|VQFN|TQFP|VQFN|TQFP|VQFN|TQFP|SSOP}`,
    'IC MCU 8BIT $1 FLASH {28|32|44|48|64|100}$2'),
  templateFamily('MCHP', 'MCU', 5, `ATTINY${pairedChoice('85:8KB|45:4KB|25:2KB|13A:1KB|44A:4KB|84A:8KB|402:4KB|412:4KB|414:4KB|416:4KB|814:8KB|816:8KB|817:8KB|1614:16KB|1616:16KB|1617:16KB|3216:32KB|3217:32KB|1634:16KB|2313A:2KB|4313:4KB|202:2KB|204:2KB|212:2KB|10:1KB|20:2KB')}-{@20PU|20SU|20SUR|SSU|SSUR|MMH|MMHR|SSN|SSNR|MNR|MN|SN|SNR|PU|SU|SUR|MU|MUR|TSHR|XU|XUR=8DIP|8SOIC|8SOIC|14SOIC|14SOIC|20VQFN|20VQFN|14SOIC|14SOIC|20VQFN|20VQFN|8SOIC|8SOIC|20DIP|20SOIC|20SOIC|20VQFN|20VQFN|SOT-23-6|20TSSOP|20TSSOP}`,
    'IC MCU 8BIT $1 FLASH $2'),
  templateFamily('MCHP', 'MCU', 4, 'ATSAM{D21G18A|D21E18A|D21J18A|D21G17D|D21E17A|D51J19A|D51G19A|D51P20A|D11C14A|D11D14A|D10D14A|D20E18A|E51J19A|E54P20A|E70Q21B|L21E18B|C21J18A|D09D14A}-{@AU|AUT|MU|MUT|UUT|SSUT|AN|ANT|MNT|CU|CUT=TQFP|TQFP|QFN|QFN|WLCSP|SOIC|TQFP|TQFP|QFN|UFBGA|UFBGA}',
    'IC MCU 32BIT {16KB|32KB|128KB|256KB|512KB|1MB|2MB} FLASH {14|20|32|48|64|100|144}$1'),
  templateFamily('MCHP', 'MCU', 6, `PIC${pairedChoice('16F84A:1.75KB|16F628A:3.5KB|16F877A:14KB|16F886:14KB|16F887:14KB|16F1455:14KB|16F1459:14KB|16F1503:3.5KB|16F1509:14KB|16F1619:14KB|16F15313:3.5KB|16F18313:3.5KB|16F18446:28KB|16F1827:7KB|16F1847:14KB|16F1938:28KB|16F19156:28KB|18F2550:32KB|18F4550:32KB|18F25K22:32KB|18F45K22:32KB|18F26K22:64KB|18F46K22:64KB|18F27Q43:128KB|18F47Q43:128KB|18F26Q10:64KB|18F14K50:16KB|18F2620:64KB|18F4620:64KB|12F675:1.75KB|12F683:3.5KB|12F1822:3.5KB|12F1840:7KB|12F629:1.75KB|12F508:0.75KB|10F200:0.375KB|10F322:0.875KB|16LF1554:7KB|18LF46K22:64KB')}{|T}-{I|E}/{@P|SO|SS|SL|SP|PT|ML|MV|SN|OT|ST|MF=DIP|SOIC|SSOP|SOIC|SPDIP|TQFP|QFN|UQFN|SOIC|SOT-23|TSSOP|DFN}`,
    'IC MCU 8BIT $1 FLASH $2'),
  templateFamily('MCHP', 'MCU', 3, 'DSPIC33{EP|FJ|CK|CH|EV}{32|64|128|256|512}{MC|GP|MP|GS|MU}{202|204|206|502|504|506|508|810}{|T}-{I|E}/{SS|PT|ML|MM|SP|SO|M4|PF}', 'IC MCU 16BIT {32KB|64KB|128KB|256KB|512KB} FLASH {28SSOP|44TQFP|44QFN|28UQFN|28SPDIP|64TQFP|100TQFP}'),
  templateFamily('MCHP', 'MCU', 2, 'PIC32{MX270F256B|MX250F128B|MX795F512L|MX470F512H|MX130F064B|MX170F256B|MZ2048EFH064|MZ2048EFM100|MK1024GPE100|MM0256GPM064|CM5164LS48}{|T}-{I|50I|V|E}/{SP|SS|ML|PT|PF|MR}', 'IC MCU 32BIT {64KB|128KB|256KB|512KB|1MB|2MB} FLASH {28SPDIP|28SSOP|44QFN|64TQFP|100TQFP}'),
  templateFamily('MCHP', 'MEM', 4, '24{LC|AA|FC}{01|02|04|08|16|32|64|128|256|512|1025}{|T}-{I|E}/{SN|P|ST|MS|OT|MC|MNY}', 'IC EEPROM {1|2|4|8|16|32|64|128|256|512|1024}KBIT I2C {400KHZ|1MHZ} {8SOIC|8DIP|8TSSOP|8MSOP|SOT-23-5|8DFN}'),
  templateFamily('MCHP', 'MEM', 2, '25{LC|AA}{010A|020A|040A|080C|160C|320A|640A|128|256|512|1024}{|T}-{I|E}/{SN|P|ST|MS}', 'IC EEPROM {1|2|4|8|16|32|64|128|256|512|1024}KBIT SPI {2MHZ|10MHZ|20MHZ} {8SOIC|8DIP|8TSSOP|8MSOP}'),
  templateFamily('MCHP', 'MEM', 2, 'AT24C{01D|02D|04D|08D|16D|32E|64D|128C|256C|512C|M01|M02}-{SSHM|SSHL|MAHM|XHM|STUM|SSHD|PUM}-{T|B}', 'IC EEPROM {1|2|4|8|16|32|64|128|256|512|1024|2048}KBIT I2C 1MHZ {8SOIC|8UDFN|8TSSOP|SOT-23-5|8DIP}'),
  templateFamily('MCHP', 'MEM', 1, '{23LC512|23LC1024|23K640|23A256|SST25VF016B|SST26VF032B|SST25VF080B|SST39SF040|SST26VF016B|SST25PF040C}{|T}-{I|E|70-4C|50-4I|104I}/{SN|P|ST|SAF|PHE|MAE}', 'IC {SRAM|FLASH} {512KBIT|1MBIT|64KBIT|16MBIT|32MBIT|8MBIT|4MBIT} {SPI|PARALLEL} {8SOIC|8DIP|32PLCC|8WDFN}'),
  templateFamily('MCHP', 'AMP', 5, 'MCP{6001|6002|6004|6L01|6L02|6L04|6231|6232|6241|6242|6271|6272|6274|6V01|6V02|6S21|601|602|604|6021|6022|6024|6401|6402|6H01|6H02|6491|6N11|6471|6286}{|T}-{I|E}/{@OT|SN|SL|MS|P|ST|LT|CH=SOT-23-5|8SOIC|14SOIC|8MSOP|8DIP|14TSSOP|SC-70-5|SOT-23-6}',
    'IC OPAMP {GP|ZERO-DRIFT|CMOS} {1|2|4} CIRCUIT $1'),
  templateFamily('MCHP', 'REG', 5, 'MCP{1700|1702|1703A|1711|1755|1754|1825S|1826S|1727|1802|1804|1755S}{|T}-{@12|18|25|28|30|33|50=1.2|1.8|2.5|2.8|3.0|3.3|5.0}0{2|1}{E|I}/{TT|CB|DB|MB|OT|MC|SN|TO|EB}',
    'IC REG LINEAR $1V {150MA|200MA|250MA|300MA|500MA|1A} {SOT-23-3|SOT-89|SOT-223|SOT-23-5|TO-92|DFN-8}'),
  templateFamily('MCHP', 'REG', 4, 'MIC{5504|5219|5205|5365|5501|5528|29302|29152|2876|2253|23150|28511|33050|5225}-{@1.8|2.5|2.8|3.3|5.0|ADJ}{YM5|YMT|YD5|BM5|YML|YM|WU|YMM}', 'IC REG {LINEAR|BUCK|BOOST} $1V {150MA|300MA|500MA|1A|3A} {SOT-23-5|4TDFN|TO-263-5|8SOIC|6DFN}', { v: '-TR;-T5;;-TR~' }),
  templateFamily('MCHP', 'REG', 3, 'MCP{1640|1640B|1640C|16311|16312|16301|16331|1623|1624|1603|73831|73832|73833|73871|73213}{|T}-{2ACI|2ATI|2DCI|I|E}/{OT|CHY|MNY|MS|SN|UN|MF|MC}', 'IC {REG BOOST ADJ 800MA|REG BUCK ADJ 1A|BATT CHG LI-ION 1 CELL|REG BUCK 500MA} {SOT23-6|8MSOP|8TDFN|SOT-23-5|10DFN}'),
  templateFamily('MCHP', 'IFACE', 5, 'MCP{2515|2517FD|2518FD|2551|2542FD|2562FD|2221A|2200|2221|2210|23017|23008|23S17|4725|4728|7940N|79410|9600|9700|9808|9843}{|T}-{I|E}/{@SO|ST|SN|P|ML|MF|SS|JHA|MS|CH|OT=18SOIC|14TSSOP|8SOIC|8DIP|QFN|8DFN|20SSOP|14VDFN|8MSOP|SOT-23-6|SOT-23-5}',
    'IC {CAN CONTROLLER SPI|TRANSCEIVER CAN|USB TO UART|I/O EXPANDER I2C|DAC 12BIT|RTC CLK/CALENDAR I2C|SENSOR TEMP DIGITAL} $1'),
  templateFamily('MCHP', 'IFACE', 3, '{LAN8720A|LAN8742A|LAN9512|LAN9514|LAN7800|LAN9500A|LAN8710A|USB2514B|USB2517|USB3300|USB4604|USB2512B|USB3320|KSZ8081RNA|KSZ8091RNA|KSZ9031RNX|KSZ8863RLL|KSZ9477S}{-CP|-AEZC|-EZC|-I/M2|CA|CC|I}',
    'IC {ETHERNET PHY 10/100|ETHERNET PHY 10/100/1000|USB HUB CTRLR|USB PHY|USB TO ETHERNET|ETHERNET SWITCH} {24QFN|36QFN|48QFN|56QFN|64QFN|128TQFP}', { v: ';-TR;~-TR' }),
  templateFamily('MCHP', 'WMOD', 2, '{RN4871-I/RM140|RN4870-V/RM118|RN2903A-I/RM103|RN2483A-I/RM104|ATWINC1500-MR210PB1952|ATWINC1510-MR210PB1961|ATWINC3400-MR210CA131|WFI32E01PC-I|BM71BLES1FC2-0002AA|BM83SM1-00AB|RN4678-V/RM130|WBZ451PE-I}',
    'RX TXRX MOD {BLUETOOTH|LORA|WIFI|802.15.4 BLUETOOTH} {CHIP|PCB TRACE} SMD'),
  // NXP
  templateFamily('NXP', 'MCU', 4, 'LPC{1768FBD100|1769FBD100|11U24FBD48/401|845M301JHI33|55S69JBD100|55S16JBD64|54606J512BD208|824M201JHI33|1114FBD48/302|11C24FBD48/301|1343FBD48|1549JBD48|1517JBD64|1778FBD208|4088FBD144|802M001JDH20|804M101JDH24|810M021FN8|812M101JDH20|865M201JBD64|4357JET256|43S67JBD144|55S28JBD100|55S06JBD64|5534JBD64|5536JBD100}',
    'IC MCU 32BIT {8KB|16KB|32KB|64KB|256KB|512KB|1MB} FLASH {48LQFP|100LQFP|33HVQFN|64LQFP|208LQFP|20TSSOP|8SO|256LBGA}', { v: ';,551;,518;E;QL;K' }),
  templateFamily('NXP', 'MCU', 3, 'MK{L25Z128VLK4|64FN1M0VLL12|20DX256VLH7|22FN512VLH12|66FX1M0VMD18|L17Z256VFM4|L43Z256VLH4|L27Z64VFM4|E02Z64VLC4|V31F512VLL12|L05Z32VFM4|L02Z32VFK4|L26Z256VLH4|22FN1M0AVLH12|W41Z512VHT4|82FN256VLL15|L82Z128VLL7}',
    'IC MCU 32BIT {32KB|64KB|128KB|256KB|512KB|1MB} FLASH {32QFN|48QFN|64LQFP|80LQFP|100LQFP|144MAPBGA}', { v: ';R;~R' }),
  templateFamily('NXP', 'MCU', 3, 'MIMXRT{1062DVL6A|1052DVJ6B|1011DAE5A|1064DVL6A|1176DVMAA|1062CVL5A|1021DAG5A|1051DVL6A|1024DAG5B|1015DAF5A|1061DVJ6A|1042XJM5B|595SFFOC|1189CVM8B|1171DVMAA}', 'IC MCU 32BIT ROMLESS {80LQFP|100LQFP|144LQFP|196LFBGA|289MAPBGA}', { v: ';R;~R' }),
  templateFamily('NXP', 'MCU', 2, 'S32K{144|142|118|116|146|148|344|342|311|312|322|324|358|388}{HFT0|HAT0|UAT0|HFM0|EFM0}{VLLT|VLHT|MLFT|MLHT|VLQT|MPBT|VLFT}', 'IC MCU 32BIT {128KB|256KB|512KB|1MB|2MB|4MB} FLASH {48LQFP|64LQFP|100LQFP|144LQFP|100MAPBGA}', { v: ';R' }),
  templateFamily('NXP', 'IFACE', 4, 'TJA{1051T/3|1042T/3|1043T|1044GT|1057GT|1021T/20|1027T/20|1028T/3V3|1145T|1050T|1040T|1049T|1059T|1463A|1462A|1441A|1443AT|1020T|1044T|1051TK/3|1042TK/3}', 'IC TRANSCEIVER {CAN|CAN FD|LIN} {HALF 1/1|1/1} {8SO|8HVSON|14SO}', { v: ',118;J;,112;,118~,112' }),
  templateFamily('NXP', 'IFACE', 4, 'PCA{9685PW|9555PW|9548APW|9306DP|9617ADP|9632TK2|9536D|9545APW|9546APW|9557PW|9622DR|9674BS|9535PW|9539PW|9554BS|9600DP|9615DP|9515ADP|9517ADP|9698D|85063ATT|8565TS|2129T|9420UK|9641PW|6408APW|6416APW|9506BS|85073ADP}',
    'IC {LED DRIVER 16CH I2C|I/O EXPANDER I2C 16B|I2C SWITCH 8CH|LEVEL TRANSLATOR|RTC CLK/CALENDAR I2C|I2C BUS BUFFER|I2C HUB} {28TSSOP|24TSSOP|8TSSOP|8SO|16SO|24HVQFN|20TSSOP}', { v: ',118;,112;J;,118~,112' }),
  templateFamily('NXP', 'IFACE', 2, 'PCF{8574T|8574AT|8563T|85063ATT|8523T|8591T|8575TS|8575PW|85263ATL|8583T|8593T|85363ATL|2129AT|8574TS|85176T|85063TP|8523TK}', '{IC I/O EXPANDER I2C 8B|IC RTC CLK/CALENDAR I2C|IC DAC/ADC 8BIT I2C|IC LCD DRIVER} {16SO|8SO|20SSOP|16TSSOP|10DFN}', { v: '/3,518;/3,512;/5,518;/1,118;,118;,518' }),
  templateFamily('NXP', 'LOGIC', 2, 'NX3L{4051PW|2267GM|1T3157GW|2T384GT|4053HR|4684TK|1T5157GW|4357GM}', 'IC SWITCH {SPDT|DPDT|SP8T} {1|2|4} CH {16TSSOP|10XQFN|SOT-363|8XSON}', { v: ',118;,115;,125;X' }),
  templateFamily('NXP', 'SENS', 3, '{FXOS8700CQR1|MMA8451QR1|MMA8452QR1|MMA8653FCR1|MPL3115A2R1|MPL115A1|MPX5010DP|MPX5700AP|MPX4115A|MPX5100DP|MPX2010GP|MPXV7002DP|MPXV5010GP|FXLS8974CFR3|FXLS8962AFR1|MPL115A2T1|FXPS7115D4|MPXHZ6115A6U|MPXV7025DP|MPX5050DP|MPX53DP|MPXV5004DP|MPX10DP|MPX5500DP}',
    'SENSOR {ACCEL/MAGNETOMETER I2C|ACCELEROMETER 3 AXIS I2C|PRESSURE 0-10KPA DIFF|PRESSURE 15-700KPA ABS|PRESSURE 15-115KPA ABS|ALTIMETER I2C} {16QFN|10DFN|6SIP|8LGA|8SOP}'),
  templateFamily('NXP', 'REG', 2, 'MC33{PF8100|PF8121|PF8200|FS6500|FS4500|FS8530|PF1550|PF8101}{A0ES|A7ES|C0ES|A0EP|F9ES|LAE|CAE|NAE}', 'IC PMIC {I.MX|S32|SAFETY SBC} {56HVQFN|48LQFP|40QFN}', { v: ';R2' }),
  templateFamily('NXP', 'RF', 2, '{PN7150B0HN/C11002|PN532C106/3,151|PN5180A0HN/C2|PN7160A1HN/C100|PN7462AU/C3000|PN5190B1HN/C1|NTAG216F0DUF|NTAG213C1DUF|NT3H2111W0FHKH|NT3H2211W0FHKH|CLRC66303HN|MFRC52202HN1}',
    'IC RFID/NFC {CTRLR|TAG|READER} {40HVQFN|32HVQFN|TSSOP|XQFN8|WAFER}', { v: ';E;Y' }),
  // onsemi
  templateFamily('ONS', 'REG', 5, 'NCP{1117|1117LP|114|161|163|176|167|170|59151|5500|3170|3063|1529|1521|1402|1406|6324|81101|1342|1236|4371|4306|1075|1200|1377|1568|51200|718|730|711|712}{ST33T3G|DT33RKG|ASN330T1G|BMX330TBG|DSTADJT3G|ASN180T1G|AMX330TCG|BMX280TBG|DT50RKG|ST50T3G|DSADJR4G|DDR2G|SNT1G|ADR2G|MNR2G|SN33T1G|DR2G|DTR2G|PG|DRAKR2G}',
    'IC REG {LINEAR 3.3V 1A|LINEAR 3.3V 300MA|LINEAR ADJ 1.5A|BUCK ADJ 1A|BOOST ADJ 1A|OFFLINE SWITCH|LINEAR 5V 1A|PWM CTRLR} {SOT-223|DPAK|TSOP-5|XDFN-4|SOT-23-5|SO-8|WDFN-6}'),
  templateFamily('ONS', 'REG', 4, 'MC{7805|7812|7815|78L05|78L12|78M05|79L05|7905|7912|33063A|34063A|33269D|33275DT|33375D|1413|33172|33174|34072|33072|3403|4558|3302}{CTG|BDTRKG|ACDR2G|ABDTRKG|ACPRAG|CDTRKG|ACPG|ABDR2G|DR2G|DTBR2G|PG|VDR2G|NG|ADR2G}',
    'IC {REG LINEAR 5V 1A|REG LINEAR 12V 1A|REG LINEAR 5V 100MA|REG BUCK BOOST ADJ 1.5A|OPAMP GP 2 CIRCUIT|OPAMP GP 4 CIRCUIT|COMPARATOR 4 OPEN COLLECTOR|DRIVER 7/0 DARLINGTON} {TO-220-3|DPAK|8SOIC|TO-92-3|14SOIC|16SOIC|16DIP}'),
  templateFamily('ONS', 'REG', 3, 'LM{2575|2576|2596|317|337|358|324|2903|2904|393|339|321|833|2902|317M|7805|7812|1117|2931}{T-5G|TV-5G|D2T-5R4G|D2T-ADJR4G|T-ADJG|BT|DR2G|DMR2G|SNT1G|DTBR2G|VDR2G|DG|NG|MDTRKG|CTG|ADTG|DT-3.3RKG|DTRKG|CDR2G|ADR2G|SN3T1G}',
    'IC {REG BUCK 5V 1A|REG BUCK ADJ 3A|REG LINEAR ADJ 1.5A|OPAMP GP 2 CIRCUIT|OPAMP GP 4 CIRCUIT|COMPARATOR 2 OPEN COLLECTOR|REG LINEAR 3.3V 800MA} {TO-220-5|D2PAK-5|8SOIC|14SOIC|SOT-23-5|DPAK|TO-220-3}'),
  templateFamily('ONS', 'AMP', 3, 'NCS{2002|20071|325|333|2250|2200|20072|20074|21911|2325|199A1|199A2|210R|211R|213R|214R|2012|20081|20082}{SN2T1G|DR2G|SQ3T2G|SN1T1G|MUTAG|DMR2G|DTBR2G|SQ2T2G|XV2T2G}',
    'IC {OPAMP GP|OPAMP ZERO-DRIFT|CURRENT SENSE|COMPARATOR} {1|2|4} CIRCUIT {SOT-23-5|8SOIC|SC-88A|8MSOP|14TSSOP}'),
  templateFamily('ONS', 'LOGIC', 3, 'MC74{HC595A|HC164|HC14A|HC00A|HC04A|HC125A|HC245A|HC138A|HC4051|HC4053|HC08A|HC32A|HC74A|VHC1G08|VHC1G125|LCX245|ACT244|LVX245|VHC244}{DR2G|DTR2G|NG|DG|DWR2G|DTBR2G|DFT1G|DTT1G}',
    'IC {SHIFT REGISTER 8BIT|INVERTER SCHMITT|GATE NAND|BUFFER NON-INVERT|TRANSCEIVER 8BIT|DECODER|MUX/DEMUX|GATE AND|GATE OR|FLIP FLOP D-TYPE} {16SOIC|14SOIC|16DIP|14TSSOP|20SOIC|SC-88A}'),
  templateFamily('ONS', 'LOGIC', 2, 'NC7S{Z04|Z08|Z14|Z32|Z125|Z126|Z86|Z00|Z02|Z17|ZU04|P17|B3157|V17}{M5X|P5X|L6X|FHX}', 'IC {INVERTER|GATE AND|SCHMITT TRIG|GATE OR|BUFFER NON-INVERT|GATE XOR|ANALOG SWITCH} 1CH {SOT-23-5|SC-70-5|MICROPAK-6}'),
  templateFamily('ONS', 'OPTO', 3, '{FODM217A|FODM217B|FODM217C|FOD817|FOD817A|FOD817B|FOD852|FOD8801A|FODM3052|FOD3120|FOD3150|FOD8320|FOD8316|FOD8343|FOD0708|FOD060L|FODM8801A|FOD817D|FODM611|H11L1|H11AA1|H11A817|H11D1|H11G1|H11A1|MOC3063|MOC3023|MOC3052}{R2|S|SD|3SD|300|R2V|M|SR2M|}',
    'OPTOISO {2.5KV|3.75KV|5KV} {TRANS|GATE DRIVER|LOGIC|TRIAC} {4MFP|4DIP|4SMD|8SOP|5SOP|6SMD}'),
  templateFamily('ONS', 'MEM', 2, 'CAT24C{256|128|64|32|16|08|04|02|512|M01}{WI-GT3|YI-GT3|HU4I-GT3|LI-G|WI-G|VP2I-GT3|TDI-GT3}', 'IC EEPROM {2|4|8|16|32|64|128|256|512|1024}KBIT I2C {400KHZ|1MHZ} {8SOIC|8TSSOP|8DIP|8UDFN|SOT-23-5}'),
  templateFamily('ONS', 'REG', 2, 'NCV{8163|4275|7805|8664|4276|8402|7357|4264-2|8705|8161|8702|57001}{ASN330T1G|ADS50G|BD2TR4G|BDTRKG|ST33T3G|DTADJG|DTKG|MX330TBG|C50DTRKG|ASN280T1G}', 'IC REG LINEAR {2.8|3.3|5|ADJ}V {150MA|250MA|450MA|1A} {TSOP-5|D2PAK-5|DPAK|SOT-223} AUTOMOTIVE'),
  // Diodes Incorporated
  templateFamily('DIO', 'REG', 4, 'AP2112K-{@1.2|1.5|1.8|2.5|2.6|2.8|3.0|3.3}TRG1', 'IC REG LINEAR $1V 600MA SOT25'),
  templateFamily('DIO', 'REG', 4, 'AP{7361C|7365|7370|2127K|2138N|2139|2210K|7381|2204K|7333|7343Q|2114H}-{@12|18|25|28|30|33|50|ADJ=1.2|1.8|2.5|2.8|3.0|3.3|5.0|ADJ}{E|F|FG|SA|SN|SP|W5|Y|YRG}', 'IC REG LINEAR $1V {150MA|300MA|600MA|1A} {SOT-23|SOT-89|SOT-223|U-DFN2020-6|SOT-25}', { v: '-13;-7;G-7;TRG1' }),
  templateFamily('DIO', 'REG', 3, 'AP{63200|63203|63205|63356|63357|62150|62250|62300|62600|3012|3015A|3211|1501A|1509|1534|5726|5727|3602A|2171|2191|2151|2142|2552|2502|2822|22652|22653|2337|43776}{WU|Z6|SE|K|WG|FNL|KTR|S|M8|SG|FGE|SPR|MPG|W6|DHP}',
    'IC REG {BUCK ADJ 2A|BUCK 3.3V 3A|BOOST ADJ|LOAD SW 1A|LED DRIVER} {TSOT-26|SOT-563|SO-8|SOT-25|U-DFN2020-6|SOT-23}', { v: '-7;-13;TRG1;G-13' }),
  templateFamily('DIO', 'REG', 2, 'AZ1117{C|I|E}{H|D|R}-{@1.2|1.5|1.8|2.5|3.3|5.0|ADJ}TRG1', 'IC REG LINEAR $1V 1A {SOT-223|TO-252|SOT-89}'),
  templateFamily('DIO', 'AMP', 2, '{AS358|AS324|AS2904|AS393|AS339|LMV321|LMV358|LMV324|LMV331|LMV393|TLV9002|AP4310|AP4313}{MTR|S|AN|DR|AW5|ASE|AM8|ASA|AS14|SA}', 'IC {OPAMP GP 2 CIRCUIT|OPAMP GP 4 CIRCUIT|COMPARATOR 2 OPEN COLLECTOR|OPAMP GP 1 CIRCUIT} {SO-8|SOT-25|MSOP-8|SO-14|TSSOP-14}', { v: '-G1;-E1;-7;-13' }),
  templateFamily('DIO', 'LOGIC', 4, '74{LVC1G|AHC1G|LVC2G|AUP1G|HC1G|AHCT1G}{04|08|14|32|125|126|17|07|00|86|34|97|3157|66|74|79|157|06|02}{W5|SE|FW4|FW5|FZ4|DW|HK|FX4|Z|W6}-7', 'IC {GATE|BUFFER|INVERTER|SCHMITT TRIG|FLIP FLOP|ANALOG SWITCH} {1CH|2CH} {SOT-25|SOT-353|X2-DFN1010-6|SOT-26}'),
  templateFamily('DIO', 'LOGIC', 2, '74HC{595|164|14|00|04|08|32|125|245|138|4051|4052|4053|74|244|374|573}{S16|T16|S14|T14|S20|T20|S|T}-13', 'IC {SHIFT REGISTER|INVERTER|GATE|BUFFER|TRANSCEIVER|DECODER|MUX/DEMUX|FLIP FLOP|LATCH} {SO-16|TSSOP-16|SO-14|TSSOP-14|SO-20|TSSOP-20}'),
  templateFamily('DIO', 'IFACE', 2, 'PI{3USB102E|3USB221|3EQX16|6C557|3HDX414|4ULS3V202|3WVR13412|3PCIE3412|5C49S|3USB30532|3DBS16412|2EQX3332}{ZLE|ZLEX|ZHE|ZBEX|ZDEX|UEX|ZMEX|LEX}', 'IC {USB SWITCH|REDRIVER|MUX/DEMUX|CLOCK BUFFER|LEVEL SHIFTER} {10UQFN|42TQFN|16TSSOP|32TQFN}'),
  templateFamily('DIO', 'SENS', 2, 'AH{1806|1808|180|3572|3762|1751|3366Q|3160|1911|1913|3382|49E|49F}{-P|-W|-FJG|-Z|-WG|-SA|-FA|-P-A}', 'SENSOR MAGNETIC SWITCH {OMNIPOLAR|UNIPOLAR|LATCH|LINEAR} {SC59|SOT-23|TO-92S|X2-DFN1410}', { v: '-7;-13;-B;' }),
  // Nexperia logic
  templateFamily('NEX', 'LOGIC', 6, '74{HC|HCT|LVC|AHC|LV|AUP|LVT|HCS|AHCT|LVCH|ALVC}{@00|02|04|08|14|32|74|86|125|126|138|139|157|161|164|165|244|245|273|374|541|573|574|595|4051|4052|4053|4066|4060|2G14|1G125|16245|8T245|1T45|2T45|3G14|2G04|2G17|1G08|1G14|1G32|1G04|1G00|1G17|1G126}{D|PW|BQ|GW|GV|GM|DC|GF|GN|GS|DB|N}',
    'IC {GATE|BUFFER|INVERTER|SCHMITT TRIG|FLIP FLOP|SHIFT REGISTER|COUNTER|DECODER|TRANSCEIVER|MUX|LATCH} $1 {14SO|14TSSOP|16SO|16TSSOP|SOT-353|SOT-753|XSON6|DHVQFN14|20TSSOP|SOT-363}', { v: ',118;,118~,112;,125;,115;J;-Q100J;X' }),
  // Renesas
  templateFamily('RENE', 'MCU', 4, 'R7FA{4M1AB3CFM|2E1A92DFM|6M5BH3CFC|4M2AD3CFP|6M4AF3CFB|2L1AB2DFL|4M3AF3CFB|6M1AD3CFP|2A1AB3CFM|4E2B93CFM|6E2BB3CNE|4M1AB3CNB|8M1AHECBD|2E2A72DNH|6T1AD3CFP|4L1BD4CFP}', 'IC MCU 32BIT {64KB|128KB|256KB|512KB|1MB|2MB} FLASH {32LQFP|48LQFP|64LQFP|100LQFP|176LQFP|64QFN}', { v: '#AA0;#BA0;#AA0~#BA0;#HA0' }),
  templateFamily('RENE', 'MCU', 3, 'R5F{1026A|10268|104LE|51108|100GE|10NLE|11BLE|10Y47|104ML|10MMG|117GC|102A8|10BMG|113GL}{ASP|AFB|AFA|DFL|ANA|ANB|AGFB|ASM}', 'IC MCU 16BIT {4KB|8KB|16KB|32KB|64KB|128KB|512KB} FLASH {20LSSOP|64LFQFP|48LFQFP|32LQFP|24HWQFN}', { v: '#V5;#30;#X0;#35;#V0;#50' }),
  templateFamily('RENE', 'AMP', 2, 'ISL{28114|28214|28133|28158|28022|28023|21400|29023|28291|28006|28017|28233|28134}{FHZ|FBZ|FUZ|IHZ|IRZ|FRZ|IBZ|IUZ|IEZ|EUZ|FVZ}', 'IC OPAMP {GP|RAIL-TO-RAIL|ZERO-DRIFT|CURRENT SENSE} {1|2|4} CIRCUIT {SOT-23-5|8SOIC|8MSOP|SC-70-5}', { v: '-T7;-T7A;-T;-TK;-T13;-T7~-T7A' }),
  templateFamily('RENE', 'REG', 3, 'ISL{8009|85415|80030|9122|6605|8117|8130|8541|78226|9241|9238|80510|91108|9001A|6208|54226|85418|9122A|85410|8002}{IRZ|FRZ|AIRZ|IBZ|CRZ|IUZ|ARZ|FRTZ|IRAZ}', 'IC {REG BUCK ADJ 1.5A|REG BUCK BOOST ADJ|BATT CHG LI-ION|MOSFET DRIVER 2CH|REG LINEAR 300MA} {8SOIC|DFN-8|TDFN-10|16QFN|SOT-23-5}', { v: '-T;-T7A;-TK;-T13;-T~-TK' }),
  templateFamily('RENE', 'IFACE', 2, 'ISL{3178E|3172E|83485|32704E|29125|1208|12022|1219|22317|23315|32433E|83491|3170E}{IBZ|IUZ|FBZ|IRZ|IB8Z|IU10Z}', 'IC {TRANSCEIVER RS-485 HALF 1/1|RTC CLK/CALENDAR I2C|DIGITAL POT 256TAP|ISOLATOR 2CH} {8SOIC|10MSOP|8TDFN|16SOIC}', { v: '-T;-T7A;-TK;' }),
  templateFamily('RENE', 'SENS', 2, '{HS3001|HS3002|HS3003|HS3004|HS4001|HS4002|HS4003|HS4004|HS3101|HS3102|HS3104|HS3111|HS4101|HS4111|ZMOD4410AI1R|ZMOD4410AI1V|ZMOD4450AI1R|ZMOD4510AI1V|ZMOD4510AI3R|FS1015-1005|FS1015-1001|FS2012-1020-NG|FS3000-1005}',
    'SENSOR {HUMIDITY/TEMP I2C|GAS VOC I2C|GAS OZONE/NO2|FLOW SENSOR} {6LGA|12LGA|8LGA|MODULE}'),
  templateFamily('RENE', 'TIMING', 3, '{5P49V5901|5P49V6965|5P49V60|9FGV1006|8T49N241|5L35023|5P35023|9DBL0442|9DBV0641|5PB1108|5PB1104|8V97051|9FGL0241}{A|B|C|}{000|001|}{NDGI|NLGI|PGGI|CMGI|BNLGI|NBGI}', 'IC CLK GEN {PCIE|PROGRAMMABLE|FANOUT BUFFER} {4|6|8|10} OUTPUT {24VFQFN|20VFQFN|48VFQFN|16TSSOP}', { v: ';8;8~' }),
  // Toshiba
  templateFamily('TOSH', 'OPTO', 3, 'TLP{290|291|292|293|383|385|521|621|627|785|2309|2345|2361|2367|2705|2745|5701|5702|5751|152|250|352|358}{-4|}', 'OPTOISO {2.5KV|3.75KV|5KV} {TRANS|DARLINGTON|GATE DRIVER|LOGIC} {4SO|6SO|4DIP|SO6L|8DIP}', { v: '(GB,E;(GB-TP,SE(T;(TP,F);(E(T;(D4-TP,F)' }),
  templateFamily('TOSH', 'REG', 3, 'TCR{2EF|2EE|3DF|3DM|5AM|5BM|2LF|3UF|3RM|15AG}{@10|12|15|18|25|28|30|33|36|50=1.0|1.2|1.5|1.8|2.5|2.8|3.0|3.3|3.6|5.0}{|A|B}', 'IC REG LINEAR $1V {150MA|200MA|300MA|500MA|1.5A} {SMV|ESV|DFN4|SOT-25|WCSP6}', { v: ',LM(CT;,LF;,LM(CT~,LF' }),
  templateFamily('TOSH', 'LOGIC', 3, '{TC74HC|TC74VHC|TC7SZ|TC7WZ|TC74AC|74VHC|74VHCT|TC7SH|TC7PA}{@00|02|04|08|14|32|74|125|126|138|157|164|165|244|245|273|541|573|574|595|4051|4053|4066|U04|17|34|86}{AP|AF|AFT|FT|FU|FK|F}',
    'IC {GATE|BUFFER|FLIP FLOP|SHIFT REG|DECODER|TRANSCEIVER|MUX} $1 {14DIP|14SOP|14TSSOP|SOT-25|US8|16DIP|16SOP|20TSSOP}', { v: '(F;(EL,F;(EL,M;(BJ;,LJ(CT;(TE85L,F' }),
  templateFamily('TOSH', 'REG', 2, 'TB{6612FNG|67H450FNG|9051FTG|6600HG|62262FNG|67S249FTG|62783APG|62003APG|6560AHQ|67H303HG|9120FTG|67S128FTG}', 'IC MOTOR DRIVER {BIPOLAR|PAR|SERIAL|PWM} {SSOP24|HSOP8|QFN48|HZIP25|SOP16|DIP18}', { v: '(O,EL);(O,C,8,EL);(O);,C8,EL;,8,EL;' }),
  // Infineon
  templateFamily('INF', 'REG', 3, '{IFX1117ME|IFX25001ME|IFX1763XEJ|IFX54441LD|IFX91041EJ|TLE4275G|TLE4266-2G|TLE42754G|TLS810B1LD|TLS820F2EL|TLE4252D|TLS208D1EJ|TLE6251DS}{V33|V50|V15|}', 'IC REG LINEAR {1.5|3.3|5|ADJ}V {150MA|400MA|450MA|1A} {SOT-223|PG-TO252-5|PG-DSO-8|PG-TSON-10}', { v: 'XUMA1;XUMA2;HTMA1;XTMA1' }),
  templateFamily('INF', 'MCU', 3, 'XMC{1100|1201|1302|1403|1404|4100|4104|4200|4300|4400|4500|4700|4800}{T016|T028|T038|Q024|Q040|Q048|F064|F100|F144|E196|F068}{F|X|K}{0008|0016|0032|0064|0128|0200|0256|0512|1024|2048}{AA|AB|AC|AD}',
    'IC MCU 32BIT {8|16|32|64|128|200|256|512|1024|2048}KB FLASH {16TSSOP|28TSSOP|38TSSOP|24VQFN|40VQFN|48VQFN|64LQFP|100LQFP|144LQFP}', { v: 'XUMA1;XQMA1;XQSA1' }),
  templateFamily('INF', 'IFACE', 2, '{TLE9250V|TLE9251V|TLE9252V|TLE7259-3GE|TLE9350|TLE6250G|IFX1050G|TLE9371SJ|TLE9255W}{SJ|LE|XUMA1|}', 'IC TRANSCEIVER {CAN|CAN FD|LIN} 1/1 {PG-DSO-8|PG-TSON-8}', { v: 'XUMA1;XTMA1' }),
  // ROHM ICs
  templateFamily('ROHM', 'REG', 4, 'BD{00GA3WEFJ|33GA5WEFJ|50GC0WEFJ|9G101G|9E301EFJ|00IC0WEFJ|33IC0WEFJ|9B304QWZ|9C301FJ|9E100FJ|9G341AEFJ|18KA5WF|33KA5WF|50FC0WEFJ|433M5WFP2|9S111NUX-C|2242G|6221F|6231F|63005AMUV|62130AEFJ|63521EKN|71548MUV|70522GUL|48E36G|5230G|5239G|52E36G|48K45G|4845G|3812F|7561G|93C46FJ}',
    'IC {REG LINEAR 3.3V 500MA|REG LINEAR ADJ 1A|REG BUCK ADJ 3A|MOTOR DRIVER|VOLTAGE DETECTOR|OPAMP GP 1 CIRCUIT|EEPROM 1KBIT SPI} {8HTSOP-J|SSOP5|TO-252-3|SOP8|VSON008X2020|SOT-23-5}', { v: '-E2;-TR;-E2~-TR;-C' }),
  templateFamily('ROHM', 'AMP', 2, 'BA{4558|2904|2904S|4560|10358|2903|2901|10324A|8522R|4580R|2115|3121|15218|3308|4510|14741A|10393|2902}{F|FV|FVM|RFVM|FJ|FVJ|T|FP|WFP|HFP|YFVM}', 'IC {OPAMP GP 2 CIRCUIT|OPAMP GP 4 CIRCUIT|COMPARATOR 2 OPEN COLLECTOR|OPAMP AUDIO 2 CIRCUIT} {SOP8|SSOP-B8|MSOP8|SOP14|SOP-J8}', { v: '-E2;-TR;-E2~-TR;' }),
  templateFamily('ROHM', 'SENS', 2, '{BH1750FVI|BH1721FVC|BH1603FVC|BH1680FVC|BH1730FVC|BH1726NUC|BH1749NUC|BM1383AGLV|BM1390GLV|BM1422GMV|KX122-1037|KX132-1211|KX134-1211|KX023-1025|KX126-1063|KX224-1053|RPR-0521RS}',
    'SENSOR {OPTICAL AMBIENT I2C|PRESSURE ABS I2C|MAGNETIC 3-AXIS|ACCELEROMETER 3 AXIS} {6WSOF|WSOF6I|12LGA|10LGA|8OPTO}', { v: '-TR;-GTR;-SR;' }),
  templateFamily('ROHM', 'LED', 4, 'SML-{D12|E12|P12|A12|LX0603|310|LX1206|D15}{@U8|M8|V8|P8|Y8|W8|U1|M1|D8|E8=RED|GREEN|ORANGE|PURE GREEN|YELLOW|WHITE|RED|GREEN|AMBER|BLUE}{WT86|T86|WT86Q|T86Q|W}', 'LED $1 {CLEAR|DIFFUSED} {0603|0805|1206|0402} SMD'),
  // Other analog and power
  templateFamily('AMS', 'REG', 6, 'AMS1117-{@1.2|1.5|1.8|2.5|2.85|3.3|5.0|ADJ}', 'IC REG LINEAR $1V 1A {SOT-223|TO-252|TO-220}'),
  templateFamily('AMS', 'REG', 4, 'AMS{1085|1086|1084|1083|2908|3107|1505|1503|2954|2930|2931|1582|1117}{C|CM|CT|CD|CS|}-{@1.5|1.8|2.5|2.85|3.3|5.0|ADJ|12}', 'IC REG LINEAR $1V {1.5A|3A|5A|7.5A|250MA|800MA} {TO-220|TO-263|SOT-223|TO-252|SO-8}'),
  templateFamily('MPS', 'REG', 6, 'MP{1584EN|2307DN|2359DJ|2451DT|1495DJ|2315GJ|8765GQ|2145GD|1470GJ|2225GJ|2143DJ|1653GTF|2456GJ|2459GJ|9486AGN|3910AGK|2617AGL|2639AGR|2615GQ|1542DK|3202DJ|20051DN|20073DH|1471AGJ|2338GTL|2451DJ|2105DJ|8859GQ|6513GQ|86901GR|5610GQ|28167GQ|2161GJ|2122GJ}',
    'IC REG {BUCK ADJ 3A|BUCK ADJ 600MA|BUCK ADJ 1A|BOOST ADJ 1A|LINEAR 1A|BUCK ADJ 6A|BATT CHG LI-ION|MOTOR DRIVER} {8SOIC|TSOT23-6|QFN-12|SOT23-6|8MSOP|QFN-20}', { v: '-LF-Z;-LF-Z;-LF-P;-LF-Z~-LF-P;-Z;-P' }),
  templateFamily('MPS', 'REG', 2, 'MPQ{4420|2451|4430|8633|2013|6610|4572|2179|3910|20051}{GJ|DT|GL|GQ|GR|GS}-AEC1', 'IC REG {BUCK ADJ 2A|LINEAR 150MA|BOOST ADJ|MOTOR DRIVER} AUTOMOTIVE {TSOT23-8|QFN-12|QFN-16|SOIC-8}', { v: '-Z;-LF-Z;-P' }),
  templateFamily('RICH', 'REG', 6, 'RT{9013|9193|9080|8059|8008|9078|9011|9166|9167|8009|8010|9069|9058|6150A|6160A|8279|8296|2875|9738|5796A|7272A|8096C|9818|8259|9266}{-12|-18|-25|-28|-33|-50|}{GB|GE|PB|GJ5|GQW|GV|GSP|GJ6|ZQW|GQUF}',
    'IC REG {LINEAR 3.3V 500MA|LINEAR ADJ 300MA|BUCK ADJ 600MA|BOOST ADJ 1.2A|BUCK ADJ 3A|LED DRIVER|LINEAR 1.8V 600MA} {SOT-23-5|TSOT-23-6|WDFN-6L 2X2|SOT-89|SOP-8 EP|UQFN-12}'),
  templateFamily('POWI', 'REG', 4, '{TOP252|TOP253|TOP254|TOP255|TOP256|TOP257|TOP258|TOP264|TOP266|TOP268|TOP270|LNK302|LNK304|LNK305|LNK306|LNK362|LNK364|LNK3204|LNK3206|LNK564|LNK625|LNK632|TNY284|TNY285|TNY286|TNY287|TNY288|TNY290|TNY274|TNY276|TNY278|INN2215|INN3166|INN3167|INN3168|INN3265|INN3268|INN3270|INN3275|INN3278|INN3365|INN3370|INN3379|LYT4311|LYT4317|LYT5216|LYT6065|SID1102|SID1182}{PN|EG|GN|DN|PG|DG|KG|EN|C|K|D|P|E}',
    'IC OFFLINE SWITCH {FLYBACK|BUCK|MULTI TOPOLOGY} {8SO|8DIP|7SMD|INSOP-24|ESIP-7|ESOP-12}', { v: ';-TL;~-TL' }),
  templateFamily('TOREX', 'REG', 5, 'XC{6206|6210|6219|6220|6221|6222|6701|6504|6501|9236|9235|9265|9142|9140|9103|6124|6123|6136|9281|9246}{P|B|A|C|D|F|N|E}{@10|12|15|18|25|28|30|33|36|40|50=1.0|1.2|1.5|1.8|2.5|2.8|3.0|3.3|3.6|4.0|5.0}{1|2|4|B|C|D}{MR|PR|NR|ER|GR|DR|7R|4R|ZR}',
    'IC REG {LINEAR|BUCK|BOOST|SUPERVISOR} $1V {200MA|300MA|500MA|600MA|1A} {SOT-23|SOT-89|USP-6C|SOT-25|SSOT-24}', { v: ';-G;~-G' }),
  templateFamily('NISSH', 'REG', 4, '{NJM2391DL1|NJM78M05DL1A|NJM2863F3|NJM2870F3|NJM78L05UA|NJM7805FA|NJW4184U2|NJW4153U2|R1172H331D|R1172S181B|R1114N331D|R1524S331B|R1191N331B|R5323N001B|RP109N331D|RP114K331D|RP170N331D|NJM2737RB1|NJM4558M|NJM4580M|NJM2904M|NJM2732M|NJU7032M|NJM2100M}',
    'IC {REG LINEAR 3.3V 150MA|REG LINEAR 5V 500MA|OPAMP GP 2 CIRCUIT|REG LINEAR ADJ 1A|REG LINEAR 3.3V 300MA|OPAMP AUDIO 2 CIRCUIT} {TO-252-5|SOT-89|SOT-23-5|DMP8|8SOP|SC-88A}', { v: ';-TE1;-TE2;-T1-FE;-TR-FE;-TE1~-TE2' }),
  templateFamily('ABLIC', 'REG', 5, 'S-{1167|1206|1313|1318|1321|1335|1339|1701|1200|8254A|8261|8211C|1009|80928|35390A|5716A|5701|8110C}{B|A|C|N|}{@10|12|15|18|25|28|30|33|50=1.0|1.2|1.5|1.8|2.5|2.8|3.0|3.3|5.0}{-M5T1U|-M3T1U|-M5T1U3|-A6T8U|-I6T1U|-N4T1U|-T8T1U}',
    'IC {REG LINEAR|VOLT DETECTOR|BATT PROT LI-ION|RTC|HALL EFFECT SW} $1V {150MA|200MA|300MA} {SOT-23-5|SOT-23|SNT-4A|SOT-89-3|HSNT-6A}'),
  templateFamily('HOLT', 'REG', 3, 'HT{7333|7350|7130|7533|7550|7136|7150|7233|7530|7536|7044A|7050A|7027A|7139|7750A|7733A}{-A|-7|-1|-2|}', 'IC REG {LINEAR|BOOST|VOLT DETECTOR} {3.0|3.3|5.0}V {100MA|250MA|300MA} {SOT-89|TO-92|SOT-23-5}'),
  templateFamily('HOLT', 'MCU', 3, 'HT{66F0185|66F002|66F004|66F317|66F3185|68F30|46R47|45F23A|32F52352|32F52253|32F1655|32F50241|32F52230|32F61141|66F2390|45F65|46F49E|67F489|48F10E|66F0172}{|-1|-2}', 'IC MCU {8BIT|32BIT} {1KB|2KB|4KB|8KB|32KB|64KB|128KB} FLASH {8SOP|16NSOP|20SSOP|24SSOP|48LQFP|64LQFP|28SSOP}'),
  templateFamily('SGM', 'REG', 5, 'SGM{2019|2036|2203|6232|3157|2007|2033|2040|2054|2028|6603|6607|6013|3005|41296|61022|2540|2525|48000|2576|2551|2526}{-1.8|-2.5|-3.3|-ADJ|}{YN5G|XN5G|XS8G|YDH6G|XMS8G|YC5G|XKB6G|YUWQ10G}/TR',
    'IC {REG LINEAR 300MA|REG BUCK ADJ 2A|ANALOG SWITCH SPDT|LOAD SWITCH 2A|REG BOOST ADJ 1A|CURRENT LIMIT SW} {SOT-23-5|TDFN-6|SC70-6|SOIC-8|TSOT-23-6}'),
  templateFamily('SGM', 'AMP', 4, 'SGM{8631|8632|8634|321|358|324|8541|8542|8544|8521|8522|8524|8051|8052|8261|8262|8591|8592|8603|8604|8661|8705}{XN5G|XS8G|YS8G|XMS8G|YC5G|XS14G|XTS14G|YN6G|XMS10G}/TR',
    'IC OPAMP {GP|RRIO|LOW NOISE|CMOS} {1|2|4} CIRCUIT {SOT-23-5|SOIC-8|MSOP-8|SC70-5|SOIC-14|TSSOP-14}'),
  templateFamily('3PEAK', 'AMP', 4, 'TP{1541|1542|1544|1561|1562|1564|1281|1282|1284|2121|2122|2124|5551|5552|6001|6002|6004|1961|1962|2582|9001|1271|71501|2602|8590}{A|U|B|}{L1|S1|TR|S3|F1|C5|V1}', 'IC OPAMP {GP|RRIO|ZERO-DRIFT|HIGH VOLTAGE} {1|2|4} CIRCUIT {SOT23-5|SOP8|MSOP8|SC70-5|TSSOP14}', { v: '-SR;-TR;-SR~-TR' }),
  templateFamily('3PEAK', 'IFACE', 2, 'TPT{3485|485E|75176|1042|1051|1145|1043|3232E|75179}{E|V|}{-SO1R|-TS3R|-SF2R|-VS1R|-SO2R|-TS5R}', 'IC TRANSCEIVER {RS-485 HALF|CAN FD|RS-232} 1/1 {8SOP|TSOT-23-6|8MSOP|16SOP}'),
  templateFamily('AWIN', 'REG', 4, 'AW{9523B|9523|21036|88298|32257|36515|87318|8733A|8155|3641|37105|35615|2013|99703|9910B|9106B|9817|86224|86225|2016}{TQR|CSR|FCR|DNR|QNR|FOR|SPR|QFNR|DNR}',
    'IC {I/O EXPANDER I2C 16BIT|AUDIO AMP CLASS K MONO|LED DRIVER 3CH|HAPTIC DRIVER|LOAD SWITCH|LDO 300MA|MOTOR DRIVER} {QFN-24|CSP-9|DFN-10|SOT-23-5|WLCSP|ESOP-8}'),
  templateFamily('ZILOG', 'MCU', 3, 'Z8F{0822|6421|1680|0421|0823|042A|1621|3221|6481|0130|0230|0131|0231}{SH|PM|AN|VN|SJ|PJ|HH|SB|QB}0{20|40}{SG|EG|SC|EC}', 'IC MCU 8BIT {1KB|4KB|8KB|16KB|32KB|64KB} FLASH {20SSOP|28SOIC|44LQFP|28DIP|8SOIC|64LQFP}', { v: ';;00TR' }),
  templateFamily('ALLEG', 'SENS', 5, 'ACS{712ELCTR|723LLCTR|724LLCTR|758LCB|770LCB|711KEXLT|725LLCTR|37612LLUA|71240LLCBT|711ELCTR|72981LLR|733KLATR|725KMATR|780KLRTR|756SCA|37002LMA|709LLFTR|732KLATR|781KLRTR}-{05B|20A|30A|10AB|050B|40AB|15AB|20AU|30AB|12CB|050U|100B|150B|010B|005B|065B|20AB}{-T|-PFF-T|-PSF-T|}',
    'SENSOR CURRENT HALL {5A|10A|20A|30A|40A|50A|100A} {AC/DC|DC} {8SOIC|16QSOP|5CB|CB-PFF}'),
  templateFamily('ALLEG', 'SENS', 3, 'A{1324|1325|1326|1301|1302|3144|1454|3912|1120|1101|1102|1104|1106|1212|1220|1231|1260|1266|1308|1332|1333|1335|1339|3213|3214|3290|3901|6211}{LLHLX|LUA|ELHLT|KUA|EEH|LLHLT|ELHLX|KLHLT|LLH|EUA|KLHLX|ELT}{-T|-4-T|-2-T|-5-T|}',
    'SENSOR HALL EFFECT {LINEAR|LATCH|UNIPOLAR|OMNIPOLAR|ANGLE} {SOT-23W|3SIP|TO-92S}'),
  templateFamily('ALLEG', 'REG', 3, 'A{4988|4950|4953|4954|5984|3977|3967|4982|4983|4931|4915|4962|4963|8444|8435|4403|3906|3908|4945|5931}{SETTR|ELJTR|EESTR|GLPTR|KLPTR|SLBTR|ETTR|GEUTR|GESTR|KLJTR|MLJTR}{-T|-P-T|-5-T}',
    'IC MOTOR DRIVER {BIPOLAR|BRUSHED DC|3-PHASE BLDC|STEPPER} {28QFN|8SOIC|20QFN|24QFN|16QFN|28TSSOP}'),
  templateFamily('MELX', 'SENS', 5, 'MLX{90614|90615|90640|90641|90393|90316|90632|81150|92242|90395|90363|90364|90371|90367|91208|91209|91216|91217|75027|81106|81108|80051|92231|90427}{ESF|SLW|KLD|LLD|KDC|EDC|GGO|SPF|LDC|SPO|LGO|ESG|KXD|LUA|KLQ}-{BAA|DCI|ABA|BAB|AAA|BCC|CAV|ABP|CBA|BAI|AAI|CAC|BBA|AAG|DAA|ACA}-{000|011|012|001|100|200|105|900|020|101|015}-{TU|RE|SP|TR|CR|TU2}',
    'SENSOR {IR TEMP|MAGNETIC 3-AXIS|POSITION|CURRENT|LATCH HALL|THERMAL ARRAY} {TO-39|10UTDFN|SOIC-8|TSSOP-16|SOT-23}'),
  // Memory and interface makers
  templateFamily('MICRN', 'MEM', 5, 'MT25{QL|QU}{128|256|512|01G|02G}{ABA|ABB|BBB}{1ESE|8ESF|1EW9|8E12|1EW7}-{0SIT|0AAT|1SIT}', 'IC FLASH {128MBIT|256MBIT|512MBIT|1GBIT|2GBIT} SPI/QUAD {8SOIC|16SOIC|8WPDFN|24TBGA}', { v: ';;TR' }),
  templateFamily('MICRN', 'MEM', 4, 'MT{41K256M16TW-107|41K512M16HA-125|40A512M16LY-075|53E256M32D2DS-046|48LC16M16A2P-6A|48LC32M16A2P-75|47H64M16NF-25E|46V32M16P-5B|41K128M16JT-125|61K256M32JE-14|40A1G16KNR-075}{:P|:G|:E|:A|:K|:C| IT:P| AAT:E| IT:G| WT:B}',
    'IC DRAM {2GBIT|4GBIT|8GBIT|256MBIT|512MBIT|1GBIT} {DDR3L|DDR4|LPDDR4|SDRAM|DDR2} {96FBGA|54TSOP II|84FBGA|200WFBGA|66TSOP|78FBGA}', { v: ';;TR' }),
  templateFamily('MICRN', 'MEM', 2, 'MTFC{4GACAJCN-1M|8GAKAJCN-4M|16GAPALBH-IT|32GAPALBH-IT|64GAJAEDN-AIT|4GLGDQ-AIT Z|8GTJEDN-AAT}{ WT| IT| AAT|}', 'IC FLASH {32GBIT|64GBIT|128GBIT|256GBIT|512GBIT} EMMC {153VFBGA|100TBGA}'),
  templateFamily('WINB', 'MEM', 8, 'W25Q{16|32|64|80|128|256|512|01|02}{JV|JW|FV|BV|DV|NW|JL|RV}{SSIQ|SIQ|ZPIQ|SSIM|XGIQ|EIQ|FIQ|SFIG|ZEIQ|SNIG|SSIG|TCIQ|UXIQ}', 'IC FLASH {16|32|64|8|128|256|512}MBIT SPI/QUAD {8SOIC|8WSON|16SOIC|24TFBGA|8USON|8XSON}', { v: ';;TR;~TR;T' }),
  templateFamily('WINB', 'MEM', 3, 'W{9812G6KH|9825G6KH|9816G6JB|9864G6KH|94AD6KB|9425G6KH|9751G6KB|631GG6MB|632GU6NB|634GU6NB|631GU6MB|29N01HV|29N02GV|29N04GV|29N01GV}{-6|-5|-6I|-5I|-25|-25I|-18|-12|-11|-15|SINA|SIAA|XINA|SINF}',
    'IC {SDRAM 128MBIT|SDRAM 256MBIT|DDR2 512MBIT|DDR3 1GBIT|DDR3 2GBIT|FLASH NAND 1GBIT|FLASH NAND 2GBIT} {54TSOP II|84WBGA|96WBGA|48TSOP I}', { v: ';;TR' }),
  templateFamily('ISSI', 'MEM', 5, 'IS{62WV51216BLL|62WV25616BLL|61WV51216BLL|61LV25616AL|66WVH8M8BLL|42S16400J|42S16320F|42S32800J|43TR16256A|43TR16512B|46TR16256AL|25LP128F|25LP064A|25WP128|25LP032D|25LP256E|24C02B|24C256B|25LQ040B}{-55TLI|-55BLI|-10TLI|-7TLI|-6TLI|-10BLI|-JBLE|-JKLE|-JNLE|-JMLE|-125BLI|-107BLI}',
    'IC {SRAM 8MBIT PARALLEL|SRAM 4MBIT PARALLEL|DRAM 64MBIT PARALLEL|DRAM 256MBIT PARALLEL|DRAM 4GBIT DDR3|FLASH 128MBIT SPI/QUAD|FLASH 64MBIT SPI/QUAD|EEPROM 2KBIT I2C} {48TSOP I|44TSOP II|54TSOP II|8SOIC|8WSON|96TWBGA|48BGA}', { v: ';;-TR' }),
  templateFamily('ISSI', 'REG', 2, 'IS{31FL3731|31FL3236A|31FL3737|32LT3175|31FL3741A|31FL3216|31FL3193|31AP2145|31FL3743A|31LT3360}{-QFLS2|-TTLS2|-QFLS4|-GRLS1|-CLS2|-SLS2|-DLS2}', 'IC LED DRIVER {MATRIX I2C|36CH I2C|LINEAR 3CH|BOOST} {28QFN|36QFN|SOT-23-6|QFN-48}', { v: ';-TR;~-TR' }),
  templateFamily('MACX', 'MEM', 6, 'MX{25L12833F|25L6433F|25L3233F|25L25645G|25L51245G|25U12832F|25L1606E|25L8006E|25R6435F|25L3206E|25L12835F|66L1G45G|30LF1G18AC|35LF2GE4AD|25V8035F|29GL256F|29LV320E|25L4006E|25U6432F|25L12873F|77L25650F}{M2I-10G|Z2I-10G|M2I-08G|MI-10G|ZNI-10G|ZUI-08G|XBI-10G|ZM2I-08G|TI-10G|XDI-08G|M1I-12G|Z2I-08G|M2I-12G|TI-70G|XEI-10G|ZNI-08G|MI-08G}',
    'IC FLASH {4|8|16|32|64|128|256|512}MBIT {SPI/QUAD|PARALLEL} {8SOP|8WSON|16SOP|24TFBGA|48TSOP|56TSOP}'),
  templateFamily('GIGA', 'MEM', 5, 'GD25{Q|LQ|WQ|LE|B|LB|D}{16|32|64|80|128|256|40|512M|05|10|20|256D}{E|C|B|ES|D}{SIG|NIG|TIG|WIG|YIG|EIG|FIR|BIG|ZIG}', 'IC FLASH {512KBIT|1MBIT|2MBIT|4MBIT|8MBIT|16MBIT|32MBIT|64MBIT|128MBIT|256MBIT|512MBIT} SPI/QUAD {8SOP|8WSON|8USON|16SOP|24TFBGA}', { v: ';R;~R' }),
  templateFamily('GIGA', 'MCU', 6, 'GD32{F103|F303|F407|E230|E503|VF103|F130|F150|F350|F450|E103|C103|A503|L233|W515|VW553|F470|H759|G553|E505|F527|C231|L235}{@C|R|V|K|F|G|T|Z=48|64|100|32|20|28|36|144}{@8|B|C|E|G|I|6|4|K=64KB|128KB|256KB|512KB|1MB|2MB|32KB|16KB|3MB}{@T|U|H|P|Y|V=LQFP|QFN|BGA|TSSOP|WLCSP|LGA}{6|7|3}',
    'IC MCU 32BIT $2 FLASH $1$3', { v: ';;TR;~TR' }),
  templateFamily('ADSTO', 'MEM', 6, 'AT25{SF128A|SF641B|SF321B|SF161B|SF081B|DF041B|DF081A|DF321A|XE161D|XE321D|QL321|SL128A|SF041B|DN256|DF011|SF321|FF321A|XE081D|XE041D|QF641B|QL128A}-{SHB|SSHB|MHB|SSHD|SHD|MHE|SSHN|UUN|XMHN|SSHL|MAHN|SHF|MHD|SUB|XUB}',
    'IC FLASH {256KBIT|1MBIT|2MBIT|4MBIT|8MBIT|16MBIT|32MBIT|64MBIT|128MBIT} SPI {8SOIC|8UDFN|8DFN|8TSSOP|WLCSP}', { v: '-T;-B;-T~-B;' }),
  templateFamily('ADSTO', 'MEM', 3, 'AT45DB{041E|081E|161E|321E|641E|021E|011D}-{SHN|SSHN|MHN|SSHD|MWHN|CCUN|SHF|UUN|MHF}', 'IC FLASH {1|2|4|8|16|32|64}MBIT SPI 85MHZ {8SOIC|8UDFN|8DFN|9UBGA}', { v: '-T;-B;2B-T;' }),
  templateFamily('CYP', 'MCU', 5, 'CY8C{4245AXI-483|4014LQI-422|4247AZI-M485|5888LTI-LP097|6347BZI-BLD53|4024LQI-S412|4125LQI-483|4248BZI-L489|4147AZI-S475|21434-24LQXI|29466-24PVXI|27443-24PVXI|4045AZI-S413|6136BZI-F34|3246LTI-122|4013SXI-400|4149AZI-S598|5868AXI-LP035|4127AZI-M475|4246AZI-M443}',
    'IC MCU 32BIT {16KB|32KB|64KB|128KB|256KB|1MB} FLASH {24QFN|48TQFP|56QFN|68QFN|100TQFP|124BGA|8SOIC|28SSOP}', { v: ';T;~T' }),
  templateFamily('CYP', 'IFACE', 3, 'CY7C{68013A-56LTXC|68013A-100AXC|65213-32LTXI|65211-24LTXI|68053-56BAXI|64215-28PVXC|65215-32LTXI|65213A-28PVXI|66113C-PVXC|68014A-128AXC|65630-56LTXC|65211A-24LTXI}',
    'IC {USB MICROCONTROLLER|USB TO UART BRIDGE|USB HUB CTRLR|USB TO I2C/SPI} {56QFN|100TQFP|32QFN|28SSOP|24QFN}', { v: ';T;~T' }),
  templateFamily('CYP', 'MEM', 4, 'FM{25V01A|25V10|25V20A|24CL64B|24C64B|25CL64B|25W256|25L16B|24V10|22L16|28V100|25V02A|24W256|18W08|25640B|24CL16B|24V01A}-{G|DG|SG|PG|TG}', 'IC FRAM {16KBIT|64KBIT|256KBIT|1MBIT|2MBIT|4MBIT} {SPI|I2C|PARALLEL} {8SOIC|8DFN|44TSOP II|28SOIC}', { v: ';TR;~TR' }),
  templateFamily('CYP', 'MEM', 3, 'S25FL{128S|064L|256L|127S|512S|116K|132K|164K|128L|256S|064LA|128SA}{AGMFI|ABMFI|AGNFI|AGBHI|DPMFI|AGMFV|AGMFA|ABNFI|AGBHB}{00|01|10|11|21|02|03}{0|1|3}', 'IC FLASH {64MBIT|128MBIT|256MBIT|512MBIT|16MBIT|32MBIT} SPI/QUAD {8SOIC|16SOIC|8WSON|24BGA}'),
  templateFamily('FTDI', 'IFACE', 6, 'FT{232RL|231XS|232RQ|2232HL|2232HQ|232HL|232HQ|4232HL|4232HQ|230XS|234XD|201XQ|220XS|221XS|240XS|311D|312D|313H|600BQ|602Q|601Q|260Q|200XD|232BL|245RL|2232D|51A|900Q|810Q|812Q|813Q|815Q|4232HAQ}',
    'IC {USB FS SERIAL UART|USB HS DUAL|USB HS QUAD|USB FS SERIAL FIFO|USB TO I2C/SPI|EMBEDDED VIDEO ENGINE|USB-C PD CTRLR} {28SSOP|32QFN|48LQFP|64LQFP|20SSOP|16SSOP|24QFN|56VQFN}', { v: '-REEL;-TUBE;-R;-U;-T;-REEL~-TUBE;-R~-U;-B-R;-B-T' }),
  templateFamily('WCH', 'IFACE', 4, 'CH{340G|340C|340N|340E|340K|340T|340B|341A|343G|344Q|348Q|9102F|9102X|9329|552G|552T|552F|559L|9350L|9140|339W|334F|335F|347T|348L|9326|9344L|9342F|9143|317L|372B|375B}',
    'IC {USB TO UART BRIDGE|USB TO I2C/SPI|USB HUB CTRLR|USB TO UART 4CH|USB HOST CTRLR} {16SOIC|8SOIC|10ESSOP|20TSSOP|28SSOP|QFN-24|LQFP-48}'),
  templateFamily('WCH', 'MCU', 4, 'CH32{V003F4P6|V003A4M6|V003J4M6|V103C8T6|V103R8T6|V203C8T6|V203G6U6|V203F6P6|V203RBT6|V307VCT6|V307RCT6|V305FBP6|V208WBU6|F103C8T6|F103R8T6|X035G8U6|X035C8T6|X035R8T6|L103C8T6|V006K8U6|V002F4P6|F203RCT6|V303CBT6}',
    'IC MCU 32BIT {16KB|32KB|64KB|128KB|256KB} FLASH {20TSSOP|16SOP|8SOP|48LQFP|28QFN|64LQFP|100LQFP|20QFN}'),
  templateFamily('PROLF', 'IFACE', 2, 'PL{2303GC|2303GL|2303GT|2303TA|2303HXD|2303RA|25A1|2303GS|2303GE|2303GA|2303GR|27A1|2571B|2773|3380}', 'IC USB {TO UART BRIDGE|HOST-TO-HOST BRIDGE|TO SATA BRIDGE} {16QFN|28SSOP|24SSOP|48LQFP|10MSOP}', { v: ';;~TR' }),
  templateFamily('REALT', 'IFACE', 4, 'RTL{8211F|8201F|8111H|8152B|8153B|8367S|8305NB|8211FS|8211FD|8208F|8211E|8201CP|8125B|8156B|8363NB|8370N|8111G|8221B|8214FC}-{CG|VB-CG|VD-CG|VS-CG|VI-CG|VC-CG|VE-CG|VH-CG|GR}',
    'IC ETHERNET {PHY 10/100/1000|PHY 10/100|CTRL PCIE GBE|USB 3.0 TO GBE|SWITCH 5PORT} {40QFN|32QFN|48QFN|64QFN|128LQFP}'),
  templateFamily('REALT', 'AUD', 2, 'ALC{5640|5651|892|897|5616|5682|887|662|4080|5645|1220|269|5686}-{VB-CGT|CG|VA2-CG|CGT|VD-CGT|VB-GR|VC-CG}', 'IC AUDIO CODEC {2CH|7.1CH|MONO} {24BIT|16BIT} {48QFN|40QFN|WLCSP}'),
  templateFamily('MARV', 'IFACE', 4, '88E{1512|1510|1518|1543|1111|6390X|6321|1548P|1116R|6176|6352|1680|2010|2110|1545|6320|6141|6350R|1322}-{A0|A1|B0|B2|B1|C2|A2}-{NNP2C000|NNB2C000|TAH2I000|NNB2I000|NAA2I000|BAB1C000|NNC1C000|LKJ2C000|TFJ2C000|TAH2C000|BAB1I000|RCJ1C000}',
    'IC ETHERNET {PHY 10/100/1000 1PORT|SWITCH 7PORT|PHY 4PORT|SWITCH 11PORT} {48QFN|56QFN|68QFN|128LQFP|196TFBGA|256BGA}'),
  templateFamily('MARV', 'RF', 2, '88W{8997|8987|8897|8887|8801|9098|8977}-{A2|A1|B0}-{NYB2C000|NTN2C000|NYB2I000|BZX2C000}', 'IC RF TXRX {WIFI|BLUETOOTH WIFI} {2.4GHZ|DUAL BAND} {QFN-68|WLCSP|BGA}'),
  // Microcontroller makers
  templateFamily('ESP', 'WMOD', 6, 'ESP32-{WROOM-32E|WROVER-E|S3-WROOM-1|S3-WROOM-1U|C3-MINI-1|C3-WROOM-02|C6-WROOM-1|S2-SOLO-2|H2-MINI-1|S3-MINI-1|C6-MINI-1|WROOM-32UE|S2-MINI-1|C3-MINI-1U|S3-WROOM-2|C2-MINI-1}-{N4|N8|N16|N4R2|N8R2|N16R8|N8R8|N4R8|N16R2|H4|H2}',
    'RX TXRX MOD {WIFI|BLUETOOTH WIFI|802.15.4 BLUETOOTH WIFI|BLUETOOTH 802.15.4} {PCB TRACE|U.FL|TRACE} SMD'),
  templateFamily('ESP', 'RF', 3, 'ESP{32-S3|32-C3|32-C6|32-S2|32-H2|32-D0WD-V3|32-D0WDR2-V3|32-C2|32-S3R8|32-S3FN8|32-C3FN4|32-C3FH4|32-PICO-V3-02|32-PICO-D4|32-U4WDH|32-C6FH4|32-S2FN4R2|8266EX|8685H4|8684H2}',
    'IC RF TXRX+MCU {WIFI|BLUETOOTH WIFI|802.15.4} {QFN-56|QFN-32|QFN-40|LGA-48}'),
  templateFamily('NORD', 'RF', 6, 'NRF{52832|52833|52840|52810|52811|52805|5340|9160|54L15|51822|9151|52820|54H20|9161|21540|7002|54L10|54L05}-{QFAA|QIAA|QDAA|CIAA|QCAA|QKAA|SICA|CAAA|QFAC|QFAB|QAAA|CKAA|QEAA|CDAA|SAAA}',
    'IC RF TXRX+MCU {BLUETOOTH|802.15.4 BLUETOOTH|CELLULAR|WIFI 6} {48QFN|73AQFN|32QFN|94AQFN|WLCSP|LGA}', { v: '-R;-R7;-R~-R7;-T' }),
  templateFamily('NORD', 'REG', 2, 'NPM{1100|1300|6001|1304|2100}-{QDAA|QEAA|CAAA|CDAA}', 'IC PMIC BATT CHG {24QFN|32QFN|WLCSP}', { v: '-R7;-R' }),
  templateFamily('RPI', 'MCU', 2, '{RP2040|RP2350A|RP2350B|RP2354A|RP2354B}', 'IC MCU 32BIT {ROMLESS|2MB FLASH} {56QFN|60QFN|80QFN}', { v: ';;~-R7' }),
  templateFamily('RPI', 'BOARD', 3, pairedChoice('SC0915:RASPBERRY PI PICO RP2040|SC0918:RASPBERRY PI PICO W|SC1631:RASPBERRY PI PICO 2|SC1632:RASPBERRY PI PICO 2 W|SC1111:RASPBERRY PI 5 4GB|SC1112:RASPBERRY PI 5 8GB|SC1110:RASPBERRY PI 5 2GB|SC0193(9):RASPBERRY PI 4 MODEL B 2GB|SC0194(9):RASPBERRY PI 4 MODEL B 4GB|SC0510:RASPBERRY PI ZERO 2 W|SC0872:RASPBERRY PI CAMERA MODULE 3|SC1148:RASPBERRY PI ACTIVE COOLER|SC0680:COMPUTE MODULE 4 4GB LITE|SC1090:RASPBERRY PI 27W USB-C PSU|SC1060:RASPBERRY PI 500 KEYBOARD COMPUTER|SC1530:RASPBERRY PI AI HAT+'), '$1', { cont: 'bulk' }),
  templateFamily('SILAB', 'RF', 5, 'EFR32{BG22C224F512IM40|MG21A010F1024IM32|BG24B210F1536IM48|FG23A010F256GM40|MG24B210F1536IM48|BG27C140F768IM40|FG25B222F1920IM56|MG12P332F1024GL125|BG13P632F512GM48}-{C|B|A}',
    'IC RF TXRX+MCU {BLUETOOTH|802.15.4|SUB-GHZ|MULTIPROTOCOL} {40QFN|32QFN|48QFN|56QFN|125BGA}', { v: ';R;~R' }),
  templateFamily('SILAB', 'MCU', 4, 'EFM{8BB10F8G|8BB21F16G|8SB10F8G|8LB12F64E|8UB10F16G|8BB31F64G|32PG22C200F512IM40|32GG11B820F2048GL192|32HG322F64G|32PG23B310F512IM48|32TG11B520F128GM80}-{A|B|C}{-SOIC16|-QFN20|-QSOP24|-QFN32|}',
    'IC MCU {8BIT|32BIT} {2KB|8KB|16KB|64KB|128KB|512KB|2MB} FLASH {16SOIC|20QFN|24QSOP|32QFN|40QFN|192BGA}', { v: ';R;~R' }),
  templateFamily('SILAB', 'IFACE', 4, '{CP2102N-A02-GQFN28|CP2102N-A02-GQFN24|CP2102N-A02-GQFN20|CP2104-F03-GM|CP2112-F03-GM|CP2105-F01-GM|CP2108-B03-GM|CP2110-F01-GM|CP2114-B02-GM|CP2615-A01-GM|CP2130-F01-GM|SI8641BB-B-IS1|SI8621BB-B-IS|SI8660BC-B-IS1|SI8422AB-D-IS|SI8711CC-B-IS|SI8233BB-D-IS1}',
    'IC {USB TO UART BRIDGE|USB TO I2C/SMBUS|USB TO SPI|DGTL ISO 2.5KV 4CH|DGTL ISO 5KV 2CH|GATE DRVR ISOLATED} {28QFN|24QFN|20QFN|16SOIC|8SOIC|64QFN}', { v: ';R;~R' }),
  templateFamily('SILAB', 'SENS', 2, 'SI{7021|7051|7060|7013|7020|7006|7210|7202|1133|1145|7034}-A{20|10|30}-{GM1|IM1|GM|IM|FM1|IMR1}', 'SENSOR {HUMIDITY/TEMP I2C|TEMP DIGITAL I2C|HALL EFFECT SWITCH|OPTICAL PROXIMITY} {6DFN|SOT-23-5|10QFN}', { v: ';R;~R' }),
  templateFamily('SILAB', 'TIMING', 2, 'SI{5351A|5351B|5351C|5340|5341|5338|5332|53340|5341A|5345A|5395A}-{B|D|A}{-GT|-GM|-GTR|-GMR|12345-GM|-A-GM}', 'IC CLK GEN {PROGRAMMABLE|JITTER ATTENUATOR|FANOUT BUFFER} {3|4|8|10} OUTPUT {10MSOP|20QFN|24QFN|44QFN|64QFN}'),
  templateFamily('LATT', 'FPGA', 5, 'ICE40{UP5K-SG48I|UP3K-UWG30I|HX1K-TQ144|HX8K-CT256|LP1K-CM36|LP384-SG32|UL1K-SWG16I|HX4K-TQ144|HX1K-VQ100|LP8K-CM81|UL640-SWG16I|HX8K-BG121|UP5K-UWG30I}',
    'IC FPGA {21|39|107|206|25|10|95|39} I/O {48QFN|30WLCSP|144TQFP|256CABGA|36UCBGA|32QFN|16WLCSP|100VQFP|81UCBGA|121CABGA}', { v: ';TR;~TR;TR50' }),
  templateFamily('LATT', 'FPGA', 4, 'LCMXO{2-256|2-640|2-1200|2-2000|2-4000|2-7000|3LF-1300|3LF-2100|3LF-4300|3LF-6900|3D-9400|3L-4300}{HC|ZE|E|C}-{4|5|6|1}{TG100|TG144|SG32|MG132|QN84|MG121|UWG36|BG256|BG324|SG72}{C|I}',
    'IC FPGA {21|55|79|104|114|206|280|335} I/O {100TQFP|144TQFP|32QFN|132CSBGA|84QFN|121CSFBGA|36WLCSP|256CABGA}', { v: ';R;~R' }),
  templateFamily('LATT', 'FPGA', 3, '{LFE5U-12F|LFE5U-25F|LFE5U-45F|LFE5U-85F|LFE5UM-25F|LFE5UM5G-45F|LIFCL-17|LIFCL-40|LFD2NX-17|LFD2NX-40|LFCPNX-100|LAV-AT-E70}-{6|7|8|9}{BG256|BG381|MG285|SG72|MG121|BG400|BG196|LFG672}{C|I}',
    'IC FPGA {72|118|197|245|365} I/O {256CABGA|381CABGA|285CSFBGA|72QFN|121CSFBGA|400CABGA}'),
  templateFamily('XLNX AMD', 'FPGA', 8, 'XC{7A35T|7A50T|7A100T|7A200T|7A15T|7A12T|7S6|7S15|7S25|7S50|7S100|7Z007S|7Z010|7Z020|7Z030|7Z035|7K70T|7K160T|7K325T|7K410T|ZU1CG|ZU2CG|ZU3EG|ZU3CG|ZU4EV|ZU5EV|ZU7EV|KU040|KU060|VU9P|AU7P|AU15P|AU25P|6SLX9|6SLX16|6SLX25|6SLX45|6SLX75|3S50A|3S200A|3S500E|3S100E|3S400A}-{1|2|3|1L|2L|L1|4|5}{CPG236|CSG324|FTG256|CLG400|SFVC784|FFG900|FBG676|CSGA324|CPGA236|TQG144|VQG100|FGG484|CSG225|SBVA484|UBVA530|CSG325|CLG484|FFVC900|SFVA625}{C|I|E|Q}',
    'IC FPGA {106|150|170|210|250|300|400|500} I/O {236CSBGA|324CSBGA|256FTBGA|400CSBGA|784FCBGA|900FCBGA|144TQFP|100VQFP|484FBGA}'),
  templateFamily('XLNX AMD', 'FPGA', 2, 'XC{2C64A|2C128|2C256|9572XL|95144XL|95288XL|2C32A|9536XL|2C384|2C512}-{4|5|6|7|10}{VQG44|VQG64|TQG100|TQG144|CPG56|CPG132|PCG44}{C|I}', 'IC CPLD {32|64|72|128|144|256|288} MC {5NS|6NS|7.5NS|10NS} {44VQFP|64VQFP|100TQFP|144TQFP|56CSBGA}'),
  templateFamily('ALT INTEL', 'FPGA', 5, '10M{02|04|08|16|25|40|50}{SA|SC|DA|DC|DF}{E144|U169|F256|M153|F484|U324|V36|M164|F672}{C8G|I7G|A7G|C7G|I7P|C8|I6G}', 'IC FPGA {101|130|178|246|360|500} I/O {144EQFP|169UBGA|256FBGA|153MBGA|484FBGA|324UBGA}'),
  templateFamily('ALT INTEL', 'FPGA', 4, 'EP4CE{6|10|15|22|30|40|55|75|115}{E22|F17|U14|F23|F29|U19}{C8N|C7N|I7N|C6N|A7N|I8LN|C8LN}', 'IC FPGA {91|165|179|328|343|374} I/O {144EQFP|256FBGA|256UBGA|484FBGA|780FBGA}'),
  templateFamily('ALT INTEL', 'FPGA', 3, '5C{EBA2|EBA4|EFA2|EBA5|EBA7|EFA7|SEBA4|SEMA4|GXFC5|GXFC7|SEMA5|EBA9}{F23|U19|F17|U15|F27|F31|U23}{C7N|C8N|I7N|C6N|A7N|C8}', 'IC FPGA {128|224|240|336|480} I/O {484FBGA|484UBGA|256FBGA|672FBGA|896FBGA}'),
  templateFamily('ALT INTEL', 'FPGA', 2, 'EPM{240|570|1270|2210|240Z|570Z}{T100|F100|M100|F256|M68|T144}{C5N|I5N|C3N|C4N|A5N|C5|C7N}', 'IC CPLD {192|440|980|1700} MC {4.7NS|5.4NS|6.2NS|7.5NS} {100TQFP|100FBGA|68MBGA|256FBGA|144TQFP}'),
  templateFamily('INTEL', 'FPGA', 3, '10CL{006|010|016|025|040|055|080|120}{YE144|YU256|YF484|YM164|ZE144|YU484|ZU256}{C8G|I7G|A7G|C6G|I8G}', 'IC FPGA {88|176|162|150|325|423|525} I/O {144EQFP|256UBGA|484FBGA|164MBGA}'),
  templateFamily('INTEL', 'IFACE', 2, '{WGI210AT|WGI210IT|WGI211AT|WGI210IS|WGI219LM|WGI219V|JL82599ES|JL82599EN|WGI226IT|WGI226V|WGI225V|EZ82580EB|WG82574L|WG82583V|WX710AT2|EZXL710AM1|WX557AT2}{ SLJXR| SLJXQ| SLKBN| SR1VN| SLMB4|}',
    'IC ETHERNET CTRL {1GBPS|10GBPS|2.5GBPS|40GBPS} {PCIE|PCIE 2.1|PCIE 3.0} {64QFN|576FCBGA|25X25 FCBGA}'),
  templateFamily('MTEK', 'RF', 3, 'MT{7688AN|7688KN|7628AN|7628DAN|7628NN|7621A|7621DAT|7981BA|7986AV|7922A22M|7663BSN|7697D|2523D|3333AV|3339AV|6261MA|7612EN|7603EN|7668AUN|7601UN}', 'IC RF TXRX+MCU WIFI {2.4GHZ|DUAL BAND|GPS} {148DRQFN|156DRQFN|QFN-68|TFBGA-228|FCBGA}'),
  templateFamily('NVDA', 'BOARD', 3, '900-{13767|13766|13768|13701|13448|83668|82888|13090|13770|13771|82771}-{0000|0010|0030|0050|0040|0060|0020|0080}-{000|001|K00|R00}',
    '{JETSON ORIN NANO 8GB MODULE|JETSON ORIN NX 16GB MODULE|JETSON AGX ORIN 64GB MODULE|JETSON NANO MODULE|JETSON XAVIER NX MODULE|JETSON ORIN NANO DEV KIT|JETSON TX2 NX MODULE}'),
  templateFamily('NUVO', 'MCU', 4, '{NUC029LAN|NUC123SD4AN0|NUC029ZAN|NUC029FAE|NUC029SEE|NUC126LG4AE|NUC131LD2AE|NUC140VE3CN|NUC240SD2AE|NUC472JI8AE|NUC980DK61Y|M031FB0AE|M032LD2AE|M480LGCAE|M251FC2AE|M453VG6AE|M0A21OB1AC|M0564LG4AE|M2351KIAAE|M467HJHAN|M483SIDAE|M031EB0AE|M258KG6AE|M031KIDAE|M0516LD2AE|M032SE3AE|M2354KJFAE|N76E003AT20|N76E616AL48|N79E715AS16|N79E8132AS16|N9H30F61IEC}',
    'IC MCU {8BIT|32BIT} {8KB|18KB|32KB|64KB|128KB|256KB|512KB} FLASH {20TSSOP|33QFN|48LQFP|64LQFP|128LQFP|100LQFP}'),
  templateFamily('NUVO', 'AUD', 2, '{NAU8822LYG|NAU8810YG|NAU88C22YG|NAU8315YG|NAU85L40YG|NAU88L25YG|ISD1820PY|ISD2360YYYR|ISD1760PY|ISD4002-120PY|ISD1932PY|ISD3800YTR}', 'IC AUDIO {CODEC STEREO|CODEC MONO|AMP CLASS D|VOICE RECORDER} {32QFN|24QFN|28DIP|WLCSP}'),
  templateFamily('ARTERY', 'MCU', 4, 'AT32F{403A|415|421|435|437|413|425|423|402|405|407}{@C|R|V|K|F|Z=48|64|100|32|20|144}{@C|G|8|B|M|6=256KB|1MB|64KB|128KB|4MB|32KB}{@T|U|P=LQFP|QFN|TSSOP}7',
    'IC MCU 32BIT $2 FLASH $1$3', { v: ';;~-TR' }),
  templateFamily('PUYA', 'MCU', 3, 'PY32F{002A|003|030|040|071|002B|072|403|031}{L1|F1|K1|C1|W1|J1|A1}{5|6|8}{U|P|T|S|D}{6|7}', 'IC MCU 32BIT {16KB|20KB|32KB|64KB|128KB} FLASH {20TSSOP|8SOP|32QFN|48LQFP|16SOP}', { v: ';TR;~TR' }),
  templateFamily('PUYA', 'MEM', 3, 'P25Q{05|10|20|40|80|16|32|64|128}{SH|SL|SE|H|L|U|LE}-{SSH|SUH|UXH|SOH|WXH|XHS}-{IT|IR|IS}', 'IC FLASH {512KBIT|1MBIT|2MBIT|4MBIT|8MBIT|16MBIT|32MBIT|64MBIT|128MBIT} SPI {8SOP|8USON|8WSON|8TSSOP}'),
];

// ----- sensors, RF, modules

const MODULES: Family[] = [
  templateFamily('HONEY', 'SENS', 4, 'HIH{6130|6131|8120|8121|4030|5030|4031|6120|6121}-0{21|00|10}-001{S|}', 'SENSOR HUMIDITY/TEMP {I2C|SPI|ANALOG} {±4.5%RH|±2%RH|±3.5%RH} {SOIC-8|SIP 4|SMD}'),
  templateFamily('HONEY', 'SENS', 4, '{HSC|SSC|ABP|ABP2|MPR|TBP}{DRRN|SANN|MRRD|DANN|DANV|MANN|LNN|MRNN|DRRV|SNN}{001PD|005PG|100PG|060MG|015PA|030PA|010BA|001BA|005PD|150PG|100KA|016BA}{2A3|AA5|SA3|AA3|2A5|SA5|2B3}',
    'SENSOR PRESSURE {1PSI|5PSI|15PSI|30PSI|60MBAR|100PSI|150PSI} {DIFF|GAUGE|ABS} {I2C|SPI|ANALOG} {DIP|SMT|SIP}'),
  templateFamily('HONEY', 'SENS', 2, '{SS49E|SS495A|SS41F|SS460S|SS311PT|SS360PT|SS441A|SS443R|SS466A|SS361RT|HMC5883L|HMC5983|SS39ET|SS59ET|VF526DT}{|-T2|-T3|-TR|-SP}',
    'SENSOR {HALL EFFECT LINEAR|HALL EFFECT LATCH|HALL EFFECT UNIPOLAR|MAGNETOMETER 3-AXIS} {TO-92|SOT-23|16LCC|SIP-3}'),
  templateFamily('HONEY', 'SW', 2, '{V7-2B17D8|V15T16-CZ100|ZM10E10E01|311SM703-T|SM351LT|SM353LT|1SE1|BZ-2RW822-A2|V7-1C17D8-201|GLLA01A|ZW-L111}{|-048|-T}', 'SWITCH {SNAP ACTION|MAGNETIC|LIMIT} {SPDT|SPST-NO} {5A|10A|15A|0.1A} {125V|250V|1.8V}'),
  templateFamily('SENS', 'SENS', 5, `${pairedChoice('SHT40:SENSOR HUMIDITY/TEMP I2C ±1.8%RH|SHT41:SENSOR HUMIDITY/TEMP I2C ±1.8%RH|SHT43:SENSOR HUMIDITY/TEMP I2C ±1.8%RH|SHT45:SENSOR HUMIDITY/TEMP I2C ±1%RH|SHT31:SENSOR HUMIDITY/TEMP I2C ±2%RH|SHT35:SENSOR HUMIDITY/TEMP I2C ±1.5%RH|SHT30:SENSOR HUMIDITY/TEMP I2C ±3%RH|SHTC3:SENSOR HUMIDITY/TEMP I2C ±2%RH|STS40:SENSOR TEMP DIGITAL I2C|STS35:SENSOR TEMP DIGITAL I2C|SCD40:SENSOR CO2 PHOTOACOUSTIC I2C|SCD41:SENSOR CO2 PHOTOACOUSTIC I2C|SGP40:SENSOR GAS VOC I2C|SGP41:SENSOR GAS VOC/NOX I2C|SGP30:SENSOR GAS VOC I2C|STC31:SENSOR CO2 THERMAL CONDUCTIVITY I2C')}-{@D|AD1B|BD1B|CD1B|DIS=DFN|DFN-4|DFN-4|DFN-4|DFN-8}-{R2|R3|B2.5KS|B10KS|R1|R4|T}`,
    '$1 $2'),
  templateFamily('SENS', 'SENS', 2, pairedChoice('SDP810-500PA:SENSOR PRESSURE DIFF ±500PA|SDP810-125PA:SENSOR PRESSURE DIFF ±125PA|SDP31-500PA:SENSOR PRESSURE DIFF ±500PA I2C|SDP32-125PA:SENSOR PRESSURE DIFF ±125PA I2C|SDP33:SENSOR PRESSURE DIFF ±1500PA I2C|SPS30:SENSOR PARTICULATE MATTER UART/I2C|SEN54-SDN-T:SENSOR ENVIRONMENTAL NODE I2C|SEN55-SDN-T:SENSOR ENVIRONMENTAL NODE I2C|SFM3000-200-C:SENSOR FLOW GAS I2C|SFM3019:SENSOR FLOW GAS I2C|SFM3300-D:SENSOR FLOW GAS I2C|SLF3S-1300F:SENSOR FLOW LIQUID I2C|SCD30:SENSOR CO2 NDIR MODULE|SHT85:SENSOR HUMIDITY/TEMP I2C ±1.5%RH'), '$1', { cont: 'bulk' }),
  templateFamily('BOSCH', 'SENS', 4, pairedChoice('BME280:SENSOR HUMIDITY/PRESSURE/TEMP I2C/SPI|BME680:SENSOR GAS/HUMIDITY/PRESSURE/TEMP I2C/SPI|BME688:SENSOR GAS/HUMIDITY/PRESSURE/TEMP AI I2C/SPI|BME690:SENSOR GAS/HUMIDITY/PRESSURE/TEMP I2C/SPI|BMP280:SENSOR PRESSURE ABS 300-1100HPA I2C/SPI|BMP388:SENSOR PRESSURE ABS 300-1250HPA I2C/SPI|BMP390:SENSOR PRESSURE ABS 300-1250HPA I2C/SPI|BMP581:SENSOR PRESSURE ABS 300-1250HPA I2C/SPI|BMP585:SENSOR PRESSURE ABS 300-1250HPA I2C/SPI|BMP384:SENSOR PRESSURE ABS 300-1250HPA I2C/SPI|BMI088:IMU ACCEL/GYRO 6-AXIS SPI/I2C|BMI160:IMU ACCEL/GYRO 6-AXIS SPI/I2C|BMI270:IMU ACCEL/GYRO 6-AXIS SPI/I2C|BMI323:IMU ACCEL/GYRO 6-AXIS SPI/I2C|BMI330:IMU ACCEL/GYRO 6-AXIS SPI/I2C|BMA400:ACCELEROMETER X, Y, Z AXIS I2C/SPI|BMA423:ACCELEROMETER X, Y, Z AXIS I2C/SPI|BMA456:ACCELEROMETER X, Y, Z AXIS I2C/SPI|BMA530:ACCELEROMETER X, Y, Z AXIS I2C/SPI|BMA580:ACCELEROMETER X, Y, Z AXIS I2C/SPI|BMM150:MAGNETOMETER X, Y, Z AXIS I2C/SPI|BMM350:MAGNETOMETER X, Y, Z AXIS I2C/I3C|BNO055:IMU ACCEL/GYRO/MAG 9-AXIS I2C/UART|BNO086:IMU ACCEL/GYRO/MAG 9-AXIS I2C/SPI|BHI260AB:IMU SMART SENSOR HUB I2C/SPI|BHI360:IMU SMART SENSOR HUB I2C/SPI|BMV080:SENSOR PARTICULATE MATTER I2C/SPI'),
    '$1', { v: ';;~ SHUTTLE BOARD' }),
  templateFamily('TDKI', 'SENS', 4, pairedChoice('ICM-42688-P:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICM-42670-P:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICM-20948:IMU ACCEL/GYRO/MAG 9-AXIS I2C/SPI|ICM-20602:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICM-40627:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICM-42605:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICM-45686:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICM-42688-V:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICM-20649:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICM-20689:IMU ACCEL/GYRO 6-AXIS I2C/SPI|IIM-42652:IMU ACCEL/GYRO 6-AXIS INDUSTRIAL|IIM-46230:IMU ACCEL/GYRO 6-AXIS INDUSTRIAL|MPU-6050:IMU ACCEL/GYRO 6-AXIS I2C|MPU-6500:IMU ACCEL/GYRO 6-AXIS I2C/SPI|MPU-9250:IMU ACCEL/GYRO/MAG 9-AXIS I2C/SPI|MPU-6000:IMU ACCEL/GYRO 6-AXIS I2C/SPI|ICP-10111:SENSOR PRESSURE ABS BAROMETRIC I2C|ICP-20100:SENSOR PRESSURE ABS BAROMETRIC I2C/SPI|CH101-02ABR:SENSOR ULTRASONIC TOF I2C|CH201-00ABR:SENSOR ULTRASONIC TOF I2C|ICU-30201:SENSOR ULTRASONIC TOF I2C'),
    '$1 {14LGA|24QFN|16LGA|10LGA|3.5X3.5 LGA}', { v: ';;~-TR' }),
  templateFamily('TDKI', 'AUD', 3, 'ICS-{43434|40720|41350|52000|43432|40180|40730|40740|41352|40212|40310|40618}', 'MIC MEMS {DIGITAL I2S|ANALOG|PDM|TDM} OMNI {-26DB|-38DB|-42DB|-37DB}', { v: ';;~-TR' }),
  templateFamily('QORVO', 'RF', 5, '{QPA9510|QPA4501|QPA2212|QPA9127|QPA4263A|RF5110G|RF3608|RF1333|QPL9547|QPL9503|QPL7210|QM45013|QM77039|RFFM6403|RFFM8216|RFFM4204|QPQ1903|QPF4538|QPC6324|QPB9329|TQP3M9009|TQP3M9037|SBB5089Z|RFSA3713|DW3000|QM33120W}',
    'IC RF {AMP|FRONT END|SWITCH|FILTER|LNA|UWB TRANSCEIVER} {700MHZ-2.7GHZ|2.4GHZ|5GHZ|DC-6GHZ|3.1-10GHZ|50MHZ-4GHZ} {16QFN|24QFN|SOT-89|SOT-363|WLCSP}', { v: 'SR;TR13;TR7;SR~TR13' }),
  templateFamily('SKYW', 'RF', 5, 'SKY{13350|13453|66112|65005|13317|85709|13322|13351|65111|66423|66403|66110|85743|13418|67151|13385|85405|16406|87505|65313|66419}-{385LF|11|21|373LF|370LF|11E|321LF|341LF|460LF|13|17}',
    'IC RF {SWITCH SPDT|FRONT END MODULE|LNA|PA|ATTENUATOR} {0.1-6GHZ|2.4GHZ|5GHZ|700-2700MHZ|868-915MHZ} {6QFN|SC-70-6|16QFN|24QFN|8MCM}'),
  templateFamily('SKYW', 'RF', 2, 'SE{2435L|2431L|5003L|2438T|5004L|5023L|2576L|2623L|5016T|2622L}-R', 'IC RF FRONT END {2.4GHZ|5GHZ|868-915MHZ|DUAL BAND} {24QFN|16QFN|28QFN}'),
  templateFamily('MACOM', 'RF', 4, 'MA{AM|SW|AP|DL|LC|CT|AV|RF}-0{11100|11101|11229|11000|11117|07107|08322|00932|11105|15036|11246|11228|10163|09426|11130|11171|11188|00710|01005}{-TR1000|-TR3000|-TR0500|}',
    'IC RF {AMP|SWITCH SPDT|PA|LIMITER|MIXER|ATTENUATOR} {DC-6GHZ|2-18GHZ|30MHZ-3GHZ|DC-40GHZ|5-20GHZ} {SOT-89|QFN-16|DFN-8|SC-70|DIE}'),
  templateFamily('MINIC', 'RF', 5, '{LFCN|LFCW|HFCN|GALI|ERA|PSA4|ADE|SYPS|PAT|GVA|TSY|LEE|SBP|ZX60|BFCN|PMA2|MAR|RCAT|SCN|SBTC|TCM|LFTC|QCN}-{@#1..9999}{SM|A|D|MH|LN|H|}+',
    'RF {FILTER LOW PASS|AMP|MIXER|SPLITTER|ATTENUATOR|COUPLER|BALUN|BIAS TEE} {DC-1GHZ|DC-2.4GHZ|0.05-6GHZ|1-20GHZ|5-3000MHZ} {SMD|1206|SOT-89|MCLP-4|0805}'),
  templateFamily('ANAR', 'RF', 4, '{BD2425N50200AHF|BD1222J50200AHF|BD0826J50200AHF|B0310J50100AHF|XC1400P-03S|XC0900A-20S|XC2500E-10S|X3C17P1-03S|X3C09P1-20S|X3C19P2-30S|X4C20J1-03G|BD3150N50100AHF|PD0922J5050D2HF|1F1304-3S|DC2515J5005AHF|XC3500P-20S|X3C25P1-03S}',
    'RF {BALUN|COUPLER HYBRID 3DB|COUPLER DIRECTIONAL|POWER DIVIDER|TERMINATION} {2.4-2.5GHZ|0.8-1GHZ|1.7-2.2GHZ|3-4GHZ|DC-3GHZ} SMD', { v: ';;R' }),
  templateFamily('JOHAN', 'ANT', 4, '{2450AT18A100|2450AT43F0100|0433AT62A0020|0900AT43A0070|2450AT18B100|0868AT43A0020|0915AT43A0026|3100AT51A7200|5500AT07A0900|2450AT42A100|1575AT43A0040|2450AT18D0100}', 'RF ANT {2.4GHZ|433MHZ|900MHZ|868MHZ|915MHZ|UWB|5.5GHZ|GPS} CHIP SOLDER SMD', { v: 'E;T;E~T' }),
  templateFamily('JOHAN', 'RF', 3, '{2450BL15B050|2450BM14A0002|2450FM07A0029|0915BM15A0001|2450BM15A0015|0433BM15A0001|2450FB15L0001|5400BL15B050|2450LP14A100}', 'RF {BALUN|BALUN/FILTER|FILTER BAND PASS|DIPLEXER} {2.4GHZ|915MHZ|433MHZ|5.4GHZ} {0603|0805|1206}', { v: 'E;T' }),
  templateFamily('JOHAN', 'CAP', 3, '{500R07S|500R14S|251R14S|500R15S|201S42E|101R14W|250R07S}{@1R0|1R5|2R2|3R3|4R7|100|220|470|101|0R5|6R8|8R2=1PF|1.5PF|2.2PF|3.3PF|4.7PF|10PF|22PF|47PF|100PF|0.5PF|6.8PF|8.2PF}{B|C|J|K|W}V4T',
    'CAP CER $1 {50V|250V|200V} HIGH Q {0402|0603|0805}'),
  templateFamily('TAOG', 'ANT', 5, '{FXP|PC|FXUB|WCP|PCS|GW|TI|UFL|FXUWB|FXP|AP|ACT|MA|WLP|GSA}{74|81|14|66|73|830|831|29|92|114|10|11|12|17|20|25|35|40|50|63|65|97}.{07|A|B|09|11|02|01}.{0100A|0100C|0050C|0150A|0180A|0200C|0250A|0080C|0300A}',
    'RF ANT {2.4GHZ|LTE|GPS|868MHZ|915MHZ|WIFI 6E|UWB|5G NR} {FLEX|PCB|PATCH|DIPOLE} {U.FL|IPEX|SMA|SOLDER} {CABLE|ADHESIVE|SMD}', { cont: 'bulk' }),
  templateFamily('LINX', 'ANT', 4, 'ANT-{433|868|916|2.4|915|5GW|LTE|GPS}-{CW-RCS|CW-QW|CHP-T|SP|PW-QW|HETH|CW-HWR|CW-RAH|FPC-100|PML|USP410}{-SMA|-RPS|-UFL|}', 'RF ANT {433MHZ|868MHZ|916MHZ|2.4GHZ|915MHZ|5GHZ|LTE|GPS} {WHIP|CHIP|FLEX|HELICAL} {SMA|RP-SMA|U.FL|SOLDER}', { cont: 'bulk' }),
  templateFamily('LINX', 'CONN', 3, 'CON{SMA|REVSMA|BNC|MCX|UFL|MMCX|SMB}{001|002|003|013|015|006|014}{-031|-062|-G|-SMD|.062|-R58}', 'CONN {SMA|RP-SMA|BNC|MCX|U.FL|MMCX|SMB} {JACK|PLUG} {STR|R/A} 50OHM {PCB|EDGE|SMD}'),
  templateFamily('UBLOX', 'WMOD', 5, '{NEO-M8N-0|NEO-M9N-00B|NEO-M8Q-01A|NEO-M8T-0|NEO-F9P-15B|NEO-M8U-06B|NEO-F10N-00B|NEO-D9S-00A|ZED-F9P-01B|ZED-F9P-02B|ZED-F9R-03B|ZED-F9T-00B|ZED-X20P-00B|SARA-R410M-02B|SARA-R422M8S-00B|SARA-R510S-01B|SARA-U201-63B|NINA-W102-00B|NINA-W106-00B|NINA-B301-01B|NINA-B306-01B|NINA-B112-04B|NINA-W152-00B|LARA-R6001-00B|LARA-R6401-01B|MAX-M10S-00B|MAX-M8Q-0|MAX-F10S-00B|LEA-M8S-0|EVA-M8Q-0|ANNA-B112-70B|IRIS-W106-00B}',
    'RF RCVR {GNSS|LTE-M/NB-IOT|BLUETOOTH|WIFI/BLUETOOTH|LTE CAT 1} {MODULE|SMD} {1.575GHZ|700-2100MHZ|2.4GHZ}', { v: ';;-10' }),
  templateFamily('QUECT', 'WMOD', 5, '{BG95M3|BG96MA|EC25AU|EC25EUX|EG25G|BC66|BG77|L76K|L86|LC29H|M95|UC200T|RM500Q|EG91EX|EC200U|BG600L|FC41D|FCU741R|LC76F|EG915U|BC660K}{LA|FA|GB|GL|NA|EU|}-{128|512|64|04|00|08}-{SGNS|STD|SGN|SGAD|STAD}',
    'RF TXRX MOD {CELLULAR|LTE-M/NB-IOT|LTE CAT 1|LTE CAT 4|GNSS|5G|WIFI/BLUETOOTH} {LCC|LGA|M.2} SMD'),
  templateFamily('SIMC', 'WMOD', 4, '{SIM7600G-H|SIM7600SA-H|SIM7080G|SIM7000G|SIM800L|SIM800C|SIM868|SIM900A|SIM7670G|A7670E|A7672SA|SIM7022|SIM7070G|SIM7028|SIM8262E-M2|SIM7906E|SIM7500A|SIM68M|SIM65M}{|-PCIE|-M2|-LNGV|-MNGV|-FASE|-LASE}',
    'RF TXRX MOD {CELLULAR|LTE CAT 4|LTE-M/NB-IOT|GSM/GPRS|5G|GNSS} {LCC|LGA|M.2|MINI PCIE} SMD'),
  templateFamily('TELIT', 'WMOD', 4, '{ME910C1|LE910C1|LE910C4|FN980|LN920A12|ME310G1|SL871|SE868K3|LE910R1|ME910G1|LE310A1|FE990B40|SE868SY|LM960A18}-{WW|NF|EU|NA|AP|LA|W1|WWX|WWXD|EUX|AAX}{|V}',
    'RF TXRX MOD {CELLULAR|LTE-M/NB-IOT|LTE CAT 1|LTE CAT 4|GNSS|5G} {LGA|M.2|MINI PCIE} SMD'),
  templateFamily('DIGI', 'WMOD', 4, '{XB3-24Z8PT|XB3-24Z8UT|XB3-24Z8ST|XB3-C-A2|XB3-24A8PS|XB24CZ7PIT|XB3-M1|XBP9B-DMSTB|XBP24-AWI|XB8X-DMUS|XBP9X-DMUS|XB3-24DMST|XB24CAPIT|XB3-C-A1-UT|XBC-M5-UT|XK3-C-A2-UT}-{J|004|W00|001|002|B|U}',
    'RF TXRX MOD {802.15.4 ZIGBEE|LTE-M/NB-IOT|900MHZ|868MHZ|BLUETOOTH} {PCB TRACE|U.FL|RPSMA|CHIP} {SMD|TH}', { cont: 'bulk' }),
];

// ----- frequency control

const FREQUENCY: Family[] = [
  templateFamily('ABRA', 'XTAL', 6, `ABM{8|3|3B|7|10|11|12|8G|8W}-${MHZ}MHZ-{B2|D2|10-1-U|18-D2X|B4|B1U|8-D2Y|12-B2|20-B2X}`, 'CRYSTAL $1MHZ {8|10|12|18|20}PF SMD', { v: '-T;-T;-T3;-T~-T3' }),
  templateFamily('ABRA', 'XTAL', 3, 'ABS{07|06|05|10|25|07W|09}-{@32.768|32.000|38.400}KHZ-{T|7-T|9-T|1-T|6-T|12.5-T}', 'CRYSTAL $1KHZ {6|7|9|12.5}PF SMD'),
  templateFamily('ABRA', 'OSC', 3, `{ASE|ASEK|ASTMHTA|ASDMB|ASFL1|ASCO|AST3TQ|ASV}-${MHZ}MHZ-{LC|ET|LR|L|EK|LCS|D|B}`, 'XTAL OSC {XO|TCXO|MEMS} $1MHZ {CMOS|HCMOS|LVCMOS} SMD', { v: '-T;-T;-T~;' }),
  templateFamily('ECS', 'XTAL', 5, 'ECS-{@80|100|120|160|200|240|250|260|270|320|400|480|147.4|184.3|110.5=8|10|12|16|20|24|25|26|27|32|40|48|14.7456|18.432|11.0592}-{8|10|12|18|20|9}-{33|3X|47|30B|36|37B|33B}-{JGN|CKM|DU|TR|A|JTN}', 'CRYSTAL $1MHZ {8|10|12|18|20}PF SMD', { v: '-TR;;-TR~' }),
  templateFamily('ECS', 'OSC', 3, 'ECS-{2520MV|3225MV|2018MV|5032MV|TXO-2016|3225S3|2520S33|TXO-2520|1618}-{@120|160|250|240|320|480|500|1000|260|192=12|16|25|24|32|48|50|100|26|19.2}-{BN|CN|BL|BM|B|A}', 'XTAL OSC {XO|TCXO} $1MHZ {CMOS|HCMOS} SMD', { v: '-TR;;-TR~' }),
  templateFamily('EPSON', 'XTAL', 4, '{FC-135|FC-12M|FC-255|FC-13A|FC-135R|FC-12D}{ |}32.7680K{A|F}-{A3|A0|AG5|AC3|AG3|A5}', 'CRYSTAL 32.768KHZ {6|7|9|12.5}PF SMD'),
  templateFamily('EPSON', 'XTAL', 4, `{FA-238|FA-128|FA-20H|FA-118T|TSX-3225|FA-238V} ${MHZ}00M{B|D|F}-{K|G|C|W}{0|3|5}`, 'CRYSTAL $1MHZ {8|10|12|18|20}PF SMD'),
  templateFamily('EPSON', 'OSC', 3, `{SG-210STF|SG-8002CA|SG-5032CAN|SG-3225CAN|SG-8018CG|SG-210SED|TG2520SMN|TG-5035CJ} ${MHZ}00M{L|H|T}{3|J|B|C}`, 'XTAL OSC {XO|TCXO|SPXO} $1MHZ {CMOS|HCMOS} SMD'),
  templateFamily('NDK', 'XTAL', 5, `NX{3225GA|2016SA|3225SA|2520SA|5032GA|1612SA|2016GC|3225GD}-{@8|10|12|16|20|24|25|26|27.12|32|40|48|19.2|38.4}M-{STD|EXS00A}-{CRG-1|CRG-2|CSR-1|CRA-2|CSR-3}`, 'CRYSTAL $1MHZ {8|10|12|18}PF SMD'),
  templateFamily('NDK', 'OSC', 2, 'NZ{2520SD|2016SA|3225SA|2520SB|5032SD}-{@12.000000|16.000000|19.200000|26.000000|38.400000|40.000000|52.000000=12|16|19.2|26|38.4|40|52}MHZ', 'XTAL OSC {TCXO|XO} $1MHZ CLIPPED SINE SMD', { v: ';;-NSC5' }),
  templateFamily('TXC', 'XTAL', 5, '{7M|8Y|9C|7V|7B|8Z|AV|7X|8J|7A}{@12000|16000|24000|25000|26000|27000|32000|40000|48000|08000|20000=12|16|24|25|26|27|32|40|48|8|20}{A|0|1|2}{%2}', 'CRYSTAL $1MHZ {8|10|12|18|20}PF SMD'),
  templateFamily('TXC', 'XTAL', 3, '{7M|9C|8Y|7V}-{@8.000|12.000|16.000|20.000|24.000|25.000|32.000|40.000|48.000}MA{A|B|E}J-T', 'CRYSTAL $1MHZ {8|10|12|18|20}PF SMD'),
  templateFamily('SITIME', 'OSC', 6, 'SIT{1533|8008|8009|8208|8918|1602|2001|8021|8924|1576|3521|5356|8102|1630}{A|B|}{I|C|E|A}-{H4|12|13|33|72|73|22|43|23}-{DCC|18E|33E|28E|25E|XXE|33S|DXE|18S}-{@32.768|16.000000|25.000000|24.000000|12.000000|48.000000|50.000000|100.000000|125.000000|26.000000|19.200000=32.768KHZ|16MHZ|25MHZ|24MHZ|12MHZ|48MHZ|50MHZ|100MHZ|125MHZ|26MHZ|19.2MHZ}{E|G|T|X|}',
    'XTAL OSC {MEMS|XO|TCXO} $1 {LVCMOS|LVDS|HCSL|CLIPPED SINE} SMD'),
  templateFamily('IQD', 'XTAL', 4, 'LF{XTAL|SPXO|TCXO|VCXO|XO}0{@%5}', '{CRYSTAL|XTAL OSC|TCXO|VCXO} {8|12|16|20|24|25|26|32|40|48}MHZ {SMD|THT|HC49}'),
  templateFamily('CTS', 'XTAL', 4, '{445|403|405|407|416|445W}{I|C|W|F}{22|23|35|25|33|3X}{A|B|C|D|F|L}{@12M00000|16M00000|24M00000|25M00000|32M00000|8M00000|26M00000|40M00000|48M00000=12|16|24|25|32|8|26|40|48}', 'CRYSTAL $1MHZ {8|10|12|18|20}PF SMD'),
  templateFamily('CTS', 'POT', 2, '{296|288|290|3306|3314|3386|206|219|252|254}{W|Y|P|T|X|}-{1|2|3|4|8|10|12}{@103|104|102|502|503|105|203=10K|100K|1K|5K|50K|1M|20K}{LF|}', 'POT $1 OHM {1/4W|1/2W} {CERMET|CARBON} {LINEAR|LOG}'),
  templateFamily('FOX', 'XTAL', 4, 'FC{4|3|2|5|8}{ST|BQ|SM|BE|V}{CBMF|CEMF|CDKF|CBBF|CGMF}{@8.0|12.0|16.0|24.0|25.0|32.0|20.0|40.0|48.0|26.0}-T{1|3|R}', 'CRYSTAL $1MHZ {8|10|12|18|20}PF SMD'),
  templateFamily('FOX', 'OSC', 2, 'FOX{924B|924D|SDLF|SLF|C|914B|923D|T2016}-{@120|160|200|250|240|260|192|384|400|500=12|16|20|25|24|26|19.2|38.4|40|50}{-20|-18|-4|-3|-24|}', 'XTAL OSC {TCXO|XO} $1MHZ {CMOS|HCMOS|CLIPPED SINE} SMD'),
  templateFamily('RAKON', 'OSC', 4, '{RXO3225M|RXO2520M|RPT7050A|RPT5032A|IT5300BE|IT3205BE|IT2205BE|RFPO45|RTX5032A}-{@10.000|19.200|26.000|38.400|40.000|52.000|25.000|12.800|16.368|30.720}MHZ',
    'XTAL OSC {TCXO|XO|OCXO} $1MHZ {CMOS|CLIPPED SINE|HCMOS} SMD'),
];

// ----- connectors and electromechanical

/** Molex series: number prefix, suffix after the two-digit circuit count, kind, pitch. */
const MOLEX_SERIES: readonly (readonly [string, string, string, string])[] = [
  ['53398-', '71', 'HEADER SMD VERT', '1.25MM'],
  ['53261-', '71', 'HEADER SMD R/A', '1.25MM'],
  ['53047-', '10', 'HEADER VERT', '1.25MM'],
  ['51021-', '00', 'RCPT HOUSING', '1.25MM'],
  ['51146-', '00', 'RCPT HOUSING', '1.25MM'],
  ['43045-', '00', 'HEADER VERT MICRO-FIT', '3MM'],
  ['43650-', '00', 'HEADER VERT MICRO-FIT', '3MM'],
  ['43025-', '00', 'RCPT HOUSING MICRO-FIT', '3MM'],
  ['22-23-2', '1', 'HEADER VERT KK', '2.54MM'],
  ['22-27-2', '1', 'HEADER VERT KK', '2.54MM'],
  ['22-01-3', '7', 'RCPT HOUSING KK', '2.54MM'],
  ['39-30-1', '0', 'HEADER VERT MINI-FIT', '4.2MM'],
  ['505567-', '71', 'HEADER SMD R/A', '1.5MM'],
  ['502578-', '00', 'RCPT HOUSING', '1.5MM'],
  ['504050-', '91', 'HEADER SMD VERT', '1.5MM'],
  ['87832-', '20', 'HEADER VERT', '2MM'],
  ['70553-', '00', 'HEADER VERT SL', '2.54MM'],
];

const MOLEX_HEADERS: Family = {
  mfrs: ['MOLEX'],
  w: 14,
  gen(r) {
    const [prefix, suffix, kind, pitch] = r.pick(MOLEX_SERIES);
    const pins = r.int(2, 20);
    const cont: Container | null = kind.includes('SMD') ? 'reel' : null;
    return [{ pn: `${prefix}${zeroPadded(pins, 2)}${suffix}`, cls: 'CONN', desc: `CONN ${kind} ${pins}POS ${pitch}`, pkg: '', cont }];
  },
};

const CONNECTORS: Family[] = [
  MOLEX_HEADERS,
  templateFamily('MOLEX', 'CONN', 5, '{105017|105133|47346|105164|47589|217175}-{0001|1001|0011|2001|0010}', 'CONN RCPT USB2.0 MICRO B 5POS SMD R/A', { cont: 'reel' }),
  templateFamily('MOLEX', 'CONN', 4, '{5031821852|5040500691|5051100892|5025850470|5055670871|5022440430|5051101692|5016450420|5034800600|5050660622}', 'CONN {FFC|FPC|WTB} {HEADER|RCPT} {4|6|8|12|16|18} POS {0.5|1|1.25|1.5}MM SMD'),
  templateFamily('TE', 'CONN', 10, '{1-|2-|3-|4-|5-|6-|7-|8-|9-|}{@#100000..2399999}-{0|1|2|3|4|5|6|7|8|9}',
    'CONN {HEADER VERT|HEADER R/A|RCPT HOUSING|TERM BLK|SOCKET|CONTACT CRIMP|PLUG HOUSING|RCPT USB} {2|3|4|5|6|8|10|12|16|20|24|40|50}POS {1.27|2|2.54|3.96|5.08}MM'),
  templateFamily('TE', 'RELAY', 3, '{1-|2-|3-|}{1462037|1419130|1393222|1461374|1393219|1462039|1419108|1393243|1415899|1432790|2-1419130|1415539}-{0|1|2|3|4|5|6|7|8|9}',
    'RELAY GEN PURPOSE {SPDT|DPDT|SPST-NO} {1A|2A|5A|8A|16A} {5VDC|12VDC|24VDC}'),
  templateFamily('TE', 'SENS', 2, pairedChoice('MS5611-01BA03:SENSOR PRESSURE ABS 10-1200MBAR I2C/SPI|MS5837-30BA:SENSOR PRESSURE ABS 0-30BAR I2C|MS5803-14BA:SENSOR PRESSURE ABS 0-14BAR I2C/SPI|MS8607-02BA01:SENSOR PRESSURE/HUMIDITY/TEMP I2C|HTU21D(F):SENSOR HUMIDITY/TEMP I2C ±2%RH|HTU31D:SENSOR HUMIDITY/TEMP I2C ±2%RH|TSYS01:SENSOR TEMP DIGITAL I2C/SPI|MS5525DSO-DB001DS:SENSOR PRESSURE DIFF ±1PSI I2C|MS4525DO-DS5AI001DP:SENSOR PRESSURE DIFF ±1PSI I2C|FX29K0-040B-0010-L:SENSOR FORCE 0-10LBF I2C'), '$1'),
  templateFamily('AMP', 'CONN', 6, '{10118194|10118192|10103594|10104110|10118193|10118308}-{0001|1001|0011}LF', 'CONN RCPT USB2.0 MICRO B 5POS SMD R/A', { cont: 'reel' }),
  templateFamily('AMP', 'CONN', 6, '{77311|68000|68001|68002|68016|68020|67996|75869|78211|95278|69190|76342|10129378|54102}-{1|4|8}{#01..99}{|HLF|LF}',
    'CONN HEADER {VERT|R/A} {2|3|4|6|8|10|12|16|20|36|40}POS {2.54MM|2MM|1.27MM}'),
  templateFamily('AMP', 'CONN', 4, '{12401610E4#2A|12401948E412A|12402012E212A|10029449-001RLF|10029449-111RLF|RJHSE-5380|RJHSE-5381|RJHSE-538A|RJMG1BD3B8K1ANR|MDP-009|132134|132134-10|132134-11|132255|132291|SMA-J-P-H-ST-EM1|901-144-8RFX|31-5431|73251-1150}',
    'CONN {RCPT USB3.1 TYPE C 24POS|RCPT HDMI 19POS|MODULAR JACK 8P8C|JACK SMA 50 OHM|RCPT BNC} {SMD|PCB|EDGE} {R/A|VERT}'),
  templateFamily('AMP', 'CONN', 3, '{D|DD|DA|DB|DC|DE}{09|15|25|37|50}{S|P}{|-F0|K87|-A101|-1A}{|LF}', 'CONN D-SUB {RCPT|PLUG} {9|15|25|37|50}POS {R/A|VERT} SOLDER'),
  templateFamily('WURTH', 'CONN', 10, '6130{@#02..40}{@11121|21121|11821|21821|11021=HEADER VERT|HEADER VERT 2ROW|HEADER SMD|HEADER SMD 2ROW|HEADER R/A}', 'CONN $2 $1POS 2.54MM'),
  templateFamily('WURTH', 'CONN', 6, '691{@137|214|313|322|102|216|311=TERM BLK|TERM BLK|TERM BLK|TERM BLK|TERM BLK PLUG|TERM BLK|TERM BLK PLUG}{710|110|510|300|700}0{@#02..12}', 'CONN $1 $2POS {5MM|3.5MM|5.08MM|2.54MM|7.62MM}'),
  templateFamily('WURTH', 'CONN', 4, '{629105|629104|629722|632723|614105|615006|632712|629303|632722}{15|13|19|00|30|50|11|14}{0|1|3|5}{5|2|0}{21|11|22}', 'CONN {RCPT USB2.0 MICRO B|RCPT USB TYPE C|RCPT USB TYPE A|MODULAR JACK 8P8C|RCPT HDMI} {5|8|16|24}POS {SMD|THT} {R/A|VERT}'),
  templateFamily('JST', 'CONN', 6, '{B|S}{@#2..15}B-{@PH|XH|EH|ZR|VH|PA=2MM|2.5MM|2.5MM|1.5MM|3.96MM|2MM}-{K|A}-S(LF)(SN)', 'CONN HEADER {VERT|R/A} $1POS $2'),
  templateFamily('JST', 'CONN', 5, '{SM|BM}{@#02..15}B-{@SRSS|GHS|PASS|ZESS|SURS|ACHSS=1MM|1.25MM|2MM|1.5MM|0.8MM|1.2MM}-TB(LF)(SN)', 'CONN HEADER SMD $1POS $2', { cont: 'reel' }),
  templateFamily('JST', 'CONN', 4, '{@PHR|XHP|EHR|ZHR|SHR|GHR|PAP|VHR|NSHR|ACHR=2MM|2.5MM|2.5MM|1.5MM|1MM|1.25MM|2MM|3.96MM|1MM|1.2MM}-{@#2..15}{|V|-N}', 'CONN RCPT HOUSING $2POS $1'),
  templateFamily('JST', 'CONN', 2, 'S{PH|XH|EH|ZH|SH|GH|VH|AC}-{001|002|003}T-P{0.5|1.0|0.6}{S|L}', 'CONN CONTACT CRIMP {22-26|24-30|28-32|18-22}AWG TIN', { cont: 'reel' }),
  templateFamily('SAMT', 'CONN', 8, '{TSW|SSW|FTSH|TSM|SSM|FTS|HTSW|ESQ|TFM|SFM|BCS|CLP|MTSW|SSQ|FTSH|TLW|SMH|ERM8|ERF8|QSH|QTH}-1{@#01..50}-{01|02|05|06|07|08|03|04}-{G|T|S|L|F}-{S|D|DV|DH|Q}',
    'CONN {HEADER VERT|SOCKET VERT|HEADER SMD|SOCKET SMD|HEADER R/A|RCPT HIGH SPEED} $1POS {2.54MM|1.27MM|0.8MM|0.5MM|2MM}', { v: ';;-RA;-K;-TR;-A' }),
  templateFamily('HIR', 'CONN', 4, 'DF13-{@#2..15}{P|S}-1.25{DSA|DS|H|V}{(50)|(75)|(20)|}', 'CONN {HEADER|RCPT} $1POS 1.25MM {VERT|R/A|SMD}'),
  templateFamily('HIR', 'CONN', 4, 'DF40{C|HC(3.0)|HC(3.5)|C(2.0)}-{@10|20|30|40|50|60|70|80|100}{DS|DP}-0.4V(51)', 'CONN {RCPT|HEADER} BOARD TO BOARD $1POS 0.4MM SMD', { cont: 'reel' }),
  templateFamily('HIR', 'CONN', 4, 'FH{12|19|34|52|26|35|58|12A}{|C|S|SRJ|W}-{@#4..50}S-0.5SH(55)', 'CONN FFC/FPC $1POS 0.5MM R/A SMD', { cont: 'reel' }),
  templateFamily('HIR', 'CONN', 3, '{DF11|DF3|DF52|DF57|DF59|DF63|DF14|DF1B}{A|E|}-{@#2..30}{DP|DS|S|P|R}-{2|0.8|1.25|2.5|1.2}{DSA|V|C|H|DS}{(01)|(05)|(21)|(24)|(31)|}', 'CONN {HEADER|RCPT} $1POS {2|0.8|1.25|2.5}MM {VERT|R/A|SMD}'),
  templateFamily('HIR', 'CONN', 2, '{U.FL-R-SMT-1(10)|U.FL-R-SMT-1(01)|W.FL-R-SMT-1(50)|X.FL-R-SMT-1(80)|MS-156(01)|U.FL-2LP-066N1T-A-(100)|U.FL-LP-066}', 'CONN {U.FL|W.FL|X.FL} {RCPT|PLUG} {SMD|CABLE} 50 OHM', { cont: 'reel' }),
  templateFamily('JAE', 'CONN', 5, '{FI-X30HL|FI-E30S|FI-RE51S-HF|FI-RE41S-HF|FI-X30SSL-HF|DX07S016JJ2R1300|DX07S024JJ2R1300|DX07S024JJ3R1500|DX07B024XJ1R1300|DX40-19P|MX34012NF1|MX34016NF1|MX44008NF1|SJ3-0000-0001|IL-G-4P-S3L2-SA|IL-G-6S-S3C2-SA|IL-Z-2P-S125T3-E|IL-S-3P-S2T2-EF|IL-AG5-7S-S3C1|FX26-60S-0.8SH}',
    'CONN {LVDS RCPT|RCPT USB TYPE C|RCPT HDMI|HEADER VERT|RCPT HOUSING|BOARD TO BOARD} {4|6|16|19|24|30|41|51|60}POS {0.5MM|1MM|1.25MM|2.5MM|0.8MM}'),
  templateFamily('HARW', 'CONN', 6, 'M{20|22|50|52|80}-{999|978|976|975|997|788|210|251|252|781|354|783}{@#02..40}{45|46|05|06|42|03|01}', 'CONN {HEADER VERT|HEADER R/A|SOCKET VERT|HEADER SMD} $1POS {2.54MM|2MM|1.27MM}'),
  templateFamily('HARW', 'CONN', 2, 'S{1751|1711|0911|1621|2761|1731|2751}-{46R|46|42R|04R}', 'TEST POINT {PC|SMD} {MULTIPURPOSE|LOOP} {TIN|GOLD}', { cont: 'reel' }),
  templateFamily('PHX', 'CONN', 8, '1{@7|9|8|0|2|7=TERM BLK|TERM BLK PLUG|TERM BLK HEADER|TERM BLK|CONN TERM BLK|TERM BLK}{%5}', '$1 {2|3|4|5|6|8|10|12}POS {SIDE ENT|TOP ENT} {3.5|3.81|5|5.08|7.5}MM PCB'),
  templateFamily('WAGO', 'CONN', 5, '{2604|2601|2606|221|222|250|236|218|2060|2065|2086|233|2059|2092|2091|2624|252|2086|243|2273}-{1102|1103|1104|1105|1106|1108|1110|1112|412|413|415|202|203|205|210|402|403|405|412|106|108|110|112|1452|1455|1458|3102|3104|3108}',
    '{TERM BLK|SPLICING CONN|TERM BLK PCB|LEVER-NUTS|TERM BLK SMD} {2|3|4|5|6|8|10|12}POS {2.5|3.5|5|5.08|7.5}MM'),
  templateFamily('WEID', 'CONN', 5, '1{@7|8|9|0|2|6|1=TERM BLK|TERM BLK PLUG|TERM BLK HEADER|TERM BLK DIN|TERM BLK|CONN HEADER|TERM BLK}{@%5}0000', '$1 {2|3|4|5|6|8|10|12}POS {3.5|3.81|5|5.08|7.62}MM'),
  templateFamily('KEYS', 'CONN', 5, pairedChoice('1042:BATTERY HOLDER AA 1 CELL PC PIN|1043:BATTERY HOLDER AA 1 CELL PC PIN|1058:BATTERY HOLDER COIN 20MM 1 CELL SMD|1070:BATTERY HOLDER COIN 20MM 1 CELL PC PIN|1092:BATTERY HOLDER AAA 2 CELL PC PIN|3001:BATTERY HOLDER COIN 12MM 1 CELL PC PIN|3002:BATTERY HOLDER COIN 12MM 1 CELL PC PIN|3034:BATTERY HOLDER COIN 20MM 1 CELL SMD|5000:TEST POINT PC MINI .040"D RED|5001:TEST POINT PC MINI .040"D BLACK|5002:TEST POINT PC MINI .040"D WHITE|5003:TEST POINT PC MINI .040"D ORANGE|5004:TEST POINT PC MINI .040"D YELLOW|5005:TEST POINT PC COMPACT .063"D RED|5006:TEST POINT PC COMPACT .063"D BLACK|5015:TEST POINT SMD MINIATURE|5016:TEST POINT SMD COMPACT|5017:TEST POINT SMD MULTIPURPOSE|5019:TEST POINT SMD MINIATURE|3522:FUSE CLIP 5MM PC PIN|4952:STANDOFF HEX 4-40 0.500"|24436:STANDOFF HEX M3 10MM|621:BINDING POST RED|7795:SCREW TERMINAL PC MOUNT|8191:PC TERMINAL TURRET'),
    '$1', { v: ';;~TR' }),
  templateFamily('3M', 'CONN', 5, '{929400|929834|929850|929870|961102|961202|951102|929974|950510|929647|929836|952302}-{01|02|03|04}-{@#02..40}{-RK|-ND|}', 'CONN {HEADER|SOCKET} $1POS {2.54MM|2MM} {VERT|R/A} {GOLD|TIN}'),
  templateFamily('3M', 'CONN', 3, '{N2510|N2514|N2520|N2534|N2540|N2550|D2510|8516|8520|8534|8540|8550|3M-2510|N7E50|N3408}-{5002|6002|6V0C|4500|5500|7Q1PB|6002RB|5122}{PL|RB|UB|}', 'CONN {HEADER BOX|IDC SOCKET|HEADER SHROUDED} {10|14|16|20|26|34|40|50}POS 2.54MM {VERT|R/A}'),
  templateFamily('KYCON', 'CONN', 4, '{KMDGX|KMDG|GLX|KLDX|KUSBX|KPJX|STX|KJA|KPPX|KMDLAX}-{6S|8S|4S|3S|6P|8P|4P|0202|SMT2|AS1N|BS1N|SMT-AS1N|CM|4P4|3535}{-BS|-S4N|-BT|-B|-W|-A|-BK|}', 'CONN {MINI DIN RCPT|MODULAR JACK|PWR JACK 2.1MM|RCPT USB TYPE A|JACK STEREO 3.5MM} {3|4|6|8} POS {R/A|VERT} {THT|SMD}'),
  templateFamily('GCT', 'CONN', 6, 'USB{4105|4085|4110|4215|3140|3085|3075|3131|4125|4120|4135|4510|3155|2046|2066|1065|3195|4520}-GF-{A|A-060|A-120|B|A-045|C}', 'CONN RCPT {USB2.0 TYPE C|USB3.1 TYPE C|USB2.0 MICRO B|USB2.0 TYPE A|USB2.0 MINI B} {5|6|16|24}POS {SMD|THT} {R/A|VERT}', { cont: 'reel' }),
  templateFamily('GCT', 'CONN', 4, '{BG300|BG095|BG325|BG100|BG120|BG225|BG200}-{@#02..40}-{A|B}-{L|N|S}-{A|V|D}', 'CONN HEADER {VERT|R/A} $1POS {2.54MM|2MM|1.27MM}'),
  templateFamily('GCT', 'CONN', 3, '{MEM2051|MEM2067|MEM2075|MEM2031|MEM2055|MEM2085|SIM8060|SIM8051}-{00|01|02}-{195|180|115|190|235}-{00|C|B}', 'CONN {MICRO SD CARD PUSH-PUSH|MICRO SD CARD HINGED|SIM CARD} R/A SMD', { cont: 'reel' }),
  templateFamily('ADAM', 'CONN', 5, '{PH1|PH1R|PH1S|PH2|PH2R|RS1|RS2|2PH1|HSS|BH|DHS|PHSD}-{@#02..80}-{UA|UC|UB|G|S|D}', 'CONN {HEADER VERT|HEADER R/A|SOCKET VERT|HEADER BOX|HEADER SMD} $1POS {2.54MM|2MM|1.27MM}'),
  templateFamily('ADAM', 'CONN', 2, '{USB-B1|USB-A1S|USB-MB1|USB-C-B1|MTJ-88ARX1|MTJ-88ERX1|MTJ-88CRX1|ADC-002-1|DC-001-A|EJ-35SS|RA-10H|MHDR-01}-{S|H|SMT|FSM|P|}{-RA|-RA-C|-RA-SMT|}', 'CONN {RCPT USB TYPE B|RCPT USB TYPE A|MODULAR JACK 8P8C|PWR JACK 2.1MM|JACK STEREO 3.5MM} {R/A|VERT} {THT|SMD}'),
  templateFamily('SULL', 'CONN', 5, '{PPTC|PPPC|PPTA|PPPN|PRPC|PREC|PEC|SBH11-PBPC-D|NPTC|SFH11-PBPC-D|LPPB|GRPB}{@%3}{L|S|}{F|A}{BN|KN|BX|AN|AA|BE}-{RC|S1}', 'CONN {HEADER|SOCKET|HEADER BOX} {2|3|4|5|6|8|10|12|16|20|40}POS {2.54MM|2MM|1.27MM} {VERT|R/A}'),
  templateFamily('MILL', 'CONN', 5, '{310|311|315|110|114|115|116|0906|0305|399|801|850|855}-{13|43|93|47|87|10|90|44}-{1|2|3}{08|14|16|18|20|24|28|40|64}-{41|10|01|00}-{001000|001101|105000|001000}', 'CONN {IC DIP SOCKET|SOCKET PIN|HEADER PIN|SPRING LOADED PIN} {8|14|16|18|20|24|28|40|64}POS {GOLD|TIN}'),
  templateFamily('PREC', 'CONN', 4, '{110|114|116|123|210|310|399|800|801|802|803}-{83|87|13|43|44|93|10|91}-{3|6}{@08|14|16|18|20|24|28|32|40}-{41|10|01}-{001101|105101|001000}', 'CONN {IC DIP SOCKET|HEADER PIN|SOCKET} $1POS {GOLD|TIN}'),
  templateFamily('ERNI', 'CONN', 5, '{0|1|2|9}{@%5}', 'CONN {HEADER|RCPT|DIN 41612|SMC} {12|16|20|26|32|50|68|96}POS {1.27MM|2.54MM|0.8MM} {VERT|R/A}'),
  templateFamily('HART', 'CONN', 5, '09{67|66|14|20|33|15|12|45|30|61|16|02|06|21}{000|009|015|025|037|050|006|016|024|010}{5615|7601|7604|7501|5604|2801|0301|6121|0016|3001}', 'CONN {D-SUB RCPT|HAN HOOD|HAN INSERT|RJ45 PLUG|DIN 41612 RCPT} {9|15|25|37|6|10|16|24}POS'),
  templateFamily('LEMO', 'CONN', 5, '{FGG|EGG|PHG|ERA|EGA|FGA|EPG|PCA|FFA|EXG|FGJ|HGG}.{0B|1B|2B|00|3B|0S|1K|2K|4B}.{302|303|304|305|306|307|308|312|314|316|650|250|680}.{CLAD|CLLD|CLAC|CYMD|CLA|CYM|CLL|CTA}{52|42|62|72|35|56|76|32|22}{Z|}',
    'CONN CIRCULAR {PLUG|RCPT} {2|3|4|5|6|7|8|12|14|16} POS {SOLDER|PCB} {0B|1B|2B|3B} PUSH-PULL'),
  templateFamily('BINDR', 'CONN', 4, '{09|99|79}-{0407|0413|0423|0425|3411|3812|0975|4207|0071|3712|0431|5712|3218}-{00|80|70|78|10|14|12|81}-{02|03|04|05|06|07|08|12|17}', 'CONN CIRCULAR {M8|M12|M9|M16|7/8} {PLUG|RCPT|CABLE} {3|4|5|8|12}POS {SOLDER|SCREW|PCB}'),
  templateFamily('NEUT', 'CONN', 4, '{NC3MXX|NC3FXX|NC3MAH|NC3FAH|NC3MAAH|NC3FD-LX|NC4MXX|NC5FXX|NL2MPR|NL4FC|NL4MD-V|NL8FC|NAC3FCA|NAC3MPA|NAC3FCB|NAC3MPB|NE8FDP|NE8MC|NE8FDV|NE8FDY-C6|NJ3FP6C|NJ3FP6C-BAG|NMJ6HCD2|NRJ6HF|NRJ4HF|NYS228|NYS231|NSJ12HL|NP3X|NP2X}{|-B|-BAG|-1|-BLACK}',
    'CONN {XLR|SPEAKON|POWERCON|ETHERCON|AUDIO JACK 6.35MM|RCA|BNC} {PLUG|RCPT|PANEL} {2|3|4|5|8} POS {SOLDER|PCB}', { cont: 'bulk' }),
  templateFamily('SWCH', 'CONN', 4, '{RAPC722X|RAPC712X|RAPC722BK|RAPC712BK|712A|722A|35RAPC4BHN2|35RAPC4BV4|35RASMT4BHNTRX|3501FP|3502|1502|PJRAN1X1U01X|SC1316|SC1317|RAPC10BK|RASM722|RASM712|L712RAS|L722RAS|112APC|112BPC|112AX|112BX|RA3FX|RA3MX}',
    'CONN {PWR JACK 2.1MM|PWR JACK 2.5MM|AUDIO JACK 3.5MM STEREO|RCA JACK|XLR RCPT} {R/A|VERT|PANEL} {PCB|SOLDER|SMD}'),
  templateFamily('ITT', 'CONN', 5, '{DE|DA|DB|DC|DD|DEM|DAM|DBM|MDM|MDSM}{@9|15|25|37|50|21|31|51}{S|P}{|-FO|-A197|-1A|K87|-NMB|L2|H003|-F179|-SL}', 'CONN D-SUB {RCPT|PLUG} $1POS {SOLDER CUP|PCB|CRIMP}'),
  templateFamily('OST', 'CONN', 5, 'OST{TC|TA|TQ|VI|TD|TJ|TH|OQ|TB|OR}0{@#2..9}{0|1|2|5}{161|162|254|055|152|160|260|555}', 'TERM BLK $1POS {SIDE ENT|TOP ENT} {3.5|3.81|5|5.08|7.5}MM PCB'),
  templateFamily('CNC', 'CONN', 5, '{3220|3120|3020|3230|3250|3211|3221|3310|3410}-{@06|08|10|14|16|20|26|30|34|40|50|60|64}-0{1|3|4|5}00-{00|0T|10|10-TR}', 'CONN HEADER {BOX|SHROUDED|IDC} $1POS {2.54MM|2MM|1.27MM} {VERT|R/A|SMD}'),
  templateFamily('CUI', 'CONN', 5, '{PJ-002A|PJ-002AH|PJ-037A|PJ-102A|PJ-002AH-SMT|PJ-063AH|PJ-202A|PJ-037AH|SJ-3523-SMT|SJ-3524-SMT|SJ-43504|SJ1-3523N|SJ1-3533NG|SJ-2523-SMT|UJ2-MBH-1-SMT|UJ31-CH-G-SMT|UJC-HP-G-SMT|MD-40SM|MD-60S}',
    'CONN {PWR JACK 2.1MM|PWR JACK 2.5MM|AUDIO JACK 3.5MM STEREO|RCPT USB2.0 MICRO B|RCPT USB TYPE C|MINI DIN RCPT} {R/A|VERT} {THT|SMD}', { v: ';-TR;~-TR' }),
  templateFamily('CUI', 'AUD', 4, '{CMT-1102|CMT-8540S|CMT-1603|CMT-0525|CEM-1203(42)|CEM-1206S|CEM-1205C|CMM-4030D|CMM-2718AB|CMM-3526D|CMS-15118D|CPT-9019S|CMI-9605IC}{-SMT|-261|-38108|}', 'AUDIO {BUZZER MAGNETIC 5V|TRANSDUCER PIEZO|MIC MEMS ANALOG|MIC ELECTRET|SPEAKER 8OHM 1W} {SMD|PC PIN|WIRE}', { v: ';-TR;~-TR' }),
  templateFamily('CUI', 'PSU', 4, pairedChoice('VX7805-500:DC DC CONVERTER 5V 0.5A|VX7803-500:DC DC CONVERTER 3.3V 0.5A|VX7812-500:DC DC CONVERTER 12V 0.5A|V7805-1000:DC DC CONVERTER 5V 1A|V7803-1000:DC DC CONVERTER 3.3V 1A|V7812-500:DC DC CONVERTER 12V 0.5A|PDQE10-Q24-S5-D:DC DC CONVERTER 5V 10W|PDQE15-Q24-S12-D:DC DC CONVERTER 12V 15W|PDQE20-Q48-S5-D:DC DC CONVERTER 5V 20W|PQMC1-D5-S5-S:DC DC CONVERTER 5V 1W|VGS-5-5:AC/DC CONVERTER 5V 5W|SWI10-5-N-P5:AC/DC WALL MOUNT ADAPTER 5V 10W|SDI18-12-U-P5:AC/DC DESKTOP ADAPTER 12V 18W|ETMA120080UD-P5P-IC:AC/DC WALL MOUNT ADAPTER 12V 10W|PBO-3-S5:AC/DC CONVERTER 5V 3W'), '$1'),
  templateFamily('CUI', 'SW', 2, 'AMT{102|103|112|113|212|222|232}-{V|D|S|}', 'ROTARY ENCODER CAPACITIVE {2048PPR|1024PPR|4096PPR}', { cont: 'bulk' }),
  // switches
  templateFamily('CK', 'SW', 3, 'PTS{645|647|810|526|636|125|820}{SM|SK|SN}{43|50|70|35|25|15}{SMTR92|SMTR|}{ LFS|LFS}', 'SWITCH TACTILE SPST-NO 0.05A 12V'),
  templateFamily('CK', 'SW', 2, '{JS102011|JS202011|JS203011|OS102011|OS202011|OS203011}{SAQN|SCQN|JCQN|MS2QN1|MA1QN1|MS2QS1|SA5N}', 'SWITCH SLIDE {SPDT|DPDT} 0.3A 6V'),
  templateFamily('CK', 'SW', 2, '{KMR221|KMR231|KMR241|KMR211|KMR411|KSC721|KSC741|KSC221}{G|NG|J|GS}{ LFS|LFG}', 'SWITCH TACTILE SPST-NO 0.05A 32V'),
  templateFamily('CK', 'SW', 2, '{7101|7103|7105|7201|7203|8125|A101|A123}{SDZQE|SYZQE|MDCQE|P3YZQE|SHCQE|J1ZQE}{|2|22}', 'SWITCH TOGGLE {SPDT|DPDT} 5A 120V'),
  templateFamily('ALPS', 'SW', 5, '{SKRPACE010|SKRPADE010|SKRPABE010|SKRGAED010|SKRTLAE010|SKQGABE010|SKQGAKE010|SKQGAFE010|SKQUAAA010|SKQYAFA010|SKHMPSE010|SKHHBWA010|SKHHAKA010|SKHWQGE010|SKSGAEE010|SKTAAGE010|SPVQ310301|SSSS811101|SSSS213200|SPPH410100}',
    'SWITCH {TACTILE SPST-NO 0.05A 12V|DETECTOR SPST|SLIDE SPDT 0.3A 4V|PUSH SPDT 0.1A 30V}'),
  templateFamily('ALPS', 'SW', 4, 'EC{11E|11J|12E|11B|11K|10E|09E}{18244|15244|09244|1524405|18244AU|15204A3|1820405|15204}{A5|B4|AE|G1|}', 'ROTARY ENCODER MECHANICAL {12|15|18|20|24|30}PPR'),
  templateFamily('ALPS', 'POT', 3, 'RK{09K|09L|097|12L|11K|163}{113|114|111|1130|1140|1110|1150}{00C|0PA|AH1|A0A|0A0|1A0|0C|FP}', 'POT {10K|50K|100K|1K|5K|20K} OHM {0.05W|0.125W} CARBON {LINEAR|LOG}'),
  templateFamily('OMRON', 'SW', 5, '{B3F-1000|B3F-1002|B3F-1020|B3F-1022|B3F-1050|B3F-1052|B3F-3100|B3F-3150|B3F-4000|B3F-4050|B3F-5000|B3F-5050|B3F-1100|B3F-1110|B3FS-1000P|B3FS-1002P|B3FS-1010P|B3FS-1012P|B3FS-1050P|B3FS-1052P|B3U-1000P|B3U-1100P|B3U-3000P|B3U-1000P-B|B3U-3100P-B|B3SN-3012P|B3SL-1002P|D2F-01F|D2F-01|D2F-5|D2F-01L|D2F-01FL|D2F-L|D2FC-F-7N|D2FC-F-7N(10M)|D2FC-F-7N(20M)|SS-5GL|SS-10GL2|V-15-1A5|A16L-AGM-24D-1}',
    'SWITCH {TACTILE SPST-NO 0.05A 24V|SNAP ACTION SPDT 3A 125V|SNAP ACTION SPDT 0.1A 30V|SNAP ACTION SPDT 15A 250V|PUSHBUTTON SPST-NO 0.1A 24V}', { v: ';;~-D' }),
  templateFamily('OMRON', 'RELAY', 6, '{G5V-1|G5V-2|G6K-2F-Y|G6K-2P-Y|G6K-2G-Y|G5LE-1|G5LE-1A|G5LE-1-E|G3MB-202P|G6KU-2F-Y|G5Q-1|G5Q-1A|G6S-2|G6S-2G|G5NB-1A-E|G6B-1114P-US|G2RL-1|G2RL-1A-E|G6RL-1|G3VM-61A1|G3VM-41GR8|G3VM-61G1}{| }DC{3|4.5|5|12|24}',
    'RELAY {GEN PURPOSE SPDT 1A|TELECOM DPDT 1A|GEN PURPOSE SPDT 10A|SSR SPST-NO 2A|GEN PURPOSE SPST-NO 5A|MOSFET SPST-NO 400MA} {3|4.5|5|12|24}VDC'),
  templateFamily('OMRON', 'SENS', 2, '{D6T-44L-06|D6T-8L-09|D6T-1A-01|D6T-32L-01A|D6F-PH0505AD3|D6F-V03A1|B5W-LB1122-1|B5W-LD0101-1|EE-SX1103|EE-SX1041|EE-SX4235A-P2|EE-SY1200|D7S-A0001|2SMPB-02E}',
    'SENSOR {THERMAL ARRAY I2C|FLOW GAS|OPTICAL REFLECTIVE|PHOTOMICRO TRANSMISSIVE|VIBRATION SEISMIC|PRESSURE ABS I2C} {MODULE|PCB|SMD}'),
  templateFamily('ESW', 'SW', 6, 'TL{3342|3301|1105|6100|3305|2230|1015|3315|3302|1107|6110}{A|B|C|F|AF|}{F|}{160|260|100|250|200|300}{Q|QG|QJ|QK|QR|QS}', 'SWITCH TACTILE SPST-NO {0.05A|0.02A} {12V|15V} {SMD|THT}', { v: ';/TR;~/TR' }),
  templateFamily('ESW', 'SW', 4, '{EG1218|EG1224|EG1201|EG2208|EG1271|EG2219|EG1206A|EG4208|R13-112A-05-BB|R19-23A-05-BB|R13-47A-05-BR|100SP1T1B4M2QE|100DP1T1B1M1QE|500SSP1S1M2QEA|RP3502MABLK|PV6F240SS341}',
    'SWITCH {SLIDE SPDT 0.2A 30V|SLIDE DPDT 0.2A 30V|ROCKER SPST 6A 250V|TOGGLE SPDT 5A 120V|PUSHBUTTON SPST-NO 0.05A 24V}'),
  templateFamily('NIDEC', 'SW', 4, '{CAS-120TA|CAS-220TA|CAS-D20TA|CAS-120B1|CAS-220B1|CFS-0201TA|CFS-0301TA|CFS-0401TA|CFS-0601TA|CFS-0801TA|CFS-1001TA|CHS-01TA|CHS-02TA|CHS-04TB|CL-SB-12B-01T|ST-4EB|ST-32ETA|SM-42TW|SH-7010TB}{|1|2}',
    'SWITCH {SLIDE SPDT 0.1A 6V|DIP SWITCH 2POS SPST|DIP SWITCH 4POS SPST|DIP SWITCH 8POS SPST|TRIMMER 10K OHM}'),
  templateFamily('NIDEC', 'FAN', 3, 'D{04X|05R|06R|08A|04R|06F|08T}-{05|12|24}{SS|TS|TH|SH|TL}{1|2}{ 01| 02| 03|}{A|B|C|}', 'FAN AXIAL {40X10MM|50X15MM|60X25MM|80X25MM} {5|12|24}VDC WIRE'),
  templateFamily('PAN', 'SW', 3, 'EVQ-{P7A01P|P7C01P|PV9B05|PBC09|Q2K03W|21405R|P0E07K|PAD04M|P2002W|P7L01P|PE105K|PJX04M|PUJ02K|PUL02K|PSD02K|P7J01P|9P701P|PUA02K|Q2B03W}', 'SWITCH TACTILE SPST-NO {0.02A|0.05A} {12V|15V} {SMD|THT}'),
  templateFamily('PAN', 'RELAY', 4, '{TQ2|TQ2-L|TQ2-L2|TQ2SA|TQ2SA-L|AQY212EH|AQY210EH|AQY211EH|AQY221N2S|AQY280EH|AQY212GS|AQY210S|AQY282SX|AQY214EH|ADW1203HLW|ADW1205HLW|ADW1212HLW|ADW1224HLW|ALQ105|ALQ112|ALQ124|ALQ305|DSP1-DC5V|TX2-5V|TX2SA-L2-5V}{|A|AX|AZ|-3V|-5V|-12V|-24V|-Z}',
    'RELAY {TELECOM DPDT 1A|SSR SPST-NO 0.1A|GEN PURPOSE SPST-NO 16A|GEN PURPOSE SPDT 10A|TELECOM DPDT 2A} {3|5|12|24}VDC'),
  templateFamily('PAN', 'SENS', 2, '{EKMC1601111|EKMC1603111|EKMC1604111|EKMC1605111|EKMC2601111|EKMC1601112|EKMC2603111|AMN31111|AMN32111|AMN41121|AMN44122|AMN21111|AMN31112|EKMB1101111|EKMB1303111|ERT-J1VR103J|ERT-J0EG103FA}',
    'SENSOR {PIR MOTION DIGITAL|PIR MOTION ANALOG|THERMISTOR NTC 10K} {5M|12M|TH|0603}'),
  // relays, fuses, filters
  templateFamily('BEL', 'FUSE', 4, '0Z{CJ|RE|CG|CK|RB|CH|CA}{@0005|0010|0020|0035|0050|0075|0100|0150|0200|0260=50MA|100MA|200MA|350MA|500MA|750MA|1A|1.5A|2A|2.6A}FF{1|2}E', 'PTC RESET FUSE {6|8|13.2|16|30|60}V $1 {0603|0805|1206|1812|RADIAL}'),
  templateFamily('BEL', 'FUSE', 3, '{5ST|5MT|5HT|5TT|5SF|C1Q|0685F|0685P|SSQ|RST}{ |}{@100|125|200|250|500|1|2|3|4|5|6.3|750|315=100MA|125MA|200MA|250MA|500MA|1A|2A|3A|4A|5A|6.3A|750MA|315MA}{-R|}', 'FUSE {GLASS|CERAMIC|BOARD MOUNT} $1 {125VAC|250VAC|32VDC} {5X20MM|2-SMD|1206|AXIAL}'),
  templateFamily('BEL', 'CONN', 3, '{0826|0827|0813|L829|SI|0826-1X1T|0826-1G1T}-{1X1T|1G1T|1J1T|1X4T|50170|60140|1A1T}-{23|32|43|57|GH|43|56}-{F|J|}', 'CONN MAGJACK 1PORT {100 BASE-T|1000 BASE-T} {AUTO MDIX|POE} {R/A|VERT}'),
  templateFamily('SCHUR', 'FUSE', 5, '{0034|0031|0001|3413|3403|7010|4303|0751|3404|3101|6100|DD11|4301|0033}.{@%4}', '{FUSE GLASS 5X20MM|FUSE BOARD MOUNT SMD|FUSE HOLDER PANEL|POWER ENTRY IEC C14|FUSE HOLDER PCB|FUSE CLIP} {250VAC|125VAC|32VDC} {100MA|500MA|1A|2A|3.15A|5A|10A}'),
  templateFamily('SCHAF', 'EMI', 6, 'FN{2010|2020|2030|2090|9222|9226|9244|9260|3025|3258|3268|610|2060|2070|2080|3288|3359|9675|1393}-{@1|3|6|10|16|20|25|30|40|50|60}-{06|07|08|29|33|44|99|02|05}', 'LINE FILTER {250VAC|250VAC/DC|480VAC} $1A {CHASSIS MOUNT|PCB|PANEL} {SINGLE PHASE|THREE PHASE}'),
  templateFamily('SCHAF', 'IND', 2, 'RN{112|114|122|142|152|202|212|214|222|232|242}-{0.3|0.5|0.6|0.8|1|1.5|2|4|6|8|10}/{02|03|12|13|01|22}', 'CMC {0.3|0.5|1|1.5|2|4|6|8|10}A 2LN {1.8|3.3|10|27|47}MH THT'),
  // optoelectronics
  templateFamily('KING', 'LED', 6, '{APT1608|APT2012|APT3216|APHHS1005|APA3010|APA2106|KP-2012|KPT-1608|APT1608S|APHD1608|APTD1608}{@SGC|SURCK|QBC/D|SYCK|ZGCK|EC|LVBC/D|SECK|PWF/F|CGCK|SEC/J3-PRV|MGC=GREEN|RED|BLUE|YELLOW|GREEN|RED|BLUE|ORANGE|WHITE|GREEN|ORANGE|GREEN}',
    'LED $1 {CLEAR|DIFFUSED|WATER CLEAR} {0603|0805|1206|0402} SMD', { v: ';;~-PRV' }),
  templateFamily('KING', 'LED', 3, '{WP7113|WP710A10|L-7104|L-934|L-53|WP154A4|L-1503|WP132XGD|L-813}{@ID|GD|YD|SRD|SGD|LVBC/D|SEC/J3|SRC/E|GC|BC=RED|GREEN|YELLOW|RED|GREEN|BLUE|ORANGE|RED|GREEN|BLUE}', 'LED $1 {DIFFUSED|CLEAR} {T-1 3/4|T-1|RECTANGULAR} T/H', { cont: 'bulk' }),
  templateFamily('KING', 'LEDP', 2, '{SC|SA|SB|SBA|DC|ACSA}{56|52|39|08|04|10|05|03|40}-{11|12|21|22}{EWA|SRWA|GWA|YWA|HWA|CGKWA|SGWA}', 'DISPLAY 7-SEG {0.56"|0.52"|0.39"|0.8"} {RED|GREEN|YELLOW|WHITE} {CC|CA} T/H', { cont: 'bulk' }),
  templateFamily('LITEON', 'LED', 6, 'LTST-{C191|C190|C170|C150|S270|C230|C193|E682|S220|C171|C194|S326|C235|C195}K{@G|R|Y|F|SK|B|E|O|GE|SY=GREEN|RED|YELLOW|ORANGE|RED|BLUE|ORANGE|ORANGE|GREEN|YELLOW}KT', 'LED $1 CLEAR CHIP SMD'),
  templateFamily('LITEON', 'OPTO', 5, 'LTV-{817|816|827|847|357T|217|356T|354T|814|844|352T|3120|3150|0601|M601|5314|3120S}{S|M|}{|-TA1|-TA|-TP1|-B|-C|-D}', 'OPTOISO {3.75KV|5KV} {TRANS|GATE DRIVER|LOGIC} {4DIP|4SMD|4SOP|8SOP|6SO}'),
  templateFamily('LITEON', 'SENS', 2, 'LTR-{303ALS|329ALS|390WS|381RGB|553ALS|559ALS|308ALS|507ALS|F216A|X140A}{-01|-02|-WA|}', 'SENSOR OPTICAL {AMBIENT|RGB|PROXIMITY} I2C {6ODFN|ChipLED|SMD}'),
  templateFamily('AMSO', 'LED', 5, 'L{@S|T|Y|B|W|O|A=SUPER RED|TRUE GREEN|YELLOW|BLUE|WHITE|ORANGE|AMBER} {L29K|T67C|E67C|M67K|R976|QH9G|Q39G|T6SG|CPDP|P47F|A67F|G6SP|P4SG}-{G1J2|Q1OO|S2U1|T2V1|CBEB|AABA|HJKM|V1AB|S1T1}-{1|25|24}-{Z|1|0-10-R18-Z}',
    'LED $1 {DIFFUSED|CLEAR} {0603|0805|PLCC2|PLCC4|TOPLED} SMD'),
  templateFamily('AMSO', 'SENS', 4, '{AS5600|AS5048A|AS7341|AS7262|AS3935|AS5047P|AS5600L|AS7343|TMD2772|TMD3725|TMD2635|TSL2591|TSL2561|TSL25911|TSL2572|TCS34725|TMF8801|TMF8821|AS6212|AS6221|ENS160|ENS210|AS73211}{-ASOM|-ASOT|-HTSP|-BLGT|-BQFM|-ATSM|FN|T|-AQFT|-2|}',
    'SENSOR {MAGNETIC ANGLE I2C|SPECTRAL 11CH|LIGHTNING|OPTICAL AMBIENT I2C|COLOR RGB I2C|OPTICAL TOF|TEMP DIGITAL I2C|GAS VOC I2C} {8SOIC|14SOIC|16LGA|6DFN|8LGA|WLCSP}', { v: ';;-T' }),
  templateFamily('AMSO', 'LEDP', 3, '{GW JTLMS1.CM|GW QSLR31.PM|KW DMLS31.SG|LUW CQAR|LUW JNSH.PC|LY CN5M|LR W5AM|GB CS8PM1.24|GT QSSPA1.13|KP CSLNM1.F1|LD CQ7P|LE UW Q9WP}-{@#1..9}{M|N|K|J}{@#1..9}{L|M|K}',
    'LED {WHITE|RED|GREEN|BLUE|YELLOW|INFRARED} {1W|3W|0.5W|0.2W} {3030|2835|5050|OSLON|SYNIOS} SMD'),
  templateFamily('CREE', 'LEDP', 5, '{XPEBWT|XPEBRD|XPEBGR|XPEBBL|XPGDWT|XPGBWT|XHP50B|XHP70B|XQEAWT|XPLAWT|MLEAWT|JB2835AWT|JE2835AWT|XMLBWT}-{L1|01|P1|H1|02|00|P2}-0000-00{A|B|C|D|E|F|H}{E|5|7|3|F}{0|5|7|1|B}',
    'LED {COOL WHITE|NEUTRAL WHITE|WARM WHITE|RED|GREEN|BLUE|ROYAL BLUE} {XLAMP|J SERIES} {XPE|XPG|XHP|XQE|2835} SMD'),
  templateFamily('CREE', 'LED', 3, 'CLM{2B|3A|3C|4B|3S|4S}-{RKW|GKW|BKW|WKW|MKW|AKW|RKA|BKA}-{CWAXA113|CVBWB153|CTBWB163|CUA|CWBYA153|CVAXA153}', 'LED {RED|GREEN|BLUE|WHITE|AMBER} {OVAL|ROUND} {3MM|4MM|5MM} T/H', { cont: 'bulk' }),
  templateFamily('NICHIA', 'LEDP', 5, '{NSSW|NSSL|NSSM|NSSB|NSSR|NSSG|NFSW|NFSL|NCSW|NCSL|NS2W|NS2L|NSPW|NSPB|NSPG|NSPR|NVSW|NVSU|NCSU}{157|064|063|123|170|757|500|510|310|020|219|233|E21}{AT|T|BT|DS|AS|CT|G|D|}{-V1|-V2|-H3|-E|}',
    'LED {WHITE|WARM WHITE|NEUTRAL WHITE|BLUE|GREEN|RED|UV 365NM} {3030|2835|1608|3535|5MM|757} {SMD|T/H}'),
  templateFamily('LUMIL', 'LEDP', 5, 'L1{T2|C1|T3|SP|SQ|T4}-{@5770|3070|4080|5790|2780|6570|3080|4070|2770|5080|3570=5700K|3000K|4000K|5700K|2700K|6500K|3000K|4000K|2700K|5000K|3500K}{000|100|120|800|900}{0|8}000000',
    'LED WHITE $1 {70CRI|80CRI|90CRI} {LUXEON 3030|LUXEON 2835|LUXEON 5050|LUXEON C} SMD'),
  templateFamily('LUMIL', 'LEDP', 3, '{LXZ1|LXML|LXH7|LXCL|LXM3|LXZ2|LXK8}-{PB01|PM01|PX01|PD01|PE01|4070|5070|PWC2|PR01|PH01|PL01|PWN1|PWW1}{|-0100|-0030|-0050|-0350|-0040}', 'LED {BLUE|GREEN|RED|AMBER|ROYAL BLUE|WHITE|LIME} {LUXEON Z|LUXEON REBEL|LUXEON C} SMD'),
  templateFamily('SEOUL', 'LEDP', 5, '{STW8Q14D|STW9Q14D|STW8Q2PA|STW9C2SB|SZ5-M1|SZ5-M0|STW8A12D|STW7C12C|SAW8KG0B|CUN66A1B|CUN9GF1A|CUD8AF1D|SWW8A1DC|SAW9A22E|STW8B12C}-{S5|S6|T0|Q0|W0|B0|G0|R0|WN|E5|R8|A0}-{GT|HT|EA|FA|C8|C9|00|AP|HB|E0}{|-A|-SP|-SG}',
    'LED {WHITE|NEUTRAL WHITE|UV 365NM|UV 395NM|UV-C 275NM|WARM WHITE} {3030|5630|3535|5050|2016} SMD'),
  templateFamily('EVERL', 'LED', 6, '{19-217|19-213|17-21|12-21|15-21|16-213|19-237|67-21|95-21|12-22}/{@GHC|BHC|R6C|Y2C|W1D|SURC|SYGC|T1D|G6C|BSC|UBC|USOC=GREEN|BLUE|RED|YELLOW|WHITE|RED|YELLOW GREEN|WHITE|GREEN|BLUE|BLUE|ORANGE}-{YR1S2|ZL2M1|AL1M2|KS1T1|BN1Q2|AP1Q2|S530-A2|AN1P2|ZM2N1}/{3T|TR8|2T|4T}',
    'LED $1 {CLEAR|DIFFUSED|WATER CLEAR} {0603|0805|1206|PLCC2} SMD'),
  templateFamily('EVERL', 'OPTO', 4, 'EL{817|357N|3H7|354N|817S1|357N-G|3120|3150|0601|816|827|847|1018|3H4|452|M452}({A|B|C|D})(TU)-{F|G|VG}',
    'OPTOISO {3.75KV|5KV} {TRANS|GATE DRIVER|LOGIC|DARLINGTON} {4DIP|4SMD|4SSOP|8SOP}'),
  templateFamily('EVERL', 'OPTO', 2, '{ITR9608|ITR20001/T|ITR8307|IR333C|PT333-3C|IR26-21C/L110/TR8|PD15-22C/TR8|ALS-PT19-315C/L177/TR8|EAITRAA0|IRM-3638T|IRM-H638T/TR2|PD438B|IR204C-A}',
    '{SENSOR OPTICAL REFLECTIVE|PHOTOINTERRUPTER SLOT|EMITTER IR 940NM|PHOTOTRANSISTOR 940NM|IR RECEIVER MODULE 38KHZ|PHOTODIODE 940NM|AMBIENT LIGHT SENSOR} {T/H|SMD|TOP VIEW}'),
  templateFamily('DIALI', 'LED', 5, '{550|551|552|555|559|591|592|597|598|515|521|568}-{0|1|2|3|5|7|8}{1|2|3|4|5}{0|1|2|3|4}{0|2|3|7}-{001|003|004|107F|304F|407F|003F|001F|004F|207F}', 'LED {RED|GREEN|YELLOW|BLUE|WHITE|BI-COLOR} {CBI|PANEL|PCB|SMD} {2MM|3MM|5MM|0603|1206} {R/A|VERT}'),
  templateFamily('BRDCM', 'OPTO', 5, '{HCPL-0601|HCPL-0630|HCPL-0631|HCPL-2601|HCPL-2630|HCPL-263L|HCPL-0710|HCPL-060L|HCPL-0611|HCPL-3120|HCPL-316J|HCPL-7840|ACPL-217|ACPL-247|ACPL-P343|ACPL-W343|ACPL-M61L|ACPL-C87B|ACPL-C790|ACPL-K33T|ACPL-332J|ACPL-064L|ACPL-W70L|ACPL-C87A}-{500E|000E|300E|56BE|060E|560E|500|360E}',
    'OPTOISO {3.75KV|5KV|3.75KV} {LOGIC|GATE DRIVER|TRANS|ISOLATION AMP} {8SOIC|8DIP|6SO|5SO|16SOIC|8SSOP}'),
  templateFamily('BRDCM', 'LED', 3, '{HSMG-C170|HSMS-C170|HSMY-C170|HSMR-C190|HSMA-C191|HSMB-C150|ASMT-QTB2-0AA02|ASMT-QRB2-0AA02|ASMT-UWB1-NX302|ASMT-MTG0-0000|ASMT-YTD2-0BB02|HLMP-EG08-Y2000|HLMP-1503|HSMF-C165|HSMG-C190|HSMS-C191}', 'LED {GREEN|RED|YELLOW|AMBER|BLUE|WHITE|RGB} {0603|0805|PLCC4|PLCC6|T/H} SMD'),
  templateFamily('BRDCM', 'SENS', 2, '{AEDR-8300-1K2|AEDR-8710-1V2|AEDR-8400-1W2|AEAT-6600-T16|AEAT-8800-Q24|APDS-9960|APDS-9301-020|APDS-9250|APDS-9306-065|HEDS-5540#A06|AFBR-S50MV85G}', 'SENSOR {ENCODER REFLECTIVE|MAGNETIC ANGLE|OPTICAL GESTURE/RGB|OPTICAL AMBIENT|LIDAR TOF} {8LGA|16TSSOP|6ODFN|MODULE}'),
  templateFamily('BRDCM', 'OPTO', 2, 'AFBR-{57D7APZ|5803AZ|1624Z|2624Z|59F1Z|57J5APZ|59E4APZ|1529Z|2529Z|5715APZ|709SMZ|5972EZ}', 'FIBER OPTIC {TRANSCEIVER|TRANSMITTER|RECEIVER} {1.25GBPS|10GBPS|50MBPS|125MBPS} {SFP|DUPLEX LC|VERSATILE LINK}'),
  templateFamily('ISOCOM', 'OPTO', 5, '{ISP817|ISP827|ISP847|ISP521|ISP621|IS281|IS181|IS357|4N25|4N35|4N26|4N37|MOC3021|MOC3041|MOC3063|6N137|6N136|H11A1|H11L1|TIL111|CNY17-3|PC817|SFH615A-3}{X|AX|}',
    'OPTOISO {5KV|5.3KV|3.75KV} {TRANS|TRIAC|LOGIC|DARLINGTON} {4DIP|6DIP|8DIP|4SOP}', { v: ';SM;SMT&R;~SM~SMT&R' }),
  templateFamily('SHARP', 'OPTO', 4, 'PC{817X|817XNNSZ|357N|123X|817X2|817X3|817X4|3H7|3SD12|452|4SD11|3Q64}{NSZ9F|J00F|NIP1B|F|NSZ1B|J000F|NIP0F}', 'OPTOISO {5KV|3.75KV} {TRANS|DARLINGTON|TRIAC} {4DIP|4SMD|4MINIFLAT|6DIP}'),
  templateFamily('SHARP', 'SENS', 3, 'GP2Y{0A21YK0F|0A02YK0F|0A41SK0F|1010AU0F|0E03|0A710K0F|0D805Z0F|1014AU0F|0A60SZ0F|0A51SK0F}', 'SENSOR {OPTICAL DISTANCE 10-80CM|OPTICAL DISTANCE 20-150CM|DUST PARTICLE|OPTICAL DISTANCE 4-30CM|OPTICAL DISTANCE 2-15CM} {ANALOG|DIGITAL} MODULE', { cont: 'bulk' }),
  templateFamily('SHARP', 'LEDP', 2, 'LS0{13B7DH03|13B7DH05|27B7DH01|32B7DD02|44Q7DH01|12B7DD06|11B7DH03|13B7DH06}', 'DISPLAY MEMORY LCD {1.28"|1.26"|2.7"|3.16"|4.4"|1.2"|1.08"} {128X128|144X168|400X240|336X536} SPI', { cont: 'tray' }),
  templateFamily('VISH', 'LED', 4, '{VLMG1500|VLMS1500|VLMY1500|VLMB1500|VLMW1500|VLMG3100|VLMS3100|VLMY3100|VLMR31J2|VLMB31J2|VLMTG1400|TLHR5400|TLHG5400|TLHY5400|TLHO5400|TLHR4400|TLHG4400|TLHK5800}{-GS08|-GS18|}', 'LED {GREEN|RED|YELLOW|BLUE|WHITE|ORANGE} {DIFFUSED|CLEAR} {0603|0805|PLCC2|T-1 3/4|T-1} {SMD|T/H}'),
  templateFamily('VISH', 'OPTO', 4, '{TCMT1100|TCMT1103|TCMT1107|TCMT4100|VO615A-3X016|VO617A-4X001|VO618A-3X017T|VO610T|SFH617A-3|SFH6156-3T|VOS617A-3T|TSOP38238|TSOP38438|TSOP4838|TSOP34838|TSOP75238|TSSP4038|TCRT5000|TCRT1000|VEMD5510C|BPW34|TSAL6200|VSMB2948SL|TEFD4300}',
    '{OPTOISO 3.75KV TRANS 4SOP|OPTOISO 5KV TRANS 4DIP|IR RECEIVER MODULE 38KHZ|SENSOR OPTICAL REFLECTIVE|PHOTODIODE 940NM|EMITTER IR 940NM}', { v: ';;-TR' }),
  templateFamily('VISH', 'SENS', 2, 'VEML{7700|6075|6030|3328|6040|6035|3235|7702|4031X00|6031X00}{-TT|-TR|}', 'SENSOR OPTICAL {AMBIENT I2C|UV-A/UV-B I2C|RGBW I2C} {4SMD|OPLGA|PLCC4}'),
  templateFamily('TTE', 'OPTO', 3, 'OP{B705|B704|B740|B825|B830|B550|B560|B980|B990|906|912|969|B960|B370|B380|B916|266|265|B732}{|WZ|Z|N|T51Z|A|L}', '{SENSOR OPTICAL REFLECTIVE|PHOTOINTERRUPTER SLOT|PHOTODIODE|EMITTER IR 890NM|HALL EFFECT SWITCH} {T/H|PCB|WIRE LEADS}'),
  // power supplies, fans, audio, boards
  templateFamily('MEANW', 'PSU', 8, '{LRS|IRM|HLG|RS|GST|DDR|MDR|SDR|EPP|UHP|RSP|HDR|NDR|LPV|APV|ELG|PLM|RD|IRM-|XLG}-{@#5..480}{|H|A|B|AB}-{@3.3|5|12|15|24|36|48|54}',
    '{AC/DC CONVERTER|LED DRIVER|DIN RAIL SUPPLY|DC DC CONVERTER} $2V {5W|15W|35W|60W|100W|150W|240W|480W}'),
  templateFamily('RECOM', 'PSU', 3, 'R-78{E|B|HB|K|E3.3|C}{@3.3|5.0|12|15|9.0}-{0.5|1.0|1.5|2.0}{|-SMD|-L}', 'DC DC CONVERTER $1V {0.5|1|1.5|2}A'),
  templateFamily('RECOM', 'PSU', 3, 'RAC{01|02|03|04|05|10|15|20}-{@05|12|15|24|3.3=5|12|15|24|3.3}S{K|C|A|B}{|/277|/W}', 'AC/DC CONVERTER $1V {1|2|3|4|5|10|15|20}W'),
  templateFamily('RECOM', 'PSU', 2, 'R{1SE|OE|S3|S6|EM3|PM|O|KZ}-{05|12|24}{@05|09|12|15|3.3=5|9|12|15|3.3}{S|D|}{|/P|/R|/H}', 'DC DC CONVERTER ISOLATED $1V {1|2|3|6}W'),
  templateFamily('TRACO', 'PSU', 5, '{TSR 1-24|TSR 2-24|TMR 3-24|TMR 3-48|TEN 5-24|TEN 5-48|TMA 05|TMA 12|TMA 24|TRN 3-24|TEL 3-24|TES 1-05|TDN 5-24|TMPS 10-1|TML 20-1|TSR 0.6-48|THM 10-}{@50|33|12|15|11|12|13|05|09=5|3.3|12|15|5|12|15|5|9}{|E|S|WI|WIR|C}',
    '{DC DC CONVERTER|AC/DC CONVERTER} $1V {0.5|1|2|3|5|6|10|20}W'),
  templateFamily('XPP', 'PSU', 5, '{ECE|ECL|JCA|JCB|IA|IE|ITX|JTE|ECP|ECM|VCS|PAE|LCL|ETE|JCH|JHM}{05|10|15|20|25|40|60|01|02|03|04|06}{US|UK|SA|UT|ES|24|48|12}{05|12|15|24|S05|S12|S3V3|D12|D15}{|-H|-A}', '{AC/DC CONVERTER|DC DC CONVERTER} {3.3|5|12|15|24|48}V {1|2|3|5|10|15|20|40|60}W'),
  templateFamily('VICOR', 'PSU', 5, '{PI3740-00-LGIZ|PI3526-00-LGIZ|PI3741-01-LGIZ|PI3311-00-LGIZ|PI3523-00-LGIZ|PI3545-00-LGIZ|PI3546-00-LGIZ|DCM3623TA5N13E0T00|DCM4623TD2K31E0T00|DCM3623T50M17C2T00|BCM48BF040T200A00|BCM48BF120T300A00|NBM2317S60D1580T0R|PRM48BF480T400A00|MCD4609S60E59D0C01|V48C12T150BL|V24B5M100BN|V300C24C150BL|VI-B61-CX|VI-J60-CY|MFM1714S25}',
    '{DC DC CONVERTER|BUS CONVERTER|REGULATOR MODULE} {1.2|3.3|5|12|24|48}V {50|100|150|300|400|600}W'),
  templateFamily('MURPS', 'PSU', 5, '{OKI-78SR-3.3/1.5-W36-C|OKI-78SR-5/1.5-W36-C|OKI-78SR-12/1-W36-C|NME0505SC|NME1205SC|NME0512SC|NME2405SC|NMA0505SC|NMA1212SC|NMA0515SC|UWE-5/10-Q12P-C|UWE-12/6-Q48N-C|NCS1S1205SC|NXE1S0505MC|MEE1S0505SC|NCM6S1205C|MGJ2D121505SC|CRE1S0505SC|NKE0505SC|NTE0505MC|UEI15-050-Q12P-C|OKR-T/6-W12-C}',
    '{DC DC CONVERTER|DC DC CONVERTER ISOLATED} {3.3|5|12|15|24}V {0.25|1|2|6|10|15|50}W'),
  templateFamily('DELTA', 'FAN', 5, '{AFB|EFB|BFB|FFB|AUB|ASB|KFB|EFC|AFC|PFC|QFR|BFC}{0412|0512|0612|0712|0812|0912|1212|0405|0505|1012|1412|04105}{HHB|MA|HH|VHB|SHB|LB|VH|H|HHA|HMB|HE|MB}{|-F00|-A|-SP00|-R00|-TP13}', 'FAN AXIAL {40X10MM|50X15MM|60X25MM|70X15MM|80X25MM|92X25MM|120X38MM} {5|12|24|48}VDC {WIRE|3-WIRE|4-WIRE PWM}'),
  templateFamily('DELTA', 'PSU', 3, '{DPS|PMF|PMT|DRP|PMC|MEB|ADP|DRL|PJ|DMC}-{@#12..480}{AB|VB|CB|V|W|A|B}{-5|-12|-24|-48|-24V|-12V}{|A|B|R}', '{AC/DC CONVERTER|DIN RAIL SUPPLY|AC/DC DESKTOP ADAPTER} {5|12|24|48}V $1W'),
  templateFamily('SUNON', 'FAN', 6, '{MF|EB|KD|HA|EE|PF|ME|MC|GM|MB|PE}{25100|30100|40100|50151|40101|50101|60251|80251|25060|35100|17080|40201|60201|80151|92251|12038}{V1|V2|V3|S1|S2|B1|B2|VX|BX}-{1000|10000|1000U|000|0000|B000}{U|C|}-{A99|G99|F99|999|Q99|9}',
    'FAN {AXIAL|BLOWER} {17X8MM|25X10MM|30X10MM|40X10MM|50X15MM|60X25MM|80X25MM|92X25MM|120X38MM} {3.3|5|12|24}VDC {WIRE|3-WIRE|4-WIRE PWM}'),
  templateFamily('PUI', 'AUD', 3, 'AI-{1223|1224|3035|1027|4228|1440|2530}-TWT-{@3V|5V|12V|24V}-{2|R}', 'AUDIO BUZZER MAGNETIC $1 PC PIN'),
  templateFamily('PUI', 'AUD', 2, 'SMT-{0540|0927|1028|0340|0525|0930|1225}-{T|S}-{2|3|6|R}-R', 'AUDIO TRANSDUCER MAGNETIC {3|5|12}V SMD'),
  templateFamily('PUI', 'AUD', 2, '{AS05008PO|AS04008PS|AS03008MR|AS02308PO|ASE02808MR|AST-03008MR|AS07108PO|AS01508MR}-{2|R|LW152|WR}-R', 'AUDIO SPEAKER 8OHM {0.5W|1W|2W} {WIRE LEADS|SOLDER TABS}'),
  templateFamily('PUI', 'AUD', 1, '{POM-2244P-C33-R|PMM-3738-VM1000-R|PUM-3546L-R|POM-3535L-3-R|PMM-3738-VM1010-R|POM-2738P-R}', 'MIC {ELECTRET|MEMS DIGITAL|MEMS ANALOG} OMNI {-42DB|-38DB|-26DB}'),
  templateFamily('KNOWL', 'AUD', 5, '{SPH0645LM4H|SPH0641LU4H|SPH0655LM4H|SPH1642HT5H|SPH0690LM4H|SPH8878LR5H|SPH0141LM4H|SPU0410LR5H|SPU0414HR5H|SPU0410HR5H|SPH1878LR5H|SPK0641HT4H|SPV1840LR5H|SPW2430HR5H|SPM0687LR5H|SPH3632NT5H}{-B|-1|-2|-1-8|-QB|-QB-7|-7|}',
    'MIC MEMS {DIGITAL I2S|DIGITAL PDM|ANALOG} OMNI {-26DB|-38DB|-42DB|-37DB} {3.5X2.65MM|3.76X2.95MM|4X3MM}', { v: ';;~-TR' }),
  templateFamily('KNOWL', 'CAP', 2, '{0402|0603|0805|1206|0505|1111}{N|Y|B|C}{@100|220|101|102|103|471|4R7|1R0=10PF|22PF|100PF|1000PF|10000PF|470PF|4.7PF|1PF}{J|K|C|G}{500|101|251|501|102}{X|N|Q|S}{T|}', 'CAP CER $1 {50V|100V|250V|500V|1000V} {C0G/NP0|X7R} {0402|0603|0805|1206|0505|1111}'),
  templateFamily('SEEED', 'BOARD', 5, '1{01|02|03|04|10|13|14|09|06|05|17}{@%6}', '{XIAO ESP32S3|XIAO RP2040|GROVE SENSOR MODULE|WIO TERMINAL|RECOMPUTER J4012|SENSECAP INDICATOR|GROVE BASE HAT|LORA-E5 DEV KIT|XIAO NRF52840 SENSE|RETERMINAL}', { cont: 'bulk' }),
  templateFamily('ADAF', 'BOARD', 5, '{@#100..6200}', '{FEATHER RP2040|FEATHER ESP32-S3|STEMMA QT BME280 BREAKOUT|METRO M4 EXPRESS|QT PY RP2040|ITSYBITSY M4|NEOPIXEL RING 16|PIOLED 128X32 OLED|CIRCUIT PLAYGROUND EXPRESS|TFT FEATHERWING 3.5"|USB C BREAKOUT|LSM6DSOX BREAKOUT|MONOCHROME 0.96" OLED}', { cont: 'bulk' }),
  templateFamily('SPARK', 'BOARD', 5, '{DEV|SEN|BOB|PRT|COM|KIT|WRL|GPS|ROB|TOL|LCD|BOK|CAB}-{@#10000..24999}', '{QWIIC SENSOR BREAKOUT|REDBOARD QWIIC|THING PLUS ESP32|MICROMOD CARRIER|BREAKOUT BOARD|JUMPER WIRE KIT|GPS BREAKOUT|QWIIC CABLE KIT|PRO MICRO RP2040|OPENLOG}', { cont: 'bulk' }),
  templateFamily('ARDU', 'BOARD', 4, pairedChoice('A000066:ARDUINO UNO R3|A000073:ARDUINO UNO R3 SMD|ABX00080:ARDUINO UNO R4 MINIMA|ABX00087:ARDUINO UNO R4 WIFI|A000067:ARDUINO MEGA 2560 REV3|A000005:ARDUINO NANO|ABX00028:ARDUINO NANO EVERY|ABX00027:ARDUINO NANO 33 IOT|ABX00083:ARDUINO NANO ESP32|ABX00053:ARDUINO NANO RP2040 CONNECT|ABX00042:ARDUINO PORTENTA H7|ABX00050:ARDUINO NICLA SENSE ME|ABX00023:ARDUINO MKR WIFI 1010|A000057:ARDUINO LEONARDO|K000007:ARDUINO STARTER KIT|ABX00031:ARDUINO NANO 33 BLE SENSE|AKX00026:ARDUINO PLUG AND MAKE KIT|ASX00031:ARDUINO PORTENTA BREAKOUT'), '$1', { cont: 'bulk' }),
];

export const FAMILIES: Family[] = [...RESISTORS, ...CAPACITORS, ...PASSIVES, ...DISCRETES, ...ICS, ...MODULES, ...FREQUENCY, ...CONNECTORS];
