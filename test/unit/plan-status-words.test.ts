/**
 * Words a buyer reads on the Status cell and the Summary: no doubled word ("short: short 25 of 25"), money at its
 * currency's decimals ("about 19.41 USD", never "19.4125"), and a rate row that names the currencies and the rate,
 * not the offer it was read off.
 */
import { readBom } from '../../src/bom';
import { statusText, summarize, rateRowText, summaryEntries } from '../../src/purchase';
import { priceBom } from '../../src/purchase/price-lines';
import { LookupScheduler } from '../../src/lookup';
import { planPart } from '../../src/plan';
import { currencyDecimals, formatMoney } from '../../src/pricing/money';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

describe('status words', () => {
  test('a line short of its whole need reads "short: 25 of 25 not bought: …", the word "short" once', async () => {
    const parts = new FakeParts().add(
      makePart('NOSTOCK', [
        makeOffer({ sourcePartId: 'N-1', stock: 0, leadTimeWeeks: 12, breaks: makeBreaks([1, 0.7765]) }),
      ]),
    );
    const result = await priceBom(
      readBom([
        ['MPN', 'Qty'],
        ['NOSTOCK', 25],
      ]),
      new LookupScheduler({ port: parts, windowMs: 0 }),
    );
    const text = statusText(result.lines[0]);
    expect(text).not.toMatch(/\bshort\b.*\bshort\b/);
    expect(text).toBe(
      'short: 25 of 25 not bought: out of stock at ACNA; lead time 12 weeks at ACNA, about 19.41 USD for 25',
    );
  });

  test('a line short after buying what there is says what is not bought', () => {
    const p = planPart(
      {
        part: makePart('P1', [
          makeOffer({ sourcePartId: 'A', stock: 30, leadTimeWeeks: 8, breaks: makeBreaks([1, 1]) }),
        ]),
        lines: [{ id: 0, need: 60, pinned: null }],
      },
      { rates: { base: 'USD', rates: [], missing: [] } },
    );
    expect(p.notes).toContain('30 of 60 not bought: 30 in stock across offers; lead time 8 weeks at ACNA');
  });
});

describe("money at its currency's decimals", () => {
  test('the "about" amount of a wait is rounded to the currency\'s decimals (0.7765 × 25 = 19.4125 → 19.41 USD)', () => {
    const p = planPart(
      {
        part: makePart('P1', [
          makeOffer({ sourcePartId: 'A', stock: 0, leadTimeWeeks: 12, breaks: makeBreaks([1, 0.7765]) }),
        ]),
        lines: [{ id: 0, need: 25, pinned: null }],
      },
      { rates: { base: 'USD', rates: [], missing: [] } },
    );
    expect(p.notes[0]).toMatch(/, about 19\.41 USD for 25$/);
    // In yen, whole yen.
    const yen = planPart(
      {
        part: makePart('P1', [
          makeOffer({ sourcePartId: 'A', currency: 'JPY', stock: 0, breaks: makeBreaks([1, 12.345]) }),
        ]),
        lines: [{ id: 0, need: 100, pinned: null }],
      },
      { rates: { base: 'JPY', rates: [], missing: [] } },
    );
    expect(yen.notes[0]).toMatch(/, about 1,235 JPY for 100$/);
  });

  test("formatMoney: the currency's own decimals, separators, the code after; 2 decimals for a code it does not know", () => {
    expect(currencyDecimals('usd')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('BHD')).toBe(3);
    expect(currencyDecimals('XYZ1')).toBe(2);
    expect(formatMoney(19.4125, 'USD')).toBe('19.41 USD');
    expect(formatMoney(2_602.5, ' eur ')).toBe('2,602.50 EUR');
    expect(formatMoney(1_234.5, 'JPY')).toBe('1,235 JPY');
    expect(formatMoney(1.2345, 'BHD')).toBe('1.235 BHD');
    expect(formatMoney(3, '')).toBe('3.00');
  });
});

describe('the rate row', () => {
  const learned = {
    from: 'EUR',
    to: 'USD',
    rate: 1.0869565217,
    detail: 'item service utm_currency=EUR, offer 70003047 of LTST-S220KRKT',
    asOf: '2026-11-25T10:04:00.000Z',
  };

  test('names the currencies, the rate, where it came from and as of when; never the offer id it was read off', () => {
    expect(rateRowText(learned)).toBe("1 EUR = 1.08696 USD (from the service's prices, as of 2026-11-25 10:04 UTC)");
    expect(rateRowText({ ...learned, rate: 1.1, detail: 'set by the user' })).toBe(
      '1 EUR = 1.1 USD (set by the user, as of 2026-11-25 10:04 UTC)',
    );
  });

  test("the Summary's rate row, from a rate learned off an offer, shows no offer id", () => {
    const summary = summarize([], 1, { rates: [learned] });
    const row = summaryEntries(summary, 1).find((e) => e.label === 'Rate EUR → USD');
    expect(row?.text).toBe("1 EUR = 1.08696 USD (from the service's prices, as of 2026-11-25 10:04 UTC)");
    expect(row?.text).not.toMatch(/70003047|offer/);
  });
});
