import { existsSync, renameSync, rmSync } from 'node:fs';
import { CatalogStore, hasTable, openDatabase } from '../store/db';
import type { PartRecord } from '../store/types';
import { DEMO_MANUFACTURERS } from './manufacturers';
import { demoParts } from './generate';
import { ensureCheckoutSchema, seedDemoAccounts } from '../checkout/accounts';

export const DEMO_LOGIN = 'demo';
export const DEMO_APIKEY = 'demo-key';
const CHUNK = 5000;

export interface BuildResult {
  parts: number;
  manufacturers: number;
  seconds: number;
}

/**
 * Builds the demo catalog of `n` parts, with the demo API key and checkout accounts, into `file`.
 * It is written beside the target and renamed into place, so an interrupted build never leaves a half catalog.
 */
export function buildDemoCatalog(
  file: string,
  n: number,
  onProgress?: (done: number, total: number) => void,
): BuildResult {
  const started = process.hrtime.bigint();
  const tmp = `${file}.building`;
  for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true });
  const db = openDatabase(tmp);
  try {
    db.pragma('synchronous = OFF');
    const store = new CatalogStore(db);
    store.addManufacturers(DEMO_MANUFACTURERS);
    let chunk: PartRecord[] = [];
    let done = 0;
    for (const part of demoParts(n)) {
      chunk.push(part);
      if (chunk.length === CHUNK) {
        store.addParts(chunk);
        done += chunk.length;
        chunk = [];
        onProgress?.(done, n);
      }
    }
    if (chunk.length) {
      store.addParts(chunk);
      done += chunk.length;
      onProgress?.(done, n);
    }
    store.setApiKey(DEMO_LOGIN, DEMO_APIKEY);
    seedDemoAccounts(db);
    store.setMeta('demoParts', String(n));
    store.setMeta('builtAt', new Date().toISOString());
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
  renameSync(tmp, file);
  for (const f of [`${tmp}-wal`, `${tmp}-shm`]) if (existsSync(f)) rmSync(f, { force: true });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { parts: n, manufacturers: DEMO_MANUFACTURERS.length, seconds };
}

/**
 * An empty store: the catalog and checkout tables, no parts, no API keys, no accounts. Parts come from
 * `partsheet catalog import`, keys and accounts from `partsheet accounts`.
 */
export function createEmptyStore(file: string): void {
  const db = openDatabase(file);
  try {
    ensureCheckoutSchema(db);
  } finally {
    db.close();
  }
}

/**
 * A second store with the same catalog and accounts, for the test environment: a consistent copy, not a
 * rebuild. Orders placed in the source store are not carried over.
 */
export function copyCatalog(from: string, to: string): void {
  const tmp = `${to}.building`;
  rmSync(tmp, { force: true });
  const db = openDatabase(from);
  try {
    db.prepare('VACUUM INTO ?').run(tmp);
  } finally {
    db.close();
  }
  const copy = openDatabase(tmp);
  try {
    copy.transaction(() => {
      for (const table of ['order_lines', 'orders']) {
        if (hasTable(copy, table)) copy.exec(`DELETE FROM ${table}`);
      }
    })();
    copy.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    copy.close();
  }
  renameSync(tmp, to);
  for (const f of [`${tmp}-wal`, `${tmp}-shm`]) if (existsSync(f)) rmSync(f, { force: true });
}
