/**
 * The item service's operations under /itemservice/, forwarded to the item upstream. List searches are answered
 * part by part from the cache (list-search.ts), other JSON reads whole from the answer cache; XML, JSONP and list
 * searches the cache cannot split pass through as they are. Failures are thrown to the one error handler.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiVersion } from '../../src/catalog/model';
import { sendWithBackoff, type AnswerCache } from '../answer-cache';
import { admit } from '../admission';
import type { GatewayContext, GatewayPluginOptions } from '../context';
import type { Asker, ClientList } from '../list-search';
import { FORWARDED_METHOD, itemOperation, ROUTED_METHODS } from '../operations';
import { answeringErrors } from '../errors';
import { itemLookupFailed, methodNotAllowed, notFound } from '../refusals';
import { rawSearchKey } from '../refusal-memo';
import { sendAnswer, sendListBody } from '../replies';
import { ClientGone } from '../upstream';
import { credentialsKey } from '../credentials-key';
import { answerKey, isJsonQuery, queryCredentials, readItemQuery } from './item-query';

const LIST_PATH = /^\/itemservice\/(v3|v4)\/en\/search\/list$/;

/** One item-service request as the route forwards it. */
interface ItemRequest {
  path: string;
  query: URLSearchParams;
  /** The path and query sent upstream, written only for a request forwarded as it is (a list query is long). */
  pathAndQuery(): string;
  headers: Record<string, string>;
  /** Whose lane it waits in, and the key of its credentials (a busy answer pauses those only). */
  who: Required<Asker> & { credentials: string };
}

/** A list search the cache answers: the parts from the cache, the others looked up together. */
async function answerList(
  context: GatewayContext,
  request: FastifyRequest,
  reply: FastifyReply,
  list: ClientList,
  asSent: string | undefined,
): Promise<FastifyReply> {
  const t = context.requests.trace(request);
  // Whose cache: the credentials' digest (the team's with a team key), so two teams sharing a Redis never meet.
  const credentialKey = credentialsKey(list.credentials.login, list.credentials.apikey);
  const outcome = await context.lists.answer(list, credentialKey, context.requests.asker(request, reply), asSent);
  if (!outcome.ok) {
    t.source = 'upstream';
    throw itemLookupFailed(outcome.failure);
  }
  const source = outcome.refusedEarly ? 'gateway' : outcome.fromCache === outcome.parts ? 'cache' : 'upstream';
  Object.assign(t, { source, parts: outcome.parts, fromCache: outcome.fromCache });
  return sendListBody(reply, outcome, context.writes);
}

/** A JSON read answered whole from the answer cache, or fetched once for all who ask it at the same time. */
async function answerCached(
  context: GatewayContext,
  request: FastifyRequest,
  reply: FastifyReply,
  item: ItemRequest,
): Promise<FastifyReply> {
  const key = answerKey(item.path, item.query);
  const { upstreams, answers } = context;
  const fetchAnswer = () => sendWithBackoff(upstreams.item, item.pathAndQuery(), item.headers, item.who);
  let got: Awaited<ReturnType<AnswerCache['get']>>;
  try {
    got = await answers.get(key, fetchAnswer);
  } catch (e) {
    // The request this one shared was dropped because its own client went: this client is still here.
    if (!(e instanceof ClientGone) || item.who.signal.aborted) throw e;
    got = await answers.get(key, fetchAnswer);
  }
  const { answer, from } = got;
  context.requests.trace(request).source = from;
  return sendAnswer(reply.header('x-partsheet-cache', from === 'upstream' ? 'miss' : 'hit'), answer);
}

async function forwardItemRequest(
  context: GatewayContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { requests, lists, team } = context;
  const target = requests.target(request);
  if (request.method !== FORWARDED_METHOD) throw methodNotAllowed();
  const path = itemOperation(target.path);
  if (!path) throw notFound();
  await admit(context, request, reply);
  const rawQuery = target.query;
  const cacheOn = context.ttlMs > 0;
  const listMatch = LIST_PATH.exec(path);
  // A list search refused for size a moment ago and sent again word for word is refused again before its query
  // (up to a thousand part numbers) is read: a client repeating one as fast as it can costs a digest each time.
  const asSent =
    cacheOn && listMatch
      ? rawSearchKey(team ? credentialsKey(team.login, team.apikey) : 'own', path, rawQuery)
      : undefined;
  const repeated = asSent === undefined ? undefined : lists.refusedAsSent(asSent);
  if (repeated) {
    Object.assign(requests.trace(request), { source: 'cache', parts: repeated.parts, fromCache: repeated.fromCache });
    return sendListBody(reply, repeated, context.writes);
  }
  const listVersion = cacheOn && listMatch ? (listMatch[1] as ApiVersion) : undefined;
  const { query, list } = readItemQuery(rawQuery, listVersion, team);
  if (list) return answerList(context, request, reply, list, asSent);
  const item: ItemRequest = {
    path,
    query,
    pathAndQuery: () => {
      const forwardedQuery = team ? query.toString() : rawQuery;
      return forwardedQuery ? `${path}?${forwardedQuery}` : path;
    },
    headers: { accept: request.headers.accept ?? 'application/json' },
    who: { ...requests.asker(request, reply), credentials: queryCredentials(query) },
  };
  if (cacheOn && isJsonQuery(query) && !listMatch) return answerCached(context, request, reply, item);
  // XML, JSONP, list searches the cache cannot split: passed through as they are.
  requests.trace(request).source = 'upstream';
  return sendAnswer(reply, await sendWithBackoff(context.upstreams.item, item.pathAndQuery(), item.headers, item.who));
}

export const itemProxy: FastifyPluginAsync<GatewayPluginOptions> = async (app, { context }) => {
  app.route({
    method: ROUTED_METHODS,
    url: '/itemservice/*',
    handler: answeringErrors(context.answerError, async (request, reply) =>
      forwardItemRequest(context, request, reply),
    ),
  });
};
