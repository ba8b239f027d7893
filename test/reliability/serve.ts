import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'partsheet.js');

export interface ServeProcess {
  child: ChildProcess;
  pid: number;
  productionUrl: string;
  testUrl: string;
  /** Everything the process printed, for failure reports. */
  output: () => string;
}

/** `partsheet serve` from the build, as a user runs it, on free ports; resolves once both listeners are up. */
export function startServe(dataDir: string, args: string[] = [], timeoutMs = 120_000): Promise<ServeProcess> {
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js')))
    throw new Error('not built: run `npm run build` first (npm run test:reliability does)');
  const child = spawn(process.execPath, [BIN, 'serve', '--data', dataDir, '--port', '0', '--test-port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start within ${timeoutMs} ms: ${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const production = /\(production\) listening on (\S+)/.exec(out);
      const test = /\(test environment\) listening on (\S+)/.exec(out);
      if (production && test) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ child, pid: child.pid!, productionUrl: production[1], testUrl: test[1], output: () => out });
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${out}`));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', onExit);
  });
}

/** Sends `signal` and waits for the process to be gone. */
export function stopServe(server: ServeProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export function percentileOf(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

/** Prints a table of rows (first row the heading) with columns padded to fit. */
export function printRows(title: string, rows: (string | number)[][]): void {
  const text = rows.map((r) =>
    r.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? v.toLocaleString('en-US') : v.toFixed(2)) : v)),
  );
  const widths = text[0].map((_, i) => Math.max(...text.map((r) => r[i].length)));
  const lines = text.map((r) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  '));
  process.stdout.write(`\n${title}\n${lines.join('\n')}\n`);
}

/** Writes bench/results/NAME.json beside the benchmarks' results. */
export function writeResultFile(name: string, body: Record<string, unknown>): string {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ name, measuredAt: new Date().toISOString(), node: process.version, ...body }, null, 2)}\n`,
  );
  return file;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
