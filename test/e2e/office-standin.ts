/**
 * A stand-in for office.js, served in place of Microsoft's CDN script when the built task pane runs in Chromium
 * for the end-to-end test. It gives the page what Excel's shared runtime gives it: `Office` (onReady, document
 * settings, theme, actions), `Excel.run` over the in-memory workbook, `OfficeRuntime.storage` and
 * `CustomFunctions`. The test reaches the workbook, the custom functions as Excel calls them, the ribbon's commands
 * and the calculation of PARTS formulas (test/helpers/formula-calc.ts) through `window.__partsheet`.
 *
 * A test may set `window.__partsheetStorage` (key → text) in an init script: OfficeRuntime.storage starts with it.
 *
 * URL parameters: `theme=dark` for Office's dark theme; `latency=ms` to slow every sync like Excel on the web;
 * `storageDelay=ms` for a first OfficeRuntime.storage read that answers only after that long, as while Office is
 * busy starting (reads started beside it hang); `pricesAsOf=ISO time` for a workbook saved with PARTS values
 * looked up then.
 */
import type { HostContext, HostRunOptions } from '../../src/excel/host';
import { MemoryWorkbook } from '../../testing/excel';
import { attachCalculator } from '../helpers/formula-calc';

type Batch = (context: HostContext) => Promise<unknown>;

const g = globalThis as Record<string, any>;
const params = new URLSearchParams(String(g.location?.search ?? ''));
const dark = params.get('theme') === 'dark';
const book = new MemoryWorkbook({ sheets: ['BOM'], latencyMs: Number(params.get('latency') ?? 0) || 0 });
// What OfficeRuntime.storage held before this pane opened (set by a test's init script): the same computer, a new pane.
const storage = new Map<string, string>(
  Object.entries((g.__partsheetStorage as Record<string, string> | undefined) ?? {}),
);
const associated: string[] = [];
/** The custom functions as Excel calls them, so a test can calculate a cell. */
const functions: Record<string, (...args: unknown[]) => unknown> = {};
if (params.get('pricesAsOf')) {
  book.settings.set('partsheet.pricesAsOf', params.get('pricesAsOf'));
  book.settings.saveAsync();
}

/** The ribbon's commands (Office.actions), so a test can press one. */
const actions: Record<string, (event?: { completed(): void }) => unknown> = {};
/** Excel's calculation of PARTS formulas (=PARTS.PRICE("…", 10)): range.calculate and a full recalculation run them. */
const calc = attachCalculator(book, functions, () => 4);

/** The workbooks the pane opened with Excel.createWorkbook (ExcelApi 1.8), as the base64 it gave. */
const created: string[] = [];

g.__partsheet = { book, storage, associated, functions, actions, calc, created };

g.Excel = {
  run(first: HostRunOptions | Batch, second?: Batch): Promise<unknown> {
    const batch = typeof first === 'function' ? first : second;
    const options = typeof first === 'function' ? {} : first;
    if (!batch) return Promise.reject(new Error('Excel.run needs a batch function'));
    return book.host.run(options, batch);
  },
  CalculationType: { recalculate: 'Recalculate', full: 'Full', fullRebuild: 'FullRebuild' },
  createWorkbook(base64: string): Promise<void> {
    if (typeof base64 !== 'string' || base64 === '') return Promise.reject(new Error('createWorkbook needs base64'));
    created.push(base64);
    return Promise.resolve();
  },
};

const storageDelayMs = Number(params.get('storageDelay') ?? 0) || 0;
let storageReads = 0;

g.OfficeRuntime = {
  storage: {
    getItem: (key: string): Promise<string | null> => {
      storageReads++;
      if (storageDelayMs === 0) return Promise.resolve(storage.get(key) ?? null);
      if (storageReads > 1) return new Promise(() => {});
      return new Promise((resolve) => setTimeout(() => resolve(storage.get(key) ?? null), storageDelayMs));
    },
    setItem: async (key: string, value: string) => void storage.set(key, value),
    removeItem: async (key: string) => void storage.delete(key),
  },
};

class CustomFunctionsError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message);
  }
}

g.CustomFunctions = {
  associate(idOrMap: string | Record<string, unknown>): void {
    if (typeof idOrMap === 'string') associated.push(idOrMap);
    else {
      associated.push(...Object.keys(idOrMap));
      Object.assign(functions, idOrMap);
    }
  },
  Error: CustomFunctionsError,
  ErrorCode: {
    invalidValue: '#VALUE!',
    notAvailable: '#N/A',
    divisionByZero: '#DIV/0!',
    invalidNumber: '#NUM!',
    nullReference: '#NULL!',
  },
};

const theme = dark
  ? {
      bodyBackgroundColor: '#1F1F1F',
      bodyForegroundColor: '#F5F5F5',
      controlBackgroundColor: '#292929',
      controlForegroundColor: '#F5F5F5',
      isDarkTheme: true,
    }
  : {
      bodyBackgroundColor: '#FFFFFF',
      bodyForegroundColor: '#242424',
      controlBackgroundColor: '#FFFFFF',
      controlForegroundColor: '#242424',
      isDarkTheme: false,
    };

g.Office = {
  HostType: { Excel: 'Excel' },
  PlatformType: { OfficeOnline: 'OfficeOnline' },
  AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
  context: {
    host: 'Excel',
    platform: 'OfficeOnline',
    document: { settings: book.settings },
    officeTheme: theme,
    requirements: { isSetSupported: () => true },
  },
  actions: {
    associate: (id: string, action: (event?: { completed(): void }) => unknown) => {
      associated.push(`action:${id}`);
      actions[id] = action;
    },
  },
  onReady(callback?: (info: { host: string; platform: string }) => void): Promise<{ host: string; platform: string }> {
    const info = { host: 'Excel', platform: 'OfficeOnline' };
    return new Promise((resolve) =>
      setTimeout(() => {
        callback?.(info);
        resolve(info);
      }, 0),
    );
  },
};
