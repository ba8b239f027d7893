/**
 * Two gateway instances sharing a Redis that answers slowly: a real redis-server on loopback behind a proxy of the
 * test's own that holds every reply chunk for a delay set at run time (testing/redis-delay-proxy.ts). At 300 ms a
 * reply the users' list and token searches take about what they take with Redis idle (each instance works alone,
 * and says so in /healthz and its log, once); when Redis answers quickly again the instances share again within a
 * few seconds; and a saturated Redis (replies held for seconds) holds no request.
 */
import Redis from 'ioredis';
import { namespaceFor } from '../../gateway/deployment';
import { addSharedToken, revokeSharedToken, tokenKeys } from '../../gateway/redis-tokens';
import { DEMO_AUTH, get, startProductionLike, type TestService } from '../helpers/service';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { startDelayProxy, startTestRedis, type DelayProxy, type TestRedis } from '../helpers/redis';
import { LIST_V4, listCalls, listParams, series } from '../helpers/gateway-lists';
import { until } from '../helpers/until';

jest.setTimeout(120_000);

const TOKEN_SEARCH = '/itemservice/v4/en/search/token';

let redis: TestRedis;
let proxy: DelayProxy;
let upstream: TestService;
let token: string;
beforeAll(async () => {
  redis = await startTestRedis();
  proxy = await startDelayProxy({ port: redis.port });
  upstream = await startProductionLike({ parts: 200, latencyMs: 20, perLoginPerSecond: 100_000 });
});
// Each test on an empty Redis (claims and collections of the test before gone), with a token of its own.
beforeEach(async () => {
  const admin = new Redis(redis.url);
  await admin.flushall();
  token = await addSharedToken(admin, tokenKeys(namespaceFor('slow-test')), 'ada');
  admin.disconnect();
});
afterAll(async () => {
  await upstream?.close();
  await proxy?.close();
  await redis?.close();
});

const healthOf = async (gw: TestGateway) => (await get(gw.url, '/healthz')).json;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Two instances on the proxy, a token required (its limit counted in Redis, a shared step of every request). */
async function pair(): Promise<TestGateway[]> {
  const gws: TestGateway[] = [];
  for (let i = 0; i < 2; i++)
    gws.push(
      await startTestGateway(upstream, {
        redisUrl: proxy.url,
        redisNamespace: 'slow-test',
        instances: 2,
        requireTokens: true,
      }),
    );
  await until('both instances know the token', async () =>
    (await Promise.all(gws.map(healthOf))).every((h) => h.tokens === 1 && h.shared.state === 'sharing'),
  );
  return gws;
}

/**
 * `count` searches one after another, over the two instances in turn, alternating a list search of 20 parts and a
 * token search, all new (so each needs the upstream): each one's time, and its status and lines.
 */
async function searches(gws: TestGateway[], name: string, count: number) {
  const headers = { headers: { 'x-partsheet-token': token } };
  const times: number[] = [];
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) {
    const gw = gws[i % 2];
    const start = Date.now();
    if (i % 2 === 0) {
      const answer = await get(gw.url, LIST_V4, listParams(series(name, i * 20, 20)), headers);
      outcomes.push(`${answer.status} ${answer.json?.itemserviceresult?.data?.[0]?.resultList?.length}`);
    } else {
      const params = { keyword: `${name}${i}`, login: DEMO_AUTH.login, apikey: DEMO_AUTH.apikey };
      const answer = await get(gw.url, TOKEN_SEARCH, params, headers);
      outcomes.push(`${answer.status} ${answer.json?.itemserviceresult ? 'answered' : 'no answer'}`);
    }
    times.push(Date.now() - start);
  }
  const expected = outcomes.map((_, i) => (i % 2 === 0 ? '200 20' : '200 answered'));
  return { times, outcomes, expected };
}

describe('two instances on a slow Redis', () => {
  test('a token revoked while Redis is slow is refused by every instance working alone, within seconds', async () => {
    const gws = await pair();
    try {
      const headers = { headers: { 'x-partsheet-token': token } };
      const params = { keyword: 'REVOKED', login: DEMO_AUTH.login, apikey: DEMO_AUTH.apikey };
      proxy.setDelay(300);
      await until(
        'both instances work alone',
        async () => (await Promise.all(gws.map(healthOf))).every((h) => h.shared.state === 'fallback'),
        30_000,
      );
      for (const gw of gws) expect((await get(gw.url, TOKEN_SEARCH, params, headers)).status).toBe(200);
      // The administrator revokes ada on the Redis itself (the command waits for the slow replies).
      const admin = new Redis(redis.url);
      await revokeSharedToken(admin, tokenKeys(namespaceFor('slow-test')), 'ada');
      admin.disconnect();
      const tookMs = await until('both instances refuse the revoked token', async () =>
        (await Promise.all(gws.map((gw) => get(gw.url, TOKEN_SEARCH, params, headers)))).every((a) => a.status === 401),
      );
      expect(tookMs).toBeLessThan(10_000);
      // Still working alone: the revoke did not wait for Redis to be fast again.
      for (const h of await Promise.all(gws.map(healthOf))) expect(h.shared.state).toBe('fallback');
    } finally {
      proxy.setDelay(0);
      await Promise.all(gws.map((gw) => gw.close()));
    }
  });

  test('at 300 ms a reply, searches take about what they take with Redis idle; the instances work alone, say why, and share again once Redis is fast', async () => {
    const gws = await pair();
    try {
      proxy.setDelay(0);
      const idle = await searches(gws, 'IDLE', 12);
      expect(idle.outcomes).toEqual(idle.expected);

      proxy.setDelay(300);
      const slow = await searches(gws, 'SLOW', 16);
      expect(slow.outcomes).toEqual(slow.expected);
      // Every Redis step of a search takes 300 ms here: waiting for them, a token search takes 600 ms and more and a
      // list search seconds. Working alone, the median search is about what it is with Redis idle.
      expect(median(slow.times)).toBeLessThan(median(idle.times) + 250);

      const healths = await Promise.all(gws.map(healthOf));
      for (const h of healths) {
        expect(h.shared).toMatchObject({ state: 'fallback', reason: 'slow', budgetMs: 100 });
        // The latency shown now is the probes' since, less the time the process was held: on a machine busy with
        // other work that can read under the budget (86.7 ms was seen). The figure that sent it off alone is logged.
        expect(typeof h.shared.latencyMs).toBe('number');
        // The steps that went on alone before the instance fell back are counted.
        expect(h.shared.slowSteps).toBeGreaterThan(0);
      }
      for (const gw of gws) {
        const told = gw.lines.filter((l) => l.includes('Redis is slow'));
        expect(told).toHaveLength(1);
        expect(Number(/"latencyMs":\s*(\d+)/.exec(told[0])?.[1])).toBeGreaterThanOrEqual(100);
      }

      // Redis fast again: both instances share again within a few seconds, and say so once.
      proxy.setDelay(0);
      const tookMs = await until('both instances share again', async () =>
        (await Promise.all(gws.map(healthOf))).every((h) => h.shared.state === 'sharing'),
      );
      expect(tookMs).toBeLessThan(10_000);
      for (const gw of gws) {
        expect(gw.lines.filter((l) => l.includes('Redis answers in time again'))).toHaveLength(1);
        expect(gw.lines.filter((l) => l.includes('Redis is slow'))).toHaveLength(1);
      }
      // Sharing: a part new to both goes upstream once, whichever instance is asked for it.
      const before = listCalls(gws).length;
      const fresh = series('FAST', 0, 5);
      const headers = { headers: { 'x-partsheet-token': token } };
      const first = await get(gws[0].url, LIST_V4, listParams(fresh), headers);
      const second = await get(gws[1].url, LIST_V4, listParams(fresh), headers);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(listCalls(gws).length - before).toBe(1);
    } finally {
      proxy.setDelay(0);
      await Promise.all(gws.map((gw) => gw.close()));
    }
  });

  test('a saturated Redis (every reply held for 4 s) holds no request', async () => {
    const gws = await pair();
    try {
      proxy.setDelay(0);
      const idle = await searches(gws, 'CALM', 8);
      expect(idle.outcomes).toEqual(idle.expected);

      proxy.setDelay(4000);
      // Searches for 12 s: well past the first held replies' arrival, from when on replies keep coming (each 4 s late),
      // so the connection never looks dead, and a step that waits for its reply waits 4 s.
      const started = Date.now();
      const held = { times: [] as number[], outcomes: [] as string[], expected: [] as string[] };
      for (let round = 0; Date.now() - started < 12_000 && round < 60; round++) {
        const some = await searches(gws, `HELD${round}_`, 4);
        held.times.push(...some.times);
        held.outcomes.push(...some.outcomes);
        held.expected.push(...some.expected);
      }
      expect(held.outcomes).toEqual(held.expected);
      // Waiting for a held reply costs 4 s: no search waited for one.
      expect(Math.max(...held.times)).toBeLessThan(2000);
      expect(median(held.times)).toBeLessThan(median(idle.times) + 250);
      for (const h of await Promise.all(gws.map(healthOf))) expect(h.shared.state).toBe('fallback');
    } finally {
      proxy.setDelay(0);
      await Promise.all(gws.map((gw) => gw.close()));
    }
  });
});
