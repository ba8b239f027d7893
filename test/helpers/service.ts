import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../service/server';
import type { FaultSwitch } from '../../service/checkout/faults';

export interface TestService extends RunningService {
  dataDir: string;
}

/**
 * Starts the real service (both listeners, on free ports) over a fresh small demo catalog in a temp folder.
 * Tests talk to it over HTTP only.
 */
export async function startTestService(options: { parts?: number; faults?: FaultSwitch; dataDir?: string } = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'partsheet-test-'));
  const running = await startService({
    dataDir,
    port: 0,
    testPort: 0,
    host: '127.0.0.1',
    parts: options.parts ?? 3000,
    faults: options.faults,
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

export const DEMO_AUTH = { login: 'demo', apikey: 'demo-key' };

/** GET with query parameters; returns status, headers and the body as text and, where it parses, JSON. */
export async function get(base: string, path: string, params: Record<string, string | number | boolean> = {}, init: RequestInit = {}) {
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(params)) url.searchParams.append(k, String(v));
  const res = await fetch(url, init);
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
