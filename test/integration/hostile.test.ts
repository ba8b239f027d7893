import nodeCrypto from 'node:crypto';
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { XMLValidator } from 'fast-xml-parser';
import { startTestService, type TestService } from '../helpers/service';
import { buildApp, redactText, redactUrl } from '../../service/app';
import { CHECKOUT_ERRORS, type CheckoutErrorCode } from '../../service/checkout/errors';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import { Checkout } from '../../service/checkout/checkout';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { RETURN_CODES } from '../../protocol/item-service-errors';
import { CatalogStore, openDatabase } from '../../service/store/db';

jest.setTimeout(120_000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Credentials that must never come back in an answer or reach a log line. */
const SECRET_KEY = 'hostile-secret-key-7f3a';
const SECRET_PASSWORD = sha256('hostile-secret-password');
const DEMO_KEY = 'demo-key';
const BUYER_PASSWORD = sha256('demo-password');
const SECRETS = [SECRET_KEY, SECRET_PASSWORD, DEMO_KEY, BUYER_PASSWORD];

const TOKEN = '/itemservice/v4/en/search/token';
const LIST = '/itemservice/v4/en/search/list';
const LOOKUP = '/itemservice/v3/en/lookup/manufacturer';
const DETAIL = '/itemservice/v2/en/detail';

let svc: TestService;
let port: number;

beforeAll(async () => {
  svc = await startTestService({ parts: 2000 });
  port = Number(new URL(svc.productionUrl).port);
});

afterAll(async () => {
  await svc?.close();
});

// ---- a raw HTTP client: the request goes out byte for byte as written, whatever it holds

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The bytes of a chunked body (an answer written as the client reads, its length not known first). */
function dechunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function rawRequest(head: string, body: Buffer | string = '', timeoutMs = 15_000, to = port): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    const finish = () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end === -1) {
        reject(new Error(`no HTTP answer (${all.length} bytes)`));
        return;
      }
      const [statusLine, ...lines] = all.subarray(0, end).toString('utf8').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const bytes = all.subarray(end + 4);
      const body = headers['transfer-encoding'] === 'chunked' ? dechunked(bytes) : bytes;
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') });
    };
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.write(Buffer.from(head, 'latin1'));
    if (body.length > 0) socket.write(body);
  });
}

interface Case {
  name: string;
  method?: string;
  /** The request target exactly as sent. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole request head, when even the request line is the hostile part. */
  rawHead?: string;
  expect:
    { item: string; status?: number } | { checkout: CheckoutErrorCode | ''; status?: number } | { bodyless: number };
  /** Refused before any route runs (unreadable HTTP or address): no rate-limit headers. */
  early?: boolean;
}

const enc = encodeURIComponent;
/** A query string from pairs, each value percent-encoded; values given as [raw] go out as written. */
function q(params: Record<string, string | number | [string]>): string {
  return Object.entries(params)
    .map(([k, v]) => `${enc(k)}=${Array.isArray(v) ? v[0] : enc(String(v))}`)
    .join('&');
}
const AUTH = { login: 'demo', apikey: DEMO_KEY };
const token = (params: Record<string, string | number | [string]>) => `${TOKEN}?${q(params)}`;
const listReq = (req: string, extra: Record<string, string | number | [string]> = {}) =>
  `${LIST}?${q({ req, ...extra })}`;
const reqOf = (
  parts: unknown,
  request: Record<string, unknown> = { login: 'demo', apikey: DEMO_KEY, remoteIp: '', useExact: true },
) => JSON.stringify({ request: { ...request, parts } });
const order = (over: Record<string, string | number | [string] | undefined> = {}) => {
  const params: Record<string, string | number | [string]> = {};
  const all = {
    username: 'buyer@example.com',
    password: BUYER_PASSWORD,
    customerPONumber: 'PO-H',
    shipToAddressId: '1001',
    itemIds: F.stock20,
    quantities: 1,
    ...over,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) params[k] = v;
  return `${CHECKOUT_PATH}?${q(params)}`;
};

function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

const CASES: Case[] = [
  // ---- token search
  { name: 'token: no parameters', target: TOKEN, expect: { item: '10' } },
  {
    name: 'token: login without apikey',
    target: token({ login: 'demo', search_token: 'BAV99' }),
    expect: { item: '10' },
  },
  {
    name: 'token: wrong apikey',
    target: token({ login: 'demo', apikey: SECRET_KEY, search_token: 'BAV99' }),
    expect: { item: '11' },
  },
  {
    name: 'token: unknown login',
    target: token({ login: "demo' OR '1'='1", apikey: SECRET_KEY, search_token: 'BAV99' }),
    expect: { item: '11' },
  },
  {
    name: 'token: apikey of another login (empty login)',
    target: token({ login: '', apikey: DEMO_KEY, search_token: 'A' }),
    expect: { item: '10' },
  },
  { name: 'token: search_token missing', target: token(AUTH), expect: { item: '20' } },
  { name: 'token: search_token blank', target: token({ ...AUTH, search_token: '   ' }), expect: { item: '20' } },
  { name: 'token: only punctuation', target: token({ ...AUTH, search_token: '---' }), expect: { item: '21' } },
  { name: 'token: 101 characters', target: token({ ...AUTH, search_token: 'A'.repeat(101) }), expect: { item: '21' } },
  {
    name: 'token: 200,000 characters',
    target: token({ ...AUTH, search_token: 'B'.repeat(200_000) }),
    expect: { item: '21' },
  },
  { name: 'token: SQL OR 1=1', target: token({ ...AUTH, search_token: "' OR 1=1 --" }), expect: { item: '0' } },
  {
    name: 'token: SQL DROP TABLE',
    target: token({ ...AUTH, search_token: '"; DROP TABLE parts; --' }),
    expect: { item: '0' },
  },
  {
    name: 'token: SQL UNION',
    target: token({ ...AUTH, search_token: "x' UNION SELECT key_hash FROM api_keys --" }),
    expect: { item: '0' },
  },
  { name: 'token: LIKE wildcard alone', target: token({ ...AUTH, search_token: '%' }), expect: { item: '21' } },
  {
    name: 'token: LIKE wildcard after a prefix',
    target: token({ ...AUTH, search_token: 'BAV%_' }),
    expect: { item: '0' },
  },
  { name: 'token: NUL byte', target: token({ ...AUTH, search_token: 'A\u0000B' }), expect: { item: '0' } },
  {
    name: 'token: only control characters',
    target: token({ ...AUTH, search_token: '\u0001\u0002\u007f' }),
    expect: { item: '21' },
  },
  { name: 'token: ANSI escape', target: token({ ...AUTH, search_token: '\u001b[31mBAV99' }), expect: { item: '0' } },
  {
    name: 'token: lone surrogate %ED%A0%80',
    target: token({ ...AUTH, search_token: ['%ED%A0%80'] }),
    expect: { item: '0' },
  },
  {
    name: 'token: malformed percent-encoding',
    target: token({ ...AUTH, search_token: ['%E0%A4%A'] }),
    expect: { item: '0' },
  },
  { name: 'token: lone percent sign', target: token({ ...AUTH, search_token: ['%'] }), expect: { item: '21' } },
  {
    name: 'token: mathematical letters (NFKC)',
    target: token({ ...AUTH, search_token: '𝔅𝔄𝔙99' }),
    expect: { item: '0' },
  },
  {
    name: 'token: zero-width and right-to-left marks',
    target: token({ ...AUTH, search_token: 'BAV\u200b\u202e99' }),
    expect: { item: '0' },
  },
  { name: 'token: rows negative', target: token({ ...AUTH, search_token: 'A', rows: -1 }), expect: { item: '40' } },
  { name: 'token: rows exponent', target: token({ ...AUTH, search_token: 'A', rows: '1e3' }), expect: { item: '40' } },
  {
    name: 'token: rows huge',
    target: token({ ...AUTH, search_token: 'A', rows: '99999999999999999999' }),
    expect: { item: '40' },
  },
  {
    name: 'token: rows hexadecimal',
    target: token({ ...AUTH, search_token: 'A', rows: '0x10' }),
    expect: { item: '40' },
  },
  { name: 'token: rows NaN', target: token({ ...AUTH, search_token: 'A', rows: 'NaN' }), expect: { item: '40' } },
  { name: 'token: start negative', target: token({ ...AUTH, search_token: 'A', start: -5 }), expect: { item: '41' } },
  {
    name: 'token: start Infinity',
    target: token({ ...AUTH, search_token: 'A', start: 'Infinity' }),
    expect: { item: '41' },
  },
  {
    name: 'token: start far past the end',
    target: token({ ...AUTH, search_token: 'A', start: 999_999_999 }),
    expect: { item: '0' },
  },
  { name: 'token: fmt unknown', target: token({ ...AUTH, search_token: 'A', fmt: 'csv' }), expect: { item: '42' } },
  {
    name: 'token: fmt with markup',
    target: token({ ...AUTH, search_token: 'A', fmt: '<script>alert(1)</script>' }),
    expect: { item: '42' },
  },
  {
    name: 'token: utm_currency unknown',
    target: token({ ...AUTH, search_token: 'A', utm_currency: "EUR'; --" }),
    expect: { item: '43' },
  },
  {
    name: 'token: callbackfn calls a function',
    target: token({ ...AUTH, search_token: 'A', callbackfn: 'alert(1)' }),
    expect: { item: '44' },
  },
  {
    name: 'token: callbackfn closes a script tag',
    target: token({ ...AUTH, search_token: 'A', callbackfn: '</script><script>alert(1)</script>' }),
    expect: { item: '44' },
  },
  {
    name: 'token: callbackfn with a newline',
    target: token({ ...AUTH, search_token: 'A', callbackfn: 'cb\nalert(1)' }),
    expect: { item: '44' },
  },
  {
    name: 'token: callbackfn of 129 characters',
    target: token({ ...AUTH, search_token: 'A', callbackfn: 'c'.repeat(129) }),
    expect: { item: '44' },
  },
  {
    name: 'token: callbackfn with fmt=xml',
    target: token({ ...AUTH, search_token: 'A', callbackfn: 'cb', fmt: 'xml' }),
    expect: { item: '44' },
  },
  {
    name: 'token: mfrCd unknown with SQL',
    target: token({ ...AUTH, search_token: 'A', mfrCd: "TI' OR '1'='1" }),
    expect: { item: '45' },
  },
  {
    name: 'token: search_token repeated',
    target: `${token(AUTH)}&search_token=A&search_token=B`,
    expect: { item: '48' },
  },
  {
    name: 'token: apikey repeated',
    target: token({ login: 'demo', apikey: DEMO_KEY, search_token: 'A' }) + `&apikey=${SECRET_KEY}`,
    expect: { item: '48' },
  },
  {
    name: 'token: fmt repeated',
    target: `${token({ ...AUTH, search_token: 'A' })}&fmt=xml&fmt=json`,
    expect: { item: '48' },
  },
  {
    name: 'token: bracketed parameter names',
    target: `${TOKEN}?login[]=demo&apikey[]=x&search_token[]=A`,
    expect: { item: '10' },
  },
  {
    name: 'token: __proto__ parameters',
    target: `${token({ ...AUTH, search_token: 'A' })}&__proto__=x&constructor[prototype][polluted]=1`,
    expect: { item: '0' },
  },
  {
    name: 'token: 20,000 unknown parameters',
    target: `${token({ ...AUTH, search_token: 'A' })}&${Array.from({ length: 20_000 }, (_, i) => `p${i}=1`).join('&')}`,
    expect: { item: '0' },
  },
  {
    name: 'token: XML answer of an error',
    target: token({ fmt: 'XML', search_token: '<a>&amp;</a>' }),
    expect: { item: '10' },
  },
  {
    name: 'token: markup in an XML answer',
    target: token({ ...AUTH, fmt: 'xml', search_token: '<script>alert(1)</script>]]>&' }),
    expect: { item: '0' },
  },
  {
    name: 'token: markup echoed in an XML refusal',
    target: token({ ...AUTH, fmt: 'xml', search_token: 'A', mfrCd: '<script>alert(1)</script>' }),
    expect: { item: '45' },
  },
  {
    name: 'token: body and JSON type on a GET',
    target: token({ ...AUTH, search_token: 'A' }),
    headers: { 'content-type': 'application/json' },
    body: '{"broken',
    expect: { item: '0' },
  },
  {
    name: 'token: odd content type on a GET',
    target: token({ ...AUTH, search_token: 'A' }),
    headers: { 'content-type': 'application/x-evil; charset=utf-7' },
    body: 'x=1',
    expect: { item: '0' },
  },
  {
    name: 'token: hostile Host header',
    target: token({ ...AUTH, search_token: 'BAV99' }),
    headers: { host: 'evil.example"><script>alert(1)</script>' },
    expect: { item: '0' },
  },
  { name: 'token: HEAD', method: 'HEAD', target: token({ ...AUTH, search_token: 'A' }), expect: { bodyless: 200 } },
  {
    name: 'token: POST with a broken JSON body',
    method: 'POST',
    target: TOKEN,
    headers: { 'content-type': 'application/json' },
    body: `{"apikey":"${SECRET_KEY}", x}`,
    expect: { item: '51' },
  },
  {
    name: 'token: PUT with an unknown content type',
    method: 'PUT',
    target: TOKEN,
    headers: { 'content-type': 'text/evil' },
    body: 'abc',
    expect: { item: '51' },
  },
  {
    name: 'token: POST with a 1 MB body',
    method: 'POST',
    target: TOKEN,
    headers: { 'content-type': 'application/json' },
    body: `"${'x'.repeat(1024 * 1024)}"`,
    expect: { item: '51' },
  },
  { name: 'token: DELETE', method: 'DELETE', target: token({ ...AUTH, search_token: 'A' }), expect: { item: '51' } },
  { name: 'token: OPTIONS without preflight headers', method: 'OPTIONS', target: TOKEN, expect: { item: '51' } },
  { name: 'token: TRACE', method: 'TRACE', target: TOKEN, expect: { item: '50' } },
  {
    name: 'token: version that does not exist',
    target: `/itemservice/v5/en/search/token?${q(AUTH)}`,
    expect: { item: '50' },
  },

  // ---- search by list
  { name: 'list: req missing', target: `${LIST}?${q(AUTH)}`, expect: { item: '30' } },
  { name: 'list: req blank', target: listReq(' '), expect: { item: '30' } },
  { name: 'list: req not JSON', target: listReq('{'), expect: { item: '31' } },
  { name: 'list: req truncated', target: listReq(reqOf([{ partNum: 'BAV99' }]).slice(0, 40)), expect: { item: '31' } },
  {
    name: 'list: req with a trailing comma',
    target: listReq('{"request":{"parts":[{"partNum":"A"},]}}'),
    expect: { item: '31' },
  },
  {
    name: 'list: req with malformed percent-encoding',
    target: `${LIST}?req=%7B%22request%22%3A%7B%ZZ`,
    expect: { item: '31' },
  },
  { name: 'list: req null', target: listReq('null'), expect: { item: '32' } },
  { name: 'list: req an array', target: listReq('[]'), expect: { item: '32' } },
  { name: 'list: req a string', target: listReq('"request"'), expect: { item: '32' } },
  { name: 'list: req a huge number', target: listReq('1e999'), expect: { item: '32' } },
  { name: 'list: request an array', target: listReq('{"request":[]}'), expect: { item: '32' } },
  {
    name: 'list: parts missing',
    target: listReq(JSON.stringify({ request: { login: 'demo', apikey: DEMO_KEY } })),
    expect: { item: '32' },
  },
  { name: 'list: parts an object', target: listReq(reqOf({ partNum: 'A' })), expect: { item: '32' } },
  { name: 'list: a part that is a number', target: listReq(reqOf([42])), expect: { item: '32' } },
  { name: 'list: partNum a number', target: listReq(reqOf([{ partNum: 1 }])), expect: { item: '32' } },
  { name: 'list: partNum null', target: listReq(reqOf([{ partNum: null }])), expect: { item: '32' } },
  { name: 'list: partNum an object', target: listReq(reqOf([{ partNum: { $gt: '' } }])), expect: { item: '32' } },
  {
    name: 'list: partNum of 100,000 characters',
    target: listReq(reqOf([{ partNum: 'C'.repeat(100_000) }])),
    expect: { item: '32' },
  },
  { name: 'list: mfr a list', target: listReq(reqOf([{ partNum: 'A', mfr: ['TI'] }])), expect: { item: '32' } },
  {
    name: 'list: useExact a string',
    target: listReq(reqOf([{ partNum: 'A' }], { login: 'demo', apikey: DEMO_KEY, useExact: 'maybe' })),
    expect: { item: '32' },
  },
  {
    name: 'list: login a number',
    target: listReq(reqOf([{ partNum: 'A' }], { login: 7, apikey: DEMO_KEY })),
    expect: { item: '32' },
  },
  {
    name: 'list: apikey an object',
    target: listReq(reqOf([{ partNum: 'A' }], { login: 'demo', apikey: { key: SECRET_KEY } })),
    expect: { item: '32' },
  },
  {
    name: 'list: 40,000 levels of nesting in parts',
    target: listReq(`{"request":{"parts":${nested(40_000)}}}`),
    expect: { item: '32' },
  },
  { name: 'list: 42,000 levels of nesting at the top', target: listReq(nested(42_000)), expect: { item: '32' } },
  {
    name: 'list: 15,000 nested objects',
    target: listReq(`${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`),
    expect: { item: '32' },
  },
  {
    name: 'list: 1001 parts',
    target: listReq(reqOf(Array.from({ length: 1001 }, (_, i) => ({ partNum: `P${i}` })))),
    expect: { item: '33' },
  },
  {
    name: 'list: 1000 parts accepted',
    target: listReq(reqOf(Array.from({ length: 1000 }, (_, i) => ({ partNum: `BAV${i}` })))),
    expect: { item: '0' },
  },
  {
    name: 'list: 1000 copies of one part',
    target: listReq(reqOf(Array.from({ length: 1000 }, () => ({ partNum: 'BAV99' })))),
    expect: { item: '0' },
  },
  {
    name: 'list: SQL in part numbers and filters',
    target: listReq(
      reqOf([{ partNum: "' OR 1=1 --" }, { partNum: 'A', mfr: "TI'; DROP TABLE parts; --" }, { partNum: '%' }]),
    ),
    expect: { item: '0' },
  },
  {
    name: 'list: NUL and control characters in part numbers',
    target: listReq(reqOf([{ partNum: 'A\u0000B' }, { partNum: '\u0007\u001b' }])),
    expect: { item: '0' },
  },
  {
    name: 'list: control characters in an XML answer',
    target: listReq(reqOf([{ partNum: '<b>&\u0007' }]), { fmt: 'xml' }),
    expect: { item: '0' },
  },
  {
    name: 'list: __proto__ inside request',
    target: listReq('{"request":{"__proto__":{"login":"demo","apikey":"demo-key"},"parts":[{"partNum":"A"}]}}'),
    expect: { item: '10' },
  },
  {
    name: 'list: wrong apikey inside req',
    target: listReq(reqOf([{ partNum: 'A' }], { login: 'demo', apikey: SECRET_KEY })),
    expect: { item: '11' },
  },
  { name: 'list: req repeated', target: `${listReq(reqOf([{ partNum: 'A' }]))}&req=x`, expect: { item: '48' } },
  { name: 'list: rows negative', target: listReq(reqOf([{ partNum: 'A' }]), { rows: -1 }), expect: { item: '40' } },
  {
    name: 'list: callbackfn with script',
    target: listReq(reqOf([{ partNum: 'A' }]), { callbackfn: 'x=1;alert(document.cookie)//' }),
    expect: { item: '44' },
  },
  {
    name: 'list: address over 256 KiB',
    target: listReq(reqOf([{ partNum: 'D'.repeat(270_000) }])),
    expect: { item: '52' },
  },

  // ---- manufacturer lookup
  { name: 'lookup: no credentials', target: LOOKUP, expect: { item: '10' } },
  {
    name: 'lookup: wrong apikey',
    target: `${LOOKUP}?${q({ login: 'demo', apikey: SECRET_KEY })}`,
    expect: { item: '11' },
  },
  { name: 'lookup: fmt unknown', target: `${LOOKUP}?${q({ ...AUTH, fmt: 'yaml' })}`, expect: { item: '42' } },
  {
    name: 'lookup: callbackfn with markup',
    target: `${LOOKUP}?${q({ ...AUTH, callbackfn: '<img src=x onerror=alert(1)>' })}`,
    expect: { item: '44' },
  },
  { name: 'lookup: login repeated', target: `${LOOKUP}?${q(AUTH)}&login=demo`, expect: { item: '48' } },
  {
    name: 'lookup: v4 path does not exist',
    target: `/itemservice/v4/en/lookup/manufacturer?${q(AUTH)}`,
    expect: { item: '50' },
  },
  {
    name: 'lookup: PATCH',
    method: 'PATCH',
    target: LOOKUP,
    headers: { 'content-type': 'application/json' },
    body: '{}',
    expect: { item: '51' },
  },

  // ---- detail
  { name: 'detail: no parameters', target: DETAIL, expect: { item: '46' } },
  { name: 'detail: mfrCd without partNum', target: `${DETAIL}?${q({ mfrCd: 'TI' })}`, expect: { item: '46' } },
  {
    name: 'detail: unknown pkey',
    target: `${DETAIL}?${q({ pkey: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })}`,
    expect: { item: '47' },
  },
  { name: 'detail: SQL in pkey', target: `${DETAIL}?${q({ pkey: "' OR ''='" })}`, expect: { item: '47' } },
  {
    name: 'detail: pkey of 50,000 characters',
    target: `${DETAIL}?${q({ pkey: 'k'.repeat(50_000) })}`,
    expect: { item: '47' },
  },
  {
    name: 'detail: NUL in partNum',
    target: `${DETAIL}?${q({ mfrCd: 'TI', partNum: 'LM358N\u0000' })}`,
    expect: { item: '47' },
  },
  { name: 'detail: pkey repeated', target: `${DETAIL}?pkey=a&pkey=b`, expect: { item: '48' } },
  {
    name: 'detail: currency unknown',
    target: `${DETAIL}?${q({ mfrCd: 'TI', partNum: 'LM358N', utm_currency: '💶' })}`,
    expect: { item: '43' },
  },

  // ---- checkout
  { name: 'checkout: no parameters', target: CHECKOUT_PATH, expect: { checkout: 'checkout.parameter.required' } },
  {
    name: 'checkout: username only',
    target: `${CHECKOUT_PATH}?username=buyer%40example.com`,
    expect: { checkout: 'checkout.parameter.required' },
  },
  {
    name: 'checkout: unknown username',
    target: order({ username: "nobody@example.com' OR '1'='1", password: SECRET_PASSWORD }),
    expect: { checkout: 'checkout.user.not.found' },
  },
  {
    name: 'checkout: wrong password',
    target: order({ password: SECRET_PASSWORD }),
    expect: { checkout: 'checkout.invalid.password' },
  },
  {
    name: 'checkout: password with SQL',
    target: order({ password: "' OR '1'='1" }),
    expect: { checkout: 'checkout.invalid.password' },
  },
  {
    name: 'checkout: password of 10,000 characters',
    target: order({ password: 'a'.repeat(10_000) }),
    expect: { checkout: 'checkout.parameter.invalid' },
  },
  {
    name: 'checkout: username repeated',
    target: `${order()}&username=other%40example.com`,
    expect: { checkout: 'checkout.parameter.repeated' },
  },
  {
    name: 'checkout: password repeated',
    target: `${order()}&password=${SECRET_PASSWORD}`,
    expect: { checkout: 'checkout.parameter.repeated' },
  },
  { name: 'checkout: fmt unknown', target: order({ fmt: 'csv' }), expect: { checkout: 'checkout.parameter.invalid' } },
  {
    name: 'checkout: fmt repeated',
    target: `${order()}&fmt=json&fmt=xml`,
    expect: { checkout: 'checkout.parameter.repeated' },
  },
  {
    name: 'checkout: lone surrogate in username',
    target: order({ username: ['%ED%A0%80%40example.com'] }),
    expect: { checkout: 'checkout.user.not.found' },
  },
  {
    name: 'checkout: Unicode look-alike username',
    target: order({ username: 'bυyer@example.com' }),
    expect: { checkout: 'checkout.user.not.found' },
  },
  {
    name: 'checkout: quantity negative',
    target: order({ quantities: '-1' }),
    expect: { checkout: 'checkout.invalid.quantity' },
  },
  {
    name: 'checkout: quantity exponent',
    target: order({ quantities: '1e3' }),
    expect: { checkout: 'checkout.invalid.quantity' },
  },
  {
    name: 'checkout: quantity huge',
    target: order({ quantities: '99999999999999999999' }),
    expect: { checkout: 'checkout.invalid.quantity' },
  },
  {
    name: 'checkout: quantity hexadecimal',
    target: order({ quantities: '0x10' }),
    expect: { checkout: 'checkout.invalid.quantity' },
  },
  {
    name: 'checkout: quantity with a NUL',
    target: order({ quantities: '1\u0000' }),
    expect: { checkout: 'checkout.invalid.quantity' },
  },
  {
    name: 'checkout: quantities blank between commas',
    target: order({ itemIds: 'A,B', quantities: '1,' }),
    expect: { checkout: 'checkout.item.quantity.invalid' },
  },
  {
    name: 'checkout: more quantities than items',
    target: order({ quantities: '1,2' }),
    expect: { checkout: 'checkout.length.not.equal' },
  },
  {
    name: 'checkout: item id with SQL',
    target: order({ itemIds: "65130988' OR 1=1 --" }),
    expect: { checkout: 'checkout.item.not.found' },
  },
  {
    name: 'checkout: item id with control characters',
    target: order({ itemIds: '\u0000\u001b[2J' }),
    expect: { checkout: 'checkout.item.not.found' },
  },
  {
    name: 'checkout: 201 lines',
    target: order({
      itemIds: Array.from({ length: 201 }, (_, i) => `I${i}`).join(','),
      quantities: Array(201).fill('1').join(','),
    }),
    expect: { checkout: 'checkout.item.count.exceeded' },
  },
  {
    name: 'checkout: itemIds over 20,000 characters',
    target: order({ itemIds: 'X'.repeat(20_001) }),
    expect: { checkout: 'checkout.parameter.invalid' },
  },
  {
    name: 'checkout: PO number with control characters',
    target: order({ customerPONumber: 'PO\u0007\u0008' }),
    expect: { checkout: 'checkout.parameter.invalid' },
  },
  {
    name: 'checkout: PO number of 51 characters',
    target: order({ customerPONumber: 'P'.repeat(51) }),
    expect: { checkout: 'checkout.parameter.invalid' },
  },
  {
    name: 'checkout: submitOrder not a flag',
    target: order({ submitOrder: 'maybe' }),
    expect: { checkout: 'checkout.parameter.invalid' },
  },
  {
    name: 'checkout: ship-to id with SQL',
    target: order({ shipToAddressId: "1001' OR '1'='1" }),
    expect: { checkout: 'address.not.found' },
  },
  {
    name: 'checkout: country code with markup',
    target: order({ stCountryCode: '<script>' }),
    expect: { checkout: 'checkout.parameter.invalid' },
  },
  {
    name: 'checkout: partnerRegion with markup',
    target: order({ partnerRegion: '<img src=x>' }),
    expect: { checkout: 'checkout.parameter.invalid' },
  },
  {
    name: 'checkout: discount code with SQL',
    target: order({ discountCode: "DEMO10' --" }),
    expect: { checkout: 'checkout.discount.code.invalid' },
  },
  {
    name: 'checkout: JSON by Accept with a bad fmt',
    target: order({ fmt: 'yaml' }),
    headers: { accept: 'application/json' },
    expect: { checkout: 'checkout.parameter.invalid' },
  },
  {
    name: 'checkout: POST with a broken JSON body',
    method: 'POST',
    target: CHECKOUT_PATH,
    headers: { 'content-type': 'application/json' },
    body: `{"password":"${SECRET_PASSWORD}", x}`,
    expect: { checkout: 'checkout.method.not.allowed' },
  },
  {
    name: 'checkout: PUT form body',
    method: 'PUT',
    target: order(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'submitOrder=true',
    expect: { checkout: 'checkout.method.not.allowed' },
  },
  {
    name: 'checkout: OPTIONS without preflight headers',
    method: 'OPTIONS',
    target: order(),
    expect: { checkout: 'checkout.method.not.allowed' },
  },
  { name: 'checkout: HEAD', method: 'HEAD', target: order({ submitOrder: 'true' }), expect: { bodyless: 405 } },

  // ---- paths outside the API and requests that are not well-formed HTTP
  { name: 'path: root', target: '/', expect: { item: '50' } },
  { name: 'path: /../etc/passwd', target: '/../etc/passwd', expect: { item: '50' } },
  {
    name: 'path: traversal below an API path',
    target: '/itemservice/v4/en/../../../../etc/passwd',
    expect: { item: '50' },
  },
  { name: 'path: encoded traversal', target: '/%2e%2e/%2e%2e/etc/passwd', expect: { item: '50' } },
  {
    name: 'path: encoded slashes',
    target: '/itemservice/v4/en/search/token/..%2f..%2f..%2fpackage.json',
    expect: { item: '50' },
  },
  { name: 'path: double-encoded traversal', target: '/%252e%252e/%252e%252e/etc/passwd', expect: { item: '50' } },
  { name: 'path: double slash', target: '//etc/passwd', expect: { item: '50' } },
  { name: 'path: backslashes', target: '/..\\..\\etc\\passwd', expect: { item: '50' } },
  { name: 'path: the data folder', target: '/.partsheet/data/production.db', expect: { item: '50' } },
  { name: 'path: the built code', target: '/dist/cli/main.js', expect: { item: '50' } },
  { name: 'path: package.json', target: '/package.json', expect: { item: '50' } },
  { name: 'path: encoded NUL after an API path', target: `${TOKEN}%00.json`, expect: { item: '50' } },
  { name: 'path: asterisk', target: '*', expect: { item: '50' } },
  { name: 'path: absolute form naming another host', target: `http://evil.example${TOKEN}`, expect: { item: '10' } },
  { name: 'path: absolute form outside the API', target: 'http://evil.example/etc/passwd', expect: { item: '50' } },
  {
    name: 'path: malformed percent-encoding',
    target: '/itemservice/v4/en/search/tok%ZZen',
    expect: { item: '49', status: 400 },
    early: true,
  },
  {
    name: 'http: NUL byte in the request line',
    target: '',
    rawHead: `GET ${TOKEN}?search_token=A\u0000B HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    expect: { item: '49', status: 400 },
    early: true,
  },
  {
    name: 'http: unknown method',
    target: '',
    rawHead: `BREW ${TOKEN} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    expect: { item: '49', status: 400 },
    early: true,
  },
  {
    name: 'http: space in the target',
    target: '',
    rawHead: `GET /item service HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    expect: { item: '49', status: 400 },
    early: true,
  },
  {
    name: 'http: Content-Length and chunked together',
    target: '',
    rawHead: `POST ${TOKEN} HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    expect: { item: '49', status: 400 },
    early: true,
  },
  {
    name: 'http: invalid header name',
    target: '',
    rawHead: `GET ${TOKEN} HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\nConnection: close\r\n\r\n`,
    expect: { item: '49', status: 400 },
    early: true,
  },
  {
    name: 'http: 400 KB header',
    target: token({ ...AUTH, search_token: 'A' }),
    headers: { cookie: `c=${'x'.repeat(400_000)}` },
    expect: { item: '49', status: 431 },
    early: true,
  },
  {
    name: 'http: HTTP/1.0 without Host',
    target: '',
    rawHead: `GET ${TOKEN}?search_token=A HTTP/1.0\r\n\r\n`,
    expect: { item: '10' },
  },
];

function headOf(c: Case): string {
  if (c.rawHead) return c.rawHead;
  const headers: Record<string, string> = { host: '127.0.0.1', connection: 'close', ...c.headers };
  if (c.body !== undefined) headers['content-length'] = String(Buffer.byteLength(c.body));
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `${c.method ?? 'GET'} ${c.target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

function statusOfReturnCode(code: string): number {
  if (code === '0') return 200;
  const found = Object.values(RETURN_CODES).find((r) => r.code === code);
  if (!found) throw new Error(`no return code ${code}`);
  return found.status;
}

/** The item-service verdict of an answer in any of its renderings: JSON, JSONP or XML. */
function itemVerdict(answer: RawAnswer): { returnCode: string; success: boolean } {
  const type = answer.headers['content-type'] ?? '';
  if (type.startsWith('application/xml')) {
    const code = /<returnCode>([^<]*)<\/returnCode>/.exec(answer.body)?.[1];
    const success = /<success>([^<]*)<\/success>/.exec(answer.body)?.[1];
    expect(answer.body.startsWith('<?xml')).toBe(true);
    return { returnCode: code ?? '?', success: success === 'true' };
  }
  expect(type).toMatch(/^application\/json/);
  const response = JSON.parse(answer.body).itemserviceresult.transactionArea[0].response;
  return { returnCode: response.returnCode, success: response.success };
}

function checkoutVerdict(answer: RawAnswer): string {
  const type = answer.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) return JSON.parse(answer.body).OrderPlaced.serverErrors;
  expect(type).toMatch(/^application\/xml/);
  const m = /^<\?xml[^>]*><OrderPlaced><serverErrors>([^<]*)<\/serverErrors>/.exec(answer.body);
  expect(m).not.toBeNull();
  return m![1];
}

describe('hostile requests', () => {
  test('the table has at least 80 requests across every endpoint', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(80);
    for (const prefix of ['token:', 'list:', 'lookup:', 'detail:', 'checkout:', 'path:', 'http:']) {
      expect(CASES.filter((c) => c.name.startsWith(prefix)).length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  test.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const started = Date.now();
    const answer = await rawRequest(headOf(c), c.body ?? '');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    const everything = JSON.stringify(answer.headers) + answer.body;
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
    if ((answer.headers['content-type'] ?? '').startsWith('application/xml')) {
      expect(XMLValidator.validate(answer.body)).toBe(true);
      expect(answer.body).not.toContain('<script>');
    }
    if (!c.early) expect(answer.headers['x-ratelimit-limit']).toMatch(/^\d+$/);

    const e = c.expect;
    if ('bodyless' in e) {
      expect(answer.status).toBe(e.bodyless);
      expect(answer.body).toBe('');
    } else if ('item' in e) {
      const verdict = itemVerdict(answer);
      expect(verdict.returnCode).toBe(e.item);
      expect(verdict.success).toBe(e.item === '0');
      expect(answer.status).toBe(e.status ?? statusOfReturnCode(e.item));
    } else {
      expect(checkoutVerdict(answer)).toBe(e.checkout);
      expect(answer.status).toBe(e.status ?? CHECKOUT_ERRORS[e.checkout as CheckoutErrorCode]);
    }
  });

  test('a CORS preflight from the add-in is answered, and exposes the rate-limit headers', async () => {
    const answer = await rawRequest(
      `OPTIONS ${TOKEN} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nOrigin: https://localhost:3000\r\nAccess-Control-Request-Method: GET\r\n\r\n`,
    );
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('https://localhost:3000');
    expect(answer.headers['access-control-expose-headers']).toBe(
      'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  test('a 20 MB address: Node refuses it with 431 and the envelope, and the service lives on', async () => {
    const url = `${svc.productionUrl}${TOKEN}?login=demo&apikey=${DEMO_KEY}&search_token=${'Z'.repeat(20 * 1024 * 1024)}`;
    const outcome = await fetch(url).then(
      async (res) => ({ status: res.status, body: await res.text() }),
      (error: Error) => ({ status: 0, body: String(error) }),
    );
    // The answer can be lost when the connection is closed while the client is still sending; then fetch fails.
    if (outcome.status !== 0) {
      expect(outcome.status).toBe(431);
      expect(JSON.parse(outcome.body).itemserviceresult.transactionArea[0].response).toMatchObject({
        returnCode: '49',
        success: false,
      });
    }
    const after = await fetch(`${svc.productionUrl}${TOKEN}?login=demo&apikey=${DEMO_KEY}&search_token=BAV99`);
    expect(after.status).toBe(200);
  });

  test('JSONP cannot inject script: a valid callback gets exactly one call with the data', async () => {
    const hostileParts = [
      { partNum: '</script><script>alert(1)</script>' },
      { partNum: '\u2028\u2029alert(2)//' },
      { partNum: '"});alert(3);({"' },
      { partNum: 'BAV99' },
    ];
    const target = listReq(reqOf(hostileParts), { callbackfn: 'app.onParts' });
    const answer = await rawRequest(headOf({ name: 'jsonp', target, expect: { item: '0' } }));
    expect(answer.headers['content-type']).toMatch(/^application\/javascript/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const calls: unknown[] = [];
    const alerts: unknown[] = [];
    runInNewContext(answer.body, {
      app: { onParts: (data: unknown) => calls.push(data) },
      alert: (x: unknown) => alerts.push(x),
    });
    expect(alerts).toEqual([]);
    expect(calls).toHaveLength(1);
    const list = (calls[0] as any).itemserviceresult.data[0].resultList.map((r: any) => r.requestedPartNum);
    expect(list).toEqual(hostileParts.map((p) => p.partNum));
  });

  test('after the table the service still answers a normal search, and a normal order', async () => {
    const search = await fetch(`${svc.productionUrl}${TOKEN}?login=demo&apikey=${DEMO_KEY}&search_token=BAV99`);
    expect(search.status).toBe(200);
    const body: any = await search.json();
    expect(body.itemserviceresult.transactionArea[0].response.success).toBe(true);
    expect(body.itemserviceresult.data[0].PartList.length).toBeGreaterThan(0);
    const placed = await rawRequest(
      headOf({ name: 'order', target: order({ fmt: 'json', itemIds: F.stock50 }), expect: { checkout: '' } }),
    );
    expect(placed.status).toBe(200);
    expect(JSON.parse(placed.body).OrderPlaced).toMatchObject({ serverErrors: '', submitted: 'false' });
  });

  test('SQL in the input changed nothing: the tables and the demo key are intact', async () => {
    const db = openDatabase(`${svc.dataDir}/production.db`, { readonly: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
        name: string;
      }[];
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(['api_keys', 'offers', 'order_lines', 'orders', 'parts', 'users']),
      );
      expect(new CatalogStore(db).checkApiKey('demo', DEMO_KEY)).toBe(true);
      expect(db.prepare('SELECT count(*) AS n FROM parts').get()).toEqual({ n: 2000 });
    } finally {
      db.close();
    }
  });
});

describe('lone surrogates and unparsable req', () => {
  test('a lone surrogate in a list part number gets an answer, not a 500', async () => {
    const answer = await rawRequest(
      headOf({ name: 'surrogate', target: listReq(reqOf([{ partNum: 'A\ud800' }])), expect: { item: '0' } }),
    );
    expect(answer.status).toBe(200);
    expect(itemVerdict(answer).returnCode).toBe('0');
  });

  test('a req that is not JSON is refused without quoting the apikey', async () => {
    const target = listReq(`{"request":{"login":"demo","apikey":${SECRET_KEY},"parts":[]}}`);
    const answer = await rawRequest(headOf({ name: 'echo', target, expect: { item: '31' } }));
    expect(itemVerdict(answer).returnCode).toBe('31');
    expect(answer.body).not.toContain(SECRET_KEY.slice(0, 8));
  });
});

describe('credentials are never logged', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });

  test('request logs carry the path without its query; error logs carry no credentials', async () => {
    const db = openDatabase(`${svc.dataDir}/test.db`);
    const app = await buildApp({
      catalog: new CatalogStore(db),
      environment: 'test',
      logger: { level: 'trace', stream },
    });
    const logPort = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    const send = (method: string, url: string, body = '', type = '') =>
      rawRequest(
        `${method} ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${type ? `Content-Type: ${type}\r\n` : ''}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
        body,
        15_000,
        logPort,
      );
    try {
      const requests = [
        token({ login: 'demo', apikey: SECRET_KEY, search_token: 'BAV99' }),
        listReq(reqOf([{ partNum: 'A' }], { login: 'demo', apikey: SECRET_KEY })),
        listReq(`{"request":{"apikey":${SECRET_KEY}}}`),
        order({ password: SECRET_PASSWORD }),
        `/nowhere?apikey=${SECRET_KEY}&password=${SECRET_PASSWORD}`,
        `/item%ZZ?apikey=${SECRET_KEY}`,
      ];
      for (const url of requests) await send('GET', url);
      await send('POST', `${TOKEN}?apikey=${SECRET_KEY}`, `{"apikey":"${SECRET_KEY}", x}`, 'application/json');
      await send('GET', `${TOKEN}?login=demo&apikey=${SECRET_KEY}&search_token=A\u0000`);
    } finally {
      await app.close();
      db.close();
    }
    expect(lines.length).toBeGreaterThan(10);
    const logged = lines.join('\n');
    expect(logged).toContain('incoming request');
    expect(logged).toContain('"url":"/itemservice/v4/en/search/token?[redacted]"');
    for (const secret of [SECRET_KEY, SECRET_PASSWORD]) expect(logged).not.toContain(secret);
    expect(logged).not.toMatch(/search_token=|apikey=(?!\[redacted\])/);
  });

  test('the redaction helpers', () => {
    expect(redactUrl('/a/b?apikey=x&y=1')).toBe('/a/b?[redacted]');
    expect(redactUrl('/a/b')).toBe('/a/b');
    expect(redactText(`GET /x?login=demo&apikey=${SECRET_KEY}&password=abc&req=%7B`)).toBe(
      'GET /x?login=demo&apikey=[redacted]&password=[redacted]&req=[redacted]',
    );
    expect(redactText(`{"apikey":"${SECRET_KEY}","password": "p\\"w"}`)).toBe(
      '{"apikey":"[redacted]","password": "[redacted]"}',
    );
    expect(redactText('apiKey=ABC')).toBe('apiKey=[redacted]');
  });
});

describe('credential checks', () => {
  /** Each check makes exactly one comparison of two 32-byte values, whether the login exists, the key is right, or the input is junk. */
  function comparisons(check: () => unknown): number[][] {
    const spy = jest.spyOn(nodeCrypto, 'timingSafeEqual');
    try {
      check();
      return spy.mock.calls.map(([a, b]) => [(a as Buffer).length, (b as Buffer).length]);
    } finally {
      spy.mockRestore();
    }
  }

  test('the item service compares the SHA-256 of the apikey in constant time, for known and unknown logins alike', () => {
    const db = openDatabase(`${svc.dataDir}/test.db`, { readonly: true });
    try {
      const store = new CatalogStore(db);
      const stored = (db.prepare('SELECT key_hash FROM api_keys WHERE login = ?').get('demo') as { key_hash: string })
        .key_hash;
      expect(stored).not.toContain(DEMO_KEY);
      for (const [login, key, ok] of [
        ['demo', DEMO_KEY, true],
        ['demo', SECRET_KEY, false],
        ['demo', '', false],
        ['nobody', DEMO_KEY, false],
        ['x'.repeat(10_000), 'y'.repeat(10_000), false],
      ] as const) {
        let result: boolean | undefined;
        expect(comparisons(() => (result = store.checkApiKey(login, key)))).toEqual([[32, 32]]);
        expect(result).toBe(ok);
      }
    } finally {
      db.close();
    }
  });

  test('the checkout compares a salted verifier in constant time, for unknown users and malformed passwords alike', () => {
    const db = openDatabase(`${svc.dataDir}/test.db`);
    try {
      const stored = db.prepare('SELECT salt, password_hash FROM users WHERE email = ?').get('buyer@example.com') as {
        salt: string;
        password_hash: string;
      };
      expect(stored.password_hash).not.toBe(BUYER_PASSWORD);
      const checkout = new Checkout(db, 'test');
      const base = { customerPONumber: 'PO', shipToAddressId: '1001', itemIds: F.stock20, quantities: '1' };
      for (const [username, password, code] of [
        ['buyer@example.com', SECRET_PASSWORD, 'checkout.invalid.password'],
        ['buyer@example.com', 'not-hex', 'checkout.invalid.password'],
        ['nobody@example.com', SECRET_PASSWORD, 'checkout.user.not.found'],
        ['nobody@example.com', 'z', 'checkout.user.not.found'],
      ] as const) {
        let error: unknown;
        const calls = comparisons(() => {
          try {
            checkout.place({ ...base, username, password });
          } catch (e) {
            error = e;
          }
        });
        expect(calls).toEqual([[32, 32]]);
        expect((error as { code?: string }).code).toBe(code);
      }
    } finally {
      db.close();
    }
  });
});
