import { CHECKOUT_PATH } from '../../protocol/checkout';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../store/db';
import { ensureCheckoutSchema } from './accounts';
import { Checkout, type Environment } from './checkout';
import { CheckoutRefusal, echo } from './errors';
import type { FaultSwitch } from './faults';
import { answerFormat, Params, type Query } from './params';
import type { CallerOf } from '../../serving/rate-limit';
import { type Operations, type OperationRefusals, operationFailure, pathOf } from '../operations';
import { errorBody, orderBody, serialize, type OrderPlacedBody } from './render';

/** Where the checkout's plugin is registered; its not-found answers cover every path under it. */
export const CHECKOUT_PREFIX = '/server-webapp/api';
export { CHECKOUT_PATH };
const OPERATION = CHECKOUT_PATH.slice(CHECKOUT_PREFIX.length);

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
export function sendCheckoutError(request: FastifyRequest, reply: FastifyReply, error: CheckoutRefusal): FastifyReply {
  const query = (request.query ?? {}) as Query;
  const { format } = answerFormat(query.fmt, request.headers.accept);
  const stAddressId = typeof query.shipToAddressId === 'string' ? echo(query.shipToAddressId.trim(), 40) : '';
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .type(CONTENT_TYPES[format])
    .send(serialize(errorBody(error, stAddressId), format));
}

/** The answer to a fault of the service: nothing was stored. */
const internalError = () =>
  new CheckoutRefusal({
    code: 'checkout.internal.error',
    message: 'The checkout failed unexpectedly; nothing was stored. Try again later.',
  });

/** The username the checkout authenticates (any case: usernames compare without case), for the limiter. */
export const checkoutCaller: CallerOf = (query) => {
  const username = new Params(query).optional('username');
  return username === undefined ? undefined : `checkout:${username.toLowerCase()}`;
};

export function registerCheckoutRoutes(app: FastifyInstance, opts: CheckoutRoutesOptions): void {
  ensureCheckoutSchema(opts.db);
  const checkout = new Checkout(opts.db, opts.environment, opts.environment === 'test' ? opts.faults : undefined);

  // GET places orders, so HEAD (which would run the same handler) is refused rather than derived from it.
  app.head(OPERATION, async (_request, reply) => reply.code(405).header('allow', 'GET').send());
  app.route({
    method: ['POST', 'PUT', 'DELETE', 'PATCH'],
    url: OPERATION,
    handler: async (request, reply) => checkoutRefusals.methodNotAllowed(request, reply),
  });

  app.get(
    OPERATION,
    { exposeHeadRoute: false, config: { caller: checkoutCaller } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = (request.query ?? {}) as Query;
      const { format, problem } = answerFormat(query.fmt, request.headers.accept);
      const send = (status: number, body: OrderPlacedBody) =>
        reply
          .code(status)
          .header('cache-control', 'no-store')
          .type(CONTENT_TYPES[format])
          .send(serialize(body, format));
      const stAddressId = typeof query.shipToAddressId === 'string' ? echo(query.shipToAddressId.trim(), 40) : '';

      if (problem) {
        const message =
          problem === 'repeated'
            ? "Parameter 'fmt' was given more than once; give it once."
            : 'fmt must be json or xml.';
        const error = new CheckoutRefusal({
          code: problem === 'repeated' ? 'checkout.parameter.repeated' : 'checkout.parameter.invalid',
          message,
        });
        return send(error.status, errorBody(error, stAddressId));
      }
      try {
        return send(200, orderBody(checkout.place(query)));
      } catch (e) {
        if (e instanceof CheckoutRefusal) return send(e.status, errorBody(e, stAddressId));
        request.log.error({ err: e }, 'checkout failed');
        return send(500, errorBody(internalError(), stAddressId));
      }
    },
  );
}

export const checkoutRefusals: OperationRefusals = {
  caller: 'username',
  rateLimited: (request, reply, message) =>
    sendCheckoutError(request, reply, new CheckoutRefusal({ code: 'checkout.rate.limited', message })),
  methodNotAllowed(request, reply) {
    const error = new CheckoutRefusal({
      code: 'checkout.method.not.allowed',
      message: `${request.method} is not supported; place orders with GET.`,
    });
    return sendCheckoutError(request, reply.header('allow', 'GET'), error);
  },
};

/** A path under the checkout's prefix that is not the checkout: an OrderPlaced error a checkout client can read. */
export async function checkoutNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const error = new CheckoutRefusal({
    code: 'checkout.path.unknown',
    message: `No operation at ${pathOf(request).slice(0, 200)}; orders are placed at ${CHECKOUT_PATH}.`,
  });
  return sendCheckoutError(request, reply, error);
}

/** A failure no handler turned into an answer: a request that could not be read, or a fault of the service. */
export function checkoutFailure(operations: Operations) {
  return operationFailure(operations, {
    internal: internalError,
    unreadable: (message) => new CheckoutRefusal({ code: 'checkout.parameter.invalid', message }),
    send: sendCheckoutError,
  });
}

export interface CheckoutPluginOptions extends CheckoutRoutesOptions {
  /** The service's operations, where this plugin enters its path. */
  operations: Operations;
}

/**
 * The automated checkout as a Fastify plugin, registered under CHECKOUT_PREFIX: the operation, the methods it
 * refuses, and its own not-found and error answers, all as OrderPlaced errors.
 */
export const checkoutPlugin: FastifyPluginAsync<CheckoutPluginOptions> = async (app, options) => {
  registerCheckoutRoutes(app, options);
  options.operations.enter(CHECKOUT_PATH, checkoutRefusals);
  options.operations.group(CHECKOUT_PREFIX, checkoutNotFound);
  app.setNotFoundHandler(checkoutNotFound);
  app.setErrorHandler(checkoutFailure(options.operations));
};
