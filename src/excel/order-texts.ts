/**
 * The texts the add-in wrote in Order columns ("90000123 submitted 2026-11-21 10:00", "Not ordered: …"), known by a
 * record, never by their words: the record of the add-in's sheets (own-sheets.ts) keeps, per sheet, the fingerprint
 * of every Order text written there, so a cell of an Order column is the add-in's to write over or take away while it
 * reads as one of them, wherever the rows have moved since (sorted, priced again). A text the user typed is theirs
 * unless it is one the add-in wrote on that sheet (a copy of an Order cell is taken for the add-in's).
 *
 * Each fingerprint is two of own-cells' 18-bit marks (of the text, and of the text after a separator): checked against
 * a set of up to 5,000 texts, a user's text is taken for one about once in 14 million. The entry keeps the texts
 * recorded last (one recorded again, with a new one, moves to the end). A sheet with no entry (ordered from before the record, or by a
 * version that did not record its texts) is read by the words earlier versions wrote (legacy-priced.ts) until the
 * add-in writes an Order text there: that write records every text of the sheet that reads so, in any column.
 */
import { type RecordRows, changeRecord, recordEntries } from './own-sheets';
import { MARK_WIDTH, isFingerprintRow, readMark } from './own-cells';
import { isLegacyOrderText } from './legacy-priced';
import type { WorkbookPort } from './workbook-port';

/** What the record's entries of Order texts are called (beside the list sheets' kinds and the priced blocks). */
const TEXTS_KIND = 'order texts';
/** Characters of one text's fingerprint: two marks. */
const TEXT_WIDTH = 2 * MARK_WIDTH;
/** The most fingerprints an entry keeps (30,000 characters: a cell of text holds 32,767): those written last. */
const MOST_TEXTS = 5_000;

/** A text's fingerprint, as the entry keeps it (see above); its spaces at either end left out. */
function textMark(text: string): string {
  const t = text.trim();
  return readMark(t) + readMark(`\u0001${t}`);
}

/** The fingerprints of an entry, oldest first. */
function marksOf(entry: string): string[] {
  const out: string[] = [];
  for (let at = 0; at + TEXT_WIDTH <= entry.length; at += TEXT_WIDTH) out.push(entry.slice(at, at + TEXT_WIDTH));
  return out;
}

/** The fingerprints the record keeps for `sheet`, or null when it keeps none there. */
async function recordedTexts(book: WorkbookPort, sheet: string, record?: RecordRows): Promise<string | null> {
  const rows = record === undefined ? await recordEntries(book) : record;
  const entry = (rows ?? []).find((e) => e[0] === sheet && e[1] === TEXTS_KIND);
  return entry && isFingerprintRow(entry[2]) && entry[2].length % TEXT_WIDTH === 0 ? entry[2] : null;
}

/** The texts of `sheet`, in any column, that read as earlier versions wrote Order texts (legacy-priced.ts). */
async function legacyTexts(book: WorkbookPort, sheet: string): Promise<string[]> {
  const read = await book.readUsedRange(sheet);
  return (read?.values ?? []).flatMap((row) => row.map((v) => String(v ?? '')).filter(isLegacyOrderText));
}

/** Whether a cell of an Order column on `sheet` holds a text the add-in wrote there (see above). */
export async function ownOrderTexts(
  book: WorkbookPort,
  sheet: string,
  record?: RecordRows,
): Promise<(text: string) => boolean> {
  const marks = await recordedTexts(book, sheet, record);
  if (marks === null) return isLegacyOrderText;
  const own = new Set(marksOf(marks));
  return (text) => text.trim() !== '' && own.has(textMark(text));
}

/**
 * Records the Order texts about to be written on `sheet`, before they are written (a write cut short leaves texts
 * the record knows); the first entry of a sheet takes in its texts of earlier versions (see above).
 */
export async function keepOrderTexts(
  book: WorkbookPort,
  sheet: string,
  written: readonly string[],
  record?: RecordRows,
): Promise<void> {
  const recorded = await recordedTexts(book, sheet, record);
  const earlier = recorded === null ? await legacyTexts(book, sheet) : [];
  const adding = [...earlier, ...written].filter((t) => t.trim() !== '').map(textMark);
  // Every text known already (the column written again after a run): nothing to write, no request more of Excel.
  const known = new Set(marksOf(recorded ?? ''));
  if (adding.length === 0 || (recorded !== null && adding.every((m) => known.has(m)))) return;
  await changeRecord(book, (entries) => {
    const kept = entries.find((e) => e[0] === sheet && e[1] === TEXTS_KIND)?.[2] ?? '';
    const now = new Set(adding);
    const marks = [...marksOf(kept).filter((m) => !now.has(m)), ...now].slice(-MOST_TEXTS);
    return [...entries.filter((e) => !(e[0] === sheet && e[1] === TEXTS_KIND)), [sheet, TEXTS_KIND, marks.join('')]];
  });
}
