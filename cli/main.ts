import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_DEMO_PARTS,
  DEFAULT_PORT,
  DEFAULT_TEST_PORT,
  ensureStores,
  startService,
  StartupError,
} from '../service/server';
import { UsageError } from './usage';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../serving/rate-limit';
import { DEFAULT_LATENCY_MS, DEFAULT_LOGIN_RATE_PER_SECOND, type ProductionLikeOptions } from '../service/production-like';
import { demoSignInLine } from '../service/demo/credentials';
import { CatalogStore, openDatabase } from '../service/store/db';
import { importParts, partEntriesOf } from '../service/store/import';
import { parseFault, type FaultSwitch } from '../service/checkout/faults';
import { accountsCommand } from './accounts';
import { gatewayCommand } from './gateway';
import { type Io, stdio } from './io';
import { priceCommand, terminalProgress } from './price';
import { planCommand } from './plan';
import { searchCommand } from './search';

export type { Io } from './io';

const USAGE = `Usage: partsheet <command> [options]

Commands:
  serve [--port 8080] [--test-port 8081] [--host 127.0.0.1] [--data DIR] [--parts N] [--fault CODE] [--rate-limit N] [--no-demo]
        Start the parts service (production and test listeners). The first start with an empty DIR
        builds the demo catalog of N parts (default 100,000) with the demo login and accounts there;
        with --no-demo it creates empty stores instead. Later starts reuse DIR as it is.
        --rate-limit: requests per minute per login and per checkout username (default
        ${DEFAULT_RATE_LIMIT_PER_MINUTE.toLocaleString('en-US')}; 0 turns limiting off).
        --production-like [--latency MS] [--login-rate N]: behave toward clients as the real service does:
        no CORS headers, every answer delayed by MS (default ${DEFAULT_LATENCY_MS}), and at most N requests a second
        per login or checkout username (default ${DEFAULT_LOGIN_RATE_PER_SECOND}), refused with 503 and X-RateLimit-* beyond.
  search TOKEN [--mfr CODE] [--rows N] [--v3] [--currency CUR] [--json] [--url URL] [--login L] [--apikey K]
        Search the item service and print the parts and their offers.
  price FILE [--boards N] [--out OUT.xlsx|OUT.csv] [--json] [--sheet NAME] [--currency CUR] [--v3] [--url URL]
        Price a BOM file (CSV, TSV or XLSX): a table, JSON, or a priced copy of the BOM with price breaks and totals.
  plan BOM[:BUILDS] ... [--on-hand FILE] [--on-order FILE] [--json] [--out LIST.xlsx] [--currency CUR]
        One purchase list for several BOMs, net of the stock on hand and on order, with what each BOM can build now.
  catalog import FILE [--data DIR]
        Add parts from a JSON file of v4 PartList entries (or a whole v4 answer) to the stores.
  gateway [--config FILE] [--port N] [--cert PEM --key PEM] [--item-upstream URL] ... | gateway tokens add NAME|list|revoke NAME
        Serve the built add-in and forward the item service and checkouts to their upstreams, with a per-part
        cache, back-off, gateway tokens and a team key (partsheet gateway --help; docs/gateway.md).
  accounts list|add-user|add-address|remove-user|remove-address|rotate-key|remove-key [options]
        Manage checkout accounts and addresses (see docs/checkout.md).

DIR defaults to ${DEFAULT_DATA_DIR}.`;

function port(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new UsageError(`${flag} must be a port number from 0 to 65535; got '${value}'`);
  return Number(value);
}

function rateLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`--rate-limit must be a whole number of requests per minute (0 turns limiting off); got '${value}'`);
  return Number(value);
}

function wholeNumber(value: string | undefined, flag: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,8}$/.test(value) || Number(value) < min) throw new UsageError(`${flag} must be a whole number of ${min} or more; got '${value}'`);
  return Number(value);
}

/** The production-like settings of `serve`, or undefined when --production-like is absent (its own flags then refused). */
function productionLikeOf(values: { 'production-like'?: boolean; latency?: string; 'login-rate'?: string; 'rate-limit'?: string }): ProductionLikeOptions | undefined {
  if (!values['production-like']) {
    const stray = (['latency', 'login-rate'] as const).find((flag) => values[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} applies only with --production-like`);
    return undefined;
  }
  if (values['rate-limit'] !== undefined) throw new UsageError('--rate-limit does not apply with --production-like; its per-login limit is --login-rate (requests a second)');
  return {
    latencyMs: wholeNumber(values.latency, '--latency', DEFAULT_LATENCY_MS, 0),
    perLoginPerSecond: wholeNumber(values['login-rate'], '--login-rate', DEFAULT_LOGIN_RATE_PER_SECOND, 1),
  };
}

function positive(value: string | undefined, flag: string, fallback: number): number {
  return wholeNumber(value, flag, fallback, 1);
}

async function serve(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'test-port': { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      parts: { type: 'string' },
      fault: { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      'rate-limit': { type: 'string' },
      'no-demo': { type: 'boolean' },
      'production-like': { type: 'boolean' },
      latency: { type: 'string' },
      'login-rate': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  let faults: FaultSwitch | undefined;
  const faultText = values.fault ?? process.env.PARTSHEET_FAULT;
  if (faultText) {
    try {
      faults = parseFault(faultText);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const productionLike = productionLikeOf(values);
  const service = await startService({
    port: port(values.port, '--port', DEFAULT_PORT),
    testPort: port(values['test-port'], '--test-port', DEFAULT_TEST_PORT),
    host: values.host ?? '127.0.0.1',
    dataDir: values.data ?? DEFAULT_DATA_DIR,
    parts: positive(values.parts, '--parts', DEFAULT_DEMO_PARTS),
    faults,
    corsOrigins: values['cors-origin'],
    rateLimitPerMinute: rateLimit(values['rate-limit']),
    demo: values['no-demo'] !== true,
    productionLike,
    log: io.out,
  });
  io.out(`Parts service (production) listening on ${service.productionUrl}`);
  if (productionLike) {
    io.out(
      `Production-like: no CORS headers, ${productionLike.latencyMs} ms latency, at most ${productionLike.perLoginPerSecond} requests a second per login (503 beyond).`,
    );
  }
  io.out(`Parts service (test environment) listening on ${service.testUrl}${faults ? ` with back-office fault ${faults}` : ''}`);
  const signIn = demoSignInLine(service.demoCredentials.production);
  if (signIn) io.out(signIn);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await service.close();
  return 0;
}

async function catalog(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'import') throw new UsageError(`unknown catalog command '${sub ?? ''}'; use: partsheet catalog import FILE [--data DIR]`);
  const { values, positionals } = parseArgs({ args: rest, options: { data: { type: 'string' } }, strict: true, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('catalog import needs exactly one FILE');
  const file = positionals[0];
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    io.err(`partsheet: cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
    return 1;
  }
  let entries: unknown[];
  try {
    entries = partEntriesOf(doc);
  } catch (e) {
    io.err(`partsheet: ${file}: ${(e as Error).message}`);
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
      io.err(`${env}: added ${result.added} part${result.added === 1 ? '' : 's'}`);
    } finally {
      db.close();
    }
  }
  for (const problem of report?.skipped ?? []) io.err(`record ${problem.index}: skipped: ${problem.message}`);
  io.out(`Imported ${report?.added ?? 0} of ${entries.length} records; ${report?.skipped.length ?? 0} skipped.`);
  return 0;
}

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(rest, io);
      case 'catalog':
        return await catalog(rest, io);
      case 'accounts':
        return await accountsCommand(rest, io);
      case 'gateway':
        return await gatewayCommand(rest, io);
      case 'search':
        return await searchCommand(rest, io);
      case 'price':
        return await priceCommand(rest, io === stdio ? { ...io, progress: terminalProgress() } : io);
      case 'plan':
        return await planCommand(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command '${command}'; run partsheet --help`);
    }
  } catch (e) {
    const err = e as Error & { code?: string };
    if (e instanceof UsageError || e instanceof StartupError || err.code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`partsheet: ${err.message}`);
      return 2;
    }
    io.err(`partsheet: ${err.message}`);
    return 1;
  }
}
