/// <reference types="office-js" />
/// <reference types="office-runtime" />
/**
 * The shared runtime: the one state the custom functions and the task pane both use. Settings live in
 * OfficeRuntime.storage (credentials never go into the workbook); from them come the one catalog client and the
 * one LookupScheduler, rebuilt when the connection settings change, so a lookup made by the pane is a cache hit
 * for a cell and the other way round. "Refresh prices" (ribbon and pane) empties the cache and recalculates.
 *
 * `createRuntime` builds that state from injected storage, origin, fetch and recalculation (tests use it
 * directly); the exported functions use the one instance bound to the Office host.
 */
import { CatalogClient } from '../src/catalog/client';
import type { Manufacturer } from '../src/catalog/model';
import { LookupScheduler } from '../src/lookup';
import { RateBook, tokenSearchProbe } from '../src/pricing/rates';
import type { FunctionsContext } from './logic';
import {
  DEFAULT_SETTINGS,
  connectionChanged,
  normalizeSettings,
  resolveBaseUrl,
  validateSettings,
  type PartsheetSettings,
} from './settings';

export const SETTINGS_KEY = 'partsheet.settings';

/** The part of OfficeRuntime.storage the runtime uses. */
export interface SettingsStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
}

export interface RuntimeDeps {
  storage: SettingsStorage;
  /** The add-in page's origin (`https://localhost:3000`); relative service addresses resolve against it. */
  origin?: string;
  fetch?: typeof fetch;
  /** Full recalculation of the workbook; by default nothing (outside Excel). */
  recalculate?: () => Promise<void>;
  /** How long a settings read may take before the defaults are used. */
  storageTimeoutMs?: number;
}

export interface Endpoints {
  itemBaseUrl: string;
  checkoutBaseUrl: string;
}

export interface PartsheetRuntime {
  getSettings(): Promise<PartsheetSettings>;
  /** Checks, stores and applies new settings; throws SettingsError naming the setting at fault. */
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
  /** Empties the cache and recalculates the workbook: the ribbon's and the pane's "Refresh prices". */
  refreshPrices(): Promise<void>;
  setRecalculate(recalculate: () => Promise<void>): void;
}

interface Connection {
  settings: PartsheetSettings;
  endpoints: Endpoints;
  client: CatalogClient;
  scheduler: LookupScheduler;
  rates: RateBook;
  manufacturers: { at: number; list: Promise<Manufacturer[]> } | null;
}

const copy = (s: PartsheetSettings): PartsheetSettings => ({ ...s, sources: [...s.sources] });

export function createRuntime(deps: RuntimeDeps): PartsheetRuntime {
  const listeners = new Set<(settings: PartsheetSettings) => void>();
  let settings: Promise<PartsheetSettings> | null = null;
  let connection: Connection | null = null;
  let recalculate = deps.recalculate ?? (async () => {});

  async function read(): Promise<PartsheetSettings> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), deps.storageTimeoutMs ?? 5000);
    });
    try {
      const text = await Promise.race([deps.storage.getItem(SETTINGS_KEY), timeout]);
      return text ? normalizeSettings(JSON.parse(text)) : copy(DEFAULT_SETTINGS);
    } catch {
      return copy(DEFAULT_SETTINGS);
    } finally {
      clearTimeout(timer);
    }
  }

  function current(): Promise<PartsheetSettings> {
    settings ??= read();
    return settings;
  }

  function endpointsOf(s: PartsheetSettings): Endpoints {
    validateSettings(s, deps.origin);
    const checkout = s.environment === 'production' && s.checkoutBaseUrl === '' ? '' : resolveBaseUrl(s.checkoutBaseUrl, deps.origin, 'checkoutBaseUrl');
    return { itemBaseUrl: resolveBaseUrl(s.itemBaseUrl, deps.origin, 'itemBaseUrl'), checkoutBaseUrl: checkout };
  }

  async function connect(): Promise<Connection> {
    const s = await current();
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
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    // The previous scheduler is left to finish what it has in flight; its callers still get their answers.
    const scheduler = new LookupScheduler({ port: client, ttlMs: s.cacheTtlMinutes * 60_000 });
    const rates = new RateBook({ probe: tokenSearchProbe((token, opts) => client.searchToken(token, opts)) });
    connection = { settings: s, endpoints, client, scheduler, rates, manufacturers: null };
    return connection;
  }

  return {
    getSettings: async () => copy(await current()),

    async saveSettings(changes) {
      const before = await current();
      const next = normalizeSettings({ ...before, ...changes });
      validateSettings(next, deps.origin);
      await deps.storage.setItem(SETTINGS_KEY, JSON.stringify(next));
      settings = Promise.resolve(next);
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
      const c = await connect();
      return { lookup: c.scheduler, currency: c.settings.currency, version: c.settings.apiVersion, sources: c.settings.sources, rates: c.rates };
    },

    async manufacturers() {
      const c = await connect();
      const ttl = c.settings.cacheTtlMinutes * 60_000;
      if (!c.manufacturers || Date.now() - c.manufacturers.at >= ttl) {
        const entry = { at: Date.now(), list: c.client.manufacturers() };
        c.manufacturers = entry;
        entry.list.catch(() => {
          if (c.manufacturers === entry) c.manufacturers = null;
        });
      }
      return c.manufacturers.list;
    },

    async refreshPrices() {
      if (connection) {
        connection.scheduler.clear();
        connection.rates.clear();
        connection.manufacturers = null;
      }
      await recalculate();
    },

    setRecalculate(fn) {
      recalculate = fn;
    },
  };
}

// ---- the instance bound to the Office host

function hostStorage(): SettingsStorage {
  if (typeof OfficeRuntime !== 'undefined' && OfficeRuntime.storage) return OfficeRuntime.storage;
  const local = (globalThis as { localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void } }).localStorage;
  if (local) {
    return {
      getItem: async (key) => local.getItem(key),
      setItem: async (key, value) => local.setItem(key, value),
    };
  }
  const memory = new Map<string, string>();
  return { getItem: async (key) => memory.get(key) ?? null, setItem: async (key, value) => void memory.set(key, value) };
}

async function recalculateWorkbook(): Promise<void> {
  if (typeof Excel === 'undefined') return;
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}

let shared: PartsheetRuntime | null = null;

/** The one runtime of this page. */
export function runtime(): PartsheetRuntime {
  shared ??= createRuntime({
    storage: hostStorage(),
    origin: (globalThis as { location?: { origin?: string } }).location?.origin,
    recalculate: recalculateWorkbook,
  });
  return shared;
}

export const getSettings = (): Promise<PartsheetSettings> => runtime().getSettings();
export const saveSettings = (changes: Partial<PartsheetSettings>): Promise<PartsheetSettings> => runtime().saveSettings(changes);
export const onSettingsChanged = (listener: (settings: PartsheetSettings) => void): (() => void) => runtime().onSettingsChanged(listener);
export const getScheduler = (): Promise<LookupScheduler> => runtime().getScheduler();
export const getCatalogClient = (): Promise<CatalogClient> => runtime().getCatalogClient();
export const getRateBook = (): Promise<RateBook> => runtime().getRateBook();
export const getEndpoints = (): Promise<Endpoints> => runtime().getEndpoints();
export const refreshPrices = (): Promise<void> => runtime().refreshPrices();
/** The task pane hands over its ExcelGateway's recalculation, so Excel.run stays in src/excel. */
export const setRecalculate = (recalculate: () => Promise<void>): void => runtime().setRecalculate(recalculate);

/** Registers the ribbon's "Refresh prices" (ExecuteFunction `refreshPrices` in manifest.xml). */
export function registerRibbonCommands(): void {
  if (typeof Office === 'undefined' || !Office.actions) return;
  Office.actions.associate('refreshPrices', (event?: { completed(): void }) => {
    refreshPrices()
      .catch(() => undefined)
      .finally(() => event?.completed());
  });
}

export type { PartsheetSettings } from './settings';
export { ENVIRONMENT_DEFAULTS, ENVIRONMENTS, DEFAULT_SETTINGS, SettingsError, isSettingsError } from './settings';
