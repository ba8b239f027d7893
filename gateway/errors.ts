/**
 * The gateway's one error handler: every error answer the gateway words itself is shaped here, as JSON
 * `{ error, code, message }` (the code stable: protocol/error-codes.ts) with `cache-control: no-store`. Routes and
 * hooks throw (refusals.ts, the upstreams' and the gate's failures); nothing else writes an error answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failureStatus } from '../serving/failure-status';
import { UpstreamLookupFailure } from './list-search';
import { pathOnly, type GatewayLog } from './log';
import { GatewayRefusal, ItemLookupFailed, refusal } from './refusals';
import { sendAnswer } from './replies';
import { ClientGone, GateRefused, UpstreamAnswerTooLarge, UpstreamUnreachable } from './upstream';

/** What a client error's status means, for the answer (the error's own message may quote the request). */
const CLIENT_ERRORS: Record<number, string> = {
  400: 'The request could not be read.',
  413: 'The request is too large.',
  414: 'The request address is too long.',
  415: 'The request body is of a type the gateway does not take.',
  431: 'The request headers are too large.',
};

export type GatewayErrorHandler = (
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply;

function jsonError(reply: FastifyReply, words: GatewayRefusal): FastifyReply {
  for (const [name, value] of Object.entries(words.headers)) reply.header(name, value);
  return reply
    .code(words.status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: words.error, code: words.errorCode, message: words.message }));
}

/** A request the gate did not send: 503 with the gate's `Retry-After` (the client has gone for ClientGone). */
function gateRefusal(e: GateRefused | ClientGone): GatewayRefusal {
  if (e instanceof GateRefused) {
    return refusal(503, 'upstream busy', `The gateway did not send the request: ${e.message}.`, {
      'retry-after': String(e.retryAfterSeconds),
    });
  }
  return refusal(503, 'client gone', `The gateway did not send the request: ${e.message}.`);
}

/** No answer from an upstream: its name only, never its address or the connection's own reason. */
function unreachable(e: UpstreamUnreachable): GatewayRefusal {
  if (e instanceof UpstreamAnswerTooLarge) return refusal(502, 'upstream answer too large', e.message);
  return e.timedOut
    ? refusal(504, 'upstream unreachable', `The ${e.upstream} did not answer in time.`)
    : refusal(502, 'upstream unreachable', `The ${e.upstream} could not be reached; try again later.`);
}

/** A cached list search's failure: the upstream's answer when there is one to pass on, else the gateway's words. */
function lookupFailure({
  failure,
}: ItemLookupFailed): GatewayRefusal | { answer: NonNullable<UpstreamLookupFailure['answer']> } {
  if (failure instanceof UpstreamLookupFailure) {
    if (failure.refusal) return gateRefusal(failure.refusal);
    if (failure.answer) return { answer: failure.answer };
    // These two carry the upstream's address and the connection's own reason: name the item service only.
    if (failure.kind === 'timeout')
      return refusal(504, 'upstream unreachable', 'The item service did not answer in time.');
    if (failure.kind === 'unreachable')
      return refusal(502, 'upstream unreachable', 'The item service could not be reached; try again later.');
  }
  return refusal(
    502,
    'upstream failed',
    `The gateway could not get an answer from the item service: ${failure.message}`,
  );
}

/** A failure nothing above words: a request Fastify could not read (4xx), or a fault of the gateway (500, logged). */
function otherFailure(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  log: GatewayLog,
): GatewayRefusal {
  const status = failureStatus(error);
  if (status < 500)
    return refusal(status, 'bad request', CLIENT_ERRORS[status] ?? `The request was refused (HTTP ${status}).`);
  log.event('request failed', { method: request.method, path: pathOnly(request.url), error: error.message });
  return refusal(500, 'gateway error', 'The gateway failed on this request; try again, or tell its administrator.');
}

/**
 * The handler set on the gateway's app, called for the requests its router cannot read, and by the routes and hooks
 * themselves (`answeringErrors`).
 */
export function gatewayErrorHandler(log: GatewayLog): GatewayErrorHandler {
  return (error, request, reply) => {
    if (error instanceof GatewayRefusal) return jsonError(reply, error);
    if (error instanceof ItemLookupFailed) {
      const shaped = lookupFailure(error);
      return shaped instanceof GatewayRefusal ? jsonError(reply, shaped) : sendAnswer(reply, shaped.answer);
    }
    if (error instanceof UpstreamUnreachable) return jsonError(reply, unreachable(error));
    if (error instanceof GateRefused || error instanceof ClientGone) return jsonError(reply, gateRefusal(error));
    return jsonError(reply, otherFailure(error, request, log));
  };
}

export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * A route whose failures the error handler answers as soon as they are thrown: the answer Fastify's own error path
 * would give through the same handler, without that path's cost (measured with app.inject on a bare Fastify app, it
 * added about half again to the CPU time of a request refused in a few lines). A failure after the answer was sent
 * is left to Fastify.
 */
export function answeringErrors(onError: GatewayErrorHandler, handler: RouteHandler): RouteHandler {
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (e) {
      if (reply.sent) throw e;
      return onError(e as Error, request, reply);
    }
  };
}
