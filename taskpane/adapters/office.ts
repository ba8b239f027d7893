/// <reference types="office-js" />
/// <reference types="office-runtime" />
/**
 * The pane's services in Excel: the WorkbookPort over office.js, the workbook's document settings for the column
 * choices, the shared runtime (addin/runtime.ts) for settings, the one scheduler and "Refresh prices", and the
 * runtime's OfficeRuntime.storage for checkout credentials the user asks to be remembered.
 */
import type { DocumentSettingsLike } from '../../addin/document-settings';
import { pageCorsProbe, pageJsonp } from '../../addin/page-network';
import {
  getCatalogClient,
  getRateBook,
  getScheduler,
  getSettings,
  onSettingsChanged,
  pricesAsOf,
  refreshPrices,
  runtime,
  saveSettings,
} from '../../addin/runtime';
import { createWorkbookPort, WorkbookError } from '../../src/excel/workbook-port';
import type { ExcelHost } from '../../src/excel/host';
import { officeExcelHost } from '../../src/excel/office';
import { userCurrency, wireCurrency } from '../../src/pricing/rates';
import { testConnection } from '../connection';
import { type CredentialStorage, credentialStore, memoryCredentialStore } from '../order/credentials';
import { memoryShipToStore, shipToStore } from '../order/ship-to';
import type { PaneServices } from '../services';
import { memoryChoicesStore } from '../workbook-choices';
import { documentSettingsStore } from './workbook-store';
import { purchaseSettingsStore } from './purchase-store';
import { memoryPurchaseStore } from '../purchase/setup';
import { placeOrder, submitCreatedOrder } from '../../src/checkout';

/** Outside Excel every workbook call says so, instead of failing somewhere deep. */
const noExcel: ExcelHost = {
  run: () =>
    Promise.reject(
      new WorkbookError('excel', 'This page is not running inside Excel. Open Partsheet from the Home tab in Excel.'),
    ),
};

export function officeServices(): PaneServices {
  const inExcel = typeof Excel !== 'undefined' && typeof Excel.run === 'function';
  const book = createWorkbookPort(inExcel ? officeExcelHost(Excel) : noExcel);
  const settings = typeof Office !== 'undefined' ? Office.context?.document?.settings : undefined;
  const origin = globalThis.location?.origin;
  const storage = runtimeStorage();
  const documentSettings: DocumentSettingsLike | null = settings
    ? {
        get: (name) => settings.get(name),
        set: (name, value) => settings.set(name, value),
        remove: (name) => settings.remove(name),
        saveAsync: (callback) =>
          settings.saveAsync((result) => callback?.({ status: result.status, error: result.error ?? null })),
      }
    : null;
  const workbook = documentSettings ? documentSettingsStore(documentSettings) : memoryChoicesStore();
  return {
    book,
    workbook,
    purchases: documentSettings
      ? purchaseSettingsStore(documentSettings)
      : memoryPurchaseStore(() => workbook.loadOrders()),
    settings: { getSettings, saveSettings, onSettingsChanged },
    getScheduler,
    getRateBook,
    searchParts: async (token, options = {}) => {
      const [client, settings] = await Promise.all([getCatalogClient(), getSettings()]);
      const currency = wireCurrency(userCurrency(settings.currency));
      const page = await client.searchToken(token, {
        rows: 25,
        version: settings.apiVersion,
        ...(currency ? { currency } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return page.parts;
    },
    searchPrefixes: async (parts, options) => {
      const [client, settings] = await Promise.all([getCatalogClient(), getSettings()]);
      const currency = options.currency ?? wireCurrency(userCurrency(settings.currency));
      return client.searchList(parts, {
        exact: options.exact ?? false,
        version: settings.apiVersion,
        ...(options.rows ? { rows: options.rows } : {}),
        ...(currency ? { currency } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    },
    refreshPrices,
    pricesAsOf,
    cells: {
      calls: () => runtime().cellRecord().calls(),
      subscribe: (listener) => runtime().cellRecord().subscribe(listener),
      forget: (addresses) => runtime().cellRecord().forget(addresses),
      lookupCost: (requests) => runtime().lookupCost(requests),
    },
    testConnection: (s) => testConnection(s, { origin, jsonp: pageJsonp(), corsProbe: pageCorsProbe() }),
    corsProbe: pageCorsProbe(),
    origin,
    newWorkbook:
      inExcel && Office.context?.requirements?.isSetSupported('ExcelApi', '1.8')
        ? (base64) => Excel.createWorkbook(base64)
        : null,
    now: () => new Date(),
    fetch: (input, init) => globalThis.fetch(input, init),
    placeOrder: (config, request) => placeOrder(config, request),
    submitCreated: (config, request) => submitCreatedOrder(config, request),
    credentials: storage ? credentialStore(storage) : memoryCredentialStore(),
    shipTos: storage ? shipToStore(storage) : memoryShipToStore(),
  };
}

/**
 * OfficeRuntime.storage: checkout credentials and the ship-to addresses used before go there, never to the
 * workbook; outside Office there is none and they are not kept at all.
 */
function runtimeStorage(): CredentialStorage | null {
  if (typeof OfficeRuntime === 'undefined' || !OfficeRuntime.storage) return null;
  const storage = OfficeRuntime.storage;
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}

/** Whether Office shows a dark theme: its body background is dark, or, outside Office, the system prefers dark. */
export function prefersDark(): boolean {
  const background = typeof Office !== 'undefined' ? Office.context?.officeTheme?.bodyBackgroundColor : undefined;
  if (typeof background === 'string' && /^#?[0-9a-f]{6}$/i.test(background.trim())) {
    const hex = background.trim().replace('#', '');
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
  }
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
