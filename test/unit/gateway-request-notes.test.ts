/**
 * A connection's requests under way for the upstreams (gateway/requests.ts): its share is held, the next refused, and
 * the listeners a full share puts on the connection (one each, for the client's leaving) stay within what Node takes
 * without warning of a leak in the operator's log.
 */
import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestNotes } from '../../gateway/requests';

class FakeSocket extends EventEmitter {
  destroyed = false;
  readableEnded = false;
}

function requestOn(socket: FakeSocket): { request: FastifyRequest; reply: FastifyReply & { raw: EventEmitter } } {
  const raw = Object.assign(new EventEmitter(), { destroyed: false, writableFinished: false });
  const request = { raw: { socket }, ip: '127.0.0.1' } as unknown as FastifyRequest;
  return { request, reply: { raw } as unknown as FastifyReply & { raw: EventEmitter } };
}

test("a connection's full share under way: each request listens for the client's leaving, and Node does not warn", () => {
  const notes = new RequestNotes(32);
  const socket = new FakeSocket();
  const held = Array.from({ length: 32 }, () => requestOn(socket));
  for (const { request, reply } of held) notes.asker(request, reply);
  expect(socket.listenerCount('end')).toBe(32);
  // Node warns once an event has more listeners than the emitter's limit.
  expect(socket.listenerCount('end')).toBeLessThanOrEqual(socket.getMaxListeners());
  // The 33rd is refused at once, and adds no listener.
  const extra = requestOn(socket);
  expect(() => notes.asker(extra.request, extra.reply)).toThrow(/32 requests under way/);
  expect(socket.listenerCount('end')).toBe(32);
  // Answered, each takes its listener away: the connection's next requests start from none.
  for (const { reply } of held) reply.raw.emit('close');
  expect(socket.listenerCount('end')).toBe(0);
  const next = requestOn(socket);
  notes.asker(next.request, next.reply);
  expect(socket.listenerCount('end')).toBe(1);
});

test("the client's end read before its answer aborts what its requests still wait for", () => {
  const notes = new RequestNotes(32);
  const socket = new FakeSocket();
  const { request, reply } = requestOn(socket);
  const { signal } = notes.asker(request, reply);
  expect(signal.aborted).toBe(false);
  socket.emit('end');
  expect(signal.aborted).toBe(true);
});
