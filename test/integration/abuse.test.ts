/**
 * The service under abuse by a caller with one valid login: list searches cost work per distinct part, answers
 * are bounded by documented caps, and a client that stops reading is dropped.
 */
import Database from 'better-sqlite3';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { serviceForFile, get, DEMO_AUTH } from '../helpers/service';
import { buildApp } from '../../service/app';
import { CatalogStore, openDatabase } from '../../service/store/db';
import { LIST_SEARCHES_AT_ONCE, MAX_ANSWER_BYTES, MAX_ANSWER_PARTS } from '../../service/itemservice/routes';
import { Slices } from '../../service/itemservice/slices';
import { importParts } from '../../service/store/import';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import { XMLValidator } from 'fast-xml-parser';
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { parse as parseScript } from 'acorn';
import { jsonpTransport, type ScriptHost } from '../../src/http/jsonp';

jest.setTimeout(60_000);

const suite = serviceForFile({ parts: 3000 });

const listReq = (parts: { partNum: string; mfr?: string }[], useExact = false) =>
  JSON.stringify({ request: { ...DEMO_AUTH, remoteIp: '', useExact, parts } });
const response = (body: any) => body.itemserviceresult.transactionArea[0].response;

/** The app on its own listener over the test store, for tests that watch its insides. */
async function ownApp(options: { sendTimeoutMs?: number; maxBufferedBytes?: number } = {}) {
  const store = new CatalogStore(openDatabase(join(suite.svc.dataDir, 'test.db')));
  const app = await buildApp({ catalog: store, environment: 'test', ...options });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    store,
    base,
    async close() {
      await app.close();
      store.db.close();
    },
  };
}

describe('list search: work per distinct part', () => {
  test('a thousand copies of one prefix entry are looked up once, and every copy gets the same answer', async () => {
    const own = await ownApp();
    const find = jest.spyOn(own.store, 'findParts');
    const count = jest.spyOn(own.store, 'countParts');
    try {
      const parts = [
        ...Array.from({ length: 998 }, () => ({ partNum: 'C' })),
        { partNum: 'C', mfr: 'TI' },
        { partNum: 'C', mfr: 'TI' },
      ];
      const body = (await get(own.base, '/itemservice/v4/en/search/list', { req: listReq(parts), rows: 1 })).json;
      expect(response(body)).toEqual({ returnCode: '0', returnMsg: '', success: true });
      const list = body.itemserviceresult.data[0].resultList;
      expect(list).toHaveLength(1000);
      expect(new Set(list.slice(0, 998).map((e: any) => JSON.stringify(e))).size).toBe(1);
      expect(list[0].numberFound).toBeGreaterThan(1);
      // Two distinct (part number, manufacturer) pairs: one page and one count each.
      expect(find).toHaveBeenCalledTimes(2);
      expect(count).toHaveBeenCalledTimes(2);
    } finally {
      await own.close();
    }
  });
});

describe('list search: a few at work at once', () => {
  test(`twenty list searches sent at once are worked on ${LIST_SEARCHES_AT_ONCE} at a time, and all are answered`, async () => {
    const own = await ownApp();
    // Each list search breathes through its own Slices: the span from its first breath to its last is its time at work.
    const spans = new Map<Slices, { first: number; last: number }>();
    let tick = 0;
    const breathe = Slices.prototype.breathe;
    const spy = jest.spyOn(Slices.prototype, 'breathe').mockImplementation(function (this: Slices) {
      tick++;
      const span = spans.get(this);
      if (span) span.last = tick;
      else spans.set(this, { first: tick, last: tick });
      return breathe.call(this);
    });
    try {
      const prefixes = own.store.db
        .prepare<[], { p: string }>('SELECT DISTINCT substr(norm, 1, 3) AS p FROM parts ORDER BY p LIMIT 300')
        .all()
        .map((r) => ({ partNum: r.p }));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          get(own.base, '/itemservice/v4/en/search/list', { req: listReq(prefixes), rows: 1 }),
        ),
      );
      for (const answer of answers) expect(response(answer.json).success).toBe(true);
      // Every search breathed (the precondition for measuring them), and no more than the gate's number overlapped.
      expect(spans.size).toBe(20);
      let most = 0;
      for (let t = 1; t <= tick; t++)
        most = Math.max(most, [...spans.values()].filter((s) => s.first <= t && t <= s.last).length);
      expect(most).toBeLessThanOrEqual(LIST_SEARCHES_AT_ONCE);
    } finally {
      spy.mockRestore();
      await own.close();
    }
  });
});

describe('list search: searches whose client left', () => {
  test('list searches whose clients closed their connections while in line are not looked up', async () => {
    const own = await ownApp();
    const find = jest.spyOn(own.store, 'findParts');
    const sockets: Socket[] = [];
    try {
      const url = new URL(own.base);
      const prefixes = own.store.db
        .prepare<[], { p: string }>('SELECT DISTINCT substr(norm, 1, 3) AS p FROM parts ORDER BY p LIMIT 300')
        .all()
        .map((r) => ({ partNum: r.p }));
      const query = new URLSearchParams({ req: listReq(prefixes), rows: '1' });
      // One search alone: what one costs in lookups.
      await get(own.base, `/itemservice/v4/en/search/list?${query}`);
      const one = find.mock.calls.length;
      find.mockClear();
      // Twenty sent at once by clients that then close their connections at once.
      for (let i = 0; i < 20; i++) {
        const socket = connect(Number(url.port), url.hostname);
        socket.on('error', () => {});
        await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
        socket.write(`GET /itemservice/v4/en/search/list?${query} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
        sockets.push(socket);
      }
      for (const s of sockets) s.destroy();
      // A search sent after them is served after every one of them has had its turn in line.
      const after = await get(own.base, `/itemservice/v4/en/search/list?${query}`);
      expect(response(after.json).success).toBe(true);
      // Those at work (or done) before the clients left were looked up, the others not: well under half of the 21.
      expect(find.mock.calls.length).toBeLessThan(10 * one);
    } finally {
      for (const s of sockets) s.destroy();
      await own.close();
    }
  });
});

describe('list search: answers are bounded', () => {
  test(`a repeated broad prefix whose answer would pass ${MAX_ANSWER_BYTES / 1024 / 1024} MiB is refused with returnCode 54, naming the byte limit`, async () => {
    const parts = Array.from({ length: 1000 }, () => ({ partNum: 'C' }));
    for (const fmt of ['json', 'xml']) {
      const r = await get(suite.base, '/itemservice/v4/en/search/list', { req: listReq(parts), rows: 25, fmt });
      expect(r.status).toBe(200);
      expect(r.text.length).toBeLessThan(10_000);
      if (fmt === 'json') {
        expect(response(r.json)).toMatchObject({ returnCode: '54', success: false });
        expect(response(r.json).returnMsg).toMatch(/larger than 12 MiB/);
      } else {
        expect(r.text).toMatch(/<returnCode>54<\/returnCode>/);
      }
    }
  });

  test(`prefixes matching more than ${MAX_ANSWER_PARTS} distinct parts are refused with returnCode 54, naming the part limit`, async () => {
    const db = new Database(join(suite.svc.dataDir, 'production.db'), { readonly: true });
    const norms = db
      .prepare<[], { norm: string }>('SELECT norm FROM parts')
      .all()
      .map((r) => r.norm);
    db.close();
    const groups = new Map<string, number>();
    for (const n of norms) groups.set(n.slice(0, 3), (groups.get(n.slice(0, 3)) ?? 0) + 1);
    const top = [...groups].sort((a, b) => b[1] - a[1]).slice(0, 1000);
    // Precondition: these prefixes at 25 rows really match more parts than the cap.
    expect(top.reduce((sum, [, n]) => sum + Math.min(25, n), 0)).toBeGreaterThan(MAX_ANSWER_PARTS);
    const r = await get(suite.base, '/itemservice/v4/en/search/list', {
      req: listReq(top.map(([partNum]) => ({ partNum }))),
      rows: 25,
    });
    expect(response(r.json)).toMatchObject({ returnCode: '54', success: false });
    expect(response(r.json).returnMsg).toMatch(new RegExp(`more than ${MAX_ANSWER_PARTS} parts`));
    // The same prefixes at 2 rows fit, and are answered.
    const small = await get(suite.base, '/itemservice/v4/en/search/list', {
      req: listReq(top.map(([partNum]) => ({ partNum }))),
      rows: 2,
    });
    expect(response(small.json).success).toBe(true);
    expect(small.json.itemserviceresult.data[0].partsFound).toBe(1000);
  });
});

describe('slow readers', () => {
  const listPath = (fmt: string) =>
    `/itemservice/v4/en/search/list?${new URLSearchParams({ req: listReq(Array.from({ length: 1000 }, () => ({ partNum: 'C' }))), rows: '2', fmt })}`;
  const tokenPath = `/itemservice/v4/en/search/token?${new URLSearchParams({ ...DEMO_AUTH, search_token: 'C', rows: '25' })}`;
  test.each([
    // Multi-megabyte list answers, JSON and XML, both written only as fast as the client reads.
    ['after the send timeout', 'list search answers (json)', 4, listPath('json'), { sendTimeoutMs: 1500 }],
    ['after the send timeout', 'list search answers (xml)', 4, listPath('xml'), { sendTimeoutMs: 1500 }],
    // Answers sent whole (a token search's): one that would leave more than the cap waiting on the socket ends the
    // connection. (Node reads no further pipelined request while an answer waits, so whole answers do not pile up.)
    [
      'once an answer sent whole would leave more than the buffered-bytes cap unread',
      'token search answers',
      4,
      tokenPath,
      { sendTimeoutMs: 600_000, maxBufferedBytes: 16 * 1024 },
    ],
  ])(
    'a client that stops reading is dropped %s (%s); others are served meanwhile',
    async (_why, _what, requests, path, options) => {
      const own = await ownApp(options);
      try {
        const url = new URL(own.base);
        // The server's side of the connection, to see when the server drops it.
        const accepted = new Promise<Socket>((resolve) => own.app.server.once('connection', resolve));
        const socket = connect(Number(url.port), url.hostname);
        socket.on('error', () => {});
        await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
        const serverSide = await accepted;
        const dropped = new Promise<void>((resolve) => serverSide.on('close', () => resolve()));
        // Pipelined requests, and never a read.
        socket.pause();
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`.repeat(requests));
        // Another client's small answer (one row: under every cap here) is sent meanwhile.
        const other = await get(own.base, '/itemservice/v4/en/search/token', {
          ...DEMO_AUTH,
          search_token: 'BAV99',
          rows: 1,
        });
        expect(response(other.json).success).toBe(true);
        // The server drops the connection (the test's own timeout is the bound) and frees what it held for it.
        await dropped;
        expect(serverSide.writableLength).toBe(0);
        socket.destroy();
      } finally {
        await own.close();
      }
    },
  );
});

describe('slow readers: many clients that never read XML answers', () => {
  test('twenty of them hold a few pieces of their answers each, not the answers, and a small search is answered promptly meanwhile', async () => {
    const own = await ownApp();
    const sockets: Socket[] = [];
    try {
      const url = new URL(own.base);
      const parts = Array.from({ length: 1000 }, () => ({ partNum: 'C' }));
      const query = new URLSearchParams({ req: listReq(parts), rows: '2', fmt: 'xml' });
      // Precondition: each answer is far larger than what the loopback's socket buffers take in, so that what the
      // service holds for a client shows in its writable length.
      const whole = await get(own.base, `/itemservice/v4/en/search/list?${query}`);
      expect(whole.text).toMatch(/^<\?xml [^>]*\?><itemserviceresult>/);
      expect(Buffer.byteLength(whole.text)).toBeGreaterThan(8 * 1024 * 1024);
      const serverSides: Socket[] = [];
      own.app.server.on('connection', (s: Socket) => serverSides.push(s));
      for (let i = 0; i < 20; i++) {
        const socket = connect(Number(url.port), url.hostname);
        socket.on('error', () => {});
        await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
        socket.pause();
        socket.write(`GET /itemservice/v4/en/search/list?${query} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
        sockets.push(socket);
      }
      // Every answer has begun (the service wrote to each client), and stalled on the client that does not read.
      const begun = () => serverSides.length >= 20 && serverSides.every((s) => s.bytesWritten > 0);
      for (let waited = 0; !begun(); waited += 50) {
        if (waited > 30_000) throw new Error('the answers did not begin within 30 s');
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 500));
      const started = Date.now();
      const small = await get(own.base, '/itemservice/v4/en/search/token', { ...DEMO_AUTH, search_token: 'BAV99' });
      const waitedMs = Date.now() - started;
      expect(response(small.json).success).toBe(true);
      expect(waitedMs).toBeLessThan(2000);
      const held = serverSides.map((s) => s.writableLength);
      expect(Math.max(...held)).toBeLessThan(512 * 1024);
    } finally {
      for (const s of sockets) s.destroy();
      await own.close();
    }
  });
});

describe('hostile: one XML text rule for every XML answer', () => {
  test('U+FFFE, U+FFFF and controls in imported text leave no mark in item-service or checkout XML', async () => {
    const sp = {
      packSize: 1,
      minimumOrderQuantity: 1,
      sourcePartId: '99100001',
      dateCode: '24\uFFFE01\uFFFF',
      productCode: 'ZZXML\uFFFF\u0007',
      Prices: { resaleList: [{ displayPrice: '1', price: 1, minQty: 1, maxQty: 999999999 }] },
      Availability: [{ fohQty: 100, availabilityCd: 'INSTK', availabilityMessage: 'In Stock', pipeline: [] }],
    };
    const record = {
      partNum: 'ZZXML-1',
      manufacturer: { mfrCd: 'TI', mfrName: 'Texas Instruments' },
      desc: 'BAD \uFFFE TEXT \uFFFF',
      InvOrg: {
        webSites: [
          {
            code: 'Marketplace.com',
            sources: [{ currency: 'USD', sourceCd: 'MARKETPLACE', displayName: 'Marketplace', sourceParts: [sp] }],
          },
        ],
      },
    };
    const db = openDatabase(join(suite.svc.dataDir, 'production.db'));
    try {
      expect(importParts(new CatalogStore(db), [record]).added).toBe(1);
    } finally {
      db.close();
    }
    const item = await get(suite.base, '/itemservice/v4/en/search/token', {
      ...DEMO_AUTH,
      search_token: 'ZZXML',
      fmt: 'xml',
    });
    const order = await get(suite.base, CHECKOUT_PATH, {
      username: 'buyer@example.com',
      password: createHash('sha256').update('demo-password').digest('hex'),
      customerPONumber: 'PO-XML',
      shipToAddressId: '1001',
      itemIds: '99100001',
      quantities: '1',
    });
    expect(order.text).toMatch(/<OrderPlaced>/);
    expect(order.text).toMatch(/<dcd>2401<\/dcd>/);
    for (const text of [item.text, order.text]) {
      expect(XMLValidator.validate(text)).toBe(true);
      expect(text).not.toMatch(/[\uFFFE\uFFFF\u0000-\u0008]/);
    }
  });
});

describe('hostile: JSONP answers load in engines older than ES2019', () => {
  /**
   * A page whose script loader fetches the answer from the service and runs it only if an ES2018 parser accepts it,
   * as an older engine would (which reads a raw U+2028 or U+2029 as a line end inside a string): the add-in's own
   * JSONP transport then reads the value the answer called back with.
   */
  function olderEnginePage(): ScriptHost & { refused: string[] } {
    const global: Record<string, unknown> = {};
    const refused: string[] = [];
    return {
      global,
      refused,
      load(src, onLoad, onError) {
        void fetch(src)
          .then((res) => res.text())
          .then((script) => {
            try {
              parseScript(script, { ecmaVersion: 2018 });
            } catch (e) {
              refused.push(String(e));
              return onError();
            }
            runInNewContext(script, global);
            onLoad();
          }, onError);
        return () => {};
      },
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
  }

  test('a description with U+2028 and U+2029 is escaped in the answer, and the JSONP transport reads it back whole', async () => {
    const description = 'LINE\u2028SEPARATED\u2029TEXT';
    const record = {
      partNum: 'ZZLS-1',
      manufacturer: { mfrCd: 'TI', mfrName: 'Texas Instruments' },
      desc: description,
      InvOrg: {
        webSites: [
          {
            code: 'Marketplace.com',
            sources: [
              {
                currency: 'USD',
                sourceCd: 'MARKETPLACE',
                displayName: 'Marketplace',
                sourceParts: [
                  {
                    packSize: 1,
                    minimumOrderQuantity: 1,
                    sourcePartId: '99100002',
                    dateCode: '2401',
                    productCode: 'ZZLS',
                    Prices: { resaleList: [{ displayPrice: '1', price: 1, minQty: 1, maxQty: 999999999 }] },
                    Availability: [
                      { fohQty: 10, availabilityCd: 'INSTK', availabilityMessage: 'In Stock', pipeline: [] },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    };
    const db = openDatabase(join(suite.svc.dataDir, 'production.db'));
    try {
      expect(importParts(new CatalogStore(db), [record]).added).toBe(1);
    } finally {
      db.close();
    }
    const address = (callback: string) =>
      `${suite.base}/itemservice/v4/en/search/list?${new URLSearchParams({ req: listReq([{ partNum: 'ZZLS-1' }]), callbackfn: callback })}`;
    const raw = await get(suite.base, address('app.onParts'));
    expect(raw.text).toContain('LINE\\u2028SEPARATED\\u2029TEXT');
    expect(raw.text).not.toMatch(/[\u2028\u2029]/);
    // The announced length is that of the escaped text.
    expect(Number(raw.headers.get('content-length'))).toBe(Buffer.byteLength(raw.text));
    const page = olderEnginePage();
    const answer: any = await jsonpTransport(page)(address, { timeoutMs: 10_000 });
    expect(page.refused).toEqual([]);
    expect(answer.itemserviceresult.data[0].resultList[0].PartList[0].desc).toBe(description);
  });
});

describe('hostile: an envelope for every request the server can read', () => {
  /** Sends raw bytes and returns all the server wrote back before it closed the connection. */
  function exchange(raw: string): Promise<string> {
    const url = new URL(suite.base);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(raw));
      let out = '';
      socket.on('data', (d) => (out += d.toString()));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
  }
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

  test('HTTP/1.1 without Host: 400 and the envelope saying so', async () => {
    const answer = await exchange(
      `GET /itemservice/v4/en/search/token?login=demo&apikey=demo-key&search_token=BAV99 HTTP/1.1\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const response = bodyOf(answer).itemserviceresult.transactionArea[0].response;
    expect(response).toMatchObject({ returnCode: '49', success: false });
    expect(response.returnMsg).toMatch(/requires a Host header/);
  });

  test('CONNECT: 405 and the envelope; the service lives on', async () => {
    const answer = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nallow: GET, HEAD\r\n/);
    expect(bodyOf(answer).itemserviceresult.transactionArea[0].response).toMatchObject({
      returnCode: '51',
      success: false,
    });
    const after = await get(suite.base, '/itemservice/v4/en/search/token', { ...DEMO_AUTH, search_token: 'BAV99' });
    expect(response(after.json).success).toBe(true);
  });
});
