/**
 * A redis-server of the test's own on a free loopback port, its files in a temporary folder: started, stopped and
 * started again on the same port (to show instances falling back and returning), and stopped for good after.
 * Used by the tests and the gateway benchmark. scripts/ensure-redis.sh installs Debian's redis-server when it is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (its data goes with it: nothing is saved). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** Whether redis-server can be run here. */
export function haveRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `args`: more redis-server options, such as ['--requirepass', 'pw']. */
export async function startTestRedis(args: string[] = []): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'partsheet-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = async () => {
    if (child) return;
    const proc = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        ...args,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start on port ${port}: ${out.slice(-500)}`)),
        10_000,
      );
      proc.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`));
      });
    });
    proc.stdout!.resume();
    proc.stderr!.resume();
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    child = null;
    if (proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
