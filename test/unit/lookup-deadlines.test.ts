import { CatalogError } from '../../src/catalog/errors';
import type { ListAnswer } from '../../src/catalog/model';
import { LookupScheduler, type ListPart, type ListSearchPort } from '../../src/lookup';
import { DeadlineLine, type DeadlineHolder } from '../../src/lookup/deadlines';
import { FakeParts } from '../helpers/fake-parts';
import { VirtualClock } from '../helpers/virtual-clock';

interface Holder extends DeadlineHolder {
  name: string;
}

function line(clock: VirtualClock, waitMs: number) {
  const expired: { name: string; at: number }[] = [];
  let timersSet = 0;
  const deadlines = new DeadlineLine<Holder>(
    {
      now: clock.now,
      setTimer: (fn, ms) => {
        timersSet++;
        return clock.setTimeout(fn, ms);
      },
      clearTimer: clock.clearTimeout,
    },
    waitMs,
    (holder) => {
      holder.settled = true;
      expired.push({ name: holder.name, at: clock.now() });
    },
  );
  const holder = (name: string): Holder => {
    const h = { name, settled: false, expiresAt: 0 };
    deadlines.add(h);
    return h;
  };
  return { deadlines, expired, holder, timersSet: () => timersSet };
}

describe('the deadline line', () => {
  it('expires each caller at its own deadline, never later, with one timer at a time', async () => {
    const clock = new VirtualClock(1_000);
    const { expired, holder, timersSet } = line(clock, 100);
    for (let i = 0; i < 500; i++) holder(`a${i}`);
    await clock.advance(30);
    holder('b');
    await clock.advance(69);
    expect(expired).toEqual([]);
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(1);
    expect(expired).toHaveLength(500);
    expect(expired.every((e) => e.at === 1_100)).toBe(true);
    await clock.advance(29);
    expect(expired).toHaveLength(500);
    await clock.advance(1);
    expect(expired.map((e) => e.name).slice(500)).toEqual(['b']);
    expect(expired[500].at).toBe(1_130);
    expect(clock.pendingTimers).toBe(0);
    expect(timersSet()).toBe(2);
  });

  it('passes over callers settled before their deadline', async () => {
    const clock = new VirtualClock(0);
    const { expired, holder } = line(clock, 50);
    const a = holder('a');
    await clock.advance(10);
    holder('b');
    a.settled = true;
    await clock.advance(50);
    expect(expired.map((e) => e.name)).toEqual(['b']);
    expect(expired[0].at).toBe(60);
    expect(clock.pendingTimers).toBe(0);
  });

  it('expires callers when the timer rings even if the clock it is given stands still', async () => {
    const clock = new VirtualClock(0);
    const expired: string[] = [];
    const deadlines = new DeadlineLine<Holder>(
      { now: () => 0, setTimer: clock.setTimeout, clearTimer: clock.clearTimeout },
      50,
      (holder) => {
        holder.settled = true;
        expired.push(holder.name);
      },
    );
    deadlines.add({ name: 'a', settled: false, expiresAt: 0 });
    await clock.advance(50);
    expect(expired).toEqual(['a']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('clear() stops the timer and forgets the line', async () => {
    const clock = new VirtualClock(0);
    const { deadlines, expired, holder } = line(clock, 50);
    holder('a');
    holder('b');
    expect(deadlines.timing).toBe(true);
    deadlines.clear();
    expect(deadlines.size).toBe(0);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(100);
    expect(expired).toEqual([]);
  });

  it('keeps the line short when callers settle long before their deadlines', () => {
    const clock = new VirtualClock(0);
    const { deadlines, holder } = line(clock, 60_000);
    const first = holder('first');
    for (let i = 0; i < 5_000; i++) {
      const h = holder(`h${i}`);
      first.settled = true;
      h.settled = true;
    }
    // Every caller settled: adding one more passes over the settled ones at the head.
    holder('last');
    expect(deadlines.size).toBeLessThan(2_000);
  });
});

/** A port that never answers. */
class SilentPort implements ListSearchPort {
  calls = 0;
  listUrl(parts: ListPart[]): string {
    return `https://example.test/list?n=${parts.length}`;
  }
  searchList(): Promise<ListAnswer> {
    this.calls++;
    return new Promise<ListAnswer>(() => undefined);
  }
}

describe("the scheduler's deadlines", () => {
  it('time a burst of lookups out together with a handful of timers, not one each', async () => {
    const clock = new VirtualClock(1_700_000_000_000);
    let timersSet = 0;
    const scheduler = new LookupScheduler({
      port: new SilentPort(),
      deadlineMs: 5_000,
      now: clock.now,
      setTimeout: (fn, ms) => {
        timersSet++;
        return clock.setTimeout(fn, ms);
      },
      clearTimeout: clock.clearTimeout,
    });
    const all = scheduler.lookupMany(Array.from({ length: 2_000 }, (_, i) => ({ partNumber: `P${i}X` })));
    await clock.advance(4_999);
    expect(scheduler.progress().pending).toBe(2_000);
    await clock.advance(1);
    const outcomes = await all;
    expect(outcomes.every((o) => o instanceof CatalogError && o.kind === 'timeout')).toBe(true);
    expect(scheduler.stats().timedOut).toBe(2_000);
    expect(timersSet).toBeLessThan(10);
    expect(clock.pendingTimers).toBe(0);
  });

  it('leaves no timer once every lookup is answered', async () => {
    const clock = new VirtualClock(0);
    // An empty catalog: every part answered, not found.
    const port = new FakeParts();
    const scheduler = new LookupScheduler({
      port,
      deadlineMs: 5_000,
      now: clock.now,
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
    });
    const all = scheduler.lookupMany([{ partNumber: 'A1' }, { partNumber: 'B2' }]);
    await clock.advance(100);
    const outcomes = await all;
    expect(outcomes.some((o) => o instanceof CatalogError)).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('a window that holds a whole request', () => {
  it('goes at once instead of waiting out the window; a smaller one waits', async () => {
    const clock = new VirtualClock(0);
    const port = new SilentPort();
    const scheduler = new LookupScheduler({
      port,
      maxBatch: 10,
      concurrency: 1,
      windowMs: 20,
      now: clock.now,
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
    });
    void scheduler.lookupMany(Array.from({ length: 9 }, (_, i) => ({ partNumber: `A${i}X` })));
    expect(port.calls).toBe(0);
    void scheduler.lookupMany(Array.from({ length: 3 }, (_, i) => ({ partNumber: `B${i}X` })));
    // 12 parts waiting: a full request of 10 leaves now, without the window's 20 ms; the other 2 wait for its place.
    expect(port.calls).toBe(1);
    expect(scheduler.progress().queuedParts).toBe(2);
    scheduler.close();
    expect(clock.pendingTimers).toBe(0);
  });
});
