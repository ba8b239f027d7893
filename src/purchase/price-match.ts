/** Matching BOM lines to the parts their lookups found (the pricing step's first half; see price-lines.ts). */
import { CatalogError } from '../catalog/errors';
import type { Part } from '../catalog/model';
import { baseOnly, userCurrency } from '../pricing/rates';
import { overbuyThreshold } from '../plan/overbuy';
import { BomError } from '../bom/errors';
import { MAX_BOARDS } from '../bom/read-result';
import type { PricedColumnKey } from './priced-layout';
import type { BomLine, BomReadResult } from '../bom/read';
import { isMatched, isWithAlternates, matchLines } from './match-lines';
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

/**
 * Looks up and matches every line of a read BOM (matchLines: one lookup per distinct part number, approved
 * alternates looked up with them), then learns the exchange rates the parts need. Rejects with
 * CatalogError('cancelled') when `signal` aborts; a failed lookup does not reject (see matchLines).
 */
export async function matchBom(
  read: BomReadResult,
  scheduler: BomLookupPort,
  options: PriceBomOptions = {},
): Promise<MatchedBom> {
  const currency = userCurrency(options.currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  // Checked before any lookup: a bad setting is said at once, not after the BOM was priced.
  checkPriceOptions(options);
  const found = await matchLines([read.lines], scheduler, {
    currency,
    version: options.version,
    signal: options.signal,
    onProgress: options.onProgress,
    ambiguousFix: options.ambiguousFix,
    alternates: true,
  });
  const settledLines: SettledLine[] = [];
  const matched: Matched[] = [];
  const withAlternates: WithAlternates[] = [];
  for (const { result } of found.lines) {
    if (isWithAlternates(result)) withAlternates.push(result);
    else if (isMatched(result)) matched.push(result);
    else settledLines.push(result);
  }
  // Each part once, in the order first met (the rates are learned from the first parts): the lines of a part share it.
  const seen = new Set<Part>();
  for (let i = 0; i < matched.length; i++) seen.add(matched[i].part);
  for (const w of withAlternates) if (w.own) seen.add(w.own.part);
  for (const w of withAlternates) for (const a of w.alternates) if (a.part) seen.add(a.part);
  for (const s of settledLines) for (const part of s.parts) seen.add(part);
  const rates = options.rates ? await options.rates.tableFor(currency, [...seen], options.signal) : baseOnly(currency);
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');
  return {
    currency,
    settled: settledLines,
    matched,
    withAlternates,
    rates,
    lookups: found.lookups,
    failures: found.failures,
    warnings: found.warnings,
  };
}
