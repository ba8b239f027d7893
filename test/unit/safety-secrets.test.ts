/**
 * Secrets: the API key and the checkout password hash never end up in the workbook (any cell of any sheet), its
 * document settings, a console line, or a message the pane, a PARTS function or the command line shows — after a
 * pricing run, a run with a wrong key (the service answers 401), Test connection, and an order. The key is kept in
 * the add-in's own storage (OfficeRuntime.storage), and an endpoint that is plain http anywhere but this computer
 * is refused with an explanation.
 *
 * Every run is checked to have really sent the secret (it is in the requests), so a search that finds nothing
 * means it stayed where it belongs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceCommand } from '../../cli/price';
import { searchCommand } from '../../cli/search';
import { createPartsFunctions, type CellErrorCode } from '../../functions/parts-functions';
import { SETTINGS_KEY, createRuntime } from '../../addin/runtime';
import { isSettingsError, type PartsheetSettings } from '../../src/settings';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../../service/checkout/accounts';
import { CatalogClient } from '../../src/catalog';
import { CHECKOUT_PATH, hashPassword, placeOrder, type CheckoutRequest } from '../../src/checkout';
import type { Notice, PaneController } from '../../taskpane/controller';
import { describeProblem } from '../../taskpane/errors';
import { OrderController } from '../../taskpane/order/controller';
import { credentialStore } from '../../taskpane/order/credentials';
import {
  API_KEY,
  LOGIN,
  PANE_ORIGIN,
  SERVICE_URL,
  WRONG_KEY,
  inProcessService,
  leaks,
  memoryStorage,
  paneOver,
  v4Entry,
  withConsole,
  workbookText,
  type InProcessService,
  type Pane,
} from '../helpers/safety';

const KEYS = [API_KEY, WRONG_KEY];
const PARTS = ['BAV99-7-F', 'LM358DR', 'GRM188R71H104KA93D'];

let svc: InProcessService;
let dir: string;
let passwordHash: string;
let demoHash: string;

beforeAll(async () => {
  svc = await inProcessService(
    PARTS.map((partNum, i) =>
      v4Entry({
        partNum,
        mfrCd: `M${i}`,
        mfrName: `Maker ${i}`,
        desc: `${partNum} part`,
        availability: 'In Stock',
        sourcePartId: `SP-${i}`,
      }),
    ),
    { [LOGIN]: API_KEY },
  );
  seedDemoAccounts(svc.store.db);
  dir = mkdtempSync(join(tmpdir(), 'partsheet-secrets-'));
  passwordHash = await hashPassword('correct horse battery staple');
  demoHash = await hashPassword(DEMO_PASSWORD);
});

afterAll(async () => {
  await svc?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the pane shows as messages: notices, statuses of the lines, failures. */
function paneMessages(controller: PaneController): string {
  const state = controller.getState();
  const notices = state.notices.map((n: Notice) => `${n.title}\n${n.text}`);
  const lines = state.pricing?.lines.map((l) => `${l.status}: ${l.statusReason}`) ?? [];
  const failures = state.pricing?.failures.map((f) => f.error.message) ?? [];
  return [...notices, ...lines, ...failures, state.bom?.readError ?? ''].join('\n');
}

async function pricedPane(apiKey: string, more: { fetch?: typeof fetch; gatewayToken?: string } = {}): Promise<Pane> {
  const pane = await paneOver(more.fetch ?? svc.fetch, {
    apiKey,
    ...(more.gatewayToken ? { gatewayToken: more.gatewayToken } : {}),
  });
  pane.book.setValues('BOM', 'A1:C4', [['MPN', 'Qty', 'Ref'], ...PARTS.map((p, i) => [p, 2, `U${i + 1}`])]);
  pane.book.select('BOM', 'A1');
  await pane.controller.useSelection();
  pane.controller.setBoards(5);
  await pane.controller.price('all');
  return pane;
}

function sentWith(secret: string): boolean {
  return svc.requests.some((url) => leaks(url, [secret]).length > 0);
}

describe('the API key stays in the add-in storage', () => {
  test('a pricing run: not in any cell, the document settings, a console line or a message of the pane', async () => {
    const sent = svc.requests.length;
    const { result: pane, lines } = await withConsole(() => pricedPane(API_KEY));
    expect(svc.requests.length).toBeGreaterThan(sent);
    expect(sentWith(API_KEY)).toBe(true);
    expect(pane.controller.getState().notices.map((n) => n.title)).toEqual(['Prices written']);
    expect(pane.book.settings.snapshot()).toHaveProperty(['partsheet.bom']);
    expect(leaks(workbookText(pane.book), KEYS)).toEqual([]);
    expect(leaks(lines.join('\n'), KEYS)).toEqual([]);
    expect(leaks(paneMessages(pane.controller), KEYS)).toEqual([]);
    // Where it does live: OfficeRuntime.storage.
    expect(JSON.parse(pane.storage.items.get(SETTINGS_KEY)!)).toMatchObject({ apiKey: API_KEY, login: LOGIN });
  });

  test('the gateway token: sent as X-Partsheet-Token on every request, in no address, cell, console line or message', async () => {
    const token = 'pst_5e0b2c7a9d41f38e60aa';
    const sentTokens: (string | null)[] = [];
    const addresses: string[] = [];
    const spy = (async (input: string | URL | Request, init?: RequestInit) => {
      sentTokens.push(new Headers(init?.headers).get('x-partsheet-token'));
      addresses.push(String(input));
      return svc.fetch(input, init);
    }) as typeof fetch;
    const { result: pane, lines } = await withConsole(() => pricedPane(API_KEY, { fetch: spy, gatewayToken: token }));
    expect(pane.controller.getState().notices.map((n) => n.title)).toEqual(['Prices written']);
    expect(sentTokens.length).toBeGreaterThan(0);
    expect(new Set(sentTokens)).toEqual(new Set([token]));
    expect(leaks(addresses.join('\n'), [token])).toEqual([]);
    expect(leaks(workbookText(pane.book), [token])).toEqual([]);
    expect(leaks(lines.join('\n'), [token])).toEqual([]);
    expect(leaks(paneMessages(pane.controller), [token])).toEqual([]);
    expect(JSON.parse(pane.storage.items.get(SETTINGS_KEY)!)).toMatchObject({ gatewayToken: token });
  });

  test('a run with a wrong key (HTTP 401): nothing is written, the pane says the key was refused, and the key is nowhere', async () => {
    const { result: pane, lines } = await withConsole(() => pricedPane(WRONG_KEY));
    expect(sentWith(WRONG_KEY)).toBe(true);
    const state = pane.controller.getState();
    expect(state.pricing).toBeNull();
    expect(state.notices.map((n) => [n.title, n.text])).toContainEqual([
      'Nothing written: the parts service refused the login',
      'API key rejected — check the login and API key in settings. The sheet keeps its last values.',
    ]);
    expect(pane.book.getValues('BOM', 'E2:E4').map((r) => r[0])).toEqual(['', '', '']);
    expect(leaks(workbookText(pane.book), KEYS)).toEqual([]);
    expect(leaks(lines.join('\n'), KEYS)).toEqual([]);
    expect(leaks(paneMessages(pane.controller), KEYS)).toEqual([]);
  });

  test.each([
    ['the right key', API_KEY, 'ok'],
    ['a wrong key', WRONG_KEY, 'failed'],
  ])('Test connection with %s: the steps name the login, never the key', async (_what, apiKey, login) => {
    const pane = await paneOver(svc.fetch, {});
    const settings = { ...(await pane.runtime.getSettings()), apiKey };
    const { result: steps, lines } = await withConsole(() => pane.services.testConnection(settings));
    expect(steps.find((s) => s.id === 'login')?.state).toBe(login);
    expect(sentWith(apiKey)).toBe(true);
    expect(leaks(JSON.stringify(steps), KEYS)).toEqual([]);
    expect(leaks(lines.join('\n'), KEYS)).toEqual([]);
    expect(leaks(workbookText(pane.book), KEYS)).toEqual([]);
  });

  test('the PARTS functions: values with the right key, and error messages with a wrong one, never carry it', async () => {
    class CellError {
      constructor(
        readonly code: CellErrorCode,
        readonly message: string,
      ) {}
    }
    const messages: string[] = [];
    for (const apiKey of KEYS) {
      const pane = await paneOver(svc.fetch, { apiKey });
      const fns = createPartsFunctions({
        context: () => pane.runtime.functionsContext(),
        manufacturers: () => pane.runtime.manufacturers(),
        makeError: (code, message) => new CellError(code, message),
      });
      const calls = [
        () => fns.price([[PARTS[0]], [PARTS[1]]], [[10]]),
        () => fns.description(PARTS[0]),
        () => fns.offers(PARTS[1], 5),
        () => fns.breaks(PARTS[2]),
        () => fns.manufacturers(),
      ];
      const { lines } = await withConsole(async () => {
        for (const call of calls) {
          try {
            messages.push(JSON.stringify(await call()));
          } catch (e) {
            expect(e).toBeInstanceOf(CellError);
            messages.push((e as CellError).message);
          }
        }
      });
      messages.push(...lines);
    }
    expect(messages.join('\n')).toContain('API key rejected');
    expect(leaks(messages.join('\n'), KEYS)).toEqual([]);
  });

  test('partsheet price and search with --apikey: stdout and stderr never carry it, right key or wrong', async () => {
    const bom = join(dir, 'bom.csv');
    writeFileSync(bom, ['MPN,Qty', ...PARTS.map((p) => `${p},1`)].join('\n'));
    const realFetch = globalThis.fetch;
    globalThis.fetch = svc.fetch;
    const out: string[] = [];
    const codes: number[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => out.push(s) };
    try {
      for (const key of KEYS) {
        const common = ['--url', SERVICE_URL, '--login', LOGIN, '--apikey', key];
        codes.push(await priceCommand([bom, ...common], io, {}));
        codes.push(await priceCommand([bom, '--json', ...common], io, {}));
        codes.push(await priceCommand([bom, '--out', join(dir, 'out.xlsx'), ...common], io, {}));
        codes.push(await searchCommand(['BAV99', ...common], io, {}));
        codes.push(await searchCommand(['BAV99', '--json', ...common], io, {}));
        codes.push(
          await priceCommand([bom, '--url', SERVICE_URL], io, { PARTSHEET_LOGIN: LOGIN, PARTSHEET_APIKEY: key }),
        );
        // Usage errors with the key on the command line.
        codes.push(await priceCommand([bom, '--boards', 'ten', ...common], io, {}));
        codes.push(await searchCommand(['BAV99', 'extra', ...common], io, {}));
      }
      // Nothing listening: the connection is refused.
      codes.push(await priceCommand([bom, '--url', 'http://127.0.0.1:1', '--apikey', API_KEY], io, {}));
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 0, 2, 2, 1, 1, 1, 1, 1, 1, 2, 2, 1]);
    expect(sentWith(API_KEY) && sentWith(WRONG_KEY)).toBe(true);
    expect(out.join('\n')).toContain('API key rejected');
    expect(leaks(out.join('\n'), KEYS)).toEqual([]);
  });
});

describe('the checkout password hash', () => {
  const order = (): CheckoutRequest => ({
    username: 'buyer@example.com',
    passwordHash,
    customerPONumber: 'PO-77',
    shipToAddressId: '1001',
    lines: [{ itemId: 'SP-0', quantity: 1 }],
    submitOrder: false,
  });

  async function failure(run: Promise<unknown>): Promise<Error> {
    try {
      await run;
    } catch (e) {
      return e as Error;
    }
    throw new Error('the order went through');
  }

  test.each([
    ['an unknown user', 'nobody@example.com', 'checkout.user.not.found'],
    ['a wrong password', DEMO_ACCOUNTS.buyer, 'checkout.invalid.password'],
  ])('an order refused by the service for %s: the message never carries the hash', async (_what, username, code) => {
    const seen: string[] = [];
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      seen.push(String(input));
      return svc.fetch(input, init);
    }) as typeof fetch;
    const { result: error, lines } = await withConsole(() =>
      failure(placeOrder({ baseUrl: SERVICE_URL, fetch: fetchImpl }, { ...order(), username })),
    );
    expect(seen.some((url) => url.includes(CHECKOUT_PATH) && url.includes(passwordHash))).toBe(true);
    expect(error).toMatchObject({ kind: 'auth', problems: [expect.objectContaining({ code })] });
    expect(leaks(`${error.message}\n${describeProblem(error).text}\n${lines.join('\n')}`, [passwordHash])).toEqual([]);
  });

  test.each([
    ['HTTP 500 without an answer', async () => new Response('oops', { status: 500 })],
    ['HTTP 503', async () => new Response('busy', { status: 503 })],
    [
      'an unreadable answer',
      async () => new Response('<html>proxy</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ],
    [
      'a refused connection',
      async () => {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
        });
      },
    ],
    [
      'a connection reset',
      async () => {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
        });
      },
    ],
  ])('an order that fails with %s: the message never carries the hash', async (_what, answer) => {
    const error = await failure(
      placeOrder({ baseUrl: SERVICE_URL, fetch: answer as unknown as typeof fetch }, order()),
    );
    expect(leaks(error.message, [passwordHash])).toEqual([]);
  });
});

describe('an order from the pane', () => {
  /** Prices the BOM, selects its rows and opens the order review, with every question answered yes. */
  async function orderPane() {
    const pane = await pricedPane(API_KEY);
    expect(pane.controller.getState().pricing?.lines.every((l) => l.status === 'priced')).toBe(true);
    await pane.runtime.saveSettings({ checkoutBaseUrl: SERVICE_URL });
    const remembered = new Map<string, string>();
    const order = new OrderController({
      ...pane.services,
      origin: PANE_ORIGIN,
      fetch: svc.fetch,
      credentials: credentialStore({
        getItem: async (k) => remembered.get(k) ?? null,
        setItem: async (k, v) => void remembered.set(k, v),
      }),
    });
    order.subscribe(() => {
      if (order.getState().question) queueMicrotask(() => order.answerQuestion('yes'));
    });
    const stop = order.start();
    pane.book.select('BOM', 'A2:A4');
    await order.readSelection();
    expect(order.getState().lines).toHaveLength(PARTS.length);
    return { pane, order, remembered, stop };
  }

  function orderMessages(order: OrderController): string {
    const s = order.getState();
    return JSON.stringify([s.failure, s.problems, s.outcome, s.question, s.readError, s.lines]);
  }

  function fill(order: OrderController, password: string): void {
    order.setField('username', DEMO_ACCOUNTS.buyer);
    order.setField('password', password);
    order.setField('customerPONumber', `PO-${password.length}`);
    order.setField('shipToAddressId', '1001');
  }

  test('an order placed and remembered: the hash is in the add-in storage only, never in the workbook or a message', async () => {
    const { pane, order, remembered, stop } = await orderPane();
    fill(order, DEMO_PASSWORD);
    order.setRemember(true);
    const { lines } = await withConsole(() => order.create());
    stop();
    const state = order.getState();
    expect(state.failure).toBeNull();
    expect(state.outcome?.orderId).toMatch(/^\d+$/);
    expect(pane.book.sheetNames()).toContain('Orders');
    expect(sentWith(demoHash)).toBe(true);
    expect([...remembered.values()].join()).toContain(demoHash);
    const secrets = [demoHash, DEMO_PASSWORD, API_KEY];
    expect(leaks(workbookText(pane.book), secrets)).toEqual([]);
    expect(leaks(lines.join('\n'), secrets)).toEqual([]);
    expect(leaks(orderMessages(order), secrets)).toEqual([]);
    expect(leaks([...remembered.values()].join(), [DEMO_PASSWORD])).toEqual([]);
  });

  test('an order refused for a wrong password: the message says so, without the password or its hash', async () => {
    const { pane, order, stop } = await orderPane();
    const wrong = 'not-the-password-1';
    fill(order, wrong);
    const { lines } = await withConsole(() => order.create());
    stop();
    expect(order.getState().failure).toMatchObject({ kind: 'auth' });
    const secrets = [await hashPassword(wrong), wrong, API_KEY];
    expect(sentWith(secrets[0])).toBe(true);
    expect(leaks(workbookText(pane.book), secrets)).toEqual([]);
    expect(leaks(lines.join('\n'), secrets)).toEqual([]);
    expect(leaks(orderMessages(order), secrets)).toEqual([]);
  });
});

describe('defence in depth: text from the transport or the service that quotes the request', () => {
  /** A fetch whose failure quotes the address it was given, as node-fetch and some proxies word it. */
  const quotingFetch = (async (input: string | URL | Request) => {
    throw Object.assign(new Error(`request to ${String(input)} failed, reason: socket hang up`), {
      code: 'ECONNRESET',
    });
  }) as typeof fetch;

  /** A service that repeats the key in its refusal. */
  const echoingFetch = (async (input: string | URL | Request) => {
    const key = new URL(String(input)).searchParams.get('apikey');
    const body = {
      itemserviceresult: {
        transactionArea: [
          { response: { success: false, returnCode: '99', returnMsg: `apikey ${key} may not use this operation` } },
        ],
        data: [],
      },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

  test('a network failure whose text quotes the request address does not put the key in the message or the sheet', async () => {
    const pane = await paneOver(quotingFetch, {});
    pane.book.setValues('BOM', 'A1:B2', [
      ['MPN', 'Qty'],
      [PARTS[0], 1],
    ]);
    pane.book.select('BOM', 'A1');
    await pane.controller.useSelection();
    await pane.controller.price();
    // The whole run failed: nothing written, and the notice says why.
    expect(pane.controller.getState().notices.map((n) => n.title)).toContain(
      'Nothing written: the parts service did not answer',
    );
    expect(leaks(`${paneMessages(pane.controller)}\n${workbookText(pane.book)}`, KEYS)).toEqual([]);
  });

  test('an order whose network failure quotes the request address does not put the hash in the message', async () => {
    const error = await placeOrder(
      { baseUrl: SERVICE_URL, fetch: quotingFetch },
      {
        username: 'buyer@example.com',
        passwordHash,
        customerPONumber: 'PO-1',
        shipToAddressId: '1001',
        lines: [{ itemId: 'SP-0', quantity: 1 }],
        submitOrder: false,
      },
    ).catch((e: Error) => e);
    expect(leaks((error as Error).message, [passwordHash])).toEqual([]);
  });

  test('a refusal from the service that repeats the key is not shown with the key', async () => {
    const client = new CatalogClient({ itemBaseUrl: SERVICE_URL, login: LOGIN, apikey: API_KEY, fetch: echoingFetch });
    const error = await client.searchToken('BAV99').catch((e: Error) => e);
    expect((error as Error).message).toMatch(/refused/);
    expect(leaks((error as Error).message, KEYS)).toEqual([]);
  });

  test('a service address typed with the key in its query is refused without repeating the key', async () => {
    const runtime = createRuntime({ storage: memoryStorage(), origin: PANE_ORIGIN });
    const error = await runtime
      .saveSettings({ itemBaseUrl: `${SERVICE_URL}/?apikey=${API_KEY}`, apiKey: API_KEY })
      .catch((e: Error) => e);
    expect(isSettingsError(error)).toBe(true);
    expect(leaks((error as Error).message, KEYS)).toEqual([]);
  });
});

describe('a plain-http endpoint other than this computer is refused, with the reason', () => {
  async function runtimeWithSaved() {
    const storage = memoryStorage();
    const runtime = createRuntime({ storage, origin: PANE_ORIGIN });
    await runtime.saveSettings({
      environment: 'production',
      itemBaseUrl: SERVICE_URL,
      checkoutBaseUrl: '',
      login: LOGIN,
      apiKey: API_KEY,
    });
    return { storage, runtime, saved: storage.items.get(SETTINGS_KEY) };
  }

  test.each([
    ['itemBaseUrl', 'http://parts.example.com'],
    ['itemBaseUrl', 'http://parts.example.com:8080/api'],
    ['itemBaseUrl', 'http://192.168.1.20:8080'],
    ['itemBaseUrl', 'http://10.0.0.5'],
    ['itemBaseUrl', 'http://localhost.attacker.example'],
    ['itemBaseUrl', 'http://127.0.0.1.nip.io'],
    ['itemBaseUrl', 'HTTP://PARTS.EXAMPLE.COM'],
    ['checkoutBaseUrl', 'http://checkout.example.com'],
  ] as const)('%s %s: refused, saying why and what to use; nothing stored', async (field, address) => {
    const { storage, runtime, saved } = await runtimeWithSaved();
    const error = await runtime.saveSettings({ [field]: address }).catch((e: unknown) => e);
    expect(isSettingsError(error)).toBe(true);
    expect(error).toMatchObject({ field });
    expect((error as Error).message).toMatch(/plain http.*unencrypted.*use https:\/\/.*only for localhost/);
    expect(storage.items.get(SETTINGS_KEY)).toBe(saved);
    expect((await runtime.getSettings())[field as keyof PartsheetSettings]).not.toBe(address);
    expect(leaks((error as Error).message, KEYS)).toEqual([]);
  });

  test.each([
    ['ftp://parts.example.com', /must start with https:\/\//],
    ['javascript:alert(1)', /must start with https:\/\//],
    ['https://buyer:pw@parts.example.com', /must not contain a user name or password/],
  ])('%s: refused with the reason', async (address, reason) => {
    const { runtime } = await runtimeWithSaved();
    await expect(runtime.saveSettings({ itemBaseUrl: address })).rejects.toThrow(reason);
  });

  test.each([
    'https://parts.example.com',
    'https://parts.example.com:8443/api/',
    'http://localhost:8080',
    'http://127.0.0.1:8080',
    'http://[::1]:8080',
    '/test-env',
  ])('%s is accepted', async (address) => {
    const { runtime } = await runtimeWithSaved();
    await expect(runtime.saveSettings({ itemBaseUrl: address, checkoutBaseUrl: address })).resolves.toMatchObject({
      itemBaseUrl: address,
    });
  });

  test('settings stored before the check (an older add-in) are refused when used, not sent', async () => {
    const storage = memoryStorage();
    storage.items.set(
      SETTINGS_KEY,
      JSON.stringify({
        environment: 'production',
        itemBaseUrl: 'http://parts.example.com',
        login: LOGIN,
        apiKey: API_KEY,
      }),
    );
    const sent: string[] = [];
    const runtime = createRuntime({
      storage,
      origin: PANE_ORIGIN,
      fetch: (async (input: string) => void sent.push(input)) as unknown as typeof fetch,
    });
    await expect(runtime.getScheduler()).rejects.toThrow(/plain http/);
    await expect(runtime.functionsContext()).rejects.toThrow(/plain http/);
    expect(sent).toEqual([]);
  });
});
