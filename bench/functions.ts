import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogClient } from '../src/catalog/client';
import type { ApiVersion, ListAnswer } from '../src/catalog/model';
import { LookupScheduler, lookupKey, wirePartNumber, type LookupRequest, type LookupResult } from '../src/lookup';
import { openDatabase } from '../service/store/db';
import {
  createPartsFunctions,
  type CellErrorCode,
  type PartLookup,
  type PartsFunctions,
} from '../functions/parts-functions';
import { msSince, printTable, writeResult, type Row } from './report';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'partsheet.js');
/** Connections a browser opens to one host over HTTP/1.1: the most requests a naive add-in has in flight. */
const BROWSER_CONNECTIONS = 6;

export interface FunctionsBenchOptions {
  cells?: number;
  distinct?: number;
  /** The naive batcher: parts per request and the pause between requests. */
  naiveBatch?: number;
  naiveEveryMs?: number;
}

class CellError {
  constructor(
    readonly code: CellErrorCode,
    readonly message: string,
  ) {}
}

type Outcome = unknown[][] | CellError;

interface Cell {
  fn: 'price' | 'stock' | 'description' | 'leadTime' | 'moq' | 'availability' | 'itemId';
  part: string;
  quantity: number | null;
}

/** `partsheet serve` in a child process on free ports; `extra` adds flags (such as --production-like). */
export function startService(
  dataDir: string,
  parts: number,
  extra: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--data', dataDir, '--port', '0', '--test-port', '0', '--parts', String(parts), ...extra],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const production = /\(production\) listening on (\S+)/.exec(out);
      if (production && /\(test environment\) listening/.test(out)) resolve({ child, url: production[1] });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

export function stopService(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/** `count` cells over `numbers`, several functions and spellings, in a fixed shuffled order: a recalculated sheet. */
export function sheetCells(numbers: string[], count: number): Cell[] {
  const spell = [
    (s: string) => s,
    (s: string) => s.toLowerCase(),
    (s: string) => ` ${s} `,
    (s: string) => s.replace(/-/g, ''),
    (s: string) => s.toUpperCase(),
  ];
  const kinds: Array<Pick<Cell, 'fn' | 'quantity'>> = [
    { fn: 'price', quantity: 100 },
    { fn: 'stock', quantity: null },
    { fn: 'description', quantity: null },
    { fn: 'leadTime', quantity: null },
    { fn: 'moq', quantity: null },
    { fn: 'availability', quantity: 10 },
    { fn: 'itemId', quantity: null },
  ];
  const cells: Cell[] = [];
  for (let i = 0; i < count; i++) {
    const part = spell[Math.floor(i / numbers.length) % spell.length](numbers[i % numbers.length]);
    cells.push({ ...kinds[i % kinds.length], part });
  }
  let seed = 11;
  for (let i = cells.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  return cells;
}

function invoke(fns: PartsFunctions<CellError>, cell: Cell): Promise<Outcome> {
  const part = [[cell.part]];
  const quantity = cell.quantity === null ? null : [[cell.quantity]];
  let call: Promise<unknown[][]>;
  switch (cell.fn) {
    case 'stock':
    case 'description':
      call = fns[cell.fn](part, null);
      break;
    default:
      call = fns[cell.fn](part, quantity, null, null);
  }
  return call.then(
    (v) => v,
    (e: unknown) => (e instanceof CellError ? e : new CellError('#N/A', String(e))),
  );
}

/** Long enough for the slowest of the three ways to answer every cell of the sheet. */
const SHEET_DEADLINE_MS = 10 * 60_000;

/** Every cell invoked at once, as Excel does on a recalculation; wall time until the last one settles. */
export async function runSheet(lookup: PartLookup, cells: Cell[]) {
  const fns = createPartsFunctions<CellError>({
    context: () => ({ lookup, currency: '', version: 'v4', sources: [] }),
    manufacturers: async () => [],
    makeError: (code, message) => new CellError(code, message),
    // The three ways are compared answer for answer: the naive batcher takes minutes where Partsheet takes seconds,
    // so the cells' 30 s deadline (which would turn its late cells into "no answer in 30 s") is lifted for all three.
    deadlineMs: SHEET_DEADLINE_MS,
  });
  const t0 = process.hrtime.bigint();
  const outcomes = await Promise.all(cells.map((cell) => invoke(fns, cell)));
  return { wall: msSince(t0), outcomes };
}

function counted(base: string) {
  let requests = 0;
  const client = new CatalogClient({
    itemBaseUrl: base,
    login: 'demo',
    apikey: 'demo-key',
    timeoutMs: 120_000,
    fetch: (input, init) => {
      requests++;
      return fetch(input, init);
    },
  });
  return { client, requests: () => requests };
}

/** At most `limit` tasks at once, in order. */
function limiter(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((go) => waiting.push(go));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

function resultOf(request: LookupRequest, answer: ListAnswer, index: number): LookupResult {
  const result = answer.results[index];
  if (!result) throw new Error(`no result for ${request.partNumber}`);
  return { key: lookupKey(request), result, asOf: Date.now(), fromCache: false };
}

type ListOptions = { currency?: string; version?: ApiVersion };

function listOptions(request: LookupRequest): ListOptions {
  return {
    ...(request.currency ? { currency: request.currency } : {}),
    ...(request.version ? { version: request.version } : {}),
  };
}

/** Each cell its own list search: no sharing, no cache; as many in flight as a browser allows. */
export function oneRequestPerCall(client: CatalogClient): PartLookup {
  const limit = limiter(BROWSER_CONNECTIONS);
  return {
    lookup: (request) =>
      limit(() => client.searchList([{ partNumber: wirePartNumber(request.partNumber) }], listOptions(request))).then(
        (a) => resultOf(request, a, 0),
      ),
  };
}

/** A timer that sends the next `size` calls as one list search every `everyMs`: no de-duplication, no cache. */
function naiveBatcher(client: CatalogClient, size: number, everyMs: number): PartLookup & { stop(): void } {
  const queue: Array<{ request: LookupRequest; resolve: (r: LookupResult) => void; reject: (e: unknown) => void }> = [];
  const timer = setInterval(() => {
    const batch = queue.splice(0, size);
    if (batch.length === 0) return;
    client
      .searchList(
        batch.map((b) => ({ partNumber: wirePartNumber(b.request.partNumber) })),
        listOptions(batch[0].request),
      )
      .then(
        (answer) => batch.forEach((b, i) => b.resolve(resultOf(b.request, answer, i))),
        (error: unknown) => batch.forEach((b) => b.reject(error)),
      );
  }, everyMs);
  return {
    lookup: (request) => new Promise<LookupResult>((resolve, reject) => queue.push({ request, resolve, reject })),
    stop: () => clearInterval(timer),
  };
}

export function describeOutcome(o: Outcome): string {
  return o instanceof CellError ? `${o.code} ${o.message}` : JSON.stringify(o);
}

export function serviceFailures(outcomes: Outcome[]): number {
  return outcomes.filter(
    (o) =>
      o instanceof CellError &&
      /^(Service unreachable|Rate limited|Quota or login refused|Lookup cancelled|Partsheet failed)/.test(o.message),
  ).length;
}

/**
 * 10,000 PARTS cells over 2,000 distinct parts, calculated three ways against the real service (a separate
 * process, as the add-in's service is): through Partsheet's scheduler, with one list search per call, and with a
 * naive batcher sending 10 calls every 200 ms. Requests, wall time until the last cell settles, and the ratios.
 */
export async function runFunctionsBench(options: FunctionsBenchOptions = {}): Promise<Record<string, unknown>> {
  const cellCount = options.cells ?? 10_000;
  const distinct = options.distinct ?? 2_000;
  const naiveBatch = options.naiveBatch ?? 10;
  const naiveEveryMs = options.naiveEveryMs ?? 200;
  const dataDir = mkdtempSync(join(tmpdir(), 'partsheet-functions-bench-'));
  let service: ChildProcess | undefined;
  try {
    const started = await startService(dataDir, Math.max(5000, distinct * 2));
    service = started.child;
    const db = openDatabase(join(dataDir, 'production.db'), { readonly: true });
    const numbers = db
      .prepare<[number], { part_num: string }>('SELECT part_num FROM parts GROUP BY norm ORDER BY item_id LIMIT ?')
      .all(distinct)
      .map((r) => r.part_num);
    db.close();
    if (numbers.length < distinct) throw new Error(`the demo catalog has only ${numbers.length} distinct part numbers`);
    const cells = sheetCells(numbers, cellCount);

    // Warm the connection, the JIT and the service's statements on other cells first.
    {
      const warm = counted(started.url);
      await runSheet(new LookupScheduler({ port: warm.client }), sheetCells(numbers.slice(0, 50), 200));
      await runSheet(oneRequestPerCall(warm.client), sheetCells(numbers.slice(50, 100), 100));
    }

    const partsheetClient = counted(started.url);
    const scheduler = new LookupScheduler({ port: partsheetClient.client });
    const partsheet = await runSheet(scheduler, cells);
    scheduler.close();

    const perCallClient = counted(started.url);
    const perCall = await runSheet(oneRequestPerCall(perCallClient.client), cells);

    const batcherClient = counted(started.url);
    const batcher = naiveBatcher(batcherClient.client, naiveBatch, naiveEveryMs);
    const batched = await runSheet(batcher, cells);
    batcher.stop();

    const mismatched = cells.filter(
      (_, i) =>
        describeOutcome(partsheet.outcomes[i]) !== describeOutcome(perCall.outcomes[i]) ||
        describeOutcome(partsheet.outcomes[i]) !== describeOutcome(batched.outcomes[i]),
    ).length;
    const failed = {
      partsheet: serviceFailures(partsheet.outcomes),
      perCall: serviceFailures(perCall.outcomes),
      batched: serviceFailures(batched.outcomes),
    };
    const requests = {
      partsheet: partsheetClient.requests(),
      perCall: perCallClient.requests(),
      batched: batcherClient.requests(),
    };
    const floor = Math.ceil(distinct / 1000);
    const rows: Row[] = [
      { measure: 'service', value: 'real service (separate process, HTTP)', unit: '' },
      {
        measure: `cells (${distinct.toLocaleString('en-US')} distinct parts, 7 functions)`,
        value: cellCount,
        unit: '',
      },
      {
        measure: 'Partsheet: list searches',
        value: requests.partsheet,
        unit: 'req',
        target: `≤ ${Math.max(2, floor)}`,
        ok: requests.partsheet <= Math.max(2, floor),
      },
      { measure: 'Partsheet: wall time to last cell', value: partsheet.wall, unit: 'ms' },
      {
        measure: 'Partsheet: cells failed by the service',
        value: failed.partsheet,
        unit: '',
        target: '0',
        ok: failed.partsheet === 0,
      },
      {
        measure: `one request per call (${BROWSER_CONNECTIONS} at once): requests`,
        value: requests.perCall,
        unit: 'req',
      },
      { measure: 'one request per call: wall time', value: perCall.wall, unit: 'ms' },
      { measure: `batches of ${naiveBatch} every ${naiveEveryMs} ms: requests`, value: requests.batched, unit: 'req' },
      { measure: `batches of ${naiveBatch} every ${naiveEveryMs} ms: wall time`, value: batched.wall, unit: 'ms' },
      {
        measure: 'cells answered differently by the three',
        value: mismatched,
        unit: '',
        target: '0',
        ok: mismatched === 0,
      },
      { measure: 'requests: one per call / Partsheet', value: requests.perCall / requests.partsheet, unit: '×' },
      { measure: 'wall time: one per call / Partsheet', value: perCall.wall / partsheet.wall, unit: '×' },
      {
        measure: `requests: batches of ${naiveBatch} / Partsheet`,
        value: requests.batched / requests.partsheet,
        unit: '×',
      },
      { measure: `wall time: batches of ${naiveBatch} / Partsheet`, value: batched.wall / partsheet.wall, unit: '×' },
    ];
    printTable('PARTS functions: a recalculation of 10,000 cells', rows);
    const result = {
      cells: cellCount,
      distinct,
      browserConnections: BROWSER_CONNECTIONS,
      naiveBatcher: { size: naiveBatch, everyMs: naiveEveryMs },
      partsheet: { requests: requests.partsheet, wallMs: partsheet.wall, failed: failed.partsheet },
      oneRequestPerCall: { requests: requests.perCall, wallMs: perCall.wall, failed: failed.perCall },
      batchesOf10: { requests: requests.batched, wallMs: batched.wall, failed: failed.batched },
      mismatched,
      ratios: {
        requestsPerCall: requests.perCall / requests.partsheet,
        wallPerCall: perCall.wall / partsheet.wall,
        requestsBatched: requests.batched / requests.partsheet,
        wallBatched: batched.wall / partsheet.wall,
      },
    };
    writeResult('functions', rows, result);
    return result;
  } finally {
    if (service) await stopService(service);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
