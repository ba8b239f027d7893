/**
 * A workbook written before the add-in kept its record of sheets (own-sheets.ts): its lists are known once by the
 * words earlier versions wrote in their first row, as they were then (kept here as written then: a later rewording
 * of a header must not change what an old workbook is found to hold). Each sheet of the workbook whose first row reads
 * so is taken as that list, with the fingerprint of the cells as they read now; the next sheet the add-in keeps writes
 * them to the record. What cannot be recovered: a list whose first row the user had edited is not known (the pane
 * asks before writing over it), and a list an earlier version wrote to "Summary (2)" is known only by its words too.
 */
import { fingerprintRow } from './own-cells';
import type { OwnSheet, SheetKind } from './sheet-kinds';
import type { ReadCell } from './workbook-port';

/** The first-row words of each list as versions before the record wrote them; `prefix`: the first cell begins so. */
const EARLIER_WORDS: ReadonlyArray<{ what: SheetKind; words: readonly string[]; prefix?: boolean }> = [
  { what: 'summary', words: ['Priced BOM'] },
  { what: 'scenarios', words: ['Priced BOM scenarios'] },
  {
    what: 'risk',
    words: ['Part', 'Manufacturer', 'Rows', 'Risk', 'Why', 'Lifecycle', 'RoHS', 'Compliance', 'ECCN', 'HTS', 'Tariff'],
  },
  { what: 'purchase list', words: ['Part number', 'Manufacturer', 'Description'] },
  {
    what: 'price breaks',
    words: ['Line row', 'Part', 'Manufacturer', 'Source', 'Item id', 'Currency', 'Min qty', 'Max qty', 'Unit price'],
  },
  { what: 'changes', words: ['Changes since the run of'], prefix: true },
];

/** The most first-row cells the words above take. */
const WIDEST = Math.max(...EARLIER_WORDS.map((e) => e.words.length));

/** The reads the legacy reading needs: the workbook's sheets, and the first cells of one's first row. */
export interface LegacyReader {
  sheetNames(): Promise<string[]>;
  firstRow(sheet: string, columns: number): Promise<readonly ReadCell[]>;
}

function readsAs(row: readonly ReadCell[], entry: (typeof EARLIER_WORDS)[number]): boolean {
  return entry.words.every((word, i) => {
    const text = String(row[i] ?? '').trim();
    return entry.prefix ? text.startsWith(word) : text === word;
  });
}

/** The sheets an earlier version wrote its lists to (or `only` that one), known by their first row's words. */
export async function legacyOwnSheets(reader: LegacyReader, only?: string): Promise<OwnSheet[]> {
  const found: OwnSheet[] = [];
  for (const sheet of only === undefined ? await reader.sheetNames() : [only]) {
    const row = await reader.firstRow(sheet, WIDEST);
    if (row.length === 0) continue;
    // The longest words first: a Risk sheet's header is not taken for a shorter list's.
    const entry = [...EARLIER_WORDS].sort((a, b) => b.words.length - a.words.length).find((e) => readsAs(row, e));
    if (entry) found.push({ sheet, what: entry.what, head: fingerprintRow(row.slice(0, entry.words.length)) });
  }
  return found;
}
