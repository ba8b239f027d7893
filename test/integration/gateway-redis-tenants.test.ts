/**
 * Two teams' gateways given one Redis (a redis-server of the test's own on loopback) are kept apart: each deployment's
 * keys live under a namespace of its own, so one team's tokens, cached answers and upstream pauses never reach the
 * other's, and a gateway whose settings do not match the namespace it is given refuses to start. Revocation holds
 * when Redis restarts without its data, and an instance that started on its token file while Redis was down takes
 * the set in Redis once it is back, on every instance, every time.
 */
import { join } from 'node:path';
import Redis from 'ioredis';
import { tempFolder } from '../helpers/temp-folder';
import { gatewayCommand } from '../../cli/gateway';
import { DEFAULTS, type GatewayConfig } from '../../gateway/config';
import { credentialsDigest, deploymentOf } from '../../gateway/deployment';
import { addToken } from '../../gateway/tokens';
import { get } from '../helpers/service';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { startRecordingUpstream, type RecordingUpstream, type Received } from '../helpers/recording-upstream';
import { startTestRedis, type TestRedis } from '../helpers/redis';
import { LIST_V4, type ListPart, series } from '../helpers/gateway-lists';
import { until } from '../helpers/until';
import { runningNow } from '../helpers/held-time';

jest.setTimeout(180_000);

const TOKEN_SEARCH = '/itemservice/v4/en/search/token';
const TEAM_A = { teamLogin: 'team-a', teamApikey: 'a-secret-key-0123456789' };
const TEAM_B = { teamLogin: 'team-b', teamApikey: 'b-secret-key-9876543210' };

let redis: TestRedis;
let upstream: RecordingUpstream;
beforeAll(async () => {
  redis = await startTestRedis();
  upstream = await startRecordingUpstream();
});
afterAll(async () => {
  await upstream?.close();
  await redis?.close();
});

const target = () => ({ productionUrl: upstream.url, testUrl: upstream.url });
/** The upstream settings the test gateways get (startTestGateway sends every path to the recording upstream). */
const upstreams = () => ({
  itemUpstream: upstream.url,
  checkoutUpstream: upstream.url,
  testCheckoutUpstream: upstream.url,
});
const team = (t: typeof TEAM_A, settings: Partial<GatewayConfig> = {}) =>
  startTestGateway(target(), { redisUrl: redis.url, ...t, ...settings });
const closeAll = (gws: TestGateway[]) => Promise.all(gws.map((gw) => gw.close()));
const withToken = (token: string) => ({ headers: { 'x-partsheet-token': token } });
const healthOf = async (gw: TestGateway) => (await get(gw.url, '/healthz')).json;
const ask = (gw: TestGateway, token: string, keyword = 'x') =>
  get(gw.url, TOKEN_SEARCH, { keyword }, withToken(token)).then((a) => a.status);

/** A list search of `parts` as the add-in sends it (its own login, replaced by the team's). */
const listOf = (parts: ListPart[]) => ({
  req: JSON.stringify({ request: { login: 'me', apikey: 'mine', remoteIp: '', useExact: true, parts } }),
});

/** The API key and part numbers of an upstream list search. */
function listSent(r: Received): { apikey?: string; parts: string[] } {
  const doc = JSON.parse(r.query.get('req') ?? '{}') as { request?: { apikey?: string; parts?: ListPart[] } };
  return { apikey: doc.request?.apikey, parts: (doc.request?.parts ?? []).map((p) => p.partNum) };
}

/** `partsheet gateway tokens ARGV` run with the settings of team `t`'s gateways (as its administrator runs it). */
async function tokensCli(t: typeof TEAM_A, argv: string[], more: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const env = {
    PARTSHEET_GATEWAY_REDIS_URL: redis.url,
    PARTSHEET_GATEWAY_TEAM_LOGIN: t.teamLogin,
    PARTSHEET_GATEWAY_TEAM_APIKEY: t.teamApikey,
    PARTSHEET_GATEWAY_ITEM_UPSTREAM: upstream.url,
    PARTSHEET_GATEWAY_CHECKOUT_UPSTREAM: upstream.url,
    PARTSHEET_GATEWAY_TEST_CHECKOUT_UPSTREAM: upstream.url,
    ...more,
  };
  const code = await gatewayCommand(['tokens', ...argv], { out: (s) => out.push(s), err: (s) => err.push(s) }, env);
  return { code, out, err };
}
const issued = async (t: typeof TEAM_A, name: string) => {
  const added = await tokensCli(t, ['add', name]);
  expect(added.code).toBe(0);
  return added.out[1];
};

describe('two teams on one Redis', () => {
  test("team A's token is refused by team B's gateway; B's admin cannot see or revoke A's tokens and issues its own alice", async () => {
    const gws = [await team(TEAM_A), await team(TEAM_B)];
    const [a, b] = gws;
    try {
      const alice = await issued(TEAM_A, 'alice');
      await until('A takes its token', async () => (await ask(a, alice)) === 200);
      const before = upstream.received.length;
      expect(await ask(b, alice)).toBe(401);
      // Refused before anything went upstream under B's key.
      expect(upstream.received.slice(before).filter((r) => r.login === TEAM_B.teamLogin)).toHaveLength(0);

      const listed = await tokensCli(TEAM_B, ['list']);
      expect(listed.out.join('\n')).not.toMatch(/alice/);
      const revoked = await tokensCli(TEAM_B, ['revoke', 'alice']);
      expect(revoked.code).toBe(0);
      expect(revoked.out.join('\n')).not.toMatch(/Revoked/);
      await new Promise((r) => setTimeout(r, 1200));
      expect(await ask(a, alice)).toBe(200);

      const bobsAlice = await issued(TEAM_B, 'alice');
      await until('B takes its own alice', async () => (await ask(b, bobsAlice)) === 200);
      expect(await ask(a, bobsAlice)).toBe(401);
      expect(await ask(b, alice)).toBe(401);
      expect((await tokensCli(TEAM_A, ['list'])).out).toHaveLength(1);
    } finally {
      await closeAll(gws);
    }
  });

  test('`tokens list` prints the names read from Redis escaped', async () => {
    const a = await team(TEAM_A);
    const admin = new Redis(redis.url);
    try {
      const listed = await tokensCli(TEAM_A, ['list']);
      expect(listed.code).toBe(0);
      const { namespace } = deploymentOf({ ...DEFAULTS, ...TEAM_A, ...upstreams() });
      const before = listed.out.filter((l) => l.includes('\tcreated ')).length;
      // Anyone who can write to the Redis can write a name holding an escape sequence.
      const name = '\u001b]0;owned\u0007\u001b[2Jmallory';
      await admin.hset(`${namespace}tokens`, 'sha256:00', JSON.stringify({ name, created: '2026-01-01T00:00:00Z' }));
      const out = (await tokensCli(TEAM_A, ['list'])).out;
      expect(out.filter((l) => l.includes('\tcreated '))).toHaveLength(before + 1);
      expect(out.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
      expect(out.join('\n')).toContain('\\x1b]0;owned\\x07\\x1b[2Jmallory');
      await admin.hdel(`${namespace}tokens`, 'sha256:00');
    } finally {
      admin.disconnect();
      await a.close();
    }
  });

  test("B is never served answers fetched with A's key, and B's parts never go upstream under A's key", async () => {
    const gws = [await team(TEAM_A), await team(TEAM_B)];
    const [a, b] = gws;
    try {
      const alice = await issued(TEAM_A, 'alice2');
      const bob = await issued(TEAM_B, 'bob2');
      await until('both take their tokens', async () => (await ask(a, alice)) === 200 && (await ask(b, bob)) === 200);
      const from = upstream.received.length;
      // A fetches a list and a token search; B asks the same afterwards: B's come from upstream under B's key.
      const parts = series('CACHED', 0, 20);
      expect((await get(a.url, LIST_V4, listOf(parts), withToken(alice))).status).toBe(200);
      expect(await ask(a, alice, 'shared-keyword')).toBe(200);
      expect((await get(b.url, LIST_V4, listOf(parts), withToken(bob))).status).toBe(200);
      expect(await ask(b, bob, 'shared-keyword')).toBe(200);
      // Asked at A and B together: each team's parts go upstream with its own key only.
      const onlyA = series('ONLYA', 0, 30);
      const onlyB = series('ONLYB', 0, 30);
      const both = series('BOTH', 0, 10);
      const answers = await Promise.all([
        get(a.url, LIST_V4, listOf([...onlyA, ...both]), withToken(alice)),
        get(b.url, LIST_V4, listOf([...onlyB, ...both]), withToken(bob)),
      ]);
      expect(answers.map((x) => x.status)).toEqual([200, 200]);

      const sent = upstream.received.slice(from);
      const lists = sent.filter((r) => r.path.endsWith('/search/list')).map(listSent);
      const keysOf = (partNum: string) => new Set(lists.filter((l) => l.parts.includes(partNum)).map((l) => l.apikey));
      for (const p of [...parts, ...both])
        expect(keysOf(p.partNum)).toEqual(new Set([TEAM_A.teamApikey, TEAM_B.teamApikey]));
      for (const p of onlyA) expect(keysOf(p.partNum)).toEqual(new Set([TEAM_A.teamApikey]));
      for (const p of onlyB) expect(keysOf(p.partNum)).toEqual(new Set([TEAM_B.teamApikey]));
      const tokenSearches = sent.filter(
        (r) => r.path.endsWith('/search/token') && r.query.get('keyword') === 'shared-keyword',
      );
      expect(tokenSearches.map((r) => r.query.get('apikey')).sort()).toEqual([TEAM_A.teamApikey, TEAM_B.teamApikey]);
    } finally {
      await closeAll(gws);
    }
  });

  test("A's upstream pause does not hold B's requests", async () => {
    const gws = [await team(TEAM_A, { itemRate: 50 }), await team(TEAM_B, { itemRate: 50 })];
    const [a, b] = gws;
    try {
      const alice = await issued(TEAM_A, 'alice3');
      const bob = await issued(TEAM_B, 'bob3');
      await until('both take their tokens', async () => (await ask(a, alice)) === 200 && (await ask(b, bob)) === 200);
      const from = upstream.received.length;
      upstream.retryAfter = '15';
      upstream.busy = true;
      // A's login is told to wait 15 s: A's gateway holds its requests (this one waits it out).
      const held = ask(a, alice, 'pause-a');
      await until('the busy answer', async () => upstream.received.length > from);
      upstream.busy = false;
      await until('the pause stored', async () => (await healthOf(a)).upstreams.item.pausedForMs > 0);
      const started = runningNow();
      expect(await ask(b, bob, 'not-held')).toBe(200);
      // Held by A's pause, B would wait about 15 s; on its own gate it goes at once (5 s of the time this process, both
      // gateways in it, could run: room for a busy machine).
      expect(runningNow() - started).toBeLessThan(5000);
      expect(upstream.received.filter((r) => r.query.get('keyword') === 'not-held')).toHaveLength(1);
      void held.catch(() => undefined);
    } finally {
      upstream.busy = false;
      await closeAll(gws);
    }
  });

  test('a gateway whose settings do not match its namespace in Redis refuses to start, naming both', async () => {
    const a = await team(TEAM_A, { redisNamespace: 'one-name' });
    try {
      const started = team(TEAM_B, { redisNamespace: 'one-name' });
      await expect(started).rejects.toThrow(/partsheet:gw:one-name: belongs to another deployment/);
      const message = await started.then(
        () => '',
        (e: Error) => e.message,
      );
      const config = (t: typeof TEAM_A) => ({ ...DEFAULTS, ...t });
      expect(message).toContain(`team credentials ${credentialsDigest(config(TEAM_A))}`);
      expect(message).toContain(`team credentials ${credentialsDigest(config(TEAM_B))}`);
      expect(message).toContain(upstream.url);
      for (const secret of [TEAM_A.teamApikey, TEAM_B.teamApikey, TEAM_A.teamLogin, TEAM_B.teamLogin])
        expect(message).not.toContain(secret);
      // Its administrator's commands are refused the same way.
      const cli = await tokensCli(TEAM_B, ['list'], { PARTSHEET_GATEWAY_REDIS_NAMESPACE: 'one-name' });
      expect(cli.code).not.toBe(0);
      expect(cli.err.join('\n')).toMatch(/belongs to another deployment/);
      // The namespace's owner goes on sharing.
      expect((await healthOf(a)).shared.state).toBe('sharing');
    } finally {
      await a.close();
    }
  });

  test('a gateway started while Redis was down never shares a namespace that comes back holding another deployment', async () => {
    const other = await startTestRedis();
    let gw: TestGateway | undefined;
    try {
      // Team A's gateway claims the namespace; the Redis saves its data and stops.
      const a = await startTestGateway(target(), { redisUrl: other.url, redisNamespace: 'later', ...TEAM_A });
      await a.close();
      const admin = new Redis(other.url);
      await admin.save();
      admin.disconnect();
      await other.stop();
      // Team B's gateway, given the same namespace by mistake, starts alone; then the Redis comes back with its data.
      gw = await startTestGateway(target(), { redisUrl: other.url, redisNamespace: 'later', ...TEAM_B });
      await other.start();
      await until('B says the namespace is not its own', async () =>
        gw!.lines.some((l) => l.includes('Redis is not shared') && l.includes('belongs to another deployment')),
      );
      const bob = 'pst_unknown';
      expect((await get(gw.url, LIST_V4, listOf(series('ALONE', 0, 5)), withToken(bob))).status).toBe(401);
      await new Promise((r) => setTimeout(r, 1500));
      expect((await healthOf(gw)).shared.state).toBe('fallback');
      const check = new Redis(other.url);
      const keys = await check.keys('partsheet:gw:later:*');
      check.disconnect();
      // Nothing of B's was written there: only the identity A left.
      expect(keys).toEqual(['partsheet:gw:later:identity']);
    } finally {
      await gw?.close();
      await other.close();
    }
  });
});

describe('revocation that holds', () => {
  test('Redis restarted without its data: a revoke holds on every running instance, and nothing comes back', async () => {
    const gws = await Promise.all([0, 1, 2].map(() => team(TEAM_A, { instances: 3 })));
    let stopped = false;
    try {
      const carol = await issued(TEAM_A, 'carol');
      const dave = await issued(TEAM_A, 'dave');
      await until('every instance takes both', async () =>
        (await Promise.all(gws.flatMap((gw) => [ask(gw, carol), ask(gw, dave)]))).every((s) => s === 200),
      );
      await redis.stop();
      stopped = true;
      // While Redis is down each instance keeps the set it read.
      for (const gw of gws) expect(await ask(gw, carol)).toBe(200);
      await redis.start();
      stopped = false;
      await until('every instance shares again', async () =>
        (await Promise.all(gws.map(healthOf))).every((h) => h.shared.state === 'sharing'),
      );
      const revoked = await tokensCli(TEAM_A, ['revoke', 'carol']);
      expect(revoked.code).toBe(0);
      expect(revoked.out.join('\n')).toMatch(/holds no gateway tokens.*refuses every token, carol's included/);
      await until(
        'every instance refuses carol',
        async () => (await Promise.all(gws.map((gw) => ask(gw, carol)))).every((s) => s === 401),
        5000,
      );
      // Issued again, a token is taken everywhere; the ones Redis lost are not brought back.
      const erin = await issued(TEAM_A, 'erin');
      await until('every instance takes erin', async () =>
        (await Promise.all(gws.map((gw) => ask(gw, erin)))).every((s) => s === 200),
      );
      await new Promise((r) => setTimeout(r, 1200));
      const after = await Promise.all(gws.flatMap((gw) => [ask(gw, carol), ask(gw, dave)]));
      expect(after).toEqual(after.map(() => 401));
    } finally {
      if (stopped) await redis.start();
      await closeAll(gws);
    }
  });

  test('instances started on their token file while Redis was down take the set in Redis once it is back, every time', async () => {
    for (let round = 0; round < 3; round++) {
      const file = join(tempFolder('gw-tenants'), 'tokens.json');
      const frank = addToken(file, `frank${round}`);
      await redis.stop();
      let stopped = true;
      const gws = await Promise.all([0, 1, 2].map(() => team(TEAM_A, { instances: 3, tokensFile: file })));
      try {
        for (const gw of gws) expect(await ask(gw, frank)).toBe(200);
        await redis.start();
        stopped = false;
        // Back empty: no instance keeps the file's tokens.
        await until(
          `round ${round}: every instance refuses the file's token`,
          async () => (await Promise.all(gws.map((gw) => ask(gw, frank)))).every((s) => s === 401),
          5000,
        );
        // Back with a set: every instance takes it, and only it.
        const gina = await issued(TEAM_A, `gina${round}`);
        await until(`round ${round}: every instance takes gina`, async () =>
          (await Promise.all(gws.map((gw) => ask(gw, gina)))).every((s) => s === 200),
        );
        for (const gw of gws) expect(await ask(gw, frank)).toBe(401);
      } finally {
        if (stopped) await redis.start();
        await closeAll(gws);
      }
    }
  });
});
