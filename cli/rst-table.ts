/**
 * reStructuredText tables, as a Sphinx project keeps its parts list: list tables (`.. list-table::`, a bullet per row
 * and a dash per cell, a cell's text going on over more indented lines) and simple tables (a rule of runs of '='
 * whose runs are the columns, over the header and under it, and a last rule closing the table). The text is read one
 * grid row per line, so that a row stays where it is in the file: a list table's row is put on its bullet's line (its
 * other lines are empty rows), a simple table's line is cut where the rule's runs start (the last column runs to the
 * line's end), rules, options and blank lines are empty rows, and a line outside the tables (a heading, prose) is a
 * row of one cell. In the cells, a link (`` `LCSC <https://…>`_ ``) keeps its text and its address, and bold marks go.
 */

/** A simple table's rule: two runs of '=' or more, apart by spaces. */
const SIMPLE_RULE = /^( *)=+(?: +=+)+ *$/;
const LIST_TABLE = /^(\s*)\.\.\s+list-table::/;
const LIST_ROW = /^(\s*)\*\s+-(?:\s+(.*))?$/;
const LIST_CELL = /^(\s*)-(?:\s+(.*))?$/;
const OPTION = /^\s*:[\w-]+:/;

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

/** Whether the text holds a reStructuredText table: a list table with a row, or a simple table's two rules. */
export function holdsRstTable(lines: readonly string[]): boolean {
  let rules = 0;
  for (let i = 0; i < lines.length; i++) {
    if (LIST_TABLE.test(lines[i]) && lines.slice(i + 1, i + 12).some((l) => LIST_ROW.test(l))) return true;
    if (SIMPLE_RULE.test(lines[i]) && ++rules >= 2) return true;
  }
  return false;
}

/** The grid of a text that holds reStructuredText tables, one row per line (see above); null for any other text. */
export function rstTableCells(text: string): string[][] | null {
  const lines = text.split('\n').map((l) => untabbed(l.replace(/\r$/, '')));
  if (!holdsRstTable(lines)) return null;
  const rows: string[][] = lines.map(() => []);
  let list: { indent: number; row: number; bullet: number } | null = null;
  let simple: { starts: number[] } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    if (list !== null && indentOf(line) <= list.indent) list = null;
    if (list !== null) {
      const row = LIST_ROW.exec(line);
      const cell = LIST_CELL.exec(line);
      if (row) {
        list.row = i;
        list.bullet = row[1].length;
        rows[i] = [plain(row[2] ?? '')];
      } else if (list.row >= 0 && cell && cell[1].length === list.bullet + 2) rows[list.row].push(plain(cell[2] ?? ''));
      else if (list.row >= 0 && !OPTION.test(line)) {
        const cells = rows[list.row];
        cells[cells.length - 1] = `${cells[cells.length - 1]} ${plain(line)}`.trim();
      }
      continue;
    }
    const table = LIST_TABLE.exec(line);
    if (table) {
      list = { indent: table[1].length, row: -1, bullet: -1 };
      continue;
    }
    if (SIMPLE_RULE.test(line)) {
      // The first rule opens a table; a later one closes it where a blank line or the end follows (a rule followed by
      // rows closes the header).
      if (simple === null) simple = { starts: ruleStarts(line) };
      else if ((lines[i + 1] ?? '').trim() === '') simple = null;
      continue;
    }
    rows[i] = simple === null ? [plain(line)] : cut(line, simple.starts);
  }
  return rows;
}
