/**
 * The production-like mode of the reference service, over real HTTP: no CORS headers even for an origin the normal
 * mode allows, a latency on every answer, and a per-login limit a second answered with 503 and X-RateLimit-*.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureStores, startService, type RunningService } from '../../service/server';
import { productionLikeLimiter } from '../../service/production-like';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { main } from '../../cli/main';
import { accountsCli, DEMO_AUTH, get, startProductionLike, type TestService } from '../helpers/service';

jest.setTimeout(90_000);

const TOKEN = '/itemservice/v4/en/search/token';
const ADDIN = 'https://addin.example';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const returnCode = (r: { json: any }) => r.json.itemserviceresult.transactionArea[0].response.returnCode;
const search = (base: string, auth: { login: string; apikey: string }, init: RequestInit = {}) =>
  get(base, TOKEN, { ...auth, search_token: 'BAV99' }, init);

describe('production-like mode over HTTP', () => {
  let dataDir: string;
  let normal: RunningService;
  let like: RunningService;
  const SECOND = { login: 'second', apikey: 'second-login-key-1234' };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'partsheet-prodlike-'));
    ensureStores(dataDir, 500);
    expect(
      (await accountsCli(['rotate-key', '--login', SECOND.login, '--key', SECOND.apikey, '--data', dataDir])).code,
    ).toBe(0);
    const common = { dataDir, port: 0, testPort: 0, host: '127.0.0.1', parts: 500, corsOrigins: [ADDIN] };
    normal = await startService(common);
    like = await startService({ ...common, productionLike: { latencyMs: 250, perLoginPerSecond: 2 } });
  });

  afterAll(async () => {
    await Promise.allSettled([normal?.close(), like?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Each test starts with full buckets: a bucket of 2 a second refills within a second.
  beforeEach(() => new Promise((resolve) => setTimeout(resolve, 1100)));

  test('no CORS headers, not even for an origin the normal mode allows, on answers and on preflights', async () => {
    const withOrigin = { headers: { origin: ADDIN } };
    const allowed = await search(normal.productionUrl, DEMO_AUTH, withOrigin);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ADDIN);

    const answer = await search(like.productionUrl, DEMO_AUTH, withOrigin);
    expect(answer.status).toBe(200);
    expect(returnCode(answer)).toBe('0');
    expect([...answer.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);

    const preflight = await fetch(`${like.productionUrl}${TOKEN}`, {
      method: 'OPTIONS',
      headers: { origin: ADDIN, 'access-control-request-method': 'GET' },
    });
    await preflight.text();
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  test('every item-service and checkout answer arrives after the latency', async () => {
    let started = performance.now();
    await search(like.productionUrl, DEMO_AUTH);
    expect(performance.now() - started).toBeGreaterThanOrEqual(245);
    started = performance.now();
    const refused = await get(like.testUrl, CHECKOUT_PATH, {
      username: 'nobody@example.com',
      password: sha256('x'),
      fmt: 'json',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(245);
    expect(refused.json.OrderPlaced.serverErrors).toMatch(/checkout\.user\.not\.found/);
  });

  test('past the per-login rate: 503, returnCode 53, X-RateLimit-* and Retry-After; every answer carries the figures', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => search(like.productionUrl, DEMO_AUTH)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 503]);
    for (const a of answers) expect(a.headers.get('x-ratelimit-limit')).toBe('2');
    const refused = answers.find((a) => a.status === 503)!;
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(returnCode(refused)).toBe('53');
    expect(refused.json.itemserviceresult.transactionArea[0].response.returnMsg).toMatch(
      /at most 2 a second .* one login/,
    );
    const remaining = answers
      .filter((a) => a.status === 200)
      .map((a) => a.headers.get('x-ratelimit-remaining'))
      .sort();
    expect(remaining).toEqual(['0', '1']);
  });

  test('another login is unaffected by one that is over its rate', async () => {
    const burst = await Promise.all([1, 2, 3, 4].map(() => search(like.productionUrl, DEMO_AUTH)));
    expect(burst.filter((a) => a.status === 503).length).toBe(2);
    const other = await search(like.productionUrl, SECOND);
    expect(other.status).toBe(200);
    expect(returnCode(other)).toBe('0');
    expect(other.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  test('the checkout is limited per username the same way, refused in its own answer', async () => {
    const order = () =>
      get(like.testUrl, CHECKOUT_PATH, {
        username: 'csr@example.com',
        password: sha256('demo-password'),
        customerPONumber: 'PO-LIKE',
        shipToAddressId: '1001',
        itemIds: F.stock50,
        quantities: '1',
        fmt: 'json',
      });
    const answers = await Promise.all([order(), order(), order()]);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBe(1);
    expect(refused[0].headers.get('retry-after')).toBe('1');
    expect(refused[0].json.OrderPlaced.serverErrors).toMatch(/checkout\.rate\.limited/);
  });
});

describe('startProductionLike', () => {
  let svc: TestService;
  let slow: TestService | undefined;
  afterAll(() => Promise.all([svc?.close(), slow?.close()]));

  test('a login window of some seconds: one search every 5 s, the refusal naming the wait', async () => {
    slow = await startProductionLike({ parts: 500, latencyMs: 0, perLoginPerSecond: 1, loginWindowSeconds: 5 });
    const first = await search(slow.productionUrl, DEMO_AUTH);
    expect(first.status).toBe(200);
    const refused = await search(slow.productionUrl, DEMO_AUTH);
    expect(refused.status).toBe(503);
    expect(returnCode(refused)).toBe('53');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(4);
    expect(refused.json.itemserviceresult.transactionArea[0].response.returnMsg).toMatch(/at most 1 every 5 s/);
    expect(() => productionLikeLimiter({ loginWindowSeconds: 0 })).toThrow(/login window must be a whole number/);
  });

  test('defaults: 100 ms latency and 5 requests a second per login', async () => {
    svc = await startProductionLike({ parts: 500 });
    const started = performance.now();
    // A burst of 10 at once: 5 pass, the rest are refused, but for those a token refilled meanwhile (one each 200 ms:
    // on a loaded machine the burst can take that long to arrive; with 6 requests all could then pass).
    const answers = await Promise.all(Array.from({ length: 10 }, () => search(svc.productionUrl, DEMO_AUTH)));
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((st) => st === 200 || st === 503)).toBe(true);
    expect(statuses.filter((st) => st === 200).length).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((st) => st === 503).length).toBeGreaterThanOrEqual(1);
    expect(answers[0].headers.get('x-ratelimit-limit')).toBe('5');
  });
});

describe('partsheet serve --production-like: its flags', () => {
  async function run(argv: string[]) {
    const err: string[] = [];
    const code = await main(['serve', ...argv], { out: () => {}, err: (l) => err.push(l) });
    return { code, err: err.join('\n') };
  }

  test('bad or misplaced flags are refused with the flag named', async () => {
    expect(await run(['--latency', '50'])).toEqual({
      code: 2,
      err: 'partsheet: --latency applies only with --production-like [PS_CLI_USAGE]',
    });
    expect(await run(['--login-rate', '3'])).toEqual({
      code: 2,
      err: 'partsheet: --login-rate applies only with --production-like [PS_CLI_USAGE]',
    });
    expect(await run(['--production-like', '--latency', 'fast'])).toEqual({
      code: 2,
      err: "partsheet: --latency must be a whole number of 0 or more; got 'fast' [PS_CLI_USAGE]",
    });
    expect(await run(['--production-like', '--login-rate', '0'])).toEqual({
      code: 2,
      err: "partsheet: --login-rate must be a whole number of 1 or more; got '0' [PS_CLI_USAGE]",
    });
    expect((await run(['--production-like', '--rate-limit', '60'])).err).toMatch(
      /--rate-limit does not apply with --production-like/,
    );
  });
});
