import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildDemoCatalog } from '../service/demo/build';
import { openDatabase } from '../service/store/db';
import { median, percentile, printTable, writeResult, type Row } from './report';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'partsheet.js');
const AUTH = 'login=demo&apikey=demo-key';

export function startServer(
  dataDir: string,
  extra: string[] = [],
): Promise<{ child: ChildProcess; url: string; ms: number }> {
  const t0 = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--data', dataDir, '--port', '0', '--test-port', '0', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const prod = /\(production\) listening on (\S+)/.exec(out);
      if (prod && /\(test environment\) listening/.test(out)) {
        resolve({ child, url: prod[1], ms: Number(process.hrtime.bigint() - t0) / 1e6 });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

/** Stops a service child started here (startServer or a fork) and waits for it to exit; nothing when it has. */
export async function stopServer(server: { child: ChildProcess } | undefined): Promise<void> {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}

/** Peak resident set size of a process, from /proc (Linux). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Latency is request to last byte; the answer's success flag is checked without timing a full parse. */
export async function fetchOk(url: string): Promise<string> {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200 || !text.slice(0, 400).includes('"success":true'))
    throw new Error(`request failed: ${url.slice(0, 200)}`);
  return text;
}

export async function runServiceBench(parts = 100_000): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-bench-'));
  let server: { child: ChildProcess; url: string; ms: number } | undefined;
  try {
    const build = buildDemoCatalog(join(dataDir, 'production.db'), parts);
    // Pick 1000 distinct part numbers that exist, spread over the catalog.
    const db = openDatabase(join(dataDir, 'production.db'));
    const numbers = db
      .prepare<[number], { part_num: string }>(
        'SELECT part_num FROM parts WHERE item_id % ? = 0 GROUP BY norm ORDER BY item_id LIMIT 1000',
      )
      .all(Math.max(1, Math.floor(parts / 1100)))
      .map((r) => r.part_num);
    db.close();
    if (numbers.length < 1000) throw new Error(`only ${numbers.length} distinct part numbers to search`);

    // First start copies the catalog for the test environment; the measured start is a later one.
    server = await startServer(dataDir);
    await stopServer(server);
    server = await startServer(dataDir);
    const base = server.url;

    const req = JSON.stringify({
      request: {
        login: 'demo',
        apikey: 'demo-key',
        remoteIp: '',
        useExact: true,
        parts: numbers.map((partNum) => ({ partNum })),
      },
    });
    const listUrl = `${base}/itemservice/v4/en/search/list?req=${encodeURIComponent(req)}`;
    let firstText = '';
    const coldList = await timed(async () => {
      firstText = await fetchOk(listUrl);
    });
    const first = JSON.parse(firstText) as { itemserviceresult: { data: { partsFound: number }[] } };
    if (first.itemserviceresult.data[0].partsFound !== 1000) throw new Error('not every benchmark part was found');
    for (let i = 0; i < 3; i++) await fetchOk(listUrl);
    const listTimes: number[] = [];
    for (let i = 0; i < 30; i++) listTimes.push(await timed(() => fetchOk(listUrl)));

    const tokenUrl = (n: string) =>
      `${base}/itemservice/v4/en/search/token?${AUTH}&search_token=${encodeURIComponent(n)}`;
    const tokenTimes: number[] = [];
    const thousandTokens = await timed(async () => {
      for (const n of numbers) tokenTimes.push(await timed(() => fetchOk(tokenUrl(n))));
    });
    const oneList = median(listTimes);

    const load = await autocannon({
      url: base,
      connections: 16,
      duration: 10,
      requests: numbers.slice(0, 200).map((n) => ({
        method: 'GET',
        path: `/itemservice/v4/en/search/token?${AUTH}&search_token=${encodeURIComponent(n)}`,
      })),
    });
    const errors = load.errors + load.timeouts + load.non2xx;
    const rss = peakRssMb(server.child.pid!);

    const rows: Row[] = [
      {
        measure: 'catalog build (100,000 parts)'.replace('100,000', parts.toLocaleString('en-US')),
        value: build.seconds,
        unit: 's',
        target: '≤ 30',
        ok: build.seconds <= 30,
      },
      {
        measure: 'start with an existing catalog',
        value: server.ms / 1000,
        unit: 's',
        target: '≤ 2',
        ok: server.ms <= 2000,
      },
      {
        measure: 'list search, 1000 parts, v4 JSON (median of 30)',
        value: oneList,
        unit: 'ms',
        target: '≤ 100',
        ok: oneList <= 100,
      },
      { measure: 'list search p95', value: percentile(listTimes, 95), unit: 'ms' },
      { measure: 'list search, first request (no part rendered yet)', value: coldList, unit: 'ms' },
      {
        measure: 'token search (median of 1000)',
        value: median(tokenTimes),
        unit: 'ms',
        target: '≤ 3',
        ok: median(tokenTimes) <= 3,
      },
      { measure: '1000 token searches, one after another', value: thousandTokens, unit: 'ms' },
      {
        measure: 'ratio: 1000 token requests / one 1000-part list request',
        value: thousandTokens / oneList,
        unit: '×',
      },
      {
        measure: 'token searches/s at 16 connections (10 s)',
        value: load.requests.average,
        unit: 'req/s',
        target: '≥ 1000',
        ok: load.requests.average >= 1000,
      },
      {
        measure: '  latency p50 / p99 under that load',
        value: `${load.latency.p50} / ${load.latency.p99}`,
        unit: 'ms',
      },
      { measure: '  errors, timeouts and non-2xx answers', value: errors, unit: '', target: '0', ok: errors === 0 },
      { measure: 'peak RSS of the service', value: rss, unit: 'MB', target: '≤ 300', ok: rss <= 300 },
    ];
    printTable('Item service', rows);
    writeResult('service', rows);
    return rows;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
