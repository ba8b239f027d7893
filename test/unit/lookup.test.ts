import { CatalogClient } from '../../src/catalog/client';
import { CatalogError } from '../../src/catalog/errors';
import type { ApiVersion, ListAnswer, ListResult, Part } from '../../src/catalog/model';
import {
  LookupScheduler,
  lookupKey,
  normalizePartNumber,
  resultKey,
  retryDelay,
  splitIntoBatches,
  wirePartNumber,
  type ListPart,
  type ListSearchPort,
  type LookupResult,
  type SchedulerEvent,
  type SchedulerOptions,
} from '../../src/lookup';
import { settleMicrotasks, VirtualClock } from '../helpers/virtual-clock';

// ---- a virtual clock: timers run only when the test advances time

// ---- a fake list-search service

function makePart(partNumber: string, mfr: string, currency: string, version: string): Part {
  return {
    itemId: 1,
    partNumber: normalizePartNumber(partNumber),
    manufacturerCode: mfr || 'ANY',
    manufacturerName: mfr || 'Any',
    description: `${currency}/${version}`,
    packageType: '',
    category: '',
    status: '',
    compliance: {},
    datasheetUrl: null,
    resources: [],
    offers: [],
  };
}

interface Call {
  parts: ListPart[];
  currency?: string;
  version?: ApiVersion;
  signal?: AbortSignal;
  at: number;
}

type Behaviour = (
  call: Call,
  index: number,
) => { after?: number; answer?: (answer: ListAnswer) => ListAnswer; error?: CatalogError; hang?: boolean };

class FakePort implements ListSearchPort {
  readonly calls: Call[] = [];
  inFlight = 0;
  maxInFlight = 0;
  aborted = 0;
  /** Part numbers (normalised) the service knows; others are not found. */
  notFound = new Set<string>();

  constructor(
    private readonly clock: VirtualClock,
    public behaviour: Behaviour = () => ({ after: 5 }),
  ) {}

  listUrl(parts: ListPart[], opts: { currency?: string; version?: ApiVersion }): string {
    const req = JSON.stringify({
      request: {
        parts: parts.map((p) =>
          p.manufacturer ? { partNum: p.partNumber, mfr: p.manufacturer } : { partNum: p.partNumber },
        ),
      },
    });
    return `http://parts.test/itemservice/${opts.version ?? 'v4'}/en/search/list?req=${encodeURIComponent(req)}${opts.currency ? `&utm_currency=${opts.currency}` : ''}`;
  }

  answerFor(call: Call): ListAnswer {
    const results: ListResult[] = call.parts.map((p) => {
      const found = !this.notFound.has(normalizePartNumber(p.partNumber));
      return {
        requestedPartNumber: p.partNumber,
        manufacturerFilter: p.manufacturer ?? null,
        numberFound: found ? 1 : 0,
        parts: found ? [makePart(p.partNumber, p.manufacturer ?? '', call.currency ?? '', call.version ?? '')] : [],
      };
    });
    const found = results.filter((r) => r.numberFound > 0).length;
    return {
      results,
      partsRequested: results.length,
      partsFound: found,
      partsNotFound: results.length - found,
      partsError: 0,
    };
  }

  searchList(
    parts: ListPart[],
    opts: { currency?: string; version?: ApiVersion; signal?: AbortSignal },
  ): Promise<ListAnswer> {
    const call: Call = {
      parts: [...parts],
      currency: opts.currency,
      version: opts.version,
      signal: opts.signal,
      at: this.clock.now(),
    };
    const index = this.calls.push(call) - 1;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const plan = this.behaviour(call, index);
    return new Promise<ListAnswer>((resolve, reject) => {
      let open = true;
      const close = () => {
        if (!open) return false;
        open = false;
        this.inFlight--;
        return true;
      };
      opts.signal?.addEventListener('abort', () => {
        if (close()) {
          this.aborted++;
          reject(new CatalogError('cancelled', 'aborted'));
        }
      });
      if (plan.hang) return;
      this.clock.setTimeout(() => {
        if (!close()) return;
        if (plan.error) reject(plan.error);
        else resolve((plan.answer ?? ((a) => a))(this.answerFor(call)));
      }, plan.after ?? 5);
    });
  }
}

function setup(options: Partial<SchedulerOptions> = {}, behaviour?: Behaviour) {
  const clock = new VirtualClock(1_700_000_000_000);
  const port = new FakePort(clock, behaviour);
  const scheduler = new LookupScheduler({
    port,
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    random: () => 0.5,
    ...options,
  });
  return { clock, port, scheduler };
}

/** Records how each promise settled, without leaving a rejection unhandled. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

const pn = (i: number) => `BAV${String(i).padStart(4, '0')}-7-F`;

// ---- keys

describe('lookupKey', () => {
  it('compares part numbers like the service: case, spaces and punctuation ignored', () => {
    expect(lookupKey({ partNumber: ' bav99-7-f ' })).toBe(lookupKey({ partNumber: 'BAV99 7F' }));
    expect(lookupKey({ partNumber: 'BAV99' })).not.toBe(lookupKey({ partNumber: 'BAV9' }));
  });

  it('upper-cases manufacturer and currency, keeps the version, and treats null as absent', () => {
    expect(lookupKey({ partNumber: 'x1', manufacturer: 'ti', currency: 'eur', version: 'v3' })).toBe(
      lookupKey({ partNumber: 'X1', manufacturer: ' TI ', currency: 'EUR', version: 'v3' }),
    );
    expect(lookupKey({ partNumber: 'x1', manufacturer: null, currency: null, version: null })).toBe(
      lookupKey({ partNumber: 'X1' }),
    );
    expect(lookupKey({ partNumber: 'x1', currency: 'EUR' })).not.toBe(lookupKey({ partNumber: 'x1', currency: 'USD' }));
    expect(lookupKey({ partNumber: 'x1', version: 'v3' })).not.toBe(lookupKey({ partNumber: 'x1', version: 'v4' }));
    expect(lookupKey({ partNumber: 'x1', manufacturer: 'TI' })).not.toBe(lookupKey({ partNumber: 'x1' }));
  });

  it('reads a result under its part number and filter, or a bar-joined echo', () => {
    const key = lookupKey({ partNumber: 'lm358', manufacturer: 'ti', currency: 'usd' });
    expect(resultKey({ requestedPartNumber: 'LM358', manufacturerFilter: 'TI' }, 'USD|')).toBe(key);
    expect(resultKey({ requestedPartNumber: 'LM358|TI', manufacturerFilter: null }, 'USD|')).toBe(key);
    expect(resultKey({ requestedPartNumber: 'LM358', manufacturerFilter: null }, 'USD|')).not.toBe(key);
  });

  it('keeps bars out of what is sent, so the echo splits in one place', () => {
    expect(wirePartNumber(' A|B ')).toBe('A B');
    expect(lookupKey({ partNumber: 'A|B' })).toBe(lookupKey({ partNumber: 'AB' }));
    expect(lookupKey({ partNumber: 'A', manufacturer: 'B|C' })).toBe(
      lookupKey({ partNumber: 'A', manufacturer: 'b c' }),
    );
  });
});

describe('retryDelay', () => {
  const options = { maxAttempts: 4, baseMs: 250, capMs: 8000, maxWaitMs: 30_000 };

  it('doubles the ceiling each attempt up to the cap, with full jitter', () => {
    expect(retryDelay(1, undefined, options, () => 0.999999)).toBeCloseTo(250, 0);
    expect(retryDelay(2, undefined, options, () => 0.999999)).toBeCloseTo(500, 0);
    expect(retryDelay(3, undefined, options, () => 0.5)).toBe(500);
    expect(retryDelay(10, undefined, options, () => 0.999999)).toBeCloseTo(8000, 0);
    expect(retryDelay(2, undefined, options, () => 0)).toBe(0);
  });

  it('waits at least what the service asked, but never beyond the longest wait', () => {
    expect(retryDelay(1, 2000, options, () => 0.5)).toBe(2000);
    expect(retryDelay(1, 120_000, options, () => 0.5)).toBe(30_000);
  });
});

describe('splitIntoBatches', () => {
  const measure = (batch: string[]) => 10 + batch.join(',').length;

  it('cuts at maxBatch and within the budget, keeping order', () => {
    const items = Array.from({ length: 25 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const { batches, oversize } = splitIntoBatches(items, 10, 50, measure);
    expect(oversize).toEqual([]);
    expect(batches.flat()).toEqual(items);
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(10);
      expect(measure(b)).toBeLessThanOrEqual(50);
    }
  });

  it('returns an item that alone is over budget as oversize', () => {
    const { batches, oversize } = splitIntoBatches(['a', 'x'.repeat(100), 'b'], 10, 50, measure);
    expect(oversize).toEqual(['x'.repeat(100)]);
    expect(batches.flat()).toEqual(['a', 'b']);
  });
});

// ---- batching and matching

describe('LookupScheduler batching', () => {
  it('sends 10,000 lookups over 2,000 distinct parts as exactly 2 list searches, each part once', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 1000 });
    expect(
      port.listUrl(
        Array.from({ length: 1000 }, (_, i) => ({ partNumber: pn(i) })),
        {},
      ).length,
    ).toBeLessThan(60_000);
    const variants = (s: string) => [s, s.toLowerCase(), ` ${s} `, s.replace(/-/g, ''), s.replace(/-/g, ' ')];
    const requests = Array.from({ length: 10_000 }, (_, i) => ({
      partNumber: variants(pn(i % 2000))[Math.floor(i / 2000)],
    }));
    const results = requests.map((r) => track(scheduler.lookup(r)));
    await clock.advance(100);
    expect(port.calls).toHaveLength(2);
    expect(port.calls.map((c) => c.parts.length)).toEqual([1000, 1000]);
    const sent = port.calls.flatMap((c) => c.parts.map((p) => normalizePartNumber(p.partNumber)));
    expect(new Set(sent).size).toBe(2000);
    expect(results.every((r) => r.settled && r.value)).toBe(true);
    for (let i = 0; i < requests.length; i++) {
      const value = results[i].value as LookupResult;
      expect(normalizePartNumber(value.result.requestedPartNumber)).toBe(normalizePartNumber(requests[i].partNumber));
      expect(value.fromCache).toBe(false);
    }
    // Duplicates share one result.
    expect(results[0].value!.result).toBe(results[2000].value!.result);
    expect(results[0].value!.result).toBe(results[8000].value!.result);
    expect(scheduler.stats()).toMatchObject({
      lookups: 10_000,
      requests: 2,
      partsSent: 2000,
      shared: 8000,
      cacheHits: 0,
    });
  });

  it('matches results by key, not by position, when the service answers in reverse order', async () => {
    const { clock, port, scheduler } = setup({}, () => ({
      after: 5,
      answer: (a) => ({ ...a, results: [...a.results].reverse() }),
    }));
    const requests = Array.from({ length: 50 }, (_, i) => ({
      partNumber: pn(i),
      manufacturer: i % 2 ? 'ti' : undefined,
    }));
    const results = requests.map((r) => track(scheduler.lookup(r)));
    await clock.advance(100);
    expect(port.calls).toHaveLength(1);
    requests.forEach((r, i) => {
      const v = results[i].value as LookupResult;
      expect(v.key).toBe(lookupKey(r));
      expect(v.result.requestedPartNumber).toBe(r.partNumber);
      expect(v.result.manufacturerFilter).toBe(r.manufacturer ? 'TI' : null);
    });
  });

  it('groups lookups by currency and version, one list search per group', async () => {
    const { clock, port, scheduler } = setup();
    const combos: Array<{ currency?: string; version?: ApiVersion }> = [
      {},
      { currency: 'eur' },
      { currency: 'EUR', version: 'v3' },
      { version: 'v3' },
    ];
    const results = combos.flatMap((c) =>
      [pn(1), pn(2)].map((p) => ({ c, r: track(scheduler.lookup({ partNumber: p, ...c })) })),
    );
    // The same group spelled differently joins it.
    const joined = track(scheduler.lookup({ partNumber: pn(1), currency: ' Eur ' }));
    await clock.advance(100);
    expect(port.calls).toHaveLength(4);
    const seen = port.calls.map((c) => `${c.currency ?? '-'}/${c.version ?? '-'}/${c.parts.length}`).sort();
    expect(seen).toEqual(['-/-/2', '-/v3/2', 'EUR/-/2', 'EUR/v3/2']);
    for (const { c, r } of results)
      expect(r.value!.result.parts[0].description).toBe(`${c.currency?.toUpperCase() ?? ''}/${c.version ?? ''}`);
    expect(joined.value!.result.parts[0].description).toBe('EUR/');
  });

  it('splits a batch that would exceed the URL budget', async () => {
    const clock = new VirtualClock(1_700_000_000_000);
    const port = new FakePort(clock);
    const budget = port.listUrl([{ partNumber: pn(0) }], {}).length + 10 * 40;
    const scheduler = new LookupScheduler({
      port,
      urlBudget: budget,
      now: clock.now,
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
    });
    const results = Array.from({ length: 60 }, (_, i) => track(scheduler.lookup({ partNumber: pn(i) })));
    await clock.advance(100);
    expect(port.calls.length).toBeGreaterThan(1);
    for (const call of port.calls) expect(port.listUrl(call.parts, call).length).toBeLessThanOrEqual(budget);
    expect(port.calls.reduce((n, c) => n + c.parts.length, 0)).toBe(60);
    expect(results.every((r) => r.value)).toBe(true);
  });

  it('rejects a part number that cannot fit in any search, without failing the others', async () => {
    const { clock, port, scheduler } = setup({ urlBudget: 250 });
    const long = track(scheduler.lookup({ partNumber: 'Q'.repeat(60) }));
    const huge = track(scheduler.lookup({ partNumber: '%A'.repeat(50) }));
    const fine = track(scheduler.lookup({ partNumber: 'BAV99' }));
    await clock.advance(100);
    expect(fine.value).toBeDefined();
    expect(long.value).toBeDefined();
    expect(huge.error).toBeInstanceOf(CatalogError);
    expect((huge.error as CatalogError).kind).toBe('rejected');
    expect(port.calls.length).toBeGreaterThan(1);
    for (const call of port.calls) expect(port.listUrl(call.parts, call).length).toBeLessThanOrEqual(250);
  });

  it('rejects blank and over-long part numbers at once, without a request', async () => {
    const { clock, port, scheduler } = setup();
    await expect(scheduler.lookup({ partNumber: '  ' })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(scheduler.lookup({ partNumber: 'X'.repeat(101) })).rejects.toMatchObject({ kind: 'rejected' });
    await clock.advance(100);
    expect(port.calls).toHaveLength(0);
  });

  it('collects lookups for the window, then sends', async () => {
    const { clock, port, scheduler } = setup({ windowMs: 20 });
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(10);
    const b = track(scheduler.lookup({ partNumber: 'B2' }));
    expect(port.calls).toHaveLength(0);
    await clock.advance(10);
    expect(port.calls).toHaveLength(1);
    expect(port.calls[0].parts.map((p) => p.partNumber)).toEqual(['A1', 'B2']);
    await clock.advance(10);
    expect(a.value && b.value).toBeTruthy();
  });

  it('gives callers of a result the service did not return a typed error, and never a stray entry', async () => {
    const { clock, scheduler } = setup({}, () => ({
      after: 5,
      answer: (a) => ({
        ...a,
        results: [
          ...a.results.filter((r) => r.requestedPartNumber !== 'B2'),
          {
            requestedPartNumber: 'ZZ9',
            manufacturerFilter: null,
            numberFound: 1,
            parts: [makePart('ZZ9', '', '', '')],
          },
        ],
      }),
    }));
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    const b1 = track(scheduler.lookup({ partNumber: 'B2' }));
    const b2 = track(scheduler.lookup({ partNumber: 'b-2' }));
    await clock.advance(100);
    expect(a.value!.result.requestedPartNumber).toBe('A1');
    for (const b of [b1, b2]) {
      expect(b.error).toBeInstanceOf(CatalogError);
      expect((b.error as CatalogError).kind).toBe('malformed');
      expect((b.error as CatalogError).message).toContain('B2');
    }
    expect(scheduler.stats()).toMatchObject({ unmatchedResults: 1, missingResults: 1 });
  });

  it('fails every caller when the answer has no result list', async () => {
    const { clock, scheduler } = setup({}, () => ({ after: 5, answer: () => ({}) as ListAnswer }));
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    expect((a.error as CatalogError).kind).toBe('malformed');
  });
});

describe('LookupScheduler concurrency', () => {
  it('never has more than K requests in flight and queues the rest', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 5, concurrency: 3 }, () => ({ after: 100 }));
    const results = Array.from({ length: 50 }, (_, i) => track(scheduler.lookup({ partNumber: pn(i) })));
    await clock.advance(30);
    expect(port.inFlight).toBe(3);
    expect(scheduler.progress()).toMatchObject({ pending: 50, inFlight: 3, queuedParts: 35 });
    await clock.advance(1000);
    expect(port.calls).toHaveLength(10);
    expect(port.maxInFlight).toBe(3);
    expect(results.every((r) => r.value)).toBe(true);
    expect(scheduler.progress()).toEqual({ pending: 0, inFlight: 0, queuedParts: 0 });
  });

  it('holds a slot while a request waits to be retried', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 1, concurrency: 1 }, (_c, i) =>
      i === 0 ? { after: 5, error: new CatalogError('unavailable', 'down') } : { after: 5 },
    );
    track(scheduler.lookup({ partNumber: 'A1' }));
    track(scheduler.lookup({ partNumber: 'B2' }));
    await clock.advance(1000);
    expect(port.maxInFlight).toBe(1);
    expect(port.calls.map((c) => c.parts[0].partNumber)).toEqual(['A1', 'A1', 'B2']);
  });
});

describe('LookupScheduler: lookups waiting for a place', () => {
  it('join the requests of their group still waiting, so each request leaves as full as it can be', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 10, concurrency: 1 }, () => ({ after: 100 }));
    const all = [];
    // One window's worth goes out at once; the next three windows arrive while the only place is taken.
    for (let w = 0; w < 4; w++) {
      for (let i = 0; i < 4; i++) all.push(track(scheduler.lookup({ partNumber: pn(w * 4 + i) })));
      await clock.advance(25);
    }
    await clock.advance(1000);
    expect(port.calls.map((c) => c.parts.length)).toEqual([4, 10, 2]);
    // Older lookups are never sent after newer ones.
    expect(port.calls.flatMap((c) => c.parts.map((p) => p.partNumber))).toEqual(
      Array.from({ length: 16 }, (_, i) => pn(i)),
    );
    expect(all.every((r) => r.value)).toBe(true);
  });

  it('a window that joins them measures only the last waiting request, not every one', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 10, concurrency: 1 }, () => ({ after: 1000 }));
    let measured = 0;
    const listUrl = port.listUrl.bind(port);
    port.listUrl = (parts, opts) => {
      measured += parts.length;
      return listUrl(parts, opts);
    };
    const all = [];
    // 20 windows of 5 lookups while the only place is taken: 95 lookups wait, in requests of 10.
    for (let w = 0; w < 20; w++) {
      for (let i = 0; i < 5; i++) all.push(track(scheduler.lookup({ partNumber: pn(w * 5 + i) })));
      await clock.advance(25);
    }
    // Each window measures its own 5 and at most the 10 of the request it joins.
    expect(measured).toBeLessThanOrEqual(20 * (5 + 10));
    await clock.advance(20_000);
    expect(port.calls.map((c) => c.parts.length)).toEqual([5, ...Array.from({ length: 9 }, () => 10), 5]);
    expect(port.calls.flatMap((c) => c.parts.map((p) => p.partNumber))).toEqual(
      Array.from({ length: 100 }, (_, i) => pn(i)),
    );
    expect(all.every((r) => r.value)).toBe(true);
  });

  it('other groups keep their places in the queue', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 10, concurrency: 1 }, () => ({ after: 100 }));
    track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(25);
    track(scheduler.lookup({ partNumber: 'B1', currency: 'EUR' }));
    await clock.advance(25);
    track(scheduler.lookup({ partNumber: 'C1' }));
    track(scheduler.lookup({ partNumber: 'D1', currency: 'EUR' }));
    await clock.advance(1000);
    expect(port.calls.map((c) => [c.currency ?? '', c.parts.map((p) => p.partNumber)])).toEqual([
      ['', ['A1']],
      ['EUR', ['B1', 'D1']],
      ['', ['C1']],
    ]);
  });
});

describe('LookupScheduler: full requests beyond the places (fullConcurrency)', () => {
  it('sends full requests at once while a place is taken, and keeps the last, partial one waiting for the place', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 10, concurrency: 1, fullConcurrency: 2 }, () => ({
      after: 100,
    }));
    // One window of 35 lookups: three full requests and a partial one of 5.
    const all = Array.from({ length: 35 }, (_, i) => track(scheduler.lookup({ partNumber: pn(i) })));
    await clock.advance(25);
    // The first takes the place, the next two full ones go beside it; the partial one waits.
    expect(port.calls.map((c) => c.parts.length)).toEqual([10, 10, 10]);
    expect(port.maxInFlight).toBe(3);
    // Lookups arriving meanwhile join the waiting partial request, which leaves fuller once the place is free.
    for (let i = 35; i < 40; i++) all.push(track(scheduler.lookup({ partNumber: pn(i) })));
    await clock.advance(1000);
    expect(port.calls.map((c) => c.parts.length)).toEqual([10, 10, 10, 10]);
    expect(port.maxInFlight).toBe(3);
    expect(port.calls.flatMap((c) => c.parts.map((p) => p.partNumber))).toEqual(
      Array.from({ length: 40 }, (_, i) => pn(i)),
    );
    expect(all.every((r) => r.value)).toBe(true);
  });

  it('without it, full requests wait for the place like any other', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 10, concurrency: 1 }, () => ({ after: 100 }));
    const all = Array.from({ length: 35 }, (_, i) => track(scheduler.lookup({ partNumber: pn(i) })));
    await clock.advance(25);
    expect(port.calls).toHaveLength(1);
    await clock.advance(1000);
    expect(port.calls.map((c) => c.parts.length)).toEqual([10, 10, 10, 5]);
    expect(port.maxInFlight).toBe(1);
    expect(all.every((r) => r.value)).toBe(true);
  });

  it('a partial request first in line holds the full ones behind it back (older lookups are never sent later)', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 10, concurrency: 1, fullConcurrency: 3 }, () => ({
      after: 100,
    }));
    track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(25);
    track(scheduler.lookup({ partNumber: 'B1', currency: 'EUR' }));
    await clock.advance(25);
    for (let i = 0; i < 20; i++) track(scheduler.lookup({ partNumber: pn(i) }));
    await clock.advance(25);
    // A1 has the place; B1 (partial, EUR) is first in line, so the full requests after it wait too.
    expect(port.calls.map((c) => c.parts.length)).toEqual([1]);
    await clock.advance(1000);
    expect(port.calls.map((c) => [c.currency ?? '', c.parts.length])).toEqual([
      ['', 1],
      ['EUR', 1],
      ['', 10],
      ['', 10],
    ]);
  });
});

describe('LookupScheduler: a port behind a rate gate (turnIn)', () => {
  /** A port that lets one search through every 250 ms, and says when the next may go. */
  function gated(options: Partial<SchedulerOptions> = {}) {
    const made = setup({ maxBatch: 10, concurrency: 4, ...options }, () => ({ after: 100 }));
    let nextTurn = 0;
    const searchList = made.port.searchList.bind(made.port);
    made.port.searchList = (parts, opts) => {
      // A search handed over before its turn would be a burst the gate had to hold: the test fails on it.
      if (made.clock.now() < nextTurn) throw new Error(`handed over ${nextTurn - made.clock.now()} ms early`);
      nextTurn = made.clock.now() + 250;
      return searchList(parts, opts);
    };
    (made.port as ListSearchPort).turnIn = () => Math.max(0, nextTurn - made.clock.now());
    return made;
  }

  it('keeps the next request until its turn, and lookups that come meanwhile leave in it', async () => {
    const { clock, port, scheduler } = gated();
    const first = Array.from({ length: 3 }, (_, i) => track(scheduler.lookup({ partNumber: pn(i) })));
    await clock.advance(25);
    expect(port.calls.map((c) => c.parts.length)).toEqual([3]);
    const t0 = port.calls[0].at;
    // Three windows' lookups while the gate is closed: they wait together, not in three requests.
    const later: ReturnType<typeof track>[] = [];
    for (let w = 0; w < 3; w++) {
      for (let i = 0; i < 4; i++) later.push(track(scheduler.lookup({ partNumber: pn(10 + w * 4 + i) })));
      await clock.advance(50);
    }
    expect(port.calls).toHaveLength(1);
    await clock.advance(400);
    // 12 lookups at the turn: a full request of 10 then, and the 2 left over at the next turn.
    expect(port.calls.map((c) => [c.at - t0, c.parts.length])).toEqual([
      [0, 3],
      [250, 10],
      [500, 2],
    ]);
    await clock.advance(200);
    expect([...first, ...later].every((r) => r.value)).toBe(true);
  });

  it('a request whose turn keeps moving on (the gate busy with others) is handed over after a second at most', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 10, concurrency: 4 }, () => ({ after: 100 }));
    // Another client's requests take every turn: the next one is always a quarter of a second away.
    (port as ListSearchPort).turnIn = () => 250;
    const asked = clock.now();
    const result = track(scheduler.lookup({ partNumber: pn(0) }));
    await clock.advance(900);
    expect(port.calls).toHaveLength(0);
    await clock.advance(200);
    expect(port.calls).toHaveLength(1);
    // Kept from the end of its 20 ms window for one second, not a moment longer.
    expect(port.calls[0].at - asked).toBe(1020);
    await clock.advance(200);
    expect(result.value).toBeDefined();
  });

  it('a lookup cancelled while its request waits for the turn is never sent; close leaves no timer', async () => {
    const { clock, port, scheduler } = gated();
    track(scheduler.lookup({ partNumber: pn(0) }));
    await clock.advance(25);
    const controller = new AbortController();
    const gone = track(scheduler.lookup({ partNumber: pn(1) }, { signal: controller.signal }));
    const kept = track(scheduler.lookup({ partNumber: pn(2) }));
    await clock.advance(50);
    controller.abort();
    await clock.advance(300);
    expect(gone.error).toBeInstanceOf(CatalogError);
    expect(port.calls.map((c) => c.parts.map((p) => p.partNumber))).toEqual([[pn(0)], [pn(2)]]);
    await clock.advance(200);
    expect(kept.value).toBeDefined();
    // A request waiting for its turn when the scheduler closes: cancelled, and its turn's timer cleared.
    const waiting = track(scheduler.lookup({ partNumber: pn(3) }));
    await clock.advance(25);
    track(scheduler.lookup({ partNumber: pn(4) }));
    await clock.advance(25);
    expect(port.calls).toHaveLength(3);
    const late = track(scheduler.lookup({ partNumber: pn(5) }));
    await clock.advance(25);
    scheduler.close();
    await clock.advance(0);
    expect(late.error).toBeInstanceOf(CatalogError);
    expect(waiting.value).toBeUndefined();
    await clock.advance(1000);
    expect(port.calls).toHaveLength(3);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('LookupScheduler retries', () => {
  it('waits out a rate limit (retryAfterMs) and then succeeds', async () => {
    const limited = new CatalogError(
      'rate-limited',
      'The parts service is busy (too many requests) — try again in 2 s',
      { status: 503, retryAfterMs: 2000 },
    );
    const { clock, port, scheduler } = setup({}, (_c, i) => (i === 0 ? { after: 5, error: limited } : { after: 5 }));
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    const b = track(scheduler.lookup({ partNumber: 'a1' }));
    await clock.advance(1900);
    expect(port.calls).toHaveLength(1);
    expect(a.settled).toBe(false);
    await clock.advance(200);
    expect(port.calls).toHaveLength(2);
    expect(port.calls[1].at - port.calls[0].at).toBeGreaterThanOrEqual(2005);
    await clock.advance(10);
    expect(a.value!.result.requestedPartNumber).toBe('A1');
    expect(b.value!.result).toBe(a.value!.result);
    expect(scheduler.stats()).toMatchObject({ requests: 2, retries: 1 });
  });

  it('retries a network failure up to the bound, then rejects every waiting caller with that error', async () => {
    const down = new CatalogError('unreachable', 'Parts service unreachable at parts.test: connection refused');
    const { clock, port, scheduler } = setup({ random: () => 0.999 }, () => ({ after: 5, error: down }));
    const callers = ['A1', 'a-1', 'B2', 'C3'].map((p) => track(scheduler.lookup({ partNumber: p })));
    await clock.advance(10_000);
    expect(port.calls).toHaveLength(4);
    // Full jitter under ceilings of 250, 500 and 1000 ms.
    const gaps = port.calls.slice(1).map((c, i) => c.at - port.calls[i].at - 5);
    gaps.forEach((g, i) => expect(g).toBeLessThanOrEqual(250 * 2 ** i));
    for (const c of callers) {
      expect(c.error).toBe(down);
      expect((c.error as CatalogError).message).toBe('Parts service unreachable at parts.test: connection refused');
    }
    expect(scheduler.stats()).toMatchObject({ requests: 4, retries: 3, failedRequests: 1 });
    expect(clock.pendingTimers).toBe(0);
  });

  it('honours a configured attempt bound', async () => {
    const { clock, port, scheduler } = setup({ retry: { maxAttempts: 2 } }, () => ({
      after: 5,
      error: new CatalogError('timeout', 'slow'),
    }));
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(10_000);
    expect(port.calls).toHaveLength(2);
    expect((a.error as CatalogError).kind).toBe('timeout');
  });

  it('does not retry a non-retryable error and rejects all callers with it', async () => {
    const auth = new CatalogError('auth', 'The login or API key was not accepted', { status: 401 });
    const { clock, port, scheduler } = setup({}, () => ({ after: 5, error: auth }));
    const callers = ['A1', 'B2', 'b2'].map((p) => track(scheduler.lookup({ partNumber: p })));
    await clock.advance(10_000);
    expect(port.calls).toHaveLength(1);
    for (const c of callers) expect(c.error).toBe(auth);
  });

  it('skipBackoff tries a request waiting out its back-off at once, and leaves no back-off timer', async () => {
    const limited = new CatalogError('rate-limited', 'busy', { status: 503, retryAfterMs: 30_000 });
    const stopped = new CatalogError('unavailable', 'the gateway is stopping');
    const { clock, port, scheduler } = setup({ retry: { maxWaitMs: 60_000 } }, (_c, i) => ({
      after: 5,
      error: i === 0 ? limited : stopped,
    }));
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    expect(port.calls).toHaveLength(1);
    scheduler.skipBackoff();
    expect(port.calls).toHaveLength(2);
    expect(port.calls[1].at - port.calls[0].at).toBeLessThan(200);
    // A request under way is left to its answer.
    scheduler.skipBackoff();
    await clock.advance(10);
    expect(port.calls).toHaveLength(2);
    expect(scheduler.stats()).toMatchObject({ requests: 2, retries: 1 });
    expect(a.settled).toBe(false);
    scheduler.close();
    await clock.advance(0);
    expect((a.error as CatalogError).kind).toBe('cancelled');
    expect(clock.pendingTimers).toBe(0);
  });

  it('turns an unknown throw of the port into a CatalogError for every caller', async () => {
    const { clock, scheduler } = setup({}, () => {
      throw new TypeError('boom');
    });
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    expect(a.error).toBeInstanceOf(CatalogError);
    expect((a.error as CatalogError).message).toContain('boom');
  });
});

describe('LookupScheduler cache', () => {
  it('serves from the cache within the TTL and fetches again after it', async () => {
    const { clock, port, scheduler } = setup({ ttlMs: 10 * 60_000 });
    const first = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    const asOf = first.value!.asOf;
    await clock.advance(9 * 60_000);
    const again = await scheduler.lookup({ partNumber: 'a 1' });
    expect(again).toMatchObject({ fromCache: true, asOf, key: first.value!.key });
    expect(again.result).toBe(first.value!.result);
    expect(port.calls).toHaveLength(1);
    await clock.advance(60_000);
    const later = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    expect(later.value!.fromCache).toBe(false);
    expect(later.value!.asOf).toBeGreaterThan(asOf);
    expect(port.calls).toHaveLength(2);
    expect(scheduler.stats().cacheHits).toBe(1);
  });

  it('fetches again when the caller demands a fresher result (maxAgeMs)', async () => {
    const { clock, port, scheduler } = setup();
    track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    await clock.advance(5 * 60_000);
    expect((await scheduler.lookup({ partNumber: 'A1' }, { maxAgeMs: 6 * 60_000 })).fromCache).toBe(true);
    const fresh = track(scheduler.lookup({ partNumber: 'A1' }, { maxAgeMs: 60_000 }));
    await clock.advance(100);
    expect(fresh.value!.fromCache).toBe(false);
    expect(port.calls).toHaveLength(2);
  });

  it('clear() and invalidate() forget results', async () => {
    const { clock, port, scheduler } = setup();
    ['A1', 'B2'].forEach((p) => track(scheduler.lookup({ partNumber: p })));
    await clock.advance(100);
    scheduler.invalidate([lookupKey({ partNumber: 'a1' })]);
    expect(scheduler.peek(lookupKey({ partNumber: 'A1' }))).toBeUndefined();
    expect(scheduler.peek(lookupKey({ partNumber: 'B2' }))).toBeDefined();
    scheduler.clear();
    expect(scheduler.peek(lookupKey({ partNumber: 'B2' }))).toBeUndefined();
    ['A1', 'B2'].forEach((p) => track(scheduler.lookup({ partNumber: p })));
    await clock.advance(100);
    expect(port.calls).toHaveLength(2);
    expect(port.calls[1].parts).toHaveLength(2);
  });

  it('caches not-found results', async () => {
    const { clock, port, scheduler } = setup();
    port.notFound.add('NOPE1');
    const first = track(scheduler.lookup({ partNumber: 'nope-1' }));
    await clock.advance(100);
    expect(first.value!.result.numberFound).toBe(0);
    const again = await scheduler.lookup({ partNumber: 'NOPE1' });
    expect(again.fromCache).toBe(true);
    expect(again.result.numberFound).toBe(0);
    expect(port.calls).toHaveLength(1);
  });

  it('does not cache errors', async () => {
    const { clock, port, scheduler } = setup({}, (_c, i) =>
      i === 0 ? { after: 5, error: new CatalogError('auth', 'no') } : { after: 5 },
    );
    const first = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    expect(first.error).toBeInstanceOf(CatalogError);
    const second = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    expect(second.value!.fromCache).toBe(false);
    expect(port.calls).toHaveLength(2);
  });

  it('shares a request already in flight', async () => {
    const { clock, port, scheduler } = setup({}, () => ({ after: 500 }));
    const first = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(100);
    expect(port.calls).toHaveLength(1);
    const second = track(scheduler.lookup({ partNumber: 'a-1' }, { maxAgeMs: 0 }));
    await clock.advance(1000);
    expect(port.calls).toHaveLength(1);
    expect(second.value!.result).toBe(first.value!.result);
    expect(second.value!.fromCache).toBe(false);
    expect(scheduler.stats().shared).toBe(1);
  });

  it('evicts the least recently used results beyond the cache limit', async () => {
    const { clock, scheduler } = setup({ cacheLimit: 2 });
    ['A1', 'B2'].forEach((p) => track(scheduler.lookup({ partNumber: p })));
    await clock.advance(100);
    expect(scheduler.peek(lookupKey({ partNumber: 'A1' }))).toBeDefined();
    await scheduler.lookup({ partNumber: 'A1' });
    track(scheduler.lookup({ partNumber: 'C3' }));
    await clock.advance(100);
    expect(scheduler.peek(lookupKey({ partNumber: 'A1' }))).toBeDefined();
    expect(scheduler.peek(lookupKey({ partNumber: 'B2' }))).toBeUndefined();
  });
});

describe('LookupScheduler cancel and deadline', () => {
  it('rejects a cancelling caller at once while the others still get the result', async () => {
    const { clock, port, scheduler } = setup({}, () => ({ after: 200 }));
    const controller = new AbortController();
    const leaving = track(scheduler.lookup({ partNumber: 'A1' }, { signal: controller.signal }));
    const staying = track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(50);
    controller.abort();
    await settleMicrotasks();
    expect((leaving.error as CatalogError).kind).toBe('cancelled');
    expect(staying.settled).toBe(false);
    await clock.advance(500);
    expect(staying.value!.result.requestedPartNumber).toBe('A1');
    expect(port.aborted).toBe(0);
  });

  it('does not send a key every caller cancelled before the window closed', async () => {
    const { clock, port, scheduler } = setup();
    const controller = new AbortController();
    const a = track(scheduler.lookup({ partNumber: 'A1' }, { signal: controller.signal }));
    const b = track(scheduler.lookup({ partNumber: 'a1' }, { signal: controller.signal }));
    const other = track(scheduler.lookup({ partNumber: 'B2' }));
    controller.abort();
    await clock.advance(100);
    expect((a.error as CatalogError).kind).toBe('cancelled');
    expect((b.error as CatalogError).kind).toBe('cancelled');
    expect(port.calls).toHaveLength(1);
    expect(port.calls[0].parts.map((p) => p.partNumber)).toEqual(['B2']);
    expect(other.value).toBeDefined();
  });

  it('sends nothing when every caller cancelled before sending', async () => {
    const { clock, port, scheduler } = setup({ concurrency: 1, maxBatch: 1 }, () => ({ after: 100 }));
    const controller = new AbortController();
    track(scheduler.lookup({ partNumber: 'A1' }));
    const queued = track(scheduler.lookup({ partNumber: 'B2' }, { signal: controller.signal }));
    await clock.advance(50);
    controller.abort();
    await clock.advance(500);
    expect((queued.error as CatalogError).kind).toBe('cancelled');
    expect(port.calls.map((c) => c.parts[0].partNumber)).toEqual(['A1']);
  });

  it('rejects a caller whose signal is already aborted', async () => {
    const { scheduler } = setup();
    await expect(scheduler.lookup({ partNumber: 'A1' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      kind: 'cancelled',
    });
  });

  it('aborts a request all of whose callers cancelled, and frees its slot', async () => {
    const { clock, port, scheduler } = setup({ concurrency: 1, maxBatch: 1 }, () => ({ after: 1000 }));
    const controller = new AbortController();
    track(scheduler.lookup({ partNumber: 'A1' }, { signal: controller.signal }));
    const next = track(scheduler.lookup({ partNumber: 'B2' }));
    await clock.advance(100);
    expect(port.calls).toHaveLength(1);
    controller.abort();
    await clock.advance(10);
    expect(port.aborted).toBe(1);
    expect(port.calls).toHaveLength(2);
    await clock.advance(1000);
    expect(next.value).toBeDefined();
    expect(port.maxInFlight).toBe(1);
  });

  it('keeps a request going for a caller who joined a key whose first caller had left', async () => {
    const { clock, port, scheduler } = setup({}, () => ({ after: 500 }));
    const first = new AbortController();
    const other = new AbortController();
    track(scheduler.lookup({ partNumber: 'A1' }, { signal: first.signal }));
    track(scheduler.lookup({ partNumber: 'B2' }, { signal: other.signal }));
    await clock.advance(100);
    first.abort();
    const joined = track(scheduler.lookup({ partNumber: 'A1' }));
    other.abort();
    await clock.advance(1000);
    expect(port.calls).toHaveLength(1);
    expect(port.aborted).toBe(0);
    expect(joined.value!.result.requestedPartNumber).toBe('A1');
  });

  it('stops the retries of a request all of whose callers cancelled during the wait', async () => {
    const { clock, port, scheduler } = setup({}, () => ({ after: 5, error: new CatalogError('unavailable', 'down') }));
    const controller = new AbortController();
    track(scheduler.lookup({ partNumber: 'A1' }, { signal: controller.signal }));
    await clock.advance(30);
    expect(port.calls).toHaveLength(1);
    controller.abort();
    await clock.advance(10_000);
    expect(port.calls).toHaveLength(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('rejects callers with a timeout by the deadline when the service never answers', async () => {
    const { clock, scheduler } = setup({ deadlineMs: 60_000 }, () => ({ hang: true }));
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    const b = track(scheduler.lookup({ partNumber: 'B2' }));
    await clock.advance(59_999);
    expect(a.settled || b.settled).toBe(false);
    await clock.advance(1);
    for (const c of [a, b]) {
      expect(c.error).toBeInstanceOf(CatalogError);
      expect((c.error as CatalogError).kind).toBe('timeout');
    }
    expect(scheduler.progress()).toEqual({ pending: 0, inFlight: 0, queuedParts: 0 });
  });

  it('close() cancels everything waiting', async () => {
    const { clock, port, scheduler } = setup({ concurrency: 1, maxBatch: 1 }, () => ({ hang: true }));
    const a = track(scheduler.lookup({ partNumber: 'A1' }));
    const queued = track(scheduler.lookup({ partNumber: 'Q1' }));
    await clock.advance(100);
    const b = track(scheduler.lookup({ partNumber: 'B2' }));
    scheduler.close();
    await clock.advance(100);
    for (const c of [a, queued, b]) expect((c.error as CatalogError).kind).toBe('cancelled');
    expect(port.calls).toHaveLength(1);
    expect(port.aborted).toBe(1);
    await expect(scheduler.lookup({ partNumber: 'C3' })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('LookupScheduler.lookupMany and events', () => {
  it('settles every line, reports progress, and never throws for one bad line', async () => {
    const { clock, port, scheduler } = setup();
    port.notFound.add('NOPE');
    const progress: Array<[number, number]> = [];
    const requests = [{ partNumber: 'A1' }, { partNumber: '' }, { partNumber: 'nope' }, { partNumber: 'a1' }];
    const run = scheduler.lookupMany(requests, { onProgress: (d, t) => progress.push([d, t]) });
    await clock.advance(100);
    const out = await run;
    expect(out[0]).toMatchObject({ key: lookupKey(requests[0]) });
    expect(out[1]).toBeInstanceOf(CatalogError);
    expect((out[2] as LookupResult).result.numberFound).toBe(0);
    expect((out[3] as LookupResult).result).toBe((out[0] as LookupResult).result);
    expect(progress[0]).toEqual([0, 4]);
    expect(progress.at(-1)).toEqual([4, 4]);
    expect(progress).toHaveLength(5);
  });

  it('cancels every waiting line with one signal', async () => {
    const { clock, port, scheduler } = setup({}, () => ({ after: 1000 }));
    const controller = new AbortController();
    const run = scheduler.lookupMany(
      Array.from({ length: 20 }, (_, i) => ({ partNumber: pn(i) })),
      { signal: controller.signal },
    );
    await clock.advance(100);
    controller.abort();
    const out = await run;
    expect(out.every((o) => o instanceof CatalogError && o.kind === 'cancelled')).toBe(true);
    expect(port.aborted).toBe(1);
  });

  it('a cancelled run sends none of its queued batches', async () => {
    const { clock, port, scheduler } = setup({ maxBatch: 5, concurrency: 1 }, () => ({ after: 1000 }));
    const controller = new AbortController();
    const run = scheduler.lookupMany(
      Array.from({ length: 20 }, (_, i) => ({ partNumber: pn(i) })),
      { signal: controller.signal },
    );
    await clock.advance(100);
    expect(port.calls).toHaveLength(1);
    controller.abort();
    const out = await run;
    await clock.advance(5000);
    expect(out.every((o) => o instanceof CatalogError && o.kind === 'cancelled')).toBe(true);
    expect(port.calls).toHaveLength(1);
    expect(port.aborted).toBe(1);
  });

  it('reports requests, retries and pending counts to subscribers', async () => {
    const { clock, scheduler } = setup({}, (_c, i) =>
      i === 0 ? { after: 5, error: new CatalogError('unavailable', 'down') } : { after: 5 },
    );
    const events: SchedulerEvent[] = [];
    const stop = scheduler.subscribe((e) => events.push(e));
    track(scheduler.lookup({ partNumber: 'A1' }));
    await clock.advance(5000);
    stop();
    expect(events.filter((e) => e.type === 'request').map((e) => (e as { attempt: number }).attempt)).toEqual([1, 2]);
    expect(events.some((e) => e.type === 'retry')).toBe(true);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress[0]).toMatchObject({ pending: 1 });
    expect(progress.at(-1)).toMatchObject({ pending: 0, inFlight: 0 });
  });
});

describe('CatalogClient as the port', () => {
  it('fits the port and measures the URL it would send', () => {
    const port: ListSearchPort = new CatalogClient({
      itemBaseUrl: 'http://127.0.0.1:1',
      login: 'demo',
      apikey: 'demo-key',
    });
    const few = port.listUrl([{ partNumber: 'BAV99' }], {}).length;
    const many = port.listUrl(
      Array.from({ length: 100 }, (_, i) => ({ partNumber: pn(i) })),
      { currency: 'EUR' },
    ).length;
    expect(many).toBeGreaterThan(few * 10);
  });
});
