/**
 * The gateway's per-part cache reading the item service's envelope as every client does: a throttled answer
 * (returnCode 53 in the envelope) is waited out and asked again; a refused login is passed on at once.
 */
import { ListCache, readClientList } from '../../gateway/list-search';
import { Upstream } from '../../gateway/upstream';

const BASE = 'http://item.test';

function envelope(response: Record<string, unknown>, data: unknown[] = []): string {
  return JSON.stringify({ itemserviceresult: { serviceMetaData: [{ version: '4.0.0' }], transactionArea: [{ response, responseSequence: { totalItems: 0 } }], data } });
}

const found = envelope({ returnCode: '0', returnMsg: '', success: true }, [
  { partsRequested: 1, partsFound: 1, partsNotFound: 0, partsError: 0, resultList: [{ requestedPartNum: 'NE555P', numberFound: 1, PartList: [{ partNum: 'NE555P' }] }] },
]);

function cacheOver(bodies: string[]): { cache: ListCache; sent: () => number } {
  let sent = 0;
  const fetch = (async () => {
    const body = bodies[Math.min(sent, bodies.length - 1)];
    sent++;
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const upstream = new Upstream({ name: 'item service', baseUrl: BASE, perSecond: 0, fetch });
  return { cache: new ListCache({ upstream, baseUrl: BASE, ttlMs: 60_000, maxParts: 100, windowMs: 1 }), sent: () => sent };
}

const list = readClientList(
  'v4',
  new URLSearchParams({ req: JSON.stringify({ request: { login: 'demo', apikey: 'demo-key', parts: [{ partNum: 'NE555P' }] } }), login: 'demo', apikey: 'demo-key' }),
)!;

test('a search the item service throttles in its envelope is asked again, and the client gets the answer', async () => {
  const { cache, sent } = cacheOver([envelope({ returnCode: '53', returnMsg: 'Too many requests', success: false }), found]);
  const outcome = await cache.answer(list, 'k');
  expect(outcome.ok).toBe(true);
  expect(sent()).toBe(2);
  if (outcome.ok) expect(JSON.parse([...outcome.body.pieces()].join('')).itemserviceresult.data[0].resultList[0].PartList[0].partNum).toBe('NE555P');
});

test('a refused login is passed on as the item service sent it, without asking again', async () => {
  const refused = envelope({ returnCode: '10', returnMsg: 'Invalid login or apikey', success: false });
  const { cache, sent } = cacheOver([refused, found]);
  const outcome = await cache.answer(list, 'k');
  expect(sent()).toBe(1);
  expect(outcome.ok).toBe(false);
  if (!outcome.ok) {
    expect(outcome.failure.kind).toBe('auth');
    expect('answer' in outcome.failure && outcome.failure.answer?.body.toString('utf8')).toBe(refused);
  }
});
