/**
 * The purchase plan against the reference service and its demo data, over HTTP, through the CLI's path
 * (scheduler, rate book on token search): the cases a buyer trips over, each with the demo part that shows it.
 */
import { readBom, type Cell } from '../../src/bom';
import { priceBom } from '../../src/purchase/price-lines';
import { CatalogClient, type Part } from '../../src/catalog';
import { LookupScheduler } from '../../src/lookup';
import { summaryText } from '../../src/purchase';
import { orderQuantity } from '../../src/pricing/quantity';
import { RateBook, tokenSearchProbe } from '../../src/pricing/rates';
import { priceAtQuantity } from '../../src/pricing/tiers';
import { type TestService, startTestService } from '../helpers/service';

let svc: TestService;
let client: CatalogClient;

// The default demo catalog (what `npm start` serves), where the parts named in the cases live.
beforeAll(async () => {
  svc = await startTestService({ parts: 100_000 });
  client = new CatalogClient({ itemBaseUrl: svc.productionUrl, login: 'demo', apikey: 'demo-key' });
}, 180_000);
afterAll(async () => {
  await svc?.close();
}, 120_000);

async function partOf(partNumber: string, manufacturerCode?: string): Promise<Part> {
  const page = await client.searchToken(partNumber, { rows: 10 });
  const part = page.parts.find(
    (p) => p.partNumber === partNumber && (!manufacturerCode || p.manufacturerCode === manufacturerCode),
  );
  if (!part) throw new Error(`${partNumber} is not in the demo catalog`);
  return part;
}

async function price(rows: Cell[][], options: Parameters<typeof priceBom>[2] = {}) {
  const scheduler = new LookupScheduler({ port: client });
  const rates = new RateBook({ probe: tokenSearchProbe((t, o) => client.searchToken(t, o)) });
  try {
    return await priceBom(readBom(rows), scheduler, { rates, ...options });
  } finally {
    scheduler.close();
  }
}

describe('the plan on the demo data', () => {
  test("5 × LTST-S220KRKT: the marketplace's 5 in USD beat the EUR reel of 20,000 once both are in USD", async () => {
    const part = await partOf('LTST-S220KRKT');
    const market = part.offers.find((o) => o.sourceCode === 'MARKETPLACE')!;
    const reel = part.offers.find((o) => o.currency === 'EUR')!;
    expect(reel.moq).toBeGreaterThanOrEqual(20000);
    const result = await price([
      ['MPN', 'Qty'],
      ['LTST-S220KRKT', 5],
    ]);
    const line = result.lines[0];
    const unit = (priceAtQuantity(market, 5) as { unitPrice: number }).unitPrice;
    expect(line).toMatchObject({
      status: 'priced',
      orderQty: 5,
      share: 5,
      currency: 'USD',
      itemId: market.sourcePartId,
      unitPrice: unit,
    });
    expect(line.extended).toBeCloseTo(5 * unit, 6);
    expect(line.extended!).toBeLessThan(1);
    // The EUR reel competed, converted at a rate learned from the service (utm_currency), and the rate is said.
    expect(result.rates.rates).toEqual([
      expect.objectContaining({ from: 'EUR', to: 'USD', origin: expect.objectContaining({ method: 'learned' }) }),
    ]);
    expect(result.rates.rates[0].rate).toBeCloseTo(1 / 0.92, 3);
    expect(summaryText(result.summary, 1).join('\n')).toMatch(
      /Rate EUR → USD: +1 EUR = 1\.08\d* USD \(from the service's prices, as of \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/m,
    );
  });

  test('asked in EUR, the EUR reel and the converted marketplace offer compete in EUR', async () => {
    const result = await price(
      [
        ['MPN', 'Qty'],
        ['LTST-S220KRKT', 5],
      ],
      { currency: 'EUR' },
    );
    expect(result.lines[0]).toMatchObject({
      status: 'priced',
      currency: 'EUR',
      offerCurrency: 'EUR',
      source: 'MARKETPLACE',
      orderQty: 5,
    });
    expect(result.summary.currency).toBe('EUR');
  });

  test('LMV324AW5-13: 2,500 bought for 25 is said on the line, and the spares are in the summary', async () => {
    const part = await partOf('LMV324AW5-13');
    const result = await price([
      ['MPN', 'Qty'],
      ['LMV324AW5-13', 25],
    ]);
    const line = result.lines[0];
    expect(line.status).toBe('priced');
    const bought = line.orderQty!;
    const offer = part.offers.find((o) => o.sourcePartId === line.itemId)!;
    expect(bought).toBe(orderQuantity(25, offer));
    expect(bought).toBeGreaterThanOrEqual(2500);
    expect(line.statusReason).toContain(
      `${bought.toLocaleString('en-US')} for 25: minimum order ${offer.moq.toLocaleString('en-US')} (${(bought - 25).toLocaleString('en-US')} spare)`,
    );
    expect(result.summary.excess).toBeCloseTo((line.extended! * (bought - 25)) / bought, 2);
    expect(result.summary.excess).toBeGreaterThan(0.9 * line.extended!);
  });

  test('the same part on two lines is bought once, its breaks applied to the sum; the lines add up to what is paid', async () => {
    const part = await partOf('LTST-S220KRKT');
    const market = part.offers.find((o) => o.sourceCode === 'MARKETPLACE')!;
    const result = await price([
      ['MPN', 'Qty'],
      ['LTST-S220KRKT', 4],
      ['LTST-S220KRKT', 6],
    ]);
    const [a, b] = result.lines;
    expect(a).toMatchObject({ orderQty: 10, share: 4 });
    expect(b).toMatchObject({ orderQty: 10, share: 6 });
    const unit10 = (priceAtQuantity(market, 10) as { unitPrice: number }).unitPrice;
    expect(a.extended! + b.extended!).toBeCloseTo(10 * unit10, 6);
    expect(result.summary.totalPerBuild).toBeCloseTo(10 * unit10, 6);
    expect(result.plans).toHaveLength(1);
  });

  test("stock on the line is the chosen offer's; the total across sources is its own field", async () => {
    const part = await partOf('LTST-S220KRKT');
    const result = await price([
      ['MPN', 'Qty'],
      ['LTST-S220KRKT', 5],
    ]);
    const chosen = part.offers.find((o) => o.sourcePartId === result.lines[0].itemId)!;
    expect(result.lines[0].stock).toBe(chosen.stock);
    const ids = new Set<string>();
    let all = 0;
    for (const o of part.offers) {
      if (ids.has(o.sourcePartId)) continue;
      ids.add(o.sourcePartId);
      all += Math.max(0, o.stock);
    }
    expect(result.lines[0].stockAll).toBe(all);
  });

  test('a part that is not Active is flagged on its line and counted', async () => {
    const result = await price([
      ['MPN', 'Qty'],
      ['LMV324AW5-13', 25],
      ['LTST-S220KRKT', 5],
    ]);
    const lmv = result.lines[0];
    expect(lmv.lifecycle).not.toBe('Active');
    expect(lmv.statusReason).toMatch(new RegExp(`lifecycle ${lmv.lifecycle}`));
    expect(result.lines[1].lifecycle).toBe('Active');
    expect(result.summary.notActive).toBe(1);
  });

  test('a pinned offer is bought even when another is cheaper, and the line says so', async () => {
    const part = await partOf('LTST-S220KRKT');
    const reel = part.offers.find((o) => o.currency === 'EUR')!;
    const result = await price([
      ['MPN', 'Qty', 'Pinned offer'],
      ['LTST-S220KRKT', 5, reel.sourcePartId],
    ]);
    expect(result.lines[0]).toMatchObject({
      itemId: reel.sourcePartId,
      offerCurrency: 'EUR',
      currency: 'USD',
      orderQty: orderQuantity(5, reel),
    });
    expect(result.lines[0].statusReason).toContain(`pinned offer ${reel.sourcePartId} bought`);
  });

  test('overage is added to the need before MOQ and breaks', async () => {
    const result = await price(
      [
        ['MPN', 'Qty'],
        ['LTST-S220KRKT', 100],
      ],
      { overage: { percent: 5, minExtra: 2 } },
    );
    expect(result.lines[0]).toMatchObject({ need: 100, share: 105 });
    expect(result.lines[0].statusReason).toContain('need 100 + 5 overage');
    const small = await price(
      [
        ['MPN', 'Qty'],
        ['LTST-S220KRKT', 10],
      ],
      { overage: { percent: 5, minExtra: 2 } },
    );
    expect(small.lines[0]).toMatchObject({ need: 10, share: 12 });
  });
});
