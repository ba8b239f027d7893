/**
 * The demo catalog's offers: the sources and their generated ids, and for one part the offers drawn from the seed
 * (stock, packaging, MOQ, price breaks, pipeline deliveries, trade details).
 */
import {
  KNOWN_SOURCES,
  MAX_QTY_MARKETPLACE,
  MAX_QTY_REGIONAL,
  type OfferRecord,
  type PipelineRecord,
  type PriceBreakRecord,
} from '../store/types';
import { captureDate } from '../itemservice/dates';
import type { ClassInfo } from './classes';
import { type Rng, hash32, zeroPadded } from './random';
import type { Container } from './template';

// Module-level aliases: global lookups are slow inside vm contexts (test runners), and these are hot.
const { floor, max, min, pow, round } = Math;

export type Src = 'MARKETPLACE' | 'ACNA' | 'NAC' | 'EUROPE' | 'ASIA';
export type Mode = 'reel' | 'cut' | 'tube' | 'tray' | 'bulk';
export type Stock = 'in' | 'out' | 'quote';

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
export const COUNTRIES = [
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
export class IdMaker {
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

export interface PartCtx {
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

export interface OfferPlan {
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
  // Deliveries fall in the coming two years, so a plan made today sees them incoming (not overdue).
  for (let i = 0; i < count; i++) keys.push((r.chance(0.6) ? 2027 : 2028) * 10000 + r.int(1, 12) * 100 + r.int(1, 28));
  keys.sort((a, b) => a - b);
  return keys.map((k) => {
    return {
      delivery: captureDate(floor(k / 10000), floor(k / 100) % 100, k % 100),
      quantity: pack > 1 ? pack * r.int(1, 12) : r.int(2, 400) * 25,
    };
  });
}

/**
 * The operator's own lead time, as text: empty on most offers (as in real answers); on a third of the ACNA offers,
 * chosen by id rather than drawn so that every other figure of the seeded catalog stays what it was, a few weeks
 * longer than the manufacturer's (the operator's own handling added).
 */
function partnerLeadTime(plan: OfferPlan, mfrWeeks: number): string {
  if (plan.src !== 'ACNA' || hash32(plan.id) % 3 !== 0) return '';
  return String(mfrWeeks + 1 + (hash32(`${plan.id}|lead`) % 4));
}

export function makeOffer(r: Rng, p: PartCtx, plan: OfferPlan): OfferRecord {
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
  const offer: OfferRecord = {
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
  offer.partnerLeadTime = partnerLeadTime(plan, offer.mfrLeadTime);
  return offer;
}

function randomMode(r: Rng, cont: Container): Mode {
  return cont === 'reel' ? (r.chance(0.5) ? 'reel' : 'cut') : cont;
}

export function randomPlan(r: Rng, p: PartCtx, src: Src, id: string): OfferPlan {
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

export function pickSources(r: Rng): Src[] {
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
