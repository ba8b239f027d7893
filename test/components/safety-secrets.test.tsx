/**
 * Secrets in what the pane shows: after a pricing run with a wrong API key (the service answers 401) and after
 * Test connection with the right and a wrong key, the key appears in no text of the pane, no attribute other than
 * the API key field's own, no cell or document setting of the workbook, and no console line.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_KEY, createRuntime } from '../../addin/runtime';
import { createWorkbookPort } from '../../src/excel';
import { MemoryWorkbook } from '../../testing/excel';
import { App } from '../../taskpane/components/App';
import { testConnection } from '../../taskpane/connection';
import { paneControllers } from '../../taskpane/controllers';
import type { PaneServices } from '../../taskpane/services';
import { documentSettingsStore } from '../../taskpane/adapters/workbook-store';
import { paneServicesForTest } from '../../testing/pane-services';

const ORIGIN = 'https://localhost:3000';
const RIGHT = 'sk-live-3e9d7c5b1a0f8e6d4c2b';
const WRONG = 'sk-typo-9f8e7d6c5b4a3f2e1d0c';
const KEYS = [RIGHT, WRONG];
const FIXTURES = join(__dirname, '..', 'fixtures', 'catalog');
const TOKEN_ANSWER = readFileSync(join(FIXTURES, 'token-v4.json'), 'utf8');
const LIST_ANSWER = readFileSync(join(FIXTURES, 'list-v4.json'), 'utf8');
const AUTH_ANSWER = readFileSync(join(FIXTURES, 'error-auth.json'), 'utf8');
/** Rendering and a run can take a while on a busy machine. */
const SLOW = { timeout: 15_000 };

function answer(status: number, text: string): Response {
  const headers = {
    get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null),
    has: () => false,
  };
  return {
    status,
    ok: status >= 200 && status < 300,
    headers,
    body: null,
    text: async () => text,
  } as unknown as Response;
}

/** The item service: 401 for a key it does not know, else its recorded answers. */
function itemService() {
  const requests: string[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    requests.push(url.href);
    if (url.searchParams.get('apikey') !== RIGHT) return answer(401, AUTH_ANSWER);
    return answer(200, url.pathname.endsWith('/search/list') ? LIST_ANSWER : TOKEN_ANSWER);
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}

async function setUp(apiKey: string) {
  const service = itemService();
  const storage = new Map<string, string>();
  const runtime = createRuntime({
    storage: { getItem: async (k) => storage.get(k) ?? null, setItem: async (k, v) => void storage.set(k, v) },
    origin: ORIGIN,
    fetch: service.fetch,
  });
  await runtime.saveSettings({
    environment: 'production',
    itemBaseUrl: 'https://parts.example.com',
    checkoutBaseUrl: '',
    login: 'buyer-7',
    apiKey,
  });
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  book.setValues('BOM', 'A1:B3', [
    ['MPN', 'Qty'],
    ['LM358N', 2],
    ['BAV99', 4],
  ]);
  book.select('BOM', 'A1');
  const services: PaneServices = paneServicesForTest({
    book: createWorkbookPort(book.host),
    workbook: documentSettingsStore(book.settings),
    settings: runtime,
    getScheduler: () => runtime.getScheduler(),
    refreshPrices: () => runtime.refreshPrices(),
    testConnection: (s) => testConnection(s, { origin: ORIGIN, fetch: service.fetch, timeoutMs: 5000 }),
    now: () => new Date(2026, 10, 20, 9, 30),
  });
  const controllers = paneControllers(services);
  const controller = controllers.pane;
  render(
    <FluentProvider theme={webLightTheme}>
      <App services={services} controllers={controllers} />
    </FluentProvider>,
  );
  return { service, storage, book, controller };
}

/** Every text node, and every attribute but the API key field's value, of the rendered pane. */
function shownText(): string {
  const out: string[] = [document.body.textContent ?? ''];
  const keyField = screen.queryByLabelText('API key');
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      if (element === keyField && attribute.name === 'value') continue;
      out.push(attribute.value);
    }
  }
  return out.join('\n');
}

function workbookText(book: MemoryWorkbook): string {
  return JSON.stringify([book.snapshot(), book.settings.snapshot()]);
}

function leaked(text: string): string[] {
  return KEYS.filter((k) => text.includes(k) || text.includes(encodeURIComponent(k)));
}

let consoleLines: string[];
let spies: jest.SpyInstance[];
beforeEach(() => {
  consoleLines = [];
  spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
    jest
      .spyOn(console, m)
      .mockImplementation((...args: unknown[]) => void consoleLines.push(args.map(String).join(' '))),
  );
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});

describe('the API key is never shown', () => {
  test('a pricing run with a wrong key: the pane says the key was refused, without the key', async () => {
    const { service, storage, book } = await setUp(WRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
    await screen.findByTestId('bom-counts', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
    await screen.findByText('Nothing written: the parts service refused the login', undefined, SLOW);
    expect(screen.getAllByText(/API key rejected/).length).toBeGreaterThan(0);
    expect(service.requests.some((r) => r.includes(WRONG))).toBe(true);
    expect(JSON.parse(storage.get(SETTINGS_KEY)!).apiKey).toBe(WRONG);
    expect(leaked(shownText())).toEqual([]);
    expect(leaked(workbookText(book))).toEqual([]);
    expect(leaked(consoleLines.join('\n'))).toEqual([]);
  });

  test.each([
    ['the right key', RIGHT, 'ok'],
    ['a wrong key', WRONG, 'failed'],
  ])('Test connection with %s: every step is shown, none with the key', async (_what, apiKey, login) => {
    const { service, book } = await setUp(apiKey);
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(((await screen.findByLabelText('API key', undefined, SLOW)) as HTMLInputElement).type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const list = await screen.findByRole('list', { name: 'Connection test results' }, SLOW);
    await waitFor(
      () => expect(list.querySelector('[data-step="login"]')?.getAttribute('data-state')).toBe(login),
      SLOW,
    );
    expect(service.requests.some((r) => r.includes(apiKey))).toBe(true);
    expect(leaked(shownText())).toEqual([]);
    expect(leaked(workbookText(book))).toEqual([]);
    expect(leaked(consoleLines.join('\n'))).toEqual([]);
  });
});
