/**
 * The texts the add-in wrote in Order columns ("90000123 submitted 2026-11-21 10:00", "Not ordered: …"), known by a
 * record, never by their words: the record of the add-in's sheets (own-sheets.ts) keeps, per sheet, the fingerprint
 * of every Order text written there (own-cells.ts), so a cell of the Order column is the add-in's to write over or
 * take away while it reads as one of them, wherever the rows have moved since (sorted, priced again); a cell the user
 * typed is kept, whatever its words. A sheet with no such entry (ordered from before the record) is read by the words
 * earlier versions wrote (legacy-priced.ts) until the add-in writes an Order text there: that write records the
 * earlier texts the column holds with its own.
 */
import { changeRecord, recordEntries } from './own-sheets';
import { MARK_WIDTH, cellFingerprint, isFingerprintRow, readMark } from './own-cells';
import { isLegacyOrderText } from './legacy-priced';
import type { WorkbookPort } from './workbook-port';
import { MAX_ROWS } from './address';

/** What the record's entries of Order texts are called (beside the list sheets' kinds and the priced blocks). */
const TEXTS_KIND = 'order texts';
/** The most fingerprints an entry keeps (a cell of text holds 32,767 characters): the newest. */
const MOST_TEXTS = 10_000;

/** The fingerprints the record keeps for `sheet`, or null when it keeps none there. */
async function recordedTexts(book: WorkbookPort, sheet: string): Promise<string | null> {
  const entry = ((await recordEntries(book)) ?? []).find((e) => e[0] === sheet && e[1] === TEXTS_KIND);
  return entry && isFingerprintRow(entry[2]) ? entry[2] : null;
}

/** The texts of an Order column that read as earlier versions wrote them (legacy-priced.ts). */
async function legacyTexts(book: WorkbookPort, sheet: string, at: { row: number; column: number }): Promise<string[]> {
  const used = await book.usedAddress({ sheet, row: at.row, column: at.column, rows: MAX_ROWS - at.row, columns: 1 });
  if (used === null) return [];
  const read = await book.readRange(sheet, used);
  return read.values.map((row) => String(row[0] ?? '')).filter(isLegacyOrderText);
}

/** Whether a cell of an Order column on `sheet` holds a text the add-in wrote there (see above). */
export async function ownOrderTexts(book: WorkbookPort, sheet: string): Promise<(text: string) => boolean> {
  const marks = await recordedTexts(book, sheet);
  if (marks === null) return isLegacyOrderText;
  const own = new Set<string>();
  for (let at = 0; at + MARK_WIDTH <= marks.length; at += MARK_WIDTH) own.add(marks.slice(at, at + MARK_WIDTH));
  return (text) => text.trim() !== '' && own.has(readMark(text));
}

/**
 * Records the Order texts about to be written on `sheet` (before they are written: a write cut short leaves texts the
 * record knows). `column`: the Order column (its header's row and column), whose texts of earlier versions the first
 * entry of a sheet takes in, down to the sheet's last used row (known by their words, legacy-priced.ts).
 */
export async function keepOrderTexts(
  book: WorkbookPort,
  sheet: string,
  written: readonly string[],
  column?: { row: number; column: number },
): Promise<void> {
  const earlier = (await recordedTexts(book, sheet)) === null && column ? await legacyTexts(book, sheet, column) : [];
  const adding = [...earlier, ...written].filter((t) => t.trim() !== '').map((t) => cellFingerprint(t));
  if (adding.length === 0) return;
  await changeRecord(book, (entries) => {
    const kept = entries.find((e) => e[0] === sheet && e[1] === TEXTS_KIND)?.[2] ?? '';
    const known = new Set<string>();
    for (let at = 0; at + MARK_WIDTH <= kept.length; at += MARK_WIDTH) known.add(kept.slice(at, at + MARK_WIDTH));
    let marks = kept + adding.filter((m) => !known.has(m) && (known.add(m), true)).join('');
    if (marks.length > MOST_TEXTS * MARK_WIDTH) marks = marks.slice(marks.length - MOST_TEXTS * MARK_WIDTH);
    return [...entries.filter((e) => !(e[0] === sheet && e[1] === TEXTS_KIND)), [sheet, TEXTS_KIND, marks]];
  });
}
