/**
 * The gateway's per-part cache reading the item service's envelope as every client does: a throttled answer
 * (returnCode 53 in the envelope) is waited out and asked again; a refused login is passed on at once. Parts whose
 * clients have all left are not looked up; while the gate is closed by a capped pause nothing new is asked.
 */
import { ListCache, readClientList } from '../../gateway/list-search';
import { Upstream } from '../../gateway/upstream';

const BASE = 'http://item.test';

function envelope(response: Record<string, unknown>, data: unknown[] = []): string {
  return JSON.stringify({
    itemserviceresult: {
      serviceMetaData: [{ version: '4.0.0' }],
      transactionArea: [{ response, responseSequence: { totalItems: 0 } }],
      data,
    },
  });
}

const found = envelope({ returnCode: '0', returnMsg: '', success: true }, [
  {
    partsRequested: 1,
    partsFound: 1,
    partsNotFound: 0,
    partsError: 0,
    resultList: [{ requestedPartNum: 'NE555P', numberFound: 1, PartList: [{ partNum: 'NE555P' }] }],
  },
]);

function cacheOver(bodies: string[]): { cache: ListCache; sent: () => number } {
  let sent = 0;
  const fetch = (async () => {
    const body = bodies[Math.min(sent, bodies.length - 1)];
    sent++;
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const upstream = new Upstream({ name: 'item service', baseUrl: BASE, perSecond: 0, fetch });
  return {
    cache: new ListCache({ upstream, baseUrl: BASE, ttlMs: 60_000, maxParts: 100, windowMs: 1 }),
    sent: () => sent,
  };
}

const list = readClientList(
  'v4',
  new URLSearchParams({
    req: JSON.stringify({ request: { login: 'demo', apikey: 'demo-key', parts: [{ partNum: 'NE555P' }] } }),
    login: 'demo',
    apikey: 'demo-key',
  }),
)!;

test('a search the item service throttles in its envelope is asked again, and the client gets the answer', async () => {
  const { cache, sent } = cacheOver([
    envelope({ returnCode: '53', returnMsg: 'Too many requests', success: false }),
    found,
  ]);
  const outcome = await cache.answer(list, 'k');
  expect(outcome.ok).toBe(true);
  expect(sent()).toBe(2);
  if (outcome.ok)
    expect(
      JSON.parse(Buffer.concat([...outcome.body.pieces()]).toString('utf8')).itemserviceresult.data[0].resultList[0]
        .PartList[0].partNum,
    ).toBe('NE555P');
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

test('searches one upstream answer completes are assembled one per turn: the first is answered before the next is assembled', async () => {
  const { cache, sent } = cacheOver([found]);
  // The parts of the answers assembled so far, as each search is answered: 1 for the first, 2 for the second (not 2
  // and 2, every answer assembled before the first goes on to be written).
  const seen: number[] = [];
  const answered = (outcome: Awaited<ReturnType<ListCache['answer']>>) => {
    seen.push(cache.stats().parts);
    return outcome;
  };
  const outcomes = await Promise.all([cache.answer(list, 'k').then(answered), cache.answer(list, 'k').then(answered)]);
  expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
  expect(sent()).toBe(1);
  expect(seen).toEqual([1, 2]);
});

describe('list searches whose clients leave, and a closed gate', () => {
  const busyForAnHour = () => new Response('{}', { status: 503, headers: { 'retry-after': '3600' } });

  /** A cache that collects lookups for 50 ms, over an upstream answering `reply`; counts what was sent. */
  function slowCache(
    reply: () => Response = () => new Response(found, { status: 200, headers: { 'content-type': 'application/json' } }),
  ) {
    let sent = 0;
    const fetch = (async () => {
      sent++;
      return reply();
    }) as typeof globalThis.fetch;
    const upstream = new Upstream({ name: 'item service', baseUrl: BASE, perSecond: 0, maxPauseMs: 5000, fetch });
    return {
      cache: new ListCache({ upstream, baseUrl: BASE, ttlMs: 60_000, maxParts: 100, windowMs: 50 }),
      sent: () => sent,
      upstream,
    };
  }

  test('a part is still looked up while one of its clients waits, and not at all once every client has left', async () => {
    const { cache, sent } = slowCache();
    const gone = new AbortController();
    const stays = new AbortController();
    const left = cache.answer(list, 'k', { client: 'address 10.0.0.1', signal: gone.signal });
    const waits = cache.answer(list, 'k', { client: 'address 10.0.0.2', signal: stays.signal });
    gone.abort();
    expect((await waits).ok).toBe(true);
    expect((await left).ok).toBe(false);
    expect(sent()).toBe(1);

    const other = readClientList(
      'v4',
      new URLSearchParams({
        req: JSON.stringify({ request: { login: 'made-up', apikey: 'x', parts: [{ partNum: 'LM358' }] } }),
      }),
    )!;
    const both = [new AbortController(), new AbortController()];
    const abandoned = both.map((c, i) =>
      cache.answer(other, 'made-up', { client: `address 10.0.0.${i + 3}`, signal: c.signal }),
    );
    for (const c of both) c.abort();
    for (const outcome of await Promise.all(abandoned)) expect(outcome.ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sent()).toBe(1);
  });

  test('a search shared by two clients waits in the lane of the one not flooding the gate, so it is not refused with the flood', async () => {
    let sent = 0;
    const fetch = (async () => {
      sent++;
      return new Response(found, { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const upstream = new Upstream({ name: 'item service', baseUrl: BASE, perSecond: 4, clientQueue: 1, fetch });
    const cache = new ListCache({ upstream, baseUrl: BASE, ttlMs: 60_000, maxParts: 100, windowMs: 20 });
    // Mallory's first request goes; her second fills her lane.
    await upstream.send('/flood/1', { client: 'mallory' });
    const flood = upstream.send('/flood/2', { client: 'mallory' });
    expect(upstream.queuedFor('mallory')).toBe(1);
    const hers = cache.answer(list, 'team', { client: 'mallory' });
    const alices = cache.answer(list, 'team', { client: 'alice' });
    const outcomes = await Promise.all([hers, alices]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    await flood;
    expect(sent).toBe(3);
  });

  test('while the gate is closed by a capped pause, a search needing the upstream is refused at once and one the cache holds is answered', async () => {
    let reply = () => new Response(found, { status: 200, headers: { 'content-type': 'application/json' } });
    const { cache, sent } = slowCache(() => reply());
    expect((await cache.answer(list, 'k')).ok).toBe(true);
    reply = busyForAnHour;
    const other = readClientList(
      'v4',
      new URLSearchParams({
        req: JSON.stringify({ request: { login: 'demo', apikey: 'demo-key', parts: [{ partNum: 'LM358' }] } }),
      }),
    )!;
    const busy = await cache.answer(other, 'k');
    expect(busy.ok).toBe(false);
    if (!busy.ok) expect('answer' in busy.failure && busy.failure.answer?.headers['retry-after']).toBe('5');
    expect(sent()).toBe(2);
    // Refused at once: before any timer could run (the collecting window is one, the gate's wait another), however
    // busy the machine.
    let timerRan = false;
    const timer = setTimeout(() => (timerRan = true), 0);
    const refused = await cache.answer(other, 'k');
    clearTimeout(timer);
    expect(timerRan).toBe(false);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect('refusal' in refused.failure && refused.failure.refusal?.reason).toBe('paused');
    expect((await cache.answer(list, 'k')).ok).toBe(true);
    expect(sent()).toBe(2);
  });
});
