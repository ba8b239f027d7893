/**
 * Hostile request targets against the gateway, sent as raw bytes (fetch would normalise them away) to a gateway
 * holding a team key and both team checkout accounts, in front of fake upstreams that record every request they
 * receive. What must hold: a target that is not a plain path, or whose path tries to leave its route, is refused
 * before anything goes upstream; only the documented operations and methods are forwarded, each with the
 * credentials of its own route; a checkout is sent once; no answer carries a secret, a URL, a query or the
 * install path; the add-in's folder serves its own files only.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { addToken } from '../../gateway/tokens';
import { fakeAddinDir, startTestGateway, type TestGateway } from '../helpers/gateway';
import { tempFolder } from '../helpers/temp-folder';

jest.setTimeout(60_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const TEAM = {
  teamLogin: 'teamlogin-s3cret',
  teamApikey: 'TEAMKEY-s3cret-4f1c',
  teamCheckoutUsername: 'buyer-s3cret@team.example.com',
  teamCheckoutPasswordSha256: sha256('production-password'),
  teamTestCheckoutUsername: 'tester-s3cret@team.example.com',
  teamTestCheckoutPasswordSha256: sha256('test-password'),
};
const CHECKOUT = '/server-webapp/api/automatedCheckout';
const TOKEN_SEARCH = '/itemservice/v4/en/search/token';

/** One request as a fake upstream received it. */
interface Received {
  upstream: string;
  method: string;
  path: string;
  query: URLSearchParams;
}

type Answer = { status: number; headers?: Record<string, string>; body: string };

/** An HTTP server that records every request and answers what `answer` says (200 with an empty JSON object by default). */
class FakeUpstream {
  answer: (request: IncomingMessage) => Answer = () => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  private server!: Server;
  port = 0;

  constructor(
    readonly name: string,
    private readonly received: Received[],
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const url = request.url ?? '';
      const q = url.indexOf('?');
      this.received.push({
        upstream: this.name,
        method: request.method ?? '',
        path: q === -1 ? url : url.slice(0, q),
        query: new URLSearchParams(q === -1 ? '' : url.slice(q + 1)),
      });
      const { status, headers, body } = this.answer(request);
      response.writeHead(status, headers).end(body);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Decodes a chunked body (the gateway streams some answers). */
function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    if (eol === -1) return out;
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** Sends one request exactly as written (method, target, headers) on a new connection and reads the whole answer. */
function raw(
  gw: TestGateway,
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { port } = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const body = split === -1 ? '' : text.slice(split + 4);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: /transfer-encoding: chunked/i.test(head) ? unchunk(body) : body,
      });
    });
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

const received: Received[] = [];
const item = new FakeUpstream('item', received);
const testCheckout = new FakeUpstream('test checkout', received);
/** Another port on the upstreams' host: nothing may ever reach it. */
const bystander = new FakeUpstream('bystander', received);
let gw: TestGateway;
let addinDir: string;
let outsideDir: string;
let token: string;
const withToken = () => ({ 'X-Partsheet-Token': token });

/** Every secret the gateway holds, the install path and the upstreams' addresses: none may appear in an answer. */
function secrets(): string[] {
  return [
    TEAM.teamLogin,
    TEAM.teamApikey,
    TEAM.teamCheckoutUsername,
    TEAM.teamCheckoutPasswordSha256,
    TEAM.teamTestCheckoutUsername,
    TEAM.teamTestCheckoutPasswordSha256,
    addinDir,
    outsideDir,
    process.cwd(),
    `:${item.port}`,
    `:${testCheckout.port}`,
    `:${bystander.port}`,
  ];
}

function expectNoSecret(answer: RawAnswer, what: string): void {
  for (const secret of secrets()) {
    if (answer.head.includes(secret) || answer.body.includes(secret))
      throw new Error(`${what}: the answer (${answer.status}) carries '${secret}': ${answer.body.slice(0, 300)}`);
  }
}

beforeAll(async () => {
  await Promise.all([item.start(), testCheckout.start(), bystander.start()]);
  addinDir = fakeAddinDir();
  writeFileSync(join(addinDir, 'taskpane.js.map'), '{"version":3,"sourcesContent":["const secretSource = 1;"]}');
  outsideDir = tempFolder('gw-outside');
  writeFileSync(join(outsideDir, 'private.txt'), 'outside the add-in folder');
  symlinkSync(join(outsideDir, 'private.txt'), join(addinDir, 'linked.txt'));
  symlinkSync(outsideDir, join(addinDir, 'linked-dir'));
  mkdirSync(join(addinDir, 'assets'));
  symlinkSync(join(addinDir, 'taskpane.js'), join(addinDir, 'assets', 'inside.js'));
  const tokensFile = join(tempFolder('gw-abuse-tokens'), 'tokens.json');
  token = addToken(tokensFile, 'alice');
  gw = await startTestGateway(
    { productionUrl: item.url, testUrl: testCheckout.url },
    { ...TEAM, addinDir, tokensFile, requireTokens: true },
  );
});
afterAll(async () => {
  await gw?.close();
  await Promise.all([item.close(), testCheckout.close(), bystander.close()]);
});
beforeEach(() => {
  received.length = 0;
  item.answer = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' });
  testCheckout.answer = item.answer;
});

describe('finding 1: only origin-form targets', () => {
  test.each([
    [
      'the test checkout behind a user name',
      'http://attackerXX@x/test-env/server-webapp/api/automatedCheckout?itemIds=1&quantities=1',
    ],
    [
      'the test checkout on another port',
      () => `http://attackerXX:${bystander.port}/test-env/server-webapp/api/automatedCheckout?itemIds=1&quantities=1`,
    ],
    ['the item service on another host', () => `http://127.0.0.1:${bystander.port}${TOKEN_SEARCH}?search_token=NE555`],
    ['the production checkout on another host', `https://attackerXX.example/server-webapp/api/automatedCheckout`],
    ['the asterisk form', '*'],
  ])('%s: 400 in words, nothing sent anywhere, no secret and no echo', async (_what, target) => {
    const t = typeof target === 'function' ? target() : target;
    const answer = await raw(gw, 'GET', t, withToken());
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'bad request target',
      code: 'PS_GATEWAY_BAD_REQUEST',
      message: expect.stringMatching(/path starting with \//),
    });
    expect(answer.body).not.toMatch(/attackerXX|search_token|itemIds/);
    expectNoSecret(answer, t);
    expect(received).toEqual([]);
  });
});

describe('finding 2: a path never leaves its route', () => {
  const escapes = [
    '/itemservice/%2E%2E/%2E%2E/admin/keys',
    '/itemservice/%2e%2e/%2e%2e/admin/keys',
    '/itemservice/../../admin/keys',
    '/itemservice/.%2E/.%2e/admin/keys',
    '/itemservice/..\\..\\admin/keys',
    '/itemservice/v4/..%5c..%5cadmin/keys',
    '/itemservice/v4/%2e%2e%2f%2e%2e%2fadmin/keys',
    '/itemservice/v4/en/./search/token',
    '/itemservice/v4/en/search/token%00.json',
    '/itemservice/v4/en/search/token%0d%0aX-Injected:%201',
    '/server-webapp/%2e%2e/admin/keys',
    '/server-webapp/api/%2E%2E/%2E%2E/admin',
    '/test-env/server-webapp/../../admin',
    '/itemservice/%2e%2e/server-webapp/api/automatedCheckout',
    '/taskpane.html/%2e%2e/%2e%2e/package.json',
  ];
  test.each(['GET', 'POST', 'DELETE'])(
    '%s with dot segments, backslashes, encoded slashes or control characters: 400, nothing upstream',
    async (method) => {
      for (const target of escapes) {
        const answer = await raw(gw, method, `${target}?login=mine&apikey=mine`, withToken());
        if (answer.status !== 400)
          throw new Error(`${method} ${target}: ${answer.status} ${answer.body.slice(0, 200)}`);
        expect(JSON.parse(answer.body).error).toBe('bad request target');
        expectNoSecret(answer, target);
      }
      expect(received).toEqual([]);
    },
  );

  test('paths under the routes that are not documented operations: 404 in words, nothing upstream', async () => {
    for (const target of [
      '/itemservice/admin/keys',
      '/itemservice/v4/en/admin',
      '/itemservice/v9/en/search/token',
      '/itemservice/v4/en/lookup/manufacturer',
      '/itemservice/v4/en/search/token/extra',
      '/server-webapp/api/admin',
      '/server-webapp/admin/keys',
      '/test-env/server-webapp/api/automatedCheckout/more',
      '/test-env/itemservice/v4/en/search/token',
    ]) {
      const answer = await raw(gw, 'GET', `${target}?search_token=x`, withToken());
      if (answer.status !== 404) throw new Error(`${target}: ${answer.status} ${answer.body.slice(0, 200)}`);
      expect(answer.body).not.toMatch(/search_token|admin|v9|extra|more/);
      expectNoSecret(answer, target);
    }
    expect(received).toEqual([]);
  });

  test('each documented operation goes upstream by GET with its own route credentials only; other methods get 405 Allow: GET', async () => {
    const operations = [
      { target: `${TOKEN_SEARCH}?search_token=NE555`, upstream: 'item', path: TOKEN_SEARCH },
      {
        target: '/itemservice/v3/en/lookup/manufacturer',
        upstream: 'item',
        path: '/itemservice/v3/en/lookup/manufacturer',
      },
      { target: '/itemservice/v2/en/detail?pkey=1', upstream: 'item', path: '/itemservice/v2/en/detail' },
      { target: `${CHECKOUT}?itemIds=1&quantities=1`, upstream: 'item', path: CHECKOUT },
      { target: `/test-env${CHECKOUT}?itemIds=1&quantities=1`, upstream: 'test checkout', path: CHECKOUT },
    ];
    for (const op of operations) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
        const refused = await raw(gw, method, op.target, withToken());
        if (refused.status !== 405) throw new Error(`${method} ${op.target}: ${refused.status}`);
        expect(refused.head).toMatch(/\r\nallow: GET\r\n/i);
        expectNoSecret(refused, `${method} ${op.target}`);
      }
    }
    expect(received).toEqual([]);

    for (const op of operations) {
      const answer = await raw(gw, 'GET', op.target, withToken());
      expect(answer.status).toBe(200);
    }
    expect(received.map((r) => [r.method, r.upstream, r.path])).toEqual(
      operations.map((op) => ['GET', op.upstream, op.path]),
    );
    const [tokenSearch, manufacturers, detail, production, test] = received;
    for (const itemCall of [tokenSearch, manufacturers, detail]) {
      expect(itemCall.query.get('login')).toBe(TEAM.teamLogin);
      expect(itemCall.query.get('apikey')).toBe(TEAM.teamApikey);
      expect(itemCall.query.has('username') || itemCall.query.has('password')).toBe(false);
    }
    expect([production.query.get('username'), production.query.get('password')]).toEqual([
      TEAM.teamCheckoutUsername,
      TEAM.teamCheckoutPasswordSha256,
    ]);
    expect([test.query.get('username'), test.query.get('password')]).toEqual([
      TEAM.teamTestCheckoutUsername,
      TEAM.teamTestCheckoutPasswordSha256,
    ]);
    for (const checkoutCall of [production, test])
      expect(checkoutCall.query.has('apikey') || checkoutCall.query.has('login')).toBe(false);

    // Repeated slashes (public clients join a base ending in / with a path starting with /), a trailing slash and
    // encoded letters name the same operation, which is sent in its one spelling.
    received.length = 0;
    expect((await raw(gw, 'GET', '//itemservice//v4/en/search/%74oken/?search_token=NE555', withToken())).status).toBe(
      200,
    );
    expect(received.map((r) => r.path)).toEqual([TOKEN_SEARCH]);
  });

  test('a checkout answered 503 is sent once, and the item route cannot carry one to be retried', async () => {
    item.answer = () => ({ status: 503, headers: { 'content-type': 'text/plain' }, body: 'unavailable' });
    const direct = await raw(gw, 'GET', `${CHECKOUT}?itemIds=1&quantities=1&submitOrder=true`, withToken());
    expect(direct.status).toBe(503);
    const smuggled = await raw(
      gw,
      'GET',
      `/itemservice/%2e%2e/server-webapp/api/automatedCheckout?itemIds=1&quantities=1&submitOrder=true`,
      withToken(),
    );
    expect(smuggled.status).toBe(400);
    expect(received.filter((r) => r.path === CHECKOUT)).toHaveLength(1);
  });
});

describe('finding 7: errors in words, and the add-in folder serves its own files only', () => {
  test('methods the gateway does not know (TRACE) and unreadable paths answer without echoing the URL or its query', async () => {
    const secretQuery = `?login=${TEAM.teamLogin}&apikey=${TEAM.teamApikey}&password=${TEAM.teamCheckoutPasswordSha256}`;
    for (const [method, target] of [
      ['TRACE', `${TOKEN_SEARCH}${secretQuery}`],
      ['TRACE', `${CHECKOUT}${secretQuery}`],
      ['OPTIONS', `${TOKEN_SEARCH}${secretQuery}`],
      ['GET', `/nothing-here${secretQuery}`],
      ['GET', `/itemservice/v4/en/search/%zz${secretQuery}`],
    ]) {
      const answer = await raw(gw, method, target, withToken());
      if (answer.status < 400 || answer.status >= 500) throw new Error(`${method} ${target}: ${answer.status}`);
      expect(answer.body).not.toMatch(/itemservice|server-webapp|nothing-here|%zz|apikey|login=/);
      expectNoSecret(answer, `${method} ${target}`);
    }
    expect(received).toEqual([]);
  });

  test('an unreachable upstream is named, not its address or the reason the connection gave', async () => {
    gw.setDown(true);
    try {
      const answer = await raw(gw, 'GET', `${TOKEN_SEARCH}?search_token=UNREACHABLE1`, withToken());
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'upstream unreachable',
        code: 'PS_GATEWAY_UPSTREAM_UNREACHABLE',
        message: expect.stringMatching(/item service could not be reached/),
      });
      expect(answer.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
      expectNoSecret(answer, 'unreachable');
    } finally {
      gw.setDown(false);
    }
  });

  test('a path under a file is 404, not a 500 naming the install path', async () => {
    for (const target of ['/taskpane.html/x', '/taskpane.js/a/b.js']) {
      const answer = await raw(gw, 'GET', target);
      expect(answer.status).toBe(404);
      expectNoSecret(answer, target);
    }
  });

  test('source maps are not served by default; serveSourceMaps: true serves them', async () => {
    expect((await raw(gw, 'GET', '/taskpane.js')).status).toBe(200);
    const refused = await raw(gw, 'GET', '/taskpane.js.map');
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain('secretSource');
    const withMaps = await startTestGateway(
      { productionUrl: item.url, testUrl: testCheckout.url },
      { addinDir, serveSourceMaps: true },
    );
    try {
      const map = await raw(withMaps, 'GET', '/taskpane.js.map');
      expect(map.status).toBe(200);
      expect(map.body).toContain('secretSource');
    } finally {
      await withMaps.close();
    }
  });

  test('a symbolic link leading out of the add-in folder is not followed; one inside it is', async () => {
    for (const target of ['/linked.txt', '/linked-dir/private.txt']) {
      const answer = await raw(gw, 'GET', target);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('outside the add-in folder');
      expectNoSecret(answer, target);
    }
    const inside = await raw(gw, 'GET', '/assets/inside.js');
    expect(inside.status).toBe(200);
    expect(inside.body).toContain('partsheet');
  });
});
