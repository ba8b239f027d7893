/** `partsheet catalog import FILE`: parts from a JSON file of v4 PartList entries added to the stores. */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, DEFAULT_DEMO_PARTS, ensureStores } from '../service/server';
import { CatalogStore, openDatabase } from '../service/store/db';
import { importParts, partEntriesOf } from '../service/store/import';
import { UsageError } from './usage';
import type { Io } from './io';
import { plural } from '../src/text/plural';
import { errorLine } from './error-line';

export async function catalogCommand(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'import')
    throw new UsageError(`unknown catalog command '${sub ?? ''}'; use: partsheet catalog import FILE [--data DIR]`);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { data: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('catalog import needs exactly one FILE');
  const file = positionals[0];
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'ENOENT' ? 'no such file' : err.message;
    io.err(errorLine('partsheet', `cannot read ${file}: ${why}`, e, 'PS_SERVICE_CATALOG_IMPORT'));
    return 1;
  }
  let entries: unknown[];
  try {
    entries = partEntriesOf(doc);
  } catch (e) {
    io.err(errorLine('partsheet', `${file}: ${(e as Error).message}`, e, 'PS_SERVICE_CATALOG_IMPORT'));
    return 1;
  }
  // Importing into a new data folder makes stores holding the imported parts only: no demo catalog, and no demo
  // login or accounts (those come only with the demo catalog, from `serve`).
  const files = ensureStores(values.data ?? DEFAULT_DATA_DIR, DEFAULT_DEMO_PARTS, io.err, false);
  let report: ReturnType<typeof importParts> | undefined;
  for (const [env, path] of Object.entries(files)) {
    const db = openDatabase(path);
    try {
      const result = importParts(new CatalogStore(db), entries);
      if (!report) report = result;
      io.err(`${env}: added ${result.added} ${plural(result.added, 'part')}`);
    } finally {
      db.close();
    }
  }
  for (const problem of report?.skipped ?? []) io.err(`record ${problem.index}: skipped: ${problem.message}`);
  io.out(`Imported ${report?.added ?? 0} of ${entries.length} records; ${report?.skipped.length ?? 0} skipped.`);
  return 0;
}
