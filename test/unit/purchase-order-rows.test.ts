/**
 * The purchase list's rows as the order review reads them (src/workflows/purchase-order-rows.ts): one review row per part
 * to buy, its offers as the items (a split part orders each offer), the overbuy mark that makes the review ask
 * before ordering spares that cost more than the threshold, covered rows not offered, and the part's identity.
 */
import { type Cell, readBom } from '../../src/bom';
import type { Offer } from '../../src/catalog';
import { LookupScheduler } from '../../src/lookup';
import { RateBook } from '../../src/pricing/rates';
import { type PurchaseBom, planPurchase } from '../../src/purchase';
import { planOrder } from '../../src/workflows/order-review';
import { purchaseListSelection, purchaseRowIdentity } from '../../src/workflows/purchase-order-rows';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const T0 = Date.UTC(2026, 10, 1, 8, 0);

function offer(o: Partial<Offer> & Pick<Offer, 'sourcePartId'>): Offer {
  return makeOffer({ sourceCode: 'MARKETPLACE', breaks: makeBreaks([1, 0.1]), stock: 100_000, ...o });
}

function bom(name: string, builds: number, lines: Array<[string, string, number]>): PurchaseBom {
  const cells: Cell[][] = [['MPN', 'Manufacturer', 'Qty'], ...lines.map(([pn, mfr, qty]) => [pn, mfr, qty])];
  return { name, builds, read: readBom(cells) };
}

async function list(overbuyThreshold?: { sparePercent: number; minAmount: number }) {
  const catalog = new FakeParts().add(
    // A reel of 1,000 for a need of 10: 990 spares at 0.05 cost 49.50, 99 % of the line: an overbuy.
    makePart('REEL-1', [offer({ sourcePartId: 'R1', moq: 1_000, breaks: makeBreaks([1_000, 0.05]) })]),
    // 50 needed, the cheap offer has 30: the rest from the dearer one.
    makePart('SPLIT-1', [
      offer({ sourcePartId: 'P1', stock: 30, breaks: makeBreaks([1, 0.2]) }),
      offer({ sourcePartId: 'P2', sourceCode: 'ACNA', stock: 1_000, breaks: makeBreaks([1, 0.3]) }),
    ]),
    makePart('SHELF-1', [offer({ sourcePartId: 'H1' })]),
  );
  const scheduler = new LookupScheduler({ port: catalog, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
  return planPurchase(
    [
      bom('A', 5, [
        ['REEL-1', 'TI', 2],
        ['SPLIT-1', 'TI', 10],
        ['SHELF-1', 'TI', 1],
      ]),
    ],
    scheduler,
    {
      onHand: [{ partNumber: 'SHELF-1', manufacturer: 'TI', quantity: 100, origin: 'stock row 2' }],
      ...(overbuyThreshold ? { overbuyThreshold } : {}),
    },
  );
}

describe('ordering from the purchase list', () => {
  test('rows to buy become review rows on the sheet rows they were written to; covered rows are not offered', async () => {
    const result = await list();
    expect(result.rows.map((r) => [r.partNumber, r.status])).toEqual([
      ['REEL-1', 'buy'],
      ['SPLIT-1', 'buy'],
      ['SHELF-1', 'covered'],
    ]);
    const selection = purchaseListSelection(result, "'Purchase list'!A1:Q6");
    expect(selection.block).toEqual({ sheet: 'Purchase list', headerRow: 0, column: 0, columns: 17 });
    expect(selection.selectedAddress).toBe("'Purchase list'!A2:Q4");
    expect(selection.rows.map((r) => [r.row, r.matchedPart, r.status, r.need, r.orderQty, r.identity])).toEqual([
      [1, 'REEL-1', 'priced', 10, 1_000, 'PURCHASE:REEL-1@TEXASINSTRUMENTS'],
      [2, 'SPLIT-1', 'priced', 50, 50, 'PURCHASE:SPLIT-1@TEXASINSTRUMENTS'],
    ]);
    expect(purchaseRowIdentity({ partNumber: ' lm358n ', manufacturer: 'Texas  Instruments' })).toBe(
      'PURCHASE:LM358N@TEXASINSTRUMENTS',
    );
  });

  test('the overbuy is marked so the review asks before ordering it; a split part orders each offer in its own group', async () => {
    const selection = purchaseListSelection(await list(), "'Purchase list'!A1:Q6");
    const reel = selection.rows[0];
    expect(reel.reason).toBe("overbuy: 49.50 USD of spares (99 % of the line's cost)");
    expect(reel.plan?.reasons.overbuy).toEqual({ bought: 1_000, need: 10, why: expect.any(String), spare: 990 });
    // The mark is the list's own record, not words: the row carries it as a field.
    expect((await list()).rows[0].overbuy).toEqual({ spare: 49.5, currency: 'USD', percent: 99 });
    // With a threshold the spares do not pass (the list made with it), no mark.
    const under = await list({ sparePercent: 100, minAmount: 10 });
    expect(under.rows[0].overbuy).toBeNull();
    expect(purchaseListSelection(under, "'Purchase list'!A1:Q6").rows[0].reason).toBe('');

    const plan = planOrder(selection.rows);
    // Marketplace: REEL-1 and SPLIT-1's P1; the regional P2 goes in the next order.
    expect(plan.lines.map((l) => [l.itemId, l.entered, l.overbuy ?? null])).toEqual([
      ['R1', '1000', "49.50 USD of spares (99 % of the line's cost)"],
      ['P1', '30', null],
    ]);
    expect(plan.next).toEqual({ group: { kind: 'regional', currency: 'USD' }, lines: 1, words: expect.any(String) });
    expect(plan.leftOut.map((l) => [l.row, l.what])).toEqual([[2, 'SPLIT-1']]);
    const regional = planOrder(selection.rows, { group: plan.next!.group });
    expect(regional.lines.map((l) => [l.itemId, l.entered])).toEqual([['P2', '20']]);
  });

  test("an offer in another currency: the review's unit price is in the list's currency, the offer's price in its own", async () => {
    const catalog = new FakeParts().add(
      makePart('USD-1', [offer({ sourcePartId: 'U1', breaks: makeBreaks([1, 0.1]) })]),
    );
    const scheduler = new LookupScheduler({ port: catalog, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 } });
    const rates = new RateBook({ probe: async () => [], given: { USD: 0.9 } });
    const result = await planPurchase([bom('A', 10, [['USD-1', 'TI', 1]])], scheduler, { currency: 'EUR', rates });
    const [row] = purchaseListSelection(result, "'Purchase list'!A1:Q3").rows;
    expect([row.orderQty, row.currency, row.offerPrice, row.offerCurrency]).toEqual([10, 'EUR', 0.1, 'USD']);
    expect(row.unitPrice).toBeCloseTo(0.09, 10);
    expect(row.unitPrice! * row.orderQty!).toBeCloseTo(result.rows[0].cost, 10);
  });
});
