import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../store/db';
import { ensureCheckoutSchema } from './accounts';
import { Checkout, type Environment } from './checkout';
import { CheckoutError, echo } from './errors';
import type { FaultSwitch } from './faults';
import { answerFormat, Params, type Query } from './params';
import type { CallerOf } from '../ratelimit';
import { errorBody, orderBody, serialize, type OrderPlacedBody } from './render';

export const CHECKOUT_PATH = '/server-webapp/api/automatedCheckout';

export interface CheckoutRoutesOptions {
  db: Db;
  environment: Environment;
  /** Simulated back-office failure; honoured by the test environment only. */
  faults?: FaultSwitch;
}

const CONTENT_TYPES = { json: 'application/json; charset=utf-8', xml: 'application/xml; charset=utf-8' };

/**
 * A refusal decided outside the checkout's own handler (rate limiting, an unreadable request), as an OrderPlaced
 * error in the format the caller asked for.
 */
export function sendCheckoutError(request: FastifyRequest, reply: FastifyReply, error: CheckoutError): FastifyReply {
  const query = (request.query ?? {}) as Query;
  const { format } = answerFormat(query.fmt, request.headers.accept);
  const stAddressId = typeof query.shipToAddressId === 'string' ? echo(query.shipToAddressId.trim(), 40) : '';
  return reply.code(error.status).header('cache-control', 'no-store').type(CONTENT_TYPES[format]).send(serialize(errorBody(error, stAddressId), format));
}

/** The username the checkout authenticates (any case: usernames compare without case), for the limiter. */
export const checkoutCaller: CallerOf = (query) => {
  const username = new Params(query).optional('username');
  return username === undefined ? undefined : `checkout:${username.toLowerCase()}`;
};

export function registerCheckoutRoutes(app: FastifyInstance, opts: CheckoutRoutesOptions): void {
  ensureCheckoutSchema(opts.db);
  const checkout = new Checkout(opts.db, opts.environment, opts.environment === 'test' ? opts.faults : undefined);

  // GET places orders, so HEAD (which would run the same handler) is refused rather than derived from it.
  app.head(CHECKOUT_PATH, async (_request, reply) => reply.code(405).header('allow', 'GET').send());

  // Other methods: refused in the checkout's own answer format.
  app.route({
    method: ['POST', 'PUT', 'DELETE', 'PATCH'],
    url: CHECKOUT_PATH,
    handler: async (request, reply) => {
      const { format } = answerFormat(undefined, request.headers.accept);
      const error = new CheckoutError({ code: 'checkout.method.not.allowed', message: `${request.method} is not supported; place orders with GET.` });
      return reply.code(error.status).header('allow', 'GET').type(CONTENT_TYPES[format]).send(serialize(errorBody(error, ''), format));
    },
  });

  app.get(CHECKOUT_PATH, { exposeHeadRoute: false, config: { caller: checkoutCaller } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = (request.query ?? {}) as Query;
    const { format, problem } = answerFormat(query.fmt, request.headers.accept);
    const send = (status: number, body: OrderPlacedBody) =>
      reply.code(status).header('cache-control', 'no-store').type(CONTENT_TYPES[format]).send(serialize(body, format));
    const stAddressId = typeof query.shipToAddressId === 'string' ? echo(query.shipToAddressId.trim(), 40) : '';

    if (problem) {
      const message = problem === 'repeated' ? "Parameter 'fmt' was given more than once; give it once." : "fmt must be json or xml.";
      const error = new CheckoutError({ code: problem === 'repeated' ? 'checkout.parameter.repeated' : 'checkout.parameter.invalid', message });
      return send(error.status, errorBody(error, stAddressId));
    }
    try {
      return send(200, orderBody(checkout.place(query)));
    } catch (e) {
      if (e instanceof CheckoutError) return send(e.status, errorBody(e, stAddressId));
      request.log.error({ err: e }, 'checkout failed');
      const error = new CheckoutError({ code: 'checkout.internal.error', message: 'The checkout failed unexpectedly; nothing was stored. Try again later.' });
      return send(error.status, errorBody(error, stAddressId));
    }
  });
}
