/**
 * What the service-wide checks of app.ts (rate limit, unsupported methods, redaction) need of each operation, so
 * that they answer in the operation's own format without knowing which one it is: each plugin (item service,
 * checkout) enters its paths here with how it refuses a request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failureStatus } from '../serving/failure-status';

export interface OperationRefusals {
  /** What its requests are counted by, in words for the rate-limit message: 'login' or 'username'. */
  caller: string;
  rateLimited(request: FastifyRequest, reply: FastifyReply, message: string): FastifyReply;
  methodNotAllowed(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * The operations by path, as the router sees it (canonical, without query), and each plugin's not-found answer by
 * prefix: a check that answers before routing (an OPTIONS that is no preflight), or after it in an error handler,
 * finds here what the router would.
 */
export class Operations {
  private readonly byPath = new Map<string, OperationRefusals>();
  private readonly notFoundByPrefix: Array<{ prefix: string; notFound: Handler }> = [];

  /** `notFound`: the service's own answer for a path outside every plugin. */
  constructor(private readonly notFound: Handler) {}

  enter(path: string, refusals: OperationRefusals): void {
    this.byPath.set(path, refusals);
  }

  /** The plugin under `prefix` answers unknown paths beneath it with `notFound`. */
  group(prefix: string, notFound: Handler): void {
    this.notFoundByPrefix.push({ prefix, notFound });
  }

  at(path: string): OperationRefusals | undefined {
    return this.byPath.get(path);
  }

  /** The not-found answer of the plugin whose prefix holds the request's path; the service's own outside them all. */
  notFoundFor(request: FastifyRequest): Handler {
    const path = pathOf(request);
    return (
      this.notFoundByPrefix.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.notFound ??
      this.notFound
    );
  }
}

export function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The path of a URL with its query replaced: query strings carry apikey, password and req. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?[redacted]`;
}

const SECRET_PARAMETER = /\b(apikey|password|req)=[^&\s"'<>]*/gi;
const SECRET_FIELD = /("(?:apikey|password)"\s*:\s*")(?:[^"\\]|\\.)*/gi;

/** Text with the values of credential parameters and credential JSON fields blanked. */
export function redactText(text: string): string {
  return text.replace(SECRET_PARAMETER, '$1=[redacted]').replace(SECRET_FIELD, '$1[redacted]');
}

/**
 * A body that cannot be read (too large, bad JSON, unknown type) comes with a method no operation takes: it is
 * answered as that method is, refused on an operation's path and not found elsewhere. Returns null for reads.
 */
export function unreadableBody(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  operations: Operations,
): Promise<FastifyReply> | null {
  if (status >= 500 || request.method === 'GET' || request.method === 'HEAD') return null;
  return refuseMethod(request, reply, operations);
}

/** A method no operation takes: refused in the operation's format on its path, otherwise the path's not-found answer. */
export async function refuseMethod(
  request: FastifyRequest,
  reply: FastifyReply,
  operations: Operations,
): Promise<FastifyReply> {
  const operation = operations.at(pathOf(request));
  if (operation) return operation.methodNotAllowed(request, reply);
  // Called directly: reply.callNotFound() from an error handler answers with Fastify's plain-text 404, not ours.
  return operations.notFoundFor(request)(request, reply);
}

/** How an operation group words a failure that reached its error handler, in its own format. */
export interface FailureWords<E> {
  /** A fault of the service: nothing was done. */
  internal(): E;
  /** A request that could not be read (`status` 4xx), with a message that quotes nothing secret. */
  unreadable(message: string, status: number): E;
  send(request: FastifyRequest, reply: FastifyReply, error: E): FastifyReply;
}

/**
 * The error handler of an operation group (the item service, the checkout): a failure no handler turned into an
 * answer is a request that could not be read or a fault of the service (logged); a body that cannot be read is
 * answered as its method is. Each group gives only its words.
 */
export function operationFailure<E>(operations: Operations, words: FailureWords<E>) {
  return async (
    err: Error & { statusCode?: number },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const status = failureStatus(err);
    if (status === 500) request.log.error({ err }, 'unexpected failure');
    const refused = unreadableBody(request, reply, status, operations);
    if (refused) return refused;
    const error =
      status === 500
        ? words.internal()
        : words.unreadable(`The request could not be read: ${redactText(err.message)}`, status);
    return words.send(request, reply, error);
  };
}
