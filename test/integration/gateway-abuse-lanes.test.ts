/**
 * Fair lanes that cannot be forged, and pauses that hold one login only.
 *
 * Pass-through mode: a hostile upstream answers login A's requests 503 with `Retry-After: 60`; login B, asking at
 * the same moment through the same gateway (or through another instance sharing the Redis), is answered at once,
 * and A's pause still holds A. With a team key every request carries the team's login, and its pause holds the team.
 *
 * With `--trust-proxy`: one connection naming a new `X-Forwarded-For` on each request it pipelines, from an address
 * that is not a configured proxy, is laned by its own address: another user's request waits behind one of its
 * requests at most, and the log names the real peer. From a configured proxy the forwarded addresses are used, and
 * one connection still holds no more than one client's share of the line.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { resolveConfig } from '../../gateway/config';
import { addToken } from '../../gateway/tokens';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { startTestRedis, type TestRedis } from '../helpers/redis';
import { get } from '../helpers/service';
import { runningNow } from '../helpers/held-time';

jest.setTimeout(120_000);

const TOKEN_SEARCH = '/itemservice/v4/en/search/token';
const LIST_SEARCH = '/itemservice/v4/en/search/list';

/** What the hostile upstream received: the login of each request, and when. */
interface Seen {
  login: string;
  path: string;
  at: number;
}

/** An upstream that answers login `A` 503 + `Retry-After: 60` and everyone else at once. */
async function hostileUpstream(): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    let login = url.searchParams.get('login') ?? '';
    const reqDoc = url.searchParams.get('req');
    let parts: { partNum: string }[] = [];
    if (reqDoc) {
      const inner = JSON.parse(reqDoc).request;
      login = inner.login;
      parts = inner.parts;
    }
    seen.push({ login, path: url.pathname, at: Date.now() });
    if (login === 'A') {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '60' }).end('{"error":"busy"}');
      return;
    }
    const data = url.pathname.endsWith('/search/list')
      ? [
          {
            partsRequested: parts.length,
            partsFound: 0,
            partsNotFound: parts.length,
            partsError: 0,
            resultList: parts.map((p) => ({ requestedPartNum: p.partNum, numberFound: 0, parts: [] })),
          },
        ]
      : [{ results: [] }];
    const body = {
      itemserviceresult: {
        serviceMetaData: [{ version: '4.0.0' }],
        transactionArea: [{ response: { returnCode: '0', returnMsg: '', success: true } }],
        data,
      },
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const tokenSearch = (login: string, keyword: string) => ({ keyword, login, apikey: `${login}-key` });
const listSearch = (login: string, partNum: string) => ({
  req: JSON.stringify({ request: { login, apikey: `${login}-key`, parts: [{ partNum }] } }),
});

/**
 * A request's status and how long it took, with a client-side limit well beyond what a prompt answer takes: `ms` on
 * the wall clock (a request held at least so long), `runMs` on the time this process, the gateway in it, could run
 * (answered within so long: a loaded machine holding the process is no wait of the gateway's).
 */
async function timed(base: string, path: string, params: Record<string, string>, limitMs = 20_000) {
  const [started, running] = [Date.now(), runningNow()];
  const res = await get(base, path, params, { signal: AbortSignal.timeout(limitMs) }).catch(() => ({ status: 0 }));
  return { status: res.status, ms: Date.now() - started, runMs: runningNow() - running };
}

describe("pass-through mode: one login's pause holds that login only", () => {
  let upstream: Awaited<ReturnType<typeof hostileUpstream>>;
  beforeEach(async () => {
    upstream = await hostileUpstream();
  });
  afterEach(async () => {
    await upstream.close();
  });

  test("login A answered 503 Retry-After: 60; login B's token and list searches through the same gateway are answered at once", async () => {
    const gw = await startTestGateway({ productionUrl: upstream.url, testUrl: upstream.url }, { itemRate: 20 });
    try {
      const a = await timed(gw.url, TOKEN_SEARCH, tokenSearch('A', 'first'));
      expect(a.status).toBe(503);
      const b = await timed(gw.url, TOKEN_SEARCH, tokenSearch('B', 'resistor'));
      const bList = await timed(gw.url, LIST_SEARCH, listSearch('B', 'BC547'));
      expect(b.status).toBe(200);
      expect(bList.status).toBe(200);
      // Prompt: far below the 60 s pause (generous for a loaded machine).
      expect(b.runMs).toBeLessThan(5000);
      expect(bList.runMs).toBeLessThan(5000);
      // A is still paused: refused by the gateway, nothing more sent upstream for A.
      const again = await timed(gw.url, TOKEN_SEARCH, tokenSearch('A', 'second'));
      expect(again.status).toBe(503);
      expect(upstream.seen.filter((s) => s.login === 'A')).toHaveLength(1);
      expect(upstream.seen.filter((s) => s.login === 'B')).toHaveLength(2);
    } finally {
      await gw.close();
    }
  });

  test("with a team key every request carries the team's login: its pause holds the whole team, whoever asks", async () => {
    const gw = await startTestGateway(
      { productionUrl: upstream.url, testUrl: upstream.url },
      { itemRate: 20, teamLogin: 'A', teamApikey: 'A-key', requireTokens: true },
    );
    try {
      const alice = addToken(gw.tokensFile, 'alice');
      const bob = addToken(gw.tokensFile, 'bob');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const asUser = (token: string, keyword: string) =>
        get(gw.url, TOKEN_SEARCH, tokenSearch('anyone', keyword), { headers: { 'x-partsheet-token': token } });
      expect((await asUser(alice, 'first')).status).toBe(503);
      const bobs = await asUser(bob, 'second');
      expect(bobs.status).toBe(503);
      expect(bobs.json.error).toBe('upstream busy');
      expect(upstream.seen).toHaveLength(1);
    } finally {
      await gw.close();
    }
  });

  describe('two instances sharing one Redis', () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startTestRedis();
    });
    afterAll(async () => {
      await redis?.close();
    });

    test("A's pause learnt on one instance holds A on the other, and B is answered there at once", async () => {
      const target = { productionUrl: upstream.url, testUrl: upstream.url };
      // What is checked is that the pause is shared, not what a slow Redis does (gateway-redis-slow.test.ts): a reply
      // budget for a loaded test machine, so one slow reply does not send A's request on alone past the pause.
      const settings = { itemRate: 20, redisUrl: redis.url, instances: 2, redisBudgetMs: 2000 };
      const one = await startTestGateway(target, settings);
      const two = await startTestGateway(target, settings);
      try {
        expect((await timed(one.url, TOKEN_SEARCH, tokenSearch('A', 'first'))).status).toBe(503);
        const b = await timed(two.url, TOKEN_SEARCH, tokenSearch('B', 'resistor'));
        const bList = await timed(two.url, LIST_SEARCH, listSearch('B', 'BC547'));
        expect(b.status).toBe(200);
        expect(bList.status).toBe(200);
        expect(b.runMs).toBeLessThan(5000);
        expect(bList.runMs).toBeLessThan(5000);
        // A asking the other instance is held by the pause stored in Redis: nothing more reaches the upstream for A.
        const again = await timed(two.url, TOKEN_SEARCH, tokenSearch('A', 'second'), 4000);
        expect(again.status === 503 || again.ms > 3000).toBe(true);
        expect(upstream.seen.filter((s) => s.login === 'A')).toHaveLength(1);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });
  });
});

/**
 * Sends `paths` on one connection from `localAddress` without waiting for the answers (pipelined), the i-th naming
 * `forwardedFor(i)` in X-Forwarded-For; resolves with the answers' statuses once all have come.
 */
function pipelined(
  gw: TestGateway,
  localAddress: string,
  paths: string[],
  forwardedFor: (i: number) => string,
): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const port = Number(new URL(gw.url).port);
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    let text = '';
    const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (statuses().length >= paths.length) socket.destroy();
    });
    socket.on('close', () => resolve(statuses()));
    socket.on('error', reject);
    socket.write(
      paths
        .map((path, i) => `GET ${path} HTTP/1.1\r\nHost: gw\r\nX-Forwarded-For: ${forwardedFor(i)}\r\n\r\n`)
        .join(''),
    );
  });
}

/** One GET from `localAddress` (a loopback address of its own), timed. */
function getFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; runMs: number }> {
  const started = runningNow();
  return new Promise((resolve) => {
    const req = httpRequest(url, { localAddress, headers, agent: false, timeout: 30_000 }, (res) => {
      res.resume();
      // On the time this process could run, as `timed`'s runMs.
      res.on('end', () => resolve({ status: res.statusCode ?? 0, runMs: runningNow() - started }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, runMs: runningNow() - started }));
    req.end();
  });
}

const pathOf = (params: Record<string, string>) => `${TOKEN_SEARCH}?${new URLSearchParams(params)}`;

/** The gateway's request lines, read back. */
const requestLines = (gw: TestGateway) =>
  gw.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');

describe('with --trust-proxy, lanes cannot be forged by naming X-Forwarded-For', () => {
  let upstream: Awaited<ReturnType<typeof hostileUpstream>>;
  beforeEach(async () => {
    upstream = await hostileUpstream();
  });
  afterEach(async () => {
    await upstream.close();
  });

  // 300 searches by mallory on one connection, each naming a new forwarded address; the item service at 20 a second.
  const FLOOD = 300;
  const floodPaths = Array.from({ length: FLOOD }, (_, i) => pathOf(tokenSearch('M', `FLOOD${i}`)));
  /** Mallory's requests the upstream received before B's. */
  const malloryAheadOfB = () => {
    const order = upstream.seen.map((s) => s.login);
    expect(order).toContain('B');
    return order.slice(0, order.indexOf('B')).filter((login) => login === 'M').length;
  };

  test("--trust-proxy alone, from an address that is not the proxy's: one lane for the connection, the other user waits a turn, the log names the real peer", async () => {
    const { trustProxy } = resolveConfig({ 'trust-proxy': true }, {});
    const gw = await startTestGateway(
      { productionUrl: upstream.url, testUrl: upstream.url },
      { itemRate: 20, trustProxy },
    );
    try {
      const flood = pipelined(gw, '127.0.0.3', floodPaths, (i) => `10.66.${i >> 8}.${i & 255}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const b = await getFrom('127.0.0.2', `${gw.url}${pathOf(tokenSearch('B', 'resistor'))}`);
      expect(b.status).toBe(200);
      // Behind one request of mallory's lane at most (plus those already in flight), not behind 300 lanes.
      expect(b.runMs).toBeLessThan(6000);
      expect(malloryAheadOfB()).toBeLessThanOrEqual(40);
      const statuses = await flood;
      // One lane: its 32 places, the rest refused at once.
      expect(statuses.filter((s) => s === 200).length).toBeLessThan(FLOOD);
      const lines = requestLines(gw);
      const mallory = lines.filter((l) => l.peer === '127.0.0.3');
      expect(mallory.length).toBeGreaterThan(0);
      for (const line of mallory) expect(line).toMatchObject({ ip: '127.0.0.3', trusted: 'peer' });
      expect(mallory.some((l) => String(l.forwarded).startsWith('10.66.'))).toBe(true);
      expect(lines.filter((l) => String(l.ip).startsWith('10.'))).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  test("from a configured proxy the forwarded addresses are used, and one connection naming a new one per request holds a lane's share at most", async () => {
    const gw = await startTestGateway(
      { productionUrl: upstream.url, testUrl: upstream.url },
      { itemRate: 20, trustProxy: ['127.0.0.5'] },
    );
    try {
      // A proxy that passes a client's own X-Forwarded-For on: every request a new address, on one connection.
      const flood = pipelined(gw, '127.0.0.5', floodPaths, (i) => `10.66.${i >> 8}.${i & 255}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const b = await getFrom('127.0.0.5', `${gw.url}${pathOf(tokenSearch('B', 'resistor'))}`, {
        'x-forwarded-for': '10.1.1.1',
      });
      expect(b.status).toBe(200);
      expect(b.runMs).toBeLessThan(6000);
      // The connection's share (32 requests under way) at most went ahead of B, plus a few answered meanwhile.
      expect(malloryAheadOfB()).toBeLessThanOrEqual(45);
      const statuses = await flood;
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      const lines = requestLines(gw);
      const bLine = lines.find((l) => l.peer === '127.0.0.5' && l.forwarded === '10.1.1.1');
      expect(bLine).toMatchObject({ ip: '10.1.1.1', trusted: 'forwarded', status: 200 });
      const forwarded = lines.filter((l) => l.trusted === 'forwarded' && String(l.ip).startsWith('10.66.'));
      expect(forwarded.length).toBeGreaterThan(0);
    } finally {
      await gw.close();
    }
  });
});
