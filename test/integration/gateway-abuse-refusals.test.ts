/**
 * A list search the item service refuses for size (code 54, HTTP 200), sent through the gateway again and again:
 * its parts are asked in pieces under the caps once, kept in the per-part cache, and from then on the gateway
 * refuses the search itself, with the service's code and words, without asking upstream; a smaller search of the
 * same parts is answered from the cache, and a client whose search shared the refused request gets its answer.
 * What the gateway sends upstream is recorded (test/helpers/gateway.ts) in front of the reference service.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { MAX_ANSWER_PARTS } from '../../protocol/list-answer';
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
const resultList = (json: any) =>
  json.itemserviceresult.data[0].resultList as { requestedPartNum: string; PartList?: unknown[] }[];

let svc: TestService;
/** The most crowded three-character prefixes of the catalog, most crowded first. */
let prefixes: string[];

beforeAll(async () => {
  svc = await startTestService({ parts: 3000 });
  const store = new Database(join(svc.dataDir, 'production.db'), { readonly: true });
  prefixes = store
    .prepare<[], { p: string }>(
      'SELECT substr(norm, 1, 3) AS p FROM parts GROUP BY p ORDER BY count(*) DESC, p LIMIT 1200',
    )
    .all()
    .map((r) => r.p);
  store.close();
});

afterAll(async () => {
  await svc?.close();
});

const asParts = (list: string[]): Part[] => list.map((partNum) => ({ partNum }));

describe('a list search the upstream refuses for size', () => {
  let gw: TestGateway;

  beforeEach(async () => {
    gw = await startTestGateway({ productionUrl: svc.productionUrl, testUrl: svc.testUrl });
  });

  afterEach(async () => {
    await gw?.close();
  });

  test("is refused with the service's code and words, and its repeats, alone or 8 at once, send nothing upstream", async () => {
    const whole = listQuery(asParts(prefixes.slice(0, 1000)), 25);
    const direct = await get(svc.productionUrl, LIST, whole);
    expect(response(direct.json)).toMatchObject({ returnCode: '54', success: false });
    expect(response(direct.json).returnMsg).toMatch(new RegExp(`more than ${MAX_ANSWER_PARTS} parts`));

    const first = await get(gw.url, LIST, whole);
    expect(first.status).toBe(200);
    expect(response(first.json)).toEqual(response(direct.json));
    expect(first.json.itemserviceresult.data).toEqual([]);
    // The whole search once, then pieces that cannot pass the parts cap at 25 rows: 100 entries each.
    const sizes = gw.calls.map((c) => c.parts.length);
    expect(sizes[0]).toBe(1000);
    expect(sizes.slice(1)).toEqual(Array.from({ length: 10 }, () => 100));
    expect(new Set(gw.calls.slice(1).flatMap((c) => c.parts))).toEqual(new Set(prefixes.slice(0, 1000)));

    const sent = gw.calls.length;
    const again = await get(gw.url, LIST, whole);
    expect(response(again.json)).toEqual(response(direct.json));
    expect(again.headers.get('x-partsheet-cache')).toBe('1000/1000');
    const readers = await Promise.all(Array.from({ length: 8 }, () => get(gw.url, LIST, whole)));
    for (const r of readers) expect(response(r.json)).toEqual(response(direct.json));
    expect(gw.calls.length).toBe(sent);
    // Refused again from memory: its thousand entries are not looked up and counted for each repeat.
    const health = await get(gw.url, '/healthz');
    expect(health.json.cache.lists).toMatchObject({
      refusedAgain: 9,
      refusedAsSent: 9,
      pieceRequests: 10,
      upstreamRequests: 11,
    });
  });

  test('a repeat sent word for word is refused before its entries are read; the same search written otherwise is refused from its entries', async () => {
    const whole = listQuery(asParts(prefixes.slice(0, 1000)), 25);
    const first = await get(gw.url, LIST, whole);
    expect(response(first.json)).toMatchObject({ returnCode: '54', success: false });
    const sent = gw.calls.length;
    const repeats = await Promise.all(Array.from({ length: 8 }, () => get(gw.url, LIST, whole)));
    for (const r of repeats) {
      expect(response(r.json)).toEqual(response(first.json));
      expect(r.headers.get('x-partsheet-cache')).toBe('1000/1000');
    }
    let lists = (await get(gw.url, '/healthz')).json.cache.lists;
    expect(lists).toMatchObject({ refusedAgain: 8, refusedAsSent: 8 });
    // The same parameters in another order: another text, the same search, refused from its entries (and from then
    // on by this text too).
    const reordered = { rows: whole.rows, req: whole.req };
    for (let i = 0; i < 2; i++) {
      const other = await get(gw.url, LIST, reordered);
      expect(response(other.json)).toEqual(response(first.json));
    }
    lists = (await get(gw.url, '/healthz')).json.cache.lists;
    expect(lists).toMatchObject({ refusedAgain: 10, refusedAsSent: 9 });
    // Another login's identical entries are its own search: not refused from this one's memory.
    const otherLogin = {
      ...whole,
      req: JSON.stringify({
        request: {
          login: 'someone-else',
          apikey: 'nokey',
          remoteIp: '',
          useExact: false,
          parts: asParts(prefixes.slice(0, 1000)),
        },
      }),
    };
    await get(gw.url, LIST, otherLogin);
    lists = (await get(gw.url, '/healthz')).json.cache.lists;
    expect(lists).toMatchObject({ refusedAgain: 10, refusedAsSent: 9 });
    expect(gw.calls.length).toBeGreaterThan(sent);
  });

  test('is refused from memory no longer than its parts stay cached: then it is asked for again, and refused again', async () => {
    await gw.close();
    gw = await startTestGateway({ productionUrl: svc.productionUrl, testUrl: svc.testUrl }, { cacheTtlSeconds: 1 });
    const whole = listQuery(asParts(prefixes.slice(0, 1000)), 25);
    const first = await get(gw.url, LIST, whole);
    expect(response(first.json)).toMatchObject({ returnCode: '54', success: false });
    const sent = gw.calls.length;
    expect(sent).toBe(11);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const later = await get(gw.url, LIST, whole);
    expect(response(later.json)).toEqual(response(first.json));
    expect(gw.calls.length).toBe(2 * sent);
    // Word for word too: its text is not remembered past its parts either.
    expect((await get(gw.url, '/healthz')).json.cache.lists).toMatchObject({ refusedAgain: 0, refusedAsSent: 0 });
  });

  test('a smaller search of the same parts is answered from the cache, as the service answers it', async () => {
    await get(gw.url, LIST, listQuery(asParts(prefixes.slice(0, 1000)), 25));
    const sent = gw.calls.length;
    const smaller = listQuery(asParts(prefixes.slice(450, 550)), 25);
    const via = await get(gw.url, LIST, smaller);
    expect(gw.calls.length).toBe(sent);
    expect(via.headers.get('x-partsheet-cache')).toBe('100/100');
    expect(response(via.json).success).toBe(true);
    const direct = await get(svc.productionUrl, LIST, smaller);
    const parts = (list: ReturnType<typeof resultList>) =>
      list.map((e) => [e.requestedPartNum, (e.PartList ?? []).length]);
    expect(parts(resultList(via.json))).toEqual(parts(resultList(direct.json)));
    expect(resultList(via.json).some((e) => (e.PartList ?? []).length > 0)).toBe(true);
  });

  test('a search whose cached entries alone pass the parts cap is refused before anything is asked for its new entries', async () => {
    await get(gw.url, LIST, listQuery(asParts(prefixes.slice(0, 1000)), 25));
    const sent = gw.calls.length;
    // Entries the gateway has never seen, and 900 of the refused ones.
    const fresh = prefixes.slice(1000);
    expect(fresh.length).toBeGreaterThan(10);
    const wider = listQuery(asParts([...fresh.slice(0, 5), ...prefixes.slice(0, 900), ...fresh.slice(5)]), 25);
    const direct = await get(svc.productionUrl, LIST, wider);
    expect(response(direct.json)).toMatchObject({ returnCode: '54', success: false });
    const via = await get(gw.url, LIST, wider);
    expect(response(via.json)).toEqual(response(direct.json));
    expect(gw.calls.length).toBe(sent);
    expect(via.headers.get('x-partsheet-cache')).toBe(`900/${900 + fresh.length}`);
    expect(gw.lines.some((line) => line.includes('"source":"gateway"') && line.includes('/search/list'))).toBe(true);
  });

  test('a small search that shares the refused request upstream gets its own answer, not the refusal', async () => {
    // A group's next request waits for its turn at the gate, and parts missing meanwhile join it. At 1 a second, a
    // first search takes the gate's turn; the two searches below arrive about a second before the next one (not
    // within the 20 ms a lone search is gathered for), so they leave together in one request.
    await gw.close();
    gw = await startTestGateway({ productionUrl: svc.productionUrl, testUrl: svc.testUrl }, { itemRate: 1 });
    await get(gw.url, LIST, listQuery(asParts(prefixes.slice(1005, 1006)), 25));
    const small = listQuery(asParts(prefixes.slice(1000, 1005)), 25);
    const [big, mine] = await Promise.all([
      get(gw.url, LIST, listQuery(asParts(prefixes.slice(0, 995)), 25)),
      get(gw.url, LIST, small),
    ]);
    expect(response(big.json)).toMatchObject({ returnCode: '54', success: false });
    // Both went upstream in one request, which the service refused.
    expect(gw.calls.map((c) => c.parts.length).slice(0, 2)).toEqual([1, 1000]);
    expect(response(mine.json).success).toBe(true);
    const direct = await get(svc.productionUrl, LIST, small);
    expect(resultList(mine.json).map((e) => e.requestedPartNum)).toEqual(
      resultList(direct.json).map((e) => e.requestedPartNum),
    );
    expect(mine.json.itemserviceresult.data[0].partsFound).toBe(direct.json.itemserviceresult.data[0].partsFound);
  });
});
