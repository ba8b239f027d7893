import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Environment } from './app';
import { CatalogStore, openDatabase } from './store/db';
import { buildDemoCatalog, copyCatalog, createEmptyStore } from './demo/build';
import { isLoopback, liveDemoCredentials } from './demo/credentials';
import type { FaultSwitch } from './checkout/faults';
import type { ProductionLikeOptions } from './production-like';

import { StartupError } from './defaults';

export { DEFAULT_DATA_DIR, DEFAULT_DEMO_PARTS, DEFAULT_PORT, DEFAULT_TEST_PORT, StartupError } from './defaults';

export interface ServeOptions {
  dataDir: string;
  port: number;
  testPort: number;
  host: string;
  parts: number;
  faults?: FaultSwitch;
  corsOrigins?: string[];
  /**
   * On a new data folder: build the demo catalog with its demo credentials (true, the default), or create empty
   * stores with no parts, keys or accounts (false, `--no-demo`). An existing folder is used as it is.
   */
  demo?: boolean;
  /** Requests per minute per login and per checkout username, on each listener; 0 turns limiting off. */
  rateLimitPerMinute?: number;
  /** Both listeners behave as the real service does toward clients (see AppOptions.productionLike). */
  productionLike?: ProductionLikeOptions;
  log?: (line: string) => void;
}

export interface RunningService {
  /** Demo credentials that still work in each store (see liveDemoCredentials). */
  demoCredentials: Record<Environment, string[]>;
  production: FastifyInstance;
  test: FastifyInstance;
  productionUrl: string;
  testUrl: string;
  close(): Promise<void>;
}

export function storeFiles(dataDir: string): Record<Environment, string> {
  return { production: join(dataDir, 'production.db'), test: join(dataDir, 'test.db') };
}

/** Creates the data folder and both stores when absent; an existing catalog is reused as it is. */
export function ensureStores(
  dataDir: string,
  parts: number,
  log: (line: string) => void = () => {},
  demo = true,
): Record<Environment, string> {
  const dir = resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch {
    throw new StartupError(`cannot write to data folder ${dir}`);
  }
  const files = storeFiles(dir);
  if (!existsSync(files.production) && !demo) {
    createEmptyStore(files.production);
    log(
      `Created empty stores in ${dir}: add parts with partsheet catalog import, keys and accounts with partsheet accounts.`,
    );
  } else if (!existsSync(files.production)) {
    log(`Building the demo catalog of ${parts.toLocaleString('en-US')} parts in ${dir} …`);
    const result = buildDemoCatalog(files.production, parts);
    log(
      `Built ${result.parts.toLocaleString('en-US')} parts from ${result.manufacturers} manufacturers in ${result.seconds.toFixed(1)} s.`,
    );
  }
  if (!existsSync(files.test)) copyCatalog(files.production, files.test);
  return files;
}

/** A warning when the published demo credentials open a service that other machines can reach; else undefined. */
export function demoCredentialWarning(host: string, live: Record<Environment, string[]>): string | undefined {
  if (isLoopback(host) || live.production.length + live.test.length === 0) return undefined;
  const where = (['production', 'test'] as const)
    .filter((env) => live[env].length > 0)
    .map((env) => `${env}: ${live[env].join(', ')}`);
  return (
    `Warning: listening on ${host}, reachable from other machines, while the published demo credentials still work ` +
    `(${where.join('; ')}). Remove or change them with partsheet accounts, or start on a new data folder with --no-demo.`
  );
}

async function listen(app: FastifyInstance, port: number, host: string): Promise<string> {
  try {
    return await app.listen({ port, host });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE')
      throw new StartupError(`port ${port} is already in use; choose another with --port/--test-port`);
    if (err.code === 'EACCES') throw new StartupError(`not allowed to listen on port ${port}`);
    throw e;
  }
}

/** Starts the production listener and the test-environment listener, each on its own store. */
export async function startService(options: ServeOptions): Promise<RunningService> {
  const log = options.log ?? (() => {});
  const files = ensureStores(options.dataDir, options.parts, log, options.demo ?? true);
  const stores = {
    production: new CatalogStore(openDatabase(files.production)),
    test: new CatalogStore(openDatabase(files.test)),
  };
  const live = { production: liveDemoCredentials(stores.production), test: liveDemoCredentials(stores.test) };
  const warning = demoCredentialWarning(options.host, live);
  if (warning) log(warning);
  const shared = {
    corsOrigins: options.corsOrigins,
    rateLimitPerMinute: options.rateLimitPerMinute,
    productionLike: options.productionLike,
  };
  const production = await buildApp({ catalog: stores.production, environment: 'production', ...shared });
  const test = await buildApp({ catalog: stores.test, environment: 'test', faults: options.faults, ...shared });
  const closeAll = async () => {
    await Promise.allSettled([production.close(), test.close()]);
    stores.production.db.close();
    stores.test.db.close();
  };
  try {
    const productionUrl = await listen(production, options.port, options.host);
    const testUrl = await listen(test, options.testPort, options.host);
    return { production, test, productionUrl, testUrl, demoCredentials: live, close: closeAll };
  } catch (e) {
    await closeAll();
    throw e;
  }
}
