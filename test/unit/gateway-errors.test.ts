/**
 * The gateway's one error handler (gateway/errors.ts) words every error answer: what routes and hooks throw (its own
 * refusals, the gate's and the upstreams' failures, a cached list search's failure) becomes JSON `{ error, message }`
 * with no-store, or the upstream's own answer when a list search got one; anything else is a logged 500 that quotes
 * nothing. No socket: app.inject.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { CatalogError } from '../../src/catalog/errors';
import { answeringErrors, gatewayErrorHandler } from '../../gateway/errors';
import { UpstreamLookupFailure } from '../../gateway/list-search';
import { GatewayLog } from '../../gateway/log';
import { ItemLookupFailed, methodNotAllowed, notFound } from '../../gateway/refusals';
import { ClientGone, GateRefused, UpstreamAnswerTooLarge, UpstreamUnreachable } from '../../gateway/upstream';

const lines: string[] = [];
let app: FastifyInstance;

/** Each path throws one error. */
const THROWN: Record<string, () => Error> = {
  '/not-found': notFound,
  '/method': methodNotAllowed,
  '/busy': () => new GateRefused('item service', 'paused', 2500),
  '/gone': () => new ClientGone('checkout'),
  '/timeout': () => new UpstreamUnreachable('checkout', 'http://10.0.0.7:8080', true, 'timed out'),
  '/refused': () => new UpstreamUnreachable('item service', 'http://10.0.0.7:8080', false, 'ECONNREFUSED'),
  '/too-large': () => new UpstreamAnswerTooLarge('item service', 'http://10.0.0.7:8080', 8 * 1024 * 1024),
  '/list-answer': () =>
    new ItemLookupFailed(
      new UpstreamLookupFailure('auth', 'refused', {
        status: 403,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{"upstream":"its own words"}'),
      }),
    ),
  '/list-gate': () =>
    new ItemLookupFailed(
      new UpstreamLookupFailure('rate-limited', 'gate', undefined, new GateRefused('item service', 'queue-full', 1000)),
    ),
  '/list-timeout': () =>
    new ItemLookupFailed(new UpstreamLookupFailure('timeout', 'http://10.0.0.7:8080 timed out after 30 s')),
  '/list-unreachable': () =>
    new ItemLookupFailed(new UpstreamLookupFailure('unreachable', 'connect ECONNREFUSED 10.0.0.7:8080')),
  '/list-other': () => new ItemLookupFailed(new CatalogError('malformed', 'the answer was not JSON')),
  '/client-error': () => Object.assign(new Error('body of /client-error?apikey=secret'), { statusCode: 413 }),
  '/fault': () => new Error('cannot read property x of undefined at /srv/partsheet/gateway/app.js'),
};

beforeAll(async () => {
  app = Fastify({ logger: false });
  const onError = gatewayErrorHandler(new GatewayLog((line) => lines.push(line)));
  app.setErrorHandler(onError);
  // Each error is thrown twice: to Fastify (its error path calls the handler), and within a route the handler answers.
  for (const [path, error] of Object.entries(THROWN)) {
    app.get(path, async () => {
      throw error();
    });
    app.get(
      `/answered${path}`,
      answeringErrors(onError, async () => {
        throw error();
      }),
    );
  }
  await app.ready();
});

afterAll(() => app.close());

async function get(path: string) {
  const answer = await app.inject({ url: path });
  return {
    status: answer.statusCode,
    headers: answer.headers,
    body: String(answer.headers['content-type']).startsWith('application/json') ? JSON.parse(answer.body) : answer.body,
  };
}

describe("the gateway's error handler", () => {
  test('a route whose errors it answers directly gives the same answers as through Fastify', async () => {
    for (const path of Object.keys(THROWN)) {
      const [viaFastify, direct] = [await get(path), await get(`/answered${path}`)];
      expect([path, direct.status, direct.body, direct.headers['retry-after']]).toEqual([
        path,
        viaFastify.status,
        viaFastify.body,
        viaFastify.headers['retry-after'],
      ]);
    }
  });

  test('its own refusals: their status, words and headers, JSON and no-store', async () => {
    const missing = await get('/not-found');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'not found',
      code: 'PS_GATEWAY_NOT_FOUND',
      message: 'The gateway has nothing at this address.',
    });
    expect(missing.headers['cache-control']).toBe('no-store');
    const method = await get('/method');
    expect([method.status, method.headers.allow, method.body.error]).toEqual([405, 'GET', 'method not allowed']);
  });

  test("the gate's refusals: 503, with Retry-After when the gate names one", async () => {
    const busy = await get('/busy');
    expect([busy.status, busy.headers['retry-after'], busy.body.error]).toEqual([503, '3', 'upstream busy']);
    expect(busy.body.message).toMatch(/^The gateway did not send the request: the item service asked/);
    expect(busy.body.code).toBe('PS_GATEWAY_UPSTREAM_BUSY');
    const gone = await get('/gone');
    expect([gone.status, gone.headers['retry-after'], gone.body.error]).toEqual([503, undefined, 'client gone']);
    expect(gone.body.code).toBe('PS_GATEWAY_CLIENT_GONE');
  });

  test('an upstream without an answer is named, never its address or the reason of its connection', async () => {
    expect(await get('/timeout')).toMatchObject({
      status: 504,
      body: { error: 'upstream unreachable', message: 'The checkout did not answer in time.' },
    });
    expect(await get('/refused')).toMatchObject({
      status: 502,
      body: { error: 'upstream unreachable', message: 'The item service could not be reached; try again later.' },
    });
    const large = await get('/too-large');
    expect([large.status, large.body.error, large.body.code]).toEqual([
      502,
      'upstream answer too large',
      'PS_GATEWAY_UPSTREAM_TOO_LARGE',
    ]);
    for (const path of ['/timeout', '/refused', '/too-large'])
      expect(JSON.stringify((await get(path)).body)).not.toContain('10.0.0.7');
  });

  test("a cached list search's failure: the upstream's own answer when it sent one, else the gateway's words", async () => {
    const passed = await get('/list-answer');
    expect([passed.status, passed.body]).toEqual([403, { upstream: 'its own words' }]);
    expect(passed.headers['cache-control']).toBeUndefined();
    const gate = await get('/list-gate');
    expect([gate.status, gate.headers['retry-after'], gate.body.error]).toEqual([503, '1', 'upstream busy']);
    expect(await get('/list-timeout')).toMatchObject({
      status: 504,
      body: { error: 'upstream unreachable', message: 'The item service did not answer in time.' },
    });
    const unreachable = await get('/list-unreachable');
    expect([unreachable.status, unreachable.body.message]).toEqual([
      502,
      'The item service could not be reached; try again later.',
    ]);
    expect(await get('/list-other')).toMatchObject({
      status: 502,
      body: {
        error: 'upstream failed',
        message: 'The gateway could not get an answer from the item service: the answer was not JSON',
      },
    });
  });

  test('a request Fastify could not read: its status in words that do not quote it; a fault: 500, logged', async () => {
    const tooLarge = await get('/client-error');
    expect(tooLarge).toMatchObject({
      status: 413,
      body: { error: 'bad request', code: 'PS_GATEWAY_BAD_REQUEST', message: 'The request is too large.' },
    });
    lines.splice(0);
    const fault = await get('/fault');
    expect(fault).toMatchObject({
      status: 500,
      body: {
        error: 'gateway error',
        code: 'PS_GATEWAY_INTERNAL',
        message: 'The gateway failed on this request; try again, or tell its administrator.',
      },
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'request failed', method: 'GET', path: '/fault' });
  });
});
