/**
 * The "price a BOM" workflow, as plain functions over ports: from a BOM read to its lines looked up (once per
 * distinct part, through the lookup port), matched, planned and summarised, at one quantity of boards or several;
 * and, for the workbook, the whole run written through the WorkbookPort: the priced columns beside the BOM, the
 * total row, the "Price breaks", "Summary", "Scenarios" and "Changes" sheets, and the run's snapshot. The task pane and the CLI both price through
 * `priceLines`; the pane writes through `priceIntoWorkbook`, one call per run.
 *
 * The summary is made once per quantity priced, of the lines as they are written (lines whose lookup failed keep the
 * values of the run before, see last-prices.ts).
 */
import type { BomReadResult } from '../bom/read';
import {
  type BomLookupPort,
  type LookupFailure,
  type PriceBomOptions,
  type PriceBomResult,
  type PricedBomLine,
  matchBom,
  priceMatched,
} from '../purchase/price-lines';
import type { PricedSummary } from '../purchase/summarize';
import type { Schedule } from '../plan/schedule';
import { type ScenarioTable, priceScenarios, scenarioTable, shownBoards } from '../purchase/scenarios';
import { scenarioSheet } from '../purchase/scenario-layout';
import { buildTotal, summarySheetRows } from '../purchase/summary-entries';
import { scheduleSummaryRows } from '../purchase/schedule-rows';
import type { PartsheetSettings } from '../settings';
import type { RateBook } from '../pricing/rates';
import { parseAddress } from '../excel/address';
import { clearLeftoverResults } from '../excel/leftover-results';
import { type ResultsRecord, fingerprintRow } from '../excel/own-cells';
import {
  type BomLocation,
  type ConfirmOverwrite,
  PRICE_BREAKS_SHEET,
  type WrittenOutput,
  writePriceBreaks,
  writePricedResults,
} from '../excel/priced-sheet';
import { writeScenariosSheet } from '../excel/scenarios-sheet';
import { writeSummarySheet } from '../excel/summary-sheet';
import { writeRiskSheet } from '../excel/risk-sheet';
import { riskSheetRows } from '../plan/risk-words';
import { type RiskRow, riskTable } from '../plan/risk';
import { writeResultsTotal } from '../excel/total-row';
import { clearBreaksStale } from '../excel/stale-sheets';
import type { WorkbookPort } from '../excel/workbook-port';
import { keepLastPrices } from './last-prices';
import { type RunChanges, keepRunChanges } from './run-changes';

const risks = new WeakMap<PriceBomResult, RiskRow[]>();

/**
 * Each part's supply risk in a priced run (lifecycle, compliance, sources with stock; one row per plan with a need),
 * made when first asked for and kept with the run: the Risk sheet, the pane's counts and the CLI's outputs share it,
 * and runs nobody shows (scenarios, repeated pricings) never make it.
 */
export function riskOf(result: PriceBomResult): RiskRow[] {
  let rows = risks.get(result);
  if (rows === undefined) {
    rows = riskTable(result.plans);
    risks.set(result, rows);
  }
  return rows;
}

/** A BOM priced: the lines at the quantity the BOM is written for, and the table of every quantity when several. */
export interface PricedLines {
  result: PriceBomResult;
  scenarios: ScenarioTable | null;
  /** With several quantities and dates asked for (PriceBomOptions.timing): each quantity's schedule, in order. */
  schedules?: Array<{ boards: number; schedule: Schedule }>;
}

/**
 * Prices `read` for `options.boards` boards (default 1), or, when `quantities` gives several, at each of them
 * with one lookup and one match for all; `result` is the run at `options.boards`, the only one `settleLines` is
 * applied to. Rejects with CatalogError('cancelled') when `options.signal` aborts.
 */
export async function priceLines(
  read: BomReadResult,
  lookup: BomLookupPort,
  options: PriceBomOptions,
  quantities?: readonly number[] | null,
): Promise<PricedLines> {
  if (!quantities || quantities.length < 2) {
    return { result: priceMatched(await matchBom(read, lookup, options), read, options), scenarios: null };
  }
  const runs = await priceScenarios(read, lookup, quantities, options);
  const priced = runs.map((r) => r.boards);
  const chosen = shownBoards(options, priced);
  const run = runs.find((r) => r.boards === chosen);
  if (!run) throw new RangeError(`the quantities priced (${priced.join(', ')}) do not include ${chosen}`);
  const schedules = runs.flatMap((r) => (r.result.schedule ? [{ boards: r.boards, schedule: r.result.schedule }] : []));
  return { result: run.result, scenarios: scenarioTable(runs), ...(schedules.length > 0 ? { schedules } : {}) };
}

/**
 * The pricing choices the user's settings make, as the PARTS functions use them too: currency (USD when unset),
 * overage, the overbuy threshold, the sources to use, alternates and the API version.
 */
export function priceOptionsOf(settings: PartsheetSettings, rates?: Pick<RateBook, 'tableFor'>): PriceBomOptions {
  return {
    ...(settings.currency ? { currency: settings.currency } : {}),
    ...(rates ? { rates } : {}),
    overage: { percent: settings.overagePercent, minExtra: settings.overageMin },
    ...(Number.isFinite(settings.overbuySharePercent) && Number.isFinite(settings.overbuyMinAmount)
      ? { overbuyThreshold: { sparePercent: settings.overbuySharePercent, minAmount: settings.overbuyMinAmount } }
      : {}),
    ...(settings.sources.length > 0 ? { sources: settings.sources } : {}),
    alternates: settings.alternatesUse,
    version: settings.apiVersion,
  };
}

/** What a workbook run works through. */
export interface WorkbookRunPorts {
  book: WorkbookPort;
  lookup: BomLookupPort;
  /** Asked before anything that is not the add-in's is written over. */
  confirm: ConfirmOverwrite;
  /** Keeps the record of the results written (where, their fingerprints, their plan records). */
  keepResults(record: ResultsRecord): Promise<void>;
}

/** The run before this one, as far as the workbook and the caller know it. */
export interface EarlierRun {
  /** Its lines, whose last values lines that fail to look up now keep. */
  lines: readonly PricedBomLine[];
  /** The record of the results written last (ResultsRecord), or null. */
  record: ResultsRecord | null;
  /** Where its results were written, when the record says nothing. */
  resultsAddress: string | null;
  /** Where its "Price breaks" were written. */
  breaksAddress: string | null;
}

export interface WorkbookRunRequest {
  read: BomReadResult;
  location: BomLocation;
  /** The BOM's address, which the Summary sheet names. */
  bomAddress: string;
  /** The quantities compared, when several (the BOM sheet is written for `options.boards`); null for one. */
  quantities: readonly number[] | null;
  /** How to price (priceOptionsOf and the run's own: boards, first row, clock, progress); settleLines is the run's. */
  options: Omit<PriceBomOptions, 'settleLines'>;
  earlier: EarlierRun;
  /** What a line whose price had not arrived when the run was cancelled says. */
  cancelledReason: string;
  signal: AbortSignal;
  /** The lookups are over and the writing begins. */
  onWriting?(): void;
  /** Cells of earlier results the user typed into since, which were kept. */
  onLeftoverKept?(cells: readonly string[]): void;
}

export type WorkbookRun =
  /** Not one lookup answered: nothing was written; the sheet keeps its last values. */
  | { outcome: 'nothing-answered'; failure: LookupFailure }
  | {
      outcome: 'written';
      result: PriceBomResult;
      /** The lines as written: result.lines, stale only where the sheet kept last values. */
      lines: PricedBomLine[];
      summary: PricedSummary;
      scenarios: ScenarioTable | null;
      cancelled: boolean;
      /** Lines whose price had not arrived when the run was cancelled. */
      notArrived: number;
      /** The lookups that failed, cancellations aside. */
      failures: LookupFailure[];
      /** The priced columns (address null when the user chose not to write them). */
      written: WrittenOutput;
      breaksAddress: string | null;
      summaryAddress: string | null;
      scenariosAddress: string | null;
      /** The "Risk" sheet written (src/plan/risk.ts), or null. */
      riskAddress: string | null;
      /** What changed since the last run the workbook kept, and the Changes sheet (null when nothing was written). */
      changes: RunChanges | null;
    };

/**
 * Prices the BOM and writes the run: the lines beside the BOM, then (when they were written) the record of them,
 * what earlier, longer results left, the total row, the "Price breaks", the "Summary" and, for several quantities,
 * the "Scenarios" sheet, and the "Risk" sheet. A cancelled run still writes every row, those without a price saying so;
 * it is neither compared with the last run nor kept as the one to compare the next with (run-changes.ts).
 */
export async function priceIntoWorkbook(ports: WorkbookRunPorts, request: WorkbookRunRequest): Promise<WorkbookRun> {
  const { read, earlier, cancelledReason } = request;
  let notArrived = 0;
  const settleLines = (lines: PricedBomLine[]): PricedBomLine[] =>
    keepLastPrices(
      lines.map((line) => {
        if (line.lookupError !== 'cancelled') return line;
        notArrived++;
        return { ...line, statusReason: cancelledReason };
      }),
      earlier.lines,
    );
  const { result, scenarios } = await priceLines(
    read,
    ports.lookup,
    { ...request.options, settleLines },
    request.quantities,
  );
  const cancelled = request.signal.aborted;
  const failures = result.failures.filter((f) => f.error.kind !== 'cancelled');
  if (!cancelled && failures.length > 0 && failures.length === result.lookups) {
    return { outcome: 'nothing-answered', failure: failures[0] };
  }
  request.onWriting?.();
  const lines = [...result.lines];
  const written = await writePricedResults(ports.book, request.location, lines, {
    confirm: ports.confirm,
    written: earlier.record?.address ?? earlier.resultsAddress,
    total: earlier.record ? earlier.record.total : undefined,
  });
  // A failed line the sheet had nothing for is simply unpriced: stale only where values were kept.
  const kept = new Set(written.kept ?? []);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.stale && line.matchedPart === null && !kept.has(line.row)) lines[i] = { ...line, stale: null };
  }
  const summary = result.summary;
  const address = written.address;
  const sheets =
    address === null ? null : await writeRunSheets(ports, request, result, { ...written, address }, scenarios);
  return {
    outcome: 'written',
    result,
    lines,
    summary,
    scenarios,
    cancelled,
    notArrived,
    failures,
    written,
    breaksAddress: sheets?.breaksAddress ?? null,
    summaryAddress: sheets?.summaryAddress ?? null,
    scenariosAddress: sheets?.scenariosAddress ?? null,
    riskAddress: sheets?.riskAddress ?? null,
    changes: sheets?.changes ?? null,
  };
}

/** Everything a run writes once its priced columns are written. */
async function writeRunSheets(
  ports: WorkbookRunPorts,
  request: WorkbookRunRequest,
  result: PriceBomResult,
  written: WrittenOutput & { address: string },
  scenarios: ScenarioTable | null,
): Promise<{
  breaksAddress: string | null;
  summaryAddress: string | null;
  scenariosAddress: string | null;
  riskAddress: string | null;
  changes: RunChanges | null;
}> {
  const { book, confirm } = ports;
  const { earlier } = request;
  const summary = result.summary;
  // What an earlier, longer run left under or above the new rows goes before the total takes its row.
  const record: ResultsRecord = {
    address: written.address,
    cells: (written.cells ?? []).map(fingerprintRow),
    plans: written.plans ?? [],
    boards: result.boards,
    // None marked stale yet (a record without the list, or the note, is one kept before they were recorded).
    stale: [],
    breaksNote: null,
  };
  await ports.keepResults(record);
  if (earlier.record) {
    const kept = await clearLeftoverResults(book, earlier.record, parseAddress(written.address));
    request.onLeftoverKept?.(kept);
  }
  // The workbook gets the one summary of the run: a total row under the table and the Summary sheet.
  const { location } = request;
  const total = await writeResultsTotal(book, written.address, buildTotal(summary, result.boards), summary.currency, {
    bom: { sheet: location.sheet, column: location.columnIndex, columns: location.columnCount },
    known: earlier.record,
  });
  // The record again, now with the total row, so that the next run finds it by the record.
  await ports.keepResults({ ...record, total: total.record });
  await clearBreaksStale(
    book,
    earlier.breaksAddress ?? `'${PRICE_BREAKS_SHEET}'!A1`,
    earlier.record ? earlier.record.breaksNote : undefined,
  );
  const breaks = await writePriceBreaks(book, result.breaks, { confirm, sheet: PRICE_BREAKS_SHEET });
  const rows = [
    ...summarySheetRows(summary, result.boards, { sheet: request.bomAddress, pricedAt: result.pricedAt }),
    ...(result.schedule ? scheduleSummaryRows(result.schedule, result.currency, result.boards) : []),
  ];
  const summaryAddress = (await writeSummarySheet(book, rows, { confirm })).address;
  let scenariosAddress: string | null = null;
  if (scenarios) {
    const content = scenarioSheet(scenarios, {
      bomBoards: result.boards,
      firstRowNumber: request.location.rowIndex + 1,
    });
    scenariosAddress = (await writeScenariosSheet(book, content, { confirm })).address;
  }
  const riskAddress = (await writeRiskSheet(book, riskSheetRows(riskOf(result)), { confirm })).address;
  // A cancelled run is not a run to compare with: the last complete one stays the baseline, and nothing is compared.
  const changes = request.signal.aborted
    ? null
    : await keepRunChanges(book, confirm, { read: request.read, result, location });
  return { breaksAddress: breaks.address, summaryAddress, scenariosAddress, riskAddress, changes };
}
