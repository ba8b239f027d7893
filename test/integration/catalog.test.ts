import { CatalogClient, CatalogError, type CatalogConfig, type Offer, type Part } from '../../src/catalog';
import { serviceForFile } from '../helpers/service';

const suite = serviceForFile({ parts: 3000 });

const catalog = (config: Partial<CatalogConfig> = {}) =>
  new CatalogClient({ itemBaseUrl: suite.base, login: 'demo', apikey: 'demo-key', ...config });

async function failure(promise: Promise<unknown>): Promise<CatalogError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogError);
    return e as CatalogError;
  }
  throw new Error('expected a CatalogError');
}

const byId = (a: Offer, b: Offer) => (a.sourcePartId < b.sourcePartId ? -1 : a.sourcePartId > b.sourcePartId ? 1 : 0);

/** A v4 part as v3 reports it: v3 has no websites, category, status, shipsFrom, shipsIn or tariff flag. */
function asV3(part: Part): Part {
  return {
    ...part,
    category: '',
    status: '',
    offers: part.offers.map((o) => ({ ...o, websites: [], shipsFrom: null, shipsIn: null, tariff: false })).sort(byId),
  };
}

describe('token search against the service', () => {
  test('v4: JSON and XML give the same model for BAV99-7-F', async () => {
    const json = await catalog().searchToken('BAV99-7-F');
    const xml = await catalog({ format: 'xml' }).searchToken('BAV99-7-F');
    expect(xml).toEqual(json);
    const [part] = json.parts;
    expect(part.partNumber).toBe('BAV99-7-F');
    expect(json.totalItems).toBeGreaterThanOrEqual(json.parts.length);
    expect(part.offers.length).toBeGreaterThan(0);
    for (const o of part.offers) expect(o.websites.length).toBeGreaterThan(0);
    const ids = part.offers.map((o) => o.sourcePartId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('v3: JSON and XML agree, and give the v4 model apart from the v4-only fields', async () => {
    const v3 = await catalog({ version: 'v3' }).searchToken('BAV99-7-F');
    const v3xml = await catalog({ version: 'v3', format: 'xml' }).searchToken('BAV99-7-F');
    expect(v3xml).toEqual(v3);
    const v4 = await catalog().searchToken('BAV99-7-F', { version: 'v4' });
    const v3part = v3.parts[0];
    for (const o of v3part.offers) expect(o.websites).toEqual([]);
    expect({ ...v3part, offers: [...v3part.offers].sort(byId) }).toEqual(asV3(v4.parts[0]));
    expect(v3.totalItems).toBe(v4.totalItems);
  });

  test('each source is published under one website, as the captures show, and v3 and v4 add up to the same stock', async () => {
    const v4 = (await catalog().searchToken('BAV99-7-F')).parts[0];
    const v3 = (await catalog({ version: 'v3' }).searchToken('BAV99-7-F')).parts[0];
    const total = (p: Part) => p.offers.reduce((sum, o) => sum + o.stock, 0);
    expect(total(v4)).toBe(total(v3));
    const market = v4.offers.filter((o) => o.sourceCode === 'MARKETPLACE');
    expect(market.length).toBeGreaterThan(0);
    for (const o of market) expect(o.websites).toEqual(['Marketplace.com']);
    for (const o of v4.offers.filter((x) => x.sourceCode !== 'MARKETPLACE'))
      expect(o.websites).toEqual(['partner.com']);
  });

  test('every open-ended tier is Infinity and quote-only offers have no breaks', async () => {
    const page = await catalog().searchToken('BAV99', { rows: 25 });
    const offers = page.parts.flatMap((p) => p.offers);
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.quoteOnly).toBe(o.breaks.length === 0);
      if (o.breaks.length) expect(o.breaks.at(-1)!.maxQty).toBe(Infinity);
      for (const b of o.breaks.slice(0, -1)) expect(Number.isFinite(b.maxQty)).toBe(true);
      expect(o.moq).toBeGreaterThanOrEqual(1);
      expect(o.packSize).toBeGreaterThanOrEqual(1);
      for (const d of o.pipeline) expect(d.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('rows, start and the manufacturer filter', async () => {
    const first = await catalog().searchToken('BAV99', { rows: 2 });
    expect(first.parts).toHaveLength(Math.min(2, first.totalItems));
    const second = await catalog().searchToken('BAV99', { rows: 2, start: 2 });
    expect(second.totalItems).toBe(first.totalItems);
    const firstIds = first.parts.map((p) => p.itemId);
    for (const p of second.parts) expect(firstIds).not.toContain(p.itemId);
    const mfr = first.parts[0].manufacturerCode;
    const filtered = await catalog().searchToken('BAV99', { mfrCd: mfr });
    for (const p of filtered.parts) expect(p.manufacturerCode).toBe(mfr);
  });

  test('currency conversion: USD offers come back in EUR at a lower figure', async () => {
    const usd = (await catalog().searchToken('BAV99-7-F')).parts[0];
    const eur = (await catalog().searchToken('BAV99-7-F', { currency: 'EUR' })).parts[0];
    const pairs = usd.offers.filter((o) => o.currency === 'USD' && o.breaks.length > 0);
    expect(pairs.length).toBeGreaterThan(0);
    for (const o of pairs) {
      const converted = eur.offers.find((e) => e.sourcePartId === o.sourcePartId)!;
      expect(converted.currency).toBe('EUR');
      expect(converted.breaks[0].price).toBeCloseTo(o.breaks[0].price * 0.92, 4);
    }
  });

  test('an unknown manufacturer code is rejected with the service message', async () => {
    const e = await failure(catalog().searchToken('BAV99', { mfrCd: 'NOSUCHMFR' }));
    expect(e.kind).toBe('rejected');
    expect(e.message).toContain("Unknown manufacturer code 'NOSUCHMFR'");
    expect(e.details.returnCode).toBe('45');
  });
});

describe('list search against the service', () => {
  test('found, not found, with a manufacturer, and an unanswerable manufacturer; JSON equals XML', async () => {
    const bav = (await catalog().searchToken('BAV99-7-F')).parts[0];
    const other = (await catalog().searchToken('LM358')).parts[0];
    expect(other).toBeDefined();
    const parts = [
      { partNumber: 'BAV99-7-F' },
      { partNumber: 'NO-SUCH-PART-123' },
      { partNumber: other.partNumber, manufacturer: other.manufacturerCode },
      { partNumber: 'BAV99-7-F', manufacturer: 'NOSUCHMFR' },
    ];
    const answer = await catalog().searchList(parts);
    expect(answer).toMatchObject({ partsRequested: 4, partsFound: 2, partsNotFound: 1, partsError: 1 });
    expect(answer.results.map((r) => [r.requestedPartNumber, r.manufacturerFilter, r.numberFound > 0])).toEqual([
      ['BAV99-7-F', null, true],
      ['NO-SUCH-PART-123', null, false],
      [other.partNumber, other.manufacturerCode, true],
      ['BAV99-7-F', 'NOSUCHMFR', false],
    ]);
    expect(answer.results[0].parts[0]).toEqual(bav);
    expect(answer.results[1].parts).toEqual([]);
    expect(answer.results[2].parts.every((p) => p.manufacturerCode === other.manufacturerCode)).toBe(true);

    expect(await catalog({ format: 'xml' }).searchList(parts)).toEqual(answer);
    expect((await catalog({ version: 'v3' }).searchList(parts)).results[0].parts[0].offers[0].websites).toEqual([]);
  });

  test('a 1000-part list goes through as one URL', async () => {
    const parts = Array.from({ length: 1000 }, (_, i) => ({ partNumber: i === 0 ? 'BAV99-7-F' : `NOPART-${i}` }));
    const c = catalog();
    expect(c.listUrl(parts).length).toBeGreaterThan(20_000);
    const answer = await c.searchList(parts, { rows: 1 });
    expect(answer.results).toHaveLength(1000);
    expect(answer.partsFound).toBe(1);
    expect(answer.partsNotFound).toBe(999);
  });

  test('prefix matching with exact: false', async () => {
    const answer = await catalog().searchList([{ partNumber: 'BAV99' }], { exact: false, rows: 5 });
    expect(answer.results[0].numberFound).toBeGreaterThan(0);
    for (const p of answer.results[0].parts)
      expect(p.partNumber.replace(/[^A-Z0-9]/gi, '').toUpperCase()).toMatch(/^BAV99/);
  });
});

describe('manufacturers and detail against the service', () => {
  test('the manufacturer lookup, JSON and XML', async () => {
    const list = await catalog().manufacturers();
    expect(list).toContainEqual(
      expect.objectContaining({ code: 'TI', name: 'Texas Instruments', alternateName: 'texas-instruments' }),
    );
    for (const m of list) expect(m.id).toBeGreaterThan(0);
    expect(await catalog({ format: 'xml' }).manufacturers()).toEqual(list);
  });

  test('detail by manufacturer and part number, and by pkey, is the part of the search', async () => {
    const part = (await catalog().searchToken('BAV99-7-F')).parts[0];
    expect(await catalog().detail({ mfrCd: part.manufacturerCode, partNum: part.partNumber })).toEqual(part);
    const link = part.resources.find((r) => r.type === 'part_detail')!.uri!;
    const pkey = new URL(link).searchParams.get('pkey')!;
    expect(await catalog({ format: 'xml' }).detail({ pkey })).toEqual(part);
  });

  test('detail of a part that does not exist is rejected', async () => {
    const e = await failure(catalog().detail({ mfrCd: 'TI', partNum: 'NO-SUCH-PART-123' }));
    expect(e.kind).toBe('rejected');
    expect(e.message).toContain('NO-SUCH-PART-123');
  });
});

describe('failures against the service', () => {
  test('a wrong API key is auth (HTTP 401), in JSON and XML', async () => {
    for (const format of ['json', 'xml'] as const) {
      const e = await failure(catalog({ apikey: 'wrong-key', format }).searchToken('BAV99'));
      expect(e.kind).toBe('auth');
      expect(e.message).toBe('API key rejected — check the login and API key in settings');
      expect(e.details.status).toBe(401);
    }
    const list = await failure(catalog({ apikey: 'wrong-key' }).searchList([{ partNumber: 'BAV99' }]));
    expect(list.kind).toBe('auth');
  });

  test('a missing API key is auth (returnCode 10 with HTTP 200)', async () => {
    const e = await failure(catalog({ apikey: '' }).manufacturers());
    expect(e.kind).toBe('auth');
    expect(e.details).toMatchObject({ status: 200, returnCode: '10' });
  });

  test('nothing listening is unreachable', async () => {
    const e = await failure(catalog({ itemBaseUrl: 'http://127.0.0.1:9' }).searchToken('BAV99'));
    expect(e.kind).toBe('unreachable');
    expect(e.message).toMatch(/^Parts service unreachable at 127\.0\.0\.1:9: /);
  });

  test('cancelling a request in flight', async () => {
    const controller = new AbortController();
    const pending = catalog().searchList(
      Array.from({ length: 1000 }, (_, i) => ({ partNumber: `BAV${i}` })),
      { signal: controller.signal },
    );
    controller.abort();
    expect((await failure(pending)).kind).toBe('cancelled');
  });
});
