/** Matching BOM lines to the parts their lookups found (the pricing step's first half; see price-lines.ts). */
import { CatalogError } from '../catalog/errors';
import type { Part } from '../catalog/model';
import { type RateTable, baseOnly, userCurrency } from '../pricing/rates';
import { overbuyThreshold } from '../plan/overbuy';
import { BomError } from '../bom/errors';
import { MAX_BOARDS } from '../bom/read-result';
import type { PricedColumnKey } from './priced-layout';
import type { BomLine, BomReadResult } from '../bom/read';
import { type MatchedLines, isMatched, isWithAlternates, matchLines } from './match-lines';
import type {
  BomLookupPort,
  MatchedBom,
  Matched,
  PriceBomOptions,
  PricedBomLine,
  SettledLine,
  WithAlternates,
} from './price-types';

/**
 * A line with no result yet. Every field is written out rather than spread from NO_RESULT: V8 (Node 20) gives an
 * object made by a spread a hidden class of its own as soon as a property is added to it, so thousands of lines
 * would each have their own shape, every read of their fields would miss its inline cache, and pricing a large BOM
 * would take seconds. It must have every priced column's field: a column added to the layout without its empty
 * value here does not compile.
 */
export function emptyLine(
  line: Pick<BomLine, 'row' | 'partNumber' | 'manufacturer'>,
  need: number | null,
): PricedBomLine {
  return {
    matchedPart: null,
    manufacturer: null,
    description: null,
    lifecycle: null,
    share: null,
    orderQty: null,
    unitPrice: null,
    extended: null,
    currency: null,
    offerPrice: null,
    offerCurrency: null,
    stock: null,
    stockAll: null,
    availability: null,
    leadTimeWeeks: null,
    moq: null,
    pack: null,
    source: null,
    countryOfOrigin: null,
    itemId: null,
    asOf: null,
    status: 'not found',
    statusReason: '',
    row: line.row,
    partNumber: line.partNumber,
    bomManufacturer: line.manufacturer,
    candidates: [],
    lookupError: null,
    replacement: '',
    need,
  } satisfies PricedBomLine & Record<PricedColumnKey, unknown>;
}

/**
 * The number of boards a BOM is priced for (`options.boards`, default 1): a whole number from 1 to MAX_BOARDS, or a
 * BomError('bad-option') saying what was given.
 */
export function boardsToPrice(boards: number | undefined): number {
  const n = boards ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > MAX_BOARDS)
    throw new BomError(
      'bad-option',
      `The number of boards must be a whole number from 1 to ${MAX_BOARDS}; got ${String(n)}.`,
    );
  return n;
}

/** The pricing options checked before any lookup: the overbuy threshold and the number of boards. */
function checkPriceOptions(options: PriceBomOptions): void {
  overbuyThreshold(options.overbuyThreshold);
  boardsToPrice(options.boards);
}

/** Every line of one BOM or several matched (matchLines), with the exchange rates of the parts they may buy. */
export interface MatchedAll extends MatchedLines {
  currency: string;
  rates: RateTable;
}

/**
 * The one match of a priced BOM and of a purchase list: every line of `reads` looked up and matched (matchLines: one
 * lookup per distinct part number of all of them; with `alternates`, approved alternates looked up with them and
 * competing), then the exchange rates learned for the parts the lines may buy: each line's part, its own and its
 * alternates' when they compete, and with `quoted` the candidates of an ambiguous line too (a priced BOM quotes them;
 * a purchase list lists the line unbought). Rejects with CatalogError('cancelled') when `signal` aborts; a failed
 * lookup does not reject (see matchLines).
 */
export async function matchAll(
  reads: ReadonlyArray<readonly BomLine[]>,
  scheduler: BomLookupPort,
  options: Omit<PriceBomOptions, 'boards' | 'firstRowNumber'>,
  how: { alternates: boolean; quoted: boolean },
): Promise<MatchedAll> {
  const currency = userCurrency(options.currency);
  const found = await matchLines(reads, scheduler, {
    currency,
    version: options.version,
    signal: options.signal,
    onProgress: options.onProgress,
    ambiguousFix: options.ambiguousFix,
    alternates: how.alternates,
  });
  const seen = new Set<Part>();
  for (const { result } of found.lines) {
    if (isWithAlternates(result)) {
      if (result.own) seen.add(result.own.part);
      for (const a of result.alternates) if (a.part) seen.add(a.part);
    } else if (isMatched(result)) seen.add(result.part);
    else if (how.quoted) for (const part of result.parts) seen.add(part);
  }
  const rates = options.rates ? await options.rates.tableFor(currency, [...seen], options.signal) : baseOnly(currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  return { ...found, currency, rates };
}

/**
 * Looks up and matches every line of a read BOM (matchAll, approved alternates competing), each line then settled,
 * matched or with its alternates. Rejects with CatalogError('cancelled') when `signal` aborts.
 */
export async function matchBom(
  read: BomReadResult,
  scheduler: BomLookupPort,
  options: PriceBomOptions = {},
): Promise<MatchedBom> {
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  // Checked before any lookup: a bad setting is said at once, not after the BOM was priced.
  checkPriceOptions(options);
  const all = await matchAll([read.lines], scheduler, options, { alternates: true, quoted: true });
  const settledLines: SettledLine[] = [];
  const matched: Matched[] = [];
  const withAlternates: WithAlternates[] = [];
  for (const { result } of all.lines) {
    if (isWithAlternates(result)) withAlternates.push(result);
    else if (isMatched(result)) matched.push(result);
    else settledLines.push(result);
  }
  const { currency, rates, lookups, failures, warnings } = all;
  return { currency, settled: settledLines, matched, withAlternates, rates, lookups, failures, warnings };
}
