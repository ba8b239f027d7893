import { DEFAULT_DATA_DIR, StartupError } from '../service/defaults';
import { DEFAULT_LATENCY_MS, DEFAULT_LOGIN_RATE_PER_SECOND } from '../service/production-like';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../serving/rate-limit';
import { UsageError } from './usage';
import { type Io, stdio } from './io';
import { load } from './load';
import { errorLine } from './error-line';
import { groupedCount } from '../src/text/plural';

export type { Io } from './io';

const USAGE = `Usage: partsheet <command> [options]

Commands:
  serve [--port 8080] [--test-port 8081] [--host 127.0.0.1] [--data DIR] [--parts N] [--fault CODE] [--rate-limit N] [--no-demo]
        Start the parts service (production and test listeners). The first start with an empty DIR
        builds the demo catalog of N parts (default 100,000) with the demo login and accounts there;
        with --no-demo it creates empty stores instead. Later starts reuse DIR as it is.
        --rate-limit: requests per minute per login and per checkout username (default
        ${groupedCount(DEFAULT_RATE_LIMIT_PER_MINUTE)}; 0 turns limiting off).
        --production-like [--latency MS] [--login-rate N]: behave toward clients as the real service does:
        no CORS headers, every answer delayed by MS (default ${DEFAULT_LATENCY_MS}), and at most N requests a second
        per login or checkout username (default ${DEFAULT_LOGIN_RATE_PER_SECOND}), refused with 503 and X-RateLimit-* beyond.
  search TOKEN [--mfr CODE] [--rows N] [--v3] [--currency CUR] [--json] [--url URL] [--login L] [--apikey K]
        Search the item service and print the parts and their offers.
  price FILE [--boards N] [--out OUT.xlsx|OUT.csv] [--json] [--sheet NAME] [--currency CUR] [--v3] [--url URL]
        Price a BOM file (CSV, TSV, XLSX, XLS, ODS or HTML): a table, JSON, or a priced copy of the BOM with price breaks and totals.
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

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await load<typeof import('./serve')>('./serve').serveCommand(rest, io);
      case 'catalog':
        return await load<typeof import('./catalog')>('./catalog').catalogCommand(rest, io);
      case 'accounts':
        return await load<typeof import('./accounts')>('./accounts').accountsCommand(rest, io);
      case 'gateway':
        return await load<typeof import('./gateway')>('./gateway').gatewayCommand(rest, io);
      case 'search':
        return await load<typeof import('./search')>('./search').searchCommand(rest, io);
      case 'price': {
        const { priceCommand, terminalProgress } = load<typeof import('./price')>('./price');
        return await priceCommand(rest, io === stdio ? { ...io, progress: terminalProgress() } : io);
      }
      case 'plan':
        return await load<typeof import('./plan')>('./plan').planCommand(rest, io);
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
      io.err(errorLine('partsheet', err.message, e));
      return 2;
    }
    io.err(errorLine('partsheet', err.message, e));
    return 1;
  }
}
