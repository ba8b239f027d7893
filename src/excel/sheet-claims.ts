/**
 * Claiming cells and sheets for what the add-in writes: nothing of the user's is overwritten without asking. A sheet
 * is the add-in's own by the record of the sheets it wrote (own-sheets.ts); otherwise `confirm` decides (replace, go
 * elsewhere, or cancel).
 */
import type { LinePlanRecord } from '../plan/record';
import { type CellBlock, fullAddress, MAX_ROWS } from './address';
import type { WorkbookPort, WriteCell, WriteReport } from './workbook-port';
import { type SheetKind, isOwnSheet, keepOwnSheet } from './own-sheets';

/** What to do with a target that holds someone else's cells. */
export type OverwriteChoice = 'replace' | 'elsewhere' | 'cancel';

export interface OverwriteQuestion {
  /** `Sheet1!H2:X40`: the cells that hold values. */
  usedAddress: string;
  /** The block the results would take. */
  targetAddress: string;
  what: 'results' | 'price breaks' | 'order column' | 'summary' | 'purchase list' | 'scenarios' | 'risk' | 'changes';
}

export type ConfirmOverwrite = (question: OverwriteQuestion) => Promise<OverwriteChoice>;

export interface WrittenOutput {
  /** `Sheet1!H2:X40`, or null when the user chose not to write. */
  address: string | null;
  report: WriteReport | null;
  /** True when cells that were not the add-in's were replaced with the user's consent. */
  replaced: boolean;
  /** 0-based BOM rows of stale lines whose last values the sheet kept (marked stale). */
  kept?: number[];
  /** Priced results only: why they were written without a header row (PricedOutputPlan.headerless), or ''. */
  headerless?: string;
  /** Priced results only: the cells written, row by row from the block's top (ResultsRecord keeps their fingerprints). */
  cells?: WriteCell[][];
  /** Priced results only: each written row's plan record, as `cells` (ResultsRecord keeps them). */
  plans?: Array<LinePlanRecord | null>;
}

/** A sheet claimed for a list the add-in writes: its name, and whether it held the add-in's own earlier list. */
export interface ClaimedSheet {
  sheet: string;
  ours: boolean;
  replaced: boolean;
}

/** The sheet a list goes to: its name, what it holds, its width and the rows it takes. */
export interface SheetTarget {
  name: string;
  what: SheetKind;
  /** Columns an earlier list of the add-in may have used there (cleared when replaced). */
  width: number;
  /** The block the new list takes, in the question to the user (`columns` defaults to `width`). */
  rows: number;
  columns?: number;
  /** The list's first row as it will be written (the record of the add-in's sheets keeps its fingerprint). */
  firstRow: readonly WriteCell[];
}

/**
 * The sheet to write a list to: `target.name` when it is empty or the add-in's own (by the record of the sheets it
 * wrote, own-sheets.ts); otherwise the user is asked, and may replace it, or have the list go to the next free
 * "name (2)", "name (3)"…; null when they cancel. The sheet claimed is kept in that record (keepOwnSheet), with
 * `target.firstRow`, before the writer writes a cell.
 */
export async function claimSheet(
  book: WorkbookPort,
  target: SheetTarget,
  confirm: ConfirmOverwrite,
): Promise<ClaimedSheet | null> {
  const { name, width } = target;
  // The sheet claimed is kept in the record before a cell is written: a write cut short leaves it known.
  const kept = async (claimed: ClaimedSheet): Promise<ClaimedSheet> => {
    await keepOwnSheet(book, claimed.sheet, target.what, target.firstRow);
    return claimed;
  };
  let sheet = name;
  for (let attempt = 2; ; attempt++) {
    await book.ensureSheet(sheet);
    const whole: CellBlock = { sheet, row: 0, column: 0, rows: MAX_ROWS, columns: width };
    const used = await book.usedAddress(whole);
    if (used === null) return kept({ sheet, ours: false, replaced: false });
    if (await isOwnSheet(book, sheet, target.what)) return kept({ sheet, ours: true, replaced: false });
    const targetAddress = fullAddress({
      sheet,
      row: 0,
      column: 0,
      rows: target.rows,
      columns: target.columns ?? width,
    });
    const choice = await confirm({ usedAddress: used, targetAddress, what: target.what });
    if (choice === 'cancel') return null;
    if (choice === 'replace') {
      await book.clear(whole, 'all');
      return kept({ sheet, ours: false, replaced: true });
    }
    sheet = `${name} (${attempt})`;
  }
}
