import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CatalogError,
  decodeJson,
  decodeXml,
  parseDecimal,
  parseDeliveryDate,
  parseListAnswer,
  parseManufacturers,
  parsePart,
  parseSearchAnswer,
  readEnvelope,
  splitRequestedPartNum,
  type Offer,
  type Part,
} from '../../src/catalog';

const FIXTURES = join(__dirname, '..', 'fixtures', 'catalog');
const fixtureText = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
type Json = any;
const fixture = (name: string): Json => JSON.parse(fixtureText(name));

function offer(part: Part, sourcePartId: string): Offer {
  const found = part.offers.find((o) => o.sourcePartId === sourcePartId);
  if (!found) throw new Error(`no offer ${sourcePartId} in ${part.partNumber}`);
  return found;
}

function expectCatalogError(fn: () => unknown, kind: string, message?: RegExp) {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(CatalogError);
  expect((error as CatalogError).kind).toBe(kind);
  if (message) expect((error as CatalogError).message).toMatch(message);
}

describe('v4 token answer', () => {
  const page = parseSearchAnswer(fixture('token-v4.json'), 'v4');
  const [bav, bav7] = page.parts;

  test('reads the page and the part fields', () => {
    expect(page.totalItems).toBe(37);
    expect(page.parts.map((p) => p.partNumber)).toEqual(['BAV99-7-F', 'BAV99-7']);
    expect(bav).toMatchObject({
      itemId: 10293847,
      partNumber: 'BAV99-7-F',
      manufacturerCode: 'DIOD',
      manufacturerName: 'Diodes Incorporated',
      description: 'Diode Switching 75V 0.3A 3-Pin SOT-23 T/R',
      packageType: '',
      category: 'Diodes - Switching',
      status: 'Active',
      compliance: { eurohs: 'Compliant', cnrohs: '' },
      datasheetUrl: 'https://www.diodes.com/assets/Datasheets/BAV99.pdf',
    });
    expect(bav.resources.map((r) => r.type)).toEqual([
      'datasheet',
      'image_small',
      'image_large',
      'cloud_part_detail',
      'api_part_detail',
      'part_detail',
    ]);
    expect(bav7.datasheetUrl).toBeNull();
    expect(bav7.compliance).toEqual({ eurohs: 'Unknown', cnrohs: 'Non Compliant' });
  });

  test('the marketplace source part listed under two websites is one offer naming both', () => {
    expect(bav.offers.map((o) => o.sourcePartId)).toEqual(['65130973', 'V36:1790_07275143', '0898_00015182']);
    const market = offer(bav, '65130973');
    expect(market.websites).toEqual(['Marketplace.com', 'partner.com']);
    expect(market.stock).toBe(12000);
    const totalStock = bav.offers.reduce((sum, o) => sum + o.stock, 0);
    expect(totalStock).toBe(12000);
    expect(offer(bav, 'V36:1790_07275143').websites).toEqual(['partner.com']);
  });

  test('both open-ended sentinels become Infinity; other tiers keep their bounds', () => {
    expect(offer(bav, '65130973').breaks).toEqual([
      { minQty: 1, maxQty: 999, price: 0.1, vipPrice: false },
      { minQty: 1000, maxQty: Infinity, price: 0.08, vipPrice: false },
    ]);
    expect(offer(bav, 'V36:1790_07275143').breaks).toEqual([
      { minQty: 66, maxQty: 499, price: 0.416, vipPrice: false },
      { minQty: 500, maxQty: 2999, price: 0.29, vipPrice: false },
      { minQty: 3000, maxQty: Infinity, price: 0.2, vipPrice: true },
    ]);
  });

  test('MOQ 0 reads as 1; a first tier below the MOQ is kept as published', () => {
    expect(offer(bav, '65130973').moq).toBe(1);
    expect(offer(bav, '65130973').packSize).toBe(3000);
    const acna = offer(bav, 'V36:1790_07275143');
    expect(acna.moq).toBe(291);
    expect(acna.breaks[0].minQty).toBe(66);
  });

  test('a quote-only offer without Prices: no breaks, quoteOnly, pack 0 -> 1, no lead time -> null', () => {
    const quote = offer(bav, '0898_00015182');
    expect(quote).toMatchObject({
      breaks: [],
      quoteOnly: true,
      packSize: 1,
      moq: 1,
      stock: 0,
      availabilityCode: 'QUOTE',
      availabilityText: 'Call For Quote',
      leadTimeWeeks: null,
      inStock: false,
      npi: true,
      shipsFrom: 'Singapore',
      shipsIn: 'Ships in 3 days',
    });
    expect(offer(bav, '65130973').quoteOnly).toBe(false);
  });

  test('absent shipsIn, shipsFrom, htsCode and countryOfOrigin are null', () => {
    const acna = offer(bav, 'V36:1790_07275143');
    expect(acna.shipsIn).toBeNull();
    expect(acna.shipsFrom).toBeNull();
    expect(acna.hts).toBeNull();
    expect(acna.countryOfOrigin).toBeNull();
    expect(offer(bav, '65130973')).toMatchObject({
      shipsFrom: 'United States',
      shipsIn: 'Ships today',
      hts: '8541100080',
      countryOfOrigin: 'CN',
    });
  });

  test('pipeline dates in both formats become ISO; unreal or unreadable dates are dropped', () => {
    const acna = offer(bav, 'V36:1790_07275143');
    expect(acna.pipeline).toEqual([
      { date: '2023-11-10', quantity: 665 },
      { date: '2024-01-15', quantity: 3000 },
    ]);
    expect(acna).toMatchObject({
      stock: 0,
      availabilityCode: 'NOSTK',
      availabilityText: 'No Stock',
      inStock: false,
      leadTimeWeeks: 12,
      ncnr: true,
      tariff: true,
    });
  });

  test('the rest of an offer', () => {
    expect(offer(bav, '65130973')).toEqual({
      websites: ['Marketplace.com', 'partner.com'],
      sourceCode: 'MARKETPLACE',
      sourceName: 'Marketplace',
      currency: 'USD',
      sourcePartId: '65130973',
      packSize: 3000,
      moq: 1,
      breaks: [
        { minQty: 1, maxQty: 999, price: 0.1, vipPrice: false },
        { minQty: 1000, maxQty: Infinity, price: 0.08, vipPrice: false },
      ],
      quoteOnly: false,
      stock: 12000,
      availabilityCode: 'INSTK',
      availabilityText: 'In Stock',
      pipeline: [],
      inStock: true,
      leadTimeWeeks: 0,
      partnerLeadTimeWeeks: null,
      shipsFrom: 'United States',
      shipsIn: 'Ships today',
      ncnr: false,
      npi: false,
      tariff: false,
      dateCode: '2331+',
      eccn: 'EAR99',
      hts: '8541100080',
      countryOfOrigin: 'CN',
      container: 'Reel',
    });
  });

  test('EUR offers: the numeric price is used, the decimal comma is not misread', () => {
    const europe = offer(bav7, 'E02:0323_00016422');
    expect(europe.currency).toBe('EUR');
    expect(europe.breaks.map((b) => b.price)).toEqual([0.0368, 0.031]);
  });
});

describe("the operator's lead time (partnerLeadTime, v4 text that may be empty)", () => {
  /** token-v4.json with the operator's lead time of every offer set to `value`. */
  function withPartnerLead(value: unknown): Part[] {
    const body = fixture('token-v4.json');
    for (const part of body.itemserviceresult.data[0].PartList)
      for (const site of part.InvOrg.webSites)
        for (const source of site.sources) for (const sp of source.sourceParts) sp.partnerLeadTime = value;
    return parseSearchAnswer(body, 'v4').parts;
  }

  test('empty, as in real answers: not published (null), the manufacturer lead time kept apart', () => {
    const [bav] = parseSearchAnswer(fixture('token-v4.json'), 'v4').parts;
    expect(offer(bav, 'V36:1790_07275143')).toMatchObject({ leadTimeWeeks: 12, partnerLeadTimeWeeks: null });
  });

  test('weeks as text, with or without the word, and as a number', () => {
    expect(offer(withPartnerLead('14')[0], 'V36:1790_07275143').partnerLeadTimeWeeks).toBe(14);
    expect(offer(withPartnerLead(' 6 weeks ')[0], 'V36:1790_07275143').partnerLeadTimeWeeks).toBe(6);
    expect(offer(withPartnerLead('3 Wks')[0], 'V36:1790_07275143').partnerLeadTimeWeeks).toBe(3);
    expect(offer(withPartnerLead(20)[0], 'V36:1790_07275143').partnerLeadTimeWeeks).toBe(20);
  });

  test('text that is no number of weeks is not published (the offer is still read)', () => {
    for (const value of ['soon', '-2', 'call', null]) {
      const read = offer(withPartnerLead(value)[0], 'V36:1790_07275143');
      expect(read.partnerLeadTimeWeeks).toBeNull();
      expect(read.leadTimeWeeks).toBe(12);
    }
  });

  test('XML: the same text, empty or given', () => {
    const xml = fixtureText('token-v4.xml');
    const empty = parseSearchAnswer(decodeXml(xml), 'v4').parts[0];
    expect(empty.offers.every((o) => o.partnerLeadTimeWeeks === null)).toBe(true);
    const given = xml.replace(/<partnerLeadTime><\/partnerLeadTime>/g, '<partnerLeadTime>10</partnerLeadTime>');
    const read = parseSearchAnswer(decodeXml(given), 'v4').parts[0];
    const withField = read.offers.filter((o) => o.sourcePartId === '0898_00015183');
    expect(withField).toHaveLength(1);
    expect(withField[0]).toMatchObject({ leadTimeWeeks: 4, partnerLeadTimeWeeks: 10, shipsIn: 'Ships in 3 days' });
  });

  test('v3 answers carry no operator lead time', () => {
    const [part] = parseSearchAnswer(fixture('token-v3.json'), 'v3').parts;
    expect(part.offers.every((o) => o.partnerLeadTimeWeeks === null)).toBe(true);
  });
});

describe('EUR answer with displayPrice only', () => {
  test('falls back to displayPrice, with a decimal comma or a dot', () => {
    const [part] = parseSearchAnswer(fixture('token-v4-eur.json'), 'v4').parts;
    const nac = offer(part, '0801_00412356');
    expect(nac.currency).toBe('EUR');
    expect(nac.breaks).toEqual([
      { minQty: 50, maxQty: 249, price: 0.38272, vipPrice: false },
      { minQty: 250, maxQty: 999, price: 0.3266, vipPrice: false },
      { minQty: 1000, maxQty: Infinity, price: 0.2852, vipPrice: false },
    ]);
    expect(part.description).toBe('Op Amp Dual GP ±16V/32V 8-Pin PDIP Tube');
  });
});

describe('v3 token answer', () => {
  const v3 = parseSearchAnswer(fixture('token-v3.json'), 'v3');
  const v4 = parseSearchAnswer(fixture('token-v4.json'), 'v4');

  test('reads InvOrg.sources; offers list no websites; v4-only fields are empty', () => {
    const [part] = v3.parts;
    expect(v3.totalItems).toBe(1);
    expect(part.offers.map((o) => o.sourcePartId)).toEqual(['65130973', 'V36:1790_07275143', '0898_00015182']);
    for (const o of part.offers) expect(o.websites).toEqual([]);
    expect(part.category).toBe('');
    expect(part.status).toBe('');
    for (const o of part.offers) {
      expect(o.shipsIn).toBeNull();
      expect(o.shipsFrom).toBeNull();
      expect(o.tariff).toBe(false);
    }
  });

  test('yyyymmdd pipeline dates become ISO', () => {
    expect(offer(v3.parts[0], 'V36:1790_07275143').pipeline).toEqual([{ date: '2023-11-10', quantity: 665 }]);
  });

  test('gives the same offers as v4 apart from the v4-only fields', () => {
    const strip = (o: Offer) => ({
      ...o,
      websites: [],
      shipsFrom: null,
      shipsIn: null,
      tariff: false,
      pipeline: o.pipeline.slice(0, 1),
    });
    const v3Offers = v3.parts[0].offers.map(strip);
    const v4Offers = v4.parts[0].offers.map(strip);
    expect(v3Offers).toEqual(v4Offers);
  });

  test('a v3 answer read as v4 (or the reverse) still finds its offers', () => {
    expect(parseSearchAnswer(fixture('token-v3.json'), 'v4').parts[0].offers).toHaveLength(3);
    expect(parseSearchAnswer(fixture('token-v4.json'), 'v3').parts[0].offers).toHaveLength(3);
  });
});

describe('reference-table spellings', () => {
  const page = parseSearchAnswer(fixture('token-v3-reference.json'), 'v3');
  const [part] = page.parts;

  test('sucess, itemID and hasDataSheet are read', () => {
    expect(part.itemId).toBe(30551);
    expect(part.datasheetUrl).toBe('https://www.onsemi.com/pdf/datasheet/1n4148.pdf');
    expect(readEnvelope(fixture('token-v3-reference.json')).success).toBe(true);
  });

  test('hasDataSheet false wins over a stray datasheet link', () => {
    const raw = fixture('token-v3-reference.json').itemserviceresult.data[0].PartList[0];
    raw.hasDataSheet = false;
    expect(parsePart(raw, 'v3').datasheetUrl).toBeNull();
  });

  test('a resource without uri has uri null; older fields are ignored; packageType absent is empty', () => {
    expect(part.resources).toContainEqual({ type: 'detail', uri: null });
    expect(part.packageType).toBe('');
    const europe = offer(part, 'E02:0323_00099871');
    expect(europe).toMatchObject({ stock: 25000, moq: 100, packSize: 100, leadTimeWeeks: null, currency: 'EUR' });
    expect(europe.breaks.map((b) => b.price)).toEqual([0.021, 0.0175]);
    expect(europe.pipeline).toEqual([{ date: '2024-03-01', quantity: 10000 }]);
  });

  test('sucess: false is a failure', () => {
    const body = fixture('token-v3-reference.json');
    body.itemserviceresult.transactionArea[0].response = {
      returnCode: '45',
      returnMsg: "Unknown manufacturer code 'ZZ'",
      sucess: false,
    };
    expectCatalogError(() => parseSearchAnswer(body, 'v3'), 'rejected', /Unknown manufacturer code 'ZZ'/);
  });
});

describe('XML answers', () => {
  const fromXml = parseSearchAnswer(decodeXml(fixtureText('token-v4.xml')), 'v4');
  const fromJson = parseSearchAnswer(fixture('token-v4-single.json'), 'v4');

  test('give the same model as the same answer in JSON', () => {
    expect(fromXml).toEqual(fromJson);
  });

  test('single elements are one-element lists, text becomes numbers and booleans', () => {
    const [part] = fromXml.parts;
    expect(fromXml.totalItems).toBe(1);
    expect(part.itemId).toBe(40777);
    expect(part.description).toBe('Transistor GP BJT NPN 40V 0.2A 3-Pin SOT-23 T&R');
    expect(part.resources).toEqual([
      { type: 'api_part_detail', uri: 'http://127.0.0.1:8080/itemservice/v2/en/detail?mfrCd=ONS&partNum=MMBT3904LT1G' },
    ]);
    expect(part.compliance).toEqual({ eurohs: 'Compliant', cnrohs: '' });
    const [o] = part.offers;
    expect(o).toMatchObject({
      websites: ['partner.com'],
      sourcePartId: '0898_00015183',
      packSize: 3000,
      moq: 3000,
      breaks: [{ minQty: 3000, maxQty: Infinity, price: 0.0123, vipPrice: false }],
      pipeline: [{ date: '2023-11-10', quantity: 665 }],
      inStock: false,
      tariff: true,
      leadTimeWeeks: 4,
      shipsIn: 'Ships in 3 days',
      shipsFrom: null,
      countryOfOrigin: null,
    });
  });

  test('numeric-looking ids stay text', () => {
    const xml = fixtureText('token-v4.xml').replace('0898_00015183', '65130973');
    expect(parseSearchAnswer(decodeXml(xml), 'v4').parts[0].offers[0].sourcePartId).toBe('65130973');
  });

  test('an empty PartList (absent element) is an empty page', () => {
    const xml = fixtureText('token-v4.xml')
      .replace(/<PartList>[\s\S]*<\/PartList>/, '')
      .replace('<totalItems>1</totalItems>', '<totalItems>0</totalItems>');
    expect(parseSearchAnswer(decodeXml(xml), 'v4')).toEqual({ parts: [], totalItems: 0 });
  });

  test('a list answer with one result and a manufacturer lookup with one manufacturer', () => {
    const list = `<?xml version="1.0" encoding="UTF-8"?><itemserviceresult><serviceMetaData><version>4.0.0</version></serviceMetaData>
      <transactionArea><response><returnCode>0</returnCode><returnMsg></returnMsg><success>true</success></response>
      <responseSequence><totalItems>0</totalItems><qq>150</qq></responseSequence></transactionArea>
      <data><partsRequested>1</partsRequested><partsFound>0</partsFound><partsNotFound>1</partsNotFound><partsError>0</partsError>
      <resultList><resources><type>search</type><uri>https://www.partner.com/en/products/search?q=zz</uri></resources>
      <requestedPartNum>ZZ999|TI</requestedPartNum><numberFound>0</numberFound></resultList></data></itemserviceresult>`;
    expect(parseListAnswer(decodeXml(list), 'v4')).toEqual({
      results: [{ requestedPartNumber: 'ZZ999', manufacturerFilter: 'TI', numberFound: 0, parts: [] }],
      partsRequested: 1,
      partsFound: 0,
      partsNotFound: 1,
      partsError: 0,
    });
    const mfrs = `<itemserviceresult><serviceMetaData><version>3.0.2</version></serviceMetaData><transactionArea><response>
      <returnCode>0</returnCode><returnMsg/><success>true</success></response></transactionArea><data><manufacturers><mfrId>7</mfrId>
      <mfrCd>TI</mfrCd><mfrName>Texas Instruments</mfrName><stateMfrName>Texas Instruments</stateMfrName>
      <stateAlternateName>texas-instruments</stateAlternateName></manufacturers></data></itemserviceresult>`;
    expect(parseManufacturers(decodeXml(mfrs))).toEqual([
      { id: 7, code: 'TI', name: 'Texas Instruments', alternateName: 'texas-instruments' },
    ]);
  });

  test('truncated or invalid XML is malformed', () => {
    const text = fixtureText('token-v4.xml');
    expectCatalogError(() => decodeXml(text.slice(0, text.length / 2)), 'malformed', /XML is incomplete or invalid/);
    expectCatalogError(() => decodeXml(''), 'malformed', /empty/);
    expectCatalogError(() => decodeXml('{"itemserviceresult": {}}'), 'malformed');
  });
});

describe('list answer', () => {
  const answer = parseListAnswer(fixture('list-v4.json'), 'v4');

  test('counts and one result per requested part, in order', () => {
    expect(answer).toMatchObject({ partsRequested: 4, partsFound: 2, partsNotFound: 1, partsError: 1 });
    expect(
      answer.results.map((r) => [r.requestedPartNumber, r.manufacturerFilter, r.numberFound, r.parts.length]),
    ).toEqual([
      ['LM358N', 'TI', 1, 1],
      ['NOSUCHPART-123', null, 0, 0],
      ['1N4148', 'NOPE', 0, 0],
      ['1N4148', null, 1, 1],
    ]);
  });

  test('parts in results are full parts, merged across websites', () => {
    expect(answer.results[0].parts[0].offers[0].breaks[1].maxQty).toBe(Infinity);
    const diode = answer.results[3].parts[0];
    expect(diode.offers).toHaveLength(1);
    expect(diode.offers[0].websites).toEqual(['Marketplace.com', 'partner.com']);
    expect(diode.offers[0].hts).toBeNull();
  });

  test('counts missing from the answer are derived from the results', () => {
    const body = fixture('list-v4.json');
    const data = body.itemserviceresult.data[0];
    delete data.partsRequested;
    delete data.partsFound;
    delete data.partsNotFound;
    delete data.partsError;
    expect(parseListAnswer(body, 'v4')).toMatchObject({
      partsRequested: 4,
      partsFound: 2,
      partsNotFound: 2,
      partsError: 0,
    });
  });

  test('requestedPartNum splits at the bar', () => {
    expect(splitRequestedPartNum('LM358N|TI')).toEqual({ requestedPartNumber: 'LM358N', manufacturerFilter: 'TI' });
    expect(splitRequestedPartNum('LM358N')).toEqual({ requestedPartNumber: 'LM358N', manufacturerFilter: null });
    expect(splitRequestedPartNum('LM358N|')).toEqual({ requestedPartNumber: 'LM358N', manufacturerFilter: null });
  });
});

describe('manufacturers', () => {
  test('reads the lookup', () => {
    expect(parseManufacturers(fixture('manufacturers.json'))).toEqual([
      { id: 101, code: 'DIOD', name: 'Diodes Incorporated', alternateName: 'diodes-incorporated' },
      { id: 102, code: 'NXP', name: 'NXP Semiconductors', alternateName: 'nxp-semiconductors' },
      { id: 103, code: 'TI', name: 'Texas Instruments', alternateName: 'texas-instruments' },
    ]);
  });
});

describe('wrong shapes and failures', () => {
  test('no itemserviceresult, or no response, is malformed', () => {
    expectCatalogError(() => parseSearchAnswer({ result: {} }, 'v4'), 'malformed', /no itemserviceresult/);
    expectCatalogError(() => parseSearchAnswer(null, 'v4'), 'malformed');
    expectCatalogError(() => parseSearchAnswer([], 'v4'), 'malformed');
    expectCatalogError(
      () => parseSearchAnswer({ itemserviceresult: { data: [] } }, 'v4'),
      'malformed',
      /transactionArea/,
    );
  });

  test('PartList that is not a list of objects is malformed', () => {
    for (const bad of ['BAV99', 42, true, ['BAV99']]) {
      const body = fixture('token-v4.json');
      body.itemserviceresult.data[0].PartList = bad;
      expectCatalogError(() => parseSearchAnswer(body, 'v4'), 'malformed', /PartList/);
    }
  });

  test('read alone, a part without itemId or partNum, or with unreadable inventory, is malformed', () => {
    const cases: ((raw: Json) => void)[] = [
      (raw) => delete raw.itemId,
      (raw) => (raw.partNum = ''),
      (raw) => (raw.InvOrg.webSites = 'none'),
    ];
    for (const mutate of cases) {
      const raw = fixture('token-v4.json').itemserviceresult.data[0].PartList[0];
      mutate(raw);
      expectCatalogError(() => parsePart(raw, 'v4'), 'malformed');
    }
  });

  test('read alone, a part keeps its readable offers; an offer without sourcePartId or a priced break is noted and left out', () => {
    const cases: [(raw: Json) => void, RegExp][] = [
      [
        (raw) => delete raw.InvOrg.webSites[1].sources[1].sourceParts[0].sourcePartId,
        /sourceParts\[0\]: sourcePartId missing/,
      ],
      [
        (raw) => {
          const tier = raw.InvOrg.webSites[1].sources[1].sourceParts[0].Prices.resaleList[0];
          delete tier.price;
          tier.displayPrice = 'call';
        },
        /resaleList\[0\]: price unreadable/,
      ],
    ];
    for (const [mutate, warning] of cases) {
      const raw = fixture('token-v4.json').itemserviceresult.data[0].PartList[0];
      const whole = parsePart(fixture('token-v4.json').itemserviceresult.data[0].PartList[0], 'v4');
      mutate(raw);
      const warnings: string[] = [];
      const part = parsePart(raw, 'v4', 'PartList[0]', warnings);
      expect(part.offers).toHaveLength(whole.offers.length - 1);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(warning);
    }
  });

  test('a list answer without its result is malformed', () => {
    const body = fixture('list-v4.json');
    body.itemserviceresult.data = [];
    expectCatalogError(() => parseListAnswer(body, 'v4'), 'malformed', /list result/);
  });

  test('success false is rejected with the message; bad credentials are auth', () => {
    expectCatalogError(
      () => parseSearchAnswer(fixture('error-rejected.json'), 'v4'),
      'rejected',
      /search_token '---' has no letters or digits/,
    );
    expectCatalogError(() => parseManufacturers(fixture('error-auth.json')), 'auth', /API key rejected/);
  });

  test('unreadable JSON is malformed', () => {
    expectCatalogError(
      () => decodeJson(fixtureText('token-v4.json').slice(0, 500)),
      'malformed',
      /JSON is incomplete or invalid/,
    );
    expectCatalogError(() => decodeJson('<html><body>Bad gateway</body></html>'), 'malformed', /HTML or XML/);
    expectCatalogError(() => decodeJson('  '), 'malformed', /empty/);
  });
});

describe('value readers', () => {
  test('delivery dates', () => {
    expect(parseDeliveryDate('20231110')).toBe('2023-11-10');
    expect(parseDeliveryDate('10-NOV-2023')).toBe('2023-11-10');
    expect(parseDeliveryDate('1-feb-2024')).toBe('2024-02-01');
    expect(parseDeliveryDate('29-FEB-24')).toBe('2024-02-29');
    expect(parseDeliveryDate('2024-03-05')).toBe('2024-03-05');
    for (const bad of ['', 'TBD', '20231310', '20230230', '31-FEB-2024', '10-XYZ-2023', '2023111', '10/11/2023']) {
      expect(parseDeliveryDate(bad)).toBeNull();
    }
  });

  test('display prices with a decimal comma or dot', () => {
    expect(parseDecimal('0,416')).toBe(0.416);
    expect(parseDecimal('0.416')).toBe(0.416);
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('1,234.5')).toBe(1234.5);
    expect(parseDecimal('€ 2,50')).toBe(2.5);
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('call')).toBeUndefined();
  });

  test('maxQty just below the sentinels is a real bound', () => {
    const raw = fixture('token-v4.json').itemserviceresult.data[0].PartList[0];
    raw.InvOrg.webSites[0].sources[0].sourceParts[0].Prices.resaleList[1].maxQty = 99999998;
    expect(parsePart(raw, 'v4').offers[0].breaks[1].maxQty).toBe(99999998);
  });

  test('JSON output writes an open-ended tier as null', () => {
    const page = parseSearchAnswer(fixture('token-v4.json'), 'v4');
    const json = JSON.parse(JSON.stringify(page));
    expect(json.parts[0].offers[0].breaks[1].maxQty).toBeNull();
    expect(json.parts[0].offers[0].breaks[0].maxQty).toBe(999);
  });
});
