/** The lists the add-in writes on sheets of their own, and the record it keeps of each (own-sheets.ts). */

/** What a sheet of the add-in holds. */
export const SHEET_KINDS = ['summary', 'scenarios', 'risk', 'purchase list', 'price breaks', 'changes'] as const;
export type SheetKind = (typeof SHEET_KINDS)[number];

/**
 * The kinds whose first row is their title alone: the cell beside it takes a stale note later (stale-sheets.ts), so
 * only the title is the add-in's first row as written. The others' first row is their header, whole.
 */
const TITLED: ReadonlySet<SheetKind> = new Set(['summary', 'scenarios', 'changes']);

/** Of a list's first row as written, the cells that make it the add-in's (see TITLED). */
export function headOf<T>(what: SheetKind, firstRow: readonly T[]): readonly T[] {
  return TITLED.has(what) ? firstRow.slice(0, 1) : firstRow;
}

/** One sheet the add-in wrote: its name, what it holds, and its first row's fingerprint as written (own-cells.ts). */
export interface OwnSheet {
  sheet: string;
  what: SheetKind;
  head: string;
}
