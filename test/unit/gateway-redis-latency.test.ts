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
  return { client, pending, send };
}

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
    watch = new LatencyWatch({ budgetMs: 40 });
    const fake = standIn();
    const client = watch.watch(fake.client as unknown as Redis) as unknown as typeof fake.client;
    for (let i = 0; i < 4; i++) fake.send(client);
    await sleep(5);
    fake.pending.splice(0, 3).forEach((p) => p.resolve('OK'));
    await sleep(80);
    fake.pending.splice(0, 1).forEach((p) => p.resolve('OK'));
    await sleep(1);
    expect(watch.latency()).toBeNull();
    fake.send(client);
    fake.pending.splice(0, 1).forEach((p) => p.resolve('OK'));
    await sleep(1);
    // Four quick replies and one slow: quick.
    expect(watch.latency()).toBeLessThan(40);
    expect(watch.slow()).toBe(false);
    // Half of them slow (a burst of large reads): still quick.
    for (let i = 0; i < 5; i++) fake.send(client);
    await sleep(80);
    fake.pending.splice(0).forEach((p) => p.resolve('OK'));
    await sleep(1);
    expect(watch.slow()).toBe(false);
    // Three in four slow: slow.
    for (let i = 0; i < 11; i++) fake.send(client);
    await sleep(80);
    fake.pending.splice(0).forEach((p) => p.resolve('OK'));
    await sleep(1);
    expect(watch.latency()).toBeGreaterThan(40);
    expect(watch.slow()).toBe(true);
    // A fresh start forgets them.
    watch.reset();
    expect(watch.latency()).toBeNull();
  });

  test('commands still waiting past the budget count as slow, so a Redis that stopped answering is seen', async () => {
    watch = new LatencyWatch({ budgetMs: 30 });
    const fake = standIn();
    const client = watch.watch(fake.client as unknown as Redis) as unknown as typeof fake.client;
    for (let i = 0; i < 5; i++) fake.send(client);
    await sleep(10);
    expect(watch.latency()).toBeNull();
    await sleep(50);
    expect(watch.slow()).toBe(true);
    // A command that failed without a reply (the connection closed) says nothing of speed.
    fake.pending.splice(0).forEach((p) => p.reject(new Error('Connection is closed.')));
    await sleep(1);
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
