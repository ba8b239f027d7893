import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  ADDED_CODES,
  buildCheckoutUrl,
  CHECKOUT_ERROR_MESSAGES,
  CHECKOUT_PATH,
  CheckoutError,
  describeProblem,
  DOCUMENTED_CODES,
  hashPassword,
  parseOrderPlaced,
  placeOrder,
  validateCheckout,
  type CheckoutConfig,
  type CheckoutLine,
  type CheckoutProblem,
  type CheckoutRequest,
} from '../../src/checkout';
import { CHECKOUT_ERRORS } from '../../service/checkout/errors';
import { runningNow } from '../helpers/held-time';

const BASE = 'http://127.0.0.1:8081';
const HASH = '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8';

function request(over: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    username: 'buyer@example.com',
    passwordHash: HASH,
    customerPONumber: 'PO-1',
    shipToAddressId: '1001',
    lines: [{ itemId: '65130988', quantity: 2 }],
    submitOrder: false,
    ...over,
  };
}

const lines = (...ls: CheckoutLine[]) => ({ lines: ls });

// ---------------------------------------------------------------------------------------------------------------
// Answers of the reference service, as captured on the wire.

const XML_TWO_LINES =
  '<?xml version="1.0" encoding="UTF-8"?><OrderPlaced><serverErrors></serverErrors><ProcessedCartEntry><Tiers>1-4@3.059;5-9@2.671;10-24@2.436;25-99@2.328;100+@1.992</Tiers><aqt>20</aqt><bord>f</bord><cOfC>f</cOfC><dcd>2226</dcd><edd>20261126</edd><factoryStock>f</factoryStock><itot>6.12</itot><lfr>t</lfr><moq>1</moq><ncnr>f</ncnr><ons>f</ons><inc>1</inc><ped>3.059</ped><qty>2</qty><svcs></svcs><sandd>f</sandd><esd>20261121</esd><slt>0</slt><upc>ATMEGA328PPU</upc><vid>65130988</vid><warranty>f</warranty></ProcessedCartEntry><ProcessedCartEntry><Tiers>100-199@0.02773;200-249@0.02258;250-499@0.02087;500-999@0.01722;1000-1999@0.01381;2000+@0.01169</Tiers><aqt>25000</aqt><bord>f</bord><cOfC>f</cOfC><dcd>2223+</dcd><edd>20261126</edd><factoryStock>f</factoryStock><itot>2.77</itot><lfr>t</lfr><moq>100</moq><ncnr>f</ncnr><ons>f</ons><inc>10</inc><ped>0.02773</ped><qty>100</qty><svcs></svcs><sandd>f</sandd><esd>20261121</esd><slt>0</slt><upc>2N70027F</upc><vid>65130989</vid><warranty>f</warranty></ProcessedCartEntry><id>90000001</id><stAddressId>1001</stAddressId><submitted>false</submitted><subtotal>8.89</subtotal><total>8.89</total><discount>0.00</discount><currency>USD</currency><shipAgent>B</shipAgent><shipService>GROUND</shipService></OrderPlaced>';

const XML_ONE_LINE =
  '<?xml version="1.0" encoding="UTF-8"?><OrderPlaced><serverErrors></serverErrors><ProcessedCartEntry><Tiers>1-4@3.059;5-9@2.671;10-24@2.436;25-99@2.328;100+@1.992</Tiers><aqt>18</aqt><bord>f</bord><cOfC>f</cOfC><dcd>2226</dcd><edd>20261126</edd><factoryStock>f</factoryStock><itot>6.12</itot><lfr>t</lfr><moq>1</moq><ncnr>f</ncnr><ons>f</ons><inc>1</inc><ped>3.059</ped><qty>2</qty><svcs></svcs><sandd>f</sandd><esd>20261121</esd><slt>0</slt><upc>ATMEGA328PPU</upc><vid>65130988</vid><warranty>f</warranty></ProcessedCartEntry><id>90000003</id><stAddressId>1001</stAddressId><submitted>true</submitted><subtotal>6.12</subtotal><total>6.12</total><discount>0.00</discount><currency>USD</currency><shipAgent>B</shipAgent><shipService>GROUND</shipService></OrderPlaced>';

const JSON_REGIONAL =
  '{"OrderPlaced":{"serverErrors":"","errors":[],"ProcessedCartEntry":[{"Tiers":"1-4@0.09984;5-9@0.05523;10-24@0.04335;25-49@0.03026;50-99@0.02403;100+@0.01853","aqt":"12000","bord":"f","cOfC":"t","dcd":"","edd":"20261125","factoryStock":"f","itot":"0.20","lfr":"t","moq":"1","ncnr":"f","ons":"f","inc":"1","ped":"0.09984","qty":"2","svcs":"","sandd":"f","esd":"20261120","slt":"40","upc":"1N4148W7F","vid":"0898_00015182","warranty":"t"}],"id":"90000001","stAddressId":"1001","submitted":"false","subtotal":"0.20","total":"0.18","discount":"0.02","currency":"USD","shipAgent":"B","shipService":"GROUND"}}';

const XML_ERRORS =
  '<?xml version="1.0" encoding="UTF-8"?><OrderPlaced><serverErrors>checkout.item.quantity.maximum</serverErrors><errors><code>checkout.item.quantity.maximum</code><message>Quantity 21 of item 65130988 is more than the 20 available.</message><itemId>65130988</itemId><line>1</line></errors><errors><code>checkout.item.quantity.increment</code><message>Item 65130989 is sold in packs of 10; 105 is not a whole number of packs (try 100 or 110).</message><itemId>65130989</itemId><line>2</line></errors><id></id><stAddressId>1001</stAddressId><submitted>false</submitted><subtotal></subtotal><total></total><discount></discount><currency></currency><shipAgent></shipAgent><shipService></shipService></OrderPlaced>';

const JSON_ERRORS =
  '{"OrderPlaced":{"serverErrors":"checkout.item.quantity.maximum","errors":[{"code":"checkout.item.quantity.maximum","message":"Quantity 21 of item 65130988 is more than the 20 available.","itemId":"65130988","line":"1"},{"code":"checkout.item.quantity.increment","message":"Item 65130989 is sold in packs of 10; 105 is not a whole number of packs (try 100 or 110).","itemId":"65130989","line":"2"}],"ProcessedCartEntry":[],"id":"","stAddressId":"1001","submitted":"false","subtotal":"","total":"","discount":"","currency":"","shipAgent":"","shipService":""}}';

const errorXml = (code: string, message: string, extra = '', id = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><OrderPlaced><serverErrors>${code}</serverErrors><errors><code>${code}</code><message>${message}</message>${extra}</errors><id>${id}</id><stAddressId>1001</stAddressId><submitted>false</submitted><subtotal></subtotal><total></total><discount></discount><currency></currency><shipAgent></shipAgent><shipService></shipService></OrderPlaced>`;

const XML_ORDER_CREATE_FAILED = errorXml(
  'backoffice.failed.sales.order.create',
  'Sales order 90000001 was created but the back office gave no answer; its lines were not added. Do not resend blindly: order 90000001 exists.',
  '',
  '90000001',
);

// ---------------------------------------------------------------------------------------------------------------

describe('hashPassword', () => {
  test('SHA-256 of the UTF-8 password as 64 lowercase hex characters', async () => {
    expect(await hashPassword('password')).toBe(HASH);
  });

  test('non-ASCII passwords are hashed as UTF-8, and the empty password too', async () => {
    for (const pw of ['démo-pässwörd ✓', '', 'demo-password']) {
      expect(await hashPassword(pw)).toBe(createHash('sha256').update(pw, 'utf8').digest('hex'));
    }
  });
});

describe('buildCheckoutUrl', () => {
  test('every parameter of 4.1, decoded back exactly, in line order', () => {
    const url = new URL(
      buildCheckoutUrl(
        `${BASE}/`,
        request({
          lines: [
            { itemId: '0898_00015182', quantity: 5, sourceCode: 'NAC' },
            { itemId: 'V36:1790_07275143', quantity: 1200, sourceCode: 'NAC' },
          ],
          billToAddressId: '2001',
          customerUsername: 'other@example.com',
          partnerRegion: 'NA West',
          partnerCustomerNumber: 'C-1000',
          discountCode: 'DEMO10',
          source: 'NAC',
          submitOrder: true,
          customerPONumber: 'PO 7/8 & co',
        }),
        { format: 'json' },
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}${CHECKOUT_PATH}`);
    expect([...url.searchParams.keys()].every((k, i, all) => all.indexOf(k) === i)).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      username: 'buyer@example.com',
      password: HASH,
      customerPONumber: 'PO 7/8 & co',
      shipToAddressId: '1001',
      itemIds: '0898_00015182,V36:1790_07275143',
      quantities: '5,1200',
      sourceCodes: 'NAC,NAC',
      billToAddressId: '2001',
      customerUsername: 'other@example.com',
      partnerRegion: 'NA West',
      partnerCustomerNumber: 'C-1000',
      discountCode: 'DEMO10',
      source: 'NAC',
      submitOrder: 'true',
      fmt: 'json',
    });
  });

  test('optional parameters only when given; submitOrder false; xml format', () => {
    const url = new URL(
      buildCheckoutUrl(BASE, request({ lines: [{ itemId: ' 65130988 ', quantity: 3 }], billToAddressId: '  ' }), {
        format: 'xml',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      username: 'buyer@example.com',
      password: HASH,
      customerPONumber: 'PO-1',
      shipToAddressId: '1001',
      itemIds: '65130988',
      quantities: '3',
      submitOrder: 'false',
      fmt: 'xml',
    });
  });

  test('st* and uc* parameters from the address fields, only those given', () => {
    const url = new URL(
      buildCheckoutUrl(
        BASE,
        request({
          shipToAddressId: '1003',
          shipTo: { addressName: 'Receiving', phoneNumber: '+1 305 555 0100', street2: 'Dock 4' },
          ultimateDestination: {
            addressName: 'Müller GmbH',
            companyName: 'Müller',
            phoneNumber: '+49 89 1234',
            countryCode: 'DE',
            street1: 'Hauptstraße 1',
            street2: '',
            stateProvince: 'BY',
            city: 'München',
            postalCode: '80331',
            addressType: 'Commercial',
          },
        }),
        { format: 'xml' },
      ),
    );
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      stAddressName: 'Receiving',
      stPhoneNumber: '+1 305 555 0100',
      stStreet2: 'Dock 4',
      ucAddressName: 'Müller GmbH',
      ucCompanyName: 'Müller',
      ucPhoneNumber: '+49 89 1234',
      ucCountryCode: 'DE',
      ucStreet1: 'Hauptstraße 1',
      ucStateProvince: 'BY',
      ucCity: 'München',
      ucPostalCode: '80331',
      ucAddressType: 'Commercial',
    });
    expect(
      Object.keys(p)
        .filter((k) => /^(st|uc)[A-Z]/.test(k) && k !== 'stAddressId')
        .sort(),
    ).toEqual(
      [
        'stAddressName',
        'stPhoneNumber',
        'stStreet2',
        'ucAddressName',
        'ucCompanyName',
        'ucPhoneNumber',
        'ucCountryCode',
        'ucStreet1',
        'ucStateProvince',
        'ucCity',
        'ucPostalCode',
        'ucAddressType',
      ].sort(),
    );
  });

  test('a base URL that already ends in the checkout path is not extended', () => {
    expect(buildCheckoutUrl(`${BASE}${CHECKOUT_PATH}`, request(), { format: 'xml' })).toMatch(
      new RegExp(`^${BASE}${CHECKOUT_PATH}\\?`),
    );
  });
});

describe('validateCheckout', () => {
  const codes = (r: CheckoutRequest) => validateCheckout(r).map((p) => p.code);

  test('a complete request has no problems', () => {
    expect(validateCheckout(request())).toEqual([]);
  });

  test('required fields, with the field named', () => {
    const problems = validateCheckout(
      request({ username: ' ', passwordHash: '', customerPONumber: '', shipToAddressId: '' }),
    );
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['checkout.parameter.required', 'username'],
      ['checkout.parameter.required', 'password'],
      ['checkout.parameter.required', 'customerPONumber'],
      ['checkout.parameter.required', 'shipToAddressId'],
    ]);
    expect(validateCheckout(request({ lines: [] }))).toEqual([
      expect.objectContaining({ code: 'checkout.parameter.required', field: 'itemIds' }),
    ]);
  });

  test('a password that is not a SHA-256 hex digest (the plain password) is refused', () => {
    expect(validateCheckout(request({ passwordHash: 'demo-password' }))).toEqual([
      expect.objectContaining({ code: 'checkout.invalid.password', field: 'password' }),
    ]);
  });

  test('blank item ids and blank quantities, each with its line', () => {
    const problems = validateCheckout(
      request(lines({ itemId: 'A', quantity: 1 }, { itemId: ' ', quantity: 2 }, { itemId: 'B', quantity: NaN })),
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'checkout.item.id.invalid', line: 2 }),
      expect.objectContaining({ code: 'checkout.item.quantity.invalid', itemId: 'B', line: 3 }),
    ]);
  });

  test('an item id with a comma would split the list', () => {
    expect(validateCheckout(request(lines({ itemId: 'A,B', quantity: 1 })))).toEqual([
      expect.objectContaining({ code: 'checkout.item.id.invalid', itemId: 'A,B', line: 1 }),
    ]);
  });

  test('quantities are whole numbers from 1 to 999,999,999', () => {
    const bad = [0, -1, 1.5, 1_000_000_000, Infinity];
    const problems = validateCheckout(request({ lines: bad.map((quantity, i) => ({ itemId: `I${i}`, quantity })) }));
    expect(problems.map((p) => [p.code, p.line])).toEqual(bad.map((_, i) => ['checkout.invalid.quantity', i + 1]));
    expect(problems[2].message).toContain('1.5');
    expect(codes(request(lines({ itemId: 'A', quantity: 999_999_999 })))).toEqual([]);
  });

  test('more than 200 lines', () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ itemId: `P${i}`, quantity: 1 }));
    expect(codes(request({ lines: many }))).toEqual(['checkout.item.count.exceeded']);
    expect(codes(request({ lines: many.slice(0, 200) }))).toEqual([]);
  });

  test('an item id twice is reported on the later line', () => {
    const problems = validateCheckout(
      request(lines({ itemId: 'A', quantity: 1 }, { itemId: 'B', quantity: 1 }, { itemId: ' A', quantity: 2 })),
    );
    expect(problems).toEqual([expect.objectContaining({ code: 'checkout.item.duplicate', itemId: 'A', line: 3 })]);
    expect(problems[0].message).toMatch(/line 1 and again on line 3/);
  });

  test('below the minimum order quantity: the numbers, the item and the quantity to order', () => {
    const [p] = validateCheckout(request(lines({ itemId: '65130988', quantity: 30, moq: 100, packSize: 10 })));
    expect(p).toMatchObject({
      code: 'checkout.item.quantity.minimum',
      itemId: '65130988',
      line: 1,
      suggestedQuantity: 100,
    });
    expect(p.message).toContain('Quantity 30 is below the minimum 100 for item 65130988');
  });

  test('minimum not a multiple of the pack size: the suggestion is whole packs', () => {
    const [p] = validateCheckout(request(lines({ itemId: 'X', quantity: 50, moq: 291, packSize: 25 })));
    expect(p).toMatchObject({ code: 'checkout.item.quantity.minimum', suggestedQuantity: 300 });
  });

  test('not a whole number of packs: both neighbours suggested', () => {
    const [p] = validateCheckout(request(lines({ itemId: '65130989', quantity: 105, moq: 100, packSize: 10 })));
    expect(p).toMatchObject({ code: 'checkout.item.quantity.increment', itemId: '65130989', suggestedQuantity: 110 });
    expect(p.message).toMatch(/packs of 10; 105 .*100 or 110/);
  });

  test('more than the stock: the most that can be ordered', () => {
    const [p] = validateCheckout(request(lines({ itemId: '65130988', quantity: 21, stock: 20 })));
    expect(p).toMatchObject({ code: 'checkout.item.quantity.maximum', itemId: '65130988', suggestedQuantity: 20 });
    expect(p.message).toContain('more than the 20 in stock');
  });

  test('minimum, then increment, then stock: the first broken rule of each line, every line reported', () => {
    const problems = validateCheckout(
      request(
        lines(
          { itemId: 'A', quantity: 5, moq: 10, packSize: 3, stock: 1 },
          { itemId: 'B', quantity: 11, moq: 10, packSize: 5, stock: 1 },
          { itemId: 'C', quantity: 10, moq: 10, packSize: 5, stock: 1 },
          { itemId: 'D', quantity: 10, moq: 10, packSize: 5, stock: 10 },
        ),
      ),
    );
    expect(problems.map((p) => [p.code, p.itemId])).toEqual([
      ['checkout.item.quantity.minimum', 'A'],
      ['checkout.item.quantity.increment', 'B'],
      ['checkout.item.quantity.maximum', 'C'],
    ]);
  });

  test('a line without moq, pack size or stock is left to the service', () => {
    expect(codes(request(lines({ itemId: '65130989', quantity: 7 })))).toEqual([]);
    expect(codes(request(lines({ itemId: '65130989', quantity: 7, moq: 0, packSize: 0 })))).toEqual([]);
  });

  test('property: a suggested quantity passes the same checks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 500 }),
        (quantity, moq, packSize) => {
          const [p] = validateCheckout(request(lines({ itemId: 'X', quantity, moq, packSize })));
          if (!p) {
            expect(quantity >= moq && quantity % packSize === 0).toBe(true);
            return;
          }
          expect(p.suggestedQuantity).toBeDefined();
          expect(
            validateCheckout(request(lines({ itemId: 'X', quantity: p.suggestedQuantity!, moq, packSize }))),
          ).toEqual([]);
        },
      ),
    );
  });

  test('a regional item id without a source code', () => {
    const problems = validateCheckout(
      request(lines({ itemId: '0898_00015182', quantity: 1 }, { itemId: 'E02:0323_00016422', quantity: 1 })),
    );
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ['checkout.source.code.required', 1],
      ['checkout.source.code.required', 2],
    ]);
    expect(codes(request(lines({ itemId: '0898_00015182', quantity: 1, sourceCode: 'NAC' })))).toEqual([]);
  });

  test('source codes on some lines but not others', () => {
    const problems = validateCheckout(
      request(
        lines({ itemId: '0898_00015182', quantity: 1, sourceCode: 'NAC' }, { itemId: '0898_00015107', quantity: 1 }),
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({ code: 'checkout.source.code.invalid', itemId: '0898_00015107', line: 2 }),
    ]);
  });

  test('an item not from the source the order names', () => {
    const problems = validateCheckout(
      request({ ...lines({ itemId: '0898_00015182', quantity: 1, sourceCode: 'NAC' }), source: 'EUROPE' }),
    );
    expect(problems).toEqual([expect.objectContaining({ code: 'checkout.source.code.invalid', line: 1 })]);
  });

  test('marketplace and regional items mixed', () => {
    const problems = validateCheckout(
      request(
        lines(
          { itemId: '65130988', quantity: 1, sourceCode: 'MARKETPLACE' },
          { itemId: '0898_00015182', quantity: 1, sourceCode: 'nac' },
        ),
      ),
    );
    expect(problems).toEqual([expect.objectContaining({ code: 'checkout.item.source.mixed' })]);
    expect(problems[0].message).toMatch(/65130988 is from MARKETPLACE and item 0898_00015182 from NAC/);
  });

  const fullUc = {
    addressName: 'Acme Receiving',
    phoneNumber: '+1 305 555 0100',
    countryCode: 'US',
    street1: '1 Main St',
    city: 'Miami',
    stateProvince: 'FL',
    postalCode: '33101',
    addressType: 'Commercial',
  };

  test('a freight-forwarder ship-to address without an ultimate destination', () => {
    expect(validateCheckout(request({ shipToAddressId: '1003', shipToIsFreightForwarder: true }))).toEqual([
      expect.objectContaining({ code: 'checkout.uc.required', field: 'ultimateDestination' }),
    ]);
    expect(
      codes(request({ shipToAddressId: '1003', shipToIsFreightForwarder: true, ultimateDestination: fullUc })),
    ).toEqual([]);
  });

  test('required ultimate-destination fields, the state only for the countries that need one', () => {
    const problems = validateCheckout(
      request({
        shipToIsFreightForwarder: true,
        ultimateDestination: { ...fullUc, phoneNumber: '', stateProvince: undefined },
      }),
    );
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['checkout.uc.required', 'ucPhoneNumber'],
      ['checkout.uc.required', 'ucStateProvince'],
    ]);
    for (const country of ['US', 'CA', 'AU', 'BR', 'MX', 'IN', 'cn']) {
      expect(
        codes(
          request({
            shipToIsFreightForwarder: true,
            ultimateDestination: { ...fullUc, countryCode: country, stateProvince: '' },
          }),
        ),
      ).toEqual(['checkout.uc.required']);
    }
    expect(
      codes(
        request({
          shipToIsFreightForwarder: true,
          ultimateDestination: { ...fullUc, countryCode: 'DE', stateProvince: '' },
        }),
      ),
    ).toEqual([]);
  });

  test('the ultimate destination may not be a freight forwarder, and its type must be known', () => {
    expect(
      codes(
        request({
          shipToIsFreightForwarder: true,
          ultimateDestination: { ...fullUc, addressType: 'freight_forwarder' },
        }),
      ),
    ).toEqual(['checkout.uc.freight.forwarder']);
    expect(
      validateCheckout(
        request({ shipToIsFreightForwarder: true, ultimateDestination: { ...fullUc, addressType: 'Warehouse' } }),
      ),
    ).toEqual([expect.objectContaining({ code: 'checkout.invalid.address.type', field: 'ucAddressType' })]);
    expect(
      codes(
        request({ shipToIsFreightForwarder: true, ultimateDestination: { ...fullUc, addressType: 'direct-consumer' } }),
      ),
    ).toEqual([]);
  });

  test('the ultimate destination is ignored for a ship-to address that is no freight forwarder', () => {
    expect(
      codes(request({ shipToIsFreightForwarder: false, ultimateDestination: { addressType: 'Freight Forwarder' } })),
    ).toEqual([]);
  });

  test('ship-to adjustments: address type and country code of a valid form', () => {
    expect(validateCheckout(request({ shipTo: { addressType: 'Warehouse' } }))).toEqual([
      expect.objectContaining({ code: 'checkout.invalid.address.type', field: 'stAddressType' }),
    ]);
    expect(validateCheckout(request({ shipTo: { countryCode: 'UK' } }))).toEqual([
      expect.objectContaining({ code: 'checkout.parameter.invalid', field: 'stCountryCode' }),
    ]);
    expect(codes(request({ shipToIsFreightForwarder: false, shipTo: { addressType: 'Freight Forwarder' } }))).toEqual([
      'checkout.address.mismatch',
    ]);
    expect(codes(request({ shipTo: { addressType: 'commercial', countryCode: 'us', addressName: 'Dock' } }))).toEqual(
      [],
    );
  });

  test('PO number: at most 50 characters, no control characters', () => {
    expect(validateCheckout(request({ customerPONumber: 'P'.repeat(51) }))).toEqual([
      expect.objectContaining({ code: 'checkout.parameter.invalid', field: 'customerPONumber' }),
    ]);
    expect(codes(request({ customerPONumber: 'P'.repeat(50) }))).toEqual([]);
    expect(codes(request({ customerPONumber: 'PO\n1' }))).toEqual(['checkout.parameter.invalid']);
  });

  test('address fields at most 100 characters; partner region and source of their form', () => {
    expect(codes(request({ shipTo: { street1: 'x'.repeat(101) } }))).toEqual(['checkout.parameter.invalid']);
    expect(codes(request({ partnerRegion: 'north/west' }))).toEqual(['checkout.parameter.invalid']);
    expect(codes(request({ source: 'MARKET PLACE' }))).toEqual(['checkout.parameter.invalid']);
  });
});

describe('parseOrderPlaced', () => {
  test('XML success with two lines: every field typed', () => {
    const r = parseOrderPlaced(XML_TWO_LINES, 'application/xml; charset=utf-8');
    expect(r).toMatchObject({
      ok: true,
      orderId: '90000001',
      submitted: false,
      subtotal: 8.89,
      total: 8.89,
      discount: 0,
      currency: 'USD',
      shipAgent: 'B',
      shipService: 'GROUND',
      shipToAddressId: '1001',
      errors: [],
    });
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]).toEqual({
      itemId: '65130988',
      vid: '65130988',
      qty: 2,
      ped: 3.059,
      itot: 6.12,
      moq: 1,
      inc: 1,
      aqt: 20,
      Tiers: [
        { minQty: 1, maxQty: 4, price: 3.059 },
        { minQty: 5, maxQty: 9, price: 2.671 },
        { minQty: 10, maxQty: 24, price: 2.436 },
        { minQty: 25, maxQty: 99, price: 2.328 },
        { minQty: 100, maxQty: Infinity, price: 1.992 },
      ],
      bord: false,
      cOfC: false,
      dcd: '2226',
      edd: '2026-11-26',
      esd: '2026-11-21',
      factoryStock: false,
      lfr: true,
      ncnr: false,
      ons: false,
      svcs: '',
      sandd: false,
      slt: 0,
      upc: 'ATMEGA328PPU',
      warranty: false,
    });
    expect(r.lines[1]).toMatchObject({
      itemId: '65130989',
      qty: 100,
      moq: 100,
      inc: 10,
      ped: 0.02773,
      itot: 2.77,
      dcd: '2223+',
    });
  });

  test('XML with a single line still gives a list of lines', () => {
    const r = parseOrderPlaced(XML_ONE_LINE);
    expect(r.ok).toBe(true);
    expect(r.submitted).toBe(true);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({ itemId: '65130988', qty: 2, aqt: 18 });
  });

  test('JSON success (content type, or sniffed from the body)', () => {
    for (const type of ['application/json; charset=utf-8', undefined]) {
      const r = parseOrderPlaced(JSON_REGIONAL, type);
      expect(r).toMatchObject({
        ok: true,
        orderId: '90000001',
        subtotal: 0.2,
        total: 0.18,
        discount: 0.02,
        submitted: false,
      });
      expect(r.lines).toEqual([
        expect.objectContaining({ itemId: '0898_00015182', cOfC: true, warranty: true, slt: 40, dcd: '', qty: 2 }),
      ]);
    }
  });

  test('XML and JSON errors: every problem with code, message, item and line', () => {
    const expected = [
      {
        code: 'checkout.item.quantity.maximum',
        message: 'Quantity 21 of item 65130988 is more than the 20 available.',
        itemId: '65130988',
        line: 1,
      },
      {
        code: 'checkout.item.quantity.increment',
        message: 'Item 65130989 is sold in packs of 10; 105 is not a whole number of packs (try 100 or 110).',
        itemId: '65130989',
        line: 2,
      },
    ];
    for (const [body, type] of [
      [XML_ERRORS, 'application/xml'],
      [JSON_ERRORS, 'application/json'],
    ]) {
      const r = parseOrderPlaced(body, type);
      expect(r).toMatchObject({ ok: false, orderId: null, subtotal: null, total: null, currency: null, lines: [] });
      expect(r.errors).toEqual(expected);
    }
  });

  test('a single error in XML is a list of one; a parameter named in the message becomes the field', () => {
    const r = parseOrderPlaced(errorXml('checkout.parameter.required', "Parameter 'customerPONumber' is required."));
    expect(r.errors).toEqual([
      {
        code: 'checkout.parameter.required',
        message: "Parameter 'customerPONumber' is required.",
        field: 'customerPONumber',
      },
    ]);
  });

  test('backoffice.failed.sales.order.create with the order id', () => {
    const r = parseOrderPlaced(XML_ORDER_CREATE_FAILED);
    expect(r).toMatchObject({ ok: false, orderId: '90000001', lines: [] });
    expect(r.errors.map((e) => e.code)).toEqual(['backoffice.failed.sales.order.create']);
  });

  test('serverErrors without an errors list still yields the problem', () => {
    const r = parseOrderPlaced(
      '<OrderPlaced><serverErrors>checkout.address.not.terms</serverErrors><id/></OrderPlaced>',
    );
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([{ code: 'checkout.address.not.terms', message: '' }]);
    expect(describeProblem(r.errors[0]).title).toBe('The ship-to address is not a terms address');
  });

  test('unreadable answers are malformed', () => {
    for (const body of [
      '',
      '<OrderPlaced><id>1</id>',
      '<html><body>Bad gateway</body></html>',
      '{"OrderPlaced": ',
      '{"other": {}}',
      'plain text',
    ]) {
      let error: unknown;
      try {
        parseOrderPlaced(body);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CheckoutError);
      expect((error as CheckoutError).kind).toBe('malformed');
    }
  });
});

describe('error catalogue', () => {
  const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'checkout.md'), 'utf8');
  const docCodes = [...docs.matchAll(/^\| `([a-z][a-z.]+)` \| \d{3} \|/gm)].map((m) => m[1]);

  test('every code of the checkout documentation tables has a message and a fix', () => {
    expect(docCodes.length).toBeGreaterThanOrEqual(39);
    for (const code of docCodes) {
      expect(CHECKOUT_ERROR_MESSAGES).toHaveProperty([code]);
      const entry = CHECKOUT_ERROR_MESSAGES[code as keyof typeof CHECKOUT_ERROR_MESSAGES];
      expect(entry.message.length).toBeGreaterThan(10);
      expect(entry.fix.length).toBeGreaterThan(10);
    }
    expect(new Set([...DOCUMENTED_CODES, ...ADDED_CODES])).toEqual(new Set(docCodes));
  });

  test('every code the distributor documents (docs/checkout.md, "Documented codes") has an entry, in its order', () => {
    const documented = docs.split('### Documented codes')[1]?.split('### Codes this service adds')[0] ?? '';
    const codes = [...documented.matchAll(/^\| `([a-z][a-z.]+)` \|/gm)].map((m) => m[1]);
    expect(codes).toHaveLength(22);
    expect(codes).toEqual([...DOCUMENTED_CODES]);
    for (const code of codes) expect(CHECKOUT_ERROR_MESSAGES).toHaveProperty([code]);
  });

  test('every code the reference service can answer has an entry', () => {
    for (const code of Object.keys(CHECKOUT_ERRORS)) expect(CHECKOUT_ERROR_MESSAGES).toHaveProperty([code]);
  });

  test('describeProblem: the service message when given, else the template filled, and the fix', () => {
    const withMessage: CheckoutProblem = {
      code: 'checkout.item.quantity.minimum',
      message: 'Quantity 10 of item 65130989 is below its minimum order quantity of 100.',
    };
    expect(describeProblem(withMessage)).toEqual({
      title: withMessage.message,
      fix: CHECKOUT_ERROR_MESSAGES['checkout.item.quantity.minimum'].fix,
    });

    const bare: CheckoutProblem = {
      code: 'checkout.item.quantity.minimum',
      message: '',
      itemId: '65130988',
      values: { qty: 30, moq: 100 },
      suggestedQuantity: 100,
    };
    const d = describeProblem(bare);
    expect(d.title).toBe('Quantity 30 is below the minimum 100 for item 65130988');
    expect(d.fix).toMatch(/Suggested quantity: 100\.$/);

    expect(describeProblem({ code: 'checkout.item.quantity.minimum', message: '' }).title).toBe(
      'Quantity is below the minimum for an item',
    );
    expect(describeProblem({ code: 'checkout.item.duplicate', message: '', itemId: 'A', line: 3 }).title).toBe(
      'Item A appears more than once on line 3',
    );
    expect(describeProblem({ code: 'checkout.parameter.required', message: '', field: 'username' }).title).toBe(
      "A required order field is missing ('username')",
    );
  });

  test('describeProblem of an unknown code keeps the code and the message', () => {
    expect(describeProblem({ code: 'checkout.something.new', message: '' }).title).toContain('checkout.something.new');
    expect(describeProblem({ code: 'checkout.something.new', message: 'New rule.' }).title).toBe('New rule.');
  });

  test('every message template reads without its values', () => {
    for (const code of Object.keys(CHECKOUT_ERROR_MESSAGES)) {
      const { title, fix } = describeProblem({ code, message: '' });
      expect(title).not.toMatch(/[{}]|\s{2}|\(\s*\)/);
      expect(fix).not.toMatch(/[{}]/);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// placeOrder over an injected fetch

interface Call {
  url: URL;
  init: RequestInit | undefined;
}

function fakeFetch(answer: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ url, init });
    return answer(url, init);
  }) as typeof fetch;
  return { fn, calls };
}

const xml = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'application/xml; charset=utf-8' } });
const json = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** A fetch that never answers but rejects when its signal aborts, as platform fetch does. */
const hanging = () =>
  fakeFetch(
    (_url, init) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('This operation was aborted', 'AbortError')),
        );
      }),
  );

/** The TypeError Node's fetch throws for a network failure, with the system error as its cause. */
function networkError(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code} 127.0.0.1:8081`), { code }) });
}

const config = (fetchFn: typeof fetch, over: Partial<CheckoutConfig> = {}): CheckoutConfig => ({
  baseUrl: BASE,
  fetch: fetchFn,
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<CheckoutError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(CheckoutError);
    return e as CheckoutError;
  }
  throw new Error('expected a CheckoutError');
}

describe('placeOrder', () => {
  test('sends one GET with every parameter and returns the order', async () => {
    const { fn, calls } = fakeFetch(() => xml(XML_TWO_LINES));
    const order = await placeOrder(
      config(fn),
      request(lines({ itemId: '65130988', quantity: 2 }, { itemId: '65130989', quantity: 100 })),
    );
    expect(order).toMatchObject({ ok: true, orderId: '90000001', total: 8.89 });
    expect(calls).toHaveLength(1);
    expect(calls[0].init?.method).toBe('GET');
    expect(new Headers(calls[0].init?.headers).get('accept')).toBe('application/xml');
    expect(Object.fromEntries(calls[0].url.searchParams)).toMatchObject({
      itemIds: '65130988,65130989',
      quantities: '2,100',
      submitOrder: 'false',
      fmt: 'xml',
    });
  });

  test('JSON format', async () => {
    const { fn, calls } = fakeFetch(() => json(JSON_REGIONAL));
    const order = await placeOrder(
      config(fn, { format: 'json' }),
      request(lines({ itemId: '0898_00015182', quantity: 2, sourceCode: 'NAC' })),
    );
    expect(order.lines[0].itemId).toBe('0898_00015182');
    expect(calls[0].url.searchParams.get('fmt')).toBe('json');
    expect(new Headers(calls[0].init?.headers).get('accept')).toBe('application/json');
  });

  test('invalid: nothing is sent', async () => {
    const { fn, calls } = fakeFetch(() => xml(XML_TWO_LINES));
    const e = await failure(placeOrder(config(fn), request(lines({ itemId: '65130988', quantity: 30, moq: 100 }))));
    expect(e.kind).toBe('invalid');
    expect(e.problems).toEqual([
      expect.objectContaining({ code: 'checkout.item.quantity.minimum', itemId: '65130988', line: 1 }),
    ]);
    expect(e.message).toContain('Quantity 30 is below the minimum 100 for item 65130988');
    expect(e.orderMayExist).toBe(false);
    expect(calls).toHaveLength(0);
  });

  test('401: auth, with the code', async () => {
    const { fn } = fakeFetch(() =>
      xml(errorXml('checkout.invalid.password', 'The password is not right for this username.'), 401),
    );
    const e = await failure(placeOrder(config(fn), request()));
    expect(e).toMatchObject({ kind: 'auth', status: 401, code: 'checkout.invalid.password' });
    expect(e.retryable).toBe(false);
    expect(e.message).toMatch(/password is not right.*under Checkout login in the Order form\.$/);
  });

  test('409 maximum: refused, with the item and line', async () => {
    const { fn } = fakeFetch(() =>
      xml(
        errorXml(
          'checkout.item.quantity.maximum',
          'Quantity 21 of item 65130988 is more than the 20 available.',
          '<itemId>65130988</itemId><line>1</line>',
        ),
        409,
      ),
    );
    const e = await failure(placeOrder(config(fn), request(lines({ itemId: '65130988', quantity: 21 }))));
    expect(e).toMatchObject({ kind: 'refused', status: 409, orderId: null });
    expect(e.problems).toEqual([
      {
        code: 'checkout.item.quantity.maximum',
        message: 'Quantity 21 of item 65130988 is more than the 20 available.',
        itemId: '65130988',
        line: 1,
      },
    ]);
    expect(e.message).toBe('The order was refused: Quantity 21 of item 65130988 is more than the 20 available.');
    expect(e.orderMayExist).toBe(false);
    expect(e.retryable).toBe(false);
  });

  test('several problems are all carried and named', async () => {
    const { fn } = fakeFetch(() => json(JSON_ERRORS, 409));
    const e = await failure(placeOrder(config(fn, { format: 'json' }), request()));
    expect(e.kind).toBe('refused');
    expect(e.problems.map((p) => p.line)).toEqual([1, 2]);
    expect(e.message).toContain('105 is not a whole number of packs');
  });

  test('502 backoffice.failed.sales.order.create: order-may-exist with the order id', async () => {
    const { fn } = fakeFetch(() => xml(XML_ORDER_CREATE_FAILED, 502));
    const e = await failure(placeOrder(config(fn), request()));
    expect(e).toMatchObject({
      kind: 'order-may-exist',
      orderId: '90000001',
      status: 502,
      code: 'backoffice.failed.sales.order.create',
    });
    expect(e.orderMayExist).toBe(true);
    expect(e.retryable).toBe(false);
    expect(e.message).toMatch(/Order 90000001 .*Do not send the order again/);
  });

  test('every back-office failure after creating the order is order-may-exist', async () => {
    for (const code of [
      'backoffice.failed.sales.lines.update',
      'backoffice.failed.sales.order.update',
      'backoffice.failed.sales.order.submit',
    ]) {
      const { fn } = fakeFetch(() =>
        xml(errorXml(code, `Sales order 90000007 failed (${code}).`, '', '90000007'), 502),
      );
      const e = await failure(placeOrder(config(fn), request()));
      expect(e).toMatchObject({ kind: 'order-may-exist', orderId: '90000007', code });
    }
  });

  test('502 backoffice.soap.exception without id: refused, safe to send again', async () => {
    const { fn } = fakeFetch(() =>
      xml(errorXml('backoffice.soap.exception', 'The back office failed before the order was created.'), 502),
    );
    const e = await failure(placeOrder(config(fn), request()));
    expect(e).toMatchObject({ kind: 'refused', orderId: null, status: 502 });
    expect(e.retryable).toBe(true);
    expect(e.orderMayExist).toBe(false);
  });

  test('connection refused or host not found: unreachable, nothing sent', async () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND']) {
      const { fn } = fakeFetch(() => Promise.reject(networkError(code)));
      const e = await failure(placeOrder(config(fn), request()));
      expect(e.kind).toBe('unreachable');
      expect(e.retryable).toBe(true);
      expect(e.orderMayExist).toBe(false);
      expect(e.message).toMatch(/Nothing was sent/);
    }
  });

  test('refused on every address tried (Node reports an AggregateError cause): unreachable', async () => {
    const cause = Object.assign(
      new AggregateError([
        Object.assign(new Error('a'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('b'), { code: 'ECONNREFUSED' }),
      ]),
      {
        code: 'ECONNREFUSED',
      },
    );
    const { fn } = fakeFetch(() => Promise.reject(new TypeError('fetch failed', { cause })));
    expect((await failure(placeOrder(config(fn), request()))).kind).toBe('unreachable');
  });

  test('connection reset, or a network error of unknown cause: order-may-exist', async () => {
    for (const error of [
      networkError('ECONNRESET'),
      networkError('UND_ERR_SOCKET'),
      new TypeError('Failed to fetch'),
    ]) {
      const { fn } = fakeFetch(() => Promise.reject(error));
      const e = await failure(placeOrder(config(fn), request()));
      expect(e.kind).toBe('order-may-exist');
      expect(e.orderId).toBeNull();
      expect(e.message).toMatch(/check your orders/);
    }
  });

  test('timeout after sending: order-may-exist', async () => {
    const { fn, calls } = hanging();
    const started = runningNow();
    const e = await failure(placeOrder(config(fn, { timeoutMs: 50 }), request()));
    expect(e.kind).toBe('order-may-exist');
    expect(e.message).toMatch(/did not answer within 50 ms/);
    expect(calls).toHaveLength(1);
    // On the time this process could run: a loaded machine holding it is not the client waiting.
    expect(runningNow() - started).toBeLessThan(2000);
  });

  test('a fetch that ignores its signal still times out', async () => {
    const { fn } = fakeFetch(() => new Promise<Response>(() => undefined));
    expect((await failure(placeOrder(config(fn, { timeoutMs: 30 }), request()))).kind).toBe('order-may-exist');
  });

  test('a body that stops arriving: order-may-exist', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<?xml version="1.0"?><OrderPlaced>'));
      },
    });
    const { fn } = fakeFetch(
      () => new Response(stream, { status: 200, headers: { 'content-type': 'application/xml' } }),
    );
    const e = await failure(placeOrder(config(fn, { timeoutMs: 50 }), request()));
    expect(e.kind).toBe('order-may-exist');
    expect(e.message).toMatch(/did not finish its answer/);
  });

  test('malformed body: malformed; with HTTP 200 the order may exist', async () => {
    const { fn } = fakeFetch(() => xml('<OrderPlaced><id>90000001</id>'));
    const e = await failure(placeOrder(config(fn), request()));
    expect(e.kind).toBe('malformed');
    expect(e.orderMayExist).toBe(true);

    const html = fakeFetch(
      () => new Response('<html>Not found</html>', { status: 404, headers: { 'content-type': 'text/html' } }),
    );
    const e404 = await failure(placeOrder(config(html.fn), request()));
    expect(e404).toMatchObject({ kind: 'malformed', status: 404 });
    expect(e404.orderMayExist).toBe(false);
    expect(e404.message).toMatch(/HTTP 404.*service address/);
  });

  test('a gateway error page: order-may-exist; 503: unreachable', async () => {
    const gateway = fakeFetch(
      () => new Response('<html>Bad gateway</html>', { status: 504, headers: { 'content-type': 'text/html' } }),
    );
    expect((await failure(placeOrder(config(gateway.fn), request()))).kind).toBe('order-may-exist');
    const busy = fakeFetch(() => new Response('', { status: 503 }));
    expect((await failure(placeOrder(config(busy.fn), request()))).kind).toBe('unreachable');
  });

  test('a success without an order id is not trusted', async () => {
    const { fn } = fakeFetch(() => xml(XML_ONE_LINE.replace('<id>90000003</id>', '<id></id>')));
    const e = await failure(placeOrder(config(fn), request()));
    expect(e.kind).toBe('malformed');
    expect(e.orderMayExist).toBe(true);
  });

  test('cancelled before sending: nothing sent', async () => {
    const { fn, calls } = fakeFetch(() => xml(XML_ONE_LINE));
    const controller = new AbortController();
    controller.abort();
    const e = await failure(placeOrder(config(fn), request(), { signal: controller.signal }));
    expect(e.kind).toBe('cancelled');
    expect(e.orderMayExist).toBe(false);
    expect(calls).toHaveLength(0);
  });

  test('cancelled while waiting: cancelled, and the order may exist', async () => {
    const { fn, calls } = hanging();
    const controller = new AbortController();
    const pending = placeOrder(config(fn), request(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const e = await failure(pending);
    expect(e.kind).toBe('cancelled');
    expect(e.orderMayExist).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0].init?.signal?.aborted).toBe(true);
  });

  test('a base URL that is not http(s): unreachable, nothing sent', async () => {
    const { fn, calls } = fakeFetch(() => xml(XML_ONE_LINE));
    const e = await failure(placeOrder(config(fn, { baseUrl: 'localhost:8081' }), request()));
    expect(e.kind).toBe('unreachable');
    expect(calls).toHaveLength(0);
  });
});
