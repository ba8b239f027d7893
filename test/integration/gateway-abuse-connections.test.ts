/**
 * The gateway against clients that hold connections: headers sent slowly or never finished are cut after the header
 * timeout, connections beyond the per-address cap are closed at once while another client is served, an over-large
 * header gets 431, and a gateway process facing hundreds of connections with 290 KB of unfinished headers stays
 * within a bound of memory. And /healthz shows its figures (the Redis address, the tokens, the traffic) only to a
 * valid gateway token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import { namespaceFor } from '../../gateway/deployment';
import { addSharedToken, tokenKeys } from '../../gateway/redis-tokens';
import { fakeAddinDir, startTestGateway, type TestGateway } from '../helpers/gateway';
import { startTestRedis, type TestRedis } from '../helpers/redis';
import { get, startProductionLike, type TestService } from '../helpers/service';
import { until } from '../helpers/until';
import { tempFolder } from '../helpers/temp-folder';

jest.setTimeout(120_000);

const BIN = join(__dirname, '..', '..', 'bin', 'partsheet.js');

let upstream: TestService;
beforeAll(async () => {
  upstream = await startProductionLike({ parts: 50 });
});
afterAll(() => upstream?.close());

/** A connection from `from` (an address of the loopback network) sending the start of a request, never its end. */
interface Held {
  socket: Socket;
  /** Milliseconds from the write to the close, once closed. */
  closedAfter?: number;
  /** What the gateway sent before closing, if anything. */
  answer: string;
}

function hold(port: number, from: string, headerBytes: number): Promise<Held> {
  return new Promise((resolve) => {
    const head = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: `;
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    const held: Held = { socket, answer: '' };
    let wroteAt = Date.now();
    socket.on('data', (d) => (held.answer += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      held.closedAfter = Date.now() - wroteAt;
      resolve(held);
    });
    socket.on('connect', () => {
      wroteAt = Date.now();
      socket.write(head + 'a'.repeat(Math.max(0, headerBytes - head.length)), () => resolve(held));
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('connections', () => {
  let gw: TestGateway;
  afterEach(() => gw?.close());

  test('beyond the per-address cap connections are closed at once, unfinished headers are cut after the header timeout, and another client is served meanwhile', async () => {
    gw = await startTestGateway(upstream, {
      headerTimeoutSeconds: 2,
      maxConnectionsPerAddress: 5,
      maxConnections: 100,
    });
    const port = Number(new URL(gw.url).port);
    const started = Date.now();
    const held = await Promise.all(Array.from({ length: 12 }, () => hold(port, '127.0.0.1', 20_000)));

    // The other client, from another address, is answered while the 12 are open.
    const other = await new Promise<string>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () =>
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('close', () => resolve(text));
    });
    expect(other).toMatch(/^HTTP\/1\.1 200 /);

    // 7 of the 12 went beyond the cap of 5: closed before the header timeout, the 5 others after it.
    await until('every held connection closed', () => held.every((h) => h.closedAfter !== undefined), 20_000);
    // Told apart by what they got (no clock of this machine's speed): the refused nothing, the cut a 408; the refused
    // all closed before the first cut one, and none cut before the timeout.
    const early = held.filter((h) => h.answer === '');
    expect(early).toHaveLength(7);
    const cut = held.filter((h) => h.answer.startsWith('HTTP/1.1 408 '));
    expect(cut).toHaveLength(5);
    expect(Math.max(...early.map((h) => h.closedAfter!))).toBeLessThan(Math.min(...cut.map((h) => h.closedAfter!)));
    expect(cut.every((h) => h.closedAfter! >= 1500)).toBe(true);
    // Cut once the 2 s header timeout passed (checked every second), not the 60 s and more Node allows by default.
    expect(Date.now() - started).toBeLessThan(15_000);
    const health = (await get(gw.url, '/healthz')).json;
    expect(health.connections).toMatchObject({ refusedPerAddress: 7, refusedTotal: 0 });
    expect(gw.lines.some((l) => l.includes('connections refused: an address has 5 open'))).toBe(true);
  });

  test('a proxy named in trustProxy is held to the cap in all only, another address to its own cap', async () => {
    gw = await startTestGateway(upstream, {
      headerTimeoutSeconds: 30,
      maxConnectionsPerAddress: 3,
      maxConnections: 100,
      trustProxy: ['127.0.0.7'],
    });
    const port = Number(new URL(gw.url).port);
    const fromProxy = await Promise.all(Array.from({ length: 10 }, () => hold(port, '127.0.0.7', 1000)));
    const fromOther = await Promise.all(Array.from({ length: 10 }, () => hold(port, '127.0.0.8', 1000)));
    await until('7 connections closed', () => fromOther.filter((h) => h.closedAfter !== undefined).length >= 7, 10_000);
    await pause(300);
    // Every connection from the proxy stays open (its users' shares are the fair line's business); 7 of the other's go.
    expect(fromProxy.filter((h) => h.closedAfter !== undefined)).toHaveLength(0);
    expect(fromOther.filter((h) => h.closedAfter !== undefined)).toHaveLength(7);
    const health = (await get(gw.url, '/healthz')).json;
    expect(health.connections).toMatchObject({ refusedPerAddress: 7, refusedTotal: 0 });
    for (const h of [...fromProxy, ...fromOther]) h.socket.destroy();
  });

  test('beyond the cap in all connections from any address are closed at once', async () => {
    gw = await startTestGateway(upstream, {
      headerTimeoutSeconds: 30,
      maxConnectionsPerAddress: 10,
      maxConnections: 8,
    });
    const port = Number(new URL(gw.url).port);
    const held = await Promise.all(Array.from({ length: 12 }, (_, i) => hold(port, `127.0.0.${10 + (i % 4)}`, 1000)));
    await until('4 connections closed', () => held.filter((h) => h.closedAfter !== undefined).length >= 4, 10_000);
    await pause(300);
    expect(held.filter((h) => h.closedAfter !== undefined)).toHaveLength(4);
    for (const h of held) h.socket.destroy();
  });

  test('an over-large header gets 431', async () => {
    gw = await startTestGateway(upstream);
    const res = await fetch(`${gw.url}/healthz`, { headers: { 'x-pad': 'a'.repeat(400 * 1024) } }).then(
      (r) => r.status,
      (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
    );
    expect(res).toBe(431);
  });
});

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const OPEN = new Set(['01', '08']); // established, or closed by the client but not yet by the gateway

/**
 * The gateway's side of the connections to 127.0.0.1:`port` it has not closed on this machine (Linux's /proc/net/tcp
 * and tcp6, 127.0.0.1 written there as 0100007F): each with the bytes it has received that the gateway has not read
 * yet. By address and port both: a client bound to another loopback address (127.0.1.x) may be given the same port
 * number for its own end.
 */
function acceptedSockets(port: number): { unread: number }[] {
  const found: { unread: number }[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 5 || !OPEN.has(f[3])) continue;
      const [address, local] = f[1].split(':');
      if (!address.toUpperCase().endsWith('0100007F') || parseInt(local, 16) !== port) continue;
      found.push({ unread: parseInt(f[4].split(':')[1], 16) });
    }
  }
  return found;
}

/** What acceptedSockets last saw, for a failed wait's message: how many, and how many bytes unread in all. */
function seen(port: number): string {
  const kept = acceptedSockets(port);
  return `${kept.length} open, ${kept.reduce((sum, s) => sum + s.unread, 0)} bytes unread`;
}

function gatewayProcess(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const tokens = join(tempFolder('gwconn'), 'tokens.json');
  const child = spawn(
    process.execPath,
    [BIN, 'gateway', '--port', '0', '--item-upstream', upstream.productionUrl, '--addin', fakeAddinDir()]
      .concat(['--tokens', tokens])
      .concat(args),
    // As the deployment files run it: glibc gives large freed blocks back to the system.
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' } },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"msg":"listening".*"url":"([^"]+)"/.exec(out);
      if (m) resolve({ child, port: Number(new URL(m[1]).port) });
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`the gateway exited with ${code}: ${out}`)));
  });
}

test('600 connections with 290 KB of unfinished headers from 12 addresses: the gateway process grows by a bounded amount and gives it back once they close', async () => {
  const { child, port } = await gatewayProcess([
    '--max-connections',
    '150',
    '--max-connections-per-address',
    '50',
    // Longer than the waits below: the 150 held are not cut while the test waits for them to be read.
    '--header-timeout',
    '170',
  ]);
  try {
    await pause(500);
    const idle = rssMb(child.pid!);
    const held: Held[] = [];
    for (let i = 0; i < 600; i++) held.push(await hold(port, `127.0.1.${1 + (i % 12)}`, 290 * 1024));
    // The writes end in the kernel's buffers, whether the gateway has taken the connections or not: wait (without a
    // clock of the gateway's speed) until it has closed the 450 beyond its cap and read all it holds.
    await until('450 connections closed', () => held.filter((h) => h.closedAfter !== undefined).length >= 450, 60_000);
    // A failed wait says what the table of sockets showed last.
    const untilSeen = (what: string, check: () => boolean, ms: number) =>
      until(what, check, ms).catch((e: Error) => Promise.reject(new Error(`${e.message} (${seen(port)})`)));
    await untilSeen(
      'the gateway has read what its 150 connections sent',
      () => {
        const kept = acceptedSockets(port);
        return kept.length === 150 && kept.every((s) => s.unread === 0);
      },
      60_000,
    );
    const during = rssMb(child.pid!);
    // 600 × 290 KB is 170 MB held as it arrives; 150 connections at most hold 44 MB.
    expect(during - idle).toBeLessThan(110);
    expect(held.filter((h) => h.closedAfter !== undefined)).toHaveLength(450);
    for (const h of held) h.socket.destroy();
    // Closed, they leave nothing behind: no parser keeps their headers, and the memory goes back to the system.
    await untilSeen('the gateway closed its side of them', () => acceptedSockets(port).length === 0, 30_000);
    await until('the gateway back within 20 MB of idle', () => rssMb(child.pid!) - idle < 20, 30_000);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
});

describe('/healthz', () => {
  let redis: TestRedis;
  let gw: TestGateway;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await gw?.close();
    await redis?.close();
  });

  test('without a token it says the status only; with a valid token it shows the Redis, the tokens and the traffic', async () => {
    gw = await startTestGateway(upstream, {
      redisUrl: redis.url,
      redisNamespace: 'health-test',
      publicHealthDetails: false,
    });
    const admin = new Redis(redis.url);
    const token = await addSharedToken(admin, tokenKeys(namespaceFor('health-test')), 'ops').finally(() =>
      admin.quit(),
    );

    const anonymous = await get(gw.url, '/healthz');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({ status: 'ok' });
    expect(anonymous.text).not.toContain(String(new URL(redis.url).port));

    const wrong = await get(gw.url, '/healthz', {}, { headers: { 'x-partsheet-token': 'pst_not-a-token' } });
    expect(wrong.json).toEqual({ status: 'ok' });

    const withToken = () => get(gw.url, '/healthz', {}, { headers: { 'x-partsheet-token': token } });
    let ops = await withToken();
    // The instance learns the token from Redis within a second.
    for (let i = 0; i < 100 && ops.json.tokens === undefined; i++) {
      await pause(100);
      ops = await withToken();
    }
    expect(ops.status).toBe(200);
    expect(ops.json).toMatchObject({ status: 'ok', tokens: 1, shared: { redis: redis.url.replace(/\/$/, '') } });
    expect(ops.json.upstreams.item).toHaveProperty('requests');
    expect(ops.json.connections).toHaveProperty('open');
  });
});
