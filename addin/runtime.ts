/// <reference types="office-js" />
/// <reference types="office-runtime" />
/**
 * The shared runtime: the one state the custom functions and the task pane both use. Settings live in
 * OfficeRuntime.storage (credentials never go into the workbook); from them come the one catalog client and the
 * one LookupScheduler, rebuilt when the connection settings change, so a lookup made by the pane is a cache hit
 * for a cell and the other way round. "Refresh prices" (ribbon and pane) empties the cache and recalculates.
 *
 * Storage is slowest while Office starts. The settings are read until it answers and are never saved before that
 * (the pane shows "loading settings"); a cell calculated meanwhile waits a while, then uses the defaults for that
 * calculation only, and the workbook is recalculated once the saved settings arrive.
 *
 * `createRuntime` builds that state from injected storage, origin, fetch, workbook gateway and clock (tests use it
 * directly); the exported functions use the one instance bound to the Office host. The workbook is recalculated
 * through the WorkbookPort, like every other Excel call: Excel.run stays in src/excel.
 */
import { CatalogClient } from '../src/catalog/client';
import type { JsonpTransport } from '../src/http/jsonp';
import type { CorsProbe } from '../src/http/cors';
import { pageCorsProbe, pageJsonp } from './page-network';
import type { Manufacturer } from '../src/catalog/model';
import { type WorkbookPort, createWorkbookPort } from '../src/excel/workbook-port';
import { officeExcelHost } from '../src/excel/office';
import { CellRecord, type LookupCost, type LookupRequest, LookupScheduler } from '../src/lookup';
import { RateBook, tokenSearchProbe } from '../src/pricing/rates';
import type { FunctionsContext } from './functions-context';
import { documentPricesStamp, memoryPricesStamp, type PricesStamp } from './prices-stamp';
import {
  DEFAULT_SETTINGS,
  SettingsError,
  connectionChanged,
  normalizeSettings,
  resolveBaseUrl,
  validateSettings,
  type PartsheetSettings,
} from '../src/settings';

export const SETTINGS_KEY = 'partsheet.settings';

/** The part of OfficeRuntime.storage the runtime uses. */
export interface SettingsStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
}

/** Timers, injected so tests run a slow storage on a virtual clock. */
export interface RuntimeTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RuntimeDeps {
  storage: SettingsStorage;
  /** The add-in page's origin (`https://localhost:3000`); relative service addresses resolve against it. */
  origin?: string;
  fetch?: typeof fetch;
  /** The workbook, for the full recalculation of "Refresh prices"; none outside Excel (nothing to recalculate). */
  excel?: Pick<WorkbookPort, 'recalculate'>;
  /**
   * How long one settings read may go unanswered before another is started beside it. Reading never gives up:
   * storage is slowest while Office starts, and settings that were never read must never be saved over.
   */
  storageRetryMs?: number;
  /** How long PARTS calculations wait, from the first one, for the saved settings before each uses the defaults for that call alone. */
  functionsWaitMs?: number;
  timers?: RuntimeTimers;
  /** Where the time of the oldest lookup behind the workbook's PARTS values is kept; by default in memory. */
  pricesStamp?: PricesStamp;
  /** The clock of "Refresh prices", of the lookups' times and of the manufacturers list's age; Date.now by default. */
  now?: () => number;
  /** How list searches load by JSONP when the settings turn it on (the page's script elements in Excel). */
  jsonp?: JsonpTransport;
  /** Tells a CORS block from an unreachable host after a network failure (in a browser page). */
  corsProbe?: CorsProbe;
}

export interface Endpoints {
  itemBaseUrl: string;
  checkoutBaseUrl: string;
}

export interface PartsheetRuntime {
  /** The saved settings; waits until storage has answered. */
  getSettings(): Promise<PartsheetSettings>;
  /** Whether storage has answered; until then getSettings and saveSettings wait (the pane shows "Loading settings…"). */
  settingsLoaded(): boolean;
  /**
   * Checks, stores and applies new settings; throws SettingsError naming the setting at fault. Waits for the saved
   * settings first, so `changes` go over what was stored, never over defaults shown while storage was slow.
   */
  saveSettings(changes: Partial<PartsheetSettings>): Promise<PartsheetSettings>;
  onSettingsChanged(listener: (settings: PartsheetSettings) => void): () => void;
  /** The one scheduler; rejects with SettingsError when the settings cannot be used. */
  getScheduler(): Promise<LookupScheduler>;
  getCatalogClient(): Promise<CatalogClient>;
  /** The exchange rates learned from the service, shared by the functions and the pane. */
  getRateBook(): Promise<RateBook>;
  /** The service addresses in force, absolute. `checkoutBaseUrl` is '' when none is set. */
  getEndpoints(): Promise<Endpoints>;
  /** What the custom functions need for one calculation. */
  functionsContext(): Promise<FunctionsContext>;
  /** The service's manufacturers, fetched once per cache period. */
  manufacturers(): Promise<Manufacturer[]>;
  /**
   * Makes every cached answer old and recalculates the workbook: the ribbon's "Refresh prices". The old answers stay
   * as the last known ones, which a cell shows as stale when the service fails.
   */
  refreshPrices(): Promise<void>;
  /** The record of the PARTS cells calculated: the functions write it, the pane reads it. */
  cellRecord(): CellRecord;
  /** What looking `requests` up now would cost (LookupScheduler.cost); rejects as getScheduler does. */
  lookupCost(requests: readonly LookupRequest[]): Promise<LookupCost>;
  /** When the oldest lookup behind the workbook's PARTS values was made; null when none is known. */
  pricesAsOf(): Date | null;
}

interface Connection {
  settings: PartsheetSettings;
  endpoints: Endpoints;
  client: CatalogClient;
  scheduler: LookupScheduler;
  rates: RateBook;
  /** The scheduler as the cells use it: each answer's time is noted as behind a value the workbook shows. */
  cellLookup: FunctionsContext['lookup'];
  manufacturers: { at: number; list: Promise<Manufacturer[]> } | null;
}

const copy = (s: PartsheetSettings): PartsheetSettings => ({ ...s, sources: [...s.sources] });

/** Whether two settings give the PARTS functions the same answers. */
function sameForFunctions(a: PartsheetSettings, b: PartsheetSettings): boolean {
  return !connectionChanged(a, b) && a.currency === b.currency && a.sources.join(',') === b.sources.join(',');
}

function parseStored(text: string | null): PartsheetSettings {
  if (!text) return copy(DEFAULT_SETTINGS);
  try {
    return normalizeSettings(JSON.parse(text));
  } catch {
    // A damaged record: storage did answer, so these defaults are what the user has (and may save over it).
    return copy(DEFAULT_SETTINGS);
  }
}

/** JSONP is a page's ability; settings that ask for it elsewhere cannot be used there. */
function requireJsonp(jsonp: JsonpTransport | undefined): JsonpTransport {
  if (!jsonp)
    throw new SettingsError(
      'jsonpSearches',
      'Searches by JSONP work only inside the add-in page; turn them off in Partsheet settings',
    );
  return jsonp;
}

/** The settings as storage gives them, read until it answers, and the ones PARTS calculations use meanwhile. */
interface SettingsLoader {
  /** The settings in force once storage has answered; null until then. */
  loaded(): PartsheetSettings | null;
  /** Settings saved from the pane: in force from now on. */
  set(next: PartsheetSettings): void;
  current(): Promise<PartsheetSettings>;
  forCalculation(): Promise<PartsheetSettings>;
}

function settingsLoader(deps: RuntimeDeps, timers: RuntimeTimers, recalculate: () => Promise<void>): SettingsLoader {
  const retryMs = deps.storageRetryMs ?? 5000;
  let settings: PartsheetSettings | null = null;
  let loading: Promise<PartsheetSettings> | null = null;
  /** When PARTS calculations stop waiting for storage: one deadline, set by the first calculation that has to wait. */
  let giveUp: { timer: unknown; passed: Promise<null> } | null = null;
  /** Whether a calculation ran on the defaults before the saved settings arrived: it is recalculated then. */
  let calculatedOnDefaults = false;

  /**
   * Reads the saved settings until storage answers. A read that fails is tried again after a pause; a read that
   * hangs gets another beside it every `retryMs` (the first to answer wins). Never settles with a guess.
   */
  function load(): Promise<PartsheetSettings> {
    loading ??= new Promise<PartsheetSettings>((resolve) => {
      /** The one pending timer: the next read, beside a hanging one or after a failed one. */
      let timer: unknown;
      let failures = 0;
      const answer = (text: string | null) => {
        if (settings) return;
        timers.clearTimeout(timer);
        if (giveUp) timers.clearTimeout(giveUp.timer);
        settings = parseStored(text);
        resolve(settings);
        if (calculatedOnDefaults && !sameForFunctions(settings, DEFAULT_SETTINGS)) {
          recalculate().catch(() => undefined);
        }
      };
      const read = () => {
        timer = timers.setTimeout(read, retryMs);
        // A storage that throws instead of rejecting counts as a failed read too.
        new Promise<string | null>((done) => done(deps.storage.getItem(SETTINGS_KEY))).then(answer, () => {
          if (settings) return;
          failures++;
          timers.clearTimeout(timer);
          timer = timers.setTimeout(read, Math.min(retryMs, 250 * 2 ** Math.min(failures, 5)));
        });
      };
      read();
    });
    return loading;
  }

  async function current(): Promise<PartsheetSettings> {
    return settings ?? (await load());
  }

  /**
   * The settings for one PARTS calculation: the saved ones, or the defaults for this call alone once storage has
   * been silent `functionsWaitMs` since the first calculation asked (one deadline for all, not one timer per cell).
   */
  async function forCalculation(): Promise<PartsheetSettings> {
    if (settings) return settings;
    if (!giveUp) {
      let timer: unknown;
      const passed = new Promise<null>((resolve) => {
        timer = timers.setTimeout(() => resolve(null), deps.functionsWaitMs ?? 5000);
      });
      giveUp = { timer, passed };
    }
    const loaded = await Promise.race([load(), giveUp.passed]);
    if (loaded) return loaded;
    calculatedOnDefaults = true;
    return copy(DEFAULT_SETTINGS);
  }

  return {
    loaded: () => settings,
    set: (next) => {
      settings = next;
    },
    current,
    forCalculation,
  };
}

/** The connection the settings describe: client, scheduler and rates, rebuilt when the connection settings change. */
interface Connector {
  connect(given?: PartsheetSettings): Promise<Connection>;
  /** The connection made last, if any. */
  last(): Connection | null;
}

function connector(
  deps: RuntimeDeps,
  now: () => number,
  stamp: PricesStamp,
  current: () => Promise<PartsheetSettings>,
): Connector {
  let connection: Connection | null = null;

  function endpointsOf(s: PartsheetSettings): Endpoints {
    validateSettings(s, deps.origin);
    const checkout =
      s.environment === 'production' && s.checkoutBaseUrl === ''
        ? ''
        : resolveBaseUrl(s.checkoutBaseUrl, deps.origin, 'checkoutBaseUrl');
    return { itemBaseUrl: resolveBaseUrl(s.itemBaseUrl, deps.origin, 'itemBaseUrl'), checkoutBaseUrl: checkout };
  }

  async function connect(given?: PartsheetSettings): Promise<Connection> {
    const s = given ?? (await current());
    if (connection && !connectionChanged(connection.settings, s)) {
      if (connection.settings !== s) {
        connection.endpoints = endpointsOf(s);
        connection.settings = s;
      }
      return connection;
    }
    const endpoints = endpointsOf(s);
    const client = new CatalogClient({
      itemBaseUrl: endpoints.itemBaseUrl,
      login: s.login,
      apikey: s.apiKey,
      version: s.apiVersion,
      gatewayToken: s.gatewayToken,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(s.jsonpSearches ? { jsonp: requireJsonp(deps.jsonp) } : {}),
      ...(deps.corsProbe ? { corsProbe: deps.corsProbe } : {}),
    });
    // The previous scheduler is left to finish what it has in flight; its callers still get their answers.
    const scheduler = new LookupScheduler({ port: client, ttlMs: s.cacheTtlMinutes * 60_000, now });
    const rates = new RateBook({ probe: tokenSearchProbe((token, opts) => client.searchToken(token, opts)) });
    const cellLookup: FunctionsContext['lookup'] = {
      lookup: async (request) => {
        const found = await scheduler.lookup(request);
        // A failure to note the time must not fail the cell.
        stamp.note(found.asOf).catch(() => undefined);
        return found;
      },
      lastKnown: (request) => scheduler.lastKnown(request),
    };
    connection = { settings: s, endpoints, client, scheduler, rates, cellLookup, manufacturers: null };
    return connection;
  }

  return { connect, last: () => connection };
}

export function createRuntime(deps: RuntimeDeps): PartsheetRuntime {
  const listeners = new Set<(settings: PartsheetSettings) => void>();
  const timers: RuntimeTimers = deps.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const recalculate = (): Promise<void> => (deps.excel ? deps.excel.recalculate('Full') : Promise.resolve());
  const stamp = deps.pricesStamp ?? memoryPricesStamp();
  const now = deps.now ?? Date.now;
  const loader = settingsLoader(deps, timers, recalculate);
  const { current, forCalculation } = loader;
  const connections = connector(deps, now, stamp, current);
  const connect = connections.connect;
  const cells = new CellRecord();

  return {
    getSettings: async () => copy(await current()),

    settingsLoaded: () => loader.loaded() !== null,

    async saveSettings(changes) {
      const before = await current();
      const next = normalizeSettings({ ...before, ...changes });
      validateSettings(next, deps.origin);
      await deps.storage.setItem(SETTINGS_KEY, JSON.stringify(next));
      loader.set(next);
      for (const listener of [...listeners]) {
        try {
          listener(copy(next));
        } catch {
          // One listener failing must not stop the others.
        }
      }
      return copy(next);
    },

    onSettingsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getScheduler: async () => (await connect()).scheduler,
    getCatalogClient: async () => (await connect()).client,
    getRateBook: async () => (await connect()).rates,
    getEndpoints: async () => ({ ...(await connect()).endpoints }),

    async functionsContext() {
      const c = await connect(await forCalculation());
      return {
        lookup: c.cellLookup,
        currency: c.settings.currency,
        version: c.settings.apiVersion,
        sources: c.settings.sources,
        rates: c.rates,
      };
    },

    async manufacturers() {
      const c = await connect(await forCalculation());
      const ttl = c.settings.cacheTtlMinutes * 60_000;
      if (!c.manufacturers || now() - c.manufacturers.at >= ttl) {
        const entry = { at: now(), list: c.client.manufacturers() };
        c.manufacturers = entry;
        entry.list.catch(() => {
          if (c.manufacturers === entry) c.manufacturers = null;
        });
      }
      return c.manufacturers.list;
    },

    async refreshPrices() {
      const started = now();
      const connection = connections.last();
      if (connection) {
        connection.scheduler.expire();
        connection.rates.clear();
        connection.manufacturers = null;
      }
      await recalculate();
      await stamp.reset(started).catch(() => undefined);
    },

    pricesAsOf: () => stamp.get(),

    cellRecord: () => cells,

    lookupCost: async (requests) => (await connect()).scheduler.cost(requests),
  };
}

// ---- the instance bound to the Office host

function hostStorage(): SettingsStorage {
  if (typeof OfficeRuntime !== 'undefined' && OfficeRuntime.storage) return OfficeRuntime.storage;
  const local = (
    globalThis as { localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void } }
  ).localStorage;
  if (local) {
    return {
      getItem: async (key) => local.getItem(key),
      setItem: async (key, value) => local.setItem(key, value),
    };
  }
  const memory = new Map<string, string>();
  return {
    getItem: async (key) => memory.get(key) ?? null,
    setItem: async (key, value) => void memory.set(key, value),
  };
}

let shared: PartsheetRuntime | null = null;

/** The one runtime of this page. */
export function runtime(): PartsheetRuntime {
  shared ??= createRuntime({
    storage: hostStorage(),
    origin: (globalThis as { location?: { origin?: string } }).location?.origin,
    excel:
      typeof Excel !== 'undefined' && typeof Excel.run === 'function'
        ? createWorkbookPort(officeExcelHost(Excel))
        : undefined,
    pricesStamp: documentPricesStamp(() =>
      typeof Office !== 'undefined' ? Office.context?.document?.settings : undefined,
    ),
    jsonp: pageJsonp(),
    corsProbe: pageCorsProbe(),
  });
  return shared;
}

export const getSettings = (): Promise<PartsheetSettings> => runtime().getSettings();
export const saveSettings = (changes: Partial<PartsheetSettings>): Promise<PartsheetSettings> =>
  runtime().saveSettings(changes);
export const onSettingsChanged = (listener: (settings: PartsheetSettings) => void): (() => void) =>
  runtime().onSettingsChanged(listener);
export const getScheduler = (): Promise<LookupScheduler> => runtime().getScheduler();
export const getCatalogClient = (): Promise<CatalogClient> => runtime().getCatalogClient();
export const getRateBook = (): Promise<RateBook> => runtime().getRateBook();
export const getEndpoints = (): Promise<Endpoints> => runtime().getEndpoints();
export const refreshPrices = (): Promise<void> => runtime().refreshPrices();
export const pricesAsOf = (): Date | null => runtime().pricesAsOf();

/** Registers the ribbon's "Refresh prices" (ExecuteFunction `refreshPrices` in manifest.xml). */
export function registerRibbonCommands(): void {
  if (typeof Office === 'undefined' || !Office.actions) return;
  Office.actions.associate('refreshPrices', (event?: { completed(): void }) => {
    refreshPrices()
      .catch(() => undefined)
      .finally(() => event?.completed());
  });
}

export type { PartsheetSettings } from '../src/settings';
export { ENVIRONMENT_DEFAULTS, ENVIRONMENTS, DEFAULT_SETTINGS, SettingsError, isSettingsError } from '../src/settings';
