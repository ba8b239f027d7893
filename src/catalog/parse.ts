/**
 * Item-service answers -> the catalog model. Pure functions over an answer already decoded from JSON, or from
 * XML by fast-xml-parser with `parseTagValue: false`. The two decodings differ, and every reader here accepts both:
 * - XML repeats an element for each list entry, so a list of one arrives as a bare object, and an empty list
 *   (or an empty object) arrives as an absent element or as `''`;
 * - XML carries numbers and booleans as text;
 * - XML parsers trim text, so text is trimmed here for JSON too, and both decodings give the same model.
 *
 * Reading is tolerant per record: real answers carry the odd record that cannot be read (a price break without
 * `minQty`, an offer without `sourcePartId`, a part without `itemId`). Such a record costs only itself, an offer
 * or a part: it is left out, and a warning naming its path and what was wrong goes with the answer
 * (`warnings` of SearchPage, ListResult and ListAnswer); a part whose every offer was left out is left out too.
 * Only an answer whose envelope cannot be read, or whose every part was left out, fails as a whole.
 */
import { type Raw, fieldText as text, isRecord, optionalFieldText as optionalText } from '../http/wire-values';
import {
  Unreadable,
  asRecord,
  booleanOf,
  entries,
  isEmpty,
  malformed,
  numberOf,
  parseDecimal,
  parseDeliveryDate,
  record,
  records,
  strict,
  tolerant,
  type Warnings,
} from './answer-values';
import { successful } from './envelope';

// Reading values (answer-values.ts) and the body and envelope (envelope.ts) stay importable from here.
export { malformed, parseDecimal, parseDeliveryDate } from './answer-values';
export { AUTH_MESSAGE, decodeJson, decodeXml, envelopeFailure, readEnvelope, type Envelope } from './envelope';
import type {
  ApiVersion,
  ListAnswer,
  ListResult,
  Manufacturer,
  Offer,
  Part,
  PipelineDelivery,
  PriceBreak,
  Resource,
  SearchPage,
} from './model';

/** Both open-ended last-tier sentinels seen on the wire: 99999999 (regional) and 999999999 (marketplace). */
export const OPEN_ENDED_MAX_QTY = 99_999_999;

// ---------------------------------------------------------------------------------------------------------------
// Parts and offers

/** The price of a break: `price` (a number, or text), else `displayPrice`; undefined when neither reads. */
function priceOf(raw: Raw): number | undefined {
  return (
    numberOf(raw.price) ??
    (typeof raw.price === 'string' ? parseDecimal(raw.price) : undefined) ??
    parseDecimal(text(raw.displayPrice))
  );
}

function parseBreak(raw: Raw, path: string): PriceBreak {
  const minQty = numberOf(raw.minQty);
  if (minQty === undefined)
    throw new Unreadable(
      path,
      isEmpty(raw.minQty) ? 'minQty missing' : `minQty '${text(raw.minQty).slice(0, 20)}' is not a number`,
    );
  const maxWire = numberOf(raw.maxQty);
  const price = priceOf(raw);
  if (price === undefined)
    throw new Unreadable(path, isEmpty(raw.price) && isEmpty(raw.displayPrice) ? 'price missing' : 'price unreadable');
  return {
    minQty,
    maxQty: maxWire === undefined || maxWire >= OPEN_ENDED_MAX_QTY ? Infinity : maxWire,
    price,
    vipPrice: booleanOf(raw.vipPrice) ?? false,
  };
}

function parsePipeline(value: unknown, path: string): PipelineDelivery[] {
  const out: PipelineDelivery[] = [];
  for (const entry of records(value, path)) {
    const date = parseDeliveryDate(text(entry.delivery));
    if (date === null) continue;
    out.push({ date, quantity: numberOf(entry.quantity) ?? 0 });
  }
  return out;
}

/**
 * A lead time in weeks given as a number or as text (`"14"`, `"14 weeks"`, `"14 Wks"`); null when empty or not a
 * number of weeks ≥ 0 (v4's `partnerLeadTime` is text, and empty in most answers).
 */
function weeksOf(value: unknown): number | null {
  const direct = numberOf(value);
  if (direct !== undefined) return direct >= 0 ? direct : null;
  const match = /^(\d+(?:\.\d+)?)\s*(?:weeks?|wks?)$/i.exec(text(value));
  return match ? Number(match[1]) : null;
}

/** A count that must be at least 1; 0 or absent on the wire means "no constraint". */
function atLeastOne(value: unknown): number {
  const n = numberOf(value);
  return n !== undefined && n >= 1 ? n : 1;
}

/**
 * The price breaks of an offer. Quote-only offers come with null prices in their breaks: when no break has a
 * price, the offer is quote-only (no breaks); a break without a price among priced ones makes the offer unreadable.
 */
function parseBreaks(sp: Raw, path: string): PriceBreak[] {
  const list = records(record(sp.Prices, `${path}.Prices`).resaleList, `${path}.Prices.resaleList`);
  if (list.length > 0 && list.every((b) => isEmpty(b.price) && isEmpty(b.displayPrice))) return [];
  // Pushed one by one, not mapped: a mapped array's elements kind depends on whether compiled code or the interpreter
  // made it, and the planning code that reads every offer's breaks would meet two kinds of array for one.
  const breaks: PriceBreak[] = [];
  for (let i = 0; i < list.length; i++) breaks.push(parseBreak(list[i], `${path}.Prices.resaleList[${i}]`));
  return breaks.sort((a, b) => a.minQty - b.minQty);
}

function parseOffer(source: Raw, sp: Raw, websites: string[], path: string): Offer {
  const sourcePartId = text(sp.sourcePartId);
  if (sourcePartId === '') throw new Unreadable(path, 'sourcePartId missing');
  const breaks = parseBreaks(sp, path);
  const availability = records(sp.Availability, `${path}.Availability`)[0] ?? {};
  const stock = Math.max(0, numberOf(availability.fohQty) ?? 0);
  return {
    websites,
    sourceCode: text(source.sourceCd),
    sourceName: text(source.displayName),
    currency: text(source.currency).toUpperCase(),
    sourcePartId,
    packSize: atLeastOne(sp.packSize),
    moq: atLeastOne(sp.minimumOrderQuantity),
    breaks,
    quoteOnly: breaks.length === 0,
    stock,
    availabilityCode: text(availability.availabilityCd),
    availabilityText: text(availability.availabilityMessage),
    pipeline: parsePipeline(availability.pipeline, `${path}.Availability.pipeline`),
    inStock: booleanOf(sp.inStock) ?? stock > 0,
    leadTimeWeeks: numberOf(sp.mfrLeadTime) ?? null,
    partnerLeadTimeWeeks: weeksOf(sp.partnerLeadTime),
    shipsFrom: optionalText(sp.shipsFrom),
    shipsIn: optionalText(sp.shipsIn),
    ncnr: booleanOf(sp.isNcnr) ?? false,
    npi: booleanOf(sp.isNpi) ?? false,
    tariff: booleanOf(sp.tariffFlag) ?? false,
    dateCode: text(sp.dateCode),
    eccn: text(sp.eccnCode),
    hts: optionalText(sp.htsCode),
    countryOfOrigin: optionalText(sp.countryOfOrigin),
    container: text(sp.containerType),
  };
}

/**
 * Offers of one part. v4 lists sources per website, and the same source part may be published under several
 * websites: it becomes one offer listing every website, so its stock is counted once. v3 lists sources directly.
 * Either shape is read whatever the version asked, preferring the one that version documents.
 */
function parseOffers(
  invOrgValue: unknown,
  version: ApiVersion,
  path: string,
  warnings: Warnings,
  partNumber: string,
): Offer[] {
  const invOrg = record(invOrgValue, `${path}.InvOrg`);
  const useWebsites =
    version === 'v4'
      ? invOrg.webSites !== undefined || invOrg.sources === undefined
      : invOrg.sources === undefined && invOrg.webSites !== undefined;
  const groups: { website: string | null; sources: Raw[]; path: string }[] = useWebsites
    ? records(invOrg.webSites, `${path}.InvOrg.webSites`).map((site, i) => ({
        website: text(site.code) || text(site.name) || null,
        sources: records(site.sources, `${path}.InvOrg.webSites[${i}].sources`),
        path: `${path}.InvOrg.webSites[${i}].sources`,
      }))
    : [{ website: null, sources: records(invOrg.sources, `${path}.InvOrg.sources`), path: `${path}.InvOrg.sources` }];

  const offers = new Map<string, Offer>();
  for (const group of groups) {
    group.sources.forEach((source, s) => {
      const partsPath = `${group.path}[${s}].sourceParts`;
      const list =
        tolerant(
          warnings,
          () => entries(source.sourceParts, partsPath),
          `the offers of ${partNumber} from source ${text(source.sourceCd) || s}`,
        ) ?? [];
      list.forEach((entry, p) => {
        const spPath = `${partsPath}[${p}]`;
        tolerant(
          warnings,
          () => {
            const sp = asRecord(entry, spPath);
            const id = text(sp.sourcePartId);
            const known = id === '' ? undefined : offers.get(id);
            if (known) {
              if (group.website !== null && !known.websites.includes(group.website)) known.websites.push(group.website);
              return;
            }
            const offer = parseOffer(source, sp, group.website === null ? [] : [group.website], spPath);
            offers.set(offer.sourcePartId, offer);
          },
          `an offer of ${partNumber}`,
        );
      });
    });
  }
  return [...offers.values()];
}

/**
 * One `PartList` entry, v3 or v4 shape. A part that cannot be read throws (malformed); an offer of it that cannot
 * be read is left out, and noted in `warnings` when given.
 */
export function parsePart(raw: unknown, version: ApiVersion, path = 'PartList entry', warnings: Warnings = []): Part {
  return strict(() => readPart(raw, version, path, warnings));
}

function readPart(raw: unknown, version: ApiVersion, path: string, warnings: Warnings): Part {
  if (!isRecord(raw)) throw new Unreadable(path, 'not an object');
  // The reference table writes itemID; real answers itemId.
  const itemId = numberOf(raw.itemId) ?? numberOf(raw.itemID);
  if (itemId === undefined)
    throw new Unreadable(path, isEmpty(raw.itemId ?? raw.itemID) ? 'itemId missing' : 'itemId is not a number');
  const partNumber = text(raw.partNum);
  if (partNumber === '') throw new Unreadable(path, 'partNum missing');
  const manufacturer = record(raw.manufacturer, `${path}.manufacturer`);
  const compliance: Record<string, string> = {};
  for (const entry of records(record(raw.EnvData, `${path}.EnvData`).compliance, `${path}.EnvData.compliance`)) {
    const label = text(entry.displayLabel);
    if (label !== '') compliance[label] = text(entry.displayValue);
  }
  const resources: Resource[] = records(raw.resources, `${path}.resources`).map((r) => ({
    type: text(r.type),
    uri: optionalText(r.uri),
  }));
  // Real answers spell the flag hasDatasheet; the reference table hasDataSheet. The link is the datasheet resource.
  const hasDatasheet = booleanOf(raw.hasDatasheet) ?? booleanOf(raw.hasDataSheet);
  const datasheetUrl = hasDatasheet === false ? null : (resources.find((r) => r.type === 'datasheet')?.uri ?? null);
  return {
    itemId,
    partNumber,
    manufacturerCode: text(manufacturer.mfrCd),
    manufacturerName: text(manufacturer.mfrName),
    description: text(raw.desc),
    packageType: text(raw.packageType),
    category: text(raw.categoryName),
    status: text(raw.status),
    compliance,
    datasheetUrl,
    resources,
    offers: readableOffers(raw.InvOrg, version, path, warnings, partNumber),
  };
}

/**
 * The offers of a part that can be read. A part that was published with offers and has none left is unreadable
 * itself: read as a part without offers it would say "no offers" and a stock of 0 for a part that has both.
 */
function readableOffers(
  invOrg: unknown,
  version: ApiVersion,
  path: string,
  warnings: Warnings,
  partNumber: string,
): Offer[] {
  const before = warnings.length;
  const offers = parseOffers(invOrg, version, path, warnings, partNumber);
  if (offers.length === 0 && warnings.length > before) throw new Unreadable(path, 'no offer could be read');
  return offers;
}

/** The parts of a list that can be read; each one that cannot is noted in `warnings` and left out. */
function parsePartList(value: unknown, version: ApiVersion, path: string, warnings: Warnings): Part[] {
  const parts: Part[] = [];
  entries(value, path).forEach((raw, i) => {
    const partNum = isRecord(raw) ? text(raw.partNum) : '';
    const part = tolerant(
      warnings,
      () => readPart(raw, version, `${path}[${i}]`, warnings),
      partNum ? `part ${partNum}` : 'part',
    );
    if (part) parts.push(part);
  });
  return parts;
}

/** Every part of an answer that had parts was left out: the answer as a whole cannot be used. */
function nothingLeft(parts: readonly Part[], warnings: Warnings, before: number): boolean {
  return parts.length === 0 && warnings.length > before;
}

// ---------------------------------------------------------------------------------------------------------------
// Operations

/** A token search (or detail) answer. */
export function parseSearchAnswer(body: unknown, version: ApiVersion): SearchPage {
  const envelope = successful(body);
  const first = envelope.data[0] ?? {};
  const warnings: Warnings = [];
  const parts = strict(() => parsePartList(first.PartList, version, 'data[0].PartList', warnings));
  if (nothingLeft(parts, warnings, 0)) throw malformed(`no part could be read (${warnings[0]})`);
  return { parts, totalItems: envelope.totalItems ?? parts.length, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** `"MPN|MFR"` -> the part number and the manufacturer filter; a bar is the last one, since codes carry none. */
export function splitRequestedPartNum(value: string): {
  requestedPartNumber: string;
  manufacturerFilter: string | null;
} {
  const bar = value.lastIndexOf('|');
  if (bar === -1) return { requestedPartNumber: value, manufacturerFilter: null };
  const filter = value.slice(bar + 1).trim();
  return { requestedPartNumber: value.slice(0, bar).trim(), manufacturerFilter: filter === '' ? null : filter };
}

/** A search-by-list answer: one result per requested part, in request order. */
export function parseListAnswer(body: unknown, version: ApiVersion): ListAnswer {
  const envelope = successful(body);
  const first = envelope.data[0];
  if (!first) throw malformed('the list result is missing');
  const warnings: Warnings = [];
  const results: ListResult[] = [];
  strict(() => entries(first.resultList, 'data[0].resultList')).forEach((raw, i) => {
    const path = `data[0].resultList[${i}]`;
    const result = tolerant(
      warnings,
      () => {
        const entry = asRecord(raw, path);
        const own: Warnings = [];
        const parts =
          tolerant(
            own,
            () => parsePartList(entry.PartList, version, `${path}.PartList`, own),
            `the parts of ${text(entry.requestedPartNum) || 'this result'}`,
          ) ?? [];
        warnings.push(...own);
        const read: ListResult = {
          ...splitRequestedPartNum(text(entry.requestedPartNum)),
          numberFound: numberOf(entry.numberFound) ?? parts.length,
          parts,
        };
        return own.length > 0 ? { ...read, warnings: own } : read;
      },
      'result',
    );
    if (result) results.push(result);
  });
  const found = results.filter((r) => r.numberFound > 0).length;
  const partsError = numberOf(first.partsError) ?? 0;
  return {
    results,
    partsRequested: numberOf(first.partsRequested) ?? results.length,
    partsFound: numberOf(first.partsFound) ?? found,
    partsNotFound: numberOf(first.partsNotFound) ?? results.length - found - partsError,
    partsError,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** A manufacturer lookup answer. */
export function parseManufacturers(body: unknown): Manufacturer[] {
  const envelope = successful(body);
  const first = envelope.data[0] ?? {};
  return strict(() => records(first.manufacturers, 'manufacturers')).map((m, i) => {
    const code = text(m.mfrCd);
    if (code === '') throw malformed(`manufacturers[${i}] has no mfrCd`);
    return {
      id: numberOf(m.mfrId) ?? 0,
      code,
      name: text(m.mfrName),
      alternateName: text(m.stateAlternateName),
    };
  });
}
