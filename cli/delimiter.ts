/**
 * Which character separates a text BOM's fields: the one that splits its first rows most consistently, or the pipe
 * of a Markdown table further in where the first rows are no table (a README's prose).
 */
import Papa from 'papaparse';
import { RULE_CELL } from '../src/text/normalize';

export type Delimiter = ',' | ';' | '\t' | '|' | ':';

/** Colon last: gEDA's gnetlist writes its BOM so ("refdes:device:value:footprint:qty"). */
const DELIMITERS: readonly Delimiter[] = [',', '\t', ';', '|', ':'];

const SNIFF_ROWS = 50;
/**
 * The delimiter is told from the beginning of the text only: fifty rows fit in it, and a file of one huge row costs
 * four parses of this much, not of the whole file.
 */
const SNIFF_CHARS = 256 * 1024;
/** How far into a text a Markdown table is looked for (a README's parts table may come after pages of prose). */
const SNIFF_PIPE_CHARS = 1024 * 1024;

/** A line's cells between pipes, the outer pipes of a Markdown row left out ("| a | b |" → ["a", "b"]). */
function pipeCells(line: string): string[] {
  const cells = line.trim().split('|');
  if (cells.length > 1 && cells[0].trim() === '') cells.shift();
  if (cells.length > 1 && cells[cells.length - 1].trim() === '') cells.pop();
  return cells;
}

/** Whether a line is a Markdown table's rule: two cells or more, each a rule's cell ("---", "--:", ":-:"). */
function isPipeRule(line: string): boolean {
  const cells = pipeCells(line);
  return cells.length >= 2 && cells.every((c) => RULE_CELL.test(c));
}

/**
 * A Markdown table in the text's first megabyte (a README's, after pages of prose): a rule with as many cells as
 * the line above it and the line below it, none of them inside a quoted field (a CSV's note may hold a table).
 */
export function holdsPipeTable(text: string): boolean {
  const lines: string[] = [];
  let quoted = false;
  let start = 0;
  // The next quote of the text, found once and moved forward only: the text is read once, however many lines it has
  // and wherever its quotes are (searching from each line's start for a quote read the rest of the text each time).
  let quote = text.indexOf('"');
  while (start < text.length && start < SNIFF_PIPE_CHARS) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = end - start <= 2_000 ? text.slice(start, end) : '';
    // A line met inside a quoted field is no row of its own.
    lines.push(quoted ? '' : line);
    for (; quote >= 0 && quote < end; quote = text.indexOf('"', quote + 1)) quoted = !quoted;
    start = end + 1;
  }
  for (let i = 1; i + 1 < lines.length; i++) {
    if (!isPipeRule(lines[i])) continue;
    const width = pipeCells(lines[i]).length;
    if (pipeCells(lines[i - 1]).length === width && pipeCells(lines[i + 1]).length === width) return true;
  }
  return false;
}

/**
 * The delimiter that splits the first rows most consistently: the one for which the most rows have the same
 * number of fields (two or more); on a tie the one giving more fields, then comma, tab, semicolon, pipe, colon.
 * Quoted fields are respected, so a comma inside a quoted description does not count. Where the first rows are no
 * table (a README's prose), a Markdown table further in makes it the pipe.
 */
export function sniffDelimiter(text: string): Delimiter {
  const sniffed = sniffFirstRows(text);
  const table = sniffed.score >= 5 && sniffed.width >= 3;
  if (sniffed.d === '|' || !holdsPipeTable(text)) return sniffed.d;
  // Prose whose sentences a comma splits alike ("a, b, and c") is no table beside a Markdown table of more rows.
  return !table || pipeRows(text) > sniffed.score ? '|' : sniffed.d;
}

/**
 * How many of the text's first lines are rows of its Markdown tables: the header above each rule of dashes and the
 * rows under it, as many cells as the rule, up to the first line that is not (a pipe in a CSV's description is none).
 */
function pipeRows(text: string): number {
  const lines = text.slice(0, SNIFF_PIPE_CHARS).split('\n');
  let n = 0;
  for (let i = 1; i < lines.length; i++) {
    if (!isPipeRule(lines[i])) continue;
    const width = pipeCells(lines[i]).length;
    if (pipeCells(lines[i - 1]).length === width) n++;
    for (let j = i + 1; j < lines.length && pipeCells(lines[j]).length === width && !isPipeRule(lines[j]); j++) n++;
  }
  return n;
}

function sniffFirstRows(text: string): { d: Delimiter; score: number; width: number } {
  let best: { d: Delimiter; score: number; width: number } | null = null;
  const sample = text.slice(0, SNIFF_CHARS);
  for (const d of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter: d, preview: SNIFF_ROWS, skipEmptyLines: 'greedy' }).data;
    const counts = new Map<number, number>();
    for (const row of rows) if (row.length >= 2) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    let score = 0;
    let width = 0;
    for (const [w, n] of counts) {
      if (n > score || (n === score && w > width)) {
        score = n;
        width = w;
      }
    }
    // A colon splits times and web addresses too: it is the delimiter only of rows of three fields or more.
    if (d === ':' && width < 3) continue;
    if (best === null || score > best.score || (score === best.score && width > best.width)) best = { d, score, width };
  }
  return best !== null && best.score > 0 ? best : { d: ',', score: 0, width: 0 };
}
