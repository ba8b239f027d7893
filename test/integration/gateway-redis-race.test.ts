/**
 * Two gateway instances sharing one Redis, asked the same parts at the same moment: the upstream sees each part
 * once. The first test makes the unlucky timing certain: the second instance's steps reach Redis late (as on a
 * loaded machine), so the first instance has fetched, written and let its claims go between the second one's look
 * at the cache and its claim, if those are two steps. The second asks the pair at once, round after round, with no
 * help.
 */
import type { Pipeline } from 'ioredis';
import { get, startProductionLike, type TestService } from '../helpers/service';
import { startTestGateway, type TestGateway } from '../helpers/gateway';
import { startTestRedis, type TestRedis } from '../helpers/redis';
import { LIST_V4, listCalls, listParams, series } from '../helpers/gateway-lists';

jest.setTimeout(120_000);

const sentParts = (gws: TestGateway[]) => listCalls(gws).flatMap((c) => c.parts);

let redis: TestRedis;
let upstream: TestService;
beforeAll(async () => {
  redis = await startTestRedis();
  upstream = await startProductionLike({ parts: 200, latencyMs: 20, perLoginPerSecond: 100_000 });
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await upstream?.close();
  await redis?.close();
});

async function pair(): Promise<TestGateway[]> {
  const gws: TestGateway[] = [];
  // What is checked is the claims' atomicity, not Redis's speed: a step over the default 100 ms budget (a loaded
  // machine) sends that batch upstream alone by design (gateway-redis-slow.test.ts), so the budget here is ample.
  const settings = { redisUrl: redis.url, instances: 2, redisBudgetMs: 5_000 };
  for (let i = 0; i < 2; i++) gws.push(await startTestGateway(upstream, settings));
  return gws;
}

/**
 * Holds back, on `gw`'s Redis connection, every batch of commands that claims a part (a SET ... NX) until `until`
 * settles: what a busy machine can do to the gap between a read and a claim sent apart.
 */
function claimsLate(gw: TestGateway, until: Promise<unknown>): void {
  const client = gw.gateway.shared!.client;
  const pipeline = client.pipeline.bind(client);
  jest.spyOn(client, 'pipeline').mockImplementation((...args: Parameters<typeof client.pipeline>) => {
    const made = pipeline(...args) as Pipeline;
    let claims = false;
    const set = made.set.bind(made) as (...a: unknown[]) => Pipeline;
    (made as unknown as { set: (...a: unknown[]) => Pipeline }).set = (...a: unknown[]) => {
      if (a.includes('NX')) claims = true;
      return set(...a);
    };
    const exec = made.exec.bind(made);
    made.exec = (async (...a: Parameters<typeof exec>) => {
      if (claims) await until.catch(() => undefined);
      return exec(...a);
    }) as typeof made.exec;
    return made;
  });
}

describe('two instances asked the same parts at the same moment', () => {
  test('the parts go upstream once, even when one instance reaches Redis late', async () => {
    const gws = await pair();
    try {
      const bom = series('RACE', 0, 60);
      const first = get(gws[0].url, LIST_V4, listParams(bom));
      claimsLate(gws[1], first);
      const [a, b] = await Promise.all([first, get(gws[1].url, LIST_V4, listParams(bom))]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.json.itemserviceresult.data[0].resultList).toHaveLength(bom.length);
      expect(b.json.itemserviceresult.data[0].resultList).toHaveLength(bom.length);
      expect(b.json.itemserviceresult.data).toEqual(a.json.itemserviceresult.data);
      const sent = sentParts(gws);
      expect(sent.sort()).toEqual(bom.map((p) => p.partNum).sort());
    } finally {
      await Promise.all(gws.map((gw) => gw.close()));
    }
  });

  test('round after round of fresh parts asked on both at once, each part goes upstream once', async () => {
    const gws = await pair();
    try {
      const asked: string[] = [];
      for (let round = 0; round < 4; round++) {
        const bom = series(`R${round}N`, 0, 20);
        asked.push(...bom.map((p) => p.partNum));
        const answers = await Promise.all(gws.map((gw) => get(gw.url, LIST_V4, listParams(bom))));
        expect(answers.map((x) => x.status)).toEqual([200, 200]);
        for (const x of answers) expect(x.json.itemserviceresult.data[0].resultList).toHaveLength(bom.length);
      }
      expect(sentParts(gws).sort()).toEqual(asked.sort());
    } finally {
      await Promise.all(gws.map((gw) => gw.close()));
    }
  });
});
