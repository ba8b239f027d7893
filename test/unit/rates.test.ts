/**
 * Exchange rates learned from the item service's own conversion (utm_currency), as the plan uses them.
 */
import type { Part } from '../../src/catalog';
import { RateBook, convertMicro, rateFromAnswers, userCurrency, wireCurrency } from '../../src/pricing/rates';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

/** A part with a USD marketplace offer and a EUR regional one, as the service answers without utm_currency. */
function inUsd(): Part {
  return makePart('LTST-S220KRKT', [
    makeOffer({ sourcePartId: '70003047', sourceCode: 'MARKETPLACE', breaks: makeBreaks([1, 0.07998], [5, 0.04816]) }),
    makeOffer({ sourcePartId: 'E02:1', sourceCode: 'EUROPE', currency: 'EUR', breaks: makeBreaks([20000, 0.00365]) }),
  ]);
}

/** The same part asked with utm_currency=EUR: the USD offer converted at 0.92 and rounded to 5 decimals. */
function inEur(): Part {
  return makePart('LTST-S220KRKT', [
    makeOffer({
      sourcePartId: '70003047',
      sourceCode: 'MARKETPLACE',
      currency: 'EUR',
      breaks: makeBreaks([1, 0.07358], [5, 0.04431]),
    }),
    makeOffer({ sourcePartId: 'E02:1', sourceCode: 'EUROPE', currency: 'EUR', breaks: makeBreaks([20000, 0.00365]) }),
  ]);
}

describe('rates learned from the service', () => {
  test('the same offer in both answers gives the rate; the largest prices, the most exact ratio', () => {
    const found = rateFromAnswers([inUsd()], [inEur()], 'USD', 'EUR');
    expect(found?.rate).toBeCloseTo(0.07998 / 0.07358, 12);
    expect(found?.detail).toBe('item service utm_currency=EUR, offer 70003047 of LTST-S220KRKT');
    // An answer the service did not convert (no offer changed currency) teaches nothing.
    expect(rateFromAnswers([inUsd()], [inUsd()], 'USD', 'EUR')).toBeNull();
  });

  test('the cells of one recalculation share one probe; a learned rate is kept, then learned again', async () => {
    let now = new Date(Date.UTC(2026, 10, 23, 9));
    let probes = 0;
    const book = new RateBook({
      probe: async (partNumber, currency) => {
        probes++;
        expect([partNumber, currency]).toEqual(['LTST-S220KRKT', 'EUR']);
        return [inEur()];
      },
      ttlMs: 60_000,
      now: () => now,
    });
    const tables = await Promise.all(Array.from({ length: 50 }, () => book.tableFor('USD', [inUsd()])));
    expect(probes).toBe(1);
    for (const t of tables)
      expect(t.rates.map((r) => [r.from, r.to, r.origin.method])).toEqual([['EUR', 'USD', 'learned']]);
    await book.tableFor('usd', [inUsd()]);
    expect(probes).toBe(1);
    now = new Date(now.getTime() + 61_000);
    await book.tableFor('USD', [inUsd()]);
    expect(probes).toBe(2);
    book.clear();
    await book.tableFor('USD', [inUsd()]);
    expect(probes).toBe(3);
  });

  test('a probe that fails leaves the currency without a rate, with the reason; a given rate needs no probe', async () => {
    let failures = 0;
    let now = new Date(Date.UTC(2026, 10, 23, 9));
    const failing = new RateBook({
      probe: async () => {
        failures++;
        throw new Error('Parts service unreachable');
      },
      now: () => now,
    });
    const table = await failing.tableFor('USD', [inUsd()]);
    // Each candidate part is tried once; a second call soon after (the next cell) does not ask again.
    const tried = failures;
    expect((await failing.tableFor('USD', [inUsd()])).missing).toEqual(table.missing);
    expect(failures).toBe(tried);
    now = new Date(now.getTime() + 5 * 60_000 + 1);
    await failing.tableFor('USD', [inUsd()]);
    expect(failures).toBe(2 * tried);
    expect(table.rates).toEqual([]);
    expect(table.missing).toEqual([
      { from: 'EUR', to: 'USD', reason: 'the EUR rate could not be learned: Parts service unreachable' },
    ]);
    expect(convertMicro(1_000_000n, 'EUR', table)).toBeNull();
    let probes = 0;
    const given = new RateBook({ probe: async () => (probes++, []), given: { eur: 1.1 } });
    const withGiven = await given.tableFor('USD', [inUsd()]);
    expect(probes).toBe(0);
    expect(convertMicro(1_000_000n, 'EUR', withGiven)).toBe(1_100_000n);
    expect(convertMicro(1_000_000n, 'usd', withGiven)).toBe(1_000_000n);
  });

  test('USD is the default currency and is asked without utm_currency', () => {
    expect(userCurrency('')).toBe('USD');
    expect(userCurrency(' eur ')).toBe('EUR');
    expect(wireCurrency('USD')).toBeUndefined();
    expect(wireCurrency('gbp')).toBe('GBP');
  });
});
