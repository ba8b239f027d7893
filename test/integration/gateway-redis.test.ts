/**
 * Three gateway instances sharing one Redis (a redis-server of the test's own on loopback), requests spread over
 * them in turn: overlapping BOMs cost the upstream what one instance costs, the upstream's allowance holds for all
 * of them together, a pause one learns holds the others, a token's limit and its revocation hold on every instance,
 * and Redis stopped mid-run fails no request (each instance falls back, says so once, and shares again when Redis
 * is back).
 */
import Redis from 'ioredis';
import { gatewayCommand } from '../../cli/gateway';
import { namespaceFor } from '../../gateway/deployment';
import { addSharedToken, revokeSharedToken, tokenKeys } from '../../gateway/redis-tokens';
import { digestOf } from '../../gateway/tokens';
import { DEMO_AUTH, get, startProductionLike, type TestService } from '../helpers/service';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { startRecordingUpstream, type RecordingUpstream } from '../helpers/recording-upstream';
import { startTestRedis, type TestRedis } from '../helpers/redis';
import { LIST_V4, type ListPart, listCalls, listParams, series } from '../helpers/gateway-lists';
import { until } from '../helpers/until';

jest.setTimeout(120_000);

const TOKEN_SEARCH = '/itemservice/v4/en/search/token';
/** The instances' namespace in Redis, and where their tokens are kept there. */
const NAMESPACE = 'shared-test';
const TOKEN_KEYS = tokenKeys(namespaceFor(NAMESPACE));

const tokenParams = (keyword: string) => ({ keyword, login: DEMO_AUTH.login, apikey: DEMO_AUTH.apikey });

/** The most calls that started within any one second. */
function mostInOneSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
const healthOf = async (gw: TestGateway) => (await get(gw.url, '/healthz')).json;

let redis: TestRedis;
let upstream: TestService;
beforeAll(async () => {
  redis = await startTestRedis();
  upstream = await startProductionLike({ parts: 200, latencyMs: 20, perLoginPerSecond: 100_000 });
});
afterAll(async () => {
  await upstream?.close();
  await redis?.close();
});

async function instances(
  n: number,
  settings: Parameters<typeof startTestGateway>[1] = {},
  target: { productionUrl: string; testUrl: string } = upstream,
): Promise<TestGateway[]> {
  const gws: TestGateway[] = [];
  for (let i = 0; i < n; i++)
    gws.push(
      await startTestGateway(target, {
        redisUrl: redis.url,
        instances: n,
        // The token tests' namespace, for the admin's commands; other upstreams get namespaces of their own.
        ...(target === upstream ? { redisNamespace: NAMESPACE } : {}),
        ...settings,
      }),
    );
  return gws;
}
const closeAll = (gws: TestGateway[]) => Promise.all(gws.map((gw) => gw.close()));

describe('three instances sharing one Redis', () => {
  test('overlapping BOMs spread over three instances cost the upstream what one instance costs, and a part cached by one is served by all', async () => {
    // 12 users, each a 150-line BOM out of 400 parts, every BOM overlapping the next.
    const boms = Array.from({ length: 12 }, (_, u) => series('OVL', u * 25, 150));
    const distinct = new Set(boms.flat().map((p) => p.partNum));

    const alone = await startTestGateway(upstream, { itemRate: 4 });
    try {
      const answers = await Promise.all(boms.map((bom) => get(alone.url, LIST_V4, listParams(bom))));
      expect(answers.map((a) => a.status)).toEqual(boms.map(() => 200));
    } finally {
      await alone.close();
    }
    const oneInstance = listCalls([alone]);
    expect(oneInstance.flatMap((c) => c.parts).length).toBe(distinct.size);

    const gws = await instances(3, { itemRate: 4 });
    try {
      const answers = await Promise.all(boms.map((bom, i) => get(gws[i % 3].url, LIST_V4, listParams(bom))));
      expect(answers.map((a) => a.status)).toEqual(boms.map(() => 200));
      const calls = listCalls(gws);
      const sent = calls.flatMap((c) => c.parts);
      expect(new Set(sent).size).toBe(distinct.size);
      // Every part went upstream once, from whichever instance claimed it first (while Redis answered in its budget).
      if ((await Promise.all(gws.map(healthOf))).every((h) => h.shared.slowSteps + h.shared.fallbacks === 0)) {
        expect(sent.length).toBe(distinct.size);
        expect(calls.length).toBeLessThanOrEqual(oneInstance.length + 1);
      }

      // Again, each user on another instance than before: nothing goes upstream, and the answers are the same.
      const again = await Promise.all(boms.map((bom, i) => get(gws[(i + 1) % 3].url, LIST_V4, listParams(bom))));
      expect(again.map((a) => a.status)).toEqual(boms.map(() => 200));
      expect(listCalls(gws)).toHaveLength(calls.length);
      again.forEach((a, i) => expect(a.json.itemserviceresult.data).toEqual(answers[i].json.itemserviceresult.data));
      const shared = await Promise.all(gws.map(healthOf));
      for (const h of shared) expect(h.shared.state).toBe('sharing');
      expect(shared.reduce((sum, h) => sum + h.cache.lists.sharedHits, 0)).toBeGreaterThan(0);
    } finally {
      await closeAll(gws);
    }
  });

  test('a burst of more parts than one search carries, spread over three instances, costs the upstream what one instance costs', async () => {
    // 12 users, each a 400-line BOM out of 2,600 parts: three searches' worth at least.
    const boms = Array.from({ length: 12 }, (_, u) => series('BIG', u * 200, 400));
    const distinct = new Set(boms.flat().map((p) => p.partNum));
    const alone = await startTestGateway(upstream, { itemRate: 4 });
    try {
      const answers = await Promise.all(boms.map((bom) => get(alone.url, LIST_V4, listParams(bom))));
      expect(answers.map((a) => a.status)).toEqual(boms.map(() => 200));
    } finally {
      await alone.close();
    }
    const oneInstance = listCalls([alone]).length;
    const gws = await instances(3, { itemRate: 4 });
    try {
      const answers = await Promise.all(boms.map((bom, i) => get(gws[i % 3].url, LIST_V4, listParams(bom))));
      expect(answers.map((a) => a.status)).toEqual(boms.map(() => 200));
      const calls = listCalls(gws);
      const sent = calls.flatMap((c) => c.parts);
      expect(new Set(sent).size).toBe(distinct.size);
      // Every part once, in as many searches as one instance needs, plus one at most: while Redis answers within its
      // budget. A step it answered later goes on alone, as it must (a slow Redis stalls no client), and says so.
      const alone = (await Promise.all(gws.map(healthOf))).reduce(
        (n, h) => n + h.shared.slowSteps + h.shared.fallbacks,
        0,
      );
      if (alone === 0) {
        expect(sent.length).toBe(distinct.size);
        expect(calls.length).toBeLessThanOrEqual(oneInstance + 1);
        expect(calls.length).toBeLessThanOrEqual(Math.ceil(distinct.size / 1000) + 1);
      }
      // Each client got its own lines.
      answers.forEach((a, i) => expect(a.json.itemserviceresult.data[0].resultList).toHaveLength(boms[i].length));
    } finally {
      await closeAll(gws);
    }
  });

  test('together the instances never send the upstream more than its allowance a second', async () => {
    const gws = await instances(3, { itemRate: 5 });
    try {
      const keywords = Array.from({ length: 24 }, (_, i) => `rate${i}`);
      const answers = await Promise.all(keywords.map((k, i) => get(gws[i % 3].url, TOKEN_SEARCH, tokenParams(k))));
      expect(answers.map((a) => a.status)).toEqual(keywords.map(() => 200));
      const times = gws.flatMap((gw) => gw.calls.map((c) => c.at));
      expect(times).toHaveLength(24);
      // Five a second, one more allowed for a start delivered late against the next one on time: while Redis answers
      // within its budget. A gate step it answered later goes on alone at the instance's share of the allowance (a
      // slow Redis stalls no client), so a second may then also hold up to that share of each instance.
      const alone = (await Promise.all(gws.map(healthOf))).some((h) => h.shared.slowSteps + h.shared.fallbacks > 0);
      expect(mostInOneSecond(times)).toBeLessThanOrEqual(alone ? 5 + 5 + 1 : 6);
      // Every instance sent its own searches: the allowance was shared, not one instance's alone.
      for (const gw of gws) expect(gw.calls.length).toBeGreaterThan(0);
    } finally {
      await closeAll(gws);
    }
  });

  test('a Retry-After one instance is told holds the others too', async () => {
    const busy: RecordingUpstream = await startRecordingUpstream();
    const gws = await instances(3, { itemRate: 50 }, { productionUrl: busy.url, testUrl: busy.url });
    try {
      busy.busy = true;
      busy.retryAfter = '2';
      const first = get(gws[0].url, TOKEN_SEARCH, tokenParams('pause0'));
      await until('the busy answer', async () => busy.received.length > 0);
      const busyAt = busy.received[0].at;
      busy.busy = false;
      // Give the pause the time to reach Redis, then ask the other instances.
      await until('the pause stored', async () => (await healthOf(gws[0])).upstreams.item.pausedForMs > 0);
      const others = await Promise.all(
        [1, 2, 1, 2].map((g, i) => get(gws[g].url, TOKEN_SEARCH, tokenParams(`pause${i + 1}`))),
      );
      expect(others.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect((await first).status).toBe(200);
      const later = busy.received.slice(1);
      expect(later.length).toBeGreaterThanOrEqual(5);
      // Nothing reached the upstream before its two seconds were over (the server's clock and ours: 100 ms apart at most).
      for (const r of later) expect(r.at - busyAt).toBeGreaterThanOrEqual(1900);
    } finally {
      await closeAll(gws);
      await busy.close();
    }
  });

  test("a token's limit is counted over all instances, and a revoke holds on every instance", async () => {
    const gws = await instances(3, { requireTokens: true, tokenRatePerMinute: 4 });
    const admin = new Redis(redis.url);
    try {
      const token = await addSharedToken(admin, TOKEN_KEYS, 'ada');
      const headers = { headers: { 'x-partsheet-token': token } };
      // The instances were running before the token was issued: each learns it from Redis.
      await until('every instance knows the token', async () =>
        (await Promise.all(gws.map(healthOf))).every((h) => h.tokens === 1),
      );
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await get(gws[i % 3].url, TOKEN_SEARCH, tokenParams(`limit${i}`), headers)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);

      const other = await addSharedToken(admin, TOKEN_KEYS, 'bob');
      const bob = { headers: { 'x-partsheet-token': other } };
      await until('every instance knows bob', async () =>
        (await Promise.all(gws.map(healthOf))).every((h) => h.tokens === 2),
      );
      for (const gw of gws) expect((await get(gw.url, TOKEN_SEARCH, tokenParams('bob'), bob)).status).toBe(200);
      await revokeSharedToken(admin, TOKEN_KEYS, 'bob');
      await until('every instance refuses the revoked token', async () => {
        const answers = await Promise.all(gws.map((gw) => get(gw.url, TOKEN_SEARCH, tokenParams('bob'), bob)));
        return answers.every((a) => a.status === 401);
      });
    } finally {
      admin.disconnect();
      await closeAll(gws);
    }
  });

  test('a revoke is in force on all three instances within one second, whether its announcement arrives or not', async () => {
    const gws = await instances(3, { requireTokens: true, tokenRatePerMinute: 0 });
    const admin = new Redis(redis.url);
    try {
      const eve = await addSharedToken(admin, TOKEN_KEYS, 'eve');
      const fay = await addSharedToken(admin, TOKEN_KEYS, 'fay');
      const ask = (gw: TestGateway, token: string) =>
        get(gw.url, TOKEN_SEARCH, tokenParams('revoked'), { headers: { 'x-partsheet-token': token } });
      await until('every instance takes both tokens', async () =>
        (await Promise.all(gws.flatMap((gw) => [ask(gw, eve), ask(gw, fay)]))).every((a) => a.status === 200),
      );
      // Each instance is asked until it refuses; none may take longer than a second from the revoke's return.
      const refusedWithinOneSecond = (token: string) =>
        Promise.all(
          gws.map((gw, i) =>
            until(
              `instance ${i + 1} refuses the revoked token`,
              async () => (await ask(gw, token)).status === 401,
              1000,
            ),
          ),
        );

      // Announced: the revoke command publishes the change and every instance reads the tokens again.
      await revokeSharedToken(admin, TOKEN_KEYS, 'eve');
      await refusedWithinOneSecond(eve);

      // Not announced (as when an instance's subscription drops the message): the change counter, looked at twice
      // a second, is what tells the instances.
      await admin
        .multi()
        .hdel(TOKEN_KEYS.names, 'fay')
        .hdel(TOKEN_KEYS.tokens, digestOf(fay))
        .incr(TOKEN_KEYS.version)
        .exec();
      await refusedWithinOneSecond(fay);
      // A token issued now is taken everywhere as quickly.
      const gus = await addSharedToken(admin, TOKEN_KEYS, 'gus');
      await until(
        'every instance takes a new token',
        async () => (await Promise.all(gws.map((gw) => ask(gw, gus)))).every((a) => a.status === 200),
        1000,
      );
    } finally {
      admin.disconnect();
      await closeAll(gws);
    }
  });

  test('Redis stopped mid-run fails no request: each instance falls back, says so once, and shares again once it is back', async () => {
    const admin = new Redis(redis.url);
    // The tokens of the tests before are gone: this test counts its own.
    await admin.flushall();
    const gws = await instances(3, { requireTokens: true });
    let stopped = false;
    try {
      const token = await addSharedToken(admin, TOKEN_KEYS, 'dora');
      admin.disconnect();
      const headers = { headers: { 'x-partsheet-token': token } };
      await until('every instance knows the token', async () =>
        (await Promise.all(gws.map(healthOf))).every((h) => h.tokens === 1),
      );
      const statuses: number[] = [];
      let round = 0;
      const ask = async (parts: ListPart[]) => {
        const answers = await Promise.all(gws.map((gw) => get(gw.url, LIST_V4, listParams(parts), headers)));
        statuses.push(...answers.map((a) => a.status));
        round++;
      };
      await ask(series('DOWN', 0, 20));
      await redis.stop();
      stopped = true;
      await until('every instance has fallen back', async () =>
        (await Promise.all(gws.map(healthOf))).every((h) => h.shared.state === 'fallback'),
      );
      for (let i = 1; i <= 5; i++) await ask(series('DOWN', i * 10, 20));
      await redis.start();
      stopped = false;
      await until('every instance shares again', async () =>
        (await Promise.all(gws.map(healthOf))).every((h) => h.shared.state === 'sharing'),
      );
      expect(round).toBe(6);
      expect(statuses).toEqual(statuses.map(() => 200));
      // Redis came back empty: no token set is kept in force that no one can see or revoke; each says so once.
      await until('every instance refuses the token Redis no longer holds', async () =>
        (await Promise.all(gws.map((gw) => get(gw.url, LIST_V4, listParams(series('DOWN', 0, 20)), headers)))).every(
          (a) => a.status === 401,
        ),
      );
      for (const gw of gws) expect(gw.lines.filter((l) => l.includes('Redis holds no gateway tokens'))).toHaveLength(1);
      for (const gw of gws) {
        expect(gw.lines.filter((l) => l.includes('Redis cannot be reached'))).toHaveLength(1);
        expect(gw.lines.filter((l) => l.includes('Redis is reachable again'))).toHaveLength(1);
      }
      const again = new Redis(redis.url);
      headers.headers['x-partsheet-token'] = await addSharedToken(again, TOKEN_KEYS, 'dora');
      again.disconnect();
      await until('every instance knows the token added again', async () =>
        (await Promise.all(gws.map(healthOf))).every((h) => h.tokens === 1),
      );
      // Sharing again: a part new to all goes upstream once, however many instances are asked for it.
      const before = listCalls(gws).length;
      const fresh = series('BACK', 0, 5);
      const first = await get(gws[0].url, LIST_V4, listParams(fresh), headers);
      const rest = await Promise.all([gws[1], gws[2]].map((gw) => get(gw.url, LIST_V4, listParams(fresh), headers)));
      expect([first, ...rest].map((a) => a.status)).toEqual([200, 200, 200]);
      expect(listCalls(gws).length - before).toBe(1);
    } finally {
      admin.disconnect();
      if (stopped) await redis.start();
      await closeAll(gws);
    }
  });

  test('`gateway tokens` add, list and revoke against a Redis that asks for a password, and the instances follow', async () => {
    const locked = await startTestRedis(['--requirepass', 'open-sesame']);
    const env = {
      PARTSHEET_GATEWAY_REDIS_URL: locked.url,
      PARTSHEET_GATEWAY_REDIS_PASSWORD: 'open-sesame',
      PARTSHEET_GATEWAY_REDIS_NAMESPACE: 'locked',
      // The commands name the instances' deployment as the instances do.
      PARTSHEET_GATEWAY_ITEM_UPSTREAM: upstream.productionUrl,
      PARTSHEET_GATEWAY_CHECKOUT_UPSTREAM: upstream.productionUrl,
      PARTSHEET_GATEWAY_TEST_CHECKOUT_UPSTREAM: upstream.testUrl,
    };
    const gws: TestGateway[] = [];
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await gatewayCommand(['tokens', ...argv], { out: (s) => out.push(s), err: (s) => err.push(s) }, env);
      return { code, out, err };
    };
    try {
      for (let i = 0; i < 2; i++)
        gws.push(
          await startTestGateway(upstream, {
            redisUrl: locked.url,
            redisPassword: 'open-sesame',
            redisNamespace: 'locked',
            instances: 2,
            requireTokens: true,
          }),
        );
      const added = await cli('add', 'carol');
      expect(added.code).toBe(0);
      const token = added.out[1];
      expect(token).toMatch(/^pst_/);
      expect((await cli('add', 'carol')).code).toBe(2);
      const listed = await cli('list');
      expect(listed.out).toHaveLength(1);
      expect(listed.out[0]).toMatch(/^carol\tcreated /);
      const headers = { headers: { 'x-partsheet-token': token } };
      await until('both instances take the token', async () =>
        (await Promise.all(gws.map((gw) => get(gw.url, TOKEN_SEARCH, tokenParams('carol'), headers)))).every(
          (a) => a.status === 200,
        ),
      );
      expect((await cli('revoke', 'carol')).code).toBe(0);
      await until('both instances refuse it', async () =>
        (await Promise.all(gws.map((gw) => get(gw.url, TOKEN_SEARCH, tokenParams('carol'), headers)))).every(
          (a) => a.status === 401,
        ),
      );
      expect((await cli('list')).out).toEqual(['No gateway tokens in Redis (namespace partsheet:gw:locked:).']);
      // Without the password the server is not reached, and the command says so.
      const said: string[] = [];
      const refused = await gatewayCommand(
        ['tokens', 'list'],
        { out: () => undefined, err: (s) => said.push(s) },
        { PARTSHEET_GATEWAY_REDIS_URL: locked.url, PARTSHEET_GATEWAY_REDIS_NAMESPACE: 'locked' },
      );
      expect(refused).not.toBe(0);
      expect(said.join('\n')).toMatch(/NOAUTH|auth/i);
      for (const gw of gws) expect((await healthOf(gw)).shared.state).toBe('sharing');
    } finally {
      await closeAll(gws);
      await locked.close();
    }
  });
});
