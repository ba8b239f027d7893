import fc from 'fast-check';
import { CatalogClient } from '../../src/catalog/client';
import type { CatalogErrorKind } from '../../src/catalog/errors';
import { normalizePartNumber } from '../../src/lookup';

/**
 * A fetch that misbehaves the way a parts service and a network do, answering list searches in the shape of the real
 * service (docs/item-service.md, "Real answers"). Shared by the fault property tests of the scheduler, the cells and
 * the BOM.
 */

export const TIMEOUT_MS = 50;
export const RETRY = { baseMs: 5, capMs: 20, maxWaitMs: 30 };
/**
 * How late a timer may fire before it counts as a missed deadline, on the time the process could run
 * (test/helpers/held-time.ts).
 */
export const SLACK_MS = 400;

export type Fault =
  | { type: 'ok'; delayMs: number }
  | { type: 'reset'; delayMs: number }
  | { type: 'refused' }
  | { type: 'rate-limited'; retryAfter: string | null; delayMs: number }
  | { type: 'unavailable' }
  | { type: 'hang' }
  | { type: 'deaf' }
  | { type: 'stalled-body' }
  | { type: 'broken-body' }
  | { type: 'truncated' }
  | { type: 'html' }
  | { type: 'empty' }
  | { type: 'wrong-shape' }
  | { type: 'refusal' }
  | { type: 'auth' };

/** What each fault ends in when it is the last answer: a value, or the kind of CatalogError. */
export const KIND_OF: Record<Fault['type'], CatalogErrorKind | 'value'> = {
  ok: 'value',
  reset: 'unreachable',
  refused: 'unreachable',
  'rate-limited': 'rate-limited',
  unavailable: 'unavailable',
  hang: 'timeout',
  deaf: 'timeout',
  'stalled-body': 'timeout',
  'broken-body': 'unreachable',
  truncated: 'malformed',
  html: 'malformed',
  empty: 'malformed',
  'wrong-shape': 'malformed',
  refusal: 'rejected',
  auth: 'auth',
};
export const RETRYABLE = new Set<CatalogErrorKind>(['unreachable', 'timeout', 'rate-limited', 'unavailable']);

export const faultArb: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('ok' as const), delayMs: fc.integer({ min: 0, max: 30 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('reset' as const), delayMs: fc.integer({ min: 0, max: 20 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'refused' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('rate-limited' as const),
      retryAfter: fc.constantFrom(null, '0', '1', '120', 'Wed, 21 Oct 2099 07:28:00 GMT'),
      delayMs: fc.integer({ min: 0, max: 10 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'unavailable' as const }) },
  ...(
    [
      'hang',
      'deaf',
      'stalled-body',
      'broken-body',
      'truncated',
      'html',
      'empty',
      'wrong-shape',
      'refusal',
      'auth',
    ] as const
  ).map((type) => ({
    weight: 1,
    arbitrary: fc.constant({ type } as Fault),
  })),
);

// ---- answers in the shape of the real service (docs/item-service.md, "Real answers")

export interface WirePart {
  partNum: string;
  mfr?: string;
}

export function partEntry(p: WirePart, i: number): Record<string, unknown> {
  return {
    itemId: 20000 + i,
    partNum: normalizePartNumber(p.partNum) || 'X',
    manufacturer: { mfrCd: p.mfr ?? 'TI', mfrName: 'Texas Instruments' },
    desc: `answer for ${p.partNum}|${p.mfr ?? ''}`,
    packageType: '',
    resources: [
      { type: 'cloud_part_detail', uri: 'https://www.partner.com/en/products/x' },
      { type: 'api_part_detail', uri: 'http://parts.test/itemservice/v2/en/detail?mfrCd=TI&partNum=X' },
    ],
    EnvData: {
      compliance: [
        { displayLabel: 'eurohs', displayValue: 'Compliant' },
        { displayLabel: 'cnrohs', displayValue: '' },
      ],
    },
    InvOrg: {
      webSites: [
        {
          code: 'Marketplace.com',
          name: 'Marketplace.com',
          sources: [
            {
              currency: 'USD',
              sourceCd: 'MARKETPLACE',
              displayName: 'Marketplace',
              sourceParts: [
                {
                  packSize: 1,
                  minimumOrderQuantity: 1,
                  sourcePartId: String(65130000 + i),
                  Prices: { resaleList: [{ displayPrice: '0.416', price: 0.416, minQty: 1, maxQty: 999999999 }] },
                  Availability: [
                    {
                      fohQty: 4200,
                      availabilityCd: 'INSTK',
                      availabilityMessage: 'In Stock',
                      pipeline: [{ delivery: '10-NOV-2023', quantity: 665 }],
                    },
                  ],
                  customerSpecificPricing: [],
                  customerSpecificInventory: [],
                  dateCode: '2244',
                  resources: [],
                  inStock: true,
                  mfrLeadTime: 0,
                  tariffFlag: false,
                  shipsFrom: 'United States',
                  shipsIn: 'Ships today',
                  partnerLeadTime: '',
                  isNcnr: false,
                  isNpi: false,
                  productCode: 'X',
                  eccnCode: 'EAR99',
                  containerType: 'Reel',
                },
              ],
            },
          ],
        },
      ],
    },
    hasDatasheet: false,
    categoryName: '',
    status: 'Active',
  };
}

export function envelopeText(response: Record<string, unknown>, data: unknown[], totalItems = 0): string {
  return JSON.stringify({
    itemserviceresult: {
      serviceMetaData: [{ version: '4.0.0' }],
      transactionArea: [
        {
          response,
          responseSequence: {
            transactionTime: '1.2 ms',
            queryTime: '0.1 ms',
            dbTime: '0.6 ms',
            totalItems,
            resources: [],
            qq: 150,
          },
        },
      ],
      data,
    },
  });
}

export function listAnswer(parts: WirePart[]): string {
  const resultList = parts.map((p, i) => ({
    resources: [
      {
        type: 'search',
        uri: `https://www.partner.com/en/products/search?q=${encodeURIComponent(p.partNum.toLowerCase())}`,
      },
    ],
    requestedPartNum: p.mfr ? `${p.partNum}|${p.mfr}` : p.partNum,
    numberFound: 1,
    PartList: [partEntry(p, i)],
  }));
  const summary = {
    partsRequested: parts.length,
    partsFound: parts.length,
    partsNotFound: 0,
    partsError: 0,
    resultList,
  };
  return envelopeText({ returnCode: '0', returnMsg: '', success: true }, [summary], parts.length);
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

function socketError(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`read ${code}`), { code }) });
}

function abortError(): Error {
  return Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
}

/** Waits `ms`, or rejects as fetch does when the signal aborts first. */
function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface FetchCall {
  batchId: number;
  fault: Fault;
  /** Open until the fake answered, failed or saw the abort; a deaf fetch stays open by design. */
  open: boolean;
  /**
   * Stopped by the client's attempt timeout (the signal's reason a TimeoutError) before the fault's answer came: a
   * timeout, whatever the fault would have answered. On a loaded machine even an `ok` after 30 ms can come after it.
   */
  timedOut?: boolean;
}

/** A fetch that answers each call with the next fault of the list (cycling), and records what it did. */
export class FaultyFetch {
  readonly calls: FetchCall[] = [];
  /** Set from the scheduler's request event, which comes synchronously before the fetch of that attempt. */
  batchId = 0;

  constructor(private readonly faults: Fault[]) {}

  readonly fetch = (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const fault = this.faults[this.calls.length % this.faults.length];
    const call: FetchCall = { batchId: this.batchId, fault, open: true };
    this.calls.push(call);
    const signal = init?.signal;
    try {
      return await this.answer(new URL(String(input)), fault, signal);
    } catch (e) {
      if ((e as Error).name === 'AbortError' && (signal?.reason as Error | undefined)?.name === 'TimeoutError')
        call.timedOut = true;
      throw e;
    } finally {
      if (fault.type !== 'deaf') call.open = false;
    }
  }) as typeof fetch;

  private async answer(url: URL, fault: Fault, signal: AbortSignal | null | undefined): Promise<Response> {
    const parts = (JSON.parse(url.searchParams.get('req') ?? '{}') as { request: { parts: WirePart[] } }).request.parts;
    switch (fault.type) {
      case 'ok':
        await wait(fault.delayMs, signal);
        return new Response(listAnswer(parts), { status: 200, headers: JSON_TYPE });
      case 'reset':
        await wait(fault.delayMs, signal);
        throw socketError('ECONNRESET');
      case 'refused':
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' }),
        });
      case 'rate-limited': {
        await wait(fault.delayMs, signal);
        const headers: Record<string, string> = {
          ...JSON_TYPE,
          'x-ratelimit-limit': '600',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': '60',
        };
        if (fault.retryAfter !== null) headers['retry-after'] = fault.retryAfter;
        const body = envelopeText({ returnCode: '53', returnMsg: 'Too many requests', success: false }, []);
        return new Response(body, { status: 503, headers });
      }
      case 'unavailable':
        return new Response('<html><body>503 Service Temporarily Unavailable</body></html>', {
          status: 503,
          headers: { 'content-type': 'text/html' },
        });
      case 'hang':
        await wait(60_000, signal);
        throw new Error('unreachable');
      case 'deaf':
        return new Promise<Response>(() => undefined);
      case 'stalled-body': {
        const text = listAnswer(parts);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(text.slice(0, text.length >> 1)));
          },
        });
        return new Response(body, { status: 200, headers: JSON_TYPE });
      }
      case 'broken-body': {
        const text = listAnswer(parts);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(text.slice(0, 100)));
            setTimeout(() => controller.error(socketError('ECONNRESET')), 5);
          },
        });
        return new Response(body, { status: 200, headers: JSON_TYPE });
      }
      case 'truncated': {
        const text = listAnswer(parts);
        return new Response(text.slice(0, Math.floor(text.length * 0.6)), { status: 200, headers: JSON_TYPE });
      }
      case 'html':
        return new Response('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        });
      case 'empty':
        return new Response('', { status: 200, headers: JSON_TYPE });
      case 'wrong-shape':
        return new Response(JSON.stringify({ itemserviceresult: { transactionArea: 'nope' } }), {
          status: 200,
          headers: JSON_TYPE,
        });
      case 'refusal':
        return new Response(
          envelopeText({ returnCode: '32', returnMsg: 'In req, request.parts must be an array', success: false }, []),
          { status: 200, headers: JSON_TYPE },
        );
      case 'auth':
        return new Response(
          envelopeText({ returnCode: '11', returnMsg: 'The login or apikey is not valid.', success: false }, []),
          { status: 401, headers: JSON_TYPE },
        );
    }
  }
}

export function clientOver(fake: FaultyFetch, timeoutMs = TIMEOUT_MS): CatalogClient {
  return new CatalogClient({
    itemBaseUrl: 'http://parts.test',
    login: 'demo',
    apikey: 'demo-key',
    timeoutMs,
    fetch: fake.fetch,
  });
}
