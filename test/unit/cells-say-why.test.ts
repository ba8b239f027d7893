/**
 * Cells that say why: every failing PARTS cell's message starts with its kind (not found, ambiguous, rate limited
 * with the wait the service asked for, quota or login refused, service unreachable, no price), and no cell stays
 * #BUSY past the call's deadline (30 s) whatever the service does: one that never answers, a settings read that
 * hangs, a manufacturer list that never comes.
 */
import { CatalogError } from '../../src/catalog/errors';
import type { Part } from '../../src/catalog/model';
import { LookupScheduler, type LookupRequest, type LookupResult } from '../../src/lookup';
import { createPartsFunctions, type CellErrorCode, type FunctionsContext } from '../../functions/parts-functions';
import { CELL_DEADLINE_MS } from '../../functions/cell-engine';
import { FAILURE_KINDS } from '../../functions/outcome';
import { makeOffer, makePart } from '../helpers/fake-parts';

class CellError {
  constructor(
    readonly code: CellErrorCode,
    readonly message: string,
  ) {}
}

const PARTS: Record<string, Part[]> = {
  LM358N: [
    makePart('LM358N', [makeOffer({ sourcePartId: 'A1' })]),
    makePart('LM358N', [makeOffer({ sourcePartId: 'A2' })], {
      manufacturerCode: 'STM',
      manufacturerName: 'STMicroelectronics',
    }),
  ],
  BAV99: [makePart('BAV99', [makeOffer({ sourcePartId: 'B1' })])],
};

type Answer = (request: LookupRequest) => Promise<LookupResult>;

function found(request: LookupRequest): Promise<LookupResult> {
  const parts = PARTS[request.partNumber.toUpperCase()] ?? [];
  return Promise.resolve({
    key: request.partNumber,
    asOf: 0,
    fromCache: false,
    result: { requestedPartNumber: request.partNumber, manufacturerFilter: null, numberFound: parts.length, parts },
  });
}

function functionsOver(
  answer: Answer,
  options: {
    context?: () => Promise<FunctionsContext>;
    lastKnown?: (request: LookupRequest) => LookupResult | undefined;
  } = {},
) {
  const lookup = { lookup: answer, ...(options.lastKnown ? { lastKnown: options.lastKnown } : {}) };
  const context: FunctionsContext = { lookup, currency: '', version: 'v4', sources: [] };
  return createPartsFunctions({
    context: options.context ?? (async () => context),
    manufacturers: () => new Promise(() => undefined),
    makeError: (code, message) => new CellError(code, message),
  });
}

async function cell(p: Promise<unknown>): Promise<unknown> {
  try {
    return await p;
  } catch (e) {
    return e;
  }
}

const never: Answer = () => new Promise(() => undefined);

describe('each failing cell says its kind first', () => {
  test('not found and ambiguous', async () => {
    const fns = functionsOver(found);
    expect(await fns.price([['NOSUCH1'], ['LM358N'], ['BAV99']], null, null, null)).toEqual([
      [new CellError('#N/A', `${FAILURE_KINDS.notFound}: NOSUCH1`)],
      [new CellError('#N/A', expect.stringMatching(/^Ambiguous: LM358N is made by .* — give the manufacturer$/))],
      [0.1],
    ]);
  });

  test('rate limited, with the wait the service asked for, rounded up to whole seconds', async () => {
    const limited = new CatalogError('rate-limited', 'too many requests', { status: 429, retryAfterMs: 12_300 });
    const fns = functionsOver(() => Promise.reject(limited));
    expect(await cell(fns.stock([['BAV99']], null))).toEqual(new CellError('#N/A', 'Rate limited — retry after 13 s'));
  });

  test('a service asking for a longer wait than the scheduler waits: the cell says so at once, asked once', async () => {
    // A gateway passes on a pause it will not wait out with Retry-After 60; the add-in's scheduler waits 30 s at most.
    const limited = new CatalogError('rate-limited', 'busy', { status: 503, retryAfterMs: 60_000 });
    let asked = 0;
    const scheduler = new LookupScheduler({
      port: {
        searchList: () => {
          asked++;
          return Promise.reject(limited);
        },
        listUrl: () => 'http://service/list',
      },
      windowMs: 0,
    });
    const fns = functionsOver((request) => scheduler.lookup(request));
    const started = Date.now();
    expect(await cell(fns.price([['BAV99']], null, null, null))).toEqual(
      new CellError('#N/A', 'Rate limited — retry after 60 s'),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(asked).toBe(1);
  });

  test('quota or login refused, and the service unreachable', async () => {
    const refused = functionsOver(() => Promise.reject(new CatalogError('auth', 'API key rejected')));
    expect(await cell(refused.price([['BAV99']], null, null, null))).toEqual(
      new CellError('#N/A', expect.stringMatching(/^Quota or login refused: /)),
    );
    const down = functionsOver(() => Promise.reject(new CatalogError('unreachable', 'connection refused')));
    expect(await cell(down.moq([['BAV99']], null, null, null))).toEqual(
      new CellError('#N/A', expect.stringMatching(/^Service unreachable: /)),
    );
  });
});

describe('no cell stays #BUSY past the deadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a service that never answers: at 30 s every cell of the range says so, not before', async () => {
    expect(CELL_DEADLINE_MS).toBe(30_000);
    const fns = functionsOver(never);
    let settled: unknown = null;
    const range = fns.price([['BAV99'], ['LM358N']], null, null, null).then((v) => (settled = v));
    await jest.advanceTimersByTimeAsync(29_999);
    expect(settled).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    await range;
    const late = new CellError('#N/A', 'Service unreachable: no answer in 30 s — recalculate to try again');
    expect(settled).toEqual([[late], [late]]);
  });

  test('one cell, a spilled table, a settings read that hangs and a manufacturer list that never comes', async () => {
    const late = new CellError('#N/A', expect.stringMatching(/^Service unreachable: no answer in 30 s/));
    const hung = functionsOver(found, { context: () => new Promise(() => undefined) });
    const waiting = [
      cell(functionsOver(never).price([['BAV99']], null, null, null)),
      cell(functionsOver(never).breaks('BAV99', null, null)),
      cell(hung.stock([['BAV99']], null)),
      cell(hung.manufacturers(null)),
    ];
    await jest.advanceTimersByTimeAsync(30_000);
    expect(await Promise.all(waiting)).toEqual([late, late, late, late]);
  });

  test('at 30 s a cell with an earlier answer kept shows it, stale; one without says the service did not answer', async () => {
    // The earlier answer for BAV99, looked up at 2026-12-01 08:15 UTC; none is kept for LM358N.
    const asOf = Date.UTC(2026, 11, 1, 8, 15);
    const lastKnown = (request: LookupRequest): LookupResult | undefined => {
      if (request.partNumber !== 'BAV99') return undefined;
      const parts = PARTS.BAV99;
      return {
        key: 'BAV99',
        asOf,
        fromCache: true,
        result: { requestedPartNumber: 'BAV99', manufacturerFilter: null, numberFound: 1, parts },
      };
    };
    const fns = functionsOver(never, { lastKnown });
    let settled: unknown = null;
    const range = fns.stock([['BAV99'], ['LM358N']], null).then((v) => (settled = v));
    await jest.advanceTimersByTimeAsync(29_999);
    expect(settled).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    await range;
    const noAnswer = 'Service unreachable: no answer in 30 s — recalculate to try again';
    expect(settled).toEqual([
      [new CellError('#N/A', `Stale: last value from 2026-12-01 08:15 UTC was 10000 — ${noAnswer}`)],
      [new CellError('#N/A', noAnswer)],
    ]);
    // A single cell and a spilled table alike.
    const one = cell(fns.price([['BAV99']], null, null, null));
    const table = cell(fns.breaks('BAV99', null, null));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(await one).toEqual(
      new CellError(
        '#N/A',
        expect.stringMatching(
          /^Stale: last value from 2026-12-01 08:15 UTC was 0\.1 — Service unreachable: no answer in 30 s/,
        ),
      ),
    );
    expect(await table).toEqual(
      new CellError(
        '#N/A',
        expect.stringMatching(/^Stale: last value from 2026-12-01 08:15 UTC — Service unreachable: no answer in 30 s/),
      ),
    );
    expect(jest.getTimerCount()).toBe(0);
  });

  test('a cell answered in time keeps its value, and leaves no timer behind', async () => {
    const fns = functionsOver(found);
    expect(await fns.stock([['BAV99']], null)).toEqual([[10_000]]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
