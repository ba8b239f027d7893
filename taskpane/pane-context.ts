/**
 * What the BOM flow's parts share (reading, the pricing run, the BOM's choices, a line's choices): the pane's state,
 * its services, its notices, the record of the results the pane wrote last and the suggestions used. The
 * controller (controller.ts) makes one and gives it to each part; the parts never reach each other but through it
 * and the functions the controller hands them.
 */
import { type SuggestionUsed } from '../src/purchase/price-lines';
import { type ResultsRecord } from '../src/excel/own-cells';
import { describeProblem } from './errors';
import type { PaneServices } from './services';
import type { PaneState } from './pane-state';
import { PaneNotices } from './pane-notices';

export class PaneContext {
  readonly notices: PaneNotices;
  /**
   * Where the pane wrote results last and what it wrote: kept when another selection is taken (the results stay in
   * the sheet), so a shorter BOM priced over them clears what is left of them, and results without a header row
   * are still known as the pane's. Kept in the workbook too (keepResults), so a pane opened later starts from it.
   */
  lastResults: ResultsRecord | null;
  /** The suggestions used, per sheet, when the workbook store keeps none. */
  readonly usedHere = new Map<string, SuggestionUsed[]>();
  /** Writes to the results made outside a run (stale marks), in order: a run starts once they are done. */
  private writes: Promise<void> = Promise.resolve();

  constructor(
    readonly services: PaneServices,
    readonly getState: () => PaneState,
    readonly set: (patch: Partial<PaneState>) => void,
  ) {
    this.notices = new PaneNotices(getState, set);
    this.lastResults = services.workbook.loadResults();
  }

  get state(): PaneState {
    return this.getState();
  }

  now(): Date {
    return this.services.now();
  }

  /**
   * Writes to the results outside a run (marking them stale), one after another; a problem is told, not thrown. A run
   * waits for them (writesDone) so that it starts from the record they leave.
   */
  queueWrite(write: () => Promise<void>): void {
    this.writes = this.writes.then(write).catch((e) => this.notices.problem(e));
  }

  /** Resolves once the writes queued so far are done. */
  writesDone(): Promise<void> {
    return this.writes;
  }

  /** Changes the record of the results the pane wrote last, here and in the workbook. */
  async keepResults(record: ResultsRecord | null): Promise<void> {
    this.lastResults = record;
    try {
      await this.services.workbook.saveResults(record);
    } catch (e) {
      // The results are written; only a pane opened later will not know them as its own.
      this.notices.notify('warning', 'Results not remembered in the workbook', describeProblem(e).text);
    }
  }

  /** The suggestions used on a sheet: the workbook's record, or this pane's when the workbook keeps none. */
  suggestionsUsed(sheet: string): SuggestionUsed[] {
    return this.services.workbook.loadSuggestionsUsed?.(sheet) ?? this.usedHere.get(sheet) ?? [];
  }
}
