import { CHECKOUT_FIXTURES, DEMO_FIXED_COUNT, DEMO_SHOWCASE, demoParts } from '../../service/demo/generate';
import { DEMO_MANUFACTURERS } from '../../service/demo/manufacturers';
import {
  KNOWN_SOURCES,
  MAX_QTY_MARKETPLACE,
  MAX_QTY_REGIONAL,
  type OfferRecord,
  type PartRecord,
} from '../../service/store/types';

const norm = (pn: string) =>
  pn
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
const catalog = (n: number, seed?: number): PartRecord[] => [...demoParts(n, seed)];

// Shared catalogs: generation is deterministic, so one copy serves every read-only check.
const PARTS_2000 = catalog(2000);
const PARTS_10000 = catalog(10000);
const OFFERS_10000 = PARTS_10000.flatMap((p) => p.offers.map((o) => ({ part: p, offer: o })));

/** Collects rule violations, so that a check over many records makes one assertion. */
function violations(): { check: (ok: boolean, what: () => string) => void; list: string[] } {
  const list: string[] = [];
  return {
    list,
    check(ok, what) {
      if (!ok && list.length < 20) list.push(what());
    },
  };
}

function partsNumbered(parts: PartRecord[], pn: string): PartRecord[] {
  return parts.filter((p) => p.partNum === pn);
}

function offerById(parts: PartRecord[], id: string): { part: PartRecord; offer: OfferRecord } {
  for (const part of parts) {
    const offer = part.offers.find((o) => o.sourcePartId === id);
    if (offer) return { part, offer };
  }
  throw new Error(`no offer ${id}`);
}

describe('demo manufacturers', () => {
  test('at least 160 real manufacturers with short unique uppercase codes', () => {
    expect(DEMO_MANUFACTURERS.length).toBeGreaterThanOrEqual(160);
    for (const m of DEMO_MANUFACTURERS) {
      expect(m.mfrCd).toMatch(/^[A-Z0-9]{2,8}$/);
      expect(m.mfrName.trim()).not.toBe('');
    }
    const codes = DEMO_MANUFACTURERS.map((m) => m.mfrCd.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
    const names = DEMO_MANUFACTURERS.map((m) => m.mfrName.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  test('the well-known codes are present, including a name with a non-ASCII character', () => {
    const byCode = new Map(DEMO_MANUFACTURERS.map((m) => [m.mfrCd, m.mfrName]));
    expect(byCode.get('TI')).toBe('Texas Instruments');
    expect(byCode.get('ADI')).toBe('Analog Devices');
    expect(byCode.get('STM')).toBe('STMicroelectronics');
    expect(byCode.get('MCHP')).toBe('Microchip Technology');
    expect(byCode.get('DIO')).toBe('Diodes Incorporated');
    expect(byCode.get('NEX')).toBe('Nexperia');
    expect(byCode.get('ONS')).toBe('onsemi');
    expect(byCode.get('MUR')).toBe('Murata');
    expect(byCode.get('YAG')).toBe('Yageo');
    expect(byCode.get('WURTH')).toBe('Würth Elektronik');
    expect(DEMO_MANUFACTURERS.some((m) => /[^\x00-\x7f]/.test(m.mfrName))).toBe(true);
  });
});

describe('demoParts', () => {
  test('yields exactly n records, also below and around the fixed part count', () => {
    for (const n of [0, 1, DEMO_FIXED_COUNT - 1, DEMO_FIXED_COUNT, DEMO_FIXED_COUNT + 1, 777]) {
      expect(catalog(n)).toHaveLength(n);
    }
    expect(PARTS_2000).toHaveLength(2000);
    expect(() => catalog(-1)).toThrow(RangeError);
    expect(() => catalog(1.5)).toThrow(RangeError);
  });

  test('is deterministic: the same n and seed give deep-equal output', () => {
    expect(catalog(2000)).toEqual(PARTS_2000);
    expect(catalog(2000, 7)).toEqual(catalog(2000, 7));
  });

  test('a smaller catalog is the start of a larger one; another seed changes only the generated parts', () => {
    expect(PARTS_10000.slice(0, 2000)).toEqual(PARTS_2000);
    const other = catalog(2000, 2);
    expect(other.slice(0, DEMO_FIXED_COUNT)).toEqual(PARTS_2000.slice(0, DEMO_FIXED_COUNT));
    expect(other.slice(DEMO_FIXED_COUNT)).not.toEqual(PARTS_2000.slice(DEMO_FIXED_COUNT));
  });

  test('part numbers are unique per manufacturer, even after normalisation', () => {
    const keys = PARTS_10000.map((p) => `${p.mfrCd}|${norm(p.partNum)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('source-part ids are unique across the catalog and have the observed shapes', () => {
    const ids = OFFERS_10000.map(({ offer }) => offer.sourcePartId);
    expect(new Set(ids).size).toBe(ids.length);
    const shapes: Record<string, RegExp> = {
      MARKETPLACE: /^\d{8}$/,
      ACNA: /^V\d{2}:\d{4}_\d{8}$/,
      NAC: /^\d{4}_\d{8}$/,
      EUROPE: /^E\d{2}:\d{4}_\d{8}$/,
      ASIA: /^A\d{2}:\d{4}_\d{8}$/,
    };
    const v = violations();
    for (const { offer } of OFFERS_10000)
      v.check(shapes[offer.sourceCd].test(offer.sourcePartId), () => `${offer.sourceCd} ${offer.sourcePartId}`);
    expect(v.list).toEqual([]);
  });

  test('every part names a listed manufacturer, and every manufacturer has parts at n = 10000', () => {
    const codes = new Set(DEMO_MANUFACTURERS.map((m) => m.mfrCd));
    const used = new Set(PARTS_10000.map((p) => p.mfrCd));
    for (const code of used) expect(codes.has(code)).toBe(true);
    expect([...codes].filter((c) => !used.has(c))).toEqual([]);
  });

  test('part fields have the expected shapes', () => {
    const compliance = new Set(['Compliant', 'Non Compliant', 'Unknown', '']);
    const statuses = new Set(['Active', 'Obsolete', 'NRND', '']);
    const v = violations();
    for (const p of PARTS_10000) {
      const id = () => `${p.mfrCd} ${p.partNum}`;
      v.check(p.partNum !== '' && p.partNum.trim() === p.partNum, () => `number ${id()}`);
      v.check(!/[{}$@]|undefined|NaN|\.\./.test(p.partNum), () => `number ${id()}`);
      v.check(!/[{}$@]|undefined|NaN/.test(p.desc) && p.desc.length > 3, () => `desc ${id()}: ${p.desc}`);
      v.check(statuses.has(p.status), () => `status ${id()}: ${p.status}`);
      v.check(compliance.has(p.compliance.eurohs) && compliance.has(p.compliance.cnrohs), () => `compliance ${id()}`);
      v.check(
        p.datasheetUrl === null || /^https:\/\/datasheets\.example\.com\/[A-Z0-9]+\/.+\.pdf$/.test(p.datasheetUrl),
        () => `datasheet ${id()}`,
      );
      v.check(p.imageUrl === null || /^https:\/\/[a-z.]+\.example\.com\//.test(p.imageUrl), () => `image ${id()}`);
      v.check(p.offers.length >= 1 && p.offers.length <= 4, () => `offer count ${id()}`);
      const sources = p.offers.map((o) => o.sourceCd);
      v.check(new Set(sources).size === sources.length, () => `repeated source ${id()}`);
    }
    expect(v.list).toEqual([]);
    const share = (pred: (p: PartRecord) => boolean) => PARTS_10000.filter(pred).length / PARTS_10000.length;
    expect(share((p) => p.status === 'Active')).toBeGreaterThan(0.8);
    expect(share((p) => p.datasheetUrl === null)).toBeGreaterThan(0.03);
    expect(share((p) => p.datasheetUrl === null)).toBeLessThan(0.2);
    expect(share((p) => p.packageType === '')).toBeGreaterThan(0.6);
    expect(share((p) => p.categoryName === '')).toBeLessThan(0.05);
    expect(share((p) => p.compliance.eurohs === 'Compliant')).toBeGreaterThan(0.7);
  });

  test('offers copy the known source names and websites; EUROPE prices in EUR, the rest in USD', () => {
    const v = violations();
    for (const { part, offer } of OFFERS_10000) {
      const id = () => `${offer.sourcePartId} (${part.partNum})`;
      const known = KNOWN_SOURCES[offer.sourceCd];
      v.check(known !== undefined, () => `source ${id()}: ${offer.sourceCd}`);
      if (!known) continue;
      v.check(offer.sourceName === known.name, () => `source name ${id()}`);
      v.check(offer.websites.join() === known.websites.join(), () => `websites ${id()}`);
      v.check(offer.currency === (offer.sourceCd === 'EUROPE' ? 'EUR' : 'USD'), () => `currency ${id()}`);
      v.check(offer.productCode === norm(part.partNum), () => `product code ${id()}: ${offer.productCode}`);
      v.check(
        offer.partnerLeadTime === '' ||
          (offer.sourceCd === 'ACNA' &&
            Number(offer.partnerLeadTime) > offer.mfrLeadTime &&
            Number(offer.partnerLeadTime) <= offer.mfrLeadTime + 4),
        () => `partner lead time ${id()}: '${offer.partnerLeadTime}'`,
      );
      v.check(
        offer.sourceCd === 'MARKETPLACE' ? offer.mfrLeadTime === 0 : offer.mfrLeadTime >= 4 && offer.mfrLeadTime <= 52,
        () => `lead time ${id()}: ${offer.mfrLeadTime}`,
      );
    }
    expect(v.list).toEqual([]);
  });

  test('price breaks are contiguous, non-increasing, end at the source sentinel and use few decimals', () => {
    const sentinels = new Set<number>();
    const v = violations();
    for (const { offer } of OFFERS_10000) {
      if (offer.breaks === null) continue;
      const tiers = offer.breaks;
      const id = () => `${offer.sourcePartId}: ${JSON.stringify(tiers)}`;
      v.check(tiers.length >= 3 && tiers.length <= 8 && tiers[0].minQty >= 1, () => `tier count ${id()}`);
      for (let i = 0; i < tiers.length; i++) {
        const t = tiers[i];
        v.check(t.maxQty >= t.minQty && t.price > 0, () => `tier ${id()}`);
        v.check(Math.abs(t.price * 1e5 - Math.round(t.price * 1e5)) < 1e-6, () => `decimals ${id()}`);
        if (i > 0) {
          v.check(t.minQty === tiers[i - 1].maxQty + 1, () => `gap ${id()}`);
          v.check(t.price <= tiers[i - 1].price, () => `price rises ${id()}`);
        }
      }
      const last = tiers[tiers.length - 1].maxQty;
      v.check(
        last === (offer.sourceCd === 'MARKETPLACE' ? MAX_QTY_MARKETPLACE : MAX_QTY_REGIONAL),
        () => `sentinel ${id()}`,
      );
      sentinels.add(last);
    }
    expect(v.list).toEqual([]);
    expect(sentinels).toEqual(new Set([MAX_QTY_MARKETPLACE, MAX_QTY_REGIONAL]));
  });

  test('MOQ is a multiple of the pack size (MOQ 0 is rare); some first tiers start below the MOQ', () => {
    let moqZero = 0;
    let below = 0;
    const v = violations();
    for (const { offer } of OFFERS_10000) {
      const id = () => `${offer.sourcePartId}: pack ${offer.packSize}, MOQ ${offer.minimumOrderQuantity}`;
      v.check(Number.isInteger(offer.packSize) && offer.packSize >= 1, id);
      if (offer.minimumOrderQuantity === 0) {
        moqZero++;
        continue;
      }
      v.check(offer.minimumOrderQuantity >= offer.packSize && offer.minimumOrderQuantity % offer.packSize === 0, id);
      v.check(offer.fohQty === 0 || offer.fohQty >= offer.minimumOrderQuantity, () => `stock below MOQ ${id()}`);
      if (offer.breaks && offer.breaks[0].minQty < offer.minimumOrderQuantity) below++;
    }
    expect(v.list).toEqual([]);
    expect(moqZero).toBeGreaterThan(0);
    expect(moqZero / OFFERS_10000.length).toBeLessThan(0.03);
    expect(below).toBeGreaterThan(0);
  });

  test('availability: quote-only, out of stock with pipelines, in stock; pipeline dates as the captures write them', () => {
    const counts: Record<string, number> = {};
    let dmy = 0;
    let outWithPipeline = 0;
    let inWithPipeline = 0;
    const dmyFormat = /^\d{2}-(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)-202[78]$/;
    const v = violations();
    for (const { offer } of OFFERS_10000) {
      const id = () => `${offer.sourcePartId} ${offer.availabilityCd} ${offer.availabilityMessage} foh ${offer.fohQty}`;
      counts[offer.availabilityCd] = (counts[offer.availabilityCd] ?? 0) + 1;
      switch (offer.availabilityCd) {
        case 'QUOTE':
          v.check(offer.breaks === null && offer.fohQty === 0 && offer.availabilityMessage === 'Call For Quote', id);
          break;
        case 'NOSTK':
          v.check(offer.breaks !== null && offer.fohQty === 0 && offer.availabilityMessage === 'No Stock', id);
          if (offer.pipeline.length) outWithPipeline++;
          break;
        case 'INSTK':
        case 'INSTKEU':
        case 'CSTRP':
          v.check(offer.breaks !== null && offer.fohQty > 0, id);
          v.check(offer.availabilityMessage === (offer.availabilityCd === 'CSTRP' ? 'Cut Strips' : 'In Stock'), id);
          v.check((offer.availabilityCd === 'INSTKEU') === (offer.sourceCd === 'EUROPE'), id);
          if (offer.pipeline.length) inWithPipeline++;
          break;
        default:
          v.check(false, id);
      }
      for (const entry of offer.pipeline) {
        v.check(Number.isInteger(entry.quantity) && entry.quantity > 0, () => `pipeline quantity ${id()}`);
        if (dmyFormat.test(entry.delivery)) dmy++;
        else v.check(false, () => `pipeline date ${id()}: ${entry.delivery}`);
      }
    }
    expect(v.list).toEqual([]);
    const total = OFFERS_10000.length;
    expect(counts.QUOTE / total).toBeGreaterThan(0.02);
    expect(counts.QUOTE / total).toBeLessThan(0.07);
    expect(counts.NOSTK / total).toBeGreaterThan(0.08);
    expect(counts.NOSTK / total).toBeLessThan(0.2);
    expect(counts.CSTRP).toBeGreaterThan(0);
    expect(outWithPipeline / counts.NOSTK).toBeGreaterThan(0.5);
    expect(inWithPipeline).toBeGreaterThan(0);
    expect(dmy).toBeGreaterThan(0);
    // Every date is a real day, which is what new Date() in a client needs.
    const dates = catalog(2000).flatMap((p) => p.offers.flatMap((o) => o.pipeline.map((e) => e.delivery)));
    for (const d of dates) expect(Number.isNaN(new Date(d).getTime())).toBe(false);
    // Deliveries are incoming, in 2027 and 2028: a plan made now sees them ahead.
    for (const d of dates) expect(d).toMatch(/-202[78]$/);
  });

  test("the operator's lead time is given on some ACNA offers and empty elsewhere, as in real answers", () => {
    const given = OFFERS_10000.filter(({ offer }) => offer.partnerLeadTime !== '');
    const acna = OFFERS_10000.filter(({ offer }) => offer.sourceCd === 'ACNA');
    expect(given.length).toBeGreaterThan(acna.length / 5);
    expect(given.length).toBeLessThan(acna.length / 2);
    expect(given.every(({ offer }) => offer.sourceCd === 'ACNA')).toBe(true);
  });

  test('offer detail fields take the documented values', () => {
    const containers = new Set(['Reel', 'Cut Tape', 'Tube', 'Tray', 'Bulk', '']);
    const v = violations();
    for (const { offer } of OFFERS_10000) {
      const id = (field: string, value: unknown) => () => `${offer.sourcePartId} ${field}: ${JSON.stringify(value)}`;
      v.check(/^(\d{4}\+?)?$/.test(offer.dateCode), id('dateCode', offer.dateCode));
      v.check(
        typeof offer.tariffFlag === 'boolean' && typeof offer.isNcnr === 'boolean',
        id('flags', offer.tariffFlag),
      );
      v.check(
        offer.shipsIn === null || /^Ships (today|in \d+ days )$/.test(offer.shipsIn),
        id('shipsIn', offer.shipsIn),
      );
      v.check(offer.htsCode === null || /^\d{4}\.\d{2}\.\d{4}$/.test(offer.htsCode), id('htsCode', offer.htsCode));
      v.check(
        offer.countryOfOrigin === null || /^[A-Z]{2}$/.test(offer.countryOfOrigin),
        id('countryOfOrigin', offer.countryOfOrigin),
      );
      v.check(/^(EAR99|\d[A-E]\d{3}(\.[a-z0-9.]+)?)$/.test(offer.eccnCode), id('eccnCode', offer.eccnCode));
      v.check(containers.has(offer.containerType), id('containerType', offer.containerType));
    }
    expect(v.list).toEqual([]);
    expect(OFFERS_10000.some(({ offer }) => offer.shipsIn === 'Ships in 3 days ')).toBe(true);
    expect(OFFERS_10000.some(({ offer }) => offer.shipsFrom === null)).toBe(true);
    expect(OFFERS_10000.some(({ offer }) => offer.breaks?.some((b) => b.vipPrice === true))).toBe(true);
  });

  // How fast they are generated is the service bench's business (npm run bench service), not a timed test's.
  test('100,000 parts are generated, no two with the same manufacturer and part number', () => {
    const seen = new Set<string>();
    let count = 0;
    for (const part of demoParts(100_000)) {
      count++;
      seen.add(`${part.mfrCd}|${part.partNum}`);
    }
    expect(count).toBe(100_000);
    expect(seen.size).toBe(100_000);
  }, 120_000);
});

describe('fixed real parts', () => {
  const fixed = PARTS_2000.slice(0, DEMO_FIXED_COUNT);

  test('there are at least 40, all active, in stock somewhere, mostly with 2 to 4 offers', () => {
    expect(DEMO_FIXED_COUNT).toBeGreaterThanOrEqual(40);
    for (const p of fixed) {
      expect(p.status).toBe('Active');
      expect(p.offers.some((o) => o.fohQty > 0 && o.breaks !== null)).toBe(true);
    }
    expect(fixed.filter((p) => p.offers.length >= 2).length / fixed.length).toBeGreaterThan(0.8);
  });

  test('well-known numbers are present under their real manufacturers', () => {
    const has = (pn: string, mfr: string) => fixed.some((p) => p.partNum === pn && p.mfrCd === mfr);
    const expected: [string, string][] = [
      ['BAV99-7-F', 'DIO'],
      ['BAV99-13-F', 'DIO'],
      ['BAV99,215', 'NEX'],
      ['BAV99LT1G', 'ONS'],
      ['BAS16-7-F', 'DIO'],
      ['BAS16,215', 'NEX'],
      ['LM358DR', 'TI'],
      ['LM358P', 'TI'],
      ['LM358N', 'TI'],
      ['LM358N', 'STM'],
      ['LM358DT', 'STM'],
      ['NE555DR', 'TI'],
      ['NE555P', 'TI'],
      ['NE555N', 'STM'],
      ['1N4148W-7-F', 'DIO'],
      ['1N4148', 'ONS'],
      ['1N4148', 'VISH'],
      ['GRM155R71C104KA88D', 'MUR'],
      ['GRM155R71C104KA88J', 'MUR'],
      ['RC0603FR-0710KL', 'YAG'],
      ['ATMEGA328P-AU', 'MCHP'],
      ['ATMEGA328P-AUR', 'MCHP'],
      ['ATMEGA328P-PU', 'MCHP'],
      ['STM32F103C8T6', 'STM'],
      ['STM32F103C8T6TR', 'STM'],
      ['2N7002', 'ONS'],
      ['2N7002', 'NEX'],
      ['2N7002-7-F', 'DIO'],
      ['BC847C,215', 'NEX'],
      ['MMBT3904LT1G', 'ONS'],
      ['LM317T', 'TI'],
      ['AMS1117-3.3', 'AMS'],
      ['TL431AIDBZR', 'TI'],
      ['CL10B104KB8NNNC', 'SAM'],
      ['ESP32-WROOM-32E-N4', 'ESP'],
    ];
    for (const [pn, mfr] of expected) expect([pn, mfr, has(pn, mfr)]).toEqual([pn, mfr, true]);
  });

  test('they come first and are the same whatever the seed', () => {
    expect(catalog(DEMO_FIXED_COUNT, 99)).toEqual(fixed);
  });
});

describe('DEMO_SHOWCASE', () => {
  test('quoteOnly: every record with that number has a quote-only offer and a stocked one', () => {
    const parts = partsNumbered(PARTS_2000, DEMO_SHOWCASE.quoteOnly);
    expect(parts.length).toBeGreaterThan(0);
    for (const p of parts) {
      const quote = p.offers.find((o) => o.availabilityCd === 'QUOTE');
      expect(quote).toBeDefined();
      expect(quote!.breaks).toBeNull();
      expect(quote!.fohQty).toBe(0);
      expect(p.offers.some((o) => o.fohQty > 0)).toBe(true);
    }
  });

  test('outOfStockWithPipeline', () => {
    const [p] = partsNumbered(PARTS_2000, DEMO_SHOWCASE.outOfStockWithPipeline);
    const out = p.offers.find((o) => o.availabilityCd === 'NOSTK');
    expect(out).toBeDefined();
    expect(out!.fohQty).toBe(0);
    expect(out!.pipeline.length).toBeGreaterThan(0);
    expect(p.offers.some((o) => o.fohQty > 0)).toBe(true);
  });

  test('tierBelowMoq: MOQ 300 with a first tier from 66', () => {
    const [p] = partsNumbered(PARTS_2000, DEMO_SHOWCASE.tierBelowMoq);
    const o = p.offers.find((x) => x.breaks !== null && x.breaks[0].minQty < x.minimumOrderQuantity);
    expect(o).toBeDefined();
    expect(o!.minimumOrderQuantity).toBe(300);
    expect(o!.breaks![0].minQty).toBe(66);
  });

  test('bothSentinels: one part priced on the marketplace and a regional source', () => {
    const [p] = partsNumbered(PARTS_2000, DEMO_SHOWCASE.bothSentinels);
    const last = new Set(p.offers.filter((o) => o.breaks).map((o) => o.breaks![o.breaks!.length - 1].maxQty));
    expect(last).toEqual(new Set([MAX_QTY_MARKETPLACE, MAX_QTY_REGIONAL]));
  });

  test('twoManufacturers: each number exists under at least two manufacturers', () => {
    for (const pn of DEMO_SHOWCASE.twoManufacturers) {
      expect(new Set(partsNumbered(PARTS_2000, pn).map((p) => p.mfrCd)).size).toBeGreaterThanOrEqual(2);
    }
  });

  test('suffixVariants share the prefix and exist', () => {
    for (const pn of DEMO_SHOWCASE.suffixVariants) {
      expect(pn.startsWith(DEMO_SHOWCASE.suffixPrefix)).toBe(true);
      expect(partsNumbered(PARTS_2000, pn)).toHaveLength(1);
    }
    const [a, b] = DEMO_SHOWCASE.suffixVariants;
    expect(partsNumbered(PARTS_2000, a)[0].mfrCd).toBe(partsNumbered(PARTS_2000, b)[0].mfrCd);
  });

  test('a prefix of a popular series groups several numbers', () => {
    const rc = PARTS_2000.filter((p) => norm(p.partNum).startsWith('RC'));
    expect(rc.length).toBeGreaterThan(30);
  });
});

describe('CHECKOUT_FIXTURES', () => {
  test('stock20: marketplace, in stock, MOQ 1, pack 1, fohQty 20', () => {
    const { offer } = offerById(PARTS_2000, CHECKOUT_FIXTURES.stock20);
    expect(offer.sourceCd).toBe('MARKETPLACE');
    expect([offer.minimumOrderQuantity, offer.packSize, offer.fohQty]).toEqual([1, 1, 20]);
    expect(offer.availabilityCd).toBe('INSTK');
    expect(offer.breaks![0].minQty).toBe(1);
  });

  test('moq100: MOQ 100 with pack size 10, enough stock, first tier from 100', () => {
    const { offer } = offerById(PARTS_2000, CHECKOUT_FIXTURES.moq100);
    expect(offer.sourceCd).toBe('MARKETPLACE');
    expect([offer.minimumOrderQuantity, offer.packSize]).toEqual([100, 10]);
    expect(offer.fohQty).toBeGreaterThanOrEqual(1000);
    expect(offer.breaks![0].minQty).toBe(100);
    for (const t of offer.breaks!) expect(t.minQty % 10).toBe(0);
  });

  test('stock50: marketplace, MOQ 1, pack 1, fohQty 50', () => {
    const { offer } = offerById(PARTS_2000, CHECKOUT_FIXTURES.stock50);
    expect(offer.sourceCd).toBe('MARKETPLACE');
    expect([offer.minimumOrderQuantity, offer.packSize, offer.fohQty]).toEqual([1, 1, 50]);
    expect(offer.breaks).not.toBeNull();
  });

  test('nacInStock: a regional NAC offer in stock', () => {
    const { offer } = offerById(PARTS_2000, CHECKOUT_FIXTURES.nacInStock);
    expect(offer.sourceCd).toBe('NAC');
    expect(offer.fohQty).toBeGreaterThan(0);
    expect([offer.minimumOrderQuantity, offer.packSize]).toEqual([1, 1]);
    expect(offer.breaks![offer.breaks!.length - 1].maxQty).toBe(MAX_QTY_REGIONAL);
  });

  test('quoteOnly: no price breaks, fohQty 0', () => {
    const { part, offer } = offerById(PARTS_2000, CHECKOUT_FIXTURES.quoteOnly);
    expect(part.partNum).toBe(DEMO_SHOWCASE.quoteOnly);
    expect(offer.breaks).toBeNull();
    expect(offer.fohQty).toBe(0);
    expect(offer.availabilityCd).toBe('QUOTE');
  });

  test('fixture ids are the same whatever the seed and catalog size', () => {
    const small = catalog(DEMO_FIXED_COUNT, 5);
    for (const id of Object.values(CHECKOUT_FIXTURES))
      expect(offerById(small, id).offer).toEqual(offerById(PARTS_2000, id).offer);
  });
});
