/**
 * What the gateway keeps about a request while it is answered: its target as read before routing (target.ts), what
 * it did for its log line, and whose lane it waits in at the upstreams' gates (and how many requests its connection
 * has under way).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Asker } from './list-search';
import { connectionBusy } from './refusals';
import type { RequestTarget } from './target';

/** What one request did, for its log line. */
export interface Trace {
  user?: string;
  source?: string;
  parts?: number;
  fromCache?: number;
}

/** Node's default limit of listeners for one event before it warns: its own, and the http server's, fit in it. */
const LISTENERS_OF_NODE = 10;

export class RequestNotes {
  private readonly traces = new WeakMap<FastifyRequest, Trace>();
  private readonly targets = new WeakMap<FastifyRequest, RequestTarget>();
  /** Requests bound for the upstreams under way on each connection, and the requests counted there. */
  private readonly underWay = new WeakMap<object, number>();
  private readonly counted = new WeakSet<FastifyRequest>();

  /** `perConnection`: requests one connection may have under way for the upstreams (a lane's share). */
  constructor(private readonly perConnection = 32) {}

  trace(request: FastifyRequest): Trace {
    let t = this.traces.get(request);
    if (!t) this.traces.set(request, (t = {}));
    return t;
  }

  /** Set by the first hook for every request a route sees. */
  setTarget(request: FastifyRequest, target: RequestTarget): void {
    this.targets.set(request, target);
  }

  target(request: FastifyRequest): RequestTarget {
    return this.targets.get(request)!;
  }

  /**
   * Whose lane a request waits in at the gates: its token's owner (known after admission), else its address (the
   * connection's own, or the one a trusted proxy named: proxies.ts). Throws the refusal of a connection that already
   * has its share of requests under way.
   */
  asker(request: FastifyRequest, reply: FastifyReply): Required<Asker> {
    this.holdConnection(request, reply);
    const user = this.trace(request).user;
    return {
      client: user !== undefined ? `token ${user}` : `address ${request.ip}`,
      signal: goneSignal(request, reply),
    };
  }

  /**
   * Counts a request bound for the upstreams against its connection until its answer is done. A browser or a proxy
   * sends one request at a time on a connection; one that sends many without waiting (pipelining) could otherwise
   * hold a place in as many lanes as it names forwarded addresses, through a proxy that passes the header on. Beyond
   * a lane's share the request is refused at once.
   */
  private holdConnection(request: FastifyRequest, reply: FastifyReply): void {
    const socket = request.raw.socket;
    if (!socket || this.counted.has(request)) return;
    const held = this.underWay.get(socket) ?? 0;
    if (held >= this.perConnection) throw connectionBusy(this.perConnection);
    this.counted.add(request);
    this.underWay.set(socket, held + 1);
    // Each request under way listens for its client's leaving (goneSignal): a connection pipelining its share has as
    // many listeners, by design, which Node would report past 10 as a likely leak in the operator's log.
    if (socket.getMaxListeners() < this.perConnection + LISTENERS_OF_NODE)
      socket.setMaxListeners(this.perConnection + LISTENERS_OF_NODE);
    reply.raw.once('close', () => this.underWay.set(socket, Math.max(0, (this.underWay.get(socket) ?? 1) - 1)));
  }
}

/**
 * A signal aborted when the client goes (its connection closes) before its answer is sent: whatever the request
 * still has waiting at a gate is then dropped unsent.
 */
function goneSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const socket = request.raw.socket;
  // A connection closed while the request waited for its turn to be read has said so already.
  if (reply.raw.destroyed || socket?.destroyed || socket?.readableEnded) controller.abort();
  else {
    // The client's end of the connection closing (its FIN read) says it has gone as soon as it is read: the
    // connection's own close comes later, once the gateway's end has closed too, and a busy process may send the
    // request upstream meanwhile. (A client that half-closes and still waits is not a browser's way: Node answers
    // such a request no longer either.)
    const ended = () => {
      if (!reply.raw.writableFinished) controller.abort();
    };
    socket?.once('end', ended);
    reply.raw.once('close', () => {
      socket?.removeListener('end', ended);
      ended();
    });
  }
  return controller.signal;
}
