import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogClient } from '../src/catalog/client';
import { CatalogError } from '../src/catalog/errors';
import type { ApiVersion, ListAnswer } from '../src/catalog/model';
import {
  LookupScheduler,
  lookupKey,
  type ListPart,
  type ListSearchPort,
  type LookupRequest,
  type LookupResult,
} from '../src/lookup';
import { startService, type RunningService } from '../service/server';
import { openDatabase } from '../service/store/db';
import { msSince, printTable, writeResult, type Row } from './report';

export interface LookupBenchOptions {
  /** `service`: the real service started in-process over a small demo catalog; `simulated`: an in-process fake. */
  target?: 'service' | 'simulated';
  lookups?: number;
  distinct?: number;
  concurrency?: number;
}

/** A stand-in for the service: a fixed cost per request plus a cost per part, every part found. */
function simulatedPort(requestMs = 3, perPartMs = 0.01): ListSearchPort {
  const listUrl = (parts: ListPart[], opts: { currency?: string; version?: ApiVersion }) =>
    `http://parts.test/itemservice/${opts.version ?? 'v4'}/en/search/list?req=${encodeURIComponent(JSON.stringify({ request: { parts: parts.map((p) => ({ partNum: p.partNumber })) } }))}`;
  return {
    listUrl,
    searchList: (parts) =>
      new Promise<ListAnswer>((resolve) =>
        setTimeout(
          () =>
            resolve({
              results: parts.map((p) => ({
                requestedPartNumber: p.partNumber,
                manufacturerFilter: p.manufacturer ?? null,
                numberFound: 0,
                parts: [],
              })),
              partsRequested: parts.length,
              partsFound: 0,
              partsNotFound: parts.length,
              partsError: 0,
            }),
          requestMs + perPartMs * parts.length,
        ),
      ),
  };
}

/** `count` lookups cycling over `numbers`, spelled as cells would spell them, in a fixed shuffled order. */
function lookupsOver(numbers: string[], count: number): LookupRequest[] {
  const spellings = (s: string) => [s, s.toLowerCase(), ` ${s} `, s.replace(/-/g, ''), s.toUpperCase()];
  const out: LookupRequest[] = [];
  for (let i = 0; i < count; i++) {
    const n = numbers[i % numbers.length];
    out.push({ partNumber: spellings(n)[Math.floor(i / numbers.length) % 5] });
  }
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Every lookup through the scheduler, all issued at once as a sheet of cells would. */
async function runBatched(port: ListSearchPort, requests: LookupRequest[], concurrency: number) {
  const scheduler = new LookupScheduler({ port, concurrency });
  const t0 = process.hrtime.bigint();
  const settled = await Promise.all(
    requests.map((r) =>
      scheduler.lookup(r).then(
        (v): LookupResult | CatalogError => v,
        (e: CatalogError) => e,
      ),
    ),
  );
  const wall = msSince(t0);
  const failed = settled.filter((s) => s instanceof CatalogError).length;
  const mismatched = settled.filter((s, i) => !(s instanceof CatalogError) && s.key !== lookupKey(requests[i])).length;
  const found = settled.filter((s) => !(s instanceof CatalogError) && s.result.numberFound > 0).length;
  scheduler.close();
  return { wall, stats: scheduler.stats(), failed, mismatched, found };
}

/** One list search per lookup, no de-duplication, at most `concurrency` at once. */
async function runNaive(port: ListSearchPort, requests: LookupRequest[], concurrency: number) {
  let next = 0;
  let failed = 0;
  let found = 0;
  const t0 = process.hrtime.bigint();
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++];
      try {
        const answer = await port.searchList([{ partNumber: r.partNumber.trim() }], {});
        if (answer.results[0]?.numberFound > 0) found++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { wall: msSince(t0), requests: requests.length, failed, found };
}

async function withTarget<T>(
  target: 'service' | 'simulated',
  distinct: number,
  work: (port: ListSearchPort, numbers: string[]) => Promise<T>,
): Promise<T> {
  if (target === 'simulated') {
    const numbers = Array.from({ length: distinct }, (_, i) => `SIM${String(i).padStart(5, '0')}-A`);
    return work(simulatedPort(), numbers);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-lookup-bench-'));
  let running: RunningService | undefined;
  try {
    running = await startService({
      dataDir,
      port: 0,
      testPort: 0,
      host: '127.0.0.1',
      parts: Math.max(5000, distinct * 2),
    });
    const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    const numbers = db
      .prepare<[number], { part_num: string }>('SELECT part_num FROM parts GROUP BY norm ORDER BY item_id LIMIT ?')
      .all(distinct)
      .map((r) => r.part_num);
    db.close();
    if (numbers.length < distinct) throw new Error(`the demo catalog has only ${numbers.length} distinct part numbers`);
    const client = new CatalogClient({ itemBaseUrl: running.productionUrl, login: 'demo', apikey: 'demo-key' });
    return await work(client, numbers);
  } finally {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * 10,000 lookups over 2,000 distinct parts through the scheduler, then the same lookups one request each,
 * against the real service (or a simulated one).
 */
export async function runLookupBench(options: LookupBenchOptions = {}): Promise<Record<string, unknown>> {
  const target = options.target ?? 'service';
  const lookups = options.lookups ?? 10_000;
  const distinct = options.distinct ?? 2_000;
  const concurrency = options.concurrency ?? 4;
  return withTarget(target, distinct, async (port, numbers) => {
    const requests = lookupsOver(numbers, lookups);
    // Warm both paths (connections, JIT, the service's statements) before measuring.
    await runBatched(port, lookupsOver(numbers.slice(0, 50), 100), concurrency);
    await runNaive(port, lookupsOver(numbers.slice(0, 50), 100), concurrency);

    const batched = await runBatched(port, requests, concurrency);
    const naive = await runNaive(port, requests, concurrency);
    const floor = Math.ceil(distinct / 1000);
    const wallRatio = naive.wall / batched.wall;
    const requestRatio = naive.requests / batched.stats.requests;
    const rows: Row[] = [
      {
        measure: `target`,
        value: target === 'service' ? 'real service (in-process, HTTP)' : 'simulated port',
        unit: '',
      },
      { measure: `lookups (${distinct.toLocaleString('en-US')} distinct parts)`, value: lookups, unit: '' },
      {
        measure: 'batched: list searches sent',
        value: batched.stats.requests,
        unit: 'req',
        target: `${floor}`,
        ok: batched.stats.requests === floor,
      },
      {
        measure: 'batched: parts sent',
        value: batched.stats.partsSent,
        unit: 'parts',
        target: `${distinct}`,
        ok: batched.stats.partsSent === distinct,
      },
      { measure: 'batched: wall time', value: batched.wall, unit: 'ms' },
      {
        measure: 'batched: lookups failed or mismatched',
        value: batched.failed + batched.mismatched,
        unit: '',
        target: '0',
        ok: batched.failed + batched.mismatched === 0,
      },
      { measure: 'one request per lookup: requests sent', value: naive.requests, unit: 'req' },
      { measure: 'one request per lookup: wall time', value: naive.wall, unit: 'ms' },
      { measure: 'one request per lookup: failed', value: naive.failed, unit: '', target: '0', ok: naive.failed === 0 },
      { measure: 'wall time ratio (one per lookup / batched)', value: wallRatio, unit: '×' },
      { measure: 'request ratio (one per lookup / batched)', value: requestRatio, unit: '×' },
    ];
    printTable('Lookup scheduler', rows);
    const result = {
      target,
      lookups,
      distinct,
      concurrency,
      batched: {
        requests: batched.stats.requests,
        partsSent: batched.stats.partsSent,
        wallMs: batched.wall,
        failed: batched.failed,
        mismatched: batched.mismatched,
        found: batched.found,
      },
      naive: { requests: naive.requests, wallMs: naive.wall, failed: naive.failed, found: naive.found },
      wallRatio,
      requestRatio,
    };
    writeResult('lookup', rows, result);
    return result;
  });
}
