import fc from 'fast-check';
import { CatalogError, type CatalogErrorKind } from '../../src/catalog/errors';
import type { ApiVersion, ListAnswer, ListResult, Part } from '../../src/catalog/model';
import {
  LookupScheduler,
  lookupKey,
  type ListPart,
  type ListSearchPort,
  type LookupRequest,
  type LookupResult,
} from '../../src/lookup';
import { VirtualClock } from '../helpers/virtual-clock';

// ---- a virtual clock: timers run only when the test advances time

// ---- what the service does to each request

type Outcome =
  | { type: 'ok'; after: number; reverse: boolean; drop: number | null; duplicate: boolean; stray: boolean }
  | { type: 'retryable'; after: number; kind: CatalogErrorKind; retryAfterMs?: number }
  | { type: 'fatal'; after: number; kind: CatalogErrorKind }
  | { type: 'hang' };

/** The value one time in four, otherwise `none`. */
function sometimes<T, N>(arbitrary: fc.Arbitrary<T>, none: N): fc.Arbitrary<T | N> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(none) }, { weight: 1, arbitrary });
}

const outcomeArb: fc.Arbitrary<Outcome> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('ok' as const),
      after: fc.integer({ min: 0, max: 300 }),
      reverse: fc.boolean(),
      drop: sometimes(fc.nat(10), null),
      duplicate: fc.boolean(),
      stray: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        type: fc.constant('retryable' as const),
        after: fc.integer({ min: 0, max: 300 }),
        kind: fc.constantFrom<CatalogErrorKind>('unreachable', 'timeout', 'rate-limited', 'unavailable'),
        retryAfterMs: fc.integer({ min: 0, max: 5000 }),
      },
      { requiredKeys: ['type', 'after', 'kind'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('fatal' as const),
      after: fc.integer({ min: 0, max: 300 }),
      kind: fc.constantFrom<CatalogErrorKind>('auth', 'rejected', 'malformed'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ type: fc.constant('slow' as const), after: fc.integer({ min: 2000, max: 90_000 }) })
      .map((o): Outcome => ({ ...o, type: 'ok', reverse: false, drop: null, duplicate: false, stray: false })),
  },
  { weight: 1, arbitrary: fc.constant<Outcome>({ type: 'hang' }) },
);

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

function makePart(description: string): Part {
  return {
    itemId: 1,
    partNumber: 'X',
    manufacturerCode: '',
    manufacturerName: '',
    description,
    packageType: '',
    category: '',
    status: '',
    compliance: {},
    datasheetUrl: null,
    resources: [],
    offers: [],
  };
}

interface Limits {
  maxBatch: number;
  urlBudget: number;
  concurrency: number;
}

/** What became of one request: when it ended, how, and which keys its answer carried. */
interface CallLog {
  keys: string[];
  end: 'ok' | 'retryable' | 'fatal' | 'aborted' | 'open';
  endedAt?: number;
  delivered: string[];
}

const wireKey = (p: ListPart, opts: { currency?: string; version?: ApiVersion }) =>
  lookupKey({ partNumber: p.partNumber, manufacturer: p.manufacturer, currency: opts.currency, version: opts.version });

/** A list-search service that misbehaves as told, and checks the limits of every request it gets. */
class FaultyPort implements ListSearchPort {
  inFlight = 0;
  calls = 0;
  readonly log: CallLog[] = [];
  readonly violations: string[] = [];

  constructor(
    private readonly clock: VirtualClock,
    private readonly outcomes: Outcome[],
    private readonly limits: Limits,
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

  private answer(
    parts: ListPart[],
    opts: { currency?: string; version?: ApiVersion },
    outcome: Extract<Outcome, { type: 'ok' }>,
    log: CallLog,
  ): ListAnswer {
    let results: ListResult[] = parts.map((p) => ({
      requestedPartNumber: p.partNumber,
      manufacturerFilter: p.manufacturer ?? null,
      numberFound: 1,
      // What the service was asked, for the test to check each caller got its own part's answer.
      parts: [
        makePart(
          JSON.stringify({
            part: norm(p.partNumber),
            mfr: p.manufacturer ?? '',
            currency: opts.currency ?? '',
            version: opts.version ?? '',
          }),
        ),
      ],
    }));
    const delivered = parts.map((p) => wireKey(p, opts));
    if (outcome.drop !== null && results.length > 0) {
      results.splice(outcome.drop % results.length, 1);
      delivered.splice(outcome.drop % delivered.length, 1);
    }
    log.delivered = delivered;
    if (outcome.duplicate && results.length > 0) results.push({ ...results[0] });
    if (outcome.stray)
      results.push({
        requestedPartNumber: 'STRAY-1',
        manufacturerFilter: null,
        numberFound: 1,
        parts: [makePart('stray')],
      });
    if (outcome.reverse) results = results.reverse();
    return { results, partsRequested: parts.length, partsFound: results.length, partsNotFound: 0, partsError: 0 };
  }

  searchList(
    parts: ListPart[],
    opts: { currency?: string; version?: ApiVersion; signal?: AbortSignal },
  ): Promise<ListAnswer> {
    const outcome = this.outcomes.length
      ? this.outcomes[this.calls % this.outcomes.length]
      : ({ type: 'ok', after: 5, reverse: false, drop: null, duplicate: false, stray: false } as Outcome);
    this.calls++;
    this.inFlight++;
    if (this.inFlight > this.limits.concurrency) this.violations.push(`${this.inFlight} requests in flight`);
    if (parts.length > this.limits.maxBatch) this.violations.push(`${parts.length} parts in one request`);
    if (parts.length === 0) this.violations.push('a request with no parts');
    const url = this.listUrl(parts, opts).length;
    if (url > this.limits.urlBudget) this.violations.push(`a URL of ${url} characters`);
    const log: CallLog = { keys: parts.map((p) => wireKey(p, opts)), end: 'open', delivered: [] };
    this.log.push(log);
    if (new Set(log.keys).size !== parts.length) this.violations.push('one part sent twice in a request');
    return new Promise<ListAnswer>((resolve, reject) => {
      let open = true;
      const close = (end: CallLog['end']) => {
        if (!open) return false;
        open = false;
        this.inFlight--;
        log.end = end;
        log.endedAt = this.clock.now();
        return true;
      };
      opts.signal?.addEventListener('abort', () => {
        if (close('aborted')) reject(new CatalogError('cancelled', 'aborted'));
      });
      if (outcome.type === 'hang') return;
      this.clock.setTimeout(() => {
        if (!close(outcome.type === 'ok' ? 'ok' : outcome.type)) return;
        if (outcome.type === 'ok') resolve(this.answer(parts, opts, outcome, log));
        else if (outcome.type === 'retryable') {
          reject(
            new CatalogError(
              outcome.kind,
              `failed: ${outcome.kind}`,
              outcome.retryAfterMs === undefined ? {} : { retryAfterMs: outcome.retryAfterMs },
            ),
          );
        } else reject(new CatalogError(outcome.kind, `failed: ${outcome.kind}`));
      }, outcome.after);
    });
  }
}

// ---- the callers

const PARTS = [
  'BAV99',
  'bav-99',
  'LM358',
  'lm 358',
  'NE555P',
  'X|Y',
  'TPS7A4700RGWR',
  'Q'.repeat(80),
  '--1--',
  'ＢＡＶ９９',
];
const MFRS = [undefined, 'TI', 'ti', null, 'X|Y'];
const CURRENCIES = [undefined, 'USD', 'eur', null];
const VERSIONS: Array<ApiVersion | undefined> = [undefined, 'v3', 'v4'];

interface CallPlan {
  at: number;
  part: number;
  mfr: number;
  currency: number;
  version: number;
  cancelAfter: number | null;
  maxAgeMs: number | undefined;
}

/** Mostly the first choice, so keys repeat and callers share, hit the cache and dedupe. */
const mostlyFirst = (n: number) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(n - 1) });

const callArb: fc.Arbitrary<CallPlan> = fc.record({
  at: fc.integer({ min: 0, max: 3000 }),
  part: fc.nat(PARTS.length - 1),
  mfr: mostlyFirst(MFRS.length),
  currency: mostlyFirst(CURRENCIES.length),
  version: mostlyFirst(VERSIONS.length),
  cancelAfter: sometimes(fc.integer({ min: 0, max: 3000 }), null),
  maxAgeMs: sometimes(fc.integer({ min: 0, max: 5000 }), undefined),
});

const configArb = fc.record({
  maxBatch: fc.integer({ min: 1, max: 6 }),
  concurrency: fc.integer({ min: 1, max: 3 }),
  windowMs: fc.integer({ min: 0, max: 30 }),
  budgetParts: fc.integer({ min: 1, max: 6 }),
  maxAttempts: fc.integer({ min: 1, max: 4 }),
  deadlineMs: fc.integer({ min: 500, max: 30_000 }),
  ttlMs: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: 600_000 })),
  clearAt: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
});

function requestOf(plan: CallPlan): LookupRequest {
  const request: LookupRequest = { partNumber: PARTS[plan.part] };
  if (MFRS[plan.mfr] !== undefined) request.manufacturer = MFRS[plan.mfr];
  if (CURRENCIES[plan.currency] !== undefined) request.currency = CURRENCIES[plan.currency];
  if (VERSIONS[plan.version] !== undefined) request.version = VERSIONS[plan.version];
  return request;
}

describe('LookupScheduler under faults (property)', () => {
  it('settles every caller once, with its own key or a CatalogError, within the limits', async () => {
    const seen = new Map<string, number>();
    const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(
        configArb,
        fc.array(callArb, { minLength: 1, maxLength: 30 }),
        fc.array(outcomeArb, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        async (config, plans, outcomes, jitter) => {
          const clock = new VirtualClock();
          const probe = new FaultyPort(clock, [], { maxBatch: 0, urlBudget: 0, concurrency: 0 });
          const urlBudget = probe.listUrl([], {}).length + 8 + config.budgetParts * 45;
          const limits = { maxBatch: config.maxBatch, urlBudget, concurrency: config.concurrency };
          const port = new FaultyPort(clock, outcomes, limits);
          const scheduler = new LookupScheduler({
            port,
            maxBatch: config.maxBatch,
            urlBudget,
            concurrency: config.concurrency,
            windowMs: config.windowMs,
            ttlMs: config.ttlMs,
            deadlineMs: config.deadlineMs,
            retry: { maxAttempts: config.maxAttempts, baseMs: 100, capMs: 2000, maxWaitMs: 4000 },
            now: clock.now,
            setTimeout: clock.setTimeout,
            clearTimeout: clock.clearTimeout,
            random: () => jitter,
          });
          const attempts = new Map<number, number>();
          const batchOfCall: number[] = [];
          const failures: Array<{ batchId: number; at: number }> = [];
          scheduler.subscribe((e) => {
            if (e.type === 'failed') failures.push({ batchId: e.batchId, at: clock.now() });
            if (e.type !== 'request') return;
            batchOfCall.push(e.batchId);
            attempts.set(e.batchId, (attempts.get(e.batchId) ?? 0) + 1);
            if (e.attempt > config.maxAttempts) port.violations.push(`attempt ${e.attempt}`);
          });

          interface Caller {
            plan: CallPlan;
            request: LookupRequest;
            calledAt: number;
            cancelledAt?: number;
            settledAt?: number;
            settlements: number;
            value?: LookupResult;
            error?: unknown;
          }
          const callers: Caller[] = [];
          for (const plan of plans) {
            clock.setTimeout(() => {
              const caller: Caller = { plan, request: requestOf(plan), calledAt: clock.now(), settlements: 0 };
              callers.push(caller);
              const controller = new AbortController();
              scheduler.lookup(caller.request, { signal: controller.signal, maxAgeMs: plan.maxAgeMs }).then(
                (value) => {
                  caller.settlements++;
                  caller.settledAt = clock.now();
                  caller.value = value;
                },
                (error: unknown) => {
                  caller.settlements++;
                  caller.settledAt = clock.now();
                  caller.error = error;
                },
              );
              if (plan.cancelAfter !== null) {
                clock.setTimeout(() => {
                  caller.cancelledAt = clock.now();
                  controller.abort();
                }, plan.cancelAfter);
              }
            }, plan.at);
          }
          if (config.clearAt !== undefined) clock.setTimeout(() => scheduler.clear(), config.clearAt);

          await clock.advance(3000 + 3000 + config.deadlineMs + 1000);
          await clock.advance(200_000);

          expect(port.violations).toEqual([]);
          expect(callers).toHaveLength(plans.length);
          for (const c of callers) {
            expect(c.settlements).toBe(1);
            expect(c.settledAt! - c.calledAt).toBeLessThanOrEqual(config.deadlineMs);
            const cancelledFirst = c.cancelledAt !== undefined && c.cancelledAt <= c.settledAt!;
            count(c.value ? (c.value.fromCache ? 'cached' : 'fetched') : (c.error as CatalogError).kind);
            if (c.value) {
              expect(cancelledFirst && c.cancelledAt! < c.settledAt!).toBe(false);
              const v = c.value;
              expect(v.key).toBe(lookupKey(c.request));
              const asked = JSON.parse(v.result.parts[0].description) as {
                part: string;
                mfr: string;
                currency: string;
                version: string;
              };
              expect(asked.part).toBe(norm(c.request.partNumber));
              expect(asked.mfr).toBe((c.request.manufacturer ?? '').replace(/\|/g, ' ').trim().toUpperCase());
              expect(asked.currency).toBe((c.request.currency ?? '').toUpperCase());
              expect(asked.version).toBe(c.request.version ?? '');
              expect(v.asOf).toBeLessThanOrEqual(c.settledAt!);
              if (c.plan.maxAgeMs !== undefined) expect(c.calledAt - v.asOf).toBeLessThanOrEqual(c.plan.maxAgeMs);
              if (v.fromCache) expect(c.calledAt - v.asOf).toBeLessThan(config.ttlMs);
            } else {
              expect(c.error).toBeInstanceOf(CatalogError);
              const kind = (c.error as CatalogError).kind;
              if (c.cancelledAt !== undefined && c.cancelledAt < c.settledAt!) expect(kind).toBe('cancelled');
              if (kind === 'cancelled') expect(c.cancelledAt).toBe(c.settledAt);
            }
          }
          for (const n of attempts.values()) expect(n).toBeLessThanOrEqual(config.maxAttempts);
          expect(batchOfCall).toHaveLength(port.calls);

          // Once a request has ended for good, nobody who was waiting for one of its keys is still waiting.
          const mustBeSettled = (keys: Iterable<string>, at: number) => {
            const wanted = new Set(keys);
            for (const c of callers)
              if (wanted.has(lookupKey(c.request)) && c.calledAt < at) expect(c.settledAt).toBeLessThanOrEqual(at);
          };
          for (const call of port.log) if (call.end === 'ok') mustBeSettled(call.delivered, call.endedAt!);
          for (const failure of failures) {
            const last = port.log[batchOfCall.lastIndexOf(failure.batchId)];
            mustBeSettled(last.keys, failure.at);
          }
          // An answer, or an error that cannot be retried, is the last attempt of its request.
          port.log.forEach((call, i) => {
            if (call.end === 'ok' || call.end === 'fatal') expect(batchOfCall.indexOf(batchOfCall[i], i + 1)).toBe(-1);
          });
          expect(port.inFlight).toBe(0);
          expect(scheduler.progress()).toEqual({ pending: 0, queuedParts: 0, inFlight: 0 });
          expect(clock.pendingTimers).toBe(0);
          const stats = scheduler.stats();
          if (stats.retries > 0) count('retried');
          if (stats.missingResults > 0) count('missing');
          if (stats.unmatchedResults > 0) count('unmatched');
          if (stats.shared > 0) count('shared');
        },
      ),
      { numRuns: 250 },
    );
    // The runs reached every path the property is about.
    for (const what of [
      'fetched',
      'cached',
      'cancelled',
      'timeout',
      'malformed',
      'auth',
      'unavailable',
      'rejected',
      'retried',
      'missing',
      'unmatched',
      'shared',
    ]) {
      expect([what, seen.get(what) ?? 0]).not.toEqual([what, 0]);
    }
  });

  it('sends each distinct key of a burst once when the service behaves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(callArb, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        async (plans, maxBatch) => {
          const clock = new VirtualClock();
          const ok: Outcome = { type: 'ok', after: 5, reverse: true, drop: null, duplicate: false, stray: false };
          const port = new FaultyPort(clock, [ok], { maxBatch, urlBudget: 1_000_000, concurrency: 4 });
          const scheduler = new LookupScheduler({
            port,
            maxBatch,
            now: clock.now,
            setTimeout: clock.setTimeout,
            clearTimeout: clock.clearTimeout,
          });
          const requests = plans.map(requestOf);
          const run = scheduler.lookupMany(requests);
          await clock.advance(10_000);
          const out = await run;
          const distinct = new Set(requests.map(lookupKey));
          expect(scheduler.stats().partsSent).toBe(distinct.size);
          const groups = new Map<string, number>();
          for (const key of distinct) {
            const group = key.split('|').slice(2).join('|');
            groups.set(group, (groups.get(group) ?? 0) + 1);
          }
          const fewest = [...groups.values()].reduce((n, size) => n + Math.ceil(size / maxBatch), 0);
          expect(scheduler.stats().requests).toBe(fewest);
          out.forEach((o, i) => expect((o as LookupResult).key).toBe(lookupKey(requests[i])));
          expect(port.violations).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
