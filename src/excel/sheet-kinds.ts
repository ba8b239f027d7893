/** The lists the add-in writes on sheets of their own, and the record it keeps of each (own-sheets.ts). */

/** What a sheet of the add-in holds. */
export const SHEET_KINDS = ['summary', 'scenarios', 'risk', 'purchase list', 'price breaks', 'changes'] as const;
export type SheetKind = (typeof SHEET_KINDS)[number];

/** One sheet the add-in wrote: its name, what it holds, and its first row's fingerprint as written (own-cells.ts). */
export interface OwnSheet {
  sheet: string;
  what: SheetKind;
  head: string;
}
