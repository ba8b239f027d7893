/**
 * A slow Redis for tests and the gateway benchmark: a TCP proxy on a free loopback port in front of a real
 * redis-server that passes commands on at once and holds every chunk of the replies for a delay set at run time
 * (0: none). The replies keep their order; a long delay stands for a saturated server (nothing comes back for that
 * long), a short one for a slow or distant one. Every connection goes to the one address it was given.
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface DelayProxy {
  /** `redis://127.0.0.1:PORT`: give it to the gateways in place of the server's own address. */
  url: string;
  port: number;
  /** Holds each reply chunk that arrives from now on for `ms` (0: passes them at once). */
  setDelay(ms: number): void;
  readonly delayMs: number;
  /** Closes the listener and every connection through it. */
  close(): Promise<void>;
}

/** One client's connection and its server side: reply chunks leave in order, each at its time. */
function pipeDelayed(client: Socket, server: Socket, delayOf: () => number): void {
  const queue: { at: number; chunk: Buffer }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ended = false;
  const flush = () => {
    timer = null;
    const now = Date.now();
    while (queue.length > 0 && queue[0].at <= now) client.write(queue.shift()!.chunk);
    if (queue.length > 0) timer = setTimeout(flush, queue[0].at - now);
    else if (ended) client.end();
  };
  server.on('data', (chunk: Buffer) => {
    // Never before a chunk that came earlier: the client reads the replies in the order of its commands.
    const last = queue.length > 0 ? queue[queue.length - 1].at : 0;
    queue.push({ at: Math.max(Date.now() + delayOf(), last), chunk });
    if (timer === null) flush();
  });
  server.on('end', () => {
    ended = true;
    if (timer === null) flush();
  });
  client.on('data', (chunk: Buffer) => server.write(chunk));
  client.on('end', () => server.end());
  const drop = () => {
    if (timer !== null) clearTimeout(timer);
    client.destroy();
    server.destroy();
  };
  client.on('error', drop);
  server.on('error', drop);
  client.on('close', drop);
}

/** Starts the proxy in front of the redis-server at `target` (a loopback port). */
export async function startDelayProxy(target: { host?: string; port: number }, delayMs = 0): Promise<DelayProxy> {
  let delay = delayMs;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host ?? '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    pipeDelayed(client, upstream, () => delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    setDelay: (ms) => (delay = Math.max(0, ms)),
    get delayMs() {
      return delay;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
