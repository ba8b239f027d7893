/**
 * The gateway under abuse, as `partsheet gateway` runs (a child process with its default rates, passing logins
 * through), in front of the reference service on the loopback address:
 * (a) a user's small searches, idle (the baseline), then while 300 list searches with made-up logins are sent and
 *     abandoned within 30 ms and 8 clients keep asking a large list search (amplified); the user and the readers
 *     each carry a gateway token of their own, as the people of a team do (the gateway tells clients apart by token,
 *     else by address, and everything here comes from one address);
 * (b) the gateway's peak memory while 40 clients ask that search and never read their answer;
 * (c) two instances sharing a Redis that answers 300 ms late (abuse-gateway-redis.ts).
 * Every request goes to processes this benchmark starts on 127.0.0.1; loops are bounded in count and time.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureStores } from '../service/server';
import { openDatabase } from '../service/store/db';
import { GATEWAY_TOKEN_HEADER } from '../protocol/gateway-token';
import { addToken } from '../gateway/tokens';
import { crowdedPrefixes } from './abuse';
import { runRefusalScenarios } from './abuse-gateway-refusals';
import { DEPLOYMENT_ENV, ONE_ADDRESS_FLAGS, slowHeaderConnections } from './abuse-gateway-connections';
import { slowRedisRows } from './abuse-gateway-redis';
import { startGatewayProcess } from './gateway';
import { percentile, printTable, writeResult, type Row } from './report';
import { peakRssMb, startServer, stopServer } from './service';

const HOST = '127.0.0.1';
const PARTS = 20_000;

const listPath = (parts: string[], rows: number, login = 'demo', apikey = 'demo-key') =>
  `/itemservice/v4/en/search/list?rows=${rows}&req=${encodeURIComponent(JSON.stringify({ request: { login, apikey, remoteIp: '', useExact: false, parts: parts.map((partNum) => ({ partNum })) } }))}`;

const tokenPath = (part: string) =>
  `/itemservice/v4/en/search/token?login=demo&apikey=demo-key&search_token=${encodeURIComponent(part)}`;

/** One request on a raw connection; resolves once it is written. The caller closes or keeps the socket. */
function rawRequest(port: number, path: string, read: boolean): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, HOST, () => {
      if (!read) socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** A user's searches, one after another: each one's latency, request to last byte, and how many failed. */
async function smallSearches(
  base: string,
  parts: string[],
  token: string,
): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (const part of parts) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${base}${tokenPath(part)}`, {
      headers: { [GATEWAY_TOKEN_HEADER]: token },
      signal: AbortSignal.timeout(120_000),
    }).catch(() => undefined);
    const text = res ? await res.text().catch(() => '') : '';
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res?.status !== 200 || !text.slice(0, 400).includes('"success":true')) failed++;
  }
  return { times, failed };
}

/** Keeps asking `path` and reading the whole answer until `stop.done`; whether each was a success (HTTP and envelope). */
async function keepReading(base: string, path: string, token: string, stop: { done: boolean }): Promise<boolean[]> {
  const outcomes: boolean[] = [];
  while (!stop.done && outcomes.length < 10_000) {
    const res = await fetch(`${base}${path}`, {
      headers: { [GATEWAY_TOKEN_HEADER]: token },
      signal: AbortSignal.timeout(60_000),
    }).catch(() => undefined);
    const text = res ? await res.text().catch(() => '') : '';
    outcomes.push(res?.status === 200 && text.slice(0, 400).includes('"success":true'));
  }
  return outcomes;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runGatewayAbuseBench(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-gw-abuse-'));
  const addinDir = mkdtempSync(join(tmpdir(), 'partsheet-gw-abuse-addin-'));
  writeFileSync(join(addinDir, 'taskpane.html'), '<!doctype html><title>Partsheet</title>');
  const children: { child: ChildProcess }[] = [];
  try {
    ensureStores(dataDir, PARTS);
    const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    const numbers = db
      .prepare<[], { part_num: string }>('SELECT part_num FROM parts GROUP BY norm ORDER BY item_id LIMIT 400')
      .all()
      .map((r) => r.part_num);
    const prefixes = crowdedPrefixes(db);
    db.close();
    const upstream = await startServer(dataDir, ['--host', HOST]);
    children.push(upstream);
    const tokensFile = join(dataDir, 'tokens.json');
    const userToken = addToken(tokensFile, 'user');
    const readerToken = addToken(tokensFile, 'reader');
    const gateway = await startGatewayProcess(
      ['--item-upstream', upstream.url, '--addin', addinDir, '--tokens', tokensFile, ...ONE_ADDRESS_FLAGS],
      DEPLOYMENT_ENV,
    );
    children.push(gateway);
    const port = Number(new URL(gateway.url).port);
    const amplified = listPath(prefixes, 25);
    const first = await (
      await fetch(`${gateway.url}${amplified}`, { headers: { [GATEWAY_TOKEN_HEADER]: readerToken } })
    ).text();
    const amplifiedBytes = Buffer.byteLength(first);
    const amplifiedCode = /"returnCode":"?(\d+)/.exec(first)?.[1] ?? '?';

    // (a) Baseline, then the same kind of searches (other parts, so none is a cache hit) under attack.
    const idle = await smallSearches(gateway.url, numbers.slice(0, 50), userToken);
    const abandoned: Promise<void>[] = [];
    for (let i = 0; i < 300; i++) {
      abandoned.push(
        rawRequest(port, listPath([numbers[100 + (i % 200)]], 1, `made-up-${i}`, `guess-${i}`), true).then(
          (s) => void setTimeout(() => s.destroy(), 30),
          () => undefined,
        ),
      );
    }
    const stop = { done: false };
    const readers = Array.from({ length: 8 }, () => keepReading(gateway.url, amplified, readerToken, stop));
    await Promise.all(abandoned);
    const attacked = await smallSearches(gateway.url, numbers.slice(300, 350), userToken);
    stop.done = true;
    const readerStatuses = (await Promise.all(readers)).flat();
    await pause(500);

    // (b) Peak memory while 40 clients ask the amplified search and never read.
    const rssBefore = peakRssMb(gateway.child.pid!);
    const sockets: Socket[] = [];
    for (let i = 0; i < 40; i++) sockets.push(await rawRequest(port, amplified, false));
    await pause(8000);
    const meanwhile = await smallSearches(gateway.url, numbers.slice(350, 370), userToken);
    const rssPeak = peakRssMb(gateway.child.pid!);
    for (const s of sockets) s.destroy();
    await pause(2000);
    // (c) 4,000 connections holding unfinished headers.
    const connectionRows = await slowHeaderConnections(gateway.child.pid!, gateway.url, userToken);

    const p99Idle = percentile(idle.times, 99);
    const p99Attacked = percentile(attacked.times, 99);
    const refused = readerStatuses.filter((ok) => !ok).length;
    const rows: Row[] = [
      { measure: 'small search p99 through the gateway, idle (baseline)', value: p99Idle, unit: 'ms' },
      {
        measure: 'small search p99, 300 abandoned + 8 amplified readers',
        value: p99Attacked,
        unit: 'ms',
        target: '≤ 500',
        ok: p99Attacked <= 500,
      },
      { measure: '  ratio attacked / idle p99', value: p99Attacked / p99Idle, unit: '×' },
      {
        measure: '  small searches failed (idle / attacked)',
        value: `${idle.failed} / ${attacked.failed}`,
        unit: '',
        target: '0 / 0',
        ok: idle.failed + attacked.failed === 0,
      },
      {
        measure: '  amplified searches answered (refused: caps, code 54)',
        value: `${readerStatuses.length} (${refused})`,
        unit: '',
      },
      { measure: `  amplified answer (return code ${amplifiedCode})`, value: amplifiedBytes / 1024, unit: 'KiB' },
      { measure: 'gateway peak RSS before the non-reading clients', value: rssBefore, unit: 'MB' },
      {
        measure: 'gateway peak RSS with 40 clients not reading',
        value: rssPeak,
        unit: 'MB',
        target: '≤ 500',
        ok: rssPeak <= 500,
      },
      { measure: '  small search p99 meanwhile', value: percentile(meanwhile.times, 99), unit: 'ms' },
      ...connectionRows,
    ];
    rows.push(...(await runRefusalScenarios(upstream.url, numbers)));
    rows.push(...(await slowRedisRows({ upstreamUrl: upstream.url, addinDir, parts: numbers })));
    printTable('Gateway under abuse (default rates, logins passed through)', rows);
    writeResult('abuse-gateway', rows);
    return rows;
  } finally {
    for (const c of children.reverse()) await stopServer(c);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(addinDir, { recursive: true, force: true });
  }
}
