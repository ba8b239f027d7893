/**
 * The shared runtime's state (addin/runtime.ts createRuntime) and the settings rules (src/settings):
 * storage, validation, the one scheduler and when it is rebuilt, and "Refresh prices".
 */
import { createRuntime, SETTINGS_KEY, type SettingsStorage } from '../../addin/runtime';
import { VirtualClock } from '../helpers/virtual-clock';
import { documentPricesStamp, PRICES_AS_OF_KEY } from '../../addin/prices-stamp';
import { createWorkbookPort } from '../../src/excel/workbook-port';
import { MemoryDocumentSettings, MemoryExcelError, MemoryWorkbook } from '../../testing/excel';
import {
  DEFAULT_SETTINGS,
  ENVIRONMENT_DEFAULTS,
  SettingsError,
  normalizeSettings,
  resolveBaseUrl,
  validateSettings,
  type PartsheetSettings,
} from '../../src/settings';

const ORIGIN = 'https://localhost:3000';

function memoryStorage(initial: Record<string, string> = {}): SettingsStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => void items.set(key, value),
  };
}

/** A workbook behind the WorkbookPort, and how many times Excel was asked to calculate it. */
function workbook() {
  const book = new MemoryWorkbook({ sheets: ['Sheet1'] });
  return {
    book,
    excel: createWorkbookPort(book.host),
    recalculations: () => book.stats().requests.filter((r) => r.kinds['call:calculate']).length,
  };
}

/** A list-search answer in which every requested part is not found. */
function listAnswerFetch(calls: string[]): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0]) => {
    const url = new URL(String(input));
    calls.push(url.toString());
    const req = JSON.parse(url.searchParams.get('req') ?? '{"request":{"parts":[]}}');
    const parts: Array<{ partNum: string }> = req.request.parts;
    const body = {
      itemserviceresult: {
        serviceMetaData: [{ version: '4.0.0' }],
        transactionArea: [{ response: { returnCode: '0', returnMsg: '', success: true }, responseSequence: {} }],
        data: [
          {
            partsRequested: parts.length,
            partsFound: 0,
            partsNotFound: parts.length,
            partsError: 0,
            resultList: parts.map((p) => ({ requestedPartNum: p.partNum, numberFound: 0, PartList: [] })),
          },
        ],
      },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('settings', () => {
  test('defaults point at the local demo service on the add-in origin', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      environment: 'local',
      itemBaseUrl: '',
      login: 'demo',
      apiKey: 'demo-key',
      apiVersion: 'v4',
    });
    expect(resolveBaseUrl(DEFAULT_SETTINGS.itemBaseUrl, ORIGIN)).toBe(ORIGIN);
    expect(resolveBaseUrl(ENVIRONMENT_DEFAULTS.test.itemBaseUrl, ORIGIN)).toBe(`${ORIGIN}/test-env`);
  });

  test.each([
    ['https://parts.example.com/', 'https://parts.example.com'],
    ['https://parts.example.com/api/', 'https://parts.example.com/api'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:8081', 'http://127.0.0.1:8081'],
    ['  /test-env ', `${ORIGIN}/test-env`],
  ])('%s is used as %s', (value, resolved) => {
    expect(resolveBaseUrl(value, ORIGIN)).toBe(resolved);
  });

  test.each([
    ['http://parts.example.com', /plain http.*unencrypted.*localhost and 127\.0\.0\.1/],
    ['http://192.168.1.20:8080', /plain http/],
    ['ftp://parts.example.com', /must start with https:\/\//],
    ['parts.example.com', /not a web address/],
    ['https://parts.example.com/?apikey=x', /query/],
    ['https://user:secret@parts.example.com', /user name or password/],
  ])('%s is refused with the reason', (value, reason) => {
    expect(() => resolveBaseUrl(value, ORIGIN)).toThrow(SettingsError);
    expect(() => resolveBaseUrl(value, ORIGIN)).toThrow(reason);
  });

  test('a path needs the add-in origin to resolve against', () => {
    expect(() => resolveBaseUrl('/test-env', undefined)).toThrow(/full https:\/\/ address/);
  });

  test('validation names the setting at fault', () => {
    const check = (changes: Partial<PartsheetSettings>) => {
      try {
        validateSettings({ ...DEFAULT_SETTINGS, ...changes }, ORIGIN);
        return null;
      } catch (e) {
        return (e as SettingsError).field;
      }
    };
    expect(check({})).toBeNull();
    expect(check({ environment: 'production', itemBaseUrl: '' })).toBe('itemBaseUrl');
    expect(
      check({ environment: 'production', itemBaseUrl: 'https://parts.example.com', checkoutBaseUrl: '' }),
    ).toBeNull();
    expect(check({ checkoutBaseUrl: 'http://shop.example.com' })).toBe('checkoutBaseUrl');
    expect(check({ apiKey: '' })).toBe('apiKey');
    expect(check({ currency: 'EURO' })).toBe('currency');
    expect(check({ cacheTtlMinutes: -1 })).toBe('cacheTtlMinutes');
  });

  test('a damaged or older record loads with defaults for what is missing', () => {
    expect(normalizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(
      normalizeSettings({ environment: 'test', currency: ' eur ', sources: ['nac', 3, ''], cacheTtlMinutes: 'x' }),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      ...ENVIRONMENT_DEFAULTS.test,
      environment: 'test',
      currency: 'EUR',
      sources: ['NAC'],
    });
  });
});

describe('the shared runtime', () => {
  test('reads settings from storage once; a damaged record loads as the defaults', async () => {
    const stored = memoryStorage({ [SETTINGS_KEY]: JSON.stringify({ currency: 'GBP' }) });
    let reads = 0;
    const runtime = createRuntime({
      storage: { ...stored, getItem: (key) => (reads++, stored.getItem(key)) },
      origin: ORIGIN,
    });
    expect((await runtime.getSettings()).currency).toBe('GBP');
    await runtime.getSettings();
    expect(reads).toBe(1);
    expect(runtime.settingsLoaded()).toBe(true);

    const broken = createRuntime({
      storage: { getItem: async () => '{not json', setItem: async () => {} },
      origin: ORIGIN,
    });
    expect(await broken.getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  describe('storage that is slow to answer (Office starting)', () => {
    const SAVED = {
      environment: 'test',
      itemBaseUrl: '/test-env',
      checkoutBaseUrl: '/test-env',
      login: 'buyer',
      apiKey: 'k-123',
      currency: 'EUR',
    };

    /** Storage whose first read answers after `firstAfterMs` of the clock, and whose later reads hang or fail. */
    function slowStorage(clock: VirtualClock, firstAfterMs: number, later: 'hang' | 'fail' = 'hang') {
      const items = new Map([[SETTINGS_KEY, JSON.stringify(SAVED)]]);
      const writes: string[] = [];
      let reads = 0;
      const storage: SettingsStorage = {
        getItem: (key) => {
          reads++;
          if (reads === 1)
            return new Promise((resolve) => void clock.setTimeout(() => resolve(items.get(key) ?? null), firstAfterMs));
          return later === 'hang' ? new Promise(() => {}) : Promise.reject(new Error('storage busy'));
        },
        setItem: async (key, value) => {
          writes.push(value);
          items.set(key, value);
        },
      };
      return { storage, items, writes, reads: () => reads };
    }

    test('a first read that takes 6 s: saved settings apply, nothing is overwritten, early cells recalculate', async () => {
      const clock = new VirtualClock();
      const slow = slowStorage(clock, 6000);
      const calls: string[] = [];
      const { excel, recalculations } = workbook();
      const runtime = createRuntime({
        storage: slow.storage,
        origin: ORIGIN,
        fetch: listAnswerFetch(calls),
        excel,
        timers: clock,
      });

      // The pane asks for the settings and a cell calculates while storage is silent.
      let shown: PartsheetSettings | null = null;
      void runtime.getSettings().then((s) => (shown = s));
      const early = runtime.functionsContext();
      // Saving a change made before the settings arrived: it must go over the saved record, not the defaults.
      const saving = runtime.saveSettings({ currency: 'GBP' });

      await clock.advance(4999);
      expect(runtime.settingsLoaded()).toBe(false);
      expect(shown).toBeNull();

      // After 5 s the cell goes ahead with the defaults, for this calculation only.
      await clock.advance(1);
      const context = await early;
      expect(context.currency).toBe('');
      await context.lookup.lookup({ partNumber: 'LM358N' });
      expect(new URL(calls[0]).searchParams.get('login')).toBe('demo');
      expect(slow.reads()).toBe(2); // the second read, started beside the first, hangs
      expect(slow.writes).toEqual([]);

      // At 6 s storage answers: the saved settings are in force, the early cell is recalculated.
      await clock.advance(1000);
      expect(runtime.settingsLoaded()).toBe(true);
      expect(shown).toMatchObject({ login: 'buyer', apiKey: 'k-123', currency: 'EUR', environment: 'test' });
      expect(recalculations()).toBe(1);
      await saving;
      expect(slow.writes).toHaveLength(1);
      expect(JSON.parse(slow.items.get(SETTINGS_KEY)!)).toMatchObject({
        login: 'buyer',
        apiKey: 'k-123',
        currency: 'GBP',
        environment: 'test',
        itemBaseUrl: '/test-env',
      });

      const later = await runtime.functionsContext();
      expect(later.currency).toBe('GBP');
      await later.lookup.lookup({ partNumber: 'LM358N' });
      const url = new URL(calls[calls.length - 1]);
      expect([url.pathname, url.searchParams.get('login'), url.searchParams.get('apikey')]).toEqual([
        '/test-env/itemservice/v4/en/search/list',
        'buyer',
        'k-123',
      ]);
      expect(await runtime.getEndpoints()).toEqual({
        itemBaseUrl: `${ORIGIN}/test-env`,
        checkoutBaseUrl: `${ORIGIN}/test-env`,
      });
    });

    test('reads that fail are tried again until one answers; nothing is saved meanwhile', async () => {
      const clock = new VirtualClock();
      let reads = 0;
      const writes: string[] = [];
      const runtime = createRuntime({
        storage: {
          getItem: async () => (++reads < 4 ? Promise.reject(new Error('storage busy')) : JSON.stringify(SAVED)),
          setItem: async (_key, value) => void writes.push(value),
        },
        origin: ORIGIN,
        timers: clock,
      });
      const settings = runtime.getSettings();
      await clock.advance(10_000);
      expect(reads).toBe(4);
      expect(await settings).toMatchObject({ login: 'buyer', apiKey: 'k-123' });
      expect(writes).toEqual([]);
    });

    test('storage that never answers: cells use the defaults after the wait, the settings stay unread and unsaved', async () => {
      const clock = new VirtualClock();
      const writes: string[] = [];
      let reads = 0;
      const runtime = createRuntime({
        storage: {
          getItem: () => (reads++, new Promise(() => {})),
          setItem: async (_key, value) => void writes.push(value),
        },
        origin: ORIGIN,
        fetch: listAnswerFetch([]),
        timers: clock,
        functionsWaitMs: 2000,
      });
      const context = runtime.functionsContext();
      await clock.advance(2000);
      expect((await context).currency).toBe('');
      // The wait is one for all cells, from the first: a cell calculated after it uses the defaults at once.
      let late: string | null = null;
      void runtime.functionsContext().then((c) => (late = c.currency));
      await clock.advance(0);
      expect(late).toBe('');
      void runtime.saveSettings({ login: 'someone' });
      await clock.advance(60_000);
      expect(runtime.settingsLoaded()).toBe(false);
      expect(reads).toBeGreaterThanOrEqual(12);
      expect(writes).toEqual([]);
    });

    test('when the saved settings equal the defaults, cells that used the defaults are not recalculated again', async () => {
      const clock = new VirtualClock();
      const { excel, recalculations } = workbook();
      const runtime = createRuntime({
        storage: {
          getItem: () => new Promise((resolve) => void clock.setTimeout(() => resolve(null), 6000)),
          setItem: async () => {},
        },
        origin: ORIGIN,
        fetch: listAnswerFetch([]),
        excel,
        timers: clock,
      });
      const context = runtime.functionsContext();
      await clock.advance(6000);
      await context;
      expect(runtime.settingsLoaded()).toBe(true);
      expect(recalculations()).toBe(0);
    });
  });

  test('saving checks first, stores in OfficeRuntime.storage, and tells listeners', async () => {
    const storage = memoryStorage();
    const runtime = createRuntime({ storage, origin: ORIGIN });
    const seen: PartsheetSettings[] = [];
    const stop = runtime.onSettingsChanged((s) => seen.push(s));
    await expect(runtime.saveSettings({ itemBaseUrl: 'http://parts.example.com' })).rejects.toThrow(/plain http/);
    expect(storage.items.size).toBe(0);
    const saved = await runtime.saveSettings({ login: 'buyer', apiKey: 'k-123', currency: 'eur' });
    expect(saved).toMatchObject({ login: 'buyer', apiKey: 'k-123', currency: 'EUR' });
    expect(JSON.parse(storage.items.get(SETTINGS_KEY)!)).toMatchObject({ login: 'buyer', apiKey: 'k-123' });
    expect(seen).toEqual([saved]);
    stop();
    await runtime.saveSettings({ currency: 'USD' });
    expect(seen).toHaveLength(1);
  });

  test('one scheduler, kept for a change of currency, rebuilt for a change of connection', async () => {
    const runtime = createRuntime({ storage: memoryStorage(), origin: ORIGIN, fetch: listAnswerFetch([]) });
    const first = await runtime.getScheduler();
    expect(await runtime.getScheduler()).toBe(first);
    await runtime.saveSettings({ currency: 'EUR', sources: ['NAC'] });
    expect(await runtime.getScheduler()).toBe(first);
    const context = await runtime.functionsContext();
    expect(context).toMatchObject({ currency: 'EUR', sources: ['NAC'], version: 'v4' });
    // The cells look up through the one scheduler: what they ask is in its cache.
    const { key } = await context.lookup.lookup({ partNumber: 'LM358N' });
    expect(first.peek(key)).toBeDefined();
    await runtime.saveSettings({ apiKey: 'another-key' });
    const second = await runtime.getScheduler();
    expect(second).not.toBe(first);
    await runtime.saveSettings({ environment: 'test', itemBaseUrl: '/test-env', checkoutBaseUrl: '/test-env' });
    expect(await runtime.getEndpoints()).toEqual({
      itemBaseUrl: `${ORIGIN}/test-env`,
      checkoutBaseUrl: `${ORIGIN}/test-env`,
    });
    expect(await runtime.getScheduler()).not.toBe(second);
  });

  test('the scheduler asks the configured service, same origin by default, with the stored credentials', async () => {
    const calls: string[] = [];
    const runtime = createRuntime({ storage: memoryStorage(), origin: ORIGIN, fetch: listAnswerFetch(calls) });
    const scheduler = await runtime.getScheduler();
    await scheduler.lookup({ partNumber: 'LM358N' });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe('/itemservice/v4/en/search/list');
    expect(url.searchParams.get('login')).toBe('demo');
  });

  test('settings that cannot be used reject the scheduler with their reason', async () => {
    const runtime = createRuntime({
      storage: memoryStorage({ [SETTINGS_KEY]: JSON.stringify({ environment: 'production' }) }),
      origin: ORIGIN,
    });
    await expect(runtime.getScheduler()).rejects.toThrow(/production parts service address/);
    const noOrigin = createRuntime({ storage: memoryStorage() });
    await expect(noOrigin.functionsContext()).rejects.toThrow(SettingsError);
  });

  test('"Refresh prices" empties the cache and recalculates the workbook through the WorkbookPort', async () => {
    const calls: string[] = [];
    const { book, excel, recalculations } = workbook();
    const runtime = createRuntime({ storage: memoryStorage(), origin: ORIGIN, fetch: listAnswerFetch(calls), excel });
    const scheduler = await runtime.getScheduler();
    const { key } = await scheduler.lookup({ partNumber: 'LM358N' });
    expect(scheduler.peek(key)).toBeDefined();
    await runtime.refreshPrices();
    expect(scheduler.peek(key)).toBeUndefined();
    expect(recalculations()).toBe(1);
    // As every gateway batch: it waits while the user edits a cell instead of failing.
    expect(book.stats().runsDelayedForCellEdit).toBe(1);
  });

  test('outside Excel "Refresh prices" still empties the cache, with nothing to recalculate', async () => {
    const runtime = createRuntime({ storage: memoryStorage(), origin: ORIGIN, fetch: listAnswerFetch([]) });
    const scheduler = await runtime.getScheduler();
    const { key } = await scheduler.lookup({ partNumber: 'LM358N' });
    await runtime.refreshPrices();
    expect(scheduler.peek(key)).toBeUndefined();
  });

  test('a workbook that cannot recalculate fails "Refresh prices" with the gateway\'s words, after emptying the cache', async () => {
    const host = {
      run: () => Promise.reject(new MemoryExcelError('GeneralException', 'An internal error has occurred.')),
    };
    const runtime = createRuntime({
      storage: memoryStorage(),
      origin: ORIGIN,
      fetch: listAnswerFetch([]),
      excel: createWorkbookPort(host),
    });
    const scheduler = await runtime.getScheduler();
    const { key } = await scheduler.lookup({ partNumber: 'LM358N' });
    await expect(runtime.refreshPrices()).rejects.toMatchObject({
      name: 'WorkbookError',
      message: expect.stringMatching(/recalculating/),
    });
    expect(scheduler.peek(key)).toBeUndefined();
  });

  test('the workbook keeps when its PARTS values were looked up: the oldest lookup, until "Refresh prices"', async () => {
    const file = new MemoryDocumentSettings();
    let clock = Date.parse('2026-11-20T09:00:00Z');
    const open = () =>
      createRuntime({
        storage: memoryStorage(),
        origin: ORIGIN,
        fetch: listAnswerFetch([]),
        pricesStamp: documentPricesStamp(() => file),
        now: () => clock,
      });

    const first = open();
    expect(first.pricesAsOf()).toBeNull();
    const context = await first.functionsContext();
    // The scheduler stamps a lookup with the runtime's clock; the note keeps the oldest of them.
    const { asOf } = await context.lookup.lookup({ partNumber: 'LM358N' });
    expect(asOf).toBe(clock);
    await new Promise((resolve) => setImmediate(resolve));
    expect(first.pricesAsOf()?.getTime()).toBe(asOf);
    expect(file.snapshot()[PRICES_AS_OF_KEY]).toBe(new Date(asOf).toISOString());
    const saves = file.saves;
    await context.lookup.lookup({ partNumber: 'BAV99' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(file.saves).toBe(saves);
    expect(first.pricesAsOf()?.getTime()).toBe(asOf);

    // Three days later the file is opened again: the note is still the old lookup.
    clock += 3 * 24 * 60 * 60_000;
    const reopened = open();
    expect(reopened.pricesAsOf()?.getTime()).toBe(asOf);
    await reopened.refreshPrices();
    expect(reopened.pricesAsOf()?.getTime()).toBe(clock);
    expect(file.snapshot()[PRICES_AS_OF_KEY]).toBe(new Date(clock).toISOString());
  });
});
