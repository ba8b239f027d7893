import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../service/server';
import type { FaultSwitch } from '../../service/checkout/faults';
import type { ProductionLikeOptions } from '../../service/production-like';
import { accountsCommand } from '../../cli/accounts';
import { seedDemoStores } from './demo-stores';

export interface TestService extends RunningService {
  dataDir: string;
}

/**
 * Starts the real service (both listeners, on free ports) over a fresh small demo catalog in a temp folder (a copy of
 * the demo stores of that size, built once).
 * Tests talk to it over HTTP only.
 */
export async function startTestService(
  options: { parts?: number; faults?: FaultSwitch; dataDir?: string; productionLike?: ProductionLikeOptions } = {},
): Promise<TestService> {
  const parts = options.parts ?? 3000;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'partsheet-test-'));
  // A fresh folder gets the demo stores copied from ones built once for this size (test/helpers/demo-stores.ts).
  if (!options.dataDir) seedDemoStores(dataDir, parts);
  const running = await startService({
    dataDir,
    port: 0,
    testPort: 0,
    host: '127.0.0.1',
    parts,
    faults: options.faults,
    productionLike: options.productionLike,
  });
  return {
    ...running,
    dataDir,
    async close() {
      await running.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real service in production-like mode (no CORS headers, latency, a per-login limit a second answered with 503),
 * both listeners on free ports, over a fresh demo catalog: the upstream that gateway and browser tests face.
 */
export async function startProductionLike(
  options: ProductionLikeOptions & { parts?: number; faults?: FaultSwitch; dataDir?: string } = {},
): Promise<TestService> {
  const { latencyMs, perLoginPerSecond, loginWindowSeconds, ...rest } = options;
  return startTestService({ ...rest, productionLike: { latencyMs, perLoginPerSecond, loginWindowSeconds } });
}

/** A service shared by the tests of one file; its fields are set once the file's beforeAll has run. */
export interface FileService {
  svc: TestService;
  /** The production listener's address. */
  base: string;
}

/**
 * Starts one test service before the first test of the calling file and closes it after the last; read the
 * returned object's fields inside tests and hooks.
 */
export function serviceForFile(options: Parameters<typeof startTestService>[0] = {}): FileService {
  const file = {} as FileService;
  beforeAll(async () => {
    file.svc = await startTestService(options);
    file.base = file.svc.productionUrl;
  });
  afterAll(async () => {
    await file.svc?.close();
  });
  return file;
}

export const DEMO_AUTH = { login: 'demo', apikey: 'demo-key' };

/** `partsheet accounts ARGV` run in this process: its exit code and the lines it wrote to each stream. */
export async function accountsCli(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await accountsCommand(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out, err };
}

/** Whether a fetch failed because its connection was reset or closed before any answer (ECONNRESET, a socket closed). */
function reusedConnectionReset(e: unknown): boolean {
  const cause = e instanceof Error ? (e.cause as { code?: string } | undefined) : undefined;
  return cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET';
}

/** GET with query parameters; returns status, headers and the body as text and, where it parses, JSON. */
export async function get(
  base: string,
  path: string,
  params: Record<string, string | number | boolean> = {},
  init: RequestInit = {},
) {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(params)) url.searchParams.append(k, String(v));
  const res = await fetch(url, init).catch((e: unknown) => {
    // A kept-alive connection the server closed as it idled out, just as this request went on it (a stalled,
    // loaded machine): a GET is sent again on a new one, as browsers do. Any other failure is the test's.
    if (!reusedConnectionReset(e)) throw e;
    return fetch(url, init);
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
