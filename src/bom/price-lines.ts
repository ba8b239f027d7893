/**
 * The pricing step shared by the task pane and the CLI: from BOM lines to priced lines, price-break rows and
 * a summary, through the one lookup scheduler.
 *
 * Lookups. Lines are looked up by part number alone, one lookup per distinct part number (case, spaces and
 * punctuation ignored), so duplicate lines, and lines that name the same part with different manufacturer
 * spellings, share one lookup. The manufacturer written in the BOM is matched here against the manufacturers
 * of the parts found, by name, code and alias ("TI", "Texas Instruments Inc."): the service's manufacturer
 * filter takes only its own codes, and a BOM's spelling of the name would make it find nothing.
 *
 * Statuses. Every BOM row gets one of the five statuses of the layout. A lookup that failed (service down,
 * rejected, timed out) leaves its lines 'no price' with "service error: …" as the reason and `lookupError`
 * set, so a caller can tell a line the service could not answer from a part that has no price.
 */
import { CatalogError, type CatalogErrorKind, isCatalogError } from '../catalog/errors';
import type { ApiVersion, Part } from '../catalog/model';
import { LOOKUP_DEFAULTS } from '../lookup/scheduler';
import { normalizePartNumber as wirePartKey } from '../lookup/key';
import type { LookupManyOptions, LookupRequest, LookupResult } from '../lookup/types';
import { bestOffer, type BestOffer } from '../pricing/best-offer';
import { isPricingError } from '../pricing/errors';
import { formatAmount } from '../pricing/money';
import { freeStock, stockCount } from '../pricing/stock';
import { priceBreaksTable } from '../pricing/tiers';
import { type PriceBreakRow, type PricedLine, type PricedSummary, skippedPricedLine, summarize } from './layout';
import { manufacturerMatch } from './manufacturer';
import type { BomLine, BomReadResult } from './read';

/** One part the BOM line could mean, for the buyer to choose from. */
export interface PartCandidate {
  partNumber: string;
  manufacturer: string;
  manufacturerCode: string;
  description: string;
  itemId: number;
}

/** A priced line with what the task pane and the CLI need beyond the written columns. */
export interface PricedBomLine extends PricedLine {
  /** 0-based index of the BOM row. */
  row: number;
  /** The part number as the BOM gives it; '' for skipped rows. */
  partNumber: string;
  /** The manufacturer as the BOM gives it; '' when none. */
  bomManufacturer: string;
  /** The parts to choose from when the status is 'ambiguous'; empty otherwise. */
  candidates: PartCandidate[];
  /** Why the lookup of this line failed, when it did: the line could not be priced for now. */
  lookupError: CatalogErrorKind | null;
}

export interface PriceBomOptions {
  /** Ask for prices in this currency; only offers in it are compared. Without it each line picks its currency. */
  currency?: string;
  version?: ApiVersion;
  signal?: AbortSignal;
  /** Called with (0, total) first, then as each distinct part's lookup settles. */
  onProgress?(done: number, total: number): void;
  /** The clock for `pricedAt`. */
  now?: () => Date;
  /** Boards in the build, for the per-board totals. By default read back from the lines' need and quantity. */
  boards?: number;
  /** The sheet or file row number of the BOM's first cell row, for "Line row" in price breaks. Default 1. */
  firstRowNumber?: number;
  /** Only offers from these source codes compete (the settings' "sources to use"); all when absent or empty. */
  sources?: readonly string[];
}

/** A lookup that failed, and the rows it leaves unpriced. */
export interface LookupFailure {
  partNumber: string;
  /** 0-based BOM rows. */
  rows: number[];
  error: CatalogError;
}

export interface PriceBomResult {
  /** One per BOM line and one per skipped row, in row order. */
  lines: PricedBomLine[];
  /** The price breaks of the offer chosen for each priced line. */
  breaks: PriceBreakRow[];
  summary: PricedSummary;
  boards: number;
  pricedAt: Date;
  /** Distinct part numbers looked up. */
  lookups: number;
  failures: LookupFailure[];
}

/** What priceBom needs of the scheduler. */
export type BomLookupPort = {
  lookupMany(requests: readonly LookupRequest[], options?: LookupManyOptions): Promise<Array<LookupResult | CatalogError>>;
};

const MAX_CANDIDATES_LISTED = 5;

function emptyLine(line: BomLine): PricedBomLine {
  return {
    status: 'not found',
    statusReason: '',
    row: line.row,
    partNumber: line.partNumber,
    bomManufacturer: line.manufacturer,
    candidates: [],
    lookupError: null,
    matchedPart: null,
    manufacturer: null,
    description: null,
    need: line.need,
    orderQty: null,
    unitPrice: null,
    extended: null,
    currency: null,
    stock: null,
    availability: null,
    leadTimeWeeks: null,
    moq: null,
    pack: null,
    source: null,
    itemId: null,
    asOf: null,
  };
}

function count(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function candidateOf(part: Part): PartCandidate {
  return {
    partNumber: part.partNumber,
    manufacturer: part.manufacturerName || part.manufacturerCode,
    manufacturerCode: part.manufacturerCode,
    description: part.description,
    itemId: part.itemId,
  };
}

function candidateList(candidates: readonly PartCandidate[]): string {
  const shown = candidates.slice(0, MAX_CANDIDATES_LISTED).map((c) => (c.manufacturer ? `${c.partNumber} (${c.manufacturer})` : c.partNumber));
  const more = candidates.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

type Choice = { part: Part; note?: string } | { candidates: PartCandidate[]; reason: string };

function makerOf(part: Part): string {
  return part.manufacturerName || part.manufacturerCode;
}

/**
 * Which of the parts found the BOM line means, or the candidates to choose from. The BOM's manufacturer picks
 * among makers (manufacturerMatch: same, then near); a near match, or the one maker there is when the BOM names
 * another, is priced with a note. Distributor part numbers on the line settle a choice left among several
 * parts. "Ambiguous" is left for two or more makers that really compete.
 */
function choosePart(line: BomLine, found: readonly Part[]): Choice {
  const seen = new Set<number>();
  const parts = found.filter((p) => {
    if (seen.has(p.itemId)) return false;
    seen.add(p.itemId);
    return true;
  });
  const makerKey = (p: Part): string => p.manufacturerCode.toUpperCase() || p.manufacturerName.toUpperCase();
  let pool = parts;
  let note: string | undefined;
  if (line.manufacturer !== '') {
    const match = parts.map((p) => manufacturerMatch(line.manufacturer, p.manufacturerName, p.manufacturerCode));
    const same = parts.filter((_, i) => match[i] === 'same');
    const near = parts.filter((_, i) => match[i] === 'near');
    if (same.length > 0) pool = same;
    else if (near.length > 0 || new Set(parts.map(makerKey)).size === 1) {
      pool = near.length > 0 ? near : parts;
      note = `BOM says ${line.manufacturer}; matched ${makerOf(pool[0])}`;
    } else {
      const candidates = parts.map(candidateOf);
      return {
        candidates,
        reason: `manufacturer "${line.manufacturer}" matches none of ${count(candidates.length, 'candidate')}: ${candidateList(candidates)}`,
      };
    }
  }
  if (pool.length > 1 && line.supplierPartNumbers.length > 0) {
    const wanted = new Set(line.supplierPartNumbers.map((n) => wirePartKey(n)));
    const confirmed = pool.filter((p) => p.offers.some((o) => wanted.has(wirePartKey(o.sourcePartId))));
    if (confirmed.length > 0) pool = confirmed;
  }
  if (pool.length === 1) return { part: pool[0], note };
  const manufacturers = new Set(pool.map(makerKey));
  if (manufacturers.size === 1) {
    const written = line.partNumber.toUpperCase();
    const sameText = pool.filter((p) => p.partNumber.toUpperCase() === written);
    if (sameText.length === 1) return { part: sameText[0], note };
  }
  const candidates = pool.map(candidateOf);
  const fix = manufacturers.size > 1 && line.manufacturer === '' ? '; give the manufacturer to choose' : '';
  return { candidates, reason: `${count(candidates.length, 'candidate')}: ${candidateList(candidates)}${fix}` };
}

/** Notes for a priced line: stock short of the order, and a larger order that costs less. */
function pricedNotes(best: BestOffer): string[] {
  const notes: string[] = [];
  const source = best.offer.sourceName || best.offer.sourceCode;
  const stock = stockCount(best.offer);
  if (!best.stockCovers) {
    const lead = best.leadTimeWeeks === null ? '' : `; lead time ${best.leadTimeWeeks} weeks`;
    notes.push(
      stock === 0
        ? `out of stock${source ? ` at ${source}` : ''}${lead}`
        : `short of need: ${stock.toLocaleString('en-US')} in stock${source ? ` at ${source}` : ''} for ${best.orderQty.toLocaleString('en-US')}${lead}`,
    );
  }
  if (best.hint) notes.push(`${best.hint.message} (saves ${formatAmount(best.hint.saving)} ${best.hint.currency})`);
  return notes;
}

function priceLine(line: BomLine, result: LookupResult, currency: string | undefined, sources: string[] | undefined): { priced: PricedBomLine; best: BestOffer | null; part: Part | null } {
  const out = emptyLine(line);
  out.asOf = new Date(result.asOf);
  const parts = Array.isArray(result.result.parts) ? result.result.parts : [];
  if (result.result.numberFound <= 0 || parts.length === 0) return { priced: out, best: null, part: null };

  const choice = choosePart(line, parts);
  if ('candidates' in choice) {
    out.status = 'ambiguous';
    out.statusReason = choice.reason;
    out.candidates = choice.candidates;
    return { priced: out, best: null, part: null };
  }
  const part = choice.part;
  out.matchedPart = part.partNumber;
  out.manufacturer = part.manufacturerName || part.manufacturerCode;
  out.description = part.description;
  out.stock = freeStock(part);

  let offer: ReturnType<typeof bestOffer>;
  try {
    offer = bestOffer(part, line.need, { currency, sources });
  } catch (e) {
    if (!isPricingError(e)) throw e;
    out.status = 'no price';
    out.statusReason = e.message;
    return { priced: out, best: null, part };
  }
  if (!offer.found) {
    out.status = 'no price';
    // "not-found" here means the part has no offer at all, or none from the sources asked for.
    out.statusReason = offer.reason === 'not-found' ? (sources ? `no offer from ${sources.join(', ')}` : 'no offers') : offer.message.replace(/^No price: /, '');
    return { priced: out, best: null, part };
  }
  const o = offer.offer;
  out.status = 'priced';
  out.statusReason = [...(choice.note ? [choice.note] : []), ...pricedNotes(offer)].join('; ');
  out.orderQty = offer.orderQty;
  out.unitPrice = offer.unitPrice;
  out.extended = offer.extended;
  out.currency = offer.currency;
  out.availability = o.availabilityText || o.availabilityCode || null;
  out.leadTimeWeeks = offer.leadTimeWeeks;
  out.moq = o.moq;
  out.pack = o.packSize;
  out.source = o.sourceCode || o.sourceName || null;
  out.itemId = o.sourcePartId || null;
  return { priced: out, best: offer, part };
}

function failedLine(line: BomLine, error: CatalogError): PricedBomLine {
  const out = emptyLine(line);
  out.status = 'no price';
  out.statusReason = `service error: ${error.message}`;
  out.lookupError = error.kind;
  return out;
}

/** A part number the service cannot look up: why, or null when it can be looked up. */
function unsearchable(partNumber: string): string | null {
  if (wirePartKey(partNumber) === '') return 'the part number has no letters or digits';
  if (partNumber.trim().length > LOOKUP_DEFAULTS.maxPartNumberLength) {
    return `the part number is longer than ${LOOKUP_DEFAULTS.maxPartNumberLength} characters`;
  }
  return null;
}

/** The number of boards the lines were read for: need ÷ quantity per board. */
function boardsOf(read: BomReadResult): number {
  for (const line of read.lines) {
    if (line.quantityPerBoard > 0) {
      const boards = line.need / line.quantityPerBoard;
      if (Number.isInteger(boards) && boards >= 1) return boards;
    }
  }
  return 1;
}

/**
 * Prices every line of a read BOM. One lookup per distinct part number goes through `scheduler.lookupMany`;
 * each line is then matched to a part (by the BOM's manufacturer when several match) and priced with
 * `bestOffer` at its need. Skipped rows are kept as 'skipped' lines, so every row has a status.
 * Rejects with CatalogError('cancelled') when `signal` aborts; a failed lookup does not reject (see the
 * module note).
 */
export async function priceBom(read: BomReadResult, scheduler: BomLookupPort, options: PriceBomOptions = {}): Promise<PriceBomResult> {
  const now = options.now ?? (() => new Date());
  const boards = options.boards ?? boardsOf(read);
  const firstRowNumber = options.firstRowNumber ?? 1;
  const currency = options.currency !== undefined && options.currency.trim() !== '' ? options.currency.trim().toUpperCase() : undefined;
  const sources = options.sources && options.sources.length > 0 ? [...options.sources] : undefined;
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');

  const groups = new Map<string, BomLine[]>();
  const lines: PricedBomLine[] = [];
  for (const line of read.lines) {
    const why = unsearchable(line.partNumber);
    if (why !== null) {
      const out = emptyLine(line);
      out.statusReason = `${why}; not looked up`;
      lines.push(out);
      continue;
    }
    const key = wirePartKey(line.partNumber);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }

  const keys = [...groups.keys()];
  const requests: LookupRequest[] = keys.map((key) => {
    const request: LookupRequest = { partNumber: groups.get(key)![0].partNumber };
    if (currency) request.currency = currency;
    if (options.version) request.version = options.version;
    return request;
  });
  const results = await scheduler.lookupMany(requests, { signal: options.signal, onProgress: options.onProgress });
  if (options.signal?.aborted) throw new CatalogError('cancelled', 'Pricing was cancelled.');

  const chosen = new Map<PricedBomLine, BestOffer>();
  const failures: LookupFailure[] = [];
  keys.forEach((key, i) => {
    const group = groups.get(key)!;
    const settled = results[i];
    if (isCatalogError(settled) || !settled) {
      const error = settled ?? new CatalogError('malformed', 'The lookup gave no answer.');
      failures.push({ partNumber: group[0].partNumber, rows: group.map((l) => l.row), error });
      for (const line of group) lines.push(failedLine(line, error));
      return;
    }
    for (const line of group) {
      const { priced, best } = priceLine(line, settled, currency, sources);
      if (best) chosen.set(priced, best);
      lines.push(priced);
    }
  });
  for (const skip of read.skipped) {
    lines.push({ ...skippedPricedLine(skip), row: skip.row, partNumber: '', bomManufacturer: '', candidates: [], lookupError: null });
  }
  lines.sort((a, b) => a.row - b.row);

  const breaks: PriceBreakRow[] = [];
  for (const line of lines) {
    const best = chosen.get(line);
    if (!best) continue;
    for (const tier of priceBreaksTable([best.offer])) {
      breaks.push({
        lineRow: line.row + firstRowNumber,
        part: line.matchedPart,
        manufacturer: line.manufacturer,
        source: tier.source || tier.sourceName || null,
        itemId: tier.sourcePartId || null,
        currency: tier.currency,
        minQty: tier.minQty,
        maxQty: tier.maxQty,
        unitPrice: tier.price,
      });
    }
  }

  return { lines, breaks, summary: summarize(lines, boards), boards, pricedAt: now(), lookups: keys.length, failures };
}
