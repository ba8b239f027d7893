/**
 * A BOM written as fixed-width text (Altium's text report: "Quantity    Designator    Comment    Footprint", the
 * columns padded with spaces, a designator list and a comment holding spaces of their own): cut at the columns
 * where the header's names start, as a spreadsheet's text import does.
 */

import { looksLikeDesignators, positionsByPart } from '../src/bom/designators';
import { matchHeader, valueColumn } from '../src/bom/header';

/** At most this many lines are looked at to tell a fixed-width table. */
const SAMPLE_LINES = 60;

/**
 * A fixed-width table: its header's line (0-based) and the columns where the header's names start. `gaps`: the
 * rows' columns are padded to widths of their own (Altium's text report), so a row is cut at its runs of two spaces
 * or more, and one of fewer fields (a designator list wrapped onto a line of its own) by where its text stands.
 */
export interface FixedWidthTable {
  header: number;
  starts: number[];
  gaps?: true;
}

/** How many of the first lines may be a title block above a fixed-width table's header (EAGLE's "Partlist"). */
const TITLE_LINES = 12;

/**
 * The columns where a fixed-width table's header names start, or null when the text is not one: a line of three
 * names or more (two where both name a BOM's columns), two spaces or more apart, no delimiter among them (the first line, or one under a title block of a
 * few lines: "Partlist", "Exported from …"), and nine in ten of the lines under it blank just before every column
 * start.
 */
export function fixedWidthStarts(text: string): FixedWidthTable | null {
  const lines = text
    .slice(0, 64 * 1024)
    .split('\n', SAMPLE_LINES + TITLE_LINES + 1)
    .map((l) => l.replace(/\r$/, ''));
  let tried = 0;
  for (let header = 0; header < lines.length && tried < TITLE_LINES; header++) {
    if (lines[header].trim() === '') continue;
    tried++;
    const table = headerStarts(lines, header);
    if (table !== null) return table;
  }
  return null;
}

/** A line of the table: not blank, and no rule of dashes, equals signs or underscores. */
const isRow = (l: string): boolean => l.trim() !== '' && !/^[\s=_-]+$/.test(l);

/** The first blank line of `sample` after five rows or more (notes after the table start below it), or -1. */
function blankAfterRows(sample: readonly string[]): number {
  let rows = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i].trim() === '' && rows >= 5) return i;
    if (isRow(sample[i])) rows++;
  }
  return -1;
}

/** `lines[header]` read as a fixed-width table's header, or null. */
function headerStarts(lines: readonly string[], header: number): FixedWidthTable | null {
  if (/[,;\t|]/.test(lines[header])) return null;
  // A title of labelled values ("Partlist exported from Fusion Hub: X   Project: Y  Board: Z") names no columns.
  const labelled = (lines[header].match(/\p{L}: \S/gu) ?? []).length >= 2;
  if (labelled && !lines[header].split(/\s{2,}/).some((name) => matchHeader(name.trim()) !== null)) return null;
  // A rule of dashes under the header is no row. The rows judged are those of the sample; where they are no table,
  // those up to the first blank line, where five or more stand there: notes after the table ("Optional peripherals",
  // a line each) are no rows of it.
  const sample = lines.slice(header + 1, header + 1 + SAMPLE_LINES);
  const firstBlank = blankAfterRows(sample);
  // Rows past the table's own (to that blank line) may be a heading of one field that keeps no column's space.
  const own = firstBlank < 0 ? Infinity : sample.slice(0, firstBlank).filter(isRow).length;
  return (
    startsOver(lines[header], header, sample.filter(isRow), own) ??
    (firstBlank < 0 ? null : startsOver(lines[header], header, sample.slice(0, firstBlank).filter(isRow)))
  );
}

/** The columns' starts of a header over the rows judged, or null where those rows are no table under it. */
function startsOver(head: string, header: number, rows: readonly string[], own = Infinity): FixedWidthTable | null {
  const starts: number[] = [];
  // The first name may stand a space or two in (Altium's " Comment   Pattern   Quantity").
  const word = /(^\s*|\s{2,})(\S)/g;
  for (let m = word.exec(head); m !== null; m = word.exec(head)) starts.push(m.index + m[1].length);
  if (rows.length < 2) return null;
  // Two names one space apart ("Part Value", "MF MPN": EAGLE's part list) are two columns where every row keeps that
  // space, some row has text under the first name and some has text starting right under the second after two spaces
  // or more; a name of two words ("Part Number", "Ref Des", "Total Qty") has its values across the space or under one.
  for (const m of head.matchAll(/\S (?=\S)/g)) {
    const at = m.index + 2;
    const from = Math.max(0, ...starts.filter((s) => s < at));
    // A line of one field past the table's own rows (a second list's heading, "BOM list for CPU Module:") keeps
    // no column's space.
    const kept = rows.every((l, i) => at >= l.length || l[at - 1] === ' ' || (i >= own && fieldsOf(l).length < 2));
    const left = rows.some((l) => l.slice(from, at - 1).trim() !== '');
    // Text under the second name may stand a character or two right of where it starts ("Comment" over "  2x20").
    const right = rows.some((l) =>
      [0, 1, 2].some((d) => l.slice(at - 2, at + d) === ' '.repeat(d + 2) && /\S/.test(l[at + d] ?? ' ')),
    );
    if (kept && left && right) starts.push(at);
  }
  starts.sort((a, b) => a - b);
  // Two names only where both name a BOM's columns ("Part  Value": EAGLE's list of positions and values).
  const names = starts.map((s, i) => head.slice(s, starts[i + 1]).trim());
  const named = names.every((n) => matchHeader(n) !== null || valueColumn([n]) === 0);
  if (starts.length < (named ? 2 : 3) || !/^(?:\.\.)?\p{L}/u.test(head.trim())) return null;
  const lined = (l: string): boolean => starts.every((s) => s === 0 || s >= l.length || l[s - 1] === ' ');
  const aligned = rows.filter(lined);
  // Cut at every start, a row must also hold text beyond the first column: one that does not is prose.
  const spread = rows.filter((l) => l.length > starts[1]);
  if (aligned.length * 10 >= rows.length * 9 && spread.length * 2 >= rows.length) return { header, starts };
  // Rows of as many fields as the header names at least, cut at runs of spaces (what follows the last is text the
  // header does not name: a description, runs of spaces in it), or of one fewer, lined up under the header's names and
  // ending before the last column (a row whose description is left empty: "1   1k 0603         R1").
  const last = starts[starts.length - 1];
  const fielded = rows.filter((l) => {
    const fields = fieldsOf(l).length;
    return fields >= starts.length || (fields === starts.length - 1 && l.trimEnd().length < last && lined(l));
  });
  return fielded.length * 10 >= rows.length * 8 ? { header, starts, gaps: true } : null;
}

/**
 * A list with no header of positions each beside its text, lined up with spaces ("C1, C2, C3    0.1uF capacitor,
 * 16V, 0603": a hand-typed list whose descriptions hold commas of their own), under a title of a few lines: the
 * first line whose text stands two spaces or more after a designator list, and nine in ten of the rows under it
 * (to the first blank line after five) with their text starting in that column, what stands left of it designators
 * on four in five of those holding any (a row with none continues the one above). Cut in two there, or null.
 */
export function positionsBesideText(text: string): FixedWidthTable | null {
  const lines = text
    .slice(0, 64 * 1024)
    .split('\n', SAMPLE_LINES + TITLE_LINES + 1)
    .map((l) => l.replace(/\r$/, ''));
  for (let first = 0; first < Math.min(lines.length, TITLE_LINES); first++) {
    const m = /^(\S.*?) {2,}(?=[^\s,;|])/.exec(lines[first]);
    if (m === null || /[\t;|]/.test(m[1]) || !looksLikeDesignators(m[1])) continue;
    const at = m[0].length;
    const sample = lines.slice(first, first + SAMPLE_LINES);
    const blank = blankAfterRows(sample);
    const rows = (blank < 0 ? sample : sample.slice(0, blank)).filter(isRow);
    const fits = rows.filter((l) => l.length > at && l[at] !== ' ' && l.slice(at - 2, at) === '  ');
    const left = fits.map((l) => l.slice(0, at).trim()).filter((t) => t !== '');
    const positions = left.filter(looksLikeDesignators);
    if (!positionsByPart(positions)) return null;
    if (rows.length >= 5 && fits.length * 10 >= rows.length * 9 && positions.length * 5 >= left.length * 4)
      return { header: first, starts: [0, at] };
    return null;
  }
  return null;
}

/** The text's lines cut at the column starts, each field trimmed; a title block's lines above the header kept whole. */
export function cutFixedWidth(text: string, table: FixedWidthTable): string[][] {
  const { header, starts, gaps } = table;
  return text.split('\n').map((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return [];
    if (i < header) return [line.trim()];
    if (gaps === true && i > header) return cutAtGaps(line, starts);
    return starts.map((s, c) => line.slice(s, c + 1 < starts.length ? starts[c + 1] : undefined).trim());
  });
}

/**
 * A row cut at its runs of two spaces or more into the header's columns, what follows the last kept whole; one of
 * fewer fields than the header, each by where it stands.
 */
function cutAtGaps(line: string, starts: readonly number[]): string[] {
  const fields = fieldsOf(line);
  if (fields.length >= starts.length) {
    const rest = fields[starts.length]?.index;
    return [
      ...fields.slice(0, starts.length).map((f) => f[0]),
      ...(rest === undefined ? [] : [line.slice(rest).trim()]),
    ];
  }
  const row: string[] = starts.map(() => '');
  for (const f of fields) {
    let c = starts.length - 1;
    while (c > 0 && starts[c] > (f.index ?? 0)) c--;
    row[c] = row[c] === '' ? f[0] : `${row[c]} ${f[0]}`;
  }
  return row;
}

/** A row's fields where its columns are padded to widths of their own: text set off by two spaces or more, or a tab. */
function fieldsOf(line: string): RegExpMatchArray[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)];
}

/** Where a tab takes the text to, as an editor or a terminal shows it: the next multiple of 8 characters. */
const TAB_STOP = 8;
/** The longest text tabs are set out in (characters): a BOM lined up with tabs is some kilobytes. */
const MAX_EXPANDED = 16 * 1024 * 1024;

/** A line with its tabs set out as spaces to the tab stops. */
function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(TAB_STOP - (out.length % TAB_STOP)) : ch;
  return out;
}

/**
 * A list typed with tabs to line its columns up on screen rather than one tab between fields (a hand-made list whose
 * columns take one, two or three tabs as their texts are long or short): of the first lines with tabs, half or more
 * after the first (its header) split at tabs into more fields than it does, fewer than nine in ten of them into the
 * same count, and the text with its tabs set out to the stops of 8 characters reads as a fixed-width table. The table
 * so cut, or null.
 */
export function tabAlignedCells(text: string): string[][] | null {
  const sample = text.slice(0, 64 * 1024).split('\n', SAMPLE_LINES + TITLE_LINES + 1);
  const counts = sample.filter((line) => line.includes('\t')).map((line) => line.split('\t').length);
  // A tab-separated file's lines split into as many fields as its header, or fewer (empty ones left off at the end);
  // lined-up columns take more tabs under a long header name's short cell than the header has fields, and more or
  // fewer as each cell is long or short (a file's extra unnamed column gives each line one more, alike).
  const rows = counts.slice(1);
  const more = rows.filter((n) => n > counts[0]).length;
  const alike = Math.max(...rows.map((n) => rows.filter((m) => m === n).length));
  if (rows.length < 2 || more * 2 < rows.length || alike >= rows.length * 0.9) return null;
  // Tabs set out grow the text up to eightfold: a text that would outgrow the bytes a file may hold is read as it is.
  if (text.length + (text.match(/\t/g)?.length ?? 0) * (TAB_STOP - 1) > MAX_EXPANDED) return null;
  const expanded = text
    .split('\n')
    .map((l) => expandTabs(l.replace(/\r$/, '')))
    .join('\n');
  const table = fixedWidthStarts(expanded);
  return table === null ? null : cutFixedWidth(expanded, table);
}
