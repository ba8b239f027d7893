import {
  catalogClientOf,
  connectionOf,
  currencyOf,
  DEFAULT_APIKEY,
  DEFAULT_ITEM_URL,
  DEFAULT_LOGIN,
} from './connection';
import { UsageError } from './usage';
import { clean } from './terminal';
import { commandArgs, CONNECTION_FLAGS, parseCommand } from './args';
import { CatalogError, type Offer, type Part, type SearchPage } from '../src/catalog';
import { errorLine } from './error-line';
import { groupedCount } from '../src/text/plural';

export interface SearchIo {
  out(s: string): void;
  err(s: string): void;
}

export { DEFAULT_APIKEY, DEFAULT_ITEM_URL, DEFAULT_LOGIN };
const MAX_ROWS = 25;

export const SEARCH_USAGE = `Usage: partsheet search TOKEN [--mfr CODE] [--rows N] [--v3] [--currency CUR] [--json]
                        [--url URL] [--login L] [--apikey K]

Searches the item service for parts whose number is TOKEN or starts with it, and prints them with their offers.
  --mfr CODE      only parts of this manufacturer code (see the manufacturer lookup)
  --rows N        parts to show, 1 to ${MAX_ROWS} (default 10)
  --v3            use the v3 item service instead of v4
  --currency CUR  convert USD prices to this currency (EUR, GBP, ...)
  --json          print the parts as JSON (an open-ended price tier has "maxQty": null)
  --url URL       item service address (env PARTSHEET_ITEM_URL, default ${DEFAULT_ITEM_URL})
  --login L       login (env PARTSHEET_LOGIN, default ${DEFAULT_LOGIN})
  --apikey K      API key (env PARTSHEET_APIKEY, default ${DEFAULT_APIKEY})`;

interface SearchArgs {
  token: string;
  mfr?: string;
  rows?: number;
  version: 'v3' | 'v4';
  currency?: string;
  json: boolean;
  url: string;
  login: string;
  apikey: string;
  help: boolean;
}

function readArgs(argv: string[], env: Record<string, string | undefined>): SearchArgs {
  const parsed = parseCommand(argv, {
    ...CONNECTION_FLAGS,
    mfr: { type: 'string' },
    rows: { type: 'string' },
    currency: { type: 'string' },
    json: { type: 'boolean' },
  });
  const { values, positionals } = parsed;
  const help = values.help ?? false;
  if (!help && positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'search needs a part number TOKEN'
        : `search takes one TOKEN; got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  const token = positionals[0] ?? '';
  if (!help && token.trim() === '') throw new UsageError('TOKEN is empty; give a part number or its beginning');

  let rows: number | undefined;
  if (values.rows !== undefined) {
    if (!/^\d{1,3}$/.test(values.rows) || Number(values.rows) < 1 || Number(values.rows) > MAX_ROWS) {
      throw new UsageError(`--rows must be a whole number from 1 to ${MAX_ROWS}; got '${values.rows}'`);
    }
    rows = Number(values.rows);
  }
  const currency = currencyOf(values.currency);
  if (values.mfr !== undefined && values.mfr.trim() === '') throw new UsageError('--mfr needs a manufacturer code');

  const connection = connectionOf(values, env);
  return {
    token,
    mfr: values.mfr?.trim(),
    rows,
    version: values.v3 ? 'v3' : 'v4',
    currency,
    json: values.json ?? false,
    ...connection,
    help,
  };
}

/** `0.1` -> `0.10`, `0.416` -> `0.416`: at least two decimals, no float noise. */
export function formatPrice(price: number): string {
  const rounded = Number(price.toFixed(6));
  const decimals = String(rounded).split('.')[1]?.length ?? 0;
  return decimals < 2 ? rounded.toFixed(2) : String(rounded);
}

export function formatBreaks(offer: Offer): string {
  if (offer.quoteOnly) return 'quote only';
  return offer.breaks.map((b) => `${groupedCount(b.minQty)}+ ${formatPrice(b.price)}`).join(' / ');
}

const COLUMNS = ['Source', 'Item id', 'Stock', 'MOQ', 'Pack', 'Lead time', 'Cur', 'Prices'] as const;
const RIGHT_ALIGNED = new Set<string>(['Stock', 'MOQ', 'Pack']);

function offerRow(offer: Offer): string[] {
  return [
    clean(offer.sourceCode || offer.sourceName),
    clean(offer.sourcePartId),
    groupedCount(offer.stock),
    groupedCount(offer.moq),
    groupedCount(offer.packSize),
    offer.leadTimeWeeks === null ? '-' : `${offer.leadTimeWeeks} wk`,
    clean(offer.currency),
    formatBreaks(offer),
  ];
}

function table(rows: string[][], indent: string): string[] {
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((cell, i) =>
        i === cells.length - 1
          ? cell
          : RIGHT_ALIGNED.has(COLUMNS[i])
            ? cell.padStart(widths[i])
            : cell.padEnd(widths[i]),
      )
      .join('  ');
  return [line(COLUMNS), ...rows.map(line)];
}

export function renderPart(part: Part): string[] {
  const manufacturer = part.manufacturerCode
    ? `${part.manufacturerName} (${part.manufacturerCode})`
    : part.manufacturerName;
  const lines = [`${clean(part.partNumber)}  ${clean(manufacturer)}  ${clean(part.description)}`.trimEnd()];
  if (part.offers.length === 0) lines.push('  no offers');
  else lines.push(...table(part.offers.map(offerRow), '  '));
  return lines;
}

export function renderPage(page: SearchPage, token: string): string[] {
  const lines: string[] = [];
  if (page.parts.length === 0) lines.push(`No parts match '${clean(token)}'.`);
  for (const part of page.parts) {
    lines.push(...renderPart(part), '');
  }
  lines.push(`${groupedCount(page.parts.length)} of ${groupedCount(page.totalItems)} matches`);
  return lines;
}

/**
 * `partsheet search TOKEN ...`: 0 when the search answered, 1 when the service failed or refused, 2 for a usage error.
 * Failures are one line on `err`, never a stack trace.
 */
export async function searchCommand(
  argv: string[],
  io: SearchIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const args = commandArgs('search', SEARCH_USAGE, () => readArgs(argv, env), io);
  if (typeof args === 'number') return args;
  try {
    const client = catalogClientOf(args);
    const page = await client.searchToken(args.token, { mfrCd: args.mfr, rows: args.rows, currency: args.currency });
    // Records the service sent that could not be read were left out: say so, on stderr, whatever the output.
    for (const warning of page.warnings ?? []) io.err(`partsheet search: warning: ${clean(warning)}`);
    if (args.json) io.out(JSON.stringify(page, null, 2));
    else for (const line of renderPage(page, args.token)) io.out(line);
    return 0;
  } catch (e) {
    const message =
      e instanceof CatalogError ? e.message : `unexpected failure: ${e instanceof Error ? e.message : String(e)}`;
    io.err(errorLine('partsheet search', clean(message), e));
    return 1;
  }
}
