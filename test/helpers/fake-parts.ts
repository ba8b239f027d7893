/**
 * A parts catalog behind the list-search port, without a network: parts by part number, requests that can be
 * held until released (to act halfway through a run), and prices that can change between runs.
 */
import { CatalogError, type ListAnswer, type Offer, type Part, type PriceBreak } from '../../src/catalog';
import type { ListPart, ListSearchPort } from '../../src/lookup';

/** Contiguous tiers from `[minQty, price]` pairs; the last one is open-ended. */
export function makeBreaks(...tiers: Array<[number, number]>): PriceBreak[] {
  return tiers.map(([minQty, price], i) => ({
    minQty,
    maxQty: i + 1 < tiers.length ? tiers[i + 1][0] - 1 : Infinity,
    price,
    vipPrice: false,
  }));
}

export function makeOffer(o: Partial<Offer> & Pick<Offer, 'sourcePartId'>): Offer {
  return {
    websites: [],
    sourceCode: 'ACNA',
    sourceName: 'Americas',
    currency: 'USD',
    packSize: 1,
    moq: 1,
    breaks: makeBreaks([1, 0.1], [100, 0.08]),
    quoteOnly: false,
    stock: 10_000,
    availabilityCode: 'STK',
    availabilityText: 'In Stock',
    pipeline: [],
    inStock: true,
    leadTimeWeeks: 8,
    shipsFrom: null,
    shipsIn: null,
    ncnr: false,
    npi: false,
    tariff: false,
    dateCode: '',
    eccn: '',
    hts: null,
    countryOfOrigin: null,
    container: '',
    ...o,
  };
}

let nextItemId = 7000;

export function makePart(partNumber: string, offers: Offer[], overrides: Partial<Part> = {}): Part {
  return {
    itemId: nextItemId++,
    partNumber,
    manufacturerCode: 'TI',
    manufacturerName: 'Texas Instruments',
    description: `${partNumber} part`,
    packageType: '',
    category: '',
    status: 'Active',
    compliance: {},
    datasheetUrl: null,
    resources: [],
    offers,
    ...overrides,
  };
}

const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

export class FakeParts implements ListSearchPort {
  readonly parts = new Map<string, Part[]>();
  hold = false;
  answered = 0;
  private waiting: Array<() => void> = [];

  add(...parts: Part[]): this {
    for (const p of parts) this.parts.set(norm(p.partNumber), [...(this.parts.get(norm(p.partNumber)) ?? []), p]);
    return this;
  }

  /** Multiplies every price: the catalog a later run sees. */
  reprice(factor: number): void {
    for (const list of this.parts.values()) {
      for (const p of list)
        for (const o of p.offers)
          o.breaks = o.breaks.map((b) => ({ ...b, price: Math.round(b.price * factor * 1e5) / 1e5 }));
    }
  }

  get held(): number {
    return this.waiting.length;
  }

  release(): void {
    this.waiting.shift()?.();
  }

  listUrl(parts: ListPart[]): string {
    return `https://fake.example/list?${parts.map((p) => encodeURIComponent(p.partNumber)).join('&')}`;
  }

  async searchList(parts: ListPart[], opts: { signal?: AbortSignal } = {}): Promise<ListAnswer> {
    if (this.hold) {
      await new Promise<void>((resolve, reject) => {
        const abort = () => reject(new CatalogError('cancelled', 'The parts search was cancelled'));
        if (opts.signal?.aborted) return abort();
        opts.signal?.addEventListener('abort', abort, { once: true });
        this.waiting.push(resolve);
      });
    }
    this.answered++;
    const results = parts.map((p) => {
      const found = structuredClone(this.parts.get(norm(p.partNumber)) ?? []);
      return {
        requestedPartNumber: p.partNumber,
        manufacturerFilter: p.manufacturer ?? null,
        numberFound: found.length,
        parts: found,
      };
    });
    const partsFound = results.filter((r) => r.numberFound > 0).length;
    return {
      results,
      partsRequested: parts.length,
      partsFound,
      partsNotFound: parts.length - partsFound,
      partsError: 0,
    };
  }
}
