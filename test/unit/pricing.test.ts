import fc from 'fast-check';
import type { Offer, Part, PriceBreak } from '../../src/catalog/model';
import {
  bestOffer,
  extendedCost,
  formatAmount,
  freeStock,
  isPricingError,
  orderQuantity,
  priceAtQuantity,
  priceBreaksTable,
  PricingError,
  stockOf,
  sumByCurrency,
  uniqueOffers,
  type BestOffer,
  type NoOffer,
} from '../../src/pricing';

function tier(minQty: number, maxQty: number, price: number): PriceBreak {
  return { minQty, maxQty, price, vipPrice: false };
}

function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    websites: ['partner.com'],
    sourceCode: 'ACNA',
    sourceName: 'Partner Americas',
    currency: 'USD',
    sourcePartId: 'V36:1790_07275143',
    packSize: 1,
    moq: 1,
    breaks: [tier(1, 99, 0.1), tier(100, Infinity, 0.08)],
    quoteOnly: false,
    stock: 10000,
    availabilityCode: 'INSTK',
    availabilityText: 'In Stock',
    pipeline: [],
    inStock: true,
    leadTimeWeeks: 12,
    shipsFrom: 'United States of America',
    shipsIn: 'Ships today',
    ncnr: false,
    npi: false,
    tariff: false,
    dateCode: '',
    eccn: 'EAR99',
    hts: '8541100080',
    countryOfOrigin: 'CN',
    container: 'Cut Strips',
    ...overrides,
  };
}

function quoteOnly(overrides: Partial<Offer> = {}): Offer {
  return offer({
    sourceCode: 'EUROPE',
    sourceName: 'Partner Europe',
    sourcePartId: 'E02:0323_00016422',
    breaks: [],
    quoteOnly: true,
    stock: 0,
    inStock: false,
    availabilityCode: 'QUOTE',
    availabilityText: 'Call For Quote',
    ...overrides,
  });
}

function part(offers: Offer[]): Part {
  return {
    itemId: 1049937,
    partNumber: 'BAV99',
    manufacturerCode: 'NXP',
    manufacturerName: 'NXP Semiconductors',
    description: 'Diode Switching 100V 0.215A 3-Pin SOT-23 T/R',
    packageType: '',
    category: 'Diodes',
    status: 'Active',
    compliance: { eurohs: 'Compliant', cnrohs: 'Compliant' },
    datasheetUrl: null,
    resources: [],
    offers,
  };
}

/** MOQ 291 with the first tier from 66, as real answers show. */
const moq291 = offer({
  sourceCode: 'MARKETPLACE',
  sourceName: 'Marketplace',
  websites: ['Marketplace.com'],
  sourcePartId: '65130973',
  moq: 291,
  breaks: [tier(66, 99, 0.416), tier(100, 249, 0.35), tier(250, 499, 0.3), tier(500, Infinity, 0.25)],
  stock: 2000,
  leadTimeWeeks: 0,
});

/** Full reels of 3000. */
const reel = offer({
  sourcePartId: 'V36:1790_07275144',
  packSize: 3000,
  moq: 3000,
  breaks: [tier(3000, 5999, 0.021), tier(6000, Infinity, 0.018)],
  stock: 48000,
  container: 'Reel',
});

/** No stock today, deliveries on the way. */
const pipelineOnly = offer({
  sourceCode: 'ASIA',
  sourceName: 'Partner Asia',
  sourcePartId: '0898_00015182',
  stock: 0,
  inStock: false,
  availabilityCode: 'NOSTK',
  availabilityText: 'No Stock',
  pipeline: [{ date: '2023-11-10', quantity: 665 }],
  leadTimeWeeks: 8,
});

function found(result: BestOffer | NoOffer): BestOffer {
  if (!result.found) throw new Error(`expected an offer, got ${result.reason}: ${result.message}`);
  return result;
}

function none(result: BestOffer | NoOffer): NoOffer {
  if (result.found) throw new Error(`expected no offer, got ${result.offer.sourcePartId}`);
  return result;
}

describe('orderQuantity', () => {
  it('raises a small need to the MOQ', () => {
    expect(orderQuantity(1, moq291)).toBe(291);
    expect(orderQuantity(290, moq291)).toBe(291);
  });

  it('keeps a need above the MOQ when there is no pack constraint', () => {
    expect(orderQuantity(500, moq291)).toBe(500);
  });

  it('rounds up to whole reels of 3000', () => {
    expect(orderQuantity(10, reel)).toBe(3000);
    expect(orderQuantity(3000, reel)).toBe(3000);
    expect(orderQuantity(3001, reel)).toBe(6000);
  });

  it('rounds max(need, MOQ) up to the pack size when the MOQ is not a multiple of it', () => {
    expect(orderQuantity(1, { moq: 250, packSize: 100 })).toBe(300);
    expect(orderQuantity(301, { moq: 250, packSize: 100 })).toBe(400);
  });

  it('reads an MOQ or pack size below 1 as no constraint', () => {
    expect(orderQuantity(7, { moq: 0, packSize: 0 })).toBe(7);
  });

  it.each([0, -1, 1.5, NaN, Infinity, '5' as unknown as number])('rejects %p with a typed error', (need) => {
    expect(() => orderQuantity(need, moq291)).toThrow(PricingError);
    try {
      orderQuantity(need, moq291);
    } catch (e) {
      expect(isPricingError(e)).toBe(true);
      expect((e as PricingError).kind).toBe('invalid-quantity');
      expect((e as PricingError).message).toBe('Quantity must be a whole number ≥ 1');
    }
  });

  it('is ≥ need, ≥ MOQ, a multiple of the pack size, and the smallest such quantity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 5000 }),
        (need, moq, packSize) => {
          const qty = orderQuantity(need, { moq, packSize });
          expect(qty).toBeGreaterThanOrEqual(need);
          expect(qty).toBeGreaterThanOrEqual(moq);
          expect(qty % packSize).toBe(0);
          expect(qty - packSize).toBeLessThan(Math.max(need, moq));
        },
      ),
    );
  });
});

describe('priceAtQuantity', () => {
  it('prices the MOQ of 291 from the tier it falls in, not the first tier', () => {
    const orderQty = orderQuantity(100, moq291);
    expect(priceAtQuantity(moq291, orderQty)).toEqual({ unitPrice: 0.3, tier: tier(250, 499, 0.3) });
  });

  it('has a price from the first tier even when that tier starts below the MOQ', () => {
    expect(priceAtQuantity(moq291, 66)).toMatchObject({ unitPrice: 0.416 });
    expect(priceAtQuantity(moq291, 99)).toMatchObject({ unitPrice: 0.416 });
    expect(priceAtQuantity(moq291, 100)).toMatchObject({ unitPrice: 0.35 });
  });

  it('has no published price below the first break', () => {
    expect(priceAtQuantity(moq291, 65)).toEqual({ unitPrice: null, reason: 'below-first-break' });
  });

  it('uses the open-ended last tier for any large quantity', () => {
    expect(priceAtQuantity(moq291, 99_999_999)).toEqual({ unitPrice: 0.25, tier: tier(500, Infinity, 0.25) });
  });

  it('has no price for a quote-only offer', () => {
    expect(priceAtQuantity(quoteOnly(), 10)).toEqual({ unitPrice: null, reason: 'quote-only' });
    expect(priceAtQuantity({ breaks: [], quoteOnly: false }, 10)).toEqual({ unitPrice: null, reason: 'quote-only' });
  });

  it('reports a gap between tiers as no tier', () => {
    const gappy = { quoteOnly: false, breaks: [tier(1, 9, 1), tier(20, Infinity, 0.5)] };
    expect(priceAtQuantity(gappy, 15)).toEqual({ unitPrice: null, reason: 'no-tier' });
  });

  it('does not depend on the order of breaks and leaves them untouched', () => {
    const breaks = [tier(500, Infinity, 0.25), tier(66, 99, 0.416), tier(100, 499, 0.3)];
    const copy = breaks.map((b) => ({ ...b }));
    expect(priceAtQuantity({ breaks, quoteOnly: false }, 120)).toMatchObject({ unitPrice: 0.3 });
    expect(breaks).toEqual(copy);
  });

  it('rejects a quantity that is not a whole number ≥ 1', () => {
    expect(() => priceAtQuantity(moq291, 0)).toThrow('Quantity must be a whole number ≥ 1');
  });

  it('picks the tier containing the quantity for contiguous tiers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.boolean(),
        (startsRaw, priceMicros, offset, reversed) => {
          const starts = [...startsRaw].sort((a, b) => a - b);
          const breaks = starts.map((s, i) =>
            tier(s, i + 1 < starts.length ? starts[i + 1] - 1 : Infinity, priceMicros[i] / 1e6),
          );
          const qty = starts[0] + offset;
          const expected = breaks.find((b) => b.minQty <= qty && qty <= b.maxQty);
          const result = priceAtQuantity({ quoteOnly: false, breaks: reversed ? [...breaks].reverse() : breaks }, qty);
          expect(result).toEqual({ unitPrice: expected!.price, tier: expected });
          if (starts[0] > 1) {
            expect(priceAtQuantity({ quoteOnly: false, breaks }, starts[0] - 1)).toEqual({
              unitPrice: null,
              reason: 'below-first-break',
            });
          }
        },
      ),
    );
  });
});

describe('extendedCost', () => {
  it('has no float drift', () => {
    expect(extendedCost(0.1, 3)).toBe(0.3);
    expect(0.1 * 3).not.toBe(0.3);
    expect(extendedCost(0.41634, 291)).toBe(121.15494);
    expect(extendedCost(0.00001, 7)).toBe(0.00007);
    expect(extendedCost(0.12345, 99_999_999)).toBe(12344999.87655);
    expect(extendedCost(0.416, 0)).toBe(0);
  });

  it('rounds a unit price to the micro-unit before multiplying', () => {
    expect(extendedCost(0.0000004, 1000)).toBe(0);
    expect(extendedCost(0.0000006, 1000)).toBe(0.001);
  });

  it('rejects prices and quantities it cannot multiply', () => {
    expect(() => extendedCost(-0.1, 3)).toThrow(expect.objectContaining({ kind: 'invalid-price' }));
    expect(() => extendedCost(NaN, 3)).toThrow(expect.objectContaining({ kind: 'invalid-price' }));
    expect(() => extendedCost(0.1, 1.5)).toThrow(expect.objectContaining({ kind: 'invalid-quantity' }));
    expect(() => extendedCost(0.1, -1)).toThrow(PricingError);
  });

  it('equals the exact decimal product for prices with up to six decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), (micro, qty) => {
        fc.pre(micro * qty <= Number.MAX_SAFE_INTEGER);
        expect(extendedCost(micro / 1e6, qty)).toBe((micro * qty) / 1e6);
      }),
    );
  });

  it('formats amounts with two decimals, more only when present', () => {
    expect(formatAmount(8)).toBe('8.00');
    expect(formatAmount(9.5)).toBe('9.50');
    expect(formatAmount(2.88638)).toBe('2.88638');
  });
});

describe('sumByCurrency', () => {
  it('never adds amounts in different currencies', () => {
    const totals = sumByCurrency([
      { currency: 'USD', extended: 121.15494 },
      { currency: 'EUR', extended: 45.5 },
      { currency: 'USD', extended: 63 },
      { currency: 'GBP', extended: 0.3 },
    ]);
    expect(totals).toEqual({ USD: 184.15494, EUR: 45.5, GBP: 0.3 });
  });

  it('sums exactly and treats currency codes case-insensitively', () => {
    expect(sumByCurrency([
      { currency: 'usd', extended: 0.1 },
      { currency: 'USD ', extended: 0.2 },
    ])).toEqual({ USD: 0.3 });
    expect(sumByCurrency([])).toEqual({});
  });

  it('rejects an amount that is not a number', () => {
    expect(() => sumByCurrency([{ currency: 'USD', extended: NaN }])).toThrow(PricingError);
  });
});

describe('stock', () => {
  it('sums stock of different offers', () => {
    expect(freeStock(part([moq291, reel, pipelineOnly]))).toBe(2000 + 48000);
  });

  it('counts stock published under two websites once', () => {
    const both = offer({ websites: ['Marketplace.com', 'partner.com'], stock: 1000, sourcePartId: '65130973' });
    expect(freeStock(part([both]))).toBe(1000);
  });

  it('counts the same sourcePartId listed twice once', () => {
    const a = offer({ websites: ['Marketplace.com'], stock: 1000, sourcePartId: '65130973' });
    const b = offer({ websites: ['partner.com'], stock: 1000, sourcePartId: '65130973' });
    expect(stockOf([a, b])).toBe(1000);
    expect(stockOf([a, b, reel])).toBe(1000 + 48000);
    expect(uniqueOffers([a, b, reel])).toEqual([a, reel]);
  });

  it('keeps the copy with the most stock when duplicates disagree', () => {
    const stale = offer({ stock: 0, sourcePartId: 'X' });
    const fresh = offer({ stock: 500, sourcePartId: 'X' });
    expect(uniqueOffers([stale, reel, fresh])).toEqual([fresh, reel]);
    expect(stockOf([stale, fresh])).toBe(500);
  });

  it('reads missing or negative stock as none', () => {
    expect(stockOf([offer({ stock: -5, sourcePartId: 'A' }), offer({ stock: NaN, sourcePartId: 'B' })])).toBe(0);
  });

  it('does not change when the list is repeated', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ sourcePartId: fc.constantFrom('A', 'B', 'C', 'D'), stock: fc.integer({ min: 0, max: 1e6 }) })),
        (offers) => {
          expect(stockOf([...offers, ...offers])).toBe(stockOf(offers));
          expect(stockOf(offers)).toBeLessThanOrEqual(offers.reduce((s, o) => s + o.stock, 0));
        },
      ),
    );
  });
});

describe('priceBreaksTable', () => {
  it('lists every break of every priced offer, open-ended maxQty as null', () => {
    const rows = priceBreaksTable(part([moq291, quoteOnly(), reel]));
    expect(rows).toEqual([
      { source: 'MARKETPLACE', sourceName: 'Marketplace', sourcePartId: '65130973', currency: 'USD', minQty: 66, maxQty: 99, price: 0.416 },
      { source: 'MARKETPLACE', sourceName: 'Marketplace', sourcePartId: '65130973', currency: 'USD', minQty: 100, maxQty: 249, price: 0.35 },
      { source: 'MARKETPLACE', sourceName: 'Marketplace', sourcePartId: '65130973', currency: 'USD', minQty: 250, maxQty: 499, price: 0.3 },
      { source: 'MARKETPLACE', sourceName: 'Marketplace', sourcePartId: '65130973', currency: 'USD', minQty: 500, maxQty: null, price: 0.25 },
      { source: 'ACNA', sourceName: 'Partner Americas', sourcePartId: 'V36:1790_07275144', currency: 'USD', minQty: 3000, maxQty: 5999, price: 0.021 },
      { source: 'ACNA', sourceName: 'Partner Americas', sourcePartId: 'V36:1790_07275144', currency: 'USD', minQty: 6000, maxQty: null, price: 0.018 },
    ]);
  });

  it('accepts a list of offers, sorts breaks and lists a repeated offer once', () => {
    const eur = offer({ currency: 'EUR', sourceCode: 'EUROPE', sourcePartId: 'E1', breaks: [tier(10, Infinity, 0.2), tier(1, 9, 0.3)] });
    const rows = priceBreaksTable([eur, eur]);
    expect(rows.map((r) => [r.currency, r.minQty, r.maxQty, r.price])).toEqual([
      ['EUR', 1, 9, 0.3],
      ['EUR', 10, null, 0.2],
    ]);
  });

  it('is empty for a part that is quote-only or has no offers', () => {
    expect(priceBreaksTable(part([quoteOnly()]))).toEqual([]);
    expect(priceBreaksTable([])).toEqual([]);
  });
});

describe('bestOffer', () => {
  it('prices at the order quantity: MOQ 291 with the first tier from 66', () => {
    const best = found(bestOffer(part([moq291]), 100));
    expect(best).toMatchObject({
      offer: moq291,
      orderQty: 291,
      unitPrice: 0.3,
      extended: 87.3,
      currency: 'USD',
      stockCovers: true,
      reason: 'only priced offer, in stock',
    });
  });

  it('compares the cost of what must be bought: a full reel is dearer than a few cut strips', () => {
    const cut = offer({ sourcePartId: 'V36:1790_07275143', breaks: [tier(1, Infinity, 0.1)] });
    const best = found(bestOffer(part([reel, cut]), 10));
    expect(best.offer).toBe(cut);
    expect(best.extended).toBe(1);
    expect(best.reason).toBe('lowest cost in stock');
  });

  it('buys the reel when the need is large enough to make it cheapest', () => {
    const cut = offer({ sourcePartId: 'V36:1790_07275143', breaks: [tier(1, Infinity, 0.1)] });
    const best = found(bestOffer(part([cut, reel]), 2900));
    expect(best).toMatchObject({ offer: reel, orderQty: 3000, unitPrice: 0.021, extended: 63, stockCovers: true });
  });

  it('prefers the only offer with stock over a cheaper one without', () => {
    const cheapNoStock = offer({ ...pipelineOnly, breaks: [tier(1, Infinity, 0.01)] });
    const best = found(bestOffer(part([cheapNoStock, moq291]), 300));
    expect(best.offer).toBe(moq291);
    expect(best.reason).toBe('only offer with stock');
  });

  it('counts an offer as covering only when its own stock covers the order quantity', () => {
    const little = offer({ sourcePartId: 'A', stock: 200, breaks: [tier(1, Infinity, 0.01)] });
    const best = found(bestOffer(part([little, moq291]), 250));
    expect(best.offer).toBe(moq291);
    expect(best.stockCovers).toBe(true);
  });

  it('ranks by lead time, then cost, when none is in stock (pipeline only)', () => {
    const slowCheap = offer({ ...pipelineOnly, sourcePartId: 'S', leadTimeWeeks: 20, breaks: [tier(1, Infinity, 0.01)] });
    const best = found(bestOffer(part([slowCheap, pipelineOnly]), 50));
    expect(best).toMatchObject({ offer: pipelineOnly, stockCovers: false, leadTimeWeeks: 8 });
    expect(best.reason).toBe('shortest lead time (none in stock)');

    const sameLeadCheaper = offer({ ...pipelineOnly, sourcePartId: 'Z', breaks: [tier(1, Infinity, 0.05)] });
    const next = found(bestOffer(part([pipelineOnly, sameLeadCheaper]), 50));
    expect(next.offer).toBe(sameLeadCheaper);
    expect(next.reason).toBe('lowest cost at the same lead time (none in stock)');
  });

  it('ranks an unpublished lead time after a published one', () => {
    const unknown = offer({ ...pipelineOnly, sourcePartId: 'A', leadTimeWeeks: null });
    const best = found(bestOffer(part([unknown, pipelineOnly]), 50));
    expect(best.offer).toBe(pipelineOnly);
  });

  it('breaks a tie on cost by lead time, then by sourcePartId, whatever the input order', () => {
    const slow = offer({ sourcePartId: 'A', leadTimeWeeks: 20 });
    const fast = offer({ sourcePartId: 'B', leadTimeWeeks: 6 });
    expect(found(bestOffer([slow, fast], 10)).offer).toBe(fast);
    expect(found(bestOffer([slow, fast], 10)).reason).toBe('shortest lead time at the same cost, in stock');

    const twinA = offer({ sourcePartId: '0898_00015182' });
    const twinB = offer({ sourcePartId: '65130973' });
    const first = found(bestOffer([twinA, twinB], 10));
    const second = found(bestOffer([twinB, twinA], 10));
    expect(first.offer).toBe(twinA);
    expect(second.offer).toBe(twinA);
    expect(first.reason).toBe('same cost and lead time in stock; first by source part id');
  });

  it('does not see the same offer listed twice as two offers', () => {
    const a = offer({ websites: ['Marketplace.com'] });
    const b = offer({ websites: ['partner.com'] });
    expect(found(bestOffer([a, b], 10)).reason).toBe('only priced offer, in stock');
  });

  it('says "No price: quote only" when every offer is quote-only', () => {
    expect(none(bestOffer(part([quoteOnly(), quoteOnly({ sourcePartId: 'Q2' })]), 10))).toEqual({
      found: false,
      reason: 'quote-only',
      message: 'No price: quote only',
      otherCurrencies: [],
    });
  });

  it('skips quote-only offers when a priced one exists', () => {
    const best = found(bestOffer(part([quoteOnly(), moq291]), 10));
    expect(best.offer).toBe(moq291);
  });

  it('reports a part without offers, or without offers from the chosen sources, as not found', () => {
    expect(none(bestOffer(part([]), 10))).toMatchObject({ reason: 'not-found', message: 'No offer' });
    expect(none(bestOffer(part([moq291]), 10, { sources: ['EUROPE'] }))).toMatchObject({
      reason: 'not-found',
      message: 'No offer from EUROPE',
    });
    expect(found(bestOffer(part([moq291, reel]), 10, { sources: ['marketplace'] })).offer).toBe(moq291);
  });

  it('reports no price when the order quantity is below every first break', () => {
    const fromHundred = offer({ breaks: [tier(100, Infinity, 0.05)] });
    expect(none(bestOffer([fromHundred], 10))).toMatchObject({
      reason: 'no-price',
      message: 'No price for a quantity of 10: price breaks start at 100',
    });
  });

  it('with a currency preference, only offers in that currency compete', () => {
    const eur = offer({ currency: 'EUR', sourceCode: 'EUROPE', sourcePartId: 'E02:0323_00016422', breaks: [tier(1, Infinity, 0.09)] });
    const usd = offer({ sourcePartId: 'V36:1790_07275143', breaks: [tier(1, Infinity, 0.5)] });
    const inEur = found(bestOffer([usd, eur], 10, { currency: 'eur' }));
    expect(inEur).toMatchObject({ offer: eur, currency: 'EUR', extended: 0.9, otherCurrencies: ['USD'] });
    const inUsd = found(bestOffer([usd, eur], 10, { currency: 'USD' }));
    expect(inUsd).toMatchObject({ offer: usd, currency: 'USD', extended: 5, otherCurrencies: ['EUR'] });
    expect(none(bestOffer([usd, eur], 10, { currency: 'GBP' }))).toEqual({
      found: false,
      reason: 'no-currency',
      message: 'No price in GBP (offered in EUR, USD)',
      otherCurrencies: ['EUR', 'USD'],
    });
  });

  it('without a preference never compares amounts across currencies: the most common currency competes', () => {
    const cheapEur = offer({ currency: 'EUR', sourceCode: 'EUROPE', sourcePartId: 'E1', breaks: [tier(1, Infinity, 0.001)] });
    const usd1 = offer({ sourcePartId: 'U1', breaks: [tier(1, Infinity, 0.5)] });
    const usd2 = offer({ sourcePartId: 'U2', breaks: [tier(1, Infinity, 0.4)] });
    const best = found(bestOffer([cheapEur, usd1, usd2], 10));
    expect(best).toMatchObject({ offer: usd2, currency: 'USD', otherCurrencies: ['EUR'] });
  });

  it('without a preference, a currency whose offer fills from stock beats a more common one that cannot', () => {
    const eur = offer({ currency: 'EUR', sourceCode: 'EUROPE', sourcePartId: 'E1' });
    const usd1 = offer({ ...pipelineOnly, sourcePartId: 'U1' });
    const usd2 = offer({ ...pipelineOnly, sourcePartId: 'U2' });
    expect(found(bestOffer([usd1, usd2, eur], 10))).toMatchObject({ offer: eur, currency: 'EUR', stockCovers: true });
  });

  it('without a preference and equal counts, the alphabetically first currency competes', () => {
    const usd = offer({ sourcePartId: 'U1' });
    const eur = offer({ currency: 'EUR', sourcePartId: 'E1' });
    expect(found(bestOffer([usd, eur], 10)).currency).toBe('EUR');
  });

  it('hints when buying up to the next break costs less in total', () => {
    const best = found(bestOffer(part([offer()]), 90));
    expect(best).toMatchObject({ orderQty: 90, unitPrice: 0.1, extended: 9 });
    expect(best.hint).toEqual({
      qty: 100,
      unitPrice: 0.08,
      extended: 8,
      saving: 1,
      currency: 'USD',
      tier: tier(100, Infinity, 0.08),
      message: 'Buying 100 costs 8.00 instead of 9.00',
    });
  });

  it('gives no hint when buying more costs more in total', () => {
    expect(found(bestOffer(part([offer()]), 50)).hint).toBeNull();
    expect(found(bestOffer(part([offer()]), 100)).hint).toBeNull();
  });

  it('picks the cheapest larger order, rounded to the pack size', () => {
    const o = offer({
      packSize: 30,
      breaks: [tier(1, 99, 1), tier(100, 199, 0.9), tier(200, Infinity, 0.3)],
    });
    const best = found(bestOffer([o], 90));
    expect(best.hint).toMatchObject({ qty: 210, extended: 63, saving: 27, message: 'Buying 210 costs 63.00 instead of 90.00' });
  });

  it('does not suggest a larger order that the stock would no longer cover', () => {
    const o = offer({ stock: 95 });
    const best = found(bestOffer([o], 90));
    expect(best.stockCovers).toBe(true);
    expect(best.hint).toBeNull();
  });

  it('rejects a need that is not a whole number ≥ 1', () => {
    expect(() => bestOffer(part([moq291]), 0)).toThrow(PricingError);
    expect(() => bestOffer(part([]), 2.5)).toThrow('Quantity must be a whole number ≥ 1');
  });

  const offerArb = fc
    .record({
      id: fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'),
      currency: fc.constantFrom('USD', 'EUR'),
      moq: fc.integer({ min: 1, max: 500 }),
      packSize: fc.constantFrom(1, 1, 10, 100, 3000),
      stock: fc.integer({ min: 0, max: 20_000 }),
      lead: fc.option(fc.integer({ min: 0, max: 30 })),
      quote: fc.boolean(),
      starts: fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 5 }),
      prices: fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 5, maxLength: 5 }),
    })
    .map(({ id, currency, moq, packSize, stock, lead, quote, starts, prices }) => {
      const sorted = [...starts].sort((a, b) => a - b);
      return offer({
        sourcePartId: id,
        currency,
        moq,
        packSize,
        stock,
        leadTimeWeeks: lead,
        quoteOnly: quote,
        breaks: quote ? [] : sorted.map((s, i) => tier(s, i + 1 < sorted.length ? sorted[i + 1] - 1 : Infinity, prices[i] / 1e5)),
      });
    });

  it('picks an offer whose extended cost is ≤ every other in-stock same-currency candidate', () => {
    fc.assert(
      fc.property(fc.array(offerArb, { maxLength: 8 }), fc.integer({ min: 1, max: 10_000 }), (offers, need) => {
        const result = bestOffer(offers, need);
        if (!result.found || !result.stockCovers) return;
        for (const other of uniqueOffers(offers)) {
          if (other.currency !== result.currency) continue;
          const qty = orderQuantity(need, other);
          const price = priceAtQuantity(other, qty);
          if (price.unitPrice === null || other.stock < qty) continue;
          expect(result.extended).toBeLessThanOrEqual(extendedCost(price.unitPrice, qty));
        }
        expect(result.offer.stock).toBeGreaterThanOrEqual(result.orderQty);
      }),
    );
  });

  it('does not depend on the order of the offers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(offerArb, { maxLength: 6, selector: (o) => o.sourcePartId }),
        fc.integer({ min: 1, max: 10_000 }),
        (offers, need) => {
          const forward = bestOffer(offers, need);
          const backward = bestOffer([...offers].reverse(), need);
          expect(backward).toEqual(forward);
        },
      ),
    );
  });

  it('never suggests a larger order that costs as much or more', () => {
    fc.assert(
      fc.property(fc.array(offerArb, { maxLength: 6 }), fc.integer({ min: 1, max: 10_000 }), (offers, need) => {
        const result = bestOffer(offers, need);
        if (!result.found || result.hint === null) return;
        expect(result.hint.qty).toBeGreaterThan(result.orderQty);
        expect(result.hint.extended).toBeLessThan(result.extended);
        expect(result.hint.saving).toBeCloseTo(result.extended - result.hint.extended, 6);
        expect(result.hint.qty % result.offer.packSize).toBe(0);
      }),
    );
  });
});
