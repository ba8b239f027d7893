/**
 * Direct mode without a server: JSONP list searches (unique callbacks, timeout, cancel, cleanup, errors worded as
 * fetch's) and the CORS probe that tells "blocked by the browser" from "unreachable", once per origin.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogClient, CatalogError } from '../../src/catalog';
import { CorsProbe } from '../../src/http/cors';
import { JSONP_CALLBACK_PLACEHOLDER, jsonpTransport, type ScriptHost } from '../../src/http/jsonp';
import { LookupScheduler } from '../../src/lookup';
import { lookupFailureMessage } from '../../functions/parts-functions';

type Json = any;
const listFixture = (): Json =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'catalog', 'list-v4.json'), 'utf8'));

type Behaviour = 'answer' | 'error' | 'silent' | 'hang' | 'not-jsonp';

/**
 * A page that "loads" a script by running what a JSONP service would send: a call of the callback named in the
 * address, with the answer for the parts in `req`. Script elements are counted so a test sees them removed.
 */
class FakePage implements ScriptHost {
  global: Record<string, unknown> = {};
  scripts = new Set<string>();
  loaded: string[] = [];
  behaviour: Behaviour = 'answer';
  private timers = new Set<ReturnType<typeof setTimeout>>();

  load(src: string, onLoad: () => void, onError: () => void): () => void {
    this.loaded.push(src);
    this.scripts.add(src);
    const behaviour = this.behaviour;
    const run = setTimeout(() => {
      this.timers.delete(run);
      if (behaviour === 'hang') return;
      if (behaviour === 'error') return onError();
      if (behaviour === 'answer' || behaviour === 'silent') {
        const url = new URL(src);
        const [ns, id] = url.searchParams.get('callbackfn')!.split('.');
        const fn = (this.global[ns] as Record<string, (v: unknown) => void>)[id];
        fn(answerFor(JSON.parse(url.searchParams.get('req')!).request.parts));
      }
      onLoad();
    }, 1);
    this.timers.add(run);
    return () => this.scripts.delete(src);
  }

  /** Runs a late answer for a request that already gave up, as a browser may. */
  lateCall(src: string) {
    const [ns, id] = new URL(src).searchParams.get('callbackfn')!.split('.');
    (this.global[ns] as Record<string, (v: unknown) => void>)[id](answerFor([]));
  }

  callbacks(): string[] {
    return Object.keys((this.global.__partsheetJsonp as object) ?? {});
  }

  setTimeout = (fn: () => void, ms: number) => setTimeout(fn, ms);
  clearTimeout = (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>);
}

/** A list answer in the captured shape with one result per asked part (found when the fixture has it). */
function answerFor(parts: { partNum: string }[]): Json {
  const body = listFixture();
  const known = new Map<string, Json>(
    body.itemserviceresult.data[0].resultList.map((r: Json) => [r.requestedPartNum.split('|')[0], r]),
  );
  body.itemserviceresult.data[0].resultList = parts.map((p) => ({
    ...(known.get(p.partNum) ?? { resources: [], numberFound: 0 }),
    requestedPartNum: p.partNum,
  }));
  return body;
}

function jsonpClient(page: FakePage, timeoutMs = 2000) {
  return new CatalogClient({
    itemBaseUrl: 'https://parts.example.com',
    login: 'buyer',
    apikey: 'k-123456',
    jsonp: jsonpTransport(page),
    timeoutMs,
    fetch: async () => {
      throw new Error('fetch must not be used for a JSONP list search');
    },
  });
}

describe('JSONP list searches', () => {
  test('the address asks for JSON with a callback; the answer is read as a fetched one; script and callback are removed', async () => {
    const page = new FakePage();
    const answer = await jsonpClient(page).searchList([{ partNumber: 'LM358N' }, { partNumber: '1N4148' }]);
    expect(answer.results.map((r) => [r.requestedPartNumber, r.numberFound])).toEqual([
      ['LM358N', 1],
      ['1N4148', 1],
    ]);
    const url = new URL(page.loaded[0]);
    expect(url.pathname).toBe('/itemservice/v4/en/search/list');
    expect(url.searchParams.get('fmt')).toBe('json');
    expect(url.searchParams.get('callbackfn')).toMatch(/^__partsheetJsonp\.c[0-9a-z]{8}$/);
    expect(url.searchParams.get('callbackfn')!.length).toBe(JSONP_CALLBACK_PLACEHOLDER.length);
    expect(page.scripts.size).toBe(0);
    expect(page.callbacks()).toEqual([]);
  });

  test('requests at once get distinct callback names', async () => {
    const page = new FakePage();
    const client = jsonpClient(page);
    await Promise.all(Array.from({ length: 20 }, (_, i) => client.searchList([{ partNumber: `P${i}` }])));
    const names = page.loaded.map((src) => new URL(src).searchParams.get('callbackfn'));
    expect(new Set(names).size).toBe(20);
    expect(page.callbacks()).toEqual([]);
  });

  test('errors are worded as fetch errors are: timeout, unreachable, unreadable, cancelled', async () => {
    const page = new FakePage();
    page.behaviour = 'hang';
    await expect(jsonpClient(page, 30).searchList([{ partNumber: 'LM358N' }])).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/did not answer within 30 ms/),
    });
    expect(page.scripts.size).toBe(0);
    page.behaviour = 'error';
    await expect(jsonpClient(page).searchList([{ partNumber: 'LM358N' }])).rejects.toMatchObject({
      kind: 'unreachable',
      message: expect.stringMatching(/^Parts service unreachable at parts\.example\.com by JSONP/),
    });
    page.behaviour = 'not-jsonp';
    await expect(jsonpClient(page).searchList([{ partNumber: 'LM358N' }])).rejects.toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/did not call back/),
    });
    page.behaviour = 'hang';
    const controller = new AbortController();
    const pending = jsonpClient(page).searchList([{ partNumber: 'LM358N' }], { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(page.scripts.size).toBe(0);
  });

  test('a refusal answered by JSONP reads as the same refusal by fetch', async () => {
    const page = new FakePage();
    const refusal = {
      itemserviceresult: {
        transactionArea: [{ response: { success: false, returnCode: '-1', returnMsg: 'Invalid login or apikey' } }],
        data: [],
      },
    };
    const client = new CatalogClient({
      itemBaseUrl: 'https://parts.example.com',
      login: 'buyer',
      apikey: 'wrong',
      jsonp: async () => refusal,
    });
    await expect(client.searchList([{ partNumber: 'LM358N' }])).rejects.toMatchObject({ kind: 'auth' });
    expect(page.scripts.size).toBe(0);
  });

  test('a request that gave up leaves a no-op for a late answer, removed afterwards', async () => {
    const page = new FakePage();
    page.behaviour = 'hang';
    await expect(jsonpClient(page, 20).searchList([{ partNumber: 'LM358N' }])).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(page.callbacks()).toHaveLength(1);
    expect(() => page.lateCall(page.loaded[0])).not.toThrow();
    await new Promise((r) => setTimeout(r, 1100));
    expect(page.callbacks()).toEqual([]);
  });

  test('through the one scheduler: many lookups are batched into one script, each answered', async () => {
    const page = new FakePage();
    const scheduler = new LookupScheduler({ port: jsonpClient(page), windowMs: 5 });
    const results = await Promise.all(
      ['LM358N', '1N4148', 'NOSUCHPART-123', 'lm358n'].map((partNumber) => scheduler.lookup({ partNumber })),
    );
    expect(page.loaded).toHaveLength(1);
    expect(results.map((r) => r.result.numberFound)).toEqual([1, 1, 0, 1]);
    scheduler.close();
  });
});

describe('blocked by the browser, or unreachable', () => {
  /** A browser's fetch toward a host that is up but sends no CORS headers: cors fails, no-cors succeeds (opaque). */
  function browserFetch(up: boolean, calls: { url: string; mode?: string; credentials?: string }[]) {
    return (async (input: string | URL | Request, init?: RequestInit) => {
      calls.push({
        url: String(input),
        mode: init?.mode,
        ...(init?.credentials ? { credentials: init.credentials } : {}),
      });
      if (up && init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
  }

  function client(fetchImpl: typeof fetch, probe: CorsProbe) {
    return new CatalogClient({
      itemBaseUrl: 'https://parts.example.com',
      login: 'buyer',
      apikey: 'k-secret-999',
      fetch: fetchImpl,
      corsProbe: probe,
    });
  }

  test('a host that is up: "blocked by the browser", naming the fix; no key in the probe', async () => {
    const calls: { url: string; mode?: string }[] = [];
    const f = browserFetch(true, calls);
    const probe = new CorsProbe({ pageOrigin: 'https://addin.example.com', fetch: f });
    const error = await client(f, probe)
      .searchList([{ partNumber: 'LM358N' }])
      .catch((e) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect(error.kind).toBe('blocked');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      /^Blocked by the browser: the parts service at parts\.example\.com sends no CORS headers/,
    );
    expect(error.message).toMatch(/Partsheet gateway .*\(docs\/gateway\.md\)/);
    expect(error.message).toMatch(/JSONP/);
    // The probe: the origin's root, no query, no cookies or HTTP credentials of the page.
    expect(calls[1]).toEqual({ url: 'https://parts.example.com/', mode: 'no-cors', credentials: 'omit' });
    expect(calls).toHaveLength(2);
    expect(lookupFailureMessage(error)).toMatch(
      /^Service unreachable: blocked by the browser, the parts service sends no CORS headers — run the Partsheet gateway, or turn on JSONP/,
    );
  });

  test('a host that is down: "unreachable", as before', async () => {
    const calls: { url: string; mode?: string }[] = [];
    const f = browserFetch(false, calls);
    const error = await client(f, new CorsProbe({ pageOrigin: 'https://addin.example.com', fetch: f }))
      .searchList([{ partNumber: 'LM358N' }])
      .catch((e) => e);
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/^Parts service unreachable at parts\.example\.com/);
  });

  test('1000 failing lookups in many batches cost one probe; the blocked verdict is not retried', async () => {
    const calls: { url: string; mode?: string }[] = [];
    const f = browserFetch(true, calls);
    const probe = new CorsProbe({ pageOrigin: 'https://addin.example.com', fetch: f });
    const scheduler = new LookupScheduler({ port: client(f, probe), maxBatch: 50, windowMs: 1 });
    const settled = await scheduler.lookupMany(Array.from({ length: 1000 }, (_, i) => ({ partNumber: `PART-${i}` })));
    expect(settled.every((r) => r instanceof CatalogError && r.kind === 'blocked')).toBe(true);
    expect(probe.probes).toBe(1);
    expect(calls.filter((c) => c.mode === 'no-cors')).toHaveLength(1);
    expect(scheduler.stats().retries).toBe(0);
    scheduler.close();
  });

  test('asking whether a checkout can be read sends no cookies or HTTP credentials, and a blocked origin is then known without asking again', async () => {
    const calls: { url: string; mode?: string; credentials?: string }[] = [];
    const probe = new CorsProbe({ pageOrigin: 'https://addin.example.com', fetch: browserFetch(true, calls) });
    const checkout = 'https://shop.example.com/server-webapp/api/automatedCheckout';
    expect(await probe.readable(checkout)).toBe('blocked');
    expect(calls).toEqual([
      { url: checkout, mode: 'cors', credentials: 'omit' },
      { url: 'https://shop.example.com/', mode: 'no-cors', credentials: 'omit' },
    ]);
    expect(await probe.readable(checkout)).toBe('blocked');
    expect(calls).toHaveLength(2);
    expect(probe.probes).toBe(1);
  });

  test("a verdict lasts a short while per origin; the page's own origin is never probed", async () => {
    let now = 0;
    const calls: { url: string; mode?: string }[] = [];
    const probe = new CorsProbe({
      pageOrigin: 'https://addin.example.com',
      fetch: browserFetch(true, calls),
      ttlMs: 30_000,
      now: () => now,
    });
    expect(await probe.diagnose('https://parts.example.com/itemservice/v4/en/search/list?apikey=k')).toBe('blocked');
    expect(await probe.diagnose('https://parts.example.com/other')).toBe('blocked');
    expect(await probe.diagnose('https://addin.example.com/itemservice/x')).toBe('unreachable');
    expect(probe.probes).toBe(1);
    now = 30_000;
    expect(probe.known('https://parts.example.com/')).toBeUndefined();
    expect(await probe.diagnose('https://parts.example.com/')).toBe('blocked');
    expect(probe.probes).toBe(2);
  });
});
