/**
 * The task pane's services for tests: every member of PaneServices, each a working in-memory double unless the
 * test gives its own. The one place where tests' defaults are chosen (production's are in taskpane/adapters/office.ts).
 */
import { placeOrder, submitCreatedOrder } from '../src/checkout';
import { createWorkbookPort } from '../src/excel';
import { baseOnly } from '../src/pricing/rates';
import { DEFAULT_SETTINGS, type PartsheetSettings, validateSettings } from '../src/settings';
import type { CellsPort, PaneServices, SettingsPort } from '../taskpane/services';
import { memoryChoicesStore } from '../taskpane/workbook-choices';
import { memoryCredentialStore } from '../taskpane/order/credentials';
import { memoryShipToStore } from '../taskpane/order/ship-to';
import { memoryPurchaseStore } from '../taskpane/purchase/setup';
import { MemoryWorkbook } from './excel';
import { CellRecord, type LookupCost, type LookupRequest } from '../src/lookup';

/** The pane's view of a cell record, with the cost of lookups from `lookupCost` (a scheduler's `cost`). */
export function cellsPort(
  record: CellRecord,
  lookupCost: (requests: readonly LookupRequest[]) => Promise<LookupCost>,
): CellsPort {
  return {
    calls: () => record.calls(),
    subscribe: (listener) => record.subscribe(listener),
    forget: (addresses) => record.forget(addresses),
    lookupCost,
  };
}

/** Settings kept in memory, checked as the runtime checks them, with their listeners told of each save. */
export function memorySettingsPort(
  initial: Partial<PartsheetSettings> = {},
  origin = 'https://localhost:3000',
): SettingsPort & { current: PartsheetSettings } {
  const listeners = new Set<(s: PartsheetSettings) => void>();
  const port = {
    current: { ...DEFAULT_SETTINGS, sources: [], ...initial } as PartsheetSettings,
    getSettings: async () => ({ ...port.current }),
    saveSettings: async (changes: Partial<PartsheetSettings>) => {
      const next = { ...port.current, ...changes };
      validateSettings(next, origin);
      port.current = next;
      for (const l of listeners) l({ ...next });
      return { ...next };
    },
    onSettingsChanged: (listener: (s: PartsheetSettings) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return port;
}

/**
 * PaneServices over an in-memory workbook (a new one with a "BOM" sheet unless `overrides.book` is given), settings
 * in memory, no exchange rates (only offers in the user's currency compete), empty searches, the real checkout
 * client over `fetch`, and the system clock. A lookup must be given (`getScheduler`) to price: without one it rejects.
 */
export function paneServicesForTest(overrides: Partial<PaneServices> = {}): PaneServices {
  const workbook = overrides.workbook ?? memoryChoicesStore();
  const memory = new MemoryWorkbook({ sheets: ['BOM'] });
  const defaults: PaneServices = {
    book: createWorkbookPort(memory.host),
    workbook,
    purchases: memoryPurchaseStore(() => workbook.loadOrders()),
    settings: memorySettingsPort(),
    getScheduler: async () => {
      throw new Error('This test gave the pane no lookup (getScheduler).');
    },
    getRateBook: async () => ({ tableFor: async (base: string) => baseOnly(base) }),
    searchParts: async () => [],
    searchPrefixes: async (parts) => ({
      results: parts.map((p) => ({
        requestedPartNumber: p.partNumber,
        manufacturerFilter: p.manufacturer ?? null,
        numberFound: 0,
        parts: [],
      })),
      partsRequested: parts.length,
      partsFound: 0,
      partsNotFound: parts.length,
      partsError: 0,
    }),
    refreshPrices: async () => undefined,
    pricesAsOf: () => null,
    cells: cellsPort(new CellRecord(), async () => {
      throw new Error('This test gave the pane no lookup (cells.lookupCost).');
    }),
    testConnection: async () => [],
    newWorkbook: (base64) => memory.createWorkbook(base64),
    now: () => new Date(),
    origin: undefined,
    credentials: memoryCredentialStore(),
    shipTos: memoryShipToStore(),
    placeOrder: (config, request) => placeOrder(config, request),
    submitCreated: (config, request) => submitCreatedOrder(config, request),
    fetch: (input, init) => globalThis.fetch(input, init),
    corsProbe: undefined,
  };
  return { ...defaults, ...overrides };
}
