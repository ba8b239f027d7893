/**
 * The gateway against 4,000 connections each holding 294 KB of unfinished headers, opened from 64 addresses of the
 * loopback network (so the cap in all is met, not only the cap per address): its memory before, at the peak while
 * they are open, and once they have closed. The gateway runs as `partsheet gateway` with its default limits and the
 * environment the deployment files give it (deploy/). Every connection goes to 127.0.0.1; the loop is bounded.
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { GATEWAY_TOKEN_HEADER } from '../protocol/gateway-token';
import type { Row } from './report';

/** What deploy/ sets for the gateway: large blocks of memory are given back to the system once freed. */
export const DEPLOYMENT_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * (a) and (b) send everything from one address, standing for many clients told apart by their tokens (as behind a
 * proxy): the per-address cap is raised as the docs say to do there. This scenario spreads over 64 addresses.
 */
export const ONE_ADDRESS_FLAGS = ['--max-connections-per-address', '1000'];

const CONNECTIONS = 4000;
const ADDRESSES = 64;
const HEADER_BYTES = 294 * 1024;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The process's resident memory now (VmRSS), in MB. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Opens a connection from `from` and writes the start of a request; resolves once written or closed. */
function slowHeaders(port: number, from: string): Promise<Socket> {
  return new Promise((resolve) => {
    const head = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ';
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(socket));
    socket.on('connect', () => socket.write(head + 'a'.repeat(HEADER_BYTES - head.length), () => resolve(socket)));
  });
}

/** The gateway's own count of its connections, from /healthz (its figures need a gateway token). */
async function connectionFigures(url: string, token: string): Promise<Record<string, number> | undefined> {
  const res = await fetch(`${url}/healthz`, { headers: { [GATEWAY_TOKEN_HEADER]: token } }).catch(() => undefined);
  const body = res ? ((await res.json().catch(() => ({}))) as { connections?: Record<string, number> }) : {};
  return body.connections;
}

/** The scenario's rows, against the gateway process `pid` at `url`; `token` is a valid gateway token. */
export async function slowHeaderConnections(pid: number, url: string, token: string): Promise<Row[]> {
  const port = Number(new URL(url).port);
  const before = rssMb(pid);
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < CONNECTIONS; i++) sockets.push(await slowHeaders(port, `127.0.2.${1 + (i % ADDRESSES)}`));
    await pause(2000);
    for (const s of sockets) s.destroy();
    await pause(5000);
    const after = rssMb(pid);
    const figures = await connectionFigures(url, token);
    const refused = figures ? `${figures.refusedPerAddress} / ${figures.refusedTotal}` : '?';
    return [
      { measure: 'gateway RSS before 4,000 slow-header connections', value: before, unit: 'MB' },
      {
        measure: 'gateway peak RSS with 4,000 connections of 294 KB unfinished headers',
        value: peak,
        unit: 'MB',
        target: '≤ 500',
        ok: peak <= 500,
      },
      {
        measure: '  gateway RSS 5 s after they closed',
        value: after,
        unit: 'MB',
        target: `≤ ${Math.round(before + 50)} (near idle)`,
        ok: after <= before + 50,
      },
      { measure: '  connections refused (per address / in all)', value: refused, unit: '' },
    ];
  } finally {
    clearInterval(sample);
    for (const s of sockets) s.destroy();
  }
}
