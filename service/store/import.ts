import {
  KNOWN_SOURCES,
  type ManufacturerRecord,
  type OfferRecord,
  type PartRecord,
  type PriceBreakRecord,
  type PipelineRecord,
} from './types';
import { CatalogStore, normalizePartNumber } from './db';
import { isDeliveryDate } from '../itemservice/dates';
import type { ErrorCode } from '../../protocol/error-codes';

/** Why one record of an import file was skipped: its index in the file's part list and what was wrong. */
export interface ImportProblem {
  index: number;
  message: string;
}

export interface ImportResult {
  added: number;
  skipped: ImportProblem[];
}

class RecordError extends Error {
  readonly errorCode: ErrorCode = 'PS_SERVICE_CATALOG_IMPORT';
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Control characters other than tab and newline would make the XML rendering invalid. */
function text(v: unknown, path: string, options: { required?: boolean; max?: number } = {}): string {
  if (v === undefined || v === null) {
    if (options.required) throw new RecordError(`${path} is missing`);
    return '';
  }
  if (typeof v !== 'string') throw new RecordError(`${path} must be text`);
  const max = options.max ?? 2000;
  if (v.length > max) throw new RecordError(`${path} is longer than ${max} characters`);
  return v.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

function optionalText(v: unknown, path: string): string | null {
  return v === undefined || v === null ? null : text(v, path);
}

function count(v: unknown, path: string, options: { min?: number } = {}): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < (options.min ?? 0) || v > 999_999_999) {
    throw new RecordError(`${path} must be a whole number of ${options.min ?? 0} or more`);
  }
  return v;
}

function flag(v: unknown, path: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new RecordError(`${path} must be true or false`);
  return v;
}

function breaksOf(prices: unknown, path: string): PriceBreakRecord[] | null {
  if (prices === undefined || prices === null) return null;
  if (!isObj(prices) || !Array.isArray(prices.resaleList))
    throw new RecordError(`${path}.resaleList must be a list of price breaks`);
  if (prices.resaleList.length === 0) return null;
  const breaks = prices.resaleList.map((b: unknown, i: number) => {
    const p = `${path}.resaleList[${i}]`;
    if (!isObj(b)) throw new RecordError(`${p} must be an object`);
    if (typeof b.price !== 'number' || !Number.isFinite(b.price) || b.price < 0)
      throw new RecordError(`${p}.price must be a number of 0 or more`);
    const tier: PriceBreakRecord = {
      minQty: count(b.minQty, `${p}.minQty`, { min: 1 }),
      maxQty: count(b.maxQty, `${p}.maxQty`, { min: 1 }),
      price: b.price,
    };
    if (tier.maxQty < tier.minQty) throw new RecordError(`${p}.maxQty is below its minQty`);
    if (b.vipPrice === true) tier.vipPrice = true;
    return tier;
  });
  for (let i = 1; i < breaks.length; i++) {
    if (breaks[i].minQty !== breaks[i - 1].maxQty + 1) {
      throw new RecordError(
        `${path}.resaleList[${i}].minQty must follow the previous tier's maxQty (${breaks[i - 1].maxQty + 1})`,
      );
    }
  }
  return breaks;
}

function pipelineOf(v: unknown, path: string): PipelineRecord[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new RecordError(`${path} must be a list`);
  return v.map((e: unknown, i: number) => {
    const p = `${path}[${i}]`;
    if (!isObj(e)) throw new RecordError(`${p} must be an object`);
    const delivery = text(e.delivery, `${p}.delivery`, { required: true, max: 20 });
    if (!isDeliveryDate(delivery))
      throw new RecordError(`${p}.delivery must be a calendar date written yyyymmdd or DD-MON-YYYY; got '${delivery}'`);
    return { delivery, quantity: count(e.quantity, `${p}.quantity`) };
  });
}

function offerOf(sp: unknown, source: Obj, website: string, path: string): OfferRecord {
  if (!isObj(sp)) throw new RecordError(`${path} must be an object`);
  const sourceCd = text(source.sourceCd, `${path}: sourceCd`, { required: true, max: 40 });
  const availability = Array.isArray(sp.Availability) && isObj(sp.Availability[0]) ? sp.Availability[0] : {};
  const breaks = breaksOf(sp.Prices, `${path}.Prices`);
  const packSize = count(sp.packSize ?? 1, `${path}.packSize`, { min: 1 });
  const fohQty = count(availability.fohQty ?? 0, `${path}.Availability[0].fohQty`);
  return {
    sourcePartId: text(sp.sourcePartId, `${path}.sourcePartId`, { required: true, max: 64 }),
    sourceCd,
    sourceName: text(source.displayName, `${path}: displayName`) || KNOWN_SOURCES[sourceCd]?.name || sourceCd,
    currency: text(source.currency ?? 'USD', `${path}: currency`, { max: 3 }).toUpperCase(),
    websites: [website],
    packSize,
    minimumOrderQuantity: count(sp.minimumOrderQuantity ?? 0, `${path}.minimumOrderQuantity`),
    breaks,
    fohQty,
    availabilityCd:
      text(availability.availabilityCd, `${path}.Availability[0].availabilityCd`, { max: 20 }) ||
      (breaks === null ? 'QUOTE' : fohQty > 0 ? 'INSTK' : 'NOSTK'),
    availabilityMessage:
      text(availability.availabilityMessage, `${path}.Availability[0].availabilityMessage`, { max: 200 }) ||
      (breaks === null ? 'Call For Quote' : fohQty > 0 ? 'In Stock' : 'No Stock'),
    pipeline: pipelineOf(availability.pipeline, `${path}.Availability[0].pipeline`),
    dateCode: text(sp.dateCode, `${path}.dateCode`, { max: 20 }),
    mfrLeadTime:
      typeof sp.mfrLeadTime === 'number' && Number.isFinite(sp.mfrLeadTime) && sp.mfrLeadTime >= 0 ? sp.mfrLeadTime : 0,
    tariffFlag: flag(sp.tariffFlag, `${path}.tariffFlag`),
    shipsFrom: optionalText(sp.shipsFrom, `${path}.shipsFrom`),
    shipsIn: optionalText(sp.shipsIn, `${path}.shipsIn`),
    partnerLeadTime: text(sp.partnerLeadTime, `${path}.partnerLeadTime`, { max: 20 }),
    isNcnr: flag(sp.isNcnr, `${path}.isNcnr`),
    isNpi: flag(sp.isNpi, `${path}.isNpi`),
    productCode: text(sp.productCode, `${path}.productCode`, { max: 100 }),
    eccnCode: text(sp.eccnCode, `${path}.eccnCode`, { max: 40 }),
    htsCode: optionalText(sp.htsCode, `${path}.htsCode`),
    countryOfOrigin: optionalText(sp.countryOfOrigin, `${path}.countryOfOrigin`),
    containerType: text(sp.containerType, `${path}.containerType`, { max: 40 }),
  };
}

/** One v4 `PartList` entry to a store record; the same source part listed under several websites is one offer. */
export function partRecordOf(entry: unknown): { part: PartRecord; manufacturer: ManufacturerRecord } {
  if (!isObj(entry)) throw new RecordError('the record must be an object');
  const partNum = text(entry.partNum, 'partNum', { required: true, max: 100 }).trim();
  if (normalizePartNumber(partNum) === '') throw new RecordError('partNum has no letters or digits');
  if (!isObj(entry.manufacturer)) throw new RecordError('manufacturer must be an object with mfrCd and mfrName');
  const mfrCd = text(entry.manufacturer.mfrCd, 'manufacturer.mfrCd', { required: true, max: 20 }).trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9&.\- ]*$/.test(mfrCd))
    throw new RecordError('manufacturer.mfrCd must be letters and digits');
  const mfrName = text(entry.manufacturer.mfrName, 'manufacturer.mfrName', { max: 200 }).trim() || mfrCd;
  const resources = Array.isArray(entry.resources) ? entry.resources.filter(isObj) : [];
  const uriOf = (type: string) => {
    const r = resources.find((x) => x.type === type);
    return typeof r?.uri === 'string' && /^https?:\/\//.test(r.uri) ? r.uri.slice(0, 2000) : null;
  };
  const compliance =
    isObj(entry.EnvData) && Array.isArray(entry.EnvData.compliance) ? entry.EnvData.compliance.filter(isObj) : [];
  const complianceOf = (label: string) => {
    const c = compliance.find((x) => x.displayLabel === label);
    return c ? text(c.displayValue, `EnvData ${label}`, { max: 40 }) : '';
  };
  if (!isObj(entry.InvOrg) || !Array.isArray(entry.InvOrg.webSites))
    throw new RecordError('InvOrg.webSites must be a list (v4 shape)');
  const offers = new Map<string, OfferRecord>();
  entry.InvOrg.webSites.forEach((site: unknown, w: number) => {
    if (!isObj(site) || !Array.isArray(site.sources))
      throw new RecordError(`InvOrg.webSites[${w}].sources must be a list`);
    const website = text(site.code ?? site.name, `InvOrg.webSites[${w}].code`, { required: true, max: 100 });
    site.sources.forEach((source: unknown, s: number) => {
      const sp = `InvOrg.webSites[${w}].sources[${s}]`;
      if (!isObj(source) || !Array.isArray(source.sourceParts))
        throw new RecordError(`${sp}.sourceParts must be a list`);
      source.sourceParts.forEach((part: unknown, p: number) => {
        const offer = offerOf(part, source, website, `${sp}.sourceParts[${p}]`);
        const seen = offers.get(offer.sourcePartId);
        if (seen) {
          if (!seen.websites.includes(website)) seen.websites.push(website);
        } else offers.set(offer.sourcePartId, offer);
      });
    });
  });
  const imageSmall = uriOf('image_small');
  const part: PartRecord = {
    partNum,
    mfrCd,
    desc: text(entry.desc, 'desc', { max: 1000 }),
    packageType: text(entry.packageType, 'packageType', { max: 100 }),
    categoryName: text(entry.categoryName, 'categoryName', { max: 200 }),
    status: text(entry.status, 'status', { max: 40 }),
    datasheetUrl: uriOf('datasheet'),
    imageUrl: imageSmall ? imageSmall.replace(/\?size=small$/, '') : null,
    compliance: { eurohs: complianceOf('eurohs'), cnrohs: complianceOf('cnrohs') },
    offers: [...offers.values()],
  };
  return { part, manufacturer: { mfrCd, mfrName } };
}

/** The part entries of an import file: a list of `PartList` entries, or a whole v4 token or list answer. */
export function partEntriesOf(doc: unknown): unknown[] {
  if (Array.isArray(doc)) return doc;
  if (isObj(doc) && isObj(doc.itemserviceresult) && Array.isArray(doc.itemserviceresult.data)) {
    const entries: unknown[] = [];
    for (const d of doc.itemserviceresult.data) {
      if (!isObj(d)) continue;
      if (Array.isArray(d.PartList)) entries.push(...d.PartList);
      if (Array.isArray(d.resultList))
        for (const r of d.resultList) if (isObj(r) && Array.isArray(r.PartList)) entries.push(...r.PartList);
    }
    return entries;
  }
  throw new Error('the file must hold a JSON list of v4 PartList entries or a whole v4 item-service answer');
}

/**
 * Adds the valid records to the store in one transaction. Records that are malformed, already in the store
 * (same manufacturer and part number) or reuse a source-part id are skipped and reported by index.
 */
export function importParts(store: CatalogStore, entries: unknown[]): ImportResult {
  const skipped: ImportProblem[] = [];
  const accepted: PartRecord[] = [];
  const manufacturers = new Map<string, ManufacturerRecord>();
  const seenParts = new Set<string>();
  const seenOffers = new Set<string>();
  entries.forEach((entry, index) => {
    try {
      const { part, manufacturer } = partRecordOf(entry);
      const key = `${part.mfrCd.toUpperCase()}\u0000${part.partNum}`;
      const existingMfr = store.manufacturerByCode(part.mfrCd);
      if (existingMfr) part.mfrCd = existingMfr.mfr_cd;
      if (seenParts.has(key) || (existingMfr && store.partByNumber(existingMfr.mfr_cd, part.partNum))) {
        throw new RecordError(`part ${part.partNum} from ${part.mfrCd} is already in the catalog`);
      }
      for (const o of part.offers) {
        if (seenOffers.has(o.sourcePartId) || store.offer(o.sourcePartId))
          throw new RecordError(`sourcePartId ${o.sourcePartId} is already in the catalog`);
      }
      seenParts.add(key);
      part.offers.forEach((o) => seenOffers.add(o.sourcePartId));
      if (!existingMfr) manufacturers.set(manufacturer.mfrCd.toUpperCase(), manufacturer);
      accepted.push(part);
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      skipped.push({ index, message: e.message });
    }
  });
  store.db.transaction(() => {
    store.addManufacturers([...manufacturers.values()]);
    store.addParts(accepted);
  })();
  return { added: accepted.length, skipped };
}
