import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { startService, type RunningService } from '../../service/server';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, RateLimiter, rateLimitHeaders, rateLimitKey } from '../../serving/rate-limit';
import { CHECKOUT_PATH, checkoutCaller } from '../../service/checkout/routes';
import { listCaller, queryLogin } from '../../service/itemservice/routes';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { main } from '../../cli/main';
import { CatalogClient, CatalogError } from '../../src/catalog';
import { CheckoutError, placeOrder } from '../../src/checkout';

jest.setTimeout(60_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const TOKEN = '/itemservice/v4/en/search/token';

describe('RateLimiter', () => {
  function clock(start = 1_000_000) {
    let t = start;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  }

  test('allows the limit at once, then refuses until tokens flow back', () => {
    const c = clock();
    const limiter = new RateLimiter({ limit: 3, now: c.now });
    expect([1, 2, 3].map(() => limiter.take('a').remaining)).toEqual([2, 1, 0]);
    const refused = limiter.take('a');
    expect(refused).toMatchObject({ allowed: false, limit: 3, remaining: 0 });
    // One token every 20 s at 3 a minute.
    expect(refused.retryAfterSeconds).toBe(20);
    expect(refused.resetSeconds).toBe(60);
    c.advance(19_999);
    expect(limiter.take('a').allowed).toBe(false);
    c.advance(20_001);
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 1 });
    c.advance(60_000);
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 20 });
  });

  test('keys are independent', () => {
    const limiter = new RateLimiter({ limit: 1, now: () => 0 });
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  test('0 turns limiting off', () => {
    const limiter = new RateLimiter({ limit: 0 });
    expect(limiter.enabled).toBe(false);
    for (let i = 0; i < 1000; i++) expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.size).toBe(0);
  });

  test('refuses a limit that is not a whole number of 0 or more', () => {
    for (const bad of [-1, 1.5, NaN, Infinity]) expect(() => new RateLimiter({ limit: bad })).toThrow(RangeError);
  });

  test('a window of some seconds: the quota refills over it, and the refusal says so', () => {
    const c = clock();
    const limiter = new RateLimiter({ limit: 1, window: { seconds: 5 }, now: c.now });
    expect(limiter.per).toBe('every 5 s');
    expect(new RateLimiter({ limit: 1, window: 'second' }).per).toBe('a second');
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a')).toMatchObject({ allowed: false, retryAfterSeconds: 5, resetSeconds: 5 });
    c.advance(3_000);
    expect(limiter.take('a')).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
    c.advance(2_000);
    expect(limiter.take('a').allowed).toBe(true);
    for (const seconds of [0, 1.5, NaN])
      expect(() => new RateLimiter({ limit: 1, window: { seconds } })).toThrow(
        /window must be a whole number of seconds/,
      );
  });

  test('memory stays bounded: idle keys are dropped, and never more than maxKeys are kept', () => {
    const c = clock();
    const limiter = new RateLimiter({ limit: 100, maxKeys: 1000, now: c.now });
    for (let i = 0; i < 50_000; i++) limiter.take(`login-${i}`);
    expect(limiter.size).toBe(1000);
    c.advance(61_000);
    for (let i = 0; i < 400; i++) limiter.take(`fresh-${i}`);
    // Each call drops a few idle keys, so the idle ones drain while new ones arrive.
    expect(limiter.size).toBeLessThan(1000);
    c.advance(61_000);
    for (let i = 0; i < 2000; i++) limiter.take('steady');
    expect(limiter.size).toBe(1);
  });

  test('a huge key costs no more than a short one', () => {
    const limiter = new RateLimiter({ limit: 1, now: () => 0 });
    const huge = 'x'.repeat(200_000);
    expect(limiter.take(huge).allowed).toBe(true);
    expect(limiter.take(huge).allowed).toBe(false);
    expect(limiter.take(`${huge}y`).allowed).toBe(true);
  });

  test('headers: X-RateLimit-* always, Retry-After when refused', () => {
    const limiter = new RateLimiter({ limit: 1, now: () => 0 });
    expect(rateLimitHeaders(limiter.take('a'))).toEqual({
      'x-ratelimit-limit': '1',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '60',
    });
    expect(rateLimitHeaders(limiter.take('a'))).toEqual({
      'x-ratelimit-limit': '1',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '60',
      'retry-after': '60',
    });
  });

  test('who a request counts against', () => {
    const ip = '10.0.0.1';
    // Each route names its caller as its handler reads credentials; a request refused before that counts by address.
    expect(rateLimitKey(queryLogin, { login: 'demo', apikey: 'k' }, ip)).toBe('login:demo');
    expect(rateLimitKey(queryLogin, { login: ['demo', 'x'] }, ip)).toBe('address:10.0.0.1');
    expect(rateLimitKey(queryLogin, {}, ip)).toBe('address:10.0.0.1');
    const req = JSON.stringify({ request: { login: 'inner', apikey: 'k', parts: [] } });
    expect(rateLimitKey(listCaller, { req, login: 'outer' }, ip)).toBe('login:inner');
    expect(rateLimitKey(listCaller, { req: JSON.stringify({ request: { parts: [] } }), login: 'outer' }, ip)).toBe(
      'login:outer',
    );
    expect(rateLimitKey(listCaller, { req: '{broken', login: 'outer' }, ip)).toBe('address:10.0.0.1');
    expect(rateLimitKey(listCaller, { req: '[[[[]]]]' }, ip)).toBe('address:10.0.0.1');
    expect(rateLimitKey(checkoutCaller, { username: ' Buyer@Example.com ' }, ip)).toBe('checkout:buyer@example.com');
    expect(rateLimitKey(checkoutCaller, { login: 'demo' }, ip)).toBe('address:10.0.0.1');
    expect(rateLimitKey(undefined, { login: 'demo' }, ip)).toBe('address:10.0.0.1');
  });
});

describe('rate limiting over HTTP', () => {
  let dataDir: string;
  let limited: RunningService;
  let unlimited: RunningService;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'partsheet-ratelimit-'));
    const common = { dataDir, testPort: 0, host: '127.0.0.1', parts: 500 };
    limited = await startService({ ...common, port: 0, rateLimitPerMinute: 3 });
    unlimited = await startService({ ...common, port: 0, rateLimitPerMinute: 0 });
  });

  afterAll(async () => {
    await Promise.allSettled([limited?.close(), unlimited?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tokenUrl = (base: string, login: string, extra = '') =>
    `${base}${TOKEN}?login=${login}&apikey=demo-key&search_token=BAV99${extra}`;

  test('the item service answers 503, returnCode 53 and the rate-limit headers once a login is over its limit', async () => {
    const base = limited.productionUrl;
    const seen: [number, string | null][] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(tokenUrl(base, 'demo'));
      await res.text();
      seen.push([res.status, res.headers.get('x-ratelimit-remaining')]);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('retry-after')).toBeNull();
    }
    expect(seen).toEqual([
      [200, '2'],
      [200, '1'],
      [200, '0'],
    ]);
    const res = await fetch(tokenUrl(base, 'demo'));
    expect(res.status).toBe(503);
    expect(res.headers.get('x-ratelimit-limit')).toBe('3');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Number(res.headers.get('retry-after')));
    const body: any = await res.json();
    expect(body.itemserviceresult.transactionArea[0].response).toMatchObject({ returnCode: '53', success: false });
    expect(body.itemserviceresult.transactionArea[0].response.returnMsg).toMatch(
      /Too many requests: at most 3 a minute/,
    );

    // In XML when asked; the limit counts every request of the login, a list search's `req` login included.
    const xml = await fetch(tokenUrl(base, 'demo', '&fmt=xml'));
    expect(xml.status).toBe(503);
    expect(
      new XMLParser({ parseTagValue: false }).parse(await xml.text()).itemserviceresult.transactionArea.response
        .returnCode,
    ).toBe('53');
    const req = encodeURIComponent(
      JSON.stringify({ request: { login: 'demo', apikey: 'demo-key', parts: [{ partNum: 'BAV99' }] } }),
    );
    expect((await fetch(`${base}/itemservice/v4/en/search/list?req=${req}`)).status).toBe(503);

    // Another login has its own allowance (and the test listener its own limiter).
    const other = await fetch(tokenUrl(base, 'someone-else'));
    expect(other.status).toBe(401);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('2');
    expect((await fetch(tokenUrl(limited.testUrl, 'demo'))).status).toBe(200);
  });

  test('every spelling of a path counts against the same login: repeated slashes, a trailing slash, percent-encoded letters', async () => {
    const base = limited.productionUrl;
    const query = '?login=spelling&apikey=demo-key&search_token=BAV99';
    const spellings = [
      '//itemservice/v4/en/search/token',
      '/itemservice//v4///en/search/token/',
      '/itemservice/v4/en/search/%74%6Fken',
    ];
    const statuses: number[] = [];
    for (const path of spellings) {
      const res = await fetch(`${base}${path}${query}`);
      await res.text();
      statuses.push(res.status);
    }
    // Unknown login: the service refuses it (401), and counts it.
    expect(statuses).toEqual([401, 401, 401]);
    const fourth = await fetch(`${base}/itemservice/v4/en/search/token/${query}`);
    expect(fourth.status).toBe(503);

    // A list search counts against the login inside req, whatever login the query names and however the path is spelled.
    const req = (login: string) =>
      encodeURIComponent(
        JSON.stringify({ request: { login, apikey: 'x', useExact: true, parts: [{ partNum: 'BAV99' }] } }),
      );
    const listed: number[] = [];
    for (let i = 0; i < 4; i++) {
      const path = [
        '//itemservice/v3/en/search/list',
        '/itemservice/v3/en/search/list/',
        '/itemservice/v3/en/search/%6Cist',
        '/itemservice/v3/en//search/list',
      ][i];
      const res = await fetch(`${base}${path}?req=${req('guesser')}&login=made-up-${i}`);
      await res.text();
      listed.push(res.status);
    }
    expect(listed).toEqual([401, 401, 401, 503]);
  });

  test('the catalog client reads the 503 as rate-limited, with the wait the service asked for', async () => {
    const client = new CatalogClient({ itemBaseUrl: limited.productionUrl, login: 'client-login', apikey: 'demo-key' });
    const errors: CatalogError[] = [];
    for (let i = 0; i < 4; i++) await client.searchToken('BAV99').catch((e: CatalogError) => errors.push(e));
    const last = errors[errors.length - 1];
    expect(last).toBeInstanceOf(CatalogError);
    expect(last.kind).toBe('rate-limited');
    expect(last.retryable).toBe(true);
    expect(last.details.retryAfterMs).toBeGreaterThanOrEqual(1000);
  });

  test('the checkout answers checkout.rate.limited (503) per username, in the format asked for', async () => {
    const base = limited.testUrl;
    const q = (username: string, extra = '') =>
      `${base}${CHECKOUT_PATH}?username=${encodeURIComponent(username)}&password=${sha256('demo-password')}&customerPONumber=PO-RL&shipToAddressId=1001&itemIds=${F.stock50}&quantities=1${extra}`;
    for (let i = 0; i < 3; i++) expect((await fetch(q('buyer@example.com'))).status).toBe(200);
    const refused = await fetch(q('BUYER@example.com'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const text = await refused.text();
    expect(text).toMatch(/^<\?xml[^>]*><OrderPlaced><serverErrors>checkout\.rate\.limited<\/serverErrors>/);
    expect(text).toContain('<stAddressId>1001</stAddressId>');
    const json = await fetch(q('buyer@example.com', '&fmt=json'));
    expect(json.status).toBe(503);
    expect(((await json.json()) as any).OrderPlaced).toMatchObject({
      serverErrors: 'checkout.rate.limited',
      id: '',
      submitted: 'false',
    });
    // Another username is not affected.
    expect((await fetch(q('other@example.com'))).status).not.toBe(503);

    // The checkout client: refused, nothing stored, safe to send again later.
    const error = await placeOrder(
      { baseUrl: base },
      {
        username: 'buyer@example.com',
        passwordHash: sha256('demo-password'),
        customerPONumber: 'PO-RL',
        shipToAddressId: '1001',
        lines: [{ itemId: F.stock50, quantity: 1 }],
        submitOrder: false,
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as CheckoutError).code).toBe('checkout.rate.limited');
    expect((error as CheckoutError).retryable).toBe(true);
    expect((error as CheckoutError).orderMayExist).toBe(false);
  });

  test('a browser page of an allowed origin may read the rate-limit headers', async () => {
    const res = await fetch(tokenUrl(unlimited.productionUrl, 'demo'), {
      headers: { origin: 'https://localhost:3000' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://localhost:3000');
    expect(res.headers.get('access-control-expose-headers')).toBe(
      'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
    );
  });

  test('--rate-limit 0 turns limiting off: no limit, no X-RateLimit headers', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await fetch(tokenUrl(unlimited.productionUrl, 'demo'));
      await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  test('by default the limit is generous, and stated on every answer', async () => {
    const running = await startService({ dataDir, port: 0, testPort: 0, host: '127.0.0.1', parts: 500 });
    try {
      for (const path of [
        `${TOKEN}?search_token=A`,
        '/nowhere',
        `${CHECKOUT_PATH}?username=x`,
        '/itemservice/v2/en/detail',
      ]) {
        const res = await fetch(`${running.productionUrl}${path}`);
        await res.text();
        expect(res.headers.get('x-ratelimit-limit')).toBe(String(DEFAULT_RATE_LIMIT_PER_MINUTE));
      }
    } finally {
      await running.close();
    }
  });

  test('partsheet serve refuses a --rate-limit that is not a whole number', async () => {
    for (const bad of ['-1', 'lots', '1.5', '']) {
      const err: string[] = [];
      const code = await main(['serve', `--rate-limit=${bad}`, '--data', dataDir], {
        out: () => undefined,
        err: (line) => err.push(line),
      });
      expect(code).toBe(2);
      expect(err.join('\n')).toMatch(/--rate-limit must be a whole number/);
    }
  });
});
