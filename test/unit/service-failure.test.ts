/**
 * The item service's and the checkout's error handlers are one (service/operations.ts operationFailure) with each
 * group's words: a fault is logged and answered as the group's internal error, a request Fastify could not read is
 * answered in the group's format with its message redacted, and a body on a refused method is that refusal.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { itemFailure, itemNotFound, itemRefusals } from '../../service/itemservice/plugin';
import { checkoutFailure, checkoutNotFound, checkoutRefusals } from '../../service/checkout/routes';
import { Operations } from '../../service/operations';

const logged: string[] = [];

/** An app whose routes fail on purpose, with `handler` as its error handler. */
async function failingApp(
  handler: (operations: Operations) => ReturnType<typeof itemFailure>,
): Promise<FastifyInstance> {
  const operations = new Operations(itemNotFound);
  operations.enter('/item', itemRefusals);
  operations.enter('/checkout', checkoutRefusals);
  operations.group('/checkout', checkoutNotFound);
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
  });
  for (const path of ['/item', '/checkout']) {
    app.get(`${path}/fault`, async () => {
      throw new Error('the database is gone');
    });
    app.get(`${path}/unreadable`, async () => {
      throw Object.assign(new Error('bad value in apikey=secret123'), { statusCode: 400 });
    });
    app.post(path, async () => 'never');
  }
  app.setErrorHandler(handler(operations));
  await app.ready();
  return app;
}

describe('one error handler, each group its words', () => {
  beforeEach(() => logged.splice(0));

  test('the item service: a fault is INTERNAL (500, logged), an unreadable request its own status, redacted', async () => {
    const app = await failingApp(itemFailure);
    const fault = await app.inject({ url: '/item/fault' });
    expect(fault.statusCode).toBe(500);
    const faultAnswer = JSON.parse(fault.body).itemserviceresult.transactionArea[0].response;
    expect(faultAnswer.returnCode).toBe('1');
    expect(faultAnswer.returnMsg).toBe('The service failed to answer this request.');
    expect(logged.join('')).toContain('unexpected failure');

    const unreadable = await app.inject({ url: '/item/unreadable' });
    expect(unreadable.statusCode).toBe(400);
    const answer = JSON.parse(unreadable.body).itemserviceresult.transactionArea[0].response;
    expect(answer.returnMsg).toBe('The request could not be read: bad value in apikey=[redacted]');
    expect(unreadable.body).not.toContain('secret123');
    await app.close();
  });

  test('the checkout: a fault is checkout.internal.error (500, logged), an unreadable request a parameter error, redacted', async () => {
    const app = await failingApp(checkoutFailure);
    const fault = await app.inject({ url: '/checkout/fault?fmt=json' });
    expect(fault.statusCode).toBe(500);
    expect(JSON.parse(fault.body).OrderPlaced.errors[0].code).toBe('checkout.internal.error');
    expect(logged.join('')).toContain('unexpected failure');

    const unreadable = await app.inject({ url: '/checkout/unreadable?fmt=json' });
    expect(unreadable.statusCode).toBe(400);
    const error = JSON.parse(unreadable.body).OrderPlaced.errors[0];
    expect(error).toEqual({
      code: 'checkout.parameter.invalid',
      message: 'The request could not be read: bad value in apikey=[redacted]',
    });
    await app.close();
  });

  test('a body that cannot be read, on a method the operation refuses, is that refusal in its format', async () => {
    for (const [path, handler] of [
      ['/item', itemFailure],
      ['/checkout', checkoutFailure],
    ] as const) {
      const app = await failingApp(handler);
      const answer = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect([path, answer.statusCode]).toEqual([path, 405]);
      await app.close();
    }
  });
});
