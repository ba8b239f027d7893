/**
 * The gateway on a slow Redis, a scenario of `npm run bench abuse-gateway`: two `partsheet gateway` processes
 * sharing a redis-server of the bench's own through a proxy that holds every reply chunk for a delay set at run
 * time (testing/redis-delay-proxy.ts), in front of the reference service the abuse bench started. A user carrying a
 * gateway token (its limit counted in Redis) asks a list search of 10 new parts and a token search in turn, over
 * the two instances in turn, one request every 400 ms (a person between searches), the item service's allowance
 * 20 requests a second (so the gate's spacing, 50 ms, holds no request): first with Redis idle (no delay), then
 * with every reply 300 ms late. Goal: the median request at 300 ms within 1.5× the idle one (the instances work
 * alone rather than wait on Redis). A lone instance skips what sharing costs a list search (the wait for the other
 * instances' parts), so at 300 ms the list searches can be quicker than idle. Then the delay is removed and the
 * time until both instances share again is measured. Everything runs on 127.0.0.1; the loops are bounded in count.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { GATEWAY_TOKEN_HEADER } from '../protocol/gateway-token';
import { namespaceFor } from '../gateway/deployment';
import { addSharedToken, tokenKeys } from '../gateway/redis-tokens';
import { startDelayProxy } from '../testing/redis-delay-proxy';
import { startTestRedis } from '../testing/redis-server';
import { startGatewayProcess } from './gateway';
import { median, msSince, percentile, type Row } from './report';
import { stopServer } from './service';

/** Requests in each phase, one every PACE_MS. */
const REQUESTS = 30;
const PACE_MS = 400;
const DELAY_MS = 300;
const GOAL_RATIO = 1.5;
const ITEM_RATE = '20';

export interface SlowRedisSetup {
  /** The reference service's address. */
  upstreamUrl: string;
  addinDir: string;
  /** Part numbers the service knows; the scenario asks REQUESTS * 6 of them, none twice. */
  parts: string[];
}

interface Health {
  shared?: { state: string; reason?: string; latencyMs?: number | null };
}

const listPath = (parts: string[]) =>
  `/itemservice/v4/en/search/list?rows=1&req=${encodeURIComponent(JSON.stringify({ request: { login: 'demo', apikey: 'demo-key', remoteIp: '', useExact: false, parts: parts.map((partNum) => ({ partNum })) } }))}`;
const tokenPath = (part: string) =>
  `/itemservice/v4/en/search/token?login=demo&apikey=demo-key&search_token=${encodeURIComponent(part)}`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One phase of the user's requests: each one's time, request to last byte, and how many failed. */
async function phase(bases: string[], parts: string[], token: string): Promise<{ times: number[]; failed: number }> {
  // Even: list searches; odd: token searches (isList, isToken).
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const started = process.hrtime.bigint();
    const path = i % 2 === 0 ? listPath(parts.slice(i * 5, i * 5 + 10)) : tokenPath(parts[i * 5]);
    const res = await fetch(`${bases[i % bases.length]}${path}`, {
      headers: { [GATEWAY_TOKEN_HEADER]: token },
      signal: AbortSignal.timeout(60_000),
    }).catch(() => undefined);
    const text = res ? await res.text().catch(() => '') : '';
    const took = msSince(started);
    times.push(took);
    if (res?.status !== 200 || !text.slice(0, 400).includes('"success":true')) failed++;
    await pause(Math.max(0, PACE_MS - took));
  }
  return { times, failed };
}

const isList = (_: number, i: number) => i % 2 === 0;
const isToken = (_: number, i: number) => i % 2 === 1;

/**
 * The goal for one kind of request: its median at DELAY_MS against its median with Redis idle. Each kind on its
 * own: the median of the two together falls between a quick token search and a slower list search, by chance.
 */
function goalRows(kind: string, idle: number[], slow: number[]): Row[] {
  const ratio = median(slow) / median(idle);
  return [
    { measure: `Redis idle, 2 instances: median ${kind}`, value: median(idle), unit: 'ms' },
    { measure: `Redis at ${DELAY_MS} ms a reply: median ${kind}`, value: median(slow), unit: 'ms' },
    {
      measure: `  ratio at ${DELAY_MS} ms / idle`,
      value: ratio,
      unit: '×',
      target: `≤ ${GOAL_RATIO}`,
      ok: ratio <= GOAL_RATIO,
    },
  ];
}

async function healthOf(base: string, token: string): Promise<Health> {
  const res = await fetch(`${base}/healthz`, { headers: { [GATEWAY_TOKEN_HEADER]: token } });
  return (await res.json()) as Health;
}

/** Milliseconds until every instance says it shares again (at most 30 s; NaN when it did not). */
async function untilSharing(bases: string[], token: string): Promise<number> {
  const started = process.hrtime.bigint();
  while (msSince(started) < 30_000) {
    const healths = await Promise.all(bases.map((b) => healthOf(b, token)));
    if (healths.every((h) => h.shared?.state === 'sharing')) return msSince(started);
    await pause(100);
  }
  return NaN;
}

/** The bench's deployment in its Redis (its token is added before the gateways start). */
const NAMESPACE = 'bench-slow-redis';

export async function slowRedisRows(setup: SlowRedisSetup): Promise<Row[]> {
  const redis = await startTestRedis();
  const proxy = await startDelayProxy({ port: redis.port });
  const tokensDir = mkdtempSync(join(tmpdir(), 'partsheet-gw-slow-redis-'));
  const children: ChildProcess[] = [];
  try {
    const admin = new Redis(redis.url);
    const token = await addSharedToken(admin, tokenKeys(namespaceFor(NAMESPACE)), 'user');
    admin.disconnect();
    const bases: string[] = [];
    for (let i = 0; i < 2; i++) {
      const gw = await startGatewayProcess(
        [
          '--item-upstream',
          setup.upstreamUrl,
          '--item-rate',
          ITEM_RATE,
          '--addin',
          setup.addinDir,
          '--tokens',
          join(tokensDir, 'tokens.json'),
        ],
        {
          PARTSHEET_GATEWAY_REDIS_URL: proxy.url,
          PARTSHEET_GATEWAY_INSTANCES: '2',
          PARTSHEET_GATEWAY_REDIS_NAMESPACE: NAMESPACE,
        },
      );
      children.push(gw.child);
      bases.push(gw.url);
    }
    await untilSharing(bases, token);
    const perPhase = REQUESTS * 3;
    const idle = await phase(bases, setup.parts.slice(0, perPhase), token);
    proxy.setDelay(DELAY_MS);
    const slow = await phase(bases, setup.parts.slice(perPhase, 2 * perPhase), token);
    const healths = await Promise.all(bases.map((b) => healthOf(b, token)));
    proxy.setDelay(0);
    const backMs = await untilSharing(bases, token);

    const states = healths.map((h) => `${h.shared?.state ?? '?'}/${h.shared?.reason ?? '-'}`).join(', ');
    return [
      ...goalRows('list search (10 new parts)', idle.times.filter(isList), slow.times.filter(isList)),
      ...goalRows('token search', idle.times.filter(isToken), slow.times.filter(isToken)),
      {
        measure: `  median of all requests, idle / at ${DELAY_MS} ms`,
        value: `${median(idle.times).toFixed(0)} / ${median(slow.times).toFixed(0)}`,
        unit: 'ms',
      },
      {
        measure: `  p90 / max request at ${DELAY_MS} ms`,
        value: `${percentile(slow.times, 90).toFixed(0)} / ${Math.max(...slow.times).toFixed(0)}`,
        unit: 'ms',
      },
      {
        measure: '  requests failed (idle / slow)',
        value: `${idle.failed} / ${slow.failed}`,
        unit: '',
        target: '0 / 0',
        ok: idle.failed + slow.failed === 0,
      },
      { measure: `  instances at ${DELAY_MS} ms (state/reason)`, value: states, unit: '' },
      { measure: '  Redis fast again: until both share again', value: backMs, unit: 'ms' },
    ];
  } finally {
    for (const child of children) await stopServer({ child });
    await proxy.close();
    await redis.close();
    rmSync(tokensDir, { recursive: true, force: true });
  }
}
