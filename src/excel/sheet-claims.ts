/**
 * Claiming cells and sheets for what the add-in writes: nothing of the user's is overwritten without asking. A block
 * or sheet is the add-in's own when its header row reads exactly the add-in's headers; otherwise `confirm` decides
 * (replace, go elsewhere, or cancel).
 */
import type { LinePlanRecord } from '../plan/record';
import { type CellBlock, fullAddress, MAX_ROWS } from './address';
import type { WorkbookPort, WriteCell, WriteReport } from './workbook-port';

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

/** Whether the header row of `block` reads exactly `headers` (the add-in's own block). */
export async function headerIsOurs(book: WorkbookPort, block: CellBlock, headers: readonly string[]): Promise<boolean> {
  try {
    const read = await book.readRange(block.sheet, fullAddress({ ...block, rows: 1 }));
    if (read.rowIndex !== block.row || read.columnIndex !== block.column) return false;
    const row = read.values[0] ?? [];
    return headers.every((h, i) => String(row[i] ?? '').trim() === h);
  } catch {
    return false;
  }
}

/** A sheet claimed for a list the add-in writes: its name, and whether it held the add-in's own earlier list. */
export interface ClaimedSheet {
  sheet: string;
  ours: boolean;
  replaced: boolean;
}

/**
 * The sheet to write a list of `width` columns to: `name` when it is empty or the add-in's own (`isOurs`); otherwise
 * the user is asked, and may replace it, or have the list go to the next free "name (2)", "name (3)"…; null when
 * they cancel.
 */
export async function claimSheet(
  book: WorkbookPort,
  name: string,
  width: number,
  isOurs: (sheet: string) => Promise<boolean>,
  question: (used: string, sheet: string) => OverwriteQuestion,
  confirm: ConfirmOverwrite,
): Promise<ClaimedSheet | null> {
  let sheet = name;
  for (let attempt = 2; ; attempt++) {
    await book.ensureSheet(sheet);
    const whole: CellBlock = { sheet, row: 0, column: 0, rows: MAX_ROWS, columns: width };
    const used = await book.usedAddress(whole);
    if (used === null) return { sheet, ours: false, replaced: false };
    if (await isOurs(sheet)) return { sheet, ours: true, replaced: false };
    const choice = await confirm(question(used, sheet));
    if (choice === 'cancel') return null;
    if (choice === 'replace') {
      await book.clear(whole, 'all');
      return { sheet, ours: false, replaced: true };
    }
    sheet = `${name} (${attempt})`;
  }
}
