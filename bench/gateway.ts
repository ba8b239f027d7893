/**
 * The gateway against the reference service in production-like mode (100 ms latency, 5 requests a second per
 * login), both in child processes as they would run; the upstream answers the users' searches once, untimed, before
 * anything is timed (a service that is up and running), and each gateway timed has first done the same work on other
 * parts of the catalog, untimed (a gateway that is up and running, its cache still empty of the parts timed). Each
 * phase prints its figures as it ends:
 * (a) 50 users pricing overlapping 500-line BOMs at once through one gateway holding a team key (each user with a
 *     gateway token), against the same users going direct with a login each, in turn, 5 times, two ways (see
 *     team-users.ts): each user as on a machine of their own (the verdict), and all priced on the bench's one thread
 *     (where that thread's own parsing of the 50 answers sets the time either way); medians, the median ratio, when
 *     the median user's last line came, when the last answer was read, the users' pricing time, the gateway's and the
 *     upstream's CPU time; then once direct with one shared login;
 * (b) 10,000 PARTS cells over 2,000 parts through Partsheet's scheduler via a gateway, against the scheduler going
 *     direct, in turn, 5 times, after one untimed run direct; then 200 of the cells with one request per cell via a
 *     gateway;
 * (c) the same 50 users spread over 4 gateway instances in turn: sharing one Redis (a redis-server of its own on
 *     loopback), against sharing nothing (each instance given a quarter of the allowance, as it must be then).
 */
import Redis from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '../service/demo/random';
import { ensureStores } from '../service/server';
import { openDatabase } from '../service/store/db';
import { accountsCommand } from '../cli/accounts';
import { addToken } from '../gateway/tokens';
import { addSharedToken, tokenKeys } from '../gateway/redis-tokens';
import { namespaceFor } from '../gateway/deployment';
import { startTestRedis } from '../testing/redis-server';
import { oneRequestPerCall, runSheet, serviceFailures, sheetCells, startService, stopService } from './functions';
import { median, msSince, printTable, writeResult, type Row } from './report';
import { runTeam, userClient, type TeamRun, type TeamWay } from './team-users';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'partsheet.js');
const LATENCY_MS = 100;
const LOGIN_RATE = 5;
const CACHE_TTL_S = 60;

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

/** Seeded choice of `size` distinct parts from `pool` for each user: BOMs that overlap as a team's do. */
function boms(pool: string[], users: number, size: number): string[][] {
  const rng = new Rng(7);
  return Array.from({ length: users }, () => {
    const picked = new Set<string>();
    while (picked.size < size) picked.add(rng.pick(pool));
    return [...picked];
  });
}

export interface GatewayBenchOptions {
  users?: number;
  bomLines?: number;
  pool?: number;
  cells?: number;
  cellParts?: number;
  /** Runs of (a) and (b), each way in turn, against a gateway of its own each (medians reported); default 5. */
  repeats?: number;
  /** Leave out (b), the PARTS cells. */
  skipCells?: boolean;
  /** Only these phases ('a', 'b', 'c'); all unless set. (a) runs whenever (c) does: (c)'s goal is counted from it. */
  phases?: string;
}

const pause = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
/** The upstream's per-login bucket holds one second's requests: this long lets it fill again between runs. */
const REFILL_MS = 1100;

/** What every run shares: the upstream, the catalog's part numbers, the users' tokens and the gateways' files. */
interface Bench {
  upstreamUrl: string;
  /** The upstream's process, whose CPU time (a) reports. */
  upstreamPid: number | undefined;
  addinDir: string;
  tokensFile: string;
  numbers: string[];
  /** As many other part numbers of the catalog: the work a gateway's code is compiled on before a timed run. */
  otherNumbers: string[];
  tokens: string[];
  children: ChildProcess[];
}

/** The flags of a gateway in front of the bench's upstream sending `rate` requests a second at most. */
function gatewayArgs(bench: Bench, rate: number, extra: string[] = []): string[] {
  return [
    '--item-upstream',
    bench.upstreamUrl,
    '--addin',
    bench.addinDir,
    '--tokens',
    bench.tokensFile,
    '--cache-ttl',
    String(CACHE_TTL_S),
    '--item-rate',
    String(rate),
    // The bench reads the gateways' figures from /healthz without a token.
    '--public-health-details',
    ...extra,
  ];
}

const TEAM_ENV = { PARTSHEET_GATEWAY_TEAM_LOGIN: 'demo', PARTSHEET_GATEWAY_TEAM_APIKEY: 'demo-key' };

/** `count` gateways started one after the other, stopped by the caller through `stopAll`. */
async function startGateways(bench: Bench, count: number, args: string[], env: Record<string, string> = {}) {
  const gws: { child: ChildProcess; url: string }[] = [];
  for (let i = 0; i < count; i++) {
    const gw = await startGatewayProcess(args, env);
    bench.children.push(gw.child);
    gws.push(gw);
  }
  return gws;
}

async function stopAll(gws: { child: ChildProcess }[]): Promise<void> {
  for (const gw of gws) await stopService(gw.child);
}

/**
 * Every user prices their BOM at once against `bases` (user i against base i mod n), as `login(i)` with `token(i)`
 * when given: one function for the users going through one gateway, several, or direct.
 */
function team(
  bases: string[],
  lists: string[][],
  login: (i: number) => { login: string; apikey: string },
  token: ((i: number) => string) | undefined,
  way: TeamWay,
): Promise<TeamRun> {
  return runTeam(
    lists.map((parts, i) => ({ base: bases[i % bases.length], ...login(i), token: token?.(i), parts })),
    way,
  );
}

const viaToken = () => ({ login: 'anyone', apikey: 'none' });
const ownLogin = (i: number) => ({ login: `user${i + 1}`, apikey: `user${i + 1}-bench-key-0000` });
const sharedLogin = () => ({ login: 'demo', apikey: 'demo-key' });

/** What the gateways' /healthz says of their upstream work, summed. */
interface UpstreamFigures {
  upstreamRequests: number;
  upstreamBusy: number;
  partsAnswered: number;
  partsFromCache: number;
  partsSent: number;
}

/** `figures` less `since` (figures read earlier): what happened in between. */
function figuresSince(figures: UpstreamFigures, since: UpstreamFigures): UpstreamFigures {
  const between = { ...figures };
  for (const key of Object.keys(between) as (keyof UpstreamFigures)[]) between[key] -= since[key];
  return between;
}

/** Healthz figures summed over instances; less `since` (figures read earlier) when given. */
async function upstreamFigures(gws: { url: string }[], since?: UpstreamFigures): Promise<UpstreamFigures> {
  const healths = await Promise.all(gws.map((gw) => health(gw.url)));
  const sum = (pick: (h: Health) => number) => healths.reduce((total, h) => total + pick(h), 0);
  const figures: UpstreamFigures = {
    upstreamRequests: sum((h) => h.upstreams.item.requests),
    upstreamBusy: sum((h) => h.upstreams.item.busy),
    partsAnswered: sum((h) => h.cache.lists.parts),
    partsFromCache: sum((h) => h.cache.lists.fromCache),
    partsSent: sum((h) => h.cache.lists.partsSent),
  };
  return since ? figuresSince(figures, since) : figures;
}

/**
 * One gateway started for a timed run and brought to where a deployed one is: `warm` (the same work on other parts
 * of the catalog, untimed) has compiled its code, while every part the timed run asks is still to be asked upstream;
 * then the gate's and the upstream's allowances refill. Resolves with the gateway and its figures so far, for
 * `upstreamFigures` to count the timed run's alone.
 */
async function warmedGateway(
  bench: Bench,
  args: string[],
  env: Record<string, string>,
  warm: (url: string) => Promise<unknown>,
) {
  const gws = await startGateways(bench, 1, args, env);
  try {
    await warm(gws[0].url);
    await pause(REFILL_MS);
    return { gws, since: await upstreamFigures(gws) };
  } catch (err) {
    await stopAll(gws);
    throw err;
  }
}

const medianOf = <T>(runs: T[], pick: (run: T) => number) => median(runs.map(pick));

/** CPU time (user and system, ms) process `pid` has used so far, from Linux's /proc; undefined elsewhere. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms (Linux reports them at USER_HZ = 100).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The CPU time (ms) each process of `pids` used while `work` ran; NaN where /proc could not say. */
async function cpuDuring<T>(pids: (number | undefined)[], work: () => Promise<T>) {
  const before = pids.map(processCpuMs);
  const result = await work();
  const cpuMs = pids.map((pid, i) => {
    const now = processCpuMs(pid);
    return now === undefined || before[i] === undefined ? NaN : now - before[i]!;
  });
  return { result, cpuMs };
}

/** Medians of the runs' figures as "a / b / …" ms ('?' for a figure some run lacks). */
function mediansRow(runs: number[][]): string {
  return runs[0]
    .map((_, i) => runs.map((run) => run[i]))
    .map((values) => (values.some(Number.isNaN) ? '?' : median(values).toFixed(0)))
    .join(' / ');
}

/** Prints a phase's table as soon as it ends, with the seconds it took. */
function phaseDone(title: string, started: bigint, rows: Row[]): Row[] {
  printTable(`${title} (${(msSince(started) / 1000).toFixed(1)} s)`, rows);
  return rows;
}

/** The runs of (a) one way of modelling the users: through a gateway each time new, again all cached, and direct. */
interface WayRuns {
  via: (TeamRun & UpstreamFigures)[];
  /** The same users again through the same gateway, every part now in its cache: no gateway can do better. */
  cached: (TeamRun & UpstreamFigures)[];
  own: TeamRun[];
  viaCpu: number[][];
  ownCpu: number[][];
}

/**
 * (a) The users through one gateway (team key, a token each; warmed on `otherLists`) and direct with a login each,
 * in turn, `repeats` times, each user as on a machine of their own and all on the bench's one thread; then once
 * direct with one shared login.
 */
async function teamPhase(bench: Bench, lists: string[][], otherLists: string[][], repeats: number) {
  const started = process.hrtime.bigint();
  const distinct = new Set(lists.flat()).size;
  const goal = Math.ceil(distinct / 1000) + 1;
  const noRuns = (): WayRuns => ({ via: [], cached: [], own: [], viaCpu: [], ownCpu: [] });
  const ways: Record<TeamWay, WayRuns> = { ownMachines: noRuns(), oneThread: noRuns() };
  for (let r = 0; r < repeats; r++) {
    for (const way of ['ownMachines', 'oneThread'] as const) {
      const runs = ways[way];
      const throughGateway = (url: string, boms: string[][]) =>
        team([url], boms, viaToken, (i) => bench.tokens[i], way);
      const { gws, since } = await warmedGateway(bench, gatewayArgs(bench, LOGIN_RATE - 1), TEAM_ENV, (url) =>
        throughGateway(url, otherLists),
      );
      try {
        const { result: run, cpuMs } = await cpuDuring([gws[0].child.pid, bench.upstreamPid], () =>
          throughGateway(gws[0].url, lists),
        );
        runs.viaCpu.push(cpuMs);
        const after = await upstreamFigures(gws);
        runs.via.push({ ...run, ...figuresSince(after, since) });
        const again = await throughGateway(gws[0].url, lists);
        runs.cached.push({ ...again, ...(await upstreamFigures(gws, after)) });
      } finally {
        await stopAll(gws);
      }
      await pause(REFILL_MS);
      const { result: direct, cpuMs } = await cpuDuring([bench.upstreamPid], () =>
        team([bench.upstreamUrl], lists, ownLogin, undefined, way),
      );
      runs.ownCpu.push(cpuMs);
      runs.own.push(direct);
      await pause(REFILL_MS);
    }
  }
  // On one thread: the users' retries after the shared login's 503s then compete, as a team's would.
  const shared = await team([bench.upstreamUrl], lists, sharedLogin, undefined, 'oneThread');
  const { via, own } = ways.ownMachines;
  const ratios = via.map((run, i) => own[i].wallMs / run.wallMs);
  const oneThreadRatios = ways.oneThread.via.map((run, i) => ways.oneThread.own[i].wallMs / run.wallMs);
  const gatewayUpstream = Math.max(...[...via, ...ways.oneThread.via].map((run) => run.upstreamRequests));
  // (c)'s baseline: one instance's requests for the same users, the most of the runs timed the way (c)'s users are.
  const oneInstance = Math.max(...ways.oneThread.via.map((run) => run.upstreamRequests));
  const partsAnswered = via[0].partsAnswered;
  const rows: Row[] = [
    {
      measure: `(a) users × BOM lines (distinct parts), ${repeats} runs each way`,
      value: `${lists.length} × ${lists[0]?.length ?? 0} (${distinct})`,
      unit: '',
    },
    {
      measure: 'gateway (team key): upstream requests, the most of a run',
      value: gatewayUpstream,
      unit: 'req',
      target: `≤ ${goal}`,
      ok: gatewayUpstream <= goal,
    },
    {
      measure: 'gateway: upstream requests, runs (own machines | one thread)',
      value: `${via.map((v) => v.upstreamRequests).join(' ')} | ${ways.oneThread.via.map((v) => v.upstreamRequests).join(' ')}`,
      unit: 'req',
    },
    {
      measure: 'gateway: parts sent upstream / lines asked',
      value: partsAnswered === 0 ? 0 : via[0].partsSent / partsAnswered,
      unit: '',
    },
    {
      measure: 'gateway: lines answered from the cache',
      value: partsAnswered === 0 ? 0 : (via[0].partsFromCache / partsAnswered) * 100,
      unit: '%',
    },
    { measure: 'gateway: busy answers from upstream', value: Math.max(...via.map((v) => v.upstreamBusy)), unit: '' },
    ...wayRows('each user on a machine of their own', "users' pricing", ways.ownMachines),
    {
      measure: 'time: direct (a login each) / gateway, median of the runs',
      value: median(ratios),
      unit: '×',
      target: '≥ 1',
      ok: median(ratios) >= 1,
    },
    { measure: 'time: direct / gateway, runs', value: ratios.map((q) => q.toFixed(2)).join(' '), unit: '×' },
    {
      measure: 'time: direct / gateway with every part cached, median',
      value: median(ways.ownMachines.cached.map((run, i) => own[i].wallMs / run.wallMs)),
      unit: '×',
    },
    ...wayRows("all on the bench's one thread", "thread's busy time", ways.oneThread),
    {
      measure: "one thread: direct / gateway, median of the runs (the thread's own parsing decides)",
      value: median(oneThreadRatios),
      unit: '×',
    },
    {
      measure: 'one thread: direct / gateway, runs',
      value: oneThreadRatios.map((q) => q.toFixed(2)).join(' '),
      unit: '×',
    },
    { measure: 'direct, one shared login: upstream requests', value: shared.clientRequests, unit: 'req' },
    { measure: 'direct, one shared login: time to the last line', value: shared.wallMs, unit: 'ms' },
    { measure: 'direct, one shared login: lines failed', value: shared.failedLines, unit: '' },
    {
      measure: 'upstream requests: direct (a login each) / gateway',
      value: own[0].clientRequests / Math.max(1, gatewayUpstream),
      unit: '×',
    },
  ];
  return {
    rows: phaseDone('(a) 50 users through one gateway and direct', started, rows),
    result: {
      distinct,
      goal,
      gatewayUpstream,
      oneInstance,
      ...ways,
      directSharedLogin: shared,
      ratios,
      oneThreadRatios,
    },
  };
}

/** The figures of one way of modelling the users in (a), through the gateway and direct. */
function wayRows(title: string, pricing: string, { via, cached, own, viaCpu, ownCpu }: WayRuns): Row[] {
  const runsRow = (measure: string, runs: TeamRun[]): Row => ({
    measure,
    value: runs.map((v) => v.wallMs.toFixed(0)).join(' '),
    unit: 'ms',
  });
  const timesRow = (measure: string, runs: TeamRun[]): Row => ({
    measure,
    value: mediansRow(runs.map((v) => [v.medianUserMs, v.lastAnswerMs, v.pricingMs])),
    unit: 'ms',
  });
  return [
    { measure: `${title}:`, value: '', unit: '' },
    { measure: 'gateway: time to the last line, median', value: medianOf(via, (v) => v.wallMs), unit: 'ms' },
    runsRow('gateway: time to the last line, runs', via),
    ...failedRow('gateway: lines failed', via),
    { measure: 'gateway: 503s seen by clients, runs', value: via.map((v) => v.client503s).join(' '), unit: '' },
    timesRow(`gateway: median user's last line / last answer read / ${pricing}`, via),
    { measure: 'gateway: CPU of the gateway / the upstream, medians', value: mediansRow(viaCpu), unit: 'ms' },
    {
      measure: 'gateway, all cached: time to the last line, median',
      value: medianOf(cached, (v) => v.wallMs),
      unit: 'ms',
    },
    timesRow(`gateway, all cached: median user's last line / last answer / ${pricing}`, cached),
    {
      measure: 'gateway, all cached: upstream requests',
      value: Math.max(...cached.map((v) => v.upstreamRequests)),
      unit: 'req',
    },
    ...failedRow('gateway, all cached: lines failed', cached),
    { measure: 'direct, a login each: upstream requests', value: own[0].clientRequests, unit: 'req' },
    { measure: 'direct: time to the last line, median', value: medianOf(own, (o) => o.wallMs), unit: 'ms' },
    runsRow('direct: time to the last line, runs', own),
    { measure: 'direct: lines failed', value: Math.max(...own.map((o) => o.failedLines)), unit: '' },
    { measure: 'direct: 503s seen by clients, runs', value: own.map((o) => o.client503s).join(' '), unit: '' },
    timesRow(`direct: median user's last line / last answer read / ${pricing}`, own),
    { measure: 'direct: CPU of the upstream, median', value: mediansRow(ownCpu), unit: 'ms' },
  ];
}

function failedRow(measure: string, runs: { failedLines: number }[]): Row[] {
  const failed = Math.max(...runs.map((r) => r.failedLines));
  return [{ measure, value: failed, unit: '', target: '0', ok: failed === 0 }];
}

/**
 * (b) The PARTS cells through Partsheet's scheduler via a gateway (warmed on the same cells of other parts) and
 * direct, in turn, `repeats` times; then once with one request per cell via a gateway, over the first `perCellCells`
 * cells.
 */
async function cellsPhase(bench: Bench, cellCount: number, cellParts: number, repeats: number) {
  const started = process.hrtime.bigint();
  const cells = sheetCells(bench.numbers.slice(0, cellParts), cellCount);
  const cellRun = async (lookup: 'scheduler' | 'perCell', base: string, sheet = cells) => {
    const client = userClient(base, sharedLogin());
    const run = await runSheet(lookup === 'scheduler' ? client.scheduler : oneRequestPerCall(client.client), sheet);
    client.scheduler.close();
    return { wallMs: run.wall, failed: serviceFailures(run.outcomes), requests: client.requests() };
  };
  const otherCells = sheetCells(bench.otherNumbers.slice(0, cellParts), cellCount);
  const viaGateway = async (lookup: 'scheduler' | 'perCell', sheet = cells) => {
    const { gws, since } = await warmedGateway(bench, gatewayArgs(bench, LOGIN_RATE - 1), {}, (url) =>
      cellRun(lookup, url, otherCells.slice(0, sheet.length)),
    );
    try {
      const run = await cellRun(lookup, gws[0].url, sheet);
      return { ...run, upstreamRequests: (await upstreamFigures(gws, since)).upstreamRequests };
    } finally {
      await stopAll(gws);
    }
  };
  const scheduler: Awaited<ReturnType<typeof viaGateway>>[] = [];
  const direct: Awaited<ReturnType<typeof cellRun>>[] = [];
  // The cells' own code (the users' side, the same either way) is compiled by one run, untimed, rather than by
  // whichever way is timed first.
  await cellRun('scheduler', bench.upstreamUrl);
  for (let r = 0; r < repeats; r++) {
    await pause(REFILL_MS);
    scheduler.push(await viaGateway('scheduler'));
    await pause(REFILL_MS);
    direct.push(await cellRun('scheduler', bench.upstreamUrl));
  }
  await pause(REFILL_MS);
  const perCellSheet = cells.slice(0, PER_CELL_CELLS);
  const perCell = await viaGateway('perCell', perCellSheet);
  const ratios = scheduler.map((run, i) => direct[i].wallMs / run.wallMs);
  const viaMedian = medianOf(scheduler, (s) => s.wallMs);
  const failed = Math.max(...scheduler.map((s) => s.failed));
  const rows: Row[] = [
    { measure: `(b) cells (distinct parts), ${repeats} runs each way`, value: `${cellCount} (${cellParts})`, unit: '' },
    {
      measure: 'scheduler via gateway: time to the last cell, median',
      value: viaMedian,
      unit: 'ms',
      target: '≤ 1500',
      ok: viaMedian <= 1500,
    },
    { measure: 'scheduler via gateway: runs', value: scheduler.map((s) => s.wallMs.toFixed(0)).join(' '), unit: 'ms' },
    {
      measure: 'scheduler via gateway: requests to gateway / upstream',
      value: `${scheduler[0].requests} / ${scheduler[0].upstreamRequests}`,
      unit: 'req',
    },
    { measure: 'scheduler via gateway: cells failed', value: failed, unit: '', target: '0', ok: failed === 0 },
    {
      measure: 'scheduler direct: time to the last cell, median',
      value: medianOf(direct, (d) => d.wallMs),
      unit: 'ms',
    },
    { measure: 'scheduler direct: runs', value: direct.map((d) => d.wallMs.toFixed(0)).join(' '), unit: 'ms' },
    { measure: 'scheduler direct: requests', value: direct[0].requests, unit: 'req' },
    { measure: 'time: scheduler direct / via gateway, median of the runs', value: median(ratios), unit: '×' },
    {
      measure: `one request per cell via gateway (first ${perCellSheet.length} cells): time`,
      value: perCell.wallMs,
      unit: 'ms',
    },
    {
      measure: 'one request per cell via gateway: requests to gateway / upstream',
      value: `${perCell.requests} / ${perCell.upstreamRequests}`,
      unit: 'req',
    },
    { measure: 'one request per cell via gateway: cells failed', value: perCell.failed, unit: '' },
  ];
  return {
    rows: phaseDone('(b) PARTS cells through one gateway and direct', started, rows),
    result: {
      count: cellCount,
      distinct: cellParts,
      schedulerViaGateway: scheduler,
      schedulerDirect: direct,
      perCellViaGateway: { cells: perCellSheet.length, ...perCell },
      ratios,
    },
  };
}

/** Cells asked one request each in (b): enough to show the gateway batching a naive add-in's requests. */
const PER_CELL_CELLS = 200;
const INSTANCES = 4;

/** (c) The users spread over 4 instances in turn: sharing one Redis, and sharing nothing. */
async function instancesPhase(bench: Bench, lists: string[][], oneInstance: number) {
  const started = process.hrtime.bigint();
  const redis = await startTestRedis();
  const spread = async (withRedis: boolean) => {
    const rate = withRedis ? LOGIN_RATE - 1 : (LOGIN_RATE - 1) / INSTANCES;
    let userTokens = bench.tokens;
    if (withRedis) {
      const admin = new Redis(redis.url);
      await admin.flushall();
      userTokens = [];
      for (let i = 1; i <= lists.length; i++)
        userTokens.push(await addSharedToken(admin, tokenKeys(namespaceFor('bench')), `user${i}`));
      admin.disconnect();
    }
    const env = {
      ...TEAM_ENV,
      ...(withRedis ? { PARTSHEET_GATEWAY_REDIS_URL: redis.url, PARTSHEET_GATEWAY_REDIS_NAMESPACE: 'bench' } : {}),
    };
    const gws = await startGateways(
      bench,
      INSTANCES,
      gatewayArgs(bench, rate, ['--instances', String(INSTANCES)]),
      env,
    );
    try {
      const run = await team(
        gws.map((gw) => gw.url),
        lists,
        viaToken,
        (i) => userTokens[i],
        // On one thread: the retries after 503s (without Redis) then compete, as a team's would.
        'oneThread',
      );
      return { ...run, rate, ...(await upstreamFigures(gws)) };
    } finally {
      await stopAll(gws);
    }
  };
  let shared: Awaited<ReturnType<typeof spread>>;
  let alone: Awaited<ReturnType<typeof spread>>;
  try {
    shared = await spread(true);
    await pause(REFILL_MS);
    alone = await spread(false);
  } finally {
    await redis.close();
  }
  const rows: Row[] = [
    {
      measure: `(c) ${INSTANCES} instances × ${lists.length} users, in turn`,
      value: `allowance ${LOGIN_RATE - 1} req/s`,
      unit: '',
    },
    {
      measure: 'with Redis: upstream requests',
      value: shared.upstreamRequests,
      unit: 'req',
      target: `≤ ${oneInstance + 1}`,
      ok: shared.upstreamRequests <= oneInstance + 1,
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
    ...failedRow('with Redis: lines failed', [shared]),
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
  return {
    rows: phaseDone(`(c) ${INSTANCES} instances, with Redis and without`, started, rows),
    result: { count: INSTANCES, withRedis: shared, withoutRedis: alone },
  };
}

/** The catalog, the users' logins and tokens, and the upstream in production-like mode. */
async function setUp(dataDir: string, addinDir: string, userCount: number, pool: number, children: ChildProcess[]) {
  const quiet = { out: () => {}, err: () => {} };
  const catalogParts = Math.max(5000, pool * 3);
  ensureStores(dataDir, catalogParts);
  // A login of their own for each user, for the "direct, a login each" runs.
  for (let i = 1; i <= userCount; i++) {
    await accountsCommand(
      ['rotate-key', '--data', dataDir, '--login', `user${i}`, '--key', `user${i}-bench-key-0000`],
      quiet,
    );
  }
  const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
  const numbers = db
    .prepare<[number], { part_num: string }>('SELECT part_num FROM parts GROUP BY norm ORDER BY item_id LIMIT ?')
    .all(pool * 2)
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
  const tokensFile = join(dataDir, 'tokens.json');
  const tokens = Array.from({ length: userCount }, (_, i) => addToken(tokensFile, `user${i + 1}`));
  writeFileSync(join(addinDir, 'taskpane.html'), '<!doctype html><title>Partsheet</title>');
  return {
    upstreamUrl: upstream.url,
    upstreamPid: upstream.child.pid,
    addinDir,
    tokensFile,
    numbers: numbers.slice(0, pool),
    otherNumbers: numbers.slice(pool),
    tokens,
    children,
  };
}

export async function runGatewayBench(options: GatewayBenchOptions = {}): Promise<Record<string, unknown>> {
  const userCount = options.users ?? 50;
  const bomLines = options.bomLines ?? 500;
  const poolSize = options.pool ?? 2000;
  const cellCount = options.cells ?? 10_000;
  const cellParts = options.cellParts ?? 2000;
  const repeats = Math.max(1, options.repeats ?? 5);
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-gateway-bench-'));
  const addinDir = mkdtempSync(join(tmpdir(), 'partsheet-gateway-bench-addin-'));
  const children: ChildProcess[] = [];
  const started = process.hrtime.bigint();
  try {
    const bench = await setUp(dataDir, addinDir, userCount, Math.max(poolSize, cellParts), children);
    process.stdout.write(
      `gateway bench: upstream production-like, ${LATENCY_MS} ms, ${LOGIN_RATE} req/s per login; cache ${CACHE_TTL_S} s (set up in ${(msSince(started) / 1000).toFixed(1)} s)\n`,
    );
    const lists = boms(bench.numbers.slice(0, poolSize), userCount, bomLines);
    const otherLists = boms(bench.otherNumbers.slice(0, poolSize), userCount, bomLines);
    const phases = options.phases ?? 'abc';
    // The upstream stands for a service that is up and running: its first answers (its code compiled, its store
    // read in) are paid once here, untimed, rather than by whichever way is timed first.
    const warmUp = await team([bench.upstreamUrl], lists, ownLogin, undefined, 'oneThread');
    process.stdout.write(
      `upstream warmed up: ${lists.length} searches direct in ${(warmUp.wallMs / 1000).toFixed(1)} s\n`,
    );
    await pause(REFILL_MS);
    const a =
      phases.includes('a') || phases.includes('c') ? await teamPhase(bench, lists, otherLists, repeats) : undefined;
    const b =
      options.skipCells || !phases.includes('b') ? undefined : await cellsPhase(bench, cellCount, cellParts, repeats);
    if (a && phases.includes('c')) await pause(REFILL_MS);
    const c = a && phases.includes('c') ? await instancesPhase(bench, lists, a.result.oneInstance) : undefined;
    const rows = [...(a?.rows ?? []), ...(b?.rows ?? []), ...(c?.rows ?? [])];
    printTable(`Gateway: all figures (${(msSince(started) / 1000).toFixed(0)} s in all)`, rows);
    const result = {
      latencyMs: LATENCY_MS,
      loginRatePerSecond: LOGIN_RATE,
      cacheTtlSeconds: CACHE_TTL_S,
      users: userCount,
      bomLines,
      repeats,
      ...(a ? { team: a.result } : {}),
      ...(b ? { cells: b.result } : {}),
      ...(c ? { instances: c.result } : {}),
      totalMs: msSince(started),
    };
    writeResult('gateway', rows, result);
    return result;
  } finally {
    for (const child of children.reverse()) await stopService(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(addinDir, { recursive: true, force: true });
  }
}
