import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { MAX_LIST_PARTS, parseListRequest } from '../../protocol/list-request';
import { ItemServiceError, type ReturnCodeName } from '../../protocol/item-service-errors';
import {
  ADDRESS_PARAMETERS,
  answerFormat,
  checkText,
  ORDER_PARAMETERS,
  Params,
  parseSubmitOrder,
  SUBMIT_VALUES,
  type Query,
} from '../../service/checkout/params';
import { CHECKOUT_ERRORS, CheckoutRefusal } from '../../service/checkout/errors';
import { Checkout } from '../../service/checkout/checkout';
import { ensureCheckoutSchema } from '../../service/checkout/accounts';
import { buildDemoCatalog } from '../../service/demo/build';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { openDatabase, type Db } from '../../service/store/db';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Text of every kind: any code unit (lone surrogates included), graphemes, and ASCII. */
const anyText = (maxLength = 40) =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ maxLength }),
  );

/** Throws `fn`'s error back unless it is the expected type; returns the error or undefined. */
function caught<E>(fn: () => unknown, type: new (...args: never[]) => E): E | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// The `req` parser of search by list

const REQ_KINDS: ReadonlySet<ReturnCodeName> = new Set([
  'MISSING_REQ',
  'REQ_NOT_JSON',
  'REQ_INVALID',
  'TOO_MANY_PARTS',
]);

function expectOnlyItemServiceErrors(raw: string | undefined): void {
  const error = caught(() => parseListRequest(raw), ItemServiceError);
  if (error) {
    expect(REQ_KINDS.has(error.kind)).toBe(true);
    expect(error.message.length).toBeGreaterThan(0);
  }
}

/** A value that is sometimes of the right type and shape, sometimes anything JSON can hold. */
function sometimesRight<T>(right: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: right }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

const nearlyValidReq = fc
  .record(
    {
      request: sometimesRight(
        fc.record(
          {
            login: sometimesRight(fc.string()),
            apikey: sometimesRight(fc.string()),
            apiKey: sometimesRight(fc.string()),
            remoteIp: sometimesRight(fc.string()),
            useExact: sometimesRight(fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'maybe'))),
            parts: sometimesRight(
              fc.array(
                sometimesRight(
                  fc.record(
                    {
                      partNum: sometimesRight(anyText(120)),
                      mfr: sometimesRight(fc.oneof(fc.string(), fc.constant(null))),
                    },
                    { requiredKeys: [] },
                  ),
                ),
                {
                  maxLength: 20,
                },
              ),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  )
  .map((value) => JSON.stringify(value));

interface ValidReq {
  login?: string;
  key?: { name: 'apikey' | 'apiKey'; value: string };
  remoteIp?: string;
  useExact?: boolean | 'true' | 'false';
  parts: { partNum: string; mfr?: string | null }[];
  extra: Record<string, unknown>;
}

const validReq: fc.Arbitrary<ValidReq> = fc.record(
  {
    login: anyText(),
    key: fc.record({ name: fc.constantFrom('apikey' as const, 'apiKey' as const), value: anyText() }),
    remoteIp: fc.oneof(fc.constant(''), fc.ipV4(), fc.ipV6()),
    useExact: fc.oneof(fc.boolean(), fc.constantFrom('true' as const, 'false' as const)),
    parts: fc.array(
      fc.record({ partNum: anyText(50), mfr: fc.oneof(anyText(10), fc.constant(null)) }, { requiredKeys: ['partNum'] }),
      { maxLength: 60 },
    ),
    extra: fc.dictionary(
      fc
        .string({ minLength: 1, maxLength: 8 })
        .filter((k) => !['login', 'apikey', 'apiKey', 'remoteIp', 'useExact', 'parts', '__proto__'].includes(k)),
      fc.jsonValue({ maxDepth: 1 }),
      { maxKeys: 3 },
    ),
  },
  { requiredKeys: ['parts', 'extra'] },
);

describe('parseListRequest (property)', () => {
  test('never throws anything but an ItemServiceError of the req codes, for any text', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(200), fc.json({ maxDepth: 4 }), nearlyValidReq, fc.constant(undefined)), (raw) =>
        expectOnlyItemServiceErrors(raw),
      ),
      { numRuns: 2000 },
    );
  });

  test('a valid request round-trips: credentials, useExact and every part in order, mfr trimmed and blank dropped', () => {
    fc.assert(
      fc.property(validReq, (v) => {
        const request: Record<string, unknown> = { ...v.extra, parts: v.parts };
        if (v.login !== undefined) request.login = v.login;
        if (v.key) request[v.key.name] = v.key.value;
        if (v.remoteIp !== undefined) request.remoteIp = v.remoteIp;
        if (v.useExact !== undefined) request.useExact = v.useExact;
        const parsed = parseListRequest(JSON.stringify({ request }));
        expect(parsed.login).toBe(v.login);
        expect(parsed.apikey).toBe(v.key?.value);
        expect(parsed.useExact).toBe(v.useExact === undefined ? true : v.useExact === true || v.useExact === 'true');
        expect(parsed.parts).toEqual(
          v.parts.map((p) => {
            const mfr = typeof p.mfr === 'string' ? p.mfr.trim() : '';
            // JSON carries a lone surrogate as an escape, and it comes back as the same code unit.
            return mfr === '' ? { partNum: p.partNum } : { partNum: p.partNum, mfr };
          }),
        );
      }),
      { numRuns: 500 },
    );
  });

  test('more than 1000 parts is TOO_MANY_PARTS, whatever the parts are', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_LIST_PARTS + 1, max: MAX_LIST_PARTS + 50 }),
        fc.jsonValue({ maxDepth: 1 }),
        (n, part) => {
          const error = caught(
            () => parseListRequest(JSON.stringify({ request: { parts: Array(n).fill(part) } })),
            ItemServiceError,
          );
          expect(error?.kind).toBe('TOO_MANY_PARTS');
        },
      ),
      { numRuns: 20 },
    );
  });

  test('the error of a malformed part names its path', () => {
    fc.assert(
      fc.property(
        fc.nat(30),
        fc.oneof(
          fc.integer(),
          fc.boolean(),
          fc.constant(null),
          fc.array(fc.string(), { maxLength: 2 }),
          fc.string({ minLength: 101, maxLength: 140 }),
        ),
        (at, bad) => {
          const parts: unknown[] = Array.from({ length: at + 1 }, () => ({ partNum: 'A' }));
          parts[at] = { partNum: bad };
          const error = caught(() => parseListRequest(JSON.stringify({ request: { parts } })), ItemServiceError);
          expect(error?.kind).toBe('REQ_INVALID');
          expect(error?.message).toContain(`request.parts[${at}].partNum`);
        },
      ),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The checkout parameters

const NAMES = [...ORDER_PARAMETERS, ...ADDRESS_PARAMETERS];

/** A query value as Fastify hands it over: absent, one string, or the strings of a repeated parameter. */
const queryValue = (text: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 6, arbitrary: text },
    { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const longText = fc.integer({ min: 150, max: 21_000 }).map((n) => 'x'.repeat(n));

const anyQuery: fc.Arbitrary<Query> = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...NAMES), queryValue(fc.oneof(anyText(), longText)), { maxKeys: 12 }),
    fc.dictionary(fc.string({ maxLength: 12 }), queryValue(anyText()), { maxKeys: 3 }),
  )
  .map(([known, other]) => ({ ...other, ...known }) as Query);

describe('checkout parameters (property)', () => {
  test('Params: construction and every accessor throw nothing but a CheckoutRefusal', () => {
    fc.assert(
      fc.property(anyQuery, fc.integer({ min: 0, max: 300 }), (query, max) => {
        const error = caught(() => new Params(query), CheckoutRefusal);
        if (error) {
          expect(['checkout.parameter.repeated', 'checkout.parameter.invalid']).toContain(error.code);
          return;
        }
        const params = new Params(query);
        for (const name of [...NAMES, 'unknown']) {
          const optional = params.optional(name);
          if (optional !== undefined) expect(optional).toBe(optional.trim());
          expect(params.raw(name)).toBe(typeof query[name] === 'string' ? query[name] : undefined);
          for (const use of [() => params.required(name), () => params.text(name, max)]) {
            const refused = caught(use, CheckoutRefusal);
            if (refused) expect(['checkout.parameter.required', 'checkout.parameter.invalid']).toContain(refused.code);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('submitOrder is a flag or checkout.parameter.invalid', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText(10),
          fc.constantFrom(...SUBMIT_VALUES.true, ...SUBMIT_VALUES.false).map((v) => v.toUpperCase()),
        ),
        (value) => {
          const error = caught(() => parseSubmitOrder(value), CheckoutRefusal);
          const key = value.toLowerCase();
          if (SUBMIT_VALUES.true.includes(key)) expect(parseSubmitOrder(value)).toBe(true);
          else if (SUBMIT_VALUES.false.includes(key)) expect(parseSubmitOrder(value)).toBe(false);
          else expect(error?.code).toBe('checkout.parameter.invalid');
        },
      ),
      { numRuns: 500 },
    );
  });

  test('answerFormat never throws, and refuses only a repeated or unknown fmt', () => {
    const accept = fc.oneof(
      anyText(60),
      fc.constantFrom(
        'application/json',
        'application/xml;q=0.5, application/json;q=0.9',
        'text/xml',
        '*/*',
        'application/json;q=NaN',
      ),
    );
    fc.assert(
      fc.property(
        queryValue(fc.oneof(anyText(8), fc.constantFrom('json', 'XML', ' Json '))),
        fc.option(accept, { nil: undefined }),
        (fmt, header) => {
          const { format, problem } = answerFormat(fmt, header);
          expect(['json', 'xml']).toContain(format);
          if (Array.isArray(fmt)) expect(problem).toBe('repeated');
          else if (fmt === undefined || ['', 'json', 'xml'].includes(fmt.trim().toLowerCase()))
            expect(problem).toBeUndefined();
          else expect(problem).toBe('invalid');
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('checkText refuses only over-long text and control characters', () => {
    fc.assert(
      fc.property(anyText(60), fc.integer({ min: 0, max: 80 }), (text, max) => {
        const error = caught(() => checkText('field', text, max), CheckoutRefusal);
        const bad = text.length > max || /[\u0000-\u001f\u007f-\u009f]/.test(text);
        expect(error?.code).toBe(bad ? 'checkout.parameter.invalid' : undefined);
      }),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The whole checkout over a demo store: any query is an order or a CheckoutRefusal

const PASSWORD = sha256('demo-password');
const PLAUSIBLE: Record<string, string[]> = {
  username: [
    'buyer@example.com',
    'BUYER@example.com',
    'csr@example.com',
    'noterms@example.com',
    'other@example.com',
    'nobody@example.com',
  ],
  password: [PASSWORD, PASSWORD.toUpperCase(), sha256('wrong')],
  customerUsername: ['buyer@example.com', 'other@example.com', 'csr@example.com'],
  customerPONumber: ['PO-1', 'PO 2'],
  shipToAddressId: ['1001', '1002', '1003', '1004', '1005', '1006', '2001', '3001', '4001', '9999'],
  billToAddressId: ['2001', '2002', '1001'],
  itemIds: [
    F.stock20,
    `${F.stock20},${F.stock50}`,
    F.moq100,
    F.nacInStock,
    F.quoteOnly,
    'E02:0323_00016422',
    `${F.nacInStock},E02:0323_00016422`,
    `${F.stock20},${F.nacInStock}`,
    `${F.stock20},${F.stock20}`,
    'NO-SUCH-PART',
  ],
  quantities: ['1', '1,1', '2,3', '100', '105', '21', '0', '1,', '1e3'],
  sourceCodes: ['MARKETPLACE', 'NAC', 'NAC,EUROPE', 'MARKETPLACE,MARKETPLACE', 'MARKETPLACE,NAC', 'EUROPE'],
  partnerRegion: ['US-West', 'bad/region'],
  partnerCustomerNumber: ['C-1000', 'C-2000', 'C-9'],
  discountCode: ['DEMO10', 'demo10', 'SPRING5', 'NOPE'],
  source: ['MARKETPLACE', 'NAC', 'nac'],
  submitOrder: ['true', 'false', 'yes', 'maybe'],
  fmt: ['json', 'xml'],
  stCountryCode: ['US', 'DE', 'UK'],
  stAddressType: ['Commercial', 'freight_forwarder', 'Warehouse'],
  ucAddressName: ['Receiving'],
  ucPhoneNumber: ['+1 555 0100'],
  ucCountryCode: ['US', 'DE', 'XX'],
  ucStreet1: ['1 Main St'],
  ucCity: ['Austin'],
  ucPostalCode: ['78701'],
  ucStateProvince: ['TX'],
  ucAddressType: ['Commercial', 'Freight Forwarder', 'Warehouse'],
};

const BASE: Query = {
  username: 'buyer@example.com',
  password: PASSWORD,
  customerPONumber: 'PO-1',
  shipToAddressId: '1001',
  itemIds: F.stock20,
  quantities: '1',
};

/** A valid order with a few parameters changed (mostly to plausible values, sometimes to anything), or any query at all. */
const orderQuery: fc.Arbitrary<Query> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .dictionary(
        fc.constantFrom(...NAMES),
        fc.oneof(
          { weight: 16, arbitrary: fc.constantFrom(...NAMES.flatMap((name) => PLAUSIBLE[name] ?? [])) },
          { weight: 2, arbitrary: anyText(30) },
          { weight: 1, arbitrary: longText },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.array(anyText(10), { minLength: 2, maxLength: 2 }) },
        ),
        { maxKeys: 5 },
      )
      .chain((changes) =>
        // A plausible value is mostly given to the parameter it suits.
        fc
          .tuple(
            ...Object.keys(changes).map((name) =>
              fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom(...(PLAUSIBLE[name] ?? ['x'])) },
                { weight: 1, arbitrary: fc.constant(changes[name]) },
              ),
            ),
          )
          .map(
            (values) =>
              ({ ...BASE, ...Object.fromEntries(Object.keys(changes).map((name, i) => [name, values[i]])) }) as Query,
          ),
      ),
  },
  { weight: 1, arbitrary: anyQuery },
);

describe('Checkout.place (property)', () => {
  let dir: string;
  let db: Db;
  let checkout: Checkout;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'partsheet-parsers-'));
    buildDemoCatalog(join(dir, 'store.db'), 300);
    db = openDatabase(join(dir, 'store.db'));
    ensureCheckoutSchema(db);
    checkout = new Checkout(db, 'test');
  });

  afterAll(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('any query is an order or a CheckoutRefusal whose codes and status are documented', () => {
    const codes = new Map<string, number>();
    fc.assert(
      fc.property(orderQuery, (query) => {
        const error = caught(() => checkout.place(query), CheckoutRefusal);
        if (!error) {
          codes.set('placed', (codes.get('placed') ?? 0) + 1);
          return;
        }
        expect(error.problems.length).toBeGreaterThan(0);
        for (const problem of error.problems) {
          expect(Object.keys(CHECKOUT_ERRORS)).toContain(problem.code);
          expect(problem.message).not.toContain(PASSWORD);
        }
        expect(error.status).toBe(CHECKOUT_ERRORS[error.code]);
        expect(error.status).not.toBe(500);
        codes.set(error.code, (codes.get(error.code) ?? 0) + 1);
      }),
      { numRuns: 1500 },
    );
    // The generator reaches deep into the rules: many distinct outcomes, orders placed among them.
    expect(codes.get('placed')).toBeGreaterThan(0);
    expect(codes.size).toBeGreaterThanOrEqual(20);
  });
});
