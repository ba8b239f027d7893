/**
 * Scenarios: one BOM priced at several build quantities (1, 10, 100, 1,000 boards) side by side.
 *
 * One lookup serves every quantity. The first quantity is priced through the caller's lookup port, and its
 * answers (and the exchange rates learned for it) are kept; every other quantity is priced from what was kept, so
 * pricing four quantities asks the service exactly what pricing one asks. Each quantity is a whole run of the one
 * pricing step (src/bom/price-lines), so a scenario's figures are, to the cent, what a run at that quantity alone
 * gives.
 *
 * The comparison says per quantity the total, the cost per board, the cost of the spares, the lines short, the
 * lines whose part is not Active and the lines whose offer changes from the quantity before; and per line the unit
 * price and extended cost at each quantity.
 */
import type { BomReadResult } from '../bom/read';
import type { LookupManyOptions, LookupRequest, LookupResult } from '../lookup/types';
import type { CatalogError } from '../catalog/errors';
import type { Part } from '../catalog/model';
import type { RateTable } from '../pricing/rates';
import { type BomLookupPort, type PriceBomOptions, type PriceBomResult, type PricedBomLine, priceBom } from '../bom/price-lines';
import { coverageOf, coverageText } from './summary';

/** Most quantities one run compares. */
export const MAX_SCENARIOS = 8;
/** Largest build quantity (the BOM reading's limit). */
export const MAX_SCENARIO_BOARDS = 1_000_000;

/** Quantities as the user wrote them: sorted and each once in `quantities`; `first` is the one written first. */
export interface BoardsList {
  quantities: number[];
  first: number;
}

const GROUPED = /^\d{1,3}(?:,\d{3})+$/;

/**
 * Reads a Boards text: one quantity ("10", "1,000", "1_000") or several, separated by commas, semicolons or
 * spaces ("1, 10, 100, 1000", "1,10,100,1000"). A text that reads as one number with thousands separators ("1,000",
 * "1,100") is that number: write "1, 100" or "1;100" for the two quantities. Throws a RangeError in the user's
 * words when the text is not such a list.
 */
export function parseBoardsList(text: string, max = MAX_SCENARIO_BOARDS): BoardsList {
  const pieces = text
    .trim()
    .split(/,\s+|;|\s+/)
    .filter((p) => p !== '')
    .flatMap((p) => (GROUPED.test(p) ? [p.replace(/,/g, '')] : p.split(',')));
  if (pieces.length === 0) throw new RangeError('give the number of boards, or several separated by commas (1, 10, 100)');
  const values = pieces.map((p) => {
    const digits = p.replace(/_/g, '');
    if (!/^\d{1,7}$/.test(digits) || Number(digits) < 1 || Number(digits) > max) {
      throw new RangeError(`each number of boards must be a whole number from 1 to ${max.toLocaleString('en-US')}; got '${p}'`);
    }
    return Number(digits);
  });
  const quantities = [...new Set(values)].sort((a, b) => a - b);
  if (quantities.length > MAX_SCENARIOS) throw new RangeError(`at most ${MAX_SCENARIOS} quantities of boards at once; got ${quantities.length}`);
  return { quantities, first: values[0] };
}

/** The list as the Boards field shows it: "1, 10, 100, 1,000". */
export function boardsListText(quantities: readonly number[]): string {
  return quantities.map((q) => q.toLocaleString('en-US')).join(', ');
}

/** The BOM read for another number of boards: each line's need is its quantity per board times `boards`. */
export function readForBoards(read: BomReadResult, boards: number): BomReadResult {
  return { ...read, lines: read.lines.map((line) => ({ ...line, need: line.quantityPerBoard * boards })) };
}

/**
 * A lookup port that asks `port` once and answers every later call from what it was told: the same requests get
 * the same answers. `calls` counts the calls passed on.
 */
export class OneLookup implements BomLookupPort {
  private kept: { requests: LookupRequest[]; results: Array<LookupResult | CatalogError> } | null = null;
  calls = 0;

  constructor(private readonly port: BomLookupPort) {}

  async lookupMany(requests: readonly LookupRequest[], options?: LookupManyOptions): Promise<Array<LookupResult | CatalogError>> {
    const kept = this.kept;
    if (kept && sameRequests(kept.requests, requests)) {
      options?.onProgress?.(requests.length, requests.length);
      return kept.results;
    }
    this.calls++;
    const results = await this.port.lookupMany(requests, options);
    this.kept = { requests: [...requests], results };
    return results;
  }
}

function sameRequests(a: readonly LookupRequest[], b: readonly LookupRequest[]): boolean {
  return a.length === b.length && a.every((r, i) => r.partNumber === b[i].partNumber && r.currency === b[i].currency && r.version === b[i].version);
}

/** A rate book that learns once: the first table is the one every quantity converts with. */
class OneRateTable {
  private table: Promise<RateTable> | null = null;
  constructor(private readonly book: NonNullable<PriceBomOptions['rates']>) {}
  tableFor(base: string, parts: readonly Part[], signal?: AbortSignal): Promise<RateTable> {
    this.table ??= this.book.tableFor(base, parts, signal);
    return this.table;
  }
}

export interface ScenarioRun {
  boards: number;
  result: PriceBomResult;
}

/**
 * Prices the BOM at each quantity of `quantities` (sorted, each once), with one lookup for all (see the module
 * note). `read` may have been read for any number of boards: each quantity's needs are its lines' quantities per
 * board times that quantity. Progress is reported for the lookup only.
 */
export async function priceScenarios(read: BomReadResult, port: BomLookupPort, quantities: readonly number[], options: PriceBomOptions = {}): Promise<ScenarioRun[]> {
  const list = [...new Set(quantities)].sort((a, b) => a - b);
  if (list.length === 0) throw new RangeError('no quantity of boards to price');
  const once = new OneLookup(port);
  const rates = options.rates ? new OneRateTable(options.rates) : undefined;
  const runs: ScenarioRun[] = [];
  for (const boards of list) {
    const result = await priceBom(readForBoards(read, boards), once, {
      ...options,
      ...(rates ? { rates } : {}),
      boards,
      ...(runs.length > 0 ? { onProgress: undefined } : {}),
    });
    runs.push({ boards, result });
  }
  return runs;
}

/** A line whose offer is not the one bought at the quantity before. */
export interface OfferChange {
  row: number;
  partNumber: string;
  /** The offers bought before and now, as "SOURCE sourcePartId" joined by " + "; '' when none. */
  from: string;
  to: string;
}

export interface ScenarioQuantity {
  boards: number;
  currency: string | null;
  total: number;
  perBoard: number;
  /** The cost of the spares (bought beyond the need). */
  excess: number;
  /** Lines priced in full, and lines to buy: the total leaves out the rest. */
  priced: number;
  toBuy: number;
  /** The total covers every line to buy. */
  complete: boolean;
  /** What the total covers, in words ("all 50 lines priced"). */
  coverage: string;
  short: number;
  notActive: number;
  overbuys: number;
  /** Lines whose offer changes from the quantity before (none for the first). */
  changed: OfferChange[];
}

export interface ScenarioLineCost {
  boards: number;
  status: PricedBomLine['status'];
  orderQty: number | null;
  unitPrice: number | null;
  extended: number | null;
  /** The offers bought ('' when none). */
  offer: string;
}

export interface ScenarioLine {
  row: number;
  partNumber: string;
  matchedPart: string | null;
  /** One per quantity, in the order of `quantities`. */
  at: ScenarioLineCost[];
}

export interface ScenarioTable {
  currency: string | null;
  quantities: ScenarioQuantity[];
  /** The lines to buy (skipped rows are left out), in row order. */
  lines: ScenarioLine[];
}

/** The offers a line buys: each purchase's source and sourcePartId, as its plan has them. */
function offersByRow(result: PriceBomResult): Map<number, string> {
  const out = new Map<number, string>();
  for (const plan of result.plans) {
    const text = plan.purchases.map((p) => `${p.offer.sourceCode || p.offer.sourceName} ${p.offer.sourcePartId}`.trim()).join(' + ');
    for (const line of plan.lines) out.set(line.id, text);
  }
  return out;
}

/** The comparison of the runs of priceScenarios: per quantity, and per line at each quantity. */
export function scenarioTable(runs: readonly ScenarioRun[]): ScenarioTable {
  const offers = runs.map((r) => offersByRow(r.result));
  const quantities = runs.map((run, i): ScenarioQuantity => {
    const s = run.result.summary;
    const c = coverageOf(s);
    const changed: OfferChange[] = [];
    if (i > 0) {
      for (const line of run.result.lines) {
        if (line.status === 'skipped') continue;
        const from = offers[i - 1].get(line.row) ?? '';
        const to = offers[i].get(line.row) ?? '';
        if (from !== to) changed.push({ row: line.row, partNumber: line.partNumber, from, to });
      }
    }
    return {
      boards: run.boards,
      currency: s.currency,
      total: s.totalPerBuild,
      perBoard: s.totalPerBoard,
      excess: s.excess,
      priced: c.priced,
      toBuy: c.toBuy,
      complete: c.complete,
      coverage: coverageText(s),
      short: s.short,
      notActive: s.notActive,
      overbuys: s.overbuys,
      changed,
    };
  });
  const lines: ScenarioLine[] = [];
  const first = runs[0]?.result.lines ?? [];
  const byRow = runs.map((r) => new Map(r.result.lines.map((l) => [l.row, l])));
  for (const line of first) {
    if (line.status === 'skipped') continue;
    lines.push({
      row: line.row,
      partNumber: line.partNumber,
      matchedPart: line.matchedPart,
      at: runs.map((run, i) => {
        const l = byRow[i].get(line.row);
        return {
          boards: run.boards,
          status: l?.status ?? line.status,
          orderQty: l?.orderQty ?? null,
          unitPrice: l?.unitPrice ?? null,
          extended: l?.extended ?? null,
          offer: offers[i].get(line.row) ?? '',
        };
      }),
    });
  }
  return { currency: quantities.find((q) => q.currency !== null)?.currency ?? null, quantities, lines };
}

/** "3 lines: rows 4, 7, 9" / "none": the lines whose offer changed, for a table cell. */
export function changedText(q: ScenarioQuantity, firstRowNumber = 1): string {
  if (q.changed.length === 0) return 'none';
  const rows = q.changed.slice(0, 8).map((c) => String(c.row + firstRowNumber));
  const more = q.changed.length > rows.length ? ` and ${q.changed.length - rows.length} more` : '';
  return `${q.changed.length} line${q.changed.length === 1 ? '' : 's'}: row${q.changed.length === 1 ? '' : 's'} ${rows.join(', ')}${more}`;
}
