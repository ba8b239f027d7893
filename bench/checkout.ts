import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildDemoCatalog } from '../service/demo/build';
import { openDatabase } from '../service/store/db';
import { CHECKOUT_PATH } from '../service/checkout/routes';
import { median, percentile, printTable, writeResult, type Row } from './report';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'partsheet.js');
const LINES = 50;
const RUNS = 200;

function startServer(dataDir: string): Promise<{ child: ChildProcess; testUrl: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--data', dataDir, '--port', '0', '--test-port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const test = /\(test environment\) listening on (\S+)/.exec(out);
      if (test) resolve({ child, testUrl: test[1] });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

/** Fifty priced, in-stock marketplace offers in USD, each with a quantity that meets its minimum and pack size. */
function pickLines(file: string): { ids: string[]; quantities: number[] } {
  const db = openDatabase(file, { readonly: true });
  try {
    const rows = db
      .prepare<[], { source_part_id: string; moq: number; pack_size: number; foh_qty: number }>(
        `SELECT source_part_id, moq, pack_size, foh_qty FROM offers
         WHERE source_cd = 'MARKETPLACE' AND currency = 'USD' AND breaks IS NOT NULL AND foh_qty > 0
         ORDER BY item_id`,
      )
      .all();
    const ids: string[] = [];
    const quantities: number[] = [];
    for (const r of rows) {
      const pack = Math.max(r.pack_size, 1);
      const q = Math.ceil(Math.max(r.moq, 1) / pack) * pack;
      if (q > r.foh_qty) continue;
      ids.push(r.source_part_id);
      quantities.push(q);
      if (ids.length === LINES) break;
    }
    if (ids.length < LINES) throw new Error(`only ${ids.length} orderable offers in the catalog`);
    return { ids, quantities };
  } finally {
    db.close();
  }
}

/**
 * Checkout benchmark: median latency of a 50-line order (created, not submitted, on the test listener)
 * over 200 runs, and orders per second at 16 connections for 10 s with autocannon.
 */
export async function runCheckoutBench(parts = 20_000): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-bench-checkout-'));
  let server: { child: ChildProcess; testUrl: string } | undefined;
  try {
    buildDemoCatalog(join(dataDir, 'production.db'), parts);
    const { ids, quantities } = pickLines(join(dataDir, 'production.db'));
    server = await startServer(dataDir);
    const query = new URLSearchParams({
      username: 'buyer@example.com',
      password: createHash('sha256').update('demo-password').digest('hex'),
      customerPONumber: 'BENCH-1',
      shipToAddressId: '1001',
      itemIds: ids.join(','),
      quantities: quantities.join(','),
      submitOrder: 'false',
    });
    const path = `${CHECKOUT_PATH}?${query}`;
    const url = `${server.testUrl}${path}`;

    const placeOne = async () => {
      const t0 = process.hrtime.bigint();
      const res = await fetch(url);
      const body = await res.text();
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (res.status !== 200 || !body.includes('<serverErrors></serverErrors>'))
        throw new Error(`order failed (${res.status}): ${body.slice(0, 300)}`);
      return ms;
    };
    for (let i = 0; i < 10; i++) await placeOne();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await placeOne());

    const load = await autocannon({
      url: server.testUrl,
      connections: 16,
      duration: 10,
      requests: [{ method: 'GET', path }],
    });
    const errors = load.errors + load.timeouts + load.non2xx;

    const p50 = median(times);
    const rows: Row[] = [
      { measure: `50-line order, created (median of ${RUNS})`, value: p50, unit: 'ms', target: '≤ 20', ok: p50 <= 20 },
      { measure: '50-line order p95', value: percentile(times, 95), unit: 'ms' },
      { measure: '50-line orders/s at 16 connections (10 s)', value: load.requests.average, unit: 'ord/s' },
      { measure: '  order lines/s under that load', value: load.requests.average * LINES, unit: 'lines/s' },
      {
        measure: '  latency p50 / p99 under that load',
        value: `${load.latency.p50} / ${load.latency.p99}`,
        unit: 'ms',
      },
      { measure: '  errors, timeouts and non-2xx answers', value: errors, unit: '', target: '0', ok: errors === 0 },
    ];
    printTable(`Checkout (${parts.toLocaleString('en-US')}-part catalog, test listener)`, rows);
    const figures = {
      catalogParts: parts,
      lines: LINES,
      runs: RUNS,
      medianMs: p50,
      p95Ms: percentile(times, 95),
      ordersPerSecond: load.requests.average,
      loadLatencyP50Ms: load.latency.p50,
      loadLatencyP99Ms: load.latency.p99,
      errors,
      totalOrders: load.requests.total,
    };
    writeResult('checkout', rows, { figures });
    return figures;
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server!.child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
