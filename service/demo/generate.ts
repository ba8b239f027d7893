/**
 * The demo catalog's generator: the fixed real parts first, then parts drawn from the part-number families
 * (families.ts, written in the template language of template.ts) with offers, prices and stock, all from one seed
 * (random.ts), so the same count and seed give the same catalog everywhere.
 */
import {
  KNOWN_SOURCES,
  MAX_QTY_MARKETPLACE,
  MAX_QTY_REGIONAL,
  type OfferRecord,
  type PartRecord,
  type PipelineRecord,
  type PriceBreakRecord,
} from '../store/types';
import { DEMO_MANUFACTURERS } from './manufacturers';
import { captureDate } from '../itemservice/dates';
import { FAMILIES } from './families';
import { Rng, hash32, zeroPadded } from './random';
import type { Cls, Container, Draft, Family } from './template';

/**
 * Fixed parts that demonstrate particular behaviours of the service. Part numbers are given as
 * stored; `twoManufacturers` numbers exist under at least two manufacturers, and `suffixVariants`
 * share the prefix `suffixPrefix`, so a prefix search returns them together.
 */
export const DEMO_SHOWCASE = {
  /** Every record with this number has a quote-only offer (no price breaks, fohQty 0) besides stocked ones. */
  quoteOnly: 'LM358N',
  /** Has an out-of-stock (NOSTK) offer with pipeline deliveries, and another offer in stock. */
  outOfStockWithPipeline: 'NE555P',
  /** Has a MARKETPLACE offer with MOQ 300 whose first price tier starts at 66. */
  tierBelowMoq: 'TL431AIDBZR',
  /** Offered on MARKETPLACE and a regional source: both open-ended sentinels in one answer. */
  bothSentinels: 'BAV99-7-F',
  twoManufacturers: ['LM358N', '1N4148', '2N7002'],
  suffixVariants: ['GRM155R71C104KA88D', 'GRM155R71C104KA88J'],
  suffixPrefix: 'GRM155R71C104KA88',
} as const;

/** Source-part ids among the fixed parts, with the properties a checkout test can rely on. */
export const CHECKOUT_FIXTURES = {
  /** MARKETPLACE, in stock, MOQ 1, pack size 1, fohQty exactly 20 (ATMEGA328P-PU). */
  stock20: '65130988',
  /** MARKETPLACE, in stock, MOQ 100, pack size 10, fohQty 25000, first tier from 100 (2N7002-7-F). */
  moq100: '65130989',
  /** MARKETPLACE, in stock, MOQ 1, pack size 1, fohQty exactly 50 (SMBJ5.0A). */
  stock50: '65130990',
  /** NAC (regional), in stock, MOQ 1, pack size 1, fohQty 12000 (1N4148W-7-F). */
  nacInStock: '0898_00015182',
  /** MARKETPLACE, quote only: no price breaks, fohQty 0 (LM358N by STM). */
  quoteOnly: '65130991',
} as const;

// Module-level aliases: global lookups are slow inside vm contexts (test runners), and these are hot.
const { floor, imul, max, min, pow, round } = Math;

// ---------------------------------------------------------------------------------------------
// Product classes: category, price range, packaging and trade codes

interface ClassInfo {
  cat: string;
  /** Unit price range at quantity 1, USD. */
  lo: number;
  hi: number;
  /** Exponent range of the quantity discount: price(q) = price(1) * q^-alpha. */
  alpha: readonly [number, number];
  floor: number;
  cont: Container;
  reel: readonly number[];
  tube: readonly number[];
  hts: string;
  eccn: readonly string[];
}

const classInfo = (
  cat: string,
  lo: number,
  hi: number,
  a0: number,
  a1: number,
  floorPrice: number,
  cont: Container,
  reel: number[],
  tube: number[],
  hts: string,
  eccn: string[] = ['EAR99'],
): ClassInfo => ({ cat, lo, hi, alpha: [a0, a1], floor: floorPrice, cont, reel, tube, hts, eccn });

const CLASSES: Record<Cls, ClassInfo> = {
  RES: classInfo('Resistors', 0.012, 0.12, 0.38, 0.48, 0.0009, 'reel', [5000, 10000, 4000], [], '8533.21.0040'),
  RESP: classInfo('Resistors', 0.15, 1.6, 0.16, 0.28, 0.02, 'reel', [1000, 2000, 4000], [], '8533.21.0080'),
  POT: classInfo('Resistors', 0.25, 3.5, 0.08, 0.18, 0.08, 'bulk', [500, 1000], [50, 100], '8533.40.8070'),
  THERM: classInfo('Sensors', 0.05, 0.6, 0.22, 0.32, 0.01, 'reel', [4000, 10000], [], '8533.40.4000'),
  CAP: classInfo('Capacitors', 0.012, 0.45, 0.34, 0.45, 0.0011, 'reel', [4000, 10000, 3000, 15000], [], '8532.24.0020'),
  CAPE: classInfo('Capacitors', 0.08, 2.2, 0.14, 0.28, 0.02, 'reel', [500, 1000, 2000], [200, 500], '8532.22.0020'),
  IND: classInfo('Inductors', 0.06, 2.8, 0.14, 0.28, 0.012, 'reel', [2000, 3000, 1000, 4000], [], '8504.50.8000'),
  FERR: classInfo('Filters', 0.012, 0.22, 0.3, 0.42, 0.0015, 'reel', [10000, 4000], [], '8504.50.8000'),
  EMI: classInfo('Filters', 1.5, 45, 0.04, 0.1, 0.5, 'bulk', [], [20, 50], '8548.00.0000'),
  DIODE: classInfo('Diodes', 0.02, 0.5, 0.3, 0.42, 0.003, 'reel', [3000, 10000, 5000], [], '8541.10.0080'),
  TVS: classInfo('Circuit Protection', 0.08, 0.95, 0.2, 0.32, 0.01, 'reel', [3000, 750, 2500], [], '8541.10.0080'),
  FUSE: classInfo('Circuit Protection', 0.05, 1.8, 0.14, 0.25, 0.01, 'reel', [5000, 3000, 1000], [], '8536.10.0080'),
  BJT: classInfo('Transistors', 0.02, 0.32, 0.32, 0.42, 0.0025, 'reel', [3000, 10000], [], '8541.21.0075'),
  FET: classInfo('Transistors', 0.05, 1.3, 0.24, 0.34, 0.008, 'reel', [3000, 10000, 2500], [], '8541.21.0095'),
  PFET: classInfo('Transistors', 0.4, 12, 0.1, 0.2, 0.1, 'tube', [800, 2500, 1000], [50, 30, 25], '8541.29.0095'),
  AMP: classInfo(
    'Amplifiers',
    0.15,
    6.5,
    0.1,
    0.2,
    0.05,
    'tube',
    [2500, 3000, 2000],
    [75, 50, 150, 96],
    '8542.33.0001',
  ),
  DCONV: classInfo(
    'Data Converters',
    0.8,
    25,
    0.06,
    0.12,
    0.3,
    'tube',
    [2500, 2000, 1000],
    [75, 96, 50],
    '8542.39.0001',
  ),
  TIMING: classInfo('Clock and Timing', 0.2, 6, 0.08, 0.18, 0.05, 'tube', [2500, 3000], [50, 75], '8542.39.0001'),
  REG: classInfo('Power Management', 0.08, 4.5, 0.1, 0.22, 0.03, 'tube', [3000, 2500], [50, 75], '8542.39.0001'),
  LOGIC: classInfo('Logic', 0.08, 1.1, 0.14, 0.25, 0.02, 'tube', [3000, 2500, 2000], [50, 75, 90], '8542.39.0001'),
  MCU: classInfo(
    'Microcontrollers',
    0.4,
    16,
    0.05,
    0.12,
    0.2,
    'tray',
    [2000, 1000, 2500],
    [160, 250, 90, 119, 96],
    '8542.31.0001',
    ['3A991.a.2', 'EAR99', '5A992.c'],
  ),
  MEM: classInfo('Memory', 0.2, 9, 0.06, 0.14, 0.1, 'tube', [2000, 4000, 2500], [96, 90, 100], '8542.32.0071', [
    'EAR99',
    '3A991.b.1.a',
  ]),
  IFACE: classInfo('Interface', 0.3, 7.5, 0.08, 0.16, 0.1, 'tube', [2500, 1000, 2000], [75, 50, 45], '8542.39.0001'),
  SENS: classInfo('Sensors', 0.8, 28, 0.05, 0.12, 0.3, 'reel', [2500, 1000, 5000], [], '8542.39.0001'),
  CONN: classInfo(
    'Connectors',
    0.05,
    12,
    0.08,
    0.2,
    0.02,
    'bulk',
    [1000, 2000, 750, 500],
    [50, 100, 25],
    '8536.69.4040',
  ),
  XTAL: classInfo(
    'Crystals and Oscillators',
    0.12,
    2.5,
    0.12,
    0.2,
    0.04,
    'reel',
    [1000, 2000, 3000],
    [],
    '8541.60.0060',
  ),
  OSC: classInfo('Crystals and Oscillators', 0.6, 9, 0.06, 0.14, 0.2, 'reel', [1000, 3000, 250], [], '8541.60.0060'),
  LED: classInfo('Optoelectronics', 0.02, 1.6, 0.25, 0.35, 0.004, 'reel', [2000, 3000, 4000], [], '8541.41.0000'),
  LEDP: classInfo('Optoelectronics', 0.4, 7, 0.1, 0.2, 0.1, 'reel', [1000, 500, 2000], [], '8541.41.0000'),
  OPTO: classInfo('Optoelectronics', 0.1, 2.2, 0.14, 0.24, 0.03, 'tube', [1000, 2000], [100, 50], '8541.49.7080'),
  SW: classInfo('Switches', 0.08, 6, 0.1, 0.2, 0.03, 'bulk', [1000, 2000, 500], [50], '8536.50.9065'),
  RELAY: classInfo('Relays', 0.8, 14, 0.05, 0.12, 0.3, 'tube', [500], [50, 20, 25], '8536.41.0050'),
  PSU: classInfo('Power Supplies', 3, 140, 0.02, 0.07, 1.5, 'bulk', [], [10, 20], '8504.40.9580'),
  RF: classInfo('RF and Wireless', 0.3, 28, 0.06, 0.14, 0.1, 'reel', [3000, 1000, 2500], [], '8542.39.0001', [
    'EAR99',
    '5A991.b',
    '5A992.c',
  ]),
  ANT: classInfo('RF and Wireless', 0.2, 14, 0.06, 0.14, 0.08, 'reel', [1000, 3000], [], '8529.10.9100'),
  WMOD: classInfo('RF and Wireless', 2, 45, 0.03, 0.08, 1, 'tray', [800, 1000, 650], [40, 52, 100], '8517.62.0090', [
    '5A992.c',
  ]),
  FPGA: classInfo('Programmable Logic', 3, 450, 0.02, 0.08, 1.5, 'tray', [1000], [60, 90, 119, 160], '8542.39.0001', [
    '3A991.d',
    'EAR99',
  ]),
  AUD: classInfo('Audio', 0.3, 6.5, 0.08, 0.18, 0.1, 'reel', [1000, 1500, 2000], [], '8518.29.8000'),
  FAN: classInfo('Fans and Thermal', 2, 28, 0.02, 0.08, 1, 'bulk', [], [50, 100], '8414.59.6590'),
  BOARD: classInfo('Development Boards', 4, 140, 0.01, 0.04, 3, 'bulk', [], [], '8473.30.1180', ['5A992.c', 'EAR99']),
};

// ---------------------------------------------------------------------------------------------
// Sources, identifiers and offer details

type Src = 'MARKETPLACE' | 'ACNA' | 'NAC' | 'EUROPE' | 'ASIA';
type Mode = 'reel' | 'cut' | 'tube' | 'tray' | 'bulk';
type Stock = 'in' | 'out' | 'quote';

const SRC_ORDER: readonly Src[] = ['MARKETPLACE', 'ACNA', 'NAC', 'EUROPE', 'ASIA'];
const SRC_WEIGHT: Record<Src, number> = { MARKETPLACE: 45, ACNA: 14, NAC: 18, EUROPE: 14, ASIA: 9 };
const OFFER_COUNTS = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4];
const EUR_PER_USD = 0.92;
const CONTAINER_TEXT: Record<Mode, string> = {
  reel: 'Reel',
  cut: 'Cut Tape',
  tube: 'Tube',
  tray: 'Tray',
  bulk: 'Bulk',
};
const LEAD_WEEKS = [4, 6, 8, 10, 12, 14, 16, 18, 20, 24, 26, 30, 36, 39, 40, 52];
const TIER_COUNTS = [3, 4, 4, 5, 5, 5, 6, 6, 7, 8];
const STEPS_SINGLE = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000];
const STEPS_PACK = [2, 3, 4, 5, 10, 20, 25, 50, 100, 200];
const CUT_MOQ = [1, 1, 1, 1, 1, 1, 5, 10, 10, 25, 50, 100];
const COUNTRIES = [
  'CN',
  'CN',
  'CN',
  'CN',
  'CN',
  'MY',
  'MY',
  'PH',
  'PH',
  'TH',
  'TW',
  'TW',
  'US',
  'US',
  'JP',
  'JP',
  'DE',
  'KR',
  'MX',
  'VN',
  'ID',
  'IT',
  'FR',
];
const SHIPS_FROM_MARKET = [
  'United States',
  'United States',
  'United States',
  'Hong Kong',
  'Germany',
  'China',
  'Taiwan',
  'United Kingdom',
  'Netherlands',
  'Singapore',
  'Japan',
];
const SHIPS_FROM_REGION: Record<Src, readonly string[]> = {
  MARKETPLACE: SHIPS_FROM_MARKET,
  ACNA: ['United States', 'United States', 'Mexico', 'Canada'],
  NAC: ['United States'],
  EUROPE: ['Germany', 'Netherlands', 'United Kingdom', 'Czech Republic'],
  ASIA: ['Singapore', 'Hong Kong', 'China', 'Taiwan', 'Japan'],
};
const SHIPS_IN = [
  'Ships today',
  'Ships today',
  'Ships today',
  'Ships in 1 days ',
  'Ships in 2 days ',
  'Ships in 3 days ',
  'Ships in 5 days ',
  'Ships in 7 days ',
];
const ACNA_PREFIX = ['V36:1790', 'V41:2210', 'V52:0530', 'V18:1145'];
const NAC_PREFIX = ['0898', '0766', '1203'];
const EUROPE_PREFIX = ['E02:0323', 'E05:0410', 'E11:0752'];
const ASIA_PREFIX = ['A17:0456', 'A21:0380', 'A09:0612'];

/** Generated source-part ids: counters per source, in ranges the fixed parts never use. */
class IdMaker {
  private readonly counts: Record<Src, number> = { MARKETPLACE: 0, ACNA: 0, NAC: 0, EUROPE: 0, ASIA: 0 };

  next(src: Src): string {
    const c = this.counts[src]++;
    const tail = zeroPadded(10_000_000 + c, 8);
    switch (src) {
      case 'MARKETPLACE':
        return String(70_000_000 + c);
      case 'ACNA':
        return `${ACNA_PREFIX[c % ACNA_PREFIX.length]}_${tail}`;
      case 'NAC':
        return `${NAC_PREFIX[c % NAC_PREFIX.length]}_${tail}`;
      case 'EUROPE':
        return `${EUROPE_PREFIX[c % EUROPE_PREFIX.length]}_${tail}`;
      case 'ASIA':
        return `${ASIA_PREFIX[c % ASIA_PREFIX.length]}_${tail}`;
    }
  }
}

interface PartCtx {
  cls: ClassInfo;
  cont: Container;
  /** USD price of one piece at quantity 1. */
  base: number;
  alpha: number;
  coo: string | null;
  eccn: string;
  hts: string;
  productCode: string;
  npi: boolean;
  obsolete: boolean;
}

interface OfferPlan {
  src: Src;
  id: string;
  stock: Stock;
  mode: Mode;
  pack: number;
  moq: number;
  first: number;
  foh: number;
  pipe: number;
  cutStrips: boolean;
  vip: boolean;
  priceFactor: number;
}

function roundPrice(x: number): number {
  const dec = x >= 10 ? 2 : x >= 1 ? 3 : x >= 0.1 ? 4 : 5;
  const f = 10 ** dec;
  return max(1 / f, round(x * f) / f);
}

function ladder(r: Rng, first: number, pack: number): number[] {
  const tiers = r.pick(TIER_COUNTS);
  const steps = pack === 1 ? STEPS_SINGLE : STEPS_PACK.map((m) => m * pack);
  let cands = steps.filter((q) => q > first);
  cands = cands.slice(0, tiers - 1 + r.int(1, 4));
  const out = [first];
  let need = tiers - 1;
  for (let i = 0; i < cands.length && need > 0; i++) {
    if (r.next() * (cands.length - i) < need) {
      out.push(cands[i]);
      need--;
    }
  }
  while (out.length < 3) out.push(out[out.length - 1] * 10);
  return out;
}

function makeBreaks(r: Rng, p: PartCtx, plan: OfferPlan): PriceBreakRecord[] {
  const sentinel = plan.src === 'MARKETPLACE' ? MAX_QTY_MARKETPLACE : MAX_QTY_REGIONAL;
  const rate = plan.src === 'EUROPE' ? EUR_PER_USD : 1;
  const mins = ladder(r, plan.first, plan.pack);
  const unit = p.base * plan.priceFactor * rate;
  const lowest = p.cls.floor * rate;
  const out: PriceBreakRecord[] = [];
  let prev = Infinity;
  for (let i = 0; i < mins.length; i++) {
    const raw = max(lowest, unit * pow(mins[i], -p.alpha)) * r.between(0.97, 1.03);
    const price = min(prev, roundPrice(raw));
    prev = price;
    out.push({ minQty: mins[i], maxQty: i + 1 < mins.length ? mins[i + 1] - 1 : sentinel, price });
  }
  if (plan.vip) out[r.int(0, out.length - 1)].vipPrice = true;
  return out;
}

function makePipeline(r: Rng, count: number, pack: number): PipelineRecord[] {
  if (count <= 0) return [];
  const keys: number[] = [];
  for (let i = 0; i < count; i++) keys.push((r.chance(0.6) ? 2026 : 2027) * 10000 + r.int(1, 12) * 100 + r.int(1, 28));
  keys.sort((a, b) => a - b);
  return keys.map((k) => {
    return {
      delivery: captureDate(floor(k / 10000), floor(k / 100) % 100, k % 100),
      quantity: pack > 1 ? pack * r.int(1, 12) : r.int(2, 400) * 25,
    };
  });
}

function makeOffer(r: Rng, p: PartCtx, plan: OfferPlan): OfferRecord {
  const known = KNOWN_SOURCES[plan.src];
  const regional = plan.src !== 'MARKETPLACE';
  const europe = plan.src === 'EUROPE';
  let availabilityCd: string;
  let availabilityMessage: string;
  let fohQty = 0;
  if (plan.stock === 'quote') {
    availabilityCd = 'QUOTE';
    availabilityMessage = 'Call For Quote';
  } else if (plan.stock === 'out') {
    availabilityCd = 'NOSTK';
    availabilityMessage = 'No Stock';
  } else {
    fohQty = plan.foh;
    if (europe) {
      availabilityCd = 'INSTKEU';
      availabilityMessage = 'In Stock';
    } else if (plan.cutStrips) {
      availabilityCd = 'CSTRP';
      availabilityMessage = 'Cut Strips';
    } else {
      availabilityCd = 'INSTK';
      availabilityMessage = 'In Stock';
    }
  }
  const breaks = plan.stock === 'quote' ? null : makeBreaks(r, p, plan);
  const pipeline = makePipeline(r, plan.pipe, plan.pack);
  const dateCode = r.chance(0.45) ? '' : `${r.int(19, 25)}${zeroPadded(r.int(1, 52), 2)}${r.chance(0.3) ? '+' : ''}`;
  const shipsFrom = r.chance(regional ? 0.3 : 0.12) ? null : r.pick(SHIPS_FROM_REGION[plan.src]);
  const shipsIn = fohQty > 0 ? (r.chance(0.1) ? null : r.pick(SHIPS_IN)) : r.chance(0.8) ? null : 'Ships in 14 days ';
  return {
    sourcePartId: plan.id,
    sourceCd: plan.src,
    sourceName: known.name,
    currency: europe ? 'EUR' : 'USD',
    websites: known.websites.slice(),
    packSize: plan.pack,
    minimumOrderQuantity: plan.moq,
    breaks,
    fohQty,
    availabilityCd,
    availabilityMessage,
    pipeline,
    dateCode,
    mfrLeadTime: regional ? r.pick(LEAD_WEEKS) : 0,
    tariffFlag: p.coo === 'CN' ? r.chance(0.8) : r.chance(0.08),
    shipsFrom,
    shipsIn,
    partnerLeadTime: '',
    isNcnr: r.chance(0.04),
    isNpi: p.npi,
    productCode: p.productCode,
    eccnCode: p.eccn,
    htsCode: r.chance(0.08) ? null : p.hts,
    countryOfOrigin: r.chance(0.1) ? null : p.coo,
    containerType: r.chance(0.08) ? '' : CONTAINER_TEXT[plan.mode],
  };
}

function randomMode(r: Rng, cont: Container): Mode {
  return cont === 'reel' ? (r.chance(0.5) ? 'reel' : 'cut') : cont;
}

function randomPlan(r: Rng, p: PartCtx, src: Src, id: string): OfferPlan {
  const roll = r.next();
  const stock: Stock = roll < 0.04 ? 'quote' : roll < 0.04 + (p.obsolete ? 0.4 : 0.12) ? 'out' : 'in';
  const mode = randomMode(r, p.cont);
  let pack = 1;
  let moq = 1;
  switch (mode) {
    case 'reel':
      pack = r.pick(p.cls.reel.length ? p.cls.reel : [1000]);
      moq = r.chance(0.85) ? pack : pack * r.pick([2, 5]);
      break;
    case 'cut':
      moq = r.pick(CUT_MOQ);
      break;
    case 'tube':
    case 'tray':
      if (p.cls.tube.length && r.chance(0.55)) {
        pack = r.pick(p.cls.tube);
        moq = pack;
      }
      break;
    case 'bulk':
      if (r.chance(0.8)) moq = r.pick([1, 1, 1, 1, 2, 5, 10]);
      else {
        pack = r.pick([10, 25, 50, 100]);
        moq = pack;
      }
      break;
  }
  if (pack === 1 && r.chance(0.02)) moq = r.int(30, 400);
  if (r.chance(0.01)) moq = 0;
  let first = 1;
  if (moq > 1) first = r.chance(0.04) ? max(1, floor(moq * r.between(0.15, 0.6))) : moq;
  let foh = 0;
  if (stock === 'in') {
    foh = round(r.logBetween(100, 400_000));
    if (mode === 'reel' && r.chance(0.6)) foh = pack * r.int(1, 40);
    if (foh < moq) foh = moq * r.int(1, 10);
  }
  const pipe =
    stock === 'out' ? (r.chance(0.75) ? r.int(1, 3) : 0) : stock === 'in' && r.chance(0.12) ? r.int(1, 2) : 0;
  // Pipeline dates once came in two forms, chosen here; the draw stays so that every later figure of the
  // seeded catalog (stock, prices, ids) is what it was.
  r.next();
  return {
    src,
    id,
    stock,
    mode,
    pack,
    moq,
    first,
    foh,
    pipe,
    cutStrips: mode === 'cut' && r.chance(0.3),
    vip: stock !== 'quote' && r.chance(0.008),
    priceFactor: r.between(0.85, 1.25),
  };
}

function pickSources(r: Rng): Src[] {
  const count = r.pick(OFFER_COUNTS);
  const chosen = new Set<Src>();
  while (chosen.size < count) {
    let total = 0;
    for (const s of SRC_ORDER) if (!chosen.has(s)) total += SRC_WEIGHT[s];
    let x = r.next() * total;
    for (const s of SRC_ORDER) {
      if (chosen.has(s)) continue;
      x -= SRC_WEIGHT[s];
      if (x < 0) {
        chosen.add(s);
        break;
      }
    }
  }
  return SRC_ORDER.filter((s) => chosen.has(s));
}

// ---------------------------------------------------------------------------------------------
// Parts

const REEL_SUFFIX = /(?:R|T|R\d|RL\d|REEL\d?|T[13]G|TRL?PBF|,1[123]5|,[23][13]5|,118|-7-F|-13-F|-7|-13)$/;

/** As the store normalises part numbers (NFKC, uppercase, letters and digits only). */
function normalizeNumber(pn: string): string {
  const text = /[^\x00-\x7f]/.test(pn) ? pn.normalize('NFKC') : pn;
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function containerOf(d: Draft, cls: ClassInfo): Container {
  if (d.cont) return d.cont;
  if (cls.cont !== 'reel' && cls.cont !== 'bulk' && REEL_SUFFIX.test(d.pn)) return 'reel';
  return cls.cont;
}

function pickEccn(r: Rng, list: readonly string[]): string {
  return list.length === 1 || r.chance(0.7) ? list[0] : r.pick(list);
}

function compliance(r: Rng, compliant: number): string {
  const x = r.next();
  if (x < compliant) return 'Compliant';
  if (x < compliant + (1 - compliant) * 0.35) return 'Non Compliant';
  if (x < compliant + (1 - compliant) * 0.7) return 'Unknown';
  return '';
}

function urls(mfr: string, pn: string): { datasheet: string; image: string } {
  const key = encodeURIComponent(pn);
  return {
    datasheet: `https://datasheets.example.com/${mfr}/${key}.pdf`,
    image: `https://images.example.com/${mfr}/${key}.jpg`,
  };
}

function generatedPart(r: Rng, d: Draft, mfr: string, norm: string, ids: IdMaker): PartRecord {
  const cls = CLASSES[d.cls];
  const s = r.next();
  const status = s < 0.9 ? 'Active' : s < 0.94 ? 'NRND' : s < 0.98 ? 'Obsolete' : '';
  const ctx: PartCtx = {
    cls,
    cont: containerOf(d, cls),
    base: r.logBetween(cls.lo, cls.hi),
    alpha: r.between(cls.alpha[0], cls.alpha[1]),
    coo: r.pick(COUNTRIES),
    eccn: pickEccn(r, cls.eccn),
    hts: cls.hts,
    productCode: norm,
    npi: status === 'Active' && r.chance(0.015),
    obsolete: status === 'Obsolete',
  };
  const offers = pickSources(r).map((src) => makeOffer(r, ctx, randomPlan(r, ctx, src, ids.next(src))));
  const u = urls(mfr, d.pn);
  return {
    partNum: d.pn,
    mfrCd: mfr,
    desc: d.desc,
    packageType: d.pkg && r.chance(0.2) ? d.pkg : '',
    categoryName: r.chance(0.02) ? '' : cls.cat,
    status,
    datasheetUrl: r.chance(0.1) ? null : u.datasheet,
    imageUrl: r.chance(0.25) ? null : u.image,
    compliance: { eurohs: compliance(r, 0.86), cnrohs: compliance(r, 0.8) },
    offers,
  };
}

// ---------------------------------------------------------------------------------------------
// Fixed real parts, always first

interface FixedOffer {
  s: Src;
  id: string;
  stock?: Stock;
  mode?: Mode;
  pack?: number;
  moq?: number;
  first?: number;
  foh?: number;
  pipe?: number;
}

interface FixedPart {
  pn: string;
  m: string;
  c: Cls;
  d: string;
  price: number;
  pt?: string;
  cont?: Container;
  o: FixedOffer[];
}

const marketplaceOffer = (id: string, extra: Omit<FixedOffer, 's' | 'id'> = {}): FixedOffer => ({
  s: 'MARKETPLACE',
  id,
  ...extra,
});
const nacOffer = (id: string, extra: Omit<FixedOffer, 's' | 'id'> = {}): FixedOffer => ({ s: 'NAC', id, ...extra });
const acnaOffer = (id: string, extra: Omit<FixedOffer, 's' | 'id'> = {}): FixedOffer => ({ s: 'ACNA', id, ...extra });
const europeOffer = (id: string, extra: Omit<FixedOffer, 's' | 'id'> = {}): FixedOffer => ({
  s: 'EUROPE',
  id,
  ...extra,
});
const asiaOffer = (id: string, extra: Omit<FixedOffer, 's' | 'id'> = {}): FixedOffer => ({ s: 'ASIA', id, ...extra });

const FIXED: readonly FixedPart[] = [
  {
    pn: 'BAV99-7-F',
    m: 'DIO',
    c: 'DIODE',
    d: 'DIODE ARRAY GP 75V 215MA SOT23',
    price: 0.11,
    pt: 'SOT-23',
    o: [marketplaceOffer('65130960', { foh: 48210 }), nacOffer('0898_00015101', { foh: 93000 })],
  },
  {
    pn: 'BAV99-13-F',
    m: 'DIO',
    c: 'DIODE',
    d: 'DIODE ARRAY GP 75V 215MA SOT23',
    price: 0.1,
    o: [
      marketplaceOffer('65130961', { mode: 'reel', pack: 10000, foh: 120000 }),
      europeOffer('E02:0323_00016401', { pipe: 1 }),
    ],
  },
  {
    pn: 'BAV99,215',
    m: 'NEX',
    c: 'DIODE',
    d: 'DIODE ARRAY GP 100V 215MA TO236AB',
    price: 0.1,
    o: [marketplaceOffer('65130962'), acnaOffer('V36:1790_07275101'), asiaOffer('A17:0456_00123401')],
  },
  {
    pn: 'BAV99LT1G',
    m: 'ONS',
    c: 'DIODE',
    d: 'DIODE ARRAY GP 70V 200MA SOT23-3',
    price: 0.12,
    o: [marketplaceOffer('65130963'), nacOffer('0898_00015102')],
  },
  {
    pn: 'BAS16-7-F',
    m: 'DIO',
    c: 'DIODE',
    d: 'DIODE STANDARD 75V 200MA SOT23',
    price: 0.1,
    o: [marketplaceOffer('65130964'), nacOffer('0898_00015103')],
  },
  {
    pn: 'BAS16,215',
    m: 'NEX',
    c: 'DIODE',
    d: 'DIODE GEN PURP 100V 215MA TO236AB',
    price: 0.09,
    o: [marketplaceOffer('65130965'), europeOffer('E02:0323_00016402')],
  },
  {
    pn: 'LM358DR',
    m: 'TI',
    c: 'AMP',
    d: 'IC OPAMP GP 2 CIRCUIT 8SOIC',
    price: 0.38,
    pt: 'SOIC-8',
    cont: 'reel',
    o: [
      marketplaceOffer('65130966'),
      nacOffer('0898_00015104'),
      europeOffer('E02:0323_00016403'),
      asiaOffer('A17:0456_00123402'),
    ],
  },
  {
    pn: 'LM358P',
    m: 'TI',
    c: 'AMP',
    d: 'IC OPAMP GP 2 CIRCUIT 8DIP',
    price: 0.45,
    pt: 'PDIP-8',
    o: [marketplaceOffer('65130967'), acnaOffer('V36:1790_07275102', { pack: 50, moq: 50 })],
  },
  {
    pn: 'LM358N',
    m: 'TI',
    c: 'AMP',
    d: 'IC OPAMP GP 2 CIRCUIT 8DIP',
    price: 0.52,
    o: [marketplaceOffer('65130968'), nacOffer('0898_00015105'), asiaOffer('A17:0456_00123418', { stock: 'quote' })],
  },
  {
    pn: 'LM358N',
    m: 'STM',
    c: 'AMP',
    d: 'IC OPAMP GP 2 CIRCUIT 8DIP',
    price: 0.41,
    o: [
      marketplaceOffer(CHECKOUT_FIXTURES.quoteOnly, { stock: 'quote' }),
      europeOffer('E02:0323_00016404'),
      asiaOffer('A17:0456_00123403'),
    ],
  },
  {
    pn: 'LM358DT',
    m: 'STM',
    c: 'AMP',
    d: 'IC OPAMP GP 2 CIRCUIT 8SO',
    price: 0.3,
    cont: 'reel',
    o: [marketplaceOffer('65130969'), europeOffer('E02:0323_00016405')],
  },
  {
    pn: 'NE555DR',
    m: 'TI',
    c: 'TIMING',
    d: 'IC OSC SINGLE TIMER 100KHZ 8-SOIC',
    price: 0.42,
    cont: 'reel',
    o: [marketplaceOffer('65130970'), nacOffer('0898_00015106')],
  },
  {
    pn: 'NE555P',
    m: 'TI',
    c: 'TIMING',
    d: 'IC OSC SINGLE TIMER 100KHZ 8-DIP',
    price: 0.5,
    pt: 'PDIP-8',
    o: [marketplaceOffer('65130971', { stock: 'out', pipe: 2 }), acnaOffer('V36:1790_07275103', { foh: 3150 })],
  },
  {
    pn: 'NE555N',
    m: 'STM',
    c: 'TIMING',
    d: 'IC OSC SINGLE TIMER 8DIP',
    price: 0.48,
    o: [marketplaceOffer('65130972'), europeOffer('E02:0323_00016406')],
  },
  {
    pn: '1N4148W-7-F',
    m: 'DIO',
    c: 'DIODE',
    d: 'DIODE STANDARD 100V 300MA SOD123',
    price: 0.1,
    pt: 'SOD-123',
    o: [
      marketplaceOffer('65130973', { foh: 215000 }),
      nacOffer(CHECKOUT_FIXTURES.nacInStock, { mode: 'cut', foh: 12000 }),
      asiaOffer('A17:0456_00123404'),
    ],
  },
  {
    pn: '1N4148',
    m: 'ONS',
    c: 'DIODE',
    d: 'DIODE STANDARD 100V 200MA DO35',
    price: 0.1,
    o: [marketplaceOffer('65130974'), acnaOffer('V36:1790_07275143')],
  },
  {
    pn: '1N4148',
    m: 'VISH',
    c: 'DIODE',
    d: 'DIODE STANDARD 100V 150MA DO35',
    price: 0.09,
    o: [marketplaceOffer('65130975'), europeOffer('E02:0323_00016422'), nacOffer('0898_00015107')],
  },
  {
    pn: '1N4148WS-7-F',
    m: 'DIO',
    c: 'DIODE',
    d: 'DIODE STANDARD 75V 150MA SOD323',
    price: 0.09,
    o: [marketplaceOffer('65130976'), nacOffer('0898_00015108')],
  },
  {
    pn: 'GRM155R71C104KA88D',
    m: 'MUR',
    c: 'CAP',
    d: 'CAP CER 0.1UF 16V X7R 0402',
    price: 0.1,
    pt: '0402',
    o: [
      marketplaceOffer('65130977'),
      nacOffer('0898_00015109', { mode: 'reel', pack: 10000 }),
      europeOffer('E02:0323_00016407'),
    ],
  },
  {
    pn: 'GRM155R71C104KA88J',
    m: 'MUR',
    c: 'CAP',
    d: 'CAP CER 0.1UF 16V X7R 0402',
    price: 0.1,
    o: [marketplaceOffer('65130978', { mode: 'reel', pack: 50000, foh: 250000 }), asiaOffer('A17:0456_00123405')],
  },
  {
    pn: 'RC0603FR-0710KL',
    m: 'YAG',
    c: 'RES',
    d: 'RES SMD 10K OHM 1% 1/10W 0603',
    price: 0.1,
    pt: '0603',
    o: [
      marketplaceOffer('65130979'),
      nacOffer('0898_00015110'),
      europeOffer('E02:0323_00016408'),
      asiaOffer('A17:0456_00123406'),
    ],
  },
  {
    pn: 'RC0603FR-1310KL',
    m: 'YAG',
    c: 'RES',
    d: 'RES SMD 10K OHM 1% 1/10W 0603',
    price: 0.1,
    o: [marketplaceOffer('65130980', { mode: 'reel', pack: 20000, foh: 140000 })],
  },
  {
    pn: 'RC0603JR-0710KL',
    m: 'YAG',
    c: 'RES',
    d: 'RES SMD 10K OHM 5% 1/10W 0603',
    price: 0.1,
    o: [marketplaceOffer('65130981'), acnaOffer('V36:1790_07275104')],
  },
  {
    pn: 'ATMEGA328P-AU',
    m: 'MCHP',
    c: 'MCU',
    d: 'IC MCU 8BIT 32KB FLASH 32TQFP',
    price: 2.6,
    pt: 'TQFP-32',
    o: [
      marketplaceOffer('65130982'),
      nacOffer('0898_00015111', { pack: 250, moq: 250, foh: 4250 }),
      europeOffer('E02:0323_00016409'),
      asiaOffer('A17:0456_00123407'),
    ],
  },
  {
    pn: 'ATMEGA328P-AUR',
    m: 'MCHP',
    c: 'MCU',
    d: 'IC MCU 8BIT 32KB FLASH 32TQFP',
    price: 2.5,
    cont: 'reel',
    o: [marketplaceOffer('65130983', { mode: 'reel', pack: 2000, foh: 8000 }), acnaOffer('V36:1790_07275105')],
  },
  {
    pn: 'ATMEGA328P-PU',
    m: 'MCHP',
    c: 'MCU',
    d: 'IC MCU 8BIT 32KB FLASH 28DIP',
    price: 2.9,
    cont: 'tube',
    o: [marketplaceOffer(CHECKOUT_FIXTURES.stock20, { foh: 20 }), nacOffer('0898_00015112')],
  },
  {
    pn: 'STM32F103C8T6',
    m: 'STM',
    c: 'MCU',
    d: 'IC MCU 32BIT 64KB FLASH 48LQFP',
    price: 3.9,
    pt: 'LQFP-48',
    o: [
      marketplaceOffer('65130984'),
      nacOffer('0898_00015113'),
      europeOffer('E02:0323_00016410'),
      asiaOffer('A17:0456_00123408'),
    ],
  },
  {
    pn: 'STM32F103C8T6TR',
    m: 'STM',
    c: 'MCU',
    d: 'IC MCU 32BIT 64KB FLASH 48LQFP',
    price: 3.8,
    cont: 'reel',
    o: [marketplaceOffer('65130985', { mode: 'reel', pack: 2400, foh: 9600 }), acnaOffer('V36:1790_07275106')],
  },
  {
    pn: '2N7002',
    m: 'ONS',
    c: 'FET',
    d: 'MOSFET N-CH 60V 115MA SOT23-3',
    price: 0.12,
    o: [marketplaceOffer('65130986'), nacOffer('0898_00015114')],
  },
  {
    pn: '2N7002',
    m: 'NEX',
    c: 'FET',
    d: 'MOSFET N-CH 60V 300MA TO236AB',
    price: 0.1,
    o: [marketplaceOffer('65130987'), europeOffer('E02:0323_00016411')],
  },
  {
    pn: '2N7002-7-F',
    m: 'DIO',
    c: 'FET',
    d: 'MOSFET N-CH 60V 115MA SOT23',
    price: 0.11,
    o: [
      marketplaceOffer(CHECKOUT_FIXTURES.moq100, { mode: 'cut', pack: 10, moq: 100, foh: 25000 }),
      asiaOffer('A17:0456_00123409'),
    ],
  },
  {
    pn: 'BC847C,215',
    m: 'NEX',
    c: 'BJT',
    d: 'TRANS NPN 45V 0.1A TO236AB',
    price: 0.1,
    o: [marketplaceOffer('65130992'), acnaOffer('V36:1790_07275107')],
  },
  {
    pn: 'MMBT3904LT1G',
    m: 'ONS',
    c: 'BJT',
    d: 'TRANS NPN 40V 0.2A SOT23-3',
    price: 0.1,
    o: [marketplaceOffer('65130993'), nacOffer('0898_00015115'), europeOffer('E02:0323_00016412')],
  },
  {
    pn: 'LM317T',
    m: 'TI',
    c: 'REG',
    d: 'IC REG LINEAR POS ADJ 1.5A TO220-3',
    price: 0.7,
    pt: 'TO-220-3',
    o: [marketplaceOffer('65130994'), nacOffer('0898_00015116')],
  },
  {
    pn: 'AMS1117-3.3',
    m: 'AMS',
    c: 'REG',
    d: 'IC REG LINEAR 3.3V 1A SOT223',
    price: 0.2,
    cont: 'reel',
    o: [marketplaceOffer('65130995'), asiaOffer('A17:0456_00123410')],
  },
  {
    pn: 'TL431AIDBZR',
    m: 'TI',
    c: 'REG',
    d: 'IC VREF SHUNT ADJ 1% SOT23-3',
    price: 0.15,
    cont: 'reel',
    o: [marketplaceOffer('65130996', { mode: 'cut', moq: 300, first: 66, foh: 42000 }), nacOffer('0898_00015117')],
  },
  {
    pn: 'LM7805CT',
    m: 'ONS',
    c: 'REG',
    d: 'IC REG LINEAR 5V 1A TO220-3',
    price: 0.55,
    o: [marketplaceOffer('65130997'), acnaOffer('V36:1790_07275108')],
  },
  {
    pn: 'L7805CV',
    m: 'STM',
    c: 'REG',
    d: 'IC REG LINEAR 5V 1.5A TO220AB',
    price: 0.5,
    o: [marketplaceOffer('65130998'), europeOffer('E02:0323_00016413')],
  },
  {
    pn: 'CL10B104KB8NNNC',
    m: 'SAM',
    c: 'CAP',
    d: 'CAP CER 0.1UF 50V X7R 0603',
    price: 0.1,
    o: [marketplaceOffer('65130999'), nacOffer('0898_00015118'), asiaOffer('A17:0456_00123411')],
  },
  {
    pn: 'ESP32-WROOM-32E-N4',
    m: 'ESP',
    c: 'WMOD',
    d: 'RX TXRX MOD BLUETOOTH WIFI PCB TRACE SMD',
    price: 3.6,
    o: [marketplaceOffer('65131000'), nacOffer('0898_00015119'), asiaOffer('A17:0456_00123412')],
  },
  {
    pn: 'ESP32-WROOM-32E-N8',
    m: 'ESP',
    c: 'WMOD',
    d: 'RX TXRX MOD BLUETOOTH WIFI PCB TRACE SMD',
    price: 4.1,
    o: [marketplaceOffer('65131001'), europeOffer('E02:0323_00016414')],
  },
  {
    pn: 'ESP32-WROOM-32E-N16',
    m: 'ESP',
    c: 'WMOD',
    d: 'RX TXRX MOD BLUETOOTH WIFI PCB TRACE SMD',
    price: 4.6,
    o: [marketplaceOffer('65131002')],
  },
  {
    pn: 'SS14',
    m: 'ONS',
    c: 'DIODE',
    d: 'DIODE SCHOTTKY 40V 1A SMA',
    price: 0.2,
    o: [marketplaceOffer('65131003'), nacOffer('0898_00015120')],
  },
  {
    pn: 'AP2112K-3.3TRG1',
    m: 'DIO',
    c: 'REG',
    d: 'IC REG LINEAR 3.3V 600MA SOT25',
    price: 0.25,
    cont: 'reel',
    o: [marketplaceOffer('65131004'), nacOffer('0898_00015121'), europeOffer('E02:0323_00016415')],
  },
  {
    pn: 'MCP1700T-3302E/TT',
    m: 'MCHP',
    c: 'REG',
    d: 'IC REG LINEAR 3.3V 250MA SOT23-3',
    price: 0.35,
    cont: 'reel',
    o: [marketplaceOffer('65131005'), acnaOffer('V36:1790_07275109')],
  },
  {
    pn: 'LM1117IMPX-3.3/NOPB',
    m: 'TI',
    c: 'REG',
    d: 'IC REG LINEAR 3.3V 800MA SOT223-4',
    price: 0.9,
    cont: 'reel',
    o: [marketplaceOffer('65131006'), nacOffer('0898_00015122')],
  },
  {
    pn: 'W25Q128JVSIQ',
    m: 'WINB',
    c: 'MEM',
    d: 'IC FLASH 128MBIT SPI/QUAD 8SOIC',
    price: 1.4,
    o: [marketplaceOffer('65131007'), asiaOffer('A17:0456_00123413')],
  },
  {
    pn: 'CH340G',
    m: 'WCH',
    c: 'IFACE',
    d: 'IC USB TO UART BRIDGE 16SOIC',
    price: 0.45,
    o: [marketplaceOffer('65131008'), asiaOffer('A17:0456_00123414')],
  },
  {
    pn: 'FT232RL-REEL',
    m: 'FTDI',
    c: 'IFACE',
    d: 'IC USB FS SERIAL UART 28-SSOP',
    price: 4.5,
    cont: 'reel',
    o: [marketplaceOffer('65131009'), nacOffer('0898_00015123'), europeOffer('E02:0323_00016416')],
  },
  {
    pn: 'RP2040',
    m: 'RPI',
    c: 'MCU',
    d: 'IC MCU 32BIT ROMLESS 56QFN',
    price: 0.8,
    cont: 'reel',
    o: [marketplaceOffer('65131010'), europeOffer('E02:0323_00016417')],
  },
  {
    pn: 'NRF52840-QIAA-R7',
    m: 'NORD',
    c: 'RF',
    d: 'IC RF TXRX+MCU 802.15.4 BLUETOOTH 73AQFN',
    price: 5.2,
    o: [marketplaceOffer('65131011'), nacOffer('0898_00015124')],
  },
  {
    pn: 'IRLML6344TRPBF',
    m: 'INF',
    c: 'FET',
    d: 'MOSFET N-CH 30V 5A SOT23-3',
    price: 0.4,
    o: [marketplaceOffer('65131012'), acnaOffer('V36:1790_07275110')],
  },
  {
    pn: 'AO3400A',
    m: 'AOS',
    c: 'FET',
    d: 'MOSFET N-CH 30V 5.7A SOT23-3',
    price: 0.2,
    o: [marketplaceOffer('65131013'), asiaOffer('A17:0456_00123415')],
  },
  {
    pn: 'USB4105-GF-A',
    m: 'GCT',
    c: 'CONN',
    d: 'CONN RCPT USB2.0 TYPE C 16POS SMD RA',
    price: 0.75,
    cont: 'reel',
    o: [marketplaceOffer('65131014'), nacOffer('0898_00015125')],
  },
  {
    pn: 'B2B-PH-K-S(LF)(SN)',
    m: 'JST',
    c: 'CONN',
    d: 'CONN HEADER VERT 2POS 2MM',
    price: 0.12,
    o: [marketplaceOffer('65131015'), acnaOffer('V36:1790_07275111')],
  },
  {
    pn: '53398-0471',
    m: 'MOLEX',
    c: 'CONN',
    d: 'CONN HEADER SMD 4POS 1.25MM',
    price: 0.6,
    cont: 'reel',
    o: [marketplaceOffer('65131016'), nacOffer('0898_00015126')],
  },
  {
    pn: '61300411121',
    m: 'WURTH',
    c: 'CONN',
    d: 'CONN HEADER VERT 4POS 2.54MM',
    price: 0.2,
    o: [marketplaceOffer('65131017'), europeOffer('E02:0323_00016418')],
  },
  {
    pn: 'ERJ-3EKF1002V',
    m: 'PAN',
    c: 'RES',
    d: 'RES SMD 10K OHM 1% 1/10W 0603',
    price: 0.1,
    o: [marketplaceOffer('65131018'), nacOffer('0898_00015127')],
  },
  {
    pn: 'CRCW060310K0FKEA',
    m: 'VISH',
    c: 'RES',
    d: 'RES SMD 10K OHM 1% 1/10W 0603',
    price: 0.1,
    o: [marketplaceOffer('65131019'), europeOffer('E02:0323_00016419')],
  },
  {
    pn: 'C0603C104K5RACTU',
    m: 'KEM',
    c: 'CAP',
    d: 'CAP CER 0.1UF 50V X7R 0603',
    price: 0.1,
    o: [marketplaceOffer('65131020'), nacOffer('0898_00015128')],
  },
  {
    pn: 'ABM8-16.000MHZ-B2-T',
    m: 'ABRA',
    c: 'XTAL',
    d: 'CRYSTAL 16.0000MHZ 18PF SMD',
    price: 0.45,
    o: [marketplaceOffer('65131021'), acnaOffer('V36:1790_07275112')],
  },
  {
    pn: 'LTST-C191KGKT',
    m: 'LITEON',
    c: 'LED',
    d: 'LED GREEN CLEAR CHIP SMD',
    price: 0.12,
    o: [marketplaceOffer('65131022'), nacOffer('0898_00015129')],
  },
  {
    pn: 'SMBJ5.0A',
    m: 'LITTEL',
    c: 'TVS',
    d: 'TVS DIODE 5VWM 9.2VC DO214AA',
    price: 0.3,
    o: [marketplaceOffer(CHECKOUT_FIXTURES.stock50, { mode: 'cut', foh: 50 }), nacOffer('0898_00015130')],
  },
  {
    pn: 'ADS1115IDGSR',
    m: 'TI',
    c: 'DCONV',
    d: 'IC ADC 16BIT SIGMA-DELTA 10VSSOP',
    price: 4.2,
    cont: 'reel',
    o: [marketplaceOffer('65131023'), nacOffer('0898_00015131'), europeOffer('E02:0323_00016420')],
  },
  {
    pn: 'MAX3232ESE+T',
    m: 'MAX',
    c: 'IFACE',
    d: 'IC TRANSCEIVER FULL 2/2 16SOIC',
    price: 1.9,
    cont: 'reel',
    o: [marketplaceOffer('65131024'), acnaOffer('V36:1790_07275113')],
  },
  {
    pn: 'SN74HC595N',
    m: 'TI',
    c: 'LOGIC',
    d: 'IC SHIFT REGISTER 8BIT 16DIP',
    price: 0.6,
    o: [marketplaceOffer('65131025'), nacOffer('0898_00015132')],
  },
  {
    pn: 'BME280',
    m: 'BOSCH',
    c: 'SENS',
    d: 'SENSOR HUMIDITY/PRESSURE/TEMP I2C/SPI',
    price: 3.9,
    o: [marketplaceOffer('65131026'), europeOffer('E02:0323_00016421')],
  },
  {
    pn: 'TL072CDR',
    m: 'TI',
    c: 'AMP',
    d: 'IC OPAMP JFET 2 CIRCUIT 8SOIC',
    price: 0.4,
    cont: 'reel',
    o: [marketplaceOffer('65131027'), nacOffer('0898_00015133')],
  },
  {
    pn: 'STM32F411CEU6',
    m: 'STM',
    c: 'MCU',
    d: 'IC MCU 32BIT 512KB FLASH 48UFQFPN',
    price: 5.1,
    o: [marketplaceOffer('65131028'), asiaOffer('A17:0456_00123416')],
  },
  {
    pn: 'ATTINY85-20PU',
    m: 'MCHP',
    c: 'MCU',
    d: 'IC MCU 8BIT 8KB FLASH 8DIP',
    price: 1.4,
    cont: 'tube',
    o: [marketplaceOffer('65131029'), nacOffer('0898_00015134')],
  },
  {
    pn: '24LC256-I/SN',
    m: 'MCHP',
    c: 'MEM',
    d: 'IC EEPROM 256KBIT I2C 400KHZ 8SOIC',
    price: 0.65,
    o: [marketplaceOffer('65131030'), acnaOffer('V36:1790_07275114')],
  },
  {
    pn: 'LM2596S-5.0/NOPB',
    m: 'TI',
    c: 'REG',
    d: 'IC REG BUCK 5V 3A DDPAK/TO-263-5',
    price: 3.5,
    o: [marketplaceOffer('65131031'), nacOffer('0898_00015135')],
  },
  {
    pn: 'MP1584EN-LF-Z',
    m: 'MPS',
    c: 'REG',
    d: 'IC REG BUCK ADJUSTABLE 3A 8SOIC',
    price: 0.95,
    cont: 'reel',
    o: [marketplaceOffer('65131032'), asiaOffer('A17:0456_00123417')],
  },
  {
    pn: 'BSS138',
    m: 'ONS',
    c: 'FET',
    d: 'MOSFET N-CH 50V 220MA SOT-23',
    price: 0.1,
    o: [marketplaceOffer('65131033'), nacOffer('0898_00015136')],
  },
];

/** Number of fixed real parts at the start of every catalog. */
export const DEMO_FIXED_COUNT = FIXED.length;

function fixedPart(f: FixedPart): PartRecord {
  const r = new Rng(hash32(`${f.m}|${f.pn}`));
  const cls = CLASSES[f.c];
  const ctx: PartCtx = {
    cls,
    cont: f.cont ?? cls.cont,
    base: f.price,
    alpha: (cls.alpha[0] + cls.alpha[1]) / 2,
    coo: r.pick(['CN', 'MY', 'PH', 'TH', 'TW', 'US', 'JP']),
    eccn: cls.eccn[0],
    hts: cls.hts,
    productCode: normalizeNumber(f.pn),
    npi: false,
    obsolete: false,
  };
  const offers = f.o.map((o) => {
    const stock = o.stock ?? 'in';
    const mode: Mode = o.mode ?? (ctx.cont === 'reel' ? (o.s === 'MARKETPLACE' ? 'cut' : 'reel') : ctx.cont);
    const pack = o.pack ?? (mode === 'reel' ? (cls.reel[0] ?? 1000) : 1);
    const moq = o.moq ?? pack;
    const first = o.first ?? max(1, moq);
    let foh = 0;
    if (stock === 'in') {
      foh = o.foh ?? round(r.logBetween(2000, 150_000));
      if (o.foh === undefined && foh < moq) foh = moq * r.int(2, 20);
    }
    const plan: OfferPlan = {
      src: o.s,
      id: o.id,
      stock,
      mode,
      pack,
      moq,
      first,
      foh,
      pipe: o.pipe ?? (stock === 'out' ? 2 : 0),
      cutStrips: false,
      vip: false,
      priceFactor: r.between(0.92, 1.12),
    };
    return makeOffer(r, ctx, plan);
  });
  const u = urls(f.m, f.pn);
  return {
    partNum: f.pn,
    mfrCd: f.m,
    desc: f.d,
    packageType: f.pt ?? '',
    categoryName: cls.cat,
    status: 'Active',
    datasheetUrl: u.datasheet,
    imageUrl: u.image,
    compliance: { eurohs: 'Compliant', cnrohs: 'Compliant' },
    offers,
  };
}

// ---------------------------------------------------------------------------------------------
// Family selection

class FamilyPicker {
  private readonly active: Family[];
  private cumulative: number[] = [];
  private readonly misses = new Map<Family, number>();

  constructor(families: readonly Family[]) {
    this.active = families.filter((f) => f.w > 0);
    this.rebuild();
  }

  private rebuild(): void {
    let total = 0;
    this.cumulative = this.active.map((f) => (total += f.w));
  }

  pick(r: Rng): Family {
    const x = r.next() * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return this.active[lo];
  }

  /** A family that keeps producing only numbers already used is retired, so it stops costing draws. */
  report(f: Family, produced: boolean): void {
    if (produced) {
      this.misses.delete(f);
      return;
    }
    const n = (this.misses.get(f) ?? 0) + 1;
    this.misses.set(f, n);
    if (n >= 25 && this.active.length > 1) {
      const i = this.active.indexOf(f);
      if (i >= 0) {
        this.active.splice(i, 1);
        this.rebuild();
      }
    }
  }
}

const FAMILIES_BY_MFR = new Map<string, Family[]>();
for (const f of FAMILIES) {
  for (const m of f.mfrs) {
    const list = FAMILIES_BY_MFR.get(m) ?? [];
    list.push(f);
    FAMILIES_BY_MFR.set(m, list);
  }
}

function pickWeighted(r: Rng, list: readonly Family[]): Family {
  let total = 0;
  for (const f of list) total += f.w || 1;
  let x = r.next() * total;
  for (const f of list) {
    x -= f.w || 1;
    if (x < 0) return f;
  }
  return list[list.length - 1];
}

interface Pending {
  draft: Draft;
  mfr: string;
  norm: string;
}

/**
 * Yields exactly `n` parts, the same for the same `n` and `seed`. The fixed real parts come first
 * (independent of the seed); a catalog of n parts is the first n parts of any larger one. Part numbers
 * are unique per manufacturer (also after normalisation), and source-part ids are unique.
 */
export function* demoParts(n: number, seed = 1): Generator<PartRecord> {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`part count must be a non-negative integer, got ${n}`);
  let count = 0;
  const seen = new Set<string>();
  for (const f of FIXED) seen.add(`${f.m}|${normalizeNumber(f.pn)}`);
  for (const f of FIXED) {
    if (count >= n) return;
    yield fixedPart(f);
    count++;
  }
  const r = new Rng(imul(seed | 0, 0x9e3779b1) ^ 0x5bd1e995);
  const ids = new IdMaker();
  const picker = new FamilyPicker(FAMILIES);
  const queue: Pending[] = [];
  let coverage = 0;
  let failures = 0;

  const fill = (): void => {
    // First one group per manufacturer, so that every manufacturer appears early; then by weight.
    if (coverage < DEMO_MANUFACTURERS.length) {
      const mfr = DEMO_MANUFACTURERS[coverage++].mfrCd;
      const fams = FAMILIES_BY_MFR.get(mfr);
      if (!fams) return;
      for (let attempt = 0; attempt < 20; attempt++) {
        const fam = pickWeighted(r, fams);
        if (enqueue(fam, mfr)) return;
      }
      return;
    }
    const fam = picker.pick(r);
    const mfr = fam.mfrs.length === 1 ? fam.mfrs[0] : r.pick(fam.mfrs);
    picker.report(fam, enqueue(fam, mfr));
  };

  const enqueue = (fam: Family, mfr: string): boolean => {
    let added = false;
    for (const draft of fam.gen(r, mfr)) {
      const norm = normalizeNumber(draft.pn);
      const key = `${mfr}|${norm}`;
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ draft, mfr, norm });
      added = true;
    }
    return added;
  };

  while (count < n) {
    if (queue.length === 0) {
      fill();
      if (queue.length === 0) {
        if (++failures > 5000) throw new Error('demo catalog: no more distinct part numbers');
        continue;
      }
      failures = 0;
    }
    const next = queue.shift()!;
    yield generatedPart(r, next.draft, next.mfr, next.norm, ids);
    count++;
  }
}
