/**
 * The gateway over real HTTP, in front of the reference service in production-like mode: list searches split into
 * parts and put together again, coalescing, token searches cached per credentials and parameters, back-off on a
 * busy upstream, cached parts kept through failures, gateway tokens with a team key, the per-token limit, CORS,
 * the add-in's files, /healthz, checkout never cached, and a log without secrets.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { addToken, revokeToken } from '../../gateway/tokens';
import { DEMO_AUTH, get, startProductionLike, type TestService } from '../helpers/service';
import { startTestGateway, type TestGateway } from '../helpers/gateway';

jest.setTimeout(120_000);

const LIST_V4 = '/itemservice/v4/en/search/list';
const LIST_V3 = '/itemservice/v3/en/search/list';
const TOKEN = '/itemservice/v4/en/search/token';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Part = { partNum: string; mfr?: string };
const listParams = (parts: Part[], auth = DEMO_AUTH, extra: Record<string, string> = {}) => ({
  req: JSON.stringify({ request: { login: auth.login, apikey: auth.apikey, remoteIp: '', useExact: true, parts } }),
  login: auth.login,
  apikey: auth.apikey,
  ...extra,
});

/** An answer with the timings (which differ on every request) taken out. */
function withoutTimings(json: any): any {
  const copy = JSON.parse(JSON.stringify(json));
  const seq = copy.itemserviceresult.transactionArea[0].responseSequence;
  delete seq.transactionTime;
  delete seq.queryTime;
  delete seq.dbTime;
  return copy;
}

const listCalls = (gw: TestGateway) => gw.calls.filter((c) => c.url.pathname.endsWith('/search/list'));

let upstream: TestService;
beforeAll(async () => {
  upstream = await startProductionLike({ parts: 500, latencyMs: 20, perLoginPerSecond: 1000 });
});
afterAll(() => upstream?.close());

describe('list searches through the per-part cache', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(upstream);
  });
  afterAll(() => gw?.close());

  test('a second search sends only the parts not cached, and both answers equal the upstream answers', async () => {
    const first: Part[] = [{ partNum: 'SMBJ5.0A' }, { partNum: 'NE555P' }, { partNum: 'LM358DT' }];
    const a = await get(gw.url, LIST_V4, listParams(first));
    expect(a.status).toBe(200);
    expect(a.headers.get('x-partsheet-cache')).toBe('0/3');
    expect(a.json.itemserviceresult.data[0].partsFound).toBe(3);
    const second: Part[] = [
      { partNum: 'NE555P' },
      { partNum: 'NOSUCHPART-XYZ' },
      { partNum: 'LM358DT' },
      { partNum: 'ATMEGA328P-PU' },
      { partNum: 'NE555', mfr: 'TI' },
    ];
    const before = listCalls(gw).length;
    const b = await get(gw.url, LIST_V4, listParams(second));
    expect(b.status).toBe(200);
    expect(b.headers.get('x-partsheet-cache')).toBe('2/5');
    const sent = listCalls(gw).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].parts.sort()).toEqual(['ATMEGA328P-PU', 'NE555', 'NOSUCHPART-XYZ']);

    for (const [parts, answer] of [
      [first, a],
      [second, b],
    ] as const) {
      const direct = await get(upstream.productionUrl, LIST_V4, listParams(parts));
      expect(withoutTimings(answer.json)).toEqual(withoutTimings(direct.json));
    }
  });

  test('v3 answers keep their own shape, cached apart from v4, and a client spelling is echoed as written', async () => {
    const parts: Part[] = [{ partNum: 'NE555DR' }, { partNum: 'ne555dr' }, { partNum: 'SMBJ5.0A' }];
    const a = await get(gw.url, LIST_V3, listParams(parts));
    expect(a.headers.get('x-partsheet-cache')).toBe('0/3');
    const direct = await get(upstream.productionUrl, LIST_V3, listParams(parts));
    expect(withoutTimings(a.json)).toEqual(withoutTimings(direct.json));
    expect(a.json.itemserviceresult.data[0].resultList[1].requestedPartNum).toBe('ne555dr');
    expect(a.json.itemserviceresult.data[0].resultList[0].PartList[0].InvOrg.sources).toBeDefined();
  });

  test('identical searches at once cost one upstream request', async () => {
    const parts: Part[] = [{ partNum: '1N4148W-7-F' }, { partNum: '2N7002-7-F' }];
    const before = listCalls(gw).length;
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => get(gw.url, LIST_V4, listParams(parts))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(listCalls(gw).length - before).toBe(1);
    for (const r of answers) expect(r.json.itemserviceresult.data[0].partsFound).toBe(2);
  });

  test('credentials are part of the cache key: a wrong key never reads what a right one cached', async () => {
    await get(gw.url, LIST_V4, listParams([{ partNum: 'BAV99' }]));
    const wrong = await get(
      gw.url,
      LIST_V4,
      listParams([{ partNum: 'BAV99' }], { login: 'demo', apikey: 'not-the-key' }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json.itemserviceresult.transactionArea[0].response.success).toBe(false);
  });

  test('a list with a part number the cache cannot key (no letters or digits) is answered as the upstream answers it', async () => {
    const parts: Part[] = [{ partNum: 'NE555P' }, { partNum: '---' }];
    const before = listCalls(gw).length;
    const through = await get(gw.url, LIST_V4, listParams(parts));
    const direct = await get(upstream.productionUrl, LIST_V4, listParams(parts));
    expect(through.status).toBe(200);
    expect(withoutTimings(through.json)).toEqual(withoutTimings(direct.json));
    expect(
      through.json.itemserviceresult.data[0].resultList.map((e: { requestedPartNum: string }) => e.requestedPartNum),
    ).toEqual(['NE555P', '---']);
    expect(listCalls(gw).length - before).toBe(1);
  });

  test('a req the item service refuses (a login that is not text) is refused by it, not answered from the cache', async () => {
    const params = {
      ...listParams([{ partNum: 'NE555P' }]),
      req: JSON.stringify({ request: { login: 5, apikey: DEMO_AUTH.apikey, parts: [{ partNum: 'NE555P' }] } }),
    };
    const direct = await get(upstream.productionUrl, LIST_V4, params);
    const through = await get(gw.url, LIST_V4, params);
    expect(direct.json.itemserviceresult.transactionArea[0].response).toMatchObject({
      success: false,
      returnMsg: expect.stringMatching(/request\.login must be a string/),
    });
    expect(through.status).toBe(direct.status);
    expect(withoutTimings(through.json)).toEqual(withoutTimings(direct.json));
  });

  test('an empty list is answered by the upstream, in its own envelope', async () => {
    const through = await get(gw.url, LIST_V4, listParams([]));
    const direct = await get(upstream.productionUrl, LIST_V4, listParams([]));
    expect(through.status).toBe(200);
    expect(withoutTimings(through.json)).toEqual(withoutTimings(direct.json));
  });

  test('XML and JSONP pass through uncached', async () => {
    const parts: Part[] = [{ partNum: 'BAV99' }];
    const before = listCalls(gw).length;
    const xml = await get(gw.url, LIST_V4, listParams(parts, DEMO_AUTH, { fmt: 'xml' }));
    expect(xml.headers.get('content-type')).toMatch(/xml/);
    expect(xml.text).toMatch(/<requestedPartNum>BAV99<\/requestedPartNum>/);
    const jsonp = await get(gw.url, LIST_V4, listParams(parts, DEMO_AUTH, { callbackfn: 'onParts' }));
    expect(jsonp.text).toMatch(/^\/\*\*\/onParts\(/);
    expect(listCalls(gw).length - before).toBe(2);
  });

  test('token searches are cached per credentials and parameters', async () => {
    const search = (extra: Record<string, string> = {}, auth = DEMO_AUTH) =>
      get(gw.url, TOKEN, { ...auth, search_token: 'NE555', ...extra });
    const before = gw.calls.length;
    const [a, b] = await Promise.all([search(), search()]);
    expect(gw.calls.length - before).toBe(1);
    expect(a.json).toEqual(b.json);
    expect((await search()).headers.get('x-partsheet-cache')).toBe('hit');
    expect((await search({ rows: '2' })).headers.get('x-partsheet-cache')).toBe('miss');
    expect((await search({}, { login: 'demo', apikey: 'wrong-key' })).status).toBe(401);
    expect(gw.calls.length - before).toBe(3);
  });

  test('a failing upstream drops no cached part: cached parts are still answered, the rest get 502 in words', async () => {
    const cached: Part[] = [{ partNum: 'NE555P' }];
    expect((await get(gw.url, LIST_V4, listParams(cached))).status).toBe(200);
    gw.setDown(true);
    try {
      const fromCache = await get(gw.url, LIST_V4, listParams(cached));
      expect(fromCache.status).toBe(200);
      expect(fromCache.headers.get('x-partsheet-cache')).toBe('1/1');
      const missing = await get(gw.url, LIST_V4, listParams([{ partNum: 'NE555P' }, { partNum: 'LM358N' }]));
      expect(missing.status).toBe(502);
      expect(missing.json.message).toBe('The item service could not be reached; try again later.');
    } finally {
      gw.setDown(false);
    }
    expect((await get(gw.url, LIST_V4, listParams(cached))).headers.get('x-partsheet-cache')).toBe('1/1');
  });

  test('checkout requests are forwarded every time, never cached; /test-env goes to the test checkout', async () => {
    const order = (path: string) =>
      get(gw.url, path, {
        username: 'buyer@example.com',
        password: sha256('demo-password'),
        customerPONumber: 'PO-GW',
        shipToAddressId: '1001',
        itemIds: F.stock50,
        quantities: '1',
        fmt: 'json',
      });
    const before = gw.calls.length;
    const a = await order(`/test-env${CHECKOUT_PATH}`);
    const b = await order(`/test-env${CHECKOUT_PATH}`);
    expect(a.json.OrderPlaced.id).toBeTruthy();
    expect(b.json.OrderPlaced.id).not.toBe(a.json.OrderPlaced.id);
    expect(gw.calls.slice(before).map((c) => c.url.origin)).toEqual([upstream.testUrl, upstream.testUrl]);
    expect(a.headers.get('cache-control')).toBe('no-store');
  });

  test('the add-in files, /healthz, and nothing outside the add-in folder', async () => {
    const page = await get(gw.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect((await get(gw.url, '/taskpane.js')).text).toMatch(/partsheet/);
    const escape = await fetch(`${gw.url}/%2e%2e/%2e%2e/package.json`);
    expect(escape.status).toBe(404);
    const health = await get(gw.url, '/healthz');
    expect(health.status).toBe(200);
    expect(health.json.status).toBe('ok');
    expect(health.json.cache.lists.fromCache).toBeGreaterThan(0);
  });
});

describe('a busy upstream: queue and back off', () => {
  let slow: TestService;
  let gw: TestGateway;
  beforeAll(async () => {
    slow = await startProductionLike({ parts: 500, latencyMs: 10, perLoginPerSecond: 2 });
    // A gateway that would send far faster than the upstream takes, to meet its 503s.
    gw = await startTestGateway(slow, { itemRate: 1000 });
  });
  afterAll(async () => {
    await gw?.close();
    await slow?.close();
  });

  test('every client is answered; after a 503 nothing is sent before its Retry-After', async () => {
    const tokens = ['BAV99', 'NE555', 'LM358', 'SMBJ', 'ATMEGA', '1N4148'];
    const answers = await Promise.all(tokens.map((t) => get(gw.url, TOKEN, { ...DEMO_AUTH, search_token: t })));
    expect(answers.map((a) => a.status)).toEqual(tokens.map(() => 200));
    const busy = gw.calls.filter((c) => c.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const refused of busy) {
      // Retry-After is 1 s: every request sent after a refusal arrived waits for it.
      const next = gw.calls.find((c) => c.at > refused.answeredAt!);
      if (next) expect(next.at - refused.answeredAt!).toBeGreaterThanOrEqual(950);
    }
    expect(gw.gateway.upstreams.item.stats().busy).toBe(busy.length);
  });
});

describe('gateway tokens, the team key and the per-token limit', () => {
  let gw: TestGateway;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    gw = await startTestGateway(upstream, {
      teamLogin: DEMO_AUTH.login,
      teamApikey: DEMO_AUTH.apikey,
      requireTokens: true,
      tokenRatePerMinute: 4,
    });
  });
  afterAll(() => gw?.close());

  const search = (token?: string, auth = { login: 'someone', apikey: 'their-own-wrong-key' }) =>
    get(gw.url, TOKEN, { ...auth, search_token: 'BAV99' }, token ? { headers: { 'x-partsheet-token': token } } : {});

  test('without a token, or with an unknown one: 401 "gateway token rejected"', async () => {
    const none = await search();
    expect(none.status).toBe(401);
    expect(none.json.error).toBe('gateway token rejected');
    expect(none.json.message).toMatch(/needs a gateway token/);
    const unknown = await search('pst_not-a-token');
    expect(unknown.status).toBe(401);
    expect(unknown.json.error).toBe('gateway token rejected');
  });

  test('a valid token: the team key replaces the user credentials; revoked, it is refused within a second', async () => {
    const file = gw.tokensFile;
    alice = addToken(file, 'alice');
    bob = addToken(file, 'bob');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const ok = await search(alice);
    expect(ok.status).toBe(200);
    expect(ok.json.itemserviceresult.data[0].PartList.length).toBeGreaterThan(0);
    const sent = gw.calls[gw.calls.length - 1].url.searchParams;
    expect([sent.get('login'), sent.get('apikey')]).toEqual([DEMO_AUTH.login, DEMO_AUTH.apikey]);
    // List searches too, inside req.
    const list = await get(gw.url, LIST_V4, listParams([{ partNum: 'ZZTOP-1' }], { login: 'x', apikey: 'y' }), {
      headers: { 'x-partsheet-token': alice },
    });
    expect(list.status).toBe(200);
    const req = JSON.parse(gw.calls[gw.calls.length - 1].url.searchParams.get('req')!);
    expect([req.request.login, req.request.apikey]).toEqual([DEMO_AUTH.login, DEMO_AUTH.apikey]);

    revokeToken(file, 'bob');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const revoked = await search(bob);
    expect(revoked.status).toBe(401);
    expect(revoked.json.error).toBe('gateway token rejected');
  });

  test('each token has its own limit: past it, 429 with Retry-After, naming whose token', async () => {
    const carol = addToken(gw.tokensFile, 'carol');
    const dave = addToken(gw.tokensFile, 'dave');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await search(carol)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const over = await search(carol);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.json).toMatchObject({ error: 'gateway token rate limit' });
    expect(over.json.message).toMatch(/carol: at most 4 a minute/);
    expect((await search(dave)).status).toBe(200);
  });

  test('the token file holds digests only, mode 0600', () => {
    const text = readFileSync(gw.tokensFile, 'utf8');
    expect(text).not.toContain(alice);
    expect(text).toContain(`sha256:${sha256(alice)}`);
    expect(statSync(gw.tokensFile).mode & 0o777).toBe(0o600);
  });
});

describe('CORS only for configured origins', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(upstream, { corsOrigins: ['https://excel.example.com'] });
  });
  afterAll(() => gw?.close());

  test('an allowed origin gets the headers, with the token header allowed on preflight; another gets none', async () => {
    const allowed = await get(
      gw.url,
      TOKEN,
      { ...DEMO_AUTH, search_token: 'BAV99' },
      { headers: { origin: 'https://excel.example.com' } },
    );
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://excel.example.com');
    expect(allowed.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Remaining/);
    const preflight = await fetch(`${gw.url}${TOKEN}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://excel.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-partsheet-token',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-partsheet-token/i);
    const other = await get(
      gw.url,
      TOKEN,
      { ...DEMO_AUTH, search_token: 'BAV99' },
      { headers: { origin: 'https://evil.example.com' } },
    );
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the log', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(upstream, { teamLogin: DEMO_AUTH.login, teamApikey: DEMO_AUTH.apikey });
  });
  afterAll(() => gw?.close());

  test('one line per request, with path, status, time and the token owner; no login, key, password digest, req or token', async () => {
    const token = addToken(gw.tokensFile, 'erin');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const headers = { headers: { 'x-partsheet-token': token } };
    const secrets = { login: 'secret-login-77', apikey: 'secret-key-88' };
    await get(gw.url, TOKEN, { ...secrets, search_token: 'BAV99' }, headers);
    await get(gw.url, LIST_V4, listParams([{ partNum: 'BAV99' }], secrets), headers);
    const password = sha256('my-own-password');
    await get(
      gw.url,
      `/test-env${CHECKOUT_PATH}`,
      { username: 'secret-user@example.com', password, customerPONumber: 'PO-LOG', fmt: 'json' },
      headers,
    );
    await get(
      gw.url,
      TOKEN,
      { ...secrets, search_token: 'BAV99' },
      { headers: { 'x-partsheet-token': 'pst_wrong-token-value' } },
    );
    const text = gw.lines.join('\n');
    for (const secret of [
      secrets.login,
      secrets.apikey,
      password,
      'secret-user@example.com',
      token,
      'pst_wrong-token-value',
      DEMO_AUTH.apikey,
      'my-own-password',
    ]) {
      expect(text).not.toContain(secret);
    }
    const requests = gw.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests.map((r) => [r.path, r.status, r.user])).toEqual([
      [TOKEN, 200, 'erin'],
      [LIST_V4, 200, 'erin'],
      [`/test-env${CHECKOUT_PATH}`, 401, 'erin'],
      [TOKEN, 401, undefined],
    ]);
    for (const r of requests) expect(typeof r.ms).toBe('number');
  });
});

describe('HTTPS with --cert and --key', () => {
  test('serves the add-in and the item service over TLS with the given certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'partsheet-gw-tls-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    const gw = await startTestGateway(upstream, { cert, key });
    try {
      expect(gw.url).toMatch(/^https:\/\//);
      const fetchTls = (path: string) =>
        new Promise<{ status: number; body: string; subject: string }>((resolve, reject) => {
          const req = httpsRequest(
            `${gw.url}${path}`,
            { ca: readFileSync(cert), servername: 'localhost', agent: false },
            (res) => {
              const subject = String((res.socket as any).getPeerCertificate()?.subject?.CN);
              let body = '';
              res.on('data', (d) => (body += d));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body, subject }));
            },
          );
          req.on('error', reject);
          req.end();
        });
      const page = await fetchTls('/');
      expect(page).toMatchObject({ status: 200, subject: 'localhost' });
      const search = await fetchTls(`${TOKEN}?login=demo&apikey=demo-key&search_token=NE555`);
      expect(JSON.parse(search.body).itemserviceresult.transactionArea[0].response.success).toBe(true);
    } finally {
      await gw.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
