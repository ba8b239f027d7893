import { XMLParser } from 'fast-xml-parser';
import { serviceForFile, get, DEMO_AUTH } from '../helpers/service';
import { createHash } from 'node:crypto';
import { CHECKOUT_FIXTURES, DEMO_SHOWCASE } from '../../service/demo/generate';

const suite = serviceForFile({ parts: 3000 });

const token = (params: Record<string, string | number>, version = 'v4') =>
  get(suite.base, `/itemservice/${version}/en/search/token`, { ...DEMO_AUTH, ...params });

const listReq = (parts: { partNum: string; mfr?: string }[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ request: { login: 'demo', apikey: 'demo-key', remoteIp: '', useExact: true, parts, ...extra } });

const list = (
  parts: { partNum: string; mfr?: string }[],
  params: Record<string, string | number> = {},
  version = 'v4',
) => get(suite.base, `/itemservice/${version}/en/search/list`, { req: listReq(parts), ...params });

function response(body: any) {
  return body.itemserviceresult.transactionArea[0].response;
}
function sequence(body: any) {
  return body.itemserviceresult.transactionArea[0].responseSequence;
}
function partList(body: any): any[] {
  return body.itemserviceresult.data[0].PartList;
}
function sourceParts(part: any): any[] {
  const sites = part.InvOrg.webSites ?? [{ sources: part.InvOrg.sources }];
  return sites.flatMap((w: any) =>
    w.sources.flatMap((s: any) => s.sourceParts.map((sp: any) => ({ ...sp, source: s }))),
  );
}

describe('envelope', () => {
  test('has the observed keys, types and measured timings', async () => {
    const r = await token({ search_token: 'BAV99' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['itemserviceresult']);
    expect(Object.keys(r.json.itemserviceresult)).toEqual(['serviceMetaData', 'transactionArea', 'data']);
    expect(r.json.itemserviceresult.serviceMetaData).toEqual([{ version: '4.0.0' }]);
    expect(response(r.json)).toEqual({ returnCode: '0', returnMsg: '', success: true });
    const seq = sequence(r.json);
    for (const k of ['transactionTime', 'queryTime', 'dbTime']) expect(seq[k]).toMatch(/^\d+(\.\d+)? ms$/);
    expect(seq.qq).toBe(150);
    expect(seq.resources).toEqual([]);
    expect(typeof seq.totalItems).toBe('number');
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
  });

  test('v3 reports version 3.0.2', async () => {
    const r = await token({ search_token: 'BAV99' }, 'v3');
    expect(r.json.itemserviceresult.serviceMetaData).toEqual([{ version: '3.0.2' }]);
  });
});

describe('search by token', () => {
  test('ignores case, punctuation and spaces: bav99-7-f finds BAV99-7-F', async () => {
    for (const t of ['bav99-7-f', 'BAV99 7 F', 'bav997f']) {
      const r = await token({ search_token: t });
      expect(partList(r.json)[0].partNum).toBe('BAV99-7-F');
    }
  });

  test('a prefix returns the suffix variants together, exact match first', async () => {
    const [a, b] = DEMO_SHOWCASE.suffixVariants;
    const common = a.slice(0, Math.min(a.length, b.length) - 1);
    const r = await token({ search_token: common });
    const numbers = partList(r.json).map((p) => p.partNum);
    expect(numbers).toEqual(expect.arrayContaining([a, b]));
    const exact = await token({ search_token: a });
    expect(partList(exact.json)[0].partNum).toBe(a);
  });

  test('the observed key order and types of a v4 part and source part', async () => {
    const r = await token({ search_token: 'BAV99-7-F' });
    const part = partList(r.json)[0];
    expect(Object.keys(part)).toEqual([
      'itemId',
      'partNum',
      'manufacturer',
      'desc',
      'packageType',
      'resources',
      'EnvData',
      'InvOrg',
      'hasDatasheet',
      'categoryName',
      'status',
    ]);
    expect(typeof part.itemId).toBe('number');
    expect(Object.keys(part.manufacturer)).toEqual(['mfrCd', 'mfrName']);
    expect(part.EnvData.compliance.map((c: any) => c.displayLabel)).toEqual(['eurohs', 'cnrohs']);
    const types = part.resources.map((x: any) => x.type);
    expect(types.slice(-3)).toEqual(['cloud_part_detail', 'api_part_detail', 'part_detail']);
    expect(part.hasDatasheet).toBe(types.includes('datasheet'));
    const sp = sourceParts(part)[0];
    const keys = Object.keys(sp).filter((k) => k !== 'source');
    const order = [
      'packSize',
      'minimumOrderQuantity',
      'sourcePartId',
      'Prices',
      'Availability',
      'customerSpecificPricing',
      'customerSpecificInventory',
      'dateCode',
      'resources',
      'inStock',
      'mfrLeadTime',
      'tariffFlag',
      'shipsFrom',
      'shipsIn',
      'partnerLeadTime',
      'isNcnr',
      'isNpi',
      'productCode',
      'eccnCode',
      'htsCode',
      'countryOfOrigin',
      'containerType',
    ];
    expect(keys).toEqual(order.filter((k) => keys.includes(k)));
    expect(typeof sp.sourcePartId).toBe('string');
    expect(Object.keys(sp.source)).toEqual(['currency', 'sourceCd', 'displayName', 'sourceParts']);
    expect(Object.keys(sp.Availability[0])).toEqual(['fohQty', 'availabilityCd', 'availabilityMessage', 'pipeline']);
    expect(sp.inStock).toBe(sp.Availability[0].fohQty > 0);
  });

  test('v4 lists the marketplace website first, code equal to name; v3 lists sources directly', async () => {
    const v4 = partList((await token({ search_token: 'BAV99-7-F' })).json)[0];
    const sites = v4.InvOrg.webSites;
    expect(sites.length).toBeGreaterThan(0);
    for (const s of sites) expect(s.code).toBe(s.name);
    if (sites.some((s: any) => s.code === 'Marketplace.com')) expect(sites[0].code).toBe('Marketplace.com');
    const v3 = partList((await token({ search_token: 'BAV99-7-F' }, 'v3')).json)[0];
    expect(v3.InvOrg.sources).toBeDefined();
    expect(v3.InvOrg.webSites).toBeUndefined();
    expect(v3.categoryName).toBeUndefined();
    const sp3 = v3.InvOrg.sources[0].sourceParts[0];
    expect(sp3.tariffFlag).toBeUndefined();
    expect(sp3.Availability[0].legacyBondedQty).toBe(0);
    expect(sp3.distStockAllow).toBeDefined();
    // Each source appears once in v3.
    const codes = v3.InvOrg.sources.map((s: any) => s.sourceCd);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('rows defaults to 10, is capped at 25, and start pages through totalItems', async () => {
    const first = await token({ search_token: 'RC' });
    const total = sequence(first.json).totalItems;
    expect(total).toBeGreaterThan(30);
    expect(partList(first.json)).toHaveLength(10);
    const big = await token({ search_token: 'RC', rows: 100 });
    expect(partList(big.json)).toHaveLength(25);
    const p1 = partList((await token({ search_token: 'RC', rows: 5, start: 0 })).json).map((p) => p.itemId);
    const p2 = partList((await token({ search_token: 'RC', rows: 5, start: 5 })).json).map((p) => p.itemId);
    const both = partList((await token({ search_token: 'RC', rows: 10, start: 0 })).json).map((p) => p.itemId);
    expect([...p1, ...p2]).toEqual(both);
    const beyond = await token({ search_token: 'RC', start: total });
    expect(partList(beyond.json)).toEqual([]);
    expect(sequence(beyond.json).totalItems).toBe(total);
  });

  test('mfrCd filters by manufacturer', async () => {
    const [num] = DEMO_SHOWCASE.twoManufacturers;
    const all = partList((await token({ search_token: num })).json).filter((p) => p.partNum === num);
    expect(new Set(all.map((p) => p.manufacturer.mfrCd)).size).toBeGreaterThanOrEqual(2);
    const code = all[1].manufacturer.mfrCd;
    const filtered = partList((await token({ search_token: num, mfrCd: code })).json);
    expect(filtered.length).toBeGreaterThan(0);
    for (const p of filtered) expect(p.manufacturer.mfrCd).toBe(code);
    const lower = partList((await token({ search_token: num, mfrCd: code.toLowerCase() })).json);
    expect(lower.map((p) => p.itemId)).toEqual(filtered.map((p) => p.itemId));
  });

  test('utm_currency converts USD prices, keeps other currencies, and writes EUR with a decimal comma', async () => {
    const usd = partList((await token({ search_token: 'BAV99-7-F' })).json)[0];
    const eur = partList((await token({ search_token: 'BAV99-7-F', utm_currency: 'EUR' })).json)[0];
    const usdOffers = sourceParts(usd).filter((o) => o.Prices && o.source.currency === 'USD');
    expect(usdOffers.length).toBeGreaterThan(0);
    const byId = new Map(sourceParts(eur).map((o) => [o.sourcePartId, o]));
    for (const o of usdOffers) {
      const e = byId.get(o.sourcePartId);
      expect(e.source.currency).toBe('EUR');
      const t0 = o.Prices.resaleList[0];
      const e0 = e.Prices.resaleList[0];
      expect(e0.price).toBeCloseTo(t0.price * 0.92, 4);
      expect(e0.displayPrice).toBe(String(e0.price).replace('.', ','));
      expect(e0.minQty).toBe(t0.minQty);
    }
    const gbp = partList((await token({ search_token: 'BAV99-7-F', utm_currency: 'gbp' })).json)[0];
    for (const o of sourceParts(gbp)) if (o.source.sourceCd !== 'EUROPE') expect(o.source.currency).toBe('GBP');
  });

  test('quote-only offers have no Prices; tiers are contiguous with both open-ended sentinels', async () => {
    const quote = partList((await token({ search_token: DEMO_SHOWCASE.quoteOnly })).json)[0];
    const q = sourceParts(quote).find((o) => o.Availability[0].availabilityCd === 'QUOTE');
    expect(q).toBeDefined();
    expect(q.Prices).toBeUndefined();
    expect(q.Availability[0].fohQty).toBe(0);
    const sentinels = new Set<number>();
    for (const t of ['BAV99', 'LM358', '1N4148', 'GRM155', 'STM32F103', 'ATMEGA328']) {
      for (const p of partList((await token({ search_token: t, rows: 25 })).json)) {
        for (const o of sourceParts(p)) {
          if (!o.Prices) continue;
          const tiers = o.Prices.resaleList;
          for (let i = 1; i < tiers.length; i++) expect(tiers[i].minQty).toBe(tiers[i - 1].maxQty + 1);
          sentinels.add(tiers[tiers.length - 1].maxQty);
          expect(typeof tiers[0].displayPrice).toBe('string');
          expect(tiers[0].displayPrice).not.toMatch(/\.\d*0$/);
        }
      }
    }
    expect(sentinels).toEqual(new Set([99999999, 999999999]));
  });

  test('fmt=xml carries the same data as JSON', async () => {
    const json = await token({ search_token: 'BAV99-7-F' });
    const xml = await token({ search_token: 'BAV99-7-F', fmt: 'XML' });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/application\/xml/);
    expect(xml.text.startsWith('<?xml')).toBe(true);
    const doc = new XMLParser({ parseTagValue: false }).parse(xml.text);
    const root = doc.itemserviceresult;
    expect(root.transactionArea.response.returnCode).toBe('0');
    const part = root.data.PartList;
    const first = Array.isArray(part) ? part[0] : part;
    const jpart = partList(json.json)[0];
    expect(first.partNum).toBe(jpart.partNum);
    expect(first.itemId).toBe(String(jpart.itemId));
    expect(xml.text).toContain(`<sourcePartId>${sourceParts(jpart)[0].sourcePartId}</sourcePartId>`);
  });

  test('links in results answer: api_part_detail and part_detail', async () => {
    const part = partList((await token({ search_token: 'BAV99-7-F' })).json)[0];
    for (const type of ['api_part_detail', 'part_detail']) {
      const uri = part.resources.find((x: any) => x.type === type).uri;
      const r: any = await fetch(uri).then((x) => x.json());
      expect(response(r).success).toBe(true);
      expect(partList(r)[0].itemId).toBe(part.itemId);
      expect(r.itemserviceresult.serviceMetaData[0].version).toBe('2.0.0');
    }
    const pkey = part.resources.find((x: any) => x.type === 'part_detail').uri.split('pkey=')[1];
    expect(pkey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('search by list', () => {
  test('one entry per requested part in order, MPN|MFR, counts that add up', async () => {
    const [two] = DEMO_SHOWCASE.twoManufacturers;
    const lm = partList((await token({ search_token: two })).json).find((p) => p.partNum === two);
    const parts = [
      { partNum: 'BAV99-7-F' },
      { partNum: 'NO-SUCH-PART-123' },
      { partNum: two, mfr: lm.manufacturer.mfrCd },
      { partNum: 'BAV99-7-F', mfr: 'MUR' },
      { partNum: 'bav99-7-f' },
      { partNum: '---' },
      { partNum: 'BAV99-7-F', mfr: 'NOSUCHMFR' },
    ];
    const r = await list(parts);
    expect(response(r.json).success).toBe(true);
    const d = r.json.itemserviceresult.data[0];
    expect(d.resultList.map((e: any) => e.requestedPartNum)).toEqual([
      'BAV99-7-F',
      'NO-SUCH-PART-123',
      `${two}|${lm.manufacturer.mfrCd}`,
      'BAV99-7-F|MUR',
      'bav99-7-f',
      '---',
      'BAV99-7-F|NOSUCHMFR',
    ]);
    expect(d.partsRequested).toBe(7);
    expect(d.partsFound).toBe(3);
    expect(d.partsNotFound).toBe(1);
    expect(d.partsError).toBe(3);
    expect(d.partsFound + d.partsNotFound + d.partsError).toBe(d.partsRequested);
    expect(d.resultList[1].numberFound).toBe(0);
    expect(d.resultList[1].PartList).toBeUndefined();
    expect(d.resultList[2].PartList.every((p: any) => p.manufacturer.mfrCd === lm.manufacturer.mfrCd)).toBe(true);
    expect(d.resultList[4].PartList[0].partNum).toBe('BAV99-7-F');
  });

  test('useExact false matches prefixes; true does not', async () => {
    const exact = await list([{ partNum: 'BAV99' }]);
    const prefixReq = JSON.stringify({
      request: { ...DEMO_AUTH, remoteIp: '', useExact: false, parts: [{ partNum: 'BAV99' }] },
    });
    const prefix = await get(suite.base, '/itemservice/v4/en/search/list', { req: prefixReq });
    const exactCount = exact.json.itemserviceresult.data[0].resultList[0].numberFound;
    const prefixCount = prefix.json.itemserviceresult.data[0].resultList[0].numberFound;
    expect(prefixCount).toBeGreaterThan(exactCount);
  });

  test('1000 parts in one request of tens of kilobytes', async () => {
    const found = partList((await token({ search_token: 'RC', rows: 25 })).json).map((p) => p.partNum);
    const parts = Array.from({ length: 1000 }, (_, i) => ({
      partNum: i % 2 ? found[i % found.length] : `${found[i % found.length]}`,
      mfr: i % 3 === 0 ? 'YAG' : undefined,
    })).map((p) => (p.mfr ? p : { partNum: p.partNum }));
    const url = `${suite.base}/itemservice/v4/en/search/list?req=${encodeURIComponent(listReq(parts))}`;
    expect(url.length).toBeGreaterThan(20_000);
    const r = await list(parts);
    expect(r.status).toBe(200);
    const d = r.json.itemserviceresult.data[0];
    expect(d.resultList).toHaveLength(1000);
    expect(d.partsRequested).toBe(1000);
    expect(d.partsFound + d.partsNotFound + d.partsError).toBe(1000);
    d.resultList.forEach((e: any, i: number) => expect(e.requestedPartNum.split('|')[0]).toBe(parts[i].partNum));
  });

  test('more than 1000 parts is refused with code 33', async () => {
    const parts = Array.from({ length: 1001 }, (_, i) => ({ partNum: `P${i}` }));
    const r = await list(parts);
    expect(response(r.json)).toMatchObject({ success: false, returnCode: '33' });
    expect(response(r.json).returnMsg).toMatch(/1001 parts; at most 1000/);
  });

  test('credentials may come from the query and apiKey with a capital K', async () => {
    const req = JSON.stringify({ request: { remoteIp: '', useExact: true, parts: [{ partNum: 'BAV99-7-F' }] } });
    const r = await get(suite.base, '/itemservice/v3/en/search/list', { req, login: 'demo', apiKey: 'demo-key' });
    expect(response(r.json).success).toBe(true);
    const inner = JSON.stringify({
      request: { login: 'demo', apiKey: 'demo-key', useExact: true, parts: [{ partNum: 'BAV99-7-F' }] },
    });
    expect(response((await get(suite.base, '/itemservice/v3/en/search/list', { req: inner })).json).success).toBe(true);
  });

  test('JSONP with callbackfn; a callback that is not an identifier path is refused', async () => {
    const r = await list([{ partNum: 'BAV99-7-F' }], { callbackfn: 'app.onParts' });
    expect(r.headers.get('content-type')).toMatch(/application\/javascript/);
    const m = /^\/\*\*\/app\.onParts\(([\s\S]*)\);$/.exec(r.text);
    expect(m).not.toBeNull();
    expect(JSON.parse(m![1]).itemserviceresult.data[0].partsFound).toBe(1);
    for (const bad of ['alert(1)', 'a;b', '<script>', 'x.', '1abc', 'a b']) {
      const e = await list([{ partNum: 'BAV99-7-F' }], { callbackfn: bad });
      expect(e.json).toBeDefined();
      expect(response(e.json)).toMatchObject({ success: false, returnCode: '44' });
      expect(e.text).not.toContain(bad.includes('<') ? '<script>' : `${bad}(`);
    }
  });

  test('malformed req gives a precise message', async () => {
    const cases: [string, string, RegExp][] = [
      ['{not json', '31', /not valid JSON/],
      ['[]', '32', /top level/],
      ['{"request": {"useExact": true}}', '32', /request\.parts/],
      ['{"request": {"parts": [{"partNum": 5}]}}', '32', /request\.parts\[0\]\.partNum must be a string/],
      ['{"request": {"parts": [{"partNum": "A"}, "B"]}}', '32', /request\.parts\[1\]/],
      ['{"request": {"useExact": "maybe", "parts": []}}', '32', /useExact/],
    ];
    for (const [req, code, msg] of cases) {
      const r = await get(suite.base, '/itemservice/v4/en/search/list', { req, ...DEMO_AUTH });
      expect(response(r.json)).toMatchObject({ success: false, returnCode: code });
      expect(response(r.json).returnMsg).toMatch(msg);
    }
    const missing = await get(suite.base, '/itemservice/v4/en/search/list', DEMO_AUTH);
    expect(response(missing.json).returnCode).toBe('30');
  });

  test('an order changes the stock that list search reports, in JSON and XML alike', async () => {
    const stockOf = (body: any, id: string) =>
      sourceParts(body.itemserviceresult.data[0].resultList[0].PartList[0]).find((o) => o.sourcePartId === id)
        .Availability[0].fohQty;
    const id = CHECKOUT_FIXTURES.stock50;
    const search = await token({ search_token: 'SMBJ5.0A' });
    const partNum = partList(search.json).find((p) => sourceParts(p).some((o) => o.sourcePartId === id)).partNum;
    const before = stockOf((await list([{ partNum }])).json, id);
    expect(before).toBe(50);
    const order = await get(suite.base, '/server-webapp/api/automatedCheckout', {
      username: 'buyer@example.com',
      password: createHash('sha256').update('demo-password').digest('hex'),
      customerPONumber: 'PO-STOCK-1',
      shipToAddressId: '1001',
      itemIds: id,
      quantities: 3,
      submitOrder: 'true',
      fmt: 'json',
    });
    expect(order.json.OrderPlaced.serverErrors).toBe('');
    expect(stockOf((await list([{ partNum }])).json, id)).toBe(47);
    const xml = await list([{ partNum }], { fmt: 'xml' });
    expect(xml.text).toContain(`<sourcePartId>${id}</sourcePartId>`);
    expect(xml.text).toMatch(/<fohQty>47<\/fohQty>/);
  });

  test('XML rendering of a list result', async () => {
    const r = await list([{ partNum: 'BAV99-7-F' }, { partNum: 'NOPE' }], { fmt: 'xml' });
    const doc = new XMLParser({ parseTagValue: false }).parse(r.text);
    const d = doc.itemserviceresult.data;
    expect(d.partsRequested).toBe('2');
    expect(d.resultList.map((e: any) => e.requestedPartNum)).toEqual(['BAV99-7-F', 'NOPE']);
  });
});

describe('manufacturer lookup', () => {
  test('every manufacturer with its fields', async () => {
    const r = await get(suite.base, '/itemservice/v3/en/lookup/manufacturer', DEMO_AUTH);
    const list = r.json.itemserviceresult.data[0].manufacturers;
    expect(list.length).toBeGreaterThanOrEqual(150);
    expect(sequence(r.json).totalItems).toBe(list.length);
    for (const m of list) {
      expect(Object.keys(m)).toEqual(['mfrId', 'mfrCd', 'mfrName', 'stateMfrName', 'stateAlternateName']);
      expect(typeof m.mfrId).toBe('number');
      expect(m.stateAlternateName).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const ti = list.find((m: any) => m.mfrCd === 'TI');
    expect(ti.stateAlternateName).toBe('texas-instruments');
  });
});

describe('errors', () => {
  const cases: [string, string, Record<string, string | number>, number, string, RegExp][] = [
    [
      'missing credentials',
      '/itemservice/v4/en/search/token',
      { search_token: 'BAV99' },
      200,
      '10',
      /login and apikey/,
    ],
    [
      'wrong apikey',
      '/itemservice/v4/en/search/token',
      { search_token: 'BAV99', login: 'demo', apikey: 'nope' },
      401,
      '11',
      /not valid/,
    ],
    [
      'unknown login',
      '/itemservice/v4/en/search/token',
      { search_token: 'BAV99', login: 'who', apikey: 'demo-key' },
      401,
      '11',
      /not valid/,
    ],
    ['missing search_token', '/itemservice/v4/en/search/token', { ...DEMO_AUTH }, 200, '20', /search_token/],
    [
      'token without letters',
      '/itemservice/v4/en/search/token',
      { ...DEMO_AUTH, search_token: '--' },
      200,
      '21',
      /no letters or digits/,
    ],
    [
      'negative rows',
      '/itemservice/v4/en/search/token',
      { ...DEMO_AUTH, search_token: 'A', rows: -1 },
      200,
      '40',
      /rows/,
    ],
    [
      'rows not whole',
      '/itemservice/v4/en/search/token',
      { ...DEMO_AUTH, search_token: 'A', rows: '2.5' },
      200,
      '40',
      /rows/,
    ],
    [
      'start not a number',
      '/itemservice/v4/en/search/token',
      { ...DEMO_AUTH, search_token: 'A', start: 'abc' },
      200,
      '41',
      /start/,
    ],
    [
      'unknown fmt',
      '/itemservice/v4/en/search/token',
      { ...DEMO_AUTH, search_token: 'A', fmt: 'csv' },
      200,
      '42',
      /fmt/,
    ],
    [
      'unknown currency',
      '/itemservice/v4/en/search/token',
      { ...DEMO_AUTH, search_token: 'A', utm_currency: 'XYZ' },
      200,
      '43',
      /currency/,
    ],
    [
      'unknown mfrCd',
      '/itemservice/v4/en/search/token',
      { ...DEMO_AUTH, search_token: 'A', mfrCd: 'NOPE' },
      200,
      '45',
      /manufacturer/,
    ],
    ['detail without keys', '/itemservice/v2/en/detail', {}, 200, '46', /pkey/],
    ['detail unknown part', '/itemservice/v2/en/detail', { mfrCd: 'TI', partNum: 'NOPE' }, 200, '47', /No part/],
    ['unknown path', '/itemservice/v5/en/search/token', {}, 404, '50', /No operation/],
    ['lookup without credentials', '/itemservice/v3/en/lookup/manufacturer', {}, 200, '10', /login/],
  ];
  test.each(cases)('%s', async (_name, path, params, status, code, message) => {
    const r = await get(suite.base, path, params);
    expect(r.status).toBe(status);
    expect(response(r.json)).toMatchObject({ success: false, returnCode: code });
    expect(response(r.json).returnMsg).toMatch(message);
  });

  test('a repeated parameter is refused', async () => {
    const r: any = await fetch(
      `${suite.base}/itemservice/v4/en/search/token?login=demo&apikey=demo-key&search_token=A&search_token=B`,
    ).then((x) => x.json());
    expect(response(r)).toMatchObject({ success: false, returnCode: '48' });
  });

  test('wrong method gets 405 with the envelope', async () => {
    const r = await fetch(`${suite.base}/itemservice/v4/en/search/token`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(405);
    expect(response(await r.json()).returnCode).toBe('51');
  });

  test('errors render in XML when asked', async () => {
    const r = await get(suite.base, '/itemservice/v4/en/search/token', { fmt: 'xml', search_token: 'A' });
    expect(r.text).toContain('<returnCode>10</returnCode>');
    expect(r.text).toContain('<success>false</success>');
  });

  test('the service keeps answering after hostile input', async () => {
    const hostile = ["' OR 1=1 --", '"; DROP TABLE parts; --', '\u0000\u0001', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '%', 'A'.repeat(101)];
    for (const t of hostile) {
      const r = await token({ search_token: t });
      expect(r.status).toBeLessThan(500);
      expect(r.json.itemserviceresult).toBeDefined();
    }
    expect(response((await token({ search_token: 'BAV99' })).json).success).toBe(true);
  });
});

describe('CORS', () => {
  test('the add-in origin may call the service', async () => {
    const r = await fetch(`${suite.base}/itemservice/v4/en/search/token?search_token=A&login=demo&apikey=demo-key`, {
      headers: { origin: 'https://localhost:3000' },
    });
    expect(r.headers.get('access-control-allow-origin')).toBe('https://localhost:3000');
    const other = await fetch(`${suite.base}/itemservice/v4/en/search/token?search_token=A`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
