import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoCatalog } from '../service/demo/build';
import { openDatabase } from '../service/store/db';
import { percentile, printTable, writeResult, type Row } from './report';
import { fetchOk, peakRssMb, startServer, stopServer, timed } from './service';

const AUTH = 'login=demo&apikey=demo-key';
/** Every request of this benchmark goes to the service it starts on the loopback address, bounded in count and time. */
const HOST = '127.0.0.1';

type Server = { child: ChildProcess; url: string };

/** Clients that ask for the largest allowed answer as XML and never read it. */
const XML_NON_READERS = 150;

interface Delay {
  p50: number;
  p99: number;
  max: number;
}

/** The service in a child that reports its own event-loop delay (bench/abuse-server.ts). */
function startWatchedServer(file: string): Promise<Server & { delay(): Promise<Delay> }> {
  const child = fork(join(__dirname, 'abuse-server.js'), [file], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  return next<{ url: string }>().then(({ url }) => ({
    child,
    url,
    delay: () => {
      const answer = next<Delay>();
      child.send('delay');
      return answer;
    },
  }));
}

const listPath = (parts: string[], rows: number, login = 'demo', extra = '') =>
  `/itemservice/v4/en/search/list?rows=${rows}${extra}&req=${encodeURIComponent(JSON.stringify({ request: { login, apikey: 'demo-key', remoteIp: '', useExact: false, parts: parts.map((partNum) => ({ partNum })) } }))}`;

/** Sequential token searches: each one's latency, request to last byte. */
async function tokenLatencies(base: string, numbers: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const n of numbers)
    times.push(
      await timed(() =>
        fetchOk(`${base}/itemservice/v4/en/search/token?${AUTH}&search_token=${encodeURIComponent(n)}`),
      ),
    );
  return times;
}

/** Keeps `path` in flight, one request after another, until `stopAt.done` is set; returns how many were answered. */
async function keepBusy(base: string, path: string, stopAt: { done: boolean }): Promise<number> {
  let answered = 0;
  while (!stopAt.done) {
    const res = await fetch(`${base}${path}`);
    await res.arrayBuffer();
    answered++;
  }
  return answered;
}

/** A client that sends one request and never reads the answer. */
function nonReader(port: number, path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, HOST, () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

/** The largest answer the caps allow for `parts`: the most rows that still succeed. */
async function largestAllowedRows(base: string, parts: string[]): Promise<{ rows: number; bytes: number }> {
  for (let rows = 25; rows > 0; rows--) {
    const res = await fetch(`${base}${listPath(parts, rows)}`);
    const text = await res.text();
    if (text.slice(0, 400).includes('"success":true')) return { rows, bytes: Buffer.byteLength(text) };
  }
  throw new Error('no rows value is answered');
}

/** The most crowded 3-character prefixes of a catalog: a thousand distinct list entries, each matching many parts. */
export function crowdedPrefixes(db: ReturnType<typeof openDatabase>): string[] {
  return db
    .prepare<[], { p: string }>(
      'SELECT substr(norm, 1, 3) AS p FROM parts GROUP BY p ORDER BY count(*) DESC LIMIT 1000',
    )
    .all()
    .map((r) => r.p);
}

export async function runAbuseBench(parts = 100_000): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-abuse-'));
  let server: Server | undefined;
  try {
    buildDemoCatalog(join(dataDir, 'production.db'), parts);
    const db = openDatabase(join(dataDir, 'production.db'));
    const numbers = db
      .prepare<[number], { part_num: string }>(
        'SELECT part_num FROM parts WHERE item_id % ? = 0 GROUP BY norm ORDER BY item_id LIMIT 300',
      )
      .all(Math.max(1, Math.floor(parts / 330)))
      .map((r) => r.part_num);
    const prefixes = crowdedPrefixes(db);
    db.close();

    // 1. A plain token search, idle, then while three worst-case list searches are in flight all the time; the
    // service's own event-loop delay over each phase.
    const watched = await startWatchedServer(join(dataDir, 'production.db'));
    server = watched;
    const base = watched.url;
    const repeated = Array.from({ length: 1000 }, () => 'C');
    await tokenLatencies(base, numbers.slice(0, 50));
    await watched.delay();
    const idle = await tokenLatencies(base, numbers);
    const idleDelay = await watched.delay();
    const heavy = [listPath(repeated, 25), listPath(prefixes, 2), listPath(prefixes, 25)];
    const stopAt = { done: false };
    const workers = heavy.map((path) => keepBusy(base, path, stopAt));
    await new Promise((r) => setTimeout(r, 300));
    await watched.delay();
    const busy = await tokenLatencies(base, numbers);
    const busyDelay = await watched.delay();
    stopAt.done = true;
    const heavyAnswered = (await Promise.all(workers)).reduce((a, b) => a + b, 0);
    const largest = await largestAllowedRows(base, repeated);
    await stopServer(server);

    // The CLI's service (what users run) for the memory and rate-limit parts.
    server = await startServer(dataDir, ['--host', HOST]);
    const port = Number(new URL(server.url).port);

    // 2. Peak memory with 25 clients that never read the largest answer the caps allow.
    const rssBefore = peakRssMb(server.child.pid!);
    const sockets: Socket[] = [];
    for (let i = 0; i < 25; i++) sockets.push(await nonReader(port, listPath(repeated, largest.rows)));
    await new Promise((r) => setTimeout(r, 5000));
    const rssPeak = peakRssMb(server.child.pid!);
    const stillServed = await tokenLatencies(server.url, numbers.slice(0, 20));
    for (const s of sockets) s.destroy();
    await stopServer(server);

    // 3. Peak memory with 150 clients that never read the same answer as XML (converted as it is written, so each
    // holds a few pieces), and a token search's latency meanwhile; on a fresh service, since the peak only grows.
    server = await startServer(dataDir, ['--host', HOST]);
    const xmlPort = Number(new URL(server.url).port);
    const xmlSockets: Socket[] = [];
    for (let i = 0; i < XML_NON_READERS; i++)
      xmlSockets.push(await nonReader(xmlPort, listPath(repeated, largest.rows, 'demo', '&fmt=xml')));
    // Longer than for JSON: 150 worst-case searches are looked up before their answers begin.
    await new Promise((r) => setTimeout(r, 10_000));
    const xmlStillServed = await tokenLatencies(server.url, numbers.slice(0, 20));
    const xmlRssPeak = peakRssMb(server.child.pid!);
    for (const s of xmlSockets) s.destroy();
    await stopServer(server);

    // 4. The rate limit on every spelling of a path: a login guessing keys, a made-up query login on each list search.
    const limit = 10;
    server = await startServer(dataDir, ['--host', HOST, '--rate-limit', String(limit)]);
    const spellings = [
      (i: number) => `//itemservice/v4/en/search/token?login=attacker&apikey=guess${i}&search_token=BAV99`,
      (i: number) => `/itemservice/v4/en/search/token/?login=attacker&apikey=guess${i}&search_token=BAV99`,
      (i: number) => `/itemservice/v4/en/search/%74oken?login=attacker&apikey=guess${i}&search_token=BAV99`,
      (i: number) =>
        listPath(['BAV99'], 1, 'attacker', `&login=made-up-${i}`).replace('/search/list', '/search/%6Cist/'),
      (i: number) => `//itemservice//v3/en/lookup/manufacturer/?login=attacker&apikey=guess${i}`,
    ];
    const t0 = Date.now();
    let answered = 0;
    const attempts = 200;
    for (let i = 0; i < attempts; i++) {
      const res = await fetch(`${server.url}${spellings[i % spellings.length](i)}`);
      await res.arrayBuffer();
      if (res.status !== 503) answered++;
    }
    // The bucket refills at `limit` a minute: what the elapsed time allows is not over the limit.
    const allowed = limit + Math.floor(((Date.now() - t0) / 60_000) * limit);
    const overLimit = Math.max(0, answered - allowed);

    const p99Idle = percentile(idle, 99);
    const p99Busy = percentile(busy, 99);
    const rows: Row[] = [
      { measure: 'token search p99, idle service (baseline)', value: p99Idle, unit: 'ms' },
      {
        measure: 'token search p99, three worst-case list searches in flight',
        value: p99Busy,
        unit: 'ms',
        target: '≤ 50',
        ok: p99Busy <= 50,
      },
      { measure: '  ratio busy / idle p99', value: p99Busy / p99Idle, unit: '×' },
      { measure: '  slowest token search while busy', value: Math.max(...busy), unit: 'ms' },
      { measure: '  worst-case list searches answered meanwhile', value: heavyAnswered, unit: '' },
      { measure: 'event-loop delay p99, idle (baseline)', value: idleDelay.p99, unit: 'ms' },
      {
        measure: 'event-loop delay p99 / max, three worst-case list searches',
        value: `${busyDelay.p99.toFixed(1)} / ${busyDelay.max.toFixed(1)}`,
        unit: 'ms',
      },
      {
        measure: `largest allowed answer (1000 × prefix C, rows ${largest.rows})`,
        value: largest.bytes / 1024 / 1024,
        unit: 'MiB',
      },
      { measure: 'peak RSS before the non-reading clients', value: rssBefore, unit: 'MB' },
      {
        measure: 'peak RSS with 25 clients not reading it',
        value: rssPeak,
        unit: 'MB',
        target: '≤ 500',
        ok: rssPeak <= 500,
      },
      { measure: '  token search p99 meanwhile', value: percentile(stillServed, 99), unit: 'ms' },
      {
        measure: `peak RSS with ${XML_NON_READERS} clients not reading it as XML`,
        value: xmlRssPeak,
        unit: 'MB',
        target: '≤ 500',
        ok: xmlRssPeak <= 500,
      },
      {
        measure: '  token search p99 / max meanwhile',
        value: `${percentile(xmlStillServed, 99).toFixed(1)} / ${Math.max(...xmlStillServed).toFixed(1)}`,
        unit: 'ms',
      },
      {
        measure: `answers over a limit of ${limit}/min on altered spellings (${attempts} sent)`,
        value: overLimit,
        unit: '',
        target: '0',
        ok: overLimit === 0,
      },
    ];
    printTable('Item service under abuse', rows);
    writeResult('abuse', rows);
    return rows;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
