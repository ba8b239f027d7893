/**
 * The service's answers compared with the shape of the real captures (docs/item-service.md, "Real answers"): key order,
 * which website holds which source, date forms and types. Every part of a broad sample is checked, not one example.
 */
import { XMLParser } from 'fast-xml-parser';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { serviceForFile, get, DEMO_AUTH } from '../helpers/service';
import { CatalogStore } from '../../service/store/db';
import { importParts } from '../../service/store/import';
import { DEMO_SHOWCASE } from '../../service/demo/generate';
import { xmlDocument } from '../../service/xml';

const suite = serviceForFile({ parts: 3000 });

// Key orders as the captures list them.
const ENVELOPE_KEYS = ['serviceMetaData', 'transactionArea', 'data'];
const SEQUENCE_KEYS = ['transactionTime', 'queryTime', 'dbTime', 'totalItems', 'resources', 'qq'];
const PART_KEYS_V4 = [
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
];
const SOURCE_PART_KEYS_V4 = [
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
/** Keys a capture may leave out: quote-only offers have no Prices; these four are absent, not empty, when unknown. */
const OPTIONAL_SOURCE_PART_KEYS = ['Prices', 'shipsFrom', 'shipsIn', 'htsCode', 'countryOfOrigin'];
const RESOURCE_ORDER = [
  'datasheet',
  'image_small',
  'image_large',
  'cloud_part_detail',
  'api_part_detail',
  'part_detail',
];
const CAPTURED_DATE = /^(0[1-9]|[12]\d|3[01])-(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)-\d{4}$/;
const WEBSITE_OF_SOURCE = (sourceCd: string) => (sourceCd === 'MARKETPLACE' ? 'Marketplace.com' : 'partner.com');

/** Wide prefix list search: a few hundred parts of every kind, shaped as the service shapes them. */
async function sample(version: 'v3' | 'v4', fmt?: 'xml') {
  const parts = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'.split('').map((partNum) => ({ partNum }));
  const req = JSON.stringify({ request: { ...DEMO_AUTH, remoteIp: '', useExact: false, parts } });
  return get(suite.base, `/itemservice/${version}/en/search/list`, { req, rows: 25, ...(fmt ? { fmt } : {}) });
}

function expectOrder(keys: string[], order: string[], optional: string[] = []) {
  expect(keys).toEqual(order.filter((k) => keys.includes(k) || !optional.includes(k)));
}

function checkSourcePart(sp: any, sourceCd: string, version: 'v3' | 'v4') {
  if (version === 'v4') expectOrder(Object.keys(sp), SOURCE_PART_KEYS_V4, OPTIONAL_SOURCE_PART_KEYS);
  expect(typeof sp.sourcePartId).toBe('string');
  if (sourceCd === 'MARKETPLACE') expect(sp.sourcePartId).toMatch(/^\d+$/);
  expect(sp.customerSpecificPricing).toEqual([]);
  expect(sp.customerSpecificInventory).toEqual([]);
  expect(sp.Availability).toHaveLength(1);
  const a = sp.Availability[0];
  expect(Object.keys(a)).toEqual(
    version === 'v4'
      ? ['fohQty', 'availabilityCd', 'availabilityMessage', 'pipeline']
      : ['fohQty', 'legacyBondedQty', 'availabilityCd', 'availabilityMessage', 'pipeline'],
  );
  expect(sp.inStock).toBe(a.fohQty > 0);
  for (const entry of a.pipeline) {
    expect(Object.keys(entry)).toEqual(['delivery', 'quantity']);
    expect(entry.delivery).toMatch(CAPTURED_DATE);
    expect(Number.isNaN(new Date(entry.delivery).getTime())).toBe(false);
    expect(typeof entry.quantity).toBe('number');
  }
  if (a.availabilityCd === 'QUOTE') {
    expect(sp.Prices).toBeUndefined();
    expect(a.fohQty).toBe(0);
  }
  if (sp.Prices) {
    const tiers = sp.Prices.resaleList;
    tiers.forEach((t: any, i: number) => {
      expect(typeof t.displayPrice).toBe('string');
      expect(t.displayPrice).not.toMatch(/[.,]\d*0$/);
      expect(typeof t.price).toBe('number');
      if (i > 0) expect(t.minQty).toBe(tiers[i - 1].maxQty + 1);
    });
    expect(tiers.at(-1).maxQty).toBe(sourceCd === 'MARKETPLACE' ? 999999999 : 99999999);
  }
  expect(typeof sp.mfrLeadTime).toBe('number');
  if (sourceCd === 'MARKETPLACE') expect(sp.mfrLeadTime).toBe(0);
  // Text, empty as in the captures, but for the demo's ACNA offers that give the operator's lead time in weeks.
  if (version === 'v4') expect(sp.partnerLeadTime).toMatch(sourceCd === 'ACNA' ? /^(\d+)?$/ : /^$/);
}

function checkPart(part: any, version: 'v3' | 'v4') {
  if (version === 'v4') expect(Object.keys(part)).toEqual(PART_KEYS_V4);
  else expect(Object.keys(part)).toEqual(PART_KEYS_V4.filter((k) => k !== 'categoryName' && k !== 'status'));
  expect(typeof part.itemId).toBe('number');
  expect(Object.keys(part.manufacturer)).toEqual(['mfrCd', 'mfrName']);
  const types = part.resources.map((r: any) => r.type);
  expect(types).toEqual(RESOURCE_ORDER.filter((t) => types.includes(t)));
  expect(types.slice(-3)).toEqual(['cloud_part_detail', 'api_part_detail', 'part_detail']);
  expect(part.hasDatasheet).toBe(types.includes('datasheet'));
  expect(part.EnvData.compliance.map((c: any) => c.displayLabel)).toEqual(['eurohs', 'cnrohs']);
  const seen = new Set<string>();
  if (version === 'v3') {
    expect(Object.keys(part.InvOrg)).toEqual(['sources']);
    for (const source of part.InvOrg.sources) for (const sp of source.sourceParts) seen.add(sp.sourcePartId);
  } else {
    expect(Object.keys(part.InvOrg)).toEqual(['webSites']);
    const sites = part.InvOrg.webSites;
    const codes = sites.map((w: any) => w.code);
    // Marketplace first, each website once and only when it has a source.
    expect(codes).toEqual(['Marketplace.com', 'partner.com'].filter((c) => codes.includes(c)));
    for (const site of sites) {
      expect(Object.keys(site)).toEqual(['code', 'name', 'sources']);
      expect(site.name).toBe(site.code);
      expect(site.sources.length).toBeGreaterThan(0);
      for (const source of site.sources) {
        expect(Object.keys(source)).toEqual(['currency', 'sourceCd', 'displayName', 'sourceParts']);
        // Which website holds which source, as in every capture.
        expect(WEBSITE_OF_SOURCE(source.sourceCd)).toBe(site.code);
        for (const sp of source.sourceParts) {
          // Each source part is published once in the whole part.
          expect(seen.has(sp.sourcePartId)).toBe(false);
          seen.add(sp.sourcePartId);
        }
      }
    }
  }
  const sources = version === 'v3' ? part.InvOrg.sources : part.InvOrg.webSites.flatMap((w: any) => w.sources);
  for (const source of sources) for (const sp of source.sourceParts) checkSourcePart(sp, source.sourceCd, version);
}

describe("answers have the captures' shape", () => {
  test.each(['v4', 'v3'] as const)(
    '%s: envelope, list result, every part, website and source part of a wide sample',
    async (version) => {
      const r = await sample(version);
      expect(r.status).toBe(200);
      // Written out as the client reads, yet with its exact length announced.
      expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));
      expect(r.text).toMatch(/[^\x00-\x7f]/);
      expect(Object.keys(r.json)).toEqual(['itemserviceresult']);
      const result = r.json.itemserviceresult;
      expect(Object.keys(result)).toEqual(ENVELOPE_KEYS);
      expect(result.serviceMetaData).toEqual([{ version: version === 'v4' ? '4.0.0' : '3.0.2' }]);
      expect(Object.keys(result.transactionArea[0])).toEqual(['response', 'responseSequence']);
      expect(result.transactionArea[0].response).toEqual({ returnCode: '0', returnMsg: '', success: true });
      const seq = result.transactionArea[0].responseSequence;
      expect(Object.keys(seq)).toEqual(SEQUENCE_KEYS);
      for (const k of ['transactionTime', 'queryTime', 'dbTime']) expect(seq[k]).toMatch(/^(0|\d+(\.\d+)?) ms$/);
      expect(typeof seq.totalItems).toBe('number');
      expect(seq.qq).toBe(150);
      const data = result.data[0];
      expect(Object.keys(data)).toEqual(['partsRequested', 'partsFound', 'partsNotFound', 'partsError', 'resultList']);
      const parts = data.resultList.flatMap((e: any) => {
        expect(Object.keys(e)).toEqual(
          e.numberFound === 0
            ? ['resources', 'requestedPartNum', 'numberFound']
            : ['resources', 'requestedPartNum', 'numberFound', 'PartList'],
        );
        return e.PartList ?? [];
      });
      expect(parts.length).toBeGreaterThan(300);
      // totalItems is the number of all matches, which can exceed the page that rows returns.
      expect(seq.totalItems).toBe(data.resultList.reduce((sum: number, e: any) => sum + e.numberFound, 0));
      expect(seq.totalItems).toBeGreaterThan(parts.length);
      let pipelines = 0;
      for (const part of parts) {
        checkPart(part, version);
        pipelines += JSON.stringify(part).split('"pipeline":[{').length - 1;
      }
      // The sample holds pipelines, so the date check above is not vacuous.
      expect(pipelines).toBeGreaterThan(5);
    },
  );

  test('token search: data[0] is resources then PartList, the search link carries the token lowercased', async () => {
    const r = await get(suite.base, '/itemservice/v4/en/search/token', {
      ...DEMO_AUTH,
      search_token: DEMO_SHOWCASE.outOfStockWithPipeline,
    });
    const data = r.json.itemserviceresult.data[0];
    expect(Object.keys(data)).toEqual(['resources', 'PartList']);
    expect(data.resources).toEqual([
      {
        type: 'search',
        uri: `https://www.partner.com/en/products/search?q=${DEMO_SHOWCASE.outOfStockWithPipeline.toLowerCase()}`,
      },
    ]);
    for (const part of data.PartList) checkPart(part, 'v4');
    const nostk = data.PartList.flatMap((p: any) =>
      p.InvOrg.webSites.flatMap((w: any) => w.sources.flatMap((s: any) => s.sourceParts)),
    ).filter((sp: any) => sp.Availability[0].availabilityCd === 'NOSTK' && sp.Availability[0].pipeline.length > 0);
    expect(nostk.length).toBeGreaterThan(0);
  });

  test('a list entry with mfr is requested as "MPN|MFR", in request order', async () => {
    const parts = [{ partNum: 'NE555P' }, { partNum: 'LM358N', mfr: 'TI' }, { partNum: 'BAV99-7-F' }];
    const req = JSON.stringify({ request: { ...DEMO_AUTH, remoteIp: '', useExact: true, parts } });
    const r = await get(suite.base, '/itemservice/v4/en/search/list', { req });
    expect(r.json.itemserviceresult.data[0].resultList.map((e: any) => e.requestedPartNum)).toEqual([
      'NE555P',
      'LM358N|TI',
      'BAV99-7-F',
    ]);
  });

  test.each(['v4', 'v3'] as const)(
    '%s XML: every pipeline date is DD-MON-YYYY and every source part appears once',
    async (version) => {
      const r = await sample(version, 'xml');
      expect(r.status).toBe(200);
      const dates = [...r.text.matchAll(/<delivery>([^<]*)<\/delivery>/g)].map((m) => m[1]);
      expect(dates.length).toBeGreaterThan(5);
      for (const d of dates) expect(d).toMatch(CAPTURED_DATE);
      const doc = new XMLParser({
        parseTagValue: false,
        isArray: (name) => ['resultList', 'PartList', 'webSites', 'sources', 'sourceParts'].includes(name),
      }).parse(r.text);
      let count = 0;
      for (const entry of doc.itemserviceresult.data.resultList) {
        for (const part of entry.PartList ?? []) {
          const sites = version === 'v4' ? part.InvOrg.webSites : [{ code: '', sources: part.InvOrg.sources }];
          const ids: string[] = [];
          for (const site of sites) {
            for (const source of site.sources) {
              if (version === 'v4') expect(site.code).toBe(WEBSITE_OF_SOURCE(source.sourceCd));
              for (const sp of source.sourceParts) ids.push(sp.sourcePartId);
            }
          }
          expect(new Set(ids).size).toBe(ids.length);
          count++;
        }
      }
      expect(count).toBeGreaterThan(300);
    },
  );
});

describe('a list search in XML is the JSON answer as one XML document', () => {
  test('entries written one by one, a part repeated over entries, found, not found and with a manufacturer', async () => {
    const parts = [
      { partNum: 'BAV99' },
      { partNum: 'NE555P' },
      { partNum: 'BAV99' },
      { partNum: 'NOPE-NOPE' },
      { partNum: 'LM358N', mfr: 'TI' },
      { partNum: 'BAV99' },
    ];
    const req = JSON.stringify({ request: { ...DEMO_AUTH, remoteIp: '', useExact: false, parts } });
    const json = await get(suite.base, '/itemservice/v4/en/search/list', { req, rows: 3 });
    const xml = await get(suite.base, '/itemservice/v4/en/search/list', { req, rows: 3, fmt: 'xml' });
    expect(json.json.itemserviceresult.data[0].partsFound).toBe(5);
    const timeless = (text: string) => text.replace(/<(transactionTime|queryTime|dbTime)>[^<]*<\/\1>/g, '<$1/>');
    expect(timeless(xml.text)).toBe(timeless(xmlDocument(json.json)));
  });
});

describe('stored forms the documentation allows are published as the captures show them', () => {
  test('a part imported with yyyymmdd dates and a source listed under two websites', async () => {
    const record = {
      partNum: 'ZZWIRE-1',
      manufacturer: { mfrCd: 'TI', mfrName: 'Texas Instruments' },
      desc: 'IMPORTED PART',
      InvOrg: {
        webSites: [
          {
            code: 'Marketplace.com',
            name: 'Marketplace.com',
            sources: [
              {
                currency: 'USD',
                sourceCd: 'MARKETPLACE',
                displayName: 'Marketplace',
                sourceParts: [
                  {
                    packSize: 1,
                    minimumOrderQuantity: 1,
                    sourcePartId: '99000001',
                    Prices: { resaleList: [{ displayPrice: '0.5', price: 0.5, minQty: 1, maxQty: 999999999 }] },
                    Availability: [
                      {
                        fohQty: 0,
                        availabilityCd: 'NOSTK',
                        availabilityMessage: 'No Stock',
                        pipeline: [
                          { delivery: '20270124', quantity: 500 },
                          { delivery: '05-mar-2027', quantity: 20 },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            code: 'partner.com',
            name: 'partner.com',
            sources: [
              {
                currency: 'USD',
                sourceCd: 'MARKETPLACE',
                displayName: 'Marketplace',
                sourceParts: [
                  {
                    packSize: 1,
                    minimumOrderQuantity: 1,
                    sourcePartId: '99000001',
                    Prices: { resaleList: [{ displayPrice: '0.5', price: 0.5, minQty: 1, maxQty: 999999999 }] },
                    Availability: [
                      {
                        fohQty: 0,
                        availabilityCd: 'NOSTK',
                        availabilityMessage: 'No Stock',
                        pipeline: [
                          { delivery: '20270124', quantity: 500 },
                          { delivery: '05-mar-2027', quantity: 20 },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    };
    const db = new Database(join(suite.svc.dataDir, 'production.db'));
    try {
      const result = importParts(new CatalogStore(db), [
        record,
        {
          ...record,
          partNum: 'ZZWIRE-2',
          InvOrg: {
            webSites: [
              {
                code: 'partner.com',
                sources: [
                  {
                    sourceCd: 'NAC',
                    sourceParts: [
                      { sourcePartId: 'ZZ-BAD', Availability: [{ pipeline: [{ delivery: '20271340', quantity: 1 }] }] },
                    ],
                  },
                ],
              },
            ],
          },
        },
      ]);
      expect(result.added).toBe(1);
      // A date that names no calendar day is refused where it is, not published.
      expect(result.skipped).toEqual([
        {
          index: 1,
          message: expect.stringMatching(
            /pipeline\[0\]\.delivery must be a calendar date written yyyymmdd or DD-MON-YYYY; got '20271340'/,
          ),
        },
      ]);
    } finally {
      db.close();
    }
    for (const version of ['v4', 'v3']) {
      const r = await get(suite.base, `/itemservice/${version}/en/search/token`, {
        ...DEMO_AUTH,
        search_token: 'ZZWIRE',
      });
      const part = r.json.itemserviceresult.data[0].PartList[0];
      const sources = version === 'v4' ? part.InvOrg.webSites.flatMap((w: any) => w.sources) : part.InvOrg.sources;
      if (version === 'v4') expect(part.InvOrg.webSites.map((w: any) => w.code)).toEqual(['Marketplace.com']);
      const sps = sources.flatMap((s: any) => s.sourceParts);
      expect(sps.map((sp: any) => sp.sourcePartId)).toEqual(['99000001']);
      expect(sps[0].Availability[0].pipeline).toEqual([
        { delivery: '24-JAN-2027', quantity: 500 },
        { delivery: '05-MAR-2027', quantity: 20 },
      ]);
      const xml = await get(suite.base, `/itemservice/${version}/en/search/token`, {
        ...DEMO_AUTH,
        search_token: 'ZZWIRE',
        fmt: 'xml',
      });
      expect([...xml.text.matchAll(/<delivery>([^<]*)<\/delivery>/g)].map((m) => m[1])).toEqual([
        '24-JAN-2027',
        '05-MAR-2027',
      ]);
    }
  });
});

describe('repeated slashes mean one slash', () => {
  const query = (extra: Record<string, string>) => new URLSearchParams({ ...DEMO_AUTH, ...extra }).toString();

  test.each([
    ['//itemservice/v3/en/search/list', '/itemservice/v3/en/search/list'],
    ['/itemservice//v4/en/search/list', '/itemservice/v4/en/search/list'],
  ])('%s answers as %s', async (doubled, single) => {
    const req = JSON.stringify({
      request: { ...DEMO_AUTH, remoteIp: '', useExact: true, parts: [{ partNum: 'BAV99-7-F' }] },
    });
    const a = await fetch(`${suite.base}${doubled}?${query({ req })}`);
    const b = await fetch(`${suite.base}${single}?${query({ req })}`);
    expect(a.status).toBe(200);
    const [ja, jb]: any[] = [await a.json(), await b.json()];
    expect(ja.itemserviceresult.data).toEqual(jb.itemserviceresult.data);
    expect(ja.itemserviceresult.serviceMetaData).toEqual(jb.itemserviceresult.serviceMetaData);
  });

  test('token search, lookup, detail and checkout are reached through doubled slashes; an unknown path is still 404', async () => {
    const token = await fetch(`${suite.base}//itemservice///v4//en/search/token/?${query({ search_token: 'BAV99' })}`);
    expect(token.status).toBe(200);
    const body: any = await token.json();
    expect(body.itemserviceresult.serviceMetaData).toEqual([{ version: '4.0.0' }]);
    expect(body.itemserviceresult.data[0].PartList.length).toBeGreaterThan(0);
    const lookup: any = await (await fetch(`${suite.base}//itemservice/v3/en/lookup/manufacturer?${query({})}`)).json();
    expect(lookup.itemserviceresult.data[0].manufacturers.length).toBeGreaterThan(0);
    const detailLink = body.itemserviceresult.data[0].PartList[0].resources.find((r: any) => r.type === 'part_detail')
      .uri as string;
    expect((await fetch(detailLink.replace('/itemservice/', '//itemservice//'))).status).toBe(200);
    const checkout = await fetch(
      `${suite.base}//server-webapp//api/automatedCheckout?username=nobody%40example.com&password=x`,
    );
    expect(await checkout.text()).not.toMatch(/No operation at/);
    const missing = await fetch(`${suite.base}//itemservice/v9/en/search/token`);
    expect(missing.status).toBe(404);
    const missingBody: any = await missing.json();
    expect(missingBody.itemserviceresult.transactionArea[0].response.returnMsg).toMatch(
      /No operation at \/itemservice\/v9\/en\/search\/token;/,
    );
  });
});
