/**
 * The service as two Fastify plugins under their prefixes: each answers its own refusals, unknown paths and
 * unreadable requests in its own format (the item-service envelope, the checkout's OrderPlaced error), and the
 * service-wide checks (rate limit, OPTIONS) reach them without knowing which is which. No socket: app.inject.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../service/app';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import { CatalogStore, openDatabase } from '../../service/store/db';

let app: FastifyInstance;
let db: ReturnType<typeof openDatabase>;

beforeAll(async () => {
  db = openDatabase(':memory:');
  const store = new CatalogStore(db);
  store.setApiKey('demo', 'demo-key');
  app = await buildApp({ catalog: store, environment: 'test' });
});

afterAll(async () => {
  await app.close();
  db.close();
});

/** The item-service envelope's return code and message. */
function itemAnswer(body: string): { returnCode: string; returnMsg: string } {
  return JSON.parse(body).itemserviceresult.transactionArea[0].response;
}

/** The checkout's OrderPlaced error, asked for as JSON. */
function checkoutErrors(body: string): Array<{ code: string; message: string }> {
  return JSON.parse(body).OrderPlaced.errors;
}

describe('the item service plugin', () => {
  test('an unknown path under its prefix gets its envelope, 404', async () => {
    const answer = await app.inject({ url: '/itemservice/v4/en/search/nothing' });
    expect(answer.statusCode).toBe(404);
    expect(itemAnswer(answer.body).returnMsg).toMatch(/^No operation at \/itemservice\/v4\/en\/search\/nothing;/);
    expect(JSON.parse(answer.body).itemserviceresult.serviceMetaData[0].version).toBe('4.0.0');
  });

  test('a method its operations do not take is refused with Allow: GET, HEAD', async () => {
    const answer = await app.inject({ method: 'DELETE', url: '/itemservice/v3/en/search/token' });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(itemAnswer(answer.body).returnMsg).toBe('DELETE is not supported here; every operation is a GET.');
  });

  test('a body it cannot read, on a method it refuses anyway, is that refusal', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/itemservice/v4/en/search/list',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(answer.statusCode).toBe(405);
    expect(itemAnswer(answer.body).returnMsg).toBe('POST is not supported here; every operation is a GET.');
  });
});

describe('the checkout plugin', () => {
  test('an unknown path under its prefix is an OrderPlaced error a checkout client can read, 404', async () => {
    const answer = await app.inject({ url: '/server-webapp/api/automatedCheckOut?fmt=json' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(checkoutErrors(answer.body)).toEqual([
      {
        code: 'checkout.path.unknown',
        message: `No operation at /server-webapp/api/automatedCheckOut; orders are placed at ${CHECKOUT_PATH}.`,
      },
    ]);
  });

  test('a method it does not take is refused in its format with Allow: GET, however it arrives', async () => {
    for (const method of ['POST', 'OPTIONS'] as const) {
      const answer = await app.inject({ method, url: `${CHECKOUT_PATH}?fmt=json` });
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.allow).toBe('GET');
      expect(checkoutErrors(answer.body)[0]).toEqual({
        code: 'checkout.method.not.allowed',
        message: `${method} is not supported; place orders with GET.`,
      });
    }
  });

  test('a body it cannot read, on a method it refuses anyway, is that refusal', async () => {
    const answer = await app.inject({
      method: 'PUT',
      url: `${CHECKOUT_PATH}?fmt=json`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(answer.statusCode).toBe(405);
    expect(checkoutErrors(answer.body)[0].code).toBe('checkout.method.not.allowed');
  });
});

describe('the service-wide checks answer in the format of the operation asked', () => {
  test('an OPTIONS that is no preflight: each operation refuses it its way; elsewhere the path is not found', async () => {
    const item = await app.inject({ method: 'OPTIONS', url: '/itemservice/v3/en/lookup/manufacturer' });
    expect([item.statusCode, item.headers.allow, itemAnswer(item.body).returnMsg]).toEqual([
      405,
      'GET, HEAD',
      'OPTIONS is not supported here; every operation is a GET.',
    ]);
    const other = await app.inject({ method: 'OPTIONS', url: '/elsewhere' });
    expect([other.statusCode, itemAnswer(other.body).returnMsg]).toEqual([
      404,
      'No operation at /elsewhere; see the service documentation for the paths.',
    ]);
    const underCheckout = await app.inject({ method: 'OPTIONS', url: '/server-webapp/api/other?fmt=json' });
    expect([underCheckout.statusCode, checkoutErrors(underCheckout.body)[0].code]).toEqual([
      404,
      'checkout.path.unknown',
    ]);
  });

  test('a body that cannot be read, on a path no operation or plugin holds, is that path not found in the envelope', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      const answer = await app.inject({
        method,
        url: '/elsewhere',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect([answer.statusCode, answer.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
      expect(itemAnswer(answer.body)).toMatchObject({
        returnCode: '50',
        returnMsg: 'No operation at /elsewhere; see the service documentation for the paths.',
      });
    }
  });

  test('the rate limit names the login for the item service and the username for the checkout', async () => {
    const limited = await buildApp({ catalog: new CatalogStore(db), environment: 'test', rateLimitPerMinute: 2 });
    const search = (n: number) =>
      limited.inject({ url: `/itemservice/v3/en/search/token?login=limited${n}&apikey=x&search_token=BAV99` });
    await search(1);
    await search(1);
    const item = await search(1);
    expect(item.statusCode).toBe(503);
    expect(itemAnswer(item.body).returnMsg).toMatch(
      /^Too many requests: at most 2 a minute are answered for one login;/,
    );

    const order = () => limited.inject({ url: `${CHECKOUT_PATH}?fmt=json&username=limited-buyer&password=x` });
    await order();
    await order();
    const checkout = await order();
    expect(checkout.statusCode).toBe(503);
    expect(checkoutErrors(checkout.body)[0]).toMatchObject({
      code: 'checkout.rate.limited',
      message: expect.stringMatching(/for one username;/),
    });
    await limited.close();
  });
});
