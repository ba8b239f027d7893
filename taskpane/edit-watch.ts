/**
 * The results' stale mark: after a run, the BOM's sheet is followed (the workbook port's watchSheet, Office's
 * Worksheet.onChanged), and a change of the user's to the BOM's cells marks the results as edited after pricing
 * (PricingView.edited, a record: the cells changed, never words read back). A new run's results come without the
 * mark, so pricing again clears it, unless the BOM's cells changed while that run was under way: those changes may
 * not be in what it read, so its results are marked with them. Changes the add-in makes itself (its results, Status
 * marks) are not the user's. Where Office cannot follow a sheet (before ExcelApi 1.7), nothing is marked.
 */
import { overlaps } from '../src/excel/address';
import type { CellsChanged, WorkbookPort } from '../src/excel/workbook-port';
import type { EditedCells, PaneState } from './pane-state';

/** Blocks kept of the cells changed; the rest are counted. */
const KEPT_BLOCKS = 5;

/** Two records of changed cells as one: the blocks of both, up to KEPT_BLOCKS, and the count of both. */
function joined(was: EditedCells | undefined, more: EditedCells): EditedCells {
  const blocks = [...(was?.blocks ?? []), ...more.blocks].slice(0, KEPT_BLOCKS);
  return { blocks, count: (was?.count ?? 0) + more.count };
}

export interface WatchedPane {
  getState(): PaneState;
  subscribe(listener: () => void): () => void;
}

export class EditWatch {
  private sheet: string | null = null;
  /** The run under way: the results before it, and the BOM's cells changed since it began (null: none). */
  private run: { before: PaneState['pricing']; edited: EditedCells | null } | null = null;
  private stop: Promise<(() => Promise<void>) | null> = Promise.resolve(null);
  private readonly unsubscribe: () => void;

  constructor(
    private readonly book: WorkbookPort,
    private readonly pane: WatchedPane,
    private readonly mark: (edited: EditedCells) => void,
    /** Excel would not let the sheet be followed: edits will not be marked, and the buyer is told why. */
    private readonly unfollowed: (error: unknown) => void,
  ) {
    this.unsubscribe = pane.subscribe(() => {
      this.follow();
      this.runs();
    });
  }

  /** A run begins: its changes are kept from now; it ends: the results it gave are marked with them. */
  private runs(): void {
    const { phase, pricing } = this.pane.getState();
    if (phase === 'pricing' && this.run === null) this.run = { before: pricing, edited: null };
    else if (phase === 'idle' && this.run !== null) {
      const { before, edited } = this.run;
      this.run = null;
      // The results before the run were marked as the changes came; new results are marked now.
      if (edited && pricing && pricing !== before) this.mark(joined(pricing.edited, edited));
    }
  }

  /** Follows the sheet of the BOM priced last, once there are results or a run is under way. */
  private follow(): void {
    const { pricing, bom, phase } = this.pane.getState();
    const sheet = bom && (pricing || phase === 'pricing') ? bom.location.sheet : null;
    if (sheet === null || sheet === this.sheet) return;
    this.sheet = sheet;
    const before = this.stop;
    // The last sheet's watch ends first; its ending failing (the sheet gone) does not keep this one from starting.
    this.stop = before
      .then((stop) => stop?.())
      .catch(() => undefined)
      .then(() => this.book.watchSheet(sheet, (change) => this.changed(change)))
      .catch((e: unknown) => {
        if (this.sheet === sheet) {
          // Not followed: the next run of this sheet tries again.
          this.sheet = null;
          this.unfollowed(e);
        }
        return null;
      });
  }

  private changed(change: CellsChanged): void {
    const { pricing, bom } = this.pane.getState();
    if (!bom || change.byAddin) return;
    const { location } = bom;
    const cells = {
      sheet: location.sheet,
      row: location.rowIndex,
      column: location.columnIndex,
      rows: location.rowCount,
      columns: location.columnCount,
    };
    if (!overlaps(change.block, cells)) return;
    const one = { blocks: [change.block], count: 1 };
    if (this.run) this.run.edited = joined(this.run.edited ?? undefined, one);
    // The run's own results, set before it ends, are marked when it ends (runs()), once.
    if (pricing && (!this.run || pricing === this.run.before)) this.mark(joined(pricing.edited, one));
  }

  /** Resolves once the sheet is followed (or Excel refused it and the buyer was told). */
  async following(): Promise<void> {
    await this.stop;
  }

  /** Stops following. */
  async dispose(): Promise<void> {
    this.unsubscribe();
    this.sheet = null;
    const stop = await this.stop;
    await stop?.();
  }
}
