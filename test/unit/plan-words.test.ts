/**
 * What the plan says of a part it cannot buy as asked: short because the stock is under the
 * MOQ, one pack or the first price break (with the stock, the MOQ and the lead time), out of stock, short after
 * buying what there is, quote only, no rate, no price at any quantity.
 */
import type { Offer } from '../../src/catalog';
import { planPart } from '../../src/plan';
import type { RateTable } from '../../src/pricing/rates';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const USD: RateTable = { base: 'USD', rates: [], missing: [] };

function plan(offers: Offer[], need: number, rates: RateTable = USD) {
  return planPart({ part: makePart('P1', offers), lines: [{ id: 0, need, pinned: null }] }, { rates });
}

describe('the words of each status', () => {
  test('stock under the MOQ is short (stock, MOQ, lead time, what the MOQ would cost); only an offer without a price is "quote only"', () => {
    const p = plan(
      [makeOffer({ sourcePartId: 'A', stock: 400, moq: 1_000, leadTimeWeeks: 12, breaks: makeBreaks([1, 0.05]) })],
      25,
    );
    expect(p.status).toBe('short');
    expect(p.noPriceReason).toBeNull();
    expect(p.notes).toContain(
      '25 of 25 not bought: nothing can be bought from stock: ACNA has 400 in stock, under its minimum order of 1,000; lead time 12 weeks at ACNA, about 50.00 USD for 1,000',
    );
    const quoteOnly = plan([makeOffer({ sourcePartId: 'A', stock: 400, moq: 1_000, quoteOnly: true, breaks: [] })], 25);
    expect(quoteOnly).toMatchObject({ status: 'no-price', noPriceReason: 'quote only' });
  });

  test('stock under the first price break is short, priced at the break; only breaks that price no quantity are "no price at any quantity"', () => {
    const p = plan(
      [
        makeOffer({
          sourcePartId: 'A',
          stock: 500,
          leadTimeWeeks: 6,
          breaks: makeBreaks([1_000, 0.02], [5_000, 0.015]),
        }),
      ],
      25,
    );
    expect(p.status).toBe('short');
    expect(p.quote?.qty).toBe(1_000);
    expect(p.notes).toContain(
      '25 of 25 not bought: nothing can be bought from stock: ACNA has 500 in stock, under its first price break at 1,000; lead time 6 weeks at ACNA, about 20.00 USD for 1,000',
    );
    const gap = plan(
      [makeOffer({ sourcePartId: 'A', breaks: [{ minQty: 10, maxQty: 5, price: 0.1, vipPrice: false }] })],
      10,
    );
    expect(gap).toMatchObject({ status: 'no-price', noPriceReason: 'no price at any quantity' });
  });

  test('stock under one pack is short with the pack size; stock 0 everywhere reads "out of stock at every offer"', () => {
    const p = plan(
      [makeOffer({ sourcePartId: 'A', stock: 40, packSize: 100, leadTimeWeeks: 3, breaks: makeBreaks([1, 0.1]) })],
      10,
    );
    expect(p.status).toBe('short');
    expect(p.notes[0]).toBe(
      '10 of 10 not bought: nothing can be bought from stock: ACNA has 40 in stock, under one pack of 100; lead time 3 weeks at ACNA, about 10.00 USD for 100',
    );
    const out = plan(
      [
        makeOffer({ sourcePartId: 'A', stock: 0, leadTimeWeeks: 20, breaks: makeBreaks([1, 0.01]) }),
        makeOffer({
          sourcePartId: 'B',
          sourceCode: 'EUROPE',
          stock: 0,
          leadTimeWeeks: 4,
          breaks: makeBreaks([1, 0.03]),
        }),
      ],
      10,
    );
    expect(out.notes[0]).toBe(
      '10 of 10 not bought: out of stock at every offer; lead time 4 weeks at EUROPE, about 0.30 USD for 10',
    );
  });

  test("one offer out of stock and one under its MOQ: each offer's reason is said; a currency without a rate is no price, with why", () => {
    const p = plan(
      [
        makeOffer({ sourcePartId: 'A', stock: 0, leadTimeWeeks: 20, breaks: makeBreaks([1, 0.01]) }),
        makeOffer({
          sourcePartId: 'B',
          sourceCode: 'EUROPE',
          stock: 300,
          moq: 500,
          leadTimeWeeks: 4,
          breaks: makeBreaks([1, 0.03]),
        }),
      ],
      10,
    );
    expect(p.notes[0]).toBe(
      '10 of 10 not bought: nothing can be bought from stock: out of stock at ACNA; EUROPE has 300 in stock, under its minimum order of 500; lead time 4 weeks at EUROPE, about 15.00 USD for 500',
    );
    const rates: RateTable = {
      base: 'USD',
      rates: [],
      missing: [{ from: 'JPY', to: 'USD', reason: 'the item service did not convert prices to JPY' }],
    };
    const jpy = plan(
      [makeOffer({ sourcePartId: 'A', currency: 'JPY', stock: 300, moq: 500, breaks: makeBreaks([1, 12]) })],
      10,
      rates,
    );
    expect(jpy).toMatchObject({
      status: 'no-price',
      noPriceReason: 'offered only in JPY, with no rate into USD (the item service did not convert prices to JPY)',
    });
  });
});
