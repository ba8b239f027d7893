/**
 * The gateway's answers under abuse: a list search the cache would amplify past the item service's caps is refused
 * as the service refuses it; a large cached answer read by several clients at once costs each of them a stream of
 * kept text, not a rebuild; clients that never read cost bounded memory and are cut; an upstream that sends without
 * end is cut at the gateway's read cap.
 */
import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { MAX_ANSWER_BYTES, MAX_ANSWER_PARTS } from '../../protocol/list-answer';
import { MAX_UPSTREAM_ANSWER_BYTES } from '../../gateway/upstream';
import { DEMO_AUTH, get, startTestService, type TestService } from '../helpers/service';
import { startTestGateway, type TestGateway } from '../helpers/gateway';

jest.setTimeout(120_000);

const LIST = '/itemservice/v4/en/search/list';
type Part = { partNum: string; mfr?: string };
const listQuery = (parts: Part[], rows: number) => ({
  req: JSON.stringify({ request: { ...DEMO_AUTH, remoteIp: '', useExact: false, parts } }),
  rows,
});
const response = (json: any) => json.itemserviceresult.transactionArea[0].response;

let svc: TestService;
let gw: TestGateway;

beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  // A send timeout short enough for the non-reading clients' test to see them cut, long enough that a reader of a
  // large answer in this same process, held up by a loaded machine, is not taken for one (2 s cut one in a CI run).
  gw = await startTestGateway({ productionUrl: svc.productionUrl, testUrl: svc.testUrl }, { sendTimeoutSeconds: 8 });
});

afterAll(async () => {
  await gw?.close();
  await svc?.close();
});

/** Bytes of parts one entry of `partNum` at `rows` holds, as the caps count them (each part's text and a comma). */
async function partBytesOf(partNum: string, rows: number): Promise<number> {
  const one = await get(gw.url, LIST, listQuery([{ partNum }], rows));
  const list = one.json.itemserviceresult.data[0].resultList[0].PartList as unknown[];
  return Buffer.byteLength(JSON.stringify(list)) - 1;
}

/** The path and query of a list search of `copies` entries of `partNum`, for raw sockets. */
const listPath = (partNum: string, copies: number, rows: number) => {
  const { req } = listQuery(
    Array.from({ length: copies }, () => ({ partNum })),
    rows,
  );
  return `${LIST}?${new URLSearchParams({ req, rows: String(rows) })}`;
};

/** Copies of one broad prefix whose answer stays under the byte cap, at about `share` of it. */
async function largeAllowedPath(share: number): Promise<{ path: string; copies: number }> {
  const perEntry = await partBytesOf('C', 25);
  const copies = Math.min(1000, Math.floor((MAX_ANSWER_BYTES * share) / perEntry));
  return { path: listPath('C', copies, 25), copies };
}

describe('finding 4: answers the gateway assembles are capped as the service caps its own', () => {
  test("a 38 KB list search of 1000 copies of a broad prefix is refused with code 54 in the service's words, not answered with 77 MB", async () => {
    const query = listQuery(
      Array.from({ length: 1000 }, () => ({ partNum: 'C' })),
      25,
    );
    const direct = await get(svc.productionUrl, LIST, query);
    expect(response(direct.json)).toMatchObject({ returnCode: '54', success: false });
    const via = await get(gw.url, LIST, query);
    expect(via.status).toBe(200);
    expect(via.text.length).toBeLessThan(10_000);
    expect(response(via.json)).toEqual(response(direct.json));
    expect(response(via.json).returnMsg).toMatch(/larger than 12 MiB/);
    expect(via.json.itemserviceresult.data).toEqual([]);
  });

  // How long they wait is measured by npm run bench abuse-gateway (8 amplified readers), not timed here.
  test('8 clients sending the amplified search at once, its part cached, are all refused in a few bytes (not 8 answers of 77 MB)', async () => {
    const query = listQuery(
      Array.from({ length: 1000 }, () => ({ partNum: 'C' })),
      25,
    );
    await get(gw.url, LIST, listQuery([{ partNum: 'C' }], 25));
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(gw.url, LIST, query)));
    const elapsed = Date.now() - started;
    process.stdout.write(`8 readers of the amplified cached search: ${elapsed} ms\n`);
    for (const a of answers) {
      expect(response(a.json)).toMatchObject({ returnCode: '54', success: false });
      expect(a.text.length).toBeLessThan(10_000);
    }
  });

  test(`parts cached by separate searches are refused together once they pass ${MAX_ANSWER_PARTS} distinct parts, as the service refuses them`, async () => {
    // Three-character prefixes: each matches a few parts of its own, so distinct parts add up across entries.
    const store = new Database(join(svc.dataDir, 'production.db'), { readonly: true });
    const norms = store
      .prepare<[], { norm: string }>('SELECT norm FROM parts')
      .all()
      .map((r) => r.norm);
    store.close();
    const groups = new Map<string, number>();
    for (const n of norms) groups.set(n.slice(0, 3), (groups.get(n.slice(0, 3)) ?? 0) + 1);
    const prefixes = [...groups]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 1000)
      .map(([p]) => p);
    const parts = prefixes.map((partNum) => ({ partNum }));
    const whole = listQuery(parts, 25);
    const direct = await get(svc.productionUrl, LIST, whole);
    expect(response(direct.json)).toMatchObject({ returnCode: '54', success: false });
    expect(response(direct.json).returnMsg).toMatch(new RegExp(`more than ${MAX_ANSWER_PARTS} parts`));
    // Each half fits under the cap and is answered (and cached) by the gateway.
    for (const half of [parts.slice(0, 500), parts.slice(500)]) {
      const answered = await get(gw.url, LIST, listQuery(half, 25));
      expect(response(answered.json).success).toBe(true);
    }
    const sentBefore = gw.calls.length;
    const via = await get(gw.url, LIST, whole);
    // Answered from the cache alone, and still refused.
    expect(gw.calls.length).toBe(sentBefore);
    expect(response(via.json)).toEqual(response(direct.json));
  });

  // Speed is measured by `npm run bench abuse` (bench/abuse-gateway.ts); this test holds what every reader gets.
  test('8 clients reading a large cached answer at once each get the whole answer from the cache, and a small search meanwhile is answered', async () => {
    const { path, copies } = await largeAllowedPath(0.9);
    const url = new URL(path, gw.url);
    // The first read fills the cache; its size is what each reader gets.
    const first = await fetch(url);
    const size = (await first.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(MAX_ANSWER_BYTES * 0.8);
    const small = new URL(listPath('BAV99', 1, 1), gw.url);
    await fetch(small).then((r) => r.arrayBuffer());
    const started = Date.now();
    const readers = Array.from({ length: 8 }, () =>
      fetch(url).then(async (r) => ({
        cache: r.headers.get('x-partsheet-cache'),
        bytes: (await r.arrayBuffer()).byteLength,
      })),
    );
    // While they read: a small cached search, timed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const smallStarted = Date.now();
    const smallAnswer = await fetch(small);
    expect(smallAnswer.status).toBe(200);
    expect(await smallAnswer.text()).toContain('"success":true');
    const smallMs = Date.now() - smallStarted;
    const results = await Promise.all(readers);
    const elapsed = Date.now() - started;
    for (const r of results) {
      expect(r.cache).toBe(`${copies}/${copies}`);
      // The same answer but for its transaction time, whose digits may differ.
      expect(Math.abs(r.bytes - size)).toBeLessThan(10);
    }
    process.stdout.write(
      `8 readers of a ${(size / 1024 / 1024).toFixed(1)} MB cached answer: ${elapsed} ms; a small search meanwhile: ${smallMs} ms\n`,
    );
  });

  test("40 clients that never read a large cached answer keep the gateway's memory bounded, and are cut after the send timeout", async () => {
    const { path } = await largeAllowedPath(0.9);
    await fetch(new URL(path, gw.url)).then((r) => r.arrayBuffer());
    const base = new URL(gw.url);
    const before = process.memoryUsage();
    const sockets: Socket[] = [];
    const serverSides: Socket[] = [];
    gw.gateway.app.server.on('connection', (s: Socket) => serverSides.push(s));
    for (let i = 0; i < 40; i++) {
      const socket = connect(Number(base.port), base.hostname);
      socket.on('error', () => {});
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\n\r\n`);
      sockets.push(socket);
    }
    // Every connection accepted (a loaded machine takes a while), then long enough for every answer to be under way
    // and stuck behind its client.
    for (const waitStarted = Date.now(); serverSides.length < 40 && Date.now() - waitStarted < 30_000;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const during = process.memoryUsage();
    const grew = (k: 'rss' | 'heapUsed' | 'external') => Math.round((during[k] - before[k]) / 1024 / 1024);
    process.stdout.write(
      `40 non-reading clients: RSS +${grew('rss')} MB, heap +${grew('heapUsed')} MB, external +${grew('external')} MB\n`,
    );
    expect(during.heapUsed + during.external - before.heapUsed - before.external).toBeLessThan(100 * 1024 * 1024);
    expect(during.rss - before.rss).toBeLessThan(200 * 1024 * 1024);
    // Each connection holds a piece of its answer, not the answer.
    expect(serverSides).toHaveLength(40);
    expect(Math.max(...serverSides.map((s) => s.writableLength))).toBeLessThan(1024 * 1024);
    // The send timeout (8 s here) cuts them all: the gateway's side of every connection is destroyed.
    const cutStarted = Date.now();
    while (serverSides.some((s) => !s.destroyed) && Date.now() - cutStarted < 20_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(serverSides.filter((s) => !s.destroyed)).toHaveLength(0);
    for (const socket of sockets) socket.destroy();
  });
});

describe('an upstream that sends without end', () => {
  let hostile: Server;
  let sent = 0;
  let hostileGw: TestGateway;

  beforeAll(async () => {
    hostile = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      // A gigabyte of spaces, written as fast as the gateway reads it, stopped when it lets go.
      const pump = () => {
        while (sent < 1024 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.destroy());
      pump();
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    hostileGw = await startTestGateway({ productionUrl: url, testUrl: url });
  });

  afterAll(async () => {
    await hostileGw?.close();
    hostile.closeAllConnections();
    await new Promise((resolve) => hostile.close(resolve));
  });

  test.each([
    ['a token search', '/itemservice/v4/en/search/token', { ...DEMO_AUTH, search_token: 'BAV99' }],
    ['a list search', LIST, listQuery([{ partNum: 'BAV99' }], 1)],
  ])(
    '%s gets 502 in words once the answer passes the read cap, and the upstream is let go',
    async (_what, path, query) => {
      sent = 0;
      const before = process.memoryUsage().rss;
      const r = await get(hostileGw.url, path, query as Record<string, string>);
      expect(r.status).toBe(502);
      expect(r.text).toMatch(
        new RegExp(`larger than ${MAX_UPSTREAM_ANSWER_BYTES / 1024 / 1024} MiB, the most the gateway reads`),
      );
      expect(r.text).not.toMatch(/127\.0\.0\.1:\d+\/itemservice|apikey=/);
      // The upstream stopped well short of its gigabyte: the gateway let the connection go at the cap.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sent).toBeLessThan(MAX_UPSTREAM_ANSWER_BYTES + 64 * 1024 * 1024);
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    },
  );
});
