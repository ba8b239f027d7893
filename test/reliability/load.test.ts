import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../service/store/db';
import { CHECKOUT_PATH } from '../../service/checkout/routes';
import { printRows, rssMb, sleep, startServe, stopServe, writeResultFile, type ServeProcess } from './serve';

const SECONDS = Math.max(5, Number(process.env.RELIABILITY_SECONDS ?? 60));
const PARTS = 20_000;
const CONNECTIONS = { token: 32, list: 16, checkout: 16 };
/** Resident memory of the last third of the run may exceed the middle third's by at most this much. */
const MEMORY_GROWTH = 0.15;
/** Runs shorter than this end inside the warm-up, where RSS still climbs as caches fill. */
const MEMORY_JUDGED_FROM_SECONDS = 45;

jest.setTimeout((SECONDS + 240) * 1000);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

type Kind = keyof typeof CONNECTIONS;

interface KindReport {
  kind: Kind;
  result: autocannon.Result;
  bad: number;
  firstBad?: string;
}

describe('load: 64 connections of mixed token, list and checkout traffic', () => {
  let dataDir: string;
  let server: ServeProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'partsheet-load-'));
  });

  afterAll(async () => {
    if (server) await stopServe(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(`${SECONDS} s: no 5xx, no timeouts, every answer right, memory flat after warm-up`, async () => {
    server = await startServe(dataDir, ['--parts', String(PARTS), '--rate-limit', '0']);
    const base = server.productionUrl;

    const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    const numbers = (
      db.prepare('SELECT part_num FROM parts ORDER BY random() LIMIT 3000').all() as { part_num: string }[]
    ).map((r) => r.part_num);
    const offers = (
      db
        .prepare(
          "SELECT source_part_id, foh_qty FROM offers WHERE source_cd = 'MARKETPLACE' AND currency = 'USD' AND moq <= 1 AND pack_size = 1 AND breaks IS NOT NULL AND foh_qty >= 1000 ORDER BY foh_qty DESC LIMIT 20",
        )
        .all() as { source_part_id: string; foh_qty: number }[]
    ).map((r) => ({ id: r.source_part_id, stock: r.foh_qty }));
    db.close();
    expect(offers.length).toBeGreaterThanOrEqual(10);
    const submitItems = offers.slice(0, 4);

    const auth = 'login=demo&apikey=demo-key';
    const tokenPaths = numbers.map(
      (n, i) =>
        `/itemservice/${i % 2 ? 'v3' : 'v4'}/en/search/token?${auth}&search_token=${encodeURIComponent(i % 3 ? n : n.slice(0, 4))}`,
    );
    const listPaths = Array.from({ length: 200 }, (_, i) => {
      const parts = Array.from({ length: 50 }, () => ({ partNum: pick(numbers) }));
      const req = JSON.stringify({
        request: { login: 'demo', apikey: 'demo-key', remoteIp: '', useExact: i % 5 !== 0, parts },
      });
      return `/itemservice/v4/en/search/list?req=${encodeURIComponent(req)}`;
    });
    const password = sha256('demo-password');
    let orderNo = 0;
    const orderPath = () => {
      orderNo++;
      const common = `username=buyer%40example.com&password=${password}&customerPONumber=LOAD-${orderNo}&shipToAddressId=1001&fmt=json`;
      // One order in four is submitted, one unit of a large-stock item; the rest are created without submitting.
      if (orderNo % 4 === 0)
        return `${CHECKOUT_PATH}?${common}&itemIds=${pick(submitItems).id}&quantities=1&submitOrder=true`;
      const lines = [...new Set(Array.from({ length: 1 + (orderNo % 5) }, () => pick(offers).id))];
      return `${CHECKOUT_PATH}?${common}&itemIds=${lines.join(',')}&quantities=${lines.map(() => 1 + (orderNo % 3)).join(',')}`;
    };

    const reports: KindReport[] = [];
    const run = (kind: Kind, next: () => string, ok: (body: string) => boolean) => {
      const report: KindReport = { kind, result: undefined as unknown as autocannon.Result, bad: 0 };
      reports.push(report);
      return autocannon({
        url: base,
        connections: CONNECTIONS[kind],
        duration: SECONDS,
        timeout: 10,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: next() }),
            onResponse: (status, body) => {
              if (status === 200 && ok(body)) return;
              report.bad++;
              report.firstBad ??= `${status} ${body.slice(0, 300)}`;
            },
          },
        ],
      }).then((result) => {
        report.result = result;
      });
    };

    const rss: { at: number; mb: number }[] = [];
    const started = Date.now();
    let sampling = true;
    const sampler = (async () => {
      const every = Math.max(1000, Math.min(2000, (SECONDS * 1000) / 15));
      while (sampling) {
        rss.push({ at: (Date.now() - started) / 1000, mb: rssMb(server!.pid) });
        await sleep(every);
      }
    })();

    const itemOk = (body: string) => body.slice(0, 400).includes('"success":true');
    await Promise.all([
      run('token', () => pick(tokenPaths), itemOk),
      run('list', () => pick(listPaths), itemOk),
      run('checkout', orderPath, (body) => body.includes('"serverErrors":""')),
    ]);
    sampling = false;
    await sampler;
    expect(server.child.exitCode).toBeNull();

    // Stock taken equals what the submitted orders asked for.
    const after = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    const stockProblems: string[] = [];
    for (const item of submitItems) {
      const now = (
        after.prepare('SELECT foh_qty FROM offers WHERE source_part_id = ?').get(item.id) as { foh_qty: number }
      ).foh_qty;
      const taken = (
        after
          .prepare(
            "SELECT coalesce(sum(l.quantity), 0) AS q FROM order_lines l JOIN orders o ON o.order_id = l.order_id WHERE o.state = 'submitted' AND l.source_part_id = ?",
          )
          .get(item.id) as { q: number }
      ).q;
      if (now !== item.stock - taken) stockProblems.push(`${item.id}: ${item.stock} - ${taken} != ${now}`);
    }
    const orders = after.prepare('SELECT count(*) AS n, sum(submitted) AS s FROM orders').get() as {
      n: number;
      s: number;
    };
    after.close();

    // Memory: the middle third against the last third; the first third is warm-up.
    const third = Math.floor(rss.length / 3);
    const mean = (xs: { mb: number }[]) => xs.reduce((s, x) => s + x.mb, 0) / Math.max(1, xs.length);
    const middle = mean(rss.slice(third, 2 * third));
    const last = mean(rss.slice(2 * third));
    const growth = last / middle - 1;

    const rows: (string | number)[][] = [
      [
        'traffic',
        'connections',
        'requests',
        'req/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'p99.9 ms',
        'max ms',
        '5xx',
        'non-2xx',
        'errors',
        'timeouts',
        'wrong answers',
      ],
    ];
    for (const r of reports) {
      const l = r.result.latency;
      rows.push([
        r.kind,
        CONNECTIONS[r.kind],
        r.result.requests.total,
        r.result.requests.average,
        l.p50,
        l.p90,
        l.p99,
        l.p99_9,
        l.max,
        r.result['5xx'],
        r.result.non2xx,
        r.result.errors,
        r.result.timeouts,
        r.bad,
      ]);
    }
    printRows(
      `Load: ${SECONDS} s, ${Object.values(CONNECTIONS).reduce((a, b) => a + b)} connections, ${PARTS.toLocaleString('en-US')}-part catalog`,
      rows,
    );
    printRows('Memory (RSS of the service)', [
      ['samples', 'first MB', 'middle third MB', 'last third MB', 'growth', 'peak MB'],
      [
        rss.length,
        rss[0]?.mb ?? NaN,
        middle,
        last,
        `${(growth * 100).toFixed(1)} %`,
        Math.max(...rss.map((s) => s.mb)),
      ],
    ]);
    process.stdout.write(
      `orders stored: ${orders.n.toLocaleString('en-US')} (${(orders.s ?? 0).toLocaleString('en-US')} submitted)\n`,
    );
    const file = writeResultFile('reliability-load', {
      seconds: SECONDS,
      parts: PARTS,
      connections: CONNECTIONS,
      traffic: reports.map((r) => ({
        kind: r.kind,
        requests: r.result.requests.total,
        perSecond: r.result.requests.average,
        latencyMs: {
          p50: r.result.latency.p50,
          p90: r.result.latency.p90,
          p99: r.result.latency.p99,
          p99_9: r.result.latency.p99_9,
          max: r.result.latency.max,
          mean: r.result.latency.average,
        },
        status5xx: r.result['5xx'],
        non2xx: r.result.non2xx,
        errors: r.result.errors,
        timeouts: r.result.timeouts,
        wrongAnswers: r.bad,
      })),
      memory: { samples: rss, middleThirdMb: middle, lastThirdMb: last, growth, allowedGrowth: MEMORY_GROWTH },
      orders,
    });
    process.stdout.write(`written: ${file}\n`);

    for (const r of reports) {
      expect([r.kind, r.result['5xx'], r.result.non2xx, r.result.errors, r.result.timeouts, r.bad, r.firstBad]).toEqual(
        [r.kind, 0, 0, 0, 0, 0, undefined],
      );
      // No kind of traffic starved: every connection was answered several times (the rates are in the table, not
      // judged: a shared machine's load sets them).
      expect(r.result.requests.total).toBeGreaterThanOrEqual(CONNECTIONS[r.kind] * 3);
    }
    expect(stockProblems).toEqual([]);
    expect(rss.length).toBeGreaterThanOrEqual(5);
    // Flat memory is judged on runs long enough to be past warm-up (the service's caches fill for about 20 s under
    // this load): `npm run test:reliability` (60 s) judges it; the short run in `npm test` only reports it.
    if (SECONDS >= MEMORY_JUDGED_FROM_SECONDS) expect(growth).toBeLessThanOrEqual(MEMORY_GROWTH);
    else
      process.stdout.write(
        `memory growth ${(growth * 100).toFixed(1)} % reported, not judged: a ${SECONDS} s run is within warm-up\n`,
      );
  });
});
