import type { Offer, PartRow } from '../store/db';
import { convertFromUsd, displayPrice } from './currency';
import { wireDate } from './dates';

const MARKETPLACE_WEBSITE = 'Marketplace.com';
const DEFAULT_WEBSITE = 'partner.com';

export type ApiVersion = 'v3' | 'v4';

export const SERVICE_VERSION: Record<ApiVersion | 'v2', string> = { v2: '2.0.0', v3: '3.0.2', v4: '4.0.0' };

export interface ShapeContext {
  version: ApiVersion;
  /** `http://host:port` of this item service, for the detail links. */
  itemBase: string;
  /** Target of `utm_currency`; USD-priced offers are converted to it. */
  currency?: string;
}

/** Marketing-site links use the public site's address, as real answers do. */
const SITE = 'https://www.partner.com/en/products';

export function searchResource(token: string) {
  return { type: 'search', uri: `${SITE}/search?q=${encodeURIComponent(token.toLowerCase())}` };
}

function partResources(part: PartRow, itemBase: string) {
  const resources: { type: string; uri: string }[] = [];
  if (part.datasheet_url) resources.push({ type: 'datasheet', uri: part.datasheet_url });
  if (part.image_url) {
    resources.push({ type: 'image_small', uri: `${part.image_url}?size=small` });
    resources.push({ type: 'image_large', uri: `${part.image_url}?size=large` });
  }
  const mfr = encodeURIComponent(part.mfr_cd);
  const num = encodeURIComponent(part.part_num);
  resources.push({ type: 'cloud_part_detail', uri: `${SITE}/detail?pkey=${part.pkey}` });
  resources.push({ type: 'api_part_detail', uri: `${itemBase}/itemservice/v2/en/detail?mfrCd=${mfr}&partNum=${num}` });
  resources.push({ type: 'part_detail', uri: `${itemBase}/itemservice/v2/en/detail?pkey=${part.pkey}` });
  return resources;
}

/** Availability follows live stock: an offer sold out by orders reads "No Stock" even if it was published in stock. */
function availability(offer: Offer): { code: string; message: string } {
  if (offer.foh_qty === 0 && offer.breaks !== null && offer.availability_cd !== 'NOSTK') {
    return { code: 'NOSTK', message: 'No Stock' };
  }
  return { code: offer.availability_cd, message: offer.availability_msg };
}

function prices(offer: Offer, target: string | undefined) {
  if (offer.breaks === null) return undefined;
  const convert = target !== undefined && offer.currency === 'USD' && target !== 'USD';
  const currency = convert ? target : offer.currency;
  return {
    currency,
    Prices: {
      resaleList: offer.breaks.map((b) => {
        const price = convert ? convertFromUsd(b.price, target) : b.price;
        const tier: Record<string, unknown> = {
          displayPrice: displayPrice(price, currency),
          price,
          minQty: b.minQty,
          maxQty: b.maxQty,
        };
        if (b.vipPrice) tier.vipPrice = true;
        return tier;
      }),
    },
  };
}

/** The currency an offer is shown in: USD offers take `utm_currency`, others keep their own. */
export function offerCurrency(offer: Offer, target: string | undefined): string {
  return target !== undefined && offer.currency === 'USD' ? target : offer.currency;
}

function sourcePart(offer: Offer, ctx: ShapeContext): Record<string, unknown> {
  const avail = availability(offer);
  const priced = prices(offer, ctx.currency);
  const v3 = ctx.version === 'v3';
  const sp: Record<string, unknown> = { packSize: offer.pack_size, minimumOrderQuantity: offer.moq };
  if (v3) sp.sourcePartNumber = offer.product_code;
  sp.sourcePartId = offer.source_part_id;
  if (priced) sp.Prices = priced.Prices;
  const availEntry: Record<string, unknown> = { fohQty: offer.foh_qty };
  if (v3) availEntry.legacyBondedQty = 0;
  availEntry.availabilityCd = avail.code;
  availEntry.availabilityMessage = avail.message;
  availEntry.pipeline = offer.pipeline.map((entry) => ({
    delivery: wireDate(entry.delivery),
    quantity: entry.quantity,
  }));
  sp.Availability = [availEntry];
  sp.customerSpecificPricing = [];
  sp.customerSpecificInventory = [];
  sp.dateCode = offer.date_code;
  const id = encodeURIComponent(offer.source_part_id);
  sp.resources = [
    { type: 'detail', uri: `${SITE}/detail?sourcePartId=${id}` },
    { type: 'add_to_cart', uri: `${SITE}/cart/add?sourcePartId=${id}` },
  ];
  sp.inStock = offer.foh_qty > 0;
  sp.mfrLeadTime = offer.mfr_lead_time;
  if (!v3) {
    sp.tariffFlag = offer.tariff_flag === 1;
    if (offer.ships_from !== null) sp.shipsFrom = offer.ships_from;
    if (offer.ships_in !== null) sp.shipsIn = offer.ships_in;
    sp.partnerLeadTime = offer.partner_lead_time;
  }
  sp.isNcnr = offer.is_ncnr === 1;
  sp.isNpi = offer.is_npi === 1;
  sp.productCode = offer.product_code;
  if (v3) {
    sp.iccLevels = [];
    sp.cloudMfrCode = '';
    if (offer.source_cd === 'EUROPE')
      sp.unityCombinedIccLevel3 = `${offer.eccn_code || 'N'}|${offer.hts_code ?? ''}|${offer.country_of_origin ?? ''}`;
  }
  sp.eccnCode = offer.eccn_code;
  if (offer.hts_code !== null) sp.htsCode = offer.hts_code;
  if (offer.country_of_origin !== null) sp.countryOfOrigin = offer.country_of_origin;
  if (v3) sp.locationId = offer.item_id;
  sp.containerType = offer.container_type;
  if (v3) {
    sp.distStockAllow = {
      isWarrantied: offer.source_cd !== 'MARKETPLACE',
      sourceCode: offer.source_cd,
      countryCode: offer.country_of_origin ?? '',
      companyName: offer.source_name,
      neda: '',
    };
  }
  return sp;
}

interface SourceGroup {
  currency: string;
  sourceCd: string;
  displayName: string;
  sourceParts: Record<string, unknown>[];
}

function groupBySource(offers: Offer[], ctx: ShapeContext): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  for (const offer of offers) {
    const currency = offerCurrency(offer, ctx.currency);
    const key = `${offer.source_cd}\u0000${currency}`;
    let group = groups.get(key);
    if (!group) {
      group = { currency, sourceCd: offer.source_cd, displayName: offer.source_name, sourceParts: [] };
      groups.set(key, group);
    }
    group.sourceParts.push(sourcePart(offer, ctx));
  }
  return [...groups.values()];
}

/**
 * The one website that publishes an offer: the first one stored. Every capture lists each source part under one
 * website, and public clients add up stock per website entry, so a source part stored (or imported) under several
 * websites is still published once.
 */
export function websiteOf(offer: Offer): string {
  return offer.websites[0] ?? DEFAULT_WEBSITE;
}

/** v4: websites in order (marketplace first), each listing the sources it publishes; a website with no source is left out. */
function webSites(offers: Offer[], ctx: ShapeContext) {
  const byName = new Map<string, Offer[]>();
  for (const offer of offers) {
    const name = websiteOf(offer);
    const list = byName.get(name);
    if (list) list.push(offer);
    else byName.set(name, [offer]);
  }
  const names = [...byName.keys()].sort(
    (a, b) => Number(b === MARKETPLACE_WEBSITE) - Number(a === MARKETPLACE_WEBSITE),
  );
  return names.map((name) => ({ code: name, name, sources: groupBySource(byName.get(name)!, ctx) }));
}

export function partShape(part: PartRow, offers: Offer[], ctx: ShapeContext): Record<string, unknown> {
  const shape: Record<string, unknown> = {
    itemId: part.item_id,
    partNum: part.part_num,
    manufacturer: { mfrCd: part.mfr_cd, mfrName: part.mfr_name },
    desc: part.description,
    packageType: part.package_type,
    resources: partResources(part, ctx.itemBase),
    EnvData: {
      compliance: [
        { displayLabel: 'eurohs', displayValue: part.eurohs },
        { displayLabel: 'cnrohs', displayValue: part.cnrohs },
      ],
    },
    InvOrg: ctx.version === 'v3' ? { sources: groupBySource(offers, ctx) } : { webSites: webSites(offers, ctx) },
    hasDatasheet: part.datasheet_url !== null,
  };
  if (ctx.version === 'v4') {
    shape.categoryName = part.category_name;
    shape.status = part.status;
  }
  return shape;
}
