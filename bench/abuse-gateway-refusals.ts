/**
 * The abuse bench's scenarios of refusals and abandoned searches with Redis: three `partsheet gateway` processes with
 * their default rates share a redis-server of the bench's own, in front of the reference service, and a counting
 * hop between them and the service records every request that reaches it:
 * (r) wrong-key list searches, each sent to every instance at once and repeated within a second or two: the upstream
 *     requests each costs (a refusal is an answer, kept briefly for the credentials);
 * (s) 300 list searches with made-up logins held open 2 s and abandoned, spread over the instances: how long another
 *     user's search then takes, and how many searches reached the upstream; the same with three instances sharing
 *     nothing first, as the reference on the machine of the run.
 * Every request goes to processes this benchmark starts on 127.0.0.1; loops are bounded in count and time.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { startTestRedis } from '../testing/redis-server';
import { startGatewayProcess } from './gateway';
import { msSince, type Row } from './report';
import { stopServer } from './service';

const HOST = '127.0.0.1';
const INSTANCES = 3;

const listPath = (parts: string[], login: string, apikey: string) =>
  `/itemservice/v4/en/search/list?req=${encodeURIComponent(JSON.stringify({ request: { login, apikey, remoteIp: '', useExact: false, parts: parts.map((partNum) => ({ partNum })) } }))}`;

/** A hop in front of the upstream that forwards every request as it is and counts the list searches. */
async function countingHop(upstreamUrl: string): Promise<{ url: string; lists: () => number; server: Server }> {
  const target = new URL(upstreamUrl);
  let lists = 0;
  const server = createServer((req, res) => {
    if ((req.url ?? '').includes('/search/list')) lists++;
    const out = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return { url: `http://${HOST}:${(server.address() as AddressInfo).port}`, lists: () => lists, server };
}

/** A list search: its status and how long it took to its last byte (status 0 when it failed or took over `ms`). */
async function timedSearch(base: string, path: string, ms = 150_000): Promise<{ status: number; ms: number }> {
  const t0 = process.hrtime.bigint();
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(ms) }).catch(() => undefined);
  if (res) await res.text().catch(() => '');
  return { status: res?.status ?? 0, ms: msSince(t0) };
}

/** A list search on a raw connection, closed after `holdMs` with its answer unread. */
function abandonedSearch(port: number, path: string, holdMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, HOST, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\n\r\n`);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, holdMs);
    });
    socket.on('error', () => resolve());
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Gateways = { child: ChildProcess; url: string }[];

/** (r): six wrong keys, each searched on every instance at once, then twice more within the time it is kept. */
async function wrongKeys(gws: Gateways, numbers: string[], lists: () => number) {
  const wrong = Array.from({ length: 6 }, (_, k) => listPath(numbers.slice(k * 20, k * 20 + 20), `wrong-${k}`, 'x'));
  const before = lists();
  const refusals: { status: number; ms: number }[] = [];
  for (let round = 0; round < 3; round++)
    refusals.push(...(await Promise.all(wrong.flatMap((path) => gws.map((gw) => timedSearch(gw.url, path))))));
  return {
    perSearch: (lists() - before) / wrong.length,
    refused: refusals.filter((r) => r.status === 401 || r.status === 403).length,
    all: refusals.length,
    slowest: Math.max(...refusals.map((r) => r.ms)),
  };
}

/** (s): 300 searches with made-up logins held open 2 s and abandoned; then another user's search on each instance. */
async function abandoned(gws: Gateways, numbers: string[], lists: () => number) {
  const ports = gws.map((gw) => Number(new URL(gw.url).port));
  const idle: number[] = [];
  for (const [i, gw] of gws.entries())
    idle.push((await timedSearch(gw.url, listPath(numbers.slice(420 + i * 5, 425 + i * 5), 'demo', 'demo-key'))).ms);
  const atStart = lists();
  await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      abandonedSearch(ports[i % INSTANCES], listPath([numbers[200 + (i % 200)]], `made-up-${i}`, `guess-${i}`), 2000),
    ),
  );
  const user: { status: number; ms: number }[] = [];
  for (const [i, gw] of gws.entries())
    user.push(await timedSearch(gw.url, listPath(numbers.slice(400 + i * 5, 405 + i * 5), 'demo', 'demo-key')));
  // What was still on its way leaves within a few seconds, or not at all.
  await pause(3000);
  return {
    sent: lists() - atStart,
    slowest: Math.max(...user.map((u) => u.ms)),
    times: user.map((u) => Math.round(u.ms)).join(', '),
    failed: user.filter((u) => u.status !== 200).length,
    idle: Math.max(...idle),
  };
}

/**
 * (r) and (s) against the reference service at `upstreamUrl`, the rows for the abuse bench's table; `numbers` are
 * 440 part numbers or more of its catalog.
 */
export async function runRefusalScenarios(upstreamUrl: string, numbers: string[]): Promise<Row[]> {
  const addinDir = mkdtempSync(join(tmpdir(), 'partsheet-gw-refusals-addin-'));
  writeFileSync(join(addinDir, 'taskpane.html'), '<!doctype html><title>Partsheet</title>');
  const redis = await startTestRedis();
  const hop = await countingHop(upstreamUrl);
  const children: { child: ChildProcess }[] = [];
  /** Runs `scenario` against three fresh instances, sharing the Redis or nothing, and stops them after. */
  const on = async <T>(withRedis: boolean, scenario: (gws: Gateways) => Promise<T>): Promise<T> => {
    const gws: Gateways = [];
    for (let i = 0; i < INSTANCES; i++) {
      const shared = withRedis
        ? ['--redis', redis.url, '--redis-namespace', 'bench-refusals', '--instances', String(INSTANCES)]
        : [];
      const gw = await startGatewayProcess(['--item-upstream', hop.url, '--addin', addinDir, ...shared]);
      children.push(gw);
      gws.push(gw);
    }
    try {
      return await scenario(gws);
    } finally {
      for (const gw of gws) await stopServer(gw);
    }
  };
  try {
    const r = await on(true, (gws) => wrongKeys(gws, numbers, hop.lists));
    const alone = await on(false, (gws) => abandoned(gws, numbers, hop.lists));
    const admin = new Redis(redis.url);
    await admin.flushall().finally(() => admin.disconnect());
    const s = await on(true, (gws) => abandoned(gws, numbers, hop.lists));
    return [
      {
        measure: 'wrong-key searches with Redis: upstream requests each (6 keys × 3 instances × 3)',
        value: r.perSearch,
        unit: '',
        target: '≤ 1',
        ok: r.perSearch <= 1,
      },
      {
        measure: '  refused with the upstream 401/403, of all; slowest',
        value: `${r.refused}/${r.all}; ${Math.round(r.slowest)} ms`,
        unit: '',
      },
      {
        measure: '300 abandoned searches, sharing nothing (reference): the other user, slowest of 3',
        value: alone.slowest,
        unit: 'ms',
      },
      {
        measure: '  its searches, one on each instance; searches sent upstream; idle, slowest of 3',
        value: `${alone.times}; ${alone.sent}; ${Math.round(alone.idle)}`,
        unit: 'ms; n',
      },
      {
        measure: '300 abandoned searches with Redis: the other user, slowest of 3',
        value: s.slowest,
        unit: 'ms',
        target: '≤ 500',
        ok: s.slowest <= 500 && s.failed === 0,
      },
      {
        measure: '  its searches, one on each instance; searches sent upstream; idle, slowest of 3',
        value: `${s.times}; ${s.sent}; ${Math.round(s.idle)}`,
        unit: 'ms; n',
      },
    ];
  } finally {
    for (const c of children.reverse()) await stopServer(c);
    hop.server.closeAllConnections();
    await new Promise((resolve) => hop.server.close(resolve));
    await redis.close();
    rmSync(addinDir, { recursive: true, force: true });
  }
}
