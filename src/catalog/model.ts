/**
 * The one model of a part and its offers that the functions, the task pane and the CLI speak.
 * v3, v4, JSON and XML answers are translated into it at the client's border (src/catalog).
 */

export type ApiVersion = 'v3' | 'v4';

export interface PriceBreak {
  /** Smallest quantity that earns this price. */
  minQty: number;
  /** Largest quantity of this tier; `Infinity` for the open-ended last tier (either wire sentinel). */
  maxQty: number;
  /** Unit price in the offer's currency. */
  price: number;
  vipPrice: boolean;
}

export interface PipelineDelivery {
  /** ISO date `yyyy-mm-dd`, whichever format the wire used. */
  date: string;
  quantity: number;
}

export interface Offer {
  /** Websites that publish this offer (v4 `webSites[].code`); empty for v3 answers. */
  websites: string[];
  sourceCode: string;
  sourceName: string;
  /** ISO currency of `breaks`. */
  currency: string;
  /** The id checkout takes as an item id. */
  sourcePartId: string;
  packSize: number;
  /** Minimum order quantity; 0 on the wire is read as 1 (no minimum). */
  moq: number;
  /** Empty for quote-only offers: no price is published. */
  breaks: PriceBreak[];
  quoteOnly: boolean;
  /** Free-on-hand stock. */
  stock: number;
  availabilityCode: string;
  availabilityText: string;
  pipeline: PipelineDelivery[];
  inStock: boolean;
  /** Manufacturer lead time in weeks; `null` when not published. */
  leadTimeWeeks: number | null;
  /**
   * The operator's own lead time in weeks (v4 `partnerLeadTime`, text that is often empty); `null` or absent when
   * not published (empty, unreadable, or a v3 answer). Where given it is the wait a backorder of this offer means.
   */
  partnerLeadTimeWeeks?: number | null;
  shipsFrom: string | null;
  shipsIn: string | null;
  ncnr: boolean;
  npi: boolean;
  tariff: boolean;
  dateCode: string;
  eccn: string;
  hts: string | null;
  countryOfOrigin: string | null;
  container: string;
}

export interface Resource {
  type: string;
  uri: string | null;
}

export interface Part {
  itemId: number;
  partNumber: string;
  manufacturerCode: string;
  manufacturerName: string;
  description: string;
  packageType: string;
  category: string;
  status: string;
  /** Compliance by label (`eurohs`, `cnrohs`): Compliant, Non Compliant, Unknown, or ''. */
  compliance: Record<string, string>;
  datasheetUrl: string | null;
  resources: Resource[];
  offers: Offer[];
}

export interface Manufacturer {
  id: number;
  code: string;
  name: string;
  alternateName: string;
}

/** What a token search returns: a page of parts and how many match in all. */
export interface SearchPage {
  parts: Part[];
  totalItems: number;
  /**
   * Records of the answer that could not be read and were left out, each as `path: what was wrong (what was
   * left out)`; absent when every record was read.
   */
  warnings?: string[];
}

/** One requested line of a list search and what matched it. */
export interface ListResult {
  requestedPartNumber: string;
  manufacturerFilter: string | null;
  numberFound: number;
  parts: Part[];
  /**
   * Records of this result that could not be read and were left out, each as `path: what was wrong (what was
   * left out)`; absent when every record was read.
   */
  warnings?: string[];
}

export interface ListAnswer {
  results: ListResult[];
  partsRequested: number;
  partsFound: number;
  partsNotFound: number;
  partsError: number;
  /**
   * Records of the answer that could not be read and were left out, each as `path: what was wrong (what was
   * left out)`; absent when every record was read.
   */
  warnings?: string[];
}
