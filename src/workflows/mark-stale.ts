/**
 * Marking a run's results stale once the BOM is set otherwise (boards, columns, header row): the lines' Status cells
 * and the total row beside the BOM, the Summary, Price breaks and Scenarios sheets. What the add-in writes there is
 * recorded in the results record (the stale marks), so the cells are still known as the add-in's, and as stale, by
 * the record rather than by their words.
 */
import type { ResultsRecord } from '../excel/own-cells';
import type { BomLocation } from '../excel/priced-sheet';
import { markResultsStale } from '../excel/stale-results';
import { markOtherSheetsStale } from '../excel/stale-sheets';
import { markTotalStale } from '../excel/total-row';
import type { WorkbookPort } from '../excel/workbook-port';
import type { PricedLine } from '../purchase/priced-layout';

/** The run to mark stale: where its lines and sheets were written. */
export interface StaleRun {
  location: BomLocation;
  lines: readonly PricedLine[];
  resultsAddress: string;
  summaryAddress?: string | null;
  breaksAddress?: string | null;
  scenariosAddress?: string | null;
}

/**
 * Marks `run` stale for `why`. `record` is the results record of the block at `run.resultsAddress` (null when the
 * add-in has none of it). Returns the record with what was marked, for the caller to keep; null when it had none.
 */
export async function markRunStale(
  book: WorkbookPort,
  run: StaleRun,
  record: ResultsRecord | null,
  why: string,
): Promise<ResultsRecord | null> {
  const address = run.resultsAddress;
  const own = record?.address === address ? record : null;
  const stale = await markResultsStale(book, run.location, run.lines, address, why, own ?? undefined);
  const total = await markTotalStale(book, address, why, own);
  const note = await markOtherSheetsStale(book, run, why, own ? own.breaksNote : undefined);
  if (!own) return null;
  return {
    ...own,
    ...(stale ? { stale } : {}),
    ...(total ? { total } : {}),
    ...(note ? { breaksNote: note } : {}),
  };
}
