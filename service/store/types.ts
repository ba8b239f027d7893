/**
 * Records as the store keeps them. The demo generator and `catalog import` both produce these;
 * the item-service routes turn them into the v3 and v4 wire shapes.
 */

export interface PriceBreakRecord {
  minQty: number;
  /** Inclusive upper bound; the open-ended last tier carries the source's sentinel (99999999 or 999999999). */
  maxQty: number;
  /** Price in the offer's currency. */
  price: number;
  vipPrice?: boolean;
}

export interface PipelineRecord {
  /** As stored: `DD-MON-YYYY` or the documentation's `yyyymmdd`; the wire always carries `DD-MON-YYYY`. */
  delivery: string;
  quantity: number;
}

export interface OfferRecord {
  sourcePartId: string;
  /** MARKETPLACE, ACNA, NAC, EUROPE, ASIA or another source code. */
  sourceCd: string;
  sourceName: string;
  /** ISO currency of the stored prices. */
  currency: string;
  /**
   * Websites that list this source (v4 `webSites[].code`). The documentation allows several; the service
   * publishes the source part under the first only, as every capture does.
   */
  websites: string[];
  packSize: number;
  minimumOrderQuantity: number;
  /** `null` for quote-only offers: the wire answer then has no `Prices`. */
  breaks: PriceBreakRecord[] | null;
  fohQty: number;
  availabilityCd: string;
  availabilityMessage: string;
  pipeline: PipelineRecord[];
  dateCode: string;
  mfrLeadTime: number;
  tariffFlag: boolean;
  /** `null` means absent on the wire (not empty). */
  shipsFrom: string | null;
  shipsIn: string | null;
  partnerLeadTime: string;
  isNcnr: boolean;
  isNpi: boolean;
  productCode: string;
  eccnCode: string;
  htsCode: string | null;
  countryOfOrigin: string | null;
  containerType: string;
}

export interface PartRecord {
  partNum: string;
  mfrCd: string;
  desc: string;
  packageType: string;
  categoryName: string;
  status: string;
  datasheetUrl: string | null;
  imageUrl: string | null;
  compliance: { eurohs: string; cnrohs: string };
  offers: OfferRecord[];
}

export interface ManufacturerRecord {
  mfrCd: string;
  mfrName: string;
}

/** Well-known sources: display name and the website that publishes them (one each, as in the captures). */
export const KNOWN_SOURCES: Record<string, { name: string; websites: string[] }> = {
  MARKETPLACE: { name: 'Marketplace', websites: ['Marketplace.com'] },
  ACNA: { name: 'Partner Americas', websites: ['partner.com'] },
  NAC: { name: 'Partner North America', websites: ['partner.com'] },
  EUROPE: { name: 'Partner Europe', websites: ['partner.com'] },
  ASIA: { name: 'Partner Asia', websites: ['partner.com'] },
};

/** Open-ended last-tier sentinels, as observed on the wire. */
export const MAX_QTY_REGIONAL = 99999999;
export const MAX_QTY_MARKETPLACE = 999999999;
