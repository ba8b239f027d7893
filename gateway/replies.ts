/** Answers the gateway passes on: an upstream's answer as it came, and a list answer assembled from the cache. */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ListBody } from './list-search';
import type { UpstreamAnswer } from './upstream';
import type { WriteTurns } from './write-turns';

export function sendAnswer(reply: FastifyReply, answer: UpstreamAnswer): FastifyReply {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return reply.send(answer.body);
}

/**
 * A list answer, written as the client reads it, with its length known first: a client that does not read holds a
 * few pieces. Written in its turn among the answers ready at the same time (`turns`).
 */
export function sendListBody(
  reply: FastifyReply,
  outcome: { body: ListBody; fromCache: number; parts: number },
  turns: WriteTurns,
): FastifyReply {
  // A client that leaves before its answer's turn gives its place up at once.
  const gone = new AbortController();
  if (outcome.body.refusal === undefined) reply.raw.once('close', () => gone.abort());
  return reply
    .code(200)
    .header('x-partsheet-cache', `${outcome.fromCache}/${outcome.parts}`)
    .header('content-length', outcome.body.bytes)
    .type('application/json; charset=utf-8')
    .send(
      // A refusal is a few hundred bytes in one piece: sent as it is, without a stream's machinery.
      outcome.body.refusal !== undefined
        ? Buffer.concat([...outcome.body.pieces()])
        : Readable.from(turns.inTurn(outcome.body.pieces(), gone.signal), { objectMode: false }),
    );
}
