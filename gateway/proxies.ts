/**
 * Which proxies the gateway believes about a client's address (`trustProxy`). `X-Forwarded-For` is anyone's to
 * write: believed from every connection, it lets one client name a new address on each request, and so take a new
 * lane at the upstreams' gates each time (and put a made-up address in the log). So it is read only on a
 * connection from a configured proxy's address, and only as far as the chain of configured proxies goes: the
 * client is the address the last trusted proxy names (the rightmost one not itself a trusted proxy). Any other
 * connection's client is its own address.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * What `--trust-proxy` alone (or `true`) trusts: a proxy on this machine, which connects from the loopback address.
 * Any other proxy is named by its address.
 */
export const LOOPBACK_PROXIES = ['127.0.0.1', '::1'];

/** Longest forwarded address written to the log (an address, not whatever a client put in the header). */
const MAX_LOGGED_ADDRESS = 64;

/** `::ffff:10.0.0.5` (an IPv4 client of a dual-stack listener) read as `10.0.0.5`. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * Why `entry` is not a proxy address or CIDR (`10.0.0.5`, `10.0.0.0/24`, `fd00::/8`); undefined when it is one.
 * A prefix of 0 would trust every address, which is what this setting exists to avoid.
 */
export function badProxyEntry(entry: string): string | undefined {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return `'${entry.slice(0, 80)}' is not an IP address or CIDR`;
  if (prefix === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
    return `'${entry.slice(0, 80)}' has a prefix length outside 1 to ${bits}`;
  if (Number(prefix) === 0) return `'${entry.slice(0, 80)}' would trust every address`;
  return undefined;
}

/**
 * The `trustProxy` setting read from a flag, variable or file value: `true` (or `--trust-proxy` alone) is
 * LOOPBACK_PROXIES, `false` none, else the addresses and CIDRs listed (commas). A string: why the value is refused.
 */
export function readProxies(raw: string | number | boolean | string[], text: string): string[] | string {
  if (raw === true || /^(true|1|yes)$/i.test(text)) return [...LOOPBACK_PROXIES];
  if (raw === false || /^(false|0|no)$/i.test(text)) return [];
  const entries = (Array.isArray(raw) ? raw : text.split(',')).map((s) => String(s).trim()).filter(Boolean);
  for (const entry of entries) {
    const why = badProxyEntry(entry);
    if (why) return `${why}; for example 10.0.0.5,10.0.1.0/24`;
  }
  return entries;
}

/**
 * The test Fastify's `trustProxy` takes (proxy-addr's: each address of the chain from the connection's peer
 * leftwards is asked in turn, and the first one not trusted is the client). Undefined for an empty list: no
 * `X-Forwarded-For` is read at all.
 */
export function proxyTrust(proxies: string[]): ((address: string) => boolean) | undefined {
  if (proxies.length === 0) return undefined;
  const trusted = new BlockList();
  for (const entry of proxies) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && trusted.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** For the log: the connection's peer, the address a proxy forwarded (if any), and which one is the client's. */
export interface ClientAddressNote {
  /** The connection's own address. */
  peer: string;
  /** The rightmost `X-Forwarded-For` address, as sent (cut to an address's length), when the header was given. */
  forwarded?: string;
  /** Which address the gateway used for the client (lanes and log): the peer's, or one a trusted proxy named. */
  trusted: 'peer' | 'forwarded';
}

export function clientAddressNote(request: FastifyRequest): ClientAddressNote {
  const peer = plainAddress(request.raw.socket?.remoteAddress ?? '');
  const header = request.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const last = chain[chain.length - 1].trim();
  return {
    peer,
    ...(last ? { forwarded: last.slice(0, MAX_LOGGED_ADDRESS) } : {}),
    trusted: plainAddress(request.ip) === peer ? 'peer' : 'forwarded',
  };
}
