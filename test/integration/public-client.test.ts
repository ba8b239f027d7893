/**
 * The reference service from the point of view of a public client of the real item service: code written the way
 * open-source clients are (base URL ending in `/` joined with a path starting with `/`, offers listed and stock
 * added up per website entry, dates read with `new Date`), pointed at this service with only the host swapped.
 */
import { serviceForFile, DEMO_AUTH } from '../helpers/service';
import { DEMO_SHOWCASE } from '../../service/demo/generate';

const suite = serviceForFile({ parts: 3000 });

/** One row of a typical client's offer table. */
interface ClientOffer {
  partNum: string;
  manufacturer: string;
  sourcePartId: string;
  stock: number;
  firstPrice: number | null;
  nextDelivery: Date | null;
}

/** How public clients read a v4 part: every website entry's sources, one row per source part, no de-duplication. */
function offersOf(part: any): ClientOffer[] {
  const rows: ClientOffer[] = [];
  for (const site of part.InvOrg.webSites) {
    for (const source of site.sources) {
      for (const sp of source.sourceParts) {
        const availability = sp.Availability[0];
        const pipeline = availability.pipeline;
        rows.push({
          partNum: part.partNum,
          manufacturer: part.manufacturer.mfrName,
          sourcePartId: sp.sourcePartId,
          stock: availability.fohQty,
          firstPrice: sp.Prices ? sp.Prices.resaleList[0].price : null,
          // `new Date(...).toISOString()` is what such a page renders; it throws on an unparseable date.
          nextDelivery: pipeline.length ? new Date(new Date(pipeline[0].delivery).toISOString()) : null,
        });
      }
    }
  }
  return rows;
}

/** A client's base URL as users configure it, with the trailing slash, joined the way those clients join it. */
async function call(path: string, params: Record<string, string>): Promise<any> {
  const base = `${suite.base}/`;
  const res = await fetch(`${base}${path}?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  const body: any = await res.json();
  expect(body.itemserviceresult.transactionArea[0].response.success).toBe(true);
  return body.itemserviceresult.data[0];
}

function expectUsable(rows: ClientOffer[]) {
  expect(rows.length).toBeGreaterThan(0);
  const ids = rows.map((r) => `${r.partNum}|${r.manufacturer}|${r.sourcePartId}`);
  // No offer shown twice.
  expect(new Set(ids).size).toBe(ids.length);
  for (const r of rows) {
    expect(typeof r.partNum).toBe('string');
    expect(typeof r.manufacturer).toBe('string');
    expect(typeof r.sourcePartId).toBe('string');
    expect(Number.isInteger(r.stock)).toBe(true);
    if (r.firstPrice !== null) expect(r.firstPrice).toBeGreaterThan(0);
    if (r.nextDelivery) expect(Number.isNaN(r.nextDelivery.getTime())).toBe(false);
  }
}

describe('a public client, host swapped', () => {
  test('token search: every offer once, stock per website entry equals stock per distinct sourcePartId, dates parse', async () => {
    const data = await call('/itemservice/v4/en/search/token', {
      ...DEMO_AUTH,
      search_token: DEMO_SHOWCASE.quoteOnly,
      rows: '25',
    });
    const rows = data.PartList.flatMap(offersOf);
    expectUsable(rows);
    for (const part of data.PartList) {
      const perEntry = offersOf(part).reduce((sum, r) => sum + r.stock, 0);
      const distinct = new Map(offersOf(part).map((r) => [r.sourcePartId, r.stock]));
      expect(perEntry).toBe([...distinct.values()].reduce((a, b) => a + b, 0));
    }
  });

  test('list search (base ending in "/" + path starting with "/"): the same holds for every part of every entry', async () => {
    const parts = [
      DEMO_SHOWCASE.outOfStockWithPipeline,
      DEMO_SHOWCASE.quoteOnly,
      DEMO_SHOWCASE.bothSentinels,
      DEMO_SHOWCASE.tierBelowMoq,
      'GRM',
      'RC',
      '1N',
      'STM32',
      'LM',
    ].map((partNum) => ({ partNum }));
    const req = JSON.stringify({ request: { ...DEMO_AUTH, remoteIp: '', useExact: false, parts } });
    const data = await call('/itemservice/v4/en/search/list', { req, rows: '25', ...DEMO_AUTH });
    let shown = 0;
    let withDelivery = 0;
    // Entries may share parts (LM358N is under "LM" too); within one entry, as a client lists it, no offer repeats.
    for (const entry of data.resultList) {
      const rows = (entry.PartList ?? []).flatMap(offersOf);
      expectUsable(rows);
      shown += rows.length;
      withDelivery += rows.filter((r: ClientOffer) => r.nextDelivery !== null).length;
    }
    expect(shown).toBeGreaterThan(100);
    expect(withDelivery).toBeGreaterThan(0);
  });
});
