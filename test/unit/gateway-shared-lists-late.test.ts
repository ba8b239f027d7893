/**
 * A list search shared through a Redis that answers some steps late (past the latency budget) while others are fast:
 * a late read of parts another instance is fetching is waited for again, never sent anew, and its late reply is
 * used; parts added to the shared collection too late, which this instance then fetches itself, leave the
 * collection once the add lands, so the sender does not send them a second time. Redis and the upstream are
 * stand-ins of the test's own: how late each step is is set per command.
 */
import type { ListPart } from '../../src/lookup';
import { UpstreamLookupFailure } from '../../gateway/list-port';
import { SlowRedis } from '../../gateway/redis-latency';
import type { SharedState } from '../../gateway/redis';
import { SharedListPort } from '../../gateway/redis-lists';
import { recordOf } from '../../gateway/redis-refusals';

const BUDGET_MS = 100;

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** A pipeline that records its commands and answers at once. */
function recordingPipeline(sent: unknown[][]) {
  const pipeline: Record<string, unknown> = {};
  for (const name of ['set', 'del', 'publish', 'lrem', 'pexpire'])
    pipeline[name] = (...args: unknown[]) => {
      sent.push([name, ...args]);
      return pipeline;
    };
  pipeline.exec = () => Promise.resolve([]);
  return pipeline;
}

/**
 * A shared state on `client` whose steps give up after BUDGET_MS, as SharedState.step does. With `lateGoesAlone`, a
 * step given up sends the instance off alone, as a Redis judged slow does (no longer `available`), its connection
 * still up (`readable`).
 */
function sharedOn(client: Record<string, unknown>, lateGoesAlone = false): SharedState {
  let sharing = true;
  return {
    namespace: 'test:',
    get available() {
      return sharing;
    },
    readable: true,
    client,
    step: <T>(command: Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new SlowRedis(BUDGET_MS)), BUDGET_MS);
        command.then(
          (value) => (clearTimeout(timer), resolve(value)),
          (e: unknown) => (clearTimeout(timer), reject(e)),
        );
      }),
    failed: (e: unknown) => {
      if (lateGoesAlone && e instanceof SlowRedis) sharing = false;
    },
    announced: () => 0,
    nextAnnouncement: (_channel: string, _seen: number, ms: number) => later(ms, undefined),
  } as unknown as SharedState;
}

function portOn(shared: SharedState, searched: ListPart[][]): SharedListPort {
  const inner = {
    listUrl: () => 'https://upstream.test/list',
    searchList: (parts: ListPart[]) => {
      searched.push(parts);
      return Promise.resolve({ results: [], partsRequested: parts.length, partsFound: 0, partsNotFound: 0 });
    },
  };
  return new SharedListPort({
    shared,
    inner: inner as never,
    raw: new WeakMap(),
    groupId: 'group',
    credentialsId: 'credentials',
    ttlMs: 60_000,
    windowMs: 10,
    counters: { sharedHits: 0, sharedWaits: 0 },
  });
}

const part: ListPart = { partNumber: 'LATE1X' };

/** The add to the collection (rpush, pexpire, the sender's mark), answered after `ms`: `first` 'OK' for its sender. */
function addingMulti(first: 'OK' | null, ms: number) {
  return () => {
    const chain = { rpush: () => chain, pexpire: () => chain, set: () => chain };
    return Object.assign(chain, {
      exec: () =>
        later(ms, [
          [null, 1],
          [null, 1],
          [null, first],
        ]),
    });
  };
}

describe('a Redis that answers large reads late', () => {
  test('a read of parts another instance fetches is waited for, not sent again, and its late reply is used', async () => {
    // Every read answers 300 ms after it is sent (three budgets): the other instance's failure, kept for the part.
    const failure = JSON.stringify(
      recordOf(new UpstreamLookupFailure('unavailable', 'the upstream failed'), 'transient'),
    );
    const mget = jest.fn(() => later(300, [null, 'other-instance', null, failure]));
    const port = portOn(sharedOn({ mget }), []);
    const waiting = (port as any).waitForOthers(
      [part],
      ['test:part:group:late1x'],
      { signal: AbortSignal.timeout(3000) },
      {
        reclaims: 3,
      },
    ) as Promise<unknown>;
    await expect(waiting).rejects.toMatchObject({ kind: 'unavailable', message: 'the upstream failed' });
    expect(mget).toHaveBeenCalledTimes(1);
  });
});

describe('a Redis that adds parts to the collection late', () => {
  const addedLate = (first: 'OK' | null, goesAlone = false) => {
    const sent: unknown[][] = [];
    const searched: ListPart[][] = [];
    const multi = addingMulti(first, 300);
    const port = portOn(sharedOn({ multi, pipeline: () => recordingPipeline(sent) }, goesAlone), searched);
    const send = jest.spyOn(port as any, 'send').mockResolvedValue(undefined);
    return { port, sent, searched, send };
  };
  const collect = (port: SharedListPort) =>
    (port as any).collect([part], ['test:part:group:late1x'], {}, { reclaims: 3 }) as Promise<unknown>;

  test.each([
    ['still sharing', false],
    ['gone alone: the late step made Redis judged slow, its connection up', true],
  ])(
    'this instance fetches them itself, and takes them out of the collection once the add lands (%s)',
    async (_, alone) => {
      const { port, sent, searched, send } = addedLate(null, alone);
      await collect(port);
      expect(searched).toEqual([[part]]);
      await later(500, undefined);
      expect(sent.filter(([name]) => name === 'lrem')).toEqual([['lrem', expect.any(String), 1, JSON.stringify(part)]]);
      expect(send).not.toHaveBeenCalled();
    },
  );

  test('when it turned out to be the first, it sends the collection', async () => {
    const { port, sent, searched, send } = addedLate('OK');
    await collect(port);
    expect(searched).toEqual([[part]]);
    await later(500, undefined);
    expect(send).toHaveBeenCalledTimes(1);
    expect(sent.filter(([name]) => name === 'lrem')).toEqual([]);
  });
});

describe('a collected search that goes alone while it waits', () => {
  test('its parts leave the collection and their claims go once it has fetched them itself: the sender does not send them again', async () => {
    // The add lands in time (another instance is the sender); then every read of the answers is late: the instance
    // is judged slow, stops waiting and fetches its parts itself.
    const sent: unknown[][] = [];
    const searched: ListPart[][] = [];
    const multi = addingMulti(null, 0);
    const mget = jest.fn(() => later(300, [null, 'other-instance', null, null]));
    const client = { multi, mget, eval: () => Promise.resolve(0), pipeline: () => recordingPipeline(sent) };
    const port = portOn(sharedOn(client, true), searched);
    const send = jest.spyOn(port as any, 'send').mockResolvedValue(undefined);
    const key = 'test:part:group:late1x';
    await (port as any).collect([part], [key], { signal: AbortSignal.timeout(3000) }, { reclaims: 3 });
    expect(send).not.toHaveBeenCalled();
    expect(searched).toEqual([[part]]);
    await later(50, undefined);
    // Out of the collection (the sender would send it), and its claim let go with the answers stored.
    expect(sent.filter(([name]) => name === 'lrem')).toEqual([['lrem', expect.any(String), 1, JSON.stringify(part)]]);
    expect(sent.filter(([name]) => name === 'del')).toEqual([['del', `${key}:lock`]]);
  });
});
