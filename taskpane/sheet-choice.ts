/**
 * Whether the sheet of the selection is the BOM, by the rule `partsheet price` chooses a workbook's sheet with
 * (src/bom/sheets.ts: one reader, one rule). Each sheet is read as its used range and judged; when the selection's
 * sheet is passed over (a draft, an old copy, a read-me, a catalogue) while another is chosen, or another comes
 * close, the pane asks in the mapping step, never choosing in silence. "Keep this sheet" is remembered for that
 * sheet while the pane is open, so the question is not asked again at each Use selection.
 */
import {
  MAX_SHEETS_JUDGED,
  type SheetJudgement,
  chooseBomSheet,
  judgeSheet,
  sheetKey,
  sheetQuestion,
  sheetQuestionWords,
} from '../src/bom/sheets';
import { SCENARIOS_SHEET } from '../src/purchase/scenario-layout';
import { ORDERS_SHEET, PRICE_BREAKS_SHEET, SUMMARY_SHEET } from '../src/excel';
import type { WorkbookPort } from '../src/excel/workbook-port';
import { PURCHASE_LIST_SHEET } from '../src/excel/purchase-sheet';

/** Rows of each sheet judged. */
export const SHEET_ROWS_JUDGED = 1000;

/** The question as the pane shows it: written from the records, with the two sheets it names. */
export interface SheetAsk {
  /** "Sheet 'DO NOT USE' is named a draft. Sheet 'Digikey Final' (26 lines) looks like the BOM. Read 'Digikey Final'?" */
  text: string;
  /** The sheet the selection is on. */
  selected: string;
  /** The sheet offered instead. */
  other: string;
}

/** The sheets the add-in writes: never offered as the BOM ("Orders" would read as a BOM by its name). */
const OWN_SHEETS = new Set(
  [SUMMARY_SHEET, PRICE_BREAKS_SHEET, ORDERS_SHEET, PURCHASE_LIST_SHEET, SCENARIOS_SHEET].map(sheetKey),
);

/**
 * The sheets to judge, with their places in the workbook: the selection's, and others in workbook order (not the
 * add-in's own), MAX_SHEETS_JUDGED in all.
 */
export function sheetsToJudge(names: readonly string[], selected: string): Array<{ name: string; index: number }> {
  const all = names.map((name, index) => ({ name, index }));
  const mine = all.find((s) => sheetKey(s.name) === sheetKey(selected));
  const others = all.filter((s) => s !== mine && !OWN_SHEETS.has(sheetKey(s.name)));
  if (mine === undefined) return [];
  return [mine, ...others.slice(0, MAX_SHEETS_JUDGED - 1)].sort((a, b) => a.index - b.index);
}

/** The question about the selection's sheet, or null when there is none to ask. */
export async function askAboutSheet(book: WorkbookPort, selected: string): Promise<SheetAsk | null> {
  // A very hidden sheet holds the add-in's records (or another program's), never a BOM a user made.
  const shown = (await book.sheetStates()).filter((s) => s.visibility !== 'VeryHidden').map((s) => s.name);
  const sheets = sheetsToJudge(shown, selected);
  if (sheets.length < 2) return null;
  const judged: SheetJudgement[] = [];
  for (const { name, index } of sheets) {
    // The first rows tell a BOM from a draft or a catalogue: a long sheet is not read whole at each Use selection.
    const read = await book.readUsedRange(name, SHEET_ROWS_JUDGED);
    judged.push(judgeSheet(name, index, read?.values ?? []));
  }
  const q = sheetQuestion(chooseBomSheet(judged), selected);
  return q ? { text: sheetQuestionWords(q), selected: q.selected.name, other: q.other.name } : null;
}

/** The questions of one pane: what it asks, and the sheets the buyer chose to keep. */
export class SheetQuestions {
  private readonly kept = new Set<string>();

  /**
   * The question for the selection's sheet, unless the buyer kept that sheet. Judging the other sheets is advice:
   * when they cannot be read, nothing is asked and the selection is read as it is.
   */
  async ask(book: WorkbookPort, sheet: string): Promise<SheetAsk | null> {
    if (this.kept.has(sheetKey(sheet))) return null;
    try {
      return await askAboutSheet(book, sheet);
    } catch {
      return null;
    }
  }

  /** "Keep this sheet": not asked about again while the pane is open. */
  keep(sheet: string): void {
    this.kept.add(sheetKey(sheet));
  }
}
