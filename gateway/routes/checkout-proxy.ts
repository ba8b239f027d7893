/**
 * The automated checkout, forwarded once per environment: `/server-webapp/*` to the production checkout and
 * `/test-env/server-webapp/*` to the test one. Through the gate, never the cache, never a retry (an order must not be
 * placed twice). Only the checkout operation of its own environment is forwarded, and only it gets that
 * environment's team account. Failures are thrown to the one error handler.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { admit } from '../admission';
import type { GatewayContext, GatewayPluginOptions } from '../context';
import {
  checkoutOperation,
  FORWARDED_METHOD,
  ROUTED_METHODS,
  TEST_ENV_PREFIX,
  type CheckoutEnvironment,
} from '../operations';
import { answeringErrors } from '../errors';
import { credentialsKey } from '../credentials-key';
import { methodNotAllowed, notFound } from '../refusals';
import { sendAnswer } from '../replies';
import type { Upstream } from '../upstream';

export interface CheckoutProxyOptions extends GatewayPluginOptions {
  environment: CheckoutEnvironment;
}

type TeamAccount = { username: string; passwordSha256: string };

const teamAccount = (username?: string, passwordSha256?: string): TeamAccount | undefined =>
  username && passwordSha256 ? { username, passwordSha256 } : undefined;

async function forwardCheckout(
  context: GatewayContext,
  upstream: Upstream,
  environment: CheckoutEnvironment,
  account: TeamAccount | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const requestTarget = context.requests.target(request);
  // HEAD too: an upstream may answer a HEAD by running its GET, which would place the order.
  if (request.method !== FORWARDED_METHOD) throw methodNotAllowed();
  const upstreamPath = checkoutOperation(requestTarget.path, environment);
  if (!upstreamPath) throw notFound();
  await admit(context, request, reply);
  let forwardedQuery = requestTarget.query;
  const query = new URLSearchParams(forwardedQuery);
  if (account) {
    query.set('username', account.username);
    query.set('password', account.passwordSha256);
    forwardedQuery = query.toString();
  }
  // A busy answer pauses this checkout account only (pauses.ts).
  const credentials = credentialsKey(query.get('username') ?? '', query.get('password') ?? '');
  context.requests.trace(request).source = 'upstream';
  // A checkout whose client has gone is dropped before it is sent (nobody would learn the order was placed); once
  // sent it runs to its answer.
  const answer = await upstream.send(forwardedQuery ? `${upstreamPath}?${forwardedQuery}` : upstreamPath, {
    method: FORWARDED_METHOD,
    headers: { accept: request.headers.accept ?? '*/*' },
    credentials,
    ...context.requests.asker(request, reply),
  });
  return sendAnswer(reply.header('cache-control', 'no-store'), answer);
}

/** Registered once per environment, each with its own upstream and team account. */
export const checkoutProxy: FastifyPluginAsync<CheckoutProxyOptions> = async (app, { context, environment }) => {
  const { config, upstreams } = context;
  const test = environment === 'test';
  const upstream = test ? upstreams.testCheckout : upstreams.checkout;
  const account = test
    ? teamAccount(config.teamTestCheckoutUsername, config.teamTestCheckoutPasswordSha256)
    : teamAccount(config.teamCheckoutUsername, config.teamCheckoutPasswordSha256);
  app.route({
    method: ROUTED_METHODS,
    url: `${test ? TEST_ENV_PREFIX : ''}/server-webapp/*`,
    handler: answeringErrors(context.answerError, async (request, reply) =>
      forwardCheckout(context, upstream, environment, account, request, reply),
    ),
  });
};
