/**
 * Tolerant reading: one unreadable record of a real answer (docs/item-service.md, "Real answers") costs only that
 * record, an offer or a part, and is reported with its path; the rest of the answer is used. Refusals read as what they
 * are.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogClient, CatalogError, parseListAnswer, parseSearchAnswer, type ListAnswer } from '../../src/catalog';
import { LookupScheduler } from '../../src/lookup';
import { priceBom } from '../../src/purchase/price-lines';
import { readBom } from '../../src/bom';
import { parseOrderPlaced, placeOrder, serverErrorProblems, type CheckoutRequest } from '../../src/checkout';
import { priceCommand } from '../../cli/price';
import { searchCommand } from '../../cli/search';
import { unreadableRecords } from '../../taskpane/controller';
import { createPartsFunctions } from '../../functions/parts-functions';
import { tempFolder } from '../helpers/temp-folder';

type Json = any;
const FIXTURES = join(__dirname, '..', 'fixtures', 'catalog');
const fixture = (name: string): Json => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

/** A real-shaped list answer: BAV99 (two parts, the first with three offers, as captured) and LM358N. */
function listAnswer(): Json {
  const body = fixture('list-v4.json');
  const token = fixture('token-v4.json');
  const results = body.itemserviceresult.data[0].resultList;
  results[1] = {
    resources: [],
    requestedPartNum: 'BAV99',
    numberFound: 2,
    PartList: token.itemserviceresult.data[0].PartList,
  };
  return body;
}

const BAV = 'data[0].resultList[1].PartList[0]';
/** The ACNA offer of BAV99-7-F, published under partner.com only. */
const acna = (body: Json) =>
  body.itemserviceresult.data[0].resultList[1].PartList[0].InvOrg.webSites[1].sources[1].sourceParts[0];

function offerIds(answer: ListAnswer, result: number, part = 0): string[] {
  return answer.results[result].parts[part].offers.map((o) => o.sourcePartId).sort();
}

describe('one unreadable record costs only itself', () => {
  const whole = parseListAnswer(listAnswer(), 'v4');

  test('the captured answer reads without warnings', () => {
    expect(whole.warnings).toBeUndefined();
    expect(offerIds(whole, 1)).toEqual(['0898_00015182', '65130973', 'V36:1790_07275143']);
  });

  test.each([
    [
      'a price break without minQty',
      (b: Json) => delete acna(b).Prices.resaleList[1].minQty,
      'webSites[1].sources[1].sourceParts[0].Prices.resaleList[1]: minQty missing',
    ],
    [
      'a null price among priced breaks',
      (b: Json) => Object.assign(acna(b).Prices.resaleList[0], { price: null, displayPrice: null }),
      'webSites[1].sources[1].sourceParts[0].Prices.resaleList[0]: price missing',
    ],
    [
      'an offer without sourcePartId',
      (b: Json) => delete acna(b).sourcePartId,
      'webSites[1].sources[1].sourceParts[0]: sourcePartId missing',
    ],
    [
      'an offer that is not an object',
      (b: Json) =>
        (b.itemserviceresult.data[0].resultList[1].PartList[0].InvOrg.webSites[1].sources[1].sourceParts[0] = 'V36'),
      'webSites[1].sources[1].sourceParts[0]: not an object',
    ],
    [
      'a minQty that is not a number',
      (b: Json) => (acna(b).Prices.resaleList[2].minQty = 'lots'),
      "webSites[1].sources[1].sourceParts[0].Prices.resaleList[2]: minQty 'lots' is not a number",
    ],
  ])('%s: the offer is left out with its path, every other offer and part is kept', (_name, mutate, where) => {
    const body = listAnswer();
    mutate(body);
    const answer = parseListAnswer(body, 'v4');
    expect(offerIds(answer, 1)).toEqual(['0898_00015182', '65130973']);
    expect(answer.results[1].parts).toHaveLength(2);
    expect(answer.results[0]).toEqual(whole.results[0]);
    expect(answer.warnings).toEqual([`${BAV}.InvOrg.${where} (an offer of BAV99-7-F left out)`]);
    expect(answer.results[1].warnings).toEqual(answer.warnings);
    expect(answer.results[0].warnings).toBeUndefined();
  });

  test('a part without itemId is left out; the other part of the same result and the other results stay', () => {
    const body = listAnswer();
    delete body.itemserviceresult.data[0].resultList[1].PartList[0].itemId;
    const answer = parseListAnswer(body, 'v4');
    expect(answer.results[1].parts.map((p) => p.partNumber)).toEqual([whole.results[1].parts[1].partNumber]);
    expect(answer.results[1].numberFound).toBe(2);
    expect(answer.warnings).toEqual([`${BAV}: itemId missing (part BAV99-7-F left out)`]);
    expect(answer.results.map((r) => r.requestedPartNumber)).toEqual(whole.results.map((r) => r.requestedPartNumber));
  });

  test('a part whose every offer is unreadable is left out as unreadable, not read as a part without offers', () => {
    const body = listAnswer();
    const lm = body.itemserviceresult.data[0].resultList[0].PartList[0];
    for (const site of lm.InvOrg.webSites)
      for (const source of site.sources) for (const sp of source.sourceParts) delete sp.sourcePartId;
    const answer = parseListAnswer(body, 'v4');
    expect(answer.results[0].parts).toEqual([]);
    expect(answer.results[0].numberFound).toBe(1);
    expect(answer.warnings).toEqual([
      'data[0].resultList[0].PartList[0].InvOrg.webSites[0].sources[0].sourceParts[0]: sourcePartId missing (an offer of LM358N left out)',
      'data[0].resultList[0].PartList[0]: no offer could be read (part LM358N left out)',
    ]);
    expect(answer.results.slice(1)).toEqual(whole.results.slice(1));
  });

  test('a part published without offers is read as such, without a warning', () => {
    const body = listAnswer();
    body.itemserviceresult.data[0].resultList[0].PartList[0].InvOrg = { webSites: [] };
    const answer = parseListAnswer(body, 'v4');
    expect(answer.warnings).toBeUndefined();
    expect(answer.results[0].parts[0].offers).toEqual([]);
  });

  test('a result entry that is not an object is left out; the answer is still used', () => {
    const body = listAnswer();
    body.itemserviceresult.data[0].resultList[2] = 'oops';
    const answer = parseListAnswer(body, 'v4');
    expect(answer.results).toHaveLength(3);
    expect(answer.warnings).toEqual(['data[0].resultList[2]: not an object (result left out)']);
  });

  test('numbers written as strings, null Availability and null Prices are read without a warning', () => {
    const body = listAnswer();
    const part = body.itemserviceresult.data[0].resultList[1].PartList[0];
    part.itemId = String(part.itemId);
    const sp = acna(body);
    sp.packSize = '1';
    sp.minimumOrderQuantity = '291';
    sp.mfrLeadTime = '12';
    sp.Prices.resaleList = sp.Prices.resaleList.map((t: Json) => ({
      ...t,
      price: String(t.price),
      minQty: String(t.minQty),
      maxQty: String(t.maxQty),
    }));
    sp.Availability[0].fohQty = '0';
    const quote = part.InvOrg.webSites[1].sources[2].sourceParts[0];
    quote.Availability = null;
    quote.Prices = null;
    body.itemserviceresult.transactionArea[0].responseSequence.totalItems = '3';
    const answer = parseListAnswer(body, 'v4');
    expect(answer.warnings).toBeUndefined();
    expect(answer.results[1].parts[0]).toMatchObject({ itemId: whole.results[1].parts[0].itemId });
    const read = answer.results[1].parts[0].offers.find((o) => o.sourcePartId === 'V36:1790_07275143')!;
    const before = whole.results[1].parts[0].offers.find((o) => o.sourcePartId === 'V36:1790_07275143')!;
    expect(read).toEqual(before);
    expect(answer.results[1].parts[0].offers.find((o) => o.sourcePartId === '0898_00015182')).toMatchObject({
      quoteOnly: true,
      stock: 0,
    });
  });

  test('a quote-only offer whose breaks all have null prices is quote-only, not unreadable', () => {
    const body = listAnswer();
    acna(body).Prices.resaleList = acna(body).Prices.resaleList.map((t: Json) => ({
      ...t,
      price: null,
      displayPrice: null,
    }));
    const answer = parseListAnswer(body, 'v4');
    expect(answer.warnings).toBeUndefined();
    expect(answer.results[1].parts[0].offers.find((o) => o.sourcePartId === 'V36:1790_07275143')).toMatchObject({
      quoteOnly: true,
      breaks: [],
    });
  });

  test('a token search keeps its readable parts; one whose every part is unreadable fails with the first reason', () => {
    const body = fixture('token-v4.json');
    body.itemserviceresult.data[0].PartList[1].partNum = '';
    const page = parseSearchAnswer(body, 'v4');
    expect(page.parts.map((p) => p.partNumber)).toEqual(['BAV99-7-F']);
    expect(page.warnings).toEqual(['data[0].PartList[1]: partNum missing (part left out)']);
    delete body.itemserviceresult.data[0].PartList[0].itemId;
    expect(() => parseSearchAnswer(body, 'v4')).toThrow(
      /no part could be read \(data\[0\]\.PartList\[0\]: itemId missing/,
    );
  });
});

/** A list-search port over one fixed answer, as the client would return it. */
function answering(answer: ListAnswer) {
  return {
    searchList: async () => answer,
    listUrl: (parts: { partNumber: string }[]) =>
      `https://parts.example.com/l?${parts.map((p) => p.partNumber).join(',')}`,
  };
}

describe('through the scheduler and the BOM', () => {
  test('a key whose every part is unreadable fails alone; the others of the batch are answered', async () => {
    const body = listAnswer();
    for (const part of body.itemserviceresult.data[0].resultList[1].PartList) delete part.itemId;
    const scheduler = new LookupScheduler({ port: answering(parseListAnswer(body, 'v4')), windowMs: 0 });
    const [lm, bav] = await scheduler.lookupMany([
      { partNumber: 'LM358N', manufacturer: 'TI' },
      { partNumber: 'BAV99' },
    ]);
    expect(lm).not.toBeInstanceOf(CatalogError);
    expect(bav).toBeInstanceOf(CatalogError);
    expect((bav as CatalogError).kind).toBe('malformed');
    expect((bav as CatalogError).message).toMatch(
      /answer for 'BAV99' could not be read: data\[0\]\.resultList\[1\]\.PartList\[0\]: itemId missing/,
    );
    scheduler.close();
  });

  test('a BOM is priced from the good records and the warnings come back once each', async () => {
    const body = listAnswer();
    delete acna(body).sourcePartId;
    // The BOM looks parts up by part number alone.
    body.itemserviceresult.data[0].resultList[0].requestedPartNum = 'LM358N';
    const scheduler = new LookupScheduler({ port: answering(parseListAnswer(body, 'v4')), windowMs: 0 });
    const read = readBom([
      ['MPN', 'Qty'],
      ['LM358N', 2],
      ['BAV99', 3],
      ['bav99', 1],
    ]);
    const result = await priceBom(read, scheduler, { currency: 'USD' });
    expect(result.lines.map((l) => l.status)).toEqual(['priced', 'ambiguous', 'ambiguous']);
    expect(result.warnings).toEqual([
      `${BAV}.InvOrg.webSites[1].sources[1].sourceParts[0]: sourcePartId missing (an offer of BAV99-7-F left out)`,
    ]);
    const [title, text] = unreadableRecords(result.warnings);
    expect(title).toBe('1 unreadable record left out');
    expect(text).toContain('sourcePartId missing');
    scheduler.close();
  });
});

describe('a part whose every offer is unreadable, in a BOM', () => {
  test('its line says the answer could not be read, and the other lines are priced', async () => {
    const body = listAnswer();
    const results = body.itemserviceresult.data[0].resultList;
    results[0].requestedPartNum = 'LM358N';
    for (const site of results[0].PartList[0].InvOrg.webSites)
      for (const source of site.sources) for (const sp of source.sourceParts) delete sp.sourcePartId;
    const scheduler = new LookupScheduler({ port: answering(parseListAnswer(body, 'v4')), windowMs: 0 });
    const result = await priceBom(
      readBom([
        ['MPN', 'Qty'],
        ['LM358N', 2],
        ['1N4148', 1],
      ]),
      scheduler,
      { currency: 'USD' },
    );
    expect(result.lines[0]).toMatchObject({
      status: 'no price',
      lookupError: 'malformed',
      statusReason: expect.stringMatching(/answer for 'LM358N' could not be read: .*sourcePartId missing/),
    });
    expect(result.lines[1].status).toBe('priced');
    scheduler.close();
  });
});

describe('in a cell', () => {
  function cells(body: Json) {
    const scheduler = new LookupScheduler({ port: answering(parseListAnswer(body, 'v4')), windowMs: 0 });
    const fns = createPartsFunctions({
      context: async () => ({ lookup: scheduler, currency: '', version: 'v4', sources: [] }),
      manufacturers: async () => [],
      makeError: (code, message) => ({ code, message }),
    });
    return { fns, scheduler };
  }

  test('a cell answers from the good records: the offer left out is not offered, the others are', async () => {
    const answer = (broken: boolean) => {
      const body = listAnswer();
      body.itemserviceresult.data[0].resultList[1].requestedPartNum = 'BAV99-7-F';
      // The ACNA offer's first break has no minQty: that offer is left out.
      if (broken) delete acna(body).Prices.resaleList[0].minQty;
      return body;
    };
    const whole = cells(answer(false));
    const broken = cells(answer(true));
    const offersOf = async (c: ReturnType<typeof cells>) =>
      ((await c.fns.offers([['BAV99-7-F']], [[1000]], 'Diodes', null)) as unknown[][]).flat();
    expect(await offersOf(whole)).toContain('V36:1790_07275143');
    const left = await offersOf(broken);
    expect(left).not.toContain('V36:1790_07275143');
    expect(left).toContain('65130973');
    expect((await broken.fns.price([['BAV99-7-F']], [[1000]], 'Diodes', null))[0][0]).toEqual(expect.any(Number));
    whole.scheduler.close();
    broken.scheduler.close();
  });

  test('a part whose every offer is unreadable: the cells say the answer could not be read, not "no offers" or a stock of 0', async () => {
    const body = listAnswer();
    body.itemserviceresult.data[0].resultList[0].requestedPartNum = 'LM358N';
    const lm = body.itemserviceresult.data[0].resultList[0].PartList[0];
    for (const site of lm.InvOrg.webSites)
      for (const source of site.sources) for (const sp of source.sourceParts) delete sp.Prices.resaleList[0].minQty;
    const { fns, scheduler } = cells(body);
    const unreadable = { code: '#N/A', message: 'Service unreachable: its answer was unreadable — try again later' };
    await expect(fns.price([['LM358N']], [[10]], null, null)).rejects.toEqual(unreadable);
    await expect(fns.stock([['LM358N']], null)).rejects.toEqual(unreadable);
    scheduler.close();
  });

  test('a part whose every record is unreadable: the cell says the answer could not be read', async () => {
    const body = listAnswer();
    body.itemserviceresult.data[0].resultList[1].requestedPartNum = 'BAV99-7-F';
    for (const part of body.itemserviceresult.data[0].resultList[1].PartList) delete part.itemId;
    const { fns, scheduler } = cells(body);
    await expect(fns.price([['BAV99-7-F']], [[10]], null, null)).rejects.toEqual({
      code: '#N/A',
      message: 'Service unreachable: its answer was unreadable — try again later',
    });
    scheduler.close();
  });
});

describe('refusals read as what they are', () => {
  const refusal = (code: string, message: string) => ({
    itemserviceresult: {
      serviceMetaData: [{ version: '4.0.0' }],
      transactionArea: [
        {
          response: { returnCode: code, returnMsg: message, success: false },
          responseSequence: { transactionTime: '0 ms', totalItems: 0, resources: [], qq: 150 },
        },
      ],
      data: [],
    },
  });

  function clientAnswering(status: number, body: string, type: string, seen: Headers[] = []) {
    return new CatalogClient({
      itemBaseUrl: 'https://parts.example.com',
      login: 'buyer',
      apikey: 'k-secret-123',
      gatewayToken: 'gt-secret-456',
      fetch: async (_url, init) => {
        seen.push(new Headers(init?.headers));
        return new Response(body, { status, headers: { 'content-type': type } });
      },
    });
  }

  test.each([
    ['-1', 'Invalid login or apikey'],
    ['-1', 'The login or apikey is not valid.'],
    ['401', 'Unauthorized'],
    ['E17', 'API key expired'],
  ])('HTTP 200 with success:false, code %s and "%s" is "API key rejected"', async (code, words) => {
    const client = clientAnswering(200, JSON.stringify(refusal(code, words)), 'application/json');
    await expect(client.searchToken('BAV99')).rejects.toMatchObject({
      kind: 'auth',
      message: expect.stringMatching(/^API key rejected/),
    });
  });

  test.each([
    ['apikey of this login may not use this operation'],
    ['Part BAV99 not found for login demo'],
    ['Unknown currency XYZ in utm_currency'],
  ])('other words that name the login or key are a refusal, not a wrong key: "%s"', async (words) => {
    const client = clientAnswering(200, JSON.stringify(refusal('99', words)), 'application/json');
    await expect(client.searchToken('BAV99')).rejects.toMatchObject({ kind: 'rejected' });
  });

  test('an unknown code with other words stays a refusal with its words and code', async () => {
    const client = clientAnswering(
      200,
      JSON.stringify(refusal('-7', 'Too many parts in one request')),
      'application/json',
    );
    await expect(client.searchToken('BAV99')).rejects.toMatchObject({
      kind: 'rejected',
      message: 'The parts service refused the request: Too many parts in one request (code -7)',
    });
  });

  test.each([
    [401, '<html><body><h1>401 Authorization Required</h1></body></html>', 'text/html'],
    [403, 'Forbidden', 'text/plain'],
    [401, '{"message":"Unauthorized"}', 'application/json'],
  ])('HTTP %i (%s) is "API key rejected"', async (status, body, type) => {
    const client = clientAnswering(status, body, type);
    await expect(client.searchList([{ partNumber: 'BAV99' }])).rejects.toMatchObject({
      kind: 'auth',
      message: expect.stringMatching(/^API key rejected/),
      details: { status },
    });
  });

  test('a gateway\'s 401 saying so is "gateway token rejected"; the token travels in X-Partsheet-Token and no message repeats it', async () => {
    const seen: Headers[] = [];
    const client = clientAnswering(
      401,
      JSON.stringify({ error: 'gateway token rejected', hint: 'gt-secret-456 is revoked' }),
      'application/json',
      seen,
    );
    const error = await client.searchList([{ partNumber: 'BAV99' }]).catch((e) => e);
    expect(error).toMatchObject({ kind: 'auth' });
    expect(error.message).toMatch(/gateway token rejected/);
    expect(error.message).not.toContain('gt-secret-456');
    expect(seen[0].get('x-partsheet-token')).toBe('gt-secret-456');
  });

  test('without a gateway token no token header is sent', async () => {
    const seen: Headers[] = [];
    const client = new CatalogClient({
      itemBaseUrl: 'https://parts.example.com',
      login: 'buyer',
      apikey: 'k',
      fetch: async (_url, init) => {
        seen.push(new Headers(init?.headers));
        return new Response(JSON.stringify(fixture('token-v4.json')), { status: 200 });
      },
    });
    await client.searchToken('BAV99');
    expect(seen[0].has('x-partsheet-token')).toBe(false);
  });
});

describe('checkout answers', () => {
  const ENTRY =
    '<ProcessedCartEntry><Tiers>1-4@3.059;5+@2.671</Tiers><aqt>20</aqt><itot>6.12</itot><moq>1</moq><inc>1</inc><ped>3.059</ped><qty>2</qty><vid>65130988</vid></ProcessedCartEntry>';

  test('serverErrors holding prose is one problem in its own words', () => {
    const prose = 'The order could not be created: the ship-to address 1001 is not valid for this account.';
    const r = parseOrderPlaced(`<OrderPlaced><serverErrors>${prose}</serverErrors><id/></OrderPlaced>`);
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([{ code: '', message: prose }]);
  });

  test('serverErrors holding codes is one problem per code; a code leading prose is kept as its code', () => {
    expect(serverErrorProblems('checkout.item.not.found, checkout.item.quantity.minimum')).toEqual([
      { code: 'checkout.item.not.found', message: '' },
      { code: 'checkout.item.quantity.minimum', message: '' },
    ]);
    expect(serverErrorProblems('checkout.item.not.found: item 123 is not sold here')).toEqual([
      { code: 'checkout.item.not.found', message: 'item 123 is not sold here' },
    ]);
  });

  test('a refusal in prose reaches the buyer whole', async () => {
    const prose = 'Your account is on credit hold. Please contact accounts receivable.';
    const body = `<OrderPlaced><serverErrors>${prose}</serverErrors><id/></OrderPlaced>`;
    const error = await placeOrder(
      {
        baseUrl: 'https://shop.example.com',
        fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'application/xml' } }),
      },
      orderRequest(),
    ).catch((e) => e);
    expect(error).toMatchObject({ kind: 'refused' });
    expect(error.message).toContain(prose);
  });

  test('an order line that cannot be read is left out with its path; the order and its other lines stand', () => {
    const broken = ENTRY.replace('<qty>2</qty>', '<qty>two</qty>').replace('65130988', '65130989');
    const r = parseOrderPlaced(
      `<OrderPlaced><serverErrors/>${ENTRY}${broken}<id>90000001</id><submitted>false</submitted><subtotal>6.12</subtotal><total>6.12</total></OrderPlaced>`,
    );
    expect(r.ok).toBe(true);
    expect(r.lines.map((l) => l.vid)).toEqual(['65130988']);
    expect(r.warnings).toEqual(["ProcessedCartEntry[1].qty is not a number ('two') (order line left out)"]);
  });

  test.each([
    [401, '<html><body>Unauthorized</body></html>', /checkout .* refused the request \(HTTP 401\)/],
    [401, '{"error":"gateway token rejected"}', /gateway token rejected/],
  ])('HTTP %i is a refused login, nothing placed', async (status, body, message) => {
    let token: string | null = null;
    const error = await placeOrder(
      {
        baseUrl: 'https://shop.example.com',
        gatewayToken: 'gt-1234',
        fetch: async (_u, init) => {
          token = new Headers(init?.headers).get('x-partsheet-token');
          return new Response(body, {
            status,
            headers: { 'content-type': body.startsWith('{') ? 'application/json' : 'text/html' },
          });
        },
      },
      orderRequest(),
    ).catch((e) => e);
    expect(error).toMatchObject({ kind: 'auth', orderMayExist: false });
    expect(error.message).toMatch(message);
    expect(token).toBe('gt-1234');
  });
});

function orderRequest(): CheckoutRequest {
  return {
    submitOrder: false,
    username: 'buyer@example.com',
    passwordHash: '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
    customerPONumber: 'PO-1',
    shipToAddressId: '1001',
    lines: [{ itemId: '65130988', quantity: 2 }],
  };
}

describe('the CLI reports what was left out', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = req.url!.includes('/search/list') ? listAnswerFor(req.url!) : tokenAnswer();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function tokenAnswer() {
    const body = fixture('token-v4.json');
    delete body.itemserviceresult.data[0].PartList[0].InvOrg.webSites[1].sources[1].sourceParts[0].Prices.resaleList[0]
      .minQty;
    return body;
  }

  /** One result per requested part, in order: BAV99's with the broken offer, the others from the fixture. */
  function listAnswerFor(requestUrl: string) {
    const req = JSON.parse(new URL(requestUrl, 'http://x').searchParams.get('req')!);
    const body = listAnswer();
    delete acna(body).Prices.resaleList[0].minQty;
    const byName = new Map<string, Json>(
      body.itemserviceresult.data[0].resultList.map((r: Json) => [r.requestedPartNum.split('|')[0], r]),
    );
    const resultFor = (partNum: string) =>
      byName.get(partNum.startsWith('BAV99') ? 'BAV99' : partNum) ?? { numberFound: 0 };
    body.itemserviceresult.data[0].resultList = req.request.parts.map((p: Json) => ({
      ...resultFor(p.partNum),
      requestedPartNum: p.partNum,
    }));
    return body;
  }

  test('partsheet search: the parts it could read, and a warning on stderr with the path', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await searchCommand(
      ['BAV99', '--json', '--url', url],
      { out: (s) => out.push(s), err: (s) => err.push(s) },
      {},
    );
    expect(code).toBe(0);
    const page = JSON.parse(out.join('\n'));
    expect(page.parts).toHaveLength(2);
    expect(page.warnings).toEqual([
      'data[0].PartList[0].InvOrg.webSites[1].sources[1].sourceParts[0].Prices.resaleList[0]: minQty missing (an offer of BAV99-7-F left out)',
    ]);
    expect(err).toEqual([`partsheet search: warning: ${page.warnings[0]}`]);
  });

  test('partsheet price: every line priced from the good records; the warning on stderr and in --json', async () => {
    const dir = tempFolder('tolerant');
    const file = join(dir, 'bom.csv');
    writeFileSync(file, 'MPN,Manufacturer,Qty\nLM358N,TI,2\nBAV99-7-F,Diodes,3\n');
    const out: string[] = [];
    const err: string[] = [];
    const code = await priceCommand(
      [file, '--json', '--url', url],
      { out: (s) => out.push(s), err: (s) => err.push(s) },
      {},
    );
    const report = JSON.parse(out.join('\n'));
    expect(code).toBe(0);
    expect(report.lines.map((l: Json) => [l.partNumber, l.status, l.source])).toEqual([
      ['LM358N', 'priced', 'NAC'],
      ['BAV99-7-F', 'priced', expect.any(String)],
    ]);
    expect(report.warnings).toEqual([
      expect.stringMatching(/resaleList\[0\]: minQty missing \(an offer of BAV99-7-F left out\)$/),
    ]);
    expect(err.some((l) => /warning: .*minQty missing/.test(l))).toBe(true);
  });
});
