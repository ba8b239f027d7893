/**
 * One demo part as the store keeps it: a generated part from a family's draft, or a fixed real part from its entry,
 * each with its offers.
 */
import type { PartRecord } from '../store/types';
import { type ClassInfo, CLASSES } from './classes';
import type { FixedPart } from './fixed-parts';
import {
  COUNTRIES,
  type IdMaker,
  type Mode,
  type OfferPlan,
  type PartCtx,
  makeOffer,
  pickSources,
  randomPlan,
} from './offers';
import { Rng, hash32 } from './random';
import type { Container, Draft } from './template';

// Module-level aliases: global lookups are slow inside vm contexts (test runners), and these are hot.
const { max, round } = Math;

const REEL_SUFFIX = /(?:R|T|R\d|RL\d|REEL\d?|T[13]G|TRL?PBF|,1[123]5|,[23][13]5|,118|-7-F|-13-F|-7|-13)$/;

/** As the store normalises part numbers (NFKC, uppercase, letters and digits only). */
export function normalizeNumber(pn: string): string {
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

export function generatedPart(r: Rng, d: Draft, mfr: string, norm: string, ids: IdMaker): PartRecord {
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

export function fixedPart(f: FixedPart): PartRecord {
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
