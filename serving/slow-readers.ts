/**
 * What an HTTP server of this project (the reference service, the gateway) does about clients that do not read their
 * answers. An answer that cannot be written waits in memory for its client; without bounds, a few clients that send
 * requests and never read take the server's memory. So: a connection on which nothing moves for the send timeout
 * while an answer is being written is dropped; a connection whose unread answers pass a per-connection cap is dropped
 * at once; and answers waiting for their clients all together stay under a total cap, past which the connection that
 * would pass it is dropped. Streamed answers (written as the client reads) hold a few pieces and count for those.
 */
import type { FastifyInstance } from 'fastify';

/** Answer bytes one connection may have waiting for its client to read; beyond it the connection is dropped. */
export const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
/** Answer bytes all connections together may have waiting; the connection that would pass it is dropped. */
export const MAX_TOTAL_BUFFERED_BYTES = 256 * 1024 * 1024;
/** How long an answer may sit with nothing moving before its connection is dropped. */
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;
/** What a streamed answer holds at most while its client does not read: a piece and the socket's buffer. */
const STREAMED_HOLD_BYTES = 128 * 1024;

export interface SlowReaderLimits {
  /** Per connection (default MAX_BUFFERED_BYTES). */
  maxBufferedBytes?: number;
  /** All connections together (default MAX_TOTAL_BUFFERED_BYTES). */
  maxTotalBufferedBytes?: number;
  /** Nothing moving while an answer is written for this long drops the connection (default 30 s; 0: never). */
  sendTimeoutMs?: number;
  /** Told why a connection was dropped, for the log. */
  onDrop?: (why: string) => void;
}

/** Bytes an answer's payload holds in memory until its client has read it. */
function heldBy(payload: unknown): number {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  if (Buffer.isBuffer(payload)) return payload.length;
  if (payload && typeof (payload as { pipe?: unknown }).pipe === 'function') return STREAMED_HOLD_BYTES;
  return 0;
}

/** Bounds, on every answer `app` sends, what clients that do not read can make it hold (see the module's comment). */
export function boundSlowReaders(app: FastifyInstance, limits: SlowReaderLimits = {}): { heldBytes(): number } {
  const perConnection = limits.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const total = limits.maxTotalBufferedBytes ?? MAX_TOTAL_BUFFERED_BYTES;
  const sendTimeoutMs = limits.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  let held = 0;
  app.addHook('onSend', async (request, reply, payload) => {
    const socket = request.raw.socket;
    if (!socket || socket.destroyed) return payload;
    const size = heldBy(payload);
    const drop = (why: string) => {
      limits.onDrop?.(why);
      socket.destroy();
    };
    if (socket.writableLength + size > perConnection) {
      drop(`its client does not read its answers (over ${perConnection} bytes waiting on one connection)`);
      return payload;
    }
    if (held + size > total) {
      drop(`answers waiting for clients to read them would pass ${total} bytes in all`);
      return payload;
    }
    held += size;
    reply.raw.once('close', () => (held -= size));
    // Idle means no bytes moved: a client that does not read stops the writes, and the socket times out. Node sets
    // its keep-alive timeout once the answer is out, so this applies while an answer is being written.
    // A request injected without a network (tests, in-process callers) has a stand-in socket without timers.
    if (sendTimeoutMs > 0 && typeof socket.setTimeout === 'function') socket.setTimeout(sendTimeoutMs);
    return payload;
  });
  return { heldBytes: () => held };
}
