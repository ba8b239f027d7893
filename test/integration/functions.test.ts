/**
 * The PARTS functions as Excel runs them: the functions bundle (the production build, as shipped: runtime.js and
 * functions.js) loaded into a fresh JavaScript context with stand-ins for what office.js provides (CustomFunctions with
 * associate, Error and ErrorCode; OfficeRuntime.storage; Office.actions), called the way Excel calls them
 * (ranges as 2-D arrays, omitted arguments as null, an invocation object last) against the real service over HTTP.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import vm from 'node:vm';
import { CatalogClient } from '../../src/catalog/client';
import type { Part } from '../../src/catalog/model';
import {
  extendedCost,
  freeStock,
  orderQuantity,
  priceAtQuantity,
  priceBreaksTable,
  uniqueOffers,
} from '../../src/pricing';
import { type PartPlan, planPart } from '../../src/plan';
import { RateBook, tokenSearchProbe } from '../../src/pricing/rates';
import { openDatabase } from '../../service/store/db';
import { sharedBuild } from '../helpers/addin-build';
import { DEMO_AUTH, get, startTestService, type TestService } from '../helpers/service';

/** What CustomFunctions.Error is in Excel: a code and, for #VALUE! and #N/A, a message. */
class CellError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}

const ErrorCode = {
  invalidValue: '#VALUE!',
  notAvailable: '#N/A',
  divisionByZero: '#DIV/0!',
  invalidNumber: '#NUM!',
  nullReference: '#NULL!',
  invalidName: '#NAME?',
  invalidReference: '#REF!',
};

type CustomFunction = (...args: unknown[]) => Promise<unknown[][]>;

interface LoadedAddin {
  fns: Record<string, CustomFunction>;
  actions: Map<string, (event: { completed(): void }) => void>;
  storage: Map<string, string>;
  listRequests: () => number;
}

let bundleDir: string;
let service: TestService;

/** A fresh page: the bundle's scripts run in their own context, as in the shared runtime's browser page. */
function loadAddin(settings: Record<string, unknown>): LoadedAddin {
  const fns: Record<string, CustomFunction> = {};
  const actions = new Map<string, (event: { completed(): void }) => void>();
  const storage = new Map<string, string>([['partsheet.settings', JSON.stringify(settings)]]);
  let lists = 0;
  const countingFetch = (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (String(input).includes('/search/list')) lists++;
    return fetch(input, init);
  };
  const context: Record<string, unknown> = {
    CustomFunctions: {
      associate(idOrMap: string | Record<string, CustomFunction>, fn?: CustomFunction) {
        if (typeof idOrMap === 'string') fns[idOrMap] = fn!;
        else Object.assign(fns, idOrMap);
      },
      Error: CellError,
      ErrorCode,
    },
    OfficeRuntime: {
      storage: {
        getItem: async (key: string) => storage.get(key) ?? null,
        setItem: async (key: string, value: string) => void storage.set(key, value),
      },
    },
    Office: { actions: { associate: (id: string, fn: (event: { completed(): void }) => void) => actions.set(id, fn) } },
    fetch: countingFetch,
    URL,
    URLSearchParams,
    AbortController,
    AbortSignal,
    Headers,
    Request,
    Response,
    TextEncoder,
    TextDecoder,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    console,
  };
  context.self = context;
  context.window = context;
  vm.createContext(context);
  for (const file of ['runtime.js', 'functions.js']) {
    vm.runInContext(readFileSync(join(bundleDir, file), 'utf8'), context, { filename: file });
  }
  return { fns, actions, storage, listRequests: () => lists };
}

function demoSettings(itemBaseUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    environment: 'local',
    itemBaseUrl,
    checkoutBaseUrl: itemBaseUrl,
    login: DEMO_AUTH.login,
    apiKey: DEMO_AUTH.apikey,
    ...overrides,
  };
}

/** A cell's outcome: its value, or the error it threw. Excel passes an invocation object after the arguments. */
async function call(fn: CustomFunction, ...args: unknown[]): Promise<unknown[][] | CellError> {
  try {
    return await fn(...args, { functionName: 'test' });
  } catch (e) {
    if (e instanceof CellError) return e;
    throw e;
  }
}

function errorOf(value: unknown): { code: string; message?: string } | null {
  return value instanceof CellError ? { code: value.code, message: value.message } : null;
}

async function directPart(partNumber: string): Promise<Part> {
  const client = new CatalogClient({ itemBaseUrl: service.productionUrl, ...DEMO_AUTH });
  const answer = await client.searchList([{ partNumber }]);
  const parts = answer.results[0].parts.filter((p) => p.partNumber === partNumber);
  expect(parts).toHaveLength(1);
  return parts[0];
}

/** What a cell answers for one need: the plan for it alone, with the rates the service gives (the functions' oracle). */
async function expected(part: Part, qty: number): Promise<PartPlan & { offerId: string }> {
  const client = new CatalogClient({ itemBaseUrl: service.productionUrl, ...DEMO_AUTH });
  const rates = await new RateBook({ probe: tokenSearchProbe((t, o) => client.searchToken(t, o)) }).tableFor('USD', [
    part,
  ]);
  const plan = planPart({ part, lines: [{ id: 0, need: qty, pinned: null }] }, { rates });
  if (plan.purchases.length === 0) throw new Error(`${part.partNumber} has no plan at ${qty}`);
  return { ...plan, offerId: plan.purchases.map((p) => p.offer.sourcePartId).join(' + ') };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function partNumbers(count: number): string[] {
  const db = openDatabase(join(service.dataDir, 'production.db'), { readonly: true });
  try {
    return db
      .prepare<[number], { part_num: string }>('SELECT part_num FROM parts GROUP BY norm ORDER BY item_id LIMIT ?')
      .all(count)
      .map((r) => r.part_num);
  } finally {
    db.close();
  }
}

/** 10,000 cells over `numbers`, mixed functions and spellings, in a fixed shuffled order. */
function mixedCells(
  fns: Record<string, CustomFunction>,
  numbers: string[],
  count: number,
): Array<() => Promise<unknown[][]>> {
  const spell = [
    (s: string) => s,
    (s: string) => s.toLowerCase(),
    (s: string) => ` ${s} `,
    (s: string) => s.replace(/-/g, ''),
    (s: string) => s.toUpperCase(),
  ];
  const kinds: Array<(pn: string) => Promise<unknown[][]>> = [
    (pn) => fns.PRICE([[pn]], [[100]], null, null),
    (pn) => fns.STOCK([[pn]], null),
    (pn) => fns.DESCRIPTION([[pn]], null),
    (pn) => fns.LEADTIME([[pn]], null, null, null),
    (pn) => fns.MOQ([[pn]], null, null, null),
    (pn) => fns.AVAILABILITY([[pn]], [[10]], null, null),
    (pn) => fns.ITEMID([[pn]], null, null, null),
  ];
  const cells: Array<() => Promise<unknown[][]>> = [];
  for (let i = 0; i < count; i++) {
    const pn = spell[Math.floor(i / numbers.length) % spell.length](numbers[i % numbers.length]);
    const kind = kinds[i % kinds.length];
    cells.push(() => kind(pn));
  }
  let seed = 7;
  for (let i = cells.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  return cells;
}

beforeAll(async () => {
  // The production build Excel loads (runtime.js and functions.js, as shipped), shared with the end-to-end tests.
  [{ dir: bundleDir }, service] = await Promise.all([sharedBuild(), startTestService({ parts: 5000 })]);
}, 300_000);

afterAll(async () => {
  await service?.close();
});

describe('the functions bundle in a shared-runtime page', () => {
  let addin: LoadedAddin;
  beforeAll(() => {
    addin = loadAddin(demoSettings(service.productionUrl));
  });

  test('associates every function id and registers the ribbon command', () => {
    expect(Object.keys(addin.fns).sort()).toEqual(
      [
        'AVAILABILITY',
        'BREAKS',
        'COMPLIANCE',
        'DATASHEET',
        'DESCRIPTION',
        'ITEMID',
        'LEADTIME',
        'MANUFACTURER',
        'MANUFACTURERS',
        'MOQ',
        'OFFERS',
        'ORDERQTY',
        'PRICE',
        'STATUS',
        'STOCK',
      ].sort(),
    );
    expect([...addin.actions.keys()]).toEqual(['refreshPrices']);
  });

  test('PRICE of BAV99-7-F at 1 and at 5000 is what src/pricing computes from a direct search', async () => {
    const part = await directPart('BAV99-7-F');
    for (const qty of [1, 5000]) {
      const plan = await expected(part, qty);
      expect(await call(addin.fns.PRICE, [['BAV99-7-F']], [[qty]], null, null)).toEqual([[plan.unitPrice]]);
      expect(await call(addin.fns.ORDERQTY, [['BAV99-7-F']], [[qty]], null, null)).toEqual([[plan.bought]]);
      expect(await call(addin.fns.ITEMID, [['BAV99-7-F']], [[qty]], null, null)).toEqual([[plan.offerId]]);
      expect(await call(addin.fns.MOQ, [['BAV99-7-F']], [[qty]], null, null)).toEqual([[plan.purchases[0].offer.moq]]);
    }
    const at1 = await expected(part, 1);
    const at5000 = await expected(part, 5000);
    expect(at5000.unitPrice!).toBeLessThan(at1.unitPrice!);
    // Spelled as a buyer might type it, and with the quantity as text.
    expect(await call(addin.fns.PRICE, [[' bav99 7 f ']], [['5000']], null, null)).toEqual([[at5000.unitPrice]]);
  });

  test('STOCK adds up each source part once; the service publishes each under one website', async () => {
    const raw = await get(service.productionUrl, '/itemservice/v4/en/search/token', {
      search_token: 'BAV99-7-F',
      ...DEMO_AUTH,
    });
    const record = JSON.stringify(raw.json);
    const part = JSON.parse(record).itemserviceresult.data[0].PartList.find((p: any) => p.partNum === 'BAV99-7-F');
    let everyListing = 0;
    const once = new Map<string, number>();
    for (const site of part.InvOrg.webSites) {
      for (const source of site.sources) {
        for (const sp of source.sourceParts) {
          const qty = Number(sp.Availability?.[0]?.fohQty ?? 0);
          everyListing += qty;
          once.set(sp.sourcePartId, qty);
        }
      }
    }
    const distinct = [...once.values()].reduce((a, b) => a + b, 0);
    expect(everyListing).toBe(distinct);
    expect(await call(addin.fns.STOCK, [['BAV99-7-F']], null)).toEqual([[distinct]]);
    expect(distinct).toBe(freeStock(await directPart('BAV99-7-F')));
  });

  test('the part fields: description, manufacturer, availability, lead time, datasheet, status, compliance', async () => {
    const part = await directPart('BAV99-7-F');
    const best = { offer: (await expected(part, 1)).purchases[0].offer };
    const one = async (id: string, ...args: unknown[]) =>
      ((await call(addin.fns[id], [['BAV99-7-F']], ...args)) as unknown[][])[0][0];
    expect(await one('DESCRIPTION', null)).toBe(part.description);
    expect(await one('MANUFACTURER', null)).toBe(part.manufacturerName);
    expect(await one('AVAILABILITY', null, null, null)).toBe(best.offer.availabilityText);
    expect(await one('STATUS', null)).toBe(part.status);
    expect(await one('COMPLIANCE', 'EU RoHS', null)).toBe(part.compliance.eurohs);
    const datasheet = await call(addin.fns.DATASHEET, [['BAV99-7-F']], null);
    if (part.datasheetUrl) expect(datasheet).toEqual([[part.datasheetUrl]]);
    else expect(errorOf(datasheet)?.code).toBe('#N/A');
    const lead = await call(addin.fns.LEADTIME, [['BAV99-7-F']], null, null, null);
    if (best.offer.leadTimeWeeks === null) expect(errorOf(lead)?.code).toBe('#N/A');
    else expect(lead).toEqual([[best.offer.leadTimeWeeks]]);
  });

  test('a part the catalog does not have is #N/A "Not found: …"', async () => {
    expect(errorOf(await call(addin.fns.PRICE, [['NOSUCHPART-123']], null, null, null))).toEqual({
      code: '#N/A',
      message: 'Not found: NOSUCHPART-123',
    });
    expect(errorOf(await call(addin.fns.STOCK, [['NOSUCHPART-123']], null))).toEqual({
      code: '#N/A',
      message: 'Not found: NOSUCHPART-123',
    });
  });

  test('a quantity that is not a whole number ≥ 1 is #VALUE!, without asking the service', async () => {
    const before = addin.listRequests();
    for (const qty of [0, 1.5, -3, 'ten', true]) {
      expect(errorOf(await call(addin.fns.PRICE, [['BAV99-7-F']], [[qty]], null, null))).toEqual({
        code: '#VALUE!',
        message: 'Quantity must be a whole number ≥ 1',
      });
    }
    expect(addin.listRequests()).toBe(before);
  });

  test('a part made by several manufacturers needs the manufacturer, by code or name', async () => {
    const ambiguous = errorOf(await call(addin.fns.PRICE, [['LM358N']], null, null, null));
    expect(ambiguous?.code).toBe('#N/A');
    expect(ambiguous?.message).toMatch(/^Ambiguous: LM358N is made by .+ — give the manufacturer$/);
    const byCode = await call(addin.fns.DESCRIPTION, [['LM358N']], 'TI');
    const byName = await call(addin.fns.MANUFACTURER, [['LM358N']], 'Texas Instruments');
    expect(byCode).toEqual([[expect.any(String)]]);
    expect(byName).toEqual([['Texas Instruments']]);
  });

  test('a part with only quote-only offers is #N/A "No price: quote only"', async () => {
    const db = openDatabase(join(service.dataDir, 'production.db'), { readonly: true });
    const row = db
      .prepare<[], { part_num: string }>(
        `SELECT p.part_num FROM parts p
         WHERE EXISTS (SELECT 1 FROM offers o WHERE o.item_id = p.item_id)
           AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.item_id = p.item_id AND o.breaks IS NOT NULL)
           AND (SELECT COUNT(*) FROM parts q WHERE q.norm = p.norm) = 1
         LIMIT 1`,
      )
      .get();
    db.close();
    if (!row) throw new Error('the demo catalog has a quote-only part');
    expect(errorOf(await call(addin.fns.PRICE, [[row.part_num]], null, null, null))).toEqual({
      code: '#N/A',
      message: 'No price: quote only',
    });
    expect(await call(addin.fns.STOCK, [[row.part_num]], null)).toEqual([[expect.any(Number)]]);
  });

  test('a range of 3 parts spills 3 rows; the one that fails holds its error, the others their values', async () => {
    const result = (await call(
      addin.fns.PRICE,
      [['BAV99-7-F'], ['NOSUCHPART-123'], ['BAV99-7-F']],
      [[1], [1], [5000]],
      null,
      null,
    )) as unknown[][];
    const part = await directPart('BAV99-7-F');
    expect(result).toHaveLength(3);
    expect(result[0]).toEqual([(await expected(part, 1)).unitPrice]);
    expect(errorOf(result[1][0])).toEqual({ code: '#N/A', message: 'Not found: NOSUCHPART-123' });
    expect(result[2]).toEqual([(await expected(part, 5000)).unitPrice]);
    // One quantity for all rows, blank rows stay blank, a bad quantity fails only its row.
    const mixed = (await call(
      addin.fns.ORDERQTY,
      [['BAV99-7-F'], [''], ['BAV99-7-F']],
      [[10], [5], [0]],
      null,
      null,
    )) as unknown[][];
    expect(mixed[0]).toEqual([(await expected(part, 10)).bought]);
    expect(mixed[1]).toEqual(['']);
    expect(errorOf(mixed[2][0])?.code).toBe('#VALUE!');
    const stocks = await call(addin.fns.STOCK, [['BAV99-7-F'], ['bav99-7-f']], null);
    expect(stocks).toEqual([[freeStock(part)], [freeStock(part)]]);
  });

  test('BREAKS spills every price break of every offer under a header row', async () => {
    const part = await directPart('BAV99-7-F');
    const table = (await call(addin.fns.BREAKS, 'BAV99-7-F', null, null)) as unknown[][];
    expect(table[0]).toEqual(['Source', 'Min qty', 'Max qty', 'Price', 'Currency']);
    expect(table.slice(1)).toEqual(
      priceBreaksTable(part).map((r) => [r.source, r.minQty, r.maxQty ?? '', r.price, r.currency]),
    );
    expect(table.length).toBeGreaterThan(3);
  });

  test('OFFERS spills one row per offer at the quantity, the best first', async () => {
    const part = await directPart('BAV99-7-F');
    const table = (await call(addin.fns.OFFERS, 'BAV99-7-F', 5000, null, null)) as unknown[][];
    const header = table[0] as string[];
    expect(header[0]).toBe('Source');
    expect(table).toHaveLength(uniqueOffers(part.offers).length + 1);
    const best = (await expected(part, 5000)).purchases[0];
    const qty = orderQuantity(5000, best.offer);
    const unit = (priceAtQuantity(best.offer, qty) as { unitPrice: number }).unitPrice;
    const row = Object.fromEntries(header.map((h, i) => [h, table[1][i]]));
    // Each offer at the order quantity the need becomes there, in its own currency; the plan's offer first.
    expect(row).toMatchObject({
      'Item id': best.offer.sourcePartId,
      'Order qty': qty,
      'Unit price': unit,
      Extended: extendedCost(unit, qty),
      Best: true,
    });
    expect(table.slice(2).every((r) => r[header.indexOf('Best')] === false)).toBe(true);
  });

  test('MANUFACTURERS lists code and name, filtered', async () => {
    const all = (await call(addin.fns.MANUFACTURERS, null)) as unknown[][];
    expect(all[0]).toEqual(['Code', 'Name']);
    expect(all.length).toBeGreaterThan(50);
    const texas = (await call(addin.fns.MANUFACTURERS, 'texas')) as unknown[][];
    expect(texas.slice(1)).toContainEqual(['TI', 'Texas Instruments']);
    expect(texas.slice(1).every((r) => `${r[0]} ${r[1]}`.toUpperCase().includes('TEXAS'))).toBe(true);
    expect(errorOf(await call(addin.fns.MANUFACTURERS, 'zzqq-nobody'))?.code).toBe('#N/A');
  });

  test('"Refresh prices" empties the cache: the next calculation asks the service again', async () => {
    await call(addin.fns.STOCK, [['BAV99-7-F']], null);
    const before = addin.listRequests();
    await call(addin.fns.STOCK, [['BAV99-7-F']], null);
    expect(addin.listRequests()).toBe(before);
    await new Promise<void>((resolve) => addin.actions.get('refreshPrices')!({ completed: resolve }));
    await call(addin.fns.STOCK, [['BAV99-7-F']], null);
    expect(addin.listRequests()).toBe(before + 1);
  });
});

describe('settings', () => {
  test('a rejected API key is #N/A "Quota or login refused: API key rejected — open Partsheet settings"', async () => {
    const addin = loadAddin(demoSettings(service.productionUrl, { apiKey: 'wrong-key' }));
    expect(errorOf(await call(addin.fns.PRICE, [['BAV99-7-F']], null, null, null))).toEqual({
      code: '#N/A',
      message: 'Quota or login refused: API key rejected — open Partsheet settings',
    });
  });

  test('plain http to another computer is refused with the reason, before any request', async () => {
    const addin = loadAddin(demoSettings('http://parts.example.com'));
    const error = errorOf(await call(addin.fns.PRICE, [['BAV99-7-F']], null, null, null));
    expect(error?.code).toBe('#N/A');
    expect(error?.message).toMatch(/plain http.*unencrypted.*https:\/\//);
    expect(addin.listRequests()).toBe(0);
  });

  test('the test environment is another service address', async () => {
    const addin = loadAddin(demoSettings(service.testUrl, { environment: 'test' }));
    expect(await call(addin.fns.MANUFACTURER, [['BAV99-7-F']], null)).toEqual([
      [(await directPart('BAV99-7-F')).manufacturerName],
    ]);
  });
});

describe('10,000 cells over 2,000 parts', () => {
  test('settle with at most 2 list searches, every cell a value or an error', async () => {
    const addin = loadAddin(demoSettings(service.productionUrl));
    const numbers = partNumbers(2000);
    expect(numbers).toHaveLength(2000);
    const cells = mixedCells(addin.fns, numbers, 10_000);
    const outcomes = await Promise.all(
      cells.map((cell) =>
        cell().then(
          (v) => v,
          (e: unknown) => e,
        ),
      ),
    );
    expect(addin.listRequests()).toBeLessThanOrEqual(2);
    expect(addin.listRequests()).toBeGreaterThan(0);
    const errors = outcomes.filter((o) => o instanceof CellError) as CellError[];
    const values = outcomes.filter((o) => Array.isArray(o)) as unknown[][][];
    expect(errors.length + values.length).toBe(10_000);
    expect(values.every((v) => v.length === 1 && v[0].length === 1)).toBe(true);
    // Errors are answers about parts (ambiguous, no price, no lead time), never about the service.
    for (const e of errors) expect(e.message).toMatch(/^(Ambiguous|No price|No lead time|Not found)/);
    expect(values.length).toBeGreaterThan(8000);
  }, 120_000);

  test('with the service unreachable, every cell gets #N/A "Service unreachable" within the timeout', async () => {
    const port = await freePort();
    const addin = loadAddin(demoSettings(`http://127.0.0.1:${port}`));
    const cells = mixedCells(addin.fns, partNumbers(2000), 10_000);
    const started = Date.now();
    const outcomes = await Promise.all(
      cells.map((cell) =>
        cell().then(
          (v) => v,
          (e: unknown) => e,
        ),
      ),
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(
      outcomes.every(
        (o) =>
          o instanceof CellError &&
          o.code === '#N/A' &&
          o.message === 'Service unreachable: the parts service cannot be reached',
      ),
    ).toBe(true);
  }, 60_000);
});
