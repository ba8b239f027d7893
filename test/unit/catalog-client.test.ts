import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogClient, CatalogError, retryAfterOf, type CatalogConfig } from '../../src/catalog';

const FIXTURES = join(__dirname, '..', 'fixtures', 'catalog');
const fixtureText = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

const BASE = 'http://127.0.0.1:8080';

interface Call {
  url: URL;
  signal: AbortSignal | undefined;
}

/** A fetch that records each call and answers with what `answer` returns. */
function fakeFetch(answer: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ url, signal: init?.signal ?? undefined });
    return answer(url, init);
  }) as typeof fetch;
  return { fn, calls };
}

const json = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

function client(fetchFn: typeof fetch, config: Partial<CatalogConfig> = {}) {
  return new CatalogClient({ itemBaseUrl: BASE, login: 'demo', apikey: 'demo-key', fetch: fetchFn, ...config });
}

async function failure(promise: Promise<unknown>): Promise<CatalogError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogError);
    return e as CatalogError;
  }
  throw new Error('expected a CatalogError');
}

/** A fetch that never answers but rejects when its signal aborts, as platform fetch does. */
const hangingFetch = (() =>
  fakeFetch(
    (_url, init) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('This operation was aborted', 'AbortError')),
        );
      }),
  ))();

describe('requests', () => {
  test('token search: v4 path, credentials, options as query parameters', async () => {
    const { fn, calls } = fakeFetch(() => json(fixtureText('token-v4.json')));
    const page = await client(fn).searchToken('BAV99', { mfrCd: 'DIOD', rows: 5, start: 10, currency: 'EUR' });
    expect(page.parts[0].partNumber).toBe('BAV99-7-F');
    expect(calls).toHaveLength(1);
    const { url } = calls[0];
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/itemservice/v4/en/search/token`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search_token: 'BAV99',
      login: 'demo',
      apikey: 'demo-key',
      rows: '5',
      start: '10',
      mfrCd: 'DIOD',
      utm_currency: 'EUR',
    });
  });

  test('token search: the version comes from the call, then the config; unset options are left out', async () => {
    const { fn, calls } = fakeFetch(() => json(fixtureText('token-v3.json')));
    const c = client(fn, { version: 'v3', itemBaseUrl: `${BASE}/` });
    await c.searchToken('BAV99-7-F');
    await c.searchToken('BAV99-7-F', { version: 'v4' });
    expect(calls[0].url.pathname).toBe('/itemservice/v3/en/search/token');
    expect(calls[1].url.pathname).toBe('/itemservice/v4/en/search/token');
    expect([...calls[0].url.searchParams.keys()]).toEqual(['search_token', 'login', 'apikey']);
  });

  test('list search: req carries the parts, mfr only when given, and credentials twice', async () => {
    const { fn, calls } = fakeFetch(() => json(fixtureText('list-v4.json')));
    const c = client(fn, { remoteIp: '10.0.0.7' });
    const parts = [
      { partNumber: 'LM358N', manufacturer: 'TI' },
      { partNumber: 'NOSUCHPART-123' },
      { partNumber: '1N4148', manufacturer: '  ' },
      { partNumber: 'A&B+C #1' },
    ];
    const answer = await c.searchList(parts, { rows: 3, currency: 'GBP' });
    expect(answer.results).toHaveLength(4);
    const { url } = calls[0];
    expect(url.pathname).toBe('/itemservice/v4/en/search/list');
    expect(url.searchParams.get('login')).toBe('demo');
    expect(url.searchParams.get('apikey')).toBe('demo-key');
    expect(url.searchParams.get('rows')).toBe('3');
    expect(url.searchParams.get('utm_currency')).toBe('GBP');
    expect(JSON.parse(url.searchParams.get('req')!)).toEqual({
      request: {
        login: 'demo',
        apikey: 'demo-key',
        remoteIp: '10.0.0.7',
        useExact: true,
        parts: [
          { partNum: 'LM358N', mfr: 'TI' },
          { partNum: 'NOSUCHPART-123' },
          { partNum: '1N4148' },
          { partNum: 'A&B+C #1' },
        ],
      },
    });
    expect(url.href).toBe(c.listUrl(parts, { rows: 3, currency: 'GBP' }));
  });

  test('list search: useExact false on request, remoteIp empty by default, version override', () => {
    const { fn } = fakeFetch(() => json('{}'));
    const url = new URL(client(fn).listUrl([{ partNumber: 'BAV99' }], { exact: false, version: 'v3' }));
    expect(url.pathname).toBe('/itemservice/v3/en/search/list');
    const req = JSON.parse(url.searchParams.get('req')!);
    expect(req.request.useExact).toBe(false);
    expect(req.request.remoteIp).toBe('');
  });

  test('list search: more than 1000 parts is refused before any request', async () => {
    const { fn, calls } = fakeFetch(() => json('{}'));
    const parts = Array.from({ length: 1001 }, (_, i) => ({ partNumber: `P${i}` }));
    const e = await failure(client(fn).searchList(parts));
    expect(e.kind).toBe('rejected');
    expect(calls).toHaveLength(0);
    expect(client(fn).listUrl(parts.slice(0, 1000)).length).toBeGreaterThan(20_000);
  });

  test('manufacturers and detail', async () => {
    const { fn, calls } = fakeFetch((url) =>
      json(fixtureText(url.pathname.includes('lookup') ? 'manufacturers.json' : 'token-v4-single.json')),
    );
    const c = client(fn);
    expect((await c.manufacturers()).map((m) => m.code)).toEqual(['DIOD', 'NXP', 'TI']);
    expect(calls[0].url.pathname).toBe('/itemservice/v3/en/lookup/manufacturer');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ login: 'demo', apikey: 'demo-key' });

    const byNumber = await c.detail({ mfrCd: 'ONS', partNum: 'MMBT3904LT1G' }, { currency: 'EUR' });
    expect(byNumber.partNumber).toBe('MMBT3904LT1G');
    expect(calls[1].url.pathname).toBe('/itemservice/v2/en/detail');
    expect(calls[1].url.searchParams.get('mfrCd')).toBe('ONS');
    expect(calls[1].url.searchParams.get('partNum')).toBe('MMBT3904LT1G');
    expect(calls[1].url.searchParams.get('utm_currency')).toBe('EUR');
    await c.detail({ pkey: 'V1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v' });
    expect(calls[2].url.searchParams.get('pkey')).toBe('V1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v');
    expect(calls[2].url.searchParams.has('mfrCd')).toBe(false);
  });

  test('XML format asks fmt=xml and reads the XML answer', async () => {
    const { fn, calls } = fakeFetch(
      () => new Response(fixtureText('token-v4.xml'), { headers: { 'content-type': 'application/xml' } }),
    );
    const page = await client(fn, { format: 'xml' }).searchToken('MMBT3904');
    expect(calls[0].url.searchParams.get('fmt')).toBe('xml');
    const { fn: jsonFetch } = fakeFetch(() => json(fixtureText('token-v4-single.json')));
    expect(page).toEqual(await client(jsonFetch).searchToken('MMBT3904'));
  });

  test('a base address that is not http(s) is refused at once', () => {
    expect(() => new CatalogClient({ itemBaseUrl: 'localhost:8080', login: 'a', apikey: 'b' })).toThrow(CatalogError);
    expect(() => new CatalogClient({ itemBaseUrl: 'not a url', login: 'a', apikey: 'b' })).toThrow(
      /not an http or https address/,
    );
  });
});

describe('failures', () => {
  test('HTTP 401 and 403 are auth, whatever the body', async () => {
    for (const status of [401, 403]) {
      const { fn } = fakeFetch(() => json(fixtureText('error-auth.json'), status));
      const e = await failure(client(fn).searchToken('BAV99'));
      expect(e.kind).toBe('auth');
      expect(e.message).toBe('API key rejected — check the login and API key in settings');
      expect(e.details.status).toBe(status);
      expect(e.retryable).toBe(false);
    }
  });

  test('success false with HTTP 200 is rejected, carrying the service message and code', async () => {
    const { fn } = fakeFetch(() => json(fixtureText('error-rejected.json')));
    const e = await failure(client(fn).searchToken('---'));
    expect(e.kind).toBe('rejected');
    expect(e.message).toContain("search_token '---' has no letters or digits to search for.");
    expect(e.details).toMatchObject({ status: 200, returnCode: '21' });
    expect(e.retryable).toBe(false);
  });

  test('returnCode 10 or 11 with HTTP 200 is auth', async () => {
    for (const code of ['10', '11']) {
      const body = fixtureText('error-auth.json').replace('"returnCode": "11"', `"returnCode": "${code}"`);
      const { fn } = fakeFetch(() => json(body));
      const e = await failure(client(fn).manufacturers());
      expect(e.kind).toBe('auth');
      expect(e.details.returnCode).toBe(code);
    }
  });

  test('503 with X-RateLimit headers is rate-limited, with the wait from X-RateLimit-Reset', async () => {
    const { fn } = fakeFetch(() =>
      json('', 503, { 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' }),
    );
    const e = await failure(client(fn).searchToken('BAV99'));
    expect(e.kind).toBe('rate-limited');
    expect(e.details).toMatchObject({ status: 503, retryAfterMs: 30_000 });
    expect(e.message).toMatch(/busy.*try again in 30 s/);
    expect(e.retryable).toBe(true);
  });

  test('503 with only the limit headers is rate-limited without a known wait', async () => {
    const { fn } = fakeFetch(() => json('', 503, { 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0' }));
    const e = await failure(client(fn).searchToken('BAV99'));
    expect(e.kind).toBe('rate-limited');
    expect(e.details.retryAfterMs).toBeUndefined();
  });

  test('429 with Retry-After in seconds or as a date', async () => {
    const { fn } = fakeFetch(() => json('', 429, { 'Retry-After': '7' }));
    const e = await failure(client(fn).searchList([{ partNumber: 'BAV99' }]));
    expect(e.kind).toBe('rate-limited');
    expect(e.details).toMatchObject({ status: 429, retryAfterMs: 7000 });

    const headers = new Headers({ 'retry-after': new Date(Date.UTC(2026, 10, 20, 12, 0, 30)).toUTCString() });
    expect(retryAfterOf(headers, Date.UTC(2026, 10, 20, 12, 0, 0))).toBe(30_000);
    expect(
      retryAfterOf(
        new Headers({ 'x-ratelimit-reset': String(Date.UTC(2026, 0, 1, 0, 0, 10) / 1000) }),
        Date.UTC(2026, 0, 1),
      ),
    ).toBe(10_000);
    expect(retryAfterOf(new Headers())).toBeUndefined();
  });

  test('503 without rate-limit headers and other 5xx are unavailable', async () => {
    for (const status of [503, 500, 502]) {
      const { fn } = fakeFetch(() => json('{"itemserviceresult": {}}', status));
      const e = await failure(client(fn).searchToken('BAV99'));
      expect(e.kind).toBe('unavailable');
      expect(e.details.status).toBe(status);
      expect(e.message).toContain(`HTTP ${status}`);
      expect(e.retryable).toBe(true);
    }
  });

  test('throttling said by the envelope (return code 53) is rate-limited, with the wait its headers name', async () => {
    const body = fixtureText('error-rejected.json')
      .replace('"21"', '"53"')
      .replace(
        /"returnMsg": "[^"]*"/,
        '"returnMsg": "Too many requests: at most 5 a second are answered for one login"',
      );
    // A 503 whose rate-limit headers a proxy dropped, with or without the wait; a 200 refusal with the wait.
    const answers: Array<[number, Record<string, string>, number | undefined]> = [
      [503, {}, undefined],
      [503, { 'Retry-After': '4' }, 4000],
      [200, { 'Retry-After': '2' }, 2000],
    ];
    for (const [status, headers, wait] of answers) {
      const { fn } = fakeFetch(() => json(body, status, headers));
      const e = await failure(client(fn).searchList([{ partNumber: 'BAV99' }]));
      expect(e.kind).toBe('rate-limited');
      expect(e.details.status).toBe(status);
      expect(e.details.retryAfterMs).toBe(wait);
      expect(e.message).toBe(
        `The parts service is busy (too many requests) — try again ${wait === undefined ? 'shortly' : `in ${wait / 1000} s`}`,
      );
      expect(e.retryable).toBe(true);
    }
  });

  test('a gateway that could not reach the service: unreachable, not failing', async () => {
    const gatewayWords = (message: string) =>
      JSON.stringify({ error: 'upstream unreachable', code: 'PS_GATEWAY_UPSTREAM_UNREACHABLE', message });
    for (const [status, message] of [
      [502, 'The item service could not be reached; try again later.'],
      [504, 'The item service did not answer in time.'],
    ] as const) {
      const { fn } = fakeFetch(() => json(gatewayWords(message), status));
      const e = await failure(client(fn).searchList([{ partNumber: 'BAV99' }]));
      expect(e.kind).toBe('unreachable');
      expect(e.message).toBe(
        `Parts service unreachable: the Partsheet gateway at 127.0.0.1:8080 could not reach it (HTTP ${status})`,
      );
      expect(e.retryable).toBe(true);
    }
    // Another failure the gateway words itself is the service failing.
    const { fn } = fakeFetch(() =>
      json(JSON.stringify({ error: 'gateway error', code: 'PS_GATEWAY_INTERNAL', message: 'x' }), 500),
    );
    expect((await failure(client(fn).searchList([{ partNumber: 'BAV99' }]))).kind).toBe('unavailable');
  });

  test('other HTTP errors: the envelope message when there is one, else the status', async () => {
    const body = fixtureText('error-rejected.json')
      .replace('"21"', '"50"')
      .replace(/"returnMsg": "[^"]*"/, '"returnMsg": "No operation at /itemservice/v9/en/search/token"');
    const { fn } = fakeFetch(() => json(body, 404));
    const e = await failure(client(fn).searchToken('BAV99'));
    expect(e.kind).toBe('rejected');
    expect(e.message).toContain('No operation at /itemservice/v9/en/search/token');
    expect(e.details.status).toBe(404);

    const { fn: html } = fakeFetch(() => new Response('<html>Not Found</html>', { status: 404 }));
    const e2 = await failure(client(html).searchToken('BAV99'));
    expect(e2.kind).toBe('rejected');
    expect(e2.message).toMatch(/answered HTTP 404 — check the service address/);
  });

  test('malformed JSON, a truncated body, and a wrong shape are malformed', async () => {
    const bodies = [
      '{"itemserviceresult": [oops]}',
      fixtureText('token-v4.json').slice(0, 2000),
      '',
      '{"result": "ok"}',
      '<html>proxy error</html>',
    ];
    for (const body of bodies) {
      const { fn } = fakeFetch(() => json(body));
      const e = await failure(client(fn).searchToken('BAV99'));
      expect(e.kind).toBe('malformed');
      expect(e.message).toMatch(/^The parts service sent an answer that could not be read/);
    }
    const { fn } = fakeFetch(() => new Response(fixtureText('token-v4.xml').slice(0, 900)));
    expect((await failure(client(fn, { format: 'xml' }).searchToken('BAV99'))).kind).toBe('malformed');
  });

  test('a network failure is unreachable, naming the host and the reason', async () => {
    const { fn } = fakeFetch(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' }),
      });
    });
    const e = await failure(client(fn).searchToken('BAV99'));
    expect(e.kind).toBe('unreachable');
    expect(e.message).toBe('Parts service unreachable at 127.0.0.1:8080: connection refused');
    expect(e.retryable).toBe(true);

    const { fn: browser } = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failure(client(browser).manufacturers())).message).toBe(
      'Parts service unreachable at 127.0.0.1:8080: Failed to fetch',
    );

    const { fn: blocked } = fakeFetch(() => {
      throw new TypeError('fetch failed', { cause: new Error('bad port') });
    });
    expect((await failure(client(blocked, { itemBaseUrl: 'http://127.0.0.1:9' }).manufacturers())).message).toBe(
      'Parts service unreachable at 127.0.0.1:9: that port is blocked for web requests',
    );
  });

  test('a connection lost while reading the body is unreachable', async () => {
    const { fn } = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"itemserviceresult": {"serviceMeta'));
              controller.error(new TypeError('terminated'));
            },
          }),
        ),
    );
    const e = await failure(client(fn).searchToken('BAV99'));
    expect(e.kind).toBe('unreachable');
    expect(e.message).toMatch(/connection broke while reading the answer/);
  });

  test('no answer within timeoutMs is a timeout, and the request is aborted', async () => {
    const { fn, calls } = hangingFetch;
    const e = await failure(client(fn, { timeoutMs: 30 }).searchToken('BAV99'));
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe('The parts service at 127.0.0.1:8080 did not answer within 30 ms');
    expect(e.retryable).toBe(true);
    expect(calls.at(-1)!.signal!.aborted).toBe(true);
  });

  test('a fetch that ignores the signal still times out', async () => {
    const { fn } = fakeFetch(() => new Promise<Response>(() => undefined));
    const e = await failure(client(fn, { timeoutMs: 20 }).searchToken('BAV99'));
    expect(e.kind).toBe('timeout');
  });

  test('a body that never ends times out', async () => {
    const { fn } = fakeFetch(() => new Response(new ReadableStream({ start: () => undefined })));
    const e = await failure(client(fn, { timeoutMs: 20 }).searchToken('BAV99'));
    expect(e.kind).toBe('timeout');
  });

  test('the caller cancelling is cancelled, not a timeout', async () => {
    const { fn, calls } = hangingFetch;
    const controller = new AbortController();
    const pending = client(fn, { timeoutMs: 10_000 }).searchList([{ partNumber: 'BAV99' }], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 10);
    const e = await failure(pending);
    expect(e.kind).toBe('cancelled');
    expect(e.retryable).toBe(false);
    expect(calls.at(-1)!.signal!.aborted).toBe(true);
  });

  test('an already cancelled signal makes no request', async () => {
    const { fn, calls } = fakeFetch(() => json(fixtureText('token-v4.json')));
    const controller = new AbortController();
    controller.abort();
    const e = await failure(client(fn).detail({ pkey: 'x' }, { signal: controller.signal }));
    expect(e.kind).toBe('cancelled');
    expect(calls).toHaveLength(0);
  });

  test('a detail answer with no part is malformed', async () => {
    const body = fixtureText('token-v4-single.json').replace(
      /"PartList": \[[\s\S]*\]\s*\}\s*\]\s*\}\s*\}\s*$/,
      '"PartList": [] }] } }',
    );
    const { fn } = fakeFetch(() => json(body));
    expect((await failure(client(fn).detail({ mfrCd: 'ONS', partNum: 'X' }))).kind).toBe('malformed');
  });
});
