/**
 * Bounds on the connections the gateway holds, so clients that open many and send little cannot take its memory.
 *
 * A connection costs little until its request's headers arrive: then Node's HTTP parser holds them (up to the
 * header size limit, hundreds of kilobytes for a 1000-part list search) until they are complete. So: a connection
 * must have sent its headers within the header timeout (checked every second, not every 30 s as Node's default
 * does), one address may hold `perAddress` connections (a proxy named in `trustProxy` any number) and all clients
 * together `total`; a connection beyond either is closed as soon as it is accepted, before a byte of it is read.
 *
 * Closed connections give their memory back: Node keeps up to 1000 finished HTTP parsers for reuse, and a parser
 * keeps the buffers of the headers it read last until it is used again (a parser left with 300 KB of unfinished
 * headers kept them, 1000 parsers 300 MB, after their connections had closed). Only a few are kept for reuse here.
 */
import { isIPv6, type Socket } from 'node:net';
import type { Server } from 'node:http';

/**
 * A request's whole time: longer than a list search may wait at the gates (two minutes), so a waiting client is
 * answered, not cut. The header timeout is part of it.
 */
export const REQUEST_TIMEOUT_SECONDS = 180;
/** How often Node checks connections for the header and request timeouts (its default is 30 s). */
export const TIMEOUT_CHECK_MS = 1000;
/** Finished HTTP parsers kept for reuse, each holding at most one request's headers. */
const PARSERS_KEPT = 16;

export interface ConnectionLimits {
  /** Connections open at once from one address (an IPv6 client's /64 counts as one address). */
  perAddress: number;
  /** Connections open at once in all. */
  total: number;
  /**
   * Addresses counted in the total only: the proxies named in `trustProxy`. Behind a proxy every connection comes
   * from it, and each user's share is the fair line's business (their forwarded address, or their token).
   */
  proxy?: (address: string) => boolean;
  /** Told when a connection is refused, with why; called at most once a minute per reason. */
  onRefuse?: (why: string, counts: ConnectionStats) => void;
}

/** What `/healthz` shows of the connections. */
export interface ConnectionStats {
  open: number;
  addresses: number;
  refusedPerAddress: number;
  refusedTotal: number;
}

/**
 * The key a connection is counted under: its address, an IPv6 address by its /64 (one host's usual share, which
 * it can spread its connections over), an IPv4 address written as IPv6 (`::ffff:a.b.c.d`) as IPv4.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return '?';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Counts the server's connections by address and closes, as it accepts them, those beyond the limits. */
export function boundConnections(server: Server, limits: ConnectionLimits): { stats(): ConnectionStats } {
  const byAddress = new Map<string, number>();
  let open = 0;
  const refused = { perAddress: 0, total: 0 };
  const toldAt = { perAddress: -Infinity, total: -Infinity };
  const stats = (): ConnectionStats => ({
    open,
    addresses: byAddress.size,
    refusedPerAddress: refused.perAddress,
    refusedTotal: refused.total,
  });
  const refuse = (socket: Socket, kind: 'perAddress' | 'total', why: string) => {
    refused[kind]++;
    socket.destroy();
    const now = Date.now();
    if (now - toldAt[kind] < 60_000) return;
    toldAt[kind] = now;
    limits.onRefuse?.(why, stats());
  };
  // Listening on the raw connection: for HTTPS it comes before the TLS handshake, so a refusal costs no handshake.
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const mine = byAddress.get(key) ?? 0;
    if (open >= limits.total)
      return refuse(socket, 'total', `connections refused: ${limits.total} are open, the most in all`);
    if (mine >= limits.perAddress && !limits.proxy?.(socket.remoteAddress ?? ''))
      return refuse(socket, 'perAddress', `connections refused: an address has ${limits.perAddress} open, its most`);
    open++;
    byAddress.set(key, mine + 1);
    socket.once('close', () => {
      open--;
      const left = (byAddress.get(key) ?? 1) - 1;
      if (left === 0) byAddress.delete(key);
      else byAddress.set(key, left);
    });
    return undefined;
  });
  return { stats };
}

/**
 * Keeps only a few finished HTTP parsers for reuse (see the module's comment), so a flood of connections with large
 * unfinished headers leaves nothing behind once they close. The pool is Node's own, shared by every server of the
 * process; a Node without it is left as it is.
 */
export function keepFewParsers(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const common = require('node:_http_common') as { parsers?: { max?: unknown } };
  const pool = common.parsers;
  if (pool && typeof pool.max === 'number' && pool.max > PARSERS_KEPT) pool.max = PARSERS_KEPT;
}
