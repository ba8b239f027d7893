/**
 * The gateway against the reference service in production-like mode (100 ms latency, 5 requests a second per
 * login), both in child processes as they would run:
 * (a) 50 users pricing overlapping 500-line BOMs at once through one gateway holding a team key (each user with a
 *     gateway token), against the same users going direct with one shared login, and with a login each;
 * (b) 10,000 PARTS cells over 2,000 parts through Partsheet's scheduler via the gateway, against one request per
 *     cell via the gateway, and the scheduler going direct;
 * (c) the same 50 users spread over 4 gateway instances in turn: sharing one Redis (a redis-server of its own on
 *     loopback), against sharing nothing (each instance given a quarter of the allowance, as it must be then).
 */
import Redis from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_TOKEN_HEADER } from '../protocol/gateway-token';
import { CatalogClient } from '../src/catalog/client';
import { CatalogError } from '../src/catalog/errors';
import { LookupScheduler } from '../src/lookup';
import { Rng } from '../service/demo/random';
import { ensureStores } from '../service/server';
import { openDatabase } from '../service/store/db';
import { accountsCommand } from '../cli/accounts';
import { addToken } from '../gateway/tokens';
import { addSharedToken } from '../gateway/shared-tokens';
import { startTestRedis } from '../testing/redis-server';
import { oneRequestPerCall, runSheet, serviceFailures, sheetCells, startService, stopService } from './functions';
import { printTable, writeResult, type Row } from './report';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'partsheet.js');
const LATENCY_MS = 100;
const LOGIN_RATE = 5;
const CACHE_TTL_S = 60;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** `partsheet gateway` in a child process; resolves with its address once it logs that it listens. */
export function startGatewayProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'gateway', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // Keep only the unfinished line: the request log is long.
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines) {
        if (line.includes('"msg":"listening"')) resolve({ child, url: JSON.parse(line).url });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the gateway exited with ${code}: ${out}`)));
  });
}

/** The figures of the gateway's /healthz this benchmark reads. */
interface Health {
  upstreams: { item: { requests: number; busy: number } };
  cache: { lists: { parts: number; fromCache: number; partsSent: number } };
}

async function health(url: string): Promise<Health> {
  return (await (await fetch(`${url}/healthz`)).json()) as Health;
}

/** A client as the add-in has one: its own scheduler over a catalog client, counting the requests it sends. */
function user(base: string, auth: { login: string; apikey: string }, token?: string) {
  let requests = 0;
  let busy = 0;
  const client = new CatalogClient({
    itemBaseUrl: base,
    ...auth,
    timeoutMs: 120_000,
    fetch: (input, init) => {
      requests++;
      const headers = new Headers(init?.headers);
      if (token) headers.set(GATEWAY_TOKEN_HEADER, token);
      return fetch(input, { ...init, headers }).then((res) => {
        if (res.status === 503) busy++;
        return res;
      });
    },
  });
  return {
    client,
    scheduler: new LookupScheduler({ port: client, deadlineMs: 300_000 }),
    requests: () => requests,
    busy: () => busy,
  };
}

/** Seeded choice of `size` distinct parts from `pool` for each user: BOMs that overlap as a team's do. */
function boms(pool: string[], users: number, size: number): string[][] {
  const rng = new Rng(7);
  return Array.from({ length: users }, () => {
    const picked = new Set<string>();
    while (picked.size < size) picked.add(rng.pick(pool));
    return [...picked];
  });
}

interface UsersRun {
  wallMs: number;
  failedLines: number;
  clientRequests: number;
  /** 503 answers the users' clients saw (their schedulers waited and asked again). */
  client503s: number;
}

/** Every user prices their BOM at once; wall time until the last user's last line settles. */
async function priceAll(users: ReturnType<typeof user>[], lists: string[][]): Promise<UsersRun> {
  const t0 = process.hrtime.bigint();
  const outcomes = await Promise.all(
    users.map((u, i) => u.scheduler.lookupMany(lists[i].map((partNumber) => ({ partNumber })))),
  );
  const wallMs = ms(t0);
  for (const u of users) u.scheduler.close();
  return {
    wallMs,
    failedLines: outcomes.flat().filter((o) => o instanceof CatalogError).length,
    clientRequests: users.reduce((sum, u) => sum + u.requests(), 0),
    client503s: users.reduce((sum, u) => sum + u.busy(), 0),
  };
}

export interface GatewayBenchOptions {
  users?: number;
  bomLines?: number;
  pool?: number;
  cells?: number;
  cellParts?: number;
  /** Leave out (b), the PARTS cells (its one-request-per-cell run is long on a busy machine). */
  skipCells?: boolean;
}

export async function runGatewayBench(options: GatewayBenchOptions = {}): Promise<Record<string, unknown>> {
  const userCount = options.users ?? 50;
  const bomLines = options.bomLines ?? 500;
  const poolSize = options.pool ?? 2000;
  const cellCount = options.cells ?? 10_000;
  const cellParts = options.cellParts ?? 2000;
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-gateway-bench-'));
  const addinDir = mkdtempSync(join(tmpdir(), 'partsheet-gateway-bench-addin-'));
  writeFileSync(join(addinDir, 'taskpane.html'), '<!doctype html><title>Partsheet</title>');
  const tokensFile = join(dataDir, 'tokens.json');
  const children: ChildProcess[] = [];
  const quiet = { out: () => {}, err: () => {} };
  try {
    const catalogParts = Math.max(5000, poolSize * 2);
    ensureStores(dataDir, catalogParts);
    // A login of their own for each user, for the "direct, a login each" run.
    for (let i = 1; i <= userCount; i++) {
      await accountsCommand(
        ['rotate-key', '--data', dataDir, '--login', `user${i}`, '--key', `user${i}-bench-key-0000`],
        quiet,
      );
    }
    const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    const numbers = db
      .prepare<[number], { part_num: string }>('SELECT part_num FROM parts GROUP BY norm ORDER BY item_id LIMIT ?')
      .all(Math.max(poolSize, cellParts))
      .map((r) => r.part_num);
    db.close();
    const upstream = await startService(dataDir, catalogParts, [
      '--production-like',
      '--latency',
      String(LATENCY_MS),
      '--login-rate',
      String(LOGIN_RATE),
    ]);
    children.push(upstream.child);
    const tokens = Array.from({ length: userCount }, (_, i) => addToken(tokensFile, `user${i + 1}`));
    const common = [
      '--item-upstream',
      upstream.url,
      '--addin',
      addinDir,
      '--tokens',
      tokensFile,
      '--cache-ttl',
      String(CACHE_TTL_S),
      '--item-rate',
      String(LOGIN_RATE - 1),
    ];
    const teamGateway = await startGatewayProcess(common, {
      PARTSHEET_GATEWAY_TEAM_LOGIN: 'demo',
      PARTSHEET_GATEWAY_TEAM_APIKEY: 'demo-key',
    });
    children.push(teamGateway.child);

    // ---- (a) 50 users, overlapping BOMs
    const lists = boms(numbers.slice(0, poolSize), userCount, bomLines);
    const distinct = new Set(lists.flat()).size;
    const goal = Math.ceil(distinct / 1000) + 1;

    const before = await health(teamGateway.url);
    const viaGateway = await priceAll(
      tokens.map((token) => user(teamGateway.url, { login: 'anyone', apikey: 'none' }, token)),
      lists,
    );
    const after = await health(teamGateway.url);
    const gatewayUpstream = after.upstreams.item.requests - before.upstreams.item.requests;
    const partsAnswered = after.cache.lists.parts - before.cache.lists.parts;
    const partsFromCache = after.cache.lists.fromCache - before.cache.lists.fromCache;
    const partsSent = after.cache.lists.partsSent - before.cache.lists.partsSent;
    const busy = after.upstreams.item.busy - before.upstreams.item.busy;

    // Let the upstream's per-login buckets refill between runs.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const directShared = await priceAll(
      lists.map(() => user(upstream.url, { login: 'demo', apikey: 'demo-key' })),
      lists,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const directOwn = await priceAll(
      lists.map((_, i) => user(upstream.url, { login: `user${i + 1}`, apikey: `user${i + 1}-bench-key-0000` })),
      lists,
    );

    // ---- (b) 10,000 cells over 2,000 parts, each way against a cold gateway of its own
    const cells = sheetCells(numbers.slice(0, cellParts), cellCount);
    const cellRun = async (lookup: 'scheduler' | 'perCell', base: string) => {
      const client = user(base, { login: 'demo', apikey: 'demo-key' });
      const run = await runSheet(lookup === 'scheduler' ? client.scheduler : oneRequestPerCall(client.client), cells);
      client.scheduler.close();
      return { wallMs: run.wall, failed: serviceFailures(run.outcomes), requests: client.requests() };
    };
    const cellGateway = async (lookup: 'scheduler' | 'perCell') => {
      const gw = await startGatewayProcess(common);
      children.push(gw.child);
      try {
        const run = await cellRun(lookup, gw.url);
        const h = await health(gw.url);
        return { ...run, upstreamRequests: h.upstreams.item.requests };
      } finally {
        await stopService(gw.child);
      }
    };
    const skipped = { wallMs: NaN, failed: 0, requests: 0, upstreamRequests: 0 };
    let cellsScheduler = skipped;
    let cellsPerCell = skipped;
    let cellsDirect: Omit<typeof skipped, 'upstreamRequests'> = skipped;
    if (!options.skipCells) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      cellsScheduler = await cellGateway('scheduler');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      cellsPerCell = await cellGateway('perCell');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      cellsDirect = await cellRun('scheduler', upstream.url);
    }

    // ---- (c) 4 instances, the users spread over them in turn: sharing one Redis, and sharing nothing
    const INSTANCES = 4;
    const redis = await startTestRedis();
    const spread = async (withRedis: boolean) => {
      const rate = withRedis ? LOGIN_RATE - 1 : (LOGIN_RATE - 1) / INSTANCES;
      const args = [
        '--item-upstream',
        upstream.url,
        '--addin',
        addinDir,
        '--tokens',
        tokensFile,
        '--cache-ttl',
        String(CACHE_TTL_S),
        '--item-rate',
        String(rate),
        '--instances',
        String(INSTANCES),
      ];
      let userTokens = tokens;
      if (withRedis) {
        const admin = new Redis(redis.url);
        await admin.flushall();
        userTokens = [];
        for (let i = 1; i <= userCount; i++) userTokens.push(await addSharedToken(admin, `user${i}`));
        admin.disconnect();
      }
      const env = {
        PARTSHEET_GATEWAY_TEAM_LOGIN: 'demo',
        PARTSHEET_GATEWAY_TEAM_APIKEY: 'demo-key',
        ...(withRedis ? { PARTSHEET_GATEWAY_REDIS_URL: redis.url } : {}),
      };
      const gws: { child: ChildProcess; url: string }[] = [];
      try {
        for (let i = 0; i < INSTANCES; i++) {
          const gw = await startGatewayProcess(args, env);
          children.push(gw.child);
          gws.push(gw);
        }
        const run = await priceAll(
          userTokens.map((token, i) => user(gws[i % INSTANCES].url, { login: 'anyone', apikey: 'none' }, token)),
          lists,
        );
        const healths = await Promise.all(gws.map((gw) => health(gw.url)));
        return {
          ...run,
          rate,
          upstreamRequests: healths.reduce((sum, h) => sum + h.upstreams.item.requests, 0),
          upstreamBusy: healths.reduce((sum, h) => sum + h.upstreams.item.busy, 0),
          partsSent: healths.reduce((sum, h) => sum + h.cache.lists.partsSent, 0),
        };
      } finally {
        for (const gw of gws) await stopService(gw.child);
      }
    };
    let shared: Awaited<ReturnType<typeof spread>>;
    let alone: Awaited<ReturnType<typeof spread>>;
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      shared = await spread(true);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      alone = await spread(false);
    } finally {
      await redis.close();
    }

    const hitRate = partsAnswered === 0 ? 0 : partsFromCache / partsAnswered;
    const rows: Row[] = [
      {
        measure: 'upstream',
        value: `production-like, ${LATENCY_MS} ms, ${LOGIN_RATE} req/s per login; cache ${CACHE_TTL_S} s`,
        unit: '',
      },
      {
        measure: `(a) users × BOM lines (distinct parts)`,
        value: `${userCount} × ${bomLines} (${distinct})`,
        unit: '',
      },
      {
        measure: 'gateway (team key): upstream requests',
        value: gatewayUpstream,
        unit: 'req',
        target: `≤ ${goal}`,
        ok: gatewayUpstream <= goal,
      },
      {
        measure: 'gateway: parts sent upstream / lines asked',
        value: partsAnswered === 0 ? 0 : partsSent / partsAnswered,
        unit: '',
      },
      { measure: 'gateway: lines answered from the cache', value: hitRate * 100, unit: '%' },
      { measure: 'gateway: busy answers from upstream', value: busy, unit: '' },
      { measure: 'gateway: time to the last line', value: viaGateway.wallMs, unit: 'ms' },
      {
        measure: 'gateway: lines failed',
        value: viaGateway.failedLines,
        unit: '',
        target: '0',
        ok: viaGateway.failedLines === 0,
      },
      { measure: 'direct, one shared login: upstream requests', value: directShared.clientRequests, unit: 'req' },
      { measure: 'direct, one shared login: time to the last line', value: directShared.wallMs, unit: 'ms' },
      { measure: 'direct, one shared login: lines failed', value: directShared.failedLines, unit: '' },
      { measure: 'direct, a login each: upstream requests', value: directOwn.clientRequests, unit: 'req' },
      { measure: 'direct, a login each: time to the last line', value: directOwn.wallMs, unit: 'ms' },
      { measure: 'direct, a login each: lines failed', value: directOwn.failedLines, unit: '' },
      {
        measure: 'upstream requests: direct (a login each) / gateway',
        value: directOwn.clientRequests / Math.max(1, gatewayUpstream),
        unit: '×',
      },
      { measure: 'time: direct (shared login) / gateway', value: directShared.wallMs / viaGateway.wallMs, unit: '×' },
      {
        measure: 'time: direct (a login each) / gateway',
        value: directOwn.wallMs / viaGateway.wallMs,
        unit: '×',
        target: '≥ 1',
        ok: directOwn.wallMs >= viaGateway.wallMs,
      },
      { measure: `(b) cells (distinct parts)`, value: `${cellCount} (${cellParts})`, unit: '' },
      {
        measure: 'scheduler via gateway: time to the last cell',
        value: cellsScheduler.wallMs,
        unit: 'ms',
        ...(options.skipCells ? {} : { target: '≤ 1500', ok: cellsScheduler.wallMs <= 1500 }),
      },
      {
        measure: 'scheduler via gateway: requests to gateway / upstream',
        value: `${cellsScheduler.requests} / ${cellsScheduler.upstreamRequests}`,
        unit: 'req',
      },
      {
        measure: 'scheduler via gateway: cells failed',
        value: cellsScheduler.failed,
        unit: '',
        target: '0',
        ok: cellsScheduler.failed === 0,
      },
      { measure: 'one request per cell via gateway: time to the last cell', value: cellsPerCell.wallMs, unit: 'ms' },
      {
        measure: 'one request per cell via gateway: upstream requests',
        value: cellsPerCell.upstreamRequests,
        unit: 'req',
      },
      { measure: 'one request per cell via gateway: cells failed', value: cellsPerCell.failed, unit: '' },
      { measure: 'scheduler direct: time to the last cell', value: cellsDirect.wallMs, unit: 'ms' },
      { measure: 'scheduler direct: requests', value: cellsDirect.requests, unit: 'req' },
      {
        measure: 'time: one request per cell / scheduler (both via gateway)',
        value: cellsPerCell.wallMs / cellsScheduler.wallMs,
        unit: '×',
      },
      { measure: 'time: scheduler direct / via gateway', value: cellsDirect.wallMs / cellsScheduler.wallMs, unit: '×' },
      {
        measure: `(c) ${INSTANCES} instances × ${userCount} users, in turn`,
        value: `allowance ${LOGIN_RATE - 1} req/s`,
        unit: '',
      },
      {
        measure: 'with Redis: upstream requests',
        value: shared.upstreamRequests,
        unit: 'req',
        target: `≤ ${gatewayUpstream + 1}`,
        ok: shared.upstreamRequests <= gatewayUpstream + 1,
      },
      { measure: "with Redis: parts the instances' schedulers sent on", value: shared.partsSent, unit: '' },
      { measure: 'with Redis: busy answers from upstream', value: shared.upstreamBusy, unit: '' },
      {
        measure: 'with Redis: 503s seen by clients',
        value: shared.client503s,
        unit: '',
        target: '0',
        ok: shared.client503s === 0,
      },
      { measure: 'with Redis: time to the last line', value: shared.wallMs, unit: 'ms' },
      {
        measure: 'with Redis: lines failed',
        value: shared.failedLines,
        unit: '',
        target: '0',
        ok: shared.failedLines === 0,
      },
      { measure: `without (each ${alone.rate} req/s): upstream requests`, value: alone.upstreamRequests, unit: 'req' },
      { measure: 'without: busy answers from upstream', value: alone.upstreamBusy, unit: '' },
      { measure: 'without: 503s seen by clients', value: alone.client503s, unit: '' },
      { measure: 'without: time to the last line', value: alone.wallMs, unit: 'ms' },
      { measure: 'without: lines failed', value: alone.failedLines, unit: '' },
      {
        measure: 'upstream requests: without / with Redis',
        value: alone.upstreamRequests / Math.max(1, shared.upstreamRequests),
        unit: '×',
      },
      { measure: 'time: without / with Redis', value: alone.wallMs / shared.wallMs, unit: '×' },
    ];
    printTable('Gateway: a team pricing through one gateway, and a recalculation of PARTS cells', rows);
    const result = {
      latencyMs: LATENCY_MS,
      loginRatePerSecond: LOGIN_RATE,
      cacheTtlSeconds: CACHE_TTL_S,
      users: userCount,
      bomLines,
      distinctParts: distinct,
      goalUpstreamRequests: goal,
      gateway: {
        upstreamRequests: gatewayUpstream,
        partsSent,
        partsAnswered,
        partsFromCache,
        hitRate,
        busy,
        ...viaGateway,
      },
      directSharedLogin: directShared,
      directOwnLogins: directOwn,
      cells: {
        count: cellCount,
        distinct: cellParts,
        schedulerViaGateway: cellsScheduler,
        perCellViaGateway: cellsPerCell,
        schedulerDirect: cellsDirect,
      },
      instances: { count: INSTANCES, withRedis: shared, withoutRedis: alone },
    };
    writeResult('gateway', rows, result);
    return result;
  } finally {
    for (const child of children.reverse()) await stopService(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(addinDir, { recursive: true, force: true });
  }
}
