import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { XMLParser } from 'fast-xml-parser';
import { DEMO_AUTH, get, startTestService, type TestService } from '../helpers/service';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { CHECKOUT_PATH } from '../../service/checkout/routes';

jest.setTimeout(60_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const PASSWORD = sha256('demo-password');
const BUYER = { username: 'buyer@example.com', password: PASSWORD };
const CSR = { username: 'csr@example.com', password: PASSWORD };
/** A EUROPE (EUR) offer of the fixed demo parts, beside the NAC (USD) fixture. */
const EUROPE_OFFER = 'E02:0323_00016422';
/** Part numbers of the fixture offers, to find them with the item service's token search. */
const PART_NUMBERS: Record<string, string> = {
  [F.stock20]: 'ATMEGA328P-PU',
  [F.moq100]: '2N7002-7-F',
  [F.stock50]: 'SMBJ5.0A',
  [F.nacInStock]: '1N4148W-7-F',
  [F.quoteOnly]: 'LM358N',
};

type Params = Record<string, string | number | boolean | undefined>;

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
});

afterAll(async () => {
  await svc?.close();
});

/** A valid create-only order of one stock20 part to ship-to 1001, answered in JSON; `over` changes or (with undefined) drops parameters. */
function order(over: Params = {}): Params {
  return {
    ...BUYER,
    customerPONumber: 'PO-1',
    shipToAddressId: '1001',
    itemIds: F.stock20,
    quantities: 1,
    fmt: 'json',
    ...over,
  };
}

function defined(params: Params): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number | boolean
  >;
}

async function checkout(base: string, params: Params, init: RequestInit = {}) {
  const res = await get(base, CHECKOUT_PATH, defined(params), init);
  return { ...res, op: res.json?.OrderPlaced };
}

async function checkoutUrl(base: string, query: string) {
  const res = await fetch(`${base}${CHECKOUT_PATH}?${query}`);
  const text = await res.text();
  return { status: res.status, text, op: text.startsWith('{') ? JSON.parse(text).OrderPlaced : undefined };
}

interface SeenOffer {
  fohQty: number;
  availabilityCd: string;
  availabilityMessage: string;
  inStock: boolean;
  currency: string;
  resaleList?: { price: number; minQty: number; maxQty: number }[];
}

/** The offer as the item service's v4 token search shows it. */
async function seen(base: string, sourcePartId: string): Promise<SeenOffer> {
  const res = await get(base, '/itemservice/v4/en/search/token', {
    search_token: PART_NUMBERS[sourcePartId],
    rows: 25,
    ...DEMO_AUTH,
  });
  for (const part of res.json.itemserviceresult.data[0].PartList) {
    for (const site of part.InvOrg.webSites) {
      for (const source of site.sources) {
        for (const sp of source.sourceParts) {
          if (sp.sourcePartId === sourcePartId) {
            return {
              ...sp.Availability[0],
              inStock: sp.inStock,
              currency: source.currency,
              resaleList: sp.Prices?.resaleList,
            };
          }
        }
      }
    }
  }
  throw new Error(`offer ${sourcePartId} not found by search`);
}

function unitPrice(list: { price: number; minQty: number }[], quantity: number): number {
  const sorted = [...list].sort((a, b) => a.minQty - b.minQty);
  let price = sorted[0].price;
  for (const b of sorted) if (b.minQty <= quantity) price = b.price;
  return price;
}

/** Cents of quantity × price, rounded half-up, as the documentation states. */
function cents(quantity: number, price: number): number {
  return Math.round((quantity * Math.round(price * 1e6)) / 1e4);
}

const money = (c: number) => (c / 100).toFixed(2);

function expectError(op: any, code: string) {
  expect(op).toBeDefined();
  expect(op.serverErrors).toBe(code);
  expect(op.errors[0].code).toBe(code);
  expect(typeof op.errors[0].message).toBe('string');
  expect(op.errors[0].message.length).toBeGreaterThan(10);
  expect(op.ProcessedCartEntry).toEqual([]);
  expect(op.submitted).toBe('false');
}

const ENTRY_FIELDS = [
  'Tiers',
  'aqt',
  'bord',
  'cOfC',
  'dcd',
  'edd',
  'factoryStock',
  'itot',
  'lfr',
  'moq',
  'ncnr',
  'ons',
  'inc',
  'ped',
  'qty',
  'svcs',
  'sandd',
  'esd',
  'slt',
  'upc',
  'vid',
  'warranty',
];

describe('a successful order', () => {
  it('answers XML by default with every field of OrderPlaced and ProcessedCartEntry as strings', async () => {
    const offer = await seen(svc.productionUrl, F.stock20);
    const res = await checkout(svc.productionUrl, order({ fmt: undefined, quantities: 3 }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.text.startsWith('<?xml')).toBe(true);
    const doc = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'ProcessedCartEntry' }).parse(
      res.text,
    );
    const op = doc.OrderPlaced;
    expect(op.serverErrors).toBe('');
    expect(Number(op.id)).toBeGreaterThan(10_000_000);
    expect(Number(op.id)).toBeLessThan(90_000_000);
    expect(op.stAddressId).toBe('1001');
    expect(op.submitted).toBe('false');
    const price = unitPrice(offer.resaleList!, 3);
    expect(op.subtotal).toBe(money(cents(3, price)));
    expect(op.total).toBe(op.subtotal);
    expect(op.currency).toBe('USD');
    expect(op.shipAgent).toBe('B');
    expect(op.shipService).toBe('GROUND');
    expect(op.ProcessedCartEntry).toHaveLength(1);
    const entry = op.ProcessedCartEntry[0];
    expect(Object.keys(entry)).toEqual(ENTRY_FIELDS);
    for (const f of ENTRY_FIELDS) if (entry[f] !== '') expect(typeof entry[f]).toBe('string');
    expect(entry).toMatchObject({
      vid: F.stock20,
      qty: '3',
      moq: '1',
      inc: '1',
      aqt: '20',
      bord: 'f',
      ons: 'f',
      svcs: '',
      cOfC: 'f',
      warranty: 'f',
    });
    expect(entry.itot).toBe(op.subtotal);
    expect(Number(entry.ped)).toBeCloseTo(price, 6);
    expect(entry.Tiers).toMatch(/^1-\d+@[\d.]+(;\d+(-\d+|\+)@[\d.]+)*$/);
    expect(['t', 'f']).toContain(entry.ncnr);
    expect(['t', 'f']).toContain(entry.lfr);
    expect(entry.esd).toMatch(/^20\d{6}$/);
    expect(entry.edd).toMatch(/^20\d{6}$/);
    expect(Number(entry.edd)).toBeGreaterThan(Number(entry.esd));
    // Created, not submitted: stock unchanged.
    expect((await seen(svc.productionUrl, F.stock20)).fohQty).toBe(20);
  });

  it('answers the same content in JSON with fmt=json or Accept: application/json', async () => {
    const a = await checkout(svc.productionUrl, order({ quantities: 2 }));
    const b = await checkout(svc.productionUrl, order({ quantities: 2, fmt: undefined }), {
      headers: { accept: 'application/json' },
    });
    const c = await checkout(svc.productionUrl, order({ quantities: 2, fmt: 'xml' }), {
      headers: { accept: 'application/json' },
    });
    expect(a.headers.get('content-type')).toMatch(/^application\/json/);
    expect(b.headers.get('content-type')).toMatch(/^application\/json/);
    expect(c.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(a.op.errors).toEqual([]);
    expect(Array.isArray(a.op.ProcessedCartEntry)).toBe(true);
    expect({ ...a.op, id: 'x' }).toEqual({ ...b.op, id: 'x' });
    expect(Number(b.op.id)).toBe(Number(a.op.id) + 1);
    const xml = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'ProcessedCartEntry' }).parse(
      c.text,
    ).OrderPlaced;
    expect(xml.subtotal).toBe(a.op.subtotal);
    expect(xml.ProcessedCartEntry[0].Tiers).toBe(a.op.ProcessedCartEntry[0].Tiers);
  });

  it('submits: takes the quantity out of the stock search reports, priced from the tier it falls in', async () => {
    const before = await seen(svc.productionUrl, F.moq100);
    const res = await checkout(svc.productionUrl, order({ itemIds: F.moq100, quantities: 1000, submitOrder: 'true' }));
    expect(res.status).toBe(200);
    expect(res.op.serverErrors).toBe('');
    expect(res.op.submitted).toBe('true');
    const price = unitPrice(before.resaleList!, 1000);
    expect(res.op.subtotal).toBe(money(cents(1000, price)));
    expect(res.op.ProcessedCartEntry[0]).toMatchObject({
      qty: '1000',
      moq: '100',
      inc: '10',
      aqt: String(before.fohQty - 1000),
    });
    expect((await seen(svc.productionUrl, F.moq100)).fohQty).toBe(before.fohQty - 1000);
  });

  it('orders several lines, in request order, with the subtotal the sum of the line totals', async () => {
    const res = await checkout(
      svc.productionUrl,
      order({ itemIds: `${F.stock50},${F.moq100}, ${F.stock20}`, quantities: '7,250,4' }),
    );
    expect(res.op.serverErrors).toBe('');
    expect(res.op.ProcessedCartEntry.map((e: any) => e.vid)).toEqual([F.stock50, F.moq100, F.stock20]);
    const sum = res.op.ProcessedCartEntry.reduce((s: number, e: any) => s + Math.round(Number(e.itot) * 100), 0);
    expect(res.op.subtotal).toBe(money(sum));
  });

  it('applies the DEMO10 discount to the subtotal: total = subtotal − 10 %', async () => {
    const res = await checkout(
      svc.productionUrl,
      order({ itemIds: F.moq100, quantities: 500, discountCode: 'demo10' }),
    );
    expect(res.op.serverErrors).toBe('');
    const subtotal = Math.round(Number(res.op.subtotal) * 100);
    const discount = Math.round(subtotal / 10);
    expect(res.op.discount).toBe(money(discount));
    expect(res.op.total).toBe(money(subtotal - discount));
  });

  it('uses the partner customer number\u2019s own prices where it has them', async () => {
    const list = await checkout(
      svc.productionUrl,
      order({ itemIds: `${F.stock20},${F.stock50}`, quantities: '10,10' }),
    );
    const own = await checkout(
      svc.productionUrl,
      order({ itemIds: `${F.stock20},${F.stock50}`, quantities: '10,10', partnerCustomerNumber: 'C-1000' }),
    );
    expect(own.op.serverErrors).toBe('');
    const [l20, l50] = list.op.ProcessedCartEntry;
    const [o20, o50] = own.op.ProcessedCartEntry;
    expect(o20.ons).toBe('t');
    expect(Number(o20.ped)).toBeCloseTo(Number(l20.ped) * 0.8, 4);
    expect(o20.Tiers).not.toBe(l20.Tiers);
    // No specific price for stock50: the list price applies.
    expect(o50.ons).toBe('f');
    expect(o50.ped).toBe(l50.ped);
    expect(Number(own.op.subtotal)).toBeLessThan(Number(list.op.subtotal));
  });

  it('ships international orders by the international default', async () => {
    const res = await checkout(svc.productionUrl, order({ shipToAddressId: '1004' }));
    expect(res.op.serverErrors).toBe('');
    expect(res.op).toMatchObject({ stAddressId: '1004', shipAgent: 'D', shipService: 'EXPRESS' });
  });

  it('orders regional items with their source codes', async () => {
    const res = await checkout(
      svc.productionUrl,
      order({ itemIds: F.nacInStock, quantities: 100, sourceCodes: 'nac' }),
    );
    expect(res.op.serverErrors).toBe('');
    expect(res.op.ProcessedCartEntry[0]).toMatchObject({ vid: F.nacInStock, cOfC: 't', warranty: 't' });
  });

  it('accepts a bill-to address, st* details and a partner region', async () => {
    const res = await checkout(
      svc.productionUrl,
      order({
        billToAddressId: '2001',
        stAddressName: 'Dock 4',
        stCountryCode: 'us',
        stAddressType: 'commercial',
        partnerRegion: 'NA',
        source: 'marketplace',
      }),
    );
    expect(res.op.serverErrors).toBe('');
  });

  it('takes a freight-forwarder ship-to address with a complete ultimate destination', async () => {
    const uc = {
      ucAddressName: 'Receiving',
      ucPhoneNumber: '+44 20 5550 1000',
      ucCountryCode: 'GB',
      ucStreet1: '1 Example Road',
      ucCity: 'London',
      ucPostalCode: 'EC1A 1AA',
      ucAddressType: 'Commercial',
    };
    const res = await checkout(svc.productionUrl, order({ shipToAddressId: '1003', ...uc }));
    expect(res.op.serverErrors).toBe('');
    expect(res.op.stAddressId).toBe('1003');
    const us = await checkout(
      svc.productionUrl,
      order({
        shipToAddressId: '1003',
        ...uc,
        ucCountryCode: 'US',
        ucStateProvince: 'TX',
        ucAddressType: 'direct_consumer',
      }),
    );
    expect(us.op.serverErrors).toBe('');
  });

  it.each([
    ['true', 'true'],
    ['TRUE', 'true'],
    ['Yes', 'true'],
    ['1', 'true'],
    ['t', 'true'],
    ['false', 'false'],
    ['No', 'false'],
    ['0', 'false'],
    ['F', 'false'],
    ['', 'false'],
  ])('reads submitOrder=%p as submitted=%s', async (value, submitted) => {
    const res = await checkout(svc.productionUrl, order({ itemIds: F.moq100, quantities: 100, submitOrder: value }));
    expect(res.op.serverErrors).toBe('');
    expect(res.op.submitted).toBe(submitted);
  });
});

describe('credentials and who may order', () => {
  it('refuses an unknown user and a wrong or malformed password', async () => {
    let res = await checkout(svc.productionUrl, order({ username: 'nobody@example.com' }));
    expect(res.status).toBe(401);
    expectError(res.op, 'checkout.user.not.found');
    res = await checkout(svc.productionUrl, order({ password: sha256('wrong') }));
    expect(res.status).toBe(401);
    expectError(res.op, 'checkout.invalid.password');
    res = await checkout(svc.productionUrl, order({ password: 'demo-password' }));
    expectError(res.op, 'checkout.invalid.password');
    res = await checkout(svc.productionUrl, order({ password: PASSWORD.toUpperCase() }));
    expect(res.op.serverErrors).toBe('');
    res = await checkout(svc.productionUrl, order({ username: 'BUYER@Example.com' }));
    expect(res.op.serverErrors).toBe('');
  });

  it('lets a customer-service account order for a customer, and no one else', async () => {
    let res = await checkout(
      svc.productionUrl,
      order({ ...CSR, customerUsername: 'buyer@example.com', partnerCustomerNumber: 'C-1000' }),
    );
    expect(res.status).toBe(200);
    expect(res.op.serverErrors).toBe('');
    expect(res.op.stAddressId).toBe('1001');
    expect(res.op.ProcessedCartEntry[0].ons).toBe('t');

    res = await checkout(svc.productionUrl, order({ ...CSR }));
    expect(res.status).toBe(400);
    expectError(res.op, 'checkout.parameter.required');
    expect(res.op.errors[0].message).toMatch(/customerUsername/);

    res = await checkout(svc.productionUrl, order({ customerUsername: 'other@example.com' }));
    expect(res.status).toBe(403);
    expectError(res.op, 'checkout.customer.not.allowed');

    res = await checkout(svc.productionUrl, order({ ...CSR, customerUsername: 'ghost@example.com' }));
    expect(res.status).toBe(401);
    expectError(res.op, 'checkout.user.not.found');

    res = await checkout(svc.productionUrl, order({ ...CSR, customerUsername: 'csr@example.com' }));
    expectError(res.op, 'checkout.customer.not.allowed');

    res = await checkout(
      svc.productionUrl,
      order({ ...CSR, customerUsername: 'noterms@example.com', shipToAddressId: '3001' }),
    );
    expect(res.status).toBe(403);
    expectError(res.op, 'checkout.user.no.terms');

    // The customer's own addresses apply: another customer's address is not found.
    res = await checkout(
      svc.productionUrl,
      order({ ...CSR, customerUsername: 'other@example.com', shipToAddressId: '1001' }),
    );
    expectError(res.op, 'address.not.found');
    res = await checkout(
      svc.productionUrl,
      order({ ...CSR, customerUsername: 'other@example.com', shipToAddressId: '4001' }),
    );
    expect(res.op.serverErrors).toBe('');
  });

  it('refuses a customer without credit account and terms', async () => {
    const res = await checkout(svc.productionUrl, order({ username: 'noterms@example.com', shipToAddressId: '3001' }));
    expect(res.status).toBe(403);
    expectError(res.op, 'checkout.user.no.terms');
  });
});

const UC = {
  ucAddressName: 'Receiving',
  ucPhoneNumber: '+1 512 555 0100',
  ucCountryCode: 'US',
  ucStreet1: '1 Main St',
  ucCity: 'Austin',
  ucStateProvince: 'TX',
  ucPostalCode: '78701',
  ucAddressType: 'Commercial',
};

/** [title, parameters, code, HTTP status, itemId of the first problem, line]. */
const ERROR_CASES: [string, Params, string, number, string?, string?][] = [
  ['unknown ship-to address', { shipToAddressId: '9999' }, 'address.not.found', 422],
  ['another customer\u2019s address', { shipToAddressId: '3001' }, 'address.not.found', 422],
  ['a bill-to address as ship-to', { shipToAddressId: '2001' }, 'address.not.found', 422],
  ['ship-to not a terms address', { shipToAddressId: '1002' }, 'checkout.address.not.terms', 403],
  [
    'no default domestic method for the address',
    { shipToAddressId: '1005' },
    'checkout.shipping.domestic.not.found',
    422,
  ],
  [
    'no default international method for the address',
    { shipToAddressId: '1006' },
    'checkout.shipping.international.not.found',
    422,
  ],
  [
    'blank item id',
    { itemIds: `${F.stock20},,${F.stock50}`, quantities: '1,1,1' },
    'checkout.item.id.invalid',
    400,
    '',
    '2',
  ],
  [
    'trailing comma in itemIds',
    { itemIds: `${F.stock20},`, quantities: '1,1' },
    'checkout.item.id.invalid',
    400,
    '',
    '2',
  ],
  [
    'blank quantity',
    { itemIds: `${F.stock20},${F.stock50}`, quantities: '1, ' },
    'checkout.item.quantity.invalid',
    400,
    F.stock50,
    '2',
  ],
  [
    'fewer quantities than items',
    { itemIds: `${F.stock20},${F.stock50}`, quantities: '1' },
    'checkout.length.not.equal',
    400,
  ],
  ['more quantities than items', { quantities: '1,2' }, 'checkout.length.not.equal', 400],
  ['negative quantity', { quantities: '-1' }, 'checkout.invalid.quantity', 400, F.stock20, '1'],
  ['decimal quantity', { quantities: '1.5' }, 'checkout.invalid.quantity', 400, F.stock20, '1'],
  ['zero quantity', { quantities: '0' }, 'checkout.invalid.quantity', 400, F.stock20, '1'],
  ['NaN quantity', { quantities: 'NaN' }, 'checkout.invalid.quantity', 400, F.stock20, '1'],
  ['exponent quantity', { quantities: '1e3' }, 'checkout.invalid.quantity', 400],
  ['quantity with spaces', { quantities: ' 5' }, 'checkout.invalid.quantity', 400],
  ['quantity with trailing space', { quantities: '5 ' }, 'checkout.invalid.quantity', 400],
  ['huge quantity', { quantities: '99999999999999999999999' }, 'checkout.invalid.quantity', 400],
  ['hex quantity', { quantities: '0x10' }, 'checkout.invalid.quantity', 400],
  ['unknown item', { itemIds: 'NO-SUCH-PART' }, 'checkout.item.not.found', 422, 'NO-SUCH-PART', '1'],
  [
    'below the minimum order quantity',
    { itemIds: F.moq100, quantities: 10 },
    'checkout.item.quantity.minimum',
    422,
    F.moq100,
    '1',
  ],
  [
    'not a whole number of packs',
    { itemIds: F.moq100, quantities: 105 },
    'checkout.item.quantity.increment',
    422,
    F.moq100,
    '1',
  ],
  ['more than the stock', { quantities: 21 }, 'checkout.item.quantity.maximum', 409, F.stock20, '1'],
  ['far more than the stock', { quantities: 999999999 }, 'checkout.item.quantity.maximum', 409, F.stock20, '1'],
  ['freight forwarder without ultimate destination', { shipToAddressId: '1003' }, 'checkout.uc.required', 400],
  [
    'freight forwarder with part of the ultimate destination',
    { shipToAddressId: '1003', ucAddressName: 'X', ucCity: 'Austin' },
    'checkout.uc.required',
    400,
  ],
  [
    'US ultimate destination without a state',
    { shipToAddressId: '1003', ...UC, ucStateProvince: undefined },
    'checkout.uc.required',
    400,
  ],
  [
    'invalid ultimate-destination type',
    { shipToAddressId: '1003', ...UC, ucAddressType: 'Warehouse' },
    'checkout.invalid.address.type',
    400,
  ],
  [
    'ultimate destination is a freight forwarder',
    { shipToAddressId: '1003', ...UC, ucAddressType: 'freight forwarder' },
    'checkout.uc.freight.forwarder',
    400,
  ],
  [
    'invalid ultimate-destination country',
    { shipToAddressId: '1003', ...UC, ucCountryCode: 'XX' },
    'checkout.parameter.invalid',
    400,
  ],
  ['missing customerPONumber', { customerPONumber: undefined }, 'checkout.parameter.required', 400],
  ['blank shipToAddressId', { shipToAddressId: ' ' }, 'checkout.parameter.required', 400],
  ['missing itemIds', { itemIds: undefined }, 'checkout.parameter.required', 400],
  ['missing quantities', { quantities: undefined }, 'checkout.parameter.required', 400],
  ['missing username', { username: undefined }, 'checkout.parameter.required', 400],
  ['missing password', { password: undefined }, 'checkout.parameter.required', 400],
  ['submitOrder not a flag', { submitOrder: 'maybe' }, 'checkout.parameter.invalid', 400],
  ['submitOrder 2', { submitOrder: '2' }, 'checkout.parameter.invalid', 400],
  ['unknown fmt', { fmt: 'csv' }, 'checkout.parameter.invalid', 400],
  ['over-long PO number', { customerPONumber: 'P'.repeat(51) }, 'checkout.parameter.invalid', 400],
  ['control characters in the PO number', { customerPONumber: 'PO\u0000\u0007' }, 'checkout.parameter.invalid', 400],
  ['over-long parameter', { stCity: 'x'.repeat(201) }, 'checkout.parameter.invalid', 400],
  ['stCountryCode differs from the address', { stCountryCode: 'DE' }, 'checkout.address.mismatch', 400],
  ['stAddressType differs from the address', { stAddressType: 'Residential' }, 'checkout.address.mismatch', 400],
  ['stAddressType not a type', { stAddressType: 'Castle' }, 'checkout.invalid.address.type', 400],
  ['unknown bill-to address', { billToAddressId: '2999' }, 'address.not.found', 422],
  ['bill-to is a freight forwarder', { billToAddressId: '2002' }, 'checkout.billto.freight.forwarder', 422],
  [
    'same item twice',
    { itemIds: `${F.stock20},${F.stock20}`, quantities: '1,1' },
    'checkout.item.duplicate',
    400,
    F.stock20,
    '2',
  ],
  ['quote-only item', { itemIds: F.quoteOnly }, 'checkout.item.quote.only', 422, F.quoteOnly, '1'],
  [
    'regional item without sourceCodes',
    { itemIds: F.nacInStock, quantities: 10 },
    'checkout.source.code.required',
    400,
    F.nacInStock,
    '1',
  ],
  [
    'regional item with the wrong source code',
    { itemIds: F.nacInStock, quantities: 10, sourceCodes: 'EUROPE' },
    'checkout.source.code.invalid',
    400,
    F.nacInStock,
    '1',
  ],
  [
    'sourceCodes count differs',
    { itemIds: F.nacInStock, quantities: 10, sourceCodes: 'NAC,NAC' },
    'checkout.source.code.invalid',
    400,
  ],
  [
    'marketplace item with a regional code',
    { sourceCodes: 'NAC' },
    'checkout.source.code.invalid',
    400,
    F.stock20,
    '1',
  ],
  ['item not from the source asked for', { source: 'NAC' }, 'checkout.source.code.invalid', 400, F.stock20, '1'],
  [
    'marketplace and regional items together',
    { itemIds: `${F.stock20},${F.nacInStock}`, quantities: '1,10', sourceCodes: 'MARKETPLACE,NAC' },
    'checkout.item.source.mixed',
    422,
  ],
  [
    'items in two currencies',
    { itemIds: `${F.nacInStock},${EUROPE_OFFER}`, quantities: '10,10', sourceCodes: 'NAC,EUROPE' },
    'checkout.item.currency.mixed',
    422,
  ],
  [
    'another customer\u2019s partner customer number',
    { partnerCustomerNumber: 'C-2000' },
    'checkout.partner.customer.not.found',
    422,
  ],
  ['unknown partner customer number', { partnerCustomerNumber: 'C-9999' }, 'checkout.partner.customer.not.found', 422],
  ['unknown discount code', { discountCode: 'NOPE' }, 'checkout.discount.code.invalid', 422],
  ['expired discount code', { discountCode: 'SPRING5' }, 'checkout.discount.code.invalid', 422],
  ['invalid partner region', { partnerRegion: 'N/A<>' }, 'checkout.parameter.invalid', 400],
  ['invalid source', { source: 'NO SUCH;' }, 'checkout.parameter.invalid', 400],
];

describe('every error code, from the condition it names', () => {
  // A rest parameter keeps jest from taking a trailing argument for a done callback on shorter rows.
  it.each(ERROR_CASES)('%s', async (...row) => {
    const [, over, code, status, itemId, line] = row;
    const res = await checkout(svc.productionUrl, order({ submitOrder: 'true', ...over }), {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(status);
    expectError(res.op, code);
    expect(res.op.id).toBe('');
    if (itemId !== undefined) expect(res.op.errors[0].itemId).toBe(itemId);
    if (line !== undefined) expect(res.op.errors[0].line).toBe(line);
  });

  it('renders errors in XML with the same content', async () => {
    const res = await checkout(svc.productionUrl, order({ fmt: undefined, itemIds: F.moq100, quantities: 10 }));
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const op = new XMLParser({ parseTagValue: false }).parse(res.text).OrderPlaced;
    expect(op.serverErrors).toBe('checkout.item.quantity.minimum');
    expect(op.errors).toMatchObject({ code: 'checkout.item.quantity.minimum', itemId: F.moq100, line: '1' });
    expect(op.errors.message).toMatch(/minimum order quantity of 100/);
    expect(op.id).toBe('');
    expect(op.stAddressId).toBe('1001');
  });

  it('reports every line at fault in one stage, the first code in serverErrors', async () => {
    const res = await checkout(
      svc.productionUrl,
      order({ itemIds: `${F.moq100},${F.stock20},${F.stock50}`, quantities: '10,21,5' }),
    );
    expect(res.op.serverErrors).toBe('checkout.item.quantity.minimum');
    expect(res.op.errors.map((e: any) => [e.code, e.itemId, e.line])).toEqual([
      ['checkout.item.quantity.minimum', F.moq100, '1'],
      ['checkout.item.quantity.maximum', F.stock20, '2'],
    ]);
  });

  it('follows the documented rule order: credentials, then addresses, then items', async () => {
    const bad = { username: 'nobody@example.com', shipToAddressId: '9999', itemIds: 'NOPE' };
    expectError((await checkout(svc.productionUrl, order(bad))).op, 'checkout.user.not.found');
    expectError((await checkout(svc.productionUrl, order({ ...bad, ...BUYER }))).op, 'address.not.found');
    expectError(
      (await checkout(svc.productionUrl, order({ itemIds: 'NOPE', shipToAddressId: '1005' }))).op,
      'checkout.shipping.domestic.not.found',
    );
    expectError(
      (await checkout(svc.productionUrl, order({ itemIds: `NOPE,,X`, quantities: '1,1' }))).op,
      'checkout.item.id.invalid',
    );
  });

  it('refuses a repeated parameter', async () => {
    const base = new URLSearchParams(defined(order()) as Record<string, string>);
    for (const name of ['quantities', 'itemIds', 'username', 'submitOrder', 'fmt', 'ucCity']) {
      const q = new URLSearchParams(base);
      if (!q.has(name)) q.append(name, 'false');
      q.append(name, '1');
      const res = await checkoutUrl(svc.productionUrl, q.toString());
      if (name === 'fmt') {
        expect(res.status).toBe(400);
        expect(res.text).toMatch(/<serverErrors>checkout.parameter.repeated<\/serverErrors>/);
      } else {
        expect(res.status).toBe(400);
        expectError(res.op, 'checkout.parameter.repeated');
        expect(res.op.errors[0].message).toContain(`'${name}'`);
      }
    }
  });

  it('refuses more than 200 lines', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => `ID${i}`);
    const res = await checkout(
      svc.productionUrl,
      order({ itemIds: ids.join(','), quantities: ids.map(() => '1').join(',') }),
    );
    expectError(res.op, 'checkout.item.count.exceeded');
  });

  it('never answers 500, whatever the input', async () => {
    const nasty = [
      '',
      ' ',
      '\u0000',
      '%',
      '\ud800',
      '<x/>',
      ']]>',
      '&amp;',
      "'; DROP TABLE orders; --",
      'x'.repeat(5000),
      '𝔘𝔫𝔦',
      '-0',
      '1,',
      ',',
      ',,,',
    ];
    const names = [
      'username',
      'password',
      'customerPONumber',
      'shipToAddressId',
      'itemIds',
      'quantities',
      'sourceCodes',
      'billToAddressId',
      'customerUsername',
      'partnerCustomerNumber',
      'discountCode',
      'submitOrder',
      'source',
      'ucCountryCode',
      'stAddressType',
    ];
    for (const name of names) {
      for (const value of nasty) {
        const res = await checkout(svc.productionUrl, order({ [name]: value, fmt: 'xml' }));
        expect(res.status).toBeLessThan(500);
        expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><OrderPlaced><serverErrors>/);
      }
    }
    const raw = await checkoutUrl(svc.productionUrl, 'itemIds=%E0%A4%A&quantities=%&username=%zz');
    expect(raw.status).toBeLessThan(500);
  });
});

describe('environments', () => {
  it('keeps test-environment orders out of production: its own ids and its own stock', async () => {
    const prodBefore = await seen(svc.productionUrl, F.stock50);
    const testBefore = await seen(svc.testUrl, F.stock50);
    expect(testBefore.fohQty).toBe(prodBefore.fohQty);
    const res = await checkout(svc.testUrl, order({ itemIds: F.stock50, quantities: 5, submitOrder: 'yes' }));
    expect(res.status).toBe(200);
    expect(res.op.serverErrors).toBe('');
    expect(Number(res.op.id)).toBeGreaterThan(90_000_000);
    expect(res.op.ProcessedCartEntry[0].aqt).toBe(String(testBefore.fohQty - 5));
    expect((await seen(svc.testUrl, F.stock50)).fohQty).toBe(testBefore.fohQty - 5);
    expect((await seen(svc.productionUrl, F.stock50)).fohQty).toBe(prodBefore.fohQty);
  });
});

describe('concurrent orders', () => {
  it('of 50 simultaneous submitted orders of 1 for 20 in stock, exactly 20 succeed and stock ends at 0', async () => {
    expect((await seen(svc.productionUrl, F.stock20)).fohQty).toBe(20);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        checkout(svc.productionUrl, order({ customerPONumber: `RUSH-${i}`, quantities: 1, submitOrder: 'true' })),
      ),
    );
    const ok = results.filter((r) => r.op.serverErrors === '');
    const refused = results.filter((r) => r.op.serverErrors !== '');
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of ok) {
      expect(r.status).toBe(200);
      expect(r.op.submitted).toBe('true');
    }
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.op.serverErrors).toBe('checkout.item.quantity.maximum');
      expect(r.op.errors[0].itemId).toBe(F.stock20);
    }
    expect(new Set(ok.map((r) => r.op.id)).size).toBe(20);
    // Each success saw the stock its order left: 19, 18, …, 0, each once.
    expect(ok.map((r) => Number(r.op.ProcessedCartEntry[0].aqt)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );

    const after = await seen(svc.productionUrl, F.stock20);
    expect(after).toMatchObject({
      fohQty: 0,
      availabilityCd: 'NOSTK',
      availabilityMessage: 'No Stock',
      inStock: false,
    });

    // The store agrees: submitted quantities of the offer add up to what left stock.
    const db = new Database(join(svc.dataDir, 'production.db'), { readonly: true });
    try {
      const row = db
        .prepare(
          `SELECT count(*) AS orders, sum(l.quantity) AS quantity FROM order_lines l JOIN orders o ON o.order_id = l.order_id
           WHERE l.source_part_id = ? AND o.submitted = 1`,
        )
        .get(F.stock20) as { orders: number; quantity: number };
      expect(row).toEqual({ orders: 20, quantity: 20 });
      expect(
        (db.prepare('SELECT foh_qty FROM offers WHERE source_part_id = ?').get(F.stock20) as { foh_qty: number })
          .foh_qty,
      ).toBe(0);
    } finally {
      db.close();
    }

    const more = await checkout(svc.productionUrl, order({ quantities: 1 }));
    expect(more.status).toBe(409);
    expectError(more.op, 'checkout.item.quantity.maximum');
  });
});

describe('methods', () => {
  it('refuses HEAD, which must not place an order', async () => {
    const url = new URL(CHECKOUT_PATH, svc.testUrl);
    for (const [k, v] of Object.entries(defined(order({ itemIds: F.stock50, submitOrder: 'true' }))))
      url.searchParams.set(k, String(v));
    const before = (await seen(svc.testUrl, F.stock50)).fohQty;
    const res = await fetch(url, { method: 'HEAD' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect((await seen(svc.testUrl, F.stock50)).fohQty).toBe(before);
  });
});
