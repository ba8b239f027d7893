/**
 * The latency budget of Redis commands (gateway/redis-latency.ts), on a stand-in client whose replies the test
 * settles by hand: the low quartile of the recent commands against the budget, commands still waiting counted once past
 * it, a step given up at the budget, and time this process could not run not taken for Redis being slow.
 */
import type Redis from 'ioredis';
import { LatencyWatch, SlowRedis } from '../../gateway/redis-latency';

/** A client whose every command waits until the test answers it. */
function standIn() {
  const pending: { resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];
  const client = {
    sendCommand(command: { isSettled: boolean; promise: Promise<unknown> }) {
      return command.promise;
    },
  };
  const send = (watched: typeof client) => {
    let resolve!: (v: unknown) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<unknown>((res, rej) => ((resolve = res), (reject = rej)));
    promise.catch(() => undefined);
    const command = { isSettled: false, promise };
    pending.push({
      resolve: (v) => ((command.isSettled = true), resolve(v)),
      reject: (e) => ((command.isSettled = true), reject(e)),
    });
    watched.sendCommand(command);
  };
  /** Answers the first `count` waiting commands (all of them without a count), and lets the watch see the replies. */
  const answer = async (count = pending.length) => {
    pending.splice(0, count).forEach((p) => p.resolve('OK'));
    await settle();
  };
  return { client, pending, send, answer };
}

/** A clock the test moves by hand, with the time the process was held up moved alongside. */
function handClock() {
  let at = 1_000;
  let blocked = 0;
  return {
    now: () => at,
    blockedNow: () => blocked,
    close: () => undefined,
    advance(ms: number, heldMs = 0) {
      at += ms;
      blocked += heldMs;
    },
  };
}

/** The replies' callbacks run (promise jobs only: no timer, so no real time matters). */
const settle = () => new Promise<void>((r) => setImmediate(r));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busy = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
};

let watch: LatencyWatch;
afterEach(() => watch?.close());

describe('the latency budget of Redis commands', () => {
  test('fewer than five commands say nothing; three in four over the budget is slow, a few slow replies are not', async () => {
    // A clock the test moves: reply times are exactly what it says, however loaded the machine running it.
    const clock = handClock();
    watch = new LatencyWatch({ budgetMs: 40, clock });
    const fake = standIn();
    const client = watch.watch(fake.client as unknown as Redis) as unknown as typeof fake.client;
    for (let i = 0; i < 4; i++) fake.send(client);
    clock.advance(5);
    await fake.answer(3);
    clock.advance(80);
    await fake.answer(1);
    expect(watch.latency()).toBeNull();
    fake.send(client);
    await fake.answer(1);
    // Four quick replies and one slow: quick.
    expect(watch.latency()).toBe(5);
    expect(watch.slow()).toBe(false);
    // Half of them slow (a burst of large reads): still quick.
    for (let i = 0; i < 5; i++) fake.send(client);
    clock.advance(80);
    await fake.answer();
    expect(watch.latency()).toBe(5);
    expect(watch.slow()).toBe(false);
    // Three in four slow: slow.
    for (let i = 0; i < 11; i++) fake.send(client);
    clock.advance(80);
    await fake.answer();
    expect(watch.latency()).toBe(80);
    expect(watch.slow()).toBe(true);
    // Time the process was held up is not Redis's: 80 ms of which 60 held is 20 ms of Redis.
    watch.reset();
    for (let i = 0; i < 8; i++) fake.send(client);
    clock.advance(80, 60);
    await fake.answer();
    expect(watch.latency()).toBe(20);
    expect(watch.slow()).toBe(false);
    // A fresh start forgets them.
    watch.reset();
    expect(watch.latency()).toBeNull();
  });

  test('commands still waiting past the budget count as slow, so a Redis that stopped answering is seen', async () => {
    const clock = handClock();
    watch = new LatencyWatch({ budgetMs: 30, clock });
    const fake = standIn();
    const client = watch.watch(fake.client as unknown as Redis) as unknown as typeof fake.client;
    for (let i = 0; i < 5; i++) fake.send(client);
    clock.advance(10);
    expect(watch.latency()).toBeNull();
    clock.advance(50);
    expect(watch.slow()).toBe(true);
    // Older than the window (three seconds), they no longer count.
    clock.advance(3_000);
    expect(watch.latency()).toBeNull();
    // A command that failed without a reply (the connection closed) says nothing of speed.
    clock.advance(-3_000);
    fake.pending.splice(0).forEach((p) => p.reject(new Error('Connection is closed.')));
    await settle();
    expect(watch.latency()).toBeNull();
  });

  test('a step is given up at the budget (its caller goes on), and answered when its reply comes in time', async () => {
    watch = new LatencyWatch({ budgetMs: 50 });
    const started = Date.now();
    await expect(watch.within(new Promise(() => undefined))).rejects.toBeInstanceOf(SlowRedis);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(45);
    expect(waited).toBeLessThan(1000);
    await expect(watch.within(sleep(5).then(() => 'answered'))).resolves.toBe('answered');
  });

  test('time this process could not run is not counted: a reply that waited unread while it was busy is in time', async () => {
    watch = new LatencyWatch({ budgetMs: 50 });
    await sleep(30);
    const mark = watch.mark();
    const step = watch.within(sleep(5).then(() => 'answered'));
    busy(300);
    await expect(step).resolves.toBe('answered');
    expect(watch.elapsed(mark)).toBeLessThan(50);
  });
});
