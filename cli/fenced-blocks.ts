/**
 * A parts list written in a Markdown page's fenced code blocks, a record a line ("2,ATB322524-0110-T000,T1 T2"), as a
 * build guide gives its parts in sections of prose, each with its block to paste into a shop's upload form; a block
 * of one line of names ("QUANTITY,PART NUMBER,REF DES") says the fields. Each record a row at its line of the text,
 * a line in a block that is none a row of one cell; headings, prose and notes outside the blocks are no rows of the
 * list (empty, so that the rows keep their lines' numbers), as the fences are.
 */
import Papa from 'papaparse';
import { looksLikePartNumber } from '../src/bom/column-content';
import { looksLikeDesignators } from '../src/bom/designators';

/** A fence: three backticks or tildes, an info string after them ("```csv"). */
const FENCE = /^\s{0,3}(?:`{3,}|~{3,})/;
/** A record: fields between commas, a field with a letter or a digit on each side of the first comma. */
const RECORD = /^[^,]*[\p{L}\d][^,]*,\s*[^,\s]/u;
/** A record's count: a field of digits alone ("2,AO3422,Q3 Q4"), as no line of code has ("pinMode(2, OUTPUT);"). */
const COUNT_FIELD = /^\d{1,5}$/;
/** So many records of parts at least, over the page's blocks. */
const MIN_RECORDS = 5;

/**
 * Whether a record buys parts: a count and, in another field, a maker's number or positions ("2,AO3422,Q3 Q4"); a
 * wiring table's pin numbers ("SDA, 21, display data") and an array's numbers ("0, 1, 2, 3") are none.
 */
function buysParts(fields: readonly string[]): boolean {
  const count = fields.findIndex((f) => COUNT_FIELD.test(f));
  return (
    count >= 0 &&
    fields.some((f, i) => i !== count && !COUNT_FIELD.test(f) && (looksLikePartNumber(f) || looksLikeDesignators(f)))
  );
}

/** A line's fields, as a CSV reader reads one line. */
function fields(line: string): string[] {
  return Papa.parse<string[]>(line, { delimiter: ',' }).data[0] ?? [line];
}

/** The page's cells, a row a line, or null when it is no list in fenced blocks. */
export function fencedBlockCells(text: string): string[][] | null {
  const lines = text.split('\n').map((raw) => raw.replace(/\r$/, ''));
  if (lines.length > 5000 || !lines.some((l) => FENCE.test(l))) return null;
  const rows: string[][] = lines.map(() => []);
  let inside = false;
  let counted = 0;
  let width = 0;
  lines.forEach((line, i) => {
    if (FENCE.test(line)) {
      inside = !inside;
      return;
    }
    if (!inside) return;
    if (!RECORD.test(line)) {
      // A line in a block that is no record ("Seeed Technology Co 114991949") is a row of one cell.
      if (line.trim() !== '') rows[i] = [line.trim()];
      return;
    }
    rows[i] = fields(line).map((f) => f.trim());
    width = Math.max(width, rows[i].length);
    if (buysParts(rows[i])) counted++;
  });
  // Records buy parts: a page whose blocks hold code or wiring, or a block left open, is none.
  if (inside || counted < MIN_RECORDS) return null;
  const recordRows = rows.filter((r) => r.length > 1);
  // Most records give the same number of fields as the widest (a field left off at the end aside).
  if (recordRows.filter((r) => r.length >= width - 1).length * 4 < recordRows.length * 3) return null;
  return rows;
}
