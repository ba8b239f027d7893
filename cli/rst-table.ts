/**
 * reStructuredText tables, as a Sphinx project keeps its parts list: list tables (`.. list-table::`, a bullet per row
 * and a dash per cell, a cell's text going on over more indented lines) and simple tables (a rule of runs of '='
 * whose runs are the columns, over the header and under it, and a last rule closing the table). The text is read one
 * grid row per line, so that a row stays where it is in the file: a list table's row is put on its bullet's line (its
 * other lines are empty rows), a simple table's line is cut where the rule's runs start (the last column runs to the
 * line's end), rules, options and blank lines are empty rows, and so is markup outside them (a directive or comment
 * with its indented lines, a heading's rule); a line of text outside the tables (a heading, prose) is a row of one
 * cell. In the cells, a link (`` `LCSC <https://…>`_ ``) keeps its text and its address, and bold marks go.
 */

import { holdsPipeTable } from './delimiter';

/** A simple table's rule: two runs of '=' or more, apart by spaces. */
const SIMPLE_RULE = /^( *)=+(?: +=+)+ *$/;
const LIST_TABLE = /^(\s*)\.\.\s+list-table::/;
/** A list table's row: a bullet ('*', '-' or '+'), then the dash of its first cell. */
const LIST_ROW = /^(\s*)[*+-](\s+)-(?:\s+(.*))?$/;
const LIST_CELL = /^(\s*)-(?:\s+(.*))?$/;
const OPTION = /^\s*:[\w-]+:/;
const DIRECTIVE = /^\s*\.\.(?:\s|$)/;
/** A heading's over- or underline: one punctuation mark repeated. */
const ADORNMENT = /^([=\-`:'"~^_*+#<>.])\1{2,}\s*$/;

/** A cell's text without reStructuredText's inline marks: a link's text and address, bold and literal marks gone. */
function plain(text: string): string {
  return text
    .replace(/`([^`<]*?)\s*<([^<>`]+)>`_{1,2}/g, (_, label: string, url: string) => (label ? `${label} ${url}` : url))
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/``([^`]+)``/g, '$1')
    .trim();
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Tabs to the next multiple of 8, as reStructuredText reads them. */
function untabbed(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** Where each column of a simple table's rule starts. */
function ruleStarts(rule: string): number[] {
  return [...rule.matchAll(/=+/g)].map((m) => m.index);
}

function cut(line: string, starts: readonly number[]): string[] {
  return starts.map((start, i) => plain(line.slice(start, i + 1 < starts.length ? starts[i + 1] : undefined)));
}

/** Where the rule on `line` starts its columns, or null when the line is no simple table's rule. */
function ruleAt(line: string | undefined): string | null {
  if (line === undefined || !SIMPLE_RULE.test(line)) return null;
  return ruleStarts(line).join(',');
}

/**
 * Whether the text holds a reStructuredText table: a list table with a row, or a simple table with its header (a
 * rule after a blank line or the text's start, one to three lines of header, a rule of the same columns). Lines of
 * '=' elsewhere (a CSV's separators, a fixed-width header underlined) are none, nor is a Markdown page's code block.
 */
export function holdsRstTable(lines: readonly string[]): boolean {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (LIST_TABLE.test(line) && lines.slice(i + 1, i + 12).some((l) => LIST_ROW.test(l.replace(/\r$/, ''))))
      return true;
    const top = ruleAt(line.replace(/\r$/, ''));
    if (top === null || (i > 0 && lines[i - 1].trim() !== '')) continue;
    for (let j = i + 1; j <= i + 4 && j < lines.length && lines[j].trim() !== ''; j++) {
      const rule = ruleAt(lines[j].replace(/\r$/, ''));
      if (rule !== null) {
        if (rule === top && j > i + 1) return !holdsPipeTable(lines.join('\n'));
        break;
      }
    }
  }
  return false;
}

/** A nested list's item, as a cell's line begins it: '*', '-' or '+' and a space. */
const NESTED_ITEM = /^[*+-]\s+/;

/**
 * A list table cell's text from its lines: joined with spaces; a cell that is a list of its own (a part number and
 * its alternates, one per bullet) is its first item, so alternates never run into the part number.
 */
function cellText(pieces: readonly string[]): string {
  // A bullet alone is an empty item: the cell says nothing.
  if (pieces.length === 1 && /^[*+-]$/.test(pieces[0])) return '';
  if (pieces.length === 0 || !NESTED_ITEM.test(pieces[0])) return pieces.join(' ').trim();
  const next = pieces.findIndex((p, i) => i > 0 && NESTED_ITEM.test(p));
  return (next < 0 ? pieces : pieces.slice(0, next)).join(' ').replace(NESTED_ITEM, '').trim();
}

/** A list table's row being read: its line, where its cells' dashes stand, and each cell's pieces of text. */
interface ListRow {
  line: number;
  cell: number;
  cells: string[][];
}

/** The grid of a text that holds reStructuredText tables, one row per line (see above); null for any other text. */
export function rstTableCells(text: string): string[][] | null {
  const raw = text.split('\n');
  if (!holdsRstTable(raw)) return null;
  // Tabs only once the text is known to hold a table: a long tab-separated file pays nothing.
  const lines = raw.map((l) => untabbed(l.replace(/\r$/, '')));
  const rows: string[][] = lines.map(() => []);
  let list: { indent: number; bullet: number; row: ListRow | null } | null = null;
  let simple: { starts: number[]; top: number; rules: number } | null = null;
  let markup: number | null = null;
  const endRow = (): void => {
    const row = list?.row;
    if (row) rows[row.line] = row.cells.map(cellText);
    if (list) list.row = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    if (list !== null && indentOf(line) <= list.indent) {
      endRow();
      list = null;
    }
    if (list !== null) {
      const row = LIST_ROW.exec(line);
      const cell = LIST_CELL.exec(line);
      // A dash where the row's cells stand is a cell (its text may be a list: "- - GRM…"); a bullet where the rows'
      // bullets stand is a row.
      if (list.row && cell && cell[1].length === list.row.cell) list.row.cells.push([plain(cell[2] ?? '')]);
      else if (row && (list.bullet < 0 || row[1].length === list.bullet)) {
        endRow();
        list.bullet = row[1].length;
        list.row = { line: i, cell: row[1].length + 1 + row[2].length, cells: [[plain(row[3] ?? '')]] };
      } else if (list.row && !OPTION.test(line)) list.row.cells[list.row.cells.length - 1].push(plain(line));
      continue;
    }
    const table = LIST_TABLE.exec(line);
    if (table) {
      list = { indent: table[1].length, bullet: -1, row: null };
      continue;
    }
    if (SIMPLE_RULE.test(line)) {
      // A table's top rule; its header's rule (one to three lines of header under the top); its closing rule.
      if (simple === null) simple = { starts: ruleStarts(line), top: i, rules: 1 };
      else if (simple.rules === 1 && i - simple.top <= 4 && lines.slice(simple.top + 1, i).every((l) => l.trim()))
        simple.rules = 2;
      else simple = null;
      continue;
    }
    if (simple !== null) {
      rows[i] = cut(line, simple.starts);
      continue;
    }
    // Markup is no text: a directive or comment (".. tabularcolumns::", ".. _label:") with its indented lines, and a
    // heading's rule of one repeated mark.
    if (markup !== null && indentOf(line) > markup) continue;
    markup = null;
    if (DIRECTIVE.test(line)) {
      markup = indentOf(line);
      continue;
    }
    if (!ADORNMENT.test(line)) rows[i] = [plain(line)];
  }
  endRow();
  return rows;
}
