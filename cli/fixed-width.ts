/**
 * A BOM written as fixed-width text (Altium's text report: "Quantity    Designator    Comment    Footprint", the
 * columns padded with spaces, a designator list and a comment holding spaces of their own): cut at the columns
 * where the header's names start, as a spreadsheet's text import does.
 */

/** At most this many lines are looked at to tell a fixed-width table. */
const SAMPLE_LINES = 60;

/**
 * The columns where a fixed-width table's header names start, or null when the text is not one: a first line of
 * three names or more, two spaces or more apart, no delimiter among them, and nine in ten of the lines under it
 * blank just before every column start.
 */
export function fixedWidthStarts(text: string): number[] | null {
  const lines = text
    .slice(0, 64 * 1024)
    .split('\n', SAMPLE_LINES + 1)
    .map((l) => l.replace(/\r$/, ''));
  const header = lines.findIndex((l) => l.trim() !== '');
  if (header < 0) return null;
  const head = lines[header];
  if (/[,;\t|]/.test(head)) return null;
  const starts: number[] = [];
  const word = /(^|\s{2,})(\S)/g;
  for (let m = word.exec(head); m !== null; m = word.exec(head)) starts.push(m.index + m[1].length);
  if (starts.length < 3 || !/^\p{L}/u.test(head.trim())) return null;
  const rows = lines.slice(header + 1).filter((l) => l.trim() !== '');
  if (rows.length < 2) return null;
  const aligned = rows.filter((l) => starts.every((s) => s === 0 || s >= l.length || l[s - 1] === ' '));
  // Cut at every start, a row must also hold text beyond the first column: one that does not is prose.
  const spread = rows.filter((l) => l.length > starts[1]);
  return aligned.length * 10 >= rows.length * 9 && spread.length * 2 >= rows.length ? starts : null;
}

/** The text's lines cut at the column starts, each field trimmed. */
export function cutFixedWidth(text: string, starts: readonly number[]): string[][] {
  return text.split('\n').map((raw) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return [];
    return starts.map((s, i) => line.slice(s, i + 1 < starts.length ? starts[i + 1] : undefined).trim());
  });
}
