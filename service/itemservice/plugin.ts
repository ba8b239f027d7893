/**
 * The item service as a Fastify plugin: its routes (routes.ts) under ITEM_PREFIX, the methods its paths refuse, and
 * its own not-found and failure answers, all in the item-service envelope.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ItemServiceError } from '../../protocol/item-service-errors';
import { operationFailure, pathOf, type OperationRefusals, type Operations } from '../operations';
import { sendItemError, type Query } from './query';
import { registerItemRoutes, type ItemRoutesOptions } from './routes';
import { SERVICE_VERSION } from './shapes';

/** Where the item service's plugin is registered; its routes and not-found answers are under it. */
export const ITEM_PREFIX = '/itemservice';

export const ITEM_PATHS = [
  '/v3/en/search/token',
  '/v4/en/search/token',
  '/v3/en/search/list',
  '/v4/en/search/list',
  '/v3/en/lookup/manufacturer',
  '/v2/en/detail',
].map((path) => ITEM_PREFIX + path);

/** The envelope's serviceMetaData version for a path: the one its operation answers with, else v3's. */
export function itemVersionOf(path: string): string {
  if (path.startsWith(`${ITEM_PREFIX}/v4/`)) return SERVICE_VERSION.v4;
  if (path.startsWith(`${ITEM_PREFIX}/v2/`)) return SERVICE_VERSION.v2;
  return SERVICE_VERSION.v3;
}

/** An item-service failure with its own HTTP status: a request that could not be read (400, 413, 415, …). */
export class UnreadableRequest extends ItemServiceError {
  constructor(
    message: string,
    private readonly httpStatus: number,
  ) {
    super('INVALID_PARAMETER', message);
  }

  override get status(): number {
    return this.httpStatus;
  }
}

/** An item-service failure in the envelope of the request's operation, in the format its query asked for. */
export function sendItemRefusal(request: FastifyRequest, reply: FastifyReply, error: ItemServiceError): FastifyReply {
  return sendItemError(reply, (request.query ?? {}) as Query, itemVersionOf(pathOf(request)), error);
}

/** A path no operation answers, as the item service says so. */
export async function itemNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const error = new ItemServiceError(
    'UNKNOWN_PATH',
    `No operation at ${pathOf(request).slice(0, 200)}; see the service documentation for the paths.`,
  );
  return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
}

export const itemRefusals: OperationRefusals = {
  caller: 'login',
  rateLimited: (request, reply, message) =>
    sendItemRefusal(request, reply, new ItemServiceError('RATE_LIMITED', message)),
  methodNotAllowed(request, reply) {
    reply.header('allow', 'GET, HEAD');
    const error = new ItemServiceError(
      'METHOD_NOT_ALLOWED',
      `${request.method} is not supported here; every operation is a GET.`,
    );
    return sendItemError(reply, {}, itemVersionOf(pathOf(request)), error);
  },
};

/** A failure no handler turned into an answer: a request that could not be read, or a fault of the service. */
export function itemFailure(operations: Operations) {
  return operationFailure(operations, {
    internal: () => new ItemServiceError('INTERNAL', 'The service failed to answer this request.'),
    unreadable: (message, status) => new UnreadableRequest(message, status),
    send: sendItemRefusal,
  });
}

export interface ItemServiceOptions extends ItemRoutesOptions {
  /** The service's operations, where this plugin enters its paths. */
  operations: Operations;
}

/**
 * The item service as a Fastify plugin, registered under ITEM_PREFIX: its operations, the methods they refuse, and
 * its own not-found and error answers, all in the item-service envelope.
 */
export const itemServicePlugin: FastifyPluginAsync<ItemServiceOptions> = async (app, options) => {
  registerItemRoutes(app, options);
  for (const path of ITEM_PATHS) {
    options.operations.enter(path, itemRefusals);
    app.route({
      method: ['POST', 'PUT', 'DELETE', 'PATCH'],
      url: path.slice(ITEM_PREFIX.length),
      handler: async (request, reply) => itemRefusals.methodNotAllowed(request, reply),
    });
  }
  options.operations.group(ITEM_PREFIX, itemNotFound);
  app.setNotFoundHandler(itemNotFound);
  app.setErrorHandler(itemFailure(options.operations));
};
