/**
 * Shared pieces of the spreadsheet-safety and secrets tests: text a hostile or careless catalog could send, the
 * reference service running in this process over a catalog imported with that text, the pane's services over the
 * shared runtime and the in-memory workbook, a workbook host whose syncs can be made to fail, and a sweep of every
 * place a secret could end up.
 */
import { buildApp } from '../../service/app';
import { CatalogStore, openDatabase } from '../../service/store/db';
import { importParts, type ImportResult } from '../../service/store/import';
import { createRuntime, type PartsheetRuntime, type SettingsStorage } from '../../addin/runtime';
import type { PartsheetSettings } from '../../src/settings';
import { createWorkbookPort, type WorkbookPortOptions } from '../../src/excel/workbook-port';
import type { ExcelHost, HostContext } from '../../src/excel/host';
import { MemoryExcelError, MemoryWorkbook } from '../../testing/excel';
import { testConnection } from '../../taskpane/connection';
import { PaneController } from '../../taskpane/controller';
import type { PaneServices } from '../../taskpane/services';
import { documentSettingsStore } from '../../taskpane/adapters/workbook-store';
import { paneServicesForTest } from '../../testing/pane-services';

/** Text that a spreadsheet would run as a formula (or a CSV importer would strip into one). */
export const FORMULA_TEXTS = ['=HYPERLINK("http://evil","x")', '+1+1', '-2', '@SUM(A1)', '\t=1', '\r=1'] as const;

export const API_KEY = 'sk-live-7d1f0c9e4b2a8f63e5d1';
export const WRONG_KEY = 'sk-wrong-0a9b8c7d6e5f4a3b2c1d';
export const LOGIN = 'buyer-7';
export const SERVICE_URL = 'https://parts.example.com';
export const PANE_ORIGIN = 'https://localhost:3000';

export interface HostileRecord {
  partNum: string;
  mfrCd: string;
  mfrName: string;
  desc: string;
  availability: string;
  sourcePartId: string;
  stock?: number;
}

/** One v4 PartList entry, as `partsheet catalog import` takes it. */
export function v4Entry(r: HostileRecord): unknown {
  return {
    partNum: r.partNum,
    manufacturer: { mfrCd: r.mfrCd, mfrName: r.mfrName },
    desc: r.desc,
    status: 'Active',
    InvOrg: {
      webSites: [
        {
          code: 'partner.com',
          sources: [
            {
              currency: 'USD',
              sourceCd: 'ACNA',
              displayName: 'Americas',
              sourceParts: [
                {
                  sourcePartId: r.sourcePartId,
                  packSize: 1,
                  minimumOrderQuantity: 1,
                  Prices: {
                    resaleList: [
                      { price: 0.25, minQty: 1, maxQty: 99 },
                      { price: 0.2, minQty: 100, maxQty: 99_999_999 },
                    ],
                  },
                  Availability: [
                    { fohQty: r.stock ?? 5000, availabilityCd: 'INSTK', availabilityMessage: r.availability },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  };
}

export interface InProcessService {
  store: CatalogStore;
  imported: ImportResult;
  /** A fetch that hands each request, whatever its host, to the service in this process (no socket). */
  fetch: typeof fetch;
  /** Every address requested. */
  requests: string[];
  close(): Promise<void>;
}

/** The reference service over an in-memory catalog holding `entries`, answering `keys` (login → API key). */
export async function inProcessService(entries: unknown[], keys: Record<string, string>): Promise<InProcessService> {
  const db = openDatabase(':memory:');
  const store = new CatalogStore(db);
  for (const [login, key] of Object.entries(keys)) store.setApiKey(login, key);
  const imported = importParts(store, entries);
  const app = await buildApp({ catalog: store, environment: 'production' });
  const requests: string[] = [];
  // No socket: each request goes through Fastify's inject, and its answer comes back as a fetch Response.
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    requests.push(url.href);
    init?.signal?.throwIfAborted();
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers)),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || (init?.method ?? 'GET') === 'HEAD';
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
  return {
    store,
    imported,
    fetch: fetchImpl as typeof fetch,
    requests,
    async close() {
      await app.close();
      db.close();
    },
  };
}

/** OfficeRuntime.storage as the runtime sees it: the add-in's own storage, outside the workbook. */
export function memoryStorage(): SettingsStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => void items.set(key, value),
  };
}

export interface Pane {
  book: MemoryWorkbook;
  runtime: PartsheetRuntime;
  storage: ReturnType<typeof memoryStorage>;
  services: PaneServices;
  controller: PaneController;
}

/**
 * The task pane as Excel runs it, with the in-memory workbook for Excel: the shared runtime (settings in
 * OfficeRuntime.storage, the one client and scheduler), the document settings of the workbook, Test connection.
 */
export async function paneOver(
  fetchImpl: typeof fetch,
  settings: Partial<PartsheetSettings>,
  options: { book?: MemoryWorkbook; host?: ExcelHost; gateway?: WorkbookPortOptions } = {},
): Promise<Pane> {
  const book = options.book ?? new MemoryWorkbook({ sheets: ['BOM'] });
  const storage = memoryStorage();
  const gateway = createWorkbookPort(options.host ?? book.host, options.gateway);
  const runtime = createRuntime({ storage, origin: PANE_ORIGIN, fetch: fetchImpl, excel: gateway });
  await runtime.saveSettings({
    environment: 'production',
    itemBaseUrl: SERVICE_URL,
    checkoutBaseUrl: '',
    login: LOGIN,
    apiKey: API_KEY,
    ...settings,
  });
  const services: PaneServices = paneServicesForTest({
    book: gateway,
    workbook: documentSettingsStore(book.settings),
    settings: runtime,
    getScheduler: () => runtime.getScheduler(),
    refreshPrices: () => runtime.refreshPrices(),
    testConnection: (s) => testConnection(s, { origin: PANE_ORIGIN, fetch: fetchImpl, timeoutMs: 5000 }),
    now: () => new Date(2026, 10, 20, 9, 30),
  });
  return { book, runtime, storage, services, controller: new PaneController(services) };
}

export type FaultMode = 'refused' | 'answer-lost';

/**
 * A host over the in-memory workbook whose syncs can be made to fail: 'refused' fails the request before Excel
 * applies any of it, 'answer-lost' after Excel applied it (the connection broke on the way back). `onSync` sees
 * each sync before it is sent.
 */
export class FaultyHost implements ExcelHost {
  syncs = 0;
  /**
   * Whether the armed fault happened: an 'answer-lost' fault on a request Excel itself refused (a read of a sheet
   * not there yet, say) never does, since Excel's own error comes first.
   */
  fired = false;
  failAt: number | null = null;
  mode: FaultMode = 'refused';
  onSync: ((n: number) => void) | null = null;

  constructor(private readonly book: MemoryWorkbook) {}

  /** Fails the `n`-th sync from now (null: none), and counts syncs from now. */
  arm(n: number | null, mode: FaultMode = 'refused'): void {
    this.syncs = 0;
    this.fired = false;
    this.failAt = n;
    this.mode = mode;
  }

  run<T>(options: { delayForCellEdit?: boolean }, batch: (context: HostContext) => Promise<T>): Promise<T> {
    return this.book.host.run(options, (inner) => {
      const context: HostContext = {
        workbook: inner.workbook,
        sync: async () => {
          const n = ++this.syncs;
          this.onSync?.(n);
          const failing = this.failAt === n;
          if (failing && this.mode === 'refused') {
            this.fired = true;
            throw new MemoryExcelError('GeneralException', 'The connection to Excel was lost.');
          }
          await inner.sync();
          if (failing) {
            this.fired = true;
            throw new MemoryExcelError('GeneralException', 'The connection to Excel was lost.');
          }
        },
      };
      return batch(context);
    });
  }
}

/** Every string of every cell of every sheet, and every saved document setting, as one text to search. */
export function workbookText(book: MemoryWorkbook): string {
  const parts: string[] = [JSON.stringify(book.settings.snapshot())];
  for (const [sheet, cells] of Object.entries(book.snapshot())) {
    parts.push(sheet);
    for (const [address, cell] of Object.entries(cells))
      parts.push(`${address}=${String(cell.value)}|${cell.formula ?? ''}|${cell.numberFormat ?? ''}`);
  }
  return parts.join('\n');
}

/** Captures what goes to console.* while `run` runs. */
export async function withConsole<T>(run: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const spies = methods.map((m) =>
    jest.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      lines.push(
        args
          .map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : typeof a === 'string' ? a : safeJson(a)))
          .join(' '),
      );
    }),
  );
  try {
    return { result: await run(), lines };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A secret and the forms it travels in (URL-encoded, JSON-escaped), for a search that finds it in any of them. */
export function secretForms(secret: string): string[] {
  return [
    ...new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(JSON.stringify(secret)),
    ]),
  ];
}

/** The forms of `secrets` found in `text`. */
export function leaks(text: string, secrets: readonly string[]): string[] {
  return secrets.flatMap((s) => secretForms(s).filter((form) => text.includes(form)));
}
