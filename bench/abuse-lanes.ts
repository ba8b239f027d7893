/**
 * Lanes and pauses under abuse, as `partsheet gateway --trust-proxy` runs (a child process with its default rates,
 * passing logins through), in front of a hostile item service of the benchmark's own on the loopback address that
 * answers login A 503 with `Retry-After: 60` and everyone else at once:
 * (a) login A is paused; login B then makes 10 token searches (each must be answered, promptly);
 * (b) one connection from 127.0.0.3 (not the proxy: `--trust-proxy` alone trusts 127.0.0.1 and ::1) sends 500
 *     searches without waiting, each naming a new `X-Forwarded-For`; a user at 127.0.0.2 then makes 10 searches.
 * Every request goes to processes this benchmark starts on 127.0.0.1; loops are bounded in count and time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGatewayProcess } from './gateway';
import { msSince, printTable, writeResult, type Row } from './report';
import { stopServer } from './service';

const TOKEN_SEARCH = '/itemservice/v4/en/search/token';
const FLOOD = 500;
const SEARCHES = 10;

const searchPath = (login: string, keyword: string) =>
  `${TOKEN_SEARCH}?${new URLSearchParams({ keyword, login, apikey: `${login}-key` })}`;

/** The hostile item service: login A busy for 60 s, everyone else answered at once; counts requests per login. */
async function hostileItemService(): Promise<{ server: Server; url: string; sent: Map<string, number> }> {
  const sent = new Map<string, number>();
  const body = JSON.stringify({
    itemserviceresult: {
      serviceMetaData: [{ version: '4.0.0' }],
      transactionArea: [{ response: { returnCode: '0', returnMsg: '', success: true } }],
      data: [{ results: [] }],
    },
  });
  const server = createServer((req, res) => {
    const login = new URL(req.url ?? '/', 'http://upstream').searchParams.get('login') ?? '';
    sent.set(login, (sent.get(login) ?? 0) + 1);
    if (login === 'A') res.writeHead(503, { 'retry-after': '60' }).end('{"error":"busy"}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent };
}

/** One GET from `localAddress`, timed; status 0 when it got no answer within two and a half minutes. */
function timedGet(localAddress: string, url: string): Promise<{ status: number; ms: number }> {
  const t0 = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = httpRequest(url, { localAddress, agent: false, timeout: 150_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: msSince(t0) }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: msSince(t0) }));
    req.end();
  });
}

/** `count` searches one after another from `localAddress`: how many were answered 200, and the longest wait. */
async function searches(localAddress: string, base: string, login: string, tag: string) {
  let answered = 0;
  let longest = 0;
  for (let i = 0; i < SEARCHES; i++) {
    const got = await timedGet(localAddress, `${base}${searchPath(login, `${tag}${i}`)}`);
    if (got.status === 200) answered++;
    longest = Math.max(longest, got.ms);
  }
  return { answered, longest };
}

/** The flood: FLOOD searches pipelined on one connection, each with a new X-Forwarded-For; statuses as they come. */
function flood(base: string): { statuses: () => number[]; stop: () => void } {
  const socket = connect({ host: '127.0.0.1', port: Number(new URL(base).port), localAddress: '127.0.0.3' });
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const requests = Array.from(
    { length: FLOOD },
    (_, i) =>
      `GET ${searchPath('M', `FLOOD${i}`)} HTTP/1.1\r\nHost: gw\r\nX-Forwarded-For: 10.66.${i >> 8}.${i & 255}\r\n\r\n`,
  );
  socket.write(requests.join(''));
  return {
    statuses: () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1])),
    stop: () => socket.destroy(),
  };
}

export async function runLanesAbuseBench(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'partsheet-gw-lanes-'));
  writeFileSync(join(dir, 'taskpane.html'), '<!doctype html><title>Partsheet</title>');
  const upstream = await hostileItemService();
  const gateway = await startGatewayProcess([
    '--item-upstream',
    upstream.url,
    '--addin',
    dir,
    '--tokens',
    join(dir, 'tokens.json'),
    '--trust-proxy',
  ]);
  const log: Record<string, unknown>[] = [];
  let pending = '';
  gateway.child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.includes('"msg":"request"')) log.push(JSON.parse(line));
  });
  try {
    // (a) A is paused by its own busy answer; B goes on.
    const a = await timedGet('127.0.0.1', `${gateway.url}${searchPath('A', 'first')}`);
    const aAgain = await timedGet('127.0.0.1', `${gateway.url}${searchPath('A', 'again')}`);
    const b = await searches('127.0.0.1', gateway.url, 'B', 'B');

    // (b) The forged flood from 127.0.0.3, then a user at 127.0.0.2.
    const attack = flood(gateway.url);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const user = await searches('127.0.0.2', gateway.url, 'C', 'C');
    const statuses = attack.statuses();
    attack.stop();
    const floodLines = log.filter((l) => l.peer === '127.0.0.3');
    const floodIps = new Set(floodLines.map((l) => l.ip));

    const rows: Row[] = [
      { measure: "(a) login A's search answered 503 Retry-After: 60", value: a.ms, unit: 'ms' },
      {
        measure: "  A's next search (refused by the gateway, unsent)",
        value: `${aAgain.status}, ${upstream.sent.get('A') ?? 0} sent`,
        unit: '',
        target: '503, 1 sent',
        ok: aAgain.status === 503 && upstream.sent.get('A') === 1,
      },
      {
        measure: `  login B's ${SEARCHES} searches meanwhile answered`,
        value: `${b.answered}/${SEARCHES}`,
        unit: '',
        target: `${SEARCHES}/${SEARCHES}`,
        ok: b.answered === SEARCHES,
      },
      { measure: "  login B's longest wait", value: b.longest, unit: 'ms', target: '≤ 1000', ok: b.longest <= 1000 },
      {
        measure: `(b) another user's ${SEARCHES} searches behind ${FLOOD} forged X-Forwarded-For: longest wait`,
        value: user.longest,
        unit: 'ms',
        target: '≤ 1000',
        ok: user.longest <= 1000 && user.answered === SEARCHES,
      },
      {
        measure: "  the flood's answers so far: 200 / 503",
        value: `${statuses.filter((s) => s === 200).length} / ${statuses.filter((s) => s === 503).length}`,
        unit: '',
      },
      {
        measure: "  addresses the flood's log lines name (its peer)",
        value: [...floodIps].join(', ') || 'none',
        unit: '',
        target: '127.0.0.3',
        ok: floodIps.size === 1 && floodIps.has('127.0.0.3'),
      },
    ];
    printTable('Gateway lanes and pauses under abuse (--trust-proxy, logins passed through)', rows);
    writeResult('abuse-lanes', rows);
    return rows;
  } finally {
    await stopServer(gateway);
    await new Promise<void>((resolve) => {
      upstream.server.closeAllConnections();
      upstream.server.close(() => resolve());
    });
    rmSync(dir, { recursive: true, force: true });
  }
}
