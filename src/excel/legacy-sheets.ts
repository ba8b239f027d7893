/**
 * A workbook written before the add-in kept its record of sheets (own-sheets.ts): its lists are known once by the
 * names and words earlier versions wrote (kept here as written then: a later rewording must not change what an old
 * workbook is found to hold). Only a workbook an earlier version priced has any (its very hidden "Partsheet snapshot"
 * sheet says so: a new workbook's sheet that happens to read so is the user's), and only on the sheets those versions
 * named so ("Summary", "Summary (2)"…). Each such sheet whose first row reads so is taken as that list, with the
 * fingerprint of the cells as they read now; the next list the add-in keeps writes them to the record. What cannot be
 * recovered: a list whose first row the user had edited, and the lists of a workbook priced before the snapshot was
 * kept, are asked about once.
 */
import { fingerprintRow } from './own-cells';
import type { OwnSheet, SheetKind } from './sheet-kinds';
import type { ReadCell } from './workbook-port';

/** The first-row words of each list as versions before the record wrote them; `prefix`: the first cell begins so. */
const EARLIER_WORDS: ReadonlyArray<{ what: SheetKind; name: string; words: readonly string[]; prefix?: boolean }> = [
  { what: 'summary', name: 'Summary', words: ['Priced BOM'] },
  { what: 'scenarios', name: 'Scenarios', words: ['Priced BOM scenarios'] },
  {
    what: 'risk',
    name: 'Risk',
    words: ['Part', 'Manufacturer', 'Rows', 'Risk', 'Why', 'Lifecycle', 'RoHS', 'Compliance', 'ECCN', 'HTS', 'Tariff'],
  },
  { what: 'purchase list', name: 'Purchase list', words: ['Part number', 'Manufacturer', 'Description'] },
  {
    what: 'price breaks',
    name: 'Price breaks',
    words: ['Line row', 'Part', 'Manufacturer', 'Source', 'Item id', 'Currency', 'Min qty', 'Max qty', 'Unit price'],
  },
  { what: 'changes', name: 'Changes', words: ['Changes since the run of'], prefix: true },
];

/** The very hidden sheet of the runs' snapshots every version priced into since before the record. */
const EARLIER_SNAPSHOT_SHEET = 'Partsheet snapshot';

/** Whether `sheet` is named as earlier versions named `name`'s sheets: the name, or the name and " (2)"… */
function namedAs(sheet: string, name: string): boolean {
  return sheet === name || (sheet.startsWith(`${name} (`) && /^ \(\d{1,3}\)$/.test(sheet.slice(name.length)));
}

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
  const names = await reader.sheetNames();
  if (!names.includes(EARLIER_SNAPSHOT_SHEET)) return found;
  for (const sheet of only === undefined ? names : names.filter((n) => n === only)) {
    const named = EARLIER_WORDS.filter((e) => namedAs(sheet, e.name));
    if (named.length === 0) continue;
    const row = await reader.firstRow(sheet, WIDEST);
    const entry = named.find((e) => row.length > 0 && readsAs(row, e));
    if (entry) found.push({ sheet, what: entry.what, head: fingerprintRow(row.slice(0, entry.words.length)) });
  }
  return found;
}
