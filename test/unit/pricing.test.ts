import fc from 'fast-check';
import type { Offer, Part, PriceBreak } from '../../src/catalog/model';
import {
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
} from '../../src/pricing';
import { type PartPlan, planPart, readQuantityReasons } from '../../src/plan';
import type { RateTable } from '../../src/pricing/rates';

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
    expect(
      sumByCurrency([
        { currency: 'usd', extended: 0.1 },
        { currency: 'USD ', extended: 0.2 },
      ]),
    ).toEqual({ USD: 0.3 });
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
        fc.array(
          fc.record({ sourcePartId: fc.constantFrom('A', 'B', 'C', 'D'), stock: fc.integer({ min: 0, max: 1e6 }) }),
        ),
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
      {
        source: 'MARKETPLACE',
        sourceName: 'Marketplace',
        sourcePartId: '65130973',
        currency: 'USD',
        minQty: 66,
        maxQty: 99,
        price: 0.416,
      },
      {
        source: 'MARKETPLACE',
        sourceName: 'Marketplace',
        sourcePartId: '65130973',
        currency: 'USD',
        minQty: 100,
        maxQty: 249,
        price: 0.35,
      },
      {
        source: 'MARKETPLACE',
        sourceName: 'Marketplace',
        sourcePartId: '65130973',
        currency: 'USD',
        minQty: 250,
        maxQty: 499,
        price: 0.3,
      },
      {
        source: 'MARKETPLACE',
        sourceName: 'Marketplace',
        sourcePartId: '65130973',
        currency: 'USD',
        minQty: 500,
        maxQty: null,
        price: 0.25,
      },
      {
        source: 'ACNA',
        sourceName: 'Partner Americas',
        sourcePartId: 'V36:1790_07275144',
        currency: 'USD',
        minQty: 3000,
        maxQty: 5999,
        price: 0.021,
      },
      {
        source: 'ACNA',
        sourceName: 'Partner Americas',
        sourcePartId: 'V36:1790_07275144',
        currency: 'USD',
        minQty: 6000,
        maxQty: null,
        price: 0.018,
      },
    ]);
  });

  it('accepts a list of offers, sorts breaks and lists a repeated offer once', () => {
    const eur = offer({
      currency: 'EUR',
      sourceCode: 'EUROPE',
      sourcePartId: 'E1',
      breaks: [tier(10, Infinity, 0.2), tier(1, 9, 0.3)],
    });
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

/** The plan for one need among these offers, in USD with EUR at 1.1 (what bestOffer answered before the plan). */
function plan(offers: Offer[], need: number, options: { sources?: string[] } = {}): PartPlan {
  const rates: RateTable = {
    base: 'USD',
    rates: [{ from: 'EUR', to: 'USD', rate: 1.1, origin: { method: 'given', detail: 'test', asOf: new Date(0) } }],
    missing: [],
  };
  return planPart({ part: part(offers), lines: [{ id: 0, need, pinned: null }] }, { rates, ...options });
}

describe("the plan's offer choice for one need", () => {
  it('buys at the order quantity: MOQ 291 with the first tier from 66', () => {
    const p = plan([moq291], 100);
    expect(p).toMatchObject({ status: 'planned', bought: 291, unitPrice: 0.3, overbuy: 'moq' });
    expect(Number(p.micro) / 1e6).toBe(87.3);
    expect(p.notes).toContain('291 for 100: minimum order 291 (191 spare)');
  });

  it('compares the cost of what must be bought: a full reel is dearer than a few cut strips', () => {
    const cut = offer({ sourcePartId: 'V36:1790_07275143', breaks: [tier(1, Infinity, 0.1)] });
    const p = plan([reel, cut], 10);
    expect(p.purchases.map((x) => x.offer)).toEqual([cut]);
    expect(Number(p.micro) / 1e6).toBe(1);
  });

  it('buys the reel when the need is large enough to make it cheapest', () => {
    const cut = offer({ sourcePartId: 'V36:1790_07275143', breaks: [tier(1, Infinity, 0.1)] });
    const p = plan([cut, reel], 2900);
    expect(p.purchases.map((x) => [x.offer, x.qty, x.unitPrice])).toEqual([[reel, 3000, 0.021]]);
  });

  it('prefers an offer with the stock over a cheaper one without; nothing in stock anywhere is short, with the wait', () => {
    const cheapNoStock = offer({ ...pipelineOnly, breaks: [tier(1, Infinity, 0.01)] });
    expect(plan([cheapNoStock, moq291], 300).purchases[0].offer).toBe(moq291);
    const slowCheap = offer({
      ...pipelineOnly,
      sourcePartId: 'S',
      leadTimeWeeks: 20,
      breaks: [tier(1, Infinity, 0.01)],
    });
    const none = plan([slowCheap, pipelineOnly], 50);
    expect(none).toMatchObject({ status: 'short', bought: 0, leadTimeWeeks: 8 });
    expect(none.quote?.offer).toBe(pipelineOnly);
  });

  it('splits whenever the split costs less, even when one offer has the stock, and the cheapest offer buys the most', () => {
    const a = offer({ sourcePartId: 'A', stock: 200, breaks: [tier(1, Infinity, 0.01)] });
    const b = offer({ sourcePartId: 'B', stock: 500, breaks: [tier(1, Infinity, 0.02)] });
    // B alone covers 300 for 6.00; all of A and the rest from B cost 4.00.
    const small = plan([b, a], 300);
    expect(small.purchases.map((x) => [x.offer.sourcePartId, x.qty])).toEqual([
      ['A', 200],
      ['B', 100],
    ]);
    expect(Number(small.micro) / 1e6).toBe(4);
    const p = plan([b, a], 600);
    expect(p.status).toBe('planned');
    expect(p.purchases.map((x) => [x.offer.sourcePartId, x.qty])).toEqual([
      ['B', 400],
      ['A', 200],
    ]);
    expect(p.notes[0]).toBe('split: 400 from ACNA (B) + 200 from ACNA (A)');
    expect(Number(p.micro) / 1e6).toBe(10);
  });

  it('a split trims what it buys to the offers’ first price breaks instead of overshooting: the need is covered exactly', () => {
    // Neither offer alone has 1,000; together they have 1,100. Each is priced only from a break (550 and 450): A
    // buys its break's start and B the rest, 550 + 450, where buying all of A first left 50 spare.
    const a = offer({ sourcePartId: 'A', stock: 600, breaks: [tier(550, Infinity, 0.01)] });
    const b = offer({ sourcePartId: 'B', stock: 500, breaks: [tier(450, Infinity, 0.02)] });
    const p = plan([a, b], 1000);
    expect(p).toMatchObject({ status: 'planned', bought: 1000, shortfall: 0, spare: 0, overbuy: null });
    expect(p.purchases.map((x) => [x.offer.sourcePartId, x.qty])).toEqual([
      ['A', 550],
      ['B', 450],
    ]);
    expect(Number(p.micro) / 1e6).toBe(14.5);
  });

  it('breaks a tie on cost by stock, then lead time, then sourcePartId, whatever the input order', () => {
    const small = offer({ sourcePartId: 'A', stock: 100 });
    const big = offer({ sourcePartId: 'B', stock: 5000 });
    expect(plan([small, big], 10).purchases[0].offer).toBe(big);
    const slow = offer({ sourcePartId: 'A', leadTimeWeeks: 20 });
    const fast = offer({ sourcePartId: 'B', leadTimeWeeks: 6 });
    expect(plan([slow, fast], 10).purchases[0].offer).toBe(fast);
    const twinA = offer({ sourcePartId: '0898_00015182' });
    const twinB = offer({ sourcePartId: '65130973' });
    expect(plan([twinA, twinB], 10).purchases[0].offer).toBe(twinA);
    expect(plan([twinB, twinA], 10).purchases[0].offer).toBe(twinA);
  });

  it('does not see the same offer listed twice as two offers', () => {
    const a = offer({ websites: ['Marketplace.com'] });
    const b = offer({ websites: ['partner.com'] });
    expect(plan([a, b], 10).purchases).toHaveLength(1);
  });

  it('quote only, no offers, no offer from the sources asked for', () => {
    expect(plan([quoteOnly(), quoteOnly({ sourcePartId: 'Q2' })], 10)).toMatchObject({
      status: 'no-price',
      notes: ['quote only'],
    });
    expect(plan([], 10).notes).toEqual(['no offers']);
    expect(plan([offer()], 10, { sources: ['EUROPE'] }).notes).toEqual(['no offer from EUROPE']);
  });

  it('a cheaper EUR offer wins once converted; its own price and currency stay beside the USD amount', () => {
    const eur = offer({ sourcePartId: 'E', currency: 'EUR', breaks: [tier(1, Infinity, 0.08)] });
    const usd = offer({ sourcePartId: 'U', breaks: [tier(1, Infinity, 0.09)] });
    const p = plan([usd, eur], 100);
    expect(p.purchases[0]).toMatchObject({ offer: eur, unitPrice: 0.08, offerCurrency: 'EUR', rate: 1.1 });
    expect(Number(p.micro) / 1e6).toBe(8.8);
    expect(p.unitPrice).toBe(0.088);
  });

  it('buys up to a later break when that costs less in all, and says so', () => {
    const o = offer({ breaks: [tier(1, 99, 0.1), tier(100, Infinity, 0.08)] });
    const p = plan([o], 90);
    expect(p).toMatchObject({ bought: 100, overbuy: 'break', spare: 10 });
    expect(p.notes).toContain('100 for 90: buying 100 costs 8.00 instead of 9.00 USD (saves 1.00; 10 spare)');
    // A larger order that the stock would not cover is not bought.
    const scarce = offer({ stock: 95, breaks: [tier(1, 99, 0.1), tier(100, Infinity, 0.08)] });
    expect(plan([scarce], 90).bought).toBe(90);
  });

  it('a need of 0 buys nothing and is not short', () => {
    expect(plan([offer()], 0)).toMatchObject({ bought: 0, status: 'planned', shortfall: 0 });
  });
});

describe('the plan’s quantity reasons, read back from the notes it writes (the order review shows them)', () => {
  it('minimum and overage, as joined into the Status cell', () => {
    const rates: RateTable = { base: 'USD', rates: [], missing: [] };
    const p = planPart(
      { part: part([moq291]), lines: [{ id: 0, need: 100, pinned: null }] },
      { rates, overage: { percent: 5, minExtra: 0 } },
    );
    expect(readQuantityReasons(p.notes.join('; '))).toEqual({
      overage: { need: 100, extra: 5 },
      overbuy: { bought: 291, need: 105, why: 'minimum order 291', spare: 186 },
      sharedWith: null,
    });
  });

  it('nothing to say when the plan buys the need', () => {
    expect(readQuantityReasons(plan([moq291], 291).notes.join('; '))).toEqual({
      overage: null,
      overbuy: null,
      sharedWith: null,
    });
  });
});
