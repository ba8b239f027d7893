/**
 * The gateway token of a forwarded request: required with a team key (or --require-tokens), checked whenever given,
 * and counted against its own limit. A refusal is thrown for the error handler to answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_TOKEN_HEADER } from '../protocol/gateway-token';
import { rateLimitHeaders } from '../serving/rate-limit';
import type { GatewayContext } from './context';
import { tokenRefused } from './refusals';
import { takeSharedToken } from './redis';

/** Node lower-cases the names of a request's headers. */
const TOKEN_HEADER = GATEWAY_TOKEN_HEADER.toLowerCase();

/** Admits the request (noting its token's owner for the log and the gates), or throws its refusal. */
export async function admit(context: GatewayContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { config, tokens, tokenLimiter, shared } = context;
  const header = request.headers[TOKEN_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) {
    if (!config.requireTokens) return;
    throw tokenRefused(
      401,
      'gateway token rejected',
      'This gateway needs a gateway token: ask its administrator for one and enter it as the gateway token in the add-in settings.',
    );
  }
  const name = tokens.nameOf(given.trim());
  if (!name) {
    throw tokenRefused(
      401,
      'gateway token rejected',
      'The gateway token is not known here or has been revoked: ask the gateway administrator for a new one.',
    );
  }
  context.requests.trace(request).user = name;
  if (!tokenLimiter.enabled) return;
  // Counted in Redis for all instances together; while it cannot be reached, by this instance alone.
  const decision =
    (shared ? await takeSharedToken(shared, name, tokenLimiter.limit, 60_000) : null) ?? tokenLimiter.take(name);
  reply.headers(rateLimitHeaders(decision));
  if (decision.allowed) return;
  throw tokenRefused(
    429,
    'gateway token rate limit',
    `Too many requests with the gateway token of ${name}: at most ${decision.limit} a minute; try again in ${decision.retryAfterSeconds} s.`,
  );
}
